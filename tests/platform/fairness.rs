//! Fair shares (issue P13): one client, one game or one remote bot
//! endpoint cannot take what the server shares between everyone: remote
//! bot call slots, the bots' compute, game slots, creations, simulations
//! and the async workers.
use std::time::{Duration, Instant};

use melange::server::{RemoteBotConfig, ServerConfig};
use tonic::Code;

use super::{
    remote_bot::{Answer, BotServer, wait_for_version, with_remote},
    support::{TestServer, harness_request, play_first_legal},
};

/// Waits for `done` to be true, checking every 10 ms, for `within` at most;
/// says whether it came true.
async fn eventually(within: Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < within {
        if done() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    done()
}

#[tokio::test]
async fn an_endpoint_that_never_answers_holds_only_its_own_call_slots() {
    // P13-4: the hanging endpoint is in six games, more than the server's
    // four call slots; it may hold two (its own), and the healthy bot of
    // another game is called at once.
    let hanging = BotServer::start(Answer::Never).await;
    let healthy = BotServer::start(Answer::FirstLegal).await;
    let server = TestServer::start_with(ServerConfig {
        remote_bots: RemoteBotConfig {
            allowed: vec![hanging.addr.to_string(), healthy.addr.to_string()],
            timeout: Duration::from_secs(60),
            max_calls: 4,
            max_calls_per_endpoint: 2,
        },
        ..ServerConfig::default()
    })
    .await;
    let mut client = server.client().await;
    for _ in 0..6 {
        client
            .create_game(with_remote(21, &hanging.endpoint(), &[0], None))
            .await
            .unwrap();
    }
    assert!(
        eventually(Duration::from_secs(10), || hanging.asked().len() >= 2).await,
        "the hanging endpoint is called"
    );
    // Time for more calls to reach it, were they let through.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(hanging.asked().len(), 2, "its own two slots, no more");
    let game = client
        .create_game(with_remote(21, &healthy.endpoint(), &[0], None))
        .await
        .unwrap()
        .into_inner();
    let moved = tokio::time::timeout(
        Duration::from_secs(10),
        wait_for_version(&mut client, &game.game_id, 1),
    )
    .await;
    assert!(
        moved.is_ok(),
        "the healthy bot was not called while the hanging endpoint's calls waited"
    );
    assert_eq!(healthy.asked().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn search_bots_above_the_servers_budget_are_refused_naming_it() {
    // P13-5: the default budget is 10,000 iterations a decision.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut request = harness_request(Some(1), 2, 21, &[]);
    request.seats[1].bot = "mcts:10001".into();
    let refused = client.create_game(request.clone()).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(
        refused.message().contains("10000")
            && refused.message().contains("--max-search-iterations"),
        "{}",
        refused.message()
    );
    request.seats[1].bot = "mcts:10000".into();
    client.create_game(request).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cheap_bot_moves_promptly_while_other_games_search_at_the_largest_budget() {
    // P13-5: four games of two searches of 100,000 iterations (seconds a
    // decision on the harness) keep the bot cores busy; a game whose bot
    // searches one iteration still answers its person within a bound far
    // below one of their searches, because searches think in slices and
    // queue again between them.
    let server = TestServer::start_with(ServerConfig {
        max_search_iterations: 100_000,
        ..ServerConfig::default()
    })
    .await;
    let mut client = server.client().await;
    for seed in 0..4 {
        let mut heavy = harness_request(Some(seed), 2, 300, &[]);
        for seat in &mut heavy.seats {
            seat.bot = "mcts:100000".into();
        }
        client.create_game(heavy).await.unwrap();
    }
    // The heavy searches are under way and queued.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut cheap = harness_request(Some(9), 2, 21, &[]);
    cheap.seats[1].bot = "mcts:1".into();
    let game = client.create_game(cheap).await.unwrap().into_inner();
    let started = Instant::now();
    play_first_legal(&mut client, &game, 0).await;
    let moved = tokio::time::timeout(
        Duration::from_secs(2),
        wait_for_version(&mut client, &game.game_id, 2),
    )
    .await;
    assert!(
        moved.is_ok(),
        "the cheap bot had not moved after {:?}",
        started.elapsed()
    );
}
