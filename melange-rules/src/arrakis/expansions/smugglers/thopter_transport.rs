//! Troop-transport with Smuggler ornithopters (SM-THOPTER-13,
//! SM-THOPTER-14): an allied Atreides legion's move or attack may spend a
//! Smuggler ornithopter in an Air zone connected to its area to reach
//! `ornithopters.move_areas` areas away, crossing impassable borders,
//! enemy legions and sandworms, as the core troop-transport of the
//! Harkonnen (AR-MOVE-24 to AR-MOVE-30). The move itself is the core one.
use super::action::SmAction;
use super::event::SmEvent;
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::{ExpansionAction, ExpansionEvent};
use crate::arrakis::ids::{AreaId, AreaSet, Faction};
use crate::arrakis::prompt::{Group, Move};
use crate::arrakis::state::Arrakis;

impl Arrakis {
    /// SM-THOPTER-13, SM-THOPTER-14: the areas up to `move_areas` away
    /// across any border, those between passed over; the areas a plain
    /// move reaches are left to the plain move (as the core
    /// troop-transport).
    fn thopter_targets(&self, from: AreaId) -> AreaSet {
        let b = self.d().board;
        let steps = super::data::smugglers().ornithopters.move_areas;
        let mut reach = AreaSet::EMPTY;
        reach.insert(from);
        for _ in 0..steps {
            let mut next = reach;
            for x in reach.iter() {
                next = next.union(b.passable[x.index()].union(b.impassable[x.index()]));
            }
            reach = next;
        }
        reach.remove(from);
        reach.minus(b.passable[from.index()])
    }

    /// The Smuggler ornithopter transports open to the picked group of an
    /// Atreides move (SM-THOPTER-03: only while allied).
    pub(crate) fn legal_smuggler_transport(
        &self,
        m: &Move,
        from: AreaId,
        g: &Group,
        out: &mut Vec<Action>,
    ) {
        let allied = self
            .expansions
            .smugglers
            .as_deref()
            .is_some_and(|s| s.allied());
        if !allied || m.faction != Faction::Atreides || !self.group_may_leave(m.faction, m, from, g)
        {
            return;
        }
        let targets = self.thopter_targets(from);
        for z in self.d().board.zones_of(from) {
            if !self.smuggler_thopter_in(z) {
                continue;
            }
            for b in targets.iter() {
                if self.destination_ok(m.faction, m, from, g, b) {
                    out.push(Action::Expansion(ExpansionAction::Smugglers(
                        SmAction::ThopterTransport(z, b),
                    )));
                }
            }
        }
    }

    /// Spends the Smuggler ornithopter (back to the Smugglers board, SQ8)
    /// and moves or attacks with the group; false when the action is over.
    pub(crate) fn step_smuggler_transport(
        &mut self,
        m: &mut Move,
        from: AreaId,
        g: Group,
        x: SmAction,
        ev: &mut Vec<Event>,
    ) -> bool {
        let SmAction::ThopterTransport(z, b) = x else {
            return true;
        };
        self.zones[z.index()] = None;
        self.smuggler_thopter_home();
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::ThopterTransport { zone: z },
        )));
        self.move_group_to(m, from, g, b, ev)
    }

    /// The rule a refused Smuggler ornithopter transport breaks.
    pub(crate) fn smuggler_transport_refusal(&self, m: &Move, x: SmAction) -> &'static str {
        let SmAction::ThopterTransport(z, b) = x else {
            return "AR-ACT-17";
        };
        let allied = self
            .expansions
            .smugglers
            .as_deref()
            .is_some_and(|s| s.allied());
        if m.faction != Faction::Atreides {
            return "SM-THOPTER-13";
        }
        match m.picked {
            Some((from, _))
                if allied
                    && self.smuggler_thopter_in(z)
                    && self.d().board.zones_of(from).any(|y| y == z) =>
            {
                if !self.thopter_targets(from).contains(b) {
                    return "SM-THOPTER-13";
                }
                let Some((_, g)) = m.picked else {
                    return "AR-MOVE-01";
                };
                if g.unit_count() == 0 {
                    "AR-MOVE-12"
                } else if !self.group_may_leave(m.faction, m, from, &g) {
                    "AR-MOVE-13"
                } else if self.areas[b.index()].worm.is_some() {
                    "AR-HAZ-38"
                } else if self.enemy_at(m.faction, b) {
                    "AR-DIE-03"
                } else {
                    "AR-MOVE-07"
                }
            }
            Some(_) if !allied => "SM-THOPTER-03",
            _ => "SM-THOPTER-13",
        }
    }
}
