//! Suspensor Troopers' own rules (DW-SUSPENSOR-01 to DW-SUSPENSOR-11): a
//! move of up to 2 areas ignoring impassable borders through areas free
//! for the Harkonnen, the swap with Atreides Desert Troopers, the
//! wormsign discarded where a move ends, wormsigns kept out of their
//! areas, and their removal at the End of the Round. Decisions:
//! docs/rules-decisions.md, Desert War ("Free areas for a Suspensor
//! Trooper", `suspensor_swap`).
use crate::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use rand::Rng;

use super::action::{AtreidesTrooper, DwAction};
use super::data::desert_war;
use super::event::DwEvent;
use super::prompt::DwPrompt;
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaId, AreaSet, Faction};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::Arrakis;

const H: Faction = Faction::Harkonnen;

impl Arrakis {
    /// DW-SUSPENSOR-11, DW-TROOPER-12, DW-CAMP-08: free for a Suspensor
    /// Trooper as for a Harkonnen legion: no sietch, no Atreides unit or
    /// face-down token, no sandworm (Desert Troopers and Camps leave an
    /// area free).
    pub(crate) fn free_for_suspensor(&self, a: AreaId) -> bool {
        !self.enemy_at(H, a) && self.areas[a.index()].worm.is_none()
    }

    /// Whether a Suspensor Trooper's move may go on through `a`: under
    /// the default `suspensor_swap=on_entry` the swap ends the move in
    /// the first area holding Atreides Desert Troopers (DW-SUSPENSOR-06).
    fn suspensor_passes(&self, a: AreaId) -> bool {
        let on_destination = self
            .rules
            .desert_war
            .is_some_and(|r| r.swap_on_destination_only);
        on_destination || self.areas[a.index()].expansions.desert.atreides_troopers() == 0
    }

    /// DW-SUSPENSOR-09 to DW-SUSPENSOR-11: where the Suspensor Trooper in
    /// `from` may go: up to `move_areas` areas across any border (passable
    /// or not), every area crossed and reached free for the Harkonnen.
    pub(crate) fn suspensor_moves(&self, from: AreaId) -> AreaSet {
        let b = self.d().board;
        let s = &desert_war().suspensor_troopers;
        let near = |x: AreaId| {
            if s.ignores_impassable {
                b.passable[x.index()].union(b.impassable[x.index()])
            } else {
                b.passable[x.index()]
            }
        };
        let mut out = AreaSet::EMPTY;
        let mut frontier = AreaSet::one(from);
        for _ in 0..s.move_areas {
            let mut next = AreaSet::EMPTY;
            for x in frontier.iter() {
                if x == from || self.suspensor_passes(x) {
                    next = next.union(near(x));
                }
            }
            next.remove(from);
            let next: AreaSet = next
                .minus(out)
                .iter()
                .filter(|a| self.free_for_suspensor(*a))
                .collect();
            out = out.union(next);
            frontier = next;
        }
        out
    }

    /// The rule a refused Suspensor Trooper move breaks.
    pub(crate) fn suspensor_move_refusal(&self, from: AreaId, to: AreaId) -> &'static str {
        if to.index() < self.areas.len() && !self.free_for_suspensor(to) {
            return "DW-SUSPENSOR-11";
        }
        let _ = from;
        "DW-SUSPENSOR-09"
    }

    /// Moves the Suspensor Trooper in `from` to `to` (DW-HARKONNEN-15):
    /// onto Atreides Desert Troopers it swaps (DW-SUSPENSOR-06), on a
    /// wormsign it discards it unseen (DW-SUSPENSOR-04).
    pub(crate) fn move_suspensor(
        &mut self,
        from: AreaId,
        to: AreaId,
        after: bool,
        ev: &mut Vec<Event>,
    ) {
        self.areas[from.index()].expansions.desert.suspensors -= 1;
        ev.push(Event::Expansion(ExpansionEvent::DesertWar(
            DwEvent::SuspensorMoved { from, to },
        )));
        let t = self.areas[to.index()].expansions.desert;
        if t.atreides_troopers() > 0 {
            // DW-SUSPENSOR-06, DW-SUSPENSOR-07, DW-TROOPER-17: the trooper
            // goes back to the supply with one Atreides trooper, the
            // Harkonnen's pick when both kinds stand there.
            if let Some(dw) = self.expansions.desert_war.as_mut() {
                dw.suspensors += 1;
            }
            if t.rockets > 0 && t.sandriders > 0 {
                self.prompt =
                    Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::SwapTrooper {
                        area: to,
                        after,
                    }));
                return;
            }
            let k = if t.rockets > 0 {
                AtreidesTrooper::RocketLauncher
            } else {
                AtreidesTrooper::Sandrider
            };
            self.swap_out(to, k, ev);
        } else {
            self.areas[to.index()].expansions.desert.suspensors += 1;
            // DW-SUSPENSOR-04, DW-SUSPENSOR-05: only where the move ends;
            // the token goes back to the pool unseen, at a place of
            // chance.
            if let Some(w) = self.areas[to.index()].wormsign.take() {
                let k = self.rng.random_range(0..=self.wormsign_pool.len());
                self.wormsign_pool.insert(k, w);
                ev.push(Event::Expansion(ExpansionEvent::DesertWar(
                    DwEvent::WormsignDiscarded { area: to },
                )));
            }
        }
        self.finish_harkonnen_desert_war(after, ev);
    }

    /// DW-SUSPENSOR-06: the Atreides Desert Troopers the swap may remove.
    pub(crate) fn legal_swap_trooper(&self, area: AreaId, out: &mut Vec<Action>) {
        let t = self.areas[area.index()].expansions.desert;
        if t.rockets > 0 {
            out.push(Action::Expansion(ExpansionAction::DesertWar(
                DwAction::SwapOut(AtreidesTrooper::RocketLauncher),
            )));
        }
        if t.sandriders > 0 {
            out.push(Action::Expansion(ExpansionAction::DesertWar(
                DwAction::SwapOut(AtreidesTrooper::Sandrider),
            )));
        }
    }

    /// Removes one Atreides Desert Trooper of kind `k` from `area` to the
    /// Atreides supply (DW-SUSPENSOR-06, DW-TROOPER-17).
    pub(crate) fn swap_out(&mut self, area: AreaId, k: AtreidesTrooper, ev: &mut Vec<Event>) {
        let n = desert_war().suspensor_troopers.swap_removes;
        let t = &mut self.areas[area.index()].expansions.desert;
        let slot = match k {
            AtreidesTrooper::RocketLauncher => &mut t.rockets,
            AtreidesTrooper::Sandrider => &mut t.sandriders,
        };
        let gone = n.min(*slot);
        *slot -= gone;
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            match k {
                AtreidesTrooper::RocketLauncher => dw.rockets += gone,
                AtreidesTrooper::Sandrider => dw.sandriders += gone,
            }
        }
        ev.push(Event::Expansion(ExpansionEvent::DesertWar(
            DwEvent::TrooperSwap { area, removed: k },
        )));
    }

    /// DW-SUSPENSOR-02, DW-SUSPENSOR-03: whether Suspensor Troopers keep
    /// a wormsign out of `a` (none there with a Harkonnen legion or
    /// harvester). Every wormsign placement reads it.
    pub fn suspensors_block_wormsign(&self, a: AreaId) -> bool {
        let Some(s) = self.areas.get(a.index()) else {
            return false;
        };
        // DW-SUSPENSOR-03 says "harvester": a Smuggler one counts too.
        s.expansions.desert.suspensors > 0 && !s.any_harvester() && !s.has_legion(H, self.d())
    }
}
