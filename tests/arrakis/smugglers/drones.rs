//! The Drone Ornithopters card (SM-SETUP-03, SM-SETUP-08, SM-SETUP-09,
//! SM-ALLY-02, SM-ALLY-03): Staban Tuek down one step, one Smuggler
//! ornithopter onto the Smugglers board.
use super::*;
use crate::common::{A, play};
use melange::rules::arrakis::expansions::ExpansionEvent;
use melange::rules::arrakis::expansions::smugglers::SmEvent;
use melange::rules::arrakis::expansions::smugglers::data::smugglers;
use melange::rules::arrakis::{Deck, DieResult, Event};

fn play_drone(g: &mut Arrakis) -> Vec<Event> {
    g.edit(|s| {
        s.turn(A, &[DieResult::Mentat], 1);
        s.hand(A, &[drone()]);
    })
    .unwrap();
    play(g, A, &[Action::PlayCard(drone(), DieResult::Mentat)])
}

#[test]
fn the_drone_ornithopters_card_is_an_atreides_planning_card() {
    // SM-SETUP-03, SM-SETUP-08: three House Atreides cards, from data.
    let c = d().card(drone());
    assert_eq!(c.deck, Deck::HouseAtreides);
    assert_eq!(c.copies, smugglers().components.drone_ornithopters_cards);
    // SM-SETUP-09: the Smugglers cards are out of the game.
    for id in &smugglers().setup.replaced_cards {
        assert_eq!(d().card(d().card_id(id).unwrap()).copies, 0);
    }
    // SM-SETUP-11: Staban's and Gurney's cards and the ornithopters wait
    // beside the Atreides, out of play.
    let g = fresh();
    let sm = g.smugglers().unwrap();
    assert_eq!(sm.thopters, 0);
}

#[test]
fn each_play_moves_staban_down_and_adds_an_ornithopter() {
    let mut g = game();
    // SM-ALLY-02: one step down per play, SM-THOPTER-01: one ornithopter.
    let ev = play_drone(&mut g);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::StabanMoved { step: 6 }
    ))));
    assert_eq!(g.smugglers().unwrap().staban_step, 6);
    assert_eq!(g.smugglers().unwrap().thopters, 1);
    // The card is discarded like any played card.
    assert!(g.house(A).discard.contains(&drone()));
    // At most the game's three ornithopters.
    g.edit(|s| s.smugglers_mut().map(|sm| sm.thopters = 3))
        .unwrap();
    play_drone(&mut g);
    assert_eq!(g.smugglers().unwrap().thopters, 3);
    assert_eq!(g.smugglers().unwrap().staban_step, 5);
}

#[test]
fn after_the_alliance_the_card_moves_nobody() {
    // SM-ALLY-03: only the card and captures move Staban, and only while
    // neutral.
    let mut g = game();
    g.test_ally_at(crate::common::a("s2_1"));
    let step = g.smugglers().unwrap().staban_step;
    let ev = play_drone(&mut g);
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::Expansion(ExpansionEvent::Smugglers(SmEvent::StabanMoved { .. }))
    )));
    assert_eq!(g.smugglers().unwrap().staban_step, step);
    assert_eq!(g.smugglers().unwrap().thopters, 1);
}
