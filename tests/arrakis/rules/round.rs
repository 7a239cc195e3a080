//! The round (AR-START, AR-END, AR-WIN, AR-OPT): round start, the end of
//! the round (leader swap, desert leaders, hand limit), winning at once,
//! and the named rules options.
use super::*;

#[test]
fn end_of_round_leader_swap() {
    // AR-END-04
    let d = data();
    let paul = d.leader_id("paul_atreides").unwrap();
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_1").index()].named |= 1 << paul.0;
        s.leaders[usize::from(paul.0)] = melange::rules::arrakis::LeaderAt::Board(a("s1_1"));
        s.prompt = Prompt::Swap(A);
    })
    .unwrap();
    play(&mut g, A, &[Action::SwapLeader(paul)]);
    assert_eq!(g.areas()[a("s1_1").index()].generic[A], 1);
    assert_eq!(
        g.leaders()[usize::from(paul.0)],
        melange::rules::arrakis::LeaderAt::SetAside
    );
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
    // The rules set the Smugglers expansion up; the server does not offer
    // it until it is complete (tests/platform/arrakis.rs).
    let exp = ArrakisOptions {
        smugglers: true,
        ..Default::default()
    };
    assert!(Arrakis::setup(&exp, 1).is_ok());
    let p = ArrakisOptions {
        preset: melange::rules::arrakis::Preset::Published,
        ..Default::default()
    };
    let r = p.rules().unwrap();
    assert!(r.defender_retreat && r.continue_cost_settlement_only && r.printed_dashboard);
    assert!(!r.must_advance);
    // The published preset, switch by switch (docs/rules-decisions.md,
    // rules options): every publisher's reading and nothing else.
    use melange::rules::arrakis::{Rules, StormExposure};
    assert_eq!(
        r,
        Rules {
            defender_retreat: true,
            continue_cost_settlement_only: true,
            sandworm_legion_retreats: true,
            desert_power_two_worms: true,
            printed_dashboard: true,
            gurney_strip: true,
            printed_ornithopters: true,
            storm_exposure: StormExposure::EnclosedPlateaus,
            ..Rules::default()
        }
    );
    assert_eq!(ArrakisOptions::default().rules().unwrap(), Rules::default());
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
    assert_eq!(g.revealed().len(), 3);
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
fn step_three_brings_the_desert_leaders() {
    // AR-PRESC-16, AR-PRESC-17, AR-PRESC-18, AR-LEADER-14 to AR-LEADER-17
    use melange::rules::arrakis::LeaderAt;
    let d = data();
    let id = |s: &str| usize::from(d.leader_id(s).unwrap().0);
    let mut g = game();
    g.edit(|s| {
        s.prescience = [2, 2, 2].into();
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_1").index()].named |= 1 << id("paul_atreides");
        s.leaders[id("paul_atreides")] = LeaderAt::Board(a("s1_1"));
        s.put(A, a("s5_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    let bg = g.house(A).bene_gesserit;
    // Destroying a Pyon village advances every marker by 1.
    attack(&mut g, A, "s5_1", "imperial_basin", &[UnitKind::Regular]);
    assert_eq!(g.prescience(), [3, 3, 3]);
    assert_eq!(g.leaders()[id("paul_atreides")], LeaderAt::Removed);
    assert_eq!(g.leaders()[id("paul_muad_dib")], LeaderAt::Board(a("s1_1")));
    assert!(g.areas()[a("s1_1").index()].named & (1 << id("paul_muad_dib")) != 0);
    assert_eq!(g.leaders()[id("lady_jessica")], LeaderAt::Removed);
    assert_eq!(
        g.leaders()[id("reverend_mother_jessica")],
        LeaderAt::SetAside
    );
    assert_eq!(g.leaders()[id("chani")], LeaderAt::SetAside);
    assert_eq!(g.leaders()[id("alia")], LeaderAt::NotInPlay);
    assert_eq!(g.house(A).bene_gesserit, bg + 1);
}

#[test]
fn arrakeen_falling_wins_at_once_when_the_objective_is_met() {
    // AR-WIN-04, AR-PRESC-12, AR-PRESC-19
    use melange::rules::core::Viewer;
    let mut g = game();
    let t = g.view(Viewer::Seat(seat(A))).objective.unwrap();
    g.edit(|s| {
        s.prescience = [t[0] - 3, t[1] - 3, t[2] - 3].into();
        s.put(A, a("broken_land"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    attack(&mut g, A, "broken_land", "arrakeen", &[UnitKind::Regular]);
    assert_eq!(g.to_act(), None);
    let r = g.result().unwrap();
    assert_eq!(r.winners, vec![seat(A)]);
}

#[test]
fn ten_supremacy_wins_at_once() {
    // AR-WIN-05, AR-COMBAT-39
    let mut g = game();
    g.edit(|s| {
        s.supremacy = 9;
        s.put(H, a("s1_11"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    attack(&mut g, H, "s1_11", "gara_kulon", &[UnitKind::Regular]);
    assert_eq!(g.to_act(), None);
    assert_eq!(g.result().unwrap().winners, vec![seat(H)]);
    assert!(g.supremacy() >= 10);
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
    g.edit(|s| {
        s.hand(H, &h_cards);
        s.hand(A, &a_cards);
        s.prompt = Prompt::Swap(H);
    })
    .unwrap();
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
    assert_eq!(g.house(H).hand, kept.into());
    assert!(g.house(H).discard.ends_with(&[h_cards[2], h_cards[5]]));
    // At 6 the discard stops, and the Atreides with exactly 6 keep them all.
    assert!(
        !matches!(g.prompt(), Prompt::HandLimit(_)),
        "{:?}",
        g.prompt()
    );
    assert_eq!(g.house(A).hand, a_cards.clone().into());

    // The mirror: the Atreides hold 7, the Harkonnen exactly 6.
    let mut g = game();
    let mut a7 = a_cards.clone();
    a7.push(card("stillsuits"));
    g.edit(|s| {
        s.hand(H, &h_cards[..6]);
        s.hand(A, &a7);
        s.prompt = Prompt::Swap(H);
    })
    .unwrap();
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.prompt(), Prompt::HandLimit(A));
    play(&mut g, A, &[Action::Discard(a7[0])]);
    assert_eq!(g.house(A).hand.as_slice(), &a7[1..]);
    assert_eq!(g.house(H).hand.as_slice(), &h_cards[..6]);
    assert!(
        !matches!(g.prompt(), Prompt::HandLimit(_)),
        "{:?}",
        g.prompt()
    );
}
