//! `melange-arena`'s runner against a real server: a small seeded
//! tournament whose standings file is checked byte for byte, the same
//! bytes whatever the concurrency, every replay written and replayable.
use std::{path::Path, sync::Arc, time::Duration};

use melange::pb;
use melange_arena::{self as arena, ArenaConfig, Entrant, Format};
use prost::Message;

use super::{
    bot_server::{Answer, BotServer},
    harness::HARNESS_KIND,
    routing_proxy::{Faults, RoutingProxy},
    support::TestServer,
};

/// The checked standings; regenerate with `ARENA_UPDATE=1 cargo test --test
/// platform arena` after a change that is meant to alter them, and say why
/// in the commit.
const FIXTURES: &str = "tests/fixtures/arena";

fn config(server: &TestServer, out: &Path, format: Format, concurrency: usize) -> ArenaConfig {
    ArenaConfig {
        endpoint: format!("http://{}", server.addr),
        kind: pb::GameKind::Imperium as i32,
        options: pb::GameOptions {
            game: Some(pb::game_options::Game::Imperium(pb::ImperiumOptions {
                player_count: 2,
                ..Default::default()
            })),
            ..Default::default()
        },
        seats: 2,
        entrants: Entrant::parse_all(&[
            "ann=random".into(),
            "bob=random".into(),
            "cy=random".into(),
        ])
        .unwrap(),
        format,
        seeds_per_table: 2,
        seed: Some(16),
        resume: false,
        concurrency,
        game_timeout: Duration::from_secs(120),
        check_timeout: Some(Duration::from_secs(5)),
        out: out.to_owned(),
        title: "Dune: Imperium, 2 players; test tournament".into(),
        programs: Default::default(),
    }
}

fn check_fixture(name: &str, actual: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(FIXTURES)
        .join(name);
    if std::env::var_os("ARENA_UPDATE").is_some() {
        std::fs::write(&path, actual).unwrap();
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; run with ARENA_UPDATE=1", path.display()));
    assert_eq!(actual, expected, "{name} differs from the fixture");
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seeded_round_robin_writes_the_checked_standings_whatever_the_concurrency() {
    let server = TestServer::start().await;
    let dir = tempfile_dir("round-robin");
    let one_at_a_time = dir.join("one");
    let report = arena::run(
        config(&server, &one_at_a_time, Format::RoundRobin, 1),
        Arc::new(|_, _| {}),
    )
    .await
    .unwrap();
    // 3 tables (every pair of 3 bots) x 2 seeds x 2 seat rotations.
    assert_eq!(report.records.len(), 12);
    assert_eq!(report.standings.failed, 0);
    for (index, record) in report.records.iter().enumerate() {
        assert_eq!(record.game.index, index);
        // Mirrored seeds: the two rotations of a table and seed share it.
        if index % 2 == 1 {
            let previous = &report.records[index - 1].game;
            assert_eq!(record.game.seed, previous.seed);
            assert_eq!(
                record.game.seats,
                vec![previous.seats[1], previous.seats[0]]
            );
        }
        let bytes = std::fs::read(
            one_at_a_time
                .join("replays")
                .join(arena::play::replay_file(index)),
        )
        .unwrap();
        let replay = pb::Replay::decode(bytes.as_slice()).unwrap();
        assert_eq!(replay.seed, record.game.seed);
        assert_eq!(replay.status, pb::GameStatus::Finished as i32);
        let finished = record.outcome.as_ref().unwrap();
        assert_eq!(replay.actions.len() as u64, finished.version);
    }
    let games: u32 = report.standings.lines.iter().map(|l| l.games).sum();
    assert_eq!(games, 24);
    check_fixture(
        "round-robin-standings.md",
        &read(&one_at_a_time, "standings.md"),
    );
    check_fixture("round-robin-games.csv", &read(&one_at_a_time, "games.csv"));

    let many_at_once = dir.join("many");
    arena::run(
        config(&server, &many_at_once, Format::RoundRobin, 6),
        Arc::new(|_, _| {}),
    )
    .await
    .unwrap();
    for name in ["standings.md", "standings.json", "games.csv"] {
        assert_eq!(
            read(&one_at_a_time, name),
            read(&many_at_once, name),
            "{name} depends on the concurrency"
        );
    }
    let run: serde_json::Value = serde_json::from_str(&read(&many_at_once, "run.json")).unwrap();
    assert_eq!(run["game_ids"].as_array().unwrap().len(), 12);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_tournament_seats_everyone_each_round_and_gives_byes_in_turn() {
    let server = TestServer::start().await;
    let dir = tempfile_dir("swiss");
    let mut config = config(&server, &dir, Format::Swiss { rounds: 3 }, 4);
    config.kind = HARNESS_KIND;
    config.options = pb::GameOptions {
        game: Some(pb::game_options::Game::Harness(pb::HarnessOptions {
            seats: 2,
            counters: 15,
            panic_at: None,
        })),
        ..Default::default()
    };
    // A search bot among random ones: the standings must rank it first,
    // and stay the same bytes (the search is deterministic given its seed).
    config.entrants = Entrant::parse_all(&[
        "a=random".into(),
        "b=random".into(),
        "search=mcts:50".into(),
    ])
    .unwrap();
    config.title = "The test harness, 2 seats; Swiss test tournament".into();
    let report = arena::run(config, Arc::new(|_, _| {})).await.unwrap();
    // 3 rounds, each one table of 2 (2 seeds x 2 rotations) and one bye.
    assert_eq!(report.records.len(), 12);
    let byes: Vec<u32> = report.standings.lines.iter().map(|l| l.byes).collect();
    assert_eq!(byes.iter().sum::<u32>(), 3);
    assert!(byes.iter().all(|&b| b == 1), "{byes:?}");
    // A bye stands for the round's 4 games at half their points, so no
    // score (points per game) passes 100%.
    for line in &report.standings.lines {
        assert_eq!(line.bye_games, 4);
        assert!(line.points <= f64::from(line.games + line.bye_games));
    }
    assert_eq!(
        report.standings.lines[0].bot, "search",
        "the search bot ranks first"
    );
    check_fixture("swiss-standings.md", &read(&dir, "standings.md"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_bot_stops_the_tournament_with_the_servers_reason() {
    let server = TestServer::start().await;
    let dir = tempfile_dir("unknown");
    let mut config = config(&server, &dir, Format::RoundRobin, 2);
    config.entrants = Entrant::parse_all(&["random".into(), "grandmaster".into()]).unwrap();
    let error = arena::run(config, Arc::new(|_, _| {})).await.unwrap_err();
    assert!(error.contains("unknown bot"), "{error}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fresh folder under the target directory's tmp.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_arena_call_naming_a_game_carries_its_id_in_the_game_header() {
    // P14: a fleet's proxy routes GetView and GetReplay to the game's
    // server by the x-melange-game header; CreateGame goes anywhere.
    let server = TestServer::start().await;
    let proxy = RoutingProxy::start(server.addr, Faults::default()).await;
    let dir = tempfile_dir("routed");
    let config = ArenaConfig {
        endpoint: proxy.endpoint(),
        seeds_per_table: 1,
        ..config(&server, &dir, Format::RoundRobin, 2)
    };
    let report = arena::run(config, Arc::new(|_, _| {})).await.unwrap();
    assert_eq!(report.standings.failed, 0);
    let seen = proxy.seen();
    assert!(seen.misrouted.is_empty(), "{:?}", seen.misrouted);
    assert!(seen.needless.is_empty(), "{:?}", seen.needless);
    for method in ["GetView", "GetReplay"] {
        assert!(seen.routed.get(method) > Some(&0), "{method}: {seen:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The standings files of a run, which an undisturbed run must equal.
fn standings_files(dir: &Path) -> Vec<(&'static str, String)> {
    ["standings.md", "standings.json", "games.csv"]
        .into_iter()
        .map(|name| (name, read(dir, name)))
        .collect()
}

/// The server binary on `address` with its journal in `data`; answers
/// once it accepts connections.
async fn spawn_server(address: &str, data: &Path) -> std::process::Child {
    let mut child = std::process::Command::new(super::binaries::workspace_binary("melange"))
        .args(["--listen", address, "--log-format", "json"])
        .arg("--data-dir")
        .arg(data)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(address).await.is_ok() {
            return child;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the server on {address} did not start");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_and_restarted_mid_tournament_leaves_the_standings_as_they_would_be() {
    // P15: the arena retries the calls the dead server could not answer,
    // re-attaches to the games the restarted server recovered from its
    // journal, and the standings equal an undisturbed run's.
    let dir = tempfile_dir("restart");
    let data = dir.join("data");
    std::fs::create_dir_all(&data).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    let address = {
        let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        free.local_addr().unwrap().to_string()
    };
    let mut server = spawn_server(&address, &data).await;
    let reference = TestServer::start().await;
    let settings = |server: &TestServer, out: &Path| ArenaConfig {
        endpoint: format!("http://{address}"),
        seeds_per_table: 4,
        ..config(server, out, Format::RoundRobin, 1)
    };
    let (killed, mut kill) = tokio::sync::mpsc::unbounded_channel::<usize>();
    let disturbed = dir.join("disturbed");
    let run = tokio::spawn(arena::run(
        settings(&reference, &disturbed),
        Arc::new(move |done, _| {
            if done == 4 {
                let _ = killed.send(done);
            }
        }),
    ));
    let done = kill.recv().await.unwrap();
    server.kill().unwrap();
    server.wait().unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut server = spawn_server(&address, &data).await;
    let report = run.await.unwrap().unwrap();
    assert_eq!(report.standings.failed, 0);
    assert_eq!(report.records.len(), 24);
    assert!(done < 24, "the kill came mid-tournament");
    let undisturbed = dir.join("undisturbed");
    arena::run(
        ArenaConfig {
            endpoint: format!("http://{}", reference.addr),
            ..settings(&reference, &undisturbed)
        },
        Arc::new(|_, _| {}),
    )
    .await
    .unwrap();
    assert_eq!(standings_files(&disturbed), standings_files(&undisturbed));
    server.kill().unwrap();
    server.wait().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_run_stopped_half_way_goes_on_with_resume_and_ends_as_an_undisturbed_one() {
    let server = TestServer::start().await;
    let dir = tempfile_dir("resume");
    let settings = |out: &Path, resume: bool| ArenaConfig {
        seeds_per_table: 3,
        resume,
        ..config(&server, out, Format::Swiss { rounds: 2 }, 2)
    };
    let stopped = dir.join("stopped");
    let (halfway, mut reached) = tokio::sync::mpsc::unbounded_channel::<()>();
    // The run stops itself at its next await once half way: on a busy
    // machine the test's own task may be scheduled only after the run has
    // played every game.
    let stopper = Arc::new(std::sync::OnceLock::<tokio::task::AbortHandle>::new());
    let stop = Arc::clone(&stopper);
    let run = tokio::spawn(arena::run(
        settings(&stopped, false),
        Arc::new(move |done, _| {
            if done >= 5 {
                if let Some(stop) = stop.get() {
                    stop.abort();
                }
                let _ = halfway.send(());
            }
        }),
    ));
    let _ = stopper.set(run.abort_handle());
    reached.recv().await.unwrap();
    run.abort();
    assert!(run.await.unwrap_err().is_cancelled(), "stopped half way");
    assert!(stopped.join(arena::progress::FILE_NAME).exists());
    assert!(!stopped.join("run.json").exists());
    // A new run in that folder is refused: it holds an unfinished one.
    let refused = arena::run(settings(&stopped, false), Arc::new(|_, _| {}))
        .await
        .unwrap_err();
    assert!(refused.contains("--resume"), "{refused}");
    let resumed = arena::run(settings(&stopped, true), Arc::new(|_, _| {}))
        .await
        .unwrap();
    assert_eq!(resumed.standings.failed, 0);
    assert_eq!(resumed.seed, 16);
    assert!(!stopped.join(arena::progress::FILE_NAME).exists());
    let run: serde_json::Value = serde_json::from_str(&read(&stopped, "run.json")).unwrap();
    assert_eq!(run["seed"], 16);
    let undisturbed = dir.join("undisturbed");
    arena::run(settings(&undisturbed, false), Arc::new(|_, _| {}))
        .await
        .unwrap();
    assert_eq!(standings_files(&stopped), standings_files(&undisturbed));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unset_seed_is_drawn_for_each_run_and_published_when_it_is_over() {
    let server = TestServer::start().await;
    let dir = tempfile_dir("secret-seed");
    let settings = |out: &Path| ArenaConfig {
        seed: None,
        seeds_per_table: 1,
        ..config(&server, out, Format::RoundRobin, 2)
    };
    let first = arena::run(settings(&dir.join("a")), Arc::new(|_, _| {}))
        .await
        .unwrap();
    let second = arena::run(settings(&dir.join("b")), Arc::new(|_, _| {}))
        .await
        .unwrap();
    assert_ne!(first.seed, second.seed);
    let run: serde_json::Value = serde_json::from_str(&read(&dir.join("a"), "run.json")).unwrap();
    assert_eq!(run["seed"], first.seed);
    assert_ne!(first.records[0].game.seed, second.records[0].game.seed);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_bot_is_on_the_record_in_the_standings_and_games_csv() {
    // MC-STANDIN-01: every forfeit says why, per game and per bot.
    let broken = BotServer::start(Answer::PassesTrialThenFails).await;
    let server = allowing(&broken).await;
    let dir = tempfile_dir("stand-ins");
    let report = arena::run(
        ArenaConfig {
            entrants: Entrant::parse_all(&[
                "steady=random".into(),
                format!("broken={}", broken.endpoint()),
            ])
            .unwrap(),
            seeds_per_table: 1,
            ..config(&server, &dir, Format::RoundRobin, 2)
        },
        Arc::new(|_, _| {}),
    )
    .await
    .unwrap();
    assert_eq!(report.standings.failed, 0);
    let line = |bot: &str| line_of(&report, bot);
    // Two games, each forfeited at the broken bot's first decision.
    assert_eq!(line("broken").stand_ins, 2);
    assert_eq!(line("steady").stand_ins, 0);
    assert_eq!(line("steady").wins, 2);
    let csv = read(&dir, "games.csv");
    assert_eq!(csv.matches("bot_error").count(), 2, "{csv}");
    assert!(read(&dir, "standings.md").contains("stand-ins"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_loser_cannot_void_a_game_the_time_limit_adjudicates_it() {
    // MC-CLOCK-06, MC-CLOCK-07: a bot that plays within every clock but
    // slowly pushes each game to the arena's time limit; the server ends
    // the game there, the slow bot losing on time, and it counts.
    let slow = BotServer::start(Answer::Slow(Duration::from_millis(40))).await;
    let server = allowing(&slow).await;
    let dir = tempfile_dir("time-limit");
    let report = arena::run(
        ArenaConfig {
            entrants: Entrant::parse_all(&[
                "steady=random".into(),
                format!("slow={}", slow.endpoint()),
            ])
            .unwrap(),
            seeds_per_table: 1,
            game_timeout: Duration::from_millis(1_500),
            ..config(&server, &dir, Format::RoundRobin, 2)
        },
        Arc::new(|_, _| {}),
    )
    .await
    .unwrap();
    assert_eq!(report.standings.failed, 0, "no game was given up");
    let line = |bot: &str| line_of(&report, bot);
    assert_eq!(line("steady").wins, 2);
    assert_eq!(line("slow").stand_ins, 2);
    let csv = read(&dir, "games.csv");
    assert_eq!(csv.matches("out_of_time").count(), 2, "{csv}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_remote_bot_that_fails_its_trial_decision_stops_the_run_before_it_starts() {
    // P15: every remote entrant is asked one real decision first.
    let broken = BotServer::start(Answer::Fail).await;
    let fine = BotServer::start(Answer::FirstLegal).await;
    let server = TestServer::start().await;
    let dir = tempfile_dir("trial");
    let error = arena::run(
        ArenaConfig {
            entrants: Entrant::parse_all(&[
                format!("fine={}", fine.endpoint()),
                "steady=random".into(),
                format!("broken={}", broken.endpoint()),
            ])
            .unwrap(),
            ..config(&server, &dir, Format::RoundRobin, 2)
        },
        Arc::new(|_, _| {}),
    )
    .await
    .unwrap_err();
    assert!(error.contains("\"broken\""), "{error}");
    assert!(error.contains("trial decision"), "{error}");
    assert!(!error.contains("\"fine\""), "{error}");
    assert_eq!(fine.asked().len(), 1, "the good bot was asked once");
    assert!(
        !dir.join(arena::progress::FILE_NAME).exists(),
        "no run began"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A test server that allows `bot` as a remote bot.
async fn allowing(bot: &BotServer) -> TestServer {
    TestServer::start_with(melange::server::ServerConfig {
        remote_bots: melange::server::RemoteBotConfig {
            allowed: vec![bot.addr.to_string()],
            ..Default::default()
        },
        ..Default::default()
    })
    .await
}

/// `bot`'s line of the standings.
fn line_of(report: &arena::ArenaReport, bot: &str) -> arena::standings::Line {
    report
        .standings
        .lines
        .iter()
        .find(|line| line.bot == bot)
        .unwrap()
        .clone()
}

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("arena-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}
