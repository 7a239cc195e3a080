//! `Simulate`, the forward model (MC-SIM): checked under the game's lock,
//! run on a copy of the state off it.
//!
//! Every sample is `state.determinize(seat, rng)` (MC-SIM-01) with `rng`
//! drawn from the sampling seed and the sample's index alone, and all that
//! comes back is the seat's view of the sample, how far the actions got
//! and the first refusal (MC-SIM-04). A sample depends only on what the
//! seat sees and the seed, so nothing in the answer can tell the seat a
//! fact the table hides from it: a refusal or a playout speaks of the
//! sample, never of the game.
use std::panic::{AssertUnwindSafe, catch_unwind};

use super::WireRules;
use crate::{
    matches::{
        MatchError,
        search::{Scratch, random_playout},
    },
    pb,
    rules::core::{RngStream, Ruleset, Seat},
};

/// The most samples one call may ask for (MC-SIM-05).
pub const MAX_SAMPLES: u32 = 64;
/// The most rules steps (actions plus playout moves, over every sample)
/// one call may ask for (MC-SIM-05): about a tenth of a second of War for
/// Arrakis play.
pub const MAX_STEPS: u64 = 200_000;

/// A `Simulate` request, checked and parsed.
#[derive(Debug)]
pub struct Plan<R: Ruleset> {
    actions: Vec<R::Action>,
    seed: u64,
    samples: u8,
    playout: usize,
}

impl<R: WireRules> Plan<R> {
    /// Checks the bounds (MC-SIM-05) before anything else, then parses the
    /// actions.
    pub fn check(request: &pb::SimulateRequest) -> Result<Self, MatchError> {
        // MC-SIM-05: at most MAX_SAMPLES samples.
        let samples = match request.samples {
            0 => 1,
            n if n <= MAX_SAMPLES => n,
            n => {
                return Err(MatchError::InvalidArgument(format!(
                    "samples is {n}; a Simulate call draws 1 to {MAX_SAMPLES} samples (MC-SIM-05)"
                )));
            }
        };
        // MC-SIM-05: at most MAX_STEPS steps over all samples.
        let steps =
            u64::from(samples) * (request.actions.len() as u64 + u64::from(request.playout_steps));
        if steps > MAX_STEPS {
            return Err(MatchError::ResourceExhausted(format!(
                "{samples} samples of {} actions and {} playout moves is up to {steps} steps; \
                 a Simulate call may play at most {MAX_STEPS} (MC-SIM-05)",
                request.actions.len(),
                request.playout_steps
            )));
        }
        let actions = request
            .actions
            .iter()
            .enumerate()
            .map(|(index, action)| {
                R::action_from_pb(action).map_err(|error| {
                    MatchError::InvalidArgument(format!("actions[{index}] is malformed: {error}"))
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Plan {
            actions,
            seed: request.sampling_seed,
            samples: samples as u8,
            playout: request.playout_steps as usize,
        })
    }

    /// Runs every sample on `state` for `seat`, rendering each result with
    /// `view(sample, steps applied)`. A panic of the rules is contained and
    /// answered as an internal error.
    pub fn run(
        &self,
        state: &R,
        seat: Seat,
        view: impl Fn(&R, u64) -> pb::View,
    ) -> Result<Vec<pb::SimulatedSample>, MatchError> {
        let mut scratch = Scratch::<R>::default();
        (0..self.samples)
            .map(|index| {
                catch_unwind(AssertUnwindSafe(|| {
                    self.sample(state, seat, index, &mut scratch, &view)
                }))
                .map_err(|_| {
                    MatchError::Internal(format!(
                        "the rules engine failed while simulating sample {index}; \
                         the game is unchanged"
                    ))
                })
            })
            .collect()
    }

    fn sample(
        &self,
        state: &R,
        seat: Seat,
        index: u8,
        scratch: &mut Scratch<R>,
        view: &impl Fn(&R, u64) -> pb::View,
    ) -> pb::SimulatedSample {
        let mut rng = RngStream::Sample(index).rng(self.seed);
        // MC-SIM-01: drawn from the seat's view and the seed only.
        let mut sample = state.determinize(seat, &mut rng);
        let mut refusal = String::new();
        let mut applied = 0;
        for (number, action) in self.actions.iter().enumerate() {
            let Some(actor) = sample.to_act() else {
                refusal = format!("actions[{number}]: the game is over before it");
                break;
            };
            scratch.events.clear();
            if let Err(error) = sample.apply(actor, action, &mut scratch.events) {
                refusal = format!("actions[{number}] for seat {}: {error}", actor.0);
                break;
            }
            applied += 1;
        }
        let played = if refusal.is_empty() {
            random_playout(&mut sample, self.playout, &mut rng, scratch)
        } else {
            0
        };
        // MC-SIM-04: only the seat's view of the sample comes back.
        pb::SimulatedSample {
            view: Some(view(&sample, (applied + played) as u64)),
            applied: applied as u32,
            refusal,
            played: played as u32,
        }
    }
}
