//! Troop-transport with Smuggler ornithopters (SM-THOPTER-13,
//! SM-THOPTER-14): an Atreides legion moves or attacks up to 2 areas away,
//! across impassable borders, enemy legions and sandworms.
use super::die::{allied, use_die};
use super::*;
use crate::common::*;
use melange::rules::arrakis::expansions::smugglers::{DieUse, SmAction, SmEvent, Standing};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent};
use melange::rules::arrakis::{
    Action, AirZoneId, DieResult, Event, Prompt, UnitKind, Vehicle, board,
};
use melange::rules::core::conformance::assert_refused;

fn zone(id: &str) -> AirZoneId {
    board().air_zone_id(id).unwrap()
}

fn transport(z: &str, to: &str) -> Action {
    Action::Expansion(ExpansionAction::Smugglers(SmAction::ThopterTransport(
        zone(z),
        a(to),
    )))
}

/// An allied game: a Smuggler ornithopter in az1 (sectors s1 and s5), an
/// Atreides regular in s1_3 picked to move with a Strategy die.
fn moving(opts: Option<(&str, &str)>) -> Arrakis {
    let mut g = match opts {
        None => allied(),
        Some((n, v)) => {
            let mut g = game_with(ArrakisOptions {
                smugglers: true,
                overrides: vec![(n.into(), v.into())],
                ..ArrakisOptions::default()
            });
            g.edit(|s| {
                s.clear_board();
                s.smugglers_standing(Standing::Allied).unwrap();
            })
            .unwrap();
            g
        }
    };
    g.edit(|s| {
        s.zones[zone("az1").index()] = Some(Vehicle::SMUGGLER_ORNITHOPTER);
        s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy, DieResult::Strategy], 2);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_3")),
            Action::Take(UnitKind::Regular),
        ],
    );
    g
}

#[test]
fn a_smuggler_ornithopter_carries_an_atreides_legion_two_areas() {
    // SM-THOPTER-13: from a connected Air zone, up to 2 areas away.
    let mut g = moving(None);
    let thopters = g.smugglers().unwrap().thopters;
    assert!(legal(&g, A).contains(&transport("az1", "s1_2")));
    // 3 areas away: out of reach.
    let e = assert_refused(&g, seat(A), &transport("az1", "s1_6"));
    assert_eq!(rule_of(e), "SM-THOPTER-13");
    // An Air zone not connected to the legion's area.
    g.edit(|s| s.zones[zone("az5").index()] = Some(Vehicle::SMUGGLER_ORNITHOPTER))
        .unwrap();
    let e = assert_refused(&g, seat(A), &transport("az5", "s1_2"));
    assert_eq!(rule_of(e), "SM-THOPTER-13");
    // SM-THOPTER-14: across enemy legions and sandworms between.
    g.edit(|s| {
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put(H, a("s1_4"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    let ev = play(&mut g, A, &[transport("az1", "s1_2")]);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::ThopterTransport { zone: zone("az1") }
    ))));
    assert_eq!(g.areas()[a("s1_2").index()].units[A].regular, 1);
    assert_eq!(g.areas()[a("s1_3").index()].units[A].regular, 0);
    // Spent: off the board, back to the Smugglers board (SQ8).
    assert_eq!(g.zones()[zone("az1").index()], None);
    assert_eq!(g.smugglers().unwrap().thopters, thopters + 1);
}

#[test]
fn a_smuggler_ornithopter_crosses_impassable_borders() {
    // SM-THOPTER-14: Broken Land lies across an impassable border.
    let mut g = moving(None);
    let e = assert_refused(&g, seat(A), &Action::To(a("broken_land")));
    assert_eq!(rule_of(e), "AR-MOVE-05");
    play(&mut g, A, &[transport("az1", "broken_land")]);
    assert_eq!(g.areas()[a("broken_land").index()].units[A].regular, 1);
}

#[test]
fn a_smuggler_ornithopter_carries_an_attack() {
    // SM-THOPTER-13: move or attack.
    let mut g = moving(None);
    g.edit(|s| s.put(H, a("s1_2"), [1, 0, 0], 0)).unwrap();
    let ev = play(&mut g, A, &[transport("az1", "s1_2")]);
    assert!(ev.contains(&Event::BattleStarted {
        attacker: A,
        area: a("s1_2")
    }));
    assert!(matches!(g.prompt(), Prompt::Battle(_)));
    assert_eq!(g.zones()[zone("az1").index()], None);
}

#[test]
fn smuggler_ornithopters_serve_the_smugglers_die_too() {
    // SM-THOPTER-13 with the Smugglers die's Strategy move.
    let mut g = allied();
    g.edit(|s| {
        s.zones[zone("az1").index()] = Some(Vehicle::SMUGGLER_ORNITHOPTER);
        s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy], 2);
        s.smugglers_mut()
            .map(|sm| sm.die = Some(DieResult::Strategy))
            .unwrap();
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            use_die(DieUse::StrategyMove),
            Action::Legion(a("s1_3")),
            Action::Take(UnitKind::Regular),
            transport("az1", "s1_2"),
        ],
    );
    assert_eq!(g.areas()[a("s1_2").index()].units[A].regular, 1);
}

#[test]
fn smuggler_ornithopters_carry_only_allied_atreides_legions() {
    // SM-THOPTER-03: not while neutral.
    let mut g = moving(None);
    g.edit(|s| s.smugglers_standing(Standing::Neutral)).unwrap();
    assert!(
        !legal(&g, A)
            .iter()
            .any(|x| matches!(x, Action::Expansion(ExpansionAction::Smugglers(_))))
    );
    let e = assert_refused(&g, seat(A), &transport("az1", "s1_2"));
    assert_eq!(rule_of(e), "SM-THOPTER-03");
    // Never a Harkonnen legion.
    let mut g = allied();
    g.edit(|s| {
        s.zones[zone("az1").index()] = Some(Vehicle::SMUGGLER_ORNITHOPTER);
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 2);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_3")),
            Action::Take(UnitKind::Regular),
        ],
    );
    assert!(!legal(&g, H).contains(&Action::Transport(zone("az1"), a("s1_2"))));
    let e = assert_refused(&g, seat(H), &transport("az1", "s1_2"));
    assert_eq!(rule_of(e), "SM-THOPTER-13");
}

#[test]
fn a_spent_smuggler_ornithopter_may_leave_the_game() {
    // smuggler_thopters_return=leave_game (SQ8).
    let mut g = moving(Some(("smuggler_thopters_return", "leave_game")));
    let (board_before, in_game) = (
        g.smugglers().unwrap().thopters,
        g.smugglers().unwrap().thopters_in_game,
    );
    play(&mut g, A, &[transport("az1", "s1_2")]);
    assert_eq!(g.smugglers().unwrap().thopters, board_before);
    assert_eq!(g.smugglers().unwrap().thopters_in_game, in_game - 1);
}
