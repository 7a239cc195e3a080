//! Hooks for Desert War tests that build a situation on the real board.
//! Not part of the rules: nothing in the engine calls them.
use super::troopers::Troopers;
use crate::rules::arrakis::Marker;
use crate::rules::arrakis::ids::AreaId;
use crate::rules::arrakis::state::Arrakis;

impl Arrakis {
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

    /// Puts an Escort from the supply into the Harkonnen legion in `area`.
    pub fn test_put_escort(&mut self, area: AreaId) {
        let dw = self.desert_war.as_mut().expect("the expansion is on");
        assert!(dw.escorts > 0, "escort supply");
        dw.escorts -= 1;
        self.areas[area.index()].desert.escorts += 1;
    }

    /// Sets the Desert War tokens on the Spice Must Flow board.
    pub fn test_set_dw_tokens(&mut self, n: u8) {
        self.desert_war
            .as_mut()
            .expect("the expansion is on")
            .tokens_on_board = n;
    }

    /// Runs the End of the Round's Desert War clean-up alone.
    pub fn test_desert_war_round_end(&mut self) -> Vec<crate::rules::arrakis::Event> {
        let mut ev = Vec::new();
        self.desert_war_round_end(&mut ev);
        ev
    }
}
