use std::sync::Arc;

use rand::{TryRngCore, rngs::OsRng};
use tokio::sync::watch;
use tokio_stream::wrappers::ReceiverStream;
use tonic::{Request, Response, Status};

use super::{
    ServerConfig,
    auth::{bearer, is_admin},
    bots::BotPool,
    client::client_of,
    clock::Referee,
    fleet::{Hosting, Journaling},
    from_replay::{ReplayRuns, creation_cost},
    peers::{Peers, peer_ip},
    quotas::Quotas,
    remote_bot::RemoteBots,
    stream,
};
use crate::{
    api::{
        Catalog, CreateSpec, Detail, EncodedApplyResponse, EncodedUpdate, EncodedView, HostedGame,
        UpdateShape, is_endpoint,
    },
    matches::{
        BotKind, Entry, MAX_LISTING_WALK, MAX_RULE_OPTIONS, MatchError, Registry, SeatPlan,
        Watcher, bounded_name, echo, new_game_id,
    },
    pb::{self, served::game_service_server::GameService},
    rules::core::{Seat, Viewer},
    store::Store,
};

/// The games a server hosts, behind their registry.
pub type Games = Registry<Box<dyn HostedGame>>;

/// One live game of the server.
pub type GameEntry = Arc<Entry<Box<dyn HostedGame>>>;

const DEFAULT_PAGE_SIZE: u32 = 50;
const MAX_PAGE_SIZE: u32 = 500;

/// The most actions one GetReplay page holds (and the default page size).
const MAX_REPLAY_PAGE_ACTIONS: u32 = 50_000;
/// A GetReplay page stops before its actions pass this many encoded bytes,
/// well under the 4 MiB message limit.
const MAX_REPLAY_PAGE_BYTES: usize = 2 << 20;

/// The `GameService` implementation: validate, call the domain, convert.
pub struct GameServiceImpl {
    games: Arc<Games>,
    catalog: Arc<Catalog>,
    admin_token: Option<String>,
    shutdown: watch::Receiver<bool>,
    bots: BotPool,
    /// Drives clocks and remote bots (one task per such game).
    referee: Referee,
    /// The journal, and what loads and adopts games in a fleet.
    hosting: Hosting,
    /// Connections and streams per client address (P13).
    peers: Arc<Peers>,
    /// The most iterations a search bot may think per decision.
    max_search_iterations: u32,
    /// Each client's live games and creations (issue P13).
    quotas: Quotas,
    /// Where games from replays are played (off the async workers).
    replays: ReplayRuns,
}

/// What `ListGames` and `GetReplay` show of a remote bot to anyone but the
/// admin: its kind, never its address (P13).
const REMOTE_BOT: &str = "remote";

/// Hides remote bots' endpoints (`http://HOST:PORT`, an address of the
/// operator's network) in seat listings meant for anyone.
fn hide_endpoints(seats: &mut [pb::SeatGrant]) {
    for seat in seats {
        if is_endpoint(&seat.bot) {
            seat.bot = REMOTE_BOT.to_owned();
        }
    }
}

/// Who a seat call speaks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Access {
    /// To act: only the seat's own token.
    Act,
    /// To read: the seat's token or its remote bot's read-only one
    /// (MC-BOT-03).
    Read,
}

impl GameServiceImpl {
    /// A service over `games`, hosting the kinds in `catalog`.
    /// Streams end (with `UNAVAILABLE`) once `shutdown` turns true, so that
    /// a graceful shutdown is not held open by watchers of unfinished games.
    pub fn new(
        games: Arc<Games>,
        catalog: Catalog,
        config: &ServerConfig,
        shutdown: watch::Receiver<bool>,
    ) -> Self {
        let bots = BotPool::default().with_shares(config.simulation_shares);
        let replays = ReplayRuns::new(bots.permits());
        let remote = Arc::new(RemoteBots::new(config.remote_bots.clone()));
        let catalog = Arc::new(catalog);
        let referee = Referee::new(bots.clone(), remote);
        let hosting = Hosting::new(
            games.clone(),
            catalog.clone(),
            bots.clone(),
            referee.clone(),
            Journaling::default(),
            shutdown.clone(),
        );
        GameServiceImpl {
            games,
            catalog,
            admin_token: config.admin_token.clone(),
            shutdown,
            referee,
            bots,
            hosting,
            peers: Peers::new(&config.connections),
            max_search_iterations: config.max_search_iterations,
            quotas: Quotas::new(config.quotas.clone()),
            replays,
        }
    }

    /// The counts of connections and streams per client, shared with the
    /// accept loop.
    pub(crate) fn peers(&self) -> Arc<Peers> {
        self.peers.clone()
    }

    /// Whether the request carries the admin token.
    fn is_admin<T>(&self, request: &Request<T>) -> bool {
        matches!(bearer(request), Ok(Some(token)) if is_admin(self.admin_token.as_deref(), token))
    }

    /// Journals every game created from now on to `store`, and lets the
    /// bots of the games recovered from it play on (`resumed`), their
    /// clocks run and their remote bots be called again (`driven`).
    pub fn with_store(
        mut self,
        store: Arc<Store>,
        resumed: &[GameEntry],
        driven: &[GameEntry],
    ) -> Self {
        self.hosting.journaling = Journaling::ready(store);
        for entry in resumed {
            self.bots.play_on(entry, format!("game {}", entry.id()));
        }
        for entry in driven {
            self.referee.drive(entry, false);
        }
        self
    }

    /// Journals to a fleet's shared journal once `super::fleet::join`
    /// reaches it; until then calls answer UNAVAILABLE.
    pub fn with_fleet(mut self) -> Self {
        self.hosting.journaling = Journaling::pending_fleet();
        self
    }

    /// What loads and adopts games, shared with the fleet's tasks.
    pub(crate) fn hosting(&self) -> Hosting {
        self.hosting.clone()
    }

    /// The game and the viewer a request speaks for: a seat whose bearer
    /// token matches, or the spectator when no seat is named.
    fn viewer<T>(
        &self,
        request: &Request<T>,
        game_id: &str,
        seat: Option<u32>,
        access: Access,
    ) -> Result<(GameEntry, Viewer), Status> {
        bounded_name("game_id", game_id)?;
        let entry = self.games.get(game_id)?;
        let viewer = match (seat, access) {
            (None, _) => Viewer::Spectator,
            (Some(seat), Access::Act) => entry.peek().authorize(seat, bearer(request)?)?,
            (Some(seat), Access::Read) => {
                entry.peek().authorize_observer(seat, bearer(request)?)?
            }
        };
        Ok((entry, viewer))
    }

    /// The seat call's seat, authorized to act.
    fn acting_seat<T>(
        &self,
        request: &Request<T>,
        game_id: &str,
        seat: u32,
    ) -> Result<(GameEntry, Seat), Status> {
        match self.viewer(request, game_id, Some(seat), Access::Act)? {
            (entry, Viewer::Seat(seat)) => Ok((entry, seat)),
            (_, Viewer::Spectator) => Err(Status::from(MatchError::Internal(
                "a seat call resolved to the spectator".to_owned(),
            ))),
        }
    }
}

/// Each seat's plan, each remote seat's endpoint (MC-BOT-01, checked
/// against the server's allow list) and what each seat asked to play.
type SeatPlans = (Vec<SeatPlan>, Vec<Option<String>>, Vec<String>);

fn seat_plans(
    seats: &[pb::SeatConfig],
    remote: &RemoteBots,
    max_search_iterations: u32,
) -> Result<SeatPlans, MatchError> {
    let mut plans = Vec::with_capacity(seats.len());
    let mut remotes = Vec::with_capacity(seats.len());
    for seat in seats {
        let (bot, endpoint) = match seat.bot.as_str() {
            "" => (None, None),
            endpoint if is_endpoint(endpoint) => {
                remote.check(endpoint)?;
                (None, Some(endpoint.to_owned()))
            }
            name => (
                Some(search_within(BotKind::parse(name)?, max_search_iterations)?),
                None,
            ),
        };
        plans.push(SeatPlan { bot });
        remotes.push(endpoint);
    }
    let plays = seats.iter().map(|seat| seat.plays.clone()).collect();
    Ok((plans, remotes, plays))
}

/// Refuses a search bot that would think more than this server allows per
/// decision: every game's built-in bots share the bot cores.
fn search_within(bot: BotKind, max_search_iterations: u32) -> Result<BotKind, MatchError> {
    match bot.search() {
        Some(search) if search.iterations > max_search_iterations => {
            Err(MatchError::InvalidArgument(format!(
                "bot {}: this server's search bots think at most {max_search_iterations} \
                 iterations a decision (--max-search-iterations); ask for mcts:N with N \
                 up to {max_search_iterations}",
                bot.name()
            )))
        }
        _ => Ok(bot),
    }
}

/// Refuses a `CreateGame` whose names are longer than the contract allows
/// (`MAX_NAME_BYTES` each, `MAX_RULE_OPTIONS` rules options), before any of
/// them is looked up or quoted.
fn check_names(request: &pb::CreateGameRequest) -> Result<(), MatchError> {
    for (index, seat) in request.seats.iter().enumerate() {
        bounded_name(&format!("seats[{index}].bot"), &seat.bot)?;
        bounded_name(&format!("seats[{index}].plays"), &seat.plays)?;
    }
    let Some(options) = &request.options else {
        return Ok(());
    };
    bounded_name("options.preset", &options.preset)?;
    if options.rules.len() > MAX_RULE_OPTIONS {
        return Err(MatchError::InvalidArgument(format!(
            "options.rules has {} entries; at most {MAX_RULE_OPTIONS} are accepted",
            options.rules.len()
        )));
    }
    for (name, value) in &options.rules {
        bounded_name("an options.rules name", name)?;
        bounded_name("an options.rules value", value)?;
    }
    if let Some(pb::game_options::Game::Imperium(imperium)) = &options.game {
        for leader in imperium.leaders.iter().chain(&imperium.rival_leaders) {
            bounded_name("an options.imperium leader", leader)?;
        }
    }
    Ok(())
}

fn os_seed() -> Result<u64, Status> {
    OsRng.try_next_u64().map_err(|error| {
        tracing::error!(%error, "no seed from the OS generator");
        Status::from(MatchError::Internal(
            "the server could not draw a seed; try again, or give one".to_owned(),
        ))
    })
}

#[tonic::async_trait]
impl GameService for GameServiceImpl {
    async fn create_game(
        &self,
        request: Request<pb::CreateGameRequest>,
    ) -> Result<Response<pb::CreateGameResponse>, Status> {
        let client = client_of(&request, self.quotas.api_keys())?;
        self.hosting.check_not_stopping()?;
        let (request, given) = super::from_replay::resolve(request.into_inner())?;
        check_names(&request)?;
        self.games.check_capacity()?;
        let (plans, remotes, plays) = seat_plans(
            &request.seats,
            self.referee.remote(),
            self.max_search_iterations,
        )?;
        // Checked once the request is known to be valid, before any work:
        // a game from a long replay counts as more than one creation.
        let admission = self
            .quotas
            .admit(&client, creation_cost(given.len()), &self.games)?;
        let seed_chosen_by_creator = request.seed.is_some();
        let seed = match request.seed {
            Some(seed) => seed,
            None => os_seed()?,
        };
        let game_id = new_game_id();
        let spec = CreateSpec {
            game_id: game_id.clone(),
            seed,
            seed_chosen_by_creator,
            options: request.options.unwrap_or_default(),
            plans,
            remotes,
            plays,
            given,
            store: self.hosting.journaling.store()?,
        };
        let kind = request.kind;
        let mut created = if spec.given.is_empty() {
            self.catalog.create(kind, spec)?
        } else {
            // Up to MAX_REPLAY_ACTIONS rules steps: never on an async worker.
            let catalog = self.catalog.clone();
            self.replays
                .run(move || catalog.create(kind, spec))
                .await??
        };
        let view = created.game.view(Viewer::Spectator, Detail::Full);
        let bots_play_on = created.game.play_bots(0);
        let entry = match self.games.insert(game_id.clone(), created.game) {
            Ok(entry) => entry,
            Err(error) => {
                // Journaled but refused: it must not come back at a restart.
                if let Ok(Some(store)) = self.hosting.journaling.store() {
                    let _ = store.delete(&game_id);
                }
                return Err(error.into());
            }
        };
        admission.created(&game_id);
        if bots_play_on {
            // The creator's turn of the bot cores, shared with its other
            // games.
            self.bots.play_on(&entry, client.to_string());
        }
        self.referee.drive(&entry, true);
        // Whoever knows the seed knows every hidden card, so it is never
        // logged; the kind is logged by name.
        let kind = pb::GameKind::try_from(request.kind)
            .map(|kind| kind.as_str_name())
            .unwrap_or("unknown");
        tracing::info!(%game_id, %kind, "game created");
        // A seed the server drew stays secret until the game is over (only
        // GetReplay reveals it, or the admin); a chosen one is the caller's.
        Ok(Response::new(pb::CreateGameResponse {
            game_id,
            seed: if seed_chosen_by_creator { seed } else { 0 },
            seats: created.seats,
            view: Some(view),
            seed_chosen_by_creator,
        }))
    }

    async fn get_view(
        &self,
        request: Request<pb::GetViewRequest>,
    ) -> Result<Response<EncodedView>, Status> {
        let detail = Detail::from_pb(request.get_ref().detail)?;
        self.hosting.ensure_here(&request.get_ref().game_id).await?;
        let (entry, viewer) = self.viewer(
            &request,
            &request.get_ref().game_id,
            request.get_ref().seat,
            Access::Read,
        )?;
        // Only a seat's reads renew the game's expiry, never a spectator's.
        let view = match viewer {
            Viewer::Spectator => entry.peek().encoded_view(viewer, detail),
            Viewer::Seat(_) => entry.lock().encoded_view(viewer, detail),
        };
        Ok(Response::new(view))
    }

    async fn apply_action(
        &self,
        request: Request<pb::ApplyActionRequest>,
    ) -> Result<Response<EncodedApplyResponse>, Status> {
        let body = request.get_ref();
        let detail = Detail::from_pb(body.detail)?;
        self.hosting.ensure_here(&body.game_id).await?;
        let (entry, seat) = self.acting_seat(&request, &body.game_id, body.seat)?;
        let client = client_of(&request, self.quotas.api_keys())?;
        let action = body.action.as_ref().ok_or_else(|| {
            Status::from(MatchError::InvalidArgument("action is required".to_owned()))
        })?;
        let (response, bots_play_on) = {
            let mut game = entry.lock();
            let response = game.apply(
                seat,
                body.expected_version,
                action,
                &body.note,
                (body.omit_view, detail),
            )?;
            (response, game.play_bots(0))
        };
        if bots_play_on {
            self.bots.play_on(&entry, client.to_string());
        }
        Ok(Response::new(response))
    }

    type StreamGameStream = ReceiverStream<Result<EncodedUpdate, Status>>;

    async fn stream_game(
        &self,
        request: Request<pb::StreamGameRequest>,
    ) -> Result<Response<Self::StreamGameStream>, Status> {
        let body = request.get_ref();
        let detail = Detail::from_pb(body.detail)?;
        self.hosting.ensure_here(&body.game_id).await?;
        let (entry, viewer) = self.viewer(&request, &body.game_id, body.seat, Access::Read)?;
        // Versions only grow, so a check before subscribing is enough.
        let current = entry.peek().version();
        if body.from_version > current {
            return Err(Status::from(MatchError::OutOfRange(format!(
                "from_version {} is beyond the game's current version {current}; \
                 stream from {current} or earlier",
                body.from_version
            ))));
        }
        let watcher = match viewer {
            Viewer::Seat(seat) => Watcher::Seat(u32::from(seat.0)),
            Viewer::Spectator => Watcher::Spectator,
        };
        // Per client address: its streams over the server, then its share
        // of this game's spectator slots (P13).
        let peer = request.remote_addr();
        let permit = self.peers.open_stream(peer)?;
        let guard = self.games.watch_from(&entry, watcher, peer.map(peer_ip))?;
        let shape = if body.events_only {
            UpdateShape::EventsOnly
        } else {
            UpdateShape::Full
        };
        let shape = (shape, detail);
        let receiver = stream::spawn(
            &entry,
            guard,
            viewer,
            body.from_version,
            shape,
            self.shutdown.clone(),
            permit,
        );
        Ok(Response::new(ReceiverStream::new(receiver)))
    }

    async fn list_games(
        &self,
        request: Request<pb::ListGamesRequest>,
    ) -> Result<Response<pb::ListGamesResponse>, Status> {
        let admin = self.is_admin(&request);
        let request = request.into_inner();
        bounded_name("page_token", &request.page_token)?;
        let limit = match request.page_size {
            0 => DEFAULT_PAGE_SIZE,
            size => size.min(MAX_PAGE_SIZE),
        } as usize;
        // A fleet lists every server's games, from the shared journal.
        if let Some(mut listing) = self.hosting.list_games(&request, limit).await? {
            if !admin {
                for summary in &mut listing.games {
                    hide_endpoints(&mut summary.seats);
                }
            }
            return Ok(Response::new(listing));
        }
        let before = match request.page_token.as_str() {
            "" => u64::MAX,
            token => token.parse::<u64>().map_err(|_| {
                Status::from(MatchError::InvalidArgument(format!(
                    "page_token {} was not issued by this server",
                    echo(token)
                )))
            })?,
        };
        // A filter that matches few games ends its page after looking at
        // MAX_LISTING_WALK of them: the page then holds fewer games than
        // asked (maybe none) and a token to go on from.
        let page = self
            .games
            .page(before, limit + 1, MAX_LISTING_WALK, |entry| {
                let game = entry.peek();
                (request.kind == 0 || game.kind() == request.kind)
                    && (request.status == 0 || game.status() as i32 == request.status)
            });
        let next_page_token = match (page.entries.get(limit), page.stopped_below) {
            (Some(_), _) => page.entries[limit - 1].sequence().to_string(),
            (None, Some(below)) => below.to_string(),
            (None, None) => String::new(),
        };
        let games = page
            .entries
            .iter()
            .take(limit)
            .map(|entry| {
                let mut summary = entry.peek().summary();
                if !admin {
                    hide_endpoints(&mut summary.seats);
                }
                summary
            })
            .collect();
        Ok(Response::new(pb::ListGamesResponse {
            games,
            next_page_token,
        }))
    }

    async fn get_replay(
        &self,
        request: Request<pb::GetReplayRequest>,
    ) -> Result<Response<pb::Replay>, Status> {
        bounded_name("game_id", &request.get_ref().game_id)?;
        bounded_name("page_token", &request.get_ref().page_token)?;
        self.hosting.ensure_here(&request.get_ref().game_id).await?;
        let entry = self.games.get(&request.get_ref().game_id)?;
        let token = bearer(&request)?;
        let game = entry.peek();
        if game.status() != pb::GameStatus::Finished {
            match (&self.admin_token, token) {
                (admin, Some(token)) if is_admin(admin.as_deref(), token) => {}
                (_, Some(_)) => {
                    return Err(Status::from(MatchError::PermissionDenied(
                        "the token is not the admin token; replays of running games need it"
                            .to_owned(),
                    )));
                }
                (_, None) => {
                    return Err(Status::from(MatchError::FailedPrecondition(
                        "the game is still running; its replay is available once it is over"
                            .to_owned(),
                    )));
                }
            }
        }
        let version = game.version();
        let after = match request.get_ref().page_token.as_str() {
            "" => 0,
            token => token
                .parse::<u64>()
                .ok()
                .filter(|after| *after <= version)
                .ok_or_else(|| {
                    Status::from(MatchError::InvalidArgument(format!(
                        "page_token {} was not issued by this server for this game",
                        echo(token)
                    )))
                })?,
        };
        let size = match request.get_ref().page_size {
            0 => MAX_REPLAY_PAGE_ACTIONS,
            size => size.min(MAX_REPLAY_PAGE_ACTIONS),
        } as usize;
        let mut replay = game.replay_page(after, size, MAX_REPLAY_PAGE_BYTES);
        drop(game);
        if !self.is_admin(&request) {
            hide_endpoints(&mut replay.seats);
        }
        Ok(Response::new(replay))
    }

    async fn concede(
        &self,
        request: Request<pb::ConcedeRequest>,
    ) -> Result<Response<pb::ConcedeResponse>, Status> {
        let body = request.get_ref();
        self.hosting.ensure_here(&body.game_id).await?;
        let (entry, seat) = self.acting_seat(&request, &body.game_id, body.seat)?;
        // MC-RESIGN-01: whoever is to act; journaled, streamed, and the
        // game's clock task hears that the game is over.
        let response = entry.lock().concede(seat)?;
        tracing::info!(game_id = %body.game_id, %seat, "a seat conceded");
        Ok(Response::new(response))
    }

    async fn simulate(
        &self,
        request: Request<pb::SimulateRequest>,
    ) -> Result<Response<pb::SimulateResponse>, Status> {
        let body = request.get_ref();
        bounded_name("game_id", &body.game_id)?;
        self.hosting.ensure_here(&body.game_id).await?;
        let entry = self.games.get(&body.game_id)?;
        // MC-SIM-05: admitted before the game is copied (bounded waiting,
        // a share per seat and per client first), checked and copied under
        // the lock, run off it on the blocking pool; the game is never
        // changed.
        let client = client_of(&request, self.quotas.api_keys())?;
        // The steps the call asks for, as Plan::check counts them; a call
        // beyond the bounds costs nothing, as Plan::check refuses it before
        // anything runs.
        let steps = u64::from(body.samples.max(1))
            .saturating_mul(body.actions.len() as u64 + u64::from(body.playout_steps));
        let within = body.samples <= crate::api::simulate::MAX_SAMPLES
            && steps <= crate::api::simulate::MAX_STEPS;
        let steps = if within { steps } else { 0 };
        let _admitted = self
            .bots
            .admit_simulation(entry.id(), body.seat, client, steps)?;
        // Checked before the game counts as active: a caller without the
        // seat's token does not renew its expiry.
        let simulation = entry
            .peek()
            .simulation(body.seat, bearer(&request)?, body)?;
        entry.touch();
        let response = self.bots.simulate(simulation).await??;
        Ok(Response::new(response))
    }
}
