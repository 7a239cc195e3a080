//! Test hooks for the Smugglers (the `testkit` feature only): set the
//! expansion's figures and standing directly, to build a situation on the
//! real board. Nothing in the engine calls them.
use super::state::{SmugglersState, Standing};
use crate::rules::arrakis::ids::{AreaId, Faction};
use crate::rules::arrakis::state::Arrakis;

impl Arrakis {
    /// The expansion's state, to read or change.
    pub fn test_sm(&mut self) -> &mut SmugglersState {
        self.smugglers.as_mut().expect("a Smugglers game")
    }

    /// Puts `n` Smuggler Regulars from the Atreides supply into `area`.
    pub fn test_put_regulars(&mut self, area: AreaId, n: u8) {
        let supply = &mut self.houses[Faction::Atreides].supply;
        assert!(supply.smuggler >= n, "Smuggler Regular supply");
        supply.smuggler -= n;
        self.areas[area.index()].units[Faction::Atreides].smuggler += n;
    }

    /// Sets the Smugglers' standing and nothing else (the alliance's
    /// steps are not played).
    pub fn test_set_standing(&mut self, standing: Standing) {
        self.test_sm().standing = standing;
    }

    // Die & thopters:
    /// Starts Vehicle Placement as the round start does (the Smuggler
    /// ornithopters first, then the Harkonnen), without the rest of the
    /// round start (draws, prescience).
    pub fn test_vehicle_placement(&mut self) {
        self.phase = crate::rules::arrakis::state::Phase::VehiclePlacement;
        self.prompt = self.vehicle_placement_prompt();
        self.smuggler_thopters_first();
    }
}
