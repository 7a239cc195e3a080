//! The generic contract checks run on the harness game, so the checker
//! itself is known to pass a correct ruleset and to fail a broken one.
use melange::rules::core::{
    RuleError, Ruleset, Seat,
    conformance::{Checks, assert_refused, random_playout},
};

use super::harness::{Harness, HarnessOptions};

#[test]
fn random_playouts_keep_the_ruleset_contract() {
    let options = HarnessOptions {
        seats: 3,
        counters: 40,
        panic_at: None,
    };
    for seed in 0..300 {
        let playout =
            random_playout::<Harness>(&options, seed, Checks::default(), |_| Ok(())).unwrap();
        assert!(playout.steps >= 14);
    }
}

#[test]
fn an_invariant_failure_is_reported_with_its_seed_and_step() {
    let options = HarnessOptions {
        seats: 2,
        counters: 10,
        panic_at: None,
    };
    let error = random_playout::<Harness>(&options, 5, Checks::default(), |state| {
        if state.to_act() == Some(Seat(1)) {
            Err("seat 1 may never act".into())
        } else {
            Ok(())
        }
    })
    .unwrap_err();
    assert!(error.starts_with("seed 5 step 0"), "{error}");
    let error = random_playout::<Harness>(
        &options,
        5,
        Checks {
            max_steps: 2,
            all_legal_every: 1,
        },
        |_| Ok(()),
    )
    .unwrap_err();
    assert!(error.contains("no end after 2 steps"), "{error}");
}

#[test]
fn refused_actions_leave_the_state_unchanged() {
    let state = Harness::setup(
        &HarnessOptions {
            seats: 2,
            counters: 2,
            panic_at: None,
        },
        1,
    )
    .unwrap();
    assert!(matches!(
        assert_refused(&state, Seat(0), &3),
        RuleError::Illegal {
            rule: "HARNESS-TAKE",
            ..
        }
    ));
    assert!(matches!(
        assert_refused(&state, Seat(1), &1),
        RuleError::NotYourTurn { .. }
    ));
}
