//! A bot's own notes on its decisions (MC-NOTE-01): kept with the action in
//! the journal and the replay, shown to nobody while the game runs, and
//! bounded.
use melange::{pb, server::ServerConfig};
use tokio_stream::StreamExt;
use tonic::Code;

use super::{
    bot_server::{Answer, BotServer, allowing, with_remote},
    support::{
        TempDir, TestServer, admin_replay, authed, full_replay, harness_request, public_view, take,
        wait_for_end,
    },
};

const NOTE: &str = "SECRET-PLAN: 0.62 after 400 playouts";

#[tokio::test]
async fn a_clients_note_is_kept_in_the_replay_and_shown_to_nobody_while_the_game_runs() {
    // MC-NOTE-01
    let dir = TempDir::new("notes");
    let config = || ServerConfig {
        admin_token: Some("admin-secret".into()),
        data_dir: Some(dir.path().to_owned()),
        ..ServerConfig::default()
    };
    let server = TestServer::start_with(config()).await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(3), 2, 21, &[]))
        .await
        .unwrap()
        .into_inner();
    let mut stream = client
        .stream_game(pb::StreamGameRequest {
            game_id: game.game_id.clone(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let noted = |seat: u32, version: u64, note: String| pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat,
        expected_version: version,
        action: Some(take(1)),
        omit_view: false,
        note,
        detail: pb::Detail::Full as i32,
    };
    let applied = client
        .apply_action(authed(noted(0, 0, NOTE.into()), &game.seats[0].token))
        .await
        .unwrap()
        .into_inner();
    // Nothing a seat or a spectator sees carries it: the answer, any
    // view, the stream.
    assert!(!format!("{applied:?}").contains("SECRET-PLAN"));
    let update = stream.next().await.unwrap().unwrap();
    assert!(!format!("{update:?}").contains("SECRET-PLAN"));
    for seat in [0, 1] {
        let request = pb::GetViewRequest {
            game_id: game.game_id.clone(),
            seat: Some(seat),
            detail: pb::Detail::Full as i32,
        };
        let view = client
            .get_view(authed(request, &game.seats[seat as usize].token))
            .await
            .unwrap()
            .into_inner();
        assert!(!format!("{view:?}").contains("SECRET-PLAN"));
    }
    // A note longer than 256 bytes is refused, quoting none of it, and the
    // game is unchanged.
    let refused = client
        .apply_action(authed(noted(1, 1, "x".repeat(257)), &game.seats[1].token))
        .await
        .unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(
        refused.message().contains("MC-NOTE-01"),
        "{}",
        refused.message()
    );
    assert!(!refused.message().contains("xxxx"));
    assert_eq!(public_view(&mut client, &game.game_id).await.version, 1);
    // The replay keeps it (a running game's only for the admin), and so
    // does the journal across a restart.
    assert_eq!(
        admin_replay(&mut client, &game.game_id).await.actions[0].note,
        NOTE
    );
    server.shutdown().await;
    let server = TestServer::start_with(config()).await;
    let mut client = server.client().await;
    let replay = admin_replay(&mut client, &game.game_id).await;
    assert_eq!(replay.actions[0].note, NOTE);
}

#[tokio::test]
async fn a_remote_bots_note_is_kept_and_a_note_too_long_makes_its_answer_malformed() {
    // MC-NOTE-01 with MC-BOT-02 and MC-STANDIN-01.
    let noted = BotServer::start(Answer::Noted("400 playouts")).await;
    let long: &'static str = Box::leak("n".repeat(257).into_boxed_str());
    let chatty = BotServer::start(Answer::Noted(long)).await;
    let server = TestServer::start_with(allowing(&[&noted, &chatty], 5_000)).await;
    let mut client = server.client().await;
    let game = client
        .create_game(with_remote(21, &noted.endpoint(), &[0, 1], None))
        .await
        .unwrap()
        .into_inner();
    wait_for_end(&mut client, &game.game_id).await;
    let replay = full_replay(&mut client, &game.game_id).await;
    assert!(!replay.actions.is_empty());
    assert!(
        replay
            .actions
            .iter()
            .all(|action| action.note == "400 playouts")
    );
    let game = client
        .create_game(with_remote(21, &chatty.endpoint(), &[0], None))
        .await
        .unwrap()
        .into_inner();
    wait_for_end(&mut client, &game.game_id).await;
    let replay = full_replay(&mut client, &game.game_id).await;
    let first = &replay.actions[0];
    assert_eq!(
        first.stand_in.as_ref().map(|why| why.reason),
        Some(pb::StandInReason::BotMalformedAnswer as i32)
    );
    assert!(first.note.is_empty(), "a malformed answer keeps no note");
}
