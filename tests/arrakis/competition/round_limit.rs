//! MC-ROUNDS-01: with `max_rounds`, a game still running when that round
//! ends is over, the standing (MC-STAND-02) deciding, with a reason and an
//! event that say so.
use melange::rules::arrakis::Event;
use melange::rules::core::Ruleset;

use super::{chooser, limited, random_game};

/// MC-ROUNDS-01: one round, then the standing's first house wins.
#[test]
fn the_limit_ends_the_game_with_the_standing() {
    let mut ended = 0;
    for seed in 0..6 {
        let mut g = limited(Some(1), seed);
        let mut before = None;
        let events = random_game(&mut g, &mut chooser(seed), 20_000, |g, _| {
            before = Some(g.standing());
        });
        assert_eq!(
            g.to_act(),
            None,
            "seed {seed}: MC-ROUNDS-01: the game ended"
        );
        assert_eq!(g.round, 1, "seed {seed}: no second round starts");
        let r = g.result().expect("over");
        if events.contains(&Event::RoundLimit { rounds: 1 }) {
            ended += 1;
            assert!(r.reason.contains("round limit reached"), "{}", r.reason);
            assert!(r.reason.contains("MC-ROUNDS-01"), "{}", r.reason);
            // The standing just before the round ended named the winner.
            let s = before.expect("a step was played");
            assert_eq!(r.ranking, s.ranking, "seed {seed}: MC-STAND-02 decides");
            assert!(matches!(events.last(), Some(Event::GameOver { .. })));
        }
    }
    assert!(ended > 0, "some game reaches the limit without a winner");
}

/// MC-ROUNDS-01: no limit (or 0) plays on past round 1.
#[test]
fn without_a_limit_the_game_goes_on() {
    for limit in [None, Some(0)] {
        let mut g = limited(limit, 5);
        let events = random_game(&mut g, &mut chooser(5), 20_000, |_, _| {});
        assert!(
            !events.iter().any(|e| matches!(e, Event::RoundLimit { .. })),
            "{limit:?}"
        );
        assert!(g.round >= 2 || g.result().is_some());
    }
}

/// MC-ROUNDS-01: every random game with a limit finishes by it.
#[test]
fn playouts_with_a_limit_always_finish() {
    for seed in 0..40 {
        let mut g = limited(Some(3), 1000 + seed);
        random_game(&mut g, &mut chooser(seed), 100_000, |_, _| {});
        assert_eq!(g.to_act(), None, "seed {seed}: MC-ROUNDS-01");
        assert!(g.round <= 3, "seed {seed}");
        assert!(g.result().is_some());
    }
}
