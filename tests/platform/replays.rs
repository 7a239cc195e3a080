//! GetReplay in pages (issue 13, finding 5): a replay longer than a page is
//! fetched page by page, and the pages add up to the whole replay.
use melange::pb;
use tonic::Code;

use super::{
    arrakis::arrakis,
    support::{Client, TestServer, harness_request, wait_for_end},
};

/// Every page of a finished game's replay, `page_size` actions at most each.
async fn pages(client: &mut Client, game_id: &str, page_size: u32) -> Vec<pb::Replay> {
    let mut pages = Vec::new();
    let mut token = String::new();
    loop {
        let page = client
            .get_replay(pb::GetReplayRequest {
                game_id: game_id.to_owned(),
                page_size,
                page_token: token.clone(),
            })
            .await
            .unwrap()
            .into_inner();
        token = page.next_page_token.clone();
        pages.push(page);
        if token.is_empty() {
            return pages;
        }
    }
}

/// The pages' actions in order, each page checked against the whole replay.
fn joined(pages: &[pb::Replay], whole: &pb::Replay, page_size: usize) -> Vec<pb::RecordedAction> {
    let mut actions = Vec::new();
    for page in pages {
        assert!(page.actions.len() <= page_size);
        let fields = pb::Replay {
            actions: Vec::new(),
            next_page_token: String::new(),
            ..page.clone()
        };
        let expected = pb::Replay {
            actions: Vec::new(),
            ..whole.clone()
        };
        assert_eq!(fields, expected, "every page repeats the game's fields");
        actions.extend(page.actions.iter().cloned());
    }
    actions
}

#[tokio::test]
async fn a_replay_longer_than_a_page_is_fetched_page_by_page() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // An all-bot harness game: over by the time it is created.
    let game = client
        .create_game(harness_request(Some(7), 3, 40, &[0, 1, 2]))
        .await
        .unwrap()
        .into_inner();
    let whole = super::support::full_replay(&mut client, &game.game_id).await;
    assert_eq!(whole.status, pb::GameStatus::Finished as i32);
    assert!(whole.next_page_token.is_empty(), "a short game is one page");
    let count = whole.actions.len();
    assert!(count > 8, "the game has {count} actions");

    let paged = pages(&mut client, &game.game_id, 4).await;
    assert_eq!(paged.len(), count.div_ceil(4));
    assert_eq!(joined(&paged, &whole, 4), whole.actions);

    // Tokens are checked: not a number, or beyond the game, is refused.
    for token in ["abc", "-1", &(count + 1).to_string()] {
        let refused = client
            .get_replay(pb::GetReplayRequest {
                game_id: game.game_id.clone(),
                page_size: 4,
                page_token: token.to_owned(),
            })
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument, "token {token}");
    }
    // The token at the end gives an empty last page.
    let end = client
        .get_replay(pb::GetReplayRequest {
            game_id: game.game_id.clone(),
            page_size: 4,
            page_token: count.to_string(),
        })
        .await
        .unwrap()
        .into_inner();
    assert!(end.actions.is_empty() && end.next_page_token.is_empty());
}

#[tokio::test]
async fn a_long_bot_war_for_arrakis_replay_pages_add_up_to_the_whole() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut request = arrakis(3, pb::ArrakisOptions::default(), ["", ""]);
    for seat in &mut request.seats {
        seat.bot = "random".into();
    }
    let game = client.create_game(request).await.unwrap().into_inner();
    // The bots play on after creation; wait for the end.
    wait_for_end(&mut client, &game.game_id).await;
    let whole = super::support::full_replay(&mut client, &game.game_id).await;
    let count = whole.actions.len();
    assert!(count > 2_000, "the game has {count} actions");
    let paged = pages(&mut client, &game.game_id, 1_000).await;
    assert_eq!(paged.len(), count.div_ceil(1_000));
    assert_eq!(joined(&paged, &whole, 1_000), whole.actions);
}
