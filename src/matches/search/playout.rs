//! Uniformly random play: how a search finishes an iteration, and how
//! `Simulate` plays on after a client's actions.
use rand::Rng;

use crate::rules::core::{GameRng, Ruleset};

/// Reusable buffers for [`random_playout`], so a search allocates once.
#[derive(Debug)]
pub struct Scratch<R: Ruleset> {
    /// The legal actions of the seat to act.
    pub legal: Vec<R::Action>,
    /// The events of the last step (never read).
    pub events: Vec<R::Event>,
}

impl<R: Ruleset> Default for Scratch<R> {
    fn default() -> Self {
        Scratch {
            legal: Vec::new(),
            events: Vec::new(),
        }
    }
}

/// Plays at most `steps` uniformly random legal moves of whoever is to act,
/// drawing from `rng`, and returns how many were played. It stops early at
/// the end of the game, or if the rules offer the seat to act nothing or
/// refuse their own legal action (a ruleset bug: the state is then as the
/// last accepted move left it).
pub fn random_playout<R: Ruleset>(
    state: &mut R,
    steps: usize,
    rng: &mut GameRng,
    scratch: &mut Scratch<R>,
) -> usize {
    for played in 0..steps {
        let Some(seat) = state.to_act() else {
            return played;
        };
        scratch.legal.clear();
        state.legal_actions(seat, &mut scratch.legal);
        if scratch.legal.is_empty() {
            return played;
        }
        let pick = rng.random_range(0..scratch.legal.len());
        scratch.events.clear();
        if state
            .apply(seat, &scratch.legal[pick], &mut scratch.events)
            .is_err()
        {
            return played;
        }
    }
    steps
}
