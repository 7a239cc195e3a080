//! War for Arrakis with the Smugglers expansion through the real server,
//! alone and with the Desert War: whole games by remote clients, the
//! Smugglers' part in every view (all public), and their actions and
//! events on the wire.
use std::time::Instant;

use melange::pb;
use pb::arrakis_event::Kind;

use super::arrakis::{arrakis, arrakis_view, assert_public, play_biased_move, step};
use super::support::{TestServer, public_view, seat_view};

/// The Smugglers part of a view: the same in every view (nothing of the
/// expansion is hidden) and present in every area.
fn assert_smugglers(views: [&pb::ArrakisView; 3]) {
    let first = views[0]
        .smugglers
        .clone()
        .expect("the Smugglers in every view");
    for v in views {
        assert_eq!(
            v.smugglers.as_ref(),
            Some(&first),
            "the Smugglers are public"
        );
        assert!(v.areas.iter().all(|a| a.smugglers.is_some()));
    }
    assert!(["neutral", "allied", "defeated"].contains(&first.standing.as_str()));
}

/// Plays one whole game with the options through the server; returns the
/// Smugglers actions and events seen on the wire and the final standing.
async fn whole_game(seed: u64, options: pb::ArrakisOptions) -> (u32, u32, String) {
    const MOVES: u64 = 20_000;
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(arrakis(seed, options, ["harkonnen", "atreides"]))
        .await
        .unwrap()
        .into_inner();
    // SM-SETUP-06, SM-SETUP-07, SM-SETUP-12, SM-ROUND-01: the start, the
    // setup's Smuggler Regular and round 1's waiting.
    let start = seat_view(&mut client, &game, 1).await;
    let sm = arrakis_view(&start).smugglers.clone().unwrap();
    assert_eq!(
        (sm.standing.as_str(), sm.staban_step, sm.regulars_waiting),
        ("neutral", 7, 2)
    );
    let started = Instant::now();
    let mut rng = melange::rules::core::RngStream::Bot(0).rng(seed);
    let (mut moves, mut actions, mut events) = (0u64, 0u32, 0u32);
    let finished = loop {
        let public = public_view(&mut client, &game.game_id).await;
        if moves % 25 == 0 {
            assert_public(arrakis_view(&public));
            let harkonnen = seat_view(&mut client, &game, 0).await;
            let atreides = seat_view(&mut client, &game, 1).await;
            assert_smugglers([
                arrakis_view(&public),
                arrakis_view(&harkonnen),
                arrakis_view(&atreides),
            ]);
        }
        let Some(&seat) = public.to_act.first() else {
            break public;
        };
        if moves == MOVES {
            break public;
        }
        let (action, applied) = play_biased_move(&mut client, &game, seat, &mut rng).await;
        if matches!(step(&action), pb::arrakis_action::Step::Smugglers(_)) {
            actions += 1;
        }
        assert!(applied.events.iter().all(|e| !e.text.is_empty()));
        for e in &applied.events {
            if let Some(pb::event::Game::Arrakis(pb::ArrakisEvent { kind: Some(kind) })) = &e.game
                && smugglers_event(kind)
            {
                events += 1;
            }
        }
        moves += 1;
    };
    eprintln!(
        "Smugglers: {moves} moves through the API in {:?}, {actions} Smugglers actions, \
         {events} Smugglers events, status {}",
        started.elapsed(),
        finished.status
    );
    assert_eq!(finished.status, pb::GameStatus::Finished as i32);
    assert_eq!(finished.result.clone().unwrap().winners.len(), 1);
    let replay = super::support::full_replay(&mut client, &game.game_id).await;
    assert_eq!(replay.actions.len() as u64, moves);
    let standing = arrakis_view(&finished).smugglers.clone().unwrap().standing;
    (actions, events, standing)
}

/// Whether an event is one of the Smugglers' counted here on the wire.
fn smugglers_event(kind: &Kind) -> bool {
    matches!(
        kind,
        Kind::StabanMoved(_)
            | Kind::SmugglerRegularsAdded(_)
            | Kind::SmugglerHarvesterPlaced(_)
            | Kind::SmugglerHarvesterCaptured(_)
            | Kind::SmugglersAllied(_)
            | Kind::SmugglersDieRolled(_)
            | Kind::ThopterBattle(_)
    )
}

#[tokio::test]
async fn a_smugglers_game_plays_through_the_api() {
    let options = pb::ArrakisOptions {
        smugglers: true,
        ..Default::default()
    };
    let (actions, events, _) = whole_game(21, options).await;
    assert!(
        actions + events > 0,
        "the Smugglers never showed on the wire"
    );
}

#[tokio::test]
async fn a_smugglers_and_desert_war_game_plays_through_the_api() {
    let options = pb::ArrakisOptions {
        smugglers: true,
        desert_war: true,
    };
    // Seed 22 ran past the move cap once "take the whole legion" joined
    // the legal actions (AR-MOVE-01) and the biased random game changed.
    let (actions, events, _) = whole_game(24, options).await;
    assert!(
        actions + events > 0,
        "the Smugglers never showed on the wire"
    );
}
