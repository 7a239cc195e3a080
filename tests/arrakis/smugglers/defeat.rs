//! The Smugglers defeated (SM-DEFEAT): the Base falls to a Harkonnen
//! legion and every Smuggler component leaves the game at once; Gurney
//! Halleck stays.
use super::*;
use crate::common::{A, H, a, play, seat};
use melange::rules::arrakis::expansions::ExpansionEvent;
use melange::rules::arrakis::expansions::smugglers::{SmEvent, Standing};
use melange::rules::arrakis::{DieResult, Event, LeaderAt, UnitKind, Units, Vehicle, board};
use melange::rules::core::Viewer;

#[test]
fn the_base_falling_defeats_the_smugglers_at_once() {
    let mut g = game();
    g.test_ally_at(a("s2_1"));
    let (staban, gurney) = (sm_leader("staban_tuek"), sm_leader("gurney_halleck"));
    // Staban, Gurney and the regular go elsewhere with an Atreides regular;
    // one more Smuggler Regular elsewhere; ornithopters on and off the
    // board; an unspent die.
    g.edit(|s| {
        let (base, other) = (a("s2_1"), a("s2_6"));
        s.take_units(A, base, UnitKind::Smuggler, u8::MAX);
        s.remove_leaders(base);
        let mut legion = Units::new(1, 0, 0);
        legion.smuggler = 1;
        s.put(A, other, legion, 0).expect("supply");
        s.place_leader(staban, a("s2_6"));
        s.place_leader(gurney, a("s2_6"));
        s.put_smuggler_regulars(a("s1_1"), 2).unwrap();
    })
    .unwrap();
    let az1 = board().air_zone_id("az1").unwrap();
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::SMUGGLER_ORNITHOPTER);
        s.smugglers_mut().map(|sm| sm.thopters = 1).unwrap();
        s.smugglers_mut()
            .map(|sm| sm.die = Some(DieResult::Strategy))
            .unwrap();
        s.put(H, a("s2_3"), [1, 0, 0], 0).unwrap();
        s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 2);
    })
    .unwrap();
    let ev = play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s2_3")),
            Action::Take(UnitKind::Regular),
            Action::To(a("s2_1")),
        ],
    );
    // SM-DEFEAT-01: at once.
    let supply_before = 4; // 5 in supply, 1 waiting placed, 2 put, 1 kept
    let _ = supply_before;
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Expansion(ExpansionEvent::Smugglers(SmEvent::Defeated { area, thopters_removed: 3, .. })) if *area == a("s2_1")
    )));
    // The Smugglers' events are public: every seat and a spectator see
    // them whole (cargo-mutants: hiding them from everyone went
    // unnoticed).
    let smugglers = |evs: &[Event]| -> Vec<Event> {
        evs.iter()
            .filter(|e| matches!(e, Event::Expansion(ExpansionEvent::Smugglers(_))))
            .cloned()
            .collect()
    };
    assert!(!smugglers(&ev).is_empty());
    for viewer in [
        Viewer::Seat(seat(H)),
        Viewer::Seat(seat(A)),
        Viewer::Spectator,
    ] {
        let seen: Vec<Event> = ev.iter().filter_map(|e| e.redact(viewer)).collect();
        assert_eq!(smugglers(&seen), smugglers(&ev), "{viewer:?}");
    }
    let sm = g.smugglers().unwrap().clone();
    assert_eq!(sm.standing, Standing::Defeated);
    // SM-DEFEAT-02: the Base leaves the board.
    assert_eq!(sm.base, None);
    assert!(!g.areas()[a("s2_1").index()].expansions.smugglers.base);
    // SM-DEFEAT-03, SM-DEFEAT-04: the die is gone for good.
    assert_eq!((sm.die, sm.die_ready), (None, false));
    // SM-DEFEAT-05: every Smuggler unit, on the board or off.
    for s in g.areas() {
        assert_eq!(s.units[A][UnitKind::Smuggler], 0);
    }
    assert_eq!(g.house(A).supply.smuggler, 0);
    assert_eq!(sm.regulars_waiting, 0);
    // SM-DEFEAT-06: every Smuggler vehicle.
    assert_eq!(g.zones()[az1.index()], None);
    assert_eq!((sm.thopters, sm.thopters_in_game), (0, 0));
    // SM-DEFEAT-07: Staban leaves the game, not to the tank; Gurney stays.
    assert_eq!(g.leader_at(staban), LeaderAt::Removed);
    assert_eq!(g.leader_at(gurney), LeaderAt::Board(a("s2_6")));
    // Staban's figure leaves its area, Gurney's stays there, and the
    // position stays sound (cargo-mutants: clearing every other leader of
    // the area instead went unnoticed).
    let named = g.areas()[a("s2_6").index()].named;
    assert_eq!(named & (1 << staban.0), 0);
    assert_ne!(named & (1 << gurney.0), 0);
    g.clone().edit(|_| ()).unwrap();
    assert_eq!(g.areas()[a("s2_6").index()].units[A][UnitKind::Regular], 1);
    // A Smugglers event is never repeated: a second defeat cannot come.
    assert!(!g.areas().iter().any(|s| s.expansions.smugglers.base));
}
