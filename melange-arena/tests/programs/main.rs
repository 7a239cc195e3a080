//! Hosted programs (`cmd:` bots) in their sandbox, against a real server:
//! a tournament of a well-behaved Python program, a compiled one, a
//! built-in bot and seven hostile programs (melange-arena/tests/programs/*.py) finishes,
//! every hostile program losing its games with its faults recorded, and the
//! arena (this test's own process) unharmed.
//!
//! These tests need bubblewrap (`bwrap`) and a C compiler, so they are
//! `#[ignore]`d in plain `cargo test`; `.ci/programs` installs bubblewrap
//! and runs them with `--ignored`. The line protocol's own tests run
//! everywhere (melange-arena/src/program/protocol.rs).
use std::{
    net::SocketAddr,
    path::{Path, PathBuf},
    sync::Arc,
    time::Duration,
};

use melange::{
    api::Catalog,
    pb,
    server::{RemoteBotConfig, ServerConfig, serve},
};
use melange_arena::{self as arena, ArenaConfig, Entrant, Format, ProgramConfig, program::Limits};

fn programs_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs")
}

/// A fresh folder under the target directory's tmp.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("programs-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Builds the C contestant into `dir`.
fn compiled_bot(dir: &Path) -> PathBuf {
    let binary = dir.join("random_bot");
    let built = std::process::Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(programs_dir().join("random_bot.c"))
        .status()
        .expect("a C compiler (cc)");
    assert!(built.success());
    binary
}

/// `count` consecutive free loopback ports: the server must allow the
/// programs' endpoints before the arena starts them.
fn free_ports(count: u16) -> u16 {
    let seed = u16::try_from(std::process::id() % 20_000).unwrap();
    for attempt in 0..200u16 {
        let first = 20_000 + (seed + attempt * 97) % 40_000;
        let held: Vec<_> = (first..first + count)
            .map_while(|port| std::net::TcpListener::bind(("127.0.0.1", port)).ok())
            .collect();
        if held.len() == usize::from(count) {
            return first;
        }
    }
    panic!("no {count} consecutive free ports");
}

/// Starts a server on a loopback port allowing `ports` as remote bots.
async fn server(first_port: u16, count: u16) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = ServerConfig {
        remote_bots: RemoteBotConfig {
            allowed: (first_port..first_port + count)
                .map(|port| format!("127.0.0.1:{port}"))
                .collect(),
            // The silent program costs this much a game; the others must
            // fail well within it on a loaded machine.
            timeout: Duration::from_secs(2),
            ..RemoteBotConfig::default()
        },
        ..ServerConfig::default()
    };
    tokio::spawn(async move {
        serve(
            listener,
            config,
            Catalog::standard(),
            std::future::pending(),
        )
        .await
        .unwrap();
    });
    addr
}

fn config(server: SocketAddr, out: &Path, bots: &[String], first_port: u16) -> ArenaConfig {
    ArenaConfig {
        endpoint: format!("http://{server}"),
        kind: pb::GameKind::Imperium as i32,
        options: pb::GameOptions {
            game: Some(pb::game_options::Game::Imperium(pb::ImperiumOptions {
                player_count: 2,
                ..Default::default()
            })),
            max_rounds: Some(2),
            ..Default::default()
        },
        seats: 2,
        entrants: Entrant::parse_all(bots).unwrap(),
        format: Format::RoundRobin,
        seeds_per_table: 1,
        seed: Some(15),
        resume: false,
        concurrency: 4,
        game_timeout: Duration::from_secs(120),
        // No trial decisions: the hostile programs are to fail in the
        // tournament itself, each on the record.
        check_timeout: None,
        out: out.to_owned(),
        title: "hosted programs".into(),
        programs: ProgramConfig {
            listen: SocketAddr::from(([127, 0, 0, 1], first_port)),
            // Low enough that the endless allocation hits it in a fraction
            // of the timeout, with room for Python.
            limits: Limits {
                memory_mb: 256,
                ..Limits::default()
            },
            ..ProgramConfig::default()
        },
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs bubblewrap and cc; .ci/programs runs it"]
async fn hostile_programs_lose_their_games_and_the_tournament_goes_on() {
    let out = scratch("hostile");
    let dir = programs_dir();
    let first_port = free_ports(9);
    let server = server(first_port, 9).await;
    let program = |label: &str, file: &str| format!("{label}=cmd:{}", dir.join(file).display());
    let bots = vec![
        program("python", "random_bot.py"),
        format!("compiled=cmd:{}", compiled_bot(&out).display()),
        "builtin=random".to_owned(),
        program("reads-etc", "reads_etc.py"),
        format!(
            "{} {}",
            program("opens-socket", "opens_socket.py"),
            server.port()
        ),
        program("fork-bomb", "fork_bomb.py"),
        program("allocates", "allocates.py"),
        program("chatty", "chatty.py"),
        program("sleeps", "sleeps.py"),
        program("floods", "floods.py"),
    ];
    let report = arena::run(config(server, &out, &bots, first_port), Arc::new(|_, _| {}))
        .await
        .unwrap();
    // 10 entrants: 45 tables x 1 seed x 2 rotations, every game to its end.
    assert_eq!(report.records.len(), 90);
    assert_eq!(report.standings.failed, 0, "{:?}", report.records);
    let hostile = [
        "reads-etc",
        "opens-socket",
        "fork-bomb",
        "allocates",
        "chatty",
        "sleeps",
        "floods",
    ];
    // What each hostile program dies of (its standard error's last line,
    // quoted in the fault), in the order of `hostile`.
    let reasons = [
        "FileNotFoundError",
        // The server listens on the host's loopback, not the sandbox's.
        "Connection refused",
        "BlockingIOError",
        "MemoryError",
        // Its extra line is seen before the next request, or taken as the
        // next answer if it comes later: either is a fault.
        "out of turn|not one JSON object",
        "did not answer within",
        "longer than 1048576 bytes",
    ];
    let labels: Vec<&str> = report
        .records
        .first()
        .map(|_| {
            bots.iter()
                .map(|bot| bot.split('=').next().unwrap())
                .collect()
        })
        .unwrap();
    for label in &labels {
        let faults = report.faults.iter().filter(|f| f.entrant == *label).count();
        if let Some(first) = report.faults.iter().find(|f| f.entrant == *label) {
            eprintln!("{label}: {faults} fault(s), the first: {}", first.message);
        }
        if let Some(reason) = hostile.iter().position(|h| h == label).map(|i| reasons[i]) {
            assert!(faults > 0, "{label} has no fault");
            // Stopped by the sandbox, for the reason meant.
            assert!(
                report.faults.iter().any(
                    |f| f.entrant == *label && reason.split('|').any(|r| f.message.contains(r))
                ),
                "{label}: {:?}",
                report.faults
            );
            // The server's record says why it played for the program
            // (MC-STANDIN-01): a late program is late, not unreachable.
            let line = report
                .standings
                .lines
                .iter()
                .find(|line| line.bot == *label)
                .unwrap();
            assert!(line.stand_ins > 0, "{label}: no stand-in on the record");
            let reasons: Vec<&str> = report
                .records
                .iter()
                .filter_map(|record| record.outcome.as_ref().ok())
                .flat_map(|finished| finished.stand_ins.iter())
                .map(|stood_in| stood_in.reason.as_str())
                .collect();
            assert!(!reasons.contains(&"bot_unreachable"), "{reasons:?}");
            if *label == "sleeps" {
                assert!(reasons.contains(&"bot_late"), "{reasons:?}");
            }
        } else {
            assert_eq!(faults, 0, "{label}: {:?}", report.faults);
        }
    }
    // Every game of a well-behaved entrant against a hostile one is the
    // well-behaved one's: the hostile one forfeits at its first fault.
    let mut decided = 0;
    for record in &report.records {
        let finished = record.outcome.as_ref().unwrap();
        for (seat, &entrant) in record.game.seats.iter().enumerate() {
            for (other, &rival) in record.game.seats.iter().enumerate() {
                if !hostile.contains(&labels[entrant]) && hostile.contains(&labels[rival]) {
                    assert!(
                        finished.places[seat] < finished.places[other],
                        "{} against {}: {finished:?}",
                        labels[entrant],
                        labels[rival]
                    );
                    decided += 1;
                }
            }
        }
    }
    assert_eq!(decided, 3 * hostile.len() * 2);
    let run: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("run.json")).unwrap()).unwrap();
    assert!(
        run["program_faults"].as_array().unwrap().len() >= hostile.len(),
        "{run}"
    );
    let _ = std::fs::remove_dir_all(&out);
}
