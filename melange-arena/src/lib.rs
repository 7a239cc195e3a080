//! The tournament runner behind `melange-arena`: plays a field of bots
//! (built-in names, remote bot endpoints or hosted programs) against each other on a melange
//! server, as a round robin or a Swiss tournament, every table on mirrored
//! seeds with its seats rotated, and writes standings, per-game results
//! and every replay into an output folder; or, as `melange-arena ladder`,
//! a long-running ladder that keeps pairing registered bots by rating.
//!
//! - [`entrant`]: the bots and their labels;
//! - [`check`]: one trial decision of every remote bot before the start;
//! - [`schedule`]: tables, rotations, seeds, Swiss pairings;
//! - [`play`]: one game on the server, to its end, and its replay;
//! - [`progress`]: the run's progress in its folder, for `--resume`;
//! - [`program`]: entrants that are programs the arena runs in a sandbox;
//! - [`rating`]: Elo and Weng-Lin;
//! - [`standings`]: points, standings and the files;
//! - [`ladder`]: the long-running ladder (registration file, pairing by
//!   rating, per-kind ratings, leaderboard, state for its own restart),
//!   which plays each game with [`play`].
//!
//! Determinism: the schedule and the seeds follow from the tournament seed,
//! results are kept in schedule order and ratings are updated in that order,
//! so with deterministic bots (every built-in bot is: it draws from the
//! match seed) the standings files are the same bytes on every run,
//! whatever the concurrency.
pub mod check;
pub mod entrant;
pub mod ladder;
pub mod play;
pub mod program;
pub mod progress;
pub mod rating;
pub mod schedule;
pub mod standings;

use std::{path::PathBuf, sync::Arc, time::Duration};

use serde::Serialize;
use tokio::{sync::Semaphore, task::JoinSet};
use tonic::transport::{Channel, Endpoint};

pub use entrant::Entrant;
use melange::pb::{self, game_service_client::GameServiceClient};
pub use play::{Failure, Finished};
pub use program::{Fault, ProgramConfig};
pub use schedule::{Format, ScheduledGame};
pub use standings::Standings;

/// Everything a tournament needs.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// The melange server, e.g. `http://127.0.0.1:50051`.
    pub endpoint: String,
    /// The `GameKind` number.
    pub kind: i32,
    /// Options of every game (player count, expansions, `max_rounds`,
    /// clocks, preset).
    pub options: pb::GameOptions,
    /// Seats a game (2 for War for Arrakis, the player count for Imperium).
    pub seats: usize,
    /// The bots.
    pub entrants: Vec<Entrant>,
    /// Round robin or Swiss.
    pub format: Format,
    /// Seeds each table plays (each in every rotation of its seats).
    pub seeds_per_table: u32,
    /// The tournament's seed: every match seed follows from it (one way:
    /// a game's seed does not give it back). `None`: drawn from the
    /// operating system, so that no one can know it before the run is
    /// over (`run.json` has it then).
    pub seed: Option<u64>,
    /// Goes on with the unfinished run in `out` (its seed, its finished
    /// games, its games in flight) instead of starting one.
    pub resume: bool,
    /// Games in flight at once.
    pub concurrency: usize,
    /// Each game's time limit (at most a day), sent as the games'
    /// `clock.game_ms` unless the options set one (MC-CLOCK-06): the server
    /// adjudicates a game that reaches it (MC-CLOCK-07), so a slow loser
    /// cannot void it. The arena waits [`play::GRACE`] more for the verdict
    /// before it gives the game up and reports it.
    pub game_timeout: Duration,
    /// How long a remote bot has for its trial decision before the first
    /// round ([`check`]); `None`: no trial decisions.
    pub check_timeout: Option<Duration>,
    /// The output folder (made if missing).
    pub out: PathBuf,
    /// Words for the standings' title: the game and its options.
    pub title: String,
    /// How hosted programs (`cmd:` bots) run.
    pub programs: ProgramConfig,
}

/// One scheduled game and how it went.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// What was scheduled.
    pub game: ScheduledGame,
    /// The end of the game, or why it has none.
    pub outcome: Result<Finished, Failure>,
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct ArenaReport {
    /// The tournament seed (published in `run.json`).
    pub seed: u64,
    /// Every game in schedule order.
    pub records: Vec<GameRecord>,
    /// The standings written to `standings.md` / `standings.json`.
    pub standings: Standings,
    /// What hosted programs did wrong, in the order it happened.
    pub faults: Vec<Fault>,
}

/// Told about each game as it ends: `(games done, games scheduled so
/// far)`.
pub type OnProgress = Arc<dyn Fn(usize, usize) + Send + Sync>;

/// The content of `run.json`: what differs from one run to the next.
#[derive(Serialize)]
struct RunInfo<'a> {
    endpoint: &'a str,
    /// Written only now that the run is over: it gives every game's
    /// hidden cards.
    seed: u64,
    seconds: f64,
    concurrency: usize,
    game_ids: Vec<Option<&'a str>>,
    failures: Vec<(usize, &'a str)>,
    program_faults: Vec<FaultInfo<'a>>,
    program_exchanges: Vec<ExchangeInfo>,
}

/// One hosted entrant's exchanges in `run.json`.
#[derive(Serialize)]
struct ExchangeInfo {
    entrant: String,
    answers: u64,
    mean_ms: f64,
}

/// One hosted program's fault in `run.json`.
#[derive(Serialize)]
struct FaultInfo<'a> {
    entrant: &'a str,
    game_id: &'a str,
    seat: u32,
    message: &'a str,
}

/// Plays the tournament and writes its files. An error is a reason the
/// tournament could not run (no server, an unknown bot, an output folder
/// that cannot be written); a game that fails is in the report instead.
pub async fn run(mut config: ArenaConfig, on_progress: OnProgress) -> Result<ArenaReport, String> {
    check(&config)?;
    limit_game_time(&mut config.options, config.game_timeout);
    let started = std::time::Instant::now();
    let replays = config.out.join("replays");
    std::fs::create_dir_all(&replays)
        .map_err(|error| format!("cannot make {}: {error}", replays.display()))?;
    let channel = Endpoint::from_shared(config.endpoint.clone())
        .map_err(|error| format!("bad endpoint {:?}: {error}", config.endpoint))?
        .connect()
        .await
        .map_err(|error| format!("cannot reach {}: {error}", config.endpoint))?;
    let client = GameServiceClient::new(channel).max_decoding_message_size(16 << 20);
    // Hosted programs' endpoints stay up until the run ends (dropped with
    // `hosted`), which ends their programs too.
    let (hosted, bots) = program::Hosted::start(
        &config.entrants,
        &config.programs,
        &config.out.join("programs"),
    )
    .await?;
    let hosted = Arc::new(hosted);
    let bots: Arc<[String]> = bots.into();
    if let Some(timeout) = config.check_timeout.filter(|_| !config.resume) {
        check::check_entrants(&config, (&bots, &hosted), &client, timeout).await?;
    }
    let settings = settings(&config);
    let progress = if config.resume {
        let progress = progress::Progress::resume(&config.out, &settings)?;
        if config.seed.is_some_and(|seed| seed != progress.seed) {
            return Err("--resume: the run was started with another --seed".to_owned());
        }
        progress
    } else {
        let seed = match config.seed {
            Some(seed) => seed,
            None => secret_seed()?,
        };
        progress::Progress::start(&config.out, seed, &settings)?
    };
    let seed = progress.seed;
    let progress = Arc::new(progress);
    let config = Arc::new(config);
    let n = config.entrants.len();
    let mut records: Vec<GameRecord> = Vec::new();
    let mut byes: Vec<standings::Bye> = Vec::new();
    let rounds = match config.format {
        Format::RoundRobin => 1,
        Format::Swiss { rounds } => rounds,
    };
    let games_per_table = config.seeds_per_table as usize * config.seats;
    let mut scheduled = 0;
    for round in 1..=rounds {
        let tables = match config.format {
            Format::RoundRobin => schedule::combinations(n, config.seats),
            Format::Swiss { .. } => {
                let points = standings::entrant_points(n, &records, &byes);
                let mut met = vec![vec![false; n]; n];
                for record in &records {
                    for &a in &record.game.seats {
                        for &b in &record.game.seats {
                            met[a][b] = true;
                        }
                    }
                }
                let mut bye_counts = vec![0; n];
                for bye in &byes {
                    bye_counts[bye.entrant] += 1;
                }
                let (tables, sitting_out) =
                    schedule::swiss_tables(&points, &met, &bye_counts, config.seats);
                // A bye is worth half the points of the round's games.
                let games = u32::try_from(games_per_table).unwrap_or(u32::MAX);
                byes.extend(
                    sitting_out
                        .into_iter()
                        .map(|entrant| standings::Bye { entrant, games }),
                );
                tables
            }
        };
        let games =
            schedule::round_games(&tables, round, config.seeds_per_table, seed, records.len());
        scheduled += games.len();
        let played = play_round(
            &config,
            (&bots, &hosted),
            &client,
            &progress,
            games,
            (records.len(), scheduled),
            &on_progress,
        )
        .await;
        if let Some(fatal) = played
            .iter()
            .find_map(|r| r.outcome.as_ref().err().filter(|f| f.fatal))
        {
            return Err(format!("the tournament cannot run: {}", fatal.message));
        }
        records.extend(played);
    }
    let standings = standings::standings(
        config.title.clone(),
        config.seats,
        &config.entrants,
        &records,
        &byes,
    );
    let faults = hosted.faults();
    let exchanges = hosted
        .exchanges()
        .into_iter()
        .map(|(entrant, answers, mean_ms)| ExchangeInfo {
            entrant,
            answers,
            mean_ms,
        })
        .collect();
    write_files(
        &config,
        seed,
        &records,
        &standings,
        (&faults, exchanges),
        started.elapsed(),
    )?;
    progress.complete()?;
    Ok(ArenaReport {
        seed,
        records,
        standings,
        faults,
    })
}

/// What must not change between a run and its resumption: the game, its
/// options, the bots and the format (the concurrency, the timeout and the
/// endpoint may).
fn settings(config: &ArenaConfig) -> String {
    use prost::Message;
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(config.kind.to_le_bytes())
        .chain_update(config.options.encode_to_vec())
        .chain_update(config.seats.to_le_bytes())
        .chain_update(format!("{:?}", config.entrants))
        .chain_update(format!("{:?}", config.format))
        .chain_update(config.seeds_per_table.to_le_bytes())
        .finalize();
    digest.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// MC-CLOCK-06: every game's time limit is the arena's, unless the options
/// already set one, so that the server, not the arena, ends a game that
/// reaches it (MC-CLOCK-07) and it counts for someone.
pub fn limit_game_time(options: &mut pb::GameOptions, limit: Duration) {
    let clock = options.clock.get_or_insert_with(Default::default);
    if clock.game_ms == 0 {
        clock.game_ms = u64::try_from(limit.as_millis()).unwrap_or(u64::MAX);
    }
}

/// A tournament seed no one can know in advance.
fn secret_seed() -> Result<u64, String> {
    use rand::TryRngCore;
    rand::rngs::OsRng.try_next_u64().map_err(|error| {
        format!("cannot draw a tournament seed from the operating system: {error}")
    })
}

fn check(config: &ArenaConfig) -> Result<(), String> {
    if config.seats < 2 {
        return Err("a tournament needs games of at least 2 seats".into());
    }
    if config.entrants.len() < config.seats {
        return Err(format!(
            "{} bots cannot fill a table of {} seats",
            config.entrants.len(),
            config.seats
        ));
    }
    if config.seeds_per_table == 0 {
        return Err("each table needs at least one seed".into());
    }
    if config.concurrency == 0 {
        return Err("the concurrency must be at least 1".into());
    }
    if config.game_timeout.is_zero() || config.game_timeout.as_millis() > 86_400_000 {
        return Err("each game's time limit must be from 1 ms to a day (MC-CLOCK-06)".into());
    }
    Ok(())
}

/// Plays one round's games, at most `concurrency` at once, and returns
/// them in schedule order.
/// Games that ended in an earlier sitting (`--resume`) are taken as they
/// were, if their replay is there; games created then are followed again.
async fn play_round(
    config: &Arc<ArenaConfig>,
    (bots, hosted): (&Arc<[String]>, &Arc<program::Hosted>),
    client: &GameServiceClient<Channel>,
    progress: &Arc<progress::Progress>,
    games: Vec<ScheduledGame>,
    (done_before, scheduled): (usize, usize),
    on_progress: &OnProgress,
) -> Vec<GameRecord> {
    let permits = Arc::new(Semaphore::new(config.concurrency));
    let mut tasks = JoinSet::new();
    let count = games.len();
    let mut played: Vec<GameRecord> = Vec::with_capacity(count);
    for game in games {
        let replay_kept = config
            .out
            .join("replays")
            .join(play::replay_file(game.index))
            .exists();
        if let Some(finished) = progress.finished.get(&game.index).filter(|_| replay_kept) {
            played.push(GameRecord {
                game,
                outcome: Ok(finished.clone()),
            });
            continue;
        }
        let attach = progress
            .created
            .get(&game.index)
            .or_else(|| progress.finished.get(&game.index).map(|f| &f.game_id))
            .cloned();
        let config = Arc::clone(config);
        let client = client.clone();
        let progress = Arc::clone(progress);
        let permits = Arc::clone(&permits);
        let (bots, hosted) = (Arc::clone(bots), Arc::clone(hosted));
        tasks.spawn(async move {
            let _permit = permits.acquire_owned().await;
            let replays = config.out.join("replays");
            let table = play::Table {
                kind: config.kind,
                options: &config.options,
                bots: &bots,
                hosted: &hosted,
                replays: &replays,
                timeout: config.game_timeout,
                progress: &progress,
            };
            let outcome = play::play(client, &table, &game, attach).await;
            GameRecord { game, outcome }
        });
    }
    on_progress(done_before + played.len(), scheduled);
    while let Some(joined) = tasks.join_next().await {
        match joined {
            Ok(record) => played.push(record),
            Err(error) => tracing::error!(%error, "a game task failed"),
        }
        on_progress(done_before + played.len(), scheduled);
    }
    played.sort_by_key(|record| record.game.index);
    played
}

fn write_files(
    config: &ArenaConfig,
    seed: u64,
    records: &[GameRecord],
    standings: &Standings,
    (faults, program_exchanges): (&[Fault], Vec<ExchangeInfo>),
    elapsed: Duration,
) -> Result<(), String> {
    let write = |name: &str, text: String| {
        let path = config.out.join(name);
        std::fs::write(&path, text)
            .map_err(|error| format!("cannot write {}: {error}", path.display()))
    };
    write("standings.md", standings.markdown())?;
    let json = serde_json::to_string_pretty(standings).map_err(|e| e.to_string())?;
    write("standings.json", json + "\n")?;
    write("games.csv", standings::games_csv(&config.entrants, records))?;
    let run = RunInfo {
        endpoint: &config.endpoint,
        seed,
        seconds: elapsed.as_secs_f64(),
        concurrency: config.concurrency,
        game_ids: records
            .iter()
            .map(|r| r.outcome.as_ref().ok().map(|f| f.game_id.as_str()))
            .collect(),
        failures: records
            .iter()
            .filter_map(|r| {
                r.outcome
                    .as_ref()
                    .err()
                    .map(|f| (r.game.index, f.message.as_str()))
            })
            .collect(),
        program_faults: faults
            .iter()
            .map(|fault| FaultInfo {
                entrant: &fault.entrant,
                game_id: &fault.game_id,
                seat: fault.seat,
                message: &fault.message,
            })
            .collect(),
        program_exchanges,
    };
    let json = serde_json::to_string_pretty(&run).map_err(|e| e.to_string())?;
    write("run.json", json + "\n")
}
