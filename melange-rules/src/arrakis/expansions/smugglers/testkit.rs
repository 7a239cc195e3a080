//! Test hooks for the Smugglers (the `testkit` feature only): engine steps
//! run alone (the alliance, a prescience advance, the tank, Desert
//! Hazards, Vehicle Placement, a round's start). Their pieces and standing
//! are set through the [`crate::arrakis::Setup`] edits of `edits.rs`;
//! nothing in the engine calls these.
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaId, Faction, Marker};
use crate::arrakis::state::{Arrakis, LeaderAt};

impl Arrakis {
    /// The alliance, played at once with the Base in `area` (the decision
    /// the game waits on is kept); its events.
    pub fn test_ally_at(&mut self, area: AreaId) -> Vec<Event> {
        let mut ev = Vec::new();
        let prompt = self.prompt;
        self.smugglers_ally(&mut ev);
        self.edit(|s| s.smugglers_mut().map(|sm| sm.resume = Some(prompt)))
            .unwrap();
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

    /// Starts the next round as the End of the Round would, returning its
    /// events.
    pub fn test_start_round(&mut self) -> Vec<Event> {
        let mut ev = Vec::new();
        self.start_round(&mut ev);
        ev
    }
}
