//! The Smugglers Base (SM-ALLY-06 to SM-ALLY-08, SM-BASE): placed by the
//! Atreides on alliance in an empty desert area of the four lowest sectors
//! (`alliance.base_sectors`), where Staban Tuek, Gurney Halleck and the
//! waiting Smuggler Regulars then go; in battle a rank-`base.rank`
//! settlement of the Atreides, whose fall gives no supremacy
//! (`base.supremacy`) and defeats the Smugglers ([`super::defeat`]).
use super::action::SmAction;
use super::data::smugglers;
use super::event::SmEvent;
use crate::arrakis::action::Action;
use crate::arrakis::components::Entry;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::{ExpansionAction, ExpansionEvent};
use crate::arrakis::ids::{AreaId, AreaSet, Faction, LeaderId};
use crate::arrakis::state::{Arrakis, LeaderAt};

impl Arrakis {
    /// SM-ALLY-06, SM-ALLY-07: an empty area for the Base: no figure, token,
    /// sietch, settlement, testing station, wormsign or sandworm of any
    /// kind.
    fn empty_for_base(&self, a: AreaId) -> bool {
        self.areas[a.index()].is_empty()
    }

    /// The areas the Base may go to: the empty desert areas of the four
    /// lowest sectors (SM-ALLY-06); should none be empty, any empty desert
    /// area of the board (docs/rules-decisions.md, Smugglers, alliance).
    pub(crate) fn base_areas(&self) -> AreaSet {
        let d = self.d();
        let sectors = &smugglers().alliance.base_sectors;
        let empty: AreaSet = self
            .desert_now()
            .iter()
            .filter(|a| self.empty_for_base(*a))
            .collect();
        let low: AreaSet = d
            .board
            .sectors
            .iter()
            .filter(|s| sectors.contains(&s.id))
            .fold(AreaSet::EMPTY, |acc, s| acc.union(s.areas));
        let here = empty.intersection(low);
        if here.is_empty() { empty } else { here }
    }

    /// SM-ALLY-06: the Base's choices.
    pub(crate) fn legal_place_base(&self, out: &mut Vec<Action>) {
        for a in self.base_areas().iter() {
            out.push(Action::Expansion(ExpansionAction::Smugglers(
                SmAction::PlaceBase(a),
            )));
        }
    }

    /// SM-ALLY-06, SM-ALLY-08, SM-STABAN-02, SM-GURNEY-04, SM-UNIT-03: the
    /// Base goes to `area`, then Staban Tuek, Gurney Halleck and the
    /// waiting Smuggler Regulars (Atreides units from now on, SM-UNIT-04).
    pub(crate) fn place_base(&mut self, area: AreaId, ev: &mut Vec<Event>) {
        let Some(sm) = self.expansions.smugglers.as_mut() else {
            return;
        };
        sm.base_pending = false;
        sm.base = Some(area);
        let regulars = std::mem::take(&mut sm.regulars_waiting);
        self.areas[area.index()].expansions.smugglers.base = true;
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::BasePlaced { area },
        )));
        self.areas[area.index()].units[Faction::Atreides].smuggler += regulars;
        let d = self.d();
        let mut leaders = Vec::new();
        for (i, l) in d.leaders.iter().enumerate() {
            if l.enters == Entry::SMUGGLERS_ALLIANCE && self.leaders[i] == LeaderAt::SetAside {
                let l = LeaderId(i as u8);
                self.place_leader(Faction::Atreides, Some(l), area);
                leaders.push(l);
            }
        }
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::FiguresJoined {
                area,
                regulars,
                leaders,
            },
        )));
        self.smugglers_resume();
    }

    /// No empty desert area at all: the Base is not placed; Staban Tuek
    /// and Gurney Halleck stay set aside (deployable as any leader) and the
    /// regulars wait on the Smugglers board.
    pub(crate) fn base_unplaceable(&mut self) {
        if let Some(sm) = self.expansions.smugglers.as_mut() {
            sm.base_pending = false;
        }
    }

    /// SM-BASE-01, SM-BASE-02: the Base's rank, rolled as defence dice by
    /// the Atreides in its area like a settlement's (AR-COMBAT-07).
    pub(crate) fn base_dice(&self, f: Faction, at: AreaId) -> u8 {
        if f == Faction::Atreides && self.areas[at.index()].expansions.smugglers.base {
            smugglers().base.rank
        } else {
            0
        }
    }
}
