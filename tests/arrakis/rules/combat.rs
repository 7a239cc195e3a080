//! Combat (AR-COMBAT): dice by rank and settlement, the six-dice cap,
//! Shields and what cancels them, specials, continuing, retreating,
//! advancing, settlements falling, and whose choice each casualty is.
//! Combat faces (data): 0-2 Hit, 3-4 Shield, 5 Special.
use super::*;

#[test]
fn settlement_rank_dice_and_the_six_dice_cap() {
    // AR-COMBAT-06, AR-COMBAT-07, AR-COMBAT-08
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("arrakeen"), [1, 0, 0], 0).unwrap();
        s.put(A, a("broken_land"), [2, 0, 0], 0).unwrap();
    })
    .unwrap();
    attack(
        &mut g,
        A,
        "broken_land",
        "arrakeen",
        &[UnitKind::Regular, UnitKind::Regular],
    );
    g.edit(|s| s.load_dice(&[SHIELD, SHIELD, HIT, HIT, SHIELD, SHIELD]))
        .unwrap();
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
    g.edit(|s| {
        s.put(H, a("arrakeen"), [4, 0, 0], 0).unwrap();
        s.put(A, a("broken_land"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    attack(&mut g, A, "broken_land", "arrakeen", &[UnitKind::Regular]);
    g.edit(|s| s.load_dice(&[SHIELD; 7])).unwrap();
    let ev = play(&mut g, A, &[Action::Done]);
    assert_eq!(rolls(&ev)[1].1, 6);

    // 2 units + rank 3 = 5: one discard reaches 6, a second is refused.
    let card = melange::rules::arrakis::CardId(0);
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("arrakeen"), [2, 0, 0], 0).unwrap();
        s.put(A, a("broken_land"), [1, 0, 0], 0).unwrap();
        s.hand(H, &[card, card]);
    })
    .unwrap();
    attack(&mut g, A, "broken_land", "arrakeen", &[UnitKind::Regular]);
    g.edit(|s| s.load_dice(&[SHIELD; 7])).unwrap();
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
    g.edit(|s| {
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put(A, a("s1_2"), [1, 0, 0], 0).unwrap();
        s.hand(H, &[card, card]);
        s.imperium = ([1, 1, 5]).into();
        s.bans = ([false, false, true]).into();
    })
    .unwrap();
    let mut banned = g.clone();
    attack(&mut banned, H, "s1_1", "s1_2", &[UnitKind::Regular]);
    // Under the ban the Harkonnen have no discard to make: their step is
    // passed and the Atreides decide.
    assert!(matches!(
        banned.prompt(),
        Prompt::Battle(b) if b.step == BattleStep::Discard(A)
    ));
    assert_eq!(banned.house(H).hand.len(), 2);

    g.edit(|s| {
        s.imperium = ([1, 1, 1]).into();
        s.bans = ([false, false, false]).into();
    })
    .unwrap();
    attack(&mut g, H, "s1_1", "s1_2", &[UnitKind::Regular]);
    play(&mut g, H, &[Action::Discard(card), Action::Discard(card)]);
    g.edit(|s| s.load_dice(&[SHIELD; 4])).unwrap();
    let ev = play(&mut g, A, &[Action::Done]);
    assert_eq!(rolls(&ev)[0].1, 3);
    assert!(g.house(H).hand.is_empty());
}

#[test]
fn sardaukar_cancel_shields_and_the_casualty_order() {
    // AR-COMBAT-18, AR-COMBAT-19, AR-COMBAT-20, AR-COMBAT-23
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [0, 0, 2], 0).unwrap();
        s.put(A, a("s1_2"), [1, 1, 0], 0).unwrap();
    })
    .unwrap();
    attack(
        &mut g,
        H,
        "s1_1",
        "s1_2",
        &[UnitKind::Special, UnitKind::Special],
    );
    play(&mut g, H, &[Action::Done]);
    g.edit(|s| s.load_dice(&[HIT, HIT, SHIELD, SHIELD]))
        .unwrap();
    play(&mut g, A, &[Action::Done]);
    // Two hits, both shields cancelled: the regular dies, then the elite
    // becomes a regular.
    assert_eq!(g.areas()[a("s1_2").index()].units[A], [1, 0, 0]);
}

#[test]
fn each_sardaukar_or_fedaykin_cancels_one_shield_only() {
    // AR-COMBAT-18: one Shield per Sardaukar or Fedaykin, not every Shield:
    // 1 special elite against 2 Shields leaves 1 Shield standing.
    // Harkonnen attack, 1 regular and 1 Sardaukar: Hit, Hit against the
    // Atreides' Shield, Shield.
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [1, 0, 1], 0).unwrap();
        s.put(A, a("s1_2"), [1, 1, 0], 0).unwrap();
    })
    .unwrap();
    attack(
        &mut g,
        H,
        "s1_1",
        "s1_2",
        &[UnitKind::Regular, UnitKind::Special],
    );
    play(&mut g, H, &[Action::Done]);
    g.edit(|s| s.load_dice(&[HIT, HIT, SHIELD, SHIELD]))
        .unwrap();
    let ev = play(&mut g, A, &[Action::Done]);
    assert_eq!(rolls(&ev), vec![(H, 2, 2, 0), (A, 2, 0, 2)]);
    // 2 Hits - (2 Shields - 1 cancelled) = 1 hit: the regular dies.
    assert_eq!(g.areas()[a("s1_2").index()].units[A], [0, 1, 0]);
    assert_eq!(g.battle_group().unwrap().units, [1, 0, 1]);

    // The Atreides attack, 1 regular and 1 Fedaykin, the same way.
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_2"), [1, 0, 1], 0).unwrap();
        s.put(H, a("s1_1"), [1, 1, 0], 0).unwrap();
    })
    .unwrap();
    attack(
        &mut g,
        A,
        "s1_2",
        "s1_1",
        &[UnitKind::Regular, UnitKind::Special],
    );
    play(&mut g, A, &[Action::Done]);
    g.edit(|s| s.load_dice(&[HIT, HIT, SHIELD, SHIELD]))
        .unwrap();
    let ev = play(&mut g, H, &[Action::Done]);
    assert_eq!(rolls(&ev), vec![(A, 2, 2, 0), (H, 2, 0, 2)]);
    assert_eq!(g.areas()[a("s1_1").index()].units[H], [0, 1, 0]);
    assert_eq!(g.battle_group().unwrap().units, [1, 0, 1]);

    // A defender's Fedaykin cancels the attacker's Shields too.
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.put(A, a("s1_2"), [1, 0, 1], 0).unwrap();
    })
    .unwrap();
    attack(
        &mut g,
        H,
        "s1_1",
        "s1_2",
        &[UnitKind::Regular, UnitKind::Regular],
    );
    play(&mut g, H, &[Action::Done]);
    g.edit(|s| s.load_dice(&[SHIELD, SHIELD, HIT, HIT]))
        .unwrap();
    let ev = play(&mut g, A, &[Action::Done]);
    assert_eq!(rolls(&ev), vec![(H, 2, 0, 2), (A, 2, 2, 0)]);
    assert_eq!(g.battle_group().unwrap().units, [1, 0, 0]);
    assert_eq!(g.areas()[a("s1_2").index()].units[A], [1, 0, 1]);
}

#[test]
fn generic_leader_converts_a_special() {
    // AR-COMBAT-12, AR-COMBAT-13, AR-COMBAT-15
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [1, 0, 0], 1).unwrap();
        s.put(A, a("s1_2"), [2, 0, 0], 1).unwrap();
        s.turn(H, &[DieResult::Strategy], 1);
    })
    .unwrap();
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
    g.edit(|s| s.load_dice(&[5, 5, 5])).unwrap();
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
    g.edit(|s| {
        s.put(A, a("s1_1"), [3, 0, 0], 0).unwrap();
        s.put(H, a("s1_2"), [3, 0, 0], 0).unwrap();
    })
    .unwrap();
    attack(
        &mut g,
        A,
        "s1_1",
        "s1_2",
        &[UnitKind::Regular, UnitKind::Regular, UnitKind::Regular],
    );
    play(&mut g, A, &[Action::Done]);
    g.edit(|s| s.load_dice(&[SHIELD; 6])).unwrap();
    play(&mut g, H, &[Action::Done]);
    play(&mut g, A, &[Action::Continue]);
    assert_eq!(g.battle_group().unwrap().units, [2, 0, 0]);
    // Stopping: the survivors go home (AR-COMBAT-30).
    play(&mut g, A, &[Action::Done]);
    g.edit(|s| s.load_dice(&[SHIELD; 6])).unwrap();
    play(&mut g, H, &[Action::Done]);
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.areas()[a("s1_1").index()].units[A], [2, 0, 0]);
}

#[test]
fn undefended_settlement_falls_and_advances_prescience() {
    // AR-COMBAT-36, AR-COMBAT-38, AR-COMBAT-41, AR-PRESC-12, AR-COMBAT-34
    let mut g = game();
    g.edit(|s| s.put(A, a("broken_land"), [1, 0, 0], 0))
        .unwrap();
    let ev = attack(&mut g, A, "broken_land", "carthag", &[UnitKind::Regular]);
    assert!(ev.iter().any(|e| matches!(e, Event::Destroyed { .. })));
    assert!(!g.areas()[a("carthag").index()].settlement);
    assert_eq!(g.prescience(), [2, 2, 2]);
    // May stay (default).
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.areas()[a("broken_land").index()].units[A], [1, 0, 0]);
}

#[test]
fn must_advance_option() {
    // AR-OPT-01
    let opts = ArrakisOptions {
        overrides: vec![("advance_after_win".into(), "must".into())],
        ..Default::default()
    };
    let mut g = game_with(opts);
    g.edit(|s| s.put(A, a("broken_land"), [1, 0, 0], 0))
        .unwrap();
    attack(&mut g, A, "broken_land", "carthag", &[UnitKind::Regular]);
    assert_refused(&g, seat(A), &Action::Done);
    play(&mut g, A, &[Action::Advance]);
    assert_eq!(g.areas()[a("carthag").index()].units[A], [1, 0, 0]);
}

#[test]
fn destroyed_sietch_gives_supremacy() {
    // AR-COMBAT-39, AR-COMBAT-40, AR-DEPLOY-08
    let mut g = game();
    let rank = g.areas()[a("gara_kulon").index()].sietch.unwrap().rank;
    g.edit(|s| s.put(H, a("s1_11"), [1, 0, 0], 0)).unwrap();
    attack(&mut g, H, "s1_11", "gara_kulon", &[UnitKind::Regular]);
    assert!(g.areas()[a("gara_kulon").index()].sietch.is_none());
    assert_eq!(g.supremacy(), rank);
}

#[test]
fn surprise_attack_adds_a_die_in_the_first_round_only() {
    // AR-DIE-08, AR-DIE-09
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 1).unwrap();
        s.put(H, a("s1_2"), [2, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Leadership, DieResult::Strategy], 2);
    })
    .unwrap();
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
    g.edit(|s| {
        s.hand(A, &[]);
        s.hand(H, &[]);
        s.load_dice(&[SHIELD; 4]);
    })
    .unwrap();
    let ev = play(&mut g, A, &[Action::Done]);
    let r = rolls(&ev);
    assert_eq!(r[0].1, 2, "1 unit + the surprise die");
    // Both stand; continuing costs the regular (AR-COMBAT-29), which ends
    // the battle, so a second round is only checked through the rule in
    // `battle_dice` (first round only).
    assert_eq!(g.battle_group().unwrap().units, [1, 0, 0]);
}

#[test]
fn the_owner_chooses_which_leader_converts_a_special() {
    // AR-COMBAT-14, AR-COMBAT-16, AR-COMBAT-17
    let d = data();
    let baron = d.leader_id("baron_harkonnen").unwrap();
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put(H, a("s1_2"), [1, 0, 0], 1).unwrap();
        s.areas[a("s1_2").index()].named |= 1 << baron.0;
        s.leaders[usize::from(baron.0)] = melange::rules::arrakis::LeaderAt::Board(a("s1_2"));
    })
    .unwrap();
    attack(&mut g, A, "s1_1", "s1_2", &[UnitKind::Regular]);
    g.edit(|s| {
        s.hand(A, &[]);
        s.hand(H, &[]);
        // Atreides: 1 die, a Shield. Harkonnen: 1 die, a Special.
        s.load_dice(&[SHIELD, 5]);
    })
    .unwrap();
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
    g.edit(|s| {
        s.put(A, a("s1_1"), [3, 0, 0], 0).unwrap();
        s.put(H, a("s1_2"), [2, 0, 0], 0).unwrap();
        s.areas[a("s1_6").index()].wormsign = Some(melange::rules::arrakis::Wormsign::Sand);
    })
    .unwrap();
    attack(&mut g, A, "s1_1", "s1_2", &[UnitKind::Regular; 3]);
    g.edit(|s| {
        s.hand(A, &[]);
        s.hand(H, &[]);
        s.load_dice(&[SHIELD; 5]);
    })
    .unwrap();
    play(&mut g, A, &[Action::Done]);
    play(&mut g, A, &[Action::Continue]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Retreat));
    // Never into a wormsign for the Harkonnen.
    assert_refused(&g, seat(H), &Action::Retreat(a("s1_6")));
    play(&mut g, H, &[Action::Retreat(a("s1_5"))]);
    assert_eq!(g.areas()[a("s1_5").index()].units[H], [2, 0, 0]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
}

#[test]
fn the_owner_picks_which_elite_becomes_a_regular() {
    // AR-COMBAT-19, AR-COMBAT-20
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put(A, a("s1_2"), [0, 1, 1], 0).unwrap();
    })
    .unwrap();
    attack(&mut g, H, "s1_1", "s1_2", &[UnitKind::Regular]);
    g.edit(|s| {
        s.hand(H, &[]);
        s.hand(A, &[]);
        // Harkonnen: 1 die, a Hit. Atreides: 2 dice, 2 Hits.
        s.load_dice(&[HIT, HIT, HIT]);
    })
    .unwrap();
    play(&mut g, H, &[Action::Done]);
    // The attacker's casualty (its only regular) is automatic; the
    // defender chooses between its elite and its Fedaykin.
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Casualty(A)));
    play(&mut g, A, &[Action::LoseUnit(UnitKind::Special)]);
    assert_eq!(g.areas()[a("s1_2").index()].units[A], [1, 1, 0]);
}

#[test]
fn continuing_hit_on_elite_or_fedaykin_is_the_attackers_choice() {
    // AR-COMBAT-20, AR-COMBAT-29
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [0, 1, 1], 0).unwrap();
        s.put(H, a("s1_2"), [3, 0, 0], 0).unwrap();
    })
    .unwrap();
    attack(
        &mut g,
        A,
        "s1_1",
        "s1_2",
        &[UnitKind::Elite, UnitKind::Special],
    );
    play(&mut g, A, &[Action::Done]);
    g.edit(|s| s.load_dice(&[SHIELD; 5])).unwrap();
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
    g.edit(|s| {
        s.put(A, a("s1_3"), [5, 0, 0], 0).unwrap();
        s.areas[a("s1_3").index()].tokens.push(1);
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
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
    assert_eq!(g.areas()[a("s1_3").index()].units[A], [6, 0, 0]);
    // A free action: back to the Atreides turn.
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn choam_ban_excess_is_the_harkonnen_choice() {
    // AR-SPICE-20, AR-MOVE-08: the ban lowers the limit to 5 at once.
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_3"), [4, 1, 1], 0).unwrap();
        s.put(H, a("s1_1"), [6, 0, 0], 0).unwrap();
        s.prompt = Prompt::Spice {
            spice: 0,
            decided: Default::default(),
        };
    })
    .unwrap();
    play(&mut g, H, &[Action::Done]);
    assert!(g.bans()[ImperiumMarker::Choam]);
    // Only regulars in s1_1: one goes without a question.
    assert_eq!(g.areas()[a("s1_1").index()].units[H], [5, 0, 0]);
    assert!(matches!(g.prompt(), Prompt::Excess(f, x, _) if f == H && x == a("s1_3")));
    let e = assert_refused(&g, seat(A), &Action::LoseUnit(UnitKind::Special));
    assert!(matches!(
        e,
        RuleError::NotYourTurn { .. } | RuleError::Illegal { .. }
    ));
    play(&mut g, H, &[Action::LoseUnit(UnitKind::Special)]);
    assert_eq!(g.areas()[a("s1_3").index()].units[H], [4, 1, 0]);
    assert!(!matches!(g.prompt(), Prompt::Excess(..)));
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
        .find(|x| g.areas()[x.index()].sietch.is_none() && !g.areas()[x.index()].settlement)
        .unwrap();
    for _ in 0..4 {
        g.edit(|s| s.areas[at.index()].tokens.push(big as u8))
            .unwrap();
    }
    g.edit(|s| {
        s.put(H, from, [1, 0, 1], 0).unwrap();
        s.turn(H, &[DieResult::Strategy, DieResult::Deployment], 2);
        s.hand(H, &[data().card_id("killers_without_mercy").unwrap()]);
    })
    .unwrap();
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
