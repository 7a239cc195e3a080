//! A server that holds under abuse: each test reproduces one way a hostile
//! client (or a careless operator) could get past a limit or read a secret,
//! at a bounded scale, and checks that it no longer works.
use std::time::Duration;

use melange::{
    api::Catalog,
    pb,
    server::{ServerConfig, serve},
};
use tonic::{Code, Request};

use super::{
    harness::Harness,
    support::{TestServer, authed, harness_request},
};

/// Starts a server with `config` whose shutdown future is already resolved:
/// a configuration the server accepts returns `Ok` at once, one it refuses
/// returns the refusal.
async fn serve_briefly(config: ServerConfig) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let catalog = Catalog::standard().with::<Harness>();
    tokio::time::timeout(
        Duration::from_secs(10),
        serve(listener, config, catalog, std::future::ready(())),
    )
    .await
    .expect("serve returned")
    .map_err(|error| error.to_string())
}

#[tokio::test]
async fn an_empty_or_blank_admin_token_is_refused_at_start_up() {
    for blank in ["", " ", "\t \n"] {
        let config = ServerConfig {
            admin_token: Some(blank.into()),
            ..ServerConfig::default()
        };
        assert!(config.validate().is_err(), "{blank:?} validated");
        let refused = serve_briefly(config).await.unwrap_err();
        assert!(refused.contains("admin token is empty"), "{refused}");
    }
    // A real token, and no token at all, still start.
    for fine in [Some("admin-secret".to_owned()), None] {
        let config = ServerConfig {
            admin_token: fine,
            ..ServerConfig::default()
        };
        serve_briefly(config).await.unwrap();
    }
}

/// `message` with this exact `authorization` header.
fn with_header<T>(message: T, header: &str) -> Request<T> {
    let mut request = Request::new(message);
    request
        .metadata_mut()
        .insert("authorization", header.parse().unwrap());
    request
}

#[tokio::test]
async fn an_empty_bearer_token_matches_nothing() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(3), 2, 10, &[]))
        .await
        .unwrap()
        .into_inner();
    for header in ["Bearer ", "Bearer", "bearer    "] {
        let replay = client
            .get_replay(with_header(
                pb::GetReplayRequest {
                    game_id: game.game_id.clone(),
                    ..Default::default()
                },
                header,
            ))
            .await
            .unwrap_err();
        assert_eq!(replay.code(), Code::Unauthenticated, "{header:?}");
        let view = client
            .get_view(with_header(
                pb::GetViewRequest {
                    game_id: game.game_id.clone(),
                    seat: Some(0),
                    detail: pb::Detail::Full as i32,
                },
                header,
            ))
            .await
            .unwrap_err();
        assert_eq!(view.code(), Code::Unauthenticated, "{header:?}");
    }
    // The real tokens still work.
    let request = pb::GetViewRequest {
        game_id: game.game_id.clone(),
        seat: Some(0),
        detail: pb::Detail::Full as i32,
    };
    client
        .get_view(authed(request, &game.seats[0].token))
        .await
        .unwrap();
}

/// Echoes stay short: no message quotes more than a prefix of the input.
const SHORT_MESSAGE: usize = 200;

#[tokio::test]
async fn a_huge_game_id_is_invalid_argument_with_a_short_message() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let huge = "g".repeat(1 << 20);
    let check = |status: tonic::Status, what: &str| {
        assert_eq!(status.code(), Code::InvalidArgument, "{what}");
        assert!(
            status.message().len() < SHORT_MESSAGE,
            "{what}: a {}-byte message",
            status.message().len()
        );
        assert!(status.message().contains("at most 64"), "{what}");
    };
    let view = pb::GetViewRequest {
        game_id: huge.clone(),
        seat: None,
        detail: pb::Detail::Full as i32,
    };
    check(client.get_view(view).await.unwrap_err(), "GetView");
    let apply = pb::ApplyActionRequest {
        game_id: huge.clone(),
        seat: 0,
        expected_version: 0,
        action: None,
        ..Default::default()
    };
    check(
        client.apply_action(authed(apply, "x")).await.unwrap_err(),
        "ApplyAction",
    );
    let stream = pb::StreamGameRequest {
        game_id: huge.clone(),
        seat: None,
        from_version: 0,
        ..Default::default()
    };
    check(client.stream_game(stream).await.unwrap_err(), "StreamGame");
    let replay = pb::GetReplayRequest {
        game_id: huge.clone(),
        ..Default::default()
    };
    check(client.get_replay(replay).await.unwrap_err(), "GetReplay");
    let list = pb::ListGamesRequest {
        page_token: huge.clone(),
        ..Default::default()
    };
    check(client.list_games(list).await.unwrap_err(), "ListGames");

    // One byte over the limit is refused; at the limit the id is looked up,
    // and the NOT_FOUND message quotes only its first characters.
    let view = pb::GetViewRequest {
        game_id: "g".repeat(65),
        seat: None,
        detail: pb::Detail::Full as i32,
    };
    check(client.get_view(view).await.unwrap_err(), "65 bytes");
    let view = pb::GetViewRequest {
        game_id: "g".repeat(64),
        seat: None,
        detail: pb::Detail::Full as i32,
    };
    let missing = client.get_view(view).await.unwrap_err();
    assert_eq!(missing.code(), Code::NotFound);
    assert!(
        missing.message().contains("... (64 bytes)"),
        "{}",
        missing.message()
    );
}

#[tokio::test]
async fn huge_names_in_create_game_are_invalid_argument_with_a_short_message() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let huge = "b".repeat(1 << 20);
    let mut requests = Vec::new();
    let mut bot = harness_request(None, 2, 10, &[]);
    bot.seats[0].bot = huge.clone();
    requests.push(("a bot name", bot));
    let mut plays = harness_request(None, 2, 10, &[]);
    plays.seats[1].plays = huge.clone();
    requests.push(("a seat's plays", plays));
    let mut preset = harness_request(None, 2, 10, &[]);
    preset.options.as_mut().unwrap().preset = huge.clone();
    requests.push(("a preset", preset));
    let mut rule = harness_request(None, 2, 10, &[]);
    rule.options
        .as_mut()
        .unwrap()
        .rules
        .insert(huge.clone(), "on".into());
    requests.push(("a rules option name", rule));
    let mut many = harness_request(None, 2, 10, &[]);
    many.options.as_mut().unwrap().rules =
        (0..65).map(|n| (n.to_string(), "on".to_owned())).collect();
    requests.push(("65 rules options", many));
    let imperium = pb::CreateGameRequest {
        kind: pb::GameKind::Imperium as i32,
        options: Some(pb::GameOptions {
            game: Some(pb::game_options::Game::Imperium(pb::ImperiumOptions {
                leaders: vec![huge.clone()],
                ..Default::default()
            })),
            ..Default::default()
        }),
        ..Default::default()
    };
    requests.push(("an Imperium leader", imperium));
    for (what, request) in requests {
        let status = client.create_game(request).await.unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument, "{what}");
        assert!(
            status.message().len() < SHORT_MESSAGE,
            "{what}: a {}-byte message",
            status.message().len()
        );
    }
    // A name within the limit that is still wrong is quoted by its prefix.
    let mut bot = harness_request(None, 2, 10, &[]);
    bot.seats[0].bot = "z".repeat(64);
    let status = client.create_game(bot).await.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert!(
        status.message().contains("... (64 bytes)"),
        "{}",
        status.message()
    );
    assert_eq!(
        client
            .list_games(pb::ListGamesRequest::default())
            .await
            .unwrap()
            .into_inner()
            .games
            .len(),
        0,
        "nothing was created"
    );
}

async fn next_update(
    stream: &mut tonic::Streaming<pb::GameUpdate>,
) -> Option<Result<pb::GameUpdate, tonic::Status>> {
    tokio::time::timeout(Duration::from_secs(5), stream.message())
        .await
        .expect("the stream answered within 5 s")
        .transpose()
}

#[tokio::test]
async fn a_seat_streams_its_game_when_spectators_fill_every_slot() {
    let server = TestServer::start_with(ServerConfig {
        limits: melange::matches::Limits {
            max_watchers_per_game: 3,
            ..Default::default()
        },
        ..ServerConfig::default()
    })
    .await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(21), 2, 30, &[]))
        .await
        .unwrap()
        .into_inner();
    let spectator = || pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat: None,
        from_version: 0,
        ..Default::default()
    };
    let mut spectators = Vec::new();
    for _ in 0..3 {
        spectators.push(client.stream_game(spectator()).await.unwrap());
    }
    let full = client.stream_game(spectator()).await.unwrap_err();
    assert_eq!(full.code(), Code::ResourceExhausted);
    assert!(full.message().contains("spectator"), "{}", full.message());

    // Seat 0's own stream is admitted all the same, and sees the next move.
    let seat = || {
        authed(
            pb::StreamGameRequest {
                game_id: game.game_id.clone(),
                seat: Some(0),
                from_version: 0,
                ..Default::default()
            },
            &game.seats[0].token,
        )
    };
    let mut older = client.stream_game(seat()).await.unwrap().into_inner();
    super::support::play_first_legal(&mut client, &game, 0).await;
    let update = next_update(&mut older).await.unwrap().unwrap();
    assert_eq!(update.version, 1);
    assert_eq!(update.view.unwrap().seat, Some(0));

    // A newer stream of the same seat replaces the older one, which ends
    // with a status that says so; the newer one goes on.
    let mut newer = client.stream_game(seat()).await.unwrap().into_inner();
    let ended = next_update(&mut older).await.unwrap().unwrap_err();
    assert_eq!(ended.code(), Code::Aborted);
    assert!(
        ended.message().contains("newer StreamGame of seat 0"),
        "{}",
        ended.message()
    );
    assert!(next_update(&mut older).await.is_none());
    assert_eq!(next_update(&mut newer).await.unwrap().unwrap().version, 1);
    super::support::play_first_legal(&mut client, &game, 1).await;
    assert_eq!(next_update(&mut newer).await.unwrap().unwrap().version, 2);
    // Seat 1 is admitted too, and no spectator lost its slot.
    let seat1 = authed(
        pb::StreamGameRequest {
            game_id: game.game_id.clone(),
            seat: Some(1),
            from_version: 2,
            ..Default::default()
        },
        &game.seats[1].token,
    );
    client.stream_game(seat1).await.unwrap();
    for spectator in &mut spectators {
        let versions: Vec<u64> = [
            next_update(spectator.get_mut()).await,
            next_update(spectator.get_mut()).await,
        ]
        .into_iter()
        .map(|update| update.unwrap().unwrap().version)
        .collect();
        assert_eq!(versions, [1, 2]);
    }
}

#[tokio::test]
async fn a_from_version_beyond_the_game_is_out_of_range() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(22), 2, 30, &[]))
        .await
        .unwrap()
        .into_inner();
    super::support::play_first_legal(&mut client, &game, 0).await;
    let request = |from_version| pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat: None,
        from_version,
        ..Default::default()
    };
    for beyond in [2, 1_000, u64::MAX] {
        let refused =
            tokio::time::timeout(Duration::from_secs(5), client.stream_game(request(beyond)))
                .await
                .expect("answered at once")
                .unwrap_err();
        assert_eq!(refused.code(), Code::OutOfRange, "{beyond}");
        assert!(
            refused.message().contains(&format!(
                "from_version {beyond} is beyond the game's current version 1"
            )),
            "{}",
            refused.message()
        );
    }
    // The current version itself is fine: the stream waits for what comes.
    let mut stream = client.stream_game(request(1)).await.unwrap().into_inner();
    super::support::play_first_legal(&mut client, &game, 1).await;
    assert_eq!(next_update(&mut stream).await.unwrap().unwrap().version, 2);
}

#[tokio::test]
async fn a_server_drawn_seed_stays_secret_until_the_game_is_over() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(None, 2, 8, &[]))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(game.seed, 0, "CreateGame does not reveal a drawn seed");
    assert!(!game.seed_chosen_by_creator);
    assert!(!game.view.as_ref().unwrap().seed_chosen_by_creator);
    let listed = client
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner();
    assert!(!listed.games[0].seed_chosen_by_creator);
    let view = super::support::seat_view(&mut client, &game, 0).await;
    assert!(!view.seed_chosen_by_creator);
    // No replay of the running game without the admin token, not even for
    // a seat.
    let replay = || pb::GetReplayRequest {
        game_id: game.game_id.clone(),
        ..Default::default()
    };
    assert_eq!(
        client.get_replay(replay()).await.unwrap_err().code(),
        Code::FailedPrecondition
    );
    assert_eq!(
        client
            .get_replay(authed(replay(), &game.seats[1].token))
            .await
            .unwrap_err()
            .code(),
        Code::PermissionDenied
    );
    let admin = client
        .get_replay(authed(replay(), "admin-secret"))
        .await
        .unwrap()
        .into_inner();
    assert!(!admin.seed_chosen_by_creator);

    // Once the game is over anyone may read it, seed included, and the seed
    // recreates the game exactly.
    let end = super::support::play_to_end(&mut client, &game).await;
    let finished = super::support::public_view(&mut client, &game.game_id).await;
    let revealed = client.get_replay(replay()).await.unwrap().into_inner();
    assert_eq!(revealed.seed, admin.seed);
    assert!(!revealed.seed_chosen_by_creator);
    assert_eq!(revealed.actions.len() as u64, end);
    let copy = client
        .create_game(harness_request(Some(revealed.seed), 2, 8, &[]))
        .await
        .unwrap()
        .into_inner();
    for recorded in &revealed.actions {
        let request = pb::ApplyActionRequest {
            game_id: copy.game_id.clone(),
            seat: recorded.seat,
            expected_version: recorded.version - 1,
            action: recorded.action.clone(),
            ..Default::default()
        };
        let token = &copy.seats[recorded.seat as usize].token;
        client.apply_action(authed(request, token)).await.unwrap();
    }
    let copied = super::support::public_view(&mut client, &copy.game_id).await;
    assert_eq!(copied.game, finished.game);
    assert_eq!(copied.result, finished.result);
}

#[tokio::test]
async fn a_game_whose_creator_chose_the_seed_says_so_everywhere() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(9), 2, 8, &[]))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(game.seed, 9);
    assert!(game.seed_chosen_by_creator);
    assert!(game.view.as_ref().unwrap().seed_chosen_by_creator);
    let mut spectator = client
        .stream_game(pb::StreamGameRequest {
            game_id: game.game_id.clone(),
            seat: None,
            from_version: 0,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let applied = super::support::play_first_legal(&mut client, &game, 0).await;
    assert!(applied.view.unwrap().seed_chosen_by_creator);
    // Live, then caught up from the journal.
    let live = next_update(&mut spectator).await.unwrap().unwrap();
    assert!(live.view.unwrap().seed_chosen_by_creator);
    let mut caught_up = client
        .stream_game(authed(
            pb::StreamGameRequest {
                game_id: game.game_id.clone(),
                seat: Some(1),
                from_version: 0,
                ..Default::default()
            },
            &game.seats[1].token,
        ))
        .await
        .unwrap()
        .into_inner();
    let first = next_update(&mut caught_up).await.unwrap().unwrap();
    assert!(first.view.unwrap().seed_chosen_by_creator);
    assert!(
        super::support::public_view(&mut client, &game.game_id)
            .await
            .seed_chosen_by_creator
    );
    assert!(
        super::support::seat_view(&mut client, &game, 1)
            .await
            .seed_chosen_by_creator
    );
    let listed = client
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner();
    assert!(listed.games[0].seed_chosen_by_creator);
}

#[tokio::test]
async fn a_seat_stream_replaced_during_a_long_catch_up_ends_with_aborted() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(23), 2, 8_000, &[]))
        .await
        .unwrap()
        .into_inner();
    let mut version = 0;
    while version < 3_000 {
        let seat = (version % 2) as u32;
        version = super::support::play_first_legal(&mut client, &game, seat)
            .await
            .version;
    }
    let seat = || {
        authed(
            pb::StreamGameRequest {
                game_id: game.game_id.clone(),
                seat: Some(0),
                from_version: 0,
                ..Default::default()
            },
            &game.seats[0].token,
        )
    };
    // The older stream's client reads nothing while its catch-up runs; the
    // newer one replaces it all the same, and the older one ends saying so
    // once its client reads what was already sent.
    let mut reader = server.client().await;
    let mut older = reader.stream_game(seat()).await.unwrap().into_inner();
    let mut newer = client.stream_game(seat()).await.unwrap().into_inner();
    let mut received = 0;
    let ended = loop {
        match next_update(&mut older).await {
            Some(Ok(update)) => {
                received += 1;
                assert_eq!(update.version, received);
            }
            Some(Err(status)) => break status,
            None => panic!("the older stream ended without saying why"),
        }
    };
    assert_eq!(ended.code(), Code::Aborted, "{}", ended.message());
    assert!(received <= version);
    for expected in 1..=version {
        let update = next_update(&mut newer).await.unwrap().unwrap();
        assert_eq!(update.version, expected);
    }
}
