//! The Desert War's edits of a [`Setup`], for tests and fixtures: its
//! figures come out of their supply as they do in play, so an edited setup
//! still passes the expansion's checks (`position.rs`). Each is refused,
//! the setup unchanged, when the expansion is off, its supply is short or
//! the area or Air zone is off the board.
use super::DesertWarState;
use super::troopers::Troopers;
use crate::arrakis::Setup;
use crate::arrakis::ids::{AirZoneId, AreaId, Faction, Marker};
use crate::arrakis::state::Vehicle;
use crate::core::SetupError;

/// The Desert War's state of `setup`, or the refusal that it is off.
fn desert_war(setup: &mut Setup) -> Result<&mut DesertWarState, SetupError> {
    setup
        .expansions
        .desert_war
        .as_deref_mut()
        .ok_or_else(|| SetupError::shape("the Desert War is not in this game"))
}

/// A supply of `have` figures that cannot give `want`: DW-TROOPER-17
/// (figures come from the supply and go back to it; none is made).
fn short(what: &str, have: u8, want: u8) -> SetupError {
    SetupError::new(
        "DW-TROOPER-17",
        format!("the supply holds {have} {what}, not the {want} to put"),
    )
}

impl Setup {
    /// Puts Desert Troopers (Suspensors, Rocket Launchers, Sandriders)
    /// from their supplies into `area`.
    pub fn put_troopers(&mut self, area: AreaId, t: Troopers) -> Result<(), SetupError> {
        self.on_board(area)?;
        let dw = desert_war(self)?;
        for (what, have, want) in [
            ("Suspensor Troopers", dw.suspensors, t.suspensors),
            ("Rocket Launchers", dw.rockets, t.rockets),
            ("Sandriders", dw.sandriders, t.sandriders),
        ] {
            if have < want {
                return Err(short(what, have, want));
            }
        }
        dw.suspensors -= t.suspensors;
        dw.rockets -= t.rockets;
        dw.sandriders -= t.sandriders;
        let d = &mut self.areas[area.index()].expansions.desert;
        d.suspensors += t.suspensors;
        d.rockets += t.rockets;
        d.sandriders += t.sandriders;
        Ok(())
    }

    /// Puts `n` Suspensor Troopers from the supply into `area`.
    pub fn put_suspensors(&mut self, area: AreaId, n: u8) -> Result<(), SetupError> {
        let t = Troopers {
            suspensors: n,
            ..Troopers::default()
        };
        self.put_troopers(area, t)
    }

    /// Puts `n` Rocket Launchers from the supply into `area`.
    pub fn put_rockets(&mut self, area: AreaId, n: u8) -> Result<(), SetupError> {
        let t = Troopers {
            rockets: n,
            ..Troopers::default()
        };
        self.put_troopers(area, t)
    }

    /// Puts `n` Sandriders from the supply into `area`.
    pub fn put_sandriders(&mut self, area: AreaId, n: u8) -> Result<(), SetupError> {
        let t = Troopers {
            sandriders: n,
            ..Troopers::default()
        };
        self.put_troopers(area, t)
    }

    /// Puts the Camp whose token shows `m` from the supply into `area`.
    pub fn put_camp(&mut self, area: AreaId, m: Marker) -> Result<(), SetupError> {
        self.on_board(area)?;
        let dw = desert_war(self)?;
        let Some(i) = dw.camp_tokens.iter().position(|x| *x == m) else {
            return Err(SetupError::new(
                "DW-SETUP-06",
                format!("no Camp token showing {m:?} is left in the supply"),
            ));
        };
        dw.camp_tokens.remove(i);
        self.areas[area.index()].expansions.desert.camp = Some(m);
        Ok(())
    }

    /// Takes an Escort Ornithopter from the supply, or refuses.
    fn take_escort(&mut self) -> Result<(), SetupError> {
        let dw = desert_war(self)?;
        if dw.escorts == 0 {
            return Err(short("Escort Ornithopters", 0, 1));
        }
        dw.escorts -= 1;
        Ok(())
    }

    /// Puts an Escort Ornithopter from the supply into the Harkonnen
    /// legion in `area`, as one of its generic leaders (DW-ESCORT-08).
    pub fn put_escort(&mut self, area: AreaId) -> Result<(), SetupError> {
        self.on_board(area)?;
        self.take_escort()?;
        let a = &mut self.areas[area.index()];
        a.generic[Faction::Harkonnen] += 1;
        a.expansions.desert.escorts += 1;
        Ok(())
    }

    /// Puts an Escort Ornithopter from the supply into Air zone `z`.
    pub fn put_escort_zone(&mut self, z: AirZoneId) -> Result<(), SetupError> {
        if z.index() >= self.zones.len() {
            return Err(SetupError::shape(format!(
                "Air zone {} is not on the board",
                z.0
            )));
        }
        self.take_escort()?;
        self.zones[z.index()] = Some(Vehicle::ESCORT_ORNITHOPTER);
        Ok(())
    }

    /// Sets the Desert War tokens on the Spice Must Flow board, none of
    /// their actions taken yet this turn.
    pub fn desert_war_tokens(&mut self, n: u8) -> Result<(), SetupError> {
        let dw = desert_war(self)?;
        dw.tokens_on_board = n;
        dw.action_taken = false;
        Ok(())
    }
}
