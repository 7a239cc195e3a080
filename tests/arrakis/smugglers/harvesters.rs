//! Smuggler harvesters and the Smuggler carryall on the board while
//! neutral (SM-ROUND-07, SM-ROUND-11 to SM-ROUND-13, SM-HARVESTER-03,
//! SM-HARVESTER-04, SM-HARVESTER-07 to SM-HARVESTER-13, SM-LEGION-06):
//! wormsigns, rescues, spice, cards and the End of the Round, on the real
//! board.
use super::*;
use crate::common::*;
use melange::rules::arrakis::expansions::smugglers::{SmEvent, Standing};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent};
use melange::rules::arrakis::{
    Action, AirZoneId, AreaId, Deck, DieResult, Event, Prompt, Vehicle, Wormsign, board,
};
use melange::rules::core::conformance::assert_refused;

const CARRYALL: Vehicle = Vehicle::SMUGGLER_CARRYALL;

fn zone(id: &str) -> AirZoneId {
    board().air_zone_id(id).unwrap()
}

fn card(id: &str) -> melange::rules::arrakis::CardId {
    d().card_id(id).unwrap()
}

/// A Harkonnen Mentat turn that ends Action Resolution: Desert Hazards.
fn to_desert_hazards(g: &mut Arrakis) -> Vec<Event> {
    g.edit(|s| s.turn(H, &[DieResult::Mentat], 0)).unwrap();
    let deck = Deck::HouseHarkonnen;
    play(
        g,
        H,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(deck, deck),
        ],
    )
}

fn sm_events(ev: &[Event]) -> Vec<SmEvent> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Expansion(ExpansionEvent::Smugglers(x)) => Some(x.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn desert_hazards_put_a_wormsign_on_every_smuggler_harvester() {
    // SM-ROUND-07, SM-HARVESTER-07 (docs/rules-decisions.md, SQ6): one
    // wormsign in each area with a Smuggler harvester, none where one
    // already is; revealed and resolved with the others.
    let mut g = game();
    g.edit(|s| {
        s.spice_saved = 0;
        s.put_smuggler_harvester(a("s1_1")).unwrap();
        s.put_smuggler_harvester(a("s1_3")).unwrap();
        s.areas[a("s1_3").index()].wormsign = Some(Wormsign::Sand);
        s.wormsign_pool = vec![Wormsign::Sand; 4].into();
    })
    .unwrap();
    let ev = to_desert_hazards(&mut g);
    let placed: Vec<AreaId> = ev
        .iter()
        .filter_map(|e| match e {
            Event::WormsignPlaced { area } => Some(*area),
            _ => None,
        })
        .collect();
    assert_eq!(placed, vec![a("s1_1")]);
    // Both resolved (sand: nothing), the harvesters still there.
    for id in ["s1_1", "s1_3"] {
        let s = &g.areas()[a(id).index()];
        assert_eq!(s.wormsign, None, "{id}");
        assert!(s.expansions.smugglers.harvester, "{id}");
    }
}

/// A Smuggler harvester alone in s1_1 under a Sandworm wormsign, `zone1`
/// in az1 (the one Air zone of sector s1); Desert Hazards begin.
fn sandworm_on_smuggler_harvester(zone1: Option<Vehicle>, smuggler: bool) -> (Arrakis, Vec<Event>) {
    let mut g = game();
    g.edit(|s| s.worms_off = 1).unwrap();
    if smuggler {
        g.edit(|s| s.put_smuggler_harvester(a("s1_1"))).unwrap();
    } else {
        g.edit(|s| s.areas[a("s1_1").index()].harvester = true)
            .unwrap();
    }
    g.edit(|s| {
        s.areas[a("s1_1").index()].wormsign = Some(Wormsign::Sandworm);
        s.zones[zone("az1").index()] = zone1;
        s.wormsign_pool = vec![Wormsign::Sand; 4].into();
    })
    .unwrap();
    let ev = to_desert_hazards(&mut g);
    (g, ev)
}

#[test]
fn only_the_smuggler_carryall_rescues_a_smuggler_harvester() {
    // SM-HARVESTER-11: the Smuggler carryall rescues a Smuggler harvester
    // (AR-HAZ-21, the Harkonnen's choice).
    let (mut g, _) = sandworm_on_smuggler_harvester(Some(CARRYALL), true);
    assert_eq!(g.prompt(), Prompt::Rescue(a("s1_1")));
    assert_eq!(
        legal(&g, H),
        vec![Action::Rescue(zone("az1")), Action::Done]
    );
    let e = assert_refused(&g, seat(H), &Action::Rescue(zone("az2")));
    assert_eq!(rule_of(e), "AR-ACT-17");
    let ev = play(&mut g, H, &[Action::Rescue(zone("az1"))]);
    // AR-HAZ-22, AR-HAZ-24: it stays and still harvests (the round then
    // runs on by itself).
    let ev = sm_events(&ev);
    assert!(!ev.contains(&SmEvent::HarvesterLost { area: a("s1_1") }));
    assert!(ev.contains(&SmEvent::SpiceCollected {
        harvesters: 1,
        spice: 1
    }));
    // SM-HARVESTER-12: a Harkonnen carryall does not: the harvester
    // leaves the board, no question asked (the round then runs on) (SM-LEGION-06: still in the
    // game).
    let (g, ev) = sandworm_on_smuggler_harvester(Some(Vehicle::Carryall), true);
    assert!(!matches!(g.prompt(), Prompt::Rescue(_)));
    assert!(!g.areas()[a("s1_1").index()].expansions.smugglers.harvester);
    assert!(sm_events(&ev).contains(&SmEvent::HarvesterLost { area: a("s1_1") }));
    assert_eq!(g.smugglers().unwrap().harvesters_in_game, 3);
    // SM-HARVESTER-11: the Smuggler carryall saves only Smuggler
    // harvesters.
    let (g, ev) = sandworm_on_smuggler_harvester(Some(CARRYALL), false);
    assert!(!matches!(g.prompt(), Prompt::Rescue(_)));
    assert!(!g.areas()[a("s1_1").index()].harvester);
    assert!(ev.contains(&Event::HarvesterDestroyed { area: a("s1_1") }));
}

#[test]
fn a_carryall_of_the_other_kind_is_refused_by_name() {
    // s5_3 touches az2 and az4: one carryall of each kind.
    let b = board();
    let x = a("s5_3");
    let zones: Vec<AirZoneId> = b.zones_of(x).collect();
    assert!(zones.contains(&zone("az2")) && zones.contains(&zone("az4")));
    let rescue = |smuggler: bool| {
        let mut g = game();
        g.edit(|s| s.worms_off = 1).unwrap();
        if smuggler {
            g.edit(|s| s.put_smuggler_harvester(x)).unwrap();
        } else {
            g.edit(|s| s.areas[x.index()].harvester = true).unwrap();
        }
        g.edit(|s| {
            s.areas[x.index()].wormsign = Some(Wormsign::Sandworm);
            s.zones[zone("az2").index()] = Some(Vehicle::Carryall);
            s.zones[zone("az4").index()] = Some(CARRYALL);
            s.wormsign_pool = vec![Wormsign::Sand; 4].into();
        })
        .unwrap();
        to_desert_hazards(&mut g);
        assert_eq!(g.prompt(), Prompt::Rescue(x));
        g
    };
    // SM-HARVESTER-12: a Smuggler harvester, the Harkonnen carryall
    // refused by name, nothing changed.
    let g = rescue(true);
    assert_eq!(
        legal(&g, H),
        vec![Action::Rescue(zone("az4")), Action::Done]
    );
    let before = g.clone();
    let e = assert_refused(&g, seat(H), &Action::Rescue(zone("az2")));
    assert_eq!(rule_of(e), "SM-HARVESTER-12");
    assert_eq!(g, before);
    // SM-HARVESTER-11: a Harkonnen harvester, the Smuggler carryall
    // refused by name.
    let g = rescue(false);
    assert_eq!(
        legal(&g, H),
        vec![Action::Rescue(zone("az2")), Action::Done]
    );
    let e = assert_refused(&g, seat(H), &Action::Rescue(zone("az4")));
    assert_eq!(rule_of(e), "SM-HARVESTER-11");
}

#[test]
fn a_smuggler_harvester_lost_comes_back_next_round() {
    // SM-LEGION-06: lost to a sandworm, it is placed again at the next
    // Vehicle Placement (SM-ROUND-13 clears the board first).
    let (mut g, _) = sandworm_on_smuggler_harvester(None, true);
    assert!(g.areas().iter().all(|s| !s.expansions.smugglers.harvester));
    end_of_the_round(&mut g);
    g.test_start_round();
    assert!(matches!(g.prompt(), Prompt::Vehicles { house: false, .. }));
    let offered = legal(&g, H)
        .iter()
        .any(|x| matches!(x, Action::Expansion(ExpansionAction::Smugglers(_))));
    assert!(offered);
    assert_eq!(g.smugglers().unwrap().harvesters_in_game, 3);
}

#[test]
fn each_smuggler_harvester_gives_the_harkonnen_one_spice() {
    // SM-HARVESTER-01: neutral Smuggler harvesters earn the Harkonnen
    // extra spice; SM-ROUND-11, SM-HARVESTER-04: 1 each, deep desert or not;
    // SM-HARVESTER-08: added to the Harkonnen spice and spent as usual.
    let b = board();
    let deep = a("s1_1");
    assert!(b.deep_desert.contains(deep));
    let plain = b
        .desert
        .iter()
        .find(|x| !b.deep_desert.contains(*x) && b.area(*x).sector == b.area(deep).sector)
        .unwrap();
    let core_deep = b
        .deep_desert
        .iter()
        .find(|x| *x != deep && b.area(*x).sector == b.area(deep).sector)
        .unwrap();
    let mut g = game();
    g.edit(|s| {
        s.spice_saved = 0;
        s.put_smuggler_harvester(deep).unwrap();
        s.put_smuggler_harvester(plain).unwrap();
        s.areas[core_deep.index()].harvester = true;
    })
    .unwrap();
    for x in [deep, plain, core_deep] {
        g.edit(|s| s.areas[x.index()].wormsign = Some(Wormsign::Sand))
            .unwrap();
    }
    let ev = to_desert_hazards(&mut g);
    let core = d().tables.harvester_yield.deep_desert;
    assert!(sm_events(&ev).contains(&SmEvent::SpiceCollected {
        harvesters: 2,
        spice: 2
    }));
    assert!(ev.contains(&Event::SpiceHarvested { spice: 2 + core }));
    let Prompt::Spice { spice, .. } = g.prompt() else {
        panic!("Spice Harvesting")
    };
    assert_eq!(spice, 2 + core);
    // The Harkonnen harvester is taken off; the Smuggler ones stay until
    // the End of the Round (SM-ROUND-13).
    assert!(!g.areas()[core_deep.index()].harvester);
    assert!(g.areas()[deep.index()].expansions.smugglers.harvester);
    // SM-ROUND-12: allied, the harvest is the core one.
    let mut g = game();
    g.edit(|s| {
        s.spice_saved = 0;
        s.smugglers_standing(Standing::Allied).unwrap();
        s.areas[core_deep.index()].harvester = true;
        s.areas[core_deep.index()].wormsign = Some(Wormsign::Sand);
    })
    .unwrap();
    let ev = to_desert_hazards(&mut g);
    assert!(sm_events(&ev).is_empty());
    assert!(ev.contains(&Event::SpiceHarvested { spice: core }));
}

#[test]
fn every_smuggler_vehicle_leaves_the_board_at_the_end_of_the_round() {
    // SM-ROUND-13: harvesters and carryall off the board, still in the
    // game.
    let mut g = game();
    g.edit(|s| {
        s.put_smuggler_harvester(a("s1_1")).unwrap();
        s.put_smuggler_harvester(a("s1_3")).unwrap();
        s.zones[zone("az1").index()] = Some(CARRYALL);
    })
    .unwrap();
    let ev = end_of_the_round(&mut g);
    assert_eq!(
        sm_events(&ev),
        vec![SmEvent::VehiclesRemoved {
            harvesters: 2,
            carryall: true
        }]
    );
    assert!(g.areas().iter().all(|s| !s.expansions.smugglers.harvester));
    assert_eq!(g.zones()[zone("az1").index()], None);
    let sm = g.smugglers().unwrap();
    assert_eq!((sm.harvesters_in_game, sm.carryall_in_game), (3, true));
    // Nothing on the board: no event.
    assert!(sm_events(&end_of_the_round(&mut g)).is_empty());
}

#[test]
fn fremen_rockets_ignore_the_smuggler_vehicles() {
    // SM-HARVESTER-09, SM-HARVESTER-13 (docs/rules-decisions.md, SQ10):
    // an Atreides card aimed at Harkonnen vehicles hits neither a Smuggler
    // harvester nor the Smuggler carryall.
    let b = board();
    let s1 = b.area(a("s1_1")).sector.unwrap();
    let setup = |core: bool| {
        let mut g = game();
        g.edit(|s| {
            s.turn(A, &[DieResult::Strategy, DieResult::Strategy], 2);
            s.hand(A, &[card("fremen_rockets")]);
            s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
            s.put_smuggler_harvester(a("s1_1")).unwrap();
            s.zones[zone("az1").index()] = Some(CARRYALL);
            s.areas[a("s1_5").index()].harvester = core;
        })
        .unwrap();
        play(
            &mut g,
            A,
            &[Action::PlayCard(
                card("fremen_rockets"),
                DieResult::Strategy,
            )],
        );
        g
    };
    // No Harkonnen vehicle in the sector: nothing to pick, the card ends.
    let g = setup(false);
    assert_eq!(g.prompt(), Prompt::Turn(H));
    assert!(g.areas()[a("s1_1").index()].expansions.smugglers.harvester);
    assert_eq!(g.zones()[zone("az1").index()], Some(CARRYALL));
    // With a Harkonnen harvester there, only that one is a target.
    let mut g = setup(true);
    assert!(legal(&g, A).contains(&Action::PickSector(s1)));
    g.edit(|s| s.load_dice(&[0, 0, 0])).unwrap();
    play(&mut g, A, &[Action::PickSector(s1)]);
    let l = legal(&g, A);
    assert!(l.contains(&Action::PickArea(a("s1_5"))));
    assert!(!l.contains(&Action::PickArea(a("s1_1"))));
    assert!(!l.contains(&Action::PickZone(zone("az1"))));
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_1")));
    assert_refused(&g, seat(A), &Action::PickZone(zone("az1")));
    assert!(g.areas()[a("s1_1").index()].expansions.smugglers.harvester);
}

#[test]
fn dust_chasms_take_a_smuggler_harvester_off_the_board_until_next_round() {
    // SM-LEGION-06: a card that removes harvesters (not aimed at
    // Harkonnen vehicles) takes a Smuggler harvester off the board; it
    // stays in the game and does not count for the Jihad
    // (SM-HARVESTER-09).
    let b = board();
    let deep: Vec<AreaId> = b.deep_desert.iter().collect();
    let (h1, h2) = deep
        .iter()
        .flat_map(|x| deep.iter().map(move |y| (*x, *y)))
        .find(|(x, y)| x != y && b.area(*x).sector == b.area(*y).sector)
        .unwrap();
    let mut g = game();
    g.edit(|s| {
        s.turn(A, &[DieResult::Strategy], 0);
        s.hand(A, &[card("dust_chasms")]);
        s.put_smuggler_harvester(h1).unwrap();
        s.areas[h2.index()].harvester = true;
    })
    .unwrap();
    let before = g.harvesters_destroyed();
    let ev = play(
        &mut g,
        A,
        &[
            Action::PlayCard(card("dust_chasms"), DieResult::Strategy),
            Action::PickArea(h1),
            Action::PickArea(h2),
        ],
    );
    assert!(sm_events(&ev).contains(&SmEvent::HarvesterLost { area: h1 }));
    assert!(!g.areas()[h1.index()].expansions.smugglers.harvester);
    assert!(!g.areas()[h2.index()].harvester);
    assert_eq!(g.harvesters_destroyed(), before + 1);
    assert_eq!(g.smugglers().unwrap().harvesters_in_game, 3);
}

#[test]
fn a_desert_power_sandworm_takes_one_off_only_with_a_harkonnen_legion() {
    // SM-LEGION-06, SM-HARVESTER-09 (AR-HAZ-42): a lone Smuggler harvester
    // is no target; attacking the Harkonnen legion with one takes it off
    // the board (AR-HAZ-46), still in the game.
    use melange::rules::arrakis::{AreaSet, Worm};
    let b = board();
    let w = a("s1_3");
    let near: Vec<AreaId> = b.passable[w.index()]
        .iter()
        .filter(|x| b.desert.contains(*x))
        .collect();
    let (legion, lone) = (near[0], near[1]);
    let mut g = game();
    g.edit(|s| {
        s.areas[w.index()].worm = Some(Worm::Normal);
        s.put(H, legion, [1, 0, 0], 0).unwrap();
        s.put_smuggler_harvester(legion).unwrap();
        s.put_smuggler_harvester(lone).unwrap();
        s.turn(A, &[DieResult::Strategy], 2);
        s.prompt = Prompt::Sandworms(1, AreaSet::EMPTY);
    })
    .unwrap();
    let l = legal(&g, A);
    assert!(l.contains(&Action::WormAttack(w, legion)));
    assert!(!l.contains(&Action::WormAttack(w, lone)));
    assert_refused(&g, seat(A), &Action::WormAttack(w, lone));
    g.edit(|s| s.load_dice(&[3, 3, 3, 3])).unwrap();
    let ev = play(&mut g, A, &[Action::WormAttack(w, legion)]);
    assert!(sm_events(&ev).contains(&SmEvent::HarvesterLost { area: legion }));
    assert!(!g.areas()[legion.index()].expansions.smugglers.harvester);
    assert!(g.areas()[lone.index()].expansions.smugglers.harvester);
    assert_eq!(g.smugglers().unwrap().harvesters_in_game, 3);
}

#[test]
fn an_area_with_a_smuggler_harvester_is_not_empty() {
    // SM-HARVESTER-03 (AR-HAZ-41): a moving sandworm cannot stop where a
    // Smuggler harvester stands, as with a Harkonnen one.
    use melange::rules::arrakis::{AreaSet, Worm};
    let b = board();
    let w = a("s1_3");
    let to = b.passable[w.index()]
        .iter()
        .find(|x| b.desert.contains(*x))
        .unwrap();
    let mut g = game_with(ArrakisOptions {
        smugglers: true,
        overrides: vec![("desert_power_sandworms".into(), "two_activate".into())],
        ..ArrakisOptions::default()
    });
    g.edit(|s| {
        s.clear_board();
        s.areas[w.index()].worm = Some(Worm::Normal);
        s.turn(A, &[DieResult::Strategy], 2);
        s.prompt = Prompt::Sandworms(2, AreaSet::EMPTY);
    })
    .unwrap();
    assert!(legal(&g, A).contains(&Action::WormMove(w, to)));
    g.edit(|s| s.put_smuggler_harvester(to)).unwrap();
    assert!(!legal(&g, A).contains(&Action::WormMove(w, to)));
    assert_refused(&g, seat(A), &Action::WormMove(w, to));
}
