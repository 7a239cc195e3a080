//! The load generator against a real server: every game ends, nothing fails;
//! through a stand-in for a fleet's proxy (issue P14), every call naming a
//! game carries the game header, and the clients ride out the failures of
//! a fleet change.
use std::{collections::BTreeMap, sync::Arc, time::Duration};

use melange::pb;
use melange_load::{AckLog, FillConfig, LoadConfig, Progress, Workload, fill, run};

use super::{
    harness::HARNESS_KIND,
    routing_proxy::{Faults, RoutingProxy},
    support::{TempDir, TestServer, full_replay},
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_generator_plays_every_game_without_error() {
    let server = TestServer::start().await;
    let config = harness_load(&server);
    let report = run(config, Arc::new(Progress::default())).await.unwrap();
    assert_eq!(report.errors.total(), 0, "{report}");
    assert_eq!(report.workloads.len(), 3);
    for workload in &report.workloads {
        assert_eq!(workload.games, 40, "{report}");
        assert!(workload.apply.calls >= 40 * 10);
        assert_eq!(workload.apply.latency.len(), workload.apply.calls);
    }
    // Every workload plays the same games with the same choices, so the
    // same number of actions.
    let calls: Vec<u64> = report.workloads.iter().map(|w| w.apply.calls).collect();
    assert!(calls.iter().all(|&c| c == calls[0]), "{calls:?}");
    // Only the driver that watches nothing asks for views.
    let unwatched = &report.workloads[2];
    assert_eq!(unwatched.workload, Workload::Unwatched);
    assert!(unwatched.views > 0);
    assert_eq!(report.workloads[0].views + report.workloads[1].views, 0);
    assert_eq!(report.health.as_ref().unwrap().calls, 200);
    let printed = report.to_string();
    for name in ["views", "events", "unwatched"] {
        assert!(
            printed.contains(&format!("ratio        {name}:")),
            "{printed}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_read_every_update_of_every_watched_game() {
    // Issue 32: `--spectators` measures what an audience costs; each
    // spectator reads its game from the start to the end.
    let server = TestServer::start().await;
    let config = LoadConfig {
        games: 10,
        spectators: 3,
        ..harness_load(&server)
    };
    let report = run(config, Arc::new(Progress::default())).await.unwrap();
    assert_eq!(report.errors.total(), 0, "{report}");
    for workload in &report.workloads[..2] {
        assert_eq!(workload.games, 10, "{report}");
        // No bot plays: one update per action, each read by every
        // spectator.
        assert_eq!(workload.spectated, 3 * workload.apply.calls, "{report}");
    }
    let unwatched = &report.workloads[2];
    assert_eq!(unwatched.workload, Workload::Unwatched);
    assert_eq!(unwatched.spectated, 0, "nobody watches an unwatched game");
    assert!(report.to_string().contains("spectators "), "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_run_is_measured_again_beside_streams_that_never_read() {
    // Finding 3 of issue 13, as melange-load measures it: the same
    // workloads beside streams of whole finished games that never read.
    let server = TestServer::start().await;
    let config = LoadConfig {
        workloads: vec![Workload::Unwatched],
        games: 10,
        unread_streams: 70,
        server_pid: Some(std::process::id()),
        ..harness_load(&server)
    };
    let report = run(config, Arc::new(Progress::default())).await.unwrap();
    assert_eq!(report.errors.total(), 0, "{report}");
    let beside = report.with_unread.as_ref().expect("the second run");
    assert_eq!(beside.streams, 70);
    assert_eq!(beside.workloads.len(), 1);
    assert_eq!(beside.workloads[0].games, 10);
    assert!(beside.health.is_some());
    assert!(beside.server_threads.is_some());
    let printed = report.to_string();
    assert!(
        printed.contains("beside 70 streams that never read"),
        "{printed}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fill_mode_leaves_every_game_live_and_measures_the_servers_memory() {
    let server = TestServer::start().await;
    let load = LoadConfig {
        games: 30,
        // The test server runs in this process.
        server_pid: Some(std::process::id()),
        ..harness_load(&server)
    };
    let report = fill(
        FillConfig {
            load,
            mid_game_every: 2,
            mid_game_actions: 5,
        },
        Arc::new(Progress::default()),
    )
    .await
    .unwrap();
    assert_eq!(report.errors.total(), 0, "{report}");
    assert_eq!((report.games, report.mid_game), (30, 15));
    assert_eq!(report.actions, 15 * 5);
    assert!(report.rss.is_some());
    assert!(report.to_string().contains("per live game"), "{report}");
    let page = server
        .client()
        .await
        .list_games(pb::ListGamesRequest {
            status: pb::GameStatus::InProgress as i32,
            page_size: 100,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(page.games.len(), 30, "every game is still live");
    assert_eq!(
        page.games.iter().filter(|game| game.version == 5).count(),
        15
    );
}

/// Every workload on 40 three-seat harness games.
fn harness_load(server: &TestServer) -> LoadConfig {
    LoadConfig {
        endpoint: format!("http://{}", server.addr),
        kind: HARNESS_KIND,
        options: pb::GameOptions {
            game: Some(pb::game_options::Game::Harness(pb::HarnessOptions {
                seats: 3,
                counters: 30,
                panic_at: None,
            })),
            ..Default::default()
        },
        workloads: vec![Workload::Views, Workload::Events, Workload::Unwatched],
        games: 40,
        concurrency: 8,
        connections: 2,
        seed: 1,
        health_calls: 200,
        max_duration: Duration::from_secs(60),
        detail: pb::Detail::Actions,
        spectators: 0,
        server_pid: None,
        unread_streams: 0,
        ack_log: None,
        retry_unavailable: true,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_generators_attacks_run_in_the_background_and_stop() {
    // P13: each attack makes its calls until stopped; the server's shares
    // refuse what is beyond them.
    use melange_load::attack::{Attack, AttackConfig, start};
    let server = TestServer::start().await;
    let options = super::support::harness_request(None, 2, 1_000_000, &[])
        .options
        .unwrap();
    // The game flood last: it spends the client's creations, and the
    // Simulate flood creates its game first.
    for attack in [
        Attack::SimulateFlood,
        Attack::IdleConnections,
        Attack::GameFlood,
    ] {
        let running = start(AttackConfig {
            attack,
            endpoint: format!("http://{}", server.addr),
            kind: HARNESS_KIND,
            options: options.clone(),
            size: 4,
            bot_listen: "127.0.0.1:0".into(),
            from: Some("127.0.0.2".parse().unwrap()),
        })
        .await
        .unwrap();
        tokio::time::sleep(Duration::from_millis(300)).await;
        let report = running.stop().await.to_string();
        assert!(!report.contains(" 0 calls"), "{report}");
        if attack == Attack::SimulateFlood {
            assert!(!report.contains(" 0 refused"), "{report}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hanging_bot_attack_creates_games_whose_bot_never_answers() {
    // P13: the server allows the attack's silent bot; its games wait on it.
    use melange::server::{RemoteBotConfig, ServerConfig};
    use melange_load::attack::{Attack, AttackConfig, start};
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let bot = free.local_addr().unwrap().to_string();
    drop(free);
    let server = TestServer::start_with(ServerConfig {
        remote_bots: RemoteBotConfig {
            allowed: vec![bot.clone()],
            ..RemoteBotConfig::default()
        },
        ..ServerConfig::default()
    })
    .await;
    let options = super::support::harness_request(None, 2, 21, &[])
        .options
        .unwrap();
    let running = start(AttackConfig {
        attack: Attack::HangingBot,
        endpoint: format!("http://{}", server.addr),
        kind: HARNESS_KIND,
        options,
        size: 3,
        bot_listen: bot,
        from: Some("127.0.0.2".parse().unwrap()),
    })
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let report = running.stop().await.to_string();
    assert!(
        report.contains("3 calls, 0 refused (RESOURCE_EXHAUSTED), 0 failed"),
        "{report}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_call_naming_a_game_carries_its_id_in_the_game_header() {
    // P14: a fleet's proxy sends each call to its game's server by the
    // x-melange-game header; CreateGame and ListGames go anywhere.
    use melange_load::attack::{Attack, AttackConfig, start};
    let server = TestServer::start().await;
    let proxy = RoutingProxy::start(server.addr, Faults::default()).await;
    let config = LoadConfig {
        endpoint: proxy.endpoint(),
        games: 6,
        health_calls: 0,
        unread_streams: 4,
        ..harness_load(&server)
    };
    let report = run(config.clone(), Arc::new(Progress::default()))
        .await
        .unwrap();
    assert_eq!(report.errors.total(), 0, "{report}");
    assert_eq!(report.errors.retried_total(), 0, "{report}");
    let filled = fill(
        FillConfig {
            load: LoadConfig { games: 4, ..config },
            mid_game_every: 2,
            mid_game_actions: 3,
        },
        Arc::new(Progress::default()),
    )
    .await
    .unwrap();
    assert_eq!(filled.errors.total(), 0, "{filled}");
    let options = super::support::harness_request(None, 2, 1_000_000, &[])
        .options
        .unwrap();
    let simulating = start(AttackConfig {
        attack: Attack::SimulateFlood,
        endpoint: proxy.endpoint(),
        kind: HARNESS_KIND,
        options,
        size: 1,
        bot_listen: "127.0.0.1:0".into(),
        from: None,
    })
    .await
    .unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    simulating.stop().await;
    let seen = proxy.seen();
    assert!(seen.misrouted.is_empty(), "{:?}", seen.misrouted);
    assert!(seen.needless.is_empty(), "{:?}", seen.needless);
    for method in ["GetView", "ApplyAction", "StreamGame", "Simulate"] {
        assert!(seen.routed.get(method) > Some(&0), "{method}: {seen:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clients_ride_out_lost_answers_broken_streams_and_stale_views() {
    // P14: a server dies or a game moves; its state lives on in the
    // journal. Every client backs off, re-reads its view and goes on;
    // only acknowledged actions reach the ack log.
    let server = TestServer::start().await;
    let every_fault = Faults {
        refuse_first_create: true,
        lose_first_answer: true,
        stale_view_after_loss: true,
        break_first_stream: true,
    };
    let proxy = RoutingProxy::start(server.addr, every_fault).await;
    let dir = TempDir::new("load-retry");
    let log = dir.path().join("acks.jsonl");
    let config = LoadConfig {
        endpoint: proxy.endpoint(),
        games: 8,
        health_calls: 0,
        ack_log: Some(Arc::new(AckLog::create(&log).unwrap())),
        ..harness_load(&server)
    };
    let report = run(config.clone(), Arc::new(Progress::default()))
        .await
        .unwrap();
    assert_eq!(report.errors.total(), 0, "{report}");
    for workload in &report.workloads {
        assert_eq!(workload.games, 8, "{report}");
    }
    let seen = proxy.seen();
    assert_eq!(seen.injected["CreateGame refused"], 1, "{seen:?}");
    assert_eq!(seen.injected["ApplyAction answer lost"], 3 * 8, "{seen:?}");
    assert_eq!(seen.injected["StreamGame broken"], 2 * 8 * 3, "{seen:?}");
    assert!(seen.injected["stale GetView"] >= 8, "{seen:?}");
    let printed = report.to_string();
    assert!(printed.contains("\nretried      "), "{printed}");
    // The driver re-reads a stale view, acts on it and is refused as
    // stale: retried too, since it follows a retry.
    for code in ["Unavailable", "Aborted"] {
        assert!(printed.contains(&format!("  {code}: ")), "{printed}");
    }

    // The ack log holds every acknowledged action and nothing else: each
    // game's versions but the one whose answer the proxy lost (usually the
    // first action's; with two seats acting at once, whichever answer
    // reached the proxy first).
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let mut acked: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    for line in &lines {
        let game = line["game"].as_str().unwrap().to_owned();
        let versions = acked.entry(game).or_default();
        if let Some(version) = line["version"].as_u64() {
            versions.push(version);
        }
    }
    assert_eq!(acked.len(), 3 * 8);
    let mut client = server.client().await;
    for (game_id, versions) in &mut acked {
        // Seats' answers may arrive out of turn.
        versions.sort_unstable();
        let actions = full_replay(&mut client, game_id).await.actions.len() as u64;
        let lost = seen.lost_answers[game_id];
        let expected: Vec<u64> = (1..=actions).filter(|version| *version != lost).collect();
        assert_eq!(
            *versions, expected,
            "{game_id}, its answer of version {lost} lost"
        );
    }

    // Without retries, the same failures fail the games at once.
    let proxy = RoutingProxy::start(server.addr, every_fault).await;
    let config = LoadConfig {
        endpoint: proxy.endpoint(),
        workloads: vec![Workload::Unwatched],
        games: 3,
        ack_log: None,
        retry_unavailable: false,
        ..config
    };
    let report = run(config, Arc::new(Progress::default())).await.unwrap();
    assert_eq!(report.workloads[0].games, 0, "{report}");
    assert_eq!(report.errors.total(), 3, "{report}");
    assert_eq!(report.errors.retried_total(), 0, "{report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn melange_load_exits_0_when_it_retried_its_way_through_every_game() {
    let server = TestServer::start().await;
    let proxy = RoutingProxy::start(
        server.addr,
        Faults {
            lose_first_answer: true,
            break_first_stream: true,
            ..Faults::default()
        },
    )
    .await;
    let endpoint = proxy.endpoint();
    let output = tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_melange-load"))
            .args(["--endpoint", &endpoint, "--kind", &HARNESS_KIND.to_string()])
            .args(["--games", "6", "--concurrency", "3"])
            .args(["--workloads", "events,unwatched"])
            .args(["--health-calls", "0", "--max-seconds", "60"])
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(stdout.contains("errors       0\nretried      "), "{stdout}");
    assert_eq!(proxy.seen().injected["ApplyAction answer lost"], 2 * 6);
}

/// Issue 31, item 16: with stderr a file or a pipe, melange-load writes its
/// progress as plain lines, a few at most, instead of redrawing one line
/// (a carriage return twice a second) that floods a log file; the last
/// line has the final count.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn melange_loads_progress_in_a_log_file_is_a_few_plain_lines() {
    let server = TestServer::start().await;
    let endpoint = server.addr.to_string(); // host:port, without http://
    let started = std::time::Instant::now();
    let output = tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_melange-load"))
            .args(["--endpoint", &endpoint, "--kind", &HARNESS_KIND.to_string()])
            .args(["--games", "4", "--concurrency", "2"])
            .args(["--workloads", "unwatched"])
            .args(["--health-calls", "0", "--max-seconds", "60"])
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(!stderr.contains('\r'), "no redraws in a log: {stderr:?}");
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|line| line.contains("games "))
        .collect();
    assert!(
        !lines.is_empty() && lines.len() as u64 <= 2 + took.as_secs() / 10,
        "{took:?}: {lines:?}"
    );
    assert!(lines.last().unwrap().contains("games 4/4"), "{lines:?}");
    server.shutdown().await;
}
