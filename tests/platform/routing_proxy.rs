//! A stand-in for the proxy in front of a fleet (issue P14): it forwards
//! every `GameService` call to one real server, checks that each call that
//! names a game carries that game's id in the `x-melange-game` header (and
//! that `CreateGame` and `ListGames` carry none), and can fail calls the
//! way a fleet change does: an answer lost after the action was applied, a
//! stream that breaks, a view read from a server behind the journal.
use std::{
    collections::{BTreeMap, HashMap, HashSet},
    net::SocketAddr,
    pin::Pin,
    sync::{Arc, Mutex},
};

use melange::{
    api::{GAME_HEADER, NamesGame},
    pb::{
        self,
        game_service_server::{GameService, GameServiceServer},
    },
};
use tokio_stream::{Stream, StreamExt};
use tonic::{Request, Response, Status};

use super::support::Client;

/// The failures the proxy makes, each once per game (or per seat).
#[derive(Clone, Copy, Debug, Default)]
pub struct Faults {
    /// The first CreateGame is answered UNAVAILABLE, not forwarded.
    pub refuse_first_create: bool,
    /// The first ApplyAction of each game is applied, then answered
    /// UNAVAILABLE: the answer is lost, the action is not.
    pub lose_first_answer: bool,
    /// After that, the next GetView of the game answers the seat's view
    /// from before the action, when the proxy has one: a server that has
    /// not caught up with the journal yet.
    pub stale_view_after_loss: bool,
    /// The first stream of each seat breaks with UNAVAILABLE after its
    /// first update.
    pub break_first_stream: bool,
}

/// What the proxy saw.
#[derive(Clone, Debug, Default)]
pub struct Seen {
    /// Calls naming a game that carried its id in the header, by method.
    pub routed: BTreeMap<&'static str, u64>,
    /// Calls naming a game without its id in the header: what was wrong.
    pub misrouted: Vec<String>,
    /// Calls naming no game that carried the header anyway.
    pub needless: Vec<&'static str>,
    /// Failures made, by kind.
    pub injected: BTreeMap<&'static str, u64>,
    /// By game, the version whose ApplyAction answer was lost: the first
    /// answer to reach the proxy, which is not always the first action's
    /// when two seats act at once.
    pub lost_answers: BTreeMap<String, u64>,
}

#[derive(Default)]
struct State {
    seen: Seen,
    creates: u64,
    answers_lost: HashSet<String>,
    stale_pending: HashSet<String>,
    streams_broken: HashSet<(String, Option<u32>)>,
    last_views: HashMap<(String, Option<u32>), pb::View>,
}

impl State {
    /// Counts one failure made; the status a lost server would give.
    fn inject(&mut self, kind: &'static str) -> Status {
        *self.seen.injected.entry(kind).or_default() += 1;
        Status::unavailable(format!("the proxy's fault: {kind}"))
    }
}

#[derive(Clone)]
struct Proxy {
    upstream: Client,
    faults: Faults,
    state: Arc<Mutex<State>>,
}

/// A routing proxy on a loopback port; stops when dropped.
pub struct RoutingProxy {
    pub addr: SocketAddr,
    state: Arc<Mutex<State>>,
    task: tokio::task::JoinHandle<()>,
}

impl RoutingProxy {
    /// A proxy in front of the server at `upstream`.
    pub async fn start(upstream: SocketAddr, faults: Faults) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let proxy = Proxy {
            upstream: Client::connect(format!("http://{upstream}")).await.unwrap(),
            faults,
            state: Arc::default(),
        };
        let state = proxy.state.clone();
        // Without Nagle's delay, as the server's own sockets: a stream's
        // update and a call's answer on one connection would otherwise wait
        // for the client's delayed acknowledgement.
        let incoming = tokio_stream::wrappers::TcpListenerStream::new(listener).map(|accepted| {
            if let Ok(stream) = &accepted {
                let _ = stream.set_nodelay(true);
            }
            accepted
        });
        let task = tokio::spawn(async move {
            let _ = tonic::transport::Server::builder()
                .add_service(GameServiceServer::new(proxy))
                .serve_with_incoming(incoming)
                .await;
        });
        RoutingProxy { addr, state, task }
    }

    pub fn endpoint(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn seen(&self) -> Seen {
        self.state.lock().unwrap().seen.clone()
    }
}

impl Drop for RoutingProxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Proxy {
    /// Checks the routing of a call naming a game; returns the request to
    /// send on (the message and its bearer token).
    fn routed<T: NamesGame>(&self, method: &'static str, request: Request<T>) -> Request<T> {
        let header = request
            .metadata()
            .get(GAME_HEADER)
            .map(|value| value.to_str().unwrap_or("<not ASCII>").to_owned());
        let game_id = request.get_ref().game_id().to_owned();
        {
            let mut state = self.state.lock().unwrap();
            if header.as_deref() == Some(game_id.as_str()) {
                *state.seen.routed.entry(method).or_default() += 1;
            } else {
                state
                    .seen
                    .misrouted
                    .push(format!("{method} of {game_id}: header {header:?}"));
            }
        }
        forwarded(request)
    }

    /// Checks that a call naming no game carries no game header.
    fn unrouted<T>(&self, method: &'static str, request: Request<T>) -> Request<T> {
        if request.metadata().get(GAME_HEADER).is_some() {
            self.state.lock().unwrap().seen.needless.push(method);
        }
        forwarded(request)
    }
}

/// The message with its bearer token, for the server behind the proxy.
fn forwarded<T>(request: Request<T>) -> Request<T> {
    let authorization = request.metadata().get("authorization").cloned();
    let mut onward = Request::new(request.into_inner());
    if let Some(value) = authorization {
        onward.metadata_mut().insert("authorization", value);
    }
    onward
}

type Updates = Pin<Box<dyn Stream<Item = Result<pb::GameUpdate, Status>> + Send>>;

#[tonic::async_trait]
impl GameService for Proxy {
    async fn create_game(
        &self,
        request: Request<pb::CreateGameRequest>,
    ) -> Result<Response<pb::CreateGameResponse>, Status> {
        let request = self.unrouted("CreateGame", request);
        if self.faults.refuse_first_create {
            let mut state = self.state.lock().unwrap();
            state.creates += 1;
            if state.creates == 1 {
                return Err(state.inject("CreateGame refused"));
            }
        }
        self.upstream.clone().create_game(request).await
    }

    async fn get_view(
        &self,
        request: Request<pb::GetViewRequest>,
    ) -> Result<Response<pb::View>, Status> {
        let request = self.routed("GetView", request);
        let key = (request.get_ref().game_id.clone(), request.get_ref().seat);
        let fresh = self.upstream.clone().get_view(request).await?.into_inner();
        let mut state = self.state.lock().unwrap();
        let earlier = state.last_views.insert(key.clone(), fresh.clone());
        if self.faults.stale_view_after_loss
            && state.stale_pending.contains(&key.0)
            && let Some(earlier) = earlier.filter(|earlier| earlier.version < fresh.version)
        {
            state.stale_pending.remove(&key.0);
            let _ = state.inject("stale GetView");
            return Ok(Response::new(earlier));
        }
        Ok(Response::new(fresh))
    }

    async fn apply_action(
        &self,
        request: Request<pb::ApplyActionRequest>,
    ) -> Result<Response<pb::ApplyActionResponse>, Status> {
        let request = self.routed("ApplyAction", request);
        let game_id = request.get_ref().game_id.clone();
        let response = self.upstream.clone().apply_action(request).await?;
        if self.faults.lose_first_answer {
            let mut state = self.state.lock().unwrap();
            if state.answers_lost.insert(game_id.clone()) {
                let version = response.get_ref().version;
                state.seen.lost_answers.insert(game_id.clone(), version);
                state.stale_pending.insert(game_id);
                return Err(state.inject("ApplyAction answer lost"));
            }
        }
        Ok(response)
    }

    type StreamGameStream = Updates;

    async fn stream_game(
        &self,
        request: Request<pb::StreamGameRequest>,
    ) -> Result<Response<Updates>, Status> {
        let request = self.routed("StreamGame", request);
        let key = (request.get_ref().game_id.clone(), request.get_ref().seat);
        let updates = self
            .upstream
            .clone()
            .stream_game(request)
            .await?
            .into_inner();
        if self.faults.break_first_stream {
            let mut state = self.state.lock().unwrap();
            if state.streams_broken.insert(key) {
                let broken = state.inject("StreamGame broken");
                let first = updates.take(1);
                let updates: Updates = Box::pin(first.chain(tokio_stream::once(Err(broken))));
                return Ok(Response::new(updates));
            }
        }
        Ok(Response::new(Box::pin(updates)))
    }

    async fn list_games(
        &self,
        request: Request<pb::ListGamesRequest>,
    ) -> Result<Response<pb::ListGamesResponse>, Status> {
        let request = self.unrouted("ListGames", request);
        self.upstream.clone().list_games(request).await
    }

    async fn get_replay(
        &self,
        request: Request<pb::GetReplayRequest>,
    ) -> Result<Response<pb::Replay>, Status> {
        let request = self.routed("GetReplay", request);
        self.upstream.clone().get_replay(request).await
    }

    async fn concede(
        &self,
        request: Request<pb::ConcedeRequest>,
    ) -> Result<Response<pb::ConcedeResponse>, Status> {
        let request = self.routed("Concede", request);
        self.upstream.clone().concede(request).await
    }

    async fn simulate(
        &self,
        request: Request<pb::SimulateRequest>,
    ) -> Result<Response<pb::SimulateResponse>, Status> {
        let request = self.routed("Simulate", request);
        self.upstream.clone().simulate(request).await
    }
}
