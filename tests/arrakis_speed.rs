//! Speed of full random games in one thread (run with
//! `cargo test --test arrakis_speed -- --ignored --nocapture`; the numbers
//! of a debug build are far below a release build's).
use std::time::Instant;

use melange::rules::arrakis::{Action, Arrakis, ArrakisOptions};
use melange::rules::core::{RngStream, Ruleset};
use rand::Rng;

#[test]
#[ignore]
fn games_per_second() {
    let opts = ArrakisOptions::default();
    let games = 20u64;
    let mut steps = 0u64;
    let start = Instant::now();
    let mut legal: Vec<Action> = Vec::new();
    let mut events = Vec::new();
    let mut last = None;
    for seed in 0..games {
        let mut g = Arrakis::setup(&opts, seed).unwrap();
        let mut rng = RngStream::Bot(1).rng(seed);
        while let Some(seat) = g.to_act() {
            legal.clear();
            g.legal_actions(seat, &mut legal);
            // Prefer acting over stopping so games end (as the playout test).
            let pick = legal
                .iter()
                .copied()
                .filter(|a| *a != Action::Done)
                .nth(rng.random_range(0..legal.len()))
                .unwrap_or(legal[0]);
            events.clear();
            g.apply(seat, &pick, &mut events).unwrap();
            steps += 1;
            if steps > 5_000_000 {
                panic!("no end");
            }
        }
        last = Some(g);
    }
    let secs = start.elapsed().as_secs_f64();
    let g = last.unwrap();
    let n = 10_000;
    let t = Instant::now();
    for _ in 0..n {
        std::hint::black_box(g.clone());
    }
    let clone_ns = t.elapsed().as_nanos() as f64 / f64::from(n);
    eprintln!(
        "{games} games in {secs:.2}s: {:.1} games/s, {:.0} steps/s, {:.0} steps/game, clone {clone_ns:.0} ns",
        games as f64 / secs,
        steps as f64 / secs,
        steps as f64 / games as f64
    );
}
