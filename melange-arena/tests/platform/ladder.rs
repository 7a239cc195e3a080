//! `melange-arena ladder` against a real server: a ladder of built-in bots
//! plays, rates and writes its leaderboard; stopped and started again on
//! its folder it goes on (ratings carried, numbering continued, no game
//! counted twice), takes a bot added to `bots.txt`, refuses a bot it cannot
//! play, and follows the games an earlier sitting left in flight.
use std::{collections::BTreeSet, path::Path, time::Duration};

use melange::pb;
use melange_arena::{
    Entrant,
    ladder::{
        self, GameSpec, LadderConfig, Stop,
        record::{self, GameLine},
        state::{self, InFlight, Seat, State},
    },
    play,
};
use tokio::sync::watch;

use super::{
    bot_server::{Answer, BotServer},
    support::TestServer,
};

fn games() -> Vec<GameSpec> {
    vec![
        GameSpec {
            name: "war-for-arrakis".into(),
            kind: pb::GameKind::WarForArrakis as i32,
            options: pb::GameOptions {
                max_rounds: Some(1),
                game: Some(pb::game_options::Game::Arrakis(Default::default())),
                ..Default::default()
            },
            seats: 2,
            weight: 1,
            title: "Dune: War for Arrakis".into(),
        },
        GameSpec {
            name: "imperium".into(),
            kind: pb::GameKind::Imperium as i32,
            options: pb::GameOptions {
                max_rounds: Some(1),
                game: Some(pb::game_options::Game::Imperium(pb::ImperiumOptions {
                    player_count: 3,
                    ..Default::default()
                })),
                ..Default::default()
            },
            seats: 3,
            weight: 1,
            title: "Dune: Imperium, 3 players".into(),
        },
    ]
}

fn config(server: &TestServer, out: &Path, bots: &[&str], max_games: u64) -> LadderConfig {
    LadderConfig {
        endpoint: format!("http://{}", server.addr),
        games: games(),
        bots: Entrant::parse_all(&bots.iter().map(|b| b.to_string()).collect::<Vec<_>>()).unwrap(),
        concurrency: 3,
        max_games: Some(max_games),
        game_timeout: Duration::from_secs(60),
        check_timeout: Some(Duration::from_secs(5)),
        explore_every: 5,
        out: out.to_owned(),
        programs: Default::default(),
        idle_poll: Duration::from_millis(50),
        stop_grace: Duration::from_secs(30),
    }
}

fn running() -> (watch::Sender<Stop>, watch::Receiver<Stop>) {
    watch::channel(Stop::Run)
}

/// A ladder of three random bots, to `max_games` games.
async fn first_sitting(server: &TestServer, dir: &Path, max_games: u64) -> ladder::LadderReport {
    let (_stop, stopped) = running();
    ladder::run(
        config(
            server,
            dir,
            &["ann=random", "bob=random", "cy=random"],
            max_games,
        ),
        stopped,
    )
    .await
    .unwrap()
}

fn folder(name: &str) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("ladder-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The log, checked: numbers unique, each finished game's replay there.
fn logged(dir: &Path) -> Vec<GameLine> {
    let log = record::read(dir).unwrap();
    let numbers: BTreeSet<u64> = log.iter().map(|g| g.game).collect();
    assert_eq!(numbers.len(), log.len(), "a game logged twice: {log:?}");
    for game in &log {
        assert!(game.failure.is_none(), "{game:?}");
        let replay = dir.join(game.replay.as_ref().unwrap());
        assert!(replay.exists(), "{}", replay.display());
        assert_eq!(
            replay.file_name().unwrap().to_string_lossy(),
            play::replay_file(game.game as usize)
        );
    }
    log
}

fn leaderboard(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("leaderboard.json")).unwrap()).unwrap()
}

/// Each kind's games on the leaderboard, and the bots' games summed, agree
/// with the log.
fn check_consistent(dir: &Path, log: &[GameLine]) {
    let board = leaderboard(dir);
    assert_eq!(board["games_logged"], log.len() as u64);
    for kind in board["kinds"].as_array().unwrap() {
        let name = kind["game"].as_str().unwrap();
        let games: Vec<&GameLine> = log.iter().filter(|g| g.kind == name).collect();
        assert_eq!(kind["games"], games.len() as u64, "{name}");
        let seats: u64 = kind["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| line["games"].as_u64().unwrap())
            .sum();
        let expected: usize = games.iter().map(|g| g.seats.len()).sum();
        assert_eq!(seats, expected as u64, "{name}");
        let ranks: Vec<u64> = kind["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(|line| line["rank"].as_u64().unwrap())
            .collect();
        assert_eq!(ranks, (1..=ranks.len() as u64).collect::<Vec<_>>());
    }
    let markdown = std::fs::read_to_string(dir.join("leaderboard.md")).unwrap();
    assert!(markdown.contains("## Dune: War for Arrakis"), "{markdown}");
    assert!(
        markdown.contains("## Dune: Imperium, 3 players"),
        "{markdown}"
    );
}

fn line<'a>(board: &'a serde_json::Value, kind: &str, bot: &str) -> &'a serde_json::Value {
    board["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["game"] == kind)
        .unwrap()["lines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["bot"] == bot)
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ladder_plays_rates_and_goes_on_after_its_restart_with_a_new_bot() {
    let server = TestServer::start().await;
    let dir = folder("restart");
    let report = first_sitting(&server, &dir, 8).await;
    assert_eq!(report.played, 8);
    assert_eq!(report.next_game, 8);
    assert_eq!(report.left_in_flight, 0);
    let first = logged(&dir);
    assert_eq!(
        first.iter().map(|g| g.game).collect::<BTreeSet<_>>(),
        (0..8).collect()
    );
    // Both kinds take turns, three seats an Imperium table.
    assert_eq!(first.iter().filter(|g| g.kind == "imperium").count(), 4);
    assert!(
        first
            .iter()
            .all(|g| g.seats.len() == if g.kind == "imperium" { 3 } else { 2 })
    );
    check_consistent(&dir, &first);
    let before = leaderboard(&dir);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.join(state::FILE_NAME))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600, "the ladder seed is in it");
    }

    // Between the sittings the organizer registers a bot and a typo.
    let bots = dir.join(ladder::registry::FILE_NAME);
    let mut text = std::fs::read_to_string(&bots).unwrap();
    text.push_str("dee=random\ntypo=randm\n");
    std::fs::write(&bots, text).unwrap();
    let (_stop, stopped) = running();
    // No --bots this time: bots.txt is the list.
    let report = ladder::run(config(&server, &dir, &[], 10), stopped)
        .await
        .unwrap();
    assert_eq!(report.played, 10);
    assert_eq!(report.next_game, 18);
    let all = logged(&dir);
    assert_eq!(all.len(), 18);
    assert_eq!(&all[..8], &first[..], "the first sitting's log is kept");
    assert_eq!(
        all.iter().map(|g| g.game).collect::<BTreeSet<_>>(),
        (0..18).collect(),
        "numbering goes on"
    );
    check_consistent(&dir, &all);
    let after = leaderboard(&dir);
    // Ratings carried: ann's games add up over both sittings.
    let sitting = |kind: &str, bot: &str| {
        all[8..]
            .iter()
            .filter(|g| g.kind == kind && g.seats.iter().any(|s| s == bot))
            .count() as u64
    };
    for kind in ["war-for-arrakis", "imperium"] {
        assert_eq!(
            line(&after, kind, "ann")["games"].as_u64().unwrap(),
            line(&before, kind, "ann")["games"].as_u64().unwrap() + sitting(kind, "ann")
        );
    }
    // The newcomer is anchored until it has caught up.
    assert!(sitting("war-for-arrakis", "dee") >= 2, "{all:?}");
    assert!(sitting("imperium", "dee") >= 2, "{all:?}");
    assert!(all.iter().all(|g| !g.seats.iter().any(|s| s == "typo")));
    assert!(
        after["refused"]["typo"]
            .as_str()
            .unwrap()
            .contains("unknown bot"),
        "{after}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ladder_follows_the_games_an_earlier_sitting_left_in_flight() {
    let server = TestServer::start().await;
    let dir = folder("in-flight");
    first_sitting(&server, &dir, 2).await;
    // As a ladder killed after making game 2 on the server and entering
    // game 3 in its state, before creating it.
    let mut state = State::load_or_start(&dir).unwrap();
    assert_eq!(state.next_game, 2);
    let seat = |label: &str| Seat {
        label: label.into(),
        bot: "random".into(),
    };
    let arrakis = games()[0].clone();
    let created = server
        .client()
        .await
        .create_game(pb::CreateGameRequest {
            kind: arrakis.kind,
            seed: Some(state.game_seed(2)),
            options: Some(arrakis.options.clone()),
            seats: vec![
                pb::SeatConfig {
                    bot: "random".into(),
                    ..Default::default()
                };
                2
            ],
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    for (number, seats) in [
        (2, vec![seat("cy"), seat("ann")]),
        (3, vec![seat("bob"), seat("cy")]),
    ] {
        state.in_flight.insert(
            number,
            InFlight {
                kind: arrakis.name.clone(),
                seats,
            },
        );
    }
    state.next_game = 4;
    state.save(&dir).unwrap();
    state::game_progress(&dir, 2)
        .unwrap()
        .created(2, &created.game_id)
        .unwrap();

    let (_stop, stopped) = running();
    let report = ladder::run(config(&server, &dir, &[], 3), stopped)
        .await
        .unwrap();
    assert_eq!(report.played, 3);
    let log = logged(&dir);
    let game = |n: u64| log.iter().find(|g| g.game == n).unwrap();
    assert_eq!(
        game(2).game_id.as_deref(),
        Some(created.game_id.as_str()),
        "re-attached"
    );
    assert_eq!(game(2).seats, vec!["cy", "ann"]);
    assert_eq!(game(3).seats, vec!["bob", "cy"], "made from the state");
    assert_eq!(game(3).seed, state.game_seed(3));
    assert_eq!(
        log.iter().map(|g| g.game).collect::<BTreeSet<_>>(),
        (0..5).collect()
    );
    check_consistent(&dir, &log);
    assert!(
        std::fs::read_dir(dir.join(state::IN_FLIGHT))
            .unwrap()
            .next()
            .is_none(),
        "no game folder left"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ladder_stopped_at_once_leaves_nothing_counted_twice_or_lost() {
    let server = TestServer::start().await;
    let dir = folder("stop");
    let (stop, stopped) = running();
    let task = tokio::spawn(ladder::run(
        config(
            &server,
            &dir,
            &["ann=random", "bob=random", "cy=random"],
            1000,
        ),
        stopped,
    ));
    while record::read(&dir).map_or(0, |log| log.len()) < 3 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    stop.send(Stop::Now).unwrap();
    let first = task.await.unwrap().unwrap();
    assert!(first.played >= 3);
    let (_stop, stopped) = running();
    let second = ladder::run(config(&server, &dir, &[], 4), stopped)
        .await
        .unwrap();
    let log = logged(&dir);
    let numbers: BTreeSet<u64> = log.iter().map(|g| g.game).collect();
    let state = State::load_or_start(&dir).unwrap();
    let in_flight: BTreeSet<u64> = state.in_flight.keys().copied().collect();
    // Every number given is logged or still in flight, never both.
    assert!(numbers.is_disjoint(&in_flight));
    assert_eq!(
        numbers.union(&in_flight).copied().collect::<BTreeSet<_>>(),
        (0..state.next_game).collect()
    );
    assert_eq!(log.len() as u64, first.played + second.played);
    check_consistent(&dir, &log);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_remote_bot_failing_its_trial_decision_is_refused_and_the_ladder_goes_on() {
    let broken = BotServer::start(Answer::Fail).await;
    let server = TestServer::start().await;
    let dir = folder("refused");
    let (_stop, stopped) = running();
    let broken_spec = format!("broken={}", broken.endpoint());
    let report = ladder::run(
        config(
            &server,
            &dir,
            &["ann=random", "bob=random", "cy=random", &broken_spec],
            4,
        ),
        stopped,
    )
    .await
    .unwrap();
    assert_eq!(report.played, 4);
    let why = &report.leaderboard.refused["broken"];
    assert!(why.contains("trial decision"), "{why}");
    assert_eq!(broken.asked().len(), 1, "asked once, in the first kind");
    let log = logged(&dir);
    assert!(log.iter().all(|g| !g.seats.iter().any(|s| s == "broken")));
    let _ = std::fs::remove_dir_all(&dir);
}
