//! The Smugglers' vehicles: the Smuggler ornithopter (SM-THOPTER) and the
//! Smuggler carryall (SM-HARVESTER). The core holds them as
//! `Vehicle::Expansion` and asks this file what they count as.
use crate::arrakis::expansions::ExpansionVehicle;
use crate::arrakis::state::{Arrakis, Vehicle};

/// A vehicle the Smugglers add.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SmVehicle {
    /// Placed by the Atreides once the Smugglers are allied (SM-THOPTER).
    SmugglerOrnithopter,
    /// Placed by the Harkonnen while the Smugglers are neutral
    /// (SM-HARVESTER).
    SmugglerCarryall,
}

impl Vehicle {
    /// The Smugglers' ornithopter.
    pub const SMUGGLER_ORNITHOPTER: Vehicle =
        Vehicle::Expansion(ExpansionVehicle::Smugglers(SmVehicle::SmugglerOrnithopter));
    /// The Smugglers' carryall.
    pub const SMUGGLER_CARRYALL: Vehicle =
        Vehicle::Expansion(ExpansionVehicle::Smugglers(SmVehicle::SmugglerCarryall));
}

impl SmVehicle {
    /// Its name as the contract spells it.
    pub fn name(self) -> &'static str {
        match self {
            SmVehicle::SmugglerOrnithopter => "smuggler_ornithopter",
            SmVehicle::SmugglerCarryall => "smuggler_carryall",
        }
    }

    /// SM-ROUND-03: Smuggler vehicles come in addition to the house's own,
    /// so they count as none of the placement's.
    pub(crate) fn placed_as(self) -> Option<Vehicle> {
        None
    }

    /// Never a Harkonnen ornithopter: the Smuggler ornithopter is the
    /// Atreides' allies', the carryall no ornithopter.
    pub(crate) fn counts_as_ornithopter(self) -> bool {
        false
    }

    /// Whether it is a Harkonnen vehicle (a target of Atreides cards and
    /// Rocket Launchers, a Suspensor Trooper's carrier): never the Smuggler
    /// ornithopter, and the Smuggler carryall only under the Desert War's
    /// `smuggler_carryall=harkonnen` (SM-HARVESTER-13; docs/rules-decisions.md,
    /// Smugglers, SQ10).
    pub(crate) fn is_harkonnen(self, g: &Arrakis) -> bool {
        match self {
            SmVehicle::SmugglerOrnithopter => false,
            SmVehicle::SmugglerCarryall => g
                .rules
                .desert_war
                .is_some_and(|dw| dw.smuggler_carryall_harkonnen),
        }
    }
}
