//! Test hooks for the Desert War (the `testkit` feature only): set the
//! expansion's figures and tokens directly, to build a situation on the
//! real board. Nothing in the engine calls them.
use super::troopers::Troopers;
use crate::arrakis::Marker;
use crate::arrakis::ids::{AirZoneId, AreaId, Faction};
use crate::arrakis::state::{Arrakis, Vehicle, Worm};

impl Arrakis {
    fn test_dw(&mut self) -> &mut super::DesertWarState {
        self.desert_war.as_mut().expect("a Desert War game")
    }

    /// Puts Desert Troopers from their supplies into `area`.
    pub fn test_put_troopers(&mut self, area: AreaId, t: Troopers) {
        let dw = self.desert_war.as_mut().expect("the expansion is on");
        assert!(dw.suspensors >= t.suspensors, "suspensor supply");
        assert!(dw.rockets >= t.rockets, "rocket supply");
        assert!(dw.sandriders >= t.sandriders, "sandrider supply");
        dw.suspensors -= t.suspensors;
        dw.rockets -= t.rockets;
        dw.sandriders -= t.sandriders;
        let s = &mut self.areas[area.index()].desert;
        s.suspensors += t.suspensors;
        s.rockets += t.rockets;
        s.sandriders += t.sandriders;
    }

    /// Puts the Camp whose token shows `m` from the supply into `area`.
    pub fn test_put_camp(&mut self, area: AreaId, m: Marker) {
        let dw = self.desert_war.as_mut().expect("the expansion is on");
        let i = dw
            .camp_tokens
            .iter()
            .position(|x| *x == m)
            .expect("camp token in supply");
        dw.camp_tokens.remove(i);
        self.areas[area.index()].desert.camp = Some(m);
    }

    /// Puts an Escort from the supply into the Harkonnen legion in `area`
    /// (as one of its generic leaders, DW-ESCORT-08).
    pub fn test_put_escort(&mut self, area: AreaId) {
        self.test_put_escort_leader(area);
    }

    /// Sets the Desert War tokens on the Spice Must Flow board.
    pub fn test_set_dw_tokens(&mut self, n: u8) {
        self.desert_war
            .as_mut()
            .expect("the expansion is on")
            .tokens_on_board = n;
    }

    /// Runs the End of the Round's Desert War clean-up alone.
    pub fn test_desert_war_round_end(&mut self) -> Vec<crate::arrakis::Event> {
        let mut ev = Vec::new();
        self.desert_war_round_end(&mut ev);
        ev
    }

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

    /// Puts `n` Rocket Launchers from the supply in `area`.
    pub fn test_put_rockets(&mut self, area: AreaId, n: u8) {
        self.test_dw().rockets -= n;
        self.areas[area.index()].desert.rockets += n;
    }

    /// Puts `n` Sandriders from the supply in `area`.
    pub fn test_put_sandriders(&mut self, area: AreaId, n: u8) {
        self.test_dw().sandriders -= n;
        self.areas[area.index()].desert.sandriders += n;
    }

    /// Puts a normal sandworm from off the board in `area`.
    pub fn test_put_worm(&mut self, area: AreaId) {
        self.worms_off -= 1;
        self.areas[area.index()].worm = Some(Worm::Normal);
    }
}
