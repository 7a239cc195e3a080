use std::{
    pin::Pin,
    sync::{Arc, OnceLock},
};

use prost::bytes::Bytes;
use tokio::{sync::watch, time::Instant};
use tokio_stream::{Stream, StreamExt, wrappers::BroadcastStream};

pub use super::render::{Detail, UpdateShape};
use super::{
    EncodedApplyResponse, EncodedUpdate, EncodedView, WireRules,
    encoded::{encode, encode_each},
    render, simulate,
};
use crate::{
    matches::{
        ClockOptions, Match, MatchError, OnExpiry, ReplayCursor, Replayed, StandIn, Turn, Update,
        checked_note,
        search::{Decision, Think},
    },
    pb,
    rules::core::{Seat, Viewer},
};

/// Live updates rendered for one viewer; `Err(n)` means the watcher fell
/// `n` updates behind and must catch up with [`HostedGame::catch_up`].
pub type LiveUpdates = Pin<Box<dyn Stream<Item = Result<EncodedUpdate, u64>> + Send>>;

/// What [`PastUpdates::next`] produced.
#[derive(Debug)]
pub enum CaughtUp {
    /// The next past update, rendered for the viewer.
    Update(EncodedUpdate),
    /// The step budget ran out first: call again (after yielding).
    Pending,
    /// Every past update has been handed out.
    Done,
}

/// Re-creates past updates for one viewer, outside the game's lock, one at
/// a time and only when asked: a watcher that does not read costs nothing
/// more than this cursor.
pub trait PastUpdates: Send {
    /// The next past update, replaying at most `budget` versions to reach it.
    fn next(&mut self, budget: usize) -> Result<CaughtUp, MatchError>;
}

/// A viewer's catch-up, see [`PastUpdates`].
pub type CatchUp = Box<dyn PastUpdates>;

/// A search bot's thinking, to run off the game's lock, in slices.
pub type Thinking = Box<dyn Think>;

/// A checked `Simulate` call on a copy of the game, to run off its lock.
pub type Simulation = Box<dyn FnOnce() -> Result<pb::SimulateResponse, MatchError> + Send>;

struct Catching<R: WireRules> {
    cursor: ReplayCursor<R>,
    /// The game's stand-ins when the catch-up began, `(version, why)` in
    /// version order (MC-STANDIN-01).
    stand_ins: Vec<(u64, StandIn)>,
    game_id: Arc<str>,
    chosen: bool,
    viewer: Viewer,
    shape: UpdateShape,
    detail: Detail,
}

impl<R: WireRules> PastUpdates for Catching<R> {
    fn next(&mut self, budget: usize) -> Result<CaughtUp, MatchError> {
        let (viewer, detail) = (self.viewer, self.detail);
        Ok(match self.cursor.step(budget)? {
            Replayed::Update(version, events, state) => CaughtUp::Update(render::update(
                (version, stand_in_at(&self.stand_ins, version)),
                state,
                viewer,
                self.shape,
                || encode_each(&render::events(state, events, viewer, detail)),
                || {
                    encode(&marked(
                        render::view(&self.game_id, state, version, viewer, detail),
                        self.chosen,
                    ))
                },
            )),
            Replayed::Pending => CaughtUp::Pending,
            Replayed::Done => CaughtUp::Done,
        })
    }
}

/// The stand-in of `version`, if the server played it (MC-STANDIN-01).
fn stand_in_at(stand_ins: &[(u64, StandIn)], version: u64) -> Option<&StandIn> {
    stand_ins
        .binary_search_by_key(&version, |(at, _)| *at)
        .ok()
        .map(|index| &stand_ins[index].1)
}

/// What one viewer's streams of one update share, each part rendered and
/// encoded by the first stream (or `GetView` or `ApplyAction` answer) that
/// needs it, once per [`Detail`] (at [`Detail::index`]); every other
/// reader sends the same bytes.
#[derive(Debug, Default)]
struct SharedRendering {
    /// Each an encoded `Event`.
    events: [OnceLock<Vec<Bytes>>; Detail::COUNT],
    /// An encoded `View`.
    view: [OnceLock<Bytes>; Detail::COUNT],
}

/// `viewer`'s update, rendered once per viewer for all its readers.
fn shared_update<R: WireRules>(
    update: &Update<R>,
    game_id: &str,
    chosen: bool,
    viewer: Viewer,
    (shape, detail): (UpdateShape, Detail),
) -> EncodedUpdate {
    let state = &update.state;
    let events = || encode_each(&render::events(state, &update.events, viewer, detail));
    let view = || {
        let mut view = marked(
            render::view(game_id, state, update.version, viewer, detail),
            chosen,
        );
        view.clocks = render::clocks(&update.clocks);
        encode(&view)
    };
    match shared_for(update, viewer) {
        Some(shared) => render::update(
            (update.version, update.stand_in.as_ref()),
            state,
            viewer,
            shape,
            || shared.events[detail.index()].get_or_init(events).clone(),
            || shared.view[detail.index()].get_or_init(view).clone(),
        ),
        None => render::update(
            (update.version, update.stand_in.as_ref()),
            state,
            viewer,
            shape,
            events,
            view,
        ),
    }
}

/// The renderings of `viewer` kept in `update`.
fn shared_for<R: WireRules>(update: &Update<R>, viewer: Viewer) -> Option<&SharedRendering> {
    update
        .rendered_for(viewer, || Arc::new(SharedRendering::default()))?
        .downcast_ref()
}

/// A remote bot's turn: what the server sends it (MC-BOT-01).
#[derive(Clone, Debug)]
pub struct RemoteTurn {
    /// The seat it plays.
    pub seat: Seat,
    /// The version the decision is at.
    pub version: u64,
    /// Where the bot answers.
    pub endpoint: Arc<str>,
    /// Its read-only token for the seat (MC-BOT-03).
    pub observer_token: String,
    /// The seat's view, and no other (MC-BOT-01).
    pub view: pb::View,
    /// The seat's time left on its clock, if clocked.
    pub time_left: Option<std::time::Duration>,
}

/// The clock options of a request, checked (`None`: no clock).
pub fn clock_options(options: &pb::GameOptions) -> Result<Option<ClockOptions>, MatchError> {
    let Some(clock) = &options.clock else {
        return Ok(None);
    };
    let on_expiry = match pb::ClockExpiry::try_from(clock.on_expiry) {
        Ok(pb::ClockExpiry::DefaultThenForfeit) => OnExpiry::DefaultThenForfeit,
        Ok(pb::ClockExpiry::Forfeit) => OnExpiry::Forfeit,
        Err(_) => {
            return Err(MatchError::InvalidArgument(format!(
                "options.clock.on_expiry {} is not a ClockExpiry value (MC-CLOCK-04)",
                clock.on_expiry
            )));
        }
    };
    if clock.per_decision_ms == 0 && clock.bank_ms == 0 && clock.game_ms > 0 {
        // MC-CLOCK-06 alone: the game is limited, no decision is.
        return ClockOptions::game_limit_only(clock.game_ms).map(Some);
    }
    ClockOptions::from_ms(
        clock.per_decision_ms,
        clock.bank_ms,
        clock.increment_ms,
        clock.first_decision_ms,
        on_expiry,
    )?
    .with_max_bank_ms(clock.max_bank_ms)?
    .with_game_ms(clock.game_ms)
    .map(Some)
}

/// A hosted match of any game, as the server sees it: every method speaks
/// the contract's types and is synchronous (called under the game's lock).
pub trait HostedGame: Send + 'static {
    /// The `GameKind` number.
    fn kind(&self) -> i32;
    /// How many actions have been applied.
    fn version(&self) -> u64;
    /// In progress or finished.
    fn status(&self) -> pb::GameStatus;
    /// The seats, without tokens.
    fn seats(&self) -> Vec<pb::SeatGrant>;
    /// The listing entry.
    fn summary(&self) -> pb::GameSummary;
    /// Checks a seat's bearer token and returns its viewer.
    fn authorize(&self, seat: u32, token: Option<&str>) -> Result<Viewer, MatchError>;
    /// The current view for `viewer`, as much of it as `detail` asks for.
    fn view(&self, viewer: Viewer, detail: Detail) -> pb::View;
    /// [`HostedGame::view`], encoded: the bytes a stream of this viewer
    /// sends for the current version when it has encoded them already.
    fn encoded_view(&self, viewer: Viewer, detail: Detail) -> EncodedView;
    /// Applies an authorized seat's action, with its bot's note
    /// (MC-NOTE-01; empty: none); on error nothing changes. The response
    /// carries the seat's view unless `omit_view`, and its view and events
    /// as much as `detail` asks for.
    fn apply(
        &mut self,
        seat: Seat,
        expected_version: u64,
        action: &pb::Action,
        note: &str,
        view: (bool, Detail),
    ) -> Result<EncodedApplyResponse, MatchError>;
    /// Lets the built-in bots play at most `budget` moves; says whether a bot
    /// still has a move to make (`budget` 0 only asks).
    fn play_bots(&mut self, budget: usize) -> bool;
    /// Checks a token that reads for a seat: the seat's own, or its remote
    /// bot's read-only token (MC-BOT-03).
    fn authorize_observer(&self, seat: u32, token: Option<&str>) -> Result<Viewer, MatchError>;
    /// Resigns an authorized seat (MC-RESIGN-01).
    fn concede(&mut self, seat: Seat) -> Result<pb::ConcedeResponse, MatchError>;
    /// What the game waits on, followed, for a game with a clock or a
    /// remote seat; `None` for any other.
    fn turns(&mut self) -> Option<watch::Receiver<Turn>>;
    /// Another server of the fleet took the game (why, a sentence): every
    /// change is refused from now on with `Unavailable`, and its bots and
    /// clock stop here.
    fn mark_moved(&mut self, reason: String);
    /// Plays for the seat whose time ran out (MC-CLOCK-04) if the game is
    /// still at `version`; says whether it did.
    fn expire(&mut self, version: u64) -> Result<bool, MatchError>;
    /// The remote bot's turn the game waits on, if it does.
    fn remote_turn(&self) -> Option<RemoteTurn>;
    /// Every seat a remote bot plays, with its endpoint (MC-BOT-04).
    fn remote_seats(&self) -> Vec<(Seat, Arc<str>)>;
    /// The result of a finished game that is this server's to run (not
    /// read-only, not moved); `None` otherwise.
    fn result(&self) -> Option<pb::GameResult>;
    /// Plays a remote bot's answer (or why it gave none, MC-STANDIN-01)
    /// for `seat` at `version` (MC-BOT-02); says whether anything was
    /// played.
    fn answer(
        &mut self,
        seat: Seat,
        version: u64,
        answer: Result<&pb::DecideResponse, StandIn>,
    ) -> Result<bool, MatchError>;

    /// The search a search bot to act is to run off the game's lock (see
    /// [`Match::search_job`]); `None` when no search bot is to act.
    fn search_job(&self) -> Option<Thinking>;
    /// Plays a search bot's decision if the game has not moved since its
    /// job was taken, then the other bots' next slice; says whether a bot
    /// still has a move to make.
    fn apply_decision(&mut self, decision: Decision) -> bool;
    /// Checks a `Simulate` call for `seat` (its observer token, its
    /// actions, its bounds) and returns the simulation to run off the
    /// game's lock, on a copy of the state.
    fn simulation(
        &self,
        seat: u32,
        token: Option<&str>,
        request: &pb::SimulateRequest,
    ) -> Result<Simulation, MatchError>;
    /// The full record for a replay.
    fn replay(&self) -> pb::Replay;
    /// One page of the replay: the actions after version `after`, at most
    /// `max_actions` of them and no more than `max_bytes` encoded (at least
    /// one, whatever its size), with `next_page_token` set when more follow.
    fn replay_page(&self, after: u64, max_actions: usize, max_bytes: usize) -> pb::Replay;
    /// The current version and the live updates after it, for `viewer`,
    /// shaped and detailed as its stream asked.
    fn subscribe(&mut self, viewer: Viewer, shape: (UpdateShape, Detail)) -> (u64, LiveUpdates);
    /// Past updates after `after`, for `viewer`, shaped and detailed as its
    /// stream asked.
    fn catch_up(&self, viewer: Viewer, after: u64, shape: (UpdateShape, Detail)) -> CatchUp;
}

/// A [`Match`] of ruleset `R` with its id and the options as the client sent
/// them (for replays).
pub struct Hosted<R: WireRules> {
    game_id: Arc<str>,
    options: pb::GameOptions,
    /// The creator chose the seed: shown in every view, summary and replay.
    seed_chosen_by_creator: bool,
    /// When it was created (seconds since the Unix epoch), for listings.
    created_unix: u64,
    game: Match<R>,
    /// The remote bots' read-only tokens (MC-BOT-03), by seat: the server
    /// hands each to its bot with every `Decide`. Memory only.
    observers: Vec<(Seat, String)>,
}

impl<R: WireRules> Hosted<R> {
    /// The hosted game, keeping the remote bots' read-only tokens that
    /// [`Match::make_remote`] issued (MC-BOT-03).
    pub fn with_observers(mut self, observers: Vec<(Seat, String)>) -> Self {
        self.observers = observers;
        self
    }

    /// The hosted game, created at `created_unix` (seconds since the Unix
    /// epoch) rather than now: a game taken back from the journal.
    pub fn created_at(mut self, created_unix: u64) -> Self {
        self.created_unix = created_unix;
        self
    }

    /// Wraps a new match, created now.
    pub fn new(
        game_id: &str,
        options: pb::GameOptions,
        seed_chosen_by_creator: bool,
        game: Match<R>,
    ) -> Self {
        Hosted {
            game_id: game_id.into(),
            options,
            seed_chosen_by_creator,
            created_unix: crate::store::unix_now(),
            game,
            observers: Vec::new(),
        }
    }
}

/// `view` marked as a game whose seed the creator chose (or not).
fn marked(view: pb::View, seed_chosen_by_creator: bool) -> pb::View {
    pb::View {
        seed_chosen_by_creator,
        ..view
    }
}

impl<R: WireRules> HostedGame for Hosted<R> {
    fn kind(&self) -> i32 {
        R::KIND
    }

    fn version(&self) -> u64 {
        self.game.version()
    }

    fn status(&self) -> pb::GameStatus {
        render::status_of(self.game.state())
    }

    fn seats(&self) -> Vec<pb::SeatGrant> {
        self.game
            .seats()
            .iter()
            .enumerate()
            .map(|(index, slot)| pb::SeatGrant {
                seat: index as u32,
                plays: slot.plays.clone(),
                bot: slot
                    .bot()
                    .map(|bot| bot.name())
                    .or_else(|| slot.remote().map(str::to_owned))
                    .unwrap_or_default(),
                token: String::new(),
            })
            .collect()
    }

    fn summary(&self) -> pb::GameSummary {
        pb::GameSummary {
            game_id: self.game_id.to_string(),
            kind: R::KIND,
            status: self.status() as i32,
            version: self.version(),
            seats: self.seats(),
            to_act: self
                .game
                .state()
                .to_act()
                .iter()
                .map(|s| u32::from(s.0))
                .collect(),
            seed_chosen_by_creator: self.seed_chosen_by_creator,
            options: Some(self.options.clone()),
            result: self.result(),
            created_unix: self.created_unix,
        }
    }

    fn authorize(&self, seat: u32, token: Option<&str>) -> Result<Viewer, MatchError> {
        self.game.authorize(seat, token).map(Viewer::Seat)
    }

    fn view(&self, viewer: Viewer, detail: Detail) -> pb::View {
        let mut view = marked(
            render::view(
                &self.game_id,
                self.game.state(),
                self.version(),
                viewer,
                detail,
            ),
            self.seed_chosen_by_creator,
        );
        // The clocks as they are now, not as the update's stream saw them.
        if self.game.clock().is_some() {
            view.clocks = render::clocks(&self.game.clocks(Instant::now()));
        }
        view
    }

    fn encoded_view(&self, viewer: Viewer, detail: Detail) -> EncodedView {
        // A clocked view shows the clocks as they are now, not as the
        // update's stream saw them: it is never shared.
        if self.game.clock().is_some() {
            return EncodedView::of(&self.view(viewer, detail));
        }
        // While the game is watched, the view of the current version may
        // already be encoded for a stream of this viewer.
        match self
            .game
            .last_update()
            .and_then(|update| shared_for(update, viewer))
        {
            Some(shared) => EncodedView(
                shared.view[detail.index()]
                    .get_or_init(|| encode(&self.view(viewer, detail)))
                    .clone(),
            ),
            None => EncodedView::of(&self.view(viewer, detail)),
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        expected_version: u64,
        action: &pb::Action,
        note: &str,
        (omit_view, detail): (bool, Detail),
    ) -> Result<EncodedApplyResponse, MatchError> {
        let note = checked_note(note)?;
        let action = R::action_from_pb(action)?;
        let applied = self
            .game
            .apply_noted(seat, expected_version, &action, note)?;
        let viewer = Viewer::Seat(seat);
        Ok(EncodedApplyResponse {
            version: applied.version,
            events: encode_each(&render::events(
                self.game.state(),
                &applied.events,
                viewer,
                detail,
            )),
            view: (!omit_view).then(|| self.encoded_view(viewer, detail).0),
        })
    }

    fn play_bots(&mut self, budget: usize) -> bool {
        self.game.play_bots(budget)
    }

    fn authorize_observer(&self, seat: u32, token: Option<&str>) -> Result<Viewer, MatchError> {
        self.game.authorize_observer(seat, token).map(Viewer::Seat)
    }

    fn concede(&mut self, seat: Seat) -> Result<pb::ConcedeResponse, MatchError> {
        let applied = self.game.concede(seat)?;
        let viewer = Viewer::Seat(seat);
        Ok(pb::ConcedeResponse {
            version: applied.version,
            events: render::events(self.game.state(), &applied.events, viewer, Detail::Full),
            view: Some(self.view(viewer, Detail::Full)),
        })
    }

    fn turns(&mut self) -> Option<watch::Receiver<Turn>> {
        self.game.turns()
    }

    fn mark_moved(&mut self, reason: String) {
        self.game.mark_moved(reason);
    }

    fn expire(&mut self, version: u64) -> Result<bool, MatchError> {
        Ok(self.game.expire(version, Instant::now())?.is_some())
    }

    fn remote_seats(&self) -> Vec<(Seat, Arc<str>)> {
        self.game
            .seats()
            .iter()
            .enumerate()
            .filter_map(|(index, slot)| Some((Seat(index as u8), Arc::from(slot.remote()?))))
            .collect()
    }

    fn result(&self) -> Option<pb::GameResult> {
        if self.game.read_only().is_some() {
            return None;
        }
        self.game.state().result().map(render::result_to_pb)
    }

    fn remote_turn(&self) -> Option<RemoteTurn> {
        let seat = self.game.state().to_act()?;
        if self.game.read_only().is_some() {
            return None;
        }
        let endpoint = self.game.seats().get(seat.index())?.remote()?;
        let observer_token = self
            .observers
            .iter()
            .find(|(remote, _)| *remote == seat)
            .map(|(_, token)| token.clone())?;
        Some(RemoteTurn {
            seat,
            version: self.version(),
            endpoint: endpoint.into(),
            observer_token,
            view: self.view(Viewer::Seat(seat), Detail::Full),
            time_left: self.game.time_left(seat, Instant::now()),
        })
    }

    fn answer(
        &mut self,
        seat: Seat,
        version: u64,
        answer: Result<&pb::DecideResponse, StandIn>,
    ) -> Result<bool, MatchError> {
        // A malformed answer (no action, one that does not read, a note
        // too long, MC-NOTE-01) is handled like an illegal one (MC-BOT-02).
        let note = answer
            .as_ref()
            .ok()
            .map(|answer| checked_note(&answer.note));
        let note = match note {
            Some(Err(_)) => {
                let why = Err(StandIn::BotMalformedAnswer);
                return Ok(self.game.answer(seat, version, why, None)?.is_some());
            }
            Some(Ok(note)) => note,
            None => None,
        };
        let answer = answer.and_then(|answer| {
            let action = answer.action.as_ref().ok_or(StandIn::BotMalformedAnswer)?;
            R::action_from_pb(action).map_err(|_| StandIn::BotMalformedAnswer)
        });
        Ok(self.game.answer(seat, version, answer, note)?.is_some())
    }

    fn search_job(&self) -> Option<Thinking> {
        Some(Box::new(self.game.search_job()?))
    }

    fn apply_decision(&mut self, decision: Decision) -> bool {
        self.game.apply_decision(decision)
    }

    fn simulation(
        &self,
        seat: u32,
        token: Option<&str>,
        request: &pb::SimulateRequest,
    ) -> Result<Simulation, MatchError> {
        let seat = self.game.authorize_observer(seat, token)?;
        let plan = simulate::Plan::<R>::check(request)?;
        let state = self.game.state().clone();
        let game_id = self.game_id.clone();
        let version = self.version();
        let chosen = self.seed_chosen_by_creator;
        Ok(Box::new(move || {
            let samples = plan.run(&state, seat, |sample, steps| {
                marked(
                    render::view(
                        &game_id,
                        sample,
                        version + steps,
                        Viewer::Seat(seat),
                        Detail::Full,
                    ),
                    chosen,
                )
            })?;
            Ok(pb::SimulateResponse { version, samples })
        }))
    }

    fn replay(&self) -> pb::Replay {
        self.replay_page(0, usize::MAX, usize::MAX)
    }

    fn replay_page(&self, after: u64, max_actions: usize, max_bytes: usize) -> pb::Replay {
        use prost::Message;
        let journal = self.game.journal();
        let first = usize::try_from(after).map_or(journal.len(), |a| a.min(journal.len()));
        let stand_ins = self.game.stand_ins();
        let mut stand_ins = stand_ins[stand_ins.partition_point(|(at, _)| *at <= first as u64)..]
            .iter()
            .peekable();
        let notes = self.game.notes();
        let mut notes = notes[notes.partition_point(|(at, _)| *at <= first as u64)..]
            .iter()
            .peekable();
        let mut actions = Vec::new();
        let mut bytes = 0usize;
        for (index, (seat, action)) in (first..).zip(journal.iter_from(first)) {
            if actions.len() >= max_actions {
                break;
            }
            let version = index as u64 + 1;
            let recorded = pb::RecordedAction {
                version,
                seat: u32::from(seat.0),
                action: Some(R::action_to_pb(action)),
                stand_in: stand_ins
                    .next_if(|(at, _)| *at == version)
                    .map(|(_, why)| super::stand_in_to_pb(why)),
                note: notes
                    .next_if(|(at, _)| *at == version)
                    .map(|(_, note)| note.to_string())
                    .unwrap_or_default(),
            };
            // The field's tag and length prefix included.
            let size = recorded.encoded_len() + 8;
            if !actions.is_empty() && bytes + size > max_bytes {
                break;
            }
            bytes += size;
            actions.push(recorded);
        }
        let reached = first + actions.len();
        let next_page_token = if reached < journal.len() {
            reached.to_string()
        } else {
            String::new()
        };
        pb::Replay {
            game_id: self.game_id.to_string(),
            kind: R::KIND,
            options: Some(self.options.clone()),
            seed: self.game.seed(),
            actions,
            status: self.status() as i32,
            seats: self.seats(),
            seed_chosen_by_creator: self.seed_chosen_by_creator,
            next_page_token,
        }
    }

    fn subscribe(&mut self, viewer: Viewer, shape: (UpdateShape, Detail)) -> (u64, LiveUpdates) {
        let (version, receiver) = self.game.subscribe();
        let game_id = self.game_id.clone();
        let chosen = self.seed_chosen_by_creator;
        let live = BroadcastStream::new(receiver).map(move |item| match item {
            Ok(update) => Ok(shared_update(&update, &game_id, chosen, viewer, shape)),
            Err(tokio_stream::wrappers::errors::BroadcastStreamRecvError::Lagged(missed)) => {
                Err(missed)
            }
        });
        (version, Box::pin(live))
    }

    fn catch_up(
        &self,
        viewer: Viewer,
        after: u64,
        (shape, detail): (UpdateShape, Detail),
    ) -> CatchUp {
        Box::new(Catching {
            cursor: self.game.cursor(after),
            stand_ins: self.game.stand_ins().to_vec(),
            game_id: self.game_id.clone(),
            chosen: self.seed_chosen_by_creator,
            viewer,
            shape,
            detail,
        })
    }
}
