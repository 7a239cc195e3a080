//! Desert hazards (AR-HAZ, AR-ATOM): sandworms (moving, attacking,
//! emerging, the cap, the one a legion calls), storms, retreats from a
//! sandworm, Family Atomics and the Wild Maker.
use super::*;

#[test]
fn desert_power_sandworm_attack() {
    // AR-DP-08, AR-DP-09, AR-HAZ-44, AR-HAZ-45, AR-HAZ-46
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_1").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
        s.areas[a("s1_4").index()].harvester = true;
        s.areas[a("s1_3").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
        s.put(H, a("broken_land"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[], 1);
    })
    .unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    // A mountain is never a target.
    assert_refused(
        &g,
        seat(A),
        &Action::WormAttack(a("s1_3"), a("broken_land")),
    );
    let off = g.worms_off();
    play(&mut g, A, &[Action::WormAttack(a("s1_1"), a("s1_4"))]);
    assert!(!g.areas()[a("s1_4").index()].harvester);
    assert!(g.areas()[a("s1_1").index()].worm.is_none());
    assert_eq!(g.worms_off(), off + 1);
}

#[test]
fn harkonnen_legion_entering_a_wormsign() {
    // AR-HAZ-47, AR-HAZ-50, AR-HAZ-51, AR-DIE-04
    use melange::rules::arrakis::Wormsign;
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
        s.areas[a("s1_2").index()].harvester = true;
        // Not into an enemy legion, nor a wormsign.
        s.put(A, a("s1_5"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_6").index()].wormsign = Some(Wormsign::Sand);
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put(H, a("s2_2"), [1, 0, 0], 0).unwrap();
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
    // AR-HAZ-50: the legion retreats to an adjacent open area without a
    // wormsign, the Harkonnen's pick.
    assert!(matches!(g.prompt(), Prompt::WormRetreat(_, x, _) if x == a("s1_2")));
    let mut legal = Vec::new();
    g.legal_actions(seat(H), &mut legal);
    assert!(legal.contains(&Action::Retreat(a("s1_1"))));
    assert!(legal.contains(&Action::Retreat(a("s1_4"))));
    for refused in [a("s1_5"), a("s1_6"), a("s1_3")] {
        let e = assert_refused(&g, seat(H), &Action::Retreat(refused));
        assert_eq!(rule_of(e), "AR-HAZ-50");
    }
    assert_refused(&g, seat(A), &Action::Retreat(a("s1_4")));
    play(&mut g, H, &[Action::Retreat(a("s1_4"))]);
    let s = &g.areas()[a("s1_2").index()];
    assert!(s.worm.is_some() && !s.harvester && s.wormsign.is_none());
    assert_eq!(s.unit_count(H), 0);
    assert_eq!(g.areas()[a("s1_4").index()].units[H], [1, 0, 0]);
    // The move goes on with the second legion.
    // The move goes on with the second legion; the retreat area was moved
    // into, so its figures cannot move again this action (AR-DIE-04).
    assert!(
        matches!(g.prompt(), Prompt::Move(m) if m.legions_left == 1 && m.moved_into.contains(a("s1_4")))
    );
    let e = assert_refused(&g, seat(H), &Action::Legion(a("s1_4")));
    assert_eq!(rule_of(e), "AR-DIE-04");
    play(&mut g, H, &[Action::Legion(a("s2_2"))]);
}

#[test]
fn family_atomics_once_from_step_eight() {
    // AR-ATOM-01, AR-ATOM-02, AR-ATOM-03, AR-ATOM-04, AR-ATOM-07
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("splintered_rock"), [2, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    assert_refused(&g, seat(A), &Action::Atomics(a("splintered_rock")));
    g.edit(|s| s.prescience = [8, 0, 0].into()).unwrap();
    // Only the three given mountains.
    assert_refused(&g, seat(A), &Action::Atomics(a("broken_land")));
    play(&mut g, A, &[Action::Atomics(a("splintered_rock"))]);
    // AR-ATOM-07: the Harkonnen choose where the legion goes.
    play(&mut g, H, &[Action::Displace(a("wind_pass"))]);
    assert_eq!(g.atomics_area(), Some(a("splintered_rock")));
    assert_eq!(g.areas()[a("splintered_rock").index()].unit_count(H), 0);
    assert_eq!(g.units_on_board(H), [2, 0, 0]);
    // A free action: the turn goes on, and never twice.
    assert_eq!(g.prompt(), Prompt::Turn(A));
    assert_refused(&g, seat(A), &Action::Atomics(a("hole_in_the_rock")));
}

#[test]
fn two_sandworms_move_or_attack_under_the_wiki_option() {
    // AR-OPT-03, AR-HAZ-39, AR-HAZ-40, AR-HAZ-41
    let opts = ArrakisOptions {
        overrides: vec![("desert_power_sandworms".into(), "two_activate".into())],
        ..Default::default()
    };
    let mut g = game_with(opts);
    g.edit(|s| {
        s.areas[a("s1_1").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
        s.areas[a("s1_5").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
        s.put(H, a("s1_4"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[], 2);
    })
    .unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    // Never into an area holding a figure.
    assert_refused(&g, seat(A), &Action::WormMove(a("s1_1"), a("s1_4")));
    play(&mut g, A, &[Action::WormMove(a("s1_1"), a("s1_3"))]);
    assert!(g.areas()[a("s1_3").index()].worm.is_some());
    // The same sandworm cannot be activated twice.
    assert_refused(&g, seat(A), &Action::WormMove(a("s1_3"), a("s1_1")));
    play(&mut g, A, &[Action::WormAttack(a("s1_5"), a("s1_4"))]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn sandworm_emerging_on_a_legion_under_the_wiki_option() {
    // AR-OPT-08
    let opts = ArrakisOptions {
        overrides: vec![("sandworm_emerges_on_legion".into(), "retreats".into())],
        ..Default::default()
    };
    let mut g = game_with(opts);
    g.edit(|s| {
        s.put(H, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.areas[a("s1_1").index()].wormsign = Some(melange::rules::arrakis::Wormsign::Sandworm);
        s.turn(H, &[DieResult::Mentat], 0);
    })
    .unwrap();
    let deck = melange::rules::arrakis::Deck::HouseHarkonnen;
    // Not into an enemy legion, nor next to a sandworm's figure.
    g.edit(|s| {
        s.put(A, a("s1_4"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_2").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
        // The storm on the legion's new area rolls Shields.
        s.load_dice(&[SHIELD, SHIELD]);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(deck, deck),
        ],
    );
    // AR-OPT-08: the Harkonnen choose among the open adjacent areas.
    assert_eq!(g.prompt(), Prompt::Flee(a("s1_1")));
    let mut legal = Vec::new();
    g.legal_actions(seat(H), &mut legal);
    assert_eq!(
        legal,
        vec![Action::Retreat(a("s1_3")), Action::Retreat(a("s4_3"))]
    );
    for refused in [a("s1_2"), a("s1_4"), a("s1_5")] {
        let e = assert_refused(&g, seat(H), &Action::Retreat(refused));
        assert_eq!(rule_of(e), "AR-OPT-08");
    }
    play(&mut g, H, &[Action::Retreat(a("s4_3"))]);
    assert!(g.areas()[a("s1_1").index()].worm.is_some());
    assert_eq!(g.areas()[a("s1_1").index()].unit_count(H), 0);
    // The legion fled intact, where the Harkonnen sent it.
    assert_eq!(g.areas()[a("s4_3").index()].units[H], [2, 0, 0]);
}

#[test]
fn a_sandworm_emerging_on_a_legion_attacks_it_by_default_and_under_the_option_only_when_cornered() {
    // AR-OPT-08, both values, on one situation: a Harkonnen legion of 3
    // regulars and a harvester in s1_1 (deep desert) under a Sandworm
    // wormsign; s1_3 and s4_3 are open, s1_2 (a sandworm) and s1_4 (an
    // Atreides legion) are not. `cornered` closes s1_3 and s4_3 too.
    use melange::rules::arrakis::{Worm, Wormsign};
    let setup = |value: &str, cornered: bool| {
        let mut g = game_with(ArrakisOptions {
            overrides: vec![("sandworm_emerges_on_legion".into(), value.into())],
            ..Default::default()
        });
        g.edit(|s| {
            s.put(H, a("s1_1"), [3, 0, 0], 0).unwrap();
            s.areas[a("s1_1").index()].harvester = true;
            s.areas[a("s1_1").index()].wormsign = Some(Wormsign::Sandworm);
            s.areas[a("s1_2").index()].worm = Some(Worm::Normal);
            s.put(A, a("s1_4"), [1, 0, 0], 0).unwrap();
        })
        .unwrap();
        if cornered {
            g.edit(|s| {
                s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
                s.put(A, a("s4_3"), [1, 0, 0], 0).unwrap();
            })
            .unwrap();
        }
        g
    };
    let destroyed = |ev: &[Event]| {
        ev.iter()
            .any(|e| *e == Event::HarvesterDestroyed { area: a("s1_1") })
    };
    // The sandworm's 4 dice (2 Hits, last), then Shields for the storm: a
    // storm alone would roll the first 2, Shields, and leave 3 regulars.
    let worm_dice = [SHIELD, SHIELD, HIT, HIT, SHIELD, SHIELD, SHIELD, SHIELD];

    // Default ("attacks", AR-HAZ-25, AR-HAZ-26, AR-HAZ-30): no retreat
    // although two areas are open; 2 hits, the legion stands with 1
    // regular, so the harvester stays and is harvested (deep desert: 2).
    let mut g = setup("attacks", false);
    g.edit(|s| s.load_dice(&worm_dice)).unwrap();
    let ev = to_desert_hazards(&mut g);
    assert_eq!(g.areas()[a("s1_1").index()].units[H], [1, 0, 0]);
    for id in ["s1_3", "s4_3"] {
        assert_eq!(g.areas()[a(id).index()].unit_count(H), 0, "{id}");
    }
    assert!(!destroyed(&ev));
    assert!(matches!(g.prompt(), Prompt::Spice { spice: 2, .. }));

    // "retreats" (wiki): the Harkonnen pick an open area, the legion goes
    // there whole, and the harvester left alone is destroyed at once.
    let mut g = setup("retreats", false);
    g.edit(|s| s.load_dice(&[SHIELD; 8])).unwrap();
    to_desert_hazards(&mut g);
    assert_eq!(g.prompt(), Prompt::Flee(a("s1_1")));
    assert_eq!(
        legal(&g, H),
        vec![Action::Retreat(a("s1_3")), Action::Retreat(a("s4_3"))]
    );
    let ev = play(&mut g, H, &[Action::Retreat(a("s1_3"))]);
    assert_eq!(g.areas()[a("s1_3").index()].units[H], [3, 0, 0]);
    assert_eq!(g.areas()[a("s1_1").index()].unit_count(H), 0);
    assert!(destroyed(&ev));
    assert!(!g.areas()[a("s1_1").index()].harvester);

    // "retreats" with no open area: the sandworm attacks as by default.
    let mut g = setup("retreats", true);
    g.edit(|s| s.load_dice(&worm_dice)).unwrap();
    let ev = to_desert_hazards(&mut g);
    assert_ne!(g.prompt(), Prompt::Flee(a("s1_1")));
    assert_eq!(g.areas()[a("s1_1").index()].units[H], [1, 0, 0]);
    assert!(!destroyed(&ev));
    assert!(matches!(g.prompt(), Prompt::Spice { spice: 2, .. }));
}

#[test]
fn at_the_sandworm_cap_the_atreides_pick_the_one_that_moves() {
    // AR-HAZ-14, AR-HAZ-15, AR-HAZ-16
    let mut g = game();
    for id in ["s1_5", "s1_6", "s2_1", "s3_1"] {
        g.edit(|s| s.areas[a(id).index()].worm = Some(melange::rules::arrakis::Worm::Normal))
            .unwrap();
    }
    g.edit(|s| {
        s.worms_off = 0;
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
    assert_eq!(g.prompt(), Prompt::RelocateWorm(a("s1_1")));
    // AR-HAZ-14: the sandworm cannot be declined. Only a sandworm on the
    // board moving to the wormsign is offered, no "done".
    let want: Vec<_> = ["s1_5", "s1_6", "s2_1", "s3_1"]
        .iter()
        .map(|id| Action::WormMove(a(id), a("s1_1")))
        .collect();
    let mut offered = legal(&g, A);
    offered.sort_by_key(|x| format!("{x:?}"));
    let mut sorted = want.clone();
    sorted.sort_by_key(|x| format!("{x:?}"));
    assert_eq!(offered, sorted);
    let e = assert_refused(&g, seat(A), &Action::Done);
    assert_eq!(rule_of(e), "AR-HAZ-14");
    // AR-HAZ-15: only to the wormsign's area, only a sandworm on the board.
    for x in [
        Action::WormMove(a("s2_1"), a("s1_2")),
        Action::WormMove(a("s1_2"), a("s1_1")),
    ] {
        let e = assert_refused(&g, seat(A), &x);
        assert_eq!(rule_of(e), "AR-HAZ-15", "{x:?}");
    }
    play(&mut g, A, &[Action::WormMove(a("s2_1"), a("s1_1"))]);
    assert!(g.areas()[a("s2_1").index()].worm.is_none());
    assert!(g.areas()[a("s1_1").index()].worm.is_some());
    let worms = g.areas().iter().filter(|s| s.worm.is_some()).count();
    assert_eq!(worms, 4);
}

#[test]
fn a_harkonnen_legion_calls_a_sandworm_the_atreides_pick_which() {
    // AR-HAZ-15, AR-HAZ-50: no sandworm is free, so the Atreides choose
    // which one on the board answers the wormsign.
    use melange::rules::arrakis::{Worm, Wormsign};
    let worms = ["s1_5", "s1_6", "s2_1", "s3_1"];
    let setup = || {
        let mut g = game();
        for id in worms {
            g.edit(|s| s.areas[a(id).index()].worm = Some(Worm::Normal))
                .unwrap();
        }
        g.edit(|s| {
            s.worms_off = 0;
            s.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
            s.areas[a("s1_2").index()].harvester = true;
            s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
            s.put(H, a("s2_2"), [1, 0, 0], 0).unwrap();
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
                // AR-HAZ-50: the Harkonnen pick the retreat first.
                Action::Retreat(a("s1_1")),
            ],
        );
        g
    };
    let g = setup();
    assert!(matches!(g.prompt(), Prompt::CalledWorm(_, to) if to == a("s1_2")));
    // The legion is already back; the harvester waits on the sandworm.
    assert_eq!(g.areas()[a("s1_1").index()].units[H], [1, 0, 0]);
    assert!(g.areas()[a("s1_2").index()].harvester);
    // Every sandworm on the board is offered, nothing else.
    let mut legal = Vec::new();
    g.legal_actions(seat(A), &mut legal);
    let want: Vec<_> = worms
        .iter()
        .map(|id| Action::WormMove(a(id), a("s1_2")))
        .collect();
    assert_eq!(legal.len(), want.len());
    for w in &want {
        assert!(legal.contains(w), "{w:?} not offered");
    }
    // A refusal (a wrong destination, not a sandworm, the wrong seat)
    // changes nothing.
    assert_refused(&g, seat(A), &Action::WormMove(a("s1_5"), a("s1_3")));
    assert_refused(&g, seat(A), &Action::WormMove(a("s1_1"), a("s1_2")));
    assert_refused(&g, seat(H), &Action::WormMove(a("s1_5"), a("s1_2")));
    let e = assert_refused(&g, seat(A), &Action::Done);
    assert_eq!(rule_of(e), "AR-HAZ-15");
    // Every option is reachable: that sandworm moves, the harvester goes,
    // and the Harkonnen move goes on.
    for w in want {
        let mut g = setup();
        let Action::WormMove(from, _) = w else {
            unreachable!()
        };
        play(&mut g, A, &[w]);
        assert!(g.areas()[from.index()].worm.is_none());
        let s = &g.areas()[a("s1_2").index()];
        assert!(s.worm.is_some() && !s.harvester && s.wormsign.is_none());
        assert_eq!(g.areas().iter().filter(|s| s.worm.is_some()).count(), 4);
        assert!(matches!(g.prompt(), Prompt::Move(m) if m.faction == H && m.picked.is_none()));
    }
}

/// Hazards after a Harkonnen Mentat turn that ends Action Resolution.
fn to_desert_hazards(g: &mut Arrakis) -> Vec<Event> {
    g.edit(|s| s.turn(H, &[DieResult::Mentat], 0)).unwrap();
    let deck = melange::rules::arrakis::Deck::HouseHarkonnen;
    play(
        g,
        H,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(deck, deck),
        ],
    )
}

#[test]
fn storm_casualty_elite_or_sardaukar_is_the_harkonnen_choice() {
    // AR-COMBAT-20, AR-HAZ-28, AR-HAZ-34 (docs/rules-decisions.md, Q6): storm hits follow
    // the casualty order; with no regular the owner picks the elite.
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("pasty_mesa"), [0, 1, 1], 0).unwrap();
        s.load_dice(&[HIT, HIT]);
    })
    .unwrap();
    to_desert_hazards(&mut g);
    assert!(matches!(
        g.prompt(),
        Prompt::HazardCasualty(_, x, 2, melange::rules::arrakis::AfterHits::Storm) if x == a("pasty_mesa")
    ));
    let mut legal = Vec::new();
    g.legal_actions(seat(H), &mut legal);
    assert_eq!(
        legal,
        vec![
            Action::LoseUnit(UnitKind::Elite),
            Action::LoseUnit(UnitKind::Special)
        ]
    );
    let e = assert_refused(&g, seat(H), &Action::LoseUnit(UnitKind::Regular));
    assert_eq!(rule_of(e), "AR-COMBAT-20");
    assert_refused(&g, seat(A), &Action::LoseUnit(UnitKind::Elite));
    // The Sardaukar becomes a regular, which takes the second hit.
    play(&mut g, H, &[Action::LoseUnit(UnitKind::Special)]);
    assert_eq!(g.areas()[a("pasty_mesa").index()].units[H], [0, 1, 0]);
    assert!(!matches!(g.prompt(), Prompt::HazardCasualty(..)));
}

#[test]
fn desert_power_sandworm_casualty_is_the_harkonnen_choice() {
    // AR-COMBAT-20, AR-HAZ-26, AR-DP-08
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_1").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
        s.put(H, a("s1_4"), [0, 1, 1], 0).unwrap();
        s.turn(A, &[], 1);
    })
    .unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    g.edit(|s| s.load_dice(&[HIT, SHIELD, SHIELD, SHIELD]))
        .unwrap();
    play(&mut g, A, &[Action::WormAttack(a("s1_1"), a("s1_4"))]);
    assert!(matches!(g.prompt(), Prompt::HazardCasualty(_, x, 1, _) if x == a("s1_4")));
    let e = assert_refused(&g, seat(H), &Action::LoseUnit(UnitKind::Regular));
    assert_eq!(rule_of(e), "AR-COMBAT-20");
    play(&mut g, H, &[Action::LoseUnit(UnitKind::Elite)]);
    assert_eq!(g.areas()[a("s1_4").index()].units[H], [1, 0, 1]);
    // The Desert Power turn is over.
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn family_atomics_the_harkonnen_move_each_legion() {
    // AR-ATOM-07: every legion in the target moves to an adjacent open area
    // of the Harkonnen's choice, the Atreides' too.
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("splintered_rock"), [2, 0, 0], 1).unwrap();
        s.put(H, a("wind_pass"), [1, 0, 0], 0).unwrap();
        s.prescience = [8, 0, 0].into();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    play(&mut g, A, &[Action::Atomics(a("splintered_rock"))]);
    assert_eq!(g.prompt(), Prompt::Displace(A, a("splintered_rock")));
    // Never into the enemy's legion, nor beyond the adjacent areas.
    for refused in [a("wind_pass"), a("broken_land")] {
        let e = assert_refused(&g, seat(H), &Action::Displace(refused));
        assert_eq!(rule_of(e), "AR-ATOM-07");
    }
    assert_refused(&g, seat(A), &Action::Displace(a("s5_2")));
    play(&mut g, H, &[Action::Displace(a("s5_2"))]);
    let s = &g.areas()[a("s5_2").index()];
    assert_eq!((s.units[A].into_array(), s.generic[A]), ([2, 0, 0], 1));
    assert!(!g.areas()[a("splintered_rock").index()].has_legion(A, data()));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

/// Wormsigns on every area next to `area` (so no retreat area is open),
/// `Sand` ones that never bring a sandworm.
fn block_neighbours_with_wormsigns(g: &mut Arrakis, area: &str) {
    for n in board().passable[a(area).index()].iter() {
        g.edit(|s| s.areas[n.index()].wormsign = Some(melange::rules::arrakis::Wormsign::Sand))
            .unwrap();
    }
}

#[test]
fn a_legion_with_no_retreat_area_is_attacked_by_the_sandworm() {
    // AR-HAZ-47, AR-HAZ-50, AR-HAZ-51, docs/rules-decisions.md, Q16: with no open area to
    // retreat to, the legion stays; the sandworm destroys the harvester,
    // attacks the legion with 4 dice and leaves the board; the area counts
    // as moved into (AR-DIE-04).
    use melange::rules::arrakis::Wormsign;
    let mut g = game();
    block_neighbours_with_wormsigns(&mut g, "s1_2");
    g.edit(|s| {
        s.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
        s.areas[a("s1_2").index()].harvester = true;
        s.put(H, a("s1_1"), [5, 0, 0], 0).unwrap();
        s.put(H, a("s2_2"), [1, 0, 0], 0).unwrap();
        s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
    })
    .unwrap();
    let off = g.worms_off();
    g.edit(|s| s.load_dice(&[0, 0, 0, 0])).unwrap();
    let mut acts = vec![
        Action::SpendDie(DieResult::Strategy),
        Action::Legion(a("s1_1")),
    ];
    acts.extend([Action::Take(UnitKind::Regular); 5]);
    acts.push(Action::To(a("s1_2")));
    play(&mut g, H, &acts);
    let s = &g.areas()[a("s1_2").index()];
    assert!(!s.harvester && s.wormsign.is_none());
    // 4 Hits: 1 regular of 5 left; the sandworm is gone again.
    assert_eq!(s.units[H], [1, 0, 0]);
    assert!(s.worm.is_none());
    assert_eq!(g.worms_off(), off);
    assert_eq!(g.areas()[a("s1_1").index()].unit_count(H), 0);
    assert!(
        matches!(g.prompt(), Prompt::Move(m) if m.legions_left == 1 && m.moved_into.contains(a("s1_2")))
    );
    let e = assert_refused(&g, seat(H), &Action::Legion(a("s1_2")));
    assert_eq!(rule_of(e), "AR-DIE-04");
    play(&mut g, H, &[Action::Legion(a("s2_2"))]);
}

#[test]
fn the_only_retreat_area_is_moved_into() {
    // AR-HAZ-50, AR-DIE-04: the legion retreats to the one open area (here
    // back where it came from, the rest of its legion there); those
    // figures cannot move again in the same action.
    use melange::rules::arrakis::Wormsign;
    let mut g = game();
    block_neighbours_with_wormsigns(&mut g, "s1_2");
    g.edit(|s| {
        s.areas[a("s1_1").index()].wormsign = None;
        s.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
        s.put(H, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.put(H, a("s2_2"), [1, 0, 0], 0).unwrap();
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
    assert!(g.areas()[a("s1_2").index()].worm.is_some());
    assert_eq!(g.areas()[a("s1_1").index()].units[H], [2, 0, 0]);
    assert!(
        matches!(g.prompt(), Prompt::Move(m) if m.legions_left == 1 && m.moved_into.contains(a("s1_1")))
    );
    let e = assert_refused(&g, seat(H), &Action::Legion(a("s1_1")));
    assert_eq!(rule_of(e), "AR-DIE-04");
    play(&mut g, H, &[Action::Legion(a("s2_2"))]);
}

#[test]
fn family_atomics_a_legion_with_no_open_area_stays() {
    // AR-ATOM-07, docs/rules-decisions.md, Q25: a legion with no adjacent open area stays in
    // the blasted area (now desert); nothing is asked.
    let mut g = game();
    g.edit(|s| s.put(A, a("splintered_rock"), [2, 0, 0], 1))
        .unwrap();
    let around: Vec<AreaId> = board().passable[a("splintered_rock").index()]
        .iter()
        .collect();
    for n in &around {
        g.edit(|s| s.put(H, *n, [1, 0, 0], 0)).unwrap();
    }
    g.edit(|s| {
        s.prescience = [8, 0, 0].into();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    play(&mut g, A, &[Action::Atomics(a("splintered_rock"))]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
    for n in &around {
        assert_refused(&g, seat(H), &Action::Displace(*n));
    }
    let s = &g.areas()[a("splintered_rock").index()];
    assert_eq!((s.units[A].into_array(), s.generic[A]), ([2, 0, 0], 1));
    assert_eq!(g.house(A).supply.regular + 2, {
        let fresh = game();
        fresh.house(A).supply.regular
    });
}

/// Desert Hazards with a Sandworm wormsign on a harvester in s1_1, the
/// Wild Maker in play with its figure off the board, under `opts`.
fn wild_maker_hazards(opts: ArrakisOptions, legion: u8, on_board: bool) -> Arrakis {
    use melange::rules::arrakis::{LeaderAt, Wormsign};
    let mut g = game_with(opts);
    let wm = data().leader_id("wild_maker").unwrap();
    g.edit(|s| s.leaders[usize::from(wm.0)] = LeaderAt::SetAside)
        .unwrap();
    if on_board {
        g.edit(|s| {
            s.areas[a("s1_3").index()].worm = Some(melange::rules::arrakis::Worm::WildMaker)
        })
        .unwrap();
    }
    g.edit(|s| {
        s.areas[a("s1_1").index()].harvester = true;
        s.areas[a("s1_1").index()].wormsign = Some(Wormsign::Sandworm);
    })
    .unwrap();
    if legion > 0 {
        g.edit(|s| s.put(H, a("s1_1"), [legion, 0, 0], 0)).unwrap();
    }
    g.edit(|s| s.turn(H, &[DieResult::Mentat], 0)).unwrap();
    let deck = melange::rules::arrakis::Deck::HouseHarkonnen;
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(deck, deck),
        ],
    );
    g
}

#[test]
fn a_wormsign_may_bring_the_wild_maker_instead_of_a_sandworm() {
    // AR-HAZ-18 (AR-OPT-11 default "allowed"), AR-HAZ-27: the Atreides
    // choose; the Wild Maker emerging on a legion attacks with 6 dice.
    use melange::rules::arrakis::Worm;
    let mut g = wild_maker_hazards(ArrakisOptions::default(), 6, false);
    assert_eq!(g.prompt(), Prompt::WildMakerOrSandworm(a("s1_1"), None));
    let mut legal = Vec::new();
    g.legal_actions(seat(A), &mut legal);
    assert_eq!(legal, vec![Action::WildMaker, Action::Done]);
    assert_refused(&g, seat(H), &Action::WildMaker);
    let e = assert_refused(&g, seat(A), &Action::WormMove(a("s1_2"), a("s1_1")));
    assert_eq!(rule_of(e), "AR-HAZ-18");
    let off = g.worms_off();
    // Exactly 6 Hits, then Shields: a Wild Maker rolling fewer dice would
    // leave regulars that no spare Hit of the storm that follows removes.
    g.edit(|s| s.load_dice(&[HIT, HIT, HIT, HIT, HIT, HIT, SHIELD, SHIELD, SHIELD, SHIELD]))
        .unwrap();
    let ev = play(&mut g, A, &[Action::WildMaker]);
    let s = &g.areas()[a("s1_1").index()];
    assert_eq!(s.worm, Some(Worm::WildMaker));
    // 6 Hits: the 6 regulars are gone, and the harvester with them, by the
    // sandworm itself (AR-HAZ-30; the harvest would take it silently).
    assert_eq!(s.unit_count(H), 0);
    assert!(!s.harvester);
    assert!(ev.contains(&Event::HarvesterDestroyed { area: a("s1_1") }));
    assert_eq!(g.worms_off(), off);

    // The same with a carryall in reach: the Wild Maker's own attack
    // leaves the harvester alone, so the rescue is asked before any storm.
    let mut g = wild_maker_hazards(ArrakisOptions::default(), 6, false);
    let az1 = board().air_zone_id("az1").unwrap();
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::Carryall);
        s.load_dice(&[HIT, HIT, HIT, HIT, HIT, HIT, SHIELD, SHIELD, SHIELD, SHIELD]);
    })
    .unwrap();
    play(&mut g, A, &[Action::WildMaker]);
    assert_eq!(g.prompt(), Prompt::Rescue(a("s1_1")));
    assert_eq!(g.areas()[a("s1_1").index()].unit_count(H), 0);
}

#[test]
fn declining_the_wild_maker_brings_a_normal_sandworm() {
    // AR-HAZ-18: "done" is a normal sandworm, 4 dice (AR-HAZ-14).
    use melange::rules::arrakis::Worm;
    let mut g = wild_maker_hazards(ArrakisOptions::default(), 6, false);
    let off = g.worms_off();
    // 4 Hits, then Shields for the Coriolis Storm that follows.
    g.edit(|s| s.load_dice(&[HIT, HIT, HIT, HIT, SHIELD, SHIELD]))
        .unwrap();
    play(&mut g, A, &[Action::Done]);
    let s = &g.areas()[a("s1_1").index()];
    assert_eq!(s.worm, Some(Worm::Normal));
    assert_eq!(s.units[H], [2, 0, 0]);
    assert_eq!(g.worms_off(), off - 1);
}

#[test]
fn the_wild_maker_only_by_cards_under_the_option() {
    // AR-OPT-11 "cards_only": no choice, a normal sandworm comes.
    use melange::rules::arrakis::Worm;
    let opts = ArrakisOptions {
        overrides: vec![("wild_maker_from_wormsign".into(), "cards_only".into())],
        ..ArrakisOptions::default()
    };
    let g = wild_maker_hazards(opts, 0, false);
    assert!(!matches!(g.prompt(), Prompt::WildMakerOrSandworm(..)));
    assert_eq!(g.areas()[a("s1_1").index()].worm, Some(Worm::Normal));
    assert_refused(&g, seat(A), &Action::WildMaker);
}

#[test]
fn a_harkonnen_move_may_call_the_wild_maker() {
    // AR-HAZ-18, AR-HAZ-47, AR-HAZ-50: after the retreat the Atreides may
    // send the Wild Maker; the harvester is destroyed and the move goes on.
    use melange::rules::arrakis::{LeaderAt, Worm, Wormsign};
    let mut g = game();
    let wm = data().leader_id("wild_maker").unwrap();
    g.edit(|s| {
        s.leaders[usize::from(wm.0)] = LeaderAt::SetAside;
        s.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
        s.areas[a("s1_2").index()].harvester = true;
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put(H, a("s2_2"), [1, 0, 0], 0).unwrap();
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
            Action::Retreat(a("s1_1")),
        ],
    );
    assert!(matches!(g.prompt(), Prompt::WildMakerOrSandworm(x, Some(_)) if x == a("s1_2")));
    assert_refused(&g, seat(H), &Action::Done);
    play(&mut g, A, &[Action::WildMaker]);
    let s = &g.areas()[a("s1_2").index()];
    assert_eq!(s.worm, Some(Worm::WildMaker));
    assert!(!s.harvester);
    assert!(matches!(g.prompt(), Prompt::Move(m) if m.legions_left == 1));
    // With its figure on the board, a wormsign brings no choice.
    let g = wild_maker_hazards(ArrakisOptions::default(), 0, true);
    assert!(!matches!(g.prompt(), Prompt::WildMakerOrSandworm(..)));
    assert_eq!(g.areas()[a("s1_1").index()].worm, Some(Worm::Normal));
}
