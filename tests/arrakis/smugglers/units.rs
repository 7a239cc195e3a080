//! Smuggler Regulars as Atreides regular units (SM-UNIT): off the board
//! until the alliance, then Atreides regulars everywhere, mixing freely
//! with Atreides figures; an Atreides regular takes a hit before a
//! Smuggler Regular, and a lost Smuggler Regular goes back to the Atreides
//! supply of Smuggler units.
use super::*;
use crate::common::{A, H, a, play};
use melange::rules::arrakis::expansions::smugglers::data::smugglers;
use melange::rules::arrakis::{DieResult, UnitKind};

const HIT: u8 = 0;

#[test]
fn smuggler_units_stay_off_the_board_until_the_alliance() {
    // SM-UNIT-02: six regulars in the box; SM-UNIT-03: none on the board
    // before the alliance.
    assert_eq!(smugglers().components.smuggler_regulars, 6);
    let g = fresh();
    for s in g.areas() {
        assert_eq!(s.units[A][UnitKind::Smuggler], 0);
    }
}

#[test]
fn smuggler_regulars_move_and_fight_in_atreides_legions() {
    let mut g = game();
    g.test_ally_at(a("s2_1"));
    g.edit(|s| {
        s.put(A, a("s2_1"), [1, 0, 0], 0).unwrap();
        s.remove_leaders(a("s2_1"));
        s.put(H, a("s2_3"), [3, 0, 0], 0).unwrap();
        // SM-UNIT-01, SM-UNIT-05: one legion of an Atreides regular and a
        // Smuggler Regular attacks with an Atreides action.
        s.turn(A, &[DieResult::Strategy, DieResult::Strategy], 2);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s2_1")),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Smuggler),
            Action::To(a("s2_3")),
        ],
    );
    // SM-UNIT-04: both roll as regulars (2 dice); one Harkonnen hit takes
    // the Atreides regular first (docs/rules-decisions.md, Smugglers).
    g.edit(|s| s.load_dice(&[HIT, HIT, HIT, 5, 5])).unwrap();
    play(&mut g, A, &[Action::Done]);
    play(&mut g, H, &[Action::Done]);
    let group = g.battle_group().expect("the battle goes on");
    assert_eq!(group.units[UnitKind::Regular], 0);
    assert_eq!(group.units[UnitKind::Smuggler], 1);
    let supply = g.house(A).supply.smuggler;
    // A second hit: the Smuggler Regular goes back to the Atreides supply of
    // Smuggler units (docs/rules-decisions.md, Smugglers, SQ5).
    play(&mut g, A, &[Action::Continue]);
    assert_eq!(g.house(A).supply.smuggler, supply + 1);
}

#[test]
fn smuggler_regulars_count_for_the_stacking_limit() {
    // SM-UNIT-04: a Smuggler Regular counts as an Atreides regular for
    // stacking: 5 Atreides regulars and 1 Smuggler Regular fill an area.
    let mut g = game();
    g.test_ally_at(a("s2_1"));
    // The alliance brought 2 Smuggler Regulars to the Base's area: one
    // goes back to the supply.
    g.edit(|s| {
        s.take_units(A, a("s2_1"), UnitKind::Smuggler, 1);
        s.put(A, a("s2_1"), [5, 0, 0], 0).unwrap();
        s.put(A, a("s2_3"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy], 2);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s2_3")),
            Action::Take(UnitKind::Regular),
        ],
    );
    assert!(!crate::common::legal(&g, A).contains(&Action::To(a("s2_1"))));
    assert!(crate::common::legal(&g, A).contains(&Action::To(a("s2_4"))));
}
