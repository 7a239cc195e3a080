//! Movement (AR-MOVE, AR-DIE): borders, leaders never alone, Leadership's
//! leader, the stacking limit, Troop Transport, sandriding and a move
//! that takes the Testing Station.
use super::*;

#[test]
fn impassable_border_refused() {
    // AR-MOVE-05, AR-MOVE-02
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_3")),
        ],
    );
    play(&mut g, A, &[Action::Take(UnitKind::Regular)]);
    let e = assert_refused(&g, seat(A), &Action::To(a("broken_land")));
    assert_eq!(rule_of(e), "AR-MOVE-05");
    let e = assert_refused(&g, seat(A), &Action::To(a("arrakeen")));
    assert_eq!(rule_of(e), "AR-MOVE-02");
    play(&mut g, A, &[Action::To(a("s1_1"))]);
    assert_eq!(g.areas()[a("s1_1").index()].units[A], [1, 0, 0]);
}

#[test]
fn leaders_never_move_or_stay_alone() {
    // AR-MOVE-12, AR-MOVE-13
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 1).unwrap();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
        ],
    );
    play(&mut g, A, &[Action::TakeGeneric]);
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_2")));
    assert_eq!(rule_of(e), "AR-MOVE-12");

    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 1).unwrap();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
        ],
    );
    play(&mut g, A, &[Action::Take(UnitKind::Regular)]);
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_2")));
    assert_eq!(rule_of(e), "AR-MOVE-13");
    play(&mut g, A, &[Action::TakeGeneric, Action::To(a("s1_2"))]);
    assert_eq!(g.areas()[a("s1_2").index()].generic[A], 1);
}

#[test]
fn a_legions_generic_leaders_are_taken_one_at_a_time() {
    // AR-MOVE-01: a group is taken figure by figure; a second generic
    // leader is offered after the first, none after the last
    // (cargo-mutants: counting one generic leader where a legion had two
    // went unnoticed).
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 2).unwrap();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
        ],
    );
    assert!(legal(&g, A).contains(&Action::TakeGeneric));
    play(&mut g, A, &[Action::TakeGeneric]);
    assert!(legal(&g, A).contains(&Action::TakeGeneric), "the second");
    play(&mut g, A, &[Action::TakeGeneric]);
    assert!(!legal(&g, A).contains(&Action::TakeGeneric), "no third");
}

#[test]
fn the_whole_legion_is_taken_in_one_step() {
    // AR-MOVE-01: "take the whole legion" adds every figure not yet taken,
    // the units, the leaders and what was taken one at a time before it.
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [2, 1, 0], 1).unwrap();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
        ],
    );
    assert!(legal(&g, A).contains(&Action::TakeAll));
    play(
        &mut g,
        A,
        &[
            Action::Take(UnitKind::Regular),
            Action::TakeAll,
            Action::To(a("s1_2")),
        ],
    );
    assert_eq!(g.areas()[a("s1_2").index()].units[A], [2, 1, 0]);
    assert_eq!(g.areas()[a("s1_2").index()].generic[A], 1);
    assert_eq!(g.areas()[a("s1_1").index()].units[A], [0, 0, 0]);
    assert_eq!(g.areas()[a("s1_1").index()].generic[A], 0);
}

#[test]
fn the_whole_legion_is_offered_only_for_two_figures_or_more() {
    // AR-MOVE-01: with one figure left, "take the whole legion" would be
    // the same as taking it, so only the one take is offered; asking for
    // the whole legion then is refused.
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
        ],
    );
    assert!(!legal(&g, A).contains(&Action::TakeAll));
    let e = assert_refused(&g, seat(A), &Action::TakeAll);
    assert_eq!(rule_of(e), "AR-MOVE-12");
}

#[test]
fn leadership_needs_a_leader_with_the_moving_part() {
    // AR-DIE-06, AR-DIE-10
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [2, 0, 0], 1).unwrap();
        s.put(A, a("s1_3"), [2, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Leadership], 1);
    })
    .unwrap();
    play(&mut g, A, &[Action::SpendDie(DieResult::Leadership)]);
    assert_refused(&g, seat(A), &Action::Legion(a("s1_3")));
    play(
        &mut g,
        A,
        &[Action::Legion(a("s1_1")), Action::Take(UnitKind::Regular)],
    );
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_2")));
    assert_eq!(rule_of(e), "AR-DIE-10");
}

#[test]
fn stacking_limit_refused_and_choam_ban_lowers_it() {
    // AR-MOVE-07, AR-SPICE-19, AR-SPICE-20
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_2"), [6, 0, 0], 0).unwrap();
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
        ],
    );
    play(&mut g, A, &[Action::Take(UnitKind::Regular)]);
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_2")));
    assert_eq!(rule_of(e), "AR-MOVE-07");

    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_2"), [5, 0, 0], 0).unwrap();
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    assert_eq!(g.stacking_limit(H), 6);
    g.edit(|s| {
        s.imperium = ([1, 1, 1]).into();
        s.bans = ([true, false, false]).into();
    })
    .unwrap();
    assert_eq!(g.stacking_limit(H), 5);
    assert_eq!(g.stacking_limit(A), 6);
    g.edit(|s| s.turn(H, &[DieResult::Strategy], 1)).unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
        ],
    );
    play(&mut g, H, &[Action::Take(UnitKind::Regular)]);
    let e = assert_refused(&g, seat(H), &Action::To(a("s1_2")));
    assert_eq!(rule_of(e), "AR-MOVE-07");
}

#[test]
fn troop_transport_crosses_impassable_borders() {
    // AR-MOVE-05, AR-MOVE-24 to AR-MOVE-28
    let mut g = game();
    let az1 = board().air_zone_id("az1").unwrap();
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::Ornithopter);
        s.put(H, a("broken_land"), [1, 0, 0], 0).unwrap();
        // A second die keeps Action Resolution going after this turn.
        s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("broken_land")),
            Action::Take(UnitKind::Regular),
        ],
    );
    let e = assert_refused(&g, seat(H), &Action::To(a("s1_3")));
    assert_eq!(rule_of(e), "AR-MOVE-05");
    // An Air zone of other sectors cannot carry it.
    let az5 = board().air_zone_id("az5").unwrap();
    assert_refused(&g, seat(H), &Action::Transport(az5, a("s1_3")));
    play(&mut g, H, &[Action::Transport(az1, a("s1_3"))]);
    assert_eq!(g.areas()[a("s1_3").index()].units[H], [1, 0, 0]);
    assert_eq!(g.zones()[az1.index()], None);

    // AR-MOVE-24: never for the Atreides.
    let mut g = game();
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::Ornithopter);
        s.put(A, a("broken_land"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("broken_land")),
            Action::Take(UnitKind::Regular),
        ],
    );
    assert_refused(&g, seat(A), &Action::Transport(az1, a("s1_3")));
}

#[test]
fn sandriding_through_wormsigns() {
    // AR-MOVE-16, AR-MOVE-17, AR-MOVE-18, AR-MOVE-19, AR-MOVE-21
    let setup = |sign: bool| {
        let mut g = game();
        if sign {
            g.edit(|s| {
                s.areas[a("s1_2").index()].wormsign = Some(melange::rules::arrakis::Wormsign::Sand)
            })
            .unwrap();
        }
        g.edit(|s| {
            s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
            s.turn(A, &[DieResult::Strategy], 1);
        })
        .unwrap();
        play(
            &mut g,
            A,
            &[
                Action::SpendDie(DieResult::Strategy),
                Action::Legion(a("s1_1")),
                Action::Take(UnitKind::Regular),
            ],
        );
        g
    };
    assert_refused(&setup(false), seat(A), &Action::Sandride(a("s1_5")));
    let mut blocked = setup(true);
    blocked
        .edit(|s| s.areas[a("s1_5").index()].worm = Some(melange::rules::arrakis::Worm::Normal))
        .unwrap();
    assert_refused(&blocked, seat(A), &Action::Sandride(a("s1_5")));
    let mut g = setup(true);
    play(&mut g, A, &[Action::Sandride(a("s1_5"))]);
    assert_eq!(g.areas()[a("s1_5").index()].units[A], [1, 0, 0]);
}

#[test]
fn testing_station_taken_where_a_move_ends() {
    // AR-PRESC-09, AR-PRESC-10
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
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
            Action::To(a("s1_4")),
        ],
    );
    assert!(g.areas()[a("s1_4").index()].station.is_none());
    assert_eq!(g.prescience().iter().sum::<u8>(), 1);
}
