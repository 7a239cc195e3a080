//! MC-STAND-02: the standing of an unfinished game ranks the house nearer
//! its victory condition first: supremacy over the points that win against
//! the mean share of the objective's scores; exact ties to the Atreides.
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::{Arrakis, Faction};
use melange::rules::core::Ruleset;

use super::super::common::{A, H, seat};
use super::limited;

fn targets(objective: u8) -> [u8; 3] {
    data().tables.secret_objectives[usize::from(objective)].targets()
}

fn first(g: &Arrakis) -> Faction {
    let s = g.standing();
    assert_eq!(s.winners.len(), 1, "MC-STAND-02: two houses, one first");
    assert_eq!(s.ranking.len(), 2);
    assert_eq!(s.ranking[0], s.winners[0]);
    assert_ne!(s.ranking[0], s.ranking[1]);
    if s.ranking[0] == seat(H) { H } else { A }
}

/// MC-STAND-02: at the start neither house has made any way: a tie, which
/// ranks the Atreides first; the reason names the rule.
#[test]
fn a_tie_ranks_the_atreides_first() {
    let g = limited(None, 1);
    assert_eq!(g.progress(H).num, 0);
    assert_eq!(first(&g), A);
    let s = g.standing();
    assert!(s.reason.contains("MC-STAND-02"), "{}", s.reason);
    assert!(g.result().is_none(), "the standing does not end the game");
}

/// MC-STAND-02: supremacy counts against the 10 points that win.
#[test]
fn supremacy_puts_the_harkonnen_ahead() {
    let mut g = limited(None, 2);
    g.edit(|s| s.supremacy = 5).unwrap();
    let p = g.progress(H);
    assert_eq!(p.num * 10, p.den * 5, "5 of 10 points");
    assert_eq!(first(&g), H);
}

/// MC-STAND-02: each marker counts its share of its score, capped at the
/// score; the mean over the three markers compares with supremacy.
#[test]
fn the_objective_share_against_supremacy() {
    let mut g = limited(None, 3);
    let (o, _) = g.objectives();
    let t = targets(o);
    // Every score met: the whole way, ahead of 9 supremacy.
    g.edit(|s| {
        s.prescience = t.into();
        s.supremacy = 9;
    })
    .unwrap();
    let p = g.progress(A);
    assert_eq!(p.num, p.den);
    assert_eq!(first(&g), A);
    // One marker far past its score, the others at nothing: a third of
    // the way (plus a third per score of 0, met from the start).
    let m = t.iter().position(|x| *x > 0).expect("a score above 0");
    let mut steps = [0u8; 3];
    steps[m] = t[m] + 5;
    g.edit(|s| s.prescience = steps.into()).unwrap();
    let zeros = t.iter().filter(|x| **x == 0).count() as u64;
    let p = g.progress(A);
    assert_eq!(p.num * 3, p.den * (1 + zeros), "capped at the score");
    // 1/3 is more than 3 of 10 and less than 4 of 10 (with no score of 0).
    if zeros == 0 {
        g.edit(|s| s.supremacy = 3).unwrap();
        assert_eq!(first(&g), A);
        g.edit(|s| s.supremacy = 4).unwrap();
        assert_eq!(first(&g), H);
    }
}

/// MC-STAND-02: with a second objective (Tested with the Gom Jabbar) the
/// nearer of the two counts.
#[test]
fn the_nearer_of_two_objectives_counts() {
    let mut g = limited(None, 4);
    let n = data().tables.secret_objectives.len() as u8;
    let (o, _) = g.objectives();
    let other = (o + 1) % n;
    g.edit(|s| s.prescience = targets(other).into()).unwrap();
    let one = g.progress(A);
    g.edit(|s| {
        s.objective = o;
        s.objective2 = Some(other);
    })
    .unwrap();
    let two = g.progress(A);
    assert_eq!(two.num, two.den, "the second objective is met");
    assert!(u128::from(one.num) * u128::from(two.den) <= u128::from(two.num) * u128::from(one.den));
    g.edit(|s| s.supremacy = 9).unwrap();
    assert_eq!(first(&g), A);
}
