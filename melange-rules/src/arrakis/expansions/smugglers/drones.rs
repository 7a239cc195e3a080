//! The Drone Ornithopters planning card (SM-SETUP-03, SM-SETUP-08,
//! SM-ALLY-02, SM-THOPTER-01): a House Atreides card played like any other
//! (any die), whose two steps take no choice: Staban Tuek moves down
//! (`drone_ornithopters.staban_steps_down`, nothing once allied) and
//! Smuggler ornithopters join the Smugglers board
//! (`drone_ornithopters.ornithopters_added`, as many of the game's
//! `components.ornithopters` as are still out of play).
use crate::arrakis::cards::effects::Step;
use crate::arrakis::event::Event;
use crate::arrakis::state::{Arrakis, Vehicle};

impl Arrakis {
    /// Whether `step` is one of the Smugglers' card steps.
    pub(crate) fn is_smugglers_step(step: &Step) -> bool {
        matches!(
            step,
            Step::StabanDown { .. } | Step::SmugglerOrnithopters { .. }
        )
    }

    /// Takes a Smugglers card step (no choice in it).
    pub(crate) fn run_smugglers_step(&mut self, step: &Step, ev: &mut Vec<Event>) {
        match *step {
            // SM-ALLY-02: then the alliance check (in `staban_down`).
            Step::StabanDown { steps } => self.staban_down(steps, ev),
            // SM-THOPTER-01: as many as are still in the game and neither on
            // the Smugglers board nor on the main board.
            Step::SmugglerOrnithopters { count } => {
                let flying = self.vehicles_on_board(Vehicle::SmugglerOrnithopter);
                if let Some(sm) = self.expansions.smugglers.as_mut() {
                    let out = sm.thopters_in_game.saturating_sub(sm.thopters + flying);
                    sm.thopters += count.min(out);
                }
            }
            _ => {}
        }
    }
}
