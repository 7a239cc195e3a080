//! The Smugglers' decisions: every question the expansion adds, wrapped by
//! the core `Prompt::Smugglers`. Each is asked of the seat the text gives
//! the choice (never of a seat for the neutral Smugglers unless the text
//! says so).
use crate::rules::arrakis::Faction;

/// A decision of the Smugglers expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmPrompt {
    // The alliance part.
    /// The Atreides place the Smugglers Base (SM-ALLY-06, SM-ALLY-07).
    PlaceBase,
    /// The Atreides pick the legion Staban Tuek rejoins, back from the
    /// regeneration tank (SM-STABAN-05).
    StabanReturns,
}

impl SmPrompt {
    /// The house that decides.
    pub fn faction(&self) -> Faction {
        match *self {
            SmPrompt::PlaceBase | SmPrompt::StabanReturns => Faction::Atreides,
        }
    }
}
