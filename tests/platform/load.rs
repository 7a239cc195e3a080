//! The load generator against a real server: every game ends, nothing fails.
use std::{sync::Arc, time::Duration};

use melange::{
    load::{LoadConfig, Progress, run},
    pb,
};

use super::{harness::HARNESS_KIND, support::TestServer};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_load_generator_plays_every_game_without_error() {
    let server = TestServer::start().await;
    let config = LoadConfig {
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
        games: 40,
        concurrency: 8,
        connections: 2,
        seed: 1,
        health_calls: 200,
        max_duration: Duration::from_secs(60),
    };
    let report = run(config, Arc::new(Progress::default())).await.unwrap();
    assert_eq!(report.errors.total(), 0, "{report}");
    assert_eq!(report.games, 40);
    assert!(report.apply.calls >= 40 * 10);
    assert_eq!(report.apply.latency.len(), report.apply.calls);
    assert_eq!(report.health.as_ref().unwrap().calls, 200);
    assert!(report.to_string().contains("ratio"));
}
