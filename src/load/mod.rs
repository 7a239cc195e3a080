//! The load generator behind `melange-load`: many concurrent games over real
//! gRPC connections, every seat played by its own client that streams the
//! game and answers with a random legal action, measured against the bare
//! transport (the health `Check` RPC) in the same run.
mod report;
mod seat_client;

use std::{
    sync::{
        Arc, Mutex,
        atomic::{AtomicU64, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use hdrhistogram::Histogram;
use tokio::task::JoinSet;
use tonic::transport::{Channel, Endpoint};
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

use crate::pb::{self, game_service_client::GameServiceClient};
pub use report::{Errors, LoadReport, Phase};

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// The server, e.g. `http://127.0.0.1:50051`.
    pub endpoint: String,
    /// The `GameKind` number to create.
    pub kind: i32,
    /// Options for every game.
    pub options: pb::GameOptions,
    /// Games to play to the end in all.
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
    /// The run stops starting new games after this long.
    pub max_duration: Duration,
}

/// Live counters for the progress line.
#[derive(Debug, Default)]
pub struct Progress {
    /// Games played to the end.
    pub games: AtomicUsize,
    /// Actions applied.
    pub actions: AtomicU64,
    /// Failed calls.
    pub errors: AtomicU64,
}

/// Shared by every client of a run.
pub(crate) struct Shared {
    pub progress: Arc<Progress>,
    pub latency: Mutex<Histogram<u64>>,
    pub errors: Mutex<Errors>,
}

impl Shared {
    pub fn record_error(&self, status: &tonic::Status) {
        self.progress.errors.fetch_add(1, Ordering::Relaxed);
        self.errors
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .record(status);
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

/// Runs the load and returns its report; `progress` is updated live.
pub async fn run(
    config: LoadConfig,
    progress: Arc<Progress>,
) -> Result<LoadReport, tonic::transport::Error> {
    let channels = connect(&config).await?;
    let shared = Arc::new(Shared {
        progress: progress.clone(),
        latency: Mutex::new(histogram()),
        errors: Mutex::new(Errors::default()),
    });

    let started = Instant::now();
    let next_game = Arc::new(AtomicUsize::new(0));
    let mut workers = JoinSet::new();
    for worker in 0..config.concurrency.max(1) {
        let client = GameServiceClient::new(channels[worker % channels.len()].clone());
        let (config, shared, next_game) = (config.clone(), shared.clone(), next_game.clone());
        workers.spawn(async move {
            loop {
                let index = next_game.fetch_add(1, Ordering::Relaxed);
                if index >= config.games || started.elapsed() >= config.max_duration {
                    return;
                }
                let seed = config.seed.wrapping_add(index as u64);
                if seat_client::play_game(client.clone(), &config, seed, &shared).await {
                    shared.progress.games.fetch_add(1, Ordering::Relaxed);
                }
            }
        });
    }
    while workers.join_next().await.is_some() {}
    let games_elapsed = started.elapsed();

    let health = health_baseline(&config, &channels).await;
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
    Ok(LoadReport {
        games: progress.games.load(Ordering::Relaxed),
        apply: Phase {
            calls: progress.actions.load(Ordering::Relaxed),
            elapsed: games_elapsed,
            latency,
        },
        health,
        errors,
    })
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
    let latency = latency
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone();
    Some(Phase {
        calls: latency.len(),
        elapsed,
        latency,
    })
}
