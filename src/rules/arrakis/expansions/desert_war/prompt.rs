//! Where a game with the Desert War waits on an expansion decision,
//! carried by the core `Prompt::DesertWar`.
use crate::rules::arrakis::Faction;

/// A decision of the Desert War expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DwPrompt {}

impl DwPrompt {
    /// The house whose decision it is.
    pub fn faction(&self) -> Faction {
        match *self {}
    }
}
