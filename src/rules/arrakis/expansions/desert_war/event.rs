//! What happened in the Desert War, carried by the core
//! `Event::DesertWar`, with enough detail to redact per viewer (a Camp's
//! marker is the Atreides' secret, DW-CAMP-04).
use super::troopers::{TrooperRemoval, Troopers};
use crate::rules::arrakis::ids::AreaId;
use crate::rules::core::Viewer;

/// An event of the Desert War expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DwEvent {
    // Desert Troopers' common rules and the End of the Round (dwc).
    /// Desert Troopers left `area` for their supply (DW-TROOPER-13,
    /// DW-TROOPER-15, DW-TROOPER-17). Public.
    TroopersRemoved {
        /// Where.
        area: AreaId,
        /// How many of each kind.
        troopers: Troopers,
        /// Why.
        why: TrooperRemoval,
    },
    /// The End of the Round took the expansion's figures off the board
    /// (DW-ROUNDEND-01 to DW-ROUNDEND-04, DW-HARKONNEN-09): Escorts from
    /// legions, Camps (tokens back face down), Desert Troopers (Sandriders
    /// with a sandworm stay) and the Desert War tokens. Public (counts
    /// only: no Camp's marker).
    RoundCleared {
        /// Escorts taken from legions.
        escorts: u8,
        /// Camps taken off.
        camps: u8,
        /// Desert Troopers taken off.
        troopers: Troopers,
        /// Desert War tokens taken off the Spice Must Flow board.
        tokens: u8,
    },
}

impl DwEvent {
    /// The event as `viewer` may see it (`None`: not at all).
    pub fn redact(&self, _viewer: Viewer) -> Option<DwEvent> {
        match self {
            DwEvent::TroopersRemoved { .. } | DwEvent::RoundCleared { .. } => Some(self.clone()),
        }
    }
}
