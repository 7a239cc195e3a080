//! ListGames: newest first, paged, filtered by kind and status.
use std::collections::BTreeSet;

use std::time::Duration;

use melange::{
    pb,
    server::{RemoteBotConfig, ServerConfig},
};

use super::{
    harness::HARNESS_KIND,
    support::{TestServer, admin_replay, authed, full_replay, harness_request, wait_for_end},
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

/// P13 finding 14: a remote bot's endpoint is an address of the operator's
/// network, so listings and replays show anyone its kind ("remote") only;
/// the admin token holder sees the endpoint.
#[tokio::test]
async fn listings_and_replays_show_a_remote_bot_as_remote_and_its_address_to_the_admin_only() {
    // An allowed endpoint where nothing listens: both seats forfeit at
    // their first decision and the game is over.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let allowed = closed.local_addr().unwrap().to_string();
    drop(closed);
    let endpoint = format!("http://{allowed}");
    let server = TestServer::start_with(ServerConfig {
        admin_token: Some("admin-secret".into()),
        remote_bots: RemoteBotConfig {
            allowed: vec![allowed],
            timeout: Duration::from_millis(500),
            max_calls: 4,
            ..RemoteBotConfig::default()
        },
        ..ServerConfig::default()
    })
    .await;
    let mut client = server.client().await;
    let mut request = harness_request(Some(3), 2, 10, &[]);
    for seat in &mut request.seats {
        seat.bot = endpoint.clone();
    }
    let game_id = client
        .create_game(request)
        .await
        .unwrap()
        .into_inner()
        .game_id;
    tokio::time::timeout(Duration::from_secs(60), wait_for_end(&mut client, &game_id))
        .await
        .expect("both remote seats forfeit");

    let listed = client
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner();
    let bots: Vec<_> = listed.games[0]
        .seats
        .iter()
        .map(|s| s.bot.clone())
        .collect();
    assert_eq!(bots, ["remote", "remote"]);
    let replay = full_replay(&mut client, &game_id).await;
    assert!(
        replay.seats.iter().all(|seat| seat.bot == "remote"),
        "{replay:?}"
    );
    // A wrong token is anyone.
    let wrong = client
        .list_games(authed(pb::ListGamesRequest::default(), "not-the-admin"))
        .await
        .unwrap()
        .into_inner();
    assert!(wrong.games[0].seats.iter().all(|seat| seat.bot == "remote"));

    let admin = client
        .list_games(authed(pb::ListGamesRequest::default(), "admin-secret"))
        .await
        .unwrap()
        .into_inner();
    assert!(admin.games[0].seats.iter().all(|seat| seat.bot == endpoint));
    let replay = admin_replay(&mut client, &game_id).await;
    assert!(replay.seats.iter().all(|seat| seat.bot == endpoint));
    server.shutdown().await;
}

/// Issue 31, item 16: a listing says what the viewer's game list shows:
/// each game's options (its expansions), its result once it is over, and
/// when it was created.
#[tokio::test]
async fn a_summary_has_the_options_the_result_and_the_creation_time() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let options = pb::GameOptions {
        game: Some(pb::game_options::Game::Arrakis(pb::ArrakisOptions {
            desert_war: true,
            smugglers: false,
        })),
        max_rounds: Some(3),
        ..Default::default()
    };
    let arrakis = client
        .create_game(pb::CreateGameRequest {
            kind: pb::GameKind::WarForArrakis as i32,
            options: Some(options.clone()),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    // All-bot: its bots play it to the end.
    let over = client
        .create_game(harness_request(Some(4), 2, 10, &[0, 1]))
        .await
        .unwrap()
        .into_inner();
    let view = wait_for_end(&mut client, &over.game_id).await;
    let after = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let listed = client
        .list_games(pb::ListGamesRequest::default())
        .await
        .unwrap()
        .into_inner()
        .games;
    let summary = |id: &str| listed.iter().find(|g| g.game_id == id).unwrap().clone();

    let running = summary(&arrakis.game_id);
    assert_eq!(running.options, Some(options));
    assert_eq!(running.result, None);
    assert!(
        (before..=after).contains(&running.created_unix),
        "{running:?}"
    );

    let finished = summary(&over.game_id);
    assert!(view.result.is_some());
    assert_eq!(finished.result, view.result);
    assert!((before..=after).contains(&finished.created_unix));
    server.shutdown().await;
}
