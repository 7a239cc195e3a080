//! Dune: Imperium with House Hagal rivals through the real server: a solo
//! and a 2-player game played to the end by remote clients, rivals shown in
//! the view but never seated, and the refusal of a 2-player game without
//! rivals (IM-HAGAL-01, IM-SOLO-01).
use melange::pb;
use tonic::Code;

use super::{
    imperium::imperium_view,
    support::{TestServer, play_random},
};

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
        seats: Vec::new(),
        ..Default::default()
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
        let (end, moves) = play_random(&mut client, &game, 7).await;
        assert_eq!(end.status, pb::GameStatus::Finished as i32);
        assert!(moves > 10);
        let view = imperium_view(&end);
        assert_eq!(view.players.len(), players as usize);
        assert_eq!(view.rivals.len(), rivals);
        for r in &view.rivals {
            assert!(r.seat >= players);
            // Solo Rivals have a leader; so has House Hagal by default,
            // for its Signet Ring (IM-HAGAL-07, `hagal_signet = text`).
            assert!(!r.leader.is_empty());
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
