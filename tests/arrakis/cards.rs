//! Planning cards played for their effect (AR-ACT-12, AR-ACT-13, AR-ACT-17),
//! one test per card on the real board, with partial use and refusals.
//! Combat faces (data): 0-2 Hit, 3-4 Shield, 5 Special.
use super::common::*;
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, ArrakisOptions, BattleStep, ByFaction, CardId, DieResult, Event,
    Faction, LeaderAt, Prompt, UnitKind, board,
};
use melange::rules::core::Ruleset;
use melange::rules::core::conformance::assert_refused;

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

fn units(g: &Arrakis, f: Faction, area: &str) -> melange::rules::arrakis::Units {
    g.areas[a(area).index()].units[f]
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
    assert_eq!(g.areas[a("arrakeen").index()].generic[H], 1);
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
    assert_eq!(g.areas[first.index()].units[H], [1, 0, 0]);
    let on_board: u8 = g.areas.iter().map(|s| s.units[H].regular).sum();
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
    // The follow-up play: the Atreides hand is empty, which everyone
    // knows, so the turn passes.
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

#[test]
fn voice_from_the_outer_world_means_paul_muad_dib_too() {
    // AR-LEADER-18: a card naming Paul applies to Paul-Muad'Dib.
    let mut g = game(A, &["voice_from_the_outer_world"]);
    g.test_set_leader(leader("paul_atreides"), LeaderAt::Removed);
    g.test_set_leader(leader("paul_muad_dib"), LeaderAt::SetAside);
    g.test_put(A, a("s1_3"), [1, 0, 0], 0);
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
        g.test_leader(leader("paul_muad_dib")),
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
fn a_card_deploying_over_the_stacking_limit_lets_the_owner_pick_the_excess() {
    // AR-MOVE-08: 5 regulars + 3 elites in Arrakeen; the Harkonnen pick
    // which 2 units go, then the card goes on to its leader.
    let mut g = game(H, &["forced_recruitment"]);
    g.test_put(H, a("arrakeen"), [5, 0, 0], 0);
    play(
        &mut g,
        H,
        &[
            Action::PlayCard(card("forced_recruitment"), DieResult::Strategy),
            Action::DeployAt(a("arrakeen")),
        ],
    );
    assert!(matches!(g.prompt(), Prompt::Excess(..)));
    let kinds = melange::rules::arrakis::UnitKind::ALL;
    assert_refused(&g, seat(H), &Action::LoseUnit(kinds[2]));
    play(
        &mut g,
        H,
        &[Action::LoseUnit(kinds[1]), Action::LoseUnit(kinds[0])],
    );
    assert_eq!(units(&g, H, "arrakeen"), [4, 2, 0]);
    assert!(matches!(g.prompt(), Prompt::Card(..)));
    play(&mut g, H, &[Action::DeployLeader(None)]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

// ---- Harkonnen, Corrino and force cards -------------------------------

use melange::rules::arrakis::{AirZoneId, Die, SectorId, Vehicle, Worm, Wormsign};

fn all_areas() -> impl Iterator<Item = AreaId> {
    (0..board().areas.len() as u8).map(AreaId)
}

fn borders(x: AreaId, y: AreaId) -> bool {
    board().touches(x, y)
}

/// Plays `c` of `f` with the Strategy die.
fn start(g: &mut Arrakis, f: Faction, c: &str) {
    play(g, f, &[Action::PlayCard(card(c), DieResult::Strategy)]);
}

/// The empty desert areas bordering `x`, in board order.
fn empty_desert_around(g: &Arrakis, x: AreaId) -> Vec<AreaId> {
    all_areas()
        .filter(|y| borders(x, *y) && empty_desert(g, *y))
        .collect()
}

fn empty_desert(g: &Arrakis, x: AreaId) -> bool {
    let b = board();
    let s = &g.areas[x.index()];
    b.desert.contains(x)
        && s.units == ByFaction::default()
        && s.tokens.is_empty()
        && s.sietch.is_none()
        && !s.settlement
        && !s.harvester
        && s.wormsign.is_none()
        && s.worm.is_none()
        && s.generic == ByFaction::default()
        && s.named == 0
}

#[test]
fn polar_cap_factories_deploys_and_clears_wormsigns_around_the_north_pole() {
    let mut g = game(H, &["polar_cap_factories"]);
    let np = a("north_pole");
    let near = all_areas().find(|x| borders(np, *x)).unwrap();
    let far = all_areas()
        .find(|x| *x != np && !borders(np, *x) && board().desert.contains(*x))
        .unwrap();
    g.areas[near.index()].wormsign = Some(Wormsign::Sand);
    g.areas[far.index()].wormsign = Some(Wormsign::Sand);
    start(&mut g, H, "polar_cap_factories");
    play(
        &mut g,
        H,
        &[Action::DeployAt(np), Action::DeployLeader(None)],
    );
    assert_eq!(units(&g, H, "north_pole"), [2, 1, 0]);
    assert_eq!(g.areas[np.index()].generic[H], 1);
    let ev = play(&mut g, H, &[Action::Resolve]);
    assert!(ev.contains(&Event::WormsignRemoved { area: near }));
    assert_eq!(g.areas[near.index()].wormsign, None);
    assert_eq!(g.areas[far.index()].wormsign, Some(Wormsign::Sand));
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
        g.areas[x.index()].wormsign = Some(Wormsign::Sandworm);
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
        .filter(|x| g.areas[x.index()].wormsign.is_some())
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
    g.test_put(H, own, [1, 0, 0], 0);
    g.test_put(A, target, [4, 0, 0], 1);
    g.test_put(A, far, [2, 0, 0], 0);
    start(&mut g, H, "explosive_artillery");
    // Skip the move (AR-ACT-17).
    play(&mut g, H, &[Action::Done]);
    assert_refused(&g, seat(H), &Action::PickArea(far));
    g.test_load_dice(&[0, 5, 3, 1]);
    let ev = play(&mut g, H, &[Action::PickArea(target)]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::CombatRoll {
            dice: 4,
            hits: 3,
            ..
        }
    )));
    assert_eq!(g.areas[target.index()].units[A], [1, 0, 0]);
    assert_eq!(g.areas[target.index()].generic[A], 1);
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
    g.houses[A].bene_gesserit = data().tables.bene_gesserit.total;
    g.houses[H].bene_gesserit = 0;
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
    g.test_put(H, a("carthag"), [2, 1, 0], 1);
    g.test_put(H, far, [1, 0, 0], 0);
    g.test_put(H, full, [4, 0, 0], 0);
    g.test_put(H, a("s2_1"), [1, 0, 0], 0);
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
    assert_eq!(g.areas[far.index()].units[H], [3, 1, 0]);
    assert_eq!(g.areas[far.index()].generic[H], 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn hope_clouds_observation_shuffles_a_revealed_card_back() {
    let mut g = game(H, &["hope_clouds_observation"]);
    g.revealed = vec![3, 5];
    start(&mut g, H, "hope_clouds_observation");
    assert_refused(&g, seat(H), &Action::PickSlot(2));
    let ev = play(&mut g, H, &[Action::PickSlot(1)]);
    assert!(ev.contains(&Event::PrescienceReturned { card: 5 }));
    assert_eq!(g.revealed, vec![3]);
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
    g.houses[A].dice = vec![
        die(DieResult::House, true, false),
        die(DieResult::House, false, false),
        die(DieResult::Strategy, false, false),
    ];
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
    g.houses[A].dice = vec![die(DieResult::House, true, false)];
    start(&mut g, H, "reports_of_traitors");
    assert_eq!(g.house(A).dice.len(), 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn spies_all_over_arrakis_reveals_one_area_then_draws() {
    let mut g = game(H, &["spies_all_over_arrakis"]);
    let site = board().sietch_sites.iter().next().unwrap();
    g.areas[site.index()].tokens.push(0);
    start(&mut g, H, "spies_all_over_arrakis");
    assert_refused(&g, seat(H), &Action::Reveal(a("carthag")));
    let ev = play(&mut g, H, &[Action::Reveal(site)]);
    assert!(ev.iter().any(|e| matches!(e, Event::SietchRevealed { .. })));
    assert!(ev.contains(&Event::TokensRevealed { area: site }));
    let s = &g.areas[site.index()];
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
    g.test_turn(
        H,
        &[
            DieResult::Strategy,
            DieResult::Strategy,
            DieResult::Strategy,
        ],
        2,
    );
    let paul_at = a("s1_3");
    let other = a("s2_1");
    g.test_put(A, paul_at, [2, 0, 0], 0);
    g.test_place_leader(leader("paul_atreides"), paul_at);
    g.test_put(A, other, [1, 0, 0], 0);
    g.test_put(H, a("carthag"), [1, 0, 0], 0);
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
    g.test_turn(H, &[DieResult::Strategy, DieResult::Strategy], 2);
    g.houses[A].dice[0].result = DieResult::Deployment;
    g.test_put(H, a("carthag"), [1, 0, 0], 0);
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
    g.test_set_leader(leader("paul_atreides"), LeaderAt::NotInPlay);
    start(&mut g, H, "seek_out_the_mahdi");
    assert_eq!(g.prompt(), Prompt::Turn(A));
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
    g.test_put(H, desert, [3, 0, 0], 0);
    g.test_put(H, mountain, [3, 0, 0], 0);
    start(&mut g, A, "grandmother_of_a_storm");
    let dice = data().tables.hazards.storm_dice;
    g.test_load_dice(&vec![0; usize::from(dice)]);
    play(&mut g, A, &[Action::Resolve]);
    assert_eq!(g.areas[desert.index()].units[H].regular, 3 - dice);
    assert_eq!(g.areas[mountain.index()].units[H], [3, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

/// A sector, an area of it, and an Air zone between it and another.
fn sector_setup() -> (SectorId, AreaId, AreaId, AirZoneId) {
    let b = board();
    let s = SectorId(0);
    let areas: Vec<AreaId> = b.sectors[0]
        .areas
        .iter()
        .filter(|x| b.desert.contains(*x))
        .collect();
    let z = (0..b.air_zones.len() as u8)
        .map(AirZoneId)
        .find(|z| b.air_zones[z.index()].sectors.contains(&s))
        .unwrap();
    (s, areas[0], areas[1], z)
}

#[test]
fn fremen_rockets_remove_picked_vehicles_of_one_sector() {
    let (s, own, harv, z) = sector_setup();
    let mut g = game(A, &["fremen_rockets"]);
    g.test_put(A, own, [1, 0, 0], 0);
    g.areas[harv.index()].harvester = true;
    g.zones[z.index()] = Some(Vehicle::Carryall);
    start(&mut g, A, "fremen_rockets");
    // A sector without an Atreides legion is refused.
    assert_refused(&g, seat(A), &Action::PickSector(SectorId(5)));
    g.test_load_dice(&[0, 5, 3]);
    play(&mut g, A, &[Action::PickSector(s), Action::PickZone(z)]);
    assert_eq!(g.zones[z.index()], None);
    play(&mut g, A, &[Action::PickArea(harv)]);
    assert!(!g.areas[harv.index()].harvester);
    assert_eq!(g.prompt(), Prompt::Turn(H));

    // One hit: only one vehicle goes.
    let mut g = game(A, &["fremen_rockets"]);
    g.test_put(A, own, [1, 0, 0], 0);
    g.areas[harv.index()].harvester = true;
    g.zones[z.index()] = Some(Vehicle::Ornithopter);
    start(&mut g, A, "fremen_rockets");
    g.test_load_dice(&[0, 3, 4]);
    play(&mut g, A, &[Action::PickSector(s), Action::PickArea(harv)]);
    assert_eq!(g.zones[z.index()], Some(Vehicle::Ornithopter));
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
    g.test_put(H, target, [3, 0, 0], 0);
    g.zones[z.index()] = Some(Vehicle::Ornithopter);
    g.zones[1] = Some(Vehicle::Carryall);
    start(&mut g, A, "captured_ornithopter");
    // A carryall is not an ornithopter.
    assert_refused(&g, seat(A), &Action::PickZone(AirZoneId(1)));
    play(&mut g, A, &[Action::PickZone(z)]);
    assert_eq!(g.zones[z.index()], None);
    g.test_load_dice(&[0, 5, 4]);
    play(&mut g, A, &[Action::PickArea(target)]);
    assert_eq!(g.areas[target.index()].units[H], [1, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn thumpers_call_sandworms_next_to_atreides_legions() {
    // AR-HAZ-14: within the number of sandworm figures.
    let mut g = game(A, &["thumpers"]);
    let own = a("s1_3");
    g.test_put(A, own, [1, 0, 0], 0);
    let near = empty_desert_around(&g, own);
    let far = all_areas()
        .find(|x| empty_desert(&g, *x) && !borders(own, *x))
        .unwrap();
    let off = g.worms_off;
    start(&mut g, A, "thumpers");
    assert_refused(&g, seat(A), &Action::PickArea(far));
    play(&mut g, A, &[Action::PickArea(near[0]), Action::Done]);
    assert_eq!(g.areas[near[0].index()].worm, Some(Worm::Normal));
    assert_eq!(g.worms_off, off - 1);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn wall_of_sandworms_grows_from_a_sandworm_then_desert_power() {
    let mut g = game(A, &["wall_of_sandworms"]);
    let w = all_areas().find(|x| empty_desert(&g, *x)).unwrap();
    g.areas[w.index()].worm = Some(Worm::Normal);
    g.worms_off -= 1;
    let next = all_areas()
        .find(|x| borders(w, *x) && empty_desert(&g, *x))
        .unwrap();
    let far = all_areas()
        .find(|x| *x != w && !borders(w, *x) && empty_desert(&g, *x))
        .unwrap();
    start(&mut g, A, "wall_of_sandworms");
    assert_refused(&g, seat(A), &Action::PickArea(far));
    play(&mut g, A, &[Action::PickArea(next)]);
    assert_eq!(g.areas[next.index()].worm, Some(Worm::Normal));
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
        g.areas[x.index()].harvester = true;
    }
    start(&mut g, A, "dust_chasms");
    play(&mut g, A, &[Action::PickArea(h1)]);
    // Both in one sector.
    assert_refused(&g, seat(A), &Action::PickArea(other));
    play(&mut g, A, &[Action::PickArea(h2)]);
    assert!(!g.areas[h1.index()].harvester && !g.areas[h2.index()].harvester);
    assert!(g.areas[other.index()].harvester);
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
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
    assert!(ev.contains(&Event::VehicleRemoved {
        vehicle: melange::rules::arrakis::Vehicle::Ornithopter,
        zone: zone(z)
    }));
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
    g.houses[H].dice = vec![mk(DieResult::Strategy), mk(DieResult::Mentat)];
    g.houses[H].dice.push(melange::rules::arrakis::Die {
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
    // Then play_card, with nothing left in hand (a public fact): the card
    // ends.
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
    assert_eq!(s.units[A], [1, 1, 0]);
    assert_eq!(s.generic[A], 1);
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
    assert_eq!(g.areas[a("s1_2").index()].generic[H], 1);
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
    assert_eq!(g.prescience, [2, 0, 2]);
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
    assert_eq!(
        g.test_leader(leader("gurney_halleck")),
        LeaderAt::Board(spot)
    );
    assert_eq!(g.areas[spot.index()].units[A], [0, 2, 0]);
}

#[test]
fn usul_grants_desert_power_whatever_the_dice() {
    // AR-DP-05: the Atreides hold more unused dice than the Harkonnen, so
    // Desert Power as an action is refused (AR-DP-04), but the card grants
    // it.
    let mut g = game(A, &["usul_the_base_of_the_pillar"]);
    g.test_turn(
        A,
        &[
            DieResult::Strategy,
            DieResult::Mentat,
            DieResult::Deployment,
        ],
        1,
    );
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
    assert!(g.areas[spot.index()].wormsign.is_some());
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
        g.areas[w.index()].worm = Some(Worm::Normal);
        g.worms_off -= 1;
    }
    assert_eq!(g.worms_off, 0);
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
        g.areas.iter().filter(|s| s.worm.is_some()).count(),
        5,
        "4 sandworms and the Wild Maker"
    );
    // A sixth may not come, whatever brings it.
    g.test_turn(A, &[DieResult::Strategy, DieResult::Deployment], 2);
    g.test_put(A, a("s1_3"), [1, 0, 0], 0);
    play_card(&mut g, A, "thumpers");
    assert!(
        !legal(&g, A)
            .iter()
            .any(|x| matches!(x, Action::PickArea(_)))
    );
}

#[test]
fn a_cards_special_attack_lets_the_atreides_pick_their_casualty() {
    // AR-COMBAT-20: no regular, an elite and a Fedaykin: the Atreides pick
    // which one the hit replaces; then the card ends.
    let mut g = game(H, &["explosive_artillery"]);
    let own = a("s1_3");
    let target = all_areas()
        .find(|x| borders(own, *x) && board().desert.contains(*x))
        .unwrap();
    g.test_put(H, own, [1, 0, 0], 0);
    g.test_put(A, target, [0, 1, 1], 0);
    start(&mut g, H, "explosive_artillery");
    play(&mut g, H, &[Action::Done]);
    // One hit: a Hit face and three Shields.
    g.test_load_dice(&[0, 3, 3, 3]);
    play(&mut g, H, &[Action::PickArea(target)]);
    assert!(matches!(g.prompt(), Prompt::HazardCasualty(f, x, 1, _) if f == A && x == target));
    assert_refused(&g, seat(H), &Action::LoseUnit(UnitKind::Special));
    assert_refused(&g, seat(A), &Action::LoseUnit(UnitKind::Regular));
    play(&mut g, A, &[Action::LoseUnit(UnitKind::Special)]);
    // The Fedaykin became a regular.
    assert_eq!(g.areas[target.index()].units[A], [1, 1, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn the_view_names_the_card_being_resolved_even_inside_a_move() {
    // AR-ACT-13: a played card is face up while it resolves; its move step
    // uses the ordinary move prompt, and the view still names the card.
    use melange::rules::arrakis::Source;
    use melange::rules::core::Viewer;
    let mut g = game(A, &["war_plan"]);
    g.test_put(A, a("s1_3"), [1, 0, 0], 0);
    play_card(&mut g, A, "war_plan");
    assert!(matches!(g.prompt(), Prompt::Move(_)));
    let v = g.view(Viewer::Seat(seat(H)));
    assert_eq!(v.resolving, Some((Source::Card(card("war_plan")), 0)));
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.view(Viewer::Spectator).resolving, None);
}

// ---- Cards of the first batch ----

/// The first area bordering `x` (passably) without units, sietch,
/// settlement, wormsign or sandworm.
fn empty_neighbour(g: &Arrakis, x: AreaId) -> AreaId {
    board().passable[x.index()]
        .iter()
        .find(|y| {
            let s = &g.areas[y.index()];
            s.units == ByFaction::default()
                && s.sietch.is_none()
                && !s.settlement
                && s.wormsign.is_none()
                && s.worm.is_none()
        })
        .expect("an empty neighbour")
}

/// The first action of `g`'s legal list for `f` matching `pick`.
fn first_legal(g: &Arrakis, f: Faction, pick: impl Fn(&Action) -> bool) -> Action {
    legal(g, f).into_iter().find(|x| pick(x)).expect("offered")
}

#[test]
fn arsunt_legion_deploys_then_moves_only_that_legion() {
    let mut g = game(H, &["arsunt_legion"]);
    g.test_put(H, a("carthag"), [1, 0, 0], 0);
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
        g.test_leader(leader("beast_rabban")),
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
    assert_eq!(g.areas[to.index()].units[H], [0, 1, 0]);
    assert_eq!(g.test_leader(leader("beast_rabban")), LeaderAt::Board(to));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn barons_personal_guard_puts_the_baron_in_a_city_then_moves_any_legion() {
    let mut g = game(H, &["barons_personal_guard"]);
    g.test_put(H, a("s1_3"), [1, 0, 0], 0);
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
        g.test_leader(leader("baron_harkonnen")),
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
    assert_eq!(g.areas[to.index()].units[H], [1, 0, 0]);
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
        g.test_leader(leader("captain_aramsham")),
        LeaderAt::Board(a("carthag"))
    );
    assert_eq!(g.prompt(), Prompt::Turn(A));

    // AR-ACT-17: units without the leader.
    let mut g = game(H, &["carthag_the_former_capital"]);
    start(&mut g, H, "carthag_the_former_capital");
    play(&mut g, H, &[Action::DeployAt(a("carthag")), Action::Done]);
    assert_eq!(units(&g, H, "carthag"), [3, 1, 0]);
    assert_eq!(g.areas[a("carthag").index()].generic[H], 0);
    assert_eq!(g.areas[a("carthag").index()].named, 0);
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
    assert!(g.areas[at.index()].harvester);
    assert_eq!(g.zones[0], Some(Vehicle::Carryall));
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
    assert!(g.areas[at.index()].harvester);
    assert!(g.zones.iter().all(|z| z.is_none()));
    assert!(g.house(H).hand.is_empty());
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn mudir_nahya_brings_rabban_to_a_legion_that_surprise_attacks() {
    // AR-DIE-09: the surprise attack's extra dice in the first round.
    let mut g = game(H, &["mudir_nahya_the_demon_ruler"]);
    let own = a("s1_3");
    let target = empty_neighbour(&g, own);
    g.test_put(H, own, [1, 0, 0], 0);
    g.test_put(A, target, [1, 0, 0], 0);
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
    assert_eq!(g.areas[own.index()].units[H], [1, 1, 0]);
    let extra = data().tables.combat.surprise_attack_dice;
    // All Hits for the Harkonnen, a Shield for the Atreides.
    let mut faces = vec![0; usize::from(2 + extra)];
    faces.push(3);
    g.test_load_dice(&faces);
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
    assert_eq!(g.areas[target.index()].units[A], [0, 0, 0]);
    play(&mut g, H, &[Action::Advance]);
    assert_eq!(g.areas[target.index()].units[H], [1, 1, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn mudir_nahya_alternative_when_rabban_is_removed() {
    let mut g = game(H, &["mudir_nahya_the_demon_ruler"]);
    g.test_set_leader(leader("beast_rabban"), LeaderAt::Removed);
    g.test_put(H, a("s1_3"), [1, 0, 0], 0);
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
    assert_eq!(g.areas[a("s1_3").index()].generic[H], 1);
    // No attack follows.
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

/// The dice `f` rolled in the first combat roll among `ev`.
fn rolled(ev: &[Event], f: Faction) -> Option<u8> {
    ev.iter().find_map(|e| match e {
        Event::CombatRoll { faction, dice, .. } if *faction == f => Some(*dice),
        _ => None,
    })
}

/// An empty area bordering `x`, other than `not`.
fn empty_neighbour_but(g: &Arrakis, x: AreaId, not: AreaId) -> AreaId {
    board().passable[x.index()]
        .iter()
        .find(|y| {
            let s = &g.areas[y.index()];
            *y != not
                && s.units == ByFaction::default()
                && s.sietch.is_none()
                && !s.settlement
                && s.wormsign.is_none()
                && s.worm.is_none()
        })
        .expect("an empty neighbour")
}

#[test]
fn rage_overcame_shaddam_iv_a_brings_him_in_then_plays_a_card() {
    let shaddam = leader("emperor_shaddam_iv");
    let mut g = game(
        H,
        &["rage_overcame_shaddam_iv_a", "carthag_the_former_capital"],
    );
    assert_eq!(g.test_leader(shaddam), LeaderAt::NotInPlay);
    start(&mut g, H, "rage_overcame_shaddam_iv_a");
    // Not the alternative: no deployment yet.
    assert_refused(&g, seat(H), &Action::DeployAt(a("carthag")));
    let ev = play(&mut g, H, &[Action::Resolve]);
    assert!(ev.contains(&Event::LeaderEntered { leader: shaddam }));
    assert_eq!(g.test_leader(shaddam), LeaderAt::SetAside);
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
    assert_eq!(g.test_leader(shaddam), LeaderAt::Board(a("carthag")));
    assert_eq!(g.house(H).discard.len(), 2);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn rage_overcame_shaddam_iv_a_alternative_deploys_him_with_regulars_in_a_settlement() {
    let shaddam = leader("emperor_shaddam_iv");
    let mut g = game(H, &["rage_overcame_shaddam_iv_a"]);
    g.test_set_leader(shaddam, LeaderAt::SetAside);
    start(&mut g, H, "rage_overcame_shaddam_iv_a");
    // He is already in play: no entry, and only a settlement.
    assert_refused(&g, seat(H), &Action::Resolve);
    assert_refused(&g, seat(H), &Action::DeployAt(a("s1_3")));
    play(&mut g, H, &[Action::DeployAt(a("arrakeen"))]);
    assert_eq!(units(&g, H, "arrakeen"), [4, 0, 0]);
    assert_refused(&g, seat(H), &Action::DeployLeader(None));
    play(&mut g, H, &[Action::DeployLeader(Some(shaddam))]);
    assert_eq!(g.test_leader(shaddam), LeaderAt::Board(a("arrakeen")));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn rage_overcame_shaddam_iv_b_brings_him_in_then_plays_a_card() {
    let shaddam = leader("emperor_shaddam_iv");
    let mut g = game(H, &["rage_overcame_shaddam_iv_b", "forced_recruitment"]);
    start(&mut g, H, "rage_overcame_shaddam_iv_b");
    play(&mut g, H, &[Action::Resolve]);
    assert_eq!(g.test_leader(shaddam), LeaderAt::SetAside);
    play(
        &mut g,
        H,
        &[
            Action::PlayFree(card("forced_recruitment")),
            Action::DeployAt(a("arrakeen")),
            Action::DeployLeader(Some(shaddam)),
        ],
    );
    assert_eq!(g.test_leader(shaddam), LeaderAt::Board(a("arrakeen")));
    assert_eq!(g.prompt(), Prompt::Turn(A));

    // AR-ACT-17: he enters, and no card follows.
    let mut g = game(H, &["rage_overcame_shaddam_iv_b", "forced_recruitment"]);
    start(&mut g, H, "rage_overcame_shaddam_iv_b");
    play(&mut g, H, &[Action::Resolve, Action::Done]);
    assert_eq!(g.test_leader(shaddam), LeaderAt::SetAside);
    assert_eq!(g.house(H).hand, vec![card("forced_recruitment")]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn rage_overcame_shaddam_iv_b_alternative_adds_sardaukar_and_him_to_a_legion() {
    let shaddam = leader("emperor_shaddam_iv");
    let mut g = game(H, &["rage_overcame_shaddam_iv_b"]);
    g.test_set_leader(shaddam, LeaderAt::SetAside);
    g.test_put(H, a("s1_3"), [1, 0, 0], 0);
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
    assert_eq!(g.test_leader(shaddam), LeaderAt::Board(a("s1_3")));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn rage_overcame_shaddam_iv_c_brings_him_in_then_plays_a_card() {
    let shaddam = leader("emperor_shaddam_iv");
    let mut g = game(H, &["rage_overcame_shaddam_iv_c", "barons_personal_guard"]);
    start(&mut g, H, "rage_overcame_shaddam_iv_c");
    play(&mut g, H, &[Action::Resolve]);
    assert_eq!(g.test_leader(shaddam), LeaderAt::SetAside);
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
    g.test_set_leader(shaddam, LeaderAt::SetAside);
    let own = a("s1_3");
    g.test_put(H, own, [1, 0, 1], 0);
    g.test_put(H, a("s2_1"), [1, 0, 0], 0);
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
    assert_eq!(g.test_leader(shaddam), LeaderAt::Board(own));
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
    assert_eq!(g.areas[to.index()].units[H], [1, 0, 1]);
    // Then the surprise attack from where it went (AR-DIE-09).
    let target = empty_neighbour_but(&g, to, own);
    g.test_put(A, target, [1, 0, 0], 0);
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
    g.test_load_dice(&faces);
    let ev = play(&mut g, H, &[Action::To(target)]);
    assert_eq!(rolled(&ev, H), Some(2 + extra));
    assert_eq!(g.areas[target.index()].units[A], [0, 0, 0]);
    play(&mut g, H, &[Action::Advance]);
    assert_eq!(g.test_leader(shaddam), LeaderAt::Board(target));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn manipulation_of_others_makes_the_atreides_discard_two_then_draws() {
    let mut g = game(H, &["manipulation_of_others"]);
    g.test_hand(A, &[card("the_voice"), card("war_plan"), card("thumpers")]);
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
    assert_eq!(g.house(A).hand, vec![card("thumpers")]);
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
    g.test_put(H, own, [1, 0, 1], 0);
    g.test_put(H, a("s2_1"), [1, 0, 0], 0);
    let to = empty_neighbour(&g, own);
    let near = empty_neighbour_but(&g, to, own);
    g.test_put(A, near, [1, 0, 0], 0);
    g.test_place_leader(leader("stilgar"), near);
    let far = all_areas()
        .find(|x| {
            *x != to && !borders(to, *x) && board().desert.contains(*x) && empty_desert(&g, *x)
        })
        .unwrap();
    g.test_put(A, far, [1, 0, 0], 0);
    g.test_place_leader(leader("paul_atreides"), far);
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
    assert!(matches!(
        g.test_leader(leader("stilgar")),
        LeaderAt::Tank(_)
    ));
    assert_eq!(g.areas[near.index()].named, 0);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn sardaukars_manner_surprise_attacks_or_moves_with_a_sardaukar_legion() {
    let mut g = game(H, &["sardaukars_manner"]);
    let own = a("s1_3");
    g.test_put(H, own, [0, 0, 1], 0);
    g.test_put(H, a("s2_1"), [2, 0, 0], 0);
    let target = empty_neighbour(&g, own);
    g.test_put(A, target, [1, 0, 0], 0);
    start(&mut g, H, "sardaukars_manner");
    assert_refused(&g, seat(H), &Action::Legion(a("s2_1")));
    // AR-DIE-09: a surprise attack.
    let extra = data().tables.combat.surprise_attack_dice;
    let mut faces = vec![0; usize::from(1 + extra)];
    faces.push(3);
    g.test_load_dice(&faces);
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
    assert_eq!(g.areas[target.index()].units[A], [0, 0, 0]);

    // Or a plain move.
    let mut g = game(H, &["sardaukars_manner"]);
    g.test_put(H, own, [0, 0, 1], 0);
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
    assert_eq!(g.areas[to.index()].units[H], [0, 0, 1]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn full_control_of_the_air_places_ornithopters_then_moves_a_legion() {
    let mut g = game(H, &["full_control_of_the_air"]);
    g.test_put(H, a("s1_3"), [1, 0, 0], 0);
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
    assert_eq!(g.zones[0], Some(Vehicle::Ornithopter));
    assert_eq!(
        g.zones.iter().filter(|z| z.is_some()).count(),
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
    assert_eq!(g.areas[to.index()].units[H], [1, 0, 0]);
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
    g.test_put(A, offered[1], [1, 0, 0], 0);
    start(&mut g, H, "moving_the_battle_group");
    assert_refused(&g, seat(H), &Action::DeployAt(offered[1]));
    assert_refused(&g, seat(H), &Action::DeployAt(a("s1_3")));
    play(&mut g, H, &[Action::DeployAt(offered[0])]);
    assert_eq!(g.areas[offered[0].index()].units[H], [0, 2, 0]);
    // A Bashar, not a named leader.
    assert_refused(
        &g,
        seat(H),
        &Action::DeployLeader(Some(leader("baron_harkonnen"))),
    );
    play(&mut g, H, &[Action::DeployLeader(None)]);
    assert_eq!(g.areas[offered[0].index()].generic[H], 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn killers_without_mercy_attack_only_and_continue_free_against_a_sietch() {
    // AR-COMBAT-29: continuing normally costs the attacker a hit; this
    // card waives it, even against a sietch.
    let mut g = game(H, &["killers_without_mercy"]);
    let sietch = all_areas()
        .find(|x| g.areas[x.index()].sietch.is_some())
        .expect("a sietch on the board");
    let own = empty_neighbour(&g, sietch);
    let calm = empty_neighbour_but(&g, own, sietch);
    g.test_put(H, own, [2, 0, 1], 0);
    g.test_put(H, a("carthag"), [3, 0, 0], 0);
    g.test_put(A, sietch, [2, 0, 0], 0);
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
    g.test_load_dice(&[3; 40]);
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
    assert_eq!(g.areas[own.index()].units[H], [2, 0, 1]);
    assert_eq!(g.areas[sietch.index()].units[A], [2, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));

    // Against the same sietch without this card, continuing costs a hit.
    let mut g = game(H, &["sardaukars_manner"]);
    g.test_put(H, own, [2, 0, 1], 0);
    g.test_put(A, sietch, [2, 0, 0], 0);
    start(&mut g, H, "sardaukars_manner");
    g.test_load_dice(&[3; 40]);
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
    g.test_put(H, x, [0, 2, 0], 0);
    g.test_put(H, y, [1, 1, 0], 0);
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
    assert_eq!(g.areas[to.index()].units[H], [0, 1, 1]);
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
    g.test_put(H, own, [1, 0, 1], 0);
    g.test_put(H, a("s2_1"), [1, 0, 0], 0);
    start(&mut g, H, "i_decide_what_best_serves_his_majesty");
    assert_refused(&g, seat(H), &Action::DeployAt(a("s2_1")));
    play(&mut g, H, &[Action::DeployAt(own)]);
    assert_refused(
        &g,
        seat(H),
        &Action::DeployLeader(Some(leader("baron_harkonnen"))),
    );
    play(&mut g, H, &[Action::DeployLeader(Some(aramsham))]);
    assert_eq!(g.test_leader(aramsham), LeaderAt::Board(own));
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
    assert_eq!(g.test_leader(aramsham), LeaderAt::Board(to));
    assert_eq!(g.areas[to.index()].units[H], [0, 0, 1]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
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
    g.test_set_leader(leader("lady_jessica"), LeaderAt::Removed);
    g.test_set_leader(leader("reverend_mother_jessica"), LeaderAt::SetAside);
    let sietch = all_areas()
        .find(|x| g.areas[x.index()].sietch.is_some())
        .unwrap();
    start(&mut g, A, "alia_the_abomination");
    let ev = play(&mut g, A, &[Action::Resolve]);
    assert!(ev.contains(&Event::LeaderEntered { leader: alia }));
    assert_eq!(g.test_leader(alia), LeaderAt::SetAside);
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
    assert_eq!(g.areas[sietch.index()].units[A], [0, 0, 2]);
    assert_eq!(g.house(A).discard.len(), 2);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn alia_the_abomination_alternative_tanks_any_enemy_leader_then_draws() {
    // AR-LEADER-09; the alternative needs no Reverend Mother.
    let mut g = game(A, &["alia_the_abomination"]);
    g.test_set_leader(leader("alia"), LeaderAt::SetAside);
    g.test_put(H, a("s1_3"), [1, 0, 0], 0);
    g.test_place_leader(leader("baron_harkonnen"), a("s1_3"));
    g.test_put(A, a("s2_1"), [1, 0, 0], 0);
    g.test_place_leader(leader("stilgar"), a("s2_1"));
    start(&mut g, A, "alia_the_abomination");
    // Not an own leader, nor one off the board.
    assert_refused(&g, seat(A), &Action::PickLeader(leader("stilgar")));
    assert_refused(&g, seat(A), &Action::PickLeader(leader("beast_rabban")));
    play(&mut g, A, &[Action::PickLeader(leader("baron_harkonnen"))]);
    assert!(matches!(
        g.test_leader(leader("baron_harkonnen")),
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
    g.test_put(A, x, [1, 1, 0], 0);
    g.test_put(A, y, [0, 1, 0], 0);
    g.test_put(A, a("s3_1"), [2, 0, 0], 0);
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
    assert_eq!(g.areas[tx.index()].units[A], [0, 0, 1]);
    assert_eq!(g.areas[ty.index()].units[A], [0, 0, 1]);
    assert_eq!(units(&g, A, "s1_3"), [1, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(H));

    // AR-ACT-17: one upgrade, then no move.
    let mut g = game(A, &["death_commandos"]);
    g.test_put(A, x, [0, 2, 0], 0);
    start(&mut g, A, "death_commandos");
    play(&mut g, A, &[Action::Upgrade(x), Action::Done, Action::Done]);
    assert_eq!(units(&g, A, "s1_3"), [0, 1, 1]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn chatt_the_leaper_puts_fedaykin_and_a_naib_into_a_sietch() {
    let mut g = game(A, &["chatt_the_leaper"]);
    let sietch = all_areas()
        .find(|x| g.areas[x.index()].sietch.is_some())
        .unwrap();
    start(&mut g, A, "chatt_the_leaper");
    assert_refused(&g, seat(A), &Action::DeployAt(a("s1_3")));
    assert_refused(&g, seat(A), &Action::DeployAt(a("carthag")));
    play(&mut g, A, &[Action::DeployAt(sietch)]);
    assert_eq!(g.areas[sietch.index()].units[A], [0, 0, 2]);
    // A Naib, not a named leader.
    assert_refused(&g, seat(A), &Action::DeployLeader(Some(leader("stilgar"))));
    play(&mut g, A, &[Action::DeployLeader(None)]);
    assert_eq!(g.areas[sietch.index()].generic[A], 1);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn battle_language_caps_the_defender_at_four_dice_in_the_first_round() {
    // AR-DIE-09 (surprise attack); the cap holds in the first round only.
    let mut g = game(A, &["battle_language"]);
    let own = a("s1_3");
    let target = empty_neighbour(&g, own);
    g.test_put(A, own, [3, 0, 0], 0);
    g.test_place_leader(leader("stilgar"), own);
    g.test_put(A, a("s2_1"), [2, 0, 0], 0);
    g.test_put(H, target, [6, 0, 0], 0);
    start(&mut g, A, "battle_language");
    // Only a legion with a leader.
    assert_refused(&g, seat(A), &Action::Legion(a("s2_1")));
    g.test_load_dice(&[3; 40]);
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
    g.test_put(A, own, [1, 0, 1], 0);
    g.test_put(A, a("s2_1"), [1, 0, 0], 0);
    let to = empty_neighbour(&g, own);
    let near = empty_neighbour_but(&g, to, own);
    g.test_put(H, near, [1, 0, 0], 0);
    g.test_place_leader(leader("beast_rabban"), near);
    let far = all_areas()
        .find(|x| {
            *x != to && !borders(to, *x) && board().desert.contains(*x) && empty_desert(&g, *x)
        })
        .unwrap();
    g.test_put(H, far, [1, 0, 0], 0);
    g.test_place_leader(leader("baron_harkonnen"), far);
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
        g.test_leader(leader("beast_rabban")),
        LeaderAt::Tank(_)
    ));
    assert_eq!(
        g.test_leader(leader("baron_harkonnen")),
        LeaderAt::Board(far)
    );
    assert_eq!(g.prompt(), Prompt::Turn(H));

    // AR-ACT-17: no move, so no legion to border: nobody is tanked.
    let mut g = game(A, &["crysknife"]);
    g.test_put(A, own, [1, 0, 1], 0);
    g.test_put(H, to, [1, 0, 0], 0);
    g.test_place_leader(leader("beast_rabban"), to);
    start(&mut g, A, "crysknife");
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.test_leader(leader("beast_rabban")), LeaderAt::Board(to));
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn jubba_cloaks_move_a_desert_legion_with_a_leader_then_play_a_card() {
    let mut g = game(A, &["jubba_cloaks", "hieregs"]);
    let own = a("s1_3");
    g.test_put(A, own, [1, 0, 0], 1);
    g.test_put(A, a("s2_1"), [2, 0, 0], 0);
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
    assert_eq!(g.areas[to.index()].units[A], [1, 0, 0]);
    assert_eq!(g.areas[to.index()].generic[A], 1);
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
    g.test_put(A, a("s1_3"), [1, 0, 0], 0);
    g.areas[a("s1_4").index()].wormsign = Some(Wormsign::Sand);
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
    assert!(g.areas[at.index()].wormsign.is_some());
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn i_am_stilgar_the_fremen_enters_a_free_plateau_then_draws() {
    let stilgar = leader("stilgar");
    let mut g = game(A, &["i_am_stilgar_the_fremen"]);
    let plateaus: Vec<AreaId> = all_areas()
        .filter(|x| board().area(*x).terrain == board::Terrain::Plateau)
        .collect();
    g.test_put(H, plateaus[1], [1, 0, 0], 0);
    start(&mut g, A, "i_am_stilgar_the_fremen");
    // Not desert, and not a plateau with Harkonnen in it.
    assert_refused(&g, seat(A), &Action::DeployAt(a("s1_3")));
    assert_refused(&g, seat(A), &Action::DeployAt(plateaus[1]));
    play(&mut g, A, &[Action::DeployAt(plateaus[0])]);
    assert_eq!(g.areas[plateaus[0].index()].units[A], [1, 2, 0]);
    assert_refused(
        &g,
        seat(A),
        &Action::DeployLeader(Some(leader("paul_atreides"))),
    );
    play(&mut g, A, &[Action::DeployLeader(Some(stilgar))]);
    assert_eq!(g.test_leader(stilgar), LeaderAt::Board(plateaus[0]));
    let draw = first_legal(&g, A, |x| matches!(x, Action::DrawFrom(_)));
    play(&mut g, A, &[draw]);
    assert_eq!(g.house(A).hand.len(), 1);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn a_cards_plain_move_never_ends_in_an_enemy_area_and_may_leave_a_guarded_leader() {
    // Baron's Personal Guard moves "any 1 legion": a move, not an attack
    // (AR-MOVE-03), so an area holding Atreides units is not offered and is
    // refused. AR-MOVE-13: part of a legion may leave its leader behind as
    // long as a unit stays with him.
    let mut g = game(H, &["barons_personal_guard"]);
    g.test_put(H, a("s1_3"), [2, 0, 0], 0);
    g.test_place_leader(leader("beast_rabban"), a("s1_3"));
    let enemy = empty_neighbour(&g, a("s1_3"));
    g.test_put(A, enemy, [1, 0, 0], 0);
    let to = empty_neighbour(&g, a("s1_3"));
    start(&mut g, H, "barons_personal_guard");
    play(
        &mut g,
        H,
        &[
            Action::DeployAt(a("arrakeen")),
            Action::DeployLeader(Some(leader("baron_harkonnen"))),
            Action::Legion(a("s1_3")),
            Action::Take(UnitKind::Regular),
        ],
    );
    assert!(!legal(&g, H).contains(&Action::To(enemy)));
    assert_refused(&g, seat(H), &Action::To(enemy));
    assert!(legal(&g, H).contains(&Action::To(to)));
    play(&mut g, H, &[Action::To(to)]);
    assert_eq!(units(&g, H, "s1_3"), [1, 0, 0]);
    assert_eq!(g.areas[to.index()].units[H], [1, 0, 0]);
    assert_eq!(
        g.test_leader(leader("beast_rabban")),
        LeaderAt::Board(a("s1_3"))
    );
}

#[test]
fn thumpers_never_call_a_sandworm_into_an_occupied_area() {
    // AR-HAZ-14 and the card: the sandworm appears in an *empty* desert
    // area bordering an Atreides legion; a bordering desert area holding a
    // Harkonnen legion, a harvester or a wormsign is not offered.
    let mut g = game(A, &["thumpers"]);
    let own = a("s1_3");
    g.test_put(A, own, [1, 0, 0], 0);
    let near = empty_desert_around(&g, own);
    assert!(near.len() >= 3, "{near:?}");
    g.test_put(H, near[0], [1, 0, 0], 0);
    g.areas[near[1].index()].harvester = true;
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
