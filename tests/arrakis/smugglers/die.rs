//! The Smugglers Action die (SM-ROUND-06, SM-DIE-01 to SM-DIE-16): the
//! roll with the Atreides dice, Desert Power, and each of its actions at an
//! Atreides turn, refusals included.
use super::*;
use crate::common::*;
use melange::rules::arrakis::expansions::smugglers::{
    DieUse, SmAction, SmEvent, SmPrompt, Standing,
};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use melange::rules::arrakis::{Action, DieResult, Event, Prompt, UnitKind};
use melange::rules::core::conformance::assert_refused;

/// A Smugglers game, board cleared, the Smugglers allied with their Base
/// in s1_8 and the die ready.
pub(super) fn allied() -> Arrakis {
    let mut g = game();
    g.edit(|s| s.smugglers_standing(Standing::Allied)).unwrap();
    let base = a("s1_8");
    g.edit(|s| {
        s.expansions
            .smugglers
            .as_deref_mut()
            .expect("smugglers")
            .base = Some(base);
        s.areas[base.index()].expansions.smugglers.base = true;
        s.smugglers_mut().map(|sm| sm.die_ready = true).unwrap();
    })
    .unwrap();
    g
}

pub(super) fn use_die(u: DieUse) -> Action {
    Action::Expansion(ExpansionAction::Smugglers(SmAction::UseDie(u)))
}

/// An Atreides turn with one Atreides Strategy die and the Smugglers die
/// showing `r`; the Harkonnen hold 2 dice.
fn die_turn(r: DieResult) -> Arrakis {
    let mut g = allied();
    g.edit(|s| {
        s.turn(A, &[DieResult::Strategy], 2);
        s.smugglers_mut().map(|sm| sm.die = Some(r)).unwrap();
    })
    .unwrap();
    g
}

/// The Atreides Strategy die is untouched.
fn atreides_die_unspent(g: &Arrakis) {
    assert_eq!(g.house(A).dice.len(), 1);
    assert!(!g.house(A).dice[0].spent);
}

// Face indexes of the die (data: strategy, strategy, leadership,
// deployment, mentat, house).
const DEPLOYMENT_FACE: u8 = 3;

#[test]
fn the_smugglers_die_is_rolled_with_the_atreides_dice() {
    // SM-ROUND-06, SM-DIE-01: allied and ready, the Atreides roll the die
    // at the start of Action Resolution, after their 4 dice.
    let mut g = allied();
    let h = g.active_row().dice;
    let mut faces = vec![0u8; usize::from(h) + 4];
    faces.push(DEPLOYMENT_FACE);
    g.edit(|s| s.load_dice(&faces)).unwrap();
    let ev = play(&mut g, H, &[Action::Done]);
    assert_eq!(g.smugglers().unwrap().die, Some(DieResult::Deployment));
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::DieRolled {
            result: DieResult::Deployment
        }
    ))));
    // SM-DIE-02: it sits on the Smugglers board, not on the dashboard:
    // the Atreides still hold 4 dice (some maybe excess), none of them
    // the Smugglers die.
    assert_eq!(
        g.house(A).dice.len() + usize::from(g.house(A).excess),
        4,
        "the 4 Atreides dice only"
    );
    let rolled: Vec<_> = ev
        .iter()
        .filter(|e| matches!(e, Event::DiceRolled { faction, .. } if *faction == A))
        .collect();
    assert_eq!(rolled.len(), 1);

    // SM-ALLY-10: not ready (the alliance round): no roll.
    let mut g = allied();
    g.edit(|s| s.smugglers_mut().map(|sm| sm.die_ready = false))
        .unwrap();
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.smugglers().unwrap().die, None);
    // SM-ROUND-05: neutral: no roll either (no Smuggler vehicle left to
    // place, so the Harkonnen may stop, SM-HARVESTER-05).
    let mut g = allied();
    g.edit(|s| {
        s.smugglers_standing(Standing::Neutral).unwrap();
        s.smugglers_mut()
            .map(|sm| sm.harvesters_in_game = 0)
            .unwrap();
        s.smugglers_mut()
            .map(|sm| sm.carryall_in_game = false)
            .unwrap();
    })
    .unwrap();
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.smugglers().unwrap().die, None);
}

#[test]
fn the_smugglers_die_counts_for_desert_power() {
    // SM-DIE-05: 1 Atreides die against 2 Harkonnen dice allows Desert
    // Power; with the Smugglers die unspent the Atreides hold 2.
    let mut g = allied();
    g.edit(|s| s.turn(A, &[DieResult::Strategy], 2)).unwrap();
    assert!(legal(&g, A).contains(&Action::DesertPower));
    g.edit(|s| {
        s.smugglers_mut()
            .map(|sm| sm.die = Some(DieResult::Strategy))
    })
    .unwrap();
    assert!(!legal(&g, A).contains(&Action::DesertPower));
    let e = assert_refused(&g, seat(A), &Action::DesertPower);
    assert_eq!(rule_of(e), "AR-DP-04");
}

#[test]
fn the_smugglers_die_replaces_an_atreides_die_and_is_lost_at_the_end() {
    // SM-DIE-03: offered at an Atreides turn while unspent.
    let mut g = die_turn(DieResult::Strategy);
    assert!(legal(&g, A).contains(&use_die(DieUse::StrategyMove)));
    g.edit(|s| s.put(A, a("s1_1"), [1, 0, 0], 0)).unwrap();
    let ev = play(
        &mut g,
        A,
        &[
            use_die(DieUse::StrategyMove),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
            Action::To(a("s1_2")),
        ],
    );
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::DieUsed {
            result: DieResult::Strategy,
            action: DieUse::StrategyMove
        }
    ))));
    assert_eq!(g.smugglers().unwrap().die, None);
    atreides_die_unspent(&g);
    assert_eq!(g.prompt(), Prompt::Turn(H));
    // Spent: refused from then on (SM-DIE-03).
    g.edit(|s| s.prompt = Prompt::Turn(A)).unwrap();
    let e = assert_refused(&g, seat(A), &use_die(DieUse::StrategyMove));
    assert_eq!(rule_of(e), "SM-DIE-03");
    // A result gives only its own actions.
    let g = die_turn(DieResult::Strategy);
    let e = assert_refused(&g, seat(A), &use_die(DieUse::LeadershipMove));
    assert_eq!(rule_of(e), "SM-DIE-03");
    // AR-ACT-19: an unspent Smugglers die is lost at the end of Action
    // Resolution.
    let mut g = die_turn(DieResult::Strategy);
    g.edit(|s| {
        s.turn(H, &[DieResult::Strategy], 0);
        s.smugglers_mut()
            .map(|sm| sm.die = Some(DieResult::Strategy))
            .unwrap();
        s.put(H, a("carthag"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[Action::SpendDie(DieResult::Strategy), Action::Done],
    );
    assert_eq!(g.smugglers().unwrap().die, None);
}

#[test]
fn the_smugglers_die_plays_cards_only_through_mentat() {
    // SM-DIE-04: a Leadership result plays no card.
    let war_plan = card("war_plan");
    let mut g = die_turn(DieResult::Leadership);
    g.edit(|s| s.hand(A, &[war_plan])).unwrap();
    assert!(!legal(&g, A).contains(&use_die(DieUse::MentatPlay)));
    let e = assert_refused(&g, seat(A), &use_die(DieUse::MentatPlay));
    assert_eq!(rule_of(e), "SM-DIE-04");
    // Every card play offered spends an Atreides die.
    for x in legal(&g, A) {
        if let Action::PlayCard(_, r) = x {
            assert_eq!(r, DieResult::Strategy);
        }
    }
    // SM-DIE-14: the Mentat result plays one card, no Atreides die spent.
    let mut g = die_turn(DieResult::Mentat);
    g.edit(|s| {
        s.hand(A, &[war_plan]);
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    let ev = play(&mut g, A, &[use_die(DieUse::MentatPlay)]);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::DieUsed {
            result: DieResult::Mentat,
            action: DieUse::MentatPlay
        }
    ))));
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::MentatPlay))
    );
    let e = assert_refused(&g, seat(A), &Action::Resolve);
    assert_eq!(rule_of(e), "SM-DIE-14");
    let ev = play(&mut g, A, &[Action::PlayFree(war_plan)]);
    assert!(ev.contains(&Event::CardPlayed {
        faction: A,
        card: war_plan
    }));
    assert!(matches!(g.prompt(), Prompt::Move(m) if m.card.is_some()));
    assert!(g.house(A).hand.is_empty());
    atreides_die_unspent(&g);
    // No card it could play: not offered (SM-DIE-14).
    let mut g = die_turn(DieResult::Mentat);
    g.edit(|s| s.hand(A, &[])).unwrap();
    let e = assert_refused(&g, seat(A), &use_die(DieUse::MentatPlay));
    assert_eq!(rule_of(e), "SM-DIE-14");
}

#[test]
fn leadership_moves_a_legion_with_a_leader() {
    // SM-DIE-06, SM-DIE-07
    let mut g = die_turn(DieResult::Leadership);
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 1).unwrap();
        s.put(A, a("s1_12"), [1, 0, 0], 0).unwrap();
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    play(&mut g, A, &[use_die(DieUse::LeadershipMove)]);
    // SM-DIE-07: not a leaderless legion.
    let e = assert_refused(&g, seat(A), &Action::Legion(a("s1_12")));
    assert_eq!(rule_of(e), "SM-DIE-07");
    play(
        &mut g,
        A,
        &[Action::Legion(a("s1_1")), Action::Take(UnitKind::Regular)],
    );
    // SM-DIE-07: the leader moves with it.
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_2")));
    assert_eq!(rule_of(e), "SM-DIE-07");
    play(&mut g, A, &[Action::TakeGeneric]);
    // SM-DIE-06: a move, never an attack.
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_3")));
    assert_eq!(rule_of(e), "SM-DIE-06");
    play(&mut g, A, &[Action::To(a("s1_2"))]);
    assert_eq!(g.areas()[a("s1_2").index()].units[A].regular, 1);
    assert_eq!(g.areas()[a("s1_2").index()].generic[A], 1);
    // One legion: the turn is over, the Atreides die unspent.
    assert_eq!(g.prompt(), Prompt::Turn(H));
    atreides_die_unspent(&g);
}

#[test]
fn leadership_attacks_with_a_legion_holding_a_smuggler_unit() {
    // SM-DIE-08, SM-DIE-09
    let mut g = die_turn(DieResult::Leadership);
    g.edit(|s| {
        s.put_smuggler_regulars(a("s1_1"), 2).unwrap();
        s.put(A, a("s1_12"), [1, 0, 0], 1).unwrap();
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    play(&mut g, A, &[use_die(DieUse::LeadershipAttack)]);
    // SM-DIE-09: not a legion without a Smuggler unit.
    let e = assert_refused(&g, seat(A), &Action::Legion(a("s1_12")));
    assert_eq!(rule_of(e), "SM-DIE-09");
    play(
        &mut g,
        A,
        &[Action::Legion(a("s1_1")), Action::Take(UnitKind::Smuggler)],
    );
    // SM-DIE-08: an attack only.
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_2")));
    assert_eq!(rule_of(e), "SM-DIE-08");
    let ev = play(&mut g, A, &[Action::To(a("s1_3"))]);
    assert!(ev.contains(&Event::BattleStarted {
        attacker: A,
        area: a("s1_3")
    }));
    // Not a surprise attack (docs/rules-decisions.md, Smugglers).
    let Prompt::Battle(b) = g.prompt() else {
        panic!("a battle")
    };
    assert!(!b.surprise);
    assert_eq!(b.group.units[UnitKind::Smuggler], 1);
}

#[test]
fn strategy_moves_one_legion() {
    // SM-DIE-10
    let mut g = die_turn(DieResult::Strategy);
    g.edit(|s| {
        s.put(A, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.put(A, a("s1_12"), [1, 0, 0], 0).unwrap();
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            use_die(DieUse::StrategyMove),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
        ],
    );
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_3")));
    assert_eq!(rule_of(e), "SM-DIE-10");
    play(&mut g, A, &[Action::To(a("s1_2"))]);
    // One legion only: the turn is over.
    assert_eq!(g.prompt(), Prompt::Turn(H));
    assert_eq!(g.areas()[a("s1_2").index()].units[A].regular, 1);
    assert_eq!(g.areas()[a("s1_1").index()].units[A].regular, 1);
}

#[test]
fn strategy_moves_two_legions_holding_smuggler_units() {
    // SM-DIE-11, SM-DIE-12
    let mut g = die_turn(DieResult::Strategy);
    g.edit(|s| {
        s.put_smuggler_regulars(a("s1_1"), 1).unwrap();
        s.put(A, a("s1_12"), [1, 0, 0], 0).unwrap();
        s.put_smuggler_regulars(a("s1_12"), 1).unwrap();
        s.put(A, a("s1_9"), [1, 0, 0], 0).unwrap();
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    play(&mut g, A, &[use_die(DieUse::StrategyPair)]);
    // SM-DIE-12: each legion holds a Smuggler unit.
    let e = assert_refused(&g, seat(A), &Action::Legion(a("s1_9")));
    assert_eq!(rule_of(e), "SM-DIE-12");
    play(
        &mut g,
        A,
        &[Action::Legion(a("s1_1")), Action::Take(UnitKind::Smuggler)],
    );
    // SM-DIE-11: moves only.
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_3")));
    assert_eq!(rule_of(e), "SM-DIE-11");
    play(&mut g, A, &[Action::To(a("s1_2"))]);
    // SM-DIE-12: never the same legion twice.
    let e = assert_refused(&g, seat(A), &Action::Legion(a("s1_2")));
    assert_eq!(rule_of(e), "SM-DIE-12");
    play(
        &mut g,
        A,
        &[Action::Legion(a("s1_12")), Action::Take(UnitKind::Regular)],
    );
    // SM-DIE-12: the Smuggler unit moves with it.
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_13")));
    assert_eq!(rule_of(e), "SM-DIE-12");
    play(
        &mut g,
        A,
        &[Action::Take(UnitKind::Smuggler), Action::To(a("s1_13"))],
    );
    assert_eq!(g.areas()[a("s1_2").index()].units[A].smuggler, 1);
    assert_eq!(g.areas()[a("s1_13").index()].units[A].smuggler, 1);
    assert_eq!(g.areas()[a("s1_13").index()].units[A].regular, 1);
    assert_eq!(g.prompt(), Prompt::Turn(H));
    atreides_die_unspent(&g);
}

#[test]
fn deployment_places_smuggler_units_in_the_base_area() {
    // SM-DIE-13: 2 from the supply into the Base's area.
    let mut g = die_turn(DieResult::Deployment);
    let supply = g.house(A).supply.smuggler;
    let ev = play(&mut g, A, &[use_die(DieUse::Deployment)]);
    assert_eq!(g.areas()[a("s1_8").index()].units[A].smuggler, 2);
    assert_eq!(g.house(A).supply.smuggler, supply - 2);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::RegularsDeployed {
            area: a("s1_8"),
            count: 2
        }
    ))));
    assert_eq!(g.prompt(), Prompt::Turn(H));
    atreides_die_unspent(&g);
    // As many as the supply holds (docs/rules-decisions.md, SQ5): one
    // left in it.
    let mut g = die_turn(DieResult::Deployment);
    let supply = g.house(A).supply.smuggler;
    g.edit(|s| s.put_smuggler_regulars(a("s1_1"), supply - 1))
        .unwrap();
    play(&mut g, A, &[use_die(DieUse::Deployment)]);
    assert_eq!(g.areas()[a("s1_8").index()].units[A].smuggler, 1);
    assert_eq!(g.house(A).supply.smuggler, 0);
    // Over the stacking limit: the Atreides remove the excess, their pick
    // (AR-DEPLOY-05), then the turn ends.
    let mut g = die_turn(DieResult::Deployment);
    g.edit(|s| s.put(A, a("s1_8"), [5, 0, 0], 0)).unwrap();
    play(&mut g, A, &[use_die(DieUse::Deployment)]);
    assert!(matches!(g.prompt(), Prompt::Excess(f, x, _) if f == A && x == a("s1_8")));
    play(&mut g, A, &[Action::LoseUnit(UnitKind::Regular)]);
    assert_eq!(g.areas()[a("s1_8").index()].unit_count(A), 6);
    assert_eq!(g.prompt(), Prompt::Turn(H));
    // No Base: refused.
    let mut g = die_turn(DieResult::Deployment);
    g.edit(|s| s.smugglers_base(None)).unwrap();
    let e = assert_refused(&g, seat(A), &use_die(DieUse::Deployment));
    assert_eq!(rule_of(e), "SM-DIE-13");
}

#[test]
fn mentat_draws_two_house_atreides_cards_and_keeps_one() {
    // SM-DIE-15
    let mut g = die_turn(DieResult::Mentat);
    g.edit(|s| s.hand(A, &[card("war_plan")])).unwrap();
    let deck = &g.house(A).decks[0];
    let (second, first) = (deck[deck.len() - 2], deck[deck.len() - 1]);
    let discard_before = g.house(A).discard.len();
    play(&mut g, A, &[use_die(DieUse::MentatDraw)]);
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::MentatKeep))
    );
    assert_eq!(g.house(A).hand.len(), 3);
    // Hidden: the Harkonnen have nothing to choose and see no card.
    assert!(legal(&g, H).is_empty());
    let v = g.view(melange::rules::core::Viewer::Seat(seat(H)));
    assert_eq!(v.houses[A].hand, None);
    assert_eq!(v.houses[A].hand_size, 3);
    // Only a card just drawn may go.
    if first != card("war_plan") && second != card("war_plan") {
        let e = assert_refused(&g, seat(A), &Action::Discard(card("war_plan")));
        assert_eq!(rule_of(e), "SM-DIE-15");
    }
    let ev = play(&mut g, A, &[Action::Discard(first)]);
    assert!(ev.contains(&Event::CardDiscarded {
        faction: A,
        card: first
    }));
    assert!(g.house(A).hand.contains(&second));
    assert_eq!(g.house(A).hand.len(), 2);
    assert_eq!(g.house(A).discard.len(), discard_before + 1);
    assert_eq!(g.prompt(), Prompt::Turn(H));
    atreides_die_unspent(&g);
}

#[test]
fn house_gives_any_smugglers_action() {
    // SM-DIE-16: every action of the other results, never Desert Power
    // nor anything outside the Smugglers board.
    let mut g = die_turn(DieResult::House);
    g.edit(|s| s.hand(A, &[card("war_plan")])).unwrap();
    let offered: Vec<DieUse> = legal(&g, A)
        .into_iter()
        .filter_map(|x| match x {
            Action::Expansion(ExpansionAction::Smugglers(SmAction::UseDie(u))) => Some(u),
            _ => None,
        })
        .collect();
    assert_eq!(offered, DieUse::ALL[..7].to_vec());
    assert!(!offered.contains(&DieUse::LeaderSpecial));
    g.edit(|s| s.put_smuggler_regulars(a("s1_1"), 1)).unwrap();
    play(
        &mut g,
        A,
        &[
            use_die(DieUse::StrategyPair),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Smuggler),
            Action::To(a("s1_2")),
        ],
    );
    assert_eq!(g.areas()[a("s1_2").index()].units[A].smuggler, 1);
}

#[test]
fn leaders_special_actions_only_under_the_enhanced_option() {
    // SQ15 (SM-DIE-06, SM-DIE-16): by default the Smugglers die never pays
    // for a leader's special action.
    let paul = leader("paul_atreides");
    let mut g = die_turn(DieResult::Leadership);
    g.edit(|s| {
        s.place_leader(paul, a("s1_1"));
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    assert!(!legal(&g, A).contains(&use_die(DieUse::LeaderSpecial)));
    let e = assert_refused(&g, seat(A), &use_die(DieUse::LeaderSpecial));
    assert_eq!(rule_of(e), "SM-DIE-16");
    // smugglers_die_leaders=enhanced: Paul's special on the Leadership box.
    let mut g = game_with(ArrakisOptions {
        smugglers: true,
        overrides: vec![("smugglers_die_leaders".into(), "enhanced".into())],
        ..ArrakisOptions::default()
    });
    g.edit(|s| {
        s.clear_board();
        s.smugglers_standing(Standing::Allied).unwrap();
        s.turn(A, &[DieResult::Strategy], 2);
        s.smugglers_mut()
            .map(|sm| sm.die = Some(DieResult::Leadership))
            .unwrap();
        s.place_leader(paul, a("s1_1"));
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    let ev = play(&mut g, A, &[use_die(DieUse::LeaderSpecial)]);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::DieUsed {
            result: DieResult::Leadership,
            action: DieUse::LeaderSpecial
        }
    ))));
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::DieSpecial))
    );
    assert_eq!(
        legal(&g, A),
        vec![Action::Special(paul), Action::Done],
        "only the Leadership box's leader"
    );
    let ev = play(&mut g, A, &[Action::Special(paul)]);
    assert!(ev.contains(&Event::SpecialAction { leader: paul }));
    assert!(matches!(g.prompt(), Prompt::Move(m) if m.card.is_some()));
    atreides_die_unspent(&g);
    assert_eq!(g.smugglers().unwrap().die, None);
}

/// Random games from an allied start (the Base in s1_8, the die ready, 3
/// Smuggler ornithopters waiting), to a winner: the die and the
/// ornithopters never stall a game, and Smuggler ornithopters are
/// conserved (on the Smugglers board or in an Air zone).
#[test]
fn random_allied_games_reach_a_winner() {
    let mut played = [0u32; 3];
    for seed in 0..20u64 {
        let mut g = Arrakis::setup(
            &ArrakisOptions {
                smugglers: true,
                ..ArrakisOptions::default()
            },
            seed,
        )
        .unwrap();
        g.edit(|s| {
            s.smugglers_standing(Standing::Allied).unwrap();
            s.smugglers_base(Some(a("s1_8"))).unwrap();
            s.smugglers_mut().map(|sm| sm.die_ready = true).unwrap();
            s.smugglers_mut().map(|sm| sm.thopters = 3).unwrap();
        })
        .unwrap();
        let mut rng = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut steps = 0;
        while let Some(seat) = g.to_act() {
            steps += 1;
            assert!(steps < 200_000, "seed {seed}: no end");
            let mut legal = Vec::new();
            g.legal_actions(seat, &mut legal);
            assert!(!legal.is_empty(), "seed {seed}: stuck at {:?}", g.prompt());
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            // Prefer the expansion's choices when offered.
            let sm: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|x| matches!(x, Action::Expansion(ExpansionAction::Smugglers(_))))
                .collect();
            let busy: Vec<Action> = legal
                .iter()
                .copied()
                .filter(|x| *x != Action::Done)
                .collect();
            let pool = if !sm.is_empty() && rng >> 60 != 0 {
                &sm
            } else if !busy.is_empty() && (rng >> 33) % 10 != 0 {
                &busy
            } else {
                &legal
            };
            let x = pool[((rng >> 33) as usize) % pool.len()];
            match x {
                Action::Expansion(ExpansionAction::Smugglers(SmAction::UseDie(_))) => {
                    played[0] += 1
                }
                Action::Expansion(ExpansionAction::Smugglers(SmAction::ThopterBattle(_))) => {
                    played[1] += 1
                }
                Action::Expansion(ExpansionAction::Smugglers(SmAction::ThopterTransport(..))) => {
                    played[2] += 1
                }
                _ => {}
            }
            let mut ev = Vec::new();
            let before = g.prompt();
            g.apply(seat, &x, &mut ev)
                .unwrap_or_else(|e| panic!("seed {seed}: {x:?} refused: {e}"));
            let on_board = g
                .zones()
                .iter()
                .filter(|z| **z == Some(melange::rules::arrakis::Vehicle::SMUGGLER_ORNITHOPTER))
                .count() as u8;
            let sm = g.smugglers().unwrap().clone();
            assert_eq!(
                sm.thopters + on_board,
                sm.thopters_in_game,
                "seed {seed}: after {x:?} at {before:?}: {ev:?}"
            );
        }
        assert!(g.result().is_some());
    }
    assert!(played.iter().all(|n| *n > 0), "{played:?}");
}

/// A prescience card's slot in the data by its id.
fn prescience_card(id: &str) -> u8 {
    d().tables
        .prescience_cards
        .iter()
        .position(|c| c.id == id)
        .unwrap_or_else(|| panic!("no prescience card {id}")) as u8
}

#[test]
fn the_smugglers_die_pays_for_a_spend_die_prescience_card() {
    // SM-DIE-03 with AR-PRESC-08: the Smugglers die is spent in place of
    // an Atreides die, and a "spend 1 action die" prescience card takes
    // any unused die; the only card the die may not pay for is a planning
    // card outside its Mentat result (SM-DIE-04).
    let claim = Action::Expansion(ExpansionAction::Smugglers(SmAction::ClaimPrescience(0)));
    let mut g = die_turn(DieResult::Leadership);
    g.edit(|s| {
        s.revealed = vec![prescience_card("water_of_life")].into();
        s.claimed_this_round = 0;
    })
    .unwrap();
    assert!(legal(&g, A).contains(&claim));
    let ev = play(&mut g, A, &[claim]);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::DieClaimed {
            result: DieResult::Leadership
        }
    ))));
    assert!(g.revealed().is_empty(), "the card is claimed");
    assert_eq!(
        g.smugglers().unwrap().die,
        None,
        "the Smugglers die is spent"
    );
    atreides_die_unspent(&g);
    assert_eq!(g.prompt(), Prompt::Turn(H), "it was the turn's action");
    // Spent: refused from then on.
    g.edit(|s| {
        s.prompt = Prompt::Turn(A);
        s.revealed = vec![prescience_card("water_of_life")].into();
        s.claimed_this_round = 0;
        s.claimed_this_turn = false;
    })
    .unwrap();
    let e = assert_refused(&g, seat(A), &claim);
    assert_eq!(rule_of(e), "SM-DIE-03");
    // A card that costs no die is claimed without one (AR-PRESC-08).
    let mut g = die_turn(DieResult::Leadership);
    let free = d()
        .tables
        .prescience_cards
        .iter()
        .position(|c| !c.spend_die)
        .expect("a card that costs no die") as u8;
    g.edit(|s| {
        s.revealed = vec![free].into();
        s.claimed_this_round = 0;
    })
    .unwrap();
    assert!(!legal(&g, A).contains(&claim));
    assert_refused(&g, seat(A), &claim);
}

#[test]
fn a_leadership_attack_takes_a_smuggler_unit_along() {
    // SM-DIE-09: the attacking group itself must hold a Smuggler unit; a
    // legion holding one may not attack with its other units only, leaving
    // its Smuggler units behind.
    let mut g = die_turn(DieResult::Leadership);
    g.edit(|s| {
        s.put_smuggler_regulars(a("s1_1"), 1).unwrap();
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            use_die(DieUse::LeadershipAttack),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
        ],
    );
    assert!(!legal(&g, A).contains(&Action::To(a("s1_3"))));
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_3")));
    assert_eq!(rule_of(e), "SM-DIE-09");
    // With its Smuggler unit the attack goes.
    let ev = play(
        &mut g,
        A,
        &[Action::Take(UnitKind::Smuggler), Action::To(a("s1_3"))],
    );
    assert!(ev.contains(&Event::BattleStarted {
        attacker: A,
        area: a("s1_3")
    }));
}
