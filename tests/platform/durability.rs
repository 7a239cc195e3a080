//! Games that survive a restart (issue 14): a server on a data directory
//! journals every game and acknowledged action, and one started again on
//! the same directory serves the same games, under the same ids and
//! tokens, where they were. A damaged last record costs only that record;
//! a game whose replay no longer matches its journal is served read-only.
// Requests end in `..Default::default()`, so that fields the contract adds
// later need no change here.
#![allow(clippy::needless_update)]
use std::{path::Path, time::Duration};

use melange::{
    pb,
    server::ServerConfig,
    store::{ActionRecord, FsyncPolicy, Store, seal},
};
use tokio_stream::StreamExt;
use tonic::Code;

use super::support::{
    Client, TempDir, TestServer, admin_replay, authed, full_replay, harness_request,
    play_first_legal, play_to_end, public_view, take,
};

fn on_disk(dir: &TempDir) -> ServerConfig {
    ServerConfig {
        admin_token: Some("admin-secret".into()),
        data_dir: Some(dir.path().to_owned()),
        fsync: FsyncPolicy::Always,
        ..ServerConfig::default()
    }
}

/// Plays `moves` moves of the human seats (first legal action each).
async fn play_moves(client: &mut Client, game: &pb::CreateGameResponse, moves: usize) -> u64 {
    let mut version = 0;
    for _ in 0..moves {
        let view = public_view(client, &game.game_id).await;
        let Some(&seat) = view.to_act.first() else {
            break;
        };
        version = play_first_legal(client, game, seat).await.version;
    }
    version
}

#[tokio::test]
async fn a_restart_on_the_same_directory_keeps_every_acknowledged_action_and_the_game_goes_on() {
    // The same game, once in memory only and once across a restart, ends
    // with the same actions: the restored game (its bot's generator too)
    // is exactly the one that was interrupted.
    let request = harness_request(Some(21), 3, 60, &[1]);
    let reference = TestServer::start().await;
    let mut client = reference.client().await;
    let game = client
        .create_game(request.clone())
        .await
        .unwrap()
        .into_inner();
    play_to_end(&mut client, &game).await;
    let expected = full_replay(&mut client, &game.game_id).await;
    reference.shutdown().await;

    let dir = TempDir::new("restart");
    let server = TestServer::start_with(on_disk(&dir)).await;
    let mut client = server.client().await;
    let game = client.create_game(request).await.unwrap().into_inner();
    let acknowledged = play_moves(&mut client, &game, 7).await;
    assert!(acknowledged > 7, "the bot moved too: {acknowledged}");
    let before = admin_replay(&mut client, &game.game_id).await;
    server.shutdown().await;

    let server = TestServer::start_with(on_disk(&dir)).await;
    let mut client = server.client().await;
    let view = public_view(&mut client, &game.game_id).await;
    assert_eq!(
        view.version, acknowledged,
        "every acknowledged action is back"
    );
    assert_eq!(admin_replay(&mut client, &game.game_id).await, before);
    // A stream resumes from any version, the first included.
    let mut stream = client
        .stream_game(pb::StreamGameRequest {
            game_id: game.game_id.clone(),
            seat: None,
            from_version: 0,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    for version in 1..=3 {
        let update = stream.next().await.unwrap().unwrap();
        assert_eq!(update.version, version);
    }
    drop(stream);
    // The same tokens still open the same seats; a wrong one still fails.
    let wrong = pb::GetViewRequest {
        game_id: game.game_id.clone(),
        seat: Some(0),
        detail: pb::Detail::Full as i32,
    };
    let refused = client
        .get_view(authed(wrong, &game.seats[2].token))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::PermissionDenied);
    play_to_end(&mut client, &game).await;
    let after = full_replay(&mut client, &game.game_id).await;
    assert_eq!(after.actions, expected.actions);
    assert_eq!(after.seed, expected.seed);
    server.shutdown().await;

    // Finished, it is still there after another restart (its retention
    // has not passed).
    let server = TestServer::start_with(on_disk(&dir)).await;
    let mut client = server.client().await;
    assert_eq!(
        full_replay(&mut client, &game.game_id).await.actions,
        expected.actions
    );
    server.shutdown().await;
}

#[tokio::test]
async fn every_fsync_policy_keeps_the_games_across_a_clean_restart() {
    for fsync in [FsyncPolicy::EveryMs(5), FsyncPolicy::Never] {
        let dir = TempDir::new("policies");
        let config = ServerConfig {
            fsync,
            ..on_disk(&dir)
        };
        let server = TestServer::start_with(config.clone()).await;
        let mut client = server.client().await;
        let game = client
            .create_game(harness_request(Some(8), 2, 30, &[1]))
            .await
            .unwrap()
            .into_inner();
        let acknowledged = play_moves(&mut client, &game, 4).await;
        server.shutdown().await;
        let server = TestServer::start_with(config).await;
        let mut client = server.client().await;
        let view = public_view(&mut client, &game.game_id).await;
        assert_eq!(view.version, acknowledged, "{fsync}");
        play_to_end(&mut client, &game).await;
        server.shutdown().await;
    }
}

/// Issue 31, item 16: ListGames lists newest first after a restart as
/// before it (the recovered games were put back in the order of their ids,
/// so a listing, and the viewer's game list, came back shuffled), and each
/// summary is the same, its creation time included.
#[tokio::test]
async fn a_restart_keeps_the_listing_newest_first() {
    let dir = TempDir::new("listing-order");
    let server = TestServer::start_with(on_disk(&dir)).await;
    let mut client = server.client().await;
    let mut created = Vec::new();
    for seed in 0..12 {
        let game = client
            .create_game(harness_request(Some(seed), 2, 30, &[1]))
            .await
            .unwrap()
            .into_inner();
        created.push(game.game_id);
    }
    let listed = |client: &mut Client| {
        let mut client = client.clone();
        async move {
            let request = pb::ListGamesRequest {
                page_size: 100,
                ..Default::default()
            };
            client.list_games(request).await.unwrap().into_inner().games
        }
    };
    let newest_first: Vec<String> = created.iter().rev().cloned().collect();
    let summaries = listed(&mut client).await;
    let ids = |summaries: &[pb::GameSummary]| {
        summaries
            .iter()
            .map(|game| game.game_id.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&summaries), newest_first);
    let mut by_id = created.clone();
    by_id.sort();
    assert_ne!(by_id, created, "ids in creation order would prove nothing");
    server.shutdown().await;

    for _ in 0..2 {
        let server = TestServer::start_with(on_disk(&dir)).await;
        let mut client = server.client().await;
        assert_eq!(listed(&mut client).await, summaries);
        server.shutdown().await;
    }
}

#[tokio::test]
async fn a_data_directory_the_server_creates_is_private() {
    // A directory the server creates is its owner's alone: it holds seeds.
    let private = TempDir::new("private");
    let created = private.path().join("data");
    let server = TestServer::start_with(ServerConfig {
        data_dir: Some(created.clone()),
        ..ServerConfig::default()
    })
    .await;
    server
        .client()
        .await
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap();
    server.shutdown().await;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&created).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }
}

/// P13 finding 12: the journal file is its owner's alone (0600), even one
/// left wider by something else; an existing data directory open to other
/// users stops the server at start-up, with a message naming the flag that
/// accepts it.
#[cfg(unix)]
#[tokio::test]
async fn the_journal_is_private_and_a_shared_data_directory_is_refused() {
    use std::os::unix::fs::PermissionsExt;

    use melange::{api::Catalog, server::serve, store::FILE_NAME};
    let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let dir = TempDir::new("shared");
    let server = TestServer::start_with(on_disk(&dir)).await;
    server
        .client()
        .await
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap();
    server.shutdown().await;
    let journal = dir.path().join(FILE_NAME);
    assert_eq!(mode(&journal), 0o600);

    // Widened by hand: narrowed again at the next start.
    std::fs::set_permissions(&journal, std::fs::Permissions::from_mode(0o644)).unwrap();
    let server = TestServer::start_with(on_disk(&dir)).await;
    server
        .client()
        .await
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap();
    server.shutdown().await;
    assert_eq!(mode(&journal), 0o600);

    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let start = |config: ServerConfig| async move {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        // The shutdown future is ready at once: a server that starts stops.
        serve(listener, config, Catalog::standard(), async {}).await
    };
    let refused = start(on_disk(&dir)).await.unwrap_err().to_string();
    assert!(refused.contains("--allow-shared-data-dir"), "{refused}");
    assert!(refused.contains("chmod 700"), "{refused}");
    assert_eq!(mode(dir.path()), 0o755, "the directory is left as it was");
    start(ServerConfig {
        allow_shared_data_dir: true,
        ..on_disk(&dir)
    })
    .await
    .unwrap();
}

#[tokio::test]
async fn a_damaged_last_record_costs_that_action_only() {
    let dir = TempDir::new("damaged");
    let server = TestServer::start_with(on_disk(&dir)).await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(3), 2, 40, &[]))
        .await
        .unwrap()
        .into_inner();
    let last = play_moves(&mut client, &game, 10).await;
    assert_eq!(last, 10);
    let kept = admin_replay(&mut client, &game.game_id).await;
    server.shutdown().await;

    // A torn write: the last record holds half its bytes.
    let (store, _) = Store::open(dir.path(), FsyncPolicy::Always).unwrap();
    let record = ActionRecord {
        note: String::new(),
        seat: 1,
        action: Some(take(1)),
        state_hash: None,
        stand_in: None,
    };
    let sealed = seal(&record);
    store
        .overwrite_action(&game.game_id, last, sealed[..sealed.len() / 2].to_vec())
        .unwrap();
    store.close();

    let server = TestServer::start_with(on_disk(&dir)).await;
    let mut client = server.client().await;
    let view = public_view(&mut client, &game.game_id).await;
    assert_eq!(
        view.version,
        last - 1,
        "recovery stops at the last good action"
    );
    let replay = admin_replay(&mut client, &game.game_id).await;
    assert_eq!(replay.actions[..], kept.actions[..(last - 1) as usize]);
    // The game goes on from there, and its new actions are kept.
    play_moves(&mut client, &game, 3).await;
    let moved = public_view(&mut client, &game.game_id).await.version;
    assert_eq!(moved, last + 2);
    server.shutdown().await;
    let server = TestServer::start_with(on_disk(&dir)).await;
    let mut client = server.client().await;
    assert_eq!(public_view(&mut client, &game.game_id).await.version, moved);
    server.shutdown().await;
}

#[tokio::test]
async fn a_game_whose_replay_misses_its_state_hash_is_served_read_only() {
    let dir = TempDir::new("mismatch");
    let server = TestServer::start_with(on_disk(&dir)).await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(9), 2, 200, &[]))
        .await
        .unwrap()
        .into_inner();
    // Past the first journaled hash, at version 64.
    let last = play_moves(&mut client, &game, 70).await;
    assert_eq!(last, 70);
    let kept = admin_replay(&mut client, &game.game_id).await;
    server.shutdown().await;

    // The record of version 64, intact but for its state hash: as if the
    // rules had changed since it was written.
    let recorded = &kept.actions[63];
    let (store, _) = Store::open(dir.path(), FsyncPolicy::Always).unwrap();
    let record = ActionRecord {
        note: String::new(),
        seat: recorded.seat,
        action: recorded.action.clone(),
        state_hash: Some(12345),
        stand_in: None,
    };
    store
        .overwrite_action(&game.game_id, 64, seal(&record))
        .unwrap();
    store.close();

    let server = TestServer::start_with(on_disk(&dir)).await;
    let mut client = server.client().await;
    let view = public_view(&mut client, &game.game_id).await;
    assert_eq!(view.version, last, "nothing is dropped or changed");
    assert_eq!(admin_replay(&mut client, &game.game_id).await, kept);
    let seat = view.to_act[0];
    let request = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat,
        expected_version: last,
        action: Some(take(1)),
        ..Default::default()
    };
    let refused = client
        .apply_action(authed(request, &game.seats[seat as usize].token))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::FailedPrecondition);
    assert!(
        refused.message().contains("read-only") && refused.message().contains("version 64"),
        "{}",
        refused.message()
    );
    assert_eq!(public_view(&mut client, &game.game_id).await.version, last);
    server.shutdown().await;
}

#[tokio::test]
async fn finished_games_are_dropped_once_their_retention_has_passed() {
    let dir = TempDir::new("retention");
    let config = ServerConfig {
        retention: Duration::from_secs(1),
        ..on_disk(&dir)
    };
    let server = TestServer::start_with(config.clone()).await;
    let mut client = server.client().await;
    // All bots: finished at creation.
    let finished = client
        .create_game(harness_request(Some(4), 2, 30, &[0, 1]))
        .await
        .unwrap()
        .into_inner();
    let running = client
        .create_game(harness_request(Some(4), 2, 30, &[]))
        .await
        .unwrap()
        .into_inner();
    full_replay(&mut client, &finished.game_id).await;
    // The sweep runs every quarter of the retention, and finishing times
    // are kept in whole seconds.
    let mut gone = false;
    for _ in 0..40 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let view = client
            .get_view(pb::GetViewRequest {
                game_id: finished.game_id.clone(),
                seat: None,
                detail: pb::Detail::Full as i32,
            })
            .await;
        if view.is_err_and(|status| status.code() == Code::NotFound) {
            gone = true;
            break;
        }
    }
    assert!(gone, "the finished game outlived its retention");
    public_view(&mut client, &running.game_id).await;
    server.shutdown().await;
    // Gone from the store too; the running game is not.
    let server = TestServer::start_with(config).await;
    let mut client = server.client().await;
    let missing = client
        .get_view(pb::GetViewRequest {
            game_id: finished.game_id.clone(),
            seat: None,
            detail: pb::Detail::Full as i32,
        })
        .await
        .unwrap_err();
    assert_eq!(missing.code(), Code::NotFound);
    public_view(&mut client, &running.game_id).await;
    server.shutdown().await;
}

/// The `melange` binary on a free port with `dir` as its data directory;
/// its log is drained on a thread so the pipe never fills.
struct Child {
    process: std::process::Child,
    address: String,
    /// The fields of the log line that reports the recovery.
    recovered: std::sync::mpsc::Receiver<serde_json::Value>,
}

/// The server binary on `dir`, with `--fsync` if given (else the default).
fn spawn_binary(dir: &TempDir, fsync: Option<&str>) -> Child {
    spawn_binary_at(env!("CARGO_BIN_EXE_melange"), dir, fsync)
}

fn spawn_binary_at(binary: &str, dir: &TempDir, fsync: Option<&str>) -> Child {
    spawn_binary_listening(binary, dir, fsync, "127.0.0.1:0")
}

/// The server binary listening on `listen` (`HOST:PORT`; port 0: any).
fn spawn_binary_listening(binary: &str, dir: &TempDir, fsync: Option<&str>, listen: &str) -> Child {
    use std::io::{BufRead, BufReader};
    let mut command = std::process::Command::new(binary);
    if let Some(fsync) = fsync {
        command.args(["--fsync", fsync]);
    }
    let mut process = command
        .args(["--listen", listen, "--log-format", "json"])
        .args(["--admin-token", "admin-secret"])
        .arg("--data-dir")
        .arg(dir.path())
        .env("RUST_LOG", "info")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .unwrap();
    let stdout = process.stdout.take().unwrap();
    let (found, address) = std::sync::mpsc::channel();
    let (report, recovered) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let Ok(log) = serde_json::from_str::<serde_json::Value>(&line) else {
                continue;
            };
            if log["fields"]["message"] == "melange listening" {
                let _ = found.send(log["fields"]["address"].as_str().unwrap().to_owned());
            }
            if log["fields"]["message"] == "recovered the games of the journal store" {
                let _ = report.send(log["fields"].clone());
            }
        }
    });
    let address = address
        .recv_timeout(Duration::from_secs(60))
        .expect("the server logs its address");
    Child {
        process,
        address,
        recovered,
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// One acknowledged ApplyAction: the version the action made, its seat and
/// action, and the version the answer reported (the bots' replies included).
#[derive(Clone, Debug)]
struct Acknowledged {
    game_id: String,
    version: u64,
    seat: u32,
    action: Option<pb::Action>,
    answered: u64,
}

/// An Imperium game with seat 0 played by this client and the three
/// others by the server's random bot.
fn against_bots(seed: u64) -> pb::CreateGameRequest {
    let bot = pb::SeatConfig {
        bot: "random".into(),
        plays: String::new(),
    };
    pb::CreateGameRequest {
        kind: pb::GameKind::Imperium as i32,
        seed: Some(seed),
        seats: vec![pb::SeatConfig::default(), bot.clone(), bot.clone(), bot],
        ..Default::default()
    }
}

/// Plays seat 0 of `game` with a pick derived from the version, reporting
/// every acknowledged action, until the game ends, `moves` moves are made
/// or a call fails (the server was killed). Returns whether it ended.
async fn play_seat_zero(
    client: &mut Client,
    game: &pb::CreateGameResponse,
    moves: usize,
    acknowledged: &std::sync::Mutex<Vec<Acknowledged>>,
) -> bool {
    let token = &game.seats[0].token;
    for _ in 0..moves {
        let request = pb::GetViewRequest {
            game_id: game.game_id.clone(),
            seat: Some(0),
            detail: pb::Detail::Full as i32,
        };
        let Ok(view) = client.get_view(authed(request, token)).await else {
            return false;
        };
        let mut view = view.into_inner();
        if view.status == pb::GameStatus::Finished as i32 {
            return true;
        }
        if view.legal_actions.is_empty() {
            // The bot is still playing its background slices.
            tokio::time::sleep(Duration::from_millis(1)).await;
            continue;
        }
        let pick = (view.version as usize * 7 + 3) % view.legal_actions.len();
        let action = view.legal_actions.swap_remove(pick).action;
        let request = pb::ApplyActionRequest {
            game_id: game.game_id.clone(),
            seat: 0,
            expected_version: view.version,
            action: action.clone(),
            ..Default::default()
        };
        let Ok(answer) = client.apply_action(authed(request, token)).await else {
            return false;
        };
        acknowledged.lock().unwrap().push(Acknowledged {
            game_id: game.game_id.clone(),
            version: view.version + 1,
            seat: 0,
            action,
            answered: answer.into_inner().version,
        });
    }
    false
}

/// The whole replay of a game, page by page, with the admin token.
async fn every_action(client: &mut Client, game_id: &str) -> Vec<pb::RecordedAction> {
    let mut actions = Vec::new();
    let mut page_token = String::new();
    loop {
        let request = pb::GetReplayRequest {
            game_id: game_id.to_owned(),
            page_token: page_token.clone(),
            ..Default::default()
        };
        let page = client
            .get_replay(authed(request, "admin-secret"))
            .await
            .unwrap()
            .into_inner();
        actions.extend(page.actions);
        if page.next_page_token.is_empty() {
            return actions;
        }
        page_token = page.next_page_token;
    }
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_mid_game_loses_no_acknowledged_action() {
    use std::sync::{Arc, Mutex};

    let dir = TempDir::new("sigkill");
    let started = std::time::Instant::now();
    let mut server = spawn_binary(&dir, Some("always"));
    let url = format!("http://{}", server.address);
    let acknowledged = Arc::new(Mutex::new(Vec::<Acknowledged>::new()));
    let mut clients = Vec::new();
    for client_index in 0..8u64 {
        let url = url.clone();
        let acknowledged = acknowledged.clone();
        clients.push(tokio::spawn(async move {
            let mut client = Client::connect(url).await.unwrap();
            let mut games = Vec::new();
            for round in 0.. {
                let Ok(game) = client
                    .create_game(against_bots(client_index * 1000 + round))
                    .await
                else {
                    return games;
                };
                let game = game.into_inner();
                games.push(game.clone());
                if !play_seat_zero(&mut client, &game, usize::MAX, &acknowledged).await {
                    return games;
                }
            }
            games
        }));
    }
    // Killed mid-run, while every client has calls in flight.
    while acknowledged.lock().unwrap().len() < 300 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    server.process.kill().unwrap();
    server.process.wait().unwrap();
    let mut games = Vec::new();
    for client in clients {
        games.extend(client.await.unwrap());
    }
    let acknowledged = acknowledged.lock().unwrap().clone();
    drop(server);

    eprintln!("killed after {:?}", started.elapsed());
    // Playing the games to their end afterwards need not wait for the disk.
    let server = spawn_binary(&dir, Some("never"));
    let mut client = Client::connect(format!("http://{}", server.address))
        .await
        .unwrap();
    let mut checked = 0;
    for game in &games {
        let actions = every_action(&mut client, &game.game_id).await;
        for ack in acknowledged
            .iter()
            .filter(|ack| ack.game_id == game.game_id)
        {
            let kept = &actions[(ack.version - 1) as usize];
            assert_eq!(
                (kept.version, kept.seat, &kept.action),
                (ack.version, ack.seat, &ack.action),
                "game {} version {}",
                game.game_id,
                ack.version
            );
            assert!(
                actions.len() as u64 >= ack.answered,
                "the bots' replies are kept too"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, acknowledged.len());
    eprintln!(
        "{checked} acknowledged actions checked after {:?}",
        started.elapsed()
    );
    // Every game plays on to its end.
    let mut players = Vec::new();
    for game in games {
        let url = format!("http://{}", server.address);
        players.push(tokio::spawn(async move {
            let mut client = Client::connect(url).await.unwrap();
            let moves = Mutex::new(Vec::new());
            assert!(
                play_seat_zero(&mut client, &game, 1_000_000, &moves).await,
                "game {} did not end",
                game.game_id
            );
            moves.lock().unwrap().len()
        }));
    }
    let mut moves = 0;
    for player in players {
        moves += player.await.unwrap();
    }
    eprintln!(
        "every game ended after {:?}, {moves} moves after the restart",
        started.elapsed()
    );
}

/// Recovery time, measured rather than checked: `GAMES` (default 10,000)
/// all-bot Imperium games, played to their end by the server's bots, are
/// recovered by a restart of the binary `MELANGE_BIN` (default: this
/// build's), which logs how long it took. For the numbers in
/// docs/performance.md:
/// `cargo build --release --bin melange`, then
/// `MELANGE_BIN=target/release/melange cargo test --test platform recovery_time -- --ignored --nocapture`.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement, minutes long"]
async fn recovery_time() {
    let binary =
        std::env::var("MELANGE_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_melange").to_owned());
    let games: u64 = std::env::var("GAMES").map_or(10_000, |games| games.parse().unwrap());
    let dir = TempDir::new("recovery-time");
    let mut server = spawn_binary_at(&binary, &dir, Some("never"));
    let url = format!("http://{}", server.address);
    let started = std::time::Instant::now();
    let mut creators = Vec::new();
    for client_index in 0..8 {
        let url = url.clone();
        creators.push(tokio::spawn(async move {
            let mut client = Client::connect(url).await.unwrap();
            let bot = pb::SeatConfig {
                bot: "random".into(),
                plays: String::new(),
            };
            let mut ids = Vec::new();
            for seed in (client_index..games).step_by(8) {
                let request = pb::CreateGameRequest {
                    kind: pb::GameKind::Imperium as i32,
                    seed: Some(seed),
                    seats: vec![bot.clone(); 4],
                    ..Default::default()
                };
                ids.push(
                    client
                        .create_game(request)
                        .await
                        .unwrap()
                        .into_inner()
                        .game_id,
                );
            }
            ids
        }));
    }
    let mut ids = Vec::new();
    for creator in creators {
        ids.extend(creator.await.unwrap());
    }
    let mut client = Client::connect(url).await.unwrap();
    let mut actions = 0;
    for id in &ids {
        actions += super::support::wait_for_end(&mut client, id).await.version;
    }
    eprintln!(
        "{games} games, {actions} actions, played in {:?}",
        started.elapsed()
    );
    let stop = std::process::Command::new("kill")
        .args(["-TERM", &server.process.id().to_string()])
        .status()
        .unwrap();
    assert!(stop.success());
    server.process.wait().unwrap();
    drop(server);
    let size: u64 = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().metadata().unwrap().len())
        .sum();
    let server = spawn_binary_at(&binary, &dir, Some("never"));
    let report = server
        .recovered
        .recv_timeout(Duration::from_secs(600))
        .unwrap();
    eprintln!("store {size} bytes; recovery: {report}");
    assert_eq!(report["games"], games);
}

/// Every line of a melange-load ack log written so far.
fn ack_lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}

/// How many acknowledged actions an ack log's lines hold.
fn acknowledged(lines: &[serde_json::Value]) -> usize {
    lines
        .iter()
        .filter(|line| line.get("version").is_some())
        .count()
}

/// Waits until the ack log at `path` holds `count` acknowledged actions.
async fn wait_for_acknowledged(path: &Path, count: usize) {
    let started = std::time::Instant::now();
    while acknowledged(&ack_lines(path)) < count {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the load made no progress"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The games of an ack log, each with its human seats' tokens.
fn logged_games(lines: &[serde_json::Value]) -> Vec<(String, Vec<(u32, String)>)> {
    let mut games = Vec::new();
    for line in lines.iter().filter(|line| line.get("seats").is_some()) {
        let tokens = line["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|seat| {
                let number = u32::try_from(seat["seat"].as_u64().unwrap()).unwrap();
                (number, seat["token"].as_str().unwrap().to_owned())
            })
            .collect();
        games.push((line["game"].as_str().unwrap().to_owned(), tokens));
    }
    games
}

/// Checks that the server kept every acknowledged action of the ack log's
/// `lines`, at its version, seat and bytes; returns how many it checked.
async fn check_acknowledged(
    client: &mut Client,
    games: &[(String, Vec<(u32, String)>)],
    lines: &[serde_json::Value],
) -> usize {
    let mut checked = 0;
    for (game_id, _) in games {
        let actions = every_action(client, game_id).await;
        for ack in lines
            .iter()
            .filter(|line| line["game"] == game_id.as_str() && line.get("version").is_some())
        {
            let version = ack["version"].as_u64().unwrap();
            let kept = &actions[(version - 1) as usize];
            let bytes: String = prost::Message::encode_to_vec(kept.action.as_ref().unwrap())
                .iter()
                .map(|byte| format!("{byte:02x}"))
                .collect();
            assert_eq!(
                (kept.version, u64::from(kept.seat), bytes.as_str()),
                (
                    version,
                    ack["seat"].as_u64().unwrap(),
                    ack["action"].as_str().unwrap()
                ),
                "game {game_id}"
            );
            assert!(actions.len() as u64 >= ack["answered"].as_u64().unwrap());
            checked += 1;
        }
    }
    checked
}

/// Plays every human seat of a game with the tokens given, each move a
/// legal action picked from the version, until the game ends.
async fn play_all_seats(client: &mut Client, game_id: &str, tokens: &[(u32, String)]) {
    for _ in 0..1_000_000 {
        let view = public_view(client, game_id).await;
        if view.status == pb::GameStatus::Finished as i32 {
            return;
        }
        let Some(&seat) = view.to_act.first() else {
            tokio::time::sleep(Duration::from_millis(1)).await;
            continue;
        };
        let token = &tokens.iter().find(|(s, _)| *s == seat).unwrap().1;
        let request = pb::GetViewRequest {
            game_id: game_id.to_owned(),
            seat: Some(seat),
            detail: pb::Detail::Full as i32,
        };
        let mut mine = client
            .get_view(authed(request, token))
            .await
            .unwrap()
            .into_inner();
        if mine.legal_actions.is_empty() {
            continue;
        }
        let pick = (mine.version as usize * 7 + 3) % mine.legal_actions.len();
        let request = pb::ApplyActionRequest {
            game_id: game_id.to_owned(),
            seat,
            expected_version: mine.version,
            action: mine.legal_actions.swap_remove(pick).action,
            ..Default::default()
        };
        client.apply_action(authed(request, token)).await.unwrap();
    }
    panic!("game {game_id} did not end");
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn melange_load_against_a_server_killed_mid_run_finds_every_acknowledged_action() {
    let dir = TempDir::new("load-sigkill");
    let log = dir.path().join("acks.jsonl");
    // The default policy: a SIGKILL loses nothing acknowledged under it
    // (every write reaches the operating system before its answer).
    let mut server = spawn_binary(&dir, None);
    let mut load = std::process::Command::new(super::binaries::workspace_binary("melange-load"))
        .args(["--endpoint", &format!("http://{}", server.address)])
        .args([
            "--workloads",
            "unwatched",
            "--games",
            "200",
            "--concurrency",
            "6",
        ])
        .args(["--health-calls", "0", "--max-seconds", "60"])
        // The server stays dead: the load's calls fail, and it stops.
        .args(["--retry-unavailable", "false"])
        .arg("--ack-log")
        .arg(&log)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    wait_for_acknowledged(&log, 400).await;
    // SIGKILL, mid-run: the load's calls in flight fail.
    server.process.kill().unwrap();
    server.process.wait().unwrap();
    drop(server);
    load.wait().unwrap();
    let lines = ack_lines(&log);

    let server = spawn_binary(&dir, Some("never"));
    let mut client = Client::connect(format!("http://{}", server.address))
        .await
        .unwrap();
    let games = logged_games(&lines);
    let checked = check_acknowledged(&mut client, &games, &lines).await;
    assert_eq!(checked, acknowledged(&lines));
    assert!(checked >= 400);
    // Every game the load created plays on to its end.
    let mut players = Vec::new();
    for (game_id, tokens) in games {
        let url = format!("http://{}", server.address);
        players.push(tokio::spawn(async move {
            let mut client = Client::connect(url).await.unwrap();
            play_all_seats(&mut client, &game_id, &tokens).await;
        }));
    }
    for player in players {
        player.await.unwrap();
    }
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn melange_load_rides_out_a_server_killed_and_restarted_on_its_address() {
    // P14: a server dies and another takes its games over from the
    // journal, here a new server on the same directory and address. The
    // load's clients retry (`--retry-unavailable`, on by default), re-read
    // their views and play every game to its end; the run succeeds.
    let dir = TempDir::new("load-restart");
    let log = dir.path().join("acks.jsonl");
    let mut server = spawn_binary(&dir, None);
    let address = server.address.clone();
    let load = std::process::Command::new(super::binaries::workspace_binary("melange-load"))
        .args(["--endpoint", &format!("http://{address}")])
        .args(["--workloads", "events,unwatched", "--games", "6"])
        .args(["--concurrency", "6", "--health-calls", "0"])
        .args(["--max-seconds", "300"])
        .arg("--ack-log")
        .arg(&log)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    wait_for_acknowledged(&log, 200).await;
    server.process.kill().unwrap();
    server.process.wait().unwrap();
    drop(server);
    let server = spawn_binary_listening(env!("CARGO_BIN_EXE_melange"), &dir, None, &address);
    let output = tokio::task::spawn_blocking(move || load.wait_with_output().unwrap())
        .await
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    eprintln!("{stdout}");
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("errors       0\nretried      "), "{stdout}");

    let lines = ack_lines(&log);
    let games = logged_games(&lines);
    assert_eq!(games.len(), 2 * 6, "{stdout}");
    let mut client = Client::connect(format!("http://{}", server.address))
        .await
        .unwrap();
    let checked = check_acknowledged(&mut client, &games, &lines).await;
    assert!(checked > 200);
    for (game_id, _) in &games {
        let view = public_view(&mut client, game_id).await;
        assert_eq!(view.status, pb::GameStatus::Finished as i32, "{game_id}");
    }
}
