//! What the Smugglers expansion tells the players, wrapped by the core
//! `Event::Smugglers`. Everything of the expansion is public, so no event
//! of its own is redacted; a Drone Ornithopters card stays hidden in the
//! hand like any card until played.
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
}

impl SmEvent {
    /// The event as `viewer` may see it (`None`: not shown at all).
    pub fn redact(&self, _viewer: Viewer) -> Option<SmEvent> {
        Some(self.clone())
    }
}
