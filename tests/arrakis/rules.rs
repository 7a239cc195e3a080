//! Per-rule tests of War for Arrakis on the real board; each cites its
//! rule ID (docs/rules/war-for-arrakis.md). Combat faces (data): 0-2 Hit, 3-4 Shield, 5 Special.
use super::common::*;
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, ArrakisOptions, BattleStep, DieResult, Event, Faction, ImperiumMarker,
    Prompt, UnitKind, Vehicle, board,
};
use melange::rules::core::conformance::assert_refused;
use melange::rules::core::{RuleError, Ruleset};
use rand::SeedableRng;

const HIT: u8 = 0;
const SHIELD: u8 = 3;

fn game_with(opts: ArrakisOptions) -> Arrakis {
    let mut g = Arrakis::setup(&opts, 7).unwrap();
    g.test_clear_board();
    g
}

fn game() -> Arrakis {
    game_with(ArrakisOptions::default())
}

#[test]
fn impassable_border_refused() {
    // AR-MOVE-05, AR-MOVE-02
    let mut g = game();
    g.test_put(A, a("s1_3"), [1, 0, 0], 0);
    g.test_turn(A, &[DieResult::Strategy], 1);
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
    assert_eq!(g.areas[a("s1_1").index()].units[A], [1, 0, 0]);
}

#[test]
fn leaders_never_move_or_stay_alone() {
    // AR-MOVE-12, AR-MOVE-13
    let mut g = game();
    g.test_put(A, a("s1_1"), [1, 0, 0], 1);
    g.test_turn(A, &[DieResult::Strategy], 1);
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
    g.test_put(A, a("s1_1"), [1, 0, 0], 1);
    g.test_turn(A, &[DieResult::Strategy], 1);
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
    assert_eq!(g.areas[a("s1_2").index()].generic[A], 1);
}

#[test]
fn leadership_needs_a_leader_with_the_moving_part() {
    // AR-DIE-06, AR-DIE-10
    let mut g = game();
    g.test_put(A, a("s1_1"), [2, 0, 0], 1);
    g.test_put(A, a("s1_3"), [2, 0, 0], 0);
    g.test_turn(A, &[DieResult::Leadership], 1);
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
    g.test_put(A, a("s1_2"), [6, 0, 0], 0);
    g.test_put(A, a("s1_1"), [1, 0, 0], 0);
    g.test_turn(A, &[DieResult::Strategy], 1);
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
    g.test_put(H, a("s1_2"), [5, 0, 0], 0);
    g.test_put(H, a("s1_1"), [1, 0, 0], 0);
    assert_eq!(g.stacking_limit(H), 6);
    g.test_imperium([1, 1, 1], [true, false, false]);
    assert_eq!(g.stacking_limit(H), 5);
    assert_eq!(g.stacking_limit(A), 6);
    g.test_turn(H, &[DieResult::Strategy], 1);
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
fn desert_power_only_with_fewer_dice() {
    // AR-DP-01, AR-DP-03, AR-DP-04, AR-DP-06, AR-DP-07
    let mut g = game();
    g.test_turn(A, &[DieResult::Mentat, DieResult::Mentat], 2);
    let e = assert_refused(&g, seat(A), &Action::DesertPower);
    assert_eq!(rule_of(e), "AR-DP-04");
    let mut g = game();
    g.test_turn(A, &[DieResult::Mentat], 2);
    play(&mut g, A, &[Action::DesertPower]);
    // Not in a sietch area, not twice in one area.
    assert_refused(&g, seat(A), &Action::WormsignAt(a("gara_kulon")));
    play(&mut g, A, &[Action::WormsignAt(a("s1_1"))]);
    assert_refused(&g, seat(A), &Action::WormsignAt(a("s1_1")));
    play(&mut g, A, &[Action::WormsignAt(a("s1_2"))]);
    assert!(g.areas[a("s1_1").index()].wormsign.is_some());
    // A Harkonnen turn has no Desert Power (AR-DP-01).
    assert_eq!(g.prompt(), Prompt::Turn(H));
    assert_refused(&g, seat(H), &Action::DesertPower);
}

#[test]
fn scouting_needs_a_connected_ornithopter_and_no_spacing_guild_ban() {
    // AR-SCOUT-01, AR-SCOUT-03, AR-SCOUT-05, AR-SCOUT-06, AR-VEH-13
    let mut g = game();
    g.zones[board().air_zone_id("az1").unwrap().index()] = Some(Vehicle::Ornithopter);
    let az1 = board().air_zone_id("az1").unwrap();
    g.test_turn(H, &[DieResult::Strategy], 1);
    // Habbanya Ridge lies in s3, not a sector of az1 (s1, s5).
    assert_refused(&g, seat(H), &Action::Scout(az1, a("habbanya_ridge")));
    let mut banned = g.clone();
    banned.test_imperium([1, 5, 1], [false, true, false]);
    let e = assert_refused(&banned, seat(H), &Action::Scout(az1, a("gara_kulon")));
    assert_eq!(rule_of(e), "AR-SCOUT-06");
    let ev = play(&mut g, H, &[Action::Scout(az1, a("gara_kulon"))]);
    assert!(ev.iter().any(|e| matches!(e, Event::SietchRevealed { .. })));
    assert!(g.areas[a("gara_kulon").index()].sietch.unwrap().revealed);
    assert_eq!(g.zones[az1.index()], None);
}

#[test]
fn guerrilla_training_not_under_an_ornithopter() {
    // AR-DEPLOY-03, AR-DEPLOY-04, AR-DEPLOY-10
    let mut g = game();
    g.areas[a("gara_kulon").index()].tokens.push(0);
    let az1 = board().air_zone_id("az1").unwrap();
    g.zones[az1.index()] = Some(Vehicle::Ornithopter);
    g.test_turn(A, &[DieResult::Strategy], 1);
    let e = assert_refused(&g, seat(A), &Action::Reveal(a("gara_kulon")));
    assert_eq!(rule_of(e), "AR-DEPLOY-10");
    g.zones[az1.index()] = Some(Vehicle::Carryall);
    play(&mut g, A, &[Action::Reveal(a("gara_kulon"))]);
    let s = &g.areas[a("gara_kulon").index()];
    assert!(s.tokens.is_empty());
    let kinds = &data().tables.deployment_tokens.atreides_starting;
    let k = kinds[0];
    assert_eq!(s.units[A], [k.regular, k.elite, k.special]);
}

fn rolls(ev: &[Event]) -> Vec<(Faction, u8, u8, u8)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::CombatRoll {
                faction,
                dice,
                hits,
                shields,
            } => Some((*faction, *dice, *hits, *shields)),
            _ => None,
        })
        .collect()
}

fn attack(g: &mut Arrakis, f: Faction, from: &str, to: &str, take: &[UnitKind]) -> Vec<Event> {
    g.test_turn(f, &[DieResult::Strategy, DieResult::Strategy], 2);
    let mut acts = vec![
        Action::SpendDie(DieResult::Strategy),
        Action::Legion(a(from)),
    ];
    acts.extend(take.iter().map(|k| Action::Take(*k)));
    acts.push(Action::To(a(to)));
    play(g, f, &acts)
}

#[test]
fn settlement_rank_dice_and_the_six_dice_cap() {
    // AR-COMBAT-06, AR-COMBAT-07, AR-COMBAT-08
    let mut g = game();
    g.test_put(H, a("arrakeen"), [1, 0, 0], 0);
    g.test_put(A, a("broken_land"), [2, 0, 0], 0);
    attack(
        &mut g,
        A,
        "broken_land",
        "arrakeen",
        &[UnitKind::Regular, UnitKind::Regular],
    );
    g.test_load_dice(&[SHIELD, SHIELD, HIT, HIT, SHIELD, SHIELD]);
    let ev = play(&mut g, A, &[Action::Done]);
    let ev2 = play(&mut g, H, &[Action::Done]);
    let r = rolls(&[ev, ev2].concat());
    assert_eq!(r, vec![(A, 2, 0, 2), (H, 4, 2, 2)]);
    // Both stand: the attacker decides whether to continue (AR-COMBAT-28).
    assert!(matches!(
        g.prompt(),
        Prompt::Battle(b) if b.step == BattleStep::Continue
    ));

    // 4 units + rank 3 = 7, capped at 6.
    let mut g = game();
    g.test_put(H, a("arrakeen"), [4, 0, 0], 0);
    g.test_put(A, a("broken_land"), [1, 0, 0], 0);
    attack(&mut g, A, "broken_land", "arrakeen", &[UnitKind::Regular]);
    g.test_load_dice(&[SHIELD; 7]);
    let ev = play(&mut g, A, &[Action::Done]);
    assert_eq!(rolls(&ev)[1].1, 6);

    // 2 units + rank 3 = 5: one discard reaches 6, a second is refused.
    let card = melange::rules::arrakis::CardId(0);
    let mut g = game();
    g.test_put(H, a("arrakeen"), [2, 0, 0], 0);
    g.test_put(A, a("broken_land"), [1, 0, 0], 0);
    g.test_hand(H, &[card, card]);
    attack(&mut g, A, "broken_land", "arrakeen", &[UnitKind::Regular]);
    g.test_load_dice(&[SHIELD; 7]);
    play(&mut g, A, &[Action::Done]);
    let mut ev = play(&mut g, H, &[Action::Discard(card)]);
    // At 6 dice no discard is left to make: the roll follows at once.
    assert_eq!(g.house(H).hand.len(), 1);
    ev.retain(|e| matches!(e, Event::CombatRoll { .. }));
    assert_eq!(rolls(&ev)[1].1, 6);
}

#[test]
fn discards_add_dice_but_not_under_the_landsraad_ban() {
    // AR-COMBAT-05, AR-SPICE-21
    let card = melange::rules::arrakis::CardId(0);
    let mut g = game();
    g.test_put(H, a("s1_1"), [1, 0, 0], 0);
    g.test_put(A, a("s1_2"), [1, 0, 0], 0);
    g.test_hand(H, &[card, card]);
    g.test_imperium([1, 1, 5], [false, false, true]);
    let mut banned = g.clone();
    attack(&mut banned, H, "s1_1", "s1_2", &[UnitKind::Regular]);
    // Under the ban the Harkonnen have no discard to make: their step is
    // passed and the Atreides decide.
    assert!(matches!(
        banned.prompt(),
        Prompt::Battle(b) if b.step == BattleStep::Discard(A)
    ));
    assert_eq!(banned.house(H).hand.len(), 2);

    g.test_imperium([1, 1, 1], [false, false, false]);
    attack(&mut g, H, "s1_1", "s1_2", &[UnitKind::Regular]);
    play(&mut g, H, &[Action::Discard(card), Action::Discard(card)]);
    g.test_load_dice(&[SHIELD; 4]);
    let ev = play(&mut g, A, &[Action::Done]);
    assert_eq!(rolls(&ev)[0].1, 3);
    assert!(g.house(H).hand.is_empty());
}

#[test]
fn sardaukar_cancel_shields_and_the_casualty_order() {
    // AR-COMBAT-18, AR-COMBAT-19, AR-COMBAT-20, AR-COMBAT-23
    let mut g = game();
    g.test_put(H, a("s1_1"), [0, 0, 2], 0);
    g.test_put(A, a("s1_2"), [1, 1, 0], 0);
    attack(
        &mut g,
        H,
        "s1_1",
        "s1_2",
        &[UnitKind::Special, UnitKind::Special],
    );
    play(&mut g, H, &[Action::Done]);
    g.test_load_dice(&[HIT, HIT, SHIELD, SHIELD]);
    play(&mut g, A, &[Action::Done]);
    // Two hits, both shields cancelled: the regular dies, then the elite
    // becomes a regular.
    assert_eq!(g.areas[a("s1_2").index()].units[A], [1, 0, 0]);
}

#[test]
fn each_sardaukar_or_fedaykin_cancels_one_shield_only() {
    // AR-COMBAT-18: one Shield per Sardaukar or Fedaykin, not every Shield:
    // 1 special elite against 2 Shields leaves 1 Shield standing.
    // Harkonnen attack, 1 regular and 1 Sardaukar: Hit, Hit against the
    // Atreides' Shield, Shield.
    let mut g = game();
    g.test_put(H, a("s1_1"), [1, 0, 1], 0);
    g.test_put(A, a("s1_2"), [1, 1, 0], 0);
    attack(
        &mut g,
        H,
        "s1_1",
        "s1_2",
        &[UnitKind::Regular, UnitKind::Special],
    );
    play(&mut g, H, &[Action::Done]);
    g.test_load_dice(&[HIT, HIT, SHIELD, SHIELD]);
    let ev = play(&mut g, A, &[Action::Done]);
    assert_eq!(rolls(&ev), vec![(H, 2, 2, 0), (A, 2, 0, 2)]);
    // 2 Hits - (2 Shields - 1 cancelled) = 1 hit: the regular dies.
    assert_eq!(g.areas[a("s1_2").index()].units[A], [0, 1, 0]);
    assert_eq!(g.battle_group().unwrap().units, [1, 0, 1]);

    // The Atreides attack, 1 regular and 1 Fedaykin, the same way.
    let mut g = game();
    g.test_put(A, a("s1_2"), [1, 0, 1], 0);
    g.test_put(H, a("s1_1"), [1, 1, 0], 0);
    attack(
        &mut g,
        A,
        "s1_2",
        "s1_1",
        &[UnitKind::Regular, UnitKind::Special],
    );
    play(&mut g, A, &[Action::Done]);
    g.test_load_dice(&[HIT, HIT, SHIELD, SHIELD]);
    let ev = play(&mut g, H, &[Action::Done]);
    assert_eq!(rolls(&ev), vec![(A, 2, 2, 0), (H, 2, 0, 2)]);
    assert_eq!(g.areas[a("s1_1").index()].units[H], [0, 1, 0]);
    assert_eq!(g.battle_group().unwrap().units, [1, 0, 1]);

    // A defender's Fedaykin cancels the attacker's Shields too.
    let mut g = game();
    g.test_put(H, a("s1_1"), [2, 0, 0], 0);
    g.test_put(A, a("s1_2"), [1, 0, 1], 0);
    attack(
        &mut g,
        H,
        "s1_1",
        "s1_2",
        &[UnitKind::Regular, UnitKind::Regular],
    );
    play(&mut g, H, &[Action::Done]);
    g.test_load_dice(&[SHIELD, SHIELD, HIT, HIT]);
    let ev = play(&mut g, A, &[Action::Done]);
    assert_eq!(rolls(&ev), vec![(H, 2, 0, 2), (A, 2, 2, 0)]);
    assert_eq!(g.battle_group().unwrap().units, [1, 0, 0]);
    assert_eq!(g.areas[a("s1_2").index()].units[A], [1, 0, 1]);
}

#[test]
fn generic_leader_converts_a_special() {
    // AR-COMBAT-12, AR-COMBAT-13, AR-COMBAT-15
    let mut g = game();
    g.test_put(H, a("s1_1"), [1, 0, 0], 1);
    g.test_put(A, a("s1_2"), [2, 0, 0], 1);
    g.test_turn(H, &[DieResult::Strategy], 1);
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
            Action::TakeGeneric,
            Action::To(a("s1_2")),
            Action::Done,
        ],
    );
    g.test_load_dice(&[5, 5, 5]);
    let ev = play(&mut g, A, &[Action::Done]);
    let r = rolls(&ev);
    // The Bashar converts the Harkonnen Special into a hit.
    assert_eq!(r[0], (H, 1, 1, 0));
    // The Naib converts only 1 of the 2 Atreides Specials (AR-COMBAT-15).
    assert_eq!(r[1], (A, 2, 1, 0));
}

#[test]
fn continuing_costs_a_hit() {
    // AR-COMBAT-29, AR-COMBAT-30
    let mut g = game();
    g.test_put(A, a("s1_1"), [3, 0, 0], 0);
    g.test_put(H, a("s1_2"), [3, 0, 0], 0);
    attack(
        &mut g,
        A,
        "s1_1",
        "s1_2",
        &[UnitKind::Regular, UnitKind::Regular, UnitKind::Regular],
    );
    play(&mut g, A, &[Action::Done]);
    g.test_load_dice(&[SHIELD; 6]);
    play(&mut g, H, &[Action::Done]);
    play(&mut g, A, &[Action::Continue]);
    assert_eq!(g.battle_group().unwrap().units, [2, 0, 0]);
    // Stopping: the survivors go home (AR-COMBAT-30).
    play(&mut g, A, &[Action::Done]);
    g.test_load_dice(&[SHIELD; 6]);
    play(&mut g, H, &[Action::Done]);
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.areas[a("s1_1").index()].units[A], [2, 0, 0]);
}

#[test]
fn undefended_settlement_falls_and_advances_prescience() {
    // AR-COMBAT-36, AR-COMBAT-38, AR-COMBAT-41, AR-PRESC-12, AR-COMBAT-34
    let mut g = game();
    g.test_put(A, a("broken_land"), [1, 0, 0], 0);
    let ev = attack(&mut g, A, "broken_land", "carthag", &[UnitKind::Regular]);
    assert!(ev.iter().any(|e| matches!(e, Event::Destroyed { .. })));
    assert!(!g.areas[a("carthag").index()].settlement);
    assert_eq!(g.prescience, [2, 2, 2]);
    // May stay (default).
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.areas[a("broken_land").index()].units[A], [1, 0, 0]);
}

#[test]
fn must_advance_option() {
    // AR-OPT-01
    let opts = ArrakisOptions {
        overrides: vec![("advance_after_win".into(), "must".into())],
        ..Default::default()
    };
    let mut g = game_with(opts);
    g.test_put(A, a("broken_land"), [1, 0, 0], 0);
    attack(&mut g, A, "broken_land", "carthag", &[UnitKind::Regular]);
    assert_refused(&g, seat(A), &Action::Done);
    play(&mut g, A, &[Action::Advance]);
    assert_eq!(g.areas[a("carthag").index()].units[A], [1, 0, 0]);
}

#[test]
fn destroyed_sietch_gives_supremacy() {
    // AR-COMBAT-39, AR-COMBAT-40, AR-DEPLOY-08
    let mut g = game();
    let rank = g.areas[a("gara_kulon").index()].sietch.unwrap().rank;
    g.test_put(H, a("s1_11"), [1, 0, 0], 0);
    attack(&mut g, H, "s1_11", "gara_kulon", &[UnitKind::Regular]);
    assert!(g.areas[a("gara_kulon").index()].sietch.is_none());
    assert_eq!(g.supremacy, rank);
}

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
    g.test_put(H, a("s1_3"), [1, 1, 1], 1);
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
        g.areas[a(site).index()].sietch.is_some(),
        "{site} has a sietch"
    );
    refused(&g, site, "AR-VEH-07", "sietch");
    g.areas[a(site).index()].sietch = None;
    assert!(offered(&g, site));
    // An Atreides unit of each kind.
    for units in [[1, 0, 0], [0, 1, 0], [0, 0, 1]] {
        let mut g = fresh();
        g.test_put(A, a("s1_3"), units, 0);
        refused(&g, "s1_3", "AR-VEH-07", "Atreides unit");
    }
    // An Atreides deployment token alone.
    let mut g = fresh();
    g.areas[a("s1_3").index()].tokens.push(0);
    refused(&g, "s1_3", "AR-VEH-07", "deployment token");
    // A sandworm, the Wild Maker included.
    for w in [Worm::Normal, Worm::WildMaker] {
        let mut g = fresh();
        g.areas[a("s1_3").index()].worm = Some(w);
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
    g.test_imperium([2, 2, 5], [false; 3]);
    g.test_set_prompt(Prompt::Spice {
        spice: 5,
        decided: [false; 3],
    });
    play(
        &mut g,
        H,
        &[
            Action::Raise(ImperiumMarker::Choam),
            Action::Keep(ImperiumMarker::Landsraad),
        ],
    );
    // No spice left: nothing more to decide, the phase ends by itself.
    assert_eq!(g.imperium, [1, 3, 5]);
    // Spacing Guild just moved down; Landsraad sits on the bottom row.
    assert_eq!(g.bans, [false, true, true]);
}

#[test]
fn troop_transport_crosses_impassable_borders() {
    // AR-MOVE-05, AR-MOVE-24 to AR-MOVE-28
    let mut g = game();
    let az1 = board().air_zone_id("az1").unwrap();
    g.zones[az1.index()] = Some(Vehicle::Ornithopter);
    g.test_put(H, a("broken_land"), [1, 0, 0], 0);
    // A second die keeps Action Resolution going after this turn.
    g.test_turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
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
    assert_eq!(g.areas[a("s1_3").index()].units[H], [1, 0, 0]);
    assert_eq!(g.zones[az1.index()], None);

    // AR-MOVE-24: never for the Atreides.
    let mut g = game();
    g.zones[az1.index()] = Some(Vehicle::Ornithopter);
    g.test_put(A, a("broken_land"), [1, 0, 0], 0);
    g.test_turn(A, &[DieResult::Strategy], 1);
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
            g.areas[a("s1_2").index()].wormsign = Some(melange::rules::arrakis::Wormsign::Sand);
        }
        g.test_put(A, a("s1_1"), [1, 0, 0], 0);
        g.test_turn(A, &[DieResult::Strategy], 1);
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
    blocked.areas[a("s1_5").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
    assert_refused(&blocked, seat(A), &Action::Sandride(a("s1_5")));
    let mut g = setup(true);
    play(&mut g, A, &[Action::Sandride(a("s1_5"))]);
    assert_eq!(g.areas[a("s1_5").index()].units[A], [1, 0, 0]);
}

#[test]
fn desert_power_sandworm_attack() {
    // AR-DP-08, AR-DP-09, AR-HAZ-44, AR-HAZ-45, AR-HAZ-46
    let mut g = game();
    g.areas[a("s1_1").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
    g.areas[a("s1_4").index()].harvester = true;
    g.areas[a("s1_3").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
    g.test_put(H, a("broken_land"), [1, 0, 0], 0);
    g.test_turn(A, &[], 1);
    play(&mut g, A, &[Action::DesertPower]);
    // A mountain is never a target.
    assert_refused(
        &g,
        seat(A),
        &Action::WormAttack(a("s1_3"), a("broken_land")),
    );
    let off = g.worms_off;
    play(&mut g, A, &[Action::WormAttack(a("s1_1"), a("s1_4"))]);
    assert!(!g.areas[a("s1_4").index()].harvester);
    assert!(g.areas[a("s1_1").index()].worm.is_none());
    assert_eq!(g.worms_off, off + 1);
}

#[test]
fn harkonnen_legion_entering_a_wormsign() {
    // AR-HAZ-47, AR-HAZ-50, AR-HAZ-51, AR-DIE-04
    use melange::rules::arrakis::Wormsign;
    let mut g = game();
    g.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
    g.areas[a("s1_2").index()].harvester = true;
    // Not into an enemy legion, nor a wormsign.
    g.test_put(A, a("s1_5"), [1, 0, 0], 0);
    g.areas[a("s1_6").index()].wormsign = Some(Wormsign::Sand);
    g.test_put(H, a("s1_1"), [1, 0, 0], 0);
    g.test_put(H, a("s2_2"), [1, 0, 0], 0);
    g.test_turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
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
    let s = &g.areas[a("s1_2").index()];
    assert!(s.worm.is_some() && !s.harvester && s.wormsign.is_none());
    assert_eq!(s.unit_count(H), 0);
    assert_eq!(g.areas[a("s1_4").index()].units[H], [1, 0, 0]);
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
fn hawats_scheming_removes_thufir_and_brings_mohiam() {
    // AR-LEADER-20, AR-LEADER-21, AR-LEADER-22, AR-LEADER-23
    let d = data();
    let thufir = d.leader_id("thufir_hawat").unwrap();
    let mohiam = d.leader_id("gaius_helen_mohiam").unwrap();
    let card = d.card_id("hawats_scheming").unwrap();
    let mut g = game();
    g.test_hand(H, &[card]);
    g.leaders[usize::from(thufir.0)] = melange::rules::arrakis::LeaderAt::SetAside;
    g.test_turn(H, &[DieResult::Strategy], 1);
    let e = assert_refused(&g, seat(H), &Action::Scheme(1));
    assert_eq!(rule_of(e), "AR-ACT-11");
    g.test_hand(H, &[card, card, card]);
    play(&mut g, H, &[Action::Scheme(2)]);
    assert_eq!(
        g.leaders[usize::from(thufir.0)],
        melange::rules::arrakis::LeaderAt::Removed
    );
    assert_eq!(
        g.leaders[usize::from(mohiam.0)],
        melange::rules::arrakis::LeaderAt::SetAside
    );
    assert_eq!(g.house(H).hand, vec![card]);
    assert_refused(&g, seat(H), &Action::Scheme(1));
    // AR-BG-07 (default in data): Mohiam brings a Bene Gesserit token.
    assert_eq!(g.house(H).bene_gesserit, 1);
}

#[test]
fn family_atomics_once_from_step_eight() {
    // AR-ATOM-01, AR-ATOM-02, AR-ATOM-03, AR-ATOM-04, AR-ATOM-07
    let mut g = game();
    g.test_put(H, a("splintered_rock"), [2, 0, 0], 0);
    g.test_turn(A, &[DieResult::Strategy], 1);
    assert_refused(&g, seat(A), &Action::Atomics(a("splintered_rock")));
    g.prescience = [8, 0, 0];
    // Only the three given mountains.
    assert_refused(&g, seat(A), &Action::Atomics(a("broken_land")));
    play(&mut g, A, &[Action::Atomics(a("splintered_rock"))]);
    // AR-ATOM-07: the Harkonnen choose where the legion goes.
    play(&mut g, H, &[Action::Displace(a("wind_pass"))]);
    assert_eq!(g.atomics_area, Some(a("splintered_rock")));
    assert_eq!(g.areas[a("splintered_rock").index()].unit_count(H), 0);
    assert_eq!(g.units_on_board(H), [2, 0, 0]);
    // A free action: the turn goes on, and never twice.
    assert_eq!(g.prompt(), Prompt::Turn(A));
    assert_refused(&g, seat(A), &Action::Atomics(a("hole_in_the_rock")));
}

#[test]
fn hidden_facts_never_reach_the_other_seat() {
    // AR-DEPLOY-02 and DESIGN.md non-interference: games that differ only
    // in what the Harkonnen cannot see give the Harkonnen the same view.
    use melange::rules::core::Viewer;
    let g = Arrakis::setup(&ArrakisOptions::default(), 11).unwrap();
    let mut other = g.clone();
    let site = a("gara_kulon");
    other.areas[site.index()].tokens = vec![7];
    let s = other.areas[site.index()].sietch.unwrap();
    other.areas[site.index()].sietch = Some(melange::rules::arrakis::Sietch {
        rank: if s.rank == 3 { 1 } else { 3 },
        ..s
    });
    other.test_hand(
        A,
        &[
            melange::rules::arrakis::CardId(40),
            melange::rules::arrakis::CardId(41),
        ],
    );
    let hv = |x: &Arrakis| format!("{:?}", x.view(Viewer::Seat(seat(H))));
    let pv = |x: &Arrakis| format!("{:?}", x.view(Viewer::Spectator));
    assert_eq!(hv(&g), hv(&other));
    assert_eq!(pv(&g), pv(&other));
    assert_ne!(
        format!("{:?}", g.view(Viewer::Seat(seat(A)))),
        format!("{:?}", other.view(Viewer::Seat(seat(A))))
    );
}

#[test]
fn surprise_attack_adds_a_die_in_the_first_round_only() {
    // AR-DIE-08, AR-DIE-09
    let mut g = game();
    g.test_put(A, a("s1_1"), [1, 0, 0], 1);
    g.test_put(H, a("s1_2"), [2, 0, 0], 0);
    g.test_turn(A, &[DieResult::Leadership, DieResult::Strategy], 2);
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Leadership),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
            Action::TakeGeneric,
            Action::To(a("s1_2")),
        ],
    );
    g.test_hand(A, &[]);
    g.test_hand(H, &[]);
    g.test_load_dice(&[SHIELD; 4]);
    let ev = play(&mut g, A, &[Action::Done]);
    let r = rolls(&ev);
    assert_eq!(r[0].1, 2, "1 unit + the surprise die");
    // Both stand; continuing costs the regular (AR-COMBAT-29), which ends
    // the battle, so a second round is only checked through the rule in
    // `battle_dice` (first round only).
    assert_eq!(g.battle_group().unwrap().units, [1, 0, 0]);
}

#[test]
fn end_of_round_leader_swap() {
    // AR-END-04
    let d = data();
    let paul = d.leader_id("paul_atreides").unwrap();
    let mut g = game();
    g.test_put(A, a("s1_1"), [1, 0, 0], 0);
    g.areas[a("s1_1").index()].named |= 1 << paul.0;
    g.leaders[usize::from(paul.0)] = melange::rules::arrakis::LeaderAt::Board(a("s1_1"));
    g.test_set_prompt(Prompt::Swap(A));
    play(&mut g, A, &[Action::SwapLeader(paul)]);
    assert_eq!(g.areas[a("s1_1").index()].generic[A], 1);
    assert_eq!(
        g.leaders[usize::from(paul.0)],
        melange::rules::arrakis::LeaderAt::SetAside
    );
}

#[test]
fn harkonnen_house_vehicles_two_of_choice_or_one_of_each() {
    // AR-DIE-21, AR-OPT-04, AR-VEH-11
    let mut g = game();
    let az1 = board().air_zone_id("az1").unwrap();
    g.zones[az1.index()] = Some(Vehicle::Carryall);
    g.test_turn(H, &[DieResult::House, DieResult::Strategy], 1);
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
    assert_eq!(g.zones[az1.index()], Some(Vehicle::Ornithopter));
    play(&mut g, H, &[Action::PlaceHarvester(a("s1_1"))]);
    // Two placed: the turn is over.
    assert_eq!(g.prompt(), Prompt::Turn(A));

    let opts = ArrakisOptions {
        overrides: vec![("harkonnen_house_vehicles".into(), "one_of_each".into())],
        ..Default::default()
    };
    let mut g = game_with(opts);
    g.test_turn(H, &[DieResult::House, DieResult::Strategy], 1);
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
fn rules_options_are_named_and_checked() {
    // AR-OPT-01 to AR-OPT-11 names; unknown names and values refused.
    for (name, values) in melange::rules::arrakis::OPTION_NAMES {
        for v in values {
            let o = ArrakisOptions {
                overrides: vec![(name.to_string(), v.to_string())],
                ..Default::default()
            };
            assert!(o.rules().is_ok(), "{name}={v}");
        }
    }
    let bad = ArrakisOptions {
        overrides: vec![("advance_after_win".into(), "sometimes".into())],
        ..Default::default()
    };
    assert!(matches!(bad.rules(), Err(RuleError::InvalidOptions(_))));
    let exp = ArrakisOptions {
        desert_war: true,
        ..Default::default()
    };
    assert!(Arrakis::setup(&exp, 1).is_err());
    let p = ArrakisOptions {
        preset: melange::rules::arrakis::Preset::Published,
        ..Default::default()
    };
    let r = p.rules().unwrap();
    assert!(r.defender_retreat && r.continue_cost_settlement_only && r.printed_dashboard);
    assert!(!r.must_advance);
}

#[test]
fn round_start_draws_and_reveals() {
    // AR-START-03, AR-START-05, AR-VEH-02, AR-ACT-10
    let (g, ev) = Arrakis::setup_with_events(&ArrakisOptions::default(), 5).unwrap();
    for f in [H, A] {
        assert_eq!(g.house(f).hand.len(), 2);
        assert_eq!(g.house(f).decks[0].len(), 17);
        assert_eq!(g.house(f).decks[1].len(), 17);
    }
    assert_eq!(g.revealed.len(), 3);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::PrescienceRevealed { .. }))
    );
    // Vehicle Placement is the Harkonnen's (AR-VEH-01).
    assert_eq!(g.to_act(), Some(seat(H)));
    let mut g = g;
    play(&mut g, H, &[Action::Done]);
    // After dice (and any reassignment), the Atreides act first.
    let mut guard = 0;
    while !matches!(g.prompt(), Prompt::Turn(_)) {
        let s = g.to_act().unwrap();
        let mut l = Vec::new();
        g.legal_actions(s, &mut l);
        let x = *l.iter().find(|x| **x == Action::Done).unwrap_or(&l[0]);
        g.apply(s, &x, &mut Vec::new()).unwrap();
        guard += 1;
        assert!(guard < 50);
    }
    assert_eq!(g.prompt(), Prompt::Turn(A));
    assert_eq!(g.house(H).dice.len(), 8);
    assert_eq!(g.house(A).dice.len(), 4);
}

#[test]
fn the_owner_chooses_which_leader_converts_a_special() {
    // AR-COMBAT-14, AR-COMBAT-16, AR-COMBAT-17
    let d = data();
    let baron = d.leader_id("baron_harkonnen").unwrap();
    let mut g = game();
    g.test_put(A, a("s1_1"), [1, 0, 0], 0);
    g.test_put(H, a("s1_2"), [1, 0, 0], 1);
    g.areas[a("s1_2").index()].named |= 1 << baron.0;
    g.leaders[usize::from(baron.0)] = melange::rules::arrakis::LeaderAt::Board(a("s1_2"));
    attack(&mut g, A, "s1_1", "s1_2", &[UnitKind::Regular]);
    g.test_hand(A, &[]);
    g.test_hand(H, &[]);
    // Atreides: 1 die, a Shield. Harkonnen: 1 die, a Special.
    g.test_load_dice(&[SHIELD, 5]);
    play(&mut g, A, &[Action::Done]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Convert(H)));
    assert_refused(
        &g,
        seat(H),
        &Action::Convert(Some(d.leader_id("beast_rabban").unwrap())),
    );
    let ev = play(&mut g, H, &[Action::Convert(Some(baron))]);
    // The Baron's strip: 0 hits, 2 shields.
    assert_eq!(rolls(&ev)[1], (H, 1, 0, 2));
}

#[test]
fn defender_retreat_option() {
    // AR-OPT-05, AR-COMBAT-32
    let opts = ArrakisOptions {
        overrides: vec![("defender_retreat".into(), "may_retreat".into())],
        ..Default::default()
    };
    let mut g = game_with(opts);
    g.test_put(A, a("s1_1"), [3, 0, 0], 0);
    g.test_put(H, a("s1_2"), [2, 0, 0], 0);
    g.areas[a("s1_6").index()].wormsign = Some(melange::rules::arrakis::Wormsign::Sand);
    attack(&mut g, A, "s1_1", "s1_2", &[UnitKind::Regular; 3]);
    g.test_hand(A, &[]);
    g.test_hand(H, &[]);
    g.test_load_dice(&[SHIELD; 5]);
    play(&mut g, A, &[Action::Done]);
    play(&mut g, A, &[Action::Continue]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Retreat));
    // Never into a wormsign for the Harkonnen.
    assert_refused(&g, seat(H), &Action::Retreat(a("s1_6")));
    play(&mut g, H, &[Action::Retreat(a("s1_5"))]);
    assert_eq!(g.areas[a("s1_5").index()].units[H], [2, 0, 0]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
}

#[test]
fn carryall_rescue_is_the_harkonnen_choice() {
    // AR-HAZ-11, AR-HAZ-20, AR-HAZ-21, AR-HAZ-22, AR-HAZ-24
    let setup = || {
        let mut g = game();
        let az1 = board().air_zone_id("az1").unwrap();
        g.zones[az1.index()] = Some(Vehicle::Carryall);
        g.areas[a("s1_1").index()].harvester = true;
        g.areas[a("s1_1").index()].wormsign = Some(melange::rules::arrakis::Wormsign::Sandworm);
        g.test_turn(H, &[DieResult::Mentat], 0);
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
    assert!(g.areas[a("s1_1").index()].worm.is_some());
    let ev = play(&mut g, H, &[Action::Rescue(az1)]);
    assert!(g.zones[az1.index()].is_none());
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
fn two_sandworms_move_or_attack_under_the_wiki_option() {
    // AR-OPT-03, AR-HAZ-39, AR-HAZ-40, AR-HAZ-41
    let opts = ArrakisOptions {
        overrides: vec![("desert_power_sandworms".into(), "two_activate".into())],
        ..Default::default()
    };
    let mut g = game_with(opts);
    g.areas[a("s1_1").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
    g.areas[a("s1_5").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
    g.test_put(H, a("s1_4"), [1, 0, 0], 0);
    g.test_turn(A, &[], 2);
    play(&mut g, A, &[Action::DesertPower]);
    // Never into an area holding a figure.
    assert_refused(&g, seat(A), &Action::WormMove(a("s1_1"), a("s1_4")));
    play(&mut g, A, &[Action::WormMove(a("s1_1"), a("s1_3"))]);
    assert!(g.areas[a("s1_3").index()].worm.is_some());
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
    g.test_put(H, a("s1_1"), [2, 0, 0], 0);
    g.areas[a("s1_1").index()].wormsign = Some(melange::rules::arrakis::Wormsign::Sandworm);
    g.test_turn(H, &[DieResult::Mentat], 0);
    let deck = melange::rules::arrakis::Deck::HouseHarkonnen;
    // Not into an enemy legion, nor next to a sandworm's figure.
    g.test_put(A, a("s1_4"), [1, 0, 0], 0);
    g.areas[a("s1_2").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
    // The storm on the legion's new area rolls Shields.
    g.test_load_dice(&[SHIELD, SHIELD]);
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
    assert!(g.areas[a("s1_1").index()].worm.is_some());
    assert_eq!(g.areas[a("s1_1").index()].unit_count(H), 0);
    // The legion fled intact, where the Harkonnen sent it.
    assert_eq!(g.areas[a("s4_3").index()].units[H], [2, 0, 0]);
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
        g.test_put(H, a("s1_1"), [3, 0, 0], 0);
        g.areas[a("s1_1").index()].harvester = true;
        g.areas[a("s1_1").index()].wormsign = Some(Wormsign::Sandworm);
        g.areas[a("s1_2").index()].worm = Some(Worm::Normal);
        g.test_put(A, a("s1_4"), [1, 0, 0], 0);
        if cornered {
            g.test_put(A, a("s1_3"), [1, 0, 0], 0);
            g.test_put(A, a("s4_3"), [1, 0, 0], 0);
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
    g.test_load_dice(&worm_dice);
    let ev = to_desert_hazards(&mut g);
    assert_eq!(g.areas[a("s1_1").index()].units[H], [1, 0, 0]);
    for id in ["s1_3", "s4_3"] {
        assert_eq!(g.areas[a(id).index()].unit_count(H), 0, "{id}");
    }
    assert!(!destroyed(&ev));
    assert!(matches!(g.prompt(), Prompt::Spice { spice: 2, .. }));

    // "retreats" (wiki): the Harkonnen pick an open area, the legion goes
    // there whole, and the harvester left alone is destroyed at once.
    let mut g = setup("retreats", false);
    g.test_load_dice(&[SHIELD; 8]);
    to_desert_hazards(&mut g);
    assert_eq!(g.prompt(), Prompt::Flee(a("s1_1")));
    assert_eq!(
        legal(&g, H),
        vec![Action::Retreat(a("s1_3")), Action::Retreat(a("s4_3"))]
    );
    let ev = play(&mut g, H, &[Action::Retreat(a("s1_3"))]);
    assert_eq!(g.areas[a("s1_3").index()].units[H], [3, 0, 0]);
    assert_eq!(g.areas[a("s1_1").index()].unit_count(H), 0);
    assert!(destroyed(&ev));
    assert!(!g.areas[a("s1_1").index()].harvester);

    // "retreats" with no open area: the sandworm attacks as by default.
    let mut g = setup("retreats", true);
    g.test_load_dice(&worm_dice);
    let ev = to_desert_hazards(&mut g);
    assert_ne!(g.prompt(), Prompt::Flee(a("s1_1")));
    assert_eq!(g.areas[a("s1_1").index()].units[H], [1, 0, 0]);
    assert!(!destroyed(&ev));
    assert!(matches!(g.prompt(), Prompt::Spice { spice: 2, .. }));
}

#[test]
fn testing_station_taken_where_a_move_ends() {
    // AR-PRESC-09, AR-PRESC-10
    let mut g = game();
    g.test_put(A, a("s1_1"), [1, 0, 0], 0);
    g.test_turn(A, &[DieResult::Strategy], 2);
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
    assert!(g.areas[a("s1_4").index()].station.is_none());
    assert_eq!(g.prescience.iter().sum::<u8>(), 1);
}

#[test]
fn two_harvesters_destroyed_in_action_resolution_advance_the_jihad() {
    // AR-PRESC-13, AR-HARV (an Atreides legion entering removes a harvester)
    let mut g = game();
    g.test_put(A, a("s1_1"), [1, 0, 0], 0);
    g.test_put(A, a("s1_6"), [1, 0, 0], 0);
    g.areas[a("s1_3").index()].harvester = true;
    g.areas[a("s1_2").index()].harvester = true;
    g.test_turn(A, &[DieResult::Strategy], 2);
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
    assert_eq!(g.prescience[2], 0);
    play(
        &mut g,
        A,
        &[
            Action::Legion(a("s1_6")),
            Action::Take(UnitKind::Regular),
            Action::To(a("s1_2")),
        ],
    );
    assert_eq!(g.prescience[2], 1);
}

#[test]
fn step_three_brings_the_desert_leaders() {
    // AR-PRESC-16, AR-PRESC-17, AR-PRESC-18, AR-LEADER-14 to AR-LEADER-17
    use melange::rules::arrakis::LeaderAt;
    let d = data();
    let id = |s: &str| usize::from(d.leader_id(s).unwrap().0);
    let mut g = game();
    g.prescience = [2, 2, 2];
    g.test_put(A, a("s1_1"), [1, 0, 0], 0);
    g.areas[a("s1_1").index()].named |= 1 << id("paul_atreides");
    g.leaders[id("paul_atreides")] = LeaderAt::Board(a("s1_1"));
    g.test_put(A, a("s5_1"), [1, 0, 0], 0);
    let bg = g.house(A).bene_gesserit;
    // Destroying a Pyon village advances every marker by 1.
    attack(&mut g, A, "s5_1", "imperial_basin", &[UnitKind::Regular]);
    assert_eq!(g.prescience, [3, 3, 3]);
    assert_eq!(g.leaders[id("paul_atreides")], LeaderAt::Removed);
    assert_eq!(g.leaders[id("paul_muad_dib")], LeaderAt::Board(a("s1_1")));
    assert!(g.areas[a("s1_1").index()].named & (1 << id("paul_muad_dib")) != 0);
    assert_eq!(g.leaders[id("lady_jessica")], LeaderAt::Removed);
    assert_eq!(g.leaders[id("reverend_mother_jessica")], LeaderAt::SetAside);
    assert_eq!(g.leaders[id("chani")], LeaderAt::SetAside);
    assert_eq!(g.leaders[id("alia")], LeaderAt::NotInPlay);
    assert_eq!(g.house(A).bene_gesserit, bg + 1);
}

#[test]
fn arrakeen_falling_wins_at_once_when_the_objective_is_met() {
    // AR-WIN-04, AR-PRESC-12, AR-PRESC-19
    use melange::rules::core::Viewer;
    let mut g = game();
    let t = g.view(Viewer::Seat(seat(A))).objective.unwrap();
    g.prescience = [t[0] - 3, t[1] - 3, t[2] - 3];
    g.test_put(A, a("broken_land"), [1, 0, 0], 0);
    attack(&mut g, A, "broken_land", "arrakeen", &[UnitKind::Regular]);
    assert_eq!(g.to_act(), None);
    let r = g.result().unwrap();
    assert_eq!(r.winners, vec![seat(A)]);
}

#[test]
fn ten_supremacy_wins_at_once() {
    // AR-WIN-05, AR-COMBAT-39
    let mut g = game();
    g.supremacy = 9;
    g.test_put(H, a("s1_11"), [1, 0, 0], 0);
    attack(&mut g, H, "s1_11", "gara_kulon", &[UnitKind::Regular]);
    assert_eq!(g.to_act(), None);
    assert_eq!(g.result().unwrap().winners, vec![seat(H)]);
    assert!(g.supremacy >= 10);
}

#[test]
fn buying_supremacy_with_spice() {
    // AR-SPICE-10, AR-SPICE-11, AR-SPICE-12, AR-SPICE-13
    let mut g = game();
    g.supremacy = 5;
    g.test_set_prompt(Prompt::Spice {
        spice: 8,
        decided: [false; 3],
    });
    play(&mut g, H, &[Action::BuySupremacy]);
    assert_eq!(g.supremacy, 6);
    let e = assert_refused(&g, seat(H), &Action::BuySupremacy);
    assert_eq!(rule_of(e), "AR-SPICE-06");
    let mut six = game();
    six.supremacy = 6;
    six.test_set_prompt(Prompt::Spice {
        spice: 8,
        decided: [false; 3],
    });
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
    assert_eq!(g.spice_saved, 1);
}

#[test]
fn events_are_redacted_per_seat() {
    // AR-DEPLOY-02, AR-WIN-01: token contents, drawn cards and the secret
    // objective reach only their owner.
    use melange::rules::core::Viewer;
    let (g, ev) = Arrakis::setup_with_events(&ArrakisOptions::default(), 3).unwrap();
    for e in &ev {
        let h = g.redact(e, Viewer::Seat(seat(H))).unwrap();
        let s = g.redact(e, Viewer::Spectator).unwrap();
        match e {
            Event::ObjectiveDealt { .. } => {
                assert_eq!(h, Event::ObjectiveDealt { objective: u8::MAX });
                assert_eq!(s, h);
                assert_eq!(g.redact(e, Viewer::Seat(seat(A))).unwrap(), *e);
            }
            Event::CardDrawn { faction, .. } => {
                let other = Viewer::Seat(seat(faction.other()));
                assert!(matches!(
                    g.redact(e, other).unwrap(),
                    Event::CardDrawn { card: None, .. }
                ));
                assert!(matches!(s, Event::CardDrawn { card: None, .. }));
            }
            _ => {}
        }
    }
    let placed = Event::TokenDeployed {
        area: a("gara_kulon"),
        kind: 3,
    };
    assert_eq!(
        g.redact(&placed, Viewer::Seat(seat(H))).unwrap(),
        Event::TokenDeployed {
            area: a("gara_kulon"),
            kind: u8::MAX
        }
    );
}

#[test]
fn bene_gesserit_reorder_option() {
    // AR-OPT-02, AR-BG-05
    use melange::rules::core::Viewer;
    let opts = ArrakisOptions {
        overrides: vec![("bene_gesserit_use".into(), "reorder".into())],
        ..Default::default()
    };
    let mut g = game_with(opts);
    g.test_turn(A, &[DieResult::Strategy], 1);
    let top: Vec<_> = g.house(A).decks[0].iter().rev().take(3).copied().collect();
    play(&mut g, A, &[Action::Foresee(0)]);
    assert_eq!(g.house(A).bene_gesserit, 0);
    assert_eq!(
        g.view(Viewer::Seat(seat(A))).houses[Faction::Atreides].foresee,
        Some(top.clone())
    );
    assert_eq!(
        g.view(Viewer::Seat(seat(H))).houses[Faction::Atreides].foresee,
        None
    );
    // Order 5 = [2, 1, 0]: the third card goes on top.
    play(&mut g, A, &[Action::Order(5)]);
    let now: Vec<_> = g.house(A).decks[0].iter().rev().take(3).copied().collect();
    assert_eq!(now, vec![top[2], top[1], top[0]]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
    assert_refused(&g, seat(A), &Action::Foresee(0));
}

#[test]
fn the_owner_picks_which_elite_becomes_a_regular() {
    // AR-COMBAT-19, AR-COMBAT-20
    let mut g = game();
    g.test_put(H, a("s1_1"), [1, 0, 0], 0);
    g.test_put(A, a("s1_2"), [0, 1, 1], 0);
    attack(&mut g, H, "s1_1", "s1_2", &[UnitKind::Regular]);
    g.test_hand(H, &[]);
    g.test_hand(A, &[]);
    // Harkonnen: 1 die, a Hit. Atreides: 2 dice, 2 Hits.
    g.test_load_dice(&[HIT, HIT, HIT]);
    play(&mut g, H, &[Action::Done]);
    // The attacker's casualty (its only regular) is automatic; the
    // defender chooses between its elite and its Fedaykin.
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Casualty(A)));
    play(&mut g, A, &[Action::LoseUnit(UnitKind::Special)]);
    assert_eq!(g.areas[a("s1_2").index()].units[A], [1, 1, 0]);
}

#[test]
fn at_the_sandworm_cap_the_atreides_pick_the_one_that_moves() {
    // AR-HAZ-14, AR-HAZ-15, AR-HAZ-16
    let mut g = game();
    for id in ["s1_5", "s1_6", "s2_1", "s3_1"] {
        g.areas[a(id).index()].worm = Some(melange::rules::arrakis::Worm::Normal);
    }
    g.worms_off = 0;
    g.areas[a("s1_1").index()].harvester = true;
    g.areas[a("s1_1").index()].wormsign = Some(melange::rules::arrakis::Wormsign::Sandworm);
    g.test_turn(H, &[DieResult::Mentat], 0);
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
    assert!(g.areas[a("s2_1").index()].worm.is_none());
    assert!(g.areas[a("s1_1").index()].worm.is_some());
    let worms = g.areas.iter().filter(|s| s.worm.is_some()).count();
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
            g.areas[a(id).index()].worm = Some(Worm::Normal);
        }
        g.worms_off = 0;
        g.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
        g.areas[a("s1_2").index()].harvester = true;
        g.test_put(H, a("s1_1"), [1, 0, 0], 0);
        g.test_put(H, a("s2_2"), [1, 0, 0], 0);
        g.test_turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
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
    assert_eq!(g.areas[a("s1_1").index()].units[H], [1, 0, 0]);
    assert!(g.areas[a("s1_2").index()].harvester);
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
        assert!(g.areas[from.index()].worm.is_none());
        let s = &g.areas[a("s1_2").index()];
        assert!(s.worm.is_some() && !s.harvester && s.wormsign.is_none());
        assert_eq!(g.areas.iter().filter(|s| s.worm.is_some()).count(), 4);
        assert!(matches!(g.prompt(), Prompt::Move(m) if m.faction == H && m.picked.is_none()));
    }
}

/// Hazards after a Harkonnen Mentat turn that ends Action Resolution.
fn to_desert_hazards(g: &mut Arrakis) -> Vec<Event> {
    g.test_turn(H, &[DieResult::Mentat], 0);
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
    g.test_put(H, a("pasty_mesa"), [0, 1, 1], 0);
    g.test_load_dice(&[HIT, HIT]);
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
    assert_eq!(g.areas[a("pasty_mesa").index()].units[H], [0, 1, 0]);
    assert!(!matches!(g.prompt(), Prompt::HazardCasualty(..)));
}

#[test]
fn desert_power_sandworm_casualty_is_the_harkonnen_choice() {
    // AR-COMBAT-20, AR-HAZ-26, AR-DP-08
    let mut g = game();
    g.areas[a("s1_1").index()].worm = Some(melange::rules::arrakis::Worm::Normal);
    g.test_put(H, a("s1_4"), [0, 1, 1], 0);
    g.test_turn(A, &[], 1);
    play(&mut g, A, &[Action::DesertPower]);
    g.test_load_dice(&[HIT, SHIELD, SHIELD, SHIELD]);
    play(&mut g, A, &[Action::WormAttack(a("s1_1"), a("s1_4"))]);
    assert!(matches!(g.prompt(), Prompt::HazardCasualty(_, x, 1, _) if x == a("s1_4")));
    let e = assert_refused(&g, seat(H), &Action::LoseUnit(UnitKind::Regular));
    assert_eq!(rule_of(e), "AR-COMBAT-20");
    play(&mut g, H, &[Action::LoseUnit(UnitKind::Elite)]);
    assert_eq!(g.areas[a("s1_4").index()].units[H], [1, 0, 1]);
    // The Desert Power turn is over.
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn continuing_hit_on_elite_or_fedaykin_is_the_attackers_choice() {
    // AR-COMBAT-20, AR-COMBAT-29
    let mut g = game();
    g.test_put(A, a("s1_1"), [0, 1, 1], 0);
    g.test_put(H, a("s1_2"), [3, 0, 0], 0);
    attack(
        &mut g,
        A,
        "s1_1",
        "s1_2",
        &[UnitKind::Elite, UnitKind::Special],
    );
    play(&mut g, A, &[Action::Done]);
    g.test_load_dice(&[SHIELD; 5]);
    play(&mut g, H, &[Action::Done]);
    play(&mut g, A, &[Action::Continue]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::ContinueCasualty));
    let e = assert_refused(&g, seat(A), &Action::LoseUnit(UnitKind::Regular));
    assert_eq!(rule_of(e), "AR-COMBAT-20");
    assert_refused(&g, seat(H), &Action::LoseUnit(UnitKind::Elite));
    play(&mut g, A, &[Action::LoseUnit(UnitKind::Elite)]);
    assert_eq!(g.battle_group().unwrap().units, [1, 0, 1]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Discard(A)));
}

#[test]
fn revealed_excess_is_the_atreides_choice() {
    // AR-DEPLOY-05, AR-MOVE-08: Guerrilla Training reveals a regular and an
    // elite (starting token kind 1) next to 5 regulars: 1 over the limit.
    let mut g = game();
    g.test_put(A, a("s1_3"), [5, 0, 0], 0);
    g.areas[a("s1_3").index()].tokens.push(1);
    g.test_turn(A, &[DieResult::Strategy], 1);
    play(&mut g, A, &[Action::Reveal(a("s1_3"))]);
    assert!(matches!(g.prompt(), Prompt::Excess(f, x, _) if f == A && x == a("s1_3")));
    let mut legal = Vec::new();
    g.legal_actions(seat(A), &mut legal);
    assert_eq!(
        legal,
        vec![
            Action::LoseUnit(UnitKind::Regular),
            Action::LoseUnit(UnitKind::Elite)
        ]
    );
    let e = assert_refused(&g, seat(A), &Action::LoseUnit(UnitKind::Special));
    assert_eq!(rule_of(e), "AR-MOVE-08");
    play(&mut g, A, &[Action::LoseUnit(UnitKind::Elite)]);
    assert_eq!(g.areas[a("s1_3").index()].units[A], [6, 0, 0]);
    // A free action: back to the Atreides turn.
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn choam_ban_excess_is_the_harkonnen_choice() {
    // AR-SPICE-20, AR-MOVE-08: the ban lowers the limit to 5 at once.
    let mut g = game();
    g.test_put(H, a("s1_3"), [4, 1, 1], 0);
    g.test_put(H, a("s1_1"), [6, 0, 0], 0);
    g.test_set_prompt(Prompt::Spice {
        spice: 0,
        decided: [false; 3],
    });
    play(&mut g, H, &[Action::Done]);
    assert!(g.bans[ImperiumMarker::Choam.index()]);
    // Only regulars in s1_1: one goes without a question.
    assert_eq!(g.areas[a("s1_1").index()].units[H], [5, 0, 0]);
    assert!(matches!(g.prompt(), Prompt::Excess(f, x, _) if f == H && x == a("s1_3")));
    let e = assert_refused(&g, seat(A), &Action::LoseUnit(UnitKind::Special));
    assert!(matches!(
        e,
        RuleError::NotYourTurn { .. } | RuleError::Illegal { .. }
    ));
    play(&mut g, H, &[Action::LoseUnit(UnitKind::Special)]);
    assert_eq!(g.areas[a("s1_3").index()].units[H], [4, 1, 0]);
    assert!(!matches!(g.prompt(), Prompt::Excess(..)));
}

#[test]
fn family_atomics_the_harkonnen_move_each_legion() {
    // AR-ATOM-07: every legion in the target moves to an adjacent open area
    // of the Harkonnen's choice, the Atreides' too.
    let mut g = game();
    g.test_put(A, a("splintered_rock"), [2, 0, 0], 1);
    g.test_put(H, a("wind_pass"), [1, 0, 0], 0);
    g.prescience = [8, 0, 0];
    g.test_turn(A, &[DieResult::Strategy], 1);
    play(&mut g, A, &[Action::Atomics(a("splintered_rock"))]);
    assert_eq!(g.prompt(), Prompt::Displace(A, a("splintered_rock")));
    // Never into the enemy's legion, nor beyond the adjacent areas.
    for refused in [a("wind_pass"), a("broken_land")] {
        let e = assert_refused(&g, seat(H), &Action::Displace(refused));
        assert_eq!(rule_of(e), "AR-ATOM-07");
    }
    assert_refused(&g, seat(A), &Action::Displace(a("s5_2")));
    play(&mut g, H, &[Action::Displace(a("s5_2"))]);
    let s = &g.areas[a("s5_2").index()];
    assert_eq!((s.units[A].into_array(), s.generic[A]), ([2, 0, 0], 1));
    assert!(!g.areas[a("splintered_rock").index()].has_legion(A, data()));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

/// Wormsigns on every area next to `area` (so no retreat area is open),
/// `Sand` ones that never bring a sandworm.
fn block_neighbours_with_wormsigns(g: &mut Arrakis, area: &str) {
    for n in board().passable[a(area).index()].iter() {
        g.areas[n.index()].wormsign = Some(melange::rules::arrakis::Wormsign::Sand);
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
    g.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
    g.areas[a("s1_2").index()].harvester = true;
    g.test_put(H, a("s1_1"), [5, 0, 0], 0);
    g.test_put(H, a("s2_2"), [1, 0, 0], 0);
    g.test_turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
    let off = g.worms_off;
    g.test_load_dice(&[0, 0, 0, 0]);
    let mut acts = vec![
        Action::SpendDie(DieResult::Strategy),
        Action::Legion(a("s1_1")),
    ];
    acts.extend([Action::Take(UnitKind::Regular); 5]);
    acts.push(Action::To(a("s1_2")));
    play(&mut g, H, &acts);
    let s = &g.areas[a("s1_2").index()];
    assert!(!s.harvester && s.wormsign.is_none());
    // 4 Hits: 1 regular of 5 left; the sandworm is gone again.
    assert_eq!(s.units[H], [1, 0, 0]);
    assert!(s.worm.is_none());
    assert_eq!(g.worms_off, off);
    assert_eq!(g.areas[a("s1_1").index()].unit_count(H), 0);
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
    g.areas[a("s1_1").index()].wormsign = None;
    g.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
    g.test_put(H, a("s1_1"), [2, 0, 0], 0);
    g.test_put(H, a("s2_2"), [1, 0, 0], 0);
    g.test_turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
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
    assert!(g.areas[a("s1_2").index()].worm.is_some());
    assert_eq!(g.areas[a("s1_1").index()].units[H], [2, 0, 0]);
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
    g.test_put(A, a("splintered_rock"), [2, 0, 0], 1);
    let around: Vec<AreaId> = board().passable[a("splintered_rock").index()]
        .iter()
        .collect();
    for n in &around {
        g.test_put(H, *n, [1, 0, 0], 0);
    }
    g.prescience = [8, 0, 0];
    g.test_turn(A, &[DieResult::Strategy], 1);
    play(&mut g, A, &[Action::Atomics(a("splintered_rock"))]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
    for n in &around {
        assert_refused(&g, seat(H), &Action::Displace(*n));
    }
    let s = &g.areas[a("splintered_rock").index()];
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
    g.leaders[usize::from(wm.0)] = LeaderAt::SetAside;
    if on_board {
        g.areas[a("s1_3").index()].worm = Some(melange::rules::arrakis::Worm::WildMaker);
    }
    g.areas[a("s1_1").index()].harvester = true;
    g.areas[a("s1_1").index()].wormsign = Some(Wormsign::Sandworm);
    if legion > 0 {
        g.test_put(H, a("s1_1"), [legion, 0, 0], 0);
    }
    g.test_turn(H, &[DieResult::Mentat], 0);
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
    let off = g.worms_off;
    // Exactly 6 Hits, then Shields: a Wild Maker rolling fewer dice would
    // leave regulars that no spare Hit of the storm that follows removes.
    g.test_load_dice(&[HIT, HIT, HIT, HIT, HIT, HIT, SHIELD, SHIELD, SHIELD, SHIELD]);
    let ev = play(&mut g, A, &[Action::WildMaker]);
    let s = &g.areas[a("s1_1").index()];
    assert_eq!(s.worm, Some(Worm::WildMaker));
    // 6 Hits: the 6 regulars are gone, and the harvester with them, by the
    // sandworm itself (AR-HAZ-30; the harvest would take it silently).
    assert_eq!(s.unit_count(H), 0);
    assert!(!s.harvester);
    assert!(ev.contains(&Event::HarvesterDestroyed { area: a("s1_1") }));
    assert_eq!(g.worms_off, off);

    // The same with a carryall in reach: the Wild Maker's own attack
    // leaves the harvester alone, so the rescue is asked before any storm.
    let mut g = wild_maker_hazards(ArrakisOptions::default(), 6, false);
    let az1 = board().air_zone_id("az1").unwrap();
    g.zones[az1.index()] = Some(Vehicle::Carryall);
    g.test_load_dice(&[HIT, HIT, HIT, HIT, HIT, HIT, SHIELD, SHIELD, SHIELD, SHIELD]);
    play(&mut g, A, &[Action::WildMaker]);
    assert_eq!(g.prompt(), Prompt::Rescue(a("s1_1")));
    assert_eq!(g.areas[a("s1_1").index()].unit_count(H), 0);
}

#[test]
fn declining_the_wild_maker_brings_a_normal_sandworm() {
    // AR-HAZ-18: "done" is a normal sandworm, 4 dice (AR-HAZ-14).
    use melange::rules::arrakis::Worm;
    let mut g = wild_maker_hazards(ArrakisOptions::default(), 6, false);
    let off = g.worms_off;
    // 4 Hits, then Shields for the Coriolis Storm that follows.
    g.test_load_dice(&[HIT, HIT, HIT, HIT, SHIELD, SHIELD]);
    play(&mut g, A, &[Action::Done]);
    let s = &g.areas[a("s1_1").index()];
    assert_eq!(s.worm, Some(Worm::Normal));
    assert_eq!(s.units[H], [2, 0, 0]);
    assert_eq!(g.worms_off, off - 1);
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
    assert_eq!(g.areas[a("s1_1").index()].worm, Some(Worm::Normal));
    assert_refused(&g, seat(A), &Action::WildMaker);
}

#[test]
fn a_harkonnen_move_may_call_the_wild_maker() {
    // AR-HAZ-18, AR-HAZ-47, AR-HAZ-50: after the retreat the Atreides may
    // send the Wild Maker; the harvester is destroyed and the move goes on.
    use melange::rules::arrakis::{LeaderAt, Worm, Wormsign};
    let mut g = game();
    let wm = data().leader_id("wild_maker").unwrap();
    g.leaders[usize::from(wm.0)] = LeaderAt::SetAside;
    g.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
    g.areas[a("s1_2").index()].harvester = true;
    g.test_put(H, a("s1_1"), [1, 0, 0], 0);
    g.test_put(H, a("s2_2"), [1, 0, 0], 0);
    g.test_turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
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
    let s = &g.areas[a("s1_2").index()];
    assert_eq!(s.worm, Some(Worm::WildMaker));
    assert!(!s.harvester);
    assert!(matches!(g.prompt(), Prompt::Move(m) if m.legions_left == 1));
    // With its figure on the board, a wormsign brings no choice.
    let g = wild_maker_hazards(ArrakisOptions::default(), 0, true);
    assert!(!matches!(g.prompt(), Prompt::WildMakerOrSandworm(..)));
    assert_eq!(g.areas[a("s1_1").index()].worm, Some(Worm::Normal));
}

#[test]
fn a_cards_battle_boost_survives_the_defenders_excess_pick() {
    // AR-DEPLOY-05, AR-MOVE-08: the defenders' tokens revealed over the
    // limit wait on the Atreides' pick; Killers without Mercy's free
    // continue (AR-COMBAT-29) must still hold when the battle starts.
    use melange::rules::arrakis::AfterExcess;
    use melange::rules::arrakis::card_effects::Boost;
    let mut g = game();
    let d = data();
    let kinds: Vec<_> = d
        .tables
        .deployment_tokens
        .atreides_starting
        .iter()
        .chain(&d.tables.deployment_tokens.atreides_pool)
        .collect();
    let big = (0..kinds.len())
        .max_by_key(|&i| kinds[i].regular + kinds[i].elite + kinds[i].special)
        .unwrap();
    let per = kinds[big].regular + kinds[big].elite + kinds[big].special;
    assert!(per >= 2, "a token hiding 2 units or more");
    let from = a("s1_3");
    let at = board().passable[from.index()]
        .iter()
        .find(|x| g.areas[x.index()].sietch.is_none() && !g.areas[x.index()].settlement)
        .unwrap();
    for _ in 0..4 {
        g.areas[at.index()].tokens.push(big as u8);
    }
    g.test_put(H, from, [1, 0, 1], 0);
    g.test_turn(H, &[DieResult::Strategy, DieResult::Deployment], 2);
    g.test_hand(H, &[data().card_id("killers_without_mercy").unwrap()]);
    play(
        &mut g,
        H,
        &[
            Action::PlayCard(
                data().card_id("killers_without_mercy").unwrap(),
                DieResult::Strategy,
            ),
            Action::Legion(from),
            Action::Take(UnitKind::Special),
            Action::To(at),
        ],
    );
    match g.prompt() {
        Prompt::Excess(f, x, AfterExcess::Battle(b)) => {
            assert_eq!((f, x), (A, at));
            assert_eq!(b.boost, Boost::FreeContinue);
        }
        other => panic!("the Atreides' excess pick expected, got {other:?}"),
    }
}

#[test]
fn hand_limit_discards_of_the_holders_choice_down_to_six() {
    // AR-END-08 (AR-END-01: after the leader swap): a house holding more
    // than 6 planning cards discards cards of its choice down to 6; a house
    // holding exactly 6 is not asked.
    let h_cards: Vec<_> = [
        "hard_times_and_oppression",
        "forced_recruitment",
        "beloved_feyd_rautha",
        "harkonnen_patrols",
        "arsunt_legion",
        "barons_personal_guard",
        "evidence_of_rebellion",
        "polar_cap_factories",
    ]
    .into_iter()
    .map(card)
    .collect();
    let a_cards: Vec<_> = [
        "war_plan",
        "the_voice",
        "death_commandos",
        "chatt_the_leaper",
        "truthtrance",
        "battle_language",
    ]
    .into_iter()
    .map(card)
    .collect();
    let mut g = game();
    g.test_hand(H, &h_cards);
    g.test_hand(A, &a_cards);
    g.test_set_prompt(Prompt::Swap(H));
    // No leader to swap on either side: the swap ends, the limit asks the
    // Harkonnen.
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.prompt(), Prompt::HandLimit(H));
    // Any card in hand may go, nothing else is offered.
    let want: Vec<_> = h_cards.iter().map(|c| Action::Discard(*c)).collect();
    assert_eq!(legal(&g, H), want);
    assert!(legal(&g, A).is_empty());
    // Other moves are refused and name the rule: stopping short, a card
    // not in hand; the Atreides are not the ones asked.
    for x in [Action::Done, Action::Discard(a_cards[0])] {
        let e = assert_refused(&g, seat(H), &x);
        assert_eq!(rule_of(e), "AR-END-08", "{x:?}");
    }
    assert!(matches!(
        assert_refused(&g, seat(A), &Action::Discard(a_cards[0])),
        RuleError::NotYourTurn { .. }
    ));
    // The Harkonnen pick two from the middle of the hand.
    let ev = play(&mut g, H, &[Action::Discard(h_cards[2])]);
    assert_eq!(
        ev,
        vec![Event::CardDiscarded {
            faction: H,
            card: h_cards[2]
        }]
    );
    // 7 cards: still over the limit.
    assert_eq!(g.prompt(), Prompt::HandLimit(H));
    assert!(!legal(&g, H).contains(&Action::Discard(h_cards[2])));
    play(&mut g, H, &[Action::Discard(h_cards[5])]);
    let kept: Vec<_> = h_cards
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 2 && *i != 5)
        .map(|(_, c)| *c)
        .collect();
    assert_eq!(g.house(H).hand, kept);
    assert!(g.house(H).discard.ends_with(&[h_cards[2], h_cards[5]]));
    // At 6 the discard stops, and the Atreides with exactly 6 keep them all.
    assert!(
        !matches!(g.prompt(), Prompt::HandLimit(_)),
        "{:?}",
        g.prompt()
    );
    assert_eq!(g.house(A).hand, a_cards);

    // The mirror: the Atreides hold 7, the Harkonnen exactly 6.
    let mut g = game();
    let mut a7 = a_cards.clone();
    a7.push(card("stillsuits"));
    g.test_hand(H, &h_cards[..6]);
    g.test_hand(A, &a7);
    g.test_set_prompt(Prompt::Swap(H));
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.prompt(), Prompt::HandLimit(A));
    play(&mut g, A, &[Action::Discard(a7[0])]);
    assert_eq!(g.house(A).hand, a7[1..]);
    assert_eq!(g.house(H).hand, h_cards[..6]);
    assert!(
        !matches!(g.prompt(), Prompt::HandLimit(_)),
        "{:?}",
        g.prompt()
    );
}

#[test]
fn a_refusal_names_the_rule_the_action_and_the_decision_in_words() {
    // AR-ACT-11: a card played with a die the house does not have; the
    // message names the card, the die, the reason and the decision, with no
    // Rust debug text (`PlayCard(CardId(55), Leadership)`, `Turn(..)`).
    let mut g = game();
    let c = card("hawats_scheming");
    g.test_hand(H, &[c]);
    g.test_turn(H, &[DieResult::Strategy], 1);
    let e = assert_refused(&g, seat(H), &Action::PlayCard(c, DieResult::Leadership));
    assert_eq!(
        e.to_string(),
        "AR-ACT-11: \u{201c}play Hawat's Scheming with a leadership die\u{201d} is refused: \
         a turn's action spends one of your unspent dice on an action its result allows, \
         or is a free action open to you now. The game waits on House Harkonnen to choose \
         its turn's action."
    );
    // AR-ACT-17: an action of another decision's kind.
    let e = assert_refused(&g, seat(H), &Action::Legion(a("carthag")));
    assert_eq!(rule_of(e), "AR-ACT-11");
    g.test_set_prompt(Prompt::Upgrade(2));
    let e = assert_refused(&g, seat(H), &Action::Advance);
    assert_eq!(
        e.to_string(),
        "AR-ACT-17: \u{201c}advance into the area\u{201d} is refused: it is not one of the \
         choices this step offers. The game waits on House Harkonnen to upgrade regular units."
    );
    // An id this game does not have is said so, not printed.
    let e = assert_refused(&g, seat(H), &Action::Upgrade(AreaId(250)));
    assert!(
        e.to_string()
            .starts_with("AR-ACT-17: \u{201c}an action naming something this game does not have")
    );
}

/// Two games that differ only in `holder`'s hidden hand, played in
/// lockstep: the other seat and a spectator must see the same views and
/// events, the same seat must be asked at every step, and the other seat
/// must have the same choices. The holder takes only choices open in both
/// games (a card both hands hold, "stop here", a move...). Returns how many
/// holder decisions had different choices in the two games, or `None` when
/// the two diverged (the message says where).
fn lockstep(
    mut g1: Arrakis,
    mut g2: Arrakis,
    holder: Faction,
    rng: &mut impl rand::Rng,
    steps: usize,
) -> Result<usize, String> {
    use melange::rules::core::Viewer;
    let watchers = [Viewer::Seat(seat(holder.other())), Viewer::Spectator];
    let mut differing = 0;
    for step in 0..steps {
        for v in watchers {
            if format!("{:?}", g1.view(v)) != format!("{:?}", g2.view(v)) {
                return Err(format!("step {step}: {v:?} sees a difference"));
            }
        }
        if g1.to_act() != g2.to_act() {
            return Err(format!(
                "step {step}: {:?} asked in one game, {:?} in the other ({:?} / {:?})",
                g1.to_act(),
                g2.to_act(),
                g1.prompt(),
                g2.prompt()
            ));
        }
        let Some(s) = g1.to_act() else {
            return Ok(differing);
        };
        let (mut l1, mut l2) = (Vec::new(), Vec::new());
        g1.legal_actions(s, &mut l1);
        g2.legal_actions(s, &mut l2);
        let choices: Vec<Action> = if s == seat(holder) {
            if l1 != l2 {
                differing += 1;
            }
            l1.iter().copied().filter(|x| l2.contains(x)).collect()
        } else {
            if l1 != l2 {
                return Err(format!("step {step}: the other seat's choices differ"));
            }
            l1
        };
        if choices.is_empty() {
            // The holder must now show a card one game has and the other
            // lacks: the rules reveal it, nothing more to compare.
            return Ok(differing);
        }
        // Cards first (their follow-up steps read the hand), then acting.
        let plays: Vec<Action> = choices
            .iter()
            .copied()
            .filter(|x| matches!(x, Action::PlayCard(..) | Action::PlayFree(_)))
            .collect();
        let acting: Vec<Action> = choices
            .iter()
            .copied()
            .filter(|x| *x != Action::Done)
            .collect();
        let x = if !plays.is_empty() && rng.random_range(0..2) == 0 {
            plays[rng.random_range(0..plays.len())]
        } else if acting.is_empty() || rng.random_range(0..8) == 0 {
            choices[rng.random_range(0..choices.len())]
        } else {
            acting[rng.random_range(0..acting.len())]
        };
        let (mut e1, mut e2) = (Vec::new(), Vec::new());
        g1.apply(s, &x, &mut e1).unwrap();
        g2.apply(s, &x, &mut e2).unwrap();
        for v in watchers {
            let r1: Vec<_> = e1.iter().filter_map(|e| g1.redact(e, v)).collect();
            let r2: Vec<_> = e2.iter().filter_map(|e| g2.redact(e, v)).collect();
            if r1 != r2 {
                return Err(format!(
                    "step {step}: {v:?} told different events after {x:?}"
                ));
            }
        }
    }
    Ok(differing)
}

#[test]
fn a_play_another_card_step_is_asked_whatever_the_hidden_hand() {
    // Non-interference of hidden information, AR-ACT-17: Beloved Feyd-Rautha's second
    // step plays another card. With a playable card in hand or with only
    // Hawat's Scheming (never playable), the Harkonnen are asked, "stop
    // here" offered, so the Atreides learn nothing from who acts next.
    let mut g1 = game();
    g1.test_turn(H, &[DieResult::Strategy, DieResult::Deployment], 2);
    g1.test_hand(A, &[]);
    let feyd = card("beloved_feyd_rautha");
    g1.test_hand(H, &[feyd, card("forced_recruitment")]);
    let mut g2 = g1.clone();
    g2.test_hand(H, &[feyd, card("hawats_scheming")]);
    for g in [&mut g1, &mut g2] {
        play(
            g,
            H,
            &[Action::PlayCard(feyd, DieResult::Strategy), Action::Resolve],
        );
        assert_eq!(g.to_act(), Some(seat(H)));
        assert!(legal(g, H).contains(&Action::Done));
    }
    assert_eq!(legal(&g2, H), vec![Action::Done]);
    let r = lockstep(
        g1,
        g2,
        H,
        &mut rand_chacha::ChaCha8Rng::seed_from_u64(1),
        50,
    );
    assert!(matches!(r, Ok(n) if n >= 1), "{r:?}");
}

#[test]
fn hidden_hands_change_neither_views_nor_who_is_asked_when() {
    // Non-interference of hidden information: along random games, forks that differ
    // only in one house's hand (same size, some cards swapped) give the
    // other house and a spectator the same views, events and prompts at
    // the same times, until the holder must show a card only one fork has.
    use rand::{Rng, SeedableRng};
    let d = data();
    let mut differing = 0;
    for seed in 0..60u64 {
        let opts = ArrakisOptions {
            preset: if seed % 2 == 0 {
                melange::rules::arrakis::Preset::Default
            } else {
                melange::rules::arrakis::Preset::Published
            },
            ..Default::default()
        };
        let mut g = Arrakis::setup(&opts, seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let holder = if seed % 4 < 2 { H } else { A };
        let fork_at = rng.random_range(10..600);
        for _ in 0..fork_at {
            let Some(s) = g.to_act() else { break };
            let mut l = Vec::new();
            g.legal_actions(s, &mut l);
            let acting: Vec<Action> = l.iter().copied().filter(|x| *x != Action::Done).collect();
            let x = if acting.is_empty() {
                l[0]
            } else {
                acting[rng.random_range(0..acting.len())]
            };
            g.apply(s, &x, &mut Vec::new()).unwrap();
        }
        if g.to_act().is_none() || g.house(holder).hand.is_empty() {
            continue;
        }
        let own: Vec<melange::rules::arrakis::CardId> = (0..d.cards.len())
            .map(|i| melange::rules::arrakis::CardId(i as u8))
            .filter(|c| melange::rules::arrakis::Deck::of(holder).contains(&d.card(*c).deck))
            .collect();
        // Some cards swapped: for the Harkonnen often for Hawat's Scheming,
        // which is never played, so a follow-up play may have nothing.
        let mut other_hand = g.house(holder).hand.clone();
        for c in other_hand.iter_mut().skip(1) {
            if rng.random() {
                *c = if holder == H && rng.random() {
                    card("hawats_scheming")
                } else {
                    own[rng.random_range(0..own.len())]
                };
            }
        }
        let mut g2 = g.clone();
        g2.test_hand(holder, &other_hand);
        differing += lockstep(g, g2, holder, &mut rng, 400)
            .unwrap_or_else(|e| panic!("seed {seed}, {holder:?} hand: {e}"));
    }
    eprintln!("holder decisions with different choices: {differing}");
    assert!(differing > 0);
}

#[test]
fn hawats_scheming_is_never_discarded_for_combat_dice() {
    // AR-LEADER-23 (the card's own text), AR-COMBAT-05: the discard for
    // dice offers every other card, never Hawat's Scheming.
    let scheming = card("hawats_scheming");
    let other = card("forced_recruitment");
    let mut g = game();
    g.test_put(H, a("s1_1"), [1, 0, 0], 0);
    g.test_put(A, a("s1_2"), [1, 0, 0], 0);
    g.test_hand(H, &[scheming, other]);
    attack(&mut g, H, "s1_1", "s1_2", &[UnitKind::Regular]);
    assert_eq!(legal(&g, H), vec![Action::Discard(other), Action::Done]);
    let e = assert_refused(&g, seat(H), &Action::Discard(scheming));
    assert_eq!(rule_of(e), "AR-LEADER-23");
    // With only Hawat's Scheming in hand the Harkonnen are still asked
    // (their hand is hidden), "Done" the one choice.
    play(&mut g, H, &[Action::Discard(other)]);
    assert_eq!(legal(&g, H), vec![Action::Done]);
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.house(H).hand, vec![scheming]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Discard(A)));
}

#[test]
fn hawats_scheming_counts_toward_the_hand_limit_but_stays() {
    // AR-END-08, AR-LEADER-23: 8 cards, 3 of them Hawat's Scheming: the
    // Harkonnen discard 2 of the others, and never a Scheming.
    let scheming = card("hawats_scheming");
    let others = [
        card("forced_recruitment"),
        card("sandmasters"),
        card("spotter_control"),
        card("hunter_seeker"),
        card("arsunt_legion"),
    ];
    let mut g = game();
    let mut hand = vec![scheming; 3];
    hand.extend(others);
    g.test_hand(H, &hand);
    g.test_hand(A, &[]);
    g.test_set_prompt(Prompt::Swap(A));
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.prompt(), Prompt::HandLimit(H));
    let l = legal(&g, H);
    assert_eq!(l, others.map(Action::Discard).to_vec());
    let e = assert_refused(&g, seat(H), &Action::Discard(scheming));
    assert_eq!(rule_of(e), "AR-LEADER-23");
    play(
        &mut g,
        H,
        &[Action::Discard(others[0]), Action::Discard(others[1])],
    );
    assert_eq!(g.house(H).hand.len(), 6);
    assert_eq!(
        g.house(H).hand.iter().filter(|c| **c == scheming).count(),
        3
    );
    assert_ne!(g.prompt(), Prompt::HandLimit(H));
}

#[test]
fn hawats_scheming_is_never_taken_by_a_forced_discard() {
    // AR-LEADER-23: The Voice makes the Harkonnen discard a card of their
    // choice; Hawat's Scheming is never one, and a hand of only Scheming
    // cards gives nothing ("Done"), still asked of the Harkonnen.
    let scheming = card("hawats_scheming");
    let voice = card("the_voice");
    let start = |hand: &[melange::rules::arrakis::CardId]| {
        let mut g = game();
        g.test_turn(A, &[DieResult::Strategy, DieResult::Deployment], 2);
        g.test_hand(A, &[voice]);
        g.test_hand(H, hand);
        play(
            &mut g,
            A,
            &[
                Action::PlayCard(voice, DieResult::Strategy),
                Action::Resolve,
            ],
        );
        g
    };
    let g = start(&[scheming, card("sandmasters")]);
    assert_eq!(legal(&g, H), vec![Action::Discard(card("sandmasters"))]);
    let e = assert_refused(&g, seat(H), &Action::Discard(scheming));
    assert_eq!(rule_of(e), "AR-LEADER-23");

    let mut g = start(&[scheming, scheming]);
    assert_eq!(g.to_act(), Some(seat(H)));
    assert_eq!(legal(&g, H), vec![Action::Done]);
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.house(H).hand, vec![scheming, scheming]);
    assert!(g.house(H).discard.is_empty());
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
        g.zones[z] = Some(Vehicle::Ornithopter);
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
