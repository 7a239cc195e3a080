//! Staban Tuek as an Atreides leader (SM-STABAN-03 to SM-STABAN-05): his
//! combat strip and special action are data of the expansion's leader
//! table (`staban_tuek` in the data file, see [`super::core_data`]), run by
//! the core leader machinery; his card sits on the Desert Power box beside
//! the Wild Maker's (and the Desert War's Sandriders card), each special
//! spending only its own card (SM-STABAN-06, SM-STABAN-07: the core
//! `spent_leaders` bit is per leader). Removed from the board he goes to
//! the regeneration tank like any named leader (SM-STABAN-04); leaving it,
//! he joins an Atreides legion of the Atreides' choice (SM-STABAN-05).
use super::action::SmAction;
use super::event::SmEvent;
use crate::arrakis::action::Action;
use crate::arrakis::components::Entry;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::{ExpansionAction, ExpansionEvent};
use crate::arrakis::ids::{AreaId, AreaSet, Faction, LeaderId};
use crate::arrakis::state::Arrakis;

impl Arrakis {
    /// SM-STABAN-05: Staban Tuek has just left the tank (the tank moved
    /// him off its last box): the Atreides will place him with one of
    /// their legions.
    pub(crate) fn staban_returning(&mut self) {
        if let Some(sm) = self.expansions.smugglers.as_mut() {
            sm.staban_returning = true;
        }
    }

    /// The areas of the Atreides legions Staban Tuek may join.
    pub(crate) fn staban_legions(&self) -> AreaSet {
        (0..self.areas.len())
            .map(|i| AreaId(i as u8))
            .filter(|a| self.areas[a.index()].unit_count(Faction::Atreides) > 0)
            .collect()
    }

    /// SM-STABAN-01, SM-GURNEY-03: a leader of the Smugglers' alliance is
    /// unusable while the Smugglers are neutral; the rule a refusal of his
    /// special names (`None` otherwise).
    pub(crate) fn smugglers_leader_refusal(&self, l: LeaderId) -> Option<&'static str> {
        let sm = self.expansions.smugglers.as_deref()?;
        let leader = self.d().leaders.get(usize::from(l.0))?;
        if leader.enters != Entry::SMUGGLERS_ALLIANCE || !sm.neutral() {
            return None;
        }
        Some(if Some(l) == self.staban() {
            "SM-STABAN-01"
        } else {
            "SM-GURNEY-03"
        })
    }

    /// SM-STABAN-05: the legions on offer.
    pub(crate) fn legal_staban_returns(&self, out: &mut Vec<Action>) {
        for a in self.staban_legions().iter() {
            out.push(Action::Expansion(ExpansionAction::Smugglers(
                SmAction::StabanJoins(a),
            )));
        }
    }

    /// SM-STABAN-05: Staban Tuek joins the legion in `area`.
    pub(crate) fn staban_joins(&mut self, area: AreaId, ev: &mut Vec<Event>) {
        if let Some(sm) = self.expansions.smugglers.as_mut() {
            sm.staban_returning = false;
        }
        if let Some(l) = self.staban() {
            self.place_leader(Faction::Atreides, Some(l), area);
            ev.push(Event::Expansion(ExpansionEvent::Smugglers(
                SmEvent::StabanReturned { area },
            )));
        }
        self.smugglers_resume();
    }
}
