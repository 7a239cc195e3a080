//! MC-DEFAULT-02: the default action a clock plays is the decision's
//! "done" / "stop here" where it has one, only for the seat to act, and
//! always legal.
use melange::rules::arrakis::{Action, Prompt};
use melange::rules::core::Ruleset;

use super::super::common::{A, H, legal, seat};
use super::{chooser, limited, random_game};

/// MC-DEFAULT-02: at the first decision the Harkonnen may stop placing
/// vehicles; the Atreides, not to act, have no default.
#[test]
fn done_for_the_seat_to_act_none_for_the_other() {
    let g = limited(None, 21);
    assert_eq!(g.to_act(), Some(seat(H)));
    assert!(legal(&g, H).contains(&Action::Done));
    assert_eq!(g.default_action(seat(H)), Some(Action::Done));
    assert_eq!(g.default_action(seat(A)), None);
}

/// MC-DEFAULT-02: a decision without "stop here" (the unclaimed
/// prescience cards must go one way or the other) has no default.
#[test]
fn no_default_where_the_decision_has_no_done() {
    let mut g = limited(None, 22);
    g.edit(|s| s.prompt = Prompt::Unclaimed).unwrap();
    assert_eq!(g.to_act(), Some(seat(A)));
    let moves = legal(&g, A);
    assert!(!moves.is_empty() && !moves.contains(&Action::Done));
    assert_eq!(g.default_action(seat(A)), None);
}

/// MC-DEFAULT-02: throughout random games the default is legal whenever
/// there is one, and there is one exactly when "stop here" is offered.
#[test]
fn the_default_is_always_legal() {
    for seed in 0..4 {
        let mut g = limited(Some(2), 20 + seed);
        random_game(&mut g, &mut chooser(seed), 20_000, |g, moves| {
            let s = g.to_act().expect("running");
            let d = g.default_action(s);
            assert_eq!(d.is_some(), moves.contains(&Action::Done));
            if let Some(a) = d {
                assert!(moves.contains(&a), "MC-DEFAULT-02: {a:?} not legal");
            }
            let other = melange::rules::core::Seat(1 - s.0);
            assert_eq!(g.default_action(other), None);
        });
        assert_eq!(g.default_action(seat(H)), None, "over: no default");
    }
}
