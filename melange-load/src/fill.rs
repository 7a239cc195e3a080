//! Fill mode: leave many live games on a server, part of them played to
//! mid-game, and measure what each costs in the server's resident memory.
use std::{
    fmt,
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use tokio::task::JoinSet;

use super::{
    Errors, LoadConfig, Progress, Shared, connect,
    light::LightClient,
    seat_client::{Driver, create},
};
use melange::pb::game_service_client::GameServiceClient;

/// What to fill the server with.
#[derive(Clone, Debug)]
pub struct FillConfig {
    /// Endpoint, kind, options, concurrency, connections, seed and server
    /// process id (its `games` is how many games to leave live; without a
    /// process id only the games are made).
    pub load: LoadConfig,
    /// Every how many games one is played to mid-game (2: half of them; 0:
    /// none).
    pub mid_game_every: usize,
    /// Actions a mid-game game is played for.
    pub mid_game_actions: u64,
}

/// What a fill measured.
#[derive(Clone, Debug)]
pub struct FillReport {
    /// Games created and left live.
    pub games: usize,
    /// Of them, played to mid-game.
    pub mid_game: usize,
    /// Actions each mid-game game was played for (fewer if it ended).
    pub mid_game_actions: u64,
    /// The actions applied.
    pub actions: u64,
    /// How long the fill took.
    pub elapsed: Duration,
    /// The server's resident memory before and after, in bytes.
    pub rss: Option<(u64, u64)>,
    /// Failed calls.
    pub errors: Errors,
}

impl fmt::Display for FillReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "filled       {} live games ({} of them played {} actions in), {} actions in {:.1} s",
            self.games,
            self.mid_game,
            self.mid_game_actions,
            self.actions,
            self.elapsed.as_secs_f64()
        )?;
        if let Some((before, after)) = self.rss {
            let mib = |bytes: u64| bytes as f64 / (1024.0 * 1024.0);
            let per_game = after.saturating_sub(before) as f64 / self.games.max(1) as f64;
            writeln!(
                f,
                "server RSS   {:.1} MiB before, {:.1} MiB after: {:.1} KiB per live game",
                mib(before),
                mib(after),
                per_game / 1024.0
            )?;
            writeln!(
                f,
                "projection   100,000 such games would take {:.2} GiB",
                per_game * 100_000.0 / (1024.0 * 1024.0 * 1024.0)
            )?;
        }
        write!(f, "{}", self.errors)
    }
}

/// The resident memory of process `pid`, in bytes.
fn resident_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Creates the games and plays every `mid_game_every`-th one to mid-game,
/// leaving all of them live; `progress` counts games and actions.
pub async fn fill(
    config: FillConfig,
    progress: Arc<Progress>,
) -> Result<FillReport, tonic::transport::Error> {
    let channels = connect(&config.load).await?;
    let before = config.load.server_pid.and_then(resident_bytes);
    let shared = Arc::new(Shared::new(
        progress.clone(),
        config.load.ack_log.clone(),
        config.load.retry_unavailable,
    ));
    let started = Instant::now();
    let next_game = Arc::new(AtomicUsize::new(0));
    let mid_game = Arc::new(AtomicUsize::new(0));
    let mut workers = JoinSet::new();
    for worker in 0..config.load.concurrency.max(1) {
        let channel = channels[worker % channels.len()].clone();
        let mut client = GameServiceClient::new(channel.clone());
        let light = LightClient::new(channel);
        let (config, shared, next_game, mid_game) = (
            config.clone(),
            shared.clone(),
            next_game.clone(),
            mid_game.clone(),
        );
        workers.spawn(async move {
            loop {
                let index = next_game.fetch_add(1, Ordering::Relaxed);
                if index >= config.load.games || shared.gave_up() {
                    return;
                }
                let seed = config.load.seed.wrapping_add(index as u64);
                let game = match create(&mut client, &config.load, seed, &shared).await {
                    Ok(game) => game,
                    Err(status) => {
                        shared.record_error(&status);
                        continue;
                    }
                };
                shared.progress.games.fetch_add(1, Ordering::Relaxed);
                if config.mid_game_every == 0 || index % config.mid_game_every != 0 {
                    continue;
                }
                let grants: Vec<_> = game
                    .seats
                    .into_iter()
                    .filter(|grant| !grant.token.is_empty())
                    .collect();
                let mut driver = Driver {
                    client: light.clone(),
                    game_id: &game.game_id,
                    shared: &shared,
                    seed,
                    detail: melange::pb::Detail::Actions,
                };
                match driver.play(&grants, Some(config.mid_game_actions)).await {
                    Ok(()) => {
                        mid_game.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(status) => shared.record_error(&status),
                }
            }
        });
    }
    while workers.join_next().await.is_some() {}
    let elapsed = started.elapsed();
    // Let the allocator settle before reading the memory again.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = config.load.server_pid.and_then(resident_bytes);
    let errors = shared
        .errors
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone();
    Ok(FillReport {
        games: progress.games.load(Ordering::Relaxed),
        mid_game: mid_game.load(Ordering::Relaxed),
        mid_game_actions: config.mid_game_actions,
        actions: progress.actions.load(Ordering::Relaxed),
        elapsed,
        rss: before.zip(after),
        errors,
    })
}
