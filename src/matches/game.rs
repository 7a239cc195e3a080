use std::sync::Arc;

use tokio::sync::broadcast;

use super::{BotKind, MatchError, SeatToken, TokenHash};
use crate::rules::core::{GameRng, RngStream, Ruleset, Seat, Viewer};

/// How many updates a watcher may fall behind before it catches up from the
/// journal instead.
const UPDATE_BUFFER: usize = 256;

/// The most bot moves one call may play, so that a ruleset bug that never
/// hands the turn back to a person cannot spin a server thread forever.
const MAX_BOT_STEPS_PER_CALL: usize = 1_000_000;

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

/// One applied action as watchers receive it: its events and the state
/// after it, from which each watcher renders its own redacted view.
#[derive(Debug)]
pub struct Update<R: Ruleset> {
    /// The version after the action.
    pub version: u64,
    /// Its events, unredacted.
    pub events: Vec<Stamped<R::Event>>,
    /// The state after it.
    pub state: R,
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
}

impl SeatSlot {
    /// The bot playing this seat, if any.
    pub fn bot(&self) -> Option<BotKind> {
        self.bot.as_ref().map(|(kind, _)| *kind)
    }
}

/// One live game: the ruleset state plus everything the platform adds.
#[derive(Debug)]
pub struct Match<R: Ruleset> {
    seed: u64,
    options: R::Options,
    state: R,
    journal: Vec<(Seat, R::Action)>,
    seats: Vec<SeatSlot>,
    updates: broadcast::Sender<Arc<Update<R>>>,
    scratch: Vec<R::Action>,
}

impl<R: Ruleset> Match<R> {
    /// Sets up a game, issues a token to every human seat (returned once, in
    /// seat order, `None` for bot seats) and lets bots play until a human
    /// seat must act.
    pub fn create(
        options: R::Options,
        seed: u64,
        plans: &[SeatPlan],
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
            });
        }
        let (updates, _) = broadcast::channel(UPDATE_BUFFER);
        let mut game = Match {
            seed,
            options,
            state,
            journal: Vec::new(),
            seats,
            updates,
            scratch: Vec::new(),
        };
        game.play_bots(&mut Vec::new());
        Ok((game, secrets))
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
    pub fn journal(&self) -> &[(Seat, R::Action)] {
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
            return Err(MatchError::Unauthenticated(seat));
        };
        match &slot.token {
            Some(hash) if hash.matches(token) => Ok(Seat(seat as u8)),
            Some(_) => Err(MatchError::PermissionDenied(format!(
                "the token is not seat {seat}'s"
            ))),
            None => Err(MatchError::PermissionDenied(format!(
                "seat {seat} is played by the built-in {} bot",
                slot.bot().map_or("", BotKind::name)
            ))),
        }
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
    /// current version, then lets bots play until a human seat must act.
    /// On error nothing changes.
    pub fn apply(
        &mut self,
        seat: Seat,
        expected_version: u64,
        action: &R::Action,
    ) -> Result<Applied<R::Event>, MatchError> {
        let current = self.version();
        if expected_version != current {
            return Err(MatchError::StaleVersion {
                expected: expected_version,
                current,
            });
        }
        let mut events = Vec::new();
        self.guarded_step(seat, action.clone(), &mut events)?;
        self.play_bots(&mut events);
        Ok(Applied {
            version: self.version(),
            events,
        })
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

    /// Re-creates the state from the options, seed and journal.
    fn rebuild(&mut self) -> Result<(), MatchError> {
        let mut state = R::setup(&self.options, self.seed)?;
        let mut events = Vec::new();
        for (seat, action) in &self.journal {
            events.clear();
            state.apply(*seat, action, &mut events)?;
        }
        self.state = state;
        Ok(())
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
        let first = out.len();
        out.extend(raw.into_iter().map(|event| Stamped {
            version,
            actor: seat,
            event,
        }));
        // Cloning the state is only worth it when someone is watching.
        if self.updates.receiver_count() > 0 {
            let update = Update {
                version,
                events: out[first..].to_vec(),
                state: self.state.clone(),
            };
            // No receiver left between the check and the send is harmless.
            let _ = self.updates.send(Arc::new(update));
        }
        Ok(())
    }

    /// Lets built-in bots act while one is to act.
    fn play_bots(&mut self, out: &mut Vec<Stamped<R::Event>>) {
        for _ in 0..MAX_BOT_STEPS_PER_CALL {
            let Some(seat) = self.state.to_act() else {
                return;
            };
            let Some((kind, rng)) = self
                .seats
                .get_mut(seat.index())
                .and_then(|slot| slot.bot.as_mut())
            else {
                return;
            };
            let mut legal = std::mem::take(&mut self.scratch);
            legal.clear();
            self.state.legal_actions(seat, &mut legal);
            if legal.is_empty() {
                tracing::error!(%seat, "ruleset offered no legal action to the seat to act");
                self.scratch = legal;
                return;
            }
            let pick = kind.choose(legal.len(), rng);
            let action = legal.swap_remove(pick);
            self.scratch = legal;
            if let Err(error) = self.guarded_step(seat, action, out) {
                tracing::error!(%seat, %error, "ruleset refused its own legal action");
                return;
            }
        }
        tracing::error!("bots played {MAX_BOT_STEPS_PER_CALL} moves in one call; pausing them");
    }

    /// Live updates from now on. The version returned is the last one the
    /// receiver will *not* see; everything after it arrives in order unless
    /// the receiver lags, in which case [`Match::replayer`] fills the gap.
    pub fn subscribe(&self) -> (u64, broadcast::Receiver<Arc<Update<R>>>) {
        (self.version(), self.updates.subscribe())
    }

    /// A self-contained copy of what is needed to re-create every past
    /// version, for catching a watcher up outside the game's lock.
    pub fn replayer(&self) -> super::Replayer<R> {
        super::Replayer::new(self.options.clone(), self.seed, self.journal.clone())
    }

    /// A cursor that re-creates the versions after `after` one at a time,
    /// outside the game's lock, for catching a watcher up at its own pace.
    pub fn cursor(&self, after: u64) -> super::ReplayCursor<R> {
        super::ReplayCursor::new(self.options.clone(), self.seed, self.journal.clone(), after)
    }
}
