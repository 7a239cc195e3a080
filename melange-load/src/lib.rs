//! The load generator behind `melange-load`: many concurrent games over real
//! gRPC connections, played by each workload in turn (every seat by its own
//! client that streams the game, or one driver per game that watches
//! nothing), each answering with random legal actions, measured against the
//! bare transport (the health `Check` RPC) in the same run; and a fill mode
//! that leaves many live games on the server to measure its memory.
//!
//! Every call that names a game carries it in the `x-melange-game` header
//! ([`melange::api::GAME_HEADER`]), so that a proxy in front of a fleet of
//! servers sends it to the game's server; with `retry_unavailable` the
//! clients ride out a server's death or a game's move (see `retry.rs`).
mod ack_log;
pub mod attack;
mod cpu;
mod fill;
mod light;
mod report;
mod retry;
mod seat_client;
mod unread;

use std::{
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use hdrhistogram::Histogram;
use tokio::task::JoinSet;
use tonic::transport::{Channel, Endpoint};
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

pub use ack_log::AckLog;
pub use cpu::{CpuMark, CpuUse, cpu_time};
pub use fill::{FillConfig, FillReport, fill};
use melange::pb::{self, game_service_client::GameServiceClient};
pub use report::{Errors, LoadReport, Phase, WorkloadReport};

/// How a workload's clients follow their games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Workload {
    /// A client per seat streaming its seat with every update's full view,
    /// and ApplyAction answering with the view: the heaviest way to play.
    Views,
    /// A client per seat streaming its seat with `events_only` (the view
    /// only when the seat must act) and ApplyAction with `omit_view`, at
    /// the run's detail: what a bot that follows the game live should do.
    Events,
    /// One client per game holding every seat's token and no stream: it
    /// continues from each ApplyAction response and asks GetView when the
    /// turn passes to another seat, at the run's detail.
    Unwatched,
}

impl Workload {
    /// The detail its clients ask for in a run at `detail`: everything for
    /// `views`, the run's for the others.
    pub fn detail(self, detail: pb::Detail) -> pb::Detail {
        match self {
            Workload::Views => pb::Detail::Full,
            Workload::Events | Workload::Unwatched => detail,
        }
    }
}

impl Workload {
    /// Its name on the command line and in the report.
    pub fn name(self) -> &'static str {
        match self {
            Workload::Views => "views",
            Workload::Events => "events",
            Workload::Unwatched => "unwatched",
        }
    }
}

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// The server, e.g. `http://127.0.0.1:50051`.
    pub endpoint: String,
    /// The `GameKind` number to create.
    pub kind: i32,
    /// Options for every game.
    pub options: pb::GameOptions,
    /// The workloads to run, one after the other, each on the same games.
    pub workloads: Vec<Workload>,
    /// Games to play to the end in each workload.
    pub games: usize,
    /// Games in flight at once.
    pub concurrency: usize,
    /// HTTP/2 connections to spread the clients over.
    pub connections: usize,
    /// Game `i` uses seed `seed + i`, and its seat clients derive their
    /// choices from it, so a run is reproducible.
    pub seed: u64,
    /// Health `Check` calls for the transport baseline (0 skips it).
    pub health_calls: usize,
    /// Each workload stops starting new games after this long.
    pub max_duration: Duration,
    /// The server's process id (Linux): the report then gives the server's
    /// CPU time per call as well as the load generator's own.
    pub server_pid: Option<u32>,
    /// When not 0: after the measured run, this many spectator streams of
    /// finished games are opened from version 0 and never read, and every
    /// workload and the health baseline run again beside them, so the
    /// report compares the two.
    pub unread_streams: usize,
    /// Where every created game and acknowledged ApplyAction is logged
    /// (`--ack-log`), if anywhere.
    pub ack_log: Option<Arc<AckLog>>,
    /// Whether a client that meets `UNAVAILABLE`, a transport error or a
    /// broken stream backs off, re-reads its view and goes on (issue P14;
    /// `retry.rs`), rather than failing its game at once.
    pub retry_unavailable: bool,
    /// How much the `events` and `unwatched` clients ask their views,
    /// responses and updates to carry (`--detail`). They act on the legal
    /// actions alone, so `Actions` is all they need; `views` always asks
    /// for everything, being the workload of clients that read it all.
    pub detail: pb::Detail,
    /// Spectator streams per game in the `events` and `views` workloads
    /// (`--spectators`), each reading every update from the game's start
    /// with the view, at `views`' detail: what showing a game to an audience
    /// costs. A spectator does not retry (`retry_unavailable`): a failed
    /// stream fails its game. 0: none.
    pub spectators: usize,
}

/// Live counters for the progress line.
#[derive(Debug, Default)]
pub struct Progress {
    /// Games played to the end.
    pub games: AtomicUsize,
    /// Actions applied.
    pub actions: AtomicU64,
    /// GetView calls of drivers that watch nothing.
    pub views: AtomicU64,
    /// Updates read by spectators.
    pub spectated: AtomicU64,
    /// Failed calls.
    pub errors: AtomicU64,
    /// Failed calls that were retried (`retry_unavailable`).
    pub retried: AtomicU64,
}

/// Shared by every client of a run.
pub(crate) struct Shared {
    pub progress: Arc<Progress>,
    pub latency: Mutex<Histogram<u64>>,
    pub errors: Mutex<Errors>,
    pub ack_log: Option<Arc<AckLog>>,
    /// [`LoadConfig::retry_unavailable`].
    pub retry_unavailable: bool,
    /// A client retried for the whole budget without getting on: the
    /// servers are taken to be gone, so transient failures are final from
    /// then on and no new game starts.
    pub given_up: AtomicBool,
}

impl Shared {
    pub fn new(
        progress: Arc<Progress>,
        ack_log: Option<Arc<AckLog>>,
        retry_unavailable: bool,
    ) -> Self {
        Shared {
            progress,
            latency: Mutex::new(histogram()),
            errors: Mutex::new(Errors::default()),
            ack_log,
            retry_unavailable,
            given_up: AtomicBool::new(false),
        }
    }

    pub fn gave_up(&self) -> bool {
        self.given_up.load(Ordering::Relaxed)
    }

    pub fn record_error(&self, status: &tonic::Status) {
        self.progress.errors.fetch_add(1, Ordering::Relaxed);
        self.errors
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .record(status);
    }

    pub fn record_retried(&self, status: &tonic::Status) {
        self.progress.retried.fetch_add(1, Ordering::Relaxed);
        self.errors
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .record_retried(status);
    }

    pub fn record_latency(&self, elapsed: Duration) {
        let micros = elapsed.as_micros().clamp(1, u128::from(u64::MAX)) as u64;
        self.latency
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .saturating_record(micros);
    }
}

fn histogram() -> Histogram<u64> {
    // Microseconds from 1 µs to 10 minutes at 3 significant figures.
    Histogram::new_with_bounds(1, 600_000_000, 3).expect("constant histogram bounds are valid")
}

async fn connect(config: &LoadConfig) -> Result<Vec<Channel>, tonic::transport::Error> {
    let endpoint = Endpoint::from_shared(config.endpoint.clone())?;
    let mut channels = Vec::with_capacity(config.connections.max(1));
    for _ in 0..config.connections.max(1) {
        channels.push(endpoint.connect().await?);
    }
    Ok(channels)
}

/// Runs every workload, then the health baseline, and returns the report;
/// `progress` is updated live (and reset between workloads).
pub async fn run(
    config: LoadConfig,
    progress: Arc<Progress>,
) -> Result<LoadReport, tonic::transport::Error> {
    let channels = connect(&config).await?;
    let mut workloads = Vec::with_capacity(config.workloads.len());
    let mut errors = Errors::default();
    for &workload in &config.workloads {
        let report = run_workload(&config, workload, &channels, &progress).await;
        errors.merge(&report.errors);
        workloads.push(report);
    }
    let health = health_baseline(&config, &channels).await;
    let mut with_unread = None;
    if config.unread_streams > 0 {
        match unread::open(&config, config.unread_streams).await {
            Ok(streams) => {
                let threads = config.server_pid.and_then(server_threads);
                let mut again = Vec::with_capacity(config.workloads.len());
                for &workload in &config.workloads {
                    let report = run_workload(&config, workload, &channels, &progress).await;
                    errors.merge(&report.errors);
                    again.push(report);
                }
                let health = health_baseline(&config, &channels).await;
                with_unread = Some(report::BesideUnread {
                    streams: streams.streams.len(),
                    server_threads: threads,
                    workloads: again,
                    health,
                });
            }
            Err(status) => errors.record(&status),
        }
    }
    Ok(LoadReport {
        workloads,
        health,
        with_unread,
        errors,
    })
}

/// How many threads process `pid` runs (Linux `/proc/<pid>/status`).
fn server_threads(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("Threads:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Plays `config.games` games with one workload.
async fn run_workload(
    config: &LoadConfig,
    workload: Workload,
    channels: &[Channel],
    progress: &Arc<Progress>,
) -> WorkloadReport {
    for counter in [
        &progress.actions,
        &progress.views,
        &progress.spectated,
        &progress.errors,
        &progress.retried,
    ] {
        counter.store(0, Ordering::Relaxed);
    }
    progress.games.store(0, Ordering::Relaxed);
    let shared = Arc::new(Shared::new(
        progress.clone(),
        config.ack_log.clone(),
        config.retry_unavailable,
    ));
    let started = Instant::now();
    let cpu = CpuMark::now(config.server_pid);
    let next_game = Arc::new(AtomicUsize::new(0));
    let mut workers = JoinSet::new();
    for worker in 0..config.concurrency.max(1) {
        let channel = channels[worker % channels.len()].clone();
        let client = GameServiceClient::new(channel.clone());
        let light = light::LightClient::new(channel);
        let (config, shared, next_game) = (config.clone(), shared.clone(), next_game.clone());
        workers.spawn(async move {
            loop {
                let index = next_game.fetch_add(1, Ordering::Relaxed);
                if index >= config.games
                    || started.elapsed() >= config.max_duration
                    || shared.gave_up()
                {
                    return;
                }
                let seed = config.seed.wrapping_add(index as u64);
                let (client, light) = (client.clone(), light.clone());
                if seat_client::play_game(client, light, &config, workload, seed, &shared).await {
                    shared.progress.games.fetch_add(1, Ordering::Relaxed);
                }
            }
        });
    }
    while workers.join_next().await.is_some() {}
    let elapsed = started.elapsed();
    let cpu = cpu.elapsed();
    let latency = shared
        .latency
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone();
    let errors = shared
        .errors
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone();
    WorkloadReport {
        workload,
        games: progress.games.load(Ordering::Relaxed),
        apply: Phase {
            calls: progress.actions.load(Ordering::Relaxed),
            elapsed,
            latency,
            cpu,
        },
        views: progress.views.load(Ordering::Relaxed),
        spectated: progress.spectated.load(Ordering::Relaxed),
        errors,
    }
}

/// The same clients calling the health `Check` RPC: what the transport alone
/// manages on this machine.
async fn health_baseline(config: &LoadConfig, channels: &[Channel]) -> Option<Phase> {
    if config.health_calls == 0 {
        return None;
    }
    let latency = Arc::new(Mutex::new(histogram()));
    let remaining = Arc::new(AtomicUsize::new(config.health_calls));
    let started = Instant::now();
    let cpu = CpuMark::now(config.server_pid);
    let mut workers = JoinSet::new();
    for worker in 0..config.concurrency.max(1) {
        let mut client = HealthClient::new(channels[worker % channels.len()].clone());
        let (latency, remaining) = (latency.clone(), remaining.clone());
        workers.spawn(async move {
            while remaining
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
                .is_ok()
            {
                let sent = Instant::now();
                let ok = client
                    .check(HealthCheckRequest {
                        service: String::new(),
                    })
                    .await
                    .is_ok();
                if ok {
                    let micros = sent.elapsed().as_micros().max(1) as u64;
                    latency
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner())
                        .saturating_record(micros);
                }
            }
        });
    }
    while workers.join_next().await.is_some() {}
    let elapsed = started.elapsed();
    let cpu = cpu.elapsed();
    let latency = latency
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone();
    Some(Phase {
        calls: latency.len(),
        elapsed,
        latency,
        cpu,
    })
}
