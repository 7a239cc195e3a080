//! A remote bot for the tests: a `BotService` written here in Rust, on a
//! loopback port, that answers as told ([`Answer`]) and records what it was
//! asked. The remote-bot tests (`remote_bot.rs`) use it, and so do the
//! tests of melange-arena, whose contestants can be remote bots (they
//! include this file by path).
use std::{
    net::SocketAddr,
    sync::{Arc, Mutex},
    time::Duration,
};

use melange::{
    pb::{
        self,
        bot_service_server::{BotService, BotServiceServer},
    },
    server::{RemoteBotConfig, ServerConfig},
};
use tokio::sync::Semaphore;
use tonic::{Request, Response, Status};

use super::support::{Client, harness_request, public_view, take};

/// How the test bot answers. Not every crate that includes this file plays
/// every answer (`PassesTrialThenFails` and `Slow` are melange-arena's).
#[derive(Clone, Copy, Debug)]
#[allow(dead_code)]
pub(super) enum Answer {
    /// The first legal action of its view.
    FirstLegal,
    /// Taking 7 counters, which the harness never allows.
    Illegal,
    /// Never (until the call is dropped).
    Never,
    /// An error status.
    Fail,
    /// The first legal action to melange-arena's trial decision (which
    /// carries no observer token), then an error to every call of the
    /// server: a bot that breaks mid-tournament.
    PassesTrialThenFails,
    /// The first legal action, after thinking this long: a bot that plays
    /// within its clock but slowly.
    Slow(std::time::Duration),
    /// The first legal action, with this note (MC-NOTE-01).
    Noted(&'static str),
}

/// What the bot was asked.
#[derive(Clone, Debug)]
pub(super) struct Asked {
    pub(super) request: pb::DecideRequest,
}

#[derive(Clone)]
struct TestBot {
    answer: Answer,
    asked: Arc<Mutex<Vec<Asked>>>,
    /// The notices it was sent (MC-BOT-04).
    noticed: Arc<Mutex<Vec<pb::NoticeRequest>>>,
    /// Each answer waits for a permit (the restart test holds them back).
    gate: Arc<Semaphore>,
}

#[tonic::async_trait]
impl BotService for TestBot {
    async fn decide(
        &self,
        request: Request<pb::DecideRequest>,
    ) -> Result<Response<pb::DecideResponse>, Status> {
        let request = request.into_inner();
        self.asked.lock().unwrap().push(Asked {
            request: request.clone(),
        });
        let permit = self.gate.acquire().await.unwrap();
        permit.forget();
        let action = match self.answer {
            Answer::FirstLegal => request
                .view
                .and_then(|view| view.legal_actions.into_iter().next())
                .and_then(|legal| legal.action),
            Answer::Illegal => Some(take(7)),
            Answer::Never => std::future::pending().await,
            Answer::Fail => return Err(Status::internal("the bot broke")),
            Answer::PassesTrialThenFails if request.observer_token.is_empty() => request
                .view
                .and_then(|view| view.legal_actions.into_iter().next())
                .and_then(|legal| legal.action),
            Answer::PassesTrialThenFails => return Err(Status::internal("the bot broke")),
            Answer::Noted(_) => request
                .view
                .and_then(|view| view.legal_actions.into_iter().next())
                .and_then(|legal| legal.action),
            Answer::Slow(thinking) => {
                tokio::time::sleep(thinking).await;
                request
                    .view
                    .and_then(|view| view.legal_actions.into_iter().next())
                    .and_then(|legal| legal.action)
            }
        };
        let note = match self.answer {
            Answer::Noted(note) => note.to_owned(),
            _ => String::new(),
        };
        Ok(Response::new(pb::DecideResponse { action, note }))
    }

    async fn notice(
        &self,
        request: Request<pb::NoticeRequest>,
    ) -> Result<Response<pb::NoticeResponse>, Status> {
        self.noticed.lock().unwrap().push(request.into_inner());
        Ok(Response::new(pb::NoticeResponse {}))
    }
}

/// A test bot listening on a loopback port.
pub(super) struct BotServer {
    pub(super) addr: SocketAddr,
    asked: Arc<Mutex<Vec<Asked>>>,
    noticed: Arc<Mutex<Vec<pb::NoticeRequest>>>,
    pub(super) gate: Arc<Semaphore>,
}

impl BotServer {
    pub(super) async fn start(answer: Answer) -> Self {
        Self::start_gated(answer, Semaphore::MAX_PERMITS).await
    }

    pub(super) async fn start_gated(answer: Answer, permits: usize) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let bot = TestBot {
            answer,
            asked: Arc::default(),
            noticed: Arc::default(),
            gate: Arc::new(Semaphore::new(permits)),
        };
        let (asked, gate, noticed) = (bot.asked.clone(), bot.gate.clone(), bot.noticed.clone());
        tokio::spawn(
            tonic::transport::Server::builder()
                .add_service(BotServiceServer::new(bot))
                .serve_with_incoming(tokio_stream::wrappers::TcpListenerStream::new(listener)),
        );
        BotServer {
            addr,
            asked,
            gate,
            noticed,
        }
    }

    pub(super) fn endpoint(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub(super) fn asked(&self) -> Vec<Asked> {
        self.asked.lock().unwrap().clone()
    }

    /// The notices sent so far (MC-BOT-04).
    pub(super) fn noticed(&self) -> Vec<pb::NoticeRequest> {
        self.noticed.lock().unwrap().clone()
    }
}

pub(super) fn allowing(bots: &[&BotServer], timeout_ms: u64) -> ServerConfig {
    ServerConfig {
        admin_token: Some("admin-secret".into()),
        remote_bots: RemoteBotConfig {
            allowed: bots.iter().map(|bot| bot.addr.to_string()).collect(),
            timeout: Duration::from_millis(timeout_ms),
            max_calls: 4,
            ..RemoteBotConfig::default()
        },
        ..ServerConfig::default()
    }
}

/// A two-seat harness game whose listed seats name `endpoint`.
pub(super) fn with_remote(
    counters: u32,
    endpoint: &str,
    remote: &[usize],
    clock: Option<pb::ClockOptions>,
) -> pb::CreateGameRequest {
    let mut request = harness_request(Some(5), 2, counters, &[]);
    for seat in remote {
        request.seats[*seat].bot = endpoint.to_owned();
    }
    if let Some(options) = request.options.as_mut() {
        options.clock = clock;
    }
    request
}

/// The spectator's view once the game reached `version` (a remote bot or
/// the clock task plays in the background).
pub(super) async fn wait_for_version(client: &mut Client, game_id: &str, version: u64) -> pb::View {
    loop {
        let view = public_view(client, game_id).await;
        if view.version >= version {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}
