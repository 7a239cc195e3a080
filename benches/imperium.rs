//! Plays full random 4-player Imperium games in one thread and reports
//! games/s, steps/s and the cost of cloning a state. Plain `std::time`.
use std::hint::black_box;
use std::time::{Duration, Instant};

use melange::rules::core::Ruleset;
use melange::rules::imperium::{Imperium, ImperiumOptions};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn play(
    seed: u64,
    legal: &mut Vec<melange::rules::imperium::Action>,
    events: &mut Vec<melange::rules::imperium::Event>,
) -> (u64, Imperium) {
    let mut g = Imperium::setup(&ImperiumOptions::players(4), seed).expect("setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while let Some(seat) = g.to_act() {
        legal.clear();
        g.legal_actions(seat, legal);
        let a = legal[rng.random_range(0..legal.len())];
        events.clear();
        g.apply(seat, &a, events).expect("legal action");
        steps += 1;
    }
    (steps, g)
}

fn main() {
    let mut legal = Vec::new();
    let mut events = Vec::new();
    // Warm up (and load the data once).
    for seed in 0..20 {
        black_box(play(seed, &mut legal, &mut events));
    }
    let budget = Duration::from_secs(3);
    let start = Instant::now();
    let (mut games, mut steps) = (0u64, 0u64);
    let mut mid_game = None;
    while start.elapsed() < budget {
        let (s, g) = play(1000 + games, &mut legal, &mut events);
        steps += s;
        games += 1;
        if mid_game.is_none() {
            mid_game = Some(g);
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "imperium: {games} full 4-player games in {secs:.2}s: {:.0} games/s, {:.0} steps/s, {:.0} steps/game",
        games as f64 / secs,
        steps as f64 / secs,
        steps as f64 / games as f64
    );

    // Clone cost of a state in the middle of a game.
    let mut g = Imperium::setup(&ImperiumOptions::players(4), 5).expect("setup");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..150 {
        let Some(seat) = g.to_act() else { break };
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        g.apply(seat, &a, &mut events).expect("legal");
    }
    let n = 200_000;
    let t = Instant::now();
    for _ in 0..n {
        black_box(black_box(&g).clone());
    }
    println!(
        "imperium: state clone {:.0} ns",
        t.elapsed().as_nanos() as f64 / f64::from(n)
    );
}
