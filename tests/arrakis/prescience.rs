//! Prescience cards and secret objectives (AR-START-05, AR-PRESC-02 to
//! AR-PRESC-08, AR-END-01, AR-END-09, AR-WIN-01 to AR-WIN-04): the designed
//! deck of data/arrakis/tables.json (melange's own design, see
//! docs/rules-decisions.md), one test per card, on the real board.
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::tables::Condition;
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, ArrakisOptions, DieResult, Event, Faction, LeaderAt, Phase, Prompt,
    Sietch, UnitKind, Worm, board,
};
use melange::rules::core::conformance::assert_refused;
use melange::rules::core::{RuleError, Ruleset, Seat, Viewer};

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

fn a(id: &str) -> AreaId {
    board().a(id)
}

fn seat(f: Faction) -> Seat {
    Seat(f.index() as u8)
}

/// The index of prescience card `id`.
fn pc(id: &str) -> u8 {
    let cards = &data().tables.prescience_cards;
    cards
        .iter()
        .position(|c| c.id == id)
        .unwrap_or_else(|| panic!("no prescience card {id}")) as u8
}

fn game() -> Arrakis {
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    g.edit(|s| {
        s.clear_board();
        s.supremacy = 0;
        s.prescience = [0; 3].into();
    })
    .unwrap();
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

/// The rule a refusal names.
fn rule_of(e: RuleError) -> &'static str {
    match e {
        RuleError::Illegal { rule, .. } => rule,
        other => panic!("not an Illegal refusal: {other:?}"),
    }
}

/// An Atreides Action Resolution turn with a Strategy and a Mentat die, the
/// Harkonnen holding 2 more.
fn atreides_turn(g: &mut Arrakis) {
    g.edit(|s| s.turn(A, &[DieResult::Strategy, DieResult::Mentat], 2))
        .unwrap();
}

/// The End of Round claims step (AR-END-01).
fn end_claims(g: &mut Arrakis) {
    g.edit(|s| {
        s.phase = Phase::EndOfRound;
        s.houses[H].dice = Vec::new().into();
        s.houses[A].dice = Vec::new().into();
        s.prompt = Prompt::EndClaims;
    })
    .unwrap();
}

fn set_sietches(g: &mut Arrakis, revealed: usize) {
    g.edit(|setup| {
        let mut n = 0;
        for s in &mut setup.areas {
            if let Some(x) = &mut s.sietch {
                *x = Sietch {
                    rank: x.rank,
                    revealed: n < revealed,
                };
                n += 1;
            }
        }
    })
    .unwrap();
}

/// Card `id` alone in the row: refused while `unmet` holds, claimed once
/// `met` is applied, advancing the markers by `reward` (AR-PRESC-02,
/// AR-PRESC-07, AR-PRESC-08).
fn check_card(id: &str, unmet: impl Fn(&mut Arrakis), met: impl Fn(&mut Arrakis), reward: [u8; 3]) {
    let d = data();
    let c = pc(id);
    let card = &d.tables.prescience_cards[usize::from(c)];
    assert!(!card.name.is_empty(), "{id} has a name");
    let ar = card.timing == melange::rules::arrakis::tables::PrescienceTiming::ActionResolution;
    let claim = if card.spend_die {
        Action::ClaimSpending(0, DieResult::Strategy)
    } else {
        Action::Claim(0)
    };
    let mut g = game();
    g.edit(|s| {
        s.revealed = vec![c].into();
        s.claimed_this_round = 0;
    })
    .unwrap();
    unmet(&mut g);
    if ar {
        atreides_turn(&mut g);
    } else {
        end_claims(&mut g);
    }
    // AR-PRESC-07: the condition does not hold.
    if card.condition != Condition::None {
        assert_eq!(rule_of(assert_refused(&g, seat(A), &claim)), "AR-PRESC-07");
    }
    met(&mut g);
    if card.spend_die {
        // AR-PRESC-08: never claimed without its die.
        let e = assert_refused(&g, seat(A), &Action::Claim(0));
        assert_eq!(rule_of(e), "AR-PRESC-08");
    }
    let dice = g.house(A).unused();
    let round = g.round();
    play(&mut g, A, &[claim]);
    assert_eq!(g.prescience(), reward, "{id}");
    if !ar {
        // Nothing left to claim or choose: the round ended by itself.
        assert_eq!(g.round(), round + 1);
    } else {
        assert!(!g.revealed().contains(&c));
        assert_eq!(g.claimed_this_round(), 1);
    }
    if ar && card.spend_die {
        assert_eq!(g.house(A).unused(), dice - 1);
        assert_eq!(g.prompt(), Prompt::Turn(H));
    } else if ar {
        // A free action: the turn goes on with every die.
        assert_eq!(g.house(A).unused(), dice);
        assert_eq!(g.prompt(), Prompt::Turn(A));
    }
}

// ---- The deck ----

#[test]
fn the_designed_deck_is_18_distinct_cards() {
    let d = data();
    let cards = &d.tables.prescience_cards;
    assert_eq!(cards.len(), 18);
    let ids: std::collections::BTreeSet<_> = cards.iter().map(|c| c.id.as_str()).collect();
    let names: std::collections::BTreeSet<_> = cards.iter().map(|c| c.name.as_str()).collect();
    assert_eq!((ids.len(), names.len()), (18, 18));
    let conditions: std::collections::BTreeSet<String> =
        cards.iter().map(|c| format!("{:?}", c.condition)).collect();
    assert_eq!(conditions.len(), 18, "every card has its own condition");
    assert!(cards.iter().all(|c| !c.id.starts_with("placeholder")));
    // Rewards: 1 to 3 steps a card, the markers evenly served.
    let mut per = [0u32; 3];
    for c in cards {
        let n: u8 = c.advance.values().sum();
        assert!((1..=3).contains(&n), "{}", c.id);
        for (m, n) in &c.advance {
            per[m.index()] += u32::from(*n);
        }
    }
    assert_eq!(per, [13, 13, 13]);
}

// ---- Revealing, timing, limits ----

#[test]
fn three_cards_are_revealed_at_the_start_of_each_round() {
    // AR-START-05
    let (g, ev) = Arrakis::setup_with_events(&ArrakisOptions::default(), 11).unwrap();
    assert_eq!(g.revealed().len(), 3);
    assert_eq!(g.prescience_deck().len(), 15);
    assert!(ev.contains(&Event::PrescienceRevealed {
        cards: g.revealed().to_vec()
    }));
    // Every viewer sees the row.
    for v in [
        Viewer::Seat(seat(H)),
        Viewer::Seat(seat(A)),
        Viewer::Spectator,
    ] {
        assert_eq!(g.view(v).revealed, g.revealed());
    }
}

#[test]
fn unclaimed_cards_are_removed_or_reshuffled_as_the_atreides_choose() {
    // AR-END-09, AR-START-05
    for reshuffle in [false, true] {
        let mut g = game();
        let row = g.revealed().to_vec();
        assert_eq!(row.len(), 3);
        let deck = g.prescience_deck().len();
        end_claims(&mut g);
        g.edit(|s| {
            s.revealed = row.clone().into();
            s.claimed_this_round = 2;
            s.prompt = Prompt::Unclaimed;
        })
        .unwrap();
        // Only the Atreides choose.
        assert_refused(&g, seat(H), &Action::RemoveUnclaimed);
        let pick = if reshuffle {
            Action::ReshuffleUnclaimed
        } else {
            Action::RemoveUnclaimed
        };
        play(&mut g, A, &[pick]);
        // The next round: 3 new cards.
        assert_eq!(g.phase(), Phase::VehiclePlacement);
        assert_eq!(g.revealed().len(), 3);
        assert_eq!(g.claimed_this_round(), 0);
        let left = g.prescience_deck();
        if reshuffle {
            assert_eq!(left.len(), deck + 3 - 3);
            let mut seen: Vec<u8> = left.iter().chain(g.revealed()).copied().collect();
            seen.sort();
            assert!(row.iter().all(|c| seen.contains(c)));
        } else {
            assert_eq!(left.len(), deck - 3);
            assert!(
                row.iter()
                    .all(|c| !left.contains(c) && !g.revealed().contains(c))
            );
        }
    }
}

#[test]
fn unclaimed_cards_are_decided_card_by_card() {
    // AR-END-09: "for each revealed prescience card not claimed".
    let mut g = game();
    let row = g.revealed().to_vec();
    let deck = g.prescience_deck().len();
    end_claims(&mut g);
    g.edit(|s| s.prompt = Prompt::Unclaimed).unwrap();
    let l = legal(&g, A);
    assert!((0..3).all(|i| l.contains(&Action::PickSlot(i))));
    assert!(
        g.label(&Action::PickSlot(1))
            .starts_with("remove unclaimed prescience card 2 (")
    );
    // The second card leaves the game; the choice goes on.
    let ev = play(&mut g, A, &[Action::PickSlot(1)]);
    assert!(ev.contains(&Event::PrescienceRemoved { card: row[1] }));
    assert_eq!(g.prompt(), Prompt::Unclaimed);
    assert_eq!(g.revealed(), vec![row[0], row[2]]);
    assert_refused(&g, seat(A), &Action::PickSlot(2));
    // The first one too: with one card left, the two choices say it all.
    play(&mut g, A, &[Action::PickSlot(0)]);
    assert!(!legal(&g, A).contains(&Action::PickSlot(0)));
    // The last one goes back into the deck.
    play(&mut g, A, &[Action::ReshuffleUnclaimed]);
    assert_eq!(g.phase(), Phase::VehiclePlacement);
    let left = g.prescience_deck();
    assert_eq!(left.len(), deck + 1 - 3);
    for c in [row[0], row[1]] {
        assert!(!left.contains(&c) && !g.revealed().contains(&c));
    }
    assert!(left.contains(&row[2]) || g.revealed().contains(&row[2]));
}

#[test]
fn action_cards_only_in_action_resolution_end_cards_only_at_the_end() {
    // AR-PRESC-05, AR-PRESC-06, AR-END-01
    let mut g = game();
    // An Action Resolution card with no condition and no die: none exists
    // in the deck, so use Fedaykin Raid with its condition met.
    g.edit(|s| {
        s.put(A, a("arrakeen"), [1, 0, 0], 0).unwrap();
        s.revealed = vec![pc("fedaykin_raid"), pc("a_baron_thwarted")].into();
        s.claimed_this_round = 0;
    })
    .unwrap();
    atreides_turn(&mut g);
    assert!(legal(&g, A).contains(&Action::Claim(0)));
    assert_eq!(
        g.label(&Action::Claim(0)),
        "claim prescience card 1 (Fedaykin Raid)"
    );
    // AR-PRESC-06: the End of Round card is refused now.
    let e = assert_refused(&g, seat(A), &Action::Claim(1));
    assert_eq!(rule_of(e), "AR-PRESC-06");
    // Never on a Harkonnen turn (Q24).
    let mut hg = g.clone();
    hg.edit(|s| s.turn(H, &[DieResult::Strategy], 1)).unwrap();
    assert_refused(&hg, seat(A), &Action::Claim(0));
    assert_refused(&hg, seat(H), &Action::Claim(0));
    // AR-PRESC-05: the Action Resolution card is refused at the End of Round.
    end_claims(&mut g);
    let e = assert_refused(&g, seat(A), &Action::Claim(0));
    assert_eq!(rule_of(e), "AR-PRESC-05");
    play(&mut g, A, &[Action::Claim(1)]);
    assert_eq!(g.prescience(), [2, 0, 0]);
}

#[test]
fn a_spend_die_card_takes_the_die_as_the_turns_action() {
    // AR-PRESC-08
    let mut g = game();
    g.edit(|s| {
        s.revealed = vec![pc("water_of_life")].into();
        s.claimed_this_round = 0;
    })
    .unwrap();
    atreides_turn(&mut g);
    let l = legal(&g, A);
    assert!(l.contains(&Action::ClaimSpending(0, DieResult::Strategy)));
    assert!(l.contains(&Action::ClaimSpending(0, DieResult::Mentat)));
    assert_refused(&g, seat(A), &Action::Claim(0));
    // A die the Atreides do not hold.
    let e = assert_refused(&g, seat(A), &Action::ClaimSpending(0, DieResult::House));
    assert_eq!(rule_of(e), "AR-PRESC-08");
    let ev = play(&mut g, A, &[Action::ClaimSpending(0, DieResult::Mentat)]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::DieSpent {
            faction: Faction::Atreides,
            ..
        }
    )));
    assert_eq!(g.prescience(), [2, 0, 0]);
    assert_eq!(g.house(A).unused(), 1);
    assert!(
        g.house(A)
            .dice
            .iter()
            .any(|d| d.spent && d.result == DieResult::Mentat)
    );
    // The die was the turn's action: the Harkonnen play next.
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn one_claim_a_turn_and_two_a_round() {
    // AR-PRESC-03, AR-PRESC-04
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("arrakeen"), [1, 0, 0], 0).unwrap();
        s.revealed = vec![
            pc("fedaykin_raid"),
            pc("water_of_life"),
            pc("a_baron_thwarted"),
        ]
        .into();
        s.claimed_this_round = 0;
    })
    .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::Claim(0)]);
    assert_eq!(g.prescience(), [0, 1, 1]);
    // AR-PRESC-04: a second claim this turn is refused.
    let e = assert_refused(&g, seat(A), &Action::ClaimSpending(0, DieResult::Strategy));
    assert_eq!(rule_of(e), "AR-PRESC-04");
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(
                melange::rules::arrakis::Deck::HouseAtreides,
                melange::rules::arrakis::Deck::HouseAtreides,
            ),
        ],
    );
    play(&mut g, H, &[Action::SpendDie(DieResult::Strategy)]);
    // The next turn: a claim again.
    play(&mut g, A, &[Action::ClaimSpending(0, DieResult::Strategy)]);
    assert_eq!(g.prescience(), [2, 1, 1]);
    assert_eq!(g.claimed_this_round(), 2);
    // AR-PRESC-03: the End of Round card met, but 2 were claimed this round.
    end_claims(&mut g);
    assert_eq!(g.revealed(), vec![pc("a_baron_thwarted")]);
    let e = assert_refused(&g, seat(A), &Action::Claim(0));
    assert_eq!(rule_of(e), "AR-PRESC-03");
    assert!(!legal(&g, A).contains(&Action::Claim(0)));
}

#[test]
fn two_end_of_round_claims_in_one_step_but_no_third() {
    // AR-PRESC-03, AR-END-01
    let mut g = game();
    g.edit(|s| {
        s.revealed = vec![
            pc("a_baron_thwarted"),
            pc("silent_sands"),
            pc("the_sleeper_awakens"),
        ]
        .into();
        s.claimed_this_round = 0;
    })
    .unwrap();
    end_claims(&mut g);
    play(&mut g, A, &[Action::Claim(0), Action::Claim(0)]);
    assert_eq!(g.prescience(), [2, 0, 2]);
    // The third is never offered: the step went on by itself.
    assert_ne!(g.prompt(), Prompt::EndClaims);
    assert_eq!(g.revealed(), vec![pc("the_sleeper_awakens")]);
}

// ---- Secret objectives ----

#[test]
fn the_objective_is_dealt_from_the_seed_and_hidden_from_the_harkonnen() {
    // AR-WIN-01
    let objectives = data().tables.secret_objectives.len();
    assert_eq!(objectives, 6);
    let mut dealt = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let (g, ev) = Arrakis::setup_with_events(&ArrakisOptions::default(), seed).unwrap();
        let (again, _) = Arrakis::setup_with_events(&ArrakisOptions::default(), seed).unwrap();
        let (first, second) = g.objectives();
        assert_eq!(again.objectives(), (first, second));
        assert_eq!(second, None);
        dealt.insert(first);
        let t = data().tables.secret_objectives[usize::from(first)].targets();
        assert_eq!(g.view(Viewer::Seat(seat(A))).objective, Some(t));
        for v in [Viewer::Seat(seat(H)), Viewer::Spectator] {
            let view = g.view(v);
            assert_eq!((view.objective, view.objective2), (None, None));
            for e in &ev {
                if let Some(Event::ObjectiveDealt { objective }) = e.redact(v) {
                    assert_eq!(objective, u8::MAX);
                }
            }
        }
        assert!(ev.contains(&Event::ObjectiveDealt { objective: first }));
    }
    assert_eq!(dealt.len(), objectives, "every objective can be dealt");
}

#[test]
fn the_objective_wins_at_the_end_of_the_round() {
    // AR-WIN-02, AR-WIN-03
    let mut g = game();
    g.edit(|s| {
        s.objective = 0;
        s.objective2 = None;
    })
    .unwrap();
    let t = data().tables.secret_objectives[0].targets();
    // One short: the game goes on.
    g.edit(|s| {
        s.prescience = [t[0], t[1], t[2] - 1].into();
        s.revealed.clear();
    })
    .unwrap();
    end_claims(&mut g);
    play(&mut g, A, &[Action::Done]);
    assert!(g.winner().is_none());
    // Met during the round: still no win before the end of the round.
    let mut g = game();
    g.edit(|s| {
        s.objective = 0;
        s.objective2 = None;
        s.prescience = t.into();
    })
    .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::SpendDie(DieResult::Strategy)]);
    assert!(g.winner().is_none());
    g.edit(|s| s.revealed.clear()).unwrap();
    end_claims(&mut g);
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.result().unwrap().winners, vec![seat(A)]);
}

#[test]
fn an_end_of_round_claim_can_complete_the_objective() {
    // AR-END-01, AR-END-02 (the claims come before the victory check)
    let mut g = game();
    g.edit(|s| {
        s.objective = 0;
        s.objective2 = None;
    })
    .unwrap();
    let t = data().tables.secret_objectives[0].targets();
    g.edit(|s| {
        s.prescience = [t[0] - 2, t[1], t[2]].into();
        s.revealed = vec![pc("a_baron_thwarted")].into();
        s.claimed_this_round = 0;
    })
    .unwrap();
    end_claims(&mut g);
    play(&mut g, A, &[Action::Claim(0)]);
    assert_eq!(g.result().unwrap().winners, vec![seat(A)]);
}

#[test]
fn the_objective_wins_at_once_when_arrakeen_falls() {
    // AR-WIN-04, AR-PRESC-12
    let mut g = game();
    g.edit(|s| {
        s.objective = 2;
        s.objective2 = None;
    })
    .unwrap();
    let t = data().tables.secret_objectives[2].targets();
    g.edit(|s| {
        s.prescience = [t[0] - 3, t[1] - 3, t[2] - 3].into();
        s.put(A, a("broken_land"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy, DieResult::Strategy], 2);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("broken_land")),
            Action::Take(UnitKind::Regular),
            Action::To(a("arrakeen")),
        ],
    );
    assert_eq!(g.prescience(), t);
    assert_eq!(g.to_act(), None);
    assert_eq!(g.result().unwrap().winners, vec![seat(A)]);
}

#[test]
fn the_gom_jabbar_objective_also_wins_and_stays_hidden() {
    // AR-WIN-02, AR-WIN-04 (either objective)
    let mut g = game();
    g.edit(|s| {
        s.objective = 0;
        s.objective2 = Some(5);
    })
    .unwrap();
    let t1 = data().tables.secret_objectives[0].targets();
    let t2 = data().tables.secret_objectives[5].targets();
    assert_ne!(t1, t2);
    // The Atreides see both; nobody else sees either.
    let mine = g.view(Viewer::Seat(seat(A)));
    assert_eq!((mine.objective, mine.objective2), (Some(t1), Some(t2)));
    for v in [Viewer::Seat(seat(H)), Viewer::Spectator] {
        let view = g.view(v);
        assert_eq!((view.objective, view.objective2), (None, None));
    }
    // The second objective met at the end of the round wins.
    g.edit(|s| {
        s.prescience = t2.into();
        s.revealed.clear();
    })
    .unwrap();
    end_claims(&mut g);
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.result().unwrap().winners, vec![seat(A)]);
    // And when Arrakeen falls.
    let mut g = game();
    g.edit(|s| {
        s.objective = 0;
        s.objective2 = Some(5);
        s.prescience = [t2[0] - 3, t2[1] - 3, t2[2] - 3].into();
        s.put(A, a("broken_land"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy, DieResult::Strategy], 2);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("broken_land")),
            Action::Take(UnitKind::Regular),
            Action::To(a("arrakeen")),
        ],
    );
    assert_eq!(g.result().unwrap().winners, vec![seat(A)]);
}

#[test]
fn every_objective_is_three_distinct_targets_within_reach() {
    // The designed objectives: 7/5/3 in every order (docs/rules-decisions.md).
    let d = data();
    let t = &d.tables;
    let mut all: Vec<[u8; 3]> = t.secret_objectives.iter().map(|o| o.targets()).collect();
    for o in &all {
        let mut s = *o;
        s.sort();
        assert_eq!(s, [3, 5, 7]);
        // Below the Family Atomics (step 8), above the leaders' step 6 on one
        // marker.
        assert!(o.iter().all(|v| *v < t.tracks.atomics_step));
    }
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 6);
}

// ---- One test per card ----

#[test]
fn card_water_of_life() {
    // No condition; the die is its cost: refused with no die at all.
    let mut g = game();
    g.edit(|s| {
        s.revealed = vec![pc("water_of_life")].into();
        s.claimed_this_round = 0;
        s.turn(A, &[], 2);
        s.prompt = Prompt::Turn(A);
    })
    .unwrap();
    assert!(
        !legal(&g, A)
            .iter()
            .any(|x| matches!(x, Action::Claim(_) | Action::ClaimSpending(..)))
    );
    check_card("water_of_life", |_| {}, |_| {}, [2, 0, 0]);
}

#[test]
fn card_sietch_council() {
    check_card(
        "sietch_council",
        |g| set_sietches(g, 1),
        |g| set_sietches(g, 2),
        [0, 2, 0],
    );
}

#[test]
fn card_fedaykin_raid() {
    check_card(
        "fedaykin_raid",
        |g| g.edit(|s| s.put(A, a("s1_1"), [1, 0, 0], 0)).unwrap(),
        |g| g.edit(|s| s.put(A, a("arrakeen"), [1, 0, 0], 0)).unwrap(),
        [0, 1, 1],
    );
}

#[test]
fn card_sign_of_the_maker() {
    check_card(
        "sign_of_the_maker",
        |g| {
            g.edit(|s| s.areas[a("s1_1").index()].worm = Some(Worm::Normal))
                .unwrap()
        },
        |g| {
            g.edit(|s| s.areas[a("s2_2").index()].worm = Some(Worm::Normal))
                .unwrap()
        },
        [0, 1, 1],
    );
}

#[test]
fn card_burning_harvest() {
    check_card(
        "burning_harvest",
        |g| g.edit(|s| s.harvesters_destroyed = 1).unwrap(),
        |g| g.edit(|s| s.harvesters_destroyed = 2).unwrap(),
        [0, 0, 1],
    );
}

#[test]
fn card_deep_desert_crossing() {
    check_card(
        "deep_desert_crossing",
        |g| {
            g.edit(|s| {
                s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
                s.put(A, a("arrakeen"), [1, 0, 0], 0).unwrap();
            })
            .unwrap();
        },
        |g| g.edit(|s| s.put(A, a("s2_2"), [1, 0, 0], 0)).unwrap(),
        [1, 2, 0],
    );
}

#[test]
fn card_the_voice() {
    let id = |s: &str| data().leader_id(s).unwrap();
    check_card(
        "the_voice",
        |g| {
            // No leader stands alone (AR-MOVE-13): a regular with each.
            g.edit(|s| {
                s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
                s.place_leader(id("paul_atreides"), a("s1_1"));
                s.put(H, a("arrakeen"), [1, 0, 0], 0).unwrap();
                s.place_leader(id("baron_harkonnen"), a("arrakeen"));
            })
            .unwrap();
        },
        |g| {
            // A leader never stands alone (AR-MOVE-13): a regular with him.
            g.edit(|s| {
                s.put(A, a("s2_2"), [1, 0, 0], 0).unwrap();
                s.place_leader(id("stilgar"), a("s2_2"));
            })
            .unwrap()
        },
        [2, 0, 1],
    );
}

#[test]
fn card_hidden_sietches() {
    check_card(
        "hidden_sietches",
        |g| set_sietches(g, 3),
        |g| {
            let sietches = g.areas().iter().filter(|s| s.sietch.is_some()).count();
            assert_eq!(sietches, 8);
            set_sietches(g, sietches - 6)
        },
        [1, 1, 0],
    );
}

#[test]
fn card_fall_of_a_village() {
    check_card(
        "fall_of_a_village",
        |g| g.edit(|s| s.settlements_destroyed = 0).unwrap(),
        |g| g.edit(|s| s.settlements_destroyed = 1).unwrap(),
        [1, 0, 2],
    );
}

#[test]
fn card_kynes_dream() {
    check_card(
        "kynes_dream",
        |g| g.edit(|s| s.stations_taken = 1).unwrap(),
        |g| g.edit(|s| s.stations_taken = 2).unwrap(),
        [0, 2, 0],
    );
}

#[test]
fn card_desert_power() {
    check_card(
        "desert_power",
        |g| {
            g.edit(|s| {
                s.put(A, a("s1_1"), [6, 0, 0], 0).unwrap();
                s.put(A, a("s2_2"), [5, 0, 0], 0).unwrap();
            })
            .unwrap();
        },
        // A face-down token counts as 1 unit.
        |g| {
            g.edit(|s| s.areas[a("s3_1").index()].tokens.push(0))
                .unwrap()
        },
        [1, 0, 1],
    );
}

#[test]
fn card_fremen_everywhere() {
    check_card(
        "fremen_everywhere",
        |g| {
            for id in ["s1_1", "s1_2", "s2_2", "s3_1"] {
                g.edit(|s| s.put(A, a(id), [1, 0, 0], 0)).unwrap();
            }
        },
        |g| g.edit(|s| s.put(A, a("s4_1"), [1, 0, 0], 0)).unwrap(),
        [0, 1, 1],
    );
}

#[test]
fn card_the_spice_falters() {
    check_card(
        "the_spice_falters",
        |g| {
            g.edit(|s| {
                s.imperium = [1, 1, 1].into();
                s.bans = [false; 3].into();
            })
            .unwrap()
        },
        |g| {
            g.edit(|s| {
                s.imperium = [1, 1, 1].into();
                s.bans = [true, false, false].into();
            })
            .unwrap()
        },
        [1, 0, 1],
    );
}

#[test]
fn card_shai_hulud_rises() {
    check_card(
        "shai_hulud_rises",
        |g| g.edit(|s| s.worms_surfaced = 1).unwrap(),
        |g| g.edit(|s| s.worms_surfaced = 2).unwrap(),
        [0, 1, 1],
    );
}

#[test]
fn sandworms_surfaced_are_counted_for_the_round_only() {
    // The Shai-Hulud Rises count comes from the SandwormPlaced events and
    // restarts with each round.
    let mut g = game();
    g.edit(|s| {
        s.worms_surfaced = 3;
        s.revealed.clear();
    })
    .unwrap();
    end_claims(&mut g);
    g.edit(|s| s.prompt = Prompt::Unclaimed).unwrap();
    play(&mut g, A, &[Action::RemoveUnclaimed]);
    assert_eq!(g.phase(), Phase::VehiclePlacement);
    assert_eq!(g.worms_surfaced(), 0);
}

#[test]
fn card_water_debt() {
    check_card(
        "water_debt",
        |g| {
            g.edit(|s| s.areas[a("s1_1").index()].tokens = vec![0; 5].into_iter().collect())
                .unwrap()
        },
        |g| {
            g.edit(|s| s.areas[a("s2_2").index()].tokens = vec![0].into_iter().collect())
                .unwrap()
        },
        [1, 1, 0],
    );
}

#[test]
fn card_a_baron_thwarted() {
    check_card(
        "a_baron_thwarted",
        |g| g.edit(|s| s.supremacy = 4).unwrap(),
        |g| g.edit(|s| s.supremacy = 3).unwrap(),
        [2, 0, 0],
    );
}

#[test]
fn card_silent_sands() {
    check_card(
        "silent_sands",
        |g| {
            for id in ["s1_1", "s2_2", "s3_1"] {
                g.edit(|s| s.areas[a(id).index()].harvester = true).unwrap();
            }
        },
        |g| {
            g.edit(|s| s.areas[a("s3_1").index()].harvester = false)
                .unwrap()
        },
        [0, 0, 2],
    );
}

#[test]
fn card_the_sleeper_awakens() {
    check_card(
        "the_sleeper_awakens",
        |g| {
            g.edit(|s| {
                s.put(H, a("arrakeen"), [6, 0, 0], 0).unwrap();
                s.put(H, a("carthag"), [4, 2, 0], 0).unwrap();
                s.put(H, a("s1_1"), [0, 3, 0], 0).unwrap();
            })
            .unwrap();
        },
        |g| {
            // One falls: 14 left.
            g.edit(|s| s.take_units(H, a("s1_1"), UnitKind::Elite, 1))
                .unwrap();
        },
        [1, 1, 1],
    );
}

#[test]
fn a_named_leader_off_the_board_does_not_count() {
    // The Voice reads the board only: a leader set aside is not there.
    let id = |s: &str| data().leader_id(s).unwrap();
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.place_leader(id("paul_atreides"), a("s1_1"));
        s.set_leader(id("stilgar"), LeaderAt::SetAside);
        s.revealed = vec![pc("the_voice")].into();
        s.claimed_this_round = 0;
    })
    .unwrap();
    atreides_turn(&mut g);
    assert_refused(&g, seat(A), &Action::ClaimSpending(0, DieResult::Strategy));
}
