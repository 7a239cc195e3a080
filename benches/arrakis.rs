//! Plays full random War for Arrakis games in one thread and reports
//! games/s, steps/s and the cost of cloning a state, then the same games
//! with each expansion and both. Each line plays the games twice: with
//! `apply_listed` (the player hands back the list it picked from, as the
//! search's playouts do) and with `apply` (the engine checks the action by
//! building the list again, as for an action from the network). Plain
//! `std::time`. Run: `cargo bench --bench arrakis`.
use std::hint::black_box;
use std::time::{Duration, Instant};

use melange::rules::arrakis::{Action, Arrakis, ArrakisOptions, Event};
use melange::rules::core::{RngStream, Ruleset};
use rand::Rng;

/// One game with the playout tests' random player, which prefers acting
/// over stopping ("Done") so that games reach a winner in reasonable time.
fn play(
    options: &ArrakisOptions,
    seed: u64,
    listed: bool,
    legal: &mut Vec<Action>,
    events: &mut Vec<Event>,
) -> (u64, Arrakis, Arrakis) {
    let mut game = Arrakis::setup(options, seed).expect("setup");
    let mut rng = RngStream::Bot(1).rng(seed);
    let mut steps = 0;
    let mut middle = game.clone();
    legal.clear();
    if let Some(seat) = game.to_act() {
        game.legal_actions(seat, legal);
    }
    while let Some(seat) = game.to_act() {
        if !listed {
            legal.clear();
            game.legal_actions(seat, legal);
        }
        let pick = legal
            .iter()
            .copied()
            .filter(|action| *action != Action::Done)
            .nth(rng.random_range(0..legal.len()))
            .unwrap_or(legal[0]);
        events.clear();
        if listed {
            game.apply_listed(seat, &pick, legal, events)
        } else {
            game.apply(seat, &pick, events)
        }
        .expect("a legal action");
        steps += 1;
        if steps == 200 {
            middle = game.clone();
        }
    }
    (steps, game, middle)
}

/// Full games for a few seconds: games/s, steps/s, steps/game, and a
/// state from the middle of the first one.
fn games_per_second(name: &str, options: &ArrakisOptions, listed: bool) -> Arrakis {
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for seed in 0..5 {
        black_box(play(options, seed, listed, &mut legal, &mut events));
    }
    let budget = Duration::from_secs(3);
    let start = Instant::now();
    let (mut games, mut steps) = (0u64, 0u64);
    let mut middle = None;
    while start.elapsed() < budget {
        let (s, _, mid) = play(options, 1_000 + games, listed, &mut legal, &mut events);
        steps += s;
        games += 1;
        middle.get_or_insert(mid);
    }
    let seconds = start.elapsed().as_secs_f64();
    let name = if listed {
        format!("{name} (apply_listed)")
    } else {
        format!("{name} (apply)")
    };
    println!(
        "{name}: {games} full games in {seconds:.2}s: {:.0} games/s, {:.0} steps/s, {:.0} steps/game",
        games as f64 / seconds,
        steps as f64 / seconds,
        steps as f64 / games as f64
    );
    middle.expect("at least one game")
}

fn main() {
    let state = games_per_second("arrakis", &ArrakisOptions::default(), true);
    games_per_second("arrakis", &ArrakisOptions::default(), false);
    let clones = 100_000;
    let started = Instant::now();
    for _ in 0..clones {
        black_box(state.clone());
    }
    println!(
        "arrakis: state clone {:.0} ns",
        started.elapsed().as_nanos() as f64 / f64::from(clones)
    );
    let desert_war = ArrakisOptions {
        desert_war: true,
        ..Default::default()
    };
    games_per_second("arrakis desert_war", &desert_war, true);
    games_per_second("arrakis desert_war", &desert_war, false);
    let smugglers = ArrakisOptions {
        smugglers: true,
        ..Default::default()
    };
    games_per_second("arrakis smugglers", &smugglers, true);
    games_per_second("arrakis smugglers", &smugglers, false);
    let both = ArrakisOptions {
        desert_war: true,
        smugglers: true,
        ..Default::default()
    };
    games_per_second("arrakis smugglers+desert_war", &both, true);
    games_per_second("arrakis smugglers+desert_war", &both, false);
}
