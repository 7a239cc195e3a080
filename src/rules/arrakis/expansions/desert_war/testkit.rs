//! Test hooks for the Desert War's Atreides part: put Camps, Rocket
//! Launchers, Sandriders and sandworms on the board from their supplies.
//! Not part of the rules: nothing in the engine calls them.
use crate::rules::arrakis::Marker;
use crate::rules::arrakis::ids::AreaId;
use crate::rules::arrakis::state::{Arrakis, Worm};

impl Arrakis {
    fn test_dw(&mut self) -> &mut super::DesertWarState {
        self.desert_war.as_mut().expect("a Desert War game")
    }

    /// Puts the Camp of token `m` (off the board) in `area`.
    pub fn test_put_camp(&mut self, area: AreaId, m: Marker) {
        let dw = self.test_dw();
        let i = dw.camp_tokens.iter().position(|t| *t == m).expect("token");
        dw.camp_tokens.remove(i);
        self.areas[area.index()].desert.camp = Some(m);
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
