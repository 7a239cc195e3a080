//! `Concede` (issue 16): a seat resigns with its bearer token, whoever is
//! to act (MC-RESIGN-01); the game ends with that seat ranked last and the
//! first of the others winning (MC-RESIGN-02); the resignation is an action
//! of the journal, so replays and restarts keep it, and streams hear it.
#![allow(clippy::needless_update)]
use melange::pb;
use tokio_stream::StreamExt;
use tonic::Code;

use super::{
    harness::{CONCEDED, FORFEITED},
    support::{
        Client, TempDir, TestServer, authed, full_replay, harness_request, play_first_legal,
        public_view, seat_view, snapshot, take,
    },
};

fn concede(game: &pb::CreateGameResponse, seat: u32) -> tonic::Request<pb::ConcedeRequest> {
    authed(
        pb::ConcedeRequest {
            game_id: game.game_id.clone(),
            seat,
        },
        &game.seats[seat as usize].token,
    )
}

async fn create(client: &mut Client, seats: u32) -> pb::CreateGameResponse {
    client
        .create_game(harness_request(Some(7), seats, 21, &[]))
        .await
        .unwrap()
        .into_inner()
}

#[tokio::test]
async fn a_seat_concedes_out_of_turn_and_ranks_last() {
    // MC-RESIGN-01, MC-RESIGN-02
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create(&mut client, 3).await;
    play_first_legal(&mut client, &game, 0).await;
    // Seat 1 is to act; seat 0 resigns anyway.
    let mut spectator = client
        .stream_game(pb::StreamGameRequest {
            game_id: game.game_id.clone(),
            from_version: 1,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let response = client
        .concede(concede(&game, 0))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(response.version, 2);
    assert_eq!(response.events.len(), 1);
    let view = response.view.unwrap();
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
    let result = view.result.unwrap();
    assert_eq!(result.ranking, vec![1, 2, 0]);
    assert_eq!(result.winners, vec![1]);
    // The stream hears it like any action.
    let update = spectator.next().await.unwrap().unwrap();
    assert_eq!(update.version, 2);
    assert_eq!(update.status, pb::GameStatus::Finished as i32);
    // The journal holds it: the replay ends with seat 0's resignation.
    let replay = full_replay(&mut client, &game.game_id).await;
    let last = replay.actions.last().unwrap();
    assert_eq!((last.version, last.seat), (2, 0));
    assert_eq!(last.action, Some(take(CONCEDED)));
}

#[tokio::test]
async fn a_finished_game_cannot_be_conceded_and_bad_calls_change_nothing() {
    // MC-RESIGN-01
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create(&mut client, 2).await;
    let before = snapshot(&mut client, &game).await;
    let unknown = pb::ConcedeRequest {
        game_id: "no-such-game".into(),
        seat: 0,
    };
    let status = client
        .concede(authed(unknown, &game.seats[0].token))
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::NotFound);
    let bare = pb::ConcedeRequest {
        game_id: game.game_id.clone(),
        seat: 0,
    };
    let status = client.concede(bare.clone()).await.unwrap_err();
    assert_eq!(status.code(), Code::Unauthenticated);
    let status = client
        .concede(authed(bare, &game.seats[1].token))
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::PermissionDenied);
    // Only the server forfeits a seat: ApplyAction refuses the forfeit.
    for seat in [0, 1] {
        let request = pb::ApplyActionRequest {
            game_id: game.game_id.clone(),
            seat,
            expected_version: 0,
            action: Some(take(FORFEITED)),
            ..Default::default()
        };
        let status = client
            .apply_action(authed(request, &game.seats[seat as usize].token))
            .await
            .unwrap_err();
        assert_eq!(status.code(), Code::FailedPrecondition);
        assert!(
            status.message().contains("MC-RESIGN-01"),
            "{}",
            status.message()
        );
    }
    assert_eq!(snapshot(&mut client, &game).await, before);
    client.concede(concede(&game, 1)).await.unwrap();
    let after = snapshot(&mut client, &game).await;
    let status = client.concede(concede(&game, 0)).await.unwrap_err();
    assert_eq!(status.code(), Code::FailedPrecondition);
    assert!(
        status.message().contains("MC-RESIGN-01"),
        "{}",
        status.message()
    );
    assert_eq!(snapshot(&mut client, &game).await, after);
    assert_eq!(
        seat_view(&mut client, &game, 0)
            .await
            .result
            .unwrap()
            .winners,
        vec![0]
    );
}

#[tokio::test]
async fn a_concession_sent_with_apply_action_is_the_same_as_concede() {
    // MC-RESIGN-01: the rules accept it from any seat, guarded by the version.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create(&mut client, 2).await;
    let request = |expected_version| pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat: 1,
        expected_version,
        action: Some(take(CONCEDED)),
        ..Default::default()
    };
    let stale = client
        .apply_action(authed(request(3), &game.seats[1].token))
        .await
        .unwrap_err();
    assert_eq!(stale.code(), Code::Aborted);
    let response = client
        .apply_action(authed(request(0), &game.seats[1].token))
        .await
        .unwrap()
        .into_inner();
    let result = response.view.unwrap().result.unwrap();
    assert_eq!(result.ranking, vec![0, 1]);
    assert_eq!(result.reason, "seat 1 conceded");
}

#[tokio::test]
async fn a_resignation_survives_a_restart() {
    // MC-RESIGN-01: journaled like any action.
    let dir = TempDir::new("concede");
    let config = || melange::server::ServerConfig {
        data_dir: Some(dir.path().to_owned()),
        ..melange::server::ServerConfig::default()
    };
    let server = TestServer::start_with(config()).await;
    let mut client = server.client().await;
    let game = create(&mut client, 2).await;
    play_first_legal(&mut client, &game, 0).await;
    client.concede(concede(&game, 1)).await.unwrap();
    let before = public_view(&mut client, &game.game_id).await;
    server.shutdown().await;
    let server = TestServer::start_with(config()).await;
    let mut client = server.client().await;
    let after = public_view(&mut client, &game.game_id).await;
    assert_eq!(after, before);
    assert_eq!(after.result.unwrap().ranking, vec![0, 1]);
}

#[tokio::test]
async fn an_imperium_seat_concedes_out_of_turn() {
    // MC-RESIGN-01, MC-RESIGN-02 in Dune: Imperium.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(super::imperium::imperium(11, 3, 0))
        .await
        .unwrap()
        .into_inner();
    let to_act = public_view(&mut client, &game.game_id).await.to_act[0];
    let resigning = (to_act + 1) % 3;
    let response = client
        .concede(concede(&game, resigning))
        .await
        .unwrap()
        .into_inner();
    let view = response.view.unwrap();
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
    let result = view.result.unwrap();
    assert_eq!(result.ranking.last(), Some(&resigning));
    assert!(!result.winners.contains(&resigning));
    let replay = full_replay(&mut client, &game.game_id).await;
    assert_eq!(replay.actions.last().unwrap().seat, resigning);
}
