//! Desert Troopers' common rules (DW-TROOPER-01 to DW-TROOPER-17): not
//! units, never in a legion, free areas, removal by an opposing legion or
//! a sandworm, no hits from battles, storms or sandworm attacks.
use super::*;
use melange::rules::arrakis::expansions::ExpansionEvent;

#[test]
fn troopers_are_neither_units_nor_legion_members() {
    // DW-TROOPER-01 to DW-TROOPER-07: a Harkonnen legion standing with 3
    // Suspensor Troopers moves off; the troopers are not offered to the
    // move, count for no stacking and stay where they are.
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.put_troopers(a("s1_1"), sus(3)).unwrap();
        // DW-TROOPER-05: 6 units already in s1_2 with 2 Suspensor Troopers: a
        // full area stays full, not over.
        s.put(H, a("s1_2"), [4, 0, 0], 0).unwrap();
        s.put_troopers(a("s1_2"), sus(2)).unwrap();
    })
    .unwrap();
    let s = &g.areas()[a("s1_1").index()];
    // DW-TROOPER-02, DW-TROOPER-03: no unit, no leader, no legion.
    assert_eq!(s.unit_count(H), 2);
    assert_eq!(s.leader_count(H, data()), 0);
    assert_eq!(s.expansions.desert.troopers(), 3); // DW-TROOPER-01
    g.edit(|s| s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 1))
        .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
        ],
    );
    // DW-TROOPER-06: only units and leaders are offered to the move.
    let offered = legal(&g, H);
    assert_eq!(
        offered
            .iter()
            .filter(|x| matches!(
                x,
                Action::Take(_) | Action::TakeGeneric | Action::TakeLeader(_)
            ))
            .count(),
        1
    );
    play(
        &mut g,
        H,
        &[
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            // DW-TROOPER-05: 4 + 2 units is the limit; the troopers
            // there do not count.
            Action::To(a("s1_2")),
        ],
    );
    assert_eq!(g.areas()[a("s1_2").index()].unit_count(H), 6);
    // DW-TROOPER-06: the troopers did not move with the legion.
    assert_eq!(g.areas()[a("s1_1").index()].expansions.desert.suspensors, 3);
    assert_eq!(g.areas()[a("s1_2").index()].expansions.desert.suspensors, 2);
    // Own troopers are never removed by their own legion.
    assert_eq!(g.desert_war().unwrap().suspensors, 1);
}

#[test]
fn an_area_with_only_troopers_is_free_and_an_opposing_legion_removes_them() {
    // DW-TROOPER-12, DW-TROOPER-13, DW-TROOPER-17: a Harkonnen legion
    // moves (no battle) into an area holding only Atreides troopers; they
    // are removed at once, back to the Atreides supply.
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put_troopers(
            a("s1_2"),
            Troopers {
                rockets: 2,
                suspensors: 1,
                ..Default::default()
            },
        )
        .unwrap();
        // (A Sandrider there would call a sandworm instead, DW-SANDRIDER-10:
        // tests/arrakis/desert_war/sandriders.rs.)
        s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
        ],
    );
    // DW-TROOPER-12: a plain move is offered, not an attack.
    assert!(legal(&g, H).contains(&Action::To(a("s1_2"))));
    let ev = play(&mut g, H, &[Action::To(a("s1_2"))]);
    assert!(!ev.iter().any(|e| matches!(e, Event::BattleStarted { .. })));
    // DW-TROOPER-13: the Atreides troopers are gone, the Harkonnen one
    // stays.
    let s = &g.areas()[a("s1_2").index()];
    assert_eq!(s.units[H], [1, 0, 0]);
    assert_eq!(
        (s.expansions.desert.rockets, s.expansions.desert.sandriders),
        (0, 0)
    );
    assert_eq!(s.expansions.desert.suspensors, 1);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::TroopersRemoved {
            area: a("s1_2"),
            troopers: Troopers {
                rockets: 2,
                sandriders: 0,
                suspensors: 0,
            },
            why: TrooperRemoval::Legion,
        }
    ))));
    // DW-TROOPER-17: back to the supply, ready again.
    let dw = g.desert_war().unwrap();
    assert_eq!((dw.rockets, dw.sandriders, dw.suspensors), (6, 2, 5));

    // The other way round: an Atreides legion moves into a Suspensor
    // Trooper's area and removes it.
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put_troopers(a("s1_2"), sus(2)).unwrap();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    let ev = play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
            Action::To(a("s1_2")),
        ],
    );
    assert!(!ev.iter().any(|e| matches!(e, Event::BattleStarted { .. })));
    assert_eq!(g.areas()[a("s1_2").index()].expansions.desert.suspensors, 0);
    assert_eq!(g.desert_war().unwrap().suspensors, 6);
}

#[test]
fn troopers_never_block_a_retreat_or_a_harvester() {
    // DW-TROOPER-12: the core "open area" tests ignore Desert Troopers: a
    // Harkonnen legion revealing a sandworm may retreat into an area
    // holding only Atreides troopers (which it then removes,
    // DW-TROOPER-13).
    use melange::rules::arrakis::Wormsign;
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put_troopers(a("s1_4"), rockets(1)).unwrap();
        s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
            Action::To(a("s1_2")),
        ],
    );
    assert!(legal(&g, H).contains(&Action::Retreat(a("s1_4"))));
    let ev = play(&mut g, H, &[Action::Retreat(a("s1_4"))]);
    assert_eq!(g.areas()[a("s1_4").index()].units[H], [1, 0, 0]);
    assert_eq!(g.areas()[a("s1_4").index()].expansions.desert.rockets, 0);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Expansion(ExpansionEvent::DesertWar(DwEvent::TroopersRemoved { area, .. })) if *area == a("s1_4")
    )));
}

#[test]
fn a_harvester_may_go_where_only_troopers_stand() {
    // DW-TROOPER-12: the core free desert area of a harvester (AR-VEH-07)
    // ignores Desert Troopers of either side.
    let mut g = Arrakis::setup(
        &ArrakisOptions {
            desert_war: true,
            ..Default::default()
        },
        3,
    )
    .unwrap();
    assert!(matches!(g.prompt(), Prompt::Vehicles { .. }));
    g.edit(|s| {
        s.put_troopers(a("s1_1"), rockets(1)).unwrap();
        s.put_troopers(a("s1_2"), sus(1)).unwrap();
    })
    .unwrap();
    for x in ["s1_1", "s1_2"] {
        assert!(legal(&g, H).contains(&Action::PlaceHarvester(a(x))), "{x}");
    }
    play(&mut g, H, &[Action::PlaceHarvester(a("s1_1"))]);
    // A harvester is no legion: the launcher stays.
    assert_eq!(g.areas()[a("s1_1").index()].expansions.desert.rockets, 1);
}

#[test]
fn a_sandworm_attack_leaves_troopers_alone() {
    // DW-TROOPER-09, DW-TROOPER-11: a sandworm attack on a Harkonnen
    // legion standing with Suspensor Troopers kills units only.
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_1").index()].worm = Some(Worm::Normal);
        s.put(H, a("s1_4"), [1, 0, 0], 0).unwrap();
        s.put_troopers(a("s1_4"), sus(2)).unwrap();
        s.turn(A, &[], 1);
    })
    .unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    g.edit(|s| s.load_dice(&[HIT, HIT, HIT, HIT])).unwrap();
    play(&mut g, A, &[Action::WormAttack(a("s1_1"), a("s1_4"))]);
    let s = &g.areas()[a("s1_4").index()];
    assert_eq!(s.unit_count(H), 0);
    assert_eq!(s.expansions.desert.suspensors, 2);
}

#[test]
fn a_storm_leaves_troopers_alone() {
    // DW-TROOPER-09, DW-TROOPER-10: storm hits kill units, never troopers.
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("pasty_mesa"), [1, 0, 0], 0).unwrap();
        s.put_troopers(a("pasty_mesa"), sus(1)).unwrap();
        s.load_dice(&[HIT, HIT]);
    })
    .unwrap();
    let ev = to_desert_hazards(&mut g);
    // The storm struck: the unit is gone.
    assert_eq!(g.areas()[a("pasty_mesa").index()].unit_count(H), 0);
    assert_eq!(
        g.house(H).supply.regular,
        data().tables.figures.harkonnen.regular
    );
    // No storm removal: the trooper is still there when the round ends
    // (the End of the Round then takes it, DW-ROUNDEND-03).
    assert!(!ev.iter().any(|e| matches!(
        e,
        Event::Expansion(ExpansionEvent::DesertWar(DwEvent::TroopersRemoved { .. }))
    )));
    let on_board = g.areas()[a("pasty_mesa").index()]
        .expansions
        .desert
        .suspensors
        == 1;
    let cleared = ev.iter().any(|e| {
        matches!(
            e,
            Event::Expansion(ExpansionEvent::DesertWar(DwEvent::RoundCleared { troopers, .. })) if troopers.suspensors == 1
        )
    });
    assert!(on_board || cleared);
}

#[test]
fn a_battle_leaves_the_defenders_troopers_out() {
    // DW-TROOPER-08, DW-TROOPER-09: Rocket Launchers standing with an
    // Atreides legion take no part in the battle and no hit; when the
    // Harkonnen win and advance, the opposing legion's arrival removes
    // them (DW-TROOPER-13).
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [3, 0, 0], 0).unwrap();
        s.put(A, a("s1_2"), [1, 0, 0], 0).unwrap();
        s.put_troopers(a("s1_2"), rockets(2)).unwrap();
        s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
        // No planning card to discard for a die: the rolls are the units'.
        s.houses[H].hand.clear();
        s.houses[A].hand.clear();
        s.load_dice(&[HIT; 12]);
    })
    .unwrap();
    let mut events = play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::To(a("s1_2")),
        ],
    );
    // Play the battle out with every die a Hit.
    let mut rounds = 0;
    while let Prompt::Battle(_) = g.prompt() {
        rounds += 1;
        assert!(rounds < 50, "battle never ends");
        g.edit(|s| s.load_dice(&[HIT; 12])).unwrap();
        let seat = g.to_act().unwrap();
        let f = if seat.0 == 0 { H } else { A };
        // DW-TROOPER-08: while it lasts the launchers are still there,
        // untouched.
        assert_eq!(g.areas()[a("s1_2").index()].expansions.desert.rockets, 2);
        let acts = legal(&g, f);
        let pick = [Action::Advance, Action::Continue]
            .into_iter()
            .find(|x| acts.contains(x))
            .unwrap_or(
                *acts
                    .iter()
                    .find(|x| **x != Action::Done)
                    .unwrap_or(&acts[0]),
            );
        events.extend(play(&mut g, f, &[pick]));
    }
    // DW-TROOPER-08: the launchers add no die: the Atreides roll for their
    // one unit only, the Harkonnen for their three.
    let rolls: Vec<(melange::rules::arrakis::Faction, u8)> = events
        .iter()
        .filter_map(|e| match e {
            Event::CombatRoll { faction, dice, .. } => Some((*faction, *dice)),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![(H, 3), (A, 1)]);
    // Three Hits against one unit: the Harkonnen win at once, advance, and
    // their arrival removes the launchers (DW-TROOPER-13), back to the
    // supply; they took no hit of the battle.
    let s = &g.areas()[a("s1_2").index()];
    assert_eq!(
        s.unit_count(H),
        2,
        "one Harkonnen regular fell to the one Hit"
    );
    assert_eq!(s.unit_count(A), 0);
    assert_eq!(s.expansions.desert.rockets, 0);
    assert_eq!(g.desert_war().unwrap().rockets, 6);
}

#[test]
fn a_sandworm_moving_in_removes_all_troopers_but_sandriders() {
    // DW-TROOPER-14, DW-TROOPER-15, DW-TROOPER-16, DW-TROOPER-17: under the
    // two-activation option a sandworm moves (not attacks) into an area
    // holding Suspensor Troopers, a Rocket Launcher and a Sandrider.
    let mut g = game_with(ArrakisOptions {
        desert_war: true,
        overrides: vec![("desert_power_sandworms".into(), "two_activate".into())],
        ..Default::default()
    });
    g.edit(|s| {
        s.areas[a("s1_1").index()].worm = Some(Worm::Normal);
        s.put_troopers(
            a("s1_3"),
            Troopers {
                suspensors: 2,
                rockets: 1,
                sandriders: 1,
            },
        )
        .unwrap();
        s.turn(A, &[], 2);
    })
    .unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    // DW-TROOPER-14: the troopers do not stop it.
    assert!(legal(&g, A).contains(&Action::WormMove(a("s1_1"), a("s1_3"))));
    let ev = play(&mut g, A, &[Action::WormMove(a("s1_1"), a("s1_3"))]);
    let s = &g.areas()[a("s1_3").index()];
    assert!(s.worm.is_some());
    // DW-TROOPER-15: all but the Sandrider go.
    assert_eq!(
        (
            s.expansions.desert.suspensors,
            s.expansions.desert.rockets,
            s.expansions.desert.sandriders
        ),
        (0, 0, 1)
    );
    // DW-TROOPER-16: it is a move: no attack, no roll.
    assert!(!ev.iter().any(|e| matches!(e, Event::CombatRoll { .. })));
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::TroopersRemoved {
            area: a("s1_3"),
            troopers: Troopers {
                suspensors: 2,
                rockets: 1,
                sandriders: 0,
            },
            why: TrooperRemoval::Sandworm,
        }
    ))));
    // DW-TROOPER-17
    let dw = g.desert_war().unwrap();
    assert_eq!((dw.suspensors, dw.rockets, dw.sandriders), (6, 6, 1));
}

#[test]
fn a_sandworm_placed_on_troopers_removes_them() {
    // DW-TROOPER-15: a sandworm a Harkonnen legion calls up appears on the
    // Rocket Launcher in the wormsign's area (the legion retreats).
    use melange::rules::arrakis::Wormsign;
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
        s.put_troopers(a("s1_2"), rockets(1)).unwrap();
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
            Action::To(a("s1_2")),
            Action::Retreat(a("s1_4")),
        ],
    );
    let s = &g.areas()[a("s1_2").index()];
    assert!(s.worm.is_some());
    assert_eq!(s.expansions.desert.rockets, 0);
    assert_eq!(g.desert_war().unwrap().rockets, 6);
}

#[test]
fn a_cards_hits_leave_troopers_alone() {
    // DW-TROOPER-09: a card's special attack hits units only: the Rocket
    // Launchers standing with the Atreides legion it hits stay.
    use melange::rules::arrakis::board;
    let mut g = card_game(H, &["explosive_artillery"]);
    let own = a("s1_3");
    let target = (0..board().areas.len() as u8)
        .map(melange::rules::arrakis::AreaId)
        .find(|x| board().touches(own, *x) && board().desert.contains(*x))
        .unwrap();
    g.edit(|s| {
        s.put(H, own, [1, 0, 0], 0).unwrap();
        s.put(A, target, [1, 0, 0], 0).unwrap();
        s.put_troopers(target, rockets(2)).unwrap();
    })
    .unwrap();
    play_card(&mut g, H, "explosive_artillery");
    play(&mut g, H, &[Action::Done]);
    g.edit(|s| s.load_dice(&[HIT, HIT, HIT, HIT])).unwrap();
    play(&mut g, H, &[Action::PickArea(target)]);
    let s = &g.areas()[target.index()];
    assert_eq!(s.unit_count(A), 0);
    assert_eq!(s.expansions.desert.rockets, 2);
}

#[test]
fn a_relocated_sietch_leaves_the_troopers_of_its_area() {
    // DW-TROOPER-06: Kitab al-Ibar moves a sietch with its legion; the
    // Rocket Launcher there is no part of the legion and stays; the
    // Suspensor Trooper where the legion arrives is removed (DW-TROOPER-13).
    let mut g = card_game(A, &["kitab_al_ibar"]);
    g.edit(|s| {
        s.put(A, a("sihaya_ridge"), [1, 0, 0], 0).unwrap();
        s.put_troopers(a("sihaya_ridge"), rockets(1)).unwrap();
        s.put_troopers(a("s1_6"), sus(1)).unwrap();
    })
    .unwrap();
    play_card(&mut g, A, "kitab_al_ibar");
    play(
        &mut g,
        A,
        &[
            Action::PickArea(a("sihaya_ridge")),
            Action::PickArea(a("s1_6")),
        ],
    );
    assert_eq!(g.areas()[a("s1_6").index()].units[A], [1, 0, 0]);
    assert_eq!(
        g.areas()[a("sihaya_ridge").index()]
            .expansions
            .desert
            .rockets,
        1
    );
    assert_eq!(g.areas()[a("s1_6").index()].expansions.desert.suspensors, 0);
    assert_eq!(g.desert_war().unwrap().suspensors, 6);
}

#[test]
fn a_legion_pushed_by_a_card_removes_the_troopers_where_it_lands() {
    // DW-TROOPER-13: Sandtides pushes a Harkonnen legion into an area
    // holding a Sandrider: the Sandrider is removed.
    let mut g = card_game(A, &["sandtides"]);
    g.edit(|s| {
        s.put(H, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.put_troopers(
            a("s1_2"),
            Troopers {
                sandriders: 1,
                ..Default::default()
            },
        )
        .unwrap();
    })
    .unwrap();
    play_card(&mut g, A, "sandtides");
    play(
        &mut g,
        A,
        &[Action::PickArea(a("s1_1")), Action::PickArea(a("s1_2"))],
    );
    assert_eq!(g.areas()[a("s1_2").index()].units[H], [2, 0, 0]);
    assert_eq!(g.areas()[a("s1_2").index()].expansions.desert.sandriders, 0);
    assert_eq!(g.desert_war().unwrap().sandriders, 2);
}

#[test]
fn a_deployment_removes_opposing_troopers() {
    // DW-TROOPER-13: Harkonnen units deployed into an area holding an
    // Atreides trooper remove it.
    // An Atreides trooper never shares an area with a Harkonnen legion,
    // so the deployment goes to a settlement with no legion in it.
    let mut g = game();
    g.edit(|s| s.turn(H, &[DieResult::Deployment, DieResult::Deployment], 1))
        .unwrap();
    play(&mut g, H, &[Action::SpendDie(DieResult::Deployment)]);
    let offered = legal(&g, H);
    let Some(Action::DeployAt(area)) = offered.iter().copied().find(
        |x| matches!(x, Action::DeployAt(area) if g.areas()[area.index()].unit_count(H) == 0),
    ) else {
        panic!("a deployment area with no Harkonnen legion: {offered:?}");
    };
    g.edit(|s| s.put_troopers(area, rockets(1))).unwrap();
    play(&mut g, H, &[Action::DeployAt(area)]);
    assert_eq!(g.areas()[area.index()].expansions.desert.rockets, 0);
}

#[test]
fn a_legion_that_reveals_a_sandworm_removes_the_troopers_there() {
    // DW-TROOPER-13: the legion entered the wormsign's area before it
    // retreated to the only area open to it (its own start area, where
    // the rest of its legion stays): the Rocket Launcher there is
    // removed, as when the Harkonnen pick among several areas.
    use melange::rules::arrakis::Wormsign;
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
        s.put_troopers(
            a("s1_2"),
            Troopers {
                rockets: 1,
                ..Default::default()
            },
        )
        .unwrap();
        s.put(H, a("s1_4"), [2, 0, 0], 0).unwrap();
    })
    .unwrap();
    // Every other area next to s1_2 is closed to the legion.
    let b = melange::rules::arrakis::board();
    for x in b.passable[a("s1_2").index()].iter() {
        if x != a("s1_4") {
            g.edit(|s| s.areas[x.index()].worm = Some(Worm::Normal))
                .unwrap();
        }
    }
    g.edit(|s| s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 1))
        .unwrap();
    let ev = play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_4")),
            Action::Take(UnitKind::Regular),
            Action::To(a("s1_2")),
        ],
    );
    // No choice to make: it went straight back to s1_4.
    assert!(!matches!(g.prompt(), Prompt::WormRetreat(..)));
    assert_eq!(g.areas()[a("s1_4").index()].units[H], [2, 0, 0]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Expansion(ExpansionEvent::DesertWar(DwEvent::TroopersRemoved { area, .. })) if *area == a("s1_2")
    )));
    assert_eq!(g.areas()[a("s1_2").index()].expansions.desert.rockets, 0);
    assert_eq!(g.desert_war().unwrap().rockets, 6);
}
