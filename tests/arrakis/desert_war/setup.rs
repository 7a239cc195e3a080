//! Setup and options of the Desert War expansion.
use melange::rules::arrakis::{Arrakis, ArrakisOptions, Marker};
use melange::rules::core::{RuleError, Ruleset};

fn desert_war(overrides: &[(&str, &str)]) -> ArrakisOptions {
    ArrakisOptions {
        desert_war: true,
        overrides: overrides
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        ..Default::default()
    }
}

#[test]
fn every_component_starts_off_the_board() {
    // DW-SETUP-01 to DW-SETUP-10: every figure, token and the Sandriders
    // card start off the board, ready for their house.
    let g = Arrakis::setup(&desert_war(&[]), 3).unwrap();
    let dw = g.desert_war().expect("the expansion's state");
    assert_eq!(dw.escorts, 2); // DW-SETUP-01
    assert_eq!(dw.suspensors, 6); // DW-SETUP-02
    assert_eq!(dw.sandriders, 2); // DW-SETUP-04
    assert_eq!(dw.rockets, 6); // DW-SETUP-05
    // DW-SETUP-06: 3 Camps, one token of each prescience marker.
    let mut tokens = dw.camp_tokens.clone();
    tokens.sort();
    assert_eq!(
        tokens,
        [Marker::KwisatzHaderach, Marker::SandDwellers, Marker::Jihad]
    );
    assert_eq!(dw.tokens_on_board, 0); // DW-SETUP-03: tokens wait for Vehicle Placement
    assert!(!dw.sandriders_card_spent); // DW-SETUP-10: face up
    assert!(g.areas().iter().all(|a| a.expansions.desert.is_clear())); // DW-SETUP-08, DW-SETUP-09
    // The core game carries no Desert War state.
    let core = Arrakis::setup(&ArrakisOptions::default(), 3).unwrap();
    assert!(core.desert_war().is_none());
}

#[test]
fn desert_war_options_need_the_expansion() {
    // docs/rules-decisions.md, Desert War: each option takes its listed
    // values; without the expansion its options are refused.
    let on = desert_war(&[("fremen_camps", "optional"), ("sandrider_dice", "plus_one")]);
    let r = on.rules().unwrap().desert_war.unwrap();
    assert!(r.camps_optional && r.sandrider_adds_die);
    assert!(!r.rocket_own_area && !r.escort_and_transport_stack);
    let bad = desert_war(&[("fremen_camps", "sometimes")]);
    let Err(RuleError::InvalidOptions(m)) = bad.rules() else {
        panic!("a bad value is refused")
    };
    assert!(m.contains("compulsory or optional"), "{m}");
    let off = ArrakisOptions {
        overrides: vec![("fremen_camps".into(), "optional".into())],
        ..Default::default()
    };
    let Err(RuleError::InvalidOptions(m)) = off.rules() else {
        panic!("a Desert War option without the expansion is refused")
    };
    assert!(m.contains("desert_war"), "{m}");
    // The published preset sets none of them.
    let published = ArrakisOptions {
        desert_war: true,
        preset: melange::rules::arrakis::Preset::Published,
        ..Default::default()
    };
    assert_eq!(
        published.rules().unwrap().desert_war,
        Some(Default::default())
    );
}

#[test]
fn the_box_holds_the_tokens_and_the_sandriders_card() {
    use melange::rules::arrakis::expansions::desert_war::data::{self, Mode};
    let d = data::desert_war();
    // DW-SETUP-03: 4 Desert War tokens, none on the board before Vehicle
    // Placement.
    assert_eq!(d.harkonnen.desert_war_tokens, 4);
    // DW-SETUP-07, DW-SETUP-10: the Sandriders leader card, face up (not
    // spent) at the start.
    assert_eq!(d.atreides.leader_cards, ["sandriders"]);
    assert_eq!(d.sandriders_leader.id, "sandriders");
    let g = Arrakis::setup(&desert_war(&[]), 5).unwrap();
    assert!(!g.desert_war().unwrap().sandriders_card_spent);
    // DW-COMPAT-01: the Mahdi solo mode is the mode refused with the
    // expansion; the game offers no solo mode at all (2 players, one seat
    // per house), so every Desert War game is a 2-player one.
    assert_eq!(d.compatibility.incompatible_modes, [Mode::MahdiSolo]);
    assert_eq!(g.seat_count(), 2);
}
