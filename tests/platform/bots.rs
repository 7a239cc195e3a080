//! Built-in bots play off the async workers (issue 13, finding 5): a
//! CreateGame of an all-bot War for Arrakis game answers at once, the bots
//! play on in the background (seen by GetView and streams), the server
//! stays responsive meanwhile, and the game is the one a single
//! synchronous playout of the same seed gives.
use std::time::{Duration, Instant};

use melange::{
    api::WireRules,
    matches::{BOT_SLICE, BotKind, Match, SeatPlan},
    pb,
    rules::{arrakis::Arrakis, core::Ruleset},
};
use tokio_stream::StreamExt;
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

use super::{
    arrakis::arrakis,
    support::{TestServer, median, public_view, wait_for_end},
};

/// The seed's all-bot game played in one go, as CreateGame played it before.
fn synchronous(seed: u64) -> Match<Arrakis> {
    let plans = vec![
        SeatPlan {
            bot: Some(BotKind::Random),
        };
        2
    ];
    let options = <Arrakis as Ruleset>::Options::default();
    let mut game = Match::<Arrakis>::create(options, seed, &plans).unwrap().0;
    while game.play_bots(usize::MAX) {}
    game
}

fn all_bots(seed: u64) -> pb::CreateGameRequest {
    let mut request = arrakis(seed, pb::ArrakisOptions::default(), ["", ""]);
    for seat in &mut request.seats {
        seat.bot = "random".into();
    }
    request
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn all_bot_games_answer_at_once_and_play_on_while_the_server_stays_responsive() {
    // Four long games (over 20,000 moves each), and how they end when
    // played synchronously.
    let games: Vec<(u64, Match<Arrakis>)> = (0..)
        .map(|seed| (seed, synchronous(seed)))
        .filter(|(_, game)| game.version() > 20_000)
        .take(4)
        .collect();
    let server = TestServer::start().await;
    let channel = tonic::transport::Channel::from_shared(format!("http://{}", server.addr))
        .unwrap()
        .connect()
        .await
        .unwrap();
    let mut health = HealthClient::new(channel);
    let mut watcher = server.client().await;

    let mut creators = Vec::new();
    for (seed, _) in &games {
        let mut client = server.client().await;
        let request = all_bots(*seed);
        creators.push(tokio::spawn(async move {
            let started = Instant::now();
            let created = client.create_game(request).await.unwrap().into_inner();
            (created, started.elapsed())
        }));
    }
    let mut created = Vec::new();
    for creator in creators {
        created.push(creator.await.unwrap());
    }
    for ((response, took), (seed, game)) in created.iter().zip(&games) {
        let view = response.view.as_ref().unwrap();
        // The call played one slice of bot moves, not the game.
        assert_eq!(
            view.status,
            pb::GameStatus::InProgress as i32,
            "seed {seed}"
        );
        assert_eq!(view.version, BOT_SLICE as u64, "seed {seed}");
        assert!(view.version < game.version());
        assert!(*took < Duration::from_secs(1), "CreateGame took {took:?}");
    }

    // The bots' moves reach a stream as they are played.
    let first = &created[0].0;
    let mut stream = watcher
        .stream_game(pb::StreamGameRequest {
            game_id: first.game_id.clone(),
            seat: None,
            from_version: BOT_SLICE as u64,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let mut versions = Vec::new();
    while versions.len() < 5 {
        versions.push(stream.next().await.unwrap().unwrap().version);
    }
    let start = BOT_SLICE as u64 + 1;
    assert_eq!(versions, (start..start + 5).collect::<Vec<_>>());
    drop(stream);

    // While they play, a health Check and a GetView stay fast.
    let last = &created[3].0;
    let mut checks = Vec::new();
    let mut views = Vec::new();
    let mut seen_in_progress = 0;
    for _ in 0..20 {
        let started = Instant::now();
        health
            .check(HealthCheckRequest {
                service: String::new(),
            })
            .await
            .unwrap();
        checks.push(started.elapsed());
        let started = Instant::now();
        let view = public_view(&mut watcher, &last.game_id).await;
        views.push(started.elapsed());
        if view.status == pb::GameStatus::InProgress as i32 && view.version > BOT_SLICE as u64 {
            seen_in_progress += 1;
        }
    }
    assert!(
        seen_in_progress > 0,
        "GetView sees the game move between its start and its end"
    );
    assert!(
        median(checks.clone()) < Duration::from_millis(50),
        "{checks:?}"
    );
    assert!(
        median(views.clone()) < Duration::from_millis(50),
        "{views:?}"
    );

    // Each game ends as the synchronous playout of its seed did.
    for ((response, _), (seed, game)) in created.iter().zip(&games) {
        let end = wait_for_end(&mut watcher, &response.game_id).await;
        assert_eq!(end.version, game.version(), "seed {seed}");
        let mut actions = Vec::new();
        let mut token = String::new();
        loop {
            let page = watcher
                .get_replay(pb::GetReplayRequest {
                    game_id: response.game_id.clone(),
                    page_size: 0,
                    page_token: token,
                })
                .await
                .unwrap()
                .into_inner();
            actions.extend(
                page.actions
                    .into_iter()
                    .map(|a| (a.seat, a.action.unwrap())),
            );
            token = page.next_page_token;
            if token.is_empty() {
                break;
            }
        }
        let expected: Vec<_> = game
            .journal()
            .iter()
            .map(|(seat, action)| (u32::from(seat.0), Arrakis::action_to_pb(action)))
            .collect();
        assert!(actions == expected, "seed {seed}: the same moves");
    }
}
