//! The Smugglers' invariants of a position ([`crate::arrakis::Setup`]):
//! their Regulars counted among the Atreides units while they are in play,
//! their harvesters, carryall and ornithopters never more than are left in
//! the game, nothing of theirs on the board before the alliance or after
//! the defeat, the Base where their state says. Asked through the hook list
//! by `position/check.rs`.
use super::data::smugglers;
use super::state::Standing;
use crate::arrakis::ids::Faction;
use crate::arrakis::state::{Arrakis, Vehicle};
use crate::core::SetupError;

/// A refusal naming `rule`.
fn broken(rule: &'static str, message: impl Into<String>) -> Option<SetupError> {
    Some(SetupError {
        rule,
        message: message.into(),
    })
}

impl Arrakis {
    /// The Smuggler Regulars that are Atreides units, on the board, in the
    /// supply or fighting: every one of the box but those waiting on the
    /// Smugglers board, and none once the Smugglers are defeated
    /// (SM-SETUP-02, SM-DEFEAT-05). Zero without the expansion.
    pub(crate) fn smuggler_regulars_in_play(&self) -> u8 {
        match self.expansions.smugglers.as_deref() {
            None => 0,
            Some(sm) if sm.standing == Standing::Defeated => 0,
            Some(sm) => smugglers().components.smuggler_regulars - sm.regulars_waiting,
        }
    }

    /// The first Smugglers invariant the position breaks.
    pub(crate) fn smugglers_position_error(&self) -> Option<SetupError> {
        let sm = self.expansions.smugglers.as_deref()?;
        let x = smugglers();
        let harvesters = self
            .areas
            .iter()
            .filter(|a| a.expansions.smugglers.harvester)
            .count() as u8;
        let zone = |v: Vehicle| self.zones.iter().filter(|z| **z == Some(v)).count() as u8;
        let (carryalls, thopters) = (
            zone(Vehicle::SMUGGLER_CARRYALL),
            zone(Vehicle::SMUGGLER_ORNITHOPTER),
        );
        let bases: Vec<usize> = (0..self.areas.len())
            .filter(|i| self.areas[*i].expansions.smugglers.base)
            .collect();
        // SM-HARVESTER-02, SM-LEGION-04: never more Smuggler harvesters on
        // the board than are left in the game; the carryall likewise.
        if harvesters > sm.harvesters_in_game || sm.harvesters_in_game > x.components.harvesters {
            return broken(
                "SM-HARVESTER-02",
                format!(
                    "{harvesters} Smuggler harvesters on the board, {} in the game",
                    sm.harvesters_in_game
                ),
            );
        }
        if carryalls > u8::from(sm.carryall_in_game) {
            return broken(
                "SM-SETUP-04",
                "a Smuggler carryall on the board out of the game",
            );
        }
        // SM-THOPTER-01 to SM-THOPTER-03: the ornithopters on both boards
        // are some of those in the game.
        if thopters + sm.thopters > sm.thopters_in_game
            || sm.thopters_in_game > x.components.ornithopters
        {
            return broken(
                "SM-THOPTER-01",
                format!(
                    "{thopters} Smuggler ornithopters on the board and {} on the Smugglers \
                     board, {} in the game",
                    sm.thopters, sm.thopters_in_game
                ),
            );
        }
        match sm.standing {
            Standing::Neutral => {
                // SM-ALLY-01 (SQ2): the alliance fires as soon as a marker
                // reaches Staban Tuek's step.
                if let Some(m) = self.prescience.iter().find(|&&p| p >= sm.staban_step) {
                    return broken(
                        "SM-ALLY-01",
                        format!(
                            "a prescience marker on step {m} at or past Staban Tuek's step {} \
                             while the Smugglers are neutral",
                            sm.staban_step
                        ),
                    );
                }
                // SM-UNIT-03: no Smuggler unit on the board before the
                // alliance.
                if self.units_on_board(Faction::Atreides).smuggler > 0 {
                    return broken(
                        "SM-UNIT-03",
                        "a Smuggler Regular on the board while neutral",
                    );
                }
                if thopters > 0 || !bases.is_empty() {
                    return broken(
                        "SM-THOPTER-04",
                        "a Smuggler ornithopter or the Base (SM-ALLY-06) while neutral",
                    );
                }
            }
            Standing::Allied | Standing::Defeated => {
                // SM-ALLY-04, SM-ALLY-05: no Smuggler harvester or carryall
                // once allied.
                if harvesters + carryalls > 0 || sm.harvesters_in_game > 0 || sm.carryall_in_game {
                    return broken(
                        "SM-ALLY-04",
                        "a Smuggler harvester or the carryall after the alliance",
                    );
                }
            }
        }
        // SM-ALLY-06, SM-DEFEAT-02: the Base stands where the state says,
        // only while allied (or while the alliance places it).
        let recorded: Vec<usize> = sm.base.map(|a| a.index()).into_iter().collect();
        if bases != recorded {
            return broken(
                "SM-ALLY-06",
                format!("the Base on areas {bases:?}, recorded at {recorded:?}"),
            );
        }
        if sm.standing == Standing::Defeated
            && (self.units_on_board(Faction::Atreides).smuggler > 0
                || self.houses[Faction::Atreides].supply.smuggler > 0
                || sm.regulars_waiting > 0
                || thopters + sm.thopters > 0
                || sm.die.is_some())
        {
            return broken(
                "SM-DEFEAT-03",
                "a Smuggler piece after the defeat (SM-DEFEAT-03 to SM-DEFEAT-06)",
            );
        }
        None
    }
}
