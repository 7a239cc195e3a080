//! `melange-load --attack KIND`: one abuse of the server run in the
//! background while the normal workload runs, so that the report shows
//! what the abuse costs everyone else (issue P13). Each attack is bounded
//! by `size` (connections, callers or games) and ends with the run.
use std::{
    fmt,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    time::Duration,
};

use tokio::{net::TcpStream, task::JoinSet};
use tonic::{Code, transport::Endpoint};

use melange::api::seat_request;
use melange::pb::{self, game_service_client::GameServiceClient};

/// Which abuse runs beside the workload.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Attack {
    /// Opens `size` TCP connections to the server and sends nothing.
    IdleConnections,
    /// One client creates games in a loop.
    GameFlood,
    /// Games (up to `size`) whose first seat is a remote bot at a local
    /// listener that accepts and never answers; the server must allow that
    /// endpoint (`--allow-bot-endpoint`).
    HangingBot,
    /// `size` callers send Simulate calls of the largest size (64 samples,
    /// 200,000 steps) in a loop, for a seat of one game.
    SimulateFlood,
}

/// What the attack is aimed at and how big it is.
#[derive(Clone, Debug)]
pub struct AttackConfig {
    /// The attack.
    pub attack: Attack,
    /// The server, e.g. `http://127.0.0.1:50051`.
    pub endpoint: String,
    /// The game kind and options its games are created with.
    pub kind: i32,
    /// The options of those games.
    pub options: pb::GameOptions,
    /// Connections, concurrent callers or games, by attack.
    pub size: usize,
    /// For `hanging-bot`: where the silent bot listens (`HOST:PORT`).
    pub bot_listen: String,
    /// The local address the attack's connections come from (another
    /// loopback address, 127.0.0.2, by default in `melange-load`), so the
    /// server counts the attacker as a client apart from the well-behaved
    /// ones, as it would a stranger on another machine; `None` lets the
    /// system choose.
    pub from: Option<std::net::IpAddr>,
}

/// How the attack's calls went.
#[derive(Debug, Default)]
struct Counts {
    calls: AtomicU64,
    refused: AtomicU64,
    failed: AtomicU64,
}

/// An attack under way; [`Running::stop`] ends it and says how it went.
#[derive(Debug)]
pub struct Running {
    attack: Attack,
    stop: Arc<AtomicBool>,
    counts: Arc<Counts>,
    tasks: JoinSet<()>,
}

/// How an attack went: its calls, the refused ones (`RESOURCE_EXHAUSTED`)
/// and the others that failed.
#[derive(Debug)]
pub struct AttackReport {
    attack: Attack,
    calls: u64,
    refused: u64,
    failed: u64,
}

impl fmt::Display for AttackReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "attack {:?}: {} calls, {} refused (RESOURCE_EXHAUSTED), {} failed otherwise",
            self.attack, self.calls, self.refused, self.failed
        )
    }
}

impl Counts {
    fn record<T>(&self, result: &Result<T, tonic::Status>) {
        self.calls.fetch_add(1, Ordering::Relaxed);
        match result {
            Ok(_) => {}
            Err(status) if status.code() == Code::ResourceExhausted => {
                self.refused.fetch_add(1, Ordering::Relaxed);
            }
            Err(_) => {
                self.failed.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// A TCP connection to `address` (`HOST:PORT`) from the local address
/// `from`, when given.
async fn connect_from(from: Option<std::net::IpAddr>, address: &str) -> std::io::Result<TcpStream> {
    let Some(from) = from else {
        return TcpStream::connect(address).await;
    };
    let target = tokio::net::lookup_host(address)
        .await?
        .next()
        .ok_or_else(|| std::io::Error::other(format!("{address} names no address")))?;
    let socket = if from.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.bind(std::net::SocketAddr::new(from, 0))?;
    socket.connect(target).await
}

/// How long a caller pauses after a refusal or a failure, so that an
/// attack that is refused does not spin.
const BACKOFF: Duration = Duration::from_millis(5);

/// Starts the attack in the background.
pub async fn start(config: AttackConfig) -> Result<Running, String> {
    let stop = Arc::new(AtomicBool::new(false));
    let counts = Arc::new(Counts::default());
    let mut tasks = JoinSet::new();
    let size = config.size.max(1);
    let channel = Endpoint::from_shared(config.endpoint.clone())
        .map_err(|error| error.to_string())?
        .local_address(config.from)
        .connect()
        .await
        .map_err(|error| format!("the attack cannot connect: {error}"))?;
    let client = GameServiceClient::new(channel);
    let game = |seats: Vec<pb::SeatConfig>| pb::CreateGameRequest {
        kind: config.kind,
        options: Some(config.options.clone()),
        seats,
        ..Default::default()
    };
    match config.attack {
        Attack::IdleConnections => {
            let address = config
                .endpoint
                .split_once("://")
                .map_or(config.endpoint.as_str(), |(_, rest)| rest)
                .trim_end_matches('/')
                .to_owned();
            let stop = stop.clone();
            let counts = counts.clone();
            let from = config.from;
            tasks.spawn(async move {
                let mut held = Vec::with_capacity(size);
                for _ in 0..size {
                    let opened = connect_from(from, &address).await;
                    counts.calls.fetch_add(1, Ordering::Relaxed);
                    match opened {
                        Ok(stream) => held.push(stream),
                        Err(_) => {
                            counts.failed.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
                while !stop.load(Ordering::Relaxed) {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                drop(held);
            });
        }
        Attack::GameFlood => {
            let (stop, counts, mut client) = (stop.clone(), counts.clone(), client.clone());
            let request = game(Vec::new());
            tasks.spawn(async move {
                while !stop.load(Ordering::Relaxed) {
                    let created = client.create_game(request.clone()).await;
                    counts.record(&created);
                    if created.is_err() {
                        tokio::time::sleep(BACKOFF).await;
                    }
                }
            });
        }
        Attack::HangingBot => {
            let listener = tokio::net::TcpListener::bind(&config.bot_listen)
                .await
                .map_err(|error| format!("cannot listen on {}: {error}", config.bot_listen))?;
            let bot = format!("http://{}", config.bot_listen);
            let stop_listening = stop.clone();
            tasks.spawn(async move {
                // Accepts and never answers; a few connections at most (the
                // server shares one per endpoint).
                let mut held = Vec::new();
                while !stop_listening.load(Ordering::Relaxed) {
                    let accepted =
                        tokio::time::timeout(Duration::from_millis(50), listener.accept()).await;
                    if let Ok(Ok((stream, _))) = accepted
                        && held.len() < 64
                    {
                        held.push(stream);
                    }
                }
            });
            let (stop, counts, mut client) = (stop.clone(), counts.clone(), client.clone());
            let request = game(vec![pb::SeatConfig {
                bot,
                plays: String::new(),
            }]);
            tasks.spawn(async move {
                for _ in 0..size {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let created = client.create_game(request.clone()).await;
                    counts.record(&created);
                    if created.is_err() {
                        tokio::time::sleep(BACKOFF).await;
                    }
                }
            });
        }
        Attack::SimulateFlood => {
            let mut creator = client.clone();
            let game = creator
                .create_game(game(Vec::new()))
                .await
                .map_err(|status| format!("the attack's game was refused: {status}"))?
                .into_inner();
            let seat = game
                .seats
                .iter()
                .find(|grant| !grant.token.is_empty())
                .ok_or("the attack's game has no seat with a token")?
                .clone();
            for _ in 0..size {
                let (stop, counts, mut client) = (stop.clone(), counts.clone(), client.clone());
                let (game_id, seat) = (game.game_id.clone(), seat.clone());
                tasks.spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        let message = pb::SimulateRequest {
                            game_id: game_id.clone(),
                            seat: seat.seat,
                            actions: Vec::new(),
                            sampling_seed: 1,
                            samples: 64,
                            playout_steps: 3_125,
                        };
                        let simulated = match seat_request(message, &seat.token) {
                            Ok(request) => client.simulate(request).await,
                            Err(status) => Err(status),
                        };
                        counts.record(&simulated);
                        if simulated.is_err() {
                            tokio::time::sleep(BACKOFF).await;
                        }
                    }
                });
            }
        }
    }
    Ok(Running {
        attack: config.attack,
        stop,
        counts,
        tasks,
    })
}

impl Running {
    /// Ends the attack (its connections close, its callers stop after
    /// their call in flight) and says how it went.
    pub async fn stop(mut self) -> AttackReport {
        self.stop.store(true, Ordering::Relaxed);
        // A caller whose call hangs is not waited for.
        let _ = tokio::time::timeout(Duration::from_secs(5), async {
            while self.tasks.join_next().await.is_some() {}
        })
        .await;
        self.tasks.abort_all();
        AttackReport {
            attack: self.attack,
            calls: self.counts.calls.load(Ordering::Relaxed),
            refused: self.counts.refused.load(Ordering::Relaxed),
            failed: self.counts.failed.load(Ordering::Relaxed),
        }
    }
}
