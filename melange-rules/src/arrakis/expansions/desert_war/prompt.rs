//! Where a game with the Desert War waits on an expansion decision,
//! carried by the core `Prompt::Expansion`.
use crate::arrakis::Faction;
use crate::arrakis::ids::{AreaId, AreaSet, LeaderId};

/// Where an Atreides Desert War action goes back to once it is over
/// (DW-ATREIDES-02).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum AtreidesThen {
    /// Taken before the Desert Power: back to its first choice (the
    /// wormsign prompt with 2 wormsigns to place).
    DesertPower,
    /// Taken after the Desert Power: the turn ends.
    EndTurn,
    /// Taken before a Desert Power box leader's special: the special
    /// starts.
    Special(BoxSpecial),
}

/// A Desert Power box leader's special chosen, its card spent, nothing of
/// it done yet: it starts once the Desert War action taken before it is
/// over, or declined (DW-ATREIDES-02).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BoxSpecial {
    /// A named leader's special action run from its card's steps (the
    /// Wild Maker's).
    Leader(LeaderId),
    /// The Sandriders card's special on the lone Sandrider in this area
    /// (DW-SANDRIDER-05).
    Sandriders(AreaId),
}

/// A decision of the Desert War expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DwPrompt {
    // --- The Harkonnen side ---
    /// A Harkonnen turn that spent a die is over: a Desert War action may
    /// still come after the die's action (DW-HARKONNEN-07), or `Done`.
    HarkonnenAfter,
    /// A Deploy action goes on: `left` Suspensor Troopers may still go
    /// into `areas` (the empty desert areas of the action's sector when it
    /// started, DW-HARKONNEN-12, DW-HARKONNEN-13); `after` when the die's
    /// action is already over.
    DeploySuspensors {
        /// Troopers that may still be deployed.
        left: u8,
        /// Where they may go.
        areas: AreaSet,
        /// The action comes after the die's action.
        after: bool,
    },
    /// A Suspensor Trooper moved into `area`, which holds both kinds of
    /// Atreides Desert Troopers: the Harkonnen pick which one goes
    /// (DW-SUSPENSOR-06).
    SwapTrooper {
        /// Where.
        area: AreaId,
        /// The action comes after the die's action.
        after: bool,
    },
    // The Atreides part (Camps, Rocket Launchers, Sandriders).
    /// Start of Action Resolution: the Atreides place their available
    /// Camps, one at a time (DW-CAMP-01).
    PlaceCamp,
    /// The Desert Power is over: its Atreides Desert War action, or "Done"
    /// (DW-ATREIDES-02).
    AtreidesAfter,
    /// A Desert Power box leader's special was chosen: its Atreides Desert
    /// War action before it, or "Done" to go on with the special
    /// (DW-ATREIDES-02).
    AtreidesBefore(BoxSpecial),
    /// Rocket Launchers still to deploy, one Camp area at a time
    /// (DW-ATREIDES-05).
    DeployRockets {
        /// Launchers still to place in this action.
        left: u8,
        /// What follows.
        then: AtreidesThen,
    },
    /// A rocket attack from the launchers in `from`: `left` scoring
    /// results still to spend on Harkonnen vehicles (DW-ROCKET-05).
    RocketTarget {
        /// The launchers' area.
        from: AreaId,
        /// Hits and Specials not spent yet.
        left: u8,
        /// A harvester was removed by this attack (DW-ROCKET-09).
        harvester: bool,
        /// What follows.
        then: AtreidesThen,
    },
    /// A rocket attack removed a harvester: trade the Camp in `area` for
    /// prescience, or keep it (DW-ROCKET-09).
    CampTrade {
        /// The launchers' and the Camp's area.
        area: AreaId,
        /// What follows.
        then: AtreidesThen,
    },
    /// The Sandriders special's sandworm comes to this area and none is
    /// free: the Atreides pick which one on the board moves there
    /// (AR-HAZ-15, DW-SANDRIDER-05).
    SandridersWorm(AreaId),
}

impl DwPrompt {
    /// The house whose decision it is.
    pub fn faction(&self) -> Faction {
        match *self {
            DwPrompt::HarkonnenAfter
            | DwPrompt::DeploySuspensors { .. }
            | DwPrompt::SwapTrooper { .. } => Faction::Harkonnen,
            DwPrompt::PlaceCamp
            | DwPrompt::AtreidesAfter
            | DwPrompt::AtreidesBefore(_)
            | DwPrompt::DeployRockets { .. }
            | DwPrompt::RocketTarget { .. }
            | DwPrompt::CampTrade { .. }
            | DwPrompt::SandridersWorm(_) => Faction::Atreides,
        }
    }
}
