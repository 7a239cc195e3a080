//! `melange-arena`'s runner against a real server: a small seeded
//! tournament whose standings file is checked byte for byte, the same
//! bytes whatever the concurrency, every replay written and replayable.
use std::{path::Path, sync::Arc, time::Duration};

use melange::{
    arena::{self, ArenaConfig, Entrant, Format},
    pb,
};
use prost::Message;

use super::{
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
        seed: 16,
        concurrency,
        game_timeout: Duration::from_secs(120),
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

fn tempfile_dir(name: &str) -> std::path::PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("arena-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}
