//! Vehicles and spice (AR-VEH, AR-SPICE): placing harvesters and air
//! vehicles, the carryall rescue, harvesters destroyed, the spice keep,
//! raise and fall, and buying Supremacy.
use super::*;

#[test]
fn harvester_placement_rules() {
    // AR-VEH-05, AR-VEH-07, AR-VEH-08, AR-VEH-09
    let g = Arrakis::setup(&ArrakisOptions::default(), 3).unwrap();
    assert!(matches!(
        g.prompt(),
        Prompt::Vehicles {
            harvesters: 3,
            ornithopters: 2,
            carryalls: 1,
            ..
        }
    ));
    assert_refused(&g, seat(H), &Action::PlaceHarvester(a("arrakeen")));
    assert_refused(&g, seat(H), &Action::PlaceHarvester(a("gara_kulon")));
    let mut g2 = g.clone();
    play(&mut g2, H, &[Action::PlaceHarvester(a("s1_1"))]);
    assert_refused(&g2, seat(H), &Action::PlaceHarvester(a("s1_1")));
}

#[test]
fn a_harvester_only_in_a_free_desert_area() {
    // AR-VEH-07: a free desert area, ordinary or deep: no sietch, no
    // Atreides unit or deployment token, no sandworm; AR-VEH-08: no 2nd
    // harvester. One refusal per exclusion, each naming its rule, in an
    // area that is offered without it.
    use melange::rules::arrakis::Worm;
    let fresh = || {
        let g = game();
        assert!(matches!(g.prompt(), Prompt::Vehicles { harvesters, .. } if harvesters > 0));
        g
    };
    let offered = |g: &Arrakis, id: &str| legal(g, H).contains(&Action::PlaceHarvester(a(id)));
    let refused = |g: &Arrakis, id: &str, rule: &str, why: &str| {
        assert!(!offered(g, id), "{why}: {id} offered");
        let e = assert_refused(g, seat(H), &Action::PlaceHarvester(a(id)));
        assert_eq!(rule_of(e), rule, "{why}: {id}");
    };
    // Ordinary (s1_3) and deep (s1_1) desert are free on an empty board,
    // and a Harkonnen legion there does not matter.
    let mut g = fresh();
    assert!(offered(&g, "s1_1") && offered(&g, "s1_3"));
    g.edit(|s| s.put(H, a("s1_3"), [1, 1, 1], 1)).unwrap();
    assert!(offered(&g, "s1_3"));
    // Not desert: a city, a plateau, a minor erg, a mountain.
    let g = fresh();
    for id in ["arrakeen", "carthag", "s2_5", "s5_7", "broken_land"] {
        refused(&g, id, "AR-VEH-07", "not desert");
    }
    // A sietch (a desert sietch site), offered once the sietch is gone.
    let mut g = fresh();
    let site = "gara_kulon";
    assert!(
        g.areas()[a(site).index()].sietch.is_some(),
        "{site} has a sietch"
    );
    refused(&g, site, "AR-VEH-07", "sietch");
    g.edit(|s| s.areas[a(site).index()].sietch = None).unwrap();
    assert!(offered(&g, site));
    // An Atreides unit of each kind.
    for units in [[1, 0, 0], [0, 1, 0], [0, 0, 1]] {
        let mut g = fresh();
        g.edit(|s| s.put(A, a("s1_3"), units, 0)).unwrap();
        refused(&g, "s1_3", "AR-VEH-07", "Atreides unit");
    }
    // An Atreides deployment token alone.
    let mut g = fresh();
    g.edit(|s| s.areas[a("s1_3").index()].tokens.push(0))
        .unwrap();
    refused(&g, "s1_3", "AR-VEH-07", "deployment token");
    // A sandworm, the Wild Maker included.
    for w in [Worm::Normal, Worm::WildMaker] {
        let mut g = fresh();
        g.edit(|s| s.areas[a("s1_3").index()].worm = Some(w))
            .unwrap();
        refused(&g, "s1_3", "AR-VEH-07", "sandworm");
    }
    // A harvester already there.
    let mut g = fresh();
    play(&mut g, H, &[Action::PlaceHarvester(a("s1_3"))]);
    refused(&g, "s1_3", "AR-VEH-08", "2nd harvester");
}

#[test]
fn spice_keep_raise_fall_and_bans() {
    // AR-SPICE-07, AR-SPICE-08, AR-SPICE-14, AR-SPICE-15, AR-SPICE-16
    let mut g = game();
    g.edit(|s| {
        s.imperium = ([2, 2, 5]).into();
        s.bans = ([false; 3]).into();
        s.prompt = Prompt::Spice {
            spice: 5,
            decided: Default::default(),
        }
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::Raise(ImperiumMarker::Choam),
            Action::Keep(ImperiumMarker::Landsraad),
        ],
    );
    // No spice left: nothing more to decide, the phase ends by itself.
    assert_eq!(g.imperium(), [1, 3, 5]);
    // Spacing Guild just moved down; Landsraad sits on the bottom row.
    assert_eq!(g.bans(), [false, true, true]);
}

#[test]
fn harkonnen_house_vehicles_two_of_choice_or_one_of_each() {
    // AR-DIE-21, AR-OPT-04, AR-VEH-11
    let mut g = game();
    let az1 = board().air_zone_id("az1").unwrap();
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::Carryall);
        s.turn(H, &[DieResult::House, DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[Action::SpendDie(DieResult::House), Action::HouseVehicles],
    );
    play(
        &mut g,
        H,
        &[Action::PlaceVehicle(Vehicle::Ornithopter, az1)],
    );
    // AR-VEH-11: the carryall there was replaced.
    assert_eq!(g.zones()[az1.index()], Some(Vehicle::Ornithopter));
    play(&mut g, H, &[Action::PlaceHarvester(a("s1_1"))]);
    // Two placed: the turn is over.
    assert_eq!(g.prompt(), Prompt::Turn(A));

    let opts = ArrakisOptions {
        overrides: vec![("harkonnen_house_vehicles".into(), "one_of_each".into())],
        ..Default::default()
    };
    let mut g = game_with(opts);
    g.edit(|s| s.turn(H, &[DieResult::House, DieResult::Strategy], 1))
        .unwrap();
    play(
        &mut g,
        H,
        &[Action::SpendDie(DieResult::House), Action::HouseVehicles],
    );
    play(
        &mut g,
        H,
        &[Action::PlaceVehicle(Vehicle::Ornithopter, az1)],
    );
    let az2 = board().air_zone_id("az2").unwrap();
    assert_refused(
        &g,
        seat(H),
        &Action::PlaceVehicle(Vehicle::Ornithopter, az2),
    );
    play(&mut g, H, &[Action::PlaceVehicle(Vehicle::Carryall, az2)]);
}

#[test]
fn carryall_rescue_is_the_harkonnen_choice() {
    // AR-HAZ-11, AR-HAZ-20, AR-HAZ-21, AR-HAZ-22, AR-HAZ-24
    let setup = || {
        let mut g = game();
        let az1 = board().air_zone_id("az1").unwrap();
        g.edit(|s| {
            s.zones[az1.index()] = Some(Vehicle::Carryall);
            s.areas[a("s1_1").index()].harvester = true;
            s.areas[a("s1_1").index()].wormsign = Some(melange::rules::arrakis::Wormsign::Sandworm);
            s.turn(H, &[DieResult::Mentat], 0);
        })
        .unwrap();
        let deck = melange::rules::arrakis::Deck::HouseHarkonnen;
        play(
            &mut g,
            H,
            &[
                Action::SpendDie(DieResult::Mentat),
                Action::Mentat(deck, deck),
            ],
        );
        (g, az1)
    };
    let (mut g, az1) = setup();
    assert_eq!(g.prompt(), Prompt::Rescue(a("s1_1")));
    assert!(g.areas()[a("s1_1").index()].worm.is_some());
    let ev = play(&mut g, H, &[Action::Rescue(az1)]);
    assert!(g.zones()[az1.index()].is_none());
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::HarvesterDestroyed { .. }))
    );
    // The rescued harvester stayed and was harvested (deep desert: 2).
    assert!(matches!(g.prompt(), Prompt::Spice { spice: 2, .. }));

    let (mut g, _) = setup();
    let ev = play(&mut g, H, &[Action::Done]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::HarvesterDestroyed { .. }))
    );
    // No harvester left, no spice: the harvest ends at once.
    assert!(!matches!(g.prompt(), Prompt::Spice { .. }));
}

#[test]
fn two_harvesters_destroyed_in_action_resolution_advance_the_jihad() {
    // AR-PRESC-13, AR-HARV (an Atreides legion entering removes a harvester)
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put(A, a("s1_6"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_3").index()].harvester = true;
        s.areas[a("s1_2").index()].harvester = true;
        s.turn(A, &[DieResult::Strategy], 2);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
            Action::To(a("s1_3")),
        ],
    );
    assert_eq!(g.prescience()[melange::rules::arrakis::Marker::Jihad], 0);
    play(
        &mut g,
        A,
        &[
            Action::Legion(a("s1_6")),
            Action::Take(UnitKind::Regular),
            Action::To(a("s1_2")),
        ],
    );
    assert_eq!(g.prescience()[melange::rules::arrakis::Marker::Jihad], 1);
}

#[test]
fn buying_supremacy_with_spice() {
    // AR-SPICE-10, AR-SPICE-11, AR-SPICE-12, AR-SPICE-13
    let mut g = game();
    g.edit(|s| {
        s.supremacy = 5;
        s.prompt = Prompt::Spice {
            spice: 8,
            decided: Default::default(),
        };
    })
    .unwrap();
    play(&mut g, H, &[Action::BuySupremacy]);
    assert_eq!(g.supremacy(), 6);
    let e = assert_refused(&g, seat(H), &Action::BuySupremacy);
    assert_eq!(rule_of(e), "AR-SPICE-06");
    let mut six = game();
    six.edit(|s| {
        s.supremacy = 6;
        s.prompt = Prompt::Spice {
            spice: 8,
            decided: Default::default(),
        };
    })
    .unwrap();
    assert_refused(&six, seat(H), &Action::BuySupremacy);
    // 5 spice left; keeping all three markers would cost 6: keep two,
    // 1 spice is saved.
    play(
        &mut g,
        H,
        &[
            Action::Keep(ImperiumMarker::Choam),
            Action::Keep(ImperiumMarker::Landsraad),
        ],
    );
    assert_eq!(g.spice_saved(), 1);
}

#[test]
fn no_vehicle_is_placed_once_every_figure_of_its_kind_is_on_the_board() {
    // AR-VEH-05 within the figures the box holds: with every ornithopter
    // figure already in an air zone, the row's ornithopters are not placed
    // (the figures on the board stay put, AR-VEH-12); carryalls still are.
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 3).unwrap();
    assert!(matches!(
        g.prompt(),
        Prompt::Vehicles {
            ornithopters: 2,
            carryalls: 1,
            ..
        }
    ));
    let figures = data().tables.figures.harkonnen.ornithopter;
    for z in 0..usize::from(figures) {
        g.edit(|s| s.zones[z] = Some(Vehicle::Ornithopter)).unwrap();
    }
    let offered = legal(&g, H);
    assert!(
        !offered
            .iter()
            .any(|x| matches!(x, Action::PlaceVehicle(Vehicle::Ornithopter, _))),
        "{offered:?}"
    );
    let free = melange::rules::arrakis::AirZoneId(figures);
    assert_refused(
        &g,
        seat(H),
        &Action::PlaceVehicle(Vehicle::Ornithopter, free),
    );
    assert!(offered.contains(&Action::PlaceVehicle(Vehicle::Carryall, free)));
}
