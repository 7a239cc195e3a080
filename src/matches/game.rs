use std::sync::Arc;

use tokio::sync::broadcast;

use super::{BotKind, History, MatchError, SeatToken, TokenHash, Update};
use crate::rules::core::{GameRng, RngStream, Ruleset, Seat, Viewer};

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
    journal: History<(Seat, R::Action)>,
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
        let mut game = Match {
            seed,
            options,
            state,
            journal: History::default(),
            snapshots: Vec::new(),
            seats,
            updates: None,
            last_update: None,
            scratch: Vec::new(),
            bot_streak: 0,
        };
        game.bot_moves(BOT_SLICE, &mut Vec::new());
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
    /// current version, then lets bots play at most [`BOT_SLICE`] moves
    /// ([`Match::play_bots`] plays on). On error nothing changes.
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
        self.bot_streak = 0;
        self.bot_moves(BOT_SLICE, &mut events);
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
        if version % SNAPSHOT_EVERY == 0 {
            self.snapshots.push(Arc::new(self.state.clone()));
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
        self.last_update = watched.map(|updates| {
            let update = Arc::new(Update::new(
                version,
                out[first..].to_vec(),
                self.state.clone(),
            ));
            // No receiver left between the check and the send is harmless.
            let _ = updates.send(Arc::clone(&update));
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
        self.bot_to_act().is_some()
    }

    /// The bot seat to act, unless bots have played their most moves in a
    /// row.
    fn bot_to_act(&self) -> Option<Seat> {
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
