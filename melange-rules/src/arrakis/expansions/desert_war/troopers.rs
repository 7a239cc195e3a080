//! What every Desert Trooper shares (DW-TROOPER-01 to DW-TROOPER-17):
//! Rocket Launchers and Sandriders (Atreides) and Suspensor Troopers
//! (Harkonnen) are figures of their own ([`DesertArea`](super::DesertArea)),
//! never units, leaders or part of a legion (DW-TROOPER-02, -03), so no
//! core count of units, legions, stacking or hits ever reads them
//! (DW-TROOPER-05 to -11): battles, storms, sandworm attacks and cards
//! leave them where they are. An area holding only Desert Troopers (or a
//! Camp) is free for both houses (DW-TROOPER-12, DW-CAMP-08): the core
//! "enemy here" and "open area" tests read units, tokens, sietches,
//! settlements and sandworms only.
//!
//! Two hooks, each called with one line from the core wherever the thing
//! happens: `on_legion_arrival` (a legion came into an area:
//! opposing Desert Troopers there are removed, DW-TROOPER-13) and
//! `on_sandworm_arrival` (a sandworm came into an area: every
//! Desert Trooper there but the Sandriders is removed, DW-TROOPER-14 to
//! DW-TROOPER-16). Removed troopers go back to their supply
//! (DW-TROOPER-17).
use super::event::DwEvent;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::ExpansionEvent;
use crate::arrakis::ids::{AreaId, Faction};
use crate::arrakis::state::Arrakis;

/// Desert Troopers of each kind (a removal, a count).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Troopers {
    /// Harkonnen Suspensor Troopers.
    pub suspensors: u8,
    /// Atreides Rocket Launchers.
    pub rockets: u8,
    /// Atreides Sandriders.
    pub sandriders: u8,
}

impl Troopers {
    /// All kinds together.
    pub fn total(&self) -> u8 {
        self.suspensors + self.rockets + self.sandriders
    }
}

/// Why Desert Troopers left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TrooperRemoval {
    /// An opposing legion came into their area (DW-TROOPER-13).
    Legion,
    /// A sandworm came into their area (DW-TROOPER-15).
    Sandworm,
}

impl TrooperRemoval {
    /// The reason as the contract spells it.
    pub fn name(self) -> &'static str {
        match self {
            TrooperRemoval::Legion => "legion",
            TrooperRemoval::Sandworm => "sandworm",
        }
    }
}

impl Arrakis {
    /// DW-TROOPER-13: a legion of `f` has just come into `area` (a move,
    /// Troop-Transport, Escort Troops, sandriding, a retreat, an advance,
    /// a flight, a displacement, a card's move or a deployment): the
    /// opposing Desert Troopers there are removed at once, back to their
    /// supply (DW-TROOPER-17). Does nothing without the expansion, or when
    /// no legion of `f` stands there (an attack lifted it).
    pub(crate) fn on_legion_arrival(&mut self, f: Faction, area: AreaId, ev: &mut Vec<Event>) {
        if self.expansions.desert_war.is_none() || !self.areas[area.index()].has_legion(f, self.d())
        {
            return;
        }
        self.hook_legion_passing(f, area, ev);
    }

    /// DW-TROOPER-13: a legion of `f` entered `area` and left it at once
    /// (it revealed a sandworm there and retreated to the one area open to
    /// it): the opposing Desert Troopers there are removed all the same, as
    /// when it waits there for its owner to pick where it retreats.
    pub(crate) fn on_legion_passing(&mut self, f: Faction, area: AreaId, ev: &mut Vec<Event>) {
        if self.expansions.desert_war.is_none() {
            return;
        }
        // DW-CAMP-09: a Harkonnen legion entering removes a Camp.
        self.on_legion_arrival_camp(f, area, ev);
        let s = self.areas[area.index()].expansions.desert;
        let gone = match f {
            Faction::Harkonnen => Troopers {
                rockets: s.rockets,
                sandriders: s.sandriders,
                ..Troopers::default()
            },
            Faction::Atreides => Troopers {
                suspensors: s.suspensors,
                ..Troopers::default()
            },
        };
        self.remove_troopers(area, gone, TrooperRemoval::Legion, ev);
    }

    /// DW-TROOPER-14 to DW-TROOPER-16: a sandworm has just come into
    /// `area` (moved, placed, called by a wormsign or relocated; never its
    /// attack, DW-TROOPER-11): every Desert Trooper there but the
    /// Sandriders is removed, back to its supply. The move stays a move,
    /// not an attack (DW-TROOPER-16). Riding is the Sandriders' own rule.
    pub(crate) fn on_sandworm_arrival(&mut self, area: AreaId, ev: &mut Vec<Event>) {
        if self.expansions.desert_war.is_none() {
            return;
        }
        let s = self.areas[area.index()].expansions.desert;
        let gone = Troopers {
            suspensors: s.suspensors,
            rockets: s.rockets,
            sandriders: 0,
        };
        self.remove_troopers(area, gone, TrooperRemoval::Sandworm, ev);
    }

    /// Takes `gone` off `area` back to the supplies (DW-TROOPER-17), with
    /// an event when any went.
    pub(crate) fn remove_troopers(
        &mut self,
        area: AreaId,
        gone: Troopers,
        why: TrooperRemoval,
        ev: &mut Vec<Event>,
    ) {
        if gone.total() == 0 {
            return;
        }
        let s = &mut self.areas[area.index()].expansions.desert;
        s.suspensors -= gone.suspensors;
        s.rockets -= gone.rockets;
        s.sandriders -= gone.sandriders;
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.suspensors += gone.suspensors;
            dw.rockets += gone.rockets;
            dw.sandriders += gone.sandriders;
        }
        ev.push(Event::Expansion(ExpansionEvent::DesertWar(
            DwEvent::TroopersRemoved {
                area,
                troopers: gone,
                why,
            },
        )));
    }
}
