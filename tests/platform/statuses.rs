//! Every status code a client can receive, from a real server, with the game
//! unchanged afterwards.
use std::time::Duration;

use melange::{api::VERSION_METADATA, matches::Limits, pb, server::ServerConfig};
use tonic::{Code, Request};
use tonic_types::StatusExt;

use super::support::{TestServer, authed, harness_request, snapshot, take};

#[tokio::test]
async fn unknown_game_is_not_found() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let error = client
        .get_view(pb::GetViewRequest {
            game_id: "no-such-game".into(),
            seat: None,
            detail: pb::Detail::Full as i32,
        })
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::NotFound);
    assert!(
        error.message().contains("no-such-game"),
        "{}",
        error.message()
    );
    let error = client
        .apply_action(pb::ApplyActionRequest {
            game_id: "no-such-game".into(),
            seat: 0,
            expected_version: 0,
            action: Some(take(1)),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::NotFound);
    let error = client
        .get_replay(pb::GetReplayRequest {
            game_id: "nope".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::NotFound);
}

#[tokio::test]
async fn tokens_are_checked_and_refusals_change_nothing() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(1), 2, 10, &[]))
        .await
        .unwrap()
        .into_inner();
    let before = snapshot(&mut client, &game).await;
    let apply = |seat: u32| pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat,
        expected_version: 0,
        action: Some(take(1)),
        ..Default::default()
    };

    // No token at all.
    let error = client.apply_action(apply(0)).await.unwrap_err();
    assert_eq!(error.code(), Code::Unauthenticated);
    let view = pb::GetViewRequest {
        game_id: game.game_id.clone(),
        seat: Some(0),
        detail: pb::Detail::Full as i32,
    };
    assert_eq!(
        client.get_view(view.clone()).await.unwrap_err().code(),
        Code::Unauthenticated
    );

    // A wrong token, and the other seat's token.
    let error = client
        .apply_action(authed(apply(0), "not-a-token"))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::PermissionDenied);
    let error = client
        .apply_action(authed(apply(0), &game.seats[1].token))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::PermissionDenied);
    assert_eq!(
        client
            .get_view(authed(view.clone(), &game.seats[1].token))
            .await
            .unwrap_err()
            .code(),
        Code::PermissionDenied
    );

    // A malformed authorization header is malformed input.
    let mut request = Request::new(apply(0));
    request
        .metadata_mut()
        .insert("authorization", "Basic abc".parse().unwrap());
    assert_eq!(
        client.apply_action(request).await.unwrap_err().code(),
        Code::InvalidArgument
    );

    assert_eq!(snapshot(&mut client, &game).await, before);
}

#[tokio::test]
async fn a_bot_seat_cannot_be_played_by_a_client() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(2), 2, 10, &[1]))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(game.seats[1].bot, "random");
    assert!(game.seats[1].token.is_empty());
    let request = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat: 1,
        expected_version: 0,
        action: Some(take(1)),
        ..Default::default()
    };
    let error = client
        .apply_action(authed(request, &game.seats[0].token))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::PermissionDenied);
    assert!(error.message().contains("bot"), "{}", error.message());
}

#[tokio::test]
async fn illegal_actions_and_wrong_turns_fail_the_precondition() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(3), 2, 10, &[]))
        .await
        .unwrap()
        .into_inner();
    let before = snapshot(&mut client, &game).await;
    let request = |seat: u32, n: u32| pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat,
        expected_version: 0,
        action: Some(take(n)),
        ..Default::default()
    };
    let error = client
        .apply_action(authed(request(0, 4), &game.seats[0].token))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::FailedPrecondition);
    assert!(
        error.message().contains("HARNESS-TAKE"),
        "names the rule: {}",
        error.message()
    );

    let error = client
        .apply_action(authed(request(1, 1), &game.seats[1].token))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::FailedPrecondition);
    assert!(
        error.message().contains("not seat 1's turn"),
        "{}",
        error.message()
    );

    assert_eq!(snapshot(&mut client, &game).await, before);
}

#[tokio::test]
async fn a_stale_version_is_aborted_with_the_current_version() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(4), 2, 10, &[]))
        .await
        .unwrap()
        .into_inner();
    let first = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat: 0,
        expected_version: 0,
        action: Some(take(1)),
        ..Default::default()
    };
    client
        .apply_action(authed(first, &game.seats[0].token))
        .await
        .unwrap();
    let before = snapshot(&mut client, &game).await;

    let stale = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat: 1,
        expected_version: 0,
        action: Some(take(1)),
        ..Default::default()
    };
    let error = client
        .apply_action(authed(stale, &game.seats[1].token))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::Aborted);
    assert!(error.message().contains("version 1"), "{}", error.message());
    assert_eq!(error.metadata().get(VERSION_METADATA).unwrap(), "1");
    let info = error.get_details_error_info().expect("an ErrorInfo detail");
    assert_eq!(info.reason, "STALE_VERSION");
    assert_eq!(info.metadata.get("version").map(String::as_str), Some("1"));
    assert_eq!(snapshot(&mut client, &game).await, before);
}

#[tokio::test]
async fn malformed_input_is_an_invalid_argument() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(5), 2, 10, &[]))
        .await
        .unwrap()
        .into_inner();
    let before = snapshot(&mut client, &game).await;
    let token = &game.seats[0].token;
    let base = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat: 0,
        expected_version: 0,
        action: Some(take(1)),
        ..Default::default()
    };

    let no_action = pb::ApplyActionRequest {
        action: None,
        ..base.clone()
    };
    assert_eq!(
        client
            .apply_action(authed(no_action, token))
            .await
            .unwrap_err()
            .code(),
        Code::InvalidArgument
    );
    let other_game = pb::ApplyActionRequest {
        action: Some(pb::Action {
            game: Some(pb::action::Game::Imperium(pb::ImperiumAction::default())),
        }),
        ..base.clone()
    };
    assert_eq!(
        client
            .apply_action(authed(other_game, token))
            .await
            .unwrap_err()
            .code(),
        Code::InvalidArgument
    );
    let no_seat = pb::ApplyActionRequest {
        seat: 7,
        ..base.clone()
    };
    let error = client
        .apply_action(authed(no_seat, token))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument);
    assert!(
        error.message().contains("seat 7 does not exist"),
        "{}",
        error.message()
    );
    assert_eq!(snapshot(&mut client, &game).await, before);

    let mut bad_bot = harness_request(None, 2, 10, &[]);
    bad_bot.seats[0].bot = "genius".into();
    let error = client.create_game(bad_bot).await.unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument);
    assert!(
        error.message().contains("random"),
        "lists known bots: {}",
        error.message()
    );

    let too_many_seats = harness_request(None, 2, 10, &[]);
    let mut too_many_seats = too_many_seats;
    too_many_seats.seats.push(pb::SeatConfig::default());
    assert_eq!(
        client.create_game(too_many_seats).await.unwrap_err().code(),
        Code::InvalidArgument
    );

    let bad_options = harness_request(None, 9, 10, &[]);
    assert_eq!(
        client.create_game(bad_options).await.unwrap_err().code(),
        Code::InvalidArgument
    );

    let no_kind = pb::CreateGameRequest {
        kind: 0,
        ..harness_request(None, 2, 10, &[])
    };
    assert_eq!(
        client.create_game(no_kind).await.unwrap_err().code(),
        Code::InvalidArgument
    );
    let unknown_kind = pb::CreateGameRequest {
        kind: 77,
        ..harness_request(None, 2, 10, &[])
    };
    assert_eq!(
        client.create_game(unknown_kind).await.unwrap_err().code(),
        Code::InvalidArgument
    );

    let bad_page = pb::ListGamesRequest {
        page_token: "xyz".into(),
        ..Default::default()
    };
    assert_eq!(
        client.list_games(bad_page).await.unwrap_err().code(),
        Code::InvalidArgument
    );
}

#[tokio::test]
async fn every_known_game_kind_is_hosted_and_unknown_kinds_are_invalid() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    for kind in [pb::GameKind::WarForArrakis, pb::GameKind::Imperium] {
        let request = pb::CreateGameRequest {
            kind: kind as i32,
            ..Default::default()
        };
        let created = client.create_game(request).await;
        assert!(
            created.is_ok(),
            "{}: {:?}",
            kind.as_str_name(),
            created.err()
        );
    }
    for kind in [pb::GameKind::Unspecified as i32, 4_242] {
        let request = pb::CreateGameRequest {
            kind,
            ..Default::default()
        };
        let error = client.create_game(request).await.unwrap_err();
        assert_eq!(error.code(), Code::InvalidArgument, "kind {kind}");
    }
    let error = client
        .create_game(pb::CreateGameRequest {
            kind: 4_242,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert!(error.message().contains("4242"), "{}", error.message());
}

#[tokio::test]
async fn limits_are_resource_exhausted_not_crashes() {
    let server = TestServer::start_with(ServerConfig {
        limits: Limits {
            max_games: 2,
            max_watchers_per_game: 1,
            max_watchers_per_peer: 1,
            idle_expiry: Duration::from_secs(3600),
        },
        ..ServerConfig::default()
    })
    .await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(None, 2, 10, &[]))
        .await
        .unwrap()
        .into_inner();
    client
        .create_game(harness_request(None, 2, 10, &[]))
        .await
        .unwrap();
    let error = client
        .create_game(harness_request(None, 2, 10, &[]))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::ResourceExhausted);

    let watch = pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat: None,
        from_version: 0,
        ..Default::default()
    };
    let _first = client.stream_game(watch.clone()).await.unwrap();
    let error = client.stream_game(watch.clone()).await.unwrap_err();
    assert_eq!(error.code(), Code::ResourceExhausted);
    drop(_first);
    // The watcher slot frees once the first stream is gone.
    let mut freed = false;
    for _ in 0..50 {
        if client.stream_game(watch.clone()).await.is_ok() {
            freed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(freed, "the watcher slot was never released");
}

#[tokio::test]
async fn replays_of_running_games_need_the_admin_token() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(6), 2, 10, &[]))
        .await
        .unwrap()
        .into_inner();
    let request = || pb::GetReplayRequest {
        game_id: game.game_id.clone(),
        ..Default::default()
    };
    assert_eq!(
        client.get_replay(request()).await.unwrap_err().code(),
        Code::FailedPrecondition
    );
    assert_eq!(
        client
            .get_replay(authed(request(), &game.seats[0].token))
            .await
            .unwrap_err()
            .code(),
        Code::PermissionDenied
    );
    let replay = client
        .get_replay(authed(request(), "admin-secret"))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(replay.seed, 6);
    assert!(replay.actions.is_empty());
}

#[tokio::test]
async fn idle_games_expire_and_their_streams_end() {
    let server = TestServer::start_with(ServerConfig {
        limits: Limits {
            max_games: 10,
            max_watchers_per_game: 4,
            max_watchers_per_peer: 4,
            idle_expiry: Duration::from_millis(300),
        },
        ..ServerConfig::default()
    })
    .await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(None, 2, 10, &[]))
        .await
        .unwrap()
        .into_inner();
    let watch = pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat: None,
        from_version: 0,
        ..Default::default()
    };
    let mut stream = client.stream_game(watch).await.unwrap().into_inner();
    let ended = tokio::time::timeout(
        Duration::from_secs(5),
        tokio_stream::StreamExt::next(&mut stream),
    )
    .await
    .expect("the stream of an expired game ended");
    assert!(ended.is_none(), "{ended:?}");
    let error = client
        .get_view(pb::GetViewRequest {
            game_id: game.game_id.clone(),
            seat: None,
            detail: pb::Detail::Full as i32,
        })
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::NotFound);
}

#[tokio::test]
async fn an_oversized_request_is_refused_without_harm() {
    let server = TestServer::start_with(ServerConfig {
        max_message_bytes: 1024,
        ..ServerConfig::default()
    })
    .await;
    let mut client = server.client().await;
    let error = client
        .get_view(pb::GetViewRequest {
            game_id: "x".repeat(4096),
            seat: None,
            detail: pb::Detail::Full as i32,
        })
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::OutOfRange, "{error:?}");
    // The server still answers.
    client
        .create_game(harness_request(None, 2, 10, &[]))
        .await
        .unwrap();
}

#[tokio::test]
async fn a_panicking_ruleset_is_an_internal_error_and_the_game_is_unchanged() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut request = harness_request(Some(9), 2, 10, &[]);
    if let Some(pb::game_options::Game::Harness(h)) =
        request.options.as_mut().and_then(|o| o.game.as_mut())
    {
        h.panic_at = Some(8);
    }
    let game = client.create_game(request).await.unwrap().into_inner();
    let before = snapshot(&mut client, &game).await;
    let apply = |n: u32| pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat: 0,
        expected_version: 0,
        action: Some(take(n)),
        ..Default::default()
    };
    let error = client
        .apply_action(authed(apply(2), &game.seats[0].token))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::Internal);
    assert!(error.message().contains("unchanged"), "{}", error.message());
    assert_eq!(snapshot(&mut client, &game).await, before);
    // The game goes on with another move.
    client
        .apply_action(authed(apply(1), &game.seats[0].token))
        .await
        .unwrap();
}
