//! What the Smugglers expansion tells the players, wrapped by the core
//! `Event::Smugglers`. Everything of the expansion is public, so no event
//! of its own is redacted; a Drone Ornithopters card stays hidden in the
//! hand like any card until played.
use crate::rules::arrakis::ids::AreaId;
use crate::rules::core::Viewer;

/// An event of the Smugglers expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SmEvent {
    /// Staban Tuek moved down the prescience track to `step` (SM-ALLY-02,
    /// SM-LEGION-05).
    StabanMoved {
        /// His new step.
        step: u8,
    },
    // Neutral part (SM-ROUND, SM-HARVESTER, SM-LEGION).
    /// `added` Smuggler Regulars joined the Smugglers board at the round
    /// start, `waiting` there now (SM-ROUND-01).
    RegularsAdded {
        /// Regulars added.
        added: u8,
        /// Regulars on the Smugglers board now.
        waiting: u8,
    },
    /// The Harkonnen put a Smuggler harvester in `area` (SM-ROUND-03).
    HarvesterPlaced {
        /// Its area.
        area: AreaId,
    },
    /// The Smuggler harvester in `area` left the board (a sandworm, a
    /// card); it is placed again next round (SM-LEGION-06).
    HarvesterLost {
        /// Its area.
        area: AreaId,
    },
    /// An Atreides legion captured the Smuggler harvester in `area`; it
    /// left the game, `in_game` are left (SM-LEGION-04).
    HarvesterCaptured {
        /// Its area.
        area: AreaId,
        /// Smuggler harvesters still in the game.
        in_game: u8,
    },
    /// `harvesters` Smuggler harvesters gave the Harkonnen `spice` spice
    /// (SM-ROUND-11).
    SpiceCollected {
        /// Smuggler harvesters on the board.
        harvesters: u8,
        /// Spice they gave.
        spice: u8,
    },
    /// At the End of the Round the Smuggler vehicles left the board:
    /// `harvesters` harvesters, and the carryall if `carryall`
    /// (SM-ROUND-13).
    VehiclesRemoved {
        /// Smuggler harvesters taken off.
        harvesters: u8,
        /// The Smuggler carryall taken off.
        carryall: bool,
    },
}

impl SmEvent {
    /// The event as `viewer` may see it (`None`: not shown at all).
    pub fn redact(&self, _viewer: Viewer) -> Option<SmEvent> {
        Some(self.clone())
    }
}
