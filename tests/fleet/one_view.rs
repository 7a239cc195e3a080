//! One fleet, one view: ListGames lists every server's games, GetReplay
//! answers for any game from any server, and a server that cannot reach
//! the journal says NOT_SERVING and answers UNAVAILABLE.
use melange::pb;
use tonic_health::pb::{HealthCheckRequest, health_client::HealthClient};

use super::cluster::{
    ADMIN, Server, call, connect, fleet_of, free_port, fresh_database, play_one, two_humans,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: .ci/fleet runs it"]
async fn every_server_lists_the_whole_fleet_and_replays_any_game() {
    let journal = fresh_database("fleet_view").await;
    let [a, b]: [Server; 2] = fleet_of(&journal, &["a", "b"]).try_into().ok().unwrap();
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    let on_a_game = on_a.create_game(two_humans(21)).await.unwrap().into_inner();
    let on_b_game = on_b.create_game(two_humans(22)).await.unwrap().into_inner();
    play_one(&mut on_b, &on_b_game).await.unwrap();

    let mut seen = Vec::new();
    let mut page_token = String::new();
    loop {
        let page = on_a
            .list_games(pb::ListGamesRequest {
                page_size: 1,
                page_token: page_token.clone(),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        seen.extend(page.games);
        if page.next_page_token.is_empty() {
            break;
        }
        page_token = page.next_page_token;
    }
    let mut ids: Vec<&str> = seen.iter().map(|game| game.game_id.as_str()).collect();
    ids.sort_unstable();
    let mut expected = [on_a_game.game_id.as_str(), on_b_game.game_id.as_str()];
    expected.sort_unstable();
    assert_eq!(ids, expected, "a lists its game and b's, one per page");
    let of_b = seen
        .iter()
        .find(|game| game.game_id == on_b_game.game_id)
        .unwrap();
    assert_eq!(
        (of_b.version, of_b.status),
        (1, pb::GameStatus::InProgress as i32)
    );
    let finished = on_a
        .list_games(pb::ListGamesRequest {
            status: pb::GameStatus::Finished as i32,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(finished.games.is_empty());

    // GetReplay of b's game from a (the admin reads a running game).
    let mut request = call(
        pb::GetReplayRequest {
            game_id: on_b_game.game_id.clone(),
            ..Default::default()
        },
        &on_b_game.game_id,
        Some(ADMIN),
    );
    request.metadata_mut().remove("x-melange-game");
    let replay = on_a.get_replay(request).await.unwrap().into_inner();
    assert_eq!(replay.actions.len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: .ci/fleet runs it"]
async fn a_server_that_cannot_reach_the_journal_is_not_serving() {
    // Nothing listens on this port: the journal is unreachable.
    let nowhere = format!("postgres://postgres@127.0.0.1:{}/nowhere", free_port());
    let server = Server::start(&nowhere, "lost", free_port());
    let mut client = connect(&server.address).await;
    let channel = tonic::transport::Channel::from_shared(format!("http://{}", server.address))
        .unwrap()
        .connect()
        .await
        .unwrap();
    let health = HealthClient::new(channel)
        .check(HealthCheckRequest {
            service: String::new(),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        health.status,
        tonic_health::pb::health_check_response::ServingStatus::NotServing as i32
    );
    let refused = client.create_game(two_humans(1)).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::Unavailable, "{refused:?}");
}
