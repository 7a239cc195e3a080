//! What the Smugglers expansion tells the players, wrapped by the core
//! `Event::Expansion`. Everything of the expansion is public, so no event
//! of its own is redacted; a Drone Ornithopters card stays hidden in the
//! hand like any card until played.
use super::action::DieUse;
use crate::arrakis::DieResult;
use crate::arrakis::ids::{AirZoneId, AreaId, LeaderId};
use crate::core::Viewer;

/// An event of the Smugglers expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SmEvent {
    /// Staban Tuek moved down the prescience track to `step` (SM-ALLY-02,
    /// SM-LEGION-05).
    StabanMoved {
        /// His new step.
        step: u8,
    },
    // The alliance part.
    /// The Smugglers allied with the Atreides (SM-ALLY-01): their
    /// harvesters and carryall left the game (SM-ALLY-04), the die joined
    /// the Atreides (SM-ALLY-09), Staban Tuek and Gurney Halleck entered
    /// play (SM-STABAN-02, SM-GURNEY-04).
    Allied {
        /// Smuggler harvesters that left the game.
        harvesters_removed: u8,
        /// The Smuggler carryall left the game.
        carryall_removed: bool,
    },
    /// The Atreides placed the Smugglers Base (SM-ALLY-06).
    BasePlaced {
        /// Its area.
        area: AreaId,
    },
    /// Staban Tuek, Gurney Halleck and the waiting Smuggler Regulars went
    /// to the Base's area (SM-ALLY-08).
    FiguresJoined {
        /// The Base's area.
        area: AreaId,
        /// Smuggler Regulars placed there.
        regulars: u8,
        /// Leaders placed there.
        leaders: Vec<LeaderId>,
    },
    /// Staban Tuek, back from the regeneration tank, joined the Atreides
    /// legion in `area` (SM-STABAN-05).
    StabanReturned {
        /// The legion's area.
        area: AreaId,
    },
    /// The Smugglers Base fell: the Smugglers are defeated (SM-DEFEAT-01 to
    /// SM-DEFEAT-07).
    Defeated {
        /// The Base's area.
        area: AreaId,
        /// Smuggler Regulars that left the game (board and off).
        regulars_removed: u8,
        /// Smuggler ornithopters that left the game (board and off).
        thopters_removed: u8,
    },
    // Die & thopters:
    /// The Atreides rolled the Smugglers die: its result, on the Smugglers
    /// board (SM-ROUND-06, SM-DIE-01, SM-DIE-02).
    DieRolled {
        /// The result.
        result: DieResult,
    },
    /// The Atreides spent the Smugglers die showing `result` for `action`
    /// (SM-DIE-03).
    DieUsed {
        /// The die's result.
        result: DieResult,
        /// The action taken.
        action: DieUse,
    },
    /// The Atreides spent the Smugglers die showing `result` to claim a
    /// "spend 1 action die" prescience card (SM-DIE-03, AR-PRESC-08); the
    /// claim's own events follow.
    DieClaimed {
        /// The die's result.
        result: DieResult,
    },
    /// The Smugglers die's Deployment put `count` Smuggler units into the
    /// Base's `area` (SM-DIE-13).
    RegularsDeployed {
        /// The Base's area.
        area: AreaId,
        /// Units placed.
        count: u8,
    },
    /// A thopter battle removed the Smuggler ornithopter in `zone`, the
    /// Harkonnen forgoing an ornithopter for the round (SM-THOPTER-08).
    ThopterBattle {
        /// The Air zone.
        zone: AirZoneId,
    },
    /// The Smuggler ornithopter in `zone` carried an Atreides legion
    /// (SM-THOPTER-13).
    ThopterTransport {
        /// The Air zone.
        zone: AirZoneId,
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
