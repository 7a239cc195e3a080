//! Remote bots (issue 16, MC-BOT-01..03): a `BotService` written here in
//! Rust, on a loopback port the server is told to allow, plays harness
//! games through the protocol. It sees its seat's view only, reads with a
//! token that cannot act, and a failed, late or illegal answer is handled
//! as the game's clock options say.
#![allow(clippy::needless_update)]
use std::time::Duration;

use melange::{
    pb,
    server::{RemoteBotConfig, ServerConfig},
};
use tonic::Code;

use super::{
    bot_server::{Answer, Asked, BotServer, allowing, wait_for_version, with_remote},
    harness::{FORFEITED, HARNESS_KIND},
    support::{
        Client, TempDir, TestServer, admin_replay, authed, full_replay, play_first_legal,
        public_view, take, wait_for_end,
    },
};

async fn create(client: &mut Client, request: pb::CreateGameRequest) -> pb::CreateGameResponse {
    client.create_game(request).await.unwrap().into_inner()
}

#[tokio::test]
async fn remote_bots_play_whole_games_seeing_their_own_seat_only() {
    // MC-BOT-01, MC-BOT-03
    let bot = BotServer::start(Answer::FirstLegal).await;
    let server = TestServer::start_with(allowing(&[&bot], 5_000)).await;
    let mut client = server.client().await;
    let game = create(&mut client, with_remote(21, &bot.endpoint(), &[0, 1], None)).await;
    assert!(
        game.seats.iter().all(|grant| grant.token.is_empty()),
        "no token for anyone"
    );
    assert!(game.seats.iter().all(|grant| grant.bot == bot.endpoint()));
    let end = wait_for_end(&mut client, &game.game_id).await;
    let replay = full_replay(&mut client, &game.game_id).await;
    assert_eq!(replay.actions.len() as u64, end.version);
    assert!(
        replay
            .actions
            .iter()
            .all(|action| action.action != Some(take(FORFEITED)))
    );
    let asked = bot.asked();
    assert_eq!(asked.len() as u64, end.version, "one call per decision");
    for Asked { request } in &asked {
        let view = request.view.as_ref().unwrap();
        assert_eq!(request.game_id, game.game_id);
        assert_eq!(view.seat, Some(request.seat), "its own seat's view only");
        assert_eq!(view.to_act, vec![request.seat]);
        assert!(!view.legal_actions.is_empty());
        assert!(request.time_left_ms > 0 && request.time_left_ms <= 5_000);
        assert!(!request.observer_token.is_empty());
    }
    // The token reads for its seat, never for the other, and never acts.
    let token = &asked.last().unwrap().request.observer_token;
    let seat = asked.last().unwrap().request.seat;
    let read = pb::GetViewRequest {
        game_id: game.game_id.clone(),
        seat: Some(seat),
        detail: pb::Detail::Full as i32,
    };
    let view = client
        .get_view(authed(read, token))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(view.seat, Some(seat));
    assert!(view.harness_secret().is_some(), "its seat's secret");
    let other = pb::GetViewRequest {
        game_id: game.game_id.clone(),
        seat: Some(1 - seat),
        detail: pb::Detail::Full as i32,
    };
    let status = client.get_view(authed(other, token)).await.unwrap_err();
    assert_eq!(status.code(), Code::PermissionDenied);
}

/// The harness part of a view, for comparisons.
trait HarnessSecret {
    fn harness_secret(&self) -> Option<u32>;
}

impl HarnessSecret for pb::View {
    fn harness_secret(&self) -> Option<u32> {
        match &self.game {
            Some(pb::view::Game::Harness(harness)) => harness.secret,
            _ => None,
        }
    }
}

#[tokio::test]
async fn a_remote_bot_answers_a_person_and_its_token_never_acts() {
    // MC-BOT-01, MC-BOT-03
    let bot = BotServer::start(Answer::FirstLegal).await;
    let server = TestServer::start_with(allowing(&[&bot], 5_000)).await;
    let mut client = server.client().await;
    let game = create(&mut client, with_remote(21, &bot.endpoint(), &[1], None)).await;
    assert!(!game.seats[0].token.is_empty());
    assert!(game.seats[1].token.is_empty());
    play_first_legal(&mut client, &game, 0).await;
    let view = wait_for_version(&mut client, &game.game_id, 2).await;
    assert_eq!(view.to_act, vec![0]);
    let asked = bot.asked();
    assert_eq!(asked.len(), 1);
    let token = &asked[0].request.observer_token;
    // The bot's token only reads: ApplyAction and Concede refuse it.
    let act = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat: 1,
        expected_version: 2,
        action: Some(take(1)),
        ..Default::default()
    };
    let status = client.apply_action(authed(act, token)).await.unwrap_err();
    assert_eq!(status.code(), Code::PermissionDenied);
    assert!(status.message().contains("MC-BOT"), "{}", status.message());
    let concede = pb::ConcedeRequest {
        game_id: game.game_id.clone(),
        seat: 1,
    };
    let status = client.concede(authed(concede, token)).await.unwrap_err();
    assert_eq!(status.code(), Code::PermissionDenied);
    // Nor does the person's token read or act for the bot's seat's stream.
    let read = pb::GetViewRequest {
        game_id: game.game_id.clone(),
        seat: Some(1),
        detail: pb::Detail::Full as i32,
    };
    let status = client
        .get_view(authed(read, &game.seats[0].token))
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::PermissionDenied);
    assert_eq!(public_view(&mut client, &game.game_id).await.version, 2);
}

#[tokio::test]
async fn illegal_failed_and_late_answers_are_handled_as_the_clock_says() {
    // MC-BOT-02, MC-CLOCK-04
    let illegal = BotServer::start(Answer::Illegal).await;
    let failing = BotServer::start(Answer::Fail).await;
    let silent = BotServer::start(Answer::Never).await;
    let server = TestServer::start_with(allowing(&[&illegal, &failing, &silent], 300)).await;
    let mut client = server.client().await;
    // Without a clock: a forfeit, kept with why (MC-STANDIN-01).
    let stand_in = |reason: pb::StandInReason, rule: &str| pb::StandIn {
        reason: reason as i32,
        rule: rule.to_owned(),
    };
    for (bot, why) in [
        (
            &illegal,
            stand_in(pb::StandInReason::BotIllegalAction, "HARNESS-TAKE"),
        ),
        (&failing, stand_in(pb::StandInReason::BotError, "")),
        (&silent, stand_in(pb::StandInReason::BotLate, "")),
    ] {
        let game = create(&mut client, with_remote(21, &bot.endpoint(), &[0], None)).await;
        let end = wait_for_end(&mut client, &game.game_id).await;
        assert_eq!(end.result.unwrap().ranking, vec![1, 0]);
        let replay = full_replay(&mut client, &game.game_id).await;
        assert_eq!(replay.actions.len(), 1);
        assert_eq!(replay.actions[0].action, Some(take(FORFEITED)));
        assert_eq!(replay.actions[0].stand_in, Some(why));
    }
    // With a clock that plays the default action: take 1 (21 is odd).
    let clock = pb::ClockOptions {
        per_decision_ms: 10_000,
        ..Default::default()
    };
    for bot in [&illegal, &silent] {
        let game = create(
            &mut client,
            with_remote(21, &bot.endpoint(), &[0], Some(clock)),
        )
        .await;
        let view = wait_for_version(&mut client, &game.game_id, 1).await;
        assert_eq!(view.status, pb::GameStatus::InProgress as i32);
        let replay = admin_replay(&mut client, &game.game_id).await;
        assert_eq!(replay.actions[0].action, Some(take(1)));
        // A default move is marked as the server's, never the seat's own.
        assert!(replay.actions[0].stand_in.is_some());
    }
}

#[tokio::test]
async fn a_bot_that_cannot_be_reached_is_on_the_record_as_unreachable() {
    // MC-STANDIN-01: an allowed endpoint where nothing listens.
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let endpoint = format!("http://{closed}");
    let server = TestServer::start_with(ServerConfig {
        remote_bots: RemoteBotConfig {
            allowed: vec![closed.to_string()],
            timeout: Duration::from_millis(2_000),
            ..RemoteBotConfig::default()
        },
        ..ServerConfig::default()
    })
    .await;
    let mut client = server.client().await;
    let game = create(&mut client, with_remote(21, &endpoint, &[0], None)).await;
    wait_for_end(&mut client, &game.game_id).await;
    let replay = full_replay(&mut client, &game.game_id).await;
    assert_eq!(
        replay.actions[0].stand_in,
        Some(pb::StandIn {
            reason: pb::StandInReason::BotUnreachable as i32,
            rule: String::new(),
        })
    );
}

#[tokio::test]
async fn endpoints_the_server_does_not_allow_are_refused() {
    // MC-BOT-01
    let bot = BotServer::start(Answer::FirstLegal).await;
    let closed = TestServer::start().await;
    let mut client = closed.client().await;
    let status = client
        .create_game(with_remote(21, &bot.endpoint(), &[1], None))
        .await
        .unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert!(
        status.message().contains("--allow-bot-endpoint"),
        "{}",
        status.message()
    );
    let open = TestServer::start_with(allowing(&[&bot], 1_000)).await;
    let mut client = open.client().await;
    let https = format!("https://{}", bot.addr);
    let other_port = format!("http://127.0.0.1:{}", bot.addr.port().wrapping_add(1));
    let long = format!("http://{}/{}", bot.addr, "x".repeat(80));
    for refused in [
        https.as_str(),
        other_port.as_str(),
        "http://169.254.169.254:80",
        "ftp://example.org:21",
        long.as_str(),
    ] {
        let status = client
            .create_game(with_remote(21, refused, &[1], None))
            .await
            .unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument, "{refused}");
        assert!(
            !status.message().contains(&"x".repeat(40)),
            "{}",
            status.message()
        );
    }
    assert!(bot.asked().is_empty());
}

#[tokio::test]
async fn remote_seats_are_driven_again_after_a_restart() {
    // MC-BOT-01 after a restart: a new read-only token, the same seat.
    let bot = BotServer::start_gated(Answer::FirstLegal, 0).await;
    let dir = TempDir::new("remote-bot");
    let config = || ServerConfig {
        data_dir: Some(dir.path().to_owned()),
        ..allowing(&[&bot], 10_000)
    };
    let server = TestServer::start_with(config()).await;
    let mut client = server.client().await;
    let game = create(&mut client, with_remote(21, &bot.endpoint(), &[1], None)).await;
    play_first_legal(&mut client, &game, 0).await;
    while bot.asked().is_empty() {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    server.shutdown().await;
    let server = TestServer::start_with(config()).await;
    let mut client = server.client().await;
    while bot.asked().len() < 2 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let asked = bot.asked();
    assert_ne!(
        asked[0].request.observer_token,
        asked[1].request.observer_token
    );
    assert_eq!(asked[1].request.view.as_ref().unwrap().version, 1);
    bot.gate.add_permits(2);
    let view = wait_for_version(&mut client, &game.game_id, 2).await;
    assert_eq!(view.version, 2);
    assert_eq!(view.to_act, vec![0]);
}

#[tokio::test]
async fn remote_bots_are_told_when_each_of_their_games_starts_and_ends() {
    // MC-BOT-04: once per seat, started then ended with the result.
    let bot = BotServer::start(Answer::FirstLegal).await;
    let server = TestServer::start_with(allowing(&[&bot], 5_000)).await;
    let mut client = server.client().await;
    let game = create(&mut client, with_remote(21, &bot.endpoint(), &[0, 1], None)).await;
    let end = wait_for_end(&mut client, &game.game_id).await;
    let mut noticed = Vec::new();
    for _ in 0..200 {
        noticed = bot.noticed();
        if noticed.len() == 4 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(noticed.len(), 4, "{noticed:?}");
    for seat in [0, 1] {
        let told: Vec<&pb::NoticeRequest> = noticed.iter().filter(|n| n.seat == seat).collect();
        assert_eq!(told.len(), 2);
        assert_eq!(told[0].notice, pb::NoticeKind::Started as i32);
        assert_eq!(told[0].result, None);
        assert_eq!(told[1].notice, pb::NoticeKind::Ended as i32);
        assert_eq!(told[1].result, end.result);
        assert!(
            told.iter()
                .all(|n| n.game_id == game.game_id && n.kind == HARNESS_KIND)
        );
    }
}
