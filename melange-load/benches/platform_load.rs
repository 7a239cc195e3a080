//! Load benchmark of the platform alone: a real server on loopback hosting
//! the test-only harness game, driven by the `melange-load` engine in the
//! same process. Run: `cargo bench -p melange-load --bench platform_load`.
//!
//! Numbers from this bench measure transport, auth, registry, journal,
//! streaming and redaction; rules cost is the harness's (negligible).
#[path = "../../tests/platform/harness.rs"]
#[allow(dead_code)]
mod harness;

use std::{sync::Arc, time::Duration};

use melange::{
    api::Catalog,
    pb,
    server::{ServerConfig, serve},
};
use melange_load::{LoadConfig, Progress, Workload, run};

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a tokio runtime");
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port");
        let addr = listener.local_addr().expect("its address");
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let server = tokio::spawn(serve(
            listener,
            ServerConfig::default(),
            Catalog::standard().with::<harness::Harness>(),
            async {
                let _ = stopped.await;
            },
        ));
        let config = LoadConfig {
            endpoint: format!("http://{addr}"),
            kind: harness::HARNESS_KIND,
            options: pb::GameOptions {
                game: Some(pb::game_options::Game::Harness(pb::HarnessOptions {
                    seats: 4,
                    counters: 60,
                    panic_at: None,
                })),
                ..Default::default()
            },
            workloads: vec![Workload::Events, Workload::Unwatched, Workload::Views],
            games: 2_000,
            concurrency: 64,
            connections: 4,
            seed: 1,
            health_calls: 50_000,
            max_duration: Duration::from_secs(120),
            server_pid: None,
            unread_streams: 0,
            ack_log: None,
            retry_unavailable: true,
            detail: pb::Detail::Actions,
            spectators: 0,
        };
        let report = run(config, Arc::new(Progress::default()))
            .await
            .expect("the load run");
        println!("platform load, harness game, 4 seats, 64 games in flight, 4 connections");
        println!("{report}");
        let _ = stop.send(());
        let _ = server.await;
    });
}
