//! The greedy one-ply bot ("greedy", MC-SIM-09): each legal move played
//! once on one sample of what the seat cannot see, and the move whose
//! resulting position is worth most to the seat taken. It is the yardstick
//! the search bot is measured against (`cargo bench --bench search`): a
//! bot that looks one move ahead with the game's own judgement, where the
//! random bot looks at nothing.
//!
//! It reads hidden information only through
//! [`crate::rules::core::Ruleset::determinize`] (MC-SIM-06), as the search
//! does: every move is tried on the same sample, drawn for the seat, so the
//! choice depends only on the seat's view and the bot's generator.
use rand::Rng;

use super::score::rank_rewards;
use crate::rules::core::{GameRng, Ruleset, Seat};

/// Two worths closer than this are a tie, broken by the generator: a sum
/// of a few fractions may differ in its last bits by the order it was
/// added in.
const TIE: f64 = 1e-9;

/// The index, in `legal` (`seat`'s legal actions in `state`), of the move
/// whose position after it is worth most to `seat` (MC-SIM-09): the
/// result's place when the move ends the game, else the game's estimate
/// (MC-SIM-07), else the standing's place (MC-STAND). Ties are broken
/// uniformly by `rng`. A seat with one legal action gets it without a
/// sample. `legal` must not be empty.
pub fn greedy_pick<R: Ruleset>(
    state: &R,
    seat: Seat,
    legal: &[R::Action],
    rng: &mut GameRng,
) -> usize {
    if legal.len() < 2 {
        return 0;
    }
    // MC-SIM-06: every move is tried on one sample of what the seat sees.
    let sample = state.determinize(seat, rng);
    let mut events = Vec::new();
    let mut best = (f64::NEG_INFINITY, 0, 0u32);
    for (index, action) in legal.iter().enumerate() {
        let mut after = sample.clone();
        events.clear();
        if after.apply(seat, action, &mut events).is_err() {
            // Legal in the real state but not in the sample: a move that
            // depends on what the sample redrew is judged worth nothing.
            continue;
        }
        let worth = worth_to(&after, seat);
        let (top, _, ties) = best;
        if worth > top + TIE {
            best = (worth, index, 1);
        } else if worth > top - TIE {
            // Reservoir sampling: each tied move ends up picked with the
            // same chance.
            let ties = ties + 1;
            let pick = if rng.random_range(0..ties) == 0 {
                index
            } else {
                best.1
            };
            best = (top, pick, ties);
        }
    }
    best.1
}

/// What `state` is worth to `seat`, from 0 to 1.
fn worth_to<R: Ruleset>(state: &R, seat: Seat) -> f64 {
    let seats = state.seat_count();
    let rewards = match state.result() {
        Some(result) => rank_rewards(&result, seats),
        None => state
            .estimate(seat)
            .unwrap_or_else(|| rank_rewards(&state.standing(), seats)),
    };
    rewards.get(seat.index()).copied().unwrap_or(0.0)
}
