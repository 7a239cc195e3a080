//! House Harkonnen and Corrino ally planning cards (AR-ACT-12, AR-ACT-13,
//! AR-ACT-17), one test per card.
use super::*;

#[test]
fn harkonnen_patrols_partly_used() {
    // AR-ACT-17: 1 of the 3 regulars, then stop.
    let mut g = game(H, &["harkonnen_patrols"]);
    play(
        &mut g,
        H,
        &[Action::PlayCard(
            card("harkonnen_patrols"),
            DieResult::Strategy,
        )],
    );
    // Only empty desert areas are offered.
    assert_refused(&g, seat(H), &Action::DeployAt(a("arrakeen")));
    let l = legal(&g, H);
    let first = l
        .iter()
        .find_map(|x| match x {
            Action::DeployAt(area) => Some(*area),
            _ => None,
        })
        .unwrap();
    play(&mut g, H, &[Action::DeployAt(first)]);
    // The same area is not offered twice.
    assert_refused(&g, seat(H), &Action::DeployAt(first));
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.areas()[first.index()].units[H], [1, 0, 0]);
    let on_board: u8 = g.areas().iter().map(|s| s.units[H].regular).sum();
    assert_eq!(on_board, 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn hard_times_and_oppression_reaches_every_village_and_both_cities() {
    let mut g = game(H, &["hard_times_and_oppression"]);
    play(
        &mut g,
        H,
        &[Action::PlayCard(
            card("hard_times_and_oppression"),
            DieResult::Strategy,
        )],
    );
    for v in ["arsunt", "hagga_basin", "imperial_basin", "north_pole"] {
        play(&mut g, H, &[Action::DeployAt(a(v))]);
        assert_eq!(units(&g, H, v), [1, 0, 0], "{v}");
    }
    play(&mut g, H, &[Action::DeployAt(a("carthag"))]);
    play(&mut g, H, &[Action::DeployAt(a("arrakeen"))]);
    assert_eq!(units(&g, H, "carthag"), [0, 1, 0]);
    assert_eq!(units(&g, H, "arrakeen"), [0, 1, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn beloved_feyd_rautha_enters_then_plays_another_card() {
    // Feyd-Rautha enters, Beast Rabban leaves (AR-LEADER-24), then a
    // follow-up card without a die.
    let mut g = game(H, &["beloved_feyd_rautha", "forced_recruitment"]);
    play(
        &mut g,
        H,
        &[
            Action::PlayCard(card("beloved_feyd_rautha"), DieResult::Strategy),
            Action::Resolve,
        ],
    );
    assert_eq!(g.leader_at(leader("feyd_rautha")), LeaderAt::SetAside);
    assert_eq!(g.leader_at(leader("beast_rabban")), LeaderAt::Removed);
    play(
        &mut g,
        H,
        &[
            Action::PlayFree(card("forced_recruitment")),
            Action::DeployAt(a("arrakeen")),
            Action::DeployLeader(Some(leader("feyd_rautha"))),
        ],
    );
    assert_eq!(
        g.leader_at(leader("feyd_rautha")),
        LeaderAt::Board(a("arrakeen"))
    );
    assert_eq!(g.house(H).discard.len(), 2);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn beloved_feyd_rautha_alternative_when_he_is_in_play() {
    let mut g = game(H, &["beloved_feyd_rautha"]);
    g.edit(|s| {
        s.put(H, a("carthag"), [1, 0, 0], 0).unwrap();
        s.place_leader(leader("feyd_rautha"), a("carthag"));
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::PlayCard(card("beloved_feyd_rautha"), DieResult::Strategy),
            Action::DeployAt(a("carthag")),
        ],
    );
    assert_eq!(units(&g, H, "carthag"), [1, 2, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn hunter_seeker_only_reaches_a_sector_with_a_harkonnen_legion() {
    let mut g = game(H, &["hunter_seeker"]);
    let b = board();
    g.edit(|s| {
        s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.place_leader(leader("stilgar"), a("s1_3"));
    })
    .unwrap();
    // A far sector holds Paul.
    let far = (0..b.areas.len() as u8)
        .map(AreaId)
        .find(|x| {
            b.area(*x).sector != b.area(a("s1_3")).sector
                && b.area(*x).sector != b.area(a("carthag")).sector
        })
        .unwrap();
    g.edit(|s| {
        s.put(A, far, [1, 0, 0], 0).unwrap();
        s.place_leader(leader("paul_atreides"), far);
    })
    .unwrap();
    let same_sector = (0..b.areas.len() as u8)
        .map(AreaId)
        .find(|x| *x != a("s1_3") && b.area(*x).sector == b.area(a("s1_3")).sector)
        .unwrap();
    g.edit(|s| s.put(H, same_sector, [1, 0, 0], 0)).unwrap();
    play(
        &mut g,
        H,
        &[Action::PlayCard(card("hunter_seeker"), DieResult::Strategy)],
    );
    assert_refused(&g, seat(H), &Action::PickLeader(leader("paul_atreides")));
    play(&mut g, H, &[Action::PickLeader(leader("stilgar"))]);
    assert_eq!(g.leader_at(leader("stilgar")), LeaderAt::Tank(0));
    assert_eq!(g.areas()[a("s1_3").index()].named, 0);
}

#[test]
fn polar_cap_factories_deploys_and_clears_wormsigns_around_the_north_pole() {
    let mut g = game(H, &["polar_cap_factories"]);
    let np = a("north_pole");
    let near = all_areas().find(|x| borders(np, *x)).unwrap();
    let far = all_areas()
        .find(|x| *x != np && !borders(np, *x) && board().desert.contains(*x))
        .unwrap();
    g.edit(|s| {
        s.areas[near.index()].wormsign = Some(Wormsign::Sand);
        s.areas[far.index()].wormsign = Some(Wormsign::Sand);
    })
    .unwrap();
    start(&mut g, H, "polar_cap_factories");
    play(
        &mut g,
        H,
        &[Action::DeployAt(np), Action::DeployLeader(None)],
    );
    assert_eq!(units(&g, H, "north_pole"), [2, 1, 0]);
    assert_eq!(g.areas()[np.index()].generic[H], 1);
    let ev = play(&mut g, H, &[Action::Resolve]);
    assert!(ev.contains(&Event::WormsignRemoved { area: near }));
    assert_eq!(g.areas()[near.index()].wormsign, None);
    assert_eq!(g.areas()[far.index()].wormsign, Some(Wormsign::Sand));
    assert_eq!(g.prompt(), Prompt::Turn(A));

    // No wormsign around the pole: the clearing step is skipped.
    let mut g = game(H, &["polar_cap_factories"]);
    start(&mut g, H, "polar_cap_factories");
    play(
        &mut g,
        H,
        &[Action::DeployAt(np), Action::DeployLeader(None)],
    );
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn spotter_control_discards_picked_wormsigns_then_draws() {
    let mut g = game(H, &["spotter_control"]);
    let deserts: Vec<AreaId> = board().desert.iter().take(4).collect();
    for x in &deserts {
        g.edit(|s| s.areas[x.index()].wormsign = Some(Wormsign::Sandworm))
            .unwrap();
    }
    start(&mut g, H, "spotter_control");
    // An area without a wormsign is refused.
    let bare = board().desert.iter().nth(10).unwrap();
    assert_refused(&g, seat(H), &Action::WormsignAt(bare));
    // Partial use: 2 of the 3, then stop.
    play(
        &mut g,
        H,
        &[
            Action::WormsignAt(deserts[0]),
            Action::WormsignAt(deserts[1]),
            Action::Done,
        ],
    );
    let left = deserts
        .iter()
        .filter(|x| g.areas()[x.index()].wormsign.is_some())
        .count();
    assert_eq!(left, 2);
    let l = legal(&g, H);
    let draw = l
        .iter()
        .find(|x| matches!(x, Action::DrawFrom(_)))
        .copied()
        .unwrap();
    play(&mut g, H, &[draw, draw]);
    assert_eq!(g.house(H).hand.len(), 2);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn explosive_artillery_hits_a_bordering_enemy_legion() {
    // AR-COMBAT-37: a special attack; hits as combat casualties.
    let mut g = game(H, &["explosive_artillery"]);
    let own = a("s1_3");
    let target = all_areas()
        .find(|x| borders(own, *x) && board().desert.contains(*x))
        .unwrap();
    let far = all_areas()
        .find(|x| *x != own && !borders(own, *x) && board().desert.contains(*x))
        .unwrap();
    g.edit(|s| {
        s.put(H, own, [1, 0, 0], 0).unwrap();
        s.put(A, target, [4, 0, 0], 1).unwrap();
        s.put(A, far, [2, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "explosive_artillery");
    // Skip the move (AR-ACT-17).
    play(&mut g, H, &[Action::Done]);
    assert_refused(&g, seat(H), &Action::PickArea(far));
    g.edit(|s| s.load_dice(&[0, 5, 3, 1])).unwrap();
    let ev = play(&mut g, H, &[Action::PickArea(target)]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CombatRoll {
            dice: 4,
            hits: 3,
            ..
        }
    )));
    assert_eq!(g.areas()[target.index()].units[A], [1, 0, 0]);
    assert_eq!(g.areas()[target.index()].generic[A], 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn breeding_program_gains_a_token_then_plays_a_card() {
    let mut g = game(H, &["breeding_program", "forced_recruitment"]);
    let before = g.house(H).bene_gesserit;
    start(&mut g, H, "breeding_program");
    let ev = play(&mut g, H, &[Action::Resolve]);
    assert!(ev.contains(&Event::BeneGesseritGained { faction: H }));
    assert_eq!(g.house(H).bene_gesserit, before + 1);
    play(
        &mut g,
        H,
        &[
            Action::PlayFree(card("forced_recruitment")),
            Action::DeployAt(a("arrakeen")),
            Action::Done,
        ],
    );
    assert_eq!(g.house(H).discard.len(), 2);

    // The reserve is empty: no token to gain.
    let mut g = game(H, &["breeding_program"]);
    g.edit(|s| {
        s.houses[A].bene_gesserit = data().tables.bene_gesserit.total;
        s.houses[H].bene_gesserit = 0;
    })
    .unwrap();
    start(&mut g, H, "breeding_program");
    assert_eq!(g.house(H).bene_gesserit, 0);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn troop_carriers_jump_from_a_settlement_to_a_friendly_legion() {
    let mut g = game(H, &["troop_carriers"]);
    let far = a("s1_3");
    let full = all_areas()
        .find(|x| board().desert.contains(*x) && *x != far)
        .unwrap();
    g.edit(|s| {
        s.put(H, a("carthag"), [2, 1, 0], 1).unwrap();
        s.put(H, far, [1, 0, 0], 0).unwrap();
        s.put(H, full, [4, 0, 0], 0).unwrap();
        s.put(H, a("s2_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "troop_carriers");
    // Only a legion in a settlement jumps.
    assert_refused(&g, seat(H), &Action::Legion(far));
    play(&mut g, H, &[Action::Legion(a("carthag"))]);
    // The stacking limit holds (4 + 3 > 6); an area without a legion of
    // the player is no destination.
    assert_refused(&g, seat(H), &Action::To(full));
    assert_refused(&g, seat(H), &Action::To(a("arrakeen")));
    play(&mut g, H, &[Action::To(far)]);
    assert_eq!(units(&g, H, "carthag"), [0, 0, 0]);
    assert_eq!(g.areas()[far.index()].units[H], [3, 1, 0]);
    assert_eq!(g.areas()[far.index()].generic[H], 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn hope_clouds_observation_shuffles_a_revealed_card_back() {
    let mut g = game(H, &["hope_clouds_observation"]);
    g.edit(|s| s.revealed = vec![3, 5].into()).unwrap();
    start(&mut g, H, "hope_clouds_observation");
    assert_refused(&g, seat(H), &Action::PickSlot(2));
    let ev = play(&mut g, H, &[Action::PickSlot(1)]);
    assert!(ev.contains(&Event::PrescienceReturned { card: 5 }));
    assert_eq!(g.revealed(), vec![3]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn reports_of_traitors_discards_an_unused_house_die() {
    let mut g = game(H, &["reports_of_traitors", "reports_of_traitors"]);
    let die = |result, spent, token| Die {
        result,
        spent,
        token,
    };
    g.edit(|s| {
        s.houses[A].dice = vec![
            die(DieResult::House, true, false),
            die(DieResult::House, false, false),
            die(DieResult::Strategy, false, false),
        ]
        .into()
    })
    .unwrap();
    start(&mut g, H, "reports_of_traitors");
    let ev = play(&mut g, H, &[Action::Resolve]);
    assert!(ev.contains(&Event::DieDiscarded {
        faction: A,
        result: DieResult::House
    }));
    let dice = &g.house(A).dice;
    assert_eq!(dice.len(), 2);
    assert!(
        !dice
            .iter()
            .any(|d| d.result == DieResult::House && !d.spent)
    );

    // No unused House die: nothing to discard.
    let mut g = game(H, &["reports_of_traitors"]);
    g.edit(|s| s.houses[A].dice = vec![die(DieResult::House, true, false)].into())
        .unwrap();
    start(&mut g, H, "reports_of_traitors");
    assert_eq!(g.house(A).dice.len(), 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn spies_all_over_arrakis_reveals_one_area_then_draws() {
    let mut g = game(H, &["spies_all_over_arrakis"]);
    let site = board().sietch_sites.iter().next().unwrap();
    g.edit(|s| s.areas[site.index()].tokens.push(0)).unwrap();
    start(&mut g, H, "spies_all_over_arrakis");
    assert_refused(&g, seat(H), &Action::Reveal(a("carthag")));
    let ev = play(&mut g, H, &[Action::Reveal(site)]);
    assert!(ev.iter().any(|e| matches!(e, Event::SietchRevealed { .. })));
    assert!(ev.contains(&Event::TokensRevealed { area: site }));
    let s = &g.areas()[site.index()];
    assert!(s.sietch.unwrap().revealed);
    assert!(s.tokens.is_empty());
    // Then the draw, partly used.
    let draw = legal(&g, H)
        .into_iter()
        .find(|x| matches!(x, Action::DrawFrom(_)))
        .unwrap();
    play(&mut g, H, &[draw, Action::Done]);
    assert_eq!(g.house(H).hand.len(), 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn seek_out_the_mahdi_pins_paul_for_the_next_atreides_turn() {
    let mut g = game(H, &["seek_out_the_mahdi"]);
    g.edit(|s| {
        s.turn(
            H,
            &[
                DieResult::Strategy,
                DieResult::Strategy,
                DieResult::Strategy,
            ],
            2,
        )
    })
    .unwrap();
    let paul_at = a("s1_3");
    let other = a("s2_1");
    g.edit(|s| {
        s.put(A, paul_at, [2, 0, 0], 0).unwrap();
        s.place_leader(leader("paul_atreides"), paul_at);
        s.put(A, other, [1, 0, 0], 0).unwrap();
        s.put(H, a("carthag"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "seek_out_the_mahdi");
    let ev = play(&mut g, H, &[Action::Done, Action::Resolve]);
    assert!(ev.contains(&Event::LeaderPinned {
        leader: leader("paul_atreides")
    }));
    assert_eq!(g.prompt(), Prompt::Turn(A));
    play(&mut g, A, &[Action::SpendDie(DieResult::Strategy)]);
    assert_refused(&g, seat(A), &Action::Legion(paul_at));
    assert!(legal(&g, A).contains(&Action::Legion(other)));
    play(&mut g, A, &[Action::Done]);
    // That turn over, Paul's legion moves again.
    play(
        &mut g,
        H,
        &[Action::SpendDie(DieResult::Strategy), Action::Done],
    );
    play(&mut g, A, &[Action::SpendDie(DieResult::Strategy)]);
    assert!(legal(&g, A).contains(&Action::Legion(paul_at)));

    // Paul set aside is not deployed during the pinned turn.
    let mut g = game(H, &["seek_out_the_mahdi"]);
    g.edit(|s| {
        s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 2);
        s.houses[A].dice[0].result = DieResult::Deployment;
        s.put(H, a("carthag"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "seek_out_the_mahdi");
    play(&mut g, H, &[Action::Done, Action::Resolve]);
    play(&mut g, A, &[Action::SpendDie(DieResult::Deployment)]);
    let at = legal(&g, A)
        .into_iter()
        .find(|x| matches!(x, Action::DeployAt(_)))
        .unwrap();
    play(&mut g, A, &[at]);
    let l = legal(&g, A);
    assert!(!l.contains(&Action::DeployLeader(Some(leader("paul_atreides")))));
    assert!(l.contains(&Action::DeployLeader(Some(leader("stilgar")))));

    // Paul not in play: nothing to pin.
    let mut g = game(H, &["seek_out_the_mahdi"]);
    g.edit(|s| s.set_leader(leader("paul_atreides"), LeaderAt::NotInPlay))
        .unwrap();
    start(&mut g, H, "seek_out_the_mahdi");
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn arsunt_legion_deploys_then_moves_only_that_legion() {
    let mut g = game(H, &["arsunt_legion"]);
    g.edit(|s| s.put(H, a("carthag"), [1, 0, 0], 0)).unwrap();
    start(&mut g, H, "arsunt_legion");
    // Only Arsunt.
    assert_refused(&g, seat(H), &Action::DeployAt(a("carthag")));
    play(
        &mut g,
        H,
        &[
            Action::DeployAt(a("arsunt")),
            Action::DeployLeader(Some(leader("beast_rabban"))),
        ],
    );
    assert_eq!(units(&g, H, "arsunt"), [1, 1, 0]);
    assert_eq!(
        g.leader_at(leader("beast_rabban")),
        LeaderAt::Board(a("arsunt"))
    );
    // Then that legion moves; another may not.
    assert!(matches!(g.prompt(), Prompt::Move(_)));
    assert_refused(&g, seat(H), &Action::Legion(a("carthag")));
    let to = empty_neighbour(&g, a("arsunt"));
    play(
        &mut g,
        H,
        &[
            Action::Legion(a("arsunt")),
            Action::Take(UnitKind::Elite),
            Action::TakeLeader(leader("beast_rabban")),
            Action::To(to),
        ],
    );
    assert_eq!(units(&g, H, "arsunt"), [1, 0, 0]);
    assert_eq!(g.areas()[to.index()].units[H], [0, 1, 0]);
    assert_eq!(g.leader_at(leader("beast_rabban")), LeaderAt::Board(to));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn barons_personal_guard_puts_the_baron_in_a_city_then_moves_any_legion() {
    let mut g = game(H, &["barons_personal_guard"]);
    g.edit(|s| s.put(H, a("s1_3"), [1, 0, 0], 0)).unwrap();
    start(&mut g, H, "barons_personal_guard");
    // Carthag or Arrakeen only.
    assert_refused(&g, seat(H), &Action::DeployAt(a("arsunt")));
    play(&mut g, H, &[Action::DeployAt(a("arrakeen"))]);
    // The Baron, and no other leader.
    assert_refused(
        &g,
        seat(H),
        &Action::DeployLeader(Some(leader("beast_rabban"))),
    );
    assert_refused(&g, seat(H), &Action::DeployLeader(None));
    play(
        &mut g,
        H,
        &[Action::DeployLeader(Some(leader("baron_harkonnen")))],
    );
    assert_eq!(units(&g, H, "arrakeen"), [0, 2, 0]);
    assert_eq!(
        g.leader_at(leader("baron_harkonnen")),
        LeaderAt::Board(a("arrakeen"))
    );
    // Any one legion moves.
    let to = empty_neighbour(&g, a("s1_3"));
    play(
        &mut g,
        H,
        &[
            Action::Legion(a("s1_3")),
            Action::Take(UnitKind::Regular),
            Action::To(to),
        ],
    );
    assert_eq!(g.areas()[to.index()].units[H], [1, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn evidence_of_rebellion_reinforces_a_settlement_then_draws_partly() {
    let mut g = game(H, &["evidence_of_rebellion"]);
    start(&mut g, H, "evidence_of_rebellion");
    // A desert area is no settlement.
    assert_refused(&g, seat(H), &Action::DeployAt(a("s1_3")));
    play(&mut g, H, &[Action::DeployAt(a("carthag"))]);
    assert_eq!(units(&g, H, "carthag"), [0, 2, 0]);
    // AR-ACT-17: 1 of the 2 cards, then stop.
    let draw = first_legal(&g, H, |x| matches!(x, Action::DrawFrom(_)));
    play(&mut g, H, &[draw, Action::Done]);
    assert_eq!(g.house(H).hand.len(), 1);
    assert!(g.house(H).discard.contains(&card("evidence_of_rebellion")));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn carthag_the_former_capital_deploys_units_and_a_leader_or_not() {
    let mut g = game(H, &["carthag_the_former_capital"]);
    start(&mut g, H, "carthag_the_former_capital");
    assert_refused(&g, seat(H), &Action::DeployAt(a("arrakeen")));
    play(&mut g, H, &[Action::DeployAt(a("carthag"))]);
    assert_eq!(units(&g, H, "carthag"), [3, 1, 0]);
    // A leader not in play is not offered.
    assert_refused(
        &g,
        seat(H),
        &Action::DeployLeader(Some(leader("emperor_shaddam_iv"))),
    );
    play(
        &mut g,
        H,
        &[Action::DeployLeader(Some(leader("captain_aramsham")))],
    );
    assert_eq!(
        g.leader_at(leader("captain_aramsham")),
        LeaderAt::Board(a("carthag"))
    );
    assert_eq!(g.prompt(), Prompt::Turn(A));

    // AR-ACT-17: units without the leader.
    let mut g = game(H, &["carthag_the_former_capital"]);
    start(&mut g, H, "carthag_the_former_capital");
    play(&mut g, H, &[Action::DeployAt(a("carthag")), Action::Done]);
    assert_eq!(units(&g, H, "carthag"), [3, 1, 0]);
    assert_eq!(g.areas()[a("carthag").index()].generic[H], 0);
    assert_eq!(g.areas()[a("carthag").index()].named, 0);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn workhorse_of_arrakis_places_a_harvester_and_a_carryall_then_draws() {
    let mut g = game(H, &["workhorse_of_arrakis"]);
    start(&mut g, H, "workhorse_of_arrakis");
    assert!(matches!(g.prompt(), Prompt::Vehicles { .. }));
    // No ornithopter from this card.
    assert_refused(
        &g,
        seat(H),
        &Action::PlaceVehicle(Vehicle::Ornithopter, AirZoneId(0)),
    );
    let harv = first_legal(&g, H, |x| matches!(x, Action::PlaceHarvester(_)));
    let Action::PlaceHarvester(at) = harv else {
        unreachable!()
    };
    play(
        &mut g,
        H,
        &[harv, Action::PlaceVehicle(Vehicle::Carryall, AirZoneId(0))],
    );
    assert!(g.areas()[at.index()].harvester);
    assert_eq!(g.zones()[0], Some(Vehicle::Carryall));
    // Both placed: the step is over, a second harvester is refused, and
    // the draw follows.
    let other = all_areas()
        .find(|x| *x != at && empty_desert(&g, *x))
        .unwrap();
    assert_refused(&g, seat(H), &Action::PlaceHarvester(other));
    let draw = first_legal(&g, H, |x| matches!(x, Action::DrawFrom(_)));
    play(&mut g, H, &[draw, draw]);
    assert_eq!(g.house(H).hand.len(), 2);
    assert_eq!(g.prompt(), Prompt::Turn(A));

    // AR-ACT-17: the harvester only, and no card.
    let mut g = game(H, &["workhorse_of_arrakis"]);
    start(&mut g, H, "workhorse_of_arrakis");
    play(&mut g, H, &[harv, Action::Done, Action::Done]);
    assert!(g.areas()[at.index()].harvester);
    assert!(g.zones().iter().all(|z| z.is_none()));
    assert!(g.house(H).hand.is_empty());
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn mudir_nahya_brings_rabban_to_a_legion_that_surprise_attacks() {
    // AR-DIE-09: the surprise attack's extra dice in the first round.
    let mut g = game(H, &["mudir_nahya_the_demon_ruler"]);
    let own = a("s1_3");
    let target = empty_neighbour(&g, own);
    g.edit(|s| {
        s.put(H, own, [1, 0, 0], 0).unwrap();
        s.put(A, target, [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "mudir_nahya_the_demon_ruler");
    // Only where a Harkonnen legion stands.
    assert_refused(&g, seat(H), &Action::DeployAt(a("carthag")));
    play(
        &mut g,
        H,
        &[
            Action::DeployAt(own),
            Action::DeployLeader(Some(leader("beast_rabban"))),
        ],
    );
    assert_eq!(g.areas()[own.index()].units[H], [1, 1, 0]);
    let extra = data().tables.combat.surprise_attack_dice;
    // All Hits for the Harkonnen, a Shield for the Atreides.
    let mut faces = vec![0; usize::from(2 + extra)];
    faces.push(3);
    g.edit(|s| s.load_dice(&faces)).unwrap();
    let ev = play(
        &mut g,
        H,
        &[
            Action::Legion(own),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Elite),
            Action::TakeLeader(leader("beast_rabban")),
            Action::To(target),
        ],
    );
    let dice = ev.iter().find_map(|e| match e {
        Event::CombatRoll { faction, dice, .. } if *faction == H => Some(*dice),
        _ => None,
    });
    assert_eq!(dice, Some(2 + extra));
    assert_eq!(g.areas()[target.index()].units[A], [0, 0, 0]);
    play(&mut g, H, &[Action::Advance]);
    assert_eq!(g.areas()[target.index()].units[H], [1, 1, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn mudir_nahya_alternative_when_rabban_is_removed() {
    let mut g = game(H, &["mudir_nahya_the_demon_ruler"]);
    g.edit(|s| {
        s.set_leader(leader("beast_rabban"), LeaderAt::Removed);
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "mudir_nahya_the_demon_ruler");
    assert_refused(&g, seat(H), &Action::DeployAt(a("carthag")));
    play(&mut g, H, &[Action::DeployAt(a("s1_3"))]);
    assert_eq!(units(&g, H, "s1_3"), [1, 2, 0]);
    assert_refused(
        &g,
        seat(H),
        &Action::DeployLeader(Some(leader("beast_rabban"))),
    );
    play(&mut g, H, &[Action::DeployLeader(None)]);
    assert_eq!(g.areas()[a("s1_3").index()].generic[H], 1);
    // No attack follows.
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn rage_overcame_shaddam_iv_a_brings_him_in_then_plays_a_card() {
    let shaddam = leader("emperor_shaddam_iv");
    let mut g = game(
        H,
        &["rage_overcame_shaddam_iv_a", "carthag_the_former_capital"],
    );
    assert_eq!(g.leader_at(shaddam), LeaderAt::NotInPlay);
    start(&mut g, H, "rage_overcame_shaddam_iv_a");
    // Not the alternative: no deployment yet.
    assert_refused(&g, seat(H), &Action::DeployAt(a("carthag")));
    let ev = play(&mut g, H, &[Action::Resolve]);
    assert!(ev.contains(&Event::LeaderEntered { leader: shaddam }));
    assert_eq!(g.leader_at(shaddam), LeaderAt::SetAside);
    // A card not in hand is not played.
    assert_refused(&g, seat(H), &Action::PlayFree(card("sandmasters")));
    play(
        &mut g,
        H,
        &[
            Action::PlayFree(card("carthag_the_former_capital")),
            Action::DeployAt(a("carthag")),
            Action::DeployLeader(Some(shaddam)),
        ],
    );
    assert_eq!(g.leader_at(shaddam), LeaderAt::Board(a("carthag")));
    assert_eq!(g.house(H).discard.len(), 2);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn rage_overcame_shaddam_iv_a_alternative_deploys_him_with_regulars_in_a_settlement() {
    let shaddam = leader("emperor_shaddam_iv");
    let mut g = game(H, &["rage_overcame_shaddam_iv_a"]);
    g.edit(|s| s.set_leader(shaddam, LeaderAt::SetAside))
        .unwrap();
    start(&mut g, H, "rage_overcame_shaddam_iv_a");
    // He is already in play: no entry, and only a settlement.
    assert_refused(&g, seat(H), &Action::Resolve);
    assert_refused(&g, seat(H), &Action::DeployAt(a("s1_3")));
    play(&mut g, H, &[Action::DeployAt(a("arrakeen"))]);
    assert_eq!(units(&g, H, "arrakeen"), [4, 0, 0]);
    assert_refused(&g, seat(H), &Action::DeployLeader(None));
    play(&mut g, H, &[Action::DeployLeader(Some(shaddam))]);
    assert_eq!(g.leader_at(shaddam), LeaderAt::Board(a("arrakeen")));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn rage_overcame_shaddam_iv_b_brings_him_in_then_plays_a_card() {
    let shaddam = leader("emperor_shaddam_iv");
    let mut g = game(H, &["rage_overcame_shaddam_iv_b", "forced_recruitment"]);
    start(&mut g, H, "rage_overcame_shaddam_iv_b");
    play(&mut g, H, &[Action::Resolve]);
    assert_eq!(g.leader_at(shaddam), LeaderAt::SetAside);
    play(
        &mut g,
        H,
        &[
            Action::PlayFree(card("forced_recruitment")),
            Action::DeployAt(a("arrakeen")),
            Action::DeployLeader(Some(shaddam)),
        ],
    );
    assert_eq!(g.leader_at(shaddam), LeaderAt::Board(a("arrakeen")));
    assert_eq!(g.prompt(), Prompt::Turn(A));

    // AR-ACT-17: he enters, and no card follows.
    let mut g = game(H, &["rage_overcame_shaddam_iv_b", "forced_recruitment"]);
    start(&mut g, H, "rage_overcame_shaddam_iv_b");
    play(&mut g, H, &[Action::Resolve, Action::Done]);
    assert_eq!(g.leader_at(shaddam), LeaderAt::SetAside);
    assert_eq!(g.house(H).hand, vec![card("forced_recruitment")].into());
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn rage_overcame_shaddam_iv_b_alternative_adds_sardaukar_and_him_to_a_legion() {
    let shaddam = leader("emperor_shaddam_iv");
    let mut g = game(H, &["rage_overcame_shaddam_iv_b"]);
    g.edit(|s| {
        s.set_leader(shaddam, LeaderAt::SetAside);
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "rage_overcame_shaddam_iv_b");
    // Only a legion: empty Carthag is none.
    assert_refused(&g, seat(H), &Action::DeployAt(a("carthag")));
    play(
        &mut g,
        H,
        &[
            Action::DeployAt(a("s1_3")),
            Action::DeployLeader(Some(shaddam)),
        ],
    );
    assert_eq!(units(&g, H, "s1_3"), [1, 0, 2]);
    assert_eq!(g.leader_at(shaddam), LeaderAt::Board(a("s1_3")));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn rage_overcame_shaddam_iv_c_brings_him_in_then_plays_a_card() {
    let shaddam = leader("emperor_shaddam_iv");
    let mut g = game(H, &["rage_overcame_shaddam_iv_c", "barons_personal_guard"]);
    start(&mut g, H, "rage_overcame_shaddam_iv_c");
    play(&mut g, H, &[Action::Resolve]);
    assert_eq!(g.leader_at(shaddam), LeaderAt::SetAside);
    play(
        &mut g,
        H,
        &[
            Action::PlayFree(card("barons_personal_guard")),
            Action::DeployAt(a("carthag")),
        ],
    );
    // The follow-up card's own limits hold: the Baron only.
    assert_refused(&g, seat(H), &Action::DeployLeader(Some(shaddam)));
    play(
        &mut g,
        H,
        &[
            Action::DeployLeader(Some(leader("baron_harkonnen"))),
            Action::Done,
        ],
    );
    assert_eq!(g.house(H).discard.len(), 2);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn rage_overcame_shaddam_iv_c_alternative_joins_a_sardaukar_legion_moves_then_surprises() {
    let shaddam = leader("emperor_shaddam_iv");
    let mut g = game(H, &["rage_overcame_shaddam_iv_c"]);
    g.edit(|s| s.set_leader(shaddam, LeaderAt::SetAside))
        .unwrap();
    let own = a("s1_3");
    g.edit(|s| {
        s.put(H, own, [1, 0, 1], 0).unwrap();
        s.put(H, a("s2_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "rage_overcame_shaddam_iv_c");
    // A legion without a Sardaukar is refused.
    assert_refused(&g, seat(H), &Action::DeployAt(a("s2_1")));
    play(
        &mut g,
        H,
        &[Action::DeployAt(own), Action::DeployLeader(Some(shaddam))],
    );
    // No units come with him.
    assert_eq!(units(&g, H, "s1_3"), [1, 0, 1]);
    assert_eq!(g.leader_at(shaddam), LeaderAt::Board(own));
    // The move: that legion only.
    assert_refused(&g, seat(H), &Action::Legion(a("s2_1")));
    let to = empty_neighbour(&g, own);
    play(
        &mut g,
        H,
        &[
            Action::Legion(own),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Special),
            Action::TakeLeader(shaddam),
            Action::To(to),
        ],
    );
    assert_eq!(g.areas()[to.index()].units[H], [1, 0, 1]);
    // Then the surprise attack from where it went (AR-DIE-09).
    let target = empty_neighbour_but(&g, to, own);
    g.edit(|s| s.put(A, target, [1, 0, 0], 0)).unwrap();
    let calm = empty_neighbour_but(&g, to, target);
    play(
        &mut g,
        H,
        &[
            Action::Legion(to),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Special),
            Action::TakeLeader(shaddam),
        ],
    );
    // An attack only: no plain move.
    assert_refused(&g, seat(H), &Action::To(calm));
    let extra = data().tables.combat.surprise_attack_dice;
    let mut faces = vec![0; usize::from(2 + extra)];
    faces.push(3);
    g.edit(|s| s.load_dice(&faces)).unwrap();
    let ev = play(&mut g, H, &[Action::To(target)]);
    assert_eq!(rolled(&ev, H), Some(2 + extra));
    assert_eq!(g.areas()[target.index()].units[A], [0, 0, 0]);
    play(&mut g, H, &[Action::Advance]);
    assert_eq!(g.leader_at(shaddam), LeaderAt::Board(target));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn manipulation_of_others_makes_the_atreides_discard_two_then_draws() {
    let mut g = game(H, &["manipulation_of_others"]);
    g.edit(|s| s.hand(A, &[card("the_voice"), card("war_plan"), card("thumpers")]))
        .unwrap();
    start(&mut g, H, "manipulation_of_others");
    play(&mut g, H, &[Action::Resolve]);
    // The Atreides pick, twice, and may not decline.
    assert_eq!(g.to_act(), Some(seat(A)));
    assert_refused(&g, seat(A), &Action::Done);
    assert_refused(&g, seat(A), &Action::Discard(card("sandmasters")));
    play(
        &mut g,
        A,
        &[
            Action::Discard(card("war_plan")),
            Action::Discard(card("the_voice")),
        ],
    );
    assert_eq!(g.house(A).hand, vec![card("thumpers")].into());
    assert_eq!(g.house(A).discard.len(), 2);
    // Back to the Harkonnen for the draw, partly used (AR-ACT-17).
    assert_eq!(g.to_act(), Some(seat(H)));
    let draw = first_legal(&g, H, |x| matches!(x, Action::DrawFrom(_)));
    play(&mut g, H, &[draw, Action::Done]);
    assert_eq!(g.house(H).hand.len(), 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));

    // An empty Atreides hand: nothing to discard.
    let mut g = game(H, &["manipulation_of_others"]);
    start(&mut g, H, "manipulation_of_others");
    assert_refused(&g, seat(H), &Action::Resolve);
}

#[test]
fn shigawire_moves_a_sardaukar_legion_then_tanks_a_bordering_leader() {
    // AR-LEADER-09: the named leader goes to the regeneration tank.
    let mut g = game(H, &["shigawire"]);
    let own = a("s1_3");
    g.edit(|s| {
        s.put(H, own, [1, 0, 1], 0).unwrap();
        s.put(H, a("s2_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    let to = empty_neighbour(&g, own);
    let near = empty_neighbour_but(&g, to, own);
    g.edit(|s| {
        s.put(A, near, [1, 0, 0], 0).unwrap();
        s.place_leader(leader("stilgar"), near);
    })
    .unwrap();
    let far = all_areas()
        .find(|x| {
            *x != to && !borders(to, *x) && board().desert.contains(*x) && empty_desert(&g, *x)
        })
        .unwrap();
    g.edit(|s| {
        s.put(A, far, [1, 0, 0], 0).unwrap();
        s.place_leader(leader("paul_atreides"), far);
    })
    .unwrap();
    start(&mut g, H, "shigawire");
    // Only a legion with a Sardaukar, and the Sardaukar moves.
    assert_refused(&g, seat(H), &Action::Legion(a("s2_1")));
    play(
        &mut g,
        H,
        &[Action::Legion(own), Action::Take(UnitKind::Regular)],
    );
    assert_refused(&g, seat(H), &Action::To(to));
    play(
        &mut g,
        H,
        &[Action::Take(UnitKind::Special), Action::To(to)],
    );
    // Paul does not border the moved legion.
    assert_refused(&g, seat(H), &Action::PickLeader(leader("paul_atreides")));
    let ev = play(&mut g, H, &[Action::PickLeader(leader("stilgar"))]);
    assert!(ev.contains(&Event::LeaderTanked {
        leader: leader("stilgar")
    }));
    assert!(matches!(g.leader_at(leader("stilgar")), LeaderAt::Tank(_)));
    assert_eq!(g.areas()[near.index()].named, 0);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn sardaukars_manner_surprise_attacks_or_moves_with_a_sardaukar_legion() {
    let mut g = game(H, &["sardaukars_manner"]);
    let own = a("s1_3");
    g.edit(|s| {
        s.put(H, own, [0, 0, 1], 0).unwrap();
        s.put(H, a("s2_1"), [2, 0, 0], 0).unwrap();
    })
    .unwrap();
    let target = empty_neighbour(&g, own);
    g.edit(|s| s.put(A, target, [1, 0, 0], 0)).unwrap();
    start(&mut g, H, "sardaukars_manner");
    assert_refused(&g, seat(H), &Action::Legion(a("s2_1")));
    // AR-DIE-09: a surprise attack.
    let extra = data().tables.combat.surprise_attack_dice;
    let mut faces = vec![0; usize::from(1 + extra)];
    faces.push(3);
    g.edit(|s| s.load_dice(&faces)).unwrap();
    let ev = play(
        &mut g,
        H,
        &[
            Action::Legion(own),
            Action::Take(UnitKind::Special),
            Action::To(target),
        ],
    );
    assert_eq!(rolled(&ev, H), Some(1 + extra));
    assert_eq!(g.areas()[target.index()].units[A], [0, 0, 0]);

    // Or a plain move.
    let mut g = game(H, &["sardaukars_manner"]);
    g.edit(|s| s.put(H, own, [0, 0, 1], 0)).unwrap();
    let to = empty_neighbour(&g, own);
    start(&mut g, H, "sardaukars_manner");
    play(
        &mut g,
        H,
        &[
            Action::Legion(own),
            Action::Take(UnitKind::Special),
            Action::To(to),
        ],
    );
    assert_eq!(g.areas()[to.index()].units[H], [0, 0, 1]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn full_control_of_the_air_places_ornithopters_then_moves_a_legion() {
    let mut g = game(H, &["full_control_of_the_air"]);
    g.edit(|s| s.put(H, a("s1_3"), [1, 0, 0], 0)).unwrap();
    start(&mut g, H, "full_control_of_the_air");
    // No carryall from this card.
    assert_refused(
        &g,
        seat(H),
        &Action::PlaceVehicle(Vehicle::Carryall, AirZoneId(0)),
    );
    // AR-ACT-17: 1 of the 2 ornithopters.
    play(
        &mut g,
        H,
        &[
            Action::PlaceVehicle(Vehicle::Ornithopter, AirZoneId(0)),
            Action::Done,
        ],
    );
    assert_eq!(g.zones()[0], Some(Vehicle::Ornithopter));
    assert_eq!(
        g.zones().iter().filter(|z| z.is_some()).count(),
        1,
        "only the one placed"
    );
    assert!(matches!(g.prompt(), Prompt::Move(_)));
    let to = empty_neighbour(&g, a("s1_3"));
    play(
        &mut g,
        H,
        &[
            Action::Legion(a("s1_3")),
            Action::Take(UnitKind::Regular),
            Action::To(to),
        ],
    );
    assert_eq!(g.areas()[to.index()].units[H], [1, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn moving_the_battle_group_appears_in_a_free_mountain() {
    let mut g = game(H, &["moving_the_battle_group"]);
    start(&mut g, H, "moving_the_battle_group");
    let offered: Vec<AreaId> = legal(&g, H)
        .into_iter()
        .filter_map(|x| match x {
            Action::DeployAt(a) => Some(a),
            _ => None,
        })
        .collect();
    assert!(offered.len() >= 2);
    assert!(
        offered
            .iter()
            .all(|x| board().area(*x).terrain == board::Terrain::Mountain)
    );
    // A mountain with Atreides in it is not free.
    let mut g = game(H, &["moving_the_battle_group"]);
    g.edit(|s| s.put(A, offered[1], [1, 0, 0], 0)).unwrap();
    start(&mut g, H, "moving_the_battle_group");
    assert_refused(&g, seat(H), &Action::DeployAt(offered[1]));
    assert_refused(&g, seat(H), &Action::DeployAt(a("s1_3")));
    play(&mut g, H, &[Action::DeployAt(offered[0])]);
    assert_eq!(g.areas()[offered[0].index()].units[H], [0, 2, 0]);
    // A Bashar, not a named leader.
    assert_refused(
        &g,
        seat(H),
        &Action::DeployLeader(Some(leader("baron_harkonnen"))),
    );
    play(&mut g, H, &[Action::DeployLeader(None)]);
    assert_eq!(g.areas()[offered[0].index()].generic[H], 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn killers_without_mercy_attack_only_and_continue_free_against_a_sietch() {
    // AR-COMBAT-29: continuing normally costs the attacker a hit; this
    // card waives it, even against a sietch.
    let mut g = game(H, &["killers_without_mercy"]);
    let sietch = all_areas()
        .find(|x| g.areas()[x.index()].sietch.is_some())
        .expect("a sietch on the board");
    let own = empty_neighbour(&g, sietch);
    let calm = empty_neighbour_but(&g, own, sietch);
    g.edit(|s| {
        s.put(H, own, [2, 0, 1], 0).unwrap();
        s.put(H, a("carthag"), [3, 0, 0], 0).unwrap();
        s.put(A, sietch, [2, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "killers_without_mercy");
    assert_refused(&g, seat(H), &Action::Legion(a("carthag")));
    play(
        &mut g,
        H,
        &[
            Action::Legion(own),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Special),
        ],
    );
    // An attack only.
    assert_refused(&g, seat(H), &Action::To(calm));
    // Shields all round: nobody is hit.
    g.edit(|s| s.load_dice(&[3; 40])).unwrap();
    let ev = play(&mut g, H, &[Action::To(sietch)]);
    // No surprise: 3 dice.
    assert_eq!(rolled(&ev, H), Some(3));
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Continue));
    play(&mut g, H, &[Action::Continue]);
    // The second round is rolled with all 3 attackers still there.
    let Prompt::Battle(b) = g.prompt() else {
        panic!("battle goes on: {:?}", g.prompt())
    };
    assert_eq!(b.step, BattleStep::Continue);
    assert_eq!(b.group.units, [2, 0, 1]);
    play(&mut g, H, &[Action::Continue, Action::Done]);
    // Back where it came from, whole.
    assert_eq!(g.areas()[own.index()].units[H], [2, 0, 1]);
    assert_eq!(g.areas()[sietch.index()].units[A], [2, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));

    // Against the same sietch without this card, continuing costs a hit.
    let mut g = game(H, &["sardaukars_manner"]);
    g.edit(|s| {
        s.put(H, own, [2, 0, 1], 0).unwrap();
        s.put(A, sietch, [2, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "sardaukars_manner");
    g.edit(|s| s.load_dice(&[3; 40])).unwrap();
    play(
        &mut g,
        H,
        &[
            Action::Legion(own),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Special),
            Action::To(sietch),
            Action::Continue,
        ],
    );
    let Prompt::Battle(b) = g.prompt() else {
        panic!("battle goes on: {:?}", g.prompt())
    };
    assert_eq!(b.group.units, [1, 0, 1]);
}

#[test]
fn sardaukar_disguised_upgrades_two_elites_then_moves_sardaukar_legions() {
    let mut g = game(H, &["sardaukar_disguised"]);
    let (x, y) = (a("s1_3"), a("s2_1"));
    g.edit(|s| {
        s.put(H, x, [0, 2, 0], 0).unwrap();
        s.put(H, y, [1, 1, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "sardaukar_disguised");
    // No elite in Carthag.
    assert_refused(&g, seat(H), &Action::Upgrade(a("carthag")));
    play(&mut g, H, &[Action::Upgrade(x), Action::Upgrade(y)]);
    assert_eq!(units(&g, H, "s1_3"), [0, 1, 1]);
    assert_eq!(units(&g, H, "s2_1"), [1, 0, 1]);
    // The move: a group without its Sardaukar may not leave.
    assert!(matches!(g.prompt(), Prompt::Move(_)));
    let to = empty_neighbour(&g, x);
    play(
        &mut g,
        H,
        &[Action::Legion(x), Action::Take(UnitKind::Elite)],
    );
    assert_refused(&g, seat(H), &Action::To(to));
    play(
        &mut g,
        H,
        &[Action::Take(UnitKind::Special), Action::To(to)],
    );
    assert_eq!(g.areas()[to.index()].units[H], [0, 1, 1]);
    // AR-ACT-17: the second legion stays.
    play(&mut g, H, &[Action::Done]);
    assert_eq!(units(&g, H, "s2_1"), [1, 0, 1]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn i_decide_what_best_serves_his_majesty_aramsham_joins_a_sardaukar_legion_which_moves() {
    let aramsham = leader("captain_aramsham");
    let mut g = game(H, &["i_decide_what_best_serves_his_majesty"]);
    let own = a("s1_3");
    g.edit(|s| {
        s.put(H, own, [1, 0, 1], 0).unwrap();
        s.put(H, a("s2_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, H, "i_decide_what_best_serves_his_majesty");
    assert_refused(&g, seat(H), &Action::DeployAt(a("s2_1")));
    play(&mut g, H, &[Action::DeployAt(own)]);
    assert_refused(
        &g,
        seat(H),
        &Action::DeployLeader(Some(leader("baron_harkonnen"))),
    );
    play(&mut g, H, &[Action::DeployLeader(Some(aramsham))]);
    assert_eq!(g.leader_at(aramsham), LeaderAt::Board(own));
    assert_eq!(units(&g, H, "s1_3"), [1, 0, 1]);
    // Then that legion only moves (or surprise-attacks).
    assert_refused(&g, seat(H), &Action::Legion(a("s2_1")));
    let to = empty_neighbour(&g, own);
    play(
        &mut g,
        H,
        &[
            Action::Legion(own),
            Action::Take(UnitKind::Special),
            Action::TakeLeader(aramsham),
            Action::To(to),
        ],
    );
    assert_eq!(g.leader_at(aramsham), LeaderAt::Board(to));
    assert_eq!(g.areas()[to.index()].units[H], [0, 0, 1]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}
