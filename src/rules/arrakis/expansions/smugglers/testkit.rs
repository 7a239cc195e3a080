//! Test hooks for the Smugglers (the `testkit` feature only): set the
//! expansion's figures and standing directly, to build a situation on the
//! real board. Nothing in the engine calls them.
use super::state::{SmugglersState, Standing};
use crate::rules::arrakis::event::Event;
use crate::rules::arrakis::ids::{AreaId, Faction, Wormsign};
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

    // Neutral part.

    /// Puts a Smuggler harvester into `area` (none taken from anywhere).
    pub fn test_put_smuggler_harvester(&mut self, area: AreaId) {
        self.areas[area.index()].smugglers.harvester = true;
    }

    /// Starts the next round as the End of the Round would, returning its
    /// events.
    pub fn test_start_round(&mut self) -> Vec<Event> {
        let mut ev = Vec::new();
        self.start_round(&mut ev);
        ev
    }

    /// Runs the End of the Round's Smugglers clean-up alone.
    pub fn test_smugglers_round_end(&mut self) -> Vec<Event> {
        let mut ev = Vec::new();
        self.smugglers_round_end(&mut ev);
        ev
    }

    /// Sets the wormsign pool (drawn at random; one kind makes it sure).
    pub fn test_set_wormsign_pool(&mut self, pool: &[Wormsign]) {
        self.wormsign_pool = pool.to_vec();
    }
}
