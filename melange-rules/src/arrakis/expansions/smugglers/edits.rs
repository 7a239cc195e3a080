//! The Smugglers' edits of a [`Setup`], for tests and fixtures: their
//! pieces come from where the rules take them, so an edited setup still
//! passes the expansion's checks (`position.rs`). Each is refused, the
//! setup unchanged, when the expansion is off or the piece is not there to
//! take.
use super::state::{SmugglersState, Standing};
use crate::arrakis::Setup;
use crate::arrakis::ids::{AreaId, Faction};
use crate::arrakis::state::Vehicle;
use crate::core::SetupError;

impl Setup {
    /// The Smugglers' state, to change, or the refusal that they are not
    /// in this game.
    pub fn smugglers_mut(&mut self) -> Result<&mut SmugglersState, SetupError> {
        self.expansions
            .smugglers
            .as_deref_mut()
            .ok_or_else(|| SetupError::shape("the Smugglers are not in this game"))
    }

    /// Puts `n` Smuggler Regulars from the Atreides supply into `area`
    /// (SM-UNIT-01: once allied they are Atreides units).
    pub fn put_smuggler_regulars(&mut self, area: AreaId, n: u8) -> Result<(), SetupError> {
        self.on_board(area)?;
        self.smugglers_mut()?;
        let supply = &mut self.houses[Faction::Atreides].supply;
        if supply.smuggler < n {
            return Err(SetupError::new(
                "AR-COMBAT-25",
                format!(
                    "the Atreides supply holds {} Smuggler Regulars, not the {n} to put",
                    supply.smuggler
                ),
            ));
        }
        supply.smuggler -= n;
        self.areas[area.index()].units[Faction::Atreides].smuggler += n;
        Ok(())
    }

    /// Puts a Smuggler harvester into `area`, one of those still in the
    /// game (SM-HARVESTER-02).
    pub fn put_smuggler_harvester(&mut self, area: AreaId) -> Result<(), SetupError> {
        self.on_board(area)?;
        let in_game = self.smugglers_mut()?.harvesters_in_game;
        let on_board = self
            .areas
            .iter()
            .filter(|a| a.expansions.smugglers.harvester)
            .count() as u8;
        if on_board >= in_game || self.areas[area.index()].expansions.smugglers.harvester {
            return Err(SetupError::new(
                "SM-HARVESTER-02",
                format!(
                    "{on_board} of the {in_game} Smuggler harvesters in the game are on the board"
                ),
            ));
        }
        self.areas[area.index()].expansions.smugglers.harvester = true;
        Ok(())
    }

    /// Sets the Smugglers' standing. Past neutral, their harvesters and
    /// carryall leave the game as the alliance takes them (SM-ALLY-04,
    /// SM-ALLY-05); the rest of the alliance's steps are not played. Back
    /// to neutral, what only the alliance puts on the board leaves it: the
    /// Base (SM-ALLY-06), their ornithopters back to the Smugglers board
    /// and their Regulars back to the supply (SM-THOPTER-04, SM-UNIT-03).
    pub fn smugglers_standing(&mut self, standing: Standing) -> Result<(), SetupError> {
        self.smugglers_mut()?;
        if standing == Standing::Neutral {
            let mut thopters = 0;
            for z in &mut self.zones {
                if *z == Some(Vehicle::SMUGGLER_ORNITHOPTER) {
                    *z = None;
                    thopters += 1;
                }
            }
            let mut regulars = 0;
            for a in &mut self.areas {
                a.expansions.smugglers.base = false;
                regulars += std::mem::take(&mut a.units[Faction::Atreides].smuggler);
            }
            self.houses[Faction::Atreides].supply.smuggler += regulars;
            let sm = self.smugglers_mut()?;
            sm.base = None;
            sm.thopters += thopters;
        } else {
            for a in &mut self.areas {
                a.expansions.smugglers.harvester = false;
            }
            for z in &mut self.zones {
                if *z == Some(Vehicle::SMUGGLER_CARRYALL) {
                    *z = None;
                }
            }
            let sm = self.smugglers_mut()?;
            sm.harvesters_in_game = 0;
            sm.carryall_in_game = false;
        }
        self.smugglers_mut()?.standing = standing;
        Ok(())
    }

    /// Stands the Smugglers' Base in `area`, off wherever it stood, as the
    /// alliance places it (SM-ALLY-06); `None` takes it off the board.
    pub fn smugglers_base(&mut self, area: Option<AreaId>) -> Result<(), SetupError> {
        if let Some(area) = area {
            self.on_board(area)?;
        }
        self.smugglers_mut()?.base = area;
        for a in &mut self.areas {
            a.expansions.smugglers.base = false;
        }
        if let Some(area) = area {
            self.areas[area.index()].expansions.smugglers.base = true;
        }
        Ok(())
    }
}
