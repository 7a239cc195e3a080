//! Smuggler ornithopters at Vehicle Placement (SM-ROUND-04, SM-THOPTER-01
//! to SM-THOPTER-12): the Atreides place them first, they hold their Air
//! zones, and the thopter battle.
use super::die::allied;
use super::*;
use crate::common::*;
use melange::rules::arrakis::expansions::smugglers::{SmAction, SmEvent, SmPrompt, Standing};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use melange::rules::arrakis::{Action, AirZoneId, DieResult, Event, Prompt, Vehicle, board};
use melange::rules::core::conformance::assert_refused;

const SMUGGLER: Vehicle = Vehicle::SMUGGLER_ORNITHOPTER;

fn zone(id: &str) -> AirZoneId {
    board().air_zone_id(id).unwrap()
}

fn place(z: AirZoneId) -> Action {
    Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceThopter(z)))
}

fn battle(z: AirZoneId) -> Action {
    Action::Expansion(ExpansionAction::Smugglers(SmAction::ThopterBattle(z)))
}

/// An allied game with `n` Smuggler ornithopters on the Smugglers board.
fn with_thopters(n: u8) -> Arrakis {
    let mut g = allied();
    g.edit(|s| s.smugglers_mut().map(|sm| sm.thopters = n))
        .unwrap();
    g
}

/// The Harkonnen ornithopters still to place at a Vehicles prompt.
fn ornithopters_left(g: &Arrakis) -> u8 {
    match g.prompt() {
        Prompt::Vehicles { ornithopters, .. } => ornithopters,
        p => panic!("Vehicle Placement, not {p:?}"),
    }
}

/// An allied game at the Harkonnen placement with Smuggler ornithopters
/// in az1 and az2.
fn placed_two() -> Arrakis {
    let mut g = with_thopters(2);
    g.test_vehicle_placement();
    play(&mut g, A, &[place(zone("az1")), place(zone("az2"))]);
    g
}

#[test]
fn the_atreides_place_smuggler_ornithopters_first() {
    // SM-ROUND-04, SM-THOPTER-04, SM-THOPTER-06: allied, the Atreides
    // place before the Harkonnen.
    let mut g = with_thopters(2);
    g.edit(|s| s.zones[zone("az3").index()] = Some(Vehicle::Carryall))
        .unwrap();
    g.test_vehicle_placement();
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::PlaceThopters))
    );
    assert!(legal(&g, H).is_empty());
    // SM-THOPTER-05: empty Air zones only, 1 vehicle per zone.
    let offered = legal(&g, A);
    assert_eq!(offered.len(), 7 + 1, "7 empty zones and done");
    let e = assert_refused(&g, seat(A), &place(zone("az3")));
    let words = e.to_string();
    assert_eq!(rule_of(e), "SM-THOPTER-05");
    assert!(
        words.contains("a Smuggler ornithopter goes into an empty Air zone"),
        "{words}"
    );
    let ev = play(&mut g, A, &[place(zone("az1"))]);
    assert!(ev.contains(&Event::VehiclePlaced {
        vehicle: SMUGGLER,
        zone: zone("az1")
    }));
    assert_eq!(g.smugglers().unwrap().thopters, 1);
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::PlaceThopters))
    );
    let e = assert_refused(&g, seat(A), &place(zone("az1")));
    assert_eq!(rule_of(e), "SM-THOPTER-05");
    play(&mut g, A, &[place(zone("az2"))]);
    // None left: the Harkonnen place theirs.
    assert!(matches!(g.prompt(), Prompt::Vehicles { house: false, .. }));
    assert_eq!(g.smugglers().unwrap().thopters, 0);
    assert_eq!(g.zones()[zone("az2").index()], Some(SMUGGLER));
}

#[test]
fn placing_smuggler_ornithopters_is_optional_unless_mandatory() {
    // SM-THOPTER-04 (SQ1): by default the Atreides may stop.
    let mut g = with_thopters(2);
    g.test_vehicle_placement();
    play(&mut g, A, &[place(zone("az1")), Action::Done]);
    assert!(matches!(g.prompt(), Prompt::Vehicles { .. }));
    assert_eq!(g.smugglers().unwrap().thopters, 1);
    // smuggler_thopters=mandatory: every one while a zone is empty.
    let mut g = game_with(ArrakisOptions {
        smugglers: true,
        overrides: vec![("smuggler_thopters".into(), "mandatory".into())],
        ..ArrakisOptions::default()
    });
    g.edit(|s| {
        s.clear_board();
        s.smugglers_standing(Standing::Allied).unwrap();
        s.smugglers_mut().map(|sm| sm.thopters = 2).unwrap();
    })
    .unwrap();
    g.test_vehicle_placement();
    play(&mut g, A, &[place(zone("az1"))]);
    let e = assert_refused(&g, seat(A), &Action::Done);
    assert_eq!(rule_of(e), "SM-THOPTER-04");
    play(&mut g, A, &[place(zone("az2"))]);
    assert!(matches!(g.prompt(), Prompt::Vehicles { .. }));
}

#[test]
fn smuggler_ornithopters_wait_for_the_alliance() {
    // SM-THOPTER-02: none at the start; SM-THOPTER-03: while neutral, none
    // is placed even when some wait on the Smugglers board.
    let mut g = fresh();
    assert_eq!(g.smugglers().unwrap().thopters, 0);
    g.edit(|s| s.smugglers_mut().map(|sm| sm.thopters = 1))
        .unwrap();
    g.test_vehicle_placement();
    assert!(matches!(g.prompt(), Prompt::Vehicles { .. }));
    // SM-THOPTER-01: a Drone Ornithopters play adds one to the board (the
    // card's steps are the alliance part's); allied, they are placed.
    let mut g = with_thopters(0);
    g.test_vehicle_placement();
    assert!(matches!(g.prompt(), Prompt::Vehicles { .. }));
}

#[test]
fn no_vehicle_joins_a_smuggler_ornithopter() {
    // SM-THOPTER-07, SM-THOPTER-11: the Harkonnen cannot place over it.
    let g = placed_two();
    for v in [Vehicle::Ornithopter, Vehicle::Carryall] {
        assert!(!legal(&g, H).contains(&Action::PlaceVehicle(v, zone("az1"))));
        let e = assert_refused(&g, seat(H), &Action::PlaceVehicle(v, zone("az1")));
        assert_eq!(rule_of(e), "SM-THOPTER-07");
    }
    assert!(legal(&g, H).contains(&Action::PlaceVehicle(Vehicle::Ornithopter, zone("az3"))));
}

#[test]
fn a_thopter_battle_forgoes_an_ornithopter_to_remove_a_smuggler_one() {
    // SM-THOPTER-08, SM-THOPTER-09, SM-THOPTER-10
    let mut g = placed_two();
    let before = ornithopters_left(&g);
    assert!(before >= 2);
    assert!(legal(&g, H).contains(&battle(zone("az1"))));
    assert!(legal(&g, H).contains(&battle(zone("az2"))));
    let e = assert_refused(&g, seat(H), &battle(zone("az3")));
    assert_eq!(rule_of(e), "SM-THOPTER-08");
    let ev = play(&mut g, H, &[battle(zone("az1"))]);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::ThopterBattle { zone: zone("az1") }
    ))));
    // SM-THOPTER-09: one ornithopter forgone for the round.
    assert_eq!(ornithopters_left(&g), before - 1);
    // Back to the Smugglers board (SQ8).
    assert_eq!(g.zones()[zone("az1").index()], None);
    assert_eq!(g.smugglers().unwrap().thopters, 1);
    // SM-THOPTER-10: the freed zone takes a Harkonnen ornithopter.
    assert!(legal(&g, H).contains(&Action::PlaceVehicle(Vehicle::Ornithopter, zone("az1"))));
    // One battle per placement (SQ9).
    let e = assert_refused(&g, seat(H), &battle(zone("az2")));
    assert_eq!(rule_of(e), "SM-THOPTER-08");
    play(
        &mut g,
        H,
        &[Action::PlaceVehicle(Vehicle::Ornithopter, zone("az1"))],
    );
    assert_eq!(g.zones()[zone("az1").index()], Some(Vehicle::Ornithopter));

    // No ornithopter left to forgo: no battle.
    let mut g = placed_two();
    g.edit(|s| {
        s.prompt = Prompt::Vehicles {
            harvesters: 0,
            ornithopters: 0,
            carryalls: 1,
            any: false,
            house: false,
        }
    })
    .unwrap();
    let e = assert_refused(&g, seat(H), &battle(zone("az1")));
    assert_eq!(rule_of(e), "SM-THOPTER-08");
}

#[test]
fn thopter_battle_options() {
    // thopter_battles=unlimited: one per ornithopter forgone.
    let opts = |name: &str, value: &str| ArrakisOptions {
        smugglers: true,
        overrides: vec![(name.into(), value.into())],
        ..ArrakisOptions::default()
    };
    let setup = |o: ArrakisOptions| {
        let mut g = game_with(o);
        g.edit(|s| {
            s.clear_board();
            s.smugglers_standing(Standing::Allied).unwrap();
            s.smugglers_mut().map(|sm| sm.thopters = 2).unwrap();
        })
        .unwrap();
        g.test_vehicle_placement();
        play(&mut g, A, &[place(zone("az1")), place(zone("az2"))]);
        g
    };
    let mut g = setup(opts("thopter_battles", "unlimited"));
    let before = ornithopters_left(&g);
    play(&mut g, H, &[battle(zone("az1")), battle(zone("az2"))]);
    assert_eq!(ornithopters_left(&g), before - 2);
    assert_eq!(g.smugglers().unwrap().thopters, 2);
    // smuggler_thopters_return=leave_game: a removed one leaves the game.
    let mut g = setup(opts("smuggler_thopters_return", "leave_game"));
    let in_game = g.smugglers().unwrap().thopters_in_game;
    play(&mut g, H, &[battle(zone("az1"))]);
    assert_eq!(g.smugglers().unwrap().thopters, 0);
    assert_eq!(g.smugglers().unwrap().thopters_in_game, in_game - 1);
}

#[test]
fn a_thopter_battle_at_every_harkonnen_ornithopter_placement() {
    // SM-THOPTER-12: the House result's placement fights its own battle.
    let mut g = placed_two();
    play(&mut g, H, &[battle(zone("az1")), Action::Done]);
    // The Vehicle Placement is over; a House die later places vehicles.
    g.edit(|s| s.turn(H, &[DieResult::House, DieResult::Strategy], 2))
        .unwrap();
    play(
        &mut g,
        H,
        &[Action::SpendDie(DieResult::House), Action::HouseVehicles],
    );
    assert!(matches!(g.prompt(), Prompt::Vehicles { house: true, .. }));
    assert!(legal(&g, H).contains(&battle(zone("az2"))));
    play(&mut g, H, &[battle(zone("az2"))]);
    assert_eq!(g.zones()[zone("az2").index()], None);
    assert_eq!(g.smugglers().unwrap().thopters, 2);
}

#[test]
fn smuggler_ornithopters_go_back_to_their_board_at_the_end_of_the_round() {
    // SM-ROUND-13 (SQ8): the end of Spice Harvesting clears the Air zones;
    // Smuggler ornithopters go back to the Smugglers board, even under
    // smuggler_thopters_return=leave_game.
    let mut g = game_with(ArrakisOptions {
        smugglers: true,
        overrides: vec![("smuggler_thopters_return".into(), "leave_game".into())],
        ..ArrakisOptions::default()
    });
    g.edit(|s| {
        s.clear_board();
        s.smugglers_standing(Standing::Allied).unwrap();
        s.smugglers_mut().map(|sm| sm.thopters = 2).unwrap();
    })
    .unwrap();
    g.test_vehicle_placement();
    play(&mut g, A, &[place(zone("az1")), place(zone("az2"))]);
    let in_game = g.smugglers().unwrap().thopters_in_game;
    g.edit(|s| {
        s.prompt = Prompt::Spice {
            spice: 0,
            decided: Default::default(),
        }
    })
    .unwrap();
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.zones()[zone("az1").index()], None);
    assert_eq!(g.zones()[zone("az2").index()], None);
    assert_eq!(g.smugglers().unwrap().thopters, 2);
    assert_eq!(g.smugglers().unwrap().thopters_in_game, in_game);
}

#[test]
fn the_forgone_ornithopter_stays_out_for_the_rest_of_the_round() {
    // SM-THOPTER-09: the ornithopter forgone in a thopter battle is out
    // for the round, not only for that placement: a later placement (a
    // House result) cannot put it on the board. The End of the Round
    // gives it back.
    let own = d().tables.figures.harkonnen.ornithopter;
    let mut g = placed_two();
    // Every Harkonnen ornithopter but one is already in the air.
    let free: Vec<AirZoneId> = (0..g.zones().len())
        .map(|z| AirZoneId(z as u8))
        .filter(|z| g.zones()[z.index()].is_none())
        .collect();
    assert!(free.len() >= usize::from(own), "room for all of them");
    for z in &free[..usize::from(own - 1)] {
        g.edit(|s| s.zones[z.index()] = Some(Vehicle::Ornithopter))
            .unwrap();
    }
    let placing = Action::PlaceVehicle(Vehicle::Ornithopter, free[usize::from(own - 1)]);
    assert!(legal(&g, H).contains(&placing), "the last one may fly");
    // The battle forgoes it: not in this placement ...
    play(&mut g, H, &[battle(zone("az1"))]);
    assert!(ornithopters_left(&g) > 0);
    assert!(!legal(&g, H).contains(&placing));
    play(&mut g, H, &[Action::Done]);
    // ... nor in a House die's placement later in the round.
    g.edit(|s| s.turn(H, &[DieResult::House, DieResult::Strategy], 2))
        .unwrap();
    play(
        &mut g,
        H,
        &[Action::SpendDie(DieResult::House), Action::HouseVehicles],
    );
    let free = (0..g.zones().len())
        .map(|z| AirZoneId(z as u8))
        .find(|z| g.zones()[z.index()].is_none())
        .expect("a free zone");
    let offered = legal(&g, H);
    assert!(
        !offered
            .iter()
            .any(|a| matches!(a, Action::PlaceVehicle(Vehicle::Ornithopter, _))),
        "{offered:?}"
    );
    let e = assert_refused(
        &g,
        seat(H),
        &Action::PlaceVehicle(Vehicle::Ornithopter, free),
    );
    assert_eq!(rule_of(e), "SM-THOPTER-09");
    // The End of the Round gives it back.
    end_of_the_round(&mut g);
    assert_eq!(g.smugglers().unwrap().thopters_forgone, 0);
}

#[test]
fn an_escort_over_a_smuggler_ornithopter_is_refused_by_the_smugglers_rule() {
    // SM-THOPTER-07 with both expansions: no vehicle joins a Smuggler
    // ornithopter's zone, an Escort Ornithopter (DW-ESCORT-02) included;
    // the refusal names that rule, not the Escort's own limit.
    let mut g = game_with(ArrakisOptions {
        smugglers: true,
        desert_war: true,
        ..ArrakisOptions::default()
    });
    g.edit(|s| {
        s.clear_board();
        s.smugglers_standing(Standing::Allied).unwrap();
        s.smugglers_mut().map(|sm| sm.thopters = 1).unwrap();
    })
    .unwrap();
    g.test_vehicle_placement();
    play(&mut g, A, &[place(zone("az1"))]);
    let escort = Action::PlaceVehicle(Vehicle::ESCORT_ORNITHOPTER, zone("az1"));
    assert!(!legal(&g, H).contains(&escort));
    let e = assert_refused(&g, seat(H), &escort);
    assert_eq!(rule_of(e), "SM-THOPTER-07");
}
