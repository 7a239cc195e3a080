//! MC-SIM-07: the search bot's estimate of an unfinished War for Arrakis
//! game, and the search that plays on it.
use melange::matches::search::Mcts;
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::ids::{AreaId, DieResult};
use melange::rules::arrakis::{Action, Arrakis, UnitKind, board};
use melange::rules::core::{GameRng, RngStream, Ruleset, Seat};

use super::super::common::{A, H, a, play, seat};
use super::{chooser, limited, random_game};

/// The Harkonnen's worth in `g`, as the Harkonnen judge it.
fn harkonnen_worth(g: &Arrakis) -> f64 {
    g.estimate(seat(H)).expect("a quiet board")[0]
}

/// A board with nothing on it but the sietches (undefended), the
/// settlements and a Harkonnen legion of 4 regulars and a leader in `at`.
fn lone_legion(at: AreaId) -> Arrakis {
    let mut g = limited(None, 1);
    g.edit(|s| {
        s.clear_board();
        s.hand(H, &[]);
        s.put(H, at, [4, 0, 0], 1).unwrap();
    })
    .unwrap();
    g
}

/// The area next to Windgap's sietch, and the desert area furthest from
/// every sietch.
fn near_and_far() -> (AreaId, AreaId) {
    let b = board();
    let near = b.passable[a("windgap").index()]
        .iter()
        .next()
        .expect("Windgap has neighbours");
    let far = b
        .desert
        .iter()
        .max_by_key(|d| {
            b.sietch_sites
                .iter()
                .map(|s| b.ground_steps(*d, s))
                .min()
                .unwrap_or(0)
        })
        .expect("desert areas");
    (near, far)
}

#[test]
fn a_legion_in_reach_of_a_sietch_is_worth_more_than_one_far_away() {
    // MC-SIM-07: a standing sietch promises its rank, discounted by the
    // moves to it; the standing (MC-STAND-02) sees no difference.
    let (near, far) = near_and_far();
    let (close, distant) = (lone_legion(near), lone_legion(far));
    assert!(harkonnen_worth(&close) > harkonnen_worth(&distant));
    assert_eq!(close.standing(), distant.standing());
}

#[test]
fn the_estimate_waits_for_a_quiet_board() {
    // MC-SIM-07: mid-move the moving group stands in no area, so the
    // estimate declines and the search plays on until the move is made.
    let (near, _) = near_and_far();
    let mut g = lone_legion(near);
    g.edit(|s| s.turn(H, &[DieResult::Strategy], 1)).unwrap();
    assert!(g.estimate(seat(H)).is_some());
    play(
        &mut g,
        H,
        &[Action::SpendDie(DieResult::Strategy), Action::Legion(near)],
    );
    assert_eq!(g.estimate(seat(H)), None);
    play(&mut g, H, &[Action::Take(UnitKind::Regular)]);
    assert_eq!(g.estimate(seat(A)), None);
}

#[test]
fn the_harkonnen_estimate_reads_no_secret_objective() {
    // MC-SIM-07, MC-SIM-06: judged by the Harkonnen, the Atreides progress
    // is the mean over every objective, so two games that differ only in
    // the secret objective are worth the same; judged by the Atreides,
    // their own objective counts.
    let mut g = limited(None, 2);
    let mut rng = chooser(2);
    random_game(&mut g, &mut rng, 400, |_, _| {});
    while g.estimate(seat(H)).is_none() {
        random_game(&mut g, &mut rng, 1, |_, _| {});
    }
    let (first, _) = g.objectives();
    let objectives = data().tables.secret_objectives.len() as u8;
    let mut other = g.clone();
    other
        .edit(|s| {
            s.objective = (first + 1) % objectives;
            s.objective2 = None;
        })
        .unwrap();
    assert_eq!(g.estimate(seat(H)), other.estimate(seat(H)));
    if g.prescience().into_array() != [0; 3] {
        assert_ne!(g.estimate(seat(A)), other.estimate(seat(A)));
    }
}

#[test]
fn worths_are_shares_of_one() {
    // MC-SIM-07: each quiet position gives each house a worth from 0 to 1,
    // the two summing to 1.
    let mut g = limited(None, 3);
    let mut rng = chooser(3);
    let mut seen = 0;
    random_game(&mut g, &mut rng, 3_000, |g, _| {
        for searcher in [Seat(0), Seat(1)] {
            if let Some(worth) = g.estimate(searcher) {
                assert_eq!(worth.len(), 2);
                assert!(worth.iter().all(|w| (0.0..=1.0).contains(w)));
                assert!((worth[0] + worth[1] - 1.0).abs() < 1e-9);
                seen += 1;
            }
        }
    });
    assert!(seen > 100, "only {seen} quiet positions");
}

#[test]
fn the_search_takes_a_sietch_in_reach() {
    // MC-SIM-07: with a Strategy die and an undefended sietch next to its
    // legion, the search attacks it (AR-COMBAT-38: it falls at once) and
    // scores its rank in supremacy (AR-COMBAT-39), in every seeded try.
    let (near, _) = near_and_far();
    for seed in 0..3 {
        let mut g = lone_legion(near);
        g.edit(|s| s.turn(H, &[DieResult::Strategy], 1)).unwrap();
        let mut rng: GameRng = RngStream::Bot(5).rng(seed);
        let mut events = Vec::new();
        let mut legal = Vec::new();
        while g.to_act() == Some(seat(H)) {
            let pick = Mcts { iterations: 300 }
                .decide(&g, seat(H), &mut rng)
                .expect("a legal action");
            legal.clear();
            g.legal_actions(seat(H), &mut legal);
            g.apply(seat(H), &legal[pick], &mut events)
                .expect("the search picks a legal action");
        }
        assert!(g.supremacy() > 0, "seed {seed}: the sietch still stands");
    }
}

/// `f64`s equal but for rounding: the estimate sums and divides floats.
fn assert_worth(got: Option<Vec<f64>>, harkonnen: f64) {
    let got = got.expect("a quiet board");
    assert_eq!(got.len(), 2);
    assert!(
        (got[0] - harkonnen).abs() < 1e-12 && (got[1] - (1.0 - harkonnen)).abs() < 1e-12,
        "worth {got:?}, expected [{harkonnen}, {}]",
        1.0 - harkonnen
    );
}

/// A cleared board whose only sietch is Windgap's, of `rank`, with the
/// Harkonnen holding `supremacy` points, the prescience markers at
/// `prescience` and the Atreides objective 3/5/7 (index 5: Kwisatz
/// Haderach 3, Sand Dwellers 5, Jihad 7).
fn one_sietch(rank: u8, supremacy: u8, prescience: [u8; 3]) -> Arrakis {
    let mut g = limited(None, 1);
    g.edit(|s| {
        s.clear_board();
        s.hand(H, &[]);
    })
    .unwrap();
    let windgap = a("windgap");
    for site in board().sietch_sites.iter() {
        if site != windgap {
            g.edit(|s| s.areas[site.index()].sietch = None).unwrap();
        }
    }
    g.edit(|s| {
        s.areas[windgap.index()]
            .sietch
            .as_mut()
            .expect("Windgap's sietch")
            .rank = rank;
        s.supremacy = supremacy;
        s.prescience = prescience.into();
        s.objective = 5;
        s.objective2 = None;
    })
    .unwrap();
    assert_eq!(data().tables.secret_objectives[5].targets(), [3, 5, 7]);
    assert_eq!(data().tables.tracks.supremacy_win, 10);
    g
}

/// `id`, checked to lie `steps` ground moves from Windgap.
fn at_steps(id: &str, steps: u8) -> AreaId {
    let area = a(id);
    assert_eq!(board().ground_steps(area, a("windgap")), steps, "{id}");
    area
}

#[test]
fn the_estimate_is_the_documented_formula_exactly() {
    // MC-SIM-07, pinned by hand: worth(H) = 1/2 + (h - at)/2, where
    // h = (supremacy + sum over standing sietches of rank * best threat)
    // / 10 (the supremacy that wins), at most 1, and a threat is
    // dice / (dice + defence) * (1/2)^moves, defence = the Atreides units
    // and leaders there + the rank; `at` is the Atreides progress, the
    // mean of each marker's share of its target (their own objective when
    // they judge, the mean over the six objectives when the Harkonnen do).
    //
    // Windgap rank 2 held by 1 Fremen and 1 Naib (defence 1 + 1 + 2 = 4);
    // a legion of 4 regulars and a leader (5 dice) next to it; supremacy 3;
    // Kwisatz Haderach at 3.
    let mut g = one_sietch(2, 3, [3, 0, 0]);
    g.edit(|s| {
        s.put(A, a("windgap"), [1, 0, 0], 1).unwrap();
        s.put(H, at_steps("s7_2", 1), [4, 0, 0], 1).unwrap();
    })
    .unwrap();
    // h = (3 + 2 * 5/9 * 1/2) / 10 = 16/45.
    // Judged by the Atreides: at = (3/3 + 0/5 + 0/7) / 3 = 1/3, so
    // worth(H) = 1/2 + (16/45 - 15/45) / 2 = 23/45.
    assert_worth(g.estimate(seat(A)), 23.0 / 45.0);
    // Judged by the Harkonnen: Kwisatz Haderach 3 of 7, 7, 5, 5, 3, 3
    // over the six objectives, the other markers at 0:
    // at = (3/7 + 3/7 + 3/5 + 3/5 + 1 + 1) / 6 / 3 = 71/315, so
    // worth(H) = 1/2 + (112/315 - 71/315) / 2 = 178/315.
    assert_worth(g.estimate(seat(H)), 178.0 / 315.0);
}

#[test]
fn a_sietch_counts_its_best_threat_only_within_six_moves() {
    // MC-SIM-07: the best threat on a sietch, not the sum of them; none
    // beyond six ground moves. Windgap rank 3, undefended (defence 3), no
    // prescience (at = 0 either way).
    let mut g = one_sietch(3, 0, [0, 0, 0]);
    // 1 regular next door: 1/4 * 1/2 = 1/8; 3 regulars, 2 elites and a
    // leader two moves away: 6/9 * 1/4 = 1/6, the best.
    g.edit(|s| {
        s.put(H, at_steps("s7_2", 1), [1, 0, 0], 0).unwrap();
        s.put(H, at_steps("s7_1", 2), [3, 2, 0], 1).unwrap();
    })
    .unwrap();
    // h = 3 * 1/6 / 10 = 1/20; worth(H) = 1/2 + 1/40.
    assert_worth(g.estimate(seat(H)), 0.525);
    assert_worth(g.estimate(seat(A)), 0.525);

    // 2 regulars six moves away still count: 2/5 * 1/64; with 4
    // supremacy, h = (4 + 3 * 2/5 / 64) / 10 = (4 + 0.01875) / 10 = 0.401875.
    let mut g = one_sietch(3, 4, [0, 0, 0]);
    g.edit(|s| s.put(H, at_steps("s2_1", 6), [2, 0, 0], 0))
        .unwrap();
    assert_worth(g.estimate(seat(H)), 0.5 + 0.401875 / 2.0);
    // Seven moves away they threaten nothing: h = 4 / 10.
    let mut g = one_sietch(3, 4, [0, 0, 0]);
    g.edit(|s| s.put(H, at_steps("s1_5", 7), [2, 0, 0], 0))
        .unwrap();
    assert_worth(g.estimate(seat(H)), 0.7);
}

#[test]
fn the_harkonnen_prospects_count_at_most_a_win() {
    // MC-SIM-07: the Harkonnen progress is at most 1 however much the
    // sietches promise. Supremacy 9; Windgap rank 3 undefended with a
    // 5-dice legion next door (3 * 5/8 * 1/2 = 15/16) and Habbanya Ridge
    // rank 2 undefended with 2 regulars next door (at least
    // 2 * 2/4 * 1/2 = 1/2): 10 7/16 points or more, so h = 1.
    let mut g = one_sietch(3, 9, [3, 5, 0]);
    let habbanya = a("habbanya_ridge");
    g.edit(|s| {
        s.areas[habbanya.index()].sietch = s.areas[a("windgap").index()].sietch;
        s.areas[habbanya.index()].sietch.as_mut().unwrap().rank = 2;
        s.put(H, at_steps("s7_2", 1), [4, 0, 0], 1).unwrap();
    })
    .unwrap();
    assert_eq!(board().ground_steps(a("s3_1"), habbanya), 1);
    g.edit(|s| s.put(H, a("s3_1"), [2, 0, 0], 0)).unwrap();
    // Judged by the Atreides: at = (3/3 + 5/5 + 0/7) / 3 = 2/3, so
    // worth(H) = 1/2 + (1 - 2/3) / 2 = 2/3.
    assert_worth(g.estimate(seat(A)), 2.0 / 3.0);
    // Judged by the Harkonnen: the shares summed over the six objectives
    // are (3/7 + 1) + (3/7 + 1) + (3/5 + 5/7) + (3/5 + 1) + (1 + 5/7)
    // + (1 + 1) = 332/35, so at = 332/35 / 6 / 3 = 166/315 and
    // worth(H) = 1/2 + (1 - 166/315) / 2 = 464/630.
    assert_worth(g.estimate(seat(H)), 464.0 / 630.0);
}
