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
    playout_from(state, steps, false, rng, scratch, |_| true)
}

/// [`random_playout`] that also stops before a move when `go_on` says so
/// of the state reached, for a caller whose `scratch.legal` may already
/// hold the state's legal actions (`listed`), as a search's descent leaves
/// them. The list is built at most once, then handed on by
/// [`Ruleset::apply_listed`] from move to move, so a playout builds each
/// decision's list once; the moves and the generator's draws are those of
/// building it afresh every move.
pub(crate) fn playout_from<R: Ruleset>(
    state: &mut R,
    steps: usize,
    mut listed: bool,
    rng: &mut GameRng,
    scratch: &mut Scratch<R>,
    mut go_on: impl FnMut(&R) -> bool,
) -> usize {
    for played in 0..steps {
        if !go_on(state) {
            return played;
        }
        let Some(seat) = state.to_act() else {
            return played;
        };
        if !listed {
            scratch.legal.clear();
            state.legal_actions(seat, &mut scratch.legal);
            listed = true;
        }
        if scratch.legal.is_empty() {
            return played;
        }
        let pick = scratch.legal[rng.random_range(0..scratch.legal.len())].clone();
        scratch.events.clear();
        if state
            .apply_listed(seat, &pick, &mut scratch.legal, &mut scratch.events)
            .is_err()
        {
            return played;
        }
    }
    steps
}
