//! The Smugglers' decisions: every question the expansion adds, wrapped by
//! the core `Prompt::Expansion`. Each is asked of the seat the text gives
//! the choice (never of a seat for the neutral Smugglers unless the text
//! says so).
use crate::arrakis::Faction;

/// A decision of the Smugglers expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum SmPrompt {
    // The alliance part.
    /// The Atreides place the Smugglers Base (SM-ALLY-06, SM-ALLY-07).
    PlaceBase,
    /// The Atreides pick the legion Staban Tuek rejoins, back from the
    /// regeneration tank (SM-STABAN-05).
    StabanReturns,
    // Die & thopters:
    /// Vehicle Placement, allied: the Atreides place Smuggler ornithopters
    /// before the Harkonnen place theirs (SM-ROUND-04, SM-THOPTER-04).
    PlaceThopters,
    /// The Smugglers die's Mentat result: the Atreides play a planning card
    /// from hand without a die (SM-DIE-14).
    MentatPlay,
    /// The Smugglers die's Mentat result: the Atreides keep one of the two
    /// House Atreides cards drawn and discard the other (SM-DIE-15).
    MentatKeep,
    /// Under `smugglers_die_leaders=enhanced`: the Atreides pick the
    /// leader whose special action the Smugglers die pays (SQ15).
    DieSpecial,
}

impl SmPrompt {
    /// The house that decides.
    pub fn faction(&self) -> Faction {
        match *self {
            SmPrompt::PlaceBase
            | SmPrompt::StabanReturns
            | SmPrompt::PlaceThopters
            | SmPrompt::MentatPlay
            | SmPrompt::MentatKeep
            | SmPrompt::DieSpecial => Faction::Atreides,
        }
    }
}
