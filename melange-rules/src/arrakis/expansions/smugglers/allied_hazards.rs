//! Desert Hazards with the allied Smugglers (SM-ROUND-08 to SM-ROUND-10):
//! no wormsign is placed, and none is kept, where Smuggler units stand;
//! storms spare Smuggler units. The core Desert Hazards already removes
//! every wormsign standing with an Atreides legion at its clean-up
//! (AR-HAZ-05: Smuggler units are Atreides units, SM-ROUND-09) and its
//! storms strike only Harkonnen legions (SM-ROUND-10); what the
//! expansion adds is the placement ban, even beside a Harkonnen harvester
//! (SM-ROUND-08), and, under `wormsign_with_smugglers=never`, the same ban
//! on every other wormsign placement (Desert Power, cards, Staban Tuek's
//! special; docs/rules-decisions.md, Smugglers, SQ11).
use crate::arrakis::ids::{AreaId, Faction, UnitKind};
use crate::arrakis::state::Arrakis;

impl Arrakis {
    /// Whether Smuggler units stand in `a`.
    fn smuggler_units_in(&self, a: AreaId) -> bool {
        self.areas[a.index()].units[Faction::Atreides][UnitKind::Smuggler] > 0
    }

    /// SM-ROUND-08: no Desert Hazards wormsign where Smuggler units stand.
    pub(crate) fn smugglers_bar_hazard_wormsign(&self, a: AreaId) -> bool {
        self.expansions.smugglers.is_some() && self.smuggler_units_in(a)
    }

    /// SM-ROUND-08 under `wormsign_with_smugglers=never`: no wormsign
    /// placed by a Desert Power, a card or a special where Smuggler units
    /// stand (by default those are allowed, removed at the next Desert
    /// Hazards, SM-ROUND-09).
    pub(crate) fn smugglers_bar_wormsign(&self, a: AreaId) -> bool {
        self.rules.smugglers.is_some_and(|r| r.no_wormsign_ever) && self.smuggler_units_in(a)
    }
}
