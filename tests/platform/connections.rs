//! Connections and streams per client (P13, findings 6, 7 and 11): caps
//! per peer address and in total, closed at once beyond them; a first
//! request due within the header timeout; silent connections closed after
//! the idle timeout, but never one that carries a spectator's stream of a
//! quiet game; `StreamGame` streams capped per address and given back when
//! the client cancels; a game's spectator slots shared out per address.
//!
//! Every test sets small limits and short timeouts of its own, and waits
//! for what it expects with generous margins (a loaded 2-core machine):
//! nothing here asserts that something happens quickly, only that it
//! happens, or that it has not happened yet when the other side is idle.
#![allow(clippy::needless_update)]
use std::{
    net::{IpAddr, SocketAddr},
    time::Duration,
};

use melange::{
    matches::Limits,
    pb::{self, game_service_client::GameServiceClient},
    server::{ConnectionLimits, ServerConfig},
};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpSocket, TcpStream},
};
use tokio_stream::StreamExt;
use tonic::{Code, transport::Endpoint};

use super::support::{Client, TestServer, authed, harness_request, play_first_legal, public_view};

/// The longest any test waits for the server to close a connection or to
/// give a count back: far beyond the short timeouts set here.
const PATIENCE: Duration = Duration::from_secs(30);

fn with_connections(connections: ConnectionLimits) -> ServerConfig {
    ServerConfig {
        connections,
        ..ServerConfig::default()
    }
}

/// A raw TCP connection to the server from `from` (any 127.0.0.0/8 address).
async fn connect_from(from: &str, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(from.parse().unwrap(), 0))
        .unwrap();
    socket.connect(server).await.unwrap()
}

/// Whether the server closed the connection (end of stream or a reset)
/// within `wait`; bytes the server sends before closing are read past.
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut buffer = [0u8; 4096];
    tokio::time::timeout(wait, async {
        loop {
            match stream.read(&mut buffer).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    })
    .await
    .is_ok()
}

/// A gRPC client whose connections come from `from`.
async fn client_from(from: &str, server: SocketAddr) -> Client {
    let channel = Endpoint::from_shared(format!("http://{server}"))
        .unwrap()
        .local_address(Some(from.parse::<IpAddr>().unwrap()))
        .connect()
        .await
        .unwrap();
    GameServiceClient::new(channel)
}

fn spectate(game_id: &str) -> pb::StreamGameRequest {
    pb::StreamGameRequest {
        game_id: game_id.to_owned(),
        seat: None,
        from_version: 0,
        ..Default::default()
    }
}

async fn new_game(client: &mut Client) -> pb::CreateGameResponse {
    client
        .create_game(harness_request(None, 2, 30, &[]))
        .await
        .unwrap()
        .into_inner()
}

#[tokio::test]
async fn connections_beyond_the_caps_per_address_and_in_total_are_closed_at_once() {
    let server = TestServer::start_with(with_connections(ConnectionLimits {
        max_connections: 3,
        max_connections_per_ip: 2,
        // Silent connections stay open for the whole test.
        header_timeout: Duration::from_secs(600),
        ..ConnectionLimits::default()
    }))
    .await;
    let mut first = connect_from("127.0.0.1", server.addr).await;
    let mut second = connect_from("127.0.0.1", server.addr).await;
    let mut third = connect_from("127.0.0.1", server.addr).await;
    assert!(
        closed_within(&mut third, PATIENCE).await,
        "over the per-address cap"
    );
    // Another address has a cap of its own, until the total is reached.
    let mut other = connect_from("127.0.0.2", server.addr).await;
    let mut over_total = connect_from("127.0.0.2", server.addr).await;
    assert!(
        closed_within(&mut over_total, PATIENCE).await,
        "over the total cap"
    );
    for admitted in [&mut first, &mut second, &mut other] {
        assert!(!closed_within(admitted, Duration::from_millis(300)).await);
    }
    // A closed connection gives its place back.
    drop(first);
    let served = tokio::time::timeout(PATIENCE, async {
        loop {
            let attempt = async {
                let mut client = client_from("127.0.0.1", server.addr).await;
                client.list_games(pb::ListGamesRequest::default()).await
            };
            if let Ok(Ok(_)) = tokio::time::timeout(Duration::from_secs(5), attempt).await {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    assert!(
        served.is_ok(),
        "a place freed by a closed connection is taken again"
    );
    server.shutdown().await;
}

#[tokio::test]
async fn a_connection_without_a_complete_request_is_closed_after_the_header_timeout() {
    let server = TestServer::start_with(with_connections(ConnectionLimits {
        header_timeout: Duration::from_millis(500),
        ..ConnectionLimits::default()
    }))
    .await;
    // Bare TCP that sends nothing.
    let mut bare = connect_from("127.0.0.1", server.addr).await;
    // The HTTP/2 preface and then silence: no request ever comes.
    let mut preface = connect_from("127.0.0.1", server.addr).await;
    preface
        .write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x00\x04\x00\x00\x00\x00\x00")
        .await
        .unwrap();
    // An HTTP/1.1 head that trickles in and is never finished: the bytes
    // keep it from being idle, not from the header deadline.
    let mut partial = connect_from("127.0.0.1", server.addr).await;
    partial
        .write_all(b"GET /viewer/ HTTP/1.1\r\nHost: melange\r\n")
        .await
        .unwrap();
    let trickle = tokio::spawn(async move {
        for _ in 0..600 {
            if partial.write_all(b"X-Slow: 1\r\n").await.is_err() {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        false
    });
    assert!(closed_within(&mut bare, PATIENCE).await, "bare TCP");
    assert!(
        closed_within(&mut preface, PATIENCE).await,
        "a silent HTTP/2 preface"
    );
    assert!(
        trickle.await.unwrap(),
        "a head that never ends is closed (the writes start failing)"
    );
    // A client that asks something promptly is served.
    let mut client = server.client().await;
    client
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap();
    server.shutdown().await;
}

#[tokio::test]
async fn an_idle_connection_is_closed_after_the_idle_timeout() {
    let server = TestServer::start_with(with_connections(ConnectionLimits {
        idle_timeout: Duration::from_millis(500),
        ..ConnectionLimits::default()
    }))
    .await;
    // An HTTP/1.1 keep-alive connection: one complete gRPC-Web call (an
    // empty ListGamesRequest), answered, then silence.
    let mut keep_alive = connect_from("127.0.0.1", server.addr).await;
    keep_alive
        .write_all(
            b"POST /melange.v1.GameService/ListGames HTTP/1.1\r\nHost: melange\r\n\
              Content-Type: application/grpc-web+proto\r\nX-Grpc-Web: 1\r\n\
              Content-Length: 5\r\n\r\n\x00\x00\x00\x00\x00",
        )
        .await
        .unwrap();
    let mut answer = [0u8; 12];
    keep_alive.read_exact(&mut answer).await.unwrap();
    assert_eq!(&answer, b"HTTP/1.1 200");
    assert!(closed_within(&mut keep_alive, PATIENCE).await);
    server.shutdown().await;
}

/// A spectator waiting on a game where nothing happens for several idle
/// timeouts keeps its stream and sees the next move.
#[tokio::test]
async fn a_spectator_of_a_quiet_game_outlives_the_idle_timeout() {
    let server = TestServer::start_with(with_connections(ConnectionLimits {
        idle_timeout: Duration::from_millis(300),
        ..ConnectionLimits::default()
    }))
    .await;
    let mut player = server.client().await;
    let game = new_game(&mut player).await;
    let mut spectator = server.client().await;
    let mut stream = spectator
        .stream_game(spectate(&game.game_id))
        .await
        .unwrap()
        .into_inner();
    tokio::time::sleep(Duration::from_secs(2)).await;
    // The player's own connection idled out meanwhile; a new one plays.
    let mut player = server.client().await;
    let seat = public_view(&mut player, &game.game_id).await.to_act[0];
    let played = play_first_legal(&mut player, &game, seat).await.version;
    let update = tokio::time::timeout(PATIENCE, stream.next())
        .await
        .expect("the stream is still open")
        .expect("an update")
        .unwrap();
    assert_eq!(update.version, played);
    server.shutdown().await;
}

/// The same over gRPC-Web on HTTP/1.1, which has no pings: the open stream
/// alone keeps the connection.
#[tokio::test]
async fn a_grpc_web_spectator_of_a_quiet_game_outlives_the_idle_timeout() {
    use prost::Message;
    let server = TestServer::start_with(with_connections(ConnectionLimits {
        idle_timeout: Duration::from_millis(300),
        ..ConnectionLimits::default()
    }))
    .await;
    let mut player = server.client().await;
    let game = new_game(&mut player).await;
    let payload = spectate(&game.game_id).encode_to_vec();
    let mut body = vec![0u8];
    body.extend_from_slice(&(payload.len() as u32).to_be_bytes());
    body.extend_from_slice(&payload);
    let mut browser = connect_from("127.0.0.1", server.addr).await;
    let head = format!(
        "POST /melange.v1.GameService/StreamGame HTTP/1.1\r\nHost: melange\r\n\
         Content-Type: application/grpc-web+proto\r\nX-Grpc-Web: 1\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    browser.write_all(head.as_bytes()).await.unwrap();
    browser.write_all(&body).await.unwrap();
    let mut answer = [0u8; 12];
    browser.read_exact(&mut answer).await.unwrap();
    assert_eq!(&answer, b"HTTP/1.1 200");
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut player = server.client().await;
    let seat = public_view(&mut player, &game.game_id).await.to_act[0];
    play_first_legal(&mut player, &game, seat).await;
    // The update arrives as a gRPC-Web frame on the same connection.
    let mut received = Vec::new();
    let mut buffer = [0u8; 4096];
    let read = tokio::time::timeout(PATIENCE, async {
        while !received
            .windows(game.game_id.len())
            .any(|w| w == game.game_id.as_bytes())
        {
            match browser.read(&mut buffer).await {
                Ok(0) | Err(_) => return false,
                Ok(n) => received.extend_from_slice(&buffer[..n]),
            }
        }
        true
    })
    .await;
    assert_eq!(read, Ok(true), "the update came on the open connection");
    server.shutdown().await;
}

#[tokio::test]
async fn streams_are_capped_per_address_and_given_back_when_the_client_cancels() {
    let server = TestServer::start_with(ServerConfig {
        connections: ConnectionLimits {
            max_streams_per_ip: 3,
            ..ConnectionLimits::default()
        },
        limits: Limits {
            max_watchers_per_peer: 10,
            ..Limits::default()
        },
        ..ServerConfig::default()
    })
    .await;
    let mut client = server.client().await;
    let game = new_game(&mut client).await;
    let other = new_game(&mut client).await;
    let mut open = Vec::new();
    // Seat streams count too: every StreamGame of the address.
    let seat = pb::StreamGameRequest {
        seat: Some(0),
        ..spectate(&game.game_id)
    };
    open.push(
        client
            .stream_game(authed(seat, &game.seats[0].token))
            .await
            .unwrap()
            .into_inner(),
    );
    for game_id in [&game.game_id, &other.game_id] {
        open.push(
            client
                .stream_game(spectate(game_id))
                .await
                .unwrap()
                .into_inner(),
        );
    }
    let refused = client
        .stream_game(spectate(&game.game_id))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::ResourceExhausted);
    assert!(
        refused.message().contains("127.0.0.1") && refused.message().contains("3"),
        "{}",
        refused.message()
    );
    // Another address has its own count.
    let mut elsewhere = client_from("127.0.0.2", server.addr).await;
    let _theirs = elsewhere
        .stream_game(spectate(&game.game_id))
        .await
        .unwrap()
        .into_inner();

    // Cancelled by the client: each stream's task ends and gives its place
    // back, so the address can open three again.
    drop(open);
    let reopened = tokio::time::timeout(PATIENCE, async {
        loop {
            let mut again = Vec::new();
            for _ in 0..3 {
                match client.stream_game(spectate(&other.game_id)).await {
                    Ok(stream) => again.push(stream.into_inner()),
                    Err(status) => {
                        assert_eq!(status.code(), Code::ResourceExhausted);
                        break;
                    }
                }
            }
            if again.len() == 3 {
                return again;
            }
            drop(again);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("the cancelled streams' places come back");
    assert_eq!(reopened.len(), 3);
    server.shutdown().await;
}

#[tokio::test]
async fn one_connection_runs_at_most_its_share_of_concurrent_requests() {
    let server = TestServer::start_with(with_connections(ConnectionLimits {
        max_streams_per_connection: 2,
        ..ConnectionLimits::default()
    }))
    .await;
    let mut client = server.client().await;
    let game = new_game(&mut client).await;
    let first = client
        .stream_game(spectate(&game.game_id))
        .await
        .unwrap()
        .into_inner();
    let _second = client
        .stream_game(spectate(&game.game_id))
        .await
        .unwrap()
        .into_inner();
    // A third request on the same connection waits for a free stream.
    let mut third = client.clone();
    let waiting = tokio::spawn(async move {
        third
            .list_games(pb::ListGamesRequest::default())
            .await
            .map(|_| ())
    });
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!waiting.is_finished(), "the third request waits");
    drop(first);
    tokio::time::timeout(PATIENCE, waiting)
        .await
        .expect("served once a stream ends")
        .unwrap()
        .unwrap();
    server.shutdown().await;
}

#[tokio::test]
async fn one_address_takes_at_most_its_share_of_a_games_spectator_slots() {
    let server = TestServer::start_with(ServerConfig {
        limits: Limits {
            max_watchers_per_game: 10,
            max_watchers_per_peer: 2,
            ..Limits::default()
        },
        ..ServerConfig::default()
    })
    .await;
    let mut client = server.client().await;
    let game = new_game(&mut client).await;
    let other = new_game(&mut client).await;
    let mut held = Vec::new();
    for _ in 0..2 {
        held.push(
            client
                .stream_game(spectate(&game.game_id))
                .await
                .unwrap()
                .into_inner(),
        );
    }
    let refused = client
        .stream_game(spectate(&game.game_id))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::ResourceExhausted);
    assert!(
        refused.message().contains("127.0.0.1"),
        "{}",
        refused.message()
    );
    // Not for a seat's own stream, another game, or another address.
    let seat = pb::StreamGameRequest {
        seat: Some(1),
        ..spectate(&game.game_id)
    };
    let _seat = client
        .stream_game(authed(seat, &game.seats[1].token))
        .await
        .unwrap();
    let _other_game = client.stream_game(spectate(&other.game_id)).await.unwrap();
    let mut elsewhere = client_from("127.0.0.2", server.addr).await;
    let _elsewhere = elsewhere
        .stream_game(spectate(&game.game_id))
        .await
        .unwrap();
    server.shutdown().await;
}

/// Out of file descriptors (P13 finding 6): the binary, started with a
/// tiny open-file limit, warns at start-up that `--max-connections` cannot
/// be reached, logs the exhaustion once for the whole burst, does not spin
/// while it lasts, and serves again once connections close.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn running_out_of_file_descriptors_is_logged_once_and_not_spun_on() {
    use std::{
        io::{BufRead, BufReader},
        process::{Command, Stdio},
        sync::{Arc, Mutex},
    };
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -n 48 && exec \"$0\" \"$@\""])
        .arg(env!("CARGO_BIN_EXE_melange"))
        .args(["--data-dir", "none", "--listen", "127.0.0.1:0"])
        .args(["--log-format", "json", "--header-timeout-secs", "600"])
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    /// Kills the server whatever the test's outcome.
    struct Killed(std::process::Child);
    impl Drop for Killed {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let stdout = child.stdout.take().unwrap();
    let child = Killed(child);
    let lines = Arc::new(Mutex::new(Vec::<String>::new()));
    let reader = lines.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { return };
            reader.lock().unwrap().push(line);
        }
    });
    let logged = |text: &str| {
        lines
            .lock()
            .unwrap()
            .iter()
            .filter(|line| line.contains(text))
            .count()
    };
    let wait_for = |text: &'static str| {
        let logged = &logged;
        async move {
            tokio::time::timeout(PATIENCE, async {
                while logged(text) == 0 {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
            })
            .await
            .unwrap_or_else(|_| panic!("no log line with {text:?}"));
        }
    };
    wait_for("melange listening").await;
    let address: SocketAddr = {
        let lines = lines.lock().unwrap();
        let line = lines
            .iter()
            .find(|line| line.contains("melange listening"))
            .unwrap();
        let log: serde_json::Value = serde_json::from_str(line).unwrap();
        log["fields"]["address"].as_str().unwrap().parse().unwrap()
    };
    // The warning may reach the log just after the listening line.
    wait_for("the open-file limit is below --max-connections").await;
    assert_eq!(logged("the open-file limit is below --max-connections"), 1);

    // Far more silent connections than descriptors: the kernel queues them,
    // the server accepts until it has no descriptor left.
    let mut silent = Vec::new();
    for _ in 0..80 {
        silent.push(TcpStream::connect(address).await.unwrap());
    }
    wait_for("out of file descriptors").await;
    let cpu = || {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", child.0.id())).unwrap();
        // utime and stime, in clock ticks (100 a second), after the
        // parenthesized command name.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .unwrap()
            .1
            .split_whitespace()
            .collect();
        fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
    };
    let before = cpu();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let used = cpu() - before;
    // A loop that spins on the failing accept takes every tick it gets.
    assert!(
        used < 50,
        "{used} ticks of CPU in 2 s while out of descriptors"
    );
    assert_eq!(logged("out of file descriptors"), 1, "once per burst");

    drop(silent);
    let served = tokio::time::timeout(PATIENCE, async {
        loop {
            let attempt = async {
                let mut client = GameServiceClient::connect(format!("http://{address}")).await?;
                client
                    .list_games(pb::ListGamesRequest::default())
                    .await
                    .map_err(|status| status.into())
            };
            let result: Result<_, Box<dyn std::error::Error>> = attempt.await;
            if result.is_ok() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await;
    assert!(served.is_ok(), "served again once the connections closed");
    wait_for("accepting connections again").await;
}
