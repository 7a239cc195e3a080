//! The Smugglers' actions: every choice the expansion adds, wrapped by the
//! core `Action::Smugglers`. Each variant is routed by [`super::flow`] to
//! the file of its decision.
use crate::rules::arrakis::ids::{AirZoneId, AreaId};

/// A choice of the Smugglers expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmAction {
    /// Neutral part: the Harkonnen put a Smuggler harvester into this
    /// desert area at Vehicle Placement (SM-ROUND-03, SM-HARVESTER-05).
    PlaceHarvester(AreaId),
}

impl SmAction {
    /// Whether every area and Air zone the action names exists on a board
    /// of `areas` areas and `zones` zones (a wire action may name any
    /// index).
    pub fn names_known(self, areas: usize, zones: usize) -> bool {
        let a = |x: AreaId| x.index() < areas;
        let _z = |x: AirZoneId| x.index() < zones;
        match self {
            SmAction::PlaceHarvester(x) => a(x),
        }
    }
}
