//! War for Arrakis with the Desert War expansion through the real server:
//! a whole game by remote clients, the expansion's figures in every view,
//! a Camp's marker never outside the Atreides view (DW-CAMP-05).
use std::time::Instant;

use melange::pb;
use pb::arrakis_event::Kind;

use super::arrakis::{arrakis, arrakis_view, assert_public, play_biased_move, step};
use super::support::{TestServer, public_view, seat_view};

/// The Desert War part of a view: present in every area and off the board;
/// no Camp marker unless `atreides`.
fn assert_desert_war(view: &pb::ArrakisView, atreides: bool) {
    let dw = view
        .desert_war
        .as_ref()
        .expect("the expansion's supplies in every view");
    assert!(view.areas.iter().all(|a| a.desert.is_some()));
    if !atreides {
        // DW-CAMP-05
        assert!(dw.camp_token_markers.is_empty(), "Camp supply leaked");
        assert!(
            view.areas
                .iter()
                .all(|a| a.desert.as_ref().unwrap().camp_marker.is_empty()),
            "a Camp's marker leaked"
        );
    } else {
        assert_eq!(dw.camp_token_markers.len() as u32, dw.camp_tokens);
    }
}

/// Whether an event is one of the Desert War's on the wire.
fn desert_war_event(kind: &Kind) -> bool {
    matches!(kind, Kind::TroopersRemoved(_) | Kind::DesertWarCleared(_))
}

#[tokio::test]
async fn a_desert_war_game_plays_through_the_api_with_camps_kept_secret() {
    const MOVES: u64 = 20_000;
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let options = pb::ArrakisOptions {
        desert_war: true,
        ..Default::default()
    };
    let game = client
        .create_game(arrakis(12, options, ["harkonnen", "atreides"]))
        .await
        .unwrap()
        .into_inner();
    // DW-SETUP-01 to DW-SETUP-10: everything off the board at the start.
    let start = seat_view(&mut client, &game, 1).await;
    let dw = arrakis_view(&start).desert_war.clone().unwrap();
    assert_eq!(
        (dw.escorts, dw.suspensors, dw.sandriders, dw.rockets),
        (2, 6, 2, 6)
    );
    assert_eq!(dw.camp_tokens, 3);
    assert_eq!(dw.tokens_on_board, 0);
    assert!(!dw.sandriders_card_spent);
    let started = Instant::now();
    let mut rng = melange::rules::core::RngStream::Bot(0).rng(12);
    let mut moves = 0;
    let mut desert_war_actions = 0u32;
    let mut desert_war_events = 0;
    let finished = loop {
        let public = public_view(&mut client, &game.game_id).await;
        if moves % 25 == 0 {
            assert_public(arrakis_view(&public));
            assert_desert_war(arrakis_view(&public), false);
            let harkonnen = seat_view(&mut client, &game, 0).await;
            assert_desert_war(arrakis_view(&harkonnen), false);
            let atreides = seat_view(&mut client, &game, 1).await;
            assert_desert_war(arrakis_view(&atreides), true);
        }
        let Some(&seat) = public.to_act.first() else {
            break public;
        };
        if moves == MOVES {
            break public;
        }
        let (action, applied) = play_biased_move(&mut client, &game, seat, &mut rng).await;
        // The expansion's own actions go over the wire (issue 11: a whole
        // game played through the server with expansion actions in it).
        if matches!(
            step(&action),
            pb::arrakis_action::Step::HarkonnenDesertWar(_)
                | pb::arrakis_action::Step::AtreidesDesertWar(_)
        ) {
            desert_war_actions += 1;
        }
        assert!(applied.events.iter().all(|e| !e.text.is_empty()));
        for e in &applied.events {
            let Some(pb::event::Game::Arrakis(pb::ArrakisEvent { kind: Some(kind) })) = &e.game
            else {
                continue;
            };
            desert_war_events += usize::from(desert_war_event(kind));
            // DW-CAMP-05: an event names a Camp's marker to the Atreides
            // alone.
            if let Kind::CampPlaced(camp) = kind {
                assert!(seat == 1 || camp.marker.is_none(), "{camp:?}");
            }
        }
        moves += 1;
    };
    eprintln!(
        "Desert War: {moves} moves through the API in {:?}, {desert_war_actions} Desert War \
         actions, {desert_war_events} Desert War events, status {}",
        started.elapsed(),
        finished.status
    );
    assert!(
        desert_war_actions > 0,
        "no Desert War action was played through the API"
    );
    assert_eq!(finished.status, pb::GameStatus::Finished as i32);
    assert_eq!(finished.result.clone().unwrap().winners.len(), 1);
    assert!(
        moves >= 300,
        "a whole game takes many decisions, not {moves}"
    );
    let replay = super::support::full_replay(&mut client, &game.game_id).await;
    assert_eq!(replay.actions.len() as u64, moves);
}
