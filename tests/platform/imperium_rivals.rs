//! Dune: Imperium with House Hagal rivals through the real server: a solo
//! and a 2-player game played to the end by remote clients, rivals shown in
//! the view but never seated, and the refusal of a 2-player game without
//! rivals (IM-HAGAL-01, IM-SOLO-01).
use melange::pb;
use rand::Rng;
use tonic::Code;

use super::support::{Client, TestServer, authed};

fn request(seed: u64, players: u32, no_rivals: bool) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        kind: pb::GameKind::Imperium as i32,
        seed: Some(seed),
        options: Some(pb::GameOptions {
            game: Some(pb::game_options::Game::Imperium(pb::ImperiumOptions {
                player_count: players,
                no_rivals,
                ..Default::default()
            })),
            ..Default::default()
        }),
        seats: (0..players as usize)
            .map(|_| pb::SeatConfig {
                bot: String::new(),
                plays: String::new(),
            })
            .collect(),
    }
}

fn imperium_view(view: &pb::View) -> &pb::ImperiumView {
    match &view.game {
        Some(pb::view::Game::Imperium(game)) => game,
        other => panic!("an Imperium view expected, got {other:?}"),
    }
}

/// Plays a whole game as remote clients, random legal actions; checks that
/// only human seats are ever to act.
async fn play_remote(
    client: &mut Client,
    game: &pb::CreateGameResponse,
    seed: u64,
) -> (pb::View, u64) {
    let mut rng = melange::rules::core::RngStream::Bot(0).rng(seed);
    let mut moves = 0;
    loop {
        let public = client
            .get_view(pb::GetViewRequest {
                game_id: game.game_id.clone(),
                seat: None,
            })
            .await
            .unwrap()
            .into_inner();
        let Some(&seat) = public.to_act.first() else {
            return (public, moves);
        };
        assert!(
            (seat as usize) < game.seats.len(),
            "a rival is never to act"
        );
        let token = &game.seats[seat as usize].token;
        let mut mine = client
            .get_view(authed(
                pb::GetViewRequest {
                    game_id: game.game_id.clone(),
                    seat: Some(seat),
                },
                token,
            ))
            .await
            .unwrap()
            .into_inner();
        let pick = rng.random_range(0..mine.legal_actions.len());
        let request = pb::ApplyActionRequest {
            game_id: game.game_id.clone(),
            seat,
            expected_version: mine.version,
            action: mine.legal_actions.swap_remove(pick).action,
        };
        client.apply_action(authed(request, token)).await.unwrap();
        moves += 1;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn solo_and_two_player_games_play_to_the_end_through_the_api() {
    let server = TestServer::start().await;
    for (players, rivals) in [(1u32, 2usize), (2, 1)] {
        let mut client = server.client().await;
        let game = client
            .create_game(request(7, players, false))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(game.seats.len(), players as usize, "rivals are not seats");
        let (end, moves) = play_remote(&mut client, &game, 7).await;
        assert_eq!(end.status, pb::GameStatus::Finished as i32);
        assert!(moves > 10);
        let view = imperium_view(&end);
        assert_eq!(view.players.len(), players as usize);
        assert_eq!(view.rivals.len(), rivals);
        for r in &view.rivals {
            assert!(r.seat >= players);
            // House Hagal has no leader; solo Rivals have one.
            assert_eq!(r.leader.is_empty(), players == 2);
        }
        assert!(!view.hagal_revealed.is_empty());
        let result = end.result.unwrap();
        assert_eq!(result.ranking.len(), players as usize);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_player_game_without_rivals_is_refused() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let status = client.create_game(request(1, 2, true)).await.unwrap_err();
    assert_eq!(status.code(), Code::InvalidArgument);
    assert!(
        status.message().contains("House Hagal"),
        "{}",
        status.message()
    );
}
