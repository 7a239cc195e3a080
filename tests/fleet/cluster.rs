//! The parts of a test fleet: a database of its own, servers started as
//! processes, HAProxy in front of them, and clients that name the game in
//! the header the proxy routes by.
use std::{
    io::{BufRead, BufReader},
    process::{Child, Command, Stdio},
    sync::mpsc,
    time::Duration,
};

use melange::pb::{self, game_service_client::GameServiceClient};
use tonic::{Request, transport::Channel};

pub type Client = GameServiceClient<Channel>;

/// The admin token every test server accepts.
pub const ADMIN: &str = "admin-secret";

/// The lease TTL of the test servers: short, so that tests of a dead or
/// frozen server take seconds.
pub const LEASE_TTL_MS: u64 = 1_500;

/// The PostgreSQL server the tests use (`MELANGE_TEST_POSTGRES`).
fn admin_url() -> String {
    std::env::var("MELANGE_TEST_POSTGRES").expect(
        "MELANGE_TEST_POSTGRES names a PostgreSQL server (postgres://user@127.0.0.1:PORT/db); \
         .ci/fleet starts one",
    )
}

/// A fresh database named `name` on the test server; its URL.
pub async fn fresh_database(name: &str) -> String {
    let admin = admin_url();
    let (client, connection) = tokio_postgres::connect(&admin, tokio_postgres::NoTls)
        .await
        .expect("the test PostgreSQL server answers");
    tokio::spawn(connection);
    // Two statements: neither may run inside a transaction block.
    for statement in [
        format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
        format!("CREATE DATABASE {name}"),
    ] {
        client.batch_execute(&statement).await.unwrap();
    }
    let base = admin.rsplit_once('/').unwrap().0;
    format!("{base}/{name}")
}

/// A connection to a test database, for checks.
pub async fn database(url: &str) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    client
}

/// A binary of the crate: the release build named by `var` when set (CI
/// builds it once for every suite), else this build's.
fn binary(var: &str, built: &str) -> String {
    std::env::var(var).unwrap_or_else(|_| built.to_owned())
}

/// A free loopback port (bound and released; the race is harmless here).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One melange server of the fleet, as a process.
pub struct Server {
    pub process: Child,
    pub address: String,
    pub node: String,
    joined: mpsc::Receiver<()>,
}

impl Server {
    /// Starts a server named `node` on `port`, journaling to `journal`.
    pub fn start(journal: &str, node: &str, port: u16) -> Server {
        let mut process = Command::new(binary("MELANGE_BIN", env!("CARGO_BIN_EXE_melange")))
            .args(["--listen", &format!("127.0.0.1:{port}")])
            .args(["--journal", journal, "--node-id", node])
            .args(["--lease-ttl-ms", &LEASE_TTL_MS.to_string()])
            .args(["--data-dir", "none", "--log-format", "json"])
            .args(["--admin-token", ADMIN, "--shutdown-grace-secs", "3"])
            // Every client of a test comes from 127.0.0.1 (or the proxy).
            .args(["--max-games-per-client", "100000"])
            .args(["--creates-per-minute-per-client", "100000"])
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdout = process.stdout.take().unwrap();
        let (found, joined) = mpsc::channel();
        let name = node.to_owned();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if line.contains("joined the fleet") {
                    let _ = found.send(());
                }
                if std::env::var_os("FLEET_LOGS").is_some() {
                    eprintln!("[{name}] {line}");
                }
            }
        });
        Server {
            process,
            address: format!("127.0.0.1:{port}"),
            node: node.to_owned(),
            joined,
        }
    }

    /// Waits until the server reached the journal.
    pub fn wait_joined(&self) {
        self.joined
            .recv_timeout(Duration::from_secs(30))
            .expect("the server joins the fleet");
    }

    /// A client of this server alone.
    pub async fn client(&self) -> Client {
        connect(&self.address).await
    }

    /// Sends a signal (`KILL`, `STOP`, `CONT`, `TERM`).
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .args([&format!("-{name}"), &self.process.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// Servers named `nodes` on free ports, all journaling to `journal`, once
/// each has joined the fleet.
pub fn fleet_of(journal: &str, nodes: &[&str]) -> Vec<Server> {
    let servers: Vec<Server> = nodes
        .iter()
        .map(|node| Server::start(journal, node, free_port()))
        .collect();
    for server in &servers {
        server.wait_joined();
    }
    servers
}

/// Connects to `address` (host:port), retrying while it starts.
pub async fn connect(address: &str) -> Client {
    for _ in 0..300 {
        if let Ok(client) = GameServiceClient::connect(format!("http://{address}")).await {
            return client;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{address} does not accept connections");
}

/// HAProxy with `deploy/haproxy.cfg`, in front of `servers`.
pub struct Proxy {
    process: Child,
    pub address: String,
}

impl Proxy {
    /// Starts HAProxy (Debian's, `HAPROXY` or `haproxy` on the path) on
    /// loopback ports, routing to `servers` (host:port).
    pub fn start(servers: &[&str]) -> Proxy {
        let grpc = free_port();
        let stats = free_port();
        let config = concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/haproxy.cfg");
        let mut command =
            Command::new(std::env::var("HAPROXY").unwrap_or_else(|_| "haproxy".to_owned()));
        command
            .args(["-db", "-f", config])
            .env("PROXY_GRPC_BIND", format!("127.0.0.1:{grpc}"))
            .env("PROXY_WEB_BIND", format!("127.0.0.1:{}", free_port()))
            .env("PROXY_STATS_BIND", format!("127.0.0.1:{stats}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        for (index, server) in servers.iter().enumerate() {
            command.env(format!("PROXY_SERVER_{}", index + 1), server);
        }
        let process = command
            .spawn()
            .expect("HAProxy runs (.ci/fleet installs it)");
        let proxy = Proxy {
            process,
            address: format!("127.0.0.1:{grpc}"),
        };
        proxy.wait_all_up(stats, servers.len());
        proxy
    }

    /// Waits until HAProxy's statistics say every server is UP (its health
    /// checks passed), so that the first calls find a server.
    fn wait_all_up(&self, stats: u16, servers: usize) {
        use std::io::{Read, Write};
        let started = std::time::Instant::now();
        loop {
            let mut page = String::new();
            if let Ok(mut stream) = std::net::TcpStream::connect(("127.0.0.1", stats)) {
                let _ = stream.write_all(b"GET /stats;csv HTTP/1.0\r\n\r\n");
                let _ = stream.read_to_string(&mut page);
            }
            let up = page
                .lines()
                .filter(|line| line.starts_with("melange,melange-"))
                .filter(|line| line.split(',').nth(17) == Some("UP"))
                .count();
            if up == servers {
                return;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "HAProxy sees {up} of {servers} servers UP"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// `message` for `game_id`, with the seat's token when there is one: the
/// header that routes it and the bearer token.
pub fn call<T>(message: T, game_id: &str, token: Option<&str>) -> Request<T> {
    let mut request = Request::new(message);
    request
        .metadata_mut()
        .insert("x-melange-game", game_id.parse().unwrap());
    if let Some(token) = token {
        request
            .metadata_mut()
            .insert("authorization", format!("Bearer {token}").parse().unwrap());
    }
    request
}

/// A two-player War for Arrakis game of two human seats, seeded.
pub fn two_humans(seed: u64) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        kind: pb::GameKind::WarForArrakis as i32,
        seed: Some(seed),
        seats: vec![pb::SeatConfig::default(), pb::SeatConfig::default()],
        ..Default::default()
    }
}

/// The seat to act and its token, from a creation's grants and a view.
pub fn to_act<'a>(game: &'a pb::CreateGameResponse, view: &pb::View) -> (u32, &'a str) {
    let seat = view.to_act.first().copied().expect("someone is to act");
    let token = &game
        .seats
        .iter()
        .find(|grant| grant.seat == seat)
        .unwrap()
        .token;
    (seat, token)
}

/// Plays the first legal action of whoever is to act, through `client`.
pub async fn play_one(
    client: &mut Client,
    game: &pb::CreateGameResponse,
) -> Result<pb::ApplyActionResponse, tonic::Status> {
    let spectator = client
        .get_view(call(
            pb::GetViewRequest {
                game_id: game.game_id.clone(),
                seat: None,
                detail: pb::Detail::Full as i32,
            },
            &game.game_id,
            None,
        ))
        .await?
        .into_inner();
    if spectator.to_act.is_empty() {
        return Err(tonic::Status::failed_precondition("the game is over"));
    }
    let (seat, token) = to_act(game, &spectator);
    let mine = client
        .get_view(call(
            pb::GetViewRequest {
                game_id: game.game_id.clone(),
                seat: Some(seat),
                detail: pb::Detail::Full as i32,
            },
            &game.game_id,
            Some(token),
        ))
        .await?
        .into_inner();
    let action = mine
        .legal_actions
        .first()
        .and_then(|legal| legal.action.clone());
    client
        .apply_action(call(
            pb::ApplyActionRequest {
                game_id: game.game_id.clone(),
                seat,
                expected_version: mine.version,
                action,
                ..Default::default()
            },
            &game.game_id,
            Some(token),
        ))
        .await
        .map(tonic::Response::into_inner)
}
