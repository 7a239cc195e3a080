//! Dune: Imperium through the real server: whole games by remote random
//! clients, bots, replays, hidden information and Imperium's refusals.
use melange::pb;
use tonic::Code;

use super::support::{TestServer, authed, play_random, wait_for_end};

pub fn imperium(seed: u64, players: u32, bots: usize) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        kind: pb::GameKind::Imperium as i32,
        seed: Some(seed),
        options: Some(pb::GameOptions {
            game: Some(pb::game_options::Game::Imperium(pb::ImperiumOptions {
                player_count: players,
                leaders: Vec::new(),
                ..Default::default()
            })),
            ..Default::default()
        }),
        seats: (0..players as usize)
            .map(|seat| pb::SeatConfig {
                bot: if seat < bots {
                    "random".into()
                } else {
                    String::new()
                },
                plays: String::new(),
            })
            .collect(),
        ..Default::default()
    }
}

pub fn imperium_view(view: &pb::View) -> &pb::ImperiumView {
    match &view.game {
        Some(pb::view::Game::Imperium(game)) => game,
        other => panic!("an Imperium view expected, got {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_player_games_play_to_the_end_through_the_api() {
    let server = TestServer::start().await;
    let mut handles = Vec::new();
    for seed in 0..4 {
        let mut client = server.client().await;
        handles.push(tokio::spawn(async move {
            let game = client
                .create_game(imperium(seed, 4, 0))
                .await
                .unwrap()
                .into_inner();
            assert_eq!(game.seats.len(), 4);
            assert!(
                game.seats
                    .iter()
                    .all(|s| !s.plays.is_empty() && s.token.len() == 64)
            );
            let (end, moves) = play_random(&mut client, &game, seed).await;
            assert_eq!(end.status, pb::GameStatus::Finished as i32);
            let result = end.result.unwrap();
            assert!(!result.winners.is_empty());
            assert_eq!(result.ranking.len(), 4);
            assert!(moves > 50, "a whole game takes many decisions, not {moves}");
        }));
    }
    for handle in handles {
        handle.await.unwrap();
    }
}

#[tokio::test]
async fn bot_games_replay_to_the_same_end() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let bots = client
        .create_game(imperium(5, 3, 3))
        .await
        .unwrap()
        .into_inner();
    // The bots play on after creation, off the call.
    wait_for_end(&mut client, &bots.game_id).await;
    let replay = client
        .get_replay(pb::GetReplayRequest {
            game_id: bots.game_id.clone(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(replay.seed, 5);
    let people = client
        .create_game(imperium(5, 3, 0))
        .await
        .unwrap()
        .into_inner();
    for recorded in replay.actions.iter().cloned() {
        let request = pb::ApplyActionRequest {
            game_id: people.game_id.clone(),
            seat: recorded.seat,
            expected_version: recorded.version - 1,
            action: recorded.action,
            ..Default::default()
        };
        client
            .apply_action(authed(request, &people.seats[recorded.seat as usize].token))
            .await
            .unwrap();
    }
    let public = |id: &str| pb::GetViewRequest {
        game_id: id.to_owned(),
        seat: None,
        detail: pb::Detail::Full as i32,
    };
    let mut a = client
        .get_view(public(&bots.game_id))
        .await
        .unwrap()
        .into_inner();
    let mut b = client
        .get_view(public(&people.game_id))
        .await
        .unwrap()
        .into_inner();
    a.game_id.clear();
    b.game_id.clear();
    assert_eq!(a, b);
}

#[tokio::test]
async fn hands_and_intrigue_are_seen_only_by_their_owner() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(imperium(6, 4, 0))
        .await
        .unwrap()
        .into_inner();
    let spectator = client
        .get_view(pb::GetViewRequest {
            game_id: game.game_id.clone(),
            seat: None,
            detail: pb::Detail::Full as i32,
        })
        .await
        .unwrap()
        .into_inner();
    for player in &imperium_view(&spectator).players {
        assert!(player.hand.is_none() && player.intrigue.is_none());
        assert_eq!(player.hand_count, 5);
    }
    let seat2 = client
        .get_view(authed(
            pb::GetViewRequest {
                game_id: game.game_id.clone(),
                seat: Some(2),
                detail: pb::Detail::Full as i32,
            },
            &game.seats[2].token,
        ))
        .await
        .unwrap()
        .into_inner();
    for player in &imperium_view(&seat2).players {
        assert_eq!(player.hand.is_some(), player.seat == 2);
        assert_eq!(player.intrigue.is_some(), player.seat == 2);
    }
    assert_eq!(
        imperium_view(&seat2).players[2]
            .hand
            .as_ref()
            .unwrap()
            .cards
            .len(),
        5
    );
}

#[tokio::test]
async fn imperium_refusals_name_their_reason() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let error = client.create_game(imperium(7, 5, 0)).await.unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument);
    assert!(error.message().contains("1-4"), "{}", error.message());

    let game = client
        .create_game(imperium(7, 3, 0))
        .await
        .unwrap()
        .into_inner();
    let seat = game.view.as_ref().unwrap().to_act[0];
    let token = &game.seats[seat as usize].token;
    let unknown = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat,
        expected_version: 0,
        action: Some(pb::Action {
            game: Some(pb::action::Game::Imperium(pb::ImperiumAction {
                step: Some(pb::imperium_action::Step::Discard("no_such_card".into())),
            })),
        }),
        ..Default::default()
    };
    let error = client
        .apply_action(authed(unknown, token))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument);
    // A well-formed step that is not allowed now: sending an Agent with a card
    // to a space its icons do not reach is refused by a named rule.
    let illegal = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat,
        expected_version: 0,
        action: Some(pb::Action {
            game: Some(pb::action::Game::Imperium(pb::ImperiumAction {
                step: Some(pb::imperium_action::Step::Troops(2)),
            })),
        }),
        ..Default::default()
    };
    let before = client
        .get_view(pb::GetViewRequest {
            game_id: game.game_id.clone(),
            seat: None,
            detail: pb::Detail::Full as i32,
        })
        .await
        .unwrap()
        .into_inner();
    let error = client
        .apply_action(authed(illegal, token))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::FailedPrecondition);
    assert!(
        error.message().contains("IM-"),
        "names the rule: {}",
        error.message()
    );
    let after = client
        .get_view(pb::GetViewRequest {
            game_id: game.game_id.clone(),
            seat: None,
            detail: pb::Detail::Full as i32,
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(before, after);
}

#[tokio::test]
async fn presets_and_rules_options_reach_the_engine() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let with = |preset: &str, rules: &[(&str, &str)]| {
        let mut request = imperium(8, 3, 0);
        let options = request.options.as_mut().unwrap();
        options.preset = preset.to_owned();
        options.rules = rules
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        request
    };
    client
        .create_game(with("published", &[("sell_melange", "default")]))
        .await
        .unwrap();
    // The optional defensive bonus and reveal order come through by name.
    client
        .create_game(with(
            "",
            &[
                ("defensive_bonus", "optional"),
                ("reveal_order", "published"),
            ],
        ))
        .await
        .unwrap();
    for (preset, rules) in [
        ("house_rules", vec![]),
        ("", vec![("no_such_option", "on")]),
        ("", vec![("sell_melange", "cheap")]),
    ] {
        let error = client.create_game(with(preset, &rules)).await.unwrap_err();
        assert_eq!(error.code(), Code::InvalidArgument, "{preset} {rules:?}");
    }
}
