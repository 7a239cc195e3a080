//! A tiny ruleset that lives only in test code, to prove the platform
//! without depending on a real game: seats take 1 to 3 counters in turn and
//! whoever takes the last one wins. Each move rolls a public die and redraws
//! the mover's secret number, so chance, determinism and redaction all show.
use melange::{
    api::WireRules,
    matches::MatchError,
    pb,
    rules::core::{GameResult, GameRng, Resignation, RngStream, RuleError, Ruleset, Seat, Viewer},
};
use rand::Rng;

/// The harness's kind number: deliberately not one of `GameKind`'s values.
pub const HARNESS_KIND: i32 = 100;

/// The harness's resignations (MC-RESIGN-01): take values no seat may take
/// as a move, accepted from any seat of a running game.
pub const CONCEDED: u32 = 1_000;
/// See [`CONCEDED`].
pub const FORFEITED: u32 = 1_001;
/// See [`CONCEDED`]: lost on time at the game's time limit (MC-CLOCK-07).
pub const OUT_OF_TIME: u32 = 1_002;
/// See [`CONCEDED`]: the game's time limit with every seat within its
/// share; the harness's standing (seat order) decides (MC-CLOCK-07).
pub const TIME_LIMIT: u32 = 1_003;

#[derive(Clone, Debug, PartialEq)]
pub struct HarnessOptions {
    pub seats: u8,
    pub counters: u32,
    /// Panic on a move that would leave exactly this many counters.
    pub panic_at: Option<u32>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Harness {
    panic_at: Option<u32>,
    remaining: u32,
    seats: u8,
    turn: u8,
    secrets: Vec<u32>,
    rolls: Vec<u32>,
    winner: Option<Seat>,
    /// The seat that resigned, if one did (MC-RESIGN-02).
    resigned: Option<(Seat, u32)>,
    rng: GameRng,
}

#[derive(Clone, Debug, PartialEq)]
pub struct HarnessEvent {
    pub seat: Seat,
    pub took: u32,
    pub roll: u32,
    pub secret: Option<u32>,
}

#[derive(Debug, PartialEq)]
pub struct HarnessView {
    pub remaining: u32,
    pub secret: Option<u32>,
    pub rolls: Vec<u32>,
}

impl Ruleset for Harness {
    type Options = HarnessOptions;
    type Action = u32;
    type Event = HarnessEvent;
    type View = HarnessView;

    fn setup(options: &HarnessOptions, seed: u64) -> Result<Self, RuleError> {
        if !(1..=4).contains(&options.seats) {
            return Err(RuleError::InvalidOptions(format!(
                "the harness seats 1 to 4 players, not {}",
                options.seats
            )));
        }
        let mut rng = RngStream::Game.rng(seed);
        let secrets = (0..options.seats)
            .map(|_| rng.random_range(1..=1000))
            .collect();
        Ok(Harness {
            panic_at: options.panic_at,
            remaining: options.counters,
            seats: options.seats,
            turn: 0,
            secrets,
            rolls: vec![0; usize::from(options.seats)],
            winner: None,
            resigned: None,
            rng,
        })
    }

    fn seat_count(&self) -> usize {
        usize::from(self.seats)
    }

    fn plays(&self, seat: Seat) -> String {
        format!("player {}", seat.0 + 1)
    }

    fn to_act(&self) -> Option<Seat> {
        self.winner.is_none().then_some(Seat(self.turn))
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<u32>) {
        if self.to_act() == Some(seat) {
            out.extend(1..=self.remaining.min(3));
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        take: &u32,
        events: &mut Vec<HarnessEvent>,
    ) -> Result<(), RuleError> {
        let Some(waiting_on) = self.to_act() else {
            return Err(RuleError::GameOver);
        };
        if matches!(*take, CONCEDED | FORFEITED | OUT_OF_TIME | TIME_LIMIT) {
            // MC-RESIGN-01: whoever is to act; MC-RESIGN-02: the others
            // keep their order and the first of them wins; MC-CLOCK-07: at
            // the time limit the standing (seat order) decides.
            if seat.index() >= usize::from(self.seats) {
                return Err(RuleError::illegal("MC-RESIGN-01", "no such seat"));
            }
            self.resigned = Some((seat, *take));
            self.winner = if *take == TIME_LIMIT {
                Some(Seat(0))
            } else {
                // Alone at the table, the resigning seat: the game still
                // ends.
                (0..self.seats)
                    .map(Seat)
                    .find(|other| *other != seat)
                    .or(Some(seat))
            };
            events.push(HarnessEvent {
                seat,
                took: *take,
                roll: 0,
                secret: None,
            });
            return Ok(());
        }
        if seat != waiting_on {
            return Err(RuleError::NotYourTurn { seat, waiting_on });
        }
        if !(1..=3).contains(take) || *take > self.remaining {
            return Err(RuleError::illegal(
                "HARNESS-TAKE",
                format!("take 1 to {} counters, not {take}", self.remaining.min(3)),
            ));
        }
        if self.panic_at == Some(self.remaining - take) {
            panic!("the harness was told to fail here");
        }
        self.remaining -= take;
        let roll = self.rng.random_range(1..=6);
        let secret = self.rng.random_range(1..=1000);
        self.rolls[seat.index()] = roll;
        self.secrets[seat.index()] = secret;
        if self.remaining == 0 {
            self.winner = Some(seat);
        }
        self.turn = (self.turn + 1) % self.seats;
        events.push(HarnessEvent {
            seat,
            took: *take,
            roll,
            secret: Some(secret),
        });
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> HarnessView {
        HarnessView {
            remaining: self.remaining,
            secret: match viewer {
                Viewer::Seat(seat) => Some(self.secrets[seat.index()]),
                Viewer::Spectator => None,
            },
            rolls: self.rolls.clone(),
        }
    }

    fn redact(&self, event: &HarnessEvent, viewer: Viewer) -> Option<HarnessEvent> {
        let mut event = event.clone();
        if !viewer.sees_private_of(event.seat) {
            event.secret = None;
        }
        Some(event)
    }

    fn label(&self, take: &u32) -> String {
        format!("take {take}")
    }

    fn result(&self) -> Option<GameResult> {
        let winner = self.winner?;
        if let Some((_, TIME_LIMIT)) = self.resigned {
            return Some(GameResult {
                winners: vec![winner],
                ranking: (0..self.seats).map(Seat).collect(),
                reason: "the game's time is up: the standing decides (MC-CLOCK-07)".into(),
            });
        }
        if let Some((resigned, how)) = self.resigned {
            let mut ranking: Vec<Seat> = (0..self.seats)
                .map(Seat)
                .filter(|s| *s != resigned)
                .collect();
            ranking.push(resigned);
            let how = match how {
                CONCEDED => "conceded",
                OUT_OF_TIME => "lost on time (MC-CLOCK-07)",
                _ => "forfeited",
            };
            return Some(GameResult {
                winners: vec![ranking[0]],
                ranking,
                reason: format!("{resigned} {how}"),
            });
        }
        let ranking = (0..self.seats)
            .map(|n| Seat((winner.0 + n) % self.seats))
            .collect();
        Some(GameResult {
            winners: vec![winner],
            ranking,
            reason: format!("{winner} took the last counter"),
        })
    }

    fn resignation(why: Resignation) -> u32 {
        match why {
            Resignation::Conceded => CONCEDED,
            Resignation::Forfeited => FORFEITED,
            Resignation::OutOfTime => OUT_OF_TIME,
            Resignation::TimeLimit => TIME_LIMIT,
        }
    }

    /// MC-CLOCK-04: taking 1, but only while an odd number of counters is
    /// left, so that the clock tests have decisions with a default and
    /// decisions without one.
    fn default_action(&self, seat: Seat) -> Option<u32> {
        (self.to_act() == Some(seat) && self.remaining % 2 == 1).then_some(1)
    }

    fn standing(&self) -> GameResult {
        self.result().unwrap_or_else(|| GameResult {
            winners: Vec::new(),
            ranking: (0..self.seats).map(Seat).collect(),
            reason: "the game is not over".into(),
        })
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut sample = self.clone();
        for (index, secret) in sample.secrets.iter_mut().enumerate() {
            if index != seat.index() {
                *secret = rng.random_range(1..=1000);
            }
        }
        sample.rng = RngStream::Game.rng(rng.random());
        sample
    }
}

impl WireRules for Harness {
    const KIND: i32 = HARNESS_KIND;

    fn options_from_pb(
        options: &pb::GameOptions,
        _plays: &[String],
    ) -> Result<HarnessOptions, MatchError> {
        match &options.game {
            None => Ok(HarnessOptions {
                seats: 2,
                counters: 21,
                panic_at: None,
            }),
            Some(pb::game_options::Game::Harness(h)) => Ok(HarnessOptions {
                seats: u8::try_from(h.seats)
                    .map_err(|_| MatchError::InvalidArgument(format!("{} seats", h.seats)))?,
                counters: h.counters,
                panic_at: h.panic_at,
            }),
            Some(_) => Err(MatchError::InvalidArgument(
                "options are for another game".into(),
            )),
        }
    }

    fn action_from_pb(action: &pb::Action) -> Result<u32, MatchError> {
        match &action.game {
            Some(pb::action::Game::Harness(h)) => Ok(h.take),
            _ => Err(MatchError::InvalidArgument(
                "a harness action is required".into(),
            )),
        }
    }

    fn action_to_pb(take: &u32) -> pb::Action {
        pb::Action {
            game: Some(pb::action::Game::Harness(pb::HarnessAction { take: *take })),
        }
    }

    fn view_to_pb(&self, view: HarnessView) -> Option<pb::view::Game> {
        Some(pb::view::Game::Harness(pb::HarnessView {
            remaining: view.remaining,
            secret: view.secret,
            rolls: view.rolls,
        }))
    }

    fn event_text(&self, event: &HarnessEvent) -> String {
        match event.took {
            CONCEDED => format!("{} conceded", event.seat),
            FORFEITED => format!("{} forfeited", event.seat),
            OUT_OF_TIME => format!("{} lost on time", event.seat),
            TIME_LIMIT => "the game's time is up".to_owned(),
            took => format!("{} took {took} and rolled {}", event.seat, event.roll),
        }
    }

    fn event_game(&self, event: &HarnessEvent) -> Option<pb::event::Game> {
        Some(pb::event::Game::Harness(pb::HarnessEvent {
            took: event.took,
            roll: event.roll,
            secret: event.secret,
        }))
    }
}
