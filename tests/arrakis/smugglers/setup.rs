//! The expansion's setup (SM-SETUP): the Smugglers board, Staban Tuek,
//! the Drone Ornithopters and the neutral start.
use super::*;
use melange::rules::arrakis::expansions::smugglers::Standing;
use melange::rules::arrakis::{Deck, Faction, LeaderAt, Rules};

/// Every House Atreides planning card of the game, wherever it is.
fn atreides_house_cards(g: &Arrakis) -> Vec<String> {
    let h = g.house(Faction::Atreides);
    h.hand
        .iter()
        .chain(h.decks.iter().flatten())
        .chain(&h.discard)
        .map(|c| d().card(*c))
        .filter(|c| c.deck == Deck::HouseAtreides)
        .map(|c| c.id.clone())
        .collect()
}

// SM-SETUP-06, SM-SETUP-07, SM-SETUP-12: one Smuggler Regular and Gurney
// Halleck wait on the Smugglers board, Staban Tuek on prescience step 7,
// the Smugglers neutral.
#[test]
fn the_smugglers_start_neutral_with_one_regular_and_staban_on_step_7() {
    let g = fresh();
    let sm = g.smugglers().unwrap().clone();
    assert_eq!(sm.standing, Standing::Neutral);
    assert_eq!(sm.staban_step, 7);
    // The setup's one, and round 1's start adds one more (SM-ROUND-01).
    assert_eq!(sm.regulars_waiting, 2);
    assert_eq!(g.house(Faction::Atreides).supply.smuggler, 4);
    assert_eq!(sm.base, None);
    let gurney = d().leader_id("gurney_halleck").unwrap();
    let staban = d().leader_id("staban_tuek").unwrap();
    // SM-SETUP-11, SM-GURNEY-02: both cards beside the Atreides, out of play.
    assert_eq!(g.leader_at(gurney), LeaderAt::NotInPlay);
    assert_eq!(g.leader_at(staban), LeaderAt::NotInPlay);
    for a in g.areas() {
        assert!(
            a.expansions.smugglers.is_clear(),
            "no Smuggler figure on the board"
        );
    }
}

// SM-SETUP-08, SM-SETUP-09: the three Drone Ornithopters replace the three
// Smugglers cards, which leave the game.
#[test]
fn the_drone_ornithopters_replace_the_smugglers_cards() {
    let g = fresh();
    let cards = atreides_house_cards(&g);
    assert_eq!(
        cards.iter().filter(|c| *c == "drone_ornithopters").count(),
        3
    );
    assert!(!cards.iter().any(|c| c.starts_with("smugglers_")));
    // Without the expansion the deck is the core one.
    let core = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    let core_cards = atreides_house_cards(&core);
    assert_eq!(core_cards.len(), cards.len());
    assert_eq!(
        core_cards
            .iter()
            .filter(|c| c.starts_with("smugglers_"))
            .count(),
        3
    );
}

// The expansion's options are refused without it, and its values checked.
#[test]
fn smugglers_options_need_the_expansion() {
    let opts = |sm: bool, v: &str| ArrakisOptions {
        smugglers: sm,
        overrides: vec![("thopter_battles".into(), v.into())],
        ..ArrakisOptions::default()
    };
    let e = opts(false, "unlimited").rules().unwrap_err().to_string();
    assert!(e.contains("turn on smugglers"), "{e}");
    let e = opts(true, "many").rules().unwrap_err().to_string();
    assert!(e.contains("one_per_placement or unlimited"), "{e}");
    let r: Rules = opts(true, "unlimited").rules().unwrap();
    assert!(r.smugglers.unwrap().battles_unlimited);
}
