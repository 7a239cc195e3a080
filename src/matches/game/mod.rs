use std::sync::Arc;

use rand::RngCore;
use tokio::{
    sync::{broadcast, watch},
    time::Instant,
};

use super::{
    BotKind, Clock, ClockOptions, History, KeptClock, MatchError, Notes, OnExpiry, SeatTime,
    SeatToken, StandIn, TokenHash, Turn, Update, Verdict,
    journal::{Batch, HASH_EVERY, JournalSink, Unkept, state_hash},
    search::{Decision, SearchJob},
};
use crate::rules::core::{GameRng, Resignation, RngStream, RuleError, Ruleset, Seat, Viewer};

mod bots;
mod clock_seats;
mod journaling;
mod watching;

/// How many updates a watcher may fall behind before it catches up from the
/// journal instead.
const UPDATE_BUFFER: usize = 256;

/// The most bot moves in a row, between two moves of people, so that a
/// ruleset bug that never hands the turn back to a person cannot keep a
/// server thread busy forever (the longest random War for Arrakis game seen
/// took 383,401).
const MAX_BOT_STREAK: usize = 1_000_000;

/// The most bot moves played in one go, in rules steps (a random move is
/// one, a greedy move one per legal action it tries): inside a
/// `CreateGame` or an `ApplyAction` (enough for the bots' answer in a game
/// with people), and in each slice of the background play that takes over when bots have
/// more to play (see [`Match::play_bots`]). At about a microsecond a move
/// in War for Arrakis, a slice holds the game's lock for well under a
/// millisecond.
pub const BOT_SLICE: usize = 256;

/// A snapshot of the state is kept every this many versions, so that any
/// past version (for a view of the past or a stream's catch-up) is rebuilt
/// from the nearest snapshot at or before it in fewer than this many rules
/// steps, instead of from the start of the game.
///
/// Memory: one clone of the ruleset state per `SNAPSHOT_EVERY` versions,
/// that is the state's size (a few KiB for War for Arrakis or Imperium)
/// times `version / SNAPSHOT_EVERY`: about 1-2 MiB for the longest random
/// War for Arrakis game seen (383,401 versions), nothing for the typical
/// game of a few hundred versions between people. Snapshots are shared
/// (`Arc`), so handing them to a catch-up copies pointers only.
pub const SNAPSHOT_EVERY: u64 = 1_000;

/// An event with the version it belongs to and the seat that caused it.
#[derive(Clone, Debug, PartialEq)]
pub struct Stamped<E> {
    /// The version the action that produced it created.
    pub version: u64,
    /// The acting seat.
    pub actor: Seat,
    /// What happened.
    pub event: E,
}

/// What a successful [`Match::apply`] did: the new version and every event of
/// the action and of the bot moves it triggered, unredacted.
#[derive(Debug)]
pub struct Applied<E> {
    /// The version after the last move.
    pub version: u64,
    /// The events in order.
    pub events: Vec<Stamped<E>>,
}

/// How a seat is to be played, as asked at creation.
#[derive(Clone, Debug, Default)]
pub struct SeatPlan {
    /// A built-in bot, or `None` for a human or remote client.
    pub bot: Option<BotKind>,
}

/// One seat of a live match.
#[derive(Debug)]
pub struct SeatSlot {
    /// What the seat plays (faction or leader).
    pub plays: String,
    /// The bot playing it, with its own generator.
    bot: Option<(BotKind, GameRng)>,
    /// The hash of the human seat's token.
    token: Option<TokenHash>,
    /// The endpoint of the remote bot that plays the seat (MC-BOT-01).
    remote: Option<Arc<str>>,
    /// The hash of the remote bot's read-only token (MC-BOT-03); never
    /// journaled: a restart issues a new one.
    observer: Option<TokenHash>,
}

impl SeatSlot {
    /// The endpoint of the remote bot playing this seat, if any.
    pub fn remote(&self) -> Option<&str> {
        self.remote.as_deref()
    }

    /// The bot playing this seat, if any.
    pub fn bot(&self) -> Option<BotKind> {
        self.bot.as_ref().map(|(kind, _)| *kind)
    }

    /// The hash of the human seat's token (what a journal keeps; never
    /// the token itself).
    pub fn token_hash(&self) -> Option<TokenHash> {
        self.token
    }
}

/// A seat as a journal recorded it, to restore a match from.
#[derive(Clone, Debug)]
pub struct RestoredSeat {
    /// The bot that played it, if any.
    pub bot: Option<BotKind>,
    /// The hash of the human seat's token.
    pub token: Option<TokenHash>,
}

/// A match's history as a journal kept it.
#[derive(Clone, Debug)]
pub struct KeptHistory<A> {
    /// Every kept action in order; action `i` made version `i + 1`.
    pub actions: Vec<(Seat, A)>,
    /// `(version, state hash)` pairs to check the replay against.
    pub hashes: Vec<(u64, u64)>,
    /// How many of the first actions were given rather than chosen by the
    /// built-in bots (a game started from a replay); the bots' generators
    /// only advance for the moves after them.
    pub given: u64,
    /// `(version, why)` of each action the server played for its seat
    /// (MC-STANDIN-01).
    pub stand_ins: Vec<(u64, StandIn)>,
    /// `(version, note)` of each action its bot attached a note to
    /// (MC-NOTE-01).
    pub notes: Vec<(u64, Box<str>)>,
}

/// One live game: the ruleset state plus everything the platform adds.
#[derive(Debug)]
pub struct Match<R: Ruleset> {
    seed: u64,
    options: R::Options,
    state: R,
    journal: History<(Seat, R::Action)>,
    /// `(version, why)` of each action the server played for its seat, in
    /// version order (MC-STANDIN-01): few, so a list.
    stand_ins: Vec<(u64, StandIn)>,
    /// The bots' notes on their decisions (MC-NOTE-01), bounded.
    notes: Notes,
    /// Why the server is playing the action being applied for its seat,
    /// for watchers' update of it (MC-STANDIN-01); taken by the first
    /// action that applies.
    standing_in: Option<StandIn>,
    /// The state at versions `SNAPSHOT_EVERY`, `2 * SNAPSHOT_EVERY`, ...
    snapshots: Vec<Arc<R>>,
    seats: Vec<SeatSlot>,
    /// Made by the first watcher: a game nobody watches keeps no channel
    /// (its buffer is most of an idle game's memory).
    updates: Option<broadcast::Sender<Arc<Update<R>>>>,
    /// The last update sent to watchers, while anyone watches: the
    /// `ApplyAction` response shares its rendering with the seat's stream.
    last_update: Option<Arc<Update<R>>>,
    scratch: Vec<R::Action>,
    /// Bot moves since the last move of a person.
    bot_streak: usize,
    /// Where newly applied actions are kept before anyone sees them;
    /// `None` in memory-only mode.
    sink: Option<Arc<dyn JournalSink<R>>>,
    /// With a sink: the last version it kept. Later versions are shown to
    /// nobody until [`Match::flush`] has them kept.
    kept: u64,
    /// With a sink: watcher updates held back until their batch is kept.
    held: Vec<Arc<Update<R>>>,
    /// With a sink: state hashes of the unkept versions.
    hashes: Vec<(u64, u64)>,
    /// How many first actions were given, not chosen by the bots.
    given: u64,
    /// Why the game may only be read, if it may (a failed recovery check).
    read_only: Option<String>,
    /// Another server of the fleet took the game (why, a sentence): every
    /// change is refused with `Unavailable`, so clients retry where it is.
    moved: Option<String>,
    /// Whether to compute the state hashes a journal keeps.
    hashing: bool,
    /// The clocks, when the game has time controls (MC-CLOCK-01..04).
    clock: Option<Clock>,
    /// What the game waits on, for the server's per-game task; made by
    /// [`Match::turns`], only for a game with a clock or a remote seat.
    turns: Option<watch::Sender<Turn>>,
}

impl<R: Ruleset> Match<R> {
    /// Sets up a game, issues a token to every human seat (returned once, in
    /// seat order, `None` for bot seats) and lets bots play at most
    /// [`BOT_SLICE`] moves; [`Match::play_bots`] plays on.
    pub fn create(
        options: R::Options,
        seed: u64,
        plans: &[SeatPlan],
    ) -> Result<(Self, Vec<Option<String>>), MatchError> {
        Self::create_from(options, seed, plans, &[], false)
    }

    /// [`Match::create`], after playing `given` actions (from a replay)
    /// in order. An action the rules refuse is
    /// [`MatchError::InvalidArgument`] naming its version. With `journaled`
    /// the state hashes a journal keeps are computed from the start (see
    /// [`Match::unkept_hashes`]).
    pub fn create_from(
        options: R::Options,
        seed: u64,
        plans: &[SeatPlan],
        given: &[(Seat, R::Action)],
        journaled: bool,
    ) -> Result<(Self, Vec<Option<String>>), MatchError> {
        let state = R::setup(&options, seed)?;
        let count = state.seat_count();
        if plans.len() > count {
            return Err(MatchError::InvalidArgument(format!(
                "{} seat configs given but this game has {count} seats",
                plans.len()
            )));
        }
        let mut secrets = Vec::with_capacity(count);
        let mut seats = Vec::with_capacity(count);
        for index in 0..count {
            let seat =
                Seat(u8::try_from(index).map_err(|_| {
                    MatchError::InvalidArgument(format!("too many seats: {count}"))
                })?);
            let bot = plans.get(index).and_then(|plan| plan.bot);
            let (token, secret) = match bot {
                Some(_) => (None, None),
                None => {
                    let token = SeatToken::generate();
                    (Some(token.hash), Some(token.secret))
                }
            };
            secrets.push(secret);
            seats.push(SeatSlot {
                plays: state.plays(seat),
                bot: bot.map(|kind| (kind, RngStream::Bot(seat.0).rng(seed))),
                token,
                remote: None,
                observer: None,
            });
        }
        let mut game = Self::fresh(options, seed, state, seats, given.len() as u64, journaled);
        for (index, (seat, action)) in given.iter().enumerate() {
            if seat.index() >= game.seats.len() {
                return Err(MatchError::InvalidArgument(format!(
                    "the replay's action at version {} is for seat {}, which this game does not have",
                    index + 1,
                    seat.0
                )));
            }
            game.step(*seat, action.clone(), &mut Vec::new())
                .map_err(|error| {
                    MatchError::InvalidArgument(format!(
                        "the replay's action at version {} is illegal: {error}",
                        index + 1
                    ))
                })?;
        }
        game.bot_moves(BOT_SLICE, &mut Vec::new());
        Ok((game, secrets))
    }

    /// Re-creates a match from what a journal kept: the setup, then every
    /// action in order, each bot move checked against the move its
    /// generator makes, the state checked against every journaled hash.
    ///
    /// A check that fails (or a kept action the rules now refuse) makes the
    /// game read-only, with the reason (a sentence) also returned: the game
    /// then holds every action up to the first the rules refuse, and is
    /// never changed. Only setup errors (options the rules refuse, a seat
    /// count that differs) are errors.
    pub fn restore(
        options: R::Options,
        seed: u64,
        seats: &[RestoredSeat],
        history: KeptHistory<R::Action>,
    ) -> Result<(Self, Option<String>), MatchError> {
        let state = R::setup(&options, seed)?;
        let count = state.seat_count();
        if seats.len() != count {
            return Err(MatchError::InvalidArgument(format!(
                "the journal has {} seats but this game has {count}",
                seats.len()
            )));
        }
        let slots = seats
            .iter()
            .enumerate()
            .map(|(index, seat)| SeatSlot {
                plays: state.plays(Seat(index as u8)),
                bot: seat
                    .bot
                    .map(|kind| (kind, RngStream::Bot(index as u8).rng(seed))),
                token: seat.token,
                remote: None,
                observer: None,
            })
            .collect();
        let mut game = Self::fresh(options, seed, state, slots, history.given, false);
        let problem = game.replay_history(history);
        game.read_only.clone_from(&problem);
        Ok((game, problem))
    }

    /// A match at its setup `state`, with nothing played, watched or kept
    /// yet: what [`Match::create_from`] and [`Match::restore`] start from.
    fn fresh(
        options: R::Options,
        seed: u64,
        state: R,
        seats: Vec<SeatSlot>,
        given: u64,
        hashing: bool,
    ) -> Self {
        Match {
            seed,
            options,
            state,
            journal: History::default(),
            stand_ins: Vec::new(),
            notes: Notes::default(),
            standing_in: None,
            snapshots: Vec::new(),
            seats,
            updates: None,
            last_update: None,
            scratch: Vec::new(),
            bot_streak: 0,
            sink: None,
            kept: 0,
            held: Vec::new(),
            hashes: Vec::new(),
            given,
            read_only: None,
            moved: None,
            hashing,
            clock: None,
            turns: None,
        }
    }

    /// The match seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The options the game was created with.
    pub fn options(&self) -> &R::Options {
        &self.options
    }

    /// The rules state.
    pub fn state(&self) -> &R {
        &self.state
    }

    /// How many actions have been applied.
    pub fn version(&self) -> u64 {
        self.journal.len() as u64
    }

    /// Every applied action in order; action `i` produced version `i + 1`.
    pub fn journal(&self) -> &History<(Seat, R::Action)> {
        &self.journal
    }

    /// The seats in order.
    pub fn seats(&self) -> &[SeatSlot] {
        &self.seats
    }

    /// Checks a seat number and the bearer token presented for it.
    pub fn authorize(&self, seat: u32, token: Option<&str>) -> Result<Seat, MatchError> {
        let slot = self.seat_slot(seat)?;
        let Some(token) = token else {
            return Err(MatchError::SeatTokenMissing(seat));
        };
        match &slot.token {
            Some(hash) if hash.matches(token) => Ok(Seat(seat as u8)),
            _ if slot.observer.is_some_and(|hash| hash.matches(token)) => {
                Err(MatchError::PermissionDenied(format!(
                    "the token only reads for seat {seat}: a remote bot acts by answering \
                     Decide (MC-BOT-03)"
                )))
            }
            Some(_) => Err(MatchError::PermissionDenied(format!(
                "the token is not seat {seat}'s"
            ))),
            None if slot.remote.is_some() => Err(MatchError::PermissionDenied(format!(
                "seat {seat} is played by a remote bot (MC-BOT-01)"
            ))),
            None => Err(MatchError::PermissionDenied(format!(
                "seat {seat} is played by the built-in {} bot",
                slot.bot().map(BotKind::name).unwrap_or_default()
            ))),
        }
    }

    /// Checks a token presented to read for a seat (its view, its stream,
    /// its simulations) rather than to act: the seat's own token, or a
    /// token that may only read for it (a remote bot's, issue 16).
    pub fn authorize_observer(&self, seat: u32, token: Option<&str>) -> Result<Seat, MatchError> {
        let slot = self.seat_slot(seat)?;
        // MC-BOT-03: a remote bot's token reads for its own seat only.
        if let (Some(hash), Some(token)) = (&slot.observer, token)
            && hash.matches(token)
        {
            return Ok(Seat(seat as u8));
        }
        self.authorize(seat, token)
    }

    fn seat_slot(&self, seat: u32) -> Result<&SeatSlot, MatchError> {
        usize::try_from(seat)
            .ok()
            .and_then(|index| self.seats.get(index))
            .ok_or_else(|| {
                MatchError::InvalidArgument(format!(
                    "seat {seat} does not exist; this game has seats 0 to {}",
                    self.seats.len().saturating_sub(1)
                ))
            })
    }

    /// The legal actions of `seat` right now (empty when it is not its turn).
    pub fn legal_actions(&self, seat: Seat) -> Vec<R::Action> {
        let mut out = Vec::new();
        self.state.legal_actions(seat, &mut out);
        out
    }

    /// The state as `viewer` sees it.
    pub fn view(&self, viewer: Viewer) -> R::View {
        self.state.view(viewer)
    }

    /// Applies one action of an authorized seat if the client saw the
    /// current version, then lets bots play at most [`BOT_SLICE`] moves
    /// ([`Match::play_bots`] plays on). On error nothing changes.
    pub fn apply(
        &mut self,
        seat: Seat,
        expected_version: u64,
        action: &R::Action,
    ) -> Result<Applied<R::Event>, MatchError> {
        self.apply_noted(seat, expected_version, action, None)
    }

    /// [`Match::apply`], keeping the seat's bot's `note` on the decision
    /// with the action (MC-NOTE-01) while the game's notes have room.
    pub fn apply_noted(
        &mut self,
        seat: Seat,
        expected_version: u64,
        action: &R::Action,
        note: Option<Box<str>>,
    ) -> Result<Applied<R::Event>, MatchError> {
        self.writable()?;
        let current = self.version();
        if expected_version != current {
            return Err(MatchError::StaleVersion {
                expected: expected_version,
                current,
            });
        }
        if Self::is_forfeit(action) {
            return Err(MatchError::FailedPrecondition(
                "MC-RESIGN-01: only the server forfeits a seat (its clock ran out, its remote \
                 bot failed); a seat resigns with Concede"
                    .to_owned(),
            ));
        }
        let mut events = Vec::new();
        self.guarded_step(seat, action.clone(), &mut events)?;
        self.keep_note(note);
        self.after_move(events)
    }

    /// Keeps a note on the action just applied (MC-NOTE-01), if the
    /// game's notes have room; past it the note is dropped, the action
    /// stands.
    fn keep_note(&mut self, note: Option<Box<str>>) {
        if let Some(note) = note {
            let version = self.version();
            if !self.notes.keep(version, note) {
                tracing::debug!(
                    version,
                    "a note past the game's room for notes was dropped (MC-NOTE-01)"
                );
            }
        }
    }

    /// The bots' notes, `(version, note)` in version order (MC-NOTE-01).
    pub fn notes(&self) -> &[(u64, Box<str>)] {
        self.notes.all()
    }

    /// Whether `action` is the rules' forfeit (MC-RESIGN-01), which only
    /// the server plays (MC-CLOCK-04, MC-BOT-02): a seat's own resignation
    /// is a concession, so that a replay tells the two apart.
    fn is_forfeit(action: &R::Action) -> bool {
        Resignation::ALL
            .into_iter()
            .filter(|why| why.by_the_server())
            .any(|why| *action == R::resignation(why))
    }

    /// After a move of a seat that is not a built-in bot: bots answer (at
    /// most [`BOT_SLICE`] moves), the journal keeps it all, and the clock
    /// task hears what the game waits on now.
    fn after_move(
        &mut self,
        mut events: Vec<Stamped<R::Event>>,
    ) -> Result<Applied<R::Event>, MatchError> {
        self.bot_streak = 0;
        self.bot_moves(BOT_SLICE, &mut events);
        let flushed = self.flush();
        self.signal();
        flushed?;
        Ok(Applied {
            version: self.version(),
            events,
        })
    }

    /// Resigns `seat` (MC-RESIGN-01), whoever is to act: the rules end the
    /// game with the seat ranked last (MC-RESIGN-02). Journaled like any
    /// action.
    pub fn concede(&mut self, seat: Seat) -> Result<Applied<R::Event>, MatchError> {
        self.writable()?;
        if self.state.to_act().is_none() {
            return Err(MatchError::FailedPrecondition(
                "MC-RESIGN-01: the game is over; only a running game can be conceded".to_owned(),
            ));
        }
        let mut events = Vec::new();
        self.guarded_step(seat, R::resignation(Resignation::Conceded), &mut events)?;
        self.after_move(events)
    }

    /// [`Match::step`], with a panic in the rules contained: the state is
    /// rebuilt from the journal (determinism makes that exact), so the game
    /// is as it was before the action and the server thread lives on.
    fn guarded_step(
        &mut self,
        seat: Seat,
        action: R::Action,
        out: &mut Vec<Stamped<R::Event>>,
    ) -> Result<(), MatchError> {
        let first = out.len();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.step(seat, action.clone(), out)
        }));
        match outcome {
            Ok(result) => result,
            Err(_) => {
                out.truncate(first);
                tracing::error!(%seat, ?action, "the rules panicked; rebuilding the game from its journal");
                self.rebuild()?;
                Err(MatchError::Internal(format!(
                    "the rules engine failed on this action; the game is unchanged at version {}",
                    self.version()
                )))
            }
        }
    }

    /// Applies one action, journals it and tells the watchers.
    fn step(
        &mut self,
        seat: Seat,
        action: R::Action,
        out: &mut Vec<Stamped<R::Event>>,
    ) -> Result<(), MatchError> {
        let mut raw = Vec::new();
        self.state.apply(seat, &action, &mut raw)?;
        self.journal.push((seat, action));
        let version = self.version();
        if version.is_multiple_of(SNAPSHOT_EVERY) {
            self.snapshots.push(Arc::new(self.state.clone()));
        }
        if self.hashing && version.is_multiple_of(HASH_EVERY) {
            self.hashes.push((version, state_hash(&self.state)));
        }
        // Only a clocked game reads the time.
        let now = self.clock.is_some().then(Instant::now);
        if let Some(now) = now {
            self.tick(now);
        }
        let first = out.len();
        out.extend(raw.into_iter().map(|event| Stamped {
            version,
            actor: seat,
            event,
        }));
        // Cloning the state is only worth it when someone is watching.
        let watched = self
            .updates
            .as_ref()
            .filter(|updates| updates.receiver_count() > 0);
        let journaled = self.sink.is_some();
        let standing_in = self.standing_in.take();
        let held = &mut self.held;
        let clock = self.clock.as_ref();
        self.last_update = watched.map(|updates| {
            let clocks = clock
                .zip(now)
                .map(|(clock, now)| clock.seats(now))
                .unwrap_or_default();
            let update = Arc::new(
                Update::new(version, out[first..].to_vec(), self.state.clone())
                    .with_clocks(clocks)
                    .with_stand_in(standing_in),
            );
            if journaled {
                // Shown once the journal has kept it (see `flush`).
                held.push(Arc::clone(&update));
            } else {
                // No receiver left between the check and the send is harmless.
                let _ = updates.send(Arc::clone(&update));
            }
            update
        });
        Ok(())
    }
}

/// Milliseconds since the Unix epoch (0 before it): the wall clock a kept
/// clock is dated by, the same on every server of a fleet.
fn unix_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_millis() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::arrakis::Arrakis;

    fn all_bots() -> Vec<SeatPlan> {
        vec![
            SeatPlan {
                bot: Some(BotKind::Random),
            };
            2
        ]
    }

    /// A long all-bot game, for the snapshot tests.
    fn long_game() -> Match<Arrakis> {
        let options = <Arrakis as Ruleset>::Options::default();
        (0..)
            .map(|seed| {
                let mut game = Match::<Arrakis>::create(options.clone(), seed, &all_bots())
                    .unwrap()
                    .0;
                while game.play_bots(usize::MAX) {}
                game
            })
            .find(|game| game.version() > 3 * SNAPSHOT_EVERY)
            .unwrap()
    }

    /// The state at `version`, replayed from setup without snapshots.
    fn from_the_start(game: &Match<Arrakis>, version: u64) -> Arrakis {
        let mut state = Arrakis::setup(game.options(), game.seed()).unwrap();
        let mut events = Vec::new();
        for (seat, action) in game.journal().iter().take(version as usize) {
            state.apply(*seat, action, &mut events).unwrap();
        }
        state
    }

    #[test]
    fn bots_play_in_slices_to_the_same_game_as_in_one_go() {
        let options = <Arrakis as Ruleset>::Options::default();
        let mut sliced = Match::<Arrakis>::create(options.clone(), 11, &all_bots())
            .unwrap()
            .0;
        assert_eq!(
            sliced.version(),
            BOT_SLICE as u64,
            "creation plays one slice"
        );
        let mut slices = 1;
        while sliced.play_bots(BOT_SLICE) {
            slices += 1;
        }
        assert!(!sliced.play_bots(0));
        let mut whole = Match::<Arrakis>::create(options, 11, &all_bots())
            .unwrap()
            .0;
        assert!(!whole.play_bots(usize::MAX));
        assert!(slices > 1);
        assert!(sliced.journal().iter().eq(whole.journal().iter()));
        assert_eq!(
            format!("{:?}", sliced.state()),
            format!("{:?}", whole.state())
        );
    }

    /// A journal that keeps batches until told to fail.
    #[derive(Debug, Default)]
    struct Flaky {
        failing: std::sync::atomic::AtomicBool,
        kept: std::sync::Mutex<Vec<(Seat, <Arrakis as Ruleset>::Action)>>,
    }

    impl JournalSink<Arrakis> for Flaky {
        fn append(&self, batch: Batch<'_, Arrakis>) -> Result<(), Unkept> {
            if self.failing.load(std::sync::atomic::Ordering::Relaxed) {
                return Err(Unkept::Failed("the disk is full".to_owned()));
            }
            let mut kept = self.kept.lock().unwrap();
            assert_eq!(batch.first_version, kept.len() as u64 + 1);
            kept.extend(batch.actions.iter().cloned());
            Ok(())
        }
    }

    #[test]
    fn a_batch_the_journal_cannot_keep_is_taken_back_and_shown_to_nobody() {
        let options = <Arrakis as Ruleset>::Options::default();
        let plans = [
            SeatPlan::default(),
            SeatPlan {
                bot: Some(BotKind::Random),
            },
        ];
        let (mut reference, _) = Match::<Arrakis>::create(options.clone(), 5, &plans).unwrap();
        let (mut game, _) = Match::<Arrakis>::create_from(options, 5, &plans, &[], true).unwrap();
        let sink = Arc::new(Flaky::default());
        game.attach_journal(sink.clone());
        let (_, mut watcher) = game.subscribe();
        let play = |game: &mut Match<Arrakis>| {
            let seat = game.state().to_act().unwrap();
            let action = game.legal_actions(seat)[0];
            let version = game.version();
            game.apply(seat, version, &action)
        };
        for _ in 0..3 {
            play(&mut game).unwrap();
            play(&mut reference).unwrap();
        }
        let before = game.version();
        let state = format!("{:?}", game.state());
        while watcher.try_recv().is_ok() {}
        sink.failing
            .store(true, std::sync::atomic::Ordering::Relaxed);
        let refused = play(&mut game).unwrap_err();
        assert!(
            matches!(&refused, MatchError::Internal(message)
                if message.contains("the disk is full") && message.contains(&format!("version {before}"))),
            "{refused:?}"
        );
        assert_eq!(game.version(), before);
        assert_eq!(format!("{:?}", game.state()), state);
        assert!(watcher.try_recv().is_err(), "no watcher saw the batch");
        // Once the journal works again, the game goes on as if the failed
        // batch had never been played (its bot's generator included).
        sink.failing
            .store(false, std::sync::atomic::Ordering::Relaxed);
        for _ in 0..3 {
            play(&mut game).unwrap();
            play(&mut reference).unwrap();
        }
        let expected: Vec<_> = reference.journal().iter().cloned().collect();
        let played: Vec<_> = game.journal().iter().cloned().collect();
        assert_eq!(played, expected);
        assert_eq!(*sink.kept.lock().unwrap(), expected);
    }

    /// A journal whose game another server of the fleet took.
    #[derive(Debug)]
    struct TakenElsewhere;

    impl JournalSink<Arrakis> for TakenElsewhere {
        fn append(&self, _: Batch<'_, Arrakis>) -> Result<(), Unkept> {
            Err(Unkept::Moved(
                "game g is now served by another server".to_owned(),
            ))
        }
    }

    #[test]
    fn a_game_another_server_took_refuses_every_change_and_shows_nothing() {
        let options = <Arrakis as Ruleset>::Options::default();
        let plans = [SeatPlan::default(), SeatPlan::default()];
        let (mut game, _) = Match::<Arrakis>::create_from(options, 5, &plans, &[], true).unwrap();
        game.attach_journal(Arc::new(TakenElsewhere));
        let (_, mut watcher) = game.subscribe();
        while watcher.try_recv().is_ok() {}
        let seat = game.state().to_act().unwrap();
        let action = game.legal_actions(seat)[0];
        let refused = game.apply(seat, 0, &action).unwrap_err();
        assert!(
            matches!(&refused, MatchError::Unavailable(message) if message.contains("another server")),
            "{refused:?}"
        );
        assert_eq!(game.version(), 0);
        assert!(watcher.try_recv().is_err(), "no watcher saw the batch");
        // Read-only from now on: the same action is refused before the
        // journal is asked again.
        assert!(matches!(
            game.apply(seat, 0, &action),
            Err(MatchError::Unavailable(_))
        ));
    }

    #[test]
    fn a_snapshot_is_kept_every_snapshot_every_versions() {
        let game = long_game();
        assert_eq!(game.snapshots.len() as u64, game.version() / SNAPSHOT_EVERY);
    }

    #[test]
    fn state_at_any_version_equals_a_replay_from_the_start() {
        let game = long_game();
        let last = game.version();
        let versions = [
            0,
            1,
            SNAPSHOT_EVERY - 1,
            SNAPSHOT_EVERY,
            SNAPSHOT_EVERY + 1,
            2 * SNAPSHOT_EVERY + 517,
            3 * SNAPSHOT_EVERY,
            last - 1,
            last,
        ];
        for version in versions {
            let rebuilt = game.state_at(version).unwrap();
            let expected = from_the_start(&game, version);
            assert_eq!(
                format!("{rebuilt:?}"),
                format!("{expected:?}"),
                "state at version {version}"
            );
        }
        assert_eq!(
            format!("{:?}", game.state_at(last).unwrap()),
            format!("{:?}", game.state())
        );
        assert!(matches!(
            game.state_at(last + 1),
            Err(MatchError::InvalidArgument(_))
        ));
    }

    #[test]
    fn a_cursor_starts_from_the_nearest_snapshot_and_gives_the_same_versions() {
        // Finding 3 and 5b of issue 13: a catch-up after `after` starts from
        // the snapshot at or before it, and its updates are the versions a
        // replay from the setup gives.
        let game = long_game();
        for after in [0, SNAPSHOT_EVERY - 1, 2 * SNAPSHOT_EVERY + 517] {
            let mut cursor = game.cursor(after);
            let mut steps = 0;
            let mut seen = Vec::new();
            while seen.len() < 3 {
                steps += 1;
                match cursor.step(1).unwrap() {
                    super::super::Replayed::Update(version, _, state) => {
                        seen.push((version, format!("{state:?}")));
                    }
                    super::super::Replayed::Pending => {}
                    super::super::Replayed::Done => break,
                }
            }
            // At most one snapshot interval of rules steps before the first
            // update, then one step per version.
            assert!(
                steps < SNAPSHOT_EVERY as usize + 3,
                "{steps} steps after {after}"
            );
            for (i, (version, state)) in seen.iter().enumerate() {
                assert_eq!(*version, after + 1 + i as u64);
                assert_eq!(*state, format!("{:?}", from_the_start(&game, *version)));
            }
        }
    }

    #[test]
    fn a_catch_up_near_the_end_starts_from_a_snapshot() {
        let game = long_game();
        let last = game.version();
        let replayer = game.replayer();
        // It takes fewer than SNAPSHOT_EVERY rules steps to reach any version.
        assert!(replayer.steps_to(last) < SNAPSHOT_EVERY);
        let mut seen = Vec::new();
        replayer
            .updates_after(last - 3, |version, _, state| {
                seen.push((version, format!("{state:?}")));
                true
            })
            .unwrap();
        let expected: Vec<_> = (last - 2..=last)
            .map(|version| (version, format!("{:?}", from_the_start(&game, version))))
            .collect();
        assert_eq!(seen, expected);
    }
}
