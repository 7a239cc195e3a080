//! The Smugglers' decisions: every question the expansion adds, wrapped by
//! the core `Prompt::Smugglers`. Each is asked of the seat the text gives
//! the choice (never of a seat for the neutral Smugglers unless the text
//! says so).
use crate::rules::arrakis::Faction;

/// A decision of the Smugglers expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmPrompt {}

impl SmPrompt {
    /// The house that decides.
    pub fn faction(&self) -> Faction {
        match *self {}
    }
}
