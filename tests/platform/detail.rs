//! `Detail` (issue 32): a client that decides by the typed fields asks for
//! less, and gets exactly the full answer without what it left out: no
//! labels or event texts at `DETAIL_TYPED`, and no game state or events at
//! `DETAIL_ACTIONS`. Every detail keeps what a seat acts on, and an unknown
//! detail is refused before anything happens.
use melange::pb;
use tokio_stream::StreamExt;

use super::support::{TestServer, authed, collect, harness_request, play_to_end};

const DETAILS: [pb::Detail; 3] = [pb::Detail::Full, pb::Detail::Typed, pb::Detail::Actions];

/// `view` (rendered in full) as `detail` is to render it.
fn view_at(mut view: pb::View, detail: pb::Detail) -> pb::View {
    if detail != pb::Detail::Full {
        for legal in &mut view.legal_actions {
            legal.label.clear();
        }
    }
    if detail == pb::Detail::Actions {
        view.game = None;
    }
    view
}

/// `events` (rendered in full) as `detail` is to render them.
fn events_at(mut events: Vec<pb::Event>, detail: pb::Detail) -> Vec<pb::Event> {
    match detail {
        pb::Detail::Full => {}
        pb::Detail::Typed => events.iter_mut().for_each(|event| event.text.clear()),
        pb::Detail::Actions => events.clear(),
    }
    events
}

/// `update` (rendered in full) as `detail` is to render it.
fn update_at(update: pb::GameUpdate, detail: pb::Detail) -> pb::GameUpdate {
    pb::GameUpdate {
        events: events_at(update.events, detail),
        view: update.view.map(|view| view_at(view, detail)),
        ..update
    }
}

/// A stream request of `seat` (or the spectator) from version 0 at `detail`.
fn watch(
    game: &pb::CreateGameResponse,
    seat: Option<u32>,
    detail: i32,
) -> tonic::Request<pb::StreamGameRequest> {
    let request = pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat,
        from_version: 0,
        events_only: false,
        detail,
    };
    match seat {
        Some(seat) => authed(request, &game.seats[seat as usize].token),
        None => tonic::Request::new(request),
    }
}

/// `seat`'s view of `game` at `detail`.
fn read(
    game: &pb::CreateGameResponse,
    seat: u32,
    detail: i32,
) -> tonic::Request<pb::GetViewRequest> {
    let request = pb::GetViewRequest {
        game_id: game.game_id.clone(),
        seat: Some(seat),
        detail,
    };
    authed(request, &game.seats[seat as usize].token)
}

/// `seat`'s first legal action, asking for the answer at `detail`.
async fn first_action(
    client: &mut super::support::Client,
    game: &pb::CreateGameResponse,
    seat: u32,
    detail: i32,
) -> tonic::Request<pb::ApplyActionRequest> {
    let mut view = client
        .get_view(read(game, seat, pb::Detail::Full as i32))
        .await
        .unwrap()
        .into_inner();
    let request = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat,
        expected_version: view.version,
        action: view.legal_actions.swap_remove(0).action,
        omit_view: false,
        note: String::new(),
        detail,
    };
    authed(request, &game.seats[seat as usize].token)
}

#[tokio::test]
async fn a_view_at_each_detail_is_the_full_view_without_what_that_detail_leaves_out() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(31), 2, 16, &[]))
        .await
        .unwrap()
        .into_inner();
    let seat = game.view.as_ref().unwrap().to_act[0];
    let full = client
        .get_view(read(&game, seat, pb::Detail::Full as i32))
        .await
        .unwrap()
        .into_inner();
    // The full view has what the lesser details leave out.
    assert!(full.game.is_some());
    assert!(!full.legal_actions.is_empty());
    assert!(
        full.legal_actions
            .iter()
            .all(|legal| !legal.label.is_empty())
    );
    for detail in DETAILS {
        let view = client
            .get_view(read(&game, seat, detail as i32))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(view, view_at(full.clone(), detail), "{detail:?}");
    }
}

#[tokio::test]
async fn apply_action_at_each_detail_answers_at_that_detail() {
    // One game per detail, all of the same seed, each playing the same
    // first action: the answers differ only by what each detail leaves out.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut answers = Vec::new();
    for detail in DETAILS {
        let game = client
            .create_game(harness_request(Some(32), 2, 16, &[]))
            .await
            .unwrap()
            .into_inner();
        let seat = game.view.as_ref().unwrap().to_act[0];
        let request = first_action(&mut client, &game, seat, detail as i32).await;
        let response = client.apply_action(request).await.unwrap().into_inner();
        answers.push((detail, response));
    }
    let (_, full) = &answers[0];
    assert!(!full.events.is_empty());
    assert!(full.events.iter().all(|event| !event.text.is_empty()));
    for (detail, response) in &answers {
        assert_eq!(response.version, full.version);
        assert_eq!(response.events, events_at(full.events.clone(), *detail));
        let full_view = full.view.clone().unwrap();
        // Each game has its own id; the rest is the same.
        let mut view = response.view.clone().unwrap();
        view.game_id = full_view.game_id.clone();
        assert_eq!(view, view_at(full_view, *detail), "{detail:?}");
    }
}

#[tokio::test]
async fn a_stream_at_each_detail_live_or_caught_up_carries_that_detail() {
    // Spectators share one rendering of each update per detail: two live
    // spectator streams at different details must each get their own, and
    // the same as a catch-up from the journal at that detail.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(33), 2, 16, &[]))
        .await
        .unwrap()
        .into_inner();
    let mut watchers = Vec::new();
    for (seat, detail) in [
        (None, pb::Detail::Actions),
        (None, pb::Detail::Full),
        (None, pb::Detail::Typed),
        (Some(0), pb::Detail::Typed),
        (Some(1), pb::Detail::Actions),
    ] {
        let mut watcher = server.client().await;
        let request = watch(&game, seat, detail as i32);
        let mut stream = watcher.stream_game(request).await.unwrap().into_inner();
        watchers.push(tokio::spawn(async move {
            let mut updates = Vec::new();
            while let Some(update) = stream.next().await {
                updates.push(update.unwrap());
            }
            (seat, detail, updates)
        }));
    }
    play_to_end(&mut client, &game).await;
    for watcher in watchers {
        let (seat, detail, live) = watcher.await.unwrap();
        let full = collect(&mut client, watch(&game, seat, pb::Detail::Full as i32)).await;
        assert!(full.iter().any(|update| !update.events.is_empty()));
        let expected: Vec<_> = full
            .into_iter()
            .map(|update| update_at(update, detail))
            .collect();
        assert_eq!(live, expected, "live, seat {seat:?} at {detail:?}");
        let caught_up = collect(&mut client, watch(&game, seat, detail as i32)).await;
        assert_eq!(
            caught_up, expected,
            "caught up, seat {seat:?} at {detail:?}"
        );
    }
}

#[tokio::test]
async fn an_unknown_detail_is_invalid_argument_and_changes_nothing() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(34), 2, 16, &[]))
        .await
        .unwrap()
        .into_inner();
    let seat = game.view.as_ref().unwrap().to_act[0];
    let unknown = 7;
    let refused = client
        .get_view(read(&game, seat, unknown))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), tonic::Code::InvalidArgument);
    assert_eq!(
        refused.message(),
        "detail 7 is not a Detail: 0 full, 1 typed, 2 actions"
    );
    let before = client.get_view(read(&game, seat, 0)).await.unwrap();
    let request = first_action(&mut client, &game, seat, unknown).await;
    let refused = client.apply_action(request).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::InvalidArgument);
    let after = client
        .get_view(read(&game, seat, 0))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(after, before.into_inner(), "the game did not move");
    let refused = client
        .stream_game(watch(&game, Some(seat), unknown))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), tonic::Code::InvalidArgument);
}
