//! Whole games through the API: many at once, bots, determinism, replays and
//! what a spectator may see.
use melange::pb;
use tonic_health::pb::{
    HealthCheckRequest, health_check_response::ServingStatus, health_client::HealthClient,
};

use super::support::{
    Client, TestServer, authed, harness_request, play_random, play_to_end, seat_view, take,
};

/// Plays one game to the end with a random legal action for every move, as
/// a remote client would; returns the number of actions it applied.
async fn random_client_game(mut client: Client, seed: u64) -> u64 {
    let request = harness_request(Some(seed), 3, 25, &[]);
    let game = client.create_game(request).await.unwrap().into_inner();
    let (view, moves) = play_random(&mut client, &game, seed).await;
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
    assert_eq!(view.result.unwrap().winners.len(), 1);
    moves
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_concurrent_games_play_to_the_end_without_error() {
    let server = TestServer::start().await;
    let client = server.client().await;
    let games: Vec<_> = (0..200)
        .map(|seed| tokio::spawn(random_client_game(client.clone(), seed)))
        .collect();
    let mut total = 0;
    for game in games {
        total += game.await.unwrap();
    }
    assert!(
        total >= 200 * 9,
        "every game of 25 counters needs at least 9 moves"
    );
    let listed = client
        .clone()
        .list_games(pb::ListGamesRequest {
            status: pb::GameStatus::Finished as i32,
            page_size: 500,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(listed.games.len(), 200);
}

fn without_id(mut response: pb::ApplyActionResponse) -> pb::ApplyActionResponse {
    if let Some(view) = response.view.as_mut() {
        view.game_id.clear();
    }
    response
}

#[tokio::test]
async fn the_same_seed_and_actions_give_identical_views_and_events() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let a = client
        .create_game(harness_request(Some(99), 2, 20, &[]))
        .await
        .unwrap()
        .into_inner();
    let b = client
        .create_game(harness_request(Some(99), 2, 20, &[]))
        .await
        .unwrap()
        .into_inner();
    let moves = [3, 1, 2, 3, 2, 1, 3, 2, 3];
    for (index, n) in moves.into_iter().enumerate() {
        let seat = (index % 2) as u32;
        let mut responses = Vec::new();
        for game in [&a, &b] {
            let request = pb::ApplyActionRequest {
                game_id: game.game_id.clone(),
                seat,
                expected_version: index as u64,
                action: Some(take(n)),
                ..Default::default()
            };
            let response = client
                .apply_action(authed(request, &game.seats[seat as usize].token))
                .await
                .unwrap();
            responses.push(without_id(response.into_inner()));
        }
        assert_eq!(responses[0], responses[1], "move {index}");
    }
    // A different seed gives different chance outcomes.
    let c = client
        .create_game(harness_request(Some(100), 2, 20, &[]))
        .await
        .unwrap()
        .into_inner();
    let view = |g: &pb::CreateGameResponse| pb::GetViewRequest {
        game_id: g.game_id.clone(),
        seat: Some(0),
        detail: pb::Detail::Full as i32,
    };
    let secret_a = client
        .get_view(authed(view(&a), &a.seats[0].token))
        .await
        .unwrap()
        .into_inner()
        .game;
    let secret_c = client
        .get_view(authed(view(&c), &c.seats[0].token))
        .await
        .unwrap()
        .into_inner()
        .game;
    assert_ne!(secret_a, secret_c);
}

#[tokio::test]
async fn bot_games_are_reproducible_and_a_replay_recreates_the_game() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let first = client
        .create_game(harness_request(Some(7), 3, 40, &[0, 1, 2]))
        .await
        .unwrap()
        .into_inner();
    let second = client
        .create_game(harness_request(Some(7), 3, 40, &[0, 1, 2]))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        first.view.as_ref().unwrap().status,
        pb::GameStatus::Finished as i32
    );
    let replay = |id: &str| pb::GetReplayRequest {
        game_id: id.to_owned(),
        ..Default::default()
    };
    let r1 = client
        .get_replay(replay(&first.game_id))
        .await
        .unwrap()
        .into_inner();
    let r2 = client
        .get_replay(replay(&second.game_id))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(r1.actions, r2.actions);
    assert_eq!(r1.seed, 7);

    // The same moves played by people reach the same end, so a seat's chance
    // does not depend on who plays it.
    let human = client
        .create_game(harness_request(Some(7), 3, 40, &[]))
        .await
        .unwrap()
        .into_inner();
    let mut response = None;
    for recorded in r1.actions.iter().cloned() {
        let request = pb::ApplyActionRequest {
            game_id: human.game_id.clone(),
            seat: recorded.seat,
            expected_version: recorded.version - 1,
            action: recorded.action,
            ..Default::default()
        };
        response = Some(
            client
                .apply_action(authed(request, &human.seats[recorded.seat as usize].token))
                .await
                .unwrap(),
        );
    }
    let end = response.unwrap().into_inner().view.unwrap();
    let mut bot_end = client
        .get_view(pb::GetViewRequest {
            game_id: first.game_id.clone(),
            seat: None,
            detail: pb::Detail::Full as i32,
        })
        .await
        .unwrap()
        .into_inner();
    bot_end.game_id = end.game_id.clone();
    let mut public_end = client
        .get_view(pb::GetViewRequest {
            game_id: human.game_id.clone(),
            seat: None,
            detail: pb::Detail::Full as i32,
        })
        .await
        .unwrap()
        .into_inner();
    public_end.game_id = end.game_id.clone();
    assert_eq!(public_end, bot_end);
}

#[tokio::test]
async fn mixed_bot_and_human_seats_take_turns() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(8), 2, 30, &[1]))
        .await
        .unwrap()
        .into_inner();
    let request = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat: 0,
        expected_version: 0,
        action: Some(take(1)),
        ..Default::default()
    };
    let response = client
        .apply_action(authed(request, &game.seats[0].token))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.version, 2, "the bot answered at once");
    assert_eq!(response.view.unwrap().to_act, [0]);
    assert_eq!(
        response.events.iter().map(|e| e.actor).collect::<Vec<_>>(),
        [Some(0), Some(1)]
    );
    let end = play_to_end(&mut client, &game).await;
    assert!(end > 2);
}

#[tokio::test]
async fn the_spectator_view_never_carries_a_seats_secrets() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(21), 2, 10, &[]))
        .await
        .unwrap()
        .into_inner();
    let spectator = client
        .get_view(pb::GetViewRequest {
            game_id: game.game_id.clone(),
            seat: None,
            detail: pb::Detail::Full as i32,
        })
        .await
        .unwrap()
        .into_inner();
    let Some(pb::view::Game::Harness(public)) = spectator.game else {
        panic!("harness view expected")
    };
    assert_eq!(public.secret, None);
    assert!(spectator.legal_actions.is_empty());
    assert_eq!(spectator.seat, None);
    let own = seat_view(&mut client, &game, 1).await;
    // Not that seat's turn: no legal actions even for the seat itself.
    assert!(own.legal_actions.is_empty());
    let Some(pb::view::Game::Harness(own)) = own.game else {
        panic!()
    };
    assert!(own.secret.is_some());
}

#[tokio::test]
async fn health_reports_serving_and_shutdown_drains() {
    let server = TestServer::start().await;
    let channel = tonic::transport::Channel::from_shared(format!("http://{}", server.addr))
        .unwrap()
        .connect()
        .await
        .unwrap();
    let mut health = HealthClient::new(channel);
    let status = health
        .check(HealthCheckRequest {
            service: "melange.v1.GameService".into(),
        })
        .await
        .unwrap()
        .into_inner()
        .status;
    assert_eq!(status, ServingStatus::Serving as i32);
    server.shutdown().await;
}
