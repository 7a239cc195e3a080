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
    g.test_clear_board();
    g.test_hand(H, &[]);
    g.test_put(H, at, [4, 0, 0], 1);
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
    g.test_turn(H, &[DieResult::Strategy], 1);
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
    let (first, _) = g.test_objectives();
    let objectives = data().tables.secret_objectives.len() as u8;
    let mut other = g.clone();
    other.test_set_objectives((first + 1) % objectives, None);
    assert_eq!(g.estimate(seat(H)), other.estimate(seat(H)));
    if g.prescience.into_array() != [0; 3] {
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
        g.test_turn(H, &[DieResult::Strategy], 1);
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
        assert!(g.supremacy > 0, "seed {seed}: the sietch still stands");
    }
}
