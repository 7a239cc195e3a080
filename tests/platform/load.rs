//! The load generator against a real server: every game ends, nothing fails.
use std::{sync::Arc, time::Duration};

use melange::{
    load::{FillConfig, LoadConfig, Progress, Workload, fill, run},
    pb,
};

use super::{harness::HARNESS_KIND, support::TestServer};

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
    use melange::load::attack::{Attack, AttackConfig, start};
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
    use melange::{
        load::attack::{Attack, AttackConfig, start},
        server::{RemoteBotConfig, ServerConfig},
    };
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
