//! Smuggler harvesters and the Smuggler carryall on the board while the
//! Smugglers are neutral (SM-ROUND-07, SM-ROUND-11, SM-ROUND-12,
//! SM-HARVESTER-03, SM-HARVESTER-04, SM-HARVESTER-07 to SM-HARVESTER-13,
//! SM-LEGION-06; docs/rules-decisions.md, Smugglers, "Neutral Smugglers"):
//! the wormsign on their areas, the rescue only the Smuggler carryall
//! gives, their loss to anything but an Atreides legion (back next round)
//! and their spice for the Harkonnen. Captures are in `capture.rs`.
use super::data::smugglers;
use super::event::SmEvent;
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::ExpansionEvent;
use crate::arrakis::ids::AreaId;
use crate::arrakis::state::{AreaState, Arrakis, Vehicle};

impl AreaState {
    /// A harvester of either kind stands here: a Harkonnen one or a
    /// Smuggler one (SM-HARVESTER-03: where the core rules ask whether an
    /// area holds a harvester, both count; never both in one area,
    /// AR-VEH-08). Without the Smugglers only the Harkonnen kind exists.
    pub fn any_harvester(&self) -> bool {
        self.harvester || self.expansions.smugglers.harvester
    }
}

impl Arrakis {
    /// The harvester in `a` leaves the board by anything but an Atreides
    /// legion (a sandworm, a card). A Harkonnen harvester is destroyed
    /// (`counts` for the Jihad in Action Resolution, AR-PRESC-13); a
    /// Smuggler harvester only leaves the board and is placed again next
    /// round (SM-LEGION-06), never counted for the Jihad (SM-HARVESTER-09).
    pub(crate) fn remove_harvester(&mut self, a: AreaId, counts: bool, ev: &mut Vec<Event>) {
        let s = &mut self.areas[a.index()];
        if s.expansions.smugglers.harvester {
            s.expansions.smugglers.harvester = false;
            ev.push(Event::Expansion(ExpansionEvent::Smugglers(
                SmEvent::HarvesterLost { area: a },
            )));
            return;
        }
        s.harvester = false;
        self.harvester_destroyed(a, counts, ev);
    }

    /// The carryall that may rescue the harvester in `a` (AR-HAZ-21): only
    /// the Smuggler carryall rescues a Smuggler harvester, and only
    /// Harkonnen carryalls a Harkonnen harvester (SM-HARVESTER-11,
    /// SM-HARVESTER-12).
    pub(crate) fn rescuer_of(&self, a: AreaId) -> Vehicle {
        if self.areas[a.index()].expansions.smugglers.harvester {
            Vehicle::SMUGGLER_CARRYALL
        } else {
            Vehicle::Carryall
        }
    }

    /// The rule a refused rescue breaks when it names a carryall of the
    /// other kind in a zone connected to `area`: SM-HARVESTER-11 (the
    /// Smuggler carryall for a Harkonnen harvester), SM-HARVESTER-12 (a
    /// Harkonnen carryall for a Smuggler harvester); `None` otherwise and
    /// always without the expansion.
    pub(crate) fn smuggler_rescue_refusal(
        &self,
        area: AreaId,
        action: &Action,
    ) -> Option<&'static str> {
        self.expansions.smugglers.as_ref()?;
        let Action::Rescue(z) = action else {
            return None;
        };
        let v = self.zones.get(z.index()).copied().flatten()?;
        if !self.d().board.zones_of(area).any(|x| x == *z) {
            return None;
        }
        match (self.areas[area.index()].expansions.smugglers.harvester, v) {
            (true, Vehicle::Carryall) => Some("SM-HARVESTER-12"),
            (false, Vehicle::SMUGGLER_CARRYALL) => Some("SM-HARVESTER-11"),
            _ => None,
        }
    }

    /// SM-ROUND-11, SM-HARVESTER-04, SM-HARVESTER-08: at Spice Harvesting
    /// while neutral, each Smuggler harvester on the board gives the
    /// Harkonnen `harvesters.yield` spice, desert or deep desert alike,
    /// added to theirs. The harvesters stay until the End of the Round
    /// (SM-ROUND-13). SM-ROUND-12: nothing once allied (none is left).
    pub(crate) fn smuggler_harvest(&mut self, ev: &mut Vec<Event>) -> u8 {
        if !self
            .expansions
            .smugglers
            .as_deref()
            .is_some_and(|s| s.neutral())
        {
            return 0;
        }
        let n = self.smuggler_harvesters_on_board();
        if n == 0 {
            return 0;
        }
        let spice = n.saturating_mul(smugglers().harvesters.spice_yield);
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::SpiceCollected {
                harvesters: n,
                spice,
            },
        )));
        spice
    }
}
