//! Starting a real server on port 0 and talking to it.
use std::{
    net::SocketAddr,
    path::{Path, PathBuf},
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

use melange::{
    api::Catalog,
    pb::{self, game_service_client::GameServiceClient},
    server::{ServerConfig, serve},
};
use tokio::{sync::oneshot, task::JoinHandle};
use tonic::{Request, transport::Channel};

use super::harness::{HARNESS_KIND, Harness};

pub type Client = GameServiceClient<Channel>;

/// A server running on a loopback port for one test; stops when dropped.
pub struct TestServer {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    handle: Option<JoinHandle<()>>,
}

impl TestServer {
    pub async fn start() -> Self {
        Self::start_with(ServerConfig {
            admin_token: Some("admin-secret".into()),
            ..ServerConfig::default()
        })
        .await
    }

    pub async fn start_with(config: ServerConfig) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let catalog = Catalog::standard().with::<Harness>();
        let handle = tokio::spawn(async move {
            serve(listener, config, catalog, async {
                let _ = stopped.await;
            })
            .await
            .unwrap();
        });
        TestServer {
            addr,
            stop: Some(stop),
            handle: Some(handle),
        }
    }

    pub async fn client(&self) -> Client {
        GameServiceClient::connect(format!("http://{}", self.addr))
            .await
            .unwrap()
    }

    /// Stops the server and waits until it has drained.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(handle) = self.handle.take() {
            handle.await.unwrap();
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// `message` with a seat's bearer token attached.
pub fn authed<T>(message: T, token: &str) -> Request<T> {
    let mut request = Request::new(message);
    request
        .metadata_mut()
        .insert("authorization", format!("Bearer {token}").parse().unwrap());
    request
}

/// A harness game request: `seats` seats, `counters` counters, the listed
/// seats played by the random bot.
pub fn harness_request(
    seed: Option<u64>,
    seats: u32,
    counters: u32,
    bots: &[usize],
) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        kind: HARNESS_KIND,
        seed,
        options: Some(pb::GameOptions {
            game: Some(pb::game_options::Game::Harness(pb::HarnessOptions {
                seats,
                counters,
                panic_at: None,
            })),
            ..Default::default()
        }),
        seats: (0..seats as usize)
            .map(|seat| pb::SeatConfig {
                bot: if bots.contains(&seat) {
                    "random".into()
                } else {
                    String::new()
                },
                plays: String::new(),
            })
            .collect(),
        ..Default::default()
    }
}

pub fn take(n: u32) -> pb::Action {
    pb::Action {
        game: Some(pb::action::Game::Harness(pb::HarnessAction { take: n })),
    }
}

/// Both seats' views and the spectator's, to compare before and after a
/// refused call.
pub async fn snapshot(client: &mut Client, game: &pb::CreateGameResponse) -> Vec<pb::View> {
    let mut views = vec![
        client
            .get_view(pb::GetViewRequest {
                game_id: game.game_id.clone(),
                seat: None,
                detail: pb::Detail::Full as i32,
            })
            .await
            .unwrap()
            .into_inner(),
    ];
    for grant in &game.seats {
        if grant.token.is_empty() {
            continue;
        }
        let request = pb::GetViewRequest {
            game_id: game.game_id.clone(),
            seat: Some(grant.seat),
            detail: pb::Detail::Full as i32,
        };
        views.push(
            client
                .get_view(authed(request, &grant.token))
                .await
                .unwrap()
                .into_inner(),
        );
    }
    views
}

/// Plays a seat's first legal action; returns the response.
pub async fn play_first_legal(
    client: &mut Client,
    game: &pb::CreateGameResponse,
    seat: u32,
) -> pb::ApplyActionResponse {
    let mut view = seat_view(client, game, seat).await;
    let request = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat,
        expected_version: view.version,
        action: view.legal_actions.swap_remove(0).action,
        ..Default::default()
    };
    let token = &game.seats[seat as usize].token;
    client
        .apply_action(authed(request, token))
        .await
        .unwrap()
        .into_inner()
}

/// Plays every human seat's first legal action until the game is over;
/// returns the final version.
pub async fn play_to_end(client: &mut Client, game: &pb::CreateGameResponse) -> u64 {
    let mut version = game.view.as_ref().map_or(0, |view| view.version);
    loop {
        let view = public_view(client, &game.game_id).await;
        let Some(&seat) = view.to_act.first() else {
            return version;
        };
        version = play_first_legal(client, game, seat).await.version;
    }
}

/// The whole replay of a game (one page: the games of these tests are
/// shorter than a page).
pub async fn full_replay(client: &mut Client, game_id: &str) -> pb::Replay {
    client
        .get_replay(pb::GetReplayRequest {
            game_id: game_id.to_owned(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner()
}

/// A game's journal, running or not, with the test server's admin token.
pub async fn admin_replay(client: &mut Client, game_id: &str) -> pb::Replay {
    let request = pb::GetReplayRequest {
        game_id: game_id.to_owned(),
        ..Default::default()
    };
    client
        .get_replay(authed(request, "admin-secret"))
        .await
        .unwrap()
        .into_inner()
}

/// The spectator's view of a game.
/// The middle of `durations`, which must not be empty.
pub fn median(mut durations: Vec<Duration>) -> Duration {
    durations.sort();
    durations[durations.len() / 2]
}

pub async fn public_view(client: &mut Client, game_id: &str) -> pb::View {
    let request = pb::GetViewRequest {
        game_id: game_id.to_owned(),
        seat: None,
        detail: pb::Detail::Full as i32,
    };
    client.get_view(request).await.unwrap().into_inner()
}

/// One human seat's view, with its token.
pub async fn seat_view(client: &mut Client, game: &pb::CreateGameResponse, seat: u32) -> pb::View {
    let request = pb::GetViewRequest {
        game_id: game.game_id.clone(),
        seat: Some(seat),
        detail: pb::Detail::Full as i32,
    };
    let token = &game.seats[seat as usize].token;
    client
        .get_view(authed(request, token))
        .await
        .unwrap()
        .into_inner()
}

/// Plays a game to the end as remote clients would: each move a random
/// legal action of the seat to act, sent back unchanged. Returns the final
/// public view and the number of moves made.
pub async fn play_random(
    client: &mut Client,
    game: &pb::CreateGameResponse,
    seed: u64,
) -> (pb::View, u64) {
    let mut rng = melange::rules::core::RngStream::Bot(0).rng(seed);
    let mut moves = 0;
    loop {
        let public = public_view(client, &game.game_id).await;
        let Some(&seat) = public.to_act.first() else {
            return (public, moves);
        };
        assert!(
            (seat as usize) < game.seats.len(),
            "only seats act, never rivals"
        );
        let mut mine = seat_view(client, game, seat).await;
        assert!(
            mine.legal_actions
                .iter()
                .all(|legal| !legal.label.is_empty())
        );
        let pick = rand::Rng::random_range(&mut rng, 0..mine.legal_actions.len());
        let request = pb::ApplyActionRequest {
            game_id: game.game_id.clone(),
            seat,
            expected_version: mine.version,
            action: mine.legal_actions.swap_remove(pick).action,
            ..Default::default()
        };
        let token = &game.seats[seat as usize].token;
        client.apply_action(authed(request, token)).await.unwrap();
        moves += 1;
    }
}

/// Waits until a game is over (its bots play on after the call that
/// created it); returns the spectator's final view.
pub async fn wait_for_end(client: &mut Client, game_id: &str) -> pb::View {
    loop {
        let view = public_view(client, game_id).await;
        if view.status == pb::GameStatus::Finished as i32 {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Every update of a stream until it ends.
pub async fn collect(
    client: &mut Client,
    request: tonic::Request<pb::StreamGameRequest>,
) -> Vec<pb::GameUpdate> {
    let mut stream = client.stream_game(request).await.unwrap().into_inner();
    let mut updates = Vec::new();
    while let Some(update) = tokio_stream::StreamExt::next(&mut stream).await {
        updates.push(update.unwrap());
    }
    updates
}

/// A fresh directory under the system's temporary directory, removed when
/// dropped, so tests never write in the repository.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(label: &str) -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.subsec_nanos());
        let name = format!(
            "{}-{nanos}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let path = std::env::temp_dir().join(format!("melange-test-{label}-{name}"));
        std::fs::create_dir_all(&path).unwrap();
        // Private, as the server wants a data directory it did not create.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o700)).unwrap();
        }
        TempDir(path)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
