//! The Drone Ornithopters planning card (SM-SETUP-03, SM-SETUP-08,
//! SM-ALLY-02, SM-THOPTER-01): a House Atreides card played like any other
//! (any die), whose two steps take no choice: Staban Tuek moves down
//! (`drone_ornithopters.staban_steps_down`, nothing once allied) and
//! Smuggler ornithopters join the Smugglers board
//! (`drone_ornithopters.ornithopters_added`, as many of the game's
//! `components.ornithopters` as are still out of play).
use crate::arrakis::cards::effects::Step;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::ExpansionStep;
use crate::arrakis::state::{Arrakis, Vehicle};

/// The Smugglers' card steps, each taken at once, with no choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmStep {
    /// Staban Tuek moves down `steps` prescience steps while the Smugglers
    /// are neutral (SM-ALLY-02).
    StabanDown {
        /// How many steps.
        steps: u8,
    },
    /// `count` Smuggler ornithopters join the Smugglers board, as many as
    /// are still out of the game (SM-THOPTER-01).
    SmugglerOrnithopters {
        /// How many.
        count: u8,
    },
}

impl SmStep {
    /// The step as a card's step.
    pub(crate) fn step(self) -> Step {
        Step::Expansion(ExpansionStep::Smugglers(self))
    }
}

impl Arrakis {
    /// Takes a Smugglers card step (no choice in it).
    pub(crate) fn run_smugglers_step(&mut self, step: SmStep, ev: &mut Vec<Event>) {
        match step {
            // SM-ALLY-02: then the alliance check (in `staban_down`).
            SmStep::StabanDown { steps } => self.staban_down(steps, ev),
            // SM-THOPTER-01: as many as are still in the game and neither on
            // the Smugglers board nor on the main board.
            SmStep::SmugglerOrnithopters { count } => {
                let flying = self.vehicles_on_board(Vehicle::SMUGGLER_ORNITHOPTER);
                if let Some(sm) = self.expansions.smugglers.as_mut() {
                    let out = sm.thopters_in_game.saturating_sub(sm.thopters + flying);
                    sm.thopters += count.min(out);
                }
            }
        }
    }
}
