//! The Smugglers are defeated (SM-DEFEAT, SM-BASE-03): a Harkonnen legion
//! that wins in the Base's area destroys it (docs/rules-decisions.md,
//! Smugglers, SQ12: only a battle, as for any settlement), no supremacy
//! gained; at once the Base, the die, every Smuggler unit and vehicle on
//! the board or off and Staban Tuek leave the game. Gurney Halleck stays
//! an ordinary Atreides leader (SQ13).
use super::data::smugglers;
use super::event::SmEvent;
use super::state::Standing;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::ExpansionEvent;
use crate::arrakis::ids::{AreaId, Faction};
use crate::arrakis::state::{Arrakis, LeaderAt, Vehicle};

impl Arrakis {
    /// SM-DEFEAT-01: a Harkonnen legion won in `at`; if the Base stands
    /// there, it falls and the Smugglers are defeated.
    pub(crate) fn smugglers_base_falls(&mut self, at: AreaId, ev: &mut Vec<Event>) {
        if !self.areas[at.index()].expansions.smugglers.base {
            return;
        }
        // SM-DEFEAT-02, SM-BASE-03: the Base leaves the board; it gives
        // `base.supremacy` (none) supremacy.
        self.areas[at.index()].expansions.smugglers.base = false;
        ev.push(Event::Destroyed { area: at });
        let supremacy = smugglers().base.supremacy;
        if supremacy > 0 {
            self.gain_supremacy(supremacy, ev);
        }
        // SM-DEFEAT-05: every Smuggler unit, on the board or off.
        let mut regulars = 0u8;
        let mut emptied = Vec::new();
        for (i, s) in self.areas.iter_mut().enumerate() {
            let n = std::mem::take(&mut s.units[Faction::Atreides].smuggler);
            if n > 0 {
                regulars += n;
                emptied.push(AreaId(i as u8));
            }
        }
        regulars += std::mem::take(&mut self.houses[Faction::Atreides].supply.smuggler);
        // SM-DEFEAT-06: every Smuggler vehicle, on the board or off.
        let mut thopters = 0u8;
        for z in &mut self.zones {
            if matches!(
                z,
                Some(Vehicle::SMUGGLER_ORNITHOPTER | Vehicle::SMUGGLER_CARRYALL)
            ) {
                *z = None;
            }
        }
        if let Some(sm) = self.expansions.smugglers.as_mut() {
            regulars += std::mem::take(&mut sm.regulars_waiting);
            thopters = std::mem::take(&mut sm.thopters_in_game);
            sm.thopters = 0;
            sm.harvesters_in_game = 0;
            sm.carryall_in_game = false;
            sm.base = None;
            // SM-DEFEAT-03, SM-DEFEAT-04: the die is discarded for good.
            sm.die = None;
            sm.die_ready = false;
            sm.standing = Standing::Defeated;
            sm.staban_returning = false;
        }
        // SM-DEFEAT-07: Staban Tuek leaves the game, never to the tank.
        if let Some(l) = self.staban() {
            if let LeaderAt::Board(a) = self.leaders[usize::from(l.0)] {
                self.areas[a.index()].named &= !(1u64 << l.0);
                emptied.push(a);
            }
            self.leaders[usize::from(l.0)] = LeaderAt::Removed;
        }
        // AR-COMBAT-24: leaders left without a unit go too.
        for a in emptied {
            self.remove_lonely_leaders(a);
        }
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::Defeated {
                area: at,
                regulars_removed: regulars,
                thopters_removed: thopters,
            },
        )));
    }
}
