//! The Smugglers while neutral, at the round start and at Vehicle
//! Placement (SM-SETUP-10, SM-ROUND-01 to SM-ROUND-03, SM-ROUND-05,
//! SM-HARVESTER-01, SM-HARVESTER-02, SM-HARVESTER-05, SM-HARVESTER-10),
//! on the real board.
use super::*;
use crate::common::*;
use melange::rules::arrakis::expansions::smugglers::{SmAction, SmEvent, Standing};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent};
use melange::rules::arrakis::{Action, AirZoneId, DieResult, Event, Prompt, Vehicle, board};
use melange::rules::core::conformance::assert_refused;

const CARRYALL: Vehicle = Vehicle::SMUGGLER_CARRYALL;

fn harvester(id: &str) -> Action {
    Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceHarvester(a(id))))
}

fn zone(id: &str) -> AirZoneId {
    board().air_zone_id(id).unwrap()
}

fn smuggler_actions(g: &Arrakis) -> usize {
    legal(g, H)
        .iter()
        .filter(|x| {
            matches!(
                x,
                Action::Expansion(ExpansionAction::Smugglers(_))
                    | Action::PlaceVehicle(CARRYALL, _)
            )
        })
        .count()
}

#[test]
fn a_smuggler_regular_joins_the_board_at_each_round_start_while_neutral() {
    // SM-ROUND-01: round 1's start added one to the one of the setup.
    let mut g = fresh();
    assert_eq!(g.smugglers().unwrap().regulars_waiting, 2);
    assert_eq!(g.house(A).supply.smuggler, 4);
    // SM-ROUND-01: the next round start adds one more, shown.
    let ev = g.test_start_round();
    assert_eq!(g.smugglers().unwrap().regulars_waiting, 3);
    assert_eq!(g.house(A).supply.smuggler, 3);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::RegularsAdded {
            added: 1,
            waiting: 3
        }
    ))));
    // SM-ROUND-01 (docs/rules-decisions.md, SQ5): only figures off the
    // board: with the supply empty nothing is added.
    // The supply emptied without placing its figures: the rule reads the
    // supply alone.
    g.test_edit_unchecked(|s| s.houses[A].supply.smuggler = 0);
    let ev = g.test_start_round();
    assert_eq!(g.smugglers().unwrap().regulars_waiting, 3);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Expansion(ExpansionEvent::Smugglers(_))))
    );
    // SM-ROUND-02: allied, no Smuggler Regular is added.
    let mut g = fresh();
    g.edit(|s| s.smugglers_standing(Standing::Allied)).unwrap();
    let ev = g.test_start_round();
    assert_eq!(g.smugglers().unwrap().regulars_waiting, 2);
    assert_eq!(g.house(A).supply.smuggler, 4);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Expansion(ExpansionEvent::Smugglers(_))))
    );
}

#[test]
fn the_harkonnen_must_place_every_smuggler_harvester_and_the_carryall() {
    // SM-SETUP-10, SM-HARVESTER-01, SM-ROUND-03: at Vehicle Placement the
    // Harkonnen also place the 3 Smuggler harvesters (desert areas) and the
    // Smuggler carryall (any Air zone).
    let mut g = game();
    let Prompt::Vehicles {
        harvesters,
        ornithopters,
        carryalls,
        ..
    } = g.prompt()
    else {
        panic!("Vehicle Placement")
    };
    let l = legal(&g, H);
    assert!(l.contains(&harvester("s1_1")) && l.contains(&harvester("s1_3")));
    assert!(l.contains(&Action::PlaceVehicle(CARRYALL, zone("az1"))));
    assert!(!l.contains(&harvester("arrakeen")));
    // SM-HARVESTER-05: compulsory, so "Done" is refused and changes
    // nothing.
    assert!(!l.contains(&Action::Done));
    let before = g.clone();
    let e = assert_refused(&g, seat(H), &Action::Done);
    assert_eq!(rule_of(e), "SM-HARVESTER-05");
    assert_eq!(g, before);
    // AR-VEH-07 (SM-HARVESTER-03): a desert area only.
    let e = assert_refused(&g, seat(H), &harvester("arrakeen"));
    assert_eq!(rule_of(e), "AR-VEH-07");
    // SM-ROUND-03: in addition to their own vehicles, whose counts stay.
    let ev = play(
        &mut g,
        H,
        &[
            harvester("s1_1"),
            harvester("s1_3"),
            Action::PlaceVehicle(CARRYALL, zone("az1")),
        ],
    );
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::HarvesterPlaced { area: a("s1_1") }
    ))));
    assert!(g.areas()[a("s1_1").index()].expansions.smugglers.harvester);
    assert!(!g.areas()[a("s1_1").index()].harvester);
    assert_eq!(g.zones()[zone("az1").index()], Some(CARRYALL));
    assert_eq!(
        g.prompt(),
        Prompt::Vehicles {
            harvesters,
            ornithopters,
            carryalls,
            any: false,
            house: false
        }
    );
    // AR-VEH-08: never a second harvester, of either kind, in one area.
    let e = assert_refused(&g, seat(H), &harvester("s1_1"));
    assert_eq!(rule_of(e), "AR-VEH-08");
    let e = assert_refused(&g, seat(H), &Action::PlaceHarvester(a("s1_1")));
    assert_eq!(rule_of(e), "AR-VEH-08");
    play(&mut g, H, &[Action::PlaceHarvester(a("s1_5"))]);
    let e = assert_refused(&g, seat(H), &harvester("s1_5"));
    assert_eq!(rule_of(e), "AR-VEH-08");
    // The carryall is placed: no second one (SM-SETUP-10).
    let e = assert_refused(&g, seat(H), &Action::PlaceVehicle(CARRYALL, zone("az2")));
    assert_eq!(rule_of(e), "SM-SETUP-10");
    // SM-HARVESTER-05: one harvester is still due.
    let e = assert_refused(&g, seat(H), &Action::Done);
    assert_eq!(rule_of(e), "SM-HARVESTER-05");
    play(&mut g, H, &[harvester("s1_7")]);
    // SM-HARVESTER-02: all 3 are out; "Done" is open again.
    let e = assert_refused(&g, seat(H), &harvester("s1_9"));
    assert_eq!(rule_of(e), "SM-HARVESTER-02");
    assert_eq!(smuggler_actions(&g), 0);
    assert!(legal(&g, H).contains(&Action::Done));
    assert_eq!(
        g.areas()
            .iter()
            .filter(|s| s.expansions.smugglers.harvester)
            .count(),
        3
    );
}

#[test]
fn a_harkonnen_vehicle_may_replace_the_smuggler_carryall_which_must_go_again() {
    // AR-VEH-11 (SM-HARVESTER-03): one vehicle per Air zone, a new one
    // replacing the old; the Smuggler carryall is then due again
    // (SM-HARVESTER-05).
    let mut g = game();
    g.edit(|s| s.smugglers_mut().map(|sm| sm.harvesters_in_game = 0))
        .unwrap();
    play(&mut g, H, &[Action::PlaceVehicle(CARRYALL, zone("az1"))]);
    assert!(legal(&g, H).contains(&Action::Done));
    play(
        &mut g,
        H,
        &[Action::PlaceVehicle(Vehicle::Carryall, zone("az1"))],
    );
    assert!(!legal(&g, H).contains(&Action::Done));
    let e = assert_refused(&g, seat(H), &Action::Done);
    assert_eq!(rule_of(e), "SM-HARVESTER-05");
    assert!(legal(&g, H).contains(&Action::PlaceVehicle(CARRYALL, zone("az2"))));
}

#[test]
fn with_nothing_left_to_place_done_is_open() {
    // SM-HARVESTER-02: the number of Smuggler harvesters can drop; with
    // none in the game and the carryall gone, nothing is due.
    let mut g = game();
    g.edit(|s| {
        s.smugglers_mut()
            .map(|sm| sm.harvesters_in_game = 0)
            .unwrap();
        s.smugglers_mut()
            .map(|sm| sm.carryall_in_game = false)
            .unwrap();
    })
    .unwrap();
    assert_eq!(smuggler_actions(&g), 0);
    assert!(legal(&g, H).contains(&Action::Done));
    let e = assert_refused(&g, seat(H), &harvester("s1_1"));
    assert_eq!(rule_of(e), "SM-HARVESTER-02");
    let e = assert_refused(&g, seat(H), &Action::PlaceVehicle(CARRYALL, zone("az1")));
    assert_eq!(rule_of(e), "SM-SETUP-10");
}

#[test]
fn no_smuggler_vehicle_by_a_house_die_or_a_card() {
    // SM-HARVESTER-10: outside the round's Vehicle Placement (here a House
    // die's vehicles) no Smuggler harvester or carryall enters the board.
    let mut g = game();
    g.edit(|s| s.turn(H, &[DieResult::House], 0)).unwrap();
    play(
        &mut g,
        H,
        &[Action::SpendDie(DieResult::House), Action::HouseVehicles],
    );
    assert!(matches!(g.prompt(), Prompt::Vehicles { house: true, .. }));
    assert_eq!(smuggler_actions(&g), 0);
    let before = g.clone();
    let e = assert_refused(&g, seat(H), &harvester("s1_1"));
    assert_eq!(rule_of(e), "SM-HARVESTER-10");
    let e = assert_refused(&g, seat(H), &Action::PlaceVehicle(CARRYALL, zone("az1")));
    assert_eq!(rule_of(e), "SM-HARVESTER-10");
    assert_eq!(g, before);
    // ... and "Done" stays open there.
    assert!(legal(&g, H).contains(&Action::Done));
}

#[test]
fn allied_smugglers_give_the_harkonnen_no_vehicle() {
    // SM-ALLY-05 (SM-ROUND-03 is a neutral rule): allied, nothing is
    // offered, nothing is due.
    let mut g = game();
    g.edit(|s| s.smugglers_standing(Standing::Allied)).unwrap();
    assert_eq!(smuggler_actions(&g), 0);
    assert!(legal(&g, H).contains(&Action::Done));
    let e = assert_refused(&g, seat(H), &harvester("s1_1"));
    assert_eq!(rule_of(e), "SM-ALLY-05");
    let e = assert_refused(&g, seat(H), &Action::PlaceVehicle(CARRYALL, zone("az1")));
    assert_eq!(rule_of(e), "SM-ALLY-05");
}

#[test]
fn the_core_game_offers_no_smuggler_vehicle() {
    let g = Arrakis::setup(&melange::rules::arrakis::ArrakisOptions::default(), 7).unwrap();
    assert_eq!(smuggler_actions(&g), 0);
    assert!(legal(&g, H).contains(&Action::Done));
    let e = assert_refused(&g, seat(H), &harvester("s1_1"));
    assert_eq!(rule_of(e), "AR-ACT-17");
    let e = assert_refused(&g, seat(H), &Action::PlaceVehicle(CARRYALL, zone("az1")));
    assert_eq!(rule_of(e), "AR-VEH-09");
}

#[test]
fn action_resolution_is_unchanged_while_neutral() {
    // SM-ROUND-05: the same turn offers the same actions with and without
    // the neutral Smugglers.
    let setup = |mut g: Arrakis| {
        g.edit(|s| {
            s.clear_board();
            s.put(A, a("s1_3"), [2, 0, 0], 0).unwrap();
            s.put(H, a("s1_5"), [2, 0, 0], 1).unwrap();
            s.turn(A, &[DieResult::Strategy], 0);
            s.hand(A, &[]);
        })
        .unwrap();
        g
    };
    let sm = setup(fresh());
    let core =
        setup(Arrakis::setup(&melange::rules::arrakis::ArrakisOptions::default(), 7).unwrap());
    let mut l = legal(&sm, A);
    let mut c = legal(&core, A);
    l.sort_by_key(|x| format!("{x:?}"));
    c.sort_by_key(|x| format!("{x:?}"));
    assert_eq!(l, c);
}

#[test]
fn neutral_smugglers_games_play_to_a_winner() {
    // SM-ROUND-01 to SM-ROUND-13 in play: every legal action accepted,
    // every compulsory placement made, a winner reached (a smoke test; the
    // expansion's playouts check its invariants).
    let opts = melange::rules::arrakis::ArrakisOptions {
        smugglers: true,
        ..Default::default()
    };
    let mut placed = 0;
    for seed in 0..8u64 {
        let mut g = Arrakis::setup(&opts, seed).unwrap();
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut steps = 0;
        let mut legal_now = Vec::new();
        while let Some(seat) = g.to_act() {
            steps += 1;
            assert!(steps < 200_000, "seed {seed}: no end");
            legal_now.clear();
            g.legal_actions(seat, &mut legal_now);
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let act = legal_now[(x % legal_now.len() as u64) as usize];
            let mut ev = Vec::new();
            g.apply(seat, &act, &mut ev)
                .unwrap_or_else(|e| panic!("seed {seed}: {act:?} refused: {e}"));
            placed += ev
                .iter()
                .filter(|e| {
                    matches!(
                        e,
                        Event::Expansion(ExpansionEvent::Smugglers(
                            SmEvent::HarvesterPlaced { .. }
                        ))
                    )
                })
                .count();
        }
        assert!(g.result().is_some(), "seed {seed}");
    }
    assert!(placed > 0);
}
