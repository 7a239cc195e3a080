//! `CreateGameRequest.from_replay` (issue 14): a replay, read back from its
//! file, starts a new game at any of its versions, with new tokens, and
//! refuses an illegal action naming its version.
#![allow(clippy::needless_update)]

use melange::{pb, server::ServerConfig, store::FsyncPolicy};
use prost::Message;
use tonic::Code;

use super::support::{
    Client, TempDir, TestServer, full_replay, harness_request, play_first_legal, play_to_end,
    public_view, take,
};

/// A finished two-seat harness game's replay, after a trip through the
/// protobuf file format.
async fn finished_replay(client: &mut Client) -> pb::Replay {
    let game = client
        .create_game(harness_request(Some(17), 2, 30, &[]))
        .await
        .unwrap()
        .into_inner();
    play_to_end(client, &game).await;
    let replay = full_replay(client, &game.game_id).await;
    let file = replay.encode_to_vec();
    pb::Replay::decode(file.as_slice()).unwrap()
}

fn from(replay: &pb::Replay, upto: Option<u64>) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        from_replay: Some(replay.clone()),
        upto_version: upto,
        ..Default::default()
    }
}

#[tokio::test]
async fn a_replay_starts_a_new_game_at_any_of_its_versions() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let replay = finished_replay(&mut client).await;
    assert!(replay.actions.len() > 8);

    let game = client
        .create_game(from(&replay, Some(5)))
        .await
        .unwrap()
        .into_inner();
    assert_ne!(game.game_id, replay.game_id);
    assert!(game.seed_chosen_by_creator, "the creator knows the seed");
    assert_eq!(game.seed, replay.seed);
    assert!(game.seats.iter().all(|seat| !seat.token.is_empty()));
    assert_eq!(game.view.as_ref().unwrap().version, 5);
    let view = public_view(&mut client, &game.game_id).await;
    assert_eq!(view.status, pb::GameStatus::InProgress as i32);
    // It goes on as a new game, with its own tokens.
    let seat = view.to_act[0];
    let answer = play_first_legal(&mut client, &game, seat).await;
    assert_eq!(answer.version, 6);
    play_to_end(&mut client, &game).await;
    let copy = full_replay(&mut client, &game.game_id).await;
    assert_eq!(copy.actions[..5], replay.actions[..5]);
    assert_eq!(copy.kind, replay.kind);
    assert_eq!(copy.options, replay.options);

    // Without upto_version: every action, so the game is over at once.
    let whole = client
        .create_game(from(&replay, None))
        .await
        .unwrap()
        .into_inner();
    let view = whole.view.unwrap();
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
    assert_eq!(
        full_replay(&mut client, &whole.game_id).await.actions,
        replay.actions
    );
    server.shutdown().await;
}

#[tokio::test]
async fn an_illegal_or_missing_replay_action_is_refused_naming_its_version() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let replay = finished_replay(&mut client).await;

    let mut illegal = replay.clone();
    illegal.actions[2].action = Some(take(9));
    let refused = client
        .create_game(from(&illegal, Some(6)))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(
        refused.message().contains("version 3"),
        "{}",
        refused.message()
    );
    // Past the refused action it is not looked at.
    client.create_game(from(&illegal, Some(2))).await.unwrap();

    let mut missing = replay.clone();
    missing.actions.remove(3);
    let refused = client
        .create_game(from(&missing, Some(6)))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(
        refused.message().contains("version 4"),
        "{}",
        refused.message()
    );

    let beyond = replay.actions.len() as u64 + 1;
    let refused = client
        .create_game(from(&replay, Some(beyond)))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);

    // More actions than a CreateGame plays are refused before any is
    // played: a request cannot hold the server for long.
    let mut long = replay.clone();
    long.actions = (1..=50_001)
        .map(|version| pb::RecordedAction {
            note: String::new(),
            version,
            seat: 0,
            action: Some(take(1)),
            stand_in: None,
        })
        .collect();
    let refused = client.create_game(from(&long, None)).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(refused.message().contains("50000"), "{}", refused.message());

    let other_kind = pb::CreateGameRequest {
        kind: pb::GameKind::Imperium as i32,
        ..from(&replay, Some(1))
    };
    let refused = client.create_game(other_kind).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    server.shutdown().await;
}

#[tokio::test]
async fn a_game_started_from_a_replay_survives_a_restart_with_its_bot() {
    // The replay's first actions were not the new game's bot's choices: a
    // recovery must not replay the bot's generator over them.
    let dir = TempDir::new("from-replay");
    let config = ServerConfig {
        data_dir: Some(dir.path().to_owned()),
        fsync: FsyncPolicy::Always,
        ..ServerConfig::default()
    };
    let server = TestServer::start_with(config.clone()).await;
    let mut client = server.client().await;
    let original = client
        .create_game(harness_request(Some(5), 3, 40, &[]))
        .await
        .unwrap()
        .into_inner();
    play_to_end(&mut client, &original).await;
    let replay = full_replay(&mut client, &original.game_id).await;
    let request = pb::CreateGameRequest {
        seats: harness_request(None, 3, 40, &[1]).seats,
        ..from(&replay, Some(4))
    };
    let game = client.create_game(request).await.unwrap().into_inner();
    let view = public_view(&mut client, &game.game_id).await;
    let seat = view.to_act[0];
    play_first_legal(&mut client, &game, seat).await;
    let before = public_view(&mut client, &game.game_id).await.version;
    server.shutdown().await;

    let server = TestServer::start_with(config).await;
    let mut client = server.client().await;
    assert_eq!(
        public_view(&mut client, &game.game_id).await.version,
        before
    );
    play_to_end(&mut client, &game).await;
    server.shutdown().await;
}
