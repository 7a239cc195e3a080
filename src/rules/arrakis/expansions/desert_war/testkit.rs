//! Test hooks for the Desert War (the `testkit` feature only): set the
//! expansion's figures and tokens directly. Nothing in the engine calls
//! them.
use crate::rules::arrakis::ids::{AirZoneId, AreaId, Faction};
use crate::rules::arrakis::state::{Arrakis, Vehicle};

impl Arrakis {
    /// Puts `n` Suspensor Troopers from the supply into `area`.
    pub fn test_put_suspensors(&mut self, area: AreaId, n: u8) {
        let dw = self.desert_war.as_mut().expect("the Desert War is on");
        assert!(dw.suspensors >= n, "Suspensor supply");
        dw.suspensors -= n;
        self.areas[area.index()].desert.suspensors += n;
    }

    /// Puts an Escort Ornithopter from the supply into Air zone `z`.
    pub fn test_put_escort_zone(&mut self, z: AirZoneId) {
        let dw = self.desert_war.as_mut().expect("the Desert War is on");
        assert!(dw.escorts > 0, "Escort supply");
        dw.escorts -= 1;
        self.zones[z.index()] = Some(Vehicle::EscortOrnithopter);
    }

    /// Puts an Escort Ornithopter from the supply into the Harkonnen legion
    /// in `area`, as a generic leader.
    pub fn test_put_escort_leader(&mut self, area: AreaId) {
        let dw = self.desert_war.as_mut().expect("the Desert War is on");
        assert!(dw.escorts > 0, "Escort supply");
        dw.escorts -= 1;
        let s = &mut self.areas[area.index()];
        s.generic[Faction::Harkonnen] += 1;
        s.desert.escorts += 1;
    }

    /// Puts Atreides Desert Troopers (Rocket Launchers, Sandriders) from
    /// the supply into `area`.
    pub fn test_put_atreides_troopers(&mut self, area: AreaId, rockets: u8, sandriders: u8) {
        let dw = self.desert_war.as_mut().expect("the Desert War is on");
        assert!(
            dw.rockets >= rockets && dw.sandriders >= sandriders,
            "supply"
        );
        dw.rockets -= rockets;
        dw.sandriders -= sandriders;
        let d = &mut self.areas[area.index()].desert;
        d.rockets += rockets;
        d.sandriders += sandriders;
    }

    /// Sets the Desert War tokens on the Spice Must Flow board.
    pub fn test_set_desert_war_tokens(&mut self, n: u8) {
        let dw = self.desert_war.as_mut().expect("the Desert War is on");
        dw.tokens_on_board = n;
        dw.action_taken = false;
    }
}
