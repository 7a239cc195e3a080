//! Test hooks for the Smugglers (the `testkit` feature only): set the
//! expansion's figures and standing directly, to build a situation on the
//! real board. Nothing in the engine calls them.
use super::state::{SmugglersState, Standing};
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaId, Faction, Marker, Wormsign};
use crate::arrakis::state::{Arrakis, LeaderAt, Vehicle};

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

    /// Sets the Smugglers' standing; past neutral, their harvesters and
    /// carryall leave the game as the alliance takes them (SM-ALLY-04,
    /// SM-ALLY-05), so the position stays one the rules reach. The rest of
    /// the alliance's steps are not played.
    pub fn test_set_standing(&mut self, standing: Standing) {
        if standing != Standing::Neutral {
            for a in &mut self.areas {
                a.smugglers.harvester = false;
            }
            for z in &mut self.zones {
                if *z == Some(Vehicle::SmugglerCarryall) {
                    *z = None;
                }
            }
            let sm = self.test_sm();
            sm.harvesters_in_game = 0;
            sm.carryall_in_game = false;
        }
        self.test_sm().standing = standing;
    }

    /// The alliance, played at once with the Base in `area` (the decision
    /// the game waits on is kept); its events.
    pub fn test_ally_at(&mut self, area: AreaId) -> Vec<Event> {
        let mut ev = Vec::new();
        let prompt = self.prompt;
        self.smugglers_ally(&mut ev);
        self.test_sm().resume = Some(prompt);
        self.place_base(area, &mut ev);
        ev
    }

    /// A prescience marker advances `n` steps as the rules advance it
    /// (the alliance check included, SM-ALLY-01), then the Smugglers'
    /// decisions come first as after any action; its events.
    pub fn test_sm_advance_prescience(&mut self, m: Marker, n: u8) -> Vec<Event> {
        let mut ev = Vec::new();
        self.advance_prescience(m, n, &mut ev);
        self.smugglers_interrupt();
        ev
    }

    /// Staban Tuek goes to the regeneration tank (unless there) and the tank moves
    /// `moves` times (as dice spent move it), then the Smugglers'
    /// decisions come first as after any action.
    pub fn test_staban_to_tank(&mut self, moves: u8) {
        let l = self.staban().expect("a Smugglers game");
        match self.leaders[usize::from(l.0)] {
            LeaderAt::Tank(_) => {}
            LeaderAt::Board(a) => {
                self.areas[a.index()].named &= !(1u64 << l.0);
                self.send_to_tank(l);
            }
            _ => self.send_to_tank(l),
        }
        for _ in 0..moves {
            self.advance_tank(Faction::Atreides);
        }
        self.smugglers_interrupt();
    }

    /// The Desert Hazards step as the round plays it; its events.
    pub fn test_sm_desert_hazards(&mut self) -> Vec<Event> {
        let mut ev = Vec::new();
        self.desert_hazards(&mut ev);
        ev
    }

    // Die & thopters:
    /// Starts Vehicle Placement as the round start does (the Smuggler
    /// ornithopters first, then the Harkonnen), without the rest of the
    /// round start (draws, prescience).
    pub fn test_vehicle_placement(&mut self) {
        self.phase = crate::arrakis::state::Phase::VehiclePlacement;
        self.prompt = self.vehicle_placement_prompt();
        self.smuggler_thopters_first();
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

    /// Sets the wormsign pool (drawn at random; one kind makes it sure).
    pub fn test_set_wormsign_pool(&mut self, pool: &[Wormsign]) {
        self.wormsign_pool = pool.to_vec();
    }
}
