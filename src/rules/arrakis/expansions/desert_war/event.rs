//! What happened in the Desert War, carried by the core
//! `Event::DesertWar`, with enough detail to redact per viewer (a Camp's
//! marker is the Atreides' secret, DW-CAMP-04).
use super::action::AtreidesTrooper;
use crate::rules::arrakis::ids::{AirZoneId, AreaId};
use crate::rules::core::Viewer;

/// An event of the Desert War expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DwEvent {
    // --- The Harkonnen side (all public) ---
    /// Desert War tokens went on the Spice Must Flow board
    /// (DW-HARKONNEN-01).
    TokensPlaced {
        /// How many.
        count: u8,
    },
    /// A Desert War token was discarded for a Desert War action
    /// (DW-HARKONNEN-04).
    TokenDiscarded {
        /// Tokens left on the board.
        left: u8,
    },
    /// A Suspensor Trooper was deployed (DW-HARKONNEN-11).
    SuspensorDeployed {
        /// Where.
        area: AreaId,
    },
    /// A Suspensor Trooper moved (DW-HARKONNEN-15).
    SuspensorMoved {
        /// From.
        from: AreaId,
        /// To.
        to: AreaId,
    },
    /// A Suspensor Trooper was removed to scout an adjacent area
    /// (DW-HARKONNEN-16).
    SuspensorScouted {
        /// Where the trooper stood.
        from: AreaId,
        /// The area scouted.
        area: AreaId,
    },
    /// A Suspensor Trooper moving in removed itself and an Atreides
    /// Desert Trooper (DW-SUSPENSOR-06).
    TrooperSwap {
        /// Where.
        area: AreaId,
        /// The Atreides trooper removed.
        removed: AtreidesTrooper,
    },
    /// A Suspensor Trooper ending its move there discarded the wormsign,
    /// unseen by anyone (DW-SUSPENSOR-04).
    WormsignDiscarded {
        /// Where.
        area: AreaId,
    },
    /// The Escort Ornithopter of this Air zone joined the Harkonnen legion
    /// it carried, as a generic leader (DW-ESCORT-08).
    EscortJoined {
        /// The Air zone it left.
        zone: AirZoneId,
        /// The legion's area.
        area: AreaId,
    },
    /// Escorts serving as generic leaders left the board (DW-ESCORT-12,
    /// DW-ROUNDEND-01).
    EscortsRemoved {
        /// Where.
        area: AreaId,
        /// How many.
        count: u8,
    },
    /// Suspensor Troopers left the board at the End of the Round
    /// (DW-ROUNDEND-03).
    SuspensorsRemoved {
        /// Where.
        area: AreaId,
        /// How many.
        count: u8,
    },
}

impl DwEvent {
    /// The event as `viewer` may see it (`None`: not at all).
    pub fn redact(&self, _viewer: Viewer) -> Option<DwEvent> {
        // The Harkonnen side's events are public: a discarded wormsign
        // never names its kind (DW-SUSPENSOR-04).
        Some(self.clone())
    }
}
