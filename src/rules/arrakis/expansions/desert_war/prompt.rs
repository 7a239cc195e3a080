//! Where a game with the Desert War waits on an expansion decision,
//! carried by the core `Prompt::DesertWar`.
use crate::rules::arrakis::Faction;
use crate::rules::arrakis::ids::{AreaId, AreaSet};

/// A decision of the Desert War expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DwPrompt {
    // --- The Harkonnen side ---
    /// A Harkonnen turn that spent a die is over: a Desert War action may
    /// still come after the die's action (DW-HARKONNEN-07), or `Done`.
    HarkonnenAfter,
    /// A Deploy action goes on: `left` Suspensor Troopers may still go
    /// into `areas` (the empty desert areas of the action's sector when it
    /// started, DW-HARKONNEN-12, DW-HARKONNEN-13); `after` when the die's
    /// action is already over.
    DeploySuspensors {
        /// Troopers that may still be deployed.
        left: u8,
        /// Where they may go.
        areas: AreaSet,
        /// The action comes after the die's action.
        after: bool,
    },
    /// A Suspensor Trooper moved into `area`, which holds both kinds of
    /// Atreides Desert Troopers: the Harkonnen pick which one goes
    /// (DW-SUSPENSOR-06).
    SwapTrooper {
        /// Where.
        area: AreaId,
        /// The action comes after the die's action.
        after: bool,
    },
}

impl DwPrompt {
    /// The house whose decision it is.
    pub fn faction(&self) -> Faction {
        match *self {
            DwPrompt::HarkonnenAfter
            | DwPrompt::DeploySuspensors { .. }
            | DwPrompt::SwapTrooper { .. } => Faction::Harkonnen,
        }
    }
}
