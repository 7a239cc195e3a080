//! What happened in the Desert War, carried by the core
//! `Event::DesertWar`, with enough detail to redact per viewer (a Camp's
//! marker is the Atreides' secret, DW-CAMP-04).
use crate::rules::core::Viewer;

/// An event of the Desert War expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DwEvent {}

impl DwEvent {
    /// The event as `viewer` may see it (`None`: not at all).
    pub fn redact(&self, _viewer: Viewer) -> Option<DwEvent> {
        match *self {}
    }
}
