//! `melange-arena`: runs a tournament of bots on a melange server and writes
//! its standings, per-game results and replays into a folder; or, as
//! `melange-arena ladder`, a long-running ladder of bots paired by rating.
use std::{net::SocketAddr, path::PathBuf, sync::Arc, time::Duration};

use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use melange::pb;
use melange_arena::{
    self as arena, ArenaConfig, Entrant, Format, ProgramConfig,
    ladder::{GameSpec, LadderConfig, Stop},
    program::{Limits, PREFIX},
};

/// melange-arena: plays a tournament of bots on a running melange server
/// and writes its standings, or, as `melange-arena ladder`, a long-running
/// ladder.
///
/// Plays every bot against every other (round robin) or in Swiss rounds,
/// each table on mirrored seeds with its seats rotated, all games
/// concurrently on the server; then writes standings.md, standings.json,
/// games.csv, run.json and replays/ into --out. With the same seed and
/// deterministic bots, the standings files come out the same.
/// `melange-arena ladder` runs a long-running ladder instead.
#[derive(Debug, Parser)]
#[command(
    version,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
struct Flags {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    tournament: TournamentFlags,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// A long-running ladder: keeps pairing the bots registered in
    /// OUT/bots.txt (and --bots) by rating, in the kinds of --games, updates
    /// their ratings after each game and writes leaderboard.md,
    /// leaderboard.json, games.jsonl and replays/ into --out as it goes.
    /// Started again on its folder, it goes on where it stopped
    /// (docs/arena-ladder.md). SIGINT or SIGTERM stops it: no new game,
    /// --stop-grace-secs for those in flight, the rest followed at the next
    /// start (a second signal leaves at once).
    Ladder(LadderFlags),
}

/// A tournament's flags (no subcommand).
#[derive(Debug, Args)]
struct TournamentFlags {
    #[command(flatten)]
    server: ServerFlags,
    /// The bots, comma-separated: built-in names (`random`, `mcts`,
    /// `mcts:400`), remote bot endpoints (`http://host:port`, which the
    /// server must allow with --allow-bot-endpoint) or programs the arena
    /// hosts in a sandbox (`cmd:./my_bot.py ARGS`, docs/arena-programs.md),
    /// each optionally labelled as `label=bot`.
    #[arg(long, value_delimiter = ',', required = true)]
    bots: Vec<String>,
    /// The game: "imperium" or "war-for-arrakis" (or a GameKind number;
    /// "war_for_arrakis" is accepted too).
    #[arg(long, default_value = "imperium", value_parser = melange::api::game_kind)]
    game: i32,
    #[command(flatten)]
    options: OptionFlags,
    /// round-robin or swiss.
    #[arg(long, default_value = "round-robin")]
    format: String,
    /// Rounds of a Swiss tournament.
    #[arg(long, default_value_t = 3)]
    rounds: u32,
    /// Seeds each table plays, each once per rotation of its seats.
    #[arg(long, default_value_t = 2)]
    seeds: u32,
    /// The tournament seed: every match seed follows from it. Unset: drawn
    /// from the operating system and written to run.json only when the
    /// run is over. A seed anyone knows gives them every game's hidden
    /// cards: give one only to repeat a run.
    #[arg(long)]
    seed: Option<u64>,
    /// Go on with the unfinished run in --out (its seed, its finished
    /// games, its games in flight on the server), with the same bots,
    /// game, options and format.
    #[arg(long)]
    resume: bool,
    /// Games in flight at once.
    #[arg(long, default_value_t = 8)]
    concurrency: usize,
    /// Each game's time limit in seconds (at most a day), kept by the
    /// server (MC-CLOCK-06): a game that reaches it is adjudicated, never
    /// dropped. A seat that used more than its share of the time (the
    /// limit over the seats) and a fifth loses on time; with every seat
    /// within that the standing decides (MC-CLOCK-07).
    #[arg(long, default_value_t = 600)]
    game_timeout_secs: u64,
    /// Before the first round each remote bot (hosted programs included)
    /// is asked one trial decision and has this many seconds for it; a bot
    /// that fails stops the run. 0: no trial decisions.
    #[arg(long, default_value_t = 10)]
    check_timeout_secs: u64,
    /// The output folder.
    #[arg(long, default_value = "arena-out")]
    out: PathBuf,
    #[command(flatten)]
    programs: ProgramFlags,
}

/// `melange-arena ladder`'s flags.
#[derive(Debug, Args)]
struct LadderFlags {
    #[command(flatten)]
    server: ServerFlags,
    /// Bots to register, as for a tournament (`label=bot`, comma-separated);
    /// they are added to OUT/bots.txt, which may list more and is read again
    /// before each game.
    #[arg(long, value_delimiter = ',')]
    bots: Vec<String>,
    /// The kinds of game, comma-separated, each optionally with its share
    /// of the games: `war-for-arrakis,imperium` alternates them,
    /// `war-for-arrakis:2,imperium:1` plays two of the first for one of the
    /// second. Ratings are kept per kind (`war_for_arrakis` is accepted
    /// and is the same kind as `war-for-arrakis`).
    #[arg(long, value_delimiter = ',', default_value = "war-for-arrakis")]
    games: Vec<String>,
    #[command(flatten)]
    options: OptionFlags,
    /// Games in flight at once.
    #[arg(long, default_value_t = 4)]
    concurrency: usize,
    /// Stop once this many games have ended in this sitting.
    #[arg(long)]
    max_games: Option<u64>,
    /// Each game's time limit in seconds (at most a day), kept by the
    /// server and adjudicated there (MC-CLOCK-06, MC-CLOCK-07), as in a
    /// tournament; a game the server has not ended a minute later is given
    /// up (logged as failed, not rated).
    #[arg(long, default_value_t = 600)]
    game_timeout_secs: u64,
    /// Each remote bot (hosted programs included) is asked one trial
    /// decision in each kind when it is registered, and has this many
    /// seconds for it; a bot that fails is refused until its line in
    /// bots.txt changes. 0: no trial decisions.
    #[arg(long, default_value_t = 10)]
    check_timeout_secs: u64,
    /// Every this many games ignores ratings and seats bots that have met
    /// least; 0: only newcomers do.
    #[arg(long, default_value_t = 5)]
    explore_every: u64,
    /// After SIGINT or SIGTERM, how long games in flight have to end before
    /// the ladder leaves them to its next start.
    #[arg(long, default_value_t = 30)]
    stop_grace_secs: u64,
    /// The ladder's folder: made if missing, continued if it holds one.
    #[arg(long, default_value = "ladder-out")]
    out: PathBuf,
    #[command(flatten)]
    programs: ProgramFlags,
}

/// The server (the same for a tournament and a ladder).
#[derive(Debug, Args)]
struct ServerFlags {
    /// The melange server: host:port or http://host:port.
    #[arg(
        long,
        env = "MELANGE_ENDPOINT",
        default_value = "http://127.0.0.1:50051",
        value_parser = melange::api::endpoint_url
    )]
    endpoint: String,
}

/// The options of each game (the same for a tournament and a ladder).
#[derive(Debug, Args)]
struct OptionFlags {
    /// Players per Imperium game (2-4; 2 brings the House Hagal rival).
    #[arg(long, default_value_t = 4)]
    players: u32,
    /// War for Arrakis expansions, comma-separated: desert-war, smugglers
    /// (desert_war is accepted too).
    #[arg(long, value_delimiter = ',')]
    expansions: Vec<String>,
    /// Rules preset: default or published.
    #[arg(long, default_value = "")]
    preset: String,
    /// End each game after this many rounds with the standing as result
    /// (GameOptions.max_rounds); 0: play to the rules' end.
    #[arg(long, default_value_t = 0)]
    max_rounds: u32,
    /// Clocks for remote bots (GameOptions.clock, rules MC-CLOCK-01..04):
    /// the time of each decision in milliseconds; 0 with a 0 bank: no clock.
    /// Built-in bots are never clocked.
    #[arg(long, default_value_t = 0)]
    clock_decision_ms: u64,
    /// Each seat's time bank at the start, in milliseconds (MC-CLOCK-02).
    #[arg(long, default_value_t = 0)]
    clock_bank_ms: u64,
    /// Added to a seat's bank after each of its decisions (MC-CLOCK-02).
    #[arg(long, default_value_t = 0)]
    clock_increment_ms: u64,
    /// The most a seat's bank may hold (MC-CLOCK-05). Unset: the starting
    /// bank when there is an increment (the increment gives back time used,
    /// never more), else no cap; 0: no cap.
    #[arg(long)]
    clock_max_bank_ms: Option<u64>,
    /// The limit of each seat's first decision (MC-CLOCK-03); 0: the
    /// per-decision limit.
    #[arg(long, default_value_t = 0)]
    clock_first_decision_ms: u64,
    /// On expiry, forfeit at once instead of playing the decision's default
    /// action (MC-CLOCK-04).
    #[arg(long)]
    clock_forfeit: bool,
}

/// How hosted programs run.
#[derive(Debug, Args)]
struct ProgramFlags {
    /// Where the endpoint of the first hosted program (`cmd:` bot) listens;
    /// the next ones take the following ports. The server calls them as
    /// remote bots, so it must allow each: --allow-bot-endpoint
    /// 127.0.0.1:50070,127.0.0.1:50071,...
    #[arg(long, default_value = "127.0.0.1:50070")]
    program_listen: SocketAddr,
    /// CPU seconds of each hosted program process (one a seat of a game).
    #[arg(long, default_value_t = Limits::default().cpu_secs)]
    program_cpu_secs: u64,
    /// Address space of each hosted program process, in MiB.
    #[arg(long, default_value_t = Limits::default().memory_mb)]
    program_memory_mb: u64,
    /// Processes and threads of one hosted entrant, all its games together.
    #[arg(long, default_value_t = Limits::default().processes)]
    program_processes: u64,
    /// Largest file a hosted program may write (its stderr log included),
    /// in MiB.
    #[arg(long, default_value_t = Limits::default().file_mb)]
    program_file_mb: u64,
    /// Open files of each hosted program process.
    #[arg(long, default_value_t = Limits::default().open_files)]
    program_open_files: u64,
    /// Size of each hosted program's private /tmp, in MiB.
    #[arg(long, default_value_t = Limits::default().scratch_mb)]
    program_scratch_mb: u64,
    /// A folder hosted programs may read besides /usr and their own
    /// (an interpreter elsewhere, a model); repeat or comma-separate.
    #[arg(long, value_delimiter = ',')]
    program_bind: Vec<PathBuf>,
    /// The bubblewrap executable.
    #[arg(long, default_value = "bwrap")]
    program_bwrap: PathBuf,
    /// Starts of one hosted entrant's program in the run at most; past
    /// them its seats play on unanswered.
    #[arg(long, default_value_t = ProgramConfig::default().max_starts)]
    program_max_starts: u32,
}

/// The hosted programs' configuration from the flags.
fn programs(flags: &ProgramFlags) -> Result<ProgramConfig, String> {
    for folder in &flags.program_bind {
        if !folder.is_absolute() || !folder.is_dir() {
            return Err(format!(
                "--program-bind {}: not the absolute path of a folder",
                folder.display()
            ));
        }
    }
    Ok(ProgramConfig {
        limits: Limits {
            cpu_secs: flags.program_cpu_secs,
            memory_mb: flags.program_memory_mb,
            processes: flags.program_processes,
            file_mb: flags.program_file_mb,
            open_files: flags.program_open_files,
            scratch_mb: flags.program_scratch_mb,
            binds: flags.program_bind.clone(),
            bwrap: flags.program_bwrap.clone(),
        },
        listen: flags.program_listen,
        max_starts: flags.program_max_starts,
    })
}

/// The clock options of the flags; `None` when no time is given.
fn clock(flags: &OptionFlags) -> Option<pb::ClockOptions> {
    if flags.clock_decision_ms == 0 && flags.clock_bank_ms == 0 {
        return None;
    }
    let on_expiry = if flags.clock_forfeit {
        pb::ClockExpiry::Forfeit
    } else {
        pb::ClockExpiry::DefaultThenForfeit
    };
    Some(pb::ClockOptions {
        per_decision_ms: flags.clock_decision_ms,
        bank_ms: flags.clock_bank_ms,
        increment_ms: flags.clock_increment_ms,
        first_decision_ms: flags.clock_first_decision_ms,
        on_expiry: on_expiry as i32,
        // The game's time limit is the arena's (`--game-timeout-secs`).
        game_ms: 0,
        max_bank_ms: flags
            .clock_max_bank_ms
            .unwrap_or(if flags.clock_increment_ms > 0 {
                flags.clock_bank_ms
            } else {
                0
            }),
    })
}

/// The options, the seats a game and the title's words.
fn options(flags: &OptionFlags, kind: i32) -> Result<(pb::GameOptions, usize, String), String> {
    let mut options = pb::GameOptions {
        preset: flags.preset.clone(),
        max_rounds: (flags.max_rounds > 0).then_some(flags.max_rounds),
        clock: clock(flags),
        ..Default::default()
    };
    let (seats, mut title) = if kind == pb::GameKind::Imperium as i32 {
        options.game = Some(pb::game_options::Game::Imperium(pb::ImperiumOptions {
            player_count: flags.players,
            ..Default::default()
        }));
        (
            flags.players as usize,
            format!("Dune: Imperium, {} players", flags.players),
        )
    } else if kind == pb::GameKind::WarForArrakis as i32 {
        let mut arrakis = pb::ArrakisOptions::default();
        for expansion in &flags.expansions {
            match expansion.replace('_', "-").as_str() {
                "desert-war" => arrakis.desert_war = true,
                "smugglers" => arrakis.smugglers = true,
                other => {
                    return Err(format!(
                        "unknown expansion {other:?}; use desert-war, smugglers"
                    ));
                }
            }
        }
        let title = match (arrakis.desert_war, arrakis.smugglers) {
            (false, false) => "Dune: War for Arrakis".to_owned(),
            (true, false) => "Dune: War for Arrakis with the Desert War".to_owned(),
            (false, true) => "Dune: War for Arrakis with the Smugglers".to_owned(),
            (true, true) => {
                "Dune: War for Arrakis with the Desert War and the Smugglers".to_owned()
            }
        };
        options.game = Some(pb::game_options::Game::Arrakis(arrakis));
        (2, title)
    } else {
        (2, format!("game kind {kind}"))
    };
    if !flags.preset.is_empty() {
        title.push_str(&format!(", {} rules", flags.preset));
    }
    if flags.max_rounds > 0 {
        title.push_str(&format!(", at most {} rounds", flags.max_rounds));
    }
    Ok((options, seats, title))
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Flags {
        command,
        tournament: flags,
    } = Flags::parse();
    // Hosted programs' faults are logged (warnings by default; RUST_LOG
    // says otherwise).
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .init();
    if let Some(Command::Ladder(flags)) = command {
        return ladder(flags).await;
    }
    let programs = programs(&flags.programs)?;
    let hosting = flags.bots.iter().any(|bot| bot.contains(PREFIX));
    let kind = flags.game;
    let (options, seats, mut title) = options(&flags.options, kind)?;
    let format = match flags.format.as_str() {
        "round-robin" => Format::RoundRobin,
        "swiss" => Format::Swiss {
            rounds: flags.rounds,
        },
        other => return Err(format!("unknown format {other:?}; use round-robin or swiss").into()),
    };
    title.push_str(&match format {
        Format::RoundRobin => format!("; round robin, {} seed(s) a table", flags.seeds),
        Format::Swiss { rounds } => {
            format!("; Swiss, {rounds} rounds, {} seed(s) a table", flags.seeds)
        }
    });
    if flags.seed.is_some() && !flags.resume {
        eprintln!(
            "warning: --seed was given: whoever knows it can rebuild every game's hidden \
             cards (the match seeds follow from it); leave it unset for a competition"
        );
    }
    let config = ArenaConfig {
        endpoint: flags.server.endpoint,
        kind,
        options,
        seats,
        entrants: Entrant::parse_all(&flags.bots)?,
        format,
        seeds_per_table: flags.seeds,
        seed: flags.seed,
        resume: flags.resume,
        concurrency: flags.concurrency,
        game_timeout: Duration::from_secs(flags.game_timeout_secs),
        check_timeout: (flags.check_timeout_secs > 0)
            .then(|| Duration::from_secs(flags.check_timeout_secs)),
        out: flags.out.clone(),
        title,
        programs,
    };
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} games {msg}")
            .map_err(|error| error.to_string())?
            .progress_chars("=> "),
    );
    let shown = bar.clone();
    let report = arena::run(
        config,
        Arc::new(move |done, scheduled| {
            shown.set_length(scheduled as u64);
            shown.set_position(done as u64);
        }),
    )
    .await?;
    bar.finish_and_clear();
    print!("{}", report.standings.markdown());
    if hosting {
        println!(
            "\n{} fault(s) of hosted programs (run.json lists them; their standard error \
             is under {})",
            report.faults.len(),
            flags.out.join("programs").display()
        );
    }
    println!(
        "\nWritten to {} (tournament seed {}, in run.json)",
        flags.out.display(),
        report.seed
    );
    if report.standings.failed > 0 {
        return Err(format!(
            "{} game(s) could not be played to the end; see games.csv",
            report.standings.failed
        )
        .into());
    }
    Ok(())
}

/// The ladder's kinds of game from `--games`: `name` or `name:weight`.
fn ladder_games(flags: &LadderFlags) -> Result<Vec<GameSpec>, String> {
    let mut games: Vec<GameSpec> = Vec::new();
    for word in &flags.games {
        let (name, weight) = match word.split_once(':') {
            Some((name, weight)) => (
                name,
                weight
                    .parse()
                    .map_err(|_| format!("--games {word}: the share is a whole number"))?,
            ),
            None => (word.as_str(), 1),
        };
        let kind = melange::api::game_kind(name)?;
        if games.iter().any(|game| game.kind == kind) {
            return Err(format!("--games names {name} twice"));
        }
        let (options, seats, title) = options(&flags.options, kind)?;
        games.push(GameSpec {
            name: arena::ladder::games::canonical_name(name),
            kind,
            options,
            seats,
            weight,
            title,
        });
    }
    Ok(games)
}

/// `melange-arena ladder`.
async fn ladder(flags: LadderFlags) -> Result<(), Box<dyn std::error::Error>> {
    let continuing = arena::ladder::has_ladder(&flags.out);
    let config = LadderConfig {
        endpoint: flags.server.endpoint.clone(),
        games: ladder_games(&flags)?,
        bots: Entrant::parse_all(&flags.bots)?,
        concurrency: flags.concurrency,
        max_games: flags.max_games,
        game_timeout: Duration::from_secs(flags.game_timeout_secs),
        check_timeout: (flags.check_timeout_secs > 0)
            .then(|| Duration::from_secs(flags.check_timeout_secs)),
        explore_every: flags.explore_every,
        out: flags.out.clone(),
        programs: programs(&flags.programs)?,
        idle_poll: Duration::from_secs(1),
        stop_grace: Duration::from_secs(flags.stop_grace_secs),
    };
    eprintln!(
        "{} the ladder in {} (leaderboard.md is rewritten after each game; Ctrl-C stops)",
        if continuing { "Continuing" } else { "Starting" },
        flags.out.display()
    );
    let (stop, stopped) = tokio::sync::watch::channel(Stop::Run);
    tokio::spawn(async move {
        // The first signal drains, the second leaves at once.
        for next in [Stop::Drain, Stop::Now] {
            if signal().await.is_err() {
                return;
            }
            eprintln!(
                "{}",
                if next == Stop::Drain {
                    "Stopping: no new game; waiting for those in flight (signal again to leave now)"
                } else {
                    "Leaving now; the next start follows the games in flight"
                }
            );
            let _ = stop.send(next);
        }
    });
    let report = arena::ladder::run(config, stopped).await?;
    print!("{}", report.leaderboard.markdown());
    println!(
        "\n{} game(s) logged in this sitting; the next game is number {}; {} left in flight \
         for the next start. Written to {}",
        report.played,
        report.next_game,
        report.left_in_flight,
        flags.out.display()
    );
    Ok(())
}

/// SIGINT or SIGTERM.
async fn signal() -> std::io::Result<()> {
    #[cfg(unix)]
    {
        let mut terminate =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
        tokio::select! {
            interrupted = tokio::signal::ctrl_c() => interrupted,
            _ = terminate.recv() => Ok(()),
        }
    }
    #[cfg(not(unix))]
    {
        tokio::signal::ctrl_c().await
    }
}
