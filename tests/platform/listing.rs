//! ListGames: newest first, paged, filtered by kind and status.
use std::collections::BTreeSet;

use melange::pb;

use super::{
    harness::HARNESS_KIND,
    support::{TestServer, harness_request},
};

#[tokio::test]
async fn pages_cover_every_game_once_and_filters_apply() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut created = Vec::new();
    for seed in 0..7 {
        // Seeds 0, 2, 4, 6 are all-bot games that finish at creation.
        let bots: &[usize] = if seed % 2 == 0 { &[0, 1] } else { &[] };
        created.push(
            client
                .create_game(harness_request(Some(seed), 2, 10, bots))
                .await
                .unwrap()
                .into_inner()
                .game_id,
        );
    }
    let mut seen = Vec::new();
    let mut token = String::new();
    loop {
        let page = client
            .list_games(pb::ListGamesRequest {
                page_size: 3,
                page_token: token.clone(),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        assert!(page.games.len() <= 3);
        seen.extend(page.games.into_iter().map(|g| g.game_id));
        if page.next_page_token.is_empty() {
            break;
        }
        token = page.next_page_token;
    }
    created.reverse();
    assert_eq!(seen, created, "newest first, each once");

    let finished = client
        .list_games(pb::ListGamesRequest {
            status: pb::GameStatus::Finished as i32,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(finished.games.len(), 4);
    assert!(
        finished
            .games
            .iter()
            .all(|g| g.to_act.is_empty() && g.seats.iter().all(|s| s.token.is_empty()))
    );
    let running = client
        .list_games(pb::ListGamesRequest {
            kind: HARNESS_KIND,
            status: pb::GameStatus::InProgress as i32,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let ids: BTreeSet<_> = running.games.iter().map(|g| g.game_id.clone()).collect();
    assert_eq!(ids.len(), 3);
    let imperium = client
        .list_games(pb::ListGamesRequest {
            kind: pb::GameKind::Imperium as i32,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(imperium.games.is_empty());
}

#[tokio::test]
async fn a_filter_that_matches_little_ends_its_pages_early_and_the_tokens_find_every_game() {
    // Issue 13, finding 7: no ListGames call walks every live game. One
    // finished game under 5,000 running ones: a page looks at a bounded
    // number of games, answers with what it found (maybe nothing) and a
    // token, and following the tokens finds the finished game once. The
    // one client that creates them all may (P13's per-client quotas).
    let server = TestServer::start_with(melange::server::ServerConfig {
        quotas: melange::server::QuotaConfig {
            max_games_per_client: 10_000,
            creates_per_minute_per_client: 100_000,
            ..Default::default()
        },
        ..Default::default()
    })
    .await;
    let mut client = server.client().await;
    let finished = client
        .create_game(harness_request(Some(0), 2, 10, &[0, 1]))
        .await
        .unwrap()
        .into_inner()
        .game_id;
    for seed in 1..=5_000 {
        client
            .create_game(harness_request(Some(seed), 2, 10, &[]))
            .await
            .unwrap();
    }
    let mut found = Vec::new();
    let mut token = String::new();
    let mut pages = 0;
    loop {
        let page = client
            .list_games(pb::ListGamesRequest {
                status: pb::GameStatus::Finished as i32,
                page_size: 10,
                page_token: token.clone(),
                ..Default::default()
            })
            .await
            .unwrap()
            .into_inner();
        pages += 1;
        found.extend(page.games.into_iter().map(|game| game.game_id));
        if page.next_page_token.is_empty() {
            break;
        }
        token = page.next_page_token;
    }
    assert_eq!(found, [finished]);
    // 5,001 games in walks of at most 4,096.
    assert_eq!(pages, 2);
}
