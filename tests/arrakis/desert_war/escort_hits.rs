//! An Escort Ornithopter's 2 hits (DW-ESCORT-10, DW-ESCORT-11) under the
//! core casualty order (AR-COMBAT-19 to AR-COMBAT-24): hits go to units
//! first, a leader is hit only once no unit is left, and then every leader
//! goes with the last unit; so the Escort absorbs up to 2 of the hits left
//! (1 removes it too) but never saves a unit (docs/rules-decisions.md,
//! "An Escort's 2 hits").
use super::game;
use crate::common::*;
use melange::rules::arrakis::expansions::ExpansionAction;
use melange::rules::arrakis::{Action, Arrakis, BattleStep, DieResult, Prompt, UnitKind};

/// Combat die faces (data): 0-2 Hit, 3-4 Shield, 5 Special.
const HIT: u8 = 0;
const SHIELD: u8 = 3;

fn escorts_off(g: &Arrakis) -> u8 {
    g.desert_war().unwrap().escorts
}

/// The Atreides attack from s1_1 with 3 regulars the Harkonnen legion of
/// 2 regulars in s1_2 with an Escort (`escort`) or a plain generic
/// leader; the Atreides roll `atreides`, the Harkonnen 2 Hits.
fn atreides_attack(escort: bool, atreides: [u8; 3]) -> Arrakis {
    let mut g = game();
    g.edit(|s| s.put(A, a("s1_1"), [3, 0, 0], 0)).unwrap();
    if escort {
        g.edit(|s| {
            s.put(H, a("s1_2"), [2, 0, 0], 0).unwrap();
            s.put_escort(a("s1_2")).unwrap();
        })
        .unwrap();
    } else {
        g.edit(|s| s.put(H, a("s1_2"), [2, 0, 0], 1)).unwrap();
    }
    g.edit(|s| {
        s.turn(A, &[DieResult::Strategy], 2);
        s.hand(A, &[]);
        s.hand(H, &[]);
    })
    .unwrap();
    let mut dice = atreides.to_vec();
    dice.extend([HIT, HIT]);
    g.edit(|s| s.load_dice(&dice)).unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::To(a("s1_2")),
        ],
    );
    g
}

/// The Harkonnen attack from s1_1 with `regulars` regulars and the Escort
/// of their legion the Atreides legion of `atreides` regulars in s1_2, the
/// dice coming up `dice` (the Harkonnen's first): the game before the
/// attack and after it.
fn harkonnen_attack(regulars: u8, atreides: u8, dice: &[u8]) -> (Arrakis, Arrakis) {
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [regulars, 0, 0], 0).unwrap();
        s.put_escort(a("s1_1")).unwrap();
        s.put(A, a("s1_2"), [atreides, 0, 0], 0).unwrap();
        s.turn(H, &[DieResult::Strategy], 2);
        s.hand(A, &[]);
        s.hand(H, &[]);
        s.load_dice(dice);
    })
    .unwrap();
    let before = g.clone();
    let mut actions = vec![
        Action::SpendDie(DieResult::Strategy),
        Action::Legion(a("s1_1")),
    ];
    actions.extend((0..regulars).map(|_| Action::Take(UnitKind::Regular)));
    actions.extend([
        Action::Expansion(ExpansionAction::DesertWar(
            melange::rules::arrakis::expansions::desert_war::DwAction::TakeEscort,
        )),
        Action::To(a("s1_2")),
    ]);
    play(&mut g, H, &actions);
    (before, g)
}

#[test]
fn an_escort_never_takes_a_hit_while_a_unit_is_left() {
    // DW-ESCORT-10 with AR-COMBAT-19, AR-COMBAT-22: 1 Hit on a legion of 2
    // regulars and an Escort takes a regular; the Escort's 2 hits do not
    // shield it.
    let mut g = atreides_attack(true, [HIT, SHIELD, SHIELD]);
    let s = &g.areas()[a("s1_2").index()];
    assert_eq!(s.units[H], [1, 0, 0]);
    assert_eq!((s.generic[H], s.expansions.desert.escorts), (1, 1));
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Continue));
    // The same with a plain generic leader: the same casualties.
    let p = atreides_attack(false, [HIT, SHIELD, SHIELD]);
    assert_eq!(p.areas()[a("s1_2").index()].units[H], [1, 0, 0]);
    assert_eq!(p.areas()[a("s1_2").index()].generic[H], 1);
    play(&mut g, A, &[Action::Done]);
}

#[test]
fn an_escort_hit_goes_with_the_last_unit_back_to_its_supply() {
    // DW-ESCORT-10, DW-ESCORT-11: 3 Hits on 2 regulars and an Escort: the
    // regulars, then the Escort, which could absorb 2 but takes the 1 left
    // and is removed, back to the Escorts' supply. With a plain generic
    // leader the board ends the same (AR-COMBAT-24): only the supply it
    // goes back to differs.
    let mut e = atreides_attack(true, [HIT, HIT, HIT]);
    let mut p = atreides_attack(false, [HIT, HIT, HIT]);
    for g in [&e, &p] {
        let s = &g.areas()[a("s1_2").index()];
        assert_eq!(
            (s.unit_count(H), s.generic[H], s.expansions.desert.escorts),
            (0, 0, 0)
        );
        assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
    }
    let fresh = game();
    assert_eq!(escorts_off(&e), escorts_off(&fresh));
    assert_eq!(e.house(H).generic_supply, fresh.house(H).generic_supply);
    assert_eq!(p.house(H).generic_supply, fresh.house(H).generic_supply);
    play(&mut e, A, &[Action::Advance]);
    play(&mut p, A, &[Action::Advance]);
    assert_eq!(e.areas()[a("s1_2").index()].units[A], [1, 0, 0]);
    assert_eq!(p.areas()[a("s1_2").index()].units[A], [1, 0, 0]);
}

#[test]
fn an_attacking_groups_escort_is_counted_while_its_battle_lasts() {
    // DW-ESCORT-08, DW-SETUP-01: during its battle an attacking group is
    // off the board with its Escort, which is still in the game: the
    // position mid-battle is sound and reads back the same
    // (cargo-mutants: counting that Escort out instead of in went
    // unnoticed).
    let (before, g) = harkonnen_attack(3, 2, &[HIT, SHIELD, SHIELD, SHIELD, SHIELD]);
    let off = escorts_off(&before);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Continue));
    assert_eq!(escorts_off(&g), off);
    let mut same = g.clone();
    same.edit(|_| ()).unwrap();
    assert_eq!(same, g);
}

#[test]
fn an_escort_in_an_attacking_group_absorbs_the_hits_left() {
    // DW-ESCORT-10, DW-ESCORT-11: the Harkonnen attack with 1 regular and
    // the Escort of their legion; 3 Hits: the regular, and the Escort goes
    // with it (AR-COMBAT-24) before it could absorb the 2 left; it goes
    // back to its supply, not the generic leaders'.
    // The Harkonnen roll 1 Shield, the Atreides 3 Hits.
    let (before, g) = harkonnen_attack(1, 3, &[SHIELD, HIT, HIT, HIT]);
    let off = escorts_off(&before);
    let generic = before.house(H).generic_supply;
    // The attack is over, the attackers all gone (AR-COMBAT-24).
    assert!(!matches!(g.prompt(), Prompt::Battle(_)));
    let s = &g.areas()[a("s1_1").index()];
    assert_eq!(
        (s.unit_count(H), s.generic[H], s.expansions.desert.escorts),
        (0, 0, 0)
    );
    assert_eq!(g.areas()[a("s1_2").index()].units[A], [3, 0, 0]);
    assert_eq!(escorts_off(&g), off + 1);
    assert_eq!(g.house(H).generic_supply, generic);
}
