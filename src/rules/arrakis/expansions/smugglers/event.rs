//! What the Smugglers expansion tells the players, wrapped by the core
//! `Event::Smugglers`. Everything of the expansion is public, so no event
//! of its own is redacted; a Drone Ornithopters card stays hidden in the
//! hand like any card until played.
use super::action::DieUse;
use crate::rules::arrakis::{AirZoneId, AreaId, DieResult};
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
}

impl SmEvent {
    /// The event as `viewer` may see it (`None`: not shown at all).
    pub fn redact(&self, _viewer: Viewer) -> Option<SmEvent> {
        Some(self.clone())
    }
}
