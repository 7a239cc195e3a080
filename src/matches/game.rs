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

/// How many updates a watcher may fall behind before it catches up from the
/// journal instead.
const UPDATE_BUFFER: usize = 256;

/// The most bot moves in a row, between two moves of people, so that a
/// ruleset bug that never hands the turn back to a person cannot keep a
/// server thread busy forever (the longest random War for Arrakis game seen
/// took 383,401).
const MAX_BOT_STREAK: usize = 1_000_000;

/// The most bot moves played in one go: inside a `CreateGame` or an
/// `ApplyAction` (enough for the bots' answer in a game with people), and
/// in each slice of the background play that takes over when bots have
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

    /// Plays a kept history onto a freshly set-up match; the first problem
    /// found, as a sentence.
    fn replay_history(&mut self, history: KeptHistory<R::Action>) -> Option<String> {
        let replayed = history.actions.len() as u64;
        self.stand_ins = history.stand_ins;
        // Only the versions replayed (a refused action stops the replay;
        // `roll_back` trims again below).
        self.stand_ins.retain(|(at, _)| *at <= replayed);
        self.notes = Notes::from_kept(history.notes);
        self.notes.truncate_after(replayed);
        let mut hashes = history.hashes.into_iter().peekable();
        let mut problem = None;
        let mut legal = Vec::new();
        for (index, (seat, action)) in history.actions.into_iter().enumerate() {
            let version = index as u64 + 1;
            if version > self.given
                && let Some((kind, rng)) = self
                    .seats
                    .get_mut(seat.index())
                    .and_then(|slot| slot.bot.as_mut())
            {
                if kind.search().is_some() {
                    // A search's move is not searched again (a restart
                    // would take as long as the game's thinking): only
                    // its generator moves on, as the search's seed drew
                    // from it, so later moves are the ones it would make.
                    rng.next_u64();
                    // The rules still check the move below.
                } else {
                    legal.clear();
                    self.state.legal_actions(seat, &mut legal);
                    let chosen = (!legal.is_empty()).then(|| kind.choose(legal.len(), rng));
                    if problem.is_none() && chosen.and_then(|pick| legal.get(pick)) != Some(&action)
                    {
                        problem = Some(format!(
                            "the built-in bot's move at version {version} is not the one the journal kept"
                        ));
                    }
                }
            }
            if let Err(error) = self.step(seat, action, &mut Vec::new()) {
                return Some(problem.unwrap_or_else(|| {
                    format!(
                        "the journal's action at version {version} is refused by the rules now ({error}); \
                         the game stops at version {}",
                        version - 1
                    )
                }));
            }
            while let Some(&(at, hash)) = hashes.peek() {
                if at > version {
                    break;
                }
                hashes.next();
                if at == version && problem.is_none() && state_hash(&self.state) != hash {
                    problem = Some(format!(
                        "the state at version {version} differs from the one the journal kept \
                         (its hash does not match)"
                    ));
                }
            }
        }
        problem
    }

    /// Hands every later action to `sink` before anyone sees it; the
    /// caller has had versions up to now kept already (with the game's
    /// creation).
    pub fn attach_journal(&mut self, sink: Arc<dyn JournalSink<R>>) {
        self.kept = self.version();
        self.hashes.clear();
        self.hashing = true;
        self.sink = Some(sink);
    }

    /// Makes the game read-only: every later action is refused with
    /// `reason`, and its bots stop.
    pub fn set_read_only(&mut self, reason: String) {
        self.read_only = Some(reason);
    }

    /// Why the game may only be read, if it may.
    pub fn read_only(&self) -> Option<&str> {
        self.read_only.as_deref()
    }

    /// How many first actions were given (from a replay) rather than
    /// played in this game.
    pub fn given(&self) -> u64 {
        self.given
    }

    /// The state hashes of the versions played before
    /// [`Match::attach_journal`] (for the creation record); computed only
    /// when the match was created to be journaled.
    pub fn unkept_hashes(&self) -> &[(u64, u64)] {
        &self.hashes
    }

    /// Has the sink keep every unkept action, then shows them (sends the
    /// held watcher updates). If the sink fails, the game goes back to the
    /// last kept version as if the unkept actions had never been played,
    /// bots pause until a person moves, and the error says so.
    fn flush(&mut self) -> Result<(), MatchError> {
        let Some(sink) = self.sink.clone() else {
            return Ok(());
        };
        let version = self.version();
        if version == self.kept {
            return Ok(());
        }
        let actions: Vec<_> = self
            .journal
            .iter_from(self.kept as usize)
            .cloned()
            .collect();
        let clock = self
            .clock
            .as_ref()
            .map(|clock| clock.kept(Instant::now(), unix_ms()));
        let first_version = self.kept + 1;
        let unkept_stand_ins = self
            .stand_ins
            .partition_point(|(at, _)| *at < first_version);
        let batch = Batch {
            first_version,
            actions: &actions,
            stand_ins: &self.stand_ins[unkept_stand_ins..],
            notes: self.notes.from_version(first_version),
            hashes: &self.hashes,
            finished: self.state.to_act().is_none(),
            clock,
        };
        match sink.append(batch) {
            Ok(()) => {
                self.kept = version;
                self.hashes.clear();
                let held = std::mem::take(&mut self.held);
                if let Some(updates) = &self.updates {
                    for update in held {
                        // No receiver left is harmless.
                        let _ = updates.send(update);
                    }
                }
                Ok(())
            }
            Err(Unkept::Failed(error)) => {
                let kept = self.kept;
                tracing::error!(%error, kept, version, "the journal failed; taking the unkept actions back");
                self.roll_back(kept);
                Err(MatchError::Internal(format!(
                    "the action could not be saved ({error}); the game is unchanged at version {kept}"
                )))
            }
            Err(Unkept::Moved(reason)) => {
                // Another server holds the game now: nothing here may
                // change it again, nor show what was not kept.
                let kept = self.kept;
                tracing::info!(
                    kept,
                    version,
                    "the game moved to another server of the fleet"
                );
                self.roll_back(kept);
                self.mark_moved(reason.clone());
                Err(MatchError::Unavailable(reason))
            }
        }
    }

    /// Goes back to `version` as if nothing after it had been played.
    fn roll_back(&mut self, version: u64) {
        let journal: Vec<_> = self
            .journal
            .iter()
            .take(version as usize)
            .cloned()
            .collect();
        self.journal = History::default();
        self.held.clear();
        self.last_update = None;
        self.hashes.clear();
        self.snapshots.clear();
        self.bot_streak = MAX_BOT_STREAK;
        match R::setup(&self.options, self.seed) {
            Ok(state) => self.state = state,
            Err(_) => return,
        }
        for (index, slot) in self.seats.iter_mut().enumerate() {
            if let Some((_, rng)) = &mut slot.bot {
                *rng = RngStream::Bot(index as u8).rng(self.seed);
            }
        }
        // Replayed versions were shown before: no watcher hears them again;
        // the clock does not count them as decisions.
        let sink = self.sink.take();
        let updates = self.updates.take();
        let clock = self.clock.take();
        let mut stand_ins = std::mem::take(&mut self.stand_ins);
        stand_ins.retain(|(at, _)| *at <= version);
        let mut notes = std::mem::take(&mut self.notes);
        notes.truncate_after(version);
        let problem = self.replay_history(KeptHistory {
            actions: journal,
            hashes: Vec::new(),
            given: self.given,
            stand_ins,
            notes: notes.all().to_vec(),
        });
        if let Some(problem) = problem {
            self.read_only = Some(problem);
        }
        self.updates = updates;
        self.last_update = None;
        self.sink = sink;
        self.clock = clock;
        self.tick(Instant::now());
        self.hashes.clear();
        self.kept = self.version();
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

    /// Another server of the fleet took the game (why, a sentence): every
    /// change is refused from now on with `Unavailable`, and its bots and
    /// clock task stop here.
    pub fn mark_moved(&mut self, reason: String) {
        self.read_only = Some(reason.clone());
        self.moved = Some(reason);
        self.signal();
    }

    /// Refuses any change to a read-only game.
    fn writable(&self) -> Result<(), MatchError> {
        if let Some(reason) = &self.moved {
            return Err(MatchError::Unavailable(reason.clone()));
        }
        match &self.read_only {
            Some(reason) => Err(MatchError::FailedPrecondition(format!(
                "this game is read-only since the server restarted: {reason}; \
                 its views and replay can still be read"
            ))),
            None => Ok(()),
        }
    }

    /// Gives the game time controls (MC-CLOCK-01..04) from now on: every
    /// seat not played by a built-in bot is clocked with a full bank, and
    /// the seat to act starts its decision now. A restored game then takes
    /// up its journaled banks ([`Match::resume_clock`]).
    pub fn set_clock(&mut self, options: ClockOptions) {
        let clocked: Vec<bool> = self.seats.iter().map(|slot| slot.bot.is_none()).collect();
        self.clock = Some(Clock::new(options, &clocked));
        self.tick(Instant::now());
        self.signal();
    }

    /// Takes up the clocks a journal kept (after [`Match::set_clock`] of a
    /// restored game): the same banks, and the decision that ran still
    /// running from when it began (MC-CLOCK-02).
    pub fn resume_clock(&mut self, kept: &KeptClock) {
        let (version, to_act) = (self.journal.len() as u64, self.state.to_act());
        if let Some(clock) = &mut self.clock {
            clock.resume(kept, version, to_act, Instant::now(), unix_ms());
        }
        self.signal();
    }

    /// What the journal keeps of the clocks now (see [`Clock::kept`]).
    pub fn kept_clock(&self) -> Option<KeptClock> {
        self.clock
            .as_ref()
            .map(|clock| clock.kept(Instant::now(), unix_ms()))
    }

    /// The game's clocks, if it has time controls.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// Every clocked seat's clock at `now` (empty without a clock).
    pub fn clocks(&self, now: Instant) -> Vec<SeatTime> {
        self.clock
            .as_ref()
            .map(|clock| clock.seats(now))
            .unwrap_or_default()
    }

    /// Has a remote bot at `endpoint` play `seat` (MC-BOT-01): the seat's
    /// own token stops working (nobody but the bot acts for it) and a new
    /// read-only token is issued for the bot (MC-BOT-03), returned once.
    pub fn make_remote(&mut self, seat: Seat, endpoint: &str) -> Result<String, MatchError> {
        let slot = self
            .seats
            .get_mut(seat.index())
            .ok_or_else(|| MatchError::InvalidArgument(format!("no seat {seat}")))?;
        let token = SeatToken::generate();
        slot.bot = None;
        slot.token = None;
        slot.remote = Some(endpoint.into());
        slot.observer = Some(token.hash);
        self.signal();
        Ok(token.secret)
    }

    /// The clock follows a change of the game at `now` (MC-CLOCK-02).
    fn tick(&mut self, now: Instant) {
        if let Some(clock) = &mut self.clock {
            clock.advance(self.journal.len() as u64, self.state.to_act(), now);
        }
    }

    /// What the game waits on now, for the server's task.
    fn turn(&self) -> Turn {
        let to_act = self.state.to_act();
        Turn {
            version: self.version(),
            to_act,
            // The seat's time (MC-CLOCK-04) or the game's (MC-CLOCK-06),
            // whichever runs out first.
            deadline: self.clock.as_ref().and_then(|clock| {
                let seat = clock.deadline().map(|(_, _, deadline)| deadline);
                match (seat, clock.game_deadline()) {
                    (Some(seat), Some(game)) => Some(seat.min(game)),
                    (seat, game) => seat.or(game),
                }
            }),
            remote: to_act
                .and_then(|seat| self.seats.get(seat.index()))
                .is_some_and(|slot| slot.remote.is_some()),
            over: to_act.is_none() || self.read_only.is_some(),
        }
    }

    /// Tells the server's task what the game waits on, if it changed.
    fn signal(&mut self) {
        let turn = self.turn();
        if let Some(turns) = &self.turns {
            turns.send_if_modified(|old| {
                let changed = *old != turn;
                *old = turn;
                changed
            });
        }
    }

    /// What the game waits on, followed: `None` for a game that needs no
    /// task (no clock, no remote seat). The sender lives in the match, so
    /// the receiver hears the game dropped.
    pub fn turns(&mut self) -> Option<watch::Receiver<Turn>> {
        let driven = self.clock.is_some() || self.seats.iter().any(|slot| slot.remote.is_some());
        if !driven {
            return None;
        }
        let turn = self.turn();
        Some(
            self.turns
                .get_or_insert_with(|| watch::channel(turn).0)
                .subscribe(),
        )
    }

    /// The time `seat` has left for its running decision at `now`.
    pub fn time_left(&self, seat: Seat, now: Instant) -> Option<std::time::Duration> {
        self.clock.as_ref()?.time_left(seat, now)
    }

    /// Plays for the seat whose time ran out at `now` (MC-CLOCK-04), if
    /// the game is still at `version`; `Ok(None)` when there is nothing to
    /// do (it moved, or time has not run out).
    pub fn expire(
        &mut self,
        version: u64,
        now: Instant,
    ) -> Result<Option<Applied<R::Event>>, MatchError> {
        let verdict = self.clock.as_ref().and_then(|clock| clock.verdict(now));
        if let Some(verdict) = verdict.filter(|_| self.state.to_act().is_some()) {
            return self.adjudicate(verdict).map(Some);
        }
        let expired = self.clock.as_ref().and_then(|clock| clock.expired(now));
        match expired {
            Some((seat, at)) if at == version && self.version() == version => {
                self.stand_in(seat, StandIn::ClockExpired).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// Plays a remote bot's answer for `seat` at `version` (MC-BOT-02): the
    /// action if the rules accept it, else (no answer, an illegal one) what
    /// the clock options say for an expiry, or a forfeit without a clock,
    /// kept with why (MC-STANDIN-01). `Ok(None)` when the game is no longer
    /// waiting on that decision.
    pub fn answer(
        &mut self,
        seat: Seat,
        version: u64,
        answer: Result<R::Action, StandIn>,
        note: Option<Box<str>>,
    ) -> Result<Option<Applied<R::Event>>, MatchError> {
        let waiting = self.version() == version
            && self.state.to_act() == Some(seat)
            && self.read_only.is_none()
            && self
                .seats
                .get(seat.index())
                .is_some_and(|slot| slot.remote.is_some());
        if !waiting {
            return Ok(None);
        }
        let why = match answer {
            // A bot does not forfeit by answering: only its failures do.
            Ok(action) if Self::is_forfeit(&action) => StandIn::BotIllegalAction {
                rule: "MC-BOT-02".to_owned(),
            },
            Ok(action) => {
                let mut events = Vec::new();
                match self.guarded_step(seat, action, &mut events) {
                    Ok(()) => {
                        self.keep_note(note);
                        return self.after_move(events).map(Some);
                    }
                    // The refusal's rule ID, never its words (they may
                    // echo the bot's input).
                    Err(MatchError::Rule(RuleError::Illegal { rule, .. })) => {
                        StandIn::BotIllegalAction {
                            rule: rule.to_owned(),
                        }
                    }
                    Err(MatchError::Rule(RuleError::Malformed(_))) => StandIn::BotMalformedAnswer,
                    Err(_) => StandIn::BotIllegalAction {
                        rule: String::new(),
                    },
                }
            }
            Err(why) => why,
        };
        self.stand_in(seat, why).map(Some)
    }

    /// Ends a game that reached its time limit (MC-CLOCK-06) as `verdict`
    /// says (MC-CLOCK-07): the seat furthest beyond its share of the time
    /// loses on time, or with none the standing decides. Journaled as a
    /// resignation the server plays, kept with why (MC-STANDIN-01), so a
    /// replay ends the same way without reading a clock.
    fn adjudicate(&mut self, verdict: Verdict) -> Result<Applied<R::Event>, MatchError> {
        self.writable()?;
        let Some(to_act) = self.state.to_act() else {
            return Err(MatchError::FailedPrecondition(
                "MC-CLOCK-07: the game is already over".to_owned(),
            ));
        };
        let (seat, why, stand_in) = match verdict {
            Verdict::OutOfTime(seat) => (seat, Resignation::OutOfTime, StandIn::OutOfTime),
            Verdict::Standing => (to_act, Resignation::TimeLimit, StandIn::TimeLimit),
        };
        let mut events = Vec::new();
        self.standing_in = Some(stand_in.clone());
        let ended = self.guarded_step(seat, R::resignation(why), &mut events);
        self.standing_in = None;
        ended?;
        let version = self.version();
        tracing::warn!(%seat, version, reason = %stand_in.sentence(),
            "the game's time limit ended it (MC-CLOCK-07)");
        self.stand_ins.push((version, stand_in));
        self.after_move(events)
    }

    /// `(version, why)` of each action the server played for its seat, in
    /// version order (MC-STANDIN-01).
    pub fn stand_ins(&self) -> &[(u64, StandIn)] {
        &self.stand_ins
    }

    /// Acts for a seat that did not (MC-CLOCK-04): the decision's default
    /// action where the clock options allow it and the rules have one, else
    /// the seat forfeits (MC-RESIGN-02).
    /// The action is kept with `why` (MC-STANDIN-01), and logged once (the
    /// caller's span names the game).
    fn stand_in(&mut self, seat: Seat, why: StandIn) -> Result<Applied<R::Event>, MatchError> {
        self.writable()?;
        let on_expiry = self
            .clock
            .as_ref()
            .map_or(OnExpiry::Forfeit, |clock| clock.options().on_expiry);
        let default = match on_expiry {
            OnExpiry::DefaultThenForfeit => self.state.default_action(seat),
            OnExpiry::Forfeit => None,
        };
        let mut events = Vec::new();
        self.standing_in = Some(why.clone());
        let played =
            default.is_some_and(|action| self.guarded_step(seat, action, &mut events).is_ok());
        if !played {
            events.clear();
            let forfeited =
                self.guarded_step(seat, R::resignation(Resignation::Forfeited), &mut events);
            self.standing_in = None;
            forfeited?;
        }
        let version = self.version();
        tracing::warn!(%seat, version, forfeit = !played, reason = %why.sentence(),
            "the server acted for a seat (MC-STANDIN-01)");
        self.stand_ins.push((version, why));
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

    /// Re-creates the state from the nearest snapshot and the journal.
    fn rebuild(&mut self) -> Result<(), MatchError> {
        self.state = self.state_at(self.version())?;
        Ok(())
    }

    /// The state as it was at `version` (0 is the setup, the current version
    /// the present), rebuilt from the nearest snapshot at or before it in
    /// fewer than [`SNAPSHOT_EVERY`] rules steps. A version beyond the
    /// current one is [`MatchError::InvalidArgument`].
    pub fn state_at(&self, version: u64) -> Result<R, MatchError> {
        super::replay::state_at(
            &self.options,
            self.seed,
            &self.journal,
            &self.snapshots,
            version,
        )
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

    /// Lets built-in bots play at most `budget` moves while one is to act,
    /// and says whether a bot still has a move to make (`budget` 0 only
    /// asks). The moves reach watchers as any other; the server calls this
    /// in slices off its async workers, so a long bot stretch never holds
    /// a call or a worker. The moves do not depend on how they are sliced:
    /// each bot draws from its own generator, so the same seed gives the
    /// same game.
    pub fn play_bots(&mut self, budget: usize) -> bool {
        self.bot_moves(budget, &mut Vec::new());
        let flushed = self.flush();
        self.signal();
        if flushed.is_err() {
            return false;
        }
        self.bot_to_act().is_some()
    }

    /// The bot seat to act, unless bots have played their most moves in a
    /// row.
    fn bot_to_act(&self) -> Option<Seat> {
        if self.read_only.is_some() {
            return None;
        }
        let seat = self.state.to_act()?;
        let slot = self.seats.get(seat.index())?;
        (slot.bot.is_some() && self.bot_streak < MAX_BOT_STREAK).then_some(seat)
    }

    /// Plays at most `budget` bot moves, collecting their events.
    fn bot_moves(&mut self, budget: usize, out: &mut Vec<Stamped<R::Event>>) {
        for _ in 0..budget {
            let Some(seat) = self.bot_to_act() else {
                return;
            };
            let Some((kind, rng)) = self
                .seats
                .get_mut(seat.index())
                .and_then(|slot| slot.bot.as_mut())
            else {
                return;
            };
            if kind.search().is_some() {
                // Thought off the lock: see `search_job`.
                return;
            }
            let mut legal = std::mem::take(&mut self.scratch);
            legal.clear();
            self.state.legal_actions(seat, &mut legal);
            if legal.is_empty() {
                tracing::error!(%seat, "ruleset offered no legal action to the seat to act");
                self.scratch = legal;
                self.bot_streak = MAX_BOT_STREAK;
                return;
            }
            let pick = kind.choose(legal.len(), rng);
            let action = legal.swap_remove(pick);
            self.scratch = legal;
            if let Err(error) = self.guarded_step(seat, action, out) {
                tracing::error!(%seat, %error, "ruleset refused its own legal action");
                self.bot_streak = MAX_BOT_STREAK;
                return;
            }
            self.bot_streak += 1;
            if self.bot_streak == MAX_BOT_STREAK {
                tracing::error!("bots played {MAX_BOT_STREAK} moves in a row; pausing them");
            }
        }
    }

    /// The search a search bot to act is to run, on a copy of the state,
    /// off the game's lock (the server's blocking pool); `None` when no
    /// search bot is to act. Taking a job changes nothing: the bot's
    /// generator moves on only when [`Match::apply_decision`] takes the
    /// decision.
    pub fn search_job(&self) -> Option<SearchJob<R>> {
        let seat = self.bot_to_act()?;
        let (kind, rng) = self.seats.get(seat.index())?.bot.as_ref()?;
        let search = kind.search()?;
        let seed = rng.clone().next_u64();
        Some(SearchJob::new(
            self.state.clone(),
            seat,
            self.version(),
            search,
            seed,
        ))
    }

    /// Plays a search bot's decision if the game is still at the version
    /// it thought about (else drops it: a new job will be handed out), then
    /// lets the bots that do not search play at most [`BOT_SLICE`] moves.
    /// Says, as [`Match::play_bots`] does, whether a bot still has a move
    /// to make.
    pub fn apply_decision(&mut self, decision: Decision) -> bool {
        if decision.version == self.version() && self.bot_to_act() == Some(decision.seat) {
            self.play_decision(decision);
        }
        self.play_bots(BOT_SLICE)
    }

    fn play_decision(&mut self, decision: Decision) {
        let seat = decision.seat;
        let legal = self.legal_actions(seat);
        let Some(action) = decision.pick.and_then(|pick| legal.get(pick)).cloned() else {
            tracing::error!(%seat, "a search found no legal action for the seat to act");
            self.bot_streak = MAX_BOT_STREAK;
            return;
        };
        if let Some((_, rng)) = self
            .seats
            .get_mut(seat.index())
            .and_then(|slot| slot.bot.as_mut())
        {
            // The draw the job's seed was.
            rng.next_u64();
        }
        if let Err(error) = self.guarded_step(seat, action, &mut Vec::new()) {
            tracing::error!(%seat, %error, "ruleset refused its own legal action");
            self.bot_streak = MAX_BOT_STREAK;
            return;
        }
        self.bot_streak += 1;
    }

    /// Plays every bot move, search bots thinking right here, until a
    /// person is to act or the game ends: for benches and tests, never for
    /// the server (which thinks off the lock, see [`Match::search_job`]).
    pub fn play_bots_inline(&mut self) {
        loop {
            match self.search_job() {
                Some(job) => {
                    if !self.apply_decision(job.think()) {
                        return;
                    }
                }
                None => {
                    if !self.play_bots(usize::MAX) {
                        return;
                    }
                }
            }
        }
    }

    /// Live updates from now on. The version returned is the last one the
    /// receiver will *not* see; everything after it arrives in order unless
    /// the receiver lags, in which case [`Match::replayer`] fills the gap.
    pub fn subscribe(&mut self) -> (u64, broadcast::Receiver<Arc<Update<R>>>) {
        let version = self.version();
        let updates = self
            .updates
            .get_or_insert_with(|| broadcast::channel(UPDATE_BUFFER).0);
        (version, updates.subscribe())
    }

    /// The update of the current version as watchers received it, while
    /// anyone watches: its renderings are shared with them.
    pub fn last_update(&self) -> Option<&Arc<Update<R>>> {
        self.last_update
            .as_ref()
            .filter(|update| update.version == self.version())
    }

    /// A self-contained copy of what is needed to re-create every past
    /// version, for catching a watcher up outside the game's lock.
    pub fn replayer(&self) -> super::Replayer<R> {
        super::Replayer::with_snapshots(
            self.options.clone(),
            self.seed,
            self.journal.share(),
            self.snapshots.clone(),
        )
    }

    /// A cursor that re-creates the versions after `after` one at a time,
    /// outside the game's lock, for catching a watcher up at its own pace.
    /// It starts from the nearest snapshot at or before `after`, so its
    /// first update costs fewer than [`SNAPSHOT_EVERY`] rules steps.
    pub fn cursor(&self, after: u64) -> super::ReplayCursor<R> {
        let index = (after / SNAPSHOT_EVERY).min(self.snapshots.len() as u64);
        let start = index.checked_sub(1).map(|i| {
            (
                index * SNAPSHOT_EVERY,
                Arc::clone(&self.snapshots[i as usize]),
            )
        });
        super::ReplayCursor::new(self.options.clone(), self.seed, self.journal.share(), after)
            .starting_at(start)
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
