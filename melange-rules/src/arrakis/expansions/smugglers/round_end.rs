//! The Smugglers' part of the End of the Round (SM-ROUND-13): every
//! Smuggler vehicle still on the board leaves it and is available again
//! (the harvesters and the carryall to the Harkonnen at the next Vehicle
//! Placement while neutral). Called at the core clean-up step, beside the
//! Desert War's. The core already empties every Air zone at the end of
//! Spice Harvesting (AR-SPICE-22); a Smuggler vehicle still in a zone here
//! is taken off all the same. Other parts of the expansion add their
//! clean-up to `smugglers_round_end`.
use super::event::SmEvent;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::ExpansionEvent;
use crate::arrakis::state::{Arrakis, Vehicle};

impl Arrakis {
    /// The Smugglers' clean-up of the End of the Round; nothing without
    /// the expansion.
    pub(crate) fn smugglers_round_end(&mut self, ev: &mut Vec<Event>) {
        let Some(sm) = self.expansions.smugglers.as_deref_mut() else {
            return;
        };
        // SM-THOPTER-09: the forgone ornithopters are back for the next
        // round.
        sm.thopters_forgone = 0;
        // SM-ROUND-13: Smuggler harvesters, back to the Harkonnen's
        // Smuggler vehicles (still in the game).
        let mut harvesters = 0;
        for s in &mut self.areas {
            if std::mem::take(&mut s.expansions.smugglers.harvester) {
                harvesters += 1;
            }
        }
        // SM-ROUND-13: the Smuggler carryall, if still in a zone.
        let mut carryall = false;
        for z in &mut self.zones {
            if *z == Some(Vehicle::SMUGGLER_CARRYALL) {
                *z = None;
                carryall = true;
            }
        }
        if harvesters > 0 || carryall {
            ev.push(Event::Expansion(ExpansionEvent::Smugglers(
                SmEvent::VehiclesRemoved {
                    harvesters,
                    carryall,
                },
            )));
        }
    }
}
