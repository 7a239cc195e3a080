//! The competition rules (MC-, docs/rules/competition.md) for War for
//! Arrakis, a file per concept: resigning (`resign`), the standing of an
//! unfinished game (`standing`), the round limit (`round_limit`), the
//! default action a clock plays (`default_action`), the forward model's
//! sample (`determinize`), its register of hidden state (`hidden`) and the search bot's estimate (`estimate`). `random_game` is the seeded random
//! player they share.
use melange::rules::arrakis::{Action, Arrakis, ArrakisOptions, Event};
use melange::rules::core::{GameRng, RngStream, Ruleset};
use rand::seq::IndexedRandom;

mod default_action;
mod determinize;
mod estimate;
mod hidden;
mod resign;
mod round_limit;
mod standing;

/// A game of the core rules with at most `max_rounds` rounds.
pub(crate) fn limited(max_rounds: Option<u32>, seed: u64) -> Arrakis {
    let options = ArrakisOptions {
        max_rounds,
        ..ArrakisOptions::default()
    };
    Arrakis::setup(&options, seed).expect("setup")
}

/// The generator of the random player for `seed`.
pub(crate) fn chooser(seed: u64) -> GameRng {
    RngStream::Bot(7).rng(seed)
}

/// Plays uniformly random legal actions for at most `steps` steps (or to
/// the end), calling `each` before every step; returns the events.
pub(crate) fn random_game(
    g: &mut Arrakis,
    rng: &mut GameRng,
    steps: usize,
    mut each: impl FnMut(&Arrakis, &[Action]),
) -> Vec<Event> {
    let mut events = Vec::new();
    let mut legal = Vec::new();
    for _ in 0..steps {
        let Some(seat) = g.to_act() else { break };
        legal.clear();
        g.legal_actions(seat, &mut legal);
        each(g, &legal);
        let a = *legal.choose(rng).expect("the seat to act has a move");
        g.apply(seat, &a, &mut events)
            .unwrap_or_else(|e| panic!("legal {a:?} refused: {e}"));
    }
    events
}
