//! StreamGame: every update in order, resumable from any version, redacted
//! per viewer, and complete even for a watcher that falls far behind.
use melange::pb;
use tokio_stream::StreamExt;

use super::support::{
    TestServer, authed, collect, harness_request, play_first_legal, play_to_end, public_view,
    seat_view, take,
};

fn versions(updates: &[pb::GameUpdate]) -> Vec<u64> {
    updates.iter().map(|u| u.version).collect()
}

#[tokio::test]
async fn a_watcher_sees_every_update_in_order_until_the_end() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(11), 2, 12, &[]))
        .await
        .unwrap()
        .into_inner();
    let watch = pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat: None,
        from_version: 0,
        ..Default::default()
    };
    let mut watcher = server.client().await;
    let watching =
        tokio::spawn(async move { collect(&mut watcher, tonic::Request::new(watch)).await });

    let last = play_to_end(&mut client, &game).await;
    let updates = watching.await.unwrap();
    assert_eq!(versions(&updates), (1..=last).collect::<Vec<_>>());
    let final_view = updates.last().unwrap().view.as_ref().unwrap();
    assert_eq!(final_view.status, pb::GameStatus::Finished as i32);
    assert!(final_view.result.is_some());
    assert!(
        updates
            .iter()
            .all(|u| u.events.iter().all(|e| e.version == u.version))
    );
}

#[tokio::test]
async fn a_watcher_resumes_from_a_version_and_misses_nothing() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(12), 2, 30, &[]))
        .await
        .unwrap()
        .into_inner();
    for version in 0..4 {
        play_first_legal(&mut client, &game, (version % 2) as u32).await;
    }
    // A seat reconnects after version 2: it gets 3 and 4 from the past, then
    // live updates.
    let request = pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat: Some(1),
        from_version: 2,
        ..Default::default()
    };
    let mut stream = client
        .stream_game(authed(request, &game.seats[1].token))
        .await
        .unwrap()
        .into_inner();
    let mut seen = Vec::new();
    for _ in 0..2 {
        seen.push(stream.next().await.unwrap().unwrap());
    }
    play_first_legal(&mut client, &game, 0).await;
    seen.push(stream.next().await.unwrap().unwrap());
    assert_eq!(versions(&seen), [3, 4, 5]);
    // The seat's own stream carries its legal actions when it is to act.
    let at_five = seen[2].view.as_ref().unwrap();
    assert_eq!(at_five.to_act, [1]);
    assert!(!at_five.legal_actions.is_empty());
    assert_eq!(at_five.seat, Some(1));
}

#[tokio::test]
async fn a_watcher_far_behind_catches_up_from_the_journal() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // Seat 1 is a bot, so each move of seat 0 makes two updates; 1,500 moves
    // overflow every buffer (checked: the catch-up path runs) between the game and a watcher that never reads.
    let game = client
        .create_game(harness_request(Some(13), 2, 12_000, &[1]))
        .await
        .unwrap()
        .into_inner();
    let request = pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat: None,
        from_version: 0,
        ..Default::default()
    };
    // The watcher's own connection with tiny HTTP/2 windows, so the server
    // cannot park the backlog in the transport.
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
        .unwrap()
        .initial_stream_window_size(1024)
        .initial_connection_window_size(1024)
        .connect()
        .await
        .unwrap();
    let mut watcher = pb::game_service_client::GameServiceClient::new(channel);
    let mut stream = watcher.stream_game(request).await.unwrap().into_inner();
    let mut version = 0;
    for _ in 0..1_500 {
        version = play_first_legal(&mut client, &game, 0).await.version;
    }
    let mut seen = Vec::new();
    while let Some(update) = stream.next().await {
        let update = update.unwrap();
        let at = update.version;
        seen.push(at);
        if at == version {
            break;
        }
    }
    assert_eq!(seen, (1..=version).collect::<Vec<_>>());
}

#[tokio::test]
async fn streams_are_redacted_for_each_viewer() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(14), 2, 8, &[]))
        .await
        .unwrap()
        .into_inner();
    let last = play_to_end(&mut client, &game).await;
    let spectator = collect(
        &mut client,
        tonic::Request::new(pb::StreamGameRequest {
            game_id: game.game_id.clone(),
            seat: None,
            from_version: 0,
            ..Default::default()
        }),
    )
    .await;
    let seat0 = collect(
        &mut client,
        authed(
            pb::StreamGameRequest {
                game_id: game.game_id.clone(),
                seat: Some(0),
                from_version: 0,
                ..Default::default()
            },
            &game.seats[0].token,
        ),
    )
    .await;
    assert_eq!(versions(&spectator), (1..=last).collect::<Vec<_>>());
    for (public, own) in spectator.iter().zip(&seat0) {
        for (public, own) in public.events.iter().zip(&own.events) {
            let (Some(pb::event::Game::Harness(public)), Some(pb::event::Game::Harness(own))) =
                (&public.game, &own.game)
            else {
                panic!("harness events expected");
            };
            assert_eq!(public.secret, None, "the spectator never sees a secret");
            assert_eq!((public.took, public.roll), (own.took, own.roll));
        }
        let Some(pb::view::Game::Harness(view)) = &public.view.as_ref().unwrap().game else {
            panic!()
        };
        assert_eq!(view.secret, None);
        assert!(public.view.as_ref().unwrap().legal_actions.is_empty());
    }
    // Seat 0 sees a secret exactly in the events of its own moves.
    for update in &seat0 {
        for event in &update.events {
            let Some(pb::event::Game::Harness(h)) = &event.game else {
                panic!()
            };
            assert_eq!(h.secret.is_some(), event.actor == Some(0));
        }
    }
}

#[tokio::test]
async fn shutdown_ends_open_streams_instead_of_waiting_on_them() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(15), 2, 30, &[]))
        .await
        .unwrap()
        .into_inner();
    let request = pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat: None,
        from_version: 0,
        ..Default::default()
    };
    let mut stream = client.stream_game(request).await.unwrap().into_inner();
    play_first_legal(&mut client, &game, 0).await;
    assert_eq!(stream.next().await.unwrap().unwrap().version, 1);
    tokio::time::timeout(std::time::Duration::from_secs(10), server.shutdown())
        .await
        .expect("the server drained although a stream of an unfinished game was open");
    match stream.next().await {
        Some(Err(status)) => {
            assert_eq!(status.code(), tonic::Code::Unavailable);
            assert!(
                status.message().contains("resume from version 1"),
                "{}",
                status.message()
            );
        }
        other => panic!("expected UNAVAILABLE, got {other:?}"),
    }
}

/// The threads of this test process (the server runs inside it).
fn threads() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix("Threads:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// Issue 13, finding 3: a client that opens streams and never reads them
/// costs the server a bounded buffer each, not a thread, and other clients
/// are still answered promptly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unread_catch_up_streams_cost_no_threads() {
    const STREAMS: usize = 200;
    let server = TestServer::start_with(melange::server::ServerConfig {
        // Every stream from one address, on one connection: the caps per
        // client (P13) are raised to let them all in.
        limits: melange::matches::Limits {
            max_watchers_per_game: STREAMS + 8,
            max_watchers_per_peer: STREAMS + 8,
            ..Default::default()
        },
        connections: melange::server::ConnectionLimits {
            max_streams_per_connection: STREAMS as u32 + 8,
            ..Default::default()
        },
        ..Default::default()
    })
    .await;
    let mut client = server.client().await;
    // All bots: the game plays to its end (several hundred versions), its
    // first slice inside CreateGame and the rest in the background.
    let game = client
        .create_game(harness_request(Some(16), 2, 1_200, &[0, 1]))
        .await
        .unwrap()
        .into_inner();
    let last = super::support::wait_for_end(&mut client, &game.game_id)
        .await
        .version;
    assert!(last > 300, "only {last} versions");
    let before = threads();
    // The readers' own connection with tiny HTTP/2 stream windows, so the
    // server cannot park the backlog in the transport (the connection's own
    // window is wide, so that one stream can still be read).
    let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
        .unwrap()
        .initial_stream_window_size(1024)
        .initial_connection_window_size(64 * 1024 * 1024)
        .connect()
        .await
        .unwrap();
    let mut unread = Vec::new();
    for _ in 0..STREAMS {
        let mut reader = pb::game_service_client::GameServiceClient::new(channel.clone());
        let request = pb::StreamGameRequest {
            game_id: game.game_id.clone(),
            seat: None,
            from_version: 0,
            ..Default::default()
        };
        unread.push(reader.stream_game(request).await.unwrap().into_inner());
    }
    // Let the server fill every buffer and block on every stream.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let during = threads();
    assert!(
        during < before + 64,
        "{STREAMS} unread streams took the server from {before} to {during} threads"
    );
    let started = std::time::Instant::now();
    let view = public_view(&mut client, &game.game_id).await;
    let took = started.elapsed();
    assert_eq!(view.version, last);
    assert!(
        took < std::time::Duration::from_millis(250),
        "GetView took {took:?} beside {STREAMS} unread streams"
    );
    // The streams are intact: one of them, read now, has every version.
    let mut first = unread.swap_remove(0);
    let mut seen = Vec::new();
    let reading = async {
        while let Some(update) = first.next().await {
            seen.push(update.unwrap().version);
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(30), reading)
        .await
        .expect("the stream, read at last, delivered its updates");
    assert_eq!(seen, (1..=last).collect::<Vec<_>>());
}

/// The harness's secret in `view`.
fn harness_secret(view: &pb::View) -> Option<u32> {
    let Some(pb::view::Game::Harness(harness)) = &view.game else {
        panic!("harness view expected")
    };
    harness.secret
}

/// The next update of a live stream, within a few seconds.
async fn next_update(stream: &mut tonic::Streaming<pb::GameUpdate>) -> pb::GameUpdate {
    tokio::time::timeout(std::time::Duration::from_secs(10), stream.next())
        .await
        .expect("the live update came")
        .expect("the stream is open")
        .expect("an update, not an error")
}

// Issue 31, item 18 (no rule ID: the server's redaction of what each
// viewer sees): while a game is watched, each update is rendered once per
// viewer and the rendering kept for that viewer's streams and calls
// (`Update::rendered_for`, `shared_for` in src/api/hosted.rs). A seat's
// rendering, cached first by its own `ApplyAction` response or `GetView`,
// must never be what the spectator's or the other seat's live stream
// gets: each live update equals the one rendered afresh from the journal
// for that viewer, and the spectator's carries no secret.
// Current-thread runtime: an `ApplyAction` renders its seat's view before
// any stream task runs, so the seat's rendering is always cached first.
#[tokio::test]
async fn a_seats_cached_view_never_reaches_another_viewers_live_stream() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(16), 2, 12, &[]))
        .await
        .unwrap()
        .into_inner();
    let watch = |seat: Option<u32>| pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat,
        from_version: 0,
        ..Default::default()
    };
    let mut spectator = client
        .stream_game(tonic::Request::new(watch(None)))
        .await
        .unwrap()
        .into_inner();
    let mut seat1 = client
        .stream_game(authed(watch(Some(1)), &game.seats[1].token))
        .await
        .unwrap()
        .into_inner();
    // Per version: the acting seat's `ApplyAction` view, seat 0's and
    // seat 1's `GetView`, and the two live updates.
    let mut answered = Vec::new();
    let mut asked = Vec::new();
    let (mut live_spectator, mut live_seat1) = (Vec::new(), Vec::new());
    let mut version = 0;
    let mut to_act = 0;
    loop {
        let request = pb::ApplyActionRequest {
            game_id: game.game_id.clone(),
            seat: to_act,
            expected_version: version,
            action: Some(take(1)),
            ..Default::default()
        };
        let response = client
            .apply_action(authed(request, &game.seats[to_act as usize].token))
            .await
            .unwrap()
            .into_inner();
        version = response.version;
        let view = response.view.expect("the seat's view");
        answered.push((to_act, view));
        asked.push([
            seat_view(&mut client, &game, 0).await,
            seat_view(&mut client, &game, 1).await,
        ]);
        live_spectator.push(next_update(&mut spectator).await);
        live_seat1.push(next_update(&mut seat1).await);
        let last = &live_spectator[live_spectator.len() - 1];
        assert_eq!(last.version, version);
        if last.status == pb::GameStatus::Finished as i32 {
            break;
        }
        to_act = last.to_act[0];
    }
    assert_eq!(version, 12, "12 counters taken one at a time");

    // The same updates rendered afresh from the journal, never cached.
    let fresh = |seat: Option<u32>| {
        let token = seat.map(|seat| game.seats[seat as usize].token.clone());
        let request = watch(seat);
        let mut client = client.clone();
        async move {
            let request = match token {
                Some(token) => authed(request, &token),
                None => tonic::Request::new(request),
            };
            collect(&mut client, request).await
        }
    };
    let fresh_spectator = fresh(None).await;
    let fresh_seats = [fresh(Some(0)).await, fresh(Some(1)).await];
    assert_eq!(fresh_spectator.len(), 12);
    assert_eq!(live_spectator, fresh_spectator);
    assert_eq!(live_seat1, fresh_seats[1]);
    for (index, (seat, view)) in answered.iter().enumerate() {
        let fresh_view = |seat: usize| fresh_seats[seat][index].view.as_ref().unwrap();
        assert_eq!(view, fresh_view(*seat as usize), "version {}", index + 1);
        for (seat, view) in asked[index].iter().enumerate() {
            assert_eq!(view, fresh_view(seat), "version {}", index + 1);
            assert!(harness_secret(view).is_some());
        }
    }
    // And the spectator's stream carries no secret at all.
    for update in &live_spectator {
        assert_eq!(harness_secret(update.view.as_ref().unwrap()), None);
        for event in &update.events {
            let Some(pb::event::Game::Harness(event)) = &event.game else {
                panic!("harness events expected")
            };
            assert_eq!(event.secret, None);
        }
    }
    // Seat 1's stream shows seat 1's secret, which differs from seat 0's.
    for (update, [zero, one]) in live_seat1.iter().zip(&asked) {
        let secret = harness_secret(update.view.as_ref().unwrap());
        assert_eq!(secret, harness_secret(one));
        assert_ne!(secret, harness_secret(zero));
    }
}
