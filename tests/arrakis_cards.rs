//! Planning cards played for their effect (AR-ACT-12, AR-ACT-13, AR-ACT-17),
//! one test per card on the real board, with partial use and refusals.
//! Combat faces (data): 0-2 Hit, 3-4 Shield, 5 Special.
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, ArrakisOptions, CardId, DieResult, Event, Faction, LeaderAt, LeaderId,
    Prompt, board,
};
use melange::rules::core::conformance::assert_refused;
use melange::rules::core::{Ruleset, Seat};

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

fn a(id: &str) -> AreaId {
    board().a(id)
}

fn card(id: &str) -> CardId {
    data().card_id(id).unwrap()
}

fn leader(id: &str) -> LeaderId {
    data().leader_id(id).unwrap()
}

fn seat(f: Faction) -> Seat {
    Seat(f.index() as u8)
}

/// A cleared board, `f` to act with a Strategy and a Deployment die and
/// `hand` in hand.
fn game(f: Faction, hand: &[&str]) -> Arrakis {
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    g.test_clear_board();
    g.test_turn(f, &[DieResult::Strategy, DieResult::Deployment], 2);
    let cards: Vec<CardId> = hand.iter().map(|c| card(c)).collect();
    g.test_hand(f, &cards);
    g.test_hand(f.other(), &[]);
    g
}

fn play(g: &mut Arrakis, f: Faction, acts: &[Action]) -> Vec<Event> {
    let mut ev = Vec::new();
    for x in acts {
        g.apply(seat(f), x, &mut ev)
            .unwrap_or_else(|e| panic!("{x:?} refused: {e} at {:?}", g.prompt()));
    }
    ev
}

fn legal(g: &Arrakis, f: Faction) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(seat(f), &mut v);
    v
}

fn units(g: &Arrakis, f: Faction, area: &str) -> [u8; 3] {
    g.areas[a(area).index()].units[f.index()]
}

#[test]
fn any_die_plays_a_card_and_it_is_discarded_after_its_effect() {
    // AR-ACT-12, AR-ACT-13
    let mut g = game(H, &["forced_recruitment"]);
    g.test_turn(H, &[DieResult::Mentat, DieResult::Deployment], 2);
    let c = card("forced_recruitment");
    assert!(legal(&g, H).contains(&Action::PlayCard(c, DieResult::Mentat)));
    let ev = play(&mut g, H, &[Action::PlayCard(c, DieResult::Mentat)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CardPlayed { card, .. } if *card == c))
    );
    assert!(g.house(H).hand.is_empty());
    // Not yet on the discard pile while it resolves.
    assert!(!g.house(H).discard.contains(&c));
    play(&mut g, H, &[Action::DeployAt(a("arrakeen"))]);
    assert_eq!(units(&g, H, "arrakeen"), [0, 3, 0]);
    play(&mut g, H, &[Action::DeployLeader(None)]);
    assert_eq!(g.areas[a("arrakeen").index()].generic[H.index()], 1);
    assert!(g.house(H).discard.contains(&c));
    assert_eq!(g.house(H).dice.iter().filter(|d| d.spent).count(), 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn a_card_without_a_written_effect_or_a_die_is_refused() {
    // AR-ACT-12: Hawat's Scheming is not played with a die; no die, no play.
    let g = game(H, &["hawats_scheming", "forced_recruitment"]);
    assert_refused(
        &g,
        seat(H),
        &Action::PlayCard(card("hawats_scheming"), DieResult::Strategy),
    );
    assert_refused(
        &g,
        seat(H),
        &Action::PlayCard(card("forced_recruitment"), DieResult::Mentat),
    );
    // A card not in hand.
    assert_refused(
        &g,
        seat(H),
        &Action::PlayCard(card("sandmasters"), DieResult::Strategy),
    );
}

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
    assert_eq!(g.areas[first.index()].units[H.index()], [1, 0, 0]);
    let on_board: u8 = g.areas.iter().map(|s| s.units[H.index()][0]).sum();
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
    assert_eq!(g.test_leader(leader("feyd_rautha")), LeaderAt::SetAside);
    assert_eq!(g.test_leader(leader("beast_rabban")), LeaderAt::Removed);
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
        g.test_leader(leader("feyd_rautha")),
        LeaderAt::Board(a("arrakeen"))
    );
    assert_eq!(g.house(H).discard.len(), 2);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn beloved_feyd_rautha_alternative_when_he_is_in_play() {
    let mut g = game(H, &["beloved_feyd_rautha"]);
    g.test_put(H, a("carthag"), [1, 0, 0], 0);
    g.test_place_leader(leader("feyd_rautha"), a("carthag"));
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
fn the_voice_makes_the_opponent_discard_their_pick() {
    let mut g = game(A, &["the_voice"]);
    g.test_hand(H, &[card("sandmasters"), card("forced_recruitment")]);
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
    assert_eq!(g.house(H).hand, vec![card("forced_recruitment")]);
    assert!(g.house(H).discard.contains(&card("sandmasters")));
    // The follow-up play: nothing playable in hand, so the turn passes.
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn war_plan_adds_a_die_every_round() {
    let mut g = game(A, &["war_plan"]);
    g.test_put(A, a("s1_3"), [2, 0, 0], 0);
    let target = board().passable[a("s1_3").index()].iter().next().unwrap();
    g.test_put(H, target, [1, 0, 0], 0);
    g.test_load_dice(&[3, 3, 3, 3, 3, 3]);
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
fn hunter_seeker_only_reaches_a_sector_with_a_harkonnen_legion() {
    let mut g = game(H, &["hunter_seeker"]);
    let b = board();
    g.test_put(A, a("s1_3"), [1, 0, 0], 0);
    g.test_place_leader(leader("stilgar"), a("s1_3"));
    // A far sector holds Paul.
    let far = (0..b.areas.len() as u8)
        .map(AreaId)
        .find(|x| {
            b.area(*x).sector != b.area(a("s1_3")).sector
                && b.area(*x).sector != b.area(a("carthag")).sector
        })
        .unwrap();
    g.test_put(A, far, [1, 0, 0], 0);
    g.test_place_leader(leader("paul_atreides"), far);
    let same_sector = (0..b.areas.len() as u8)
        .map(AreaId)
        .find(|x| *x != a("s1_3") && b.area(*x).sector == b.area(a("s1_3")).sector)
        .unwrap();
    g.test_put(H, same_sector, [1, 0, 0], 0);
    play(
        &mut g,
        H,
        &[Action::PlayCard(card("hunter_seeker"), DieResult::Strategy)],
    );
    assert_refused(&g, seat(H), &Action::PickLeader(leader("paul_atreides")));
    play(&mut g, H, &[Action::PickLeader(leader("stilgar"))]);
    assert_eq!(g.test_leader(leader("stilgar")), LeaderAt::Tank(0));
    assert_eq!(g.areas[a("s1_3").index()].named, 0);
}

// ---- House Atreides and Fremen cards (cards_prescience.rs) ----

fn play_card(g: &mut Arrakis, f: Faction, c: &str) -> Vec<Event> {
    play(g, f, &[Action::PlayCard(card(c), DieResult::Strategy)])
}

#[test]
fn smugglers_a_alternative_places_wormsigns_then_moves_gurney() {
    // AR-ACT-17, AR-DP-07: with Gurney in play, 2 wormsigns, then his
    // legion moves.
    let mut g = game(A, &["smugglers_a"]);
    g.test_put(A, a("s1_1"), [1, 0, 0], 0);
    g.test_place_leader(leader("gurney_halleck"), a("s1_1"));
    play_card(&mut g, A, "smugglers_a");
    assert!(legal(&g, A).contains(&Action::WormsignAt(a("s2_1"))));
    // Never on a sietch (AR-DP-07).
    assert_refused(&g, seat(A), &Action::WormsignAt(a("sihaya_ridge")));
    play(
        &mut g,
        A,
        &[Action::WormsignAt(a("s2_1")), Action::WormsignAt(a("s2_2"))],
    );
    assert!(g.areas[a("s2_1").index()].wormsign.is_some());
    assert!(g.areas[a("s2_2").index()].wormsign.is_some());
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
        g.test_leader(leader("gurney_halleck")),
        LeaderAt::Board(a("s1_2"))
    );
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn smugglers_a_alternative_partly_used() {
    let mut g = game(A, &["smugglers_a"]);
    g.test_put(A, a("s1_1"), [1, 0, 0], 0);
    g.test_place_leader(leader("gurney_halleck"), a("s1_1"));
    play_card(&mut g, A, "smugglers_a");
    play(&mut g, A, &[Action::WormsignAt(a("s2_1")), Action::Done]);
    assert!(matches!(g.prompt(), Prompt::Move(_)));
    // Another legion may not move.
    g.test_put(A, a("s3_1"), [1, 0, 0], 0);
    assert_refused(&g, seat(A), &Action::Legion(a("s3_1")));
}

#[test]
fn smugglers_c_alternative_removes_vehicles_near_gurney() {
    let b = board();
    let mut g = game(A, &["smugglers_c"]);
    g.test_put(A, a("s1_1"), [1, 0, 0], 0);
    g.test_place_leader(leader("gurney_halleck"), a("s1_1"));
    g.areas[a("s1_5").index()].harvester = true;
    g.areas[a("s3_1").index()].harvester = true;
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
    g.zones[z] = Some(melange::rules::arrakis::Vehicle::Ornithopter);
    g.zones[far] = Some(melange::rules::arrakis::Vehicle::Carryall);
    play_card(&mut g, A, "smugglers_c");
    // Not in another sector.
    assert_refused(&g, seat(A), &Action::PickArea(a("s3_1")));
    assert_refused(&g, seat(A), &Action::PickZone(zone(far)));
    let ev = play(
        &mut g,
        A,
        &[Action::PickArea(a("s1_5")), Action::PickZone(zone(z))],
    );
    assert!(ev.contains(&Event::VehicleRemoved { zone: zone(z) }));
    assert!(!g.areas[a("s1_5").index()].harvester);
    assert!(g.zones[z].is_none());
    assert!(g.areas[a("s3_1").index()].harvester);
    assert!(g.zones[far].is_some());
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
    let (first, none) = g.test_objectives();
    assert_eq!(none, None);
    let ev = play_card(&mut g, A, "tested_with_the_gom_jabbar");
    assert!(ev.is_empty() || legal(&g, A).contains(&Action::Resolve));
    let ev = play(&mut g, A, &[Action::Resolve]);
    let (_, second) = g.test_objectives();
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
    g.prescience = targets;
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
    g2.test_turn(A, &[DieResult::Strategy], 1);
    g2.test_hand(A, &[card("tested_with_the_gom_jabbar")]);
    play_card(&mut g2, A, "tested_with_the_gom_jabbar");
    assert_refused(&g2, seat(A), &Action::Resolve);
}

#[test]
fn truthtrance_forces_the_harkonnen_die() {
    let mut g = game(A, &["truthtrance"]);
    g.test_turn(A, &[DieResult::Strategy, DieResult::Deployment], 0);
    let mk = |r| melange::rules::arrakis::Die {
        result: r,
        spent: false,
        token: false,
    };
    g.houses[H.index()].dice = vec![mk(DieResult::Strategy), mk(DieResult::Mentat)];
    g.houses[H.index()].dice.push(melange::rules::arrakis::Die {
        result: DieResult::House,
        spent: true,
        token: false,
    });
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
    assert_eq!(g.forced_die, Some(DieResult::Mentat));
    let first = legal(&g, H)[0];
    play(&mut g, H, &[first]);
    assert_eq!(g.forced_die, None);
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
    g.revealed = vec![0, 1];
    let mut g0 = g.clone();
    // Cards 0 and 1 are out of the deck; keep them out.
    g0.revealed.clear();
    play_card(&mut g, A, "adab_the_demanding_memory");
    assert_refused(&g, seat(A), &Action::PickSlot(2));
    let ev = play(&mut g, A, &[Action::PickSlot(1)]);
    assert!(ev.contains(&Event::PrescienceRemoved { card: 1 }));
    assert_eq!(g.revealed.len(), 2);
    assert_eq!(g.revealed[0], 0);
    assert_ne!(g.revealed[1], 1);
    // Then play_card, with nothing playable left in hand: the card ends.
    play(&mut g, A, &[Action::PickSlot(0), Action::Done]);
    assert!(!g.revealed.contains(&0) && !g.revealed.contains(&1));
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn alam_al_mithal_shifts_steps_between_markers() {
    use melange::rules::arrakis::Marker;
    let mut g = game(A, &["alam_al_mithal"]);
    g.prescience = [3, 1, 0];
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
    assert_eq!(g.prescience, [1, 1, 2]);
    // Then draw 2.
    assert!(legal(&g, A).contains(&Action::DrawFrom(
        melange::rules::arrakis::Deck::HouseAtreides
    )));
}

#[test]
fn our_family_atomics_detonates_from_step_4() {
    let t = board().family_atomics_targets[0];
    let mut g = game(A, &["our_family_atomics"]);
    g.prescience = [3, 3, 3];
    let mut low = g.clone();
    play_card(&mut low, A, "our_family_atomics");
    assert_refused(&low, seat(A), &Action::Atomics(t));
    g.prescience = [0, 4, 0];
    play_card(&mut g, A, "our_family_atomics");
    play(&mut g, A, &[Action::Atomics(t)]);
    assert!(g.atomics_used);
    assert_eq!(g.atomics_area, Some(t));
}

#[test]
fn our_family_atomics_alternative_gives_two_desert_powers() {
    let mut g = game(A, &["our_family_atomics"]);
    g.atomics_used = true;
    play_card(&mut g, A, "our_family_atomics");
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
    play(&mut g, A, &[Action::WormsignAt(a("s2_1")), Action::Done]);
    // A Done in the Wormsigns prompt ends that Desert Power; the second
    // begins.
    assert!(matches!(g.prompt(), Prompt::Wormsigns(2)));
    play(&mut g, A, &[Action::WormsignAt(a("s2_2")), Action::Done]);
    assert!(g.areas[a("s2_2").index()].wormsign.is_some());
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn bill_of_particulars_drops_a_marker_without_a_ban() {
    use melange::rules::arrakis::ImperiumMarker;
    let bottom = data().tables.spice_must_flow.rows.len() as u8;
    let mut g = game(A, &["bill_of_particulars"]);
    g.test_imperium([bottom - 1, bottom, 1], [false; 3]);
    play_card(&mut g, A, "bill_of_particulars");
    // Already at the bottom.
    assert_refused(
        &g,
        seat(A),
        &Action::PickImperium(ImperiumMarker::SpacingGuild),
    );
    play(&mut g, A, &[Action::PickImperium(ImperiumMarker::Choam)]);
    assert_eq!(g.imperium[0], bottom);
    assert!(!g.bans[0]);
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
    g.test_put(H, a("s1_1"), [1, 0, 0], 0);
    let before = g.areas[a("sihaya_ridge").index()].tokens.len();
    play_card(&mut g, A, "cielagos_piping_message");
    assert_refused(&g, seat(A), &Action::PickArea(a("habbanya_ridge")));
    play(&mut g, A, &[Action::PickArea(a("sihaya_ridge"))]);
    assert_eq!(g.areas[a("sihaya_ridge").index()].tokens.len(), before + 1);
    // Then draw 1.
    assert!(legal(&g, A).contains(&Action::DrawFrom(melange::rules::arrakis::Deck::FremenAlly)));
}

#[test]
fn stillsuits_moves_in_desert_then_swaps_sietch_tokens() {
    let mut g = game(A, &["stillsuits"]);
    g.test_put(A, a("s1_1"), [1, 0, 0], 0);
    // The board was cleared: one sietch gets tokens back.
    g.areas[a("sihaya_ridge").index()].tokens = vec![0, 1];
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
    let x = g.areas[a("sihaya_ridge").index()].tokens.clone();
    play(&mut g, A, &[Action::PickArea(a("sihaya_ridge"))]);
    // Not the same sietch; not a plain area.
    assert_refused(&g, seat(A), &Action::PickArea(a("sihaya_ridge")));
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_2")));
    play(&mut g, A, &[Action::PickArea(a("habbanya_ridge"))]);
    assert!(g.areas[a("sihaya_ridge").index()].tokens.is_empty());
    assert_eq!(g.areas[a("habbanya_ridge").index()].tokens, x);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn kitab_al_ibar_relocates_a_sietch_with_its_figures() {
    let mut g = game(A, &["kitab_al_ibar"]);
    g.test_put(A, a("sihaya_ridge"), [1, 1, 0], 1);
    g.test_place_leader(leader("stilgar"), a("sihaya_ridge"));
    let tokens = g.areas[a("sihaya_ridge").index()].tokens.clone();
    let sietch = g.areas[a("sihaya_ridge").index()].sietch;
    g.test_put(H, a("s1_2"), [1, 0, 0], 0);
    play_card(&mut g, A, "kitab_al_ibar");
    play(&mut g, A, &[Action::PickArea(a("sihaya_ridge"))]);
    // Not an occupied area, not a non-bordering one.
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_2")));
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_1")));
    play(&mut g, A, &[Action::PickArea(a("s1_6"))]);
    let s = &g.areas[a("s1_6").index()];
    assert_eq!(s.units[A.index()], [1, 1, 0]);
    assert_eq!(s.generic[A.index()], 1);
    assert_eq!(s.tokens, tokens);
    assert_eq!(s.sietch, sietch);
    assert_eq!(g.test_leader(leader("stilgar")), LeaderAt::Board(a("s1_6")));
    let old = &g.areas[a("sihaya_ridge").index()];
    assert!(old.sietch.is_none() && old.tokens.is_empty());
}

#[test]
fn sandtides_pushes_an_enemy_legion_out_of_the_desert() {
    let mut g = game(A, &["sandtides"]);
    g.test_put(H, a("s1_1"), [2, 0, 0], 1);
    g.test_put(H, a("carthag"), [1, 0, 0], 0);
    g.test_put(A, a("s1_3"), [1, 0, 0], 0);
    play_card(&mut g, A, "sandtides");
    // Carthag is no desert.
    assert_refused(&g, seat(A), &Action::PickArea(a("carthag")));
    play(&mut g, A, &[Action::PickArea(a("s1_1"))]);
    // Not into an occupied area.
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_3")));
    play(&mut g, A, &[Action::PickArea(a("s1_2"))]);
    assert_eq!(units(&g, H, "s1_2"), [2, 0, 0]);
    assert_eq!(g.areas[a("s1_2").index()].generic[H.index()], 1);
    assert_eq!(units(&g, H, "s1_1"), [0, 0, 0]);
    // Then Desert Power.
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
}

#[test]
fn fear_is_the_mind_killer_adds_two_steps_when_the_card_is_claimed() {
    use melange::rules::arrakis::Marker;
    let mut g = game(A, &["fear_is_the_mind_killer"]);
    // Card 0: spend a die, no condition, Kwisatz Haderach +1, Sand
    // Dwellers +1.
    g.revealed = vec![0, 1];
    play_card(&mut g, A, "fear_is_the_mind_killer");
    assert_refused(&g, seat(A), &Action::PickSlot(2));
    play(
        &mut g,
        A,
        &[Action::PickSlot(0), Action::PickMarker(Marker::Jihad)],
    );
    assert_eq!(g.fear, Some((0, Marker::Jihad)));
    assert!(
        g.house(A)
            .discard
            .contains(&card("fear_is_the_mind_killer"))
    );
    g.test_turn(A, &[DieResult::Strategy], 1);
    play(&mut g, A, &[Action::ClaimSpending(0, DieResult::Strategy)]);
    assert_eq!(g.prescience, [1, 1, 2]);
    assert_eq!(g.fear, None);
}

#[test]
fn fear_is_the_mind_killer_partly_used_attaches_nothing() {
    let mut g = game(A, &["fear_is_the_mind_killer"]);
    g.revealed = vec![0];
    play_card(&mut g, A, "fear_is_the_mind_killer");
    play(&mut g, A, &[Action::PickSlot(0), Action::Done]);
    assert_eq!(g.fear, None);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn eyes_of_ibad_keep_a_card_revealed_until_claimed() {
    let mut g = game(A, &["eyes_of_ibad", "adab_the_demanding_memory"]);
    g.revealed = vec![0, 1, 2];
    play_card(&mut g, A, "eyes_of_ibad");
    play(&mut g, A, &[Action::PickSlot(1)]);
    assert_eq!(g.ibad, Some(1));
    // Adab cannot remove it.
    g.test_turn(A, &[DieResult::Strategy], 1);
    play_card(&mut g, A, "adab_the_demanding_memory");
    assert_refused(&g, seat(A), &Action::PickSlot(1));
    play(&mut g, A, &[Action::Done]);
    // End of round: unclaimed cards go, the attached one stays, and 3 new
    // ones join it.
    g.test_set_prompt(Prompt::Unclaimed);
    play(&mut g, A, &[Action::RemoveUnclaimed]);
    assert_eq!(g.revealed.len(), 4);
    assert_eq!(g.revealed[0], 1);
    assert_eq!(g.ibad, Some(1));
}

#[test]
fn shai_hulud_brings_the_wild_maker_in_spent() {
    use melange::rules::arrakis::Worm;
    let mut g = game(A, &["shai_hulud"]);
    g.test_put(H, a("s1_2"), [1, 0, 0], 0);
    let wm = leader("wild_maker");
    play_card(&mut g, A, "shai_hulud");
    // Only an empty desert area (AR-LEADER-27).
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_2")));
    assert_refused(&g, seat(A), &Action::PickArea(a("carthag")));
    assert_refused(&g, seat(A), &Action::PickArea(a("sihaya_ridge")));
    play(&mut g, A, &[Action::PickArea(a("s1_1"))]);
    assert_eq!(g.areas[a("s1_1").index()].worm, Some(Worm::WildMaker));
    assert_eq!(g.test_leader(wm), LeaderAt::SetAside);
    assert!(g.spent_leaders & (1 << wm.0) != 0);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn shai_hulud_alternative_moves_and_attacks_with_six_dice() {
    use melange::rules::arrakis::Worm;
    let mut g = game(A, &["shai_hulud"]);
    let wm = leader("wild_maker");
    g.test_set_leader(wm, LeaderAt::SetAside);
    g.areas[a("s1_1").index()].worm = Some(Worm::WildMaker);
    g.test_put(H, a("s1_11"), [4, 0, 0], 0);
    let worms_off = g.worms_off;
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
        g.test_load_dice(&[0, 0, 0, 0, 0, 0]);
        play(&mut g, A, &[Action::WormAttack(to, a("s1_11"))]);
        assert_eq!(units(&g, H, "s1_11"), [0, 0, 0]);
        // It leaves the board; the ordinary sandworms are untouched.
        assert!(g.areas.iter().all(|s| s.worm.is_none()));
        assert_eq!(g.worms_off, worms_off);
    }
}

/// Whether a sandworm in `from` could attack `target` (test helper: a
/// reach of 2 areas through desert).
fn legal_after_move(g: &Arrakis, from: AreaId, target: AreaId) -> bool {
    let b = board();
    let near = |x: AreaId| b.passable[x.index()].union(b.impassable[x.index()]);
    near(from).contains(target)
        || near(from).iter().any(|m| {
            g.areas[m.index()].worm.is_none()
                && near(m).contains(target)
                && b.area(m).terrain == melange::rules::arrakis::board::Terrain::Desert
        })
}

#[test]
fn shai_hulud_alternative_brings_the_figure_back_first() {
    use melange::rules::arrakis::Worm;
    let mut g = game(A, &["shai_hulud"]);
    g.test_set_leader(leader("wild_maker"), LeaderAt::SetAside);
    g.test_put(H, a("s1_2"), [1, 0, 0], 0);
    play_card(&mut g, A, "shai_hulud");
    assert_refused(&g, seat(A), &Action::PickArea(a("s1_2")));
    play(&mut g, A, &[Action::PickArea(a("s1_1"))]);
    assert_eq!(g.areas[a("s1_1").index()].worm, Some(Worm::WildMaker));
    // Partial use: it stays without attacking.
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.areas[a("s1_1").index()].worm, Some(Worm::WildMaker));
    assert_eq!(units(&g, H, "s1_2"), [1, 0, 0]);
}
