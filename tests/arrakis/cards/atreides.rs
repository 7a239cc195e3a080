//! House Atreides and Fremen ally planning cards (AR-ACT-12, AR-ACT-13,
//! AR-ACT-17), one test per card.
use super::*;

#[test]
fn the_voice_makes_the_opponent_discard_their_pick() {
    let mut g = game(A, &["the_voice"]);
    g.edit(|s| s.hand(H, &[card("sandmasters"), card("forced_recruitment")]))
        .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::PlayCard(card("the_voice"), DieResult::Strategy),
            Action::Resolve,
        ],
    );
    // The Harkonnen choose, and may not decline.
    assert_eq!(g.to_act(), Some(seat(H)));
    assert!(!legal(&g, H).contains(&Action::Done));
    assert_refused(&g, seat(H), &Action::Discard(card("war_plan")));
    play(&mut g, H, &[Action::Discard(card("sandmasters"))]);
    assert_eq!(g.house(H).hand, vec![card("forced_recruitment")].into());
    assert!(g.house(H).discard.contains(&card("sandmasters")));
    // The follow-up play: the Atreides hand is empty, which everyone
    // knows, so the turn passes.
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn war_plan_adds_a_die_every_round() {
    let mut g = game(A, &["war_plan"]);
    g.edit(|s| s.put(A, a("s1_3"), [2, 0, 0], 0)).unwrap();
    let target = board().passable[a("s1_3").index()].iter().next().unwrap();
    g.edit(|s| {
        s.put(H, target, [1, 0, 0], 0).unwrap();
        s.load_dice(&[3, 3, 3, 3, 3, 3]);
    })
    .unwrap();
    let ev = play(
        &mut g,
        A,
        &[
            Action::PlayCard(card("war_plan"), DieResult::Strategy),
            Action::Legion(a("s1_3")),
            Action::Take(melange::rules::arrakis::UnitKind::Regular),
            Action::Take(melange::rules::arrakis::UnitKind::Regular),
            Action::To(target),
        ],
    );
    let dice = ev.iter().find_map(|e| match e {
        Event::CombatRoll { faction, dice, .. } if *faction == A => Some(*dice),
        _ => None,
    });
    assert_eq!(dice, Some(3), "2 units + War Plan's die");
}

#[test]
fn voice_from_the_outer_world_means_paul_muad_dib_too() {
    // AR-LEADER-18: a card naming Paul applies to Paul-Muad'Dib.
    let mut g = game(A, &["voice_from_the_outer_world"]);
    g.edit(|s| {
        s.set_leader(leader("paul_atreides"), LeaderAt::Removed);
        s.set_leader(leader("paul_muad_dib"), LeaderAt::SetAside);
        s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::PlayCard(card("voice_from_the_outer_world"), DieResult::Strategy),
            Action::DeployAt(a("s1_3")),
        ],
    );
    assert_refused(
        &g,
        seat(A),
        &Action::DeployLeader(Some(leader("paul_atreides"))),
    );
    play(
        &mut g,
        A,
        &[Action::DeployLeader(Some(leader("paul_muad_dib")))],
    );
    assert_eq!(units(&g, A, "s1_3"), [1, 0, 1]);
    assert_eq!(
        g.leader_at(leader("paul_muad_dib")),
        LeaderAt::Board(a("s1_3"))
    );
    // Then that legion may move or surprise-attack: only it is offered.
    let l = legal(&g, A);
    assert!(l.contains(&Action::Legion(a("s1_3"))));
    assert!(
        l.iter()
            .all(|x| matches!(x, Action::Legion(_) | Action::Done))
    );
}

#[test]
fn grandmother_of_a_storm_rolls_storms_now() {
    // AR-HAZ-32 to AR-HAZ-35 during Action Resolution.
    let mut g = game(A, &["grandmother_of_a_storm"]);
    let desert = all_areas()
        .find(|x| {
            let ar = board().area(*x);
            board().desert.contains(*x) && !ar.storm_exempt
        })
        .unwrap();
    let mountain = all_areas()
        .find(|x| board().area(*x).terrain == board::Terrain::Mountain)
        .unwrap();
    g.edit(|s| {
        s.put(H, desert, [3, 0, 0], 0).unwrap();
        s.put(H, mountain, [3, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, A, "grandmother_of_a_storm");
    let dice = data().tables.hazards.storm_dice;
    g.edit(|s| s.load_dice(&vec![0; usize::from(dice)]))
        .unwrap();
    play(&mut g, A, &[Action::Resolve]);
    assert_eq!(g.areas()[desert.index()].units[H].regular, 3 - dice);
    assert_eq!(g.areas()[mountain.index()].units[H], [3, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn fremen_rockets_remove_picked_vehicles_of_one_sector() {
    let (s, own, harv, z) = sector_setup();
    let mut g = game(A, &["fremen_rockets"]);
    g.edit(|s| {
        s.put(A, own, [1, 0, 0], 0).unwrap();
        s.areas[harv.index()].harvester = true;
        s.zones[z.index()] = Some(Vehicle::Carryall);
    })
    .unwrap();
    start(&mut g, A, "fremen_rockets");
    // A sector without an Atreides legion is refused.
    assert_refused(&g, seat(A), &Action::PickSector(SectorId(5)));
    g.edit(|s| s.load_dice(&[0, 5, 3])).unwrap();
    play(&mut g, A, &[Action::PickSector(s), Action::PickZone(z)]);
    assert_eq!(g.zones()[z.index()], None);
    play(&mut g, A, &[Action::PickArea(harv)]);
    assert!(!g.areas()[harv.index()].harvester);
    assert_eq!(g.prompt(), Prompt::Turn(H));

    // One hit: only one vehicle goes.
    let mut g = game(A, &["fremen_rockets"]);
    g.edit(|s| {
        s.put(A, own, [1, 0, 0], 0).unwrap();
        s.areas[harv.index()].harvester = true;
        s.zones[z.index()] = Some(Vehicle::Ornithopter);
    })
    .unwrap();
    start(&mut g, A, "fremen_rockets");
    g.edit(|s| s.load_dice(&[0, 3, 4])).unwrap();
    play(&mut g, A, &[Action::PickSector(s), Action::PickArea(harv)]);
    assert_eq!(g.zones()[z.index()], Some(Vehicle::Ornithopter));
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn captured_ornithopter_removes_it_and_attacks_through_its_zone() {
    let b = board();
    let z = AirZoneId(0);
    let target = b.air_zones[0]
        .areas
        .iter()
        .find(|x| b.desert.contains(*x))
        .unwrap();
    let mut g = game(A, &["captured_ornithopter"]);
    g.edit(|s| {
        s.put(H, target, [3, 0, 0], 0).unwrap();
        s.zones[z.index()] = Some(Vehicle::Ornithopter);
        s.zones[1] = Some(Vehicle::Carryall);
    })
    .unwrap();
    start(&mut g, A, "captured_ornithopter");
    // A carryall is not an ornithopter.
    assert_refused(&g, seat(A), &Action::PickZone(AirZoneId(1)));
    play(&mut g, A, &[Action::PickZone(z)]);
    assert_eq!(g.zones()[z.index()], None);
    g.edit(|s| s.load_dice(&[0, 5, 4])).unwrap();
    play(&mut g, A, &[Action::PickArea(target)]);
    assert_eq!(g.areas()[target.index()].units[H], [1, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn thumpers_call_sandworms_next_to_atreides_legions() {
    // AR-HAZ-14: within the number of sandworm figures.
    let mut g = game(A, &["thumpers"]);
    let own = a("s1_3");
    g.edit(|s| s.put(A, own, [1, 0, 0], 0)).unwrap();
    let near = empty_desert_around(&g, own);
    let far = all_areas()
        .find(|x| empty_desert(&g, *x) && !borders(own, *x))
        .unwrap();
    let off = g.worms_off();
    start(&mut g, A, "thumpers");
    assert_refused(&g, seat(A), &Action::PickArea(far));
    play(&mut g, A, &[Action::PickArea(near[0]), Action::Done]);
    assert_eq!(g.areas()[near[0].index()].worm, Some(Worm::Normal));
    assert_eq!(g.worms_off(), off - 1);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn wall_of_sandworms_grows_from_a_sandworm_then_desert_power() {
    let mut g = game(A, &["wall_of_sandworms"]);
    let w = all_areas().find(|x| empty_desert(&g, *x)).unwrap();
    g.edit(|s| {
        s.areas[w.index()].worm = Some(Worm::Normal);
        s.worms_off -= 1;
    })
    .unwrap();
    let next = all_areas()
        .find(|x| borders(w, *x) && empty_desert(&g, *x))
        .unwrap();
    let far = all_areas()
        .find(|x| *x != w && !borders(w, *x) && empty_desert(&g, *x))
        .unwrap();
    start(&mut g, A, "wall_of_sandworms");
    assert_refused(&g, seat(A), &Action::PickArea(far));
    play(&mut g, A, &[Action::PickArea(next)]);
    assert_eq!(g.areas()[next.index()].worm, Some(Worm::Normal));
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn dust_chasms_take_two_deep_desert_harvesters_of_one_sector() {
    let b = board();
    let deep: Vec<AreaId> = b.deep_desert.iter().collect();
    let (h1, h2) = deep
        .iter()
        .flat_map(|x| deep.iter().map(move |y| (*x, *y)))
        .find(|(x, y)| x != y && b.area(*x).sector == b.area(*y).sector)
        .unwrap();
    let other = *deep
        .iter()
        .find(|x| b.area(**x).sector != b.area(h1).sector)
        .unwrap();
    let mut g = game(A, &["dust_chasms"]);
    for x in [h1, h2, other] {
        g.edit(|s| s.areas[x.index()].harvester = true).unwrap();
    }
    start(&mut g, A, "dust_chasms");
    play(&mut g, A, &[Action::PickArea(h1)]);
    // Both in one sector.
    assert_refused(&g, seat(A), &Action::PickArea(other));
    play(&mut g, A, &[Action::PickArea(h2)]);
    assert!(!g.areas()[h1.index()].harvester && !g.areas()[h2.index()].harvester);
    assert!(g.areas()[other.index()].harvester);
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
}

#[test]
fn smugglers_a_alternative_places_wormsigns_then_moves_gurney() {
    // AR-ACT-17, AR-DP-07: with Gurney in play, 2 wormsigns, then his
    // legion moves.
    let mut g = game(A, &["smugglers_a"]);
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.place_leader(leader("gurney_halleck"), a("s1_1"));
    })
    .unwrap();
    play_card(&mut g, A, "smugglers_a");
    assert!(legal(&g, A).contains(&Action::WormsignAt(a("s2_1"))));
    // Never on a sietch (AR-DP-07).
    assert_refused(&g, seat(A), &Action::WormsignAt(a("sihaya_ridge")));
    play(
        &mut g,
        A,
        &[Action::WormsignAt(a("s2_1")), Action::WormsignAt(a("s2_2"))],
    );
    assert!(g.areas()[a("s2_1").index()].wormsign.is_some());
    assert!(g.areas()[a("s2_2").index()].wormsign.is_some());
    // Only Gurney's legion moves.
    assert!(matches!(g.prompt(), Prompt::Move(_)));
    play(
        &mut g,
        A,
        &[
            Action::Legion(a("s1_1")),
            Action::Take(melange::rules::arrakis::UnitKind::Regular),
            Action::TakeLeader(leader("gurney_halleck")),
            Action::To(a("s1_2")),
        ],
    );
    assert_eq!(
        g.leader_at(leader("gurney_halleck")),
        LeaderAt::Board(a("s1_2"))
    );
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn smugglers_a_alternative_partly_used() {
    let mut g = game(A, &["smugglers_a"]);
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.place_leader(leader("gurney_halleck"), a("s1_1"));
    })
    .unwrap();
    play_card(&mut g, A, "smugglers_a");
    play(&mut g, A, &[Action::WormsignAt(a("s2_1")), Action::Done]);
    assert!(matches!(g.prompt(), Prompt::Move(_)));
    // Another legion may not move.
    g.edit(|s| s.put(A, a("s3_1"), [1, 0, 0], 0)).unwrap();
    assert_refused(&g, seat(A), &Action::Legion(a("s3_1")));
}

#[test]
fn smugglers_c_alternative_removes_vehicles_near_gurney() {
    let b = board();
    let mut g = game(A, &["smugglers_c"]);
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.place_leader(leader("gurney_halleck"), a("s1_1"));
        s.areas[a("s1_5").index()].harvester = true;
        s.areas[a("s3_1").index()].harvester = true;
    })
    .unwrap();
    let z = (0..b.air_zones.len())
        .find(|&z| b.air_zones[z].areas.contains(a("s1_5")))
        .unwrap();
    let far = (0..b.air_zones.len())
        .find(|&z| {
            !b.air_zones[z]
                .areas
                .iter()
                .any(|x| b.area(x).sector == b.area(a("s1_1")).sector)
        })
        .unwrap();
    let zone = |i: usize| melange::rules::arrakis::AirZoneId(i as u8);
    g.edit(|s| {
        s.zones[z] = Some(melange::rules::arrakis::Vehicle::Ornithopter);
        s.zones[far] = Some(melange::rules::arrakis::Vehicle::Carryall);
    })
    .unwrap();
    play_card(&mut g, A, "smugglers_c");
    // Not in another sector.
    assert_refused(&g, seat(A), &Action::PickArea(a("s3_1")));
    assert_refused(&g, seat(A), &Action::PickZone(zone(far)));
    let ev = play(
        &mut g,
        A,
        &[Action::PickArea(a("s1_5")), Action::PickZone(zone(z))],
    );
    assert!(ev.contains(&Event::VehicleRemoved {
        vehicle: melange::rules::arrakis::Vehicle::Ornithopter,
        zone: zone(z)
    }));
    assert!(!g.areas()[a("s1_5").index()].harvester);
    assert!(g.zones()[z].is_none());
    assert!(g.areas()[a("s3_1").index()].harvester);
    assert!(g.zones()[far].is_some());
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn smugglers_c_without_gurney_brings_him_in() {
    let mut g = game(A, &["smugglers_c"]);
    play_card(&mut g, A, "smugglers_c");
    assert_eq!(legal(&g, A), vec![Action::Resolve, Action::Done]);
}

#[test]
fn tested_with_the_gom_jabbar_draws_a_hidden_second_objective() {
    let mut g = game(A, &["tested_with_the_gom_jabbar"]);
    let (first, none) = g.objectives();
    assert_eq!(none, None);
    let ev = play_card(&mut g, A, "tested_with_the_gom_jabbar");
    assert!(ev.is_empty() || legal(&g, A).contains(&Action::Resolve));
    let ev = play(&mut g, A, &[Action::Resolve]);
    let (_, second) = g.objectives();
    let second = second.unwrap();
    assert_ne!(second, first);
    // The Harkonnen see that it was dealt, not which.
    let dealt: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::ObjectiveDealt { .. }))
        .collect();
    assert_eq!(dealt.len(), 1);
    let hidden = dealt[0]
        .redact(melange::rules::core::Viewer::Seat(seat(H)))
        .unwrap();
    assert_eq!(hidden, Event::ObjectiveDealt { objective: u8::MAX });
    // Completing the second wins.
    let targets = data().tables.secret_objectives[usize::from(second)].targets();
    g.edit(|s| s.prescience = targets.into()).unwrap();
    assert!(g.objective_met());
    // Then draw 2.
    play(
        &mut g,
        A,
        &[Action::DrawFrom(
            melange::rules::arrakis::Deck::HouseAtreides,
        )],
    );
    // Only once: played again it offers nothing.
    let mut g2 = g.clone();
    g2.edit(|s| {
        s.turn(A, &[DieResult::Strategy], 1);
        s.hand(A, &[card("tested_with_the_gom_jabbar")]);
    })
    .unwrap();
    play_card(&mut g2, A, "tested_with_the_gom_jabbar");
    assert_refused(&g2, seat(A), &Action::Resolve);
}

#[test]
fn truthtrance_forces_the_harkonnen_die() {
    let mut g = game(A, &["truthtrance"]);
    g.edit(|s| s.turn(A, &[DieResult::Strategy, DieResult::Deployment], 0))
        .unwrap();
    let mk = |r| melange::rules::arrakis::Die {
        result: r,
        spent: false,
        token: false,
    };
    g.edit(|s| {
        s.houses[H].dice = vec![mk(DieResult::Strategy), mk(DieResult::Mentat)].into();
        s.houses[H].dice.push(melange::rules::arrakis::Die {
            result: DieResult::House,
            spent: true,
            token: false,
        });
    })
    .unwrap();
    play_card(&mut g, A, "truthtrance");
    // A spent die cannot be picked.
    assert_refused(&g, seat(A), &Action::PickDie(DieResult::House));
    play(
        &mut g,
        A,
        &[Action::PickDie(DieResult::Mentat), Action::Done],
    );
    assert_eq!(g.prompt(), Prompt::Turn(H));
    let l = legal(&g, H);
    assert!(l.contains(&Action::SpendDie(DieResult::Mentat)));
    assert_refused(&g, seat(H), &Action::SpendDie(DieResult::Strategy));
    play(&mut g, H, &[Action::SpendDie(DieResult::Mentat)]);
    assert_eq!(g.forced_die(), Some(DieResult::Mentat));
    let first = legal(&g, H)[0];
    play(&mut g, H, &[first]);
    assert_eq!(g.forced_die(), None);
}

#[test]
fn truthtrance_then_draws_or_plays() {
    let mut g = game(A, &["truthtrance", "war_plan"]);
    play_card(&mut g, A, "truthtrance");
    play(&mut g, A, &[Action::Done]);
    assert!(legal(&g, A).contains(&Action::PlayFree(card("war_plan"))));
    play(
        &mut g,
        A,
        &[Action::DrawFrom(melange::rules::arrakis::Deck::FremenAlly)],
    );
    assert_eq!(g.house(A).hand.len(), 2);
}

#[test]
fn adab_replaces_revealed_prescience_cards() {
    let mut g = game(A, &["adab_the_demanding_memory"]);
    g.edit(|s| s.revealed = vec![0, 1].into()).unwrap();
    let mut g0 = g.clone();
    // Cards 0 and 1 are out of the deck; keep them out.
    g0.edit(|s| s.revealed.clear()).unwrap();
    play_card(&mut g, A, "adab_the_demanding_memory");
    assert_refused(&g, seat(A), &Action::PickSlot(2));
    let ev = play(&mut g, A, &[Action::PickSlot(1)]);
    assert!(ev.contains(&Event::PrescienceRemoved { card: 1 }));
    assert_eq!(g.revealed().len(), 2);
    assert_eq!(g.revealed()[0], 0);
    assert_ne!(g.revealed()[1], 1);
    // Then play_card, with nothing left in hand (a public fact): the card
    // ends.
    play(&mut g, A, &[Action::PickSlot(0), Action::Done]);
    assert!(!g.revealed().contains(&0) && !g.revealed().contains(&1));
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn alam_al_mithal_shifts_steps_between_markers() {
    use melange::rules::arrakis::Marker;
    let mut g = game(A, &["alam_al_mithal"]);
    g.edit(|s| s.prescience = [3, 1, 0].into()).unwrap();
    play_card(&mut g, A, "alam_al_mithal");
    // A marker on step 0 cannot go down.
    assert_refused(&g, seat(A), &Action::PickMarker(Marker::Jihad));
    play(&mut g, A, &[Action::PickMarker(Marker::KwisatzHaderach)]);
    // Not the same marker up.
    assert_refused(&g, seat(A), &Action::PickMarker(Marker::KwisatzHaderach));
    play(&mut g, A, &[Action::PickMarker(Marker::Jihad)]);
    assert_refused(&g, seat(A), &Action::PickSlot(4));
    assert_eq!(g.label(&Action::PickSlot(2)), "shift 2 steps");
    play(&mut g, A, &[Action::PickSlot(2)]);
    assert_eq!(g.prescience(), [1, 1, 2]);
    // Then draw 2.
    assert!(legal(&g, A).contains(&Action::DrawFrom(
        melange::rules::arrakis::Deck::HouseAtreides
    )));
}

#[test]
fn our_family_atomics_detonates_from_step_4() {
    let t = board().family_atomics_targets[0];
    let mut g = game(A, &["our_family_atomics"]);
    g.edit(|s| s.prescience = [3, 3, 3].into()).unwrap();
    let mut low = g.clone();
    play_card(&mut low, A, "our_family_atomics");
    assert_refused(&low, seat(A), &Action::Atomics(t));
    g.edit(|s| s.prescience = [0, 4, 0].into()).unwrap();
    play_card(&mut g, A, "our_family_atomics");
    play(&mut g, A, &[Action::Atomics(t)]);
    assert!(g.atomics_used());
    assert_eq!(g.atomics_area(), Some(t));
}

#[test]
fn our_family_atomics_alternative_gives_two_desert_powers() {
    let mut g = game(A, &["our_family_atomics"]);
    g.edit(|s| s.atomics_used = true).unwrap();
    play_card(&mut g, A, "our_family_atomics");
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
    play(&mut g, A, &[Action::WormsignAt(a("s2_1")), Action::Done]);
    // A Done in the Wormsigns prompt ends that Desert Power; the second
    // begins.
    assert!(matches!(g.prompt(), Prompt::Wormsigns(2)));
    play(&mut g, A, &[Action::WormsignAt(a("s2_2")), Action::Done]);
    assert!(g.areas()[a("s2_2").index()].wormsign.is_some());
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn bill_of_particulars_drops_a_marker_without_a_ban() {
    use melange::rules::arrakis::ImperiumMarker;
    let bottom = data().tables.spice_must_flow.rows.len() as u8;
    let mut g = game(A, &["bill_of_particulars"]);
    g.edit(|s| {
        s.imperium = ([bottom - 1, bottom, 1]).into();
        s.bans = ([false; 3]).into();
    })
    .unwrap();
    play_card(&mut g, A, "bill_of_particulars");
    // Already at the bottom.
    assert_refused(
        &g,
        seat(A),
        &Action::PickImperium(ImperiumMarker::SpacingGuild),
    );
    play(&mut g, A, &[Action::PickImperium(ImperiumMarker::Choam)]);
    assert_eq!(g.imperium()[ImperiumMarker::Choam], bottom);
    assert!(!g.bans()[ImperiumMarker::Choam]);
}

#[test]
fn cielagos_piping_message_needs_a_harkonnen_legion_near_a_sietch() {
    let mut g = game(A, &["cielagos_piping_message"]);
    // No Harkonnen legion near any sietch: not playable.
    assert!(!legal(&g, A).contains(&Action::PlayCard(
        card("cielagos_piping_message"),
        DieResult::Strategy
    )));
    // s1_1 is 2 areas from Sihaya Ridge (s1_1 - s1_2 - sihaya_ridge).
    g.edit(|s| s.put(H, a("s1_1"), [1, 0, 0], 0)).unwrap();
    let before = g.areas()[a("sihaya_ridge").index()].tokens.len();
    play_card(&mut g, A, "cielagos_piping_message");
    assert_refused(&g, seat(A), &Action::PickArea(a("habbanya_ridge")));
    play(&mut g, A, &[Action::PickArea(a("sihaya_ridge"))]);
    assert_eq!(
        g.areas()[a("sihaya_ridge").index()].tokens.len(),
        before + 1
    );
    // Then draw 1.
    assert!(legal(&g, A).contains(&Action::DrawFrom(melange::rules::arrakis::Deck::FremenAlly)));
}

#[test]
fn stillsuits_moves_in_desert_then_swaps_sietch_tokens() {
    let mut g = game(A, &["stillsuits"]);
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        // The board was cleared: one sietch gets tokens back.
        s.areas[a("sihaya_ridge").index()].tokens = vec![0, 1].into_iter().collect();
    })
    .unwrap();
    play_card(&mut g, A, "stillsuits");
    play(
        &mut g,
        A,
        &[
            Action::Legion(a("s1_1")),
            Action::Take(melange::rules::arrakis::UnitKind::Regular),
            Action::To(a("s1_2")),
        ],
    );
    let x = g.areas()[a("sihaya_ridge").index()].tokens;
    play(&mut g, A, &[Action::PickArea(a("sihaya_ridge"))]);
    // Not the same sietch; not a plain area.
    assert_refused(&g, seat(A), &Action::PickArea(a("sihaya_ridge")));
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_2")));
    play(&mut g, A, &[Action::PickArea(a("habbanya_ridge"))]);
    assert!(g.areas()[a("sihaya_ridge").index()].tokens.is_empty());
    assert_eq!(g.areas()[a("habbanya_ridge").index()].tokens, x);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn kitab_al_ibar_relocates_a_sietch_with_its_figures() {
    let mut g = game(A, &["kitab_al_ibar"]);
    g.edit(|s| {
        s.put(A, a("sihaya_ridge"), [1, 1, 0], 1).unwrap();
        s.place_leader(leader("stilgar"), a("sihaya_ridge"));
    })
    .unwrap();
    let tokens = g.areas()[a("sihaya_ridge").index()].tokens;
    let sietch = g.areas()[a("sihaya_ridge").index()].sietch;
    g.edit(|s| s.put(H, a("s1_2"), [1, 0, 0], 0)).unwrap();
    play_card(&mut g, A, "kitab_al_ibar");
    play(&mut g, A, &[Action::PickArea(a("sihaya_ridge"))]);
    // Not an occupied area, not a non-bordering one.
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_2")));
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_1")));
    play(&mut g, A, &[Action::PickArea(a("s1_6"))]);
    let s = &g.areas()[a("s1_6").index()];
    assert_eq!(s.units[A], [1, 1, 0]);
    assert_eq!(s.generic[A], 1);
    assert_eq!(s.tokens, tokens);
    assert_eq!(s.sietch, sietch);
    assert_eq!(g.leader_at(leader("stilgar")), LeaderAt::Board(a("s1_6")));
    let old = &g.areas()[a("sihaya_ridge").index()];
    assert!(old.sietch.is_none() && old.tokens.is_empty());
}

#[test]
fn sandtides_pushes_an_enemy_legion_out_of_the_desert() {
    let mut g = game(A, &["sandtides"]);
    g.edit(|s| {
        s.put(H, a("s1_1"), [2, 0, 0], 1).unwrap();
        s.put(H, a("carthag"), [1, 0, 0], 0).unwrap();
        s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    play_card(&mut g, A, "sandtides");
    // Carthag is no desert.
    assert_refused(&g, seat(A), &Action::PickArea(a("carthag")));
    play(&mut g, A, &[Action::PickArea(a("s1_1"))]);
    // Not into an occupied area.
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_3")));
    play(&mut g, A, &[Action::PickArea(a("s1_2"))]);
    assert_eq!(units(&g, H, "s1_2"), [2, 0, 0]);
    assert_eq!(g.areas()[a("s1_2").index()].generic[H], 1);
    assert_eq!(units(&g, H, "s1_1"), [0, 0, 0]);
    // Then Desert Power.
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
}

#[test]
fn fear_is_the_mind_killer_adds_two_steps_when_the_card_is_claimed() {
    use melange::rules::arrakis::Marker;
    let mut g = game(A, &["fear_is_the_mind_killer"]);
    // Card 0, The Water of Life: spend a die, no condition, Kwisatz
    // Haderach +2.
    g.edit(|s| s.revealed = vec![0, 1].into()).unwrap();
    play_card(&mut g, A, "fear_is_the_mind_killer");
    assert_refused(&g, seat(A), &Action::PickSlot(2));
    play(
        &mut g,
        A,
        &[Action::PickSlot(0), Action::PickMarker(Marker::Jihad)],
    );
    assert_eq!(g.fear(), Some((0, Marker::Jihad)));
    assert!(
        g.house(A)
            .discard
            .contains(&card("fear_is_the_mind_killer"))
    );
    g.edit(|s| s.turn(A, &[DieResult::Strategy], 1)).unwrap();
    play(&mut g, A, &[Action::ClaimSpending(0, DieResult::Strategy)]);
    assert_eq!(g.prescience(), [2, 0, 2]);
    assert_eq!(g.fear(), None);
}

#[test]
fn fear_is_the_mind_killer_partly_used_attaches_nothing() {
    let mut g = game(A, &["fear_is_the_mind_killer"]);
    g.edit(|s| s.revealed = vec![0].into()).unwrap();
    play_card(&mut g, A, "fear_is_the_mind_killer");
    play(&mut g, A, &[Action::PickSlot(0), Action::Done]);
    assert_eq!(g.fear(), None);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn eyes_of_ibad_keep_a_card_revealed_until_claimed() {
    let mut g = game(A, &["eyes_of_ibad", "adab_the_demanding_memory"]);
    g.edit(|s| s.revealed = vec![0, 1, 2].into()).unwrap();
    play_card(&mut g, A, "eyes_of_ibad");
    play(&mut g, A, &[Action::PickSlot(1)]);
    assert_eq!(g.ibad(), Some(1));
    // Adab cannot remove it.
    g.edit(|s| s.turn(A, &[DieResult::Strategy], 1)).unwrap();
    play_card(&mut g, A, "adab_the_demanding_memory");
    assert_refused(&g, seat(A), &Action::PickSlot(1));
    play(&mut g, A, &[Action::Done]);
    // End of round: unclaimed cards go, the attached one stays, and 3 new
    // ones join it.
    g.edit(|s| s.prompt = Prompt::Unclaimed).unwrap();
    play(&mut g, A, &[Action::RemoveUnclaimed]);
    assert_eq!(g.revealed().len(), 4);
    assert_eq!(g.revealed()[0], 1);
    assert_eq!(g.ibad(), Some(1));
}

#[test]
fn shai_hulud_brings_the_wild_maker_in_spent() {
    use melange::rules::arrakis::Worm;
    let mut g = game(A, &["shai_hulud"]);
    g.edit(|s| s.put(H, a("s1_2"), [1, 0, 0], 0)).unwrap();
    let wm = leader("wild_maker");
    play_card(&mut g, A, "shai_hulud");
    // Only an empty desert area (AR-LEADER-27).
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_2")));
    assert_refused(&g, seat(A), &Action::PickArea(a("carthag")));
    assert_refused(&g, seat(A), &Action::PickArea(a("sihaya_ridge")));
    play(&mut g, A, &[Action::PickArea(a("s1_1"))]);
    assert_eq!(g.areas()[a("s1_1").index()].worm, Some(Worm::WildMaker));
    assert_eq!(g.leader_at(wm), LeaderAt::SetAside);
    assert!(g.spent_leaders() & (1 << wm.0) != 0);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn shai_hulud_alternative_moves_and_attacks_with_six_dice() {
    use melange::rules::arrakis::Worm;
    let mut g = game(A, &["shai_hulud"]);
    let wm = leader("wild_maker");
    g.edit(|s| {
        s.set_leader(wm, LeaderAt::SetAside);
        s.areas[a("s1_1").index()].worm = Some(Worm::WildMaker);
        s.put(H, a("s1_11"), [4, 0, 0], 0).unwrap();
    })
    .unwrap();
    let worms_off = g.worms_off();
    play_card(&mut g, A, "shai_hulud");
    // s1_11 is out of reach from s1_1; move first (AR-LEADER-28).
    assert_refused(&g, seat(A), &Action::WormAttack(a("s1_1"), a("s1_11")));
    let l = legal(&g, A);
    let mv = l.iter().find_map(|x| match x {
        Action::WormMove(_, to) if legal_after_move(&g, *to, a("s1_11")) => Some(*x),
        _ => None,
    });
    let mv = mv.expect("a move that brings s1_11 into reach");
    {
        play(&mut g, A, &[mv]);
        let Action::WormMove(_, to) = mv else {
            unreachable!()
        };
        // 6 dice, all Hits (AR-HAZ-27): 4 regulars die.
        g.edit(|s| s.load_dice(&[0, 0, 0, 0, 0, 0])).unwrap();
        play(&mut g, A, &[Action::WormAttack(to, a("s1_11"))]);
        assert_eq!(units(&g, H, "s1_11"), [0, 0, 0]);
        // It leaves the board; the ordinary sandworms are untouched.
        assert!(g.areas().iter().all(|s| s.worm.is_none()));
        assert_eq!(g.worms_off(), worms_off);
    }
}

#[test]
fn shai_hulud_alternative_brings_the_figure_back_first() {
    use melange::rules::arrakis::Worm;
    let mut g = game(A, &["shai_hulud"]);
    g.edit(|s| {
        s.set_leader(leader("wild_maker"), LeaderAt::SetAside);
        s.put(H, a("s1_2"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    play_card(&mut g, A, "shai_hulud");
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_2")));
    play(&mut g, A, &[Action::PickArea(a("s1_1"))]);
    assert_eq!(g.areas()[a("s1_1").index()].worm, Some(Worm::WildMaker));
    // Partial use: it stays without attacking.
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.areas()[a("s1_1").index()].worm, Some(Worm::WildMaker));
    assert_eq!(units(&g, H, "s1_2"), [1, 0, 0]);
}

#[test]
fn smugglers_puts_gurney_straight_on_the_board() {
    // AR-LEADER-25: Gurney enters and his figure goes onto the board, with
    // 2 elites, in an empty desert area.
    let mut g = game(A, &["smugglers_b"]);
    play_card(&mut g, A, "smugglers_b");
    play(&mut g, A, &[Action::Resolve]);
    let spot = legal(&g, A)
        .into_iter()
        .find_map(|x| match x {
            Action::DeployAt(a) => Some(a),
            _ => None,
        })
        .unwrap();
    // Not into a settlement.
    assert_refused(&g, seat(A), &Action::DeployAt(a("carthag")));
    play(
        &mut g,
        A,
        &[
            Action::DeployAt(spot),
            Action::DeployLeader(Some(leader("gurney_halleck"))),
        ],
    );
    assert_eq!(g.leader_at(leader("gurney_halleck")), LeaderAt::Board(spot));
    assert_eq!(g.areas()[spot.index()].units[A], [0, 2, 0]);
}

#[test]
fn usul_grants_desert_power_whatever_the_dice() {
    // AR-DP-05: the Atreides hold more unused dice than the Harkonnen, so
    // Desert Power as an action is refused (AR-DP-04), but the card grants
    // it.
    let mut g = game(A, &["usul_the_base_of_the_pillar"]);
    g.edit(|s| {
        s.turn(
            A,
            &[
                DieResult::Strategy,
                DieResult::Mentat,
                DieResult::Deployment,
            ],
            1,
        )
    })
    .unwrap();
    assert_refused(&g, seat(A), &Action::DesertPower);
    play_card(&mut g, A, "usul_the_base_of_the_pillar");
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
    let spot = legal(&g, A)
        .into_iter()
        .find_map(|x| match x {
            Action::WormsignAt(a) => Some(a),
            _ => None,
        })
        .unwrap();
    play(&mut g, A, &[Action::WormsignAt(spot)]);
    assert!(g.areas()[spot.index()].wormsign.is_some());
}

#[test]
fn the_wild_maker_is_the_fifth_sandworm() {
    // AR-HAZ-17: with the Wild Maker in play, 5 sandworms may be on the
    // board, it included: it may join 4 ordinary ones, and then no
    // ordinary sandworm may come.
    use melange::rules::arrakis::Worm;
    let mut g = game(A, &["shai_hulud", "thumpers"]);
    let spots: Vec<AreaId> = all_areas().filter(|x| empty_desert(&g, *x)).collect();
    for w in &spots[..4] {
        g.edit(|s| {
            s.areas[w.index()].worm = Some(Worm::Normal);
            s.worms_off -= 1;
        })
        .unwrap();
    }
    assert_eq!(g.worms_off(), 0);
    play_card(&mut g, A, "shai_hulud");
    let spot = legal(&g, A)
        .into_iter()
        .find_map(|x| match x {
            Action::PickArea(a) => Some(a),
            _ => None,
        })
        .expect("room for the Wild Maker as the fifth");
    play(&mut g, A, &[Action::PickArea(spot)]);
    assert_eq!(
        g.areas().iter().filter(|s| s.worm.is_some()).count(),
        5,
        "4 sandworms and the Wild Maker"
    );
    // A sixth may not come, whatever brings it.
    g.edit(|s| {
        s.turn(A, &[DieResult::Strategy, DieResult::Deployment], 2);
        s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    play_card(&mut g, A, "thumpers");
    assert!(
        !legal(&g, A)
            .iter()
            .any(|x| matches!(x, Action::PickArea(_)))
    );
}

#[test]
fn alia_the_abomination_requires_reverend_mother_jessica() {
    // AR-LEADER-19 works one way: a card naming Jessica means the Reverend
    // Mother too, but this card names the Reverend Mother, and Lady
    // Jessica in play does not meet it.
    let alia = leader("alia");
    // Lady Jessica is no Reverend Mother: the card is refused.
    let g = game(A, &["alia_the_abomination"]);
    assert_refused(
        &g,
        seat(A),
        &Action::PlayCard(card("alia_the_abomination"), DieResult::Strategy),
    );
    let mut g = game(A, &["alia_the_abomination", "chatt_the_leaper"]);
    g.edit(|s| {
        s.set_leader(leader("lady_jessica"), LeaderAt::Removed);
        s.set_leader(leader("reverend_mother_jessica"), LeaderAt::SetAside);
    })
    .unwrap();
    let sietch = all_areas()
        .find(|x| g.areas()[x.index()].sietch.is_some())
        .unwrap();
    start(&mut g, A, "alia_the_abomination");
    let ev = play(&mut g, A, &[Action::Resolve]);
    assert!(ev.contains(&Event::LeaderEntered { leader: alia }));
    assert_eq!(g.leader_at(alia), LeaderAt::SetAside);
    // Then another card.
    play(
        &mut g,
        A,
        &[
            Action::PlayFree(card("chatt_the_leaper")),
            Action::DeployAt(sietch),
            Action::Done,
        ],
    );
    assert_eq!(g.areas()[sietch.index()].units[A], [0, 0, 2]);
    assert_eq!(g.house(A).discard.len(), 2);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn alia_the_abomination_alternative_tanks_any_enemy_leader_then_draws() {
    // AR-LEADER-09; the alternative needs no Reverend Mother.
    let mut g = game(A, &["alia_the_abomination"]);
    g.edit(|s| {
        s.set_leader(leader("alia"), LeaderAt::SetAside);
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.place_leader(leader("baron_harkonnen"), a("s1_3"));
        s.put(A, a("s2_1"), [1, 0, 0], 0).unwrap();
        s.place_leader(leader("stilgar"), a("s2_1"));
    })
    .unwrap();
    start(&mut g, A, "alia_the_abomination");
    // Not an own leader, nor one off the board.
    assert_refused(&g, seat(A), &Action::PickLeader(leader("stilgar")));
    assert_refused(&g, seat(A), &Action::PickLeader(leader("beast_rabban")));
    play(&mut g, A, &[Action::PickLeader(leader("baron_harkonnen"))]);
    assert!(matches!(
        g.leader_at(leader("baron_harkonnen")),
        LeaderAt::Tank(_)
    ));
    assert_eq!(units(&g, H, "s1_3"), [1, 0, 0]);
    // AR-ACT-17: 1 of the 2 cards.
    let draw = first_legal(&g, A, |x| matches!(x, Action::DrawFrom(_)));
    play(&mut g, A, &[draw, Action::Done]);
    assert_eq!(g.house(A).hand.len(), 1);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn death_commandos_upgrade_two_elites_then_move_two_fedaykin_legions() {
    let mut g = game(A, &["death_commandos"]);
    let (x, y) = (a("s1_3"), a("s2_1"));
    g.edit(|s| {
        s.put(A, x, [1, 1, 0], 0).unwrap();
        s.put(A, y, [0, 1, 0], 0).unwrap();
        s.put(A, a("s3_1"), [2, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, A, "death_commandos");
    assert_refused(&g, seat(A), &Action::Upgrade(a("s3_1")));
    play(&mut g, A, &[Action::Upgrade(x), Action::Upgrade(y)]);
    assert_eq!(units(&g, A, "s1_3"), [1, 0, 1]);
    assert_eq!(units(&g, A, "s2_1"), [0, 0, 1]);
    // A legion without a Fedaykin does not move.
    assert_refused(&g, seat(A), &Action::Legion(a("s3_1")));
    let tx = empty_neighbour(&g, x);
    play(
        &mut g,
        A,
        &[
            Action::Legion(x),
            Action::Take(UnitKind::Special),
            Action::To(tx),
        ],
    );
    let ty = empty_neighbour_but(&g, y, tx);
    play(
        &mut g,
        A,
        &[
            Action::Legion(y),
            Action::Take(UnitKind::Special),
            Action::To(ty),
        ],
    );
    assert_eq!(g.areas()[tx.index()].units[A], [0, 0, 1]);
    assert_eq!(g.areas()[ty.index()].units[A], [0, 0, 1]);
    assert_eq!(units(&g, A, "s1_3"), [1, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(H));

    // AR-ACT-17: one upgrade, then no move.
    let mut g = game(A, &["death_commandos"]);
    g.edit(|s| s.put(A, x, [0, 2, 0], 0)).unwrap();
    start(&mut g, A, "death_commandos");
    play(&mut g, A, &[Action::Upgrade(x), Action::Done, Action::Done]);
    assert_eq!(units(&g, A, "s1_3"), [0, 1, 1]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn chatt_the_leaper_puts_fedaykin_and_a_naib_into_a_sietch() {
    let mut g = game(A, &["chatt_the_leaper"]);
    let sietch = all_areas()
        .find(|x| g.areas()[x.index()].sietch.is_some())
        .unwrap();
    start(&mut g, A, "chatt_the_leaper");
    assert_refused(&g, seat(A), &Action::DeployAt(a("s1_3")));
    assert_refused(&g, seat(A), &Action::DeployAt(a("carthag")));
    play(&mut g, A, &[Action::DeployAt(sietch)]);
    assert_eq!(g.areas()[sietch.index()].units[A], [0, 0, 2]);
    // A Naib, not a named leader.
    assert_refused(&g, seat(A), &Action::DeployLeader(Some(leader("stilgar"))));
    play(&mut g, A, &[Action::DeployLeader(None)]);
    assert_eq!(g.areas()[sietch.index()].generic[A], 1);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn battle_language_caps_the_defender_at_four_dice_in_the_first_round() {
    // AR-DIE-09 (surprise attack); the cap holds in the first round only.
    let mut g = game(A, &["battle_language"]);
    let own = a("s1_3");
    let target = empty_neighbour(&g, own);
    g.edit(|s| {
        s.put(A, own, [3, 0, 0], 0).unwrap();
        s.place_leader(leader("stilgar"), own);
        s.put(A, a("s2_1"), [2, 0, 0], 0).unwrap();
        s.put(H, target, [6, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, A, "battle_language");
    // Only a legion with a leader.
    assert_refused(&g, seat(A), &Action::Legion(a("s2_1")));
    g.edit(|s| s.load_dice(&[3; 40])).unwrap();
    let ev = play(
        &mut g,
        A,
        &[
            Action::Legion(own),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::TakeLeader(leader("stilgar")),
            Action::To(target),
        ],
    );
    let extra = data().tables.combat.surprise_attack_dice;
    assert_eq!(rolled(&ev, A), Some(3 + extra));
    assert_eq!(rolled(&ev, H), Some(4), "6 units, capped at 4");
    // Go on: the second round is not capped.
    let ev = play(&mut g, A, &[Action::Continue]);
    let h_rolls: Vec<u8> = ev
        .iter()
        .filter_map(|e| match e {
            Event::CombatRoll { faction, dice, .. } if *faction == H => Some(*dice),
            _ => None,
        })
        .collect();
    assert_eq!(h_rolls, vec![6]);
}

#[test]
fn crysknife_moves_a_fedaykin_legion_then_tanks_a_bordering_leader() {
    // AR-LEADER-09.
    let mut g = game(A, &["crysknife"]);
    let own = a("s1_3");
    g.edit(|s| {
        s.put(A, own, [1, 0, 1], 0).unwrap();
        s.put(A, a("s2_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    let to = empty_neighbour(&g, own);
    let near = empty_neighbour_but(&g, to, own);
    g.edit(|s| {
        s.put(H, near, [1, 0, 0], 0).unwrap();
        s.place_leader(leader("beast_rabban"), near);
    })
    .unwrap();
    let far = all_areas()
        .find(|x| {
            *x != to && !borders(to, *x) && board().desert.contains(*x) && empty_desert(&g, *x)
        })
        .unwrap();
    g.edit(|s| {
        s.put(H, far, [1, 0, 0], 0).unwrap();
        s.place_leader(leader("baron_harkonnen"), far);
    })
    .unwrap();
    start(&mut g, A, "crysknife");
    assert_refused(&g, seat(A), &Action::Legion(a("s2_1")));
    play(
        &mut g,
        A,
        &[
            Action::Legion(own),
            Action::Take(UnitKind::Special),
            Action::To(to),
        ],
    );
    assert_refused(&g, seat(A), &Action::PickLeader(leader("baron_harkonnen")));
    play(&mut g, A, &[Action::PickLeader(leader("beast_rabban"))]);
    assert!(matches!(
        g.leader_at(leader("beast_rabban")),
        LeaderAt::Tank(_)
    ));
    assert_eq!(g.leader_at(leader("baron_harkonnen")), LeaderAt::Board(far));
    assert_eq!(g.prompt(), Prompt::Turn(H));

    // AR-ACT-17: no move, so no legion to border: nobody is tanked.
    let mut g = game(A, &["crysknife"]);
    g.edit(|s| {
        s.put(A, own, [1, 0, 1], 0).unwrap();
        s.put(H, to, [1, 0, 0], 0).unwrap();
        s.place_leader(leader("beast_rabban"), to);
    })
    .unwrap();
    start(&mut g, A, "crysknife");
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.leader_at(leader("beast_rabban")), LeaderAt::Board(to));
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn jubba_cloaks_move_a_desert_legion_with_a_leader_then_play_a_card() {
    let mut g = game(A, &["jubba_cloaks", "hieregs"]);
    let own = a("s1_3");
    g.edit(|s| {
        s.put(A, own, [1, 0, 0], 1).unwrap();
        s.put(A, a("s2_1"), [2, 0, 0], 0).unwrap();
    })
    .unwrap();
    start(&mut g, A, "jubba_cloaks");
    // A desert legion without a leader is refused.
    assert_refused(&g, seat(A), &Action::Legion(a("s2_1")));
    let to = empty_neighbour(&g, own);
    play(
        &mut g,
        A,
        &[Action::Legion(own), Action::Take(UnitKind::Regular)],
    );
    // The leader goes with it.
    assert_refused(&g, seat(A), &Action::To(to));
    play(&mut g, A, &[Action::TakeGeneric, Action::To(to)]);
    assert_eq!(g.areas()[to.index()].units[A], [1, 0, 0]);
    assert_eq!(g.areas()[to.index()].generic[A], 1);
    // Then the follow-up card, partly used.
    play(&mut g, A, &[Action::PlayFree(card("hieregs"))]);
    let spot = first_legal(&g, A, |x| matches!(x, Action::DeployAt(_)));
    play(&mut g, A, &[spot, Action::Done, Action::Done]);
    assert_eq!(g.house(A).discard.len(), 2);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn hieregs_deploy_into_two_empty_desert_areas_then_desert_power() {
    // AR-DP-05: the card grants Desert Power.
    let mut g = game(A, &["hieregs"]);
    g.edit(|s| {
        s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_4").index()].wormsign = Some(Wormsign::Sand);
    })
    .unwrap();
    start(&mut g, A, "hieregs");
    assert_refused(&g, seat(A), &Action::DeployAt(a("s1_3")));
    assert_refused(&g, seat(A), &Action::DeployAt(a("s1_4")));
    assert_refused(&g, seat(A), &Action::DeployAt(a("carthag")));
    play(&mut g, A, &[Action::DeployAt(a("s2_1"))]);
    // Two different areas.
    assert_refused(&g, seat(A), &Action::DeployAt(a("s2_1")));
    play(&mut g, A, &[Action::DeployAt(a("s2_2"))]);
    assert_eq!(units(&g, A, "s2_1"), [1, 0, 0]);
    assert_eq!(units(&g, A, "s2_2"), [1, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
    let spot = first_legal(&g, A, |x| matches!(x, Action::WormsignAt(_)));
    play(&mut g, A, &[spot, Action::Done]);
    let Action::WormsignAt(at) = spot else {
        unreachable!()
    };
    assert!(g.areas()[at.index()].wormsign.is_some());
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn i_am_stilgar_the_fremen_enters_a_free_plateau_then_draws() {
    let stilgar = leader("stilgar");
    let mut g = game(A, &["i_am_stilgar_the_fremen"]);
    let plateaus: Vec<AreaId> = all_areas()
        .filter(|x| board().area(*x).terrain == board::Terrain::Plateau)
        .collect();
    g.edit(|s| s.put(H, plateaus[1], [1, 0, 0], 0)).unwrap();
    start(&mut g, A, "i_am_stilgar_the_fremen");
    // Not desert, and not a plateau with Harkonnen in it.
    assert_refused(&g, seat(A), &Action::DeployAt(a("s1_3")));
    assert_refused(&g, seat(A), &Action::DeployAt(plateaus[1]));
    play(&mut g, A, &[Action::DeployAt(plateaus[0])]);
    assert_eq!(g.areas()[plateaus[0].index()].units[A], [1, 2, 0]);
    assert_refused(
        &g,
        seat(A),
        &Action::DeployLeader(Some(leader("paul_atreides"))),
    );
    play(&mut g, A, &[Action::DeployLeader(Some(stilgar))]);
    assert_eq!(g.leader_at(stilgar), LeaderAt::Board(plateaus[0]));
    let draw = first_legal(&g, A, |x| matches!(x, Action::DrawFrom(_)));
    play(&mut g, A, &[draw]);
    assert_eq!(g.house(A).hand.len(), 1);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn thumpers_never_call_a_sandworm_into_an_occupied_area() {
    // AR-HAZ-14 and the card: the sandworm appears in an *empty* desert
    // area bordering an Atreides legion; a bordering desert area holding a
    // Harkonnen legion, a harvester or a wormsign is not offered.
    let mut g = game(A, &["thumpers"]);
    let own = a("s1_3");
    g.edit(|s| s.put(A, own, [1, 0, 0], 0)).unwrap();
    let near = empty_desert_around(&g, own);
    assert!(near.len() >= 3, "{near:?}");
    g.edit(|s| {
        s.put(H, near[0], [1, 0, 0], 0).unwrap();
        s.areas[near[1].index()].harvester = true;
    })
    .unwrap();
    start(&mut g, A, "thumpers");
    let offered: Vec<Action> = legal(&g, A)
        .into_iter()
        .filter(|x| matches!(x, Action::PickArea(_)))
        .collect();
    let want: Vec<Action> = near[2..].iter().map(|x| Action::PickArea(*x)).collect();
    assert_eq!(offered, want);
    for x in &near[..2] {
        assert_refused(&g, seat(A), &Action::PickArea(*x));
    }
}
