//! Escort Ornithopters (DW-ESCORT-01 to DW-ESCORT-13): a Harkonnen
//! vehicle placed instead of a standard ornithopter, with no scouting and
//! no Troop-Transport (the core offers both only for `Vehicle::Ornithopter`)
//! but Escort Troops: a legion reaches as far as with Troop-Transport and
//! the Escort joins it as a generic leader until it is removed in battle or
//! at the End of the Round. Decisions: docs/rules-decisions.md, Desert War
//! ("Escort Ornithopters", "An Escort's 2 hits", `escort_and_transport`).
//!
//! An Escort in a legion is counted among the Harkonnen generic leaders of
//! its area (`AreaState.generic`) and, to tell it apart, in
//! `DesertArea.escorts` (never more than those generic leaders); a moving
//! or attacking `Group` likewise counts it in `generic` and `escorts`.
use super::action::DwAction;
use super::data::desert_war;
use super::event::DwEvent;
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::{ExpansionAction, ExpansionEvent};
use crate::arrakis::ids::{AirZoneId, AreaId, AreaSet, Faction};
use crate::arrakis::prompt::{AfterExcess, Group, Move, Prompt};
use crate::arrakis::state::{Arrakis, Vehicle};

const H: Faction = Faction::Harkonnen;

impl Arrakis {
    /// DW-ESCORT-02, DW-ESCORT-03: while an ornithopter may still be
    /// placed, 1 Escort Ornithopter may go instead, once per placement,
    /// into any Air zone not already holding one (replacing its vehicle,
    /// AR-VEH-11).
    pub(crate) fn legal_escort_placement(&self, ornithopters_left: u8, out: &mut Vec<Action>) {
        let Some(dw) = self.expansions.desert_war.as_ref() else {
            return;
        };
        let per = desert_war().escort_ornithopters.per_placement;
        if ornithopters_left == 0 || dw.escorts == 0 || u8::from(dw.escort_placed) >= per {
            return;
        }
        for z in 0..self.zones.len() {
            if self.zones[z] != Some(Vehicle::ESCORT_ORNITHOPTER) {
                out.push(Action::PlaceVehicle(
                    Vehicle::ESCORT_ORNITHOPTER,
                    AirZoneId(z as u8),
                ));
            }
        }
    }

    /// A vehicle goes into Air zone `z`: an Escort comes from the supply
    /// and counts for the placement (DW-ESCORT-03); an Escort it replaces
    /// goes back to the supply (AR-VEH-11).
    pub(crate) fn escort_zone_placed(&mut self, z: AirZoneId, v: Vehicle) {
        if let Some(old) = self.zones[z.index()] {
            self.vehicle_left_zone(old);
        }
        if v == Vehicle::ESCORT_ORNITHOPTER
            && let Some(dw) = self.expansions.desert_war.as_mut()
        {
            dw.escorts = dw.escorts.saturating_sub(1);
            dw.escort_placed = true;
        }
    }

    /// A placement of vehicles is over: the next may hold an Escort again.
    pub(crate) fn escort_placement_over(&mut self) {
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.escort_placed = false;
        }
    }

    /// A vehicle left its Air zone (removed, replaced or cleared at the end
    /// of Spice Harvesting, AR-SPICE-22): an Escort goes back to the supply.
    /// Whoever takes a vehicle out of a zone calls this.
    pub(crate) fn vehicle_left_zone(&mut self, v: Vehicle) {
        if v == Vehicle::ESCORT_ORNITHOPTER
            && let Some(dw) = self.expansions.desert_war.as_mut()
        {
            dw.escorts += 1;
        }
    }

    /// AR-SPICE-22 for the Escorts: every vehicle leaves its Air zone at
    /// the end of Spice Harvesting (docs/rules-decisions.md, Desert War).
    pub(crate) fn escorts_leave_zones(&mut self) {
        let n = self
            .zones
            .iter()
            .filter(|v| **v == Some(Vehicle::ESCORT_ORNITHOPTER))
            .count() as u8;
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.escorts += n;
        }
    }

    /// Escorts serving in `f`'s legion in `a` (Harkonnen only).
    pub(crate) fn escorts_at(&self, f: Faction, a: AreaId) -> u8 {
        let s = &self.areas[a.index()];
        if f == H {
            s.expansions.desert.escorts.min(s.generic[f])
        } else {
            0
        }
    }

    /// Generic leaders in `f`'s legion in `a` that are not Escorts.
    pub(crate) fn plain_generic_at(&self, f: Faction, a: AreaId) -> u8 {
        self.areas[a.index()].generic[f] - self.escorts_at(f, a)
    }

    /// The Desert War choices of a Harkonnen move with a group picked:
    /// take an Escort into it (DW-ESCORT-09) and Escort Troops
    /// (DW-ESCORT-06, DW-ESCORT-07).
    pub(crate) fn legal_escort_move(
        &self,
        m: &Move,
        from: AreaId,
        g: &Group,
        out: &mut Vec<Action>,
    ) {
        if m.faction != H || self.expansions.desert_war.is_none() {
            return;
        }
        if g.escorts < self.escorts_at(H, from) {
            out.push(Action::Expansion(ExpansionAction::DesertWar(
                DwAction::TakeEscort,
            )));
        }
        if !self.group_may_leave(H, m, from, g) {
            return;
        }
        // DW-ESCORT-06: an Escort in an Air zone connected to the
        // legion's area, as Troop-Transport (AR-MOVE-24 to AR-MOVE-29).
        let targets = self.transport_targets(from);
        for z in self.d().board.zones_of(from) {
            if self.zones[z.index()] != Some(Vehicle::ESCORT_ORNITHOPTER) {
                continue;
            }
            for b in targets.iter() {
                if self.destination_ok(H, m, from, g, b) {
                    out.push(Action::Expansion(ExpansionAction::DesertWar(
                        DwAction::EscortTroops(z, b),
                    )));
                }
            }
        }
        // DW-ESCORT-07 under `escort_and_transport=stack`: an Escort and an
        // ornithopter together, one area farther.
        if self
            .rules
            .desert_war
            .is_some_and(|r| r.escort_and_transport_stack)
        {
            let far = self.stacked_transport_targets(from);
            for ze in self.d().board.zones_of(from) {
                if self.zones[ze.index()] != Some(Vehicle::ESCORT_ORNITHOPTER) {
                    continue;
                }
                for zo in self.d().board.zones_of(from) {
                    if self.zones[zo.index()] != Some(Vehicle::Ornithopter) {
                        continue;
                    }
                    for b in far.iter() {
                        if self.destination_ok(H, m, from, g, b) {
                            out.push(Action::Expansion(ExpansionAction::DesertWar(
                                DwAction::EscortWithTransport(ze, zo, b),
                            )));
                        }
                    }
                }
            }
        }
    }

    /// The areas an Escort and an ornithopter together reach that neither
    /// reaches alone: one area beyond Troop-Transport's, across any border
    /// (`escort_ornithopters.extra_areas` each).
    fn stacked_transport_targets(&self, from: AreaId) -> AreaSet {
        let b = self.d().board;
        let near = |x: AreaId| b.passable[x.index()].union(b.impassable[x.index()]);
        let steps = 1 + 2 * desert_war().escort_ornithopters.extra_areas;
        let mut reach = AreaSet::one(from);
        let mut within_two = AreaSet::one(from);
        for i in 0..steps {
            let mut next = reach;
            for x in reach.iter() {
                next = next.union(near(x));
            }
            reach = next;
            if i + 1 < steps {
                within_two = reach;
            }
        }
        reach.minus(within_two)
    }

    /// Applies a Desert War choice of a Harkonnen move; false when the
    /// move's prompt is no longer the one to ask (the action is over or a
    /// battle started).
    pub(crate) fn step_escort_move(
        &mut self,
        m: &mut Move,
        from: AreaId,
        mut g: Group,
        a: DwAction,
        ev: &mut Vec<Event>,
    ) -> bool {
        match a {
            DwAction::TakeEscort => {
                g.generic += 1;
                g.escorts += 1;
                m.picked = Some((from, g));
                true
            }
            DwAction::EscortTroops(z, b) => {
                // DW-ESCORT-08, DW-ESCORT-13: the Escort leaves its zone and
                // joins the legion at once (before a battle), as a generic
                // leader; one per legion and action (DW-ESCORT-07: the
                // legion moves once).
                self.zones[z.index()] = None;
                let s = &mut self.areas[from.index()];
                s.generic[H] += 1;
                s.expansions.desert.escorts += 1;
                g.generic += 1;
                g.escorts += 1;
                ev.push(Event::Expansion(ExpansionEvent::DesertWar(
                    DwEvent::EscortJoined { zone: z, area: b },
                )));
                self.move_group_to(m, from, g, b, ev)
            }
            DwAction::EscortWithTransport(ze, zo, b) => {
                // AR-MOVE-26: the ornithopter is removed; the Escort joins.
                self.zones[zo.index()] = None;
                self.zones[ze.index()] = None;
                let s = &mut self.areas[from.index()];
                s.generic[H] += 1;
                s.expansions.desert.escorts += 1;
                g.generic += 1;
                g.escorts += 1;
                ev.push(Event::Expansion(ExpansionEvent::DesertWar(
                    DwEvent::EscortJoined { zone: ze, area: b },
                )));
                self.move_group_to(m, from, g, b, ev)
            }
            _ => unreachable!("not a move choice"),
        }
    }

    /// Escorts in an attacking group, lifted off the board while the
    /// battle lasts (a group retreating from a sandworm waits on the
    /// board).
    fn escorts_in_flight(&self) -> u8 {
        match self.prompt {
            Prompt::Battle(bt) | Prompt::Excess(_, _, AfterExcess::Battle(bt)) => bt.group.escorts,
            _ => 0,
        }
    }

    /// Keeps every Escort accounted for after an action (DW-ESCORT-12,
    /// DW-TROOPER-17-like return to the supply): an Escort is a generic
    /// leader, so the core removes it as one, to the generic leaders'
    /// supply; here each Escort that left a legion that way goes back to
    /// the Escort supply instead. Generic leaders go before Escorts.
    pub(crate) fn settle_escorts(&mut self) {
        let Some(supply) = self.expansions.desert_war.as_ref().map(|dw| dw.escorts) else {
            return;
        };
        let total = desert_war().harkonnen.escort_ornithopters;
        match &mut self.prompt {
            Prompt::Battle(bt) | Prompt::Excess(_, _, AfterExcess::Battle(bt)) => {
                bt.group.escorts = bt.group.escorts.min(bt.group.generic);
            }
            _ => {}
        }
        let placed = self
            .zones
            .iter()
            .filter(|v| **v == Some(Vehicle::ESCORT_ORNITHOPTER))
            .count() as u8;
        let flying = self.escorts_in_flight();
        // Every Escort is in the supply, on a zone, in a legion or flying
        // with an attack (this keeps it so): when the supply, the zones and
        // the attack hold them all, no legion has one, and the areas need
        // not be walked (most steps of most games).
        if supply + placed + flying >= total {
            return;
        }
        // One pass: each area's Escorts, no more than its generic leaders,
        // counted as serving.
        let mut serving = 0u8;
        for s in &mut self.areas {
            let escorts = &mut s.expansions.desert.escorts;
            if *escorts > 0 {
                *escorts = (*escorts).min(s.generic[H]);
                serving += *escorts;
            }
        }
        let Some(dw) = self.expansions.desert_war.as_mut() else {
            return;
        };
        let lost = total.saturating_sub(dw.escorts + placed + serving + flying);
        if lost > 0 {
            dw.escorts += lost;
            let h = &mut self.houses[H];
            h.generic_supply = h.generic_supply.saturating_sub(lost);
        }
    }
}
