//! The competition rules of docs/rules/competition.md as Dune: Imperium
//! plays them, a file per concept: resigning (`resign`, MC-RESIGN-01/02),
//! the standing (`standing`, MC-STAND-01), the round limit (`round_limit`,
//! MC-ROUNDS-01), default actions (`default_action`, MC-DEFAULT-01) and the
//! forward model's sample (`determinize`, MC-SIM-01/02) and its register of
//! hidden state (`hidden`, MC-SIM-08). `cargo test --test
//! imperium competition` runs them.
mod default_action;
mod determinize;
mod hidden;
mod resign;
mod round_limit;
mod standing;

use melange::rules::core::{RngStream, Ruleset, Seat};
use melange::rules::imperium::{Action, Event, Imperium, ImperiumOptions};
use rand::Rng;

/// A game of `players` set up from `seed`, then `steps` uniformly random
/// legal actions into it (fewer if it ends first).
pub fn game_after(opts: &ImperiumOptions, seed: u64, steps: usize) -> Imperium {
    let mut g = Imperium::setup(opts, seed).expect("setup");
    advance(&mut g, seed, steps, &mut Vec::new());
    g
}

/// Plays up to `steps` uniformly random legal actions (chosen from a
/// stream of `seed` apart from the game's), collecting the events.
pub fn advance(g: &mut Imperium, seed: u64, steps: usize, events: &mut Vec<Event>) {
    let mut chooser = RngStream::Bot(0xfe).rng(seed);
    let mut legal = Vec::new();
    for _ in 0..steps {
        let Some(seat) = g.to_act() else { return };
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let a = legal[chooser.random_range(0..legal.len())];
        g.apply(seat, &a, events)
            .unwrap_or_else(|e| panic!("seed {seed}: legal {a:?} refused: {e}"));
    }
}

/// Whether any action of any seat's legal list is a resignation.
pub fn offers_resignation(g: &Imperium) -> bool {
    (0..g.seat_count() as u8).any(|s| {
        let mut legal = Vec::new();
        g.legal_actions(Seat(s), &mut legal);
        legal.iter().any(|a| matches!(a, Action::Resign(_)))
    })
}
