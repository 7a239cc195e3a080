//! The Desert War's vehicle, the Escort Ornithopter (DW-ESCORT-01 to
//! DW-ESCORT-05): the core holds it as `Vehicle::Expansion` and asks this
//! file what it counts as.
use crate::arrakis::expansions::ExpansionVehicle;
use crate::arrakis::state::Vehicle;

/// A vehicle the Desert War adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DwVehicle {
    /// Placed by the Harkonnen instead of an ornithopter: no scouting, no
    /// Troop-Transport, but Escort Troops (DW-ESCORT-02 to DW-ESCORT-05).
    EscortOrnithopter,
}

impl Vehicle {
    /// The Desert War's Escort Ornithopter.
    pub const ESCORT_ORNITHOPTER: Vehicle =
        Vehicle::Expansion(ExpansionVehicle::DesertWar(DwVehicle::EscortOrnithopter));
}

impl DwVehicle {
    /// Its name as the contract spells it.
    pub fn name(self) -> &'static str {
        match self {
            DwVehicle::EscortOrnithopter => "escort_ornithopter",
        }
    }

    /// DW-ESCORT-02: placed instead of an ornithopter, so it counts as one
    /// of the placement's ornithopters.
    pub(crate) fn placed_as(self) -> Option<Vehicle> {
        match self {
            DwVehicle::EscortOrnithopter => Some(Vehicle::Ornithopter),
        }
    }

    /// An Escort is a Harkonnen ornithopter where the core's rules read one
    /// (an ornithopter watching an area, an attack from an ornithopter):
    /// docs/rules-decisions.md, Desert War, "Escort Ornithopters".
    pub(crate) fn counts_as_ornithopter(self) -> bool {
        match self {
            DwVehicle::EscortOrnithopter => true,
        }
    }

    /// DW-ESCORT-01: Escort Ornithopters are Harkonnen vehicles.
    pub(crate) fn is_harkonnen(self) -> bool {
        match self {
            DwVehicle::EscortOrnithopter => true,
        }
    }
}
