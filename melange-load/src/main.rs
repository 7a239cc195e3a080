//! `melange-load`: drives many concurrent games against a running melange
//! server and reports throughput, latency and errors.
use std::{
    io::IsTerminal,
    sync::{Arc, atomic::Ordering},
    time::{Duration, Instant},
};

use clap::Parser;
use melange::pb;
use melange_load::{self as load, FillConfig, LoadConfig, Progress, Workload};

/// mimalloc rather than the system allocator: a call allocates and frees
/// many small strings and vectors, which mimalloc serves at a fraction of
/// glibc's cost (see the load numbers in docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// melange-load: plays many concurrent games against a running melange
/// server and reports throughput, latency and errors.
///
/// Plays N games at once over real gRPC connections with each workload in
/// turn (clients choosing random legal actions), then measures the health
/// Check RPC with the same clients as the transport's baseline. With
/// --fill, leaves N live games on the server instead and reports the
/// server's memory per game.
#[derive(Debug, Parser)]
#[command(version)]
struct Flags {
    /// The server to load: host:port or http://host:port.
    #[arg(
        long,
        env = "MELANGE_ENDPOINT",
        default_value = "http://127.0.0.1:50051",
        value_parser = melange::api::endpoint_url
    )]
    endpoint: String,
    /// Game kind: "imperium", "war-for-arrakis" or a GameKind number
    /// ("war_for_arrakis" is accepted too).
    #[arg(long, default_value = "imperium", value_parser = melange::api::game_kind)]
    kind: i32,
    /// Players per Imperium game (1-4; 1 and 2 bring House Hagal rivals).
    #[arg(long, default_value_t = 4)]
    players: u32,
    /// Games to play to the end, in each workload.
    #[arg(long, default_value_t = 1_000)]
    games: usize,
    /// The workloads to run, in order, comma-separated: `events` (a client
    /// per seat streaming events-only updates, ApplyAction without view),
    /// `unwatched` (one driver per game, no stream), `views` (a client per
    /// seat streaming full views).
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "events,unwatched"
    )]
    workloads: Vec<Workload>,
    /// How much the `events` and `unwatched` clients ask for (`Detail`):
    /// `actions` (no game state, labels or events: they act on the legal
    /// actions alone), `typed` (no labels or event texts) or `full`.
    /// `views` always asks for everything.
    #[arg(long, value_enum, default_value = "actions")]
    detail: DetailFlag,
    /// Fill mode: create this many games and leave them live (every
    /// --mid-game-every-th played --mid-game-actions actions in), then print
    /// the server's resident memory per game (needs --server-pid).
    #[arg(long)]
    fill: Option<usize>,
    /// In fill mode, one game in this many is played to mid-game.
    #[arg(long, default_value_t = 2)]
    mid_game_every: usize,
    /// In fill mode, the actions a mid-game game is played for (about half
    /// a 4-player Imperium game).
    #[arg(long, default_value_t = 175)]
    mid_game_actions: u64,
    /// After the measured run, open this many spectator streams of finished
    /// games from version 0 that never read, and run every workload and the
    /// health baseline again beside them: the report compares the p99s.
    /// They are opened 4 per game and at most 64 per connection, within a
    /// server's default caps per client; N plus the run's own streams must
    /// stay within the server's --max-streams-per-ip (1024 by default).
    #[arg(long, default_value_t = 0)]
    unread_streams: usize,
    /// Spectator streams per game in the events and views workloads, each
    /// reading every update from the game's start with its whole view: what
    /// showing a game to an audience costs. The server must allow them
    /// (--max-watchers-per-ip-per-game, 4 by default, since they all come
    /// from this address; and --max-streams-per-ip). A spectator does not
    /// retry: a failed stream fails its game.
    #[arg(long, default_value_t = 0)]
    spectators: usize,
    /// The server's process id (Linux, same machine): the report adds the
    /// server's CPU time per call, and fill mode its resident memory.
    #[arg(long)]
    server_pid: Option<u32>,
    /// Games in flight at once.
    #[arg(long, default_value_t = 64)]
    concurrency: usize,
    /// HTTP/2 connections to spread the clients over.
    #[arg(long, default_value_t = 4)]
    connections: usize,
    /// First game seed; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Health Check calls for the transport baseline (0 skips it).
    #[arg(long, default_value_t = 50_000)]
    health_calls: usize,
    /// Stop starting games after this many seconds.
    #[arg(long, default_value_t = 300)]
    max_seconds: u64,
    /// Log every created game (with its seats' tokens: keep the file
    /// private) and every acknowledged ApplyAction to this file, one JSON
    /// line each, as the answers arrive; a durability test checks a
    /// restarted server against it.
    #[arg(long, value_name = "FILE")]
    ack_log: Option<std::path::PathBuf>,
    /// Ride out a server's death or a game's move in a fleet (issue P14):
    /// a client whose call fails with UNAVAILABLE, a transport error or a
    /// broken stream waits (50 ms doubling to 1 s), re-reads its view and
    /// goes on, for up to 60 s without getting on; a stale-version refusal
    /// just after such a retry is retried too. The report counts these
    /// apart ("retried"), and a run with only retried failures succeeds.
    /// On by default: a healthy server never gives a transient failure, so
    /// the numbers are the same, and a client that does not retry is not
    /// what a fleet must serve. `--retry-unavailable false` fails a game at
    /// its first failure, as before.
    #[arg(
        long,
        default_value_t = true,
        action = clap::ArgAction::Set,
        value_name = "BOOL"
    )]
    retry_unavailable: bool,
    /// An abuse to run in the background while the workloads run (issue
    /// P13): idle-connections, game-flood, hanging-bot (the server must
    /// allow --attack-bot-listen with --allow-bot-endpoint) or
    /// simulate-flood.
    #[arg(long, value_enum)]
    attack: Option<load::attack::Attack>,
    /// The attack's size: connections (idle-connections), games
    /// (hanging-bot) or concurrent callers (simulate-flood).
    #[arg(long, default_value_t = 100)]
    attack_size: usize,
    /// Where the hanging-bot attack's silent bot listens.
    #[arg(long, default_value = "127.0.0.1:50099")]
    attack_bot_listen: String,
    /// The local address the attack connects from: another loopback
    /// address by default, so that the server counts the attacker as a
    /// client of its own, apart from the workload's clients.
    #[arg(long, default_value = "127.0.0.2")]
    attack_from: std::net::IpAddr,
}

/// `--detail`: the contract's `Detail` by name.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum DetailFlag {
    Full,
    Typed,
    Actions,
}

impl From<DetailFlag> for pb::Detail {
    fn from(flag: DetailFlag) -> Self {
        match flag {
            DetailFlag::Full => pb::Detail::Full,
            DetailFlag::Typed => pb::Detail::Typed,
            DetailFlag::Actions => pb::Detail::Actions,
        }
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let flags = Flags::parse();
    let kind = flags.kind;
    let game = (kind == pb::GameKind::Imperium as i32).then(|| {
        pb::game_options::Game::Imperium(pb::ImperiumOptions {
            player_count: flags.players,
            ..Default::default()
        })
    });
    let ack_log = match &flags.ack_log {
        Some(path) => Some(std::sync::Arc::new(load::AckLog::create(path).map_err(
            |error| format!("cannot create the ack log {}: {error}", path.display()),
        )?)),
        None => None,
    };
    let config = LoadConfig {
        endpoint: flags.endpoint,
        kind,
        options: pb::GameOptions {
            game,
            ..Default::default()
        },
        workloads: flags.workloads,
        games: flags.fill.unwrap_or(flags.games),
        concurrency: flags.concurrency,
        connections: flags.connections,
        seed: flags.seed,
        health_calls: flags.health_calls,
        max_duration: Duration::from_secs(flags.max_seconds),
        server_pid: flags.server_pid,
        unread_streams: flags.unread_streams,
        ack_log: ack_log.clone(),
        retry_unavailable: flags.retry_unavailable,
        detail: flags.detail.into(),
        spectators: flags.spectators,
    };
    let progress = Arc::new(Progress::default());
    if let Some(games) = flags.fill {
        let ticker = Ticker::start(progress.clone(), games);
        let report = load::fill(
            FillConfig {
                load: config,
                mid_game_every: flags.mid_game_every,
                mid_game_actions: flags.mid_game_actions,
            },
            progress,
        )
        .await?;
        ticker.finish();
        println!("{report}");
        if report.errors.total() > 0 {
            std::process::exit(1);
        }
        return Ok(());
    }
    let attack = match flags.attack {
        Some(attack) => Some(
            load::attack::start(load::attack::AttackConfig {
                attack,
                endpoint: config.endpoint.clone(),
                kind: config.kind,
                options: config.options.clone(),
                size: flags.attack_size,
                bot_listen: flags.attack_bot_listen,
                from: Some(flags.attack_from),
            })
            .await?,
        ),
        None => None,
    };
    let ticker = Ticker::start(progress.clone(), flags.games);
    let report = load::run(config, progress).await?;
    ticker.finish();
    println!("{report}");
    if let Some(attack) = attack {
        println!("{}", attack.stop().await);
    }
    if report.errors.total() > 0 {
        std::process::exit(1);
    }
    Ok(())
}

/// How often the progress line is written when stderr is not a terminal
/// (a log file, a pipe): a line each time, never a redraw.
const LOGGED_PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// The progress on stderr: on a terminal one status line rewritten twice
/// a second; otherwise (a log file, a pipe) a plain line every
/// [`LOGGED_PROGRESS_EVERY`], so that a log is not flooded with redraws.
/// [`Ticker::finish`] ends it with the last count.
struct Ticker {
    progress: Arc<Progress>,
    games: usize,
    started: Instant,
    terminal: bool,
    task: tokio::task::JoinHandle<()>,
}

impl Ticker {
    fn start(progress: Arc<Progress>, games: usize) -> Ticker {
        let started = Instant::now();
        let terminal = std::io::stderr().is_terminal();
        let task = tokio::spawn({
            let progress = progress.clone();
            async move {
                let every = if terminal {
                    Duration::from_millis(500)
                } else {
                    LOGGED_PROGRESS_EVERY
                };
                let mut tick = tokio::time::interval_at((started + every).into(), every);
                loop {
                    tick.tick().await;
                    let line = progress_line(&progress, games, started);
                    if terminal {
                        eprint!("\r{line}   ");
                    } else {
                        eprintln!("{line}");
                    }
                }
            }
        });
        Ticker {
            progress,
            games,
            started,
            terminal,
            task,
        }
    }

    /// Stops the line and writes the last count.
    fn finish(self) {
        self.task.abort();
        let line = progress_line(&self.progress, self.games, self.started);
        if self.terminal {
            eprintln!("\r{line}   ");
        } else {
            eprintln!("{line}");
        }
    }
}

fn progress_line(progress: &Progress, games: usize, started: Instant) -> String {
    let seconds = started.elapsed().as_secs_f64().max(1e-9);
    let actions = progress.actions.load(Ordering::Relaxed);
    format!(
        "{:>6.1}s  games {}/{}  actions {} ({:.0}/s)  errors {}  retried {}",
        seconds,
        progress.games.load(Ordering::Relaxed),
        games,
        actions,
        actions as f64 / seconds,
        progress.errors.load(Ordering::Relaxed),
        progress.retried.load(Ordering::Relaxed),
    )
}
