//! Streams that cost little (issue 13): an `events_only` stream carries the
//! view only where its seat needs it, an ApplyAction with `omit_view`
//! renders none, and every shape tells the same story as the full one.
use melange::pb;
use tokio_stream::StreamExt;

use super::support::{TestServer, authed, collect, harness_request, play_to_end, seat_view};

/// A stream request of `seat` (or the spectator) from version 0.
fn watch(
    game: &pb::CreateGameResponse,
    seat: Option<u32>,
    events_only: bool,
) -> tonic::Request<pb::StreamGameRequest> {
    let request = pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat,
        from_version: 0,
        events_only,
        detail: pb::Detail::Full as i32,
    };
    match seat {
        Some(seat) => authed(request, &game.seats[seat as usize].token),
        None => tonic::Request::new(request),
    }
}

/// Plays a finished two-seat harness game and returns it with the updates
/// of seat 0's full stream and events-only stream, both from version 0
/// (so both are catch-ups, rendered from the journal).
async fn a_finished_game(server: &TestServer) -> (pb::CreateGameResponse, Vec<pb::GameUpdate>) {
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(21), 2, 16, &[]))
        .await
        .unwrap()
        .into_inner();
    play_to_end(&mut client, &game).await;
    let full = collect(&mut client, watch(&game, Some(0), false)).await;
    (game, full)
}

#[tokio::test]
async fn an_events_only_stream_carries_the_view_only_when_its_seat_must_act() {
    let server = TestServer::start().await;
    let (game, full) = a_finished_game(&server).await;
    let mut client = server.client().await;
    let light = collect(&mut client, watch(&game, Some(0), true)).await;
    assert_eq!(light.len(), full.len());
    let last = full.len() - 1;
    for (index, (light, full)) in light.iter().zip(&full).enumerate() {
        let view = full.view.as_ref().unwrap();
        // Every update says the version, the events, the status and whose
        // turn it is, as the full stream does.
        assert_eq!(light.version, full.version);
        assert_eq!(light.events, full.events);
        assert_eq!(light.status, view.status);
        assert_eq!(light.to_act, view.to_act);
        assert_eq!((full.status, &full.to_act), (view.status, &view.to_act));
        // The view only when seat 0 must act, and in the last update.
        let needed = view.to_act.contains(&0) || index == last;
        assert_eq!(light.view.is_some(), needed, "update {}", light.version);
        if needed {
            assert_eq!(light.view.as_ref(), Some(view));
        }
    }
    assert!(light.iter().any(|update| update.view.is_none()));
    assert_eq!(
        light[last].view.as_ref().unwrap().status,
        pb::GameStatus::Finished as i32
    );
}

#[tokio::test]
async fn a_spectators_events_only_stream_carries_the_last_view_only() {
    let server = TestServer::start().await;
    let (game, _) = a_finished_game(&server).await;
    let mut client = server.client().await;
    let full = collect(&mut client, watch(&game, None, false)).await;
    let light = collect(&mut client, watch(&game, None, true)).await;
    assert_eq!(light.len(), full.len());
    let (last, earlier) = light.split_last().unwrap();
    assert!(earlier.iter().all(|update| update.view.is_none()));
    assert_eq!(last.view, full.last().unwrap().view);
    for (light, full) in light.iter().zip(&full) {
        assert_eq!((light.version, &light.events), (full.version, &full.events));
    }
}

#[tokio::test]
async fn live_events_only_updates_match_the_catch_up_and_spectators_share_them() {
    // Live updates come from the shared rendering of each update; the
    // catch-up renders from the journal. Both must give the same updates,
    // and two spectators the same ones.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(22), 2, 16, &[]))
        .await
        .unwrap()
        .into_inner();
    let mut watchers = Vec::new();
    for (seat, events_only) in [
        (Some(0), true),
        (Some(1), false),
        (None, true),
        (None, true),
        (None, false),
    ] {
        let mut watcher = server.client().await;
        let request = watch(&game, seat, events_only);
        // Subscribed before the first action: every update is live.
        let mut stream = watcher.stream_game(request).await.unwrap().into_inner();
        watchers.push(tokio::spawn(async move {
            let mut updates = Vec::new();
            while let Some(update) = stream.next().await {
                updates.push(update.unwrap());
            }
            (seat, events_only, updates)
        }));
    }
    play_to_end(&mut client, &game).await;
    let mut spectators = Vec::new();
    for watcher in watchers {
        let (seat, events_only, live) = watcher.await.unwrap();
        let caught_up = collect(&mut client, watch(&game, seat, events_only)).await;
        assert_eq!(live, caught_up, "seat {seat:?}, events_only {events_only}");
        if seat.is_none() && events_only {
            spectators.push(live);
        }
    }
    assert_eq!(spectators[0], spectators[1]);
}

#[tokio::test]
async fn apply_action_with_omit_view_answers_without_a_view_and_applies_it() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(23), 2, 16, &[]))
        .await
        .unwrap()
        .into_inner();
    let seat = game.view.as_ref().unwrap().to_act[0];
    let mut view = seat_view(&mut client, &game, seat).await;
    let request = pb::ApplyActionRequest {
        note: String::new(),
        game_id: game.game_id.clone(),
        seat,
        expected_version: view.version,
        action: view.legal_actions.swap_remove(0).action,
        omit_view: true,
        detail: pb::Detail::Full as i32,
    };
    let token = &game.seats[seat as usize].token;
    let response = client
        .apply_action(authed(request.clone(), token))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.version, view.version + 1);
    assert!(response.view.is_none());
    assert!(!response.events.is_empty());
    // The action was applied: the seat's view is at the new version, and
    // the same request again is stale.
    assert_eq!(
        seat_view(&mut client, &game, seat).await.version,
        response.version
    );
    let again = client
        .apply_action(authed(request, token))
        .await
        .unwrap_err();
    assert_eq!(again.code(), tonic::Code::Aborted);
}

#[tokio::test]
async fn a_response_view_shared_with_the_seats_stream_is_the_same_view() {
    // While a seat streams, its ApplyAction response takes the view from
    // the update its stream renders: both must be that seat's view.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(24), 2, 16, &[]))
        .await
        .unwrap()
        .into_inner();
    let seat = game.view.as_ref().unwrap().to_act[0];
    let mut watcher = server.client().await;
    let mut stream = watcher
        .stream_game(watch(&game, Some(seat), false))
        .await
        .unwrap()
        .into_inner();
    let mut view = seat_view(&mut client, &game, seat).await;
    let request = pb::ApplyActionRequest {
        note: String::new(),
        game_id: game.game_id.clone(),
        seat,
        expected_version: view.version,
        action: view.legal_actions.swap_remove(0).action,
        omit_view: false,
        detail: pb::Detail::Full as i32,
    };
    let response = client
        .apply_action(authed(request, &game.seats[seat as usize].token))
        .await
        .unwrap()
        .into_inner();
    let streamed = stream.next().await.unwrap().unwrap();
    assert_eq!(streamed.version, response.version);
    assert_eq!(streamed.view, response.view);
    assert_eq!(
        response.view,
        Some(seat_view(&mut client, &game, seat).await)
    );
    assert_eq!(response.view.as_ref().unwrap().seat, Some(seat));
}
