//! War for Arrakis expansions, one folder each: Desert War in
//! `expansions/desert_war/` and Smugglers in `expansions/smugglers/`. An
//! expansion adds its figures, prompts and rules as files of its own. The
//! core reaches it only through the hook list, `hooks.rs`: the core calls a
//! `hook_...` method at each moment a rules text names (a round starts, a
//! legion arrives, a turn ends, ...), and the hook list asks each
//! expansion the game plays with through the one `Expansion`
//! interface, which each expansion implements in its own `hooks.rs`. The
//! core game without expansions runs no expansion code.
//!
//! The expansions' actions, decisions and events reach the core as one
//! variant each, `Action::Expansion`, `Prompt::Expansion` and
//! `Event::Expansion`, carrying the enums below; the core never looks
//! inside. Their state is held the same way: one slot in the game's state
//! and one in each area (`slots.rs`), which the core stores, copies and
//! writes as text without reading. A piece of a kind the core already has
//! is one `Expansion` variant of that core type carrying an enum below
//! (`Vehicle::Expansion`, `Step::Expansion`, `Entry::Expansion`,
//! `LegionRule::Expansion`), which answers what the core asks of it.
//!
//! What the core still names, and why:
//! - the Smuggler Regular is the fourth [`UnitKind`](crate::arrakis::UnitKind)
//!   and a field of `Units`: every core rule that counts units (stacking,
//!   hits, supplies, the view) counts it as a regular of the Atreides, and
//!   `Units` stays a fixed four-byte count that the engine copies on every
//!   step; an open list of kinds would cost each count a heap or a type
//!   parameter;
//! - an Escort that joined a legion is a generic leader there
//!   (DW-ESCORT-08, DW-ESCORT-09), so a moving group counts its Escorts
//!   (`Group.escorts`), and the core's movement and battle ask how many
//!   of a legion's generic leaders are Escorts (`escorts_at`);
//! - the round limit's pars are measured per set of expansions
//!   (`data/arrakis/round_limit.json`), keyed by the two options.
//!
//! - [`desert_war`]: the Desert War expansion (rule IDs `DW-...`,
//!   docs/rules/desert-war.md).
//! - [`smugglers`]: the Smugglers expansion (rule IDs `SM-...`,
//!   docs/rules/smugglers.md).
pub mod desert_war;
pub(crate) mod hooks;
mod slots;
pub mod smugglers;

pub use slots::{AreaExpansionViews, AreaExpansions, ExpansionStates, ExpansionViews};

use crate::arrakis::Faction;
use crate::arrakis::ids::AreaId;
use crate::arrakis::prompt::Group;
use crate::arrakis::state::{Arrakis, Vehicle};
use crate::core::Viewer;
use desert_war::{DwAction, DwEvent, DwPrompt, DwVehicle};
use smugglers::{DieUse, SmAction, SmEntry, SmEvent, SmPrompt, SmStep, SmVehicle};

/// An expansion's action: the core's `Action::Expansion` carries one. The
/// core never looks inside; the hook list hands it to its expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExpansionAction {
    /// An action of the Desert War.
    DesertWar(DwAction),
    /// A choice of the Smugglers (SM-...).
    Smugglers(SmAction),
}

impl ExpansionAction {
    /// Whether every area and Air zone the action names exists (`areas`
    /// and `zones` of them), so its words can name them.
    pub fn names_known(&self, areas: usize, zones: usize) -> bool {
        match self {
            ExpansionAction::DesertWar(x) => x.names_known(areas, zones),
            ExpansionAction::Smugglers(x) => x.names_known(areas, zones),
        }
    }
}

/// An expansion's vehicle: the core's `Vehicle::Expansion` carries one and
/// asks it, through the functions below, what it counts as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum ExpansionVehicle {
    /// A vehicle of the Desert War.
    DesertWar(DwVehicle),
    /// A vehicle of the Smugglers.
    Smugglers(SmVehicle),
}

impl ExpansionVehicle {
    /// Every expansion's vehicles, in the hook list's order.
    pub const ALL: [ExpansionVehicle; 3] = [
        ExpansionVehicle::DesertWar(DwVehicle::EscortOrnithopter),
        ExpansionVehicle::Smugglers(SmVehicle::SmugglerOrnithopter),
        ExpansionVehicle::Smugglers(SmVehicle::SmugglerCarryall),
    ];

    /// Its name as the contract spells it.
    pub fn name(self) -> &'static str {
        match self {
            ExpansionVehicle::DesertWar(v) => v.name(),
            ExpansionVehicle::Smugglers(v) => v.name(),
        }
    }

    /// See `Vehicle::placed_as`.
    pub(crate) fn placed_as(self) -> Option<Vehicle> {
        match self {
            ExpansionVehicle::DesertWar(v) => v.placed_as(),
            ExpansionVehicle::Smugglers(v) => v.placed_as(),
        }
    }

    /// See `Vehicle::counts_as_ornithopter`.
    pub(crate) fn counts_as_ornithopter(self) -> bool {
        match self {
            ExpansionVehicle::DesertWar(v) => v.counts_as_ornithopter(),
            ExpansionVehicle::Smugglers(v) => v.counts_as_ornithopter(),
        }
    }

    /// Whether it is a Harkonnen vehicle (see
    /// `Arrakis::harkonnen_vehicle_in`).
    pub(crate) fn is_harkonnen(self, g: &Arrakis) -> bool {
        match self {
            ExpansionVehicle::DesertWar(v) => v.is_harkonnen(),
            ExpansionVehicle::Smugglers(v) => v.is_harkonnen(g),
        }
    }
}

/// An expansion's card step: the core's `Step::Expansion` carries one, on
/// a card the expansion adds, and the hook list runs it
/// (`Expansion::card_step`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpansionStep {
    /// A step of the Smugglers.
    Smugglers(SmStep),
}

/// An expansion's moment for a leader to enter play: the core's
/// `Entry::Expansion` carries one, and the expansion brings the leader in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpansionEntry {
    /// A moment of the Smugglers.
    Smugglers(SmEntry),
}

/// Which legions an expansion's own move takes: the core's
/// `LegionRule::Expansion` carries one and asks it through the functions
/// below.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ExpansionLegionRule {
    /// The legions an action of the Smugglers die takes.
    Smugglers(DieUse),
}

impl ExpansionLegionRule {
    /// Whether the legion of `f` in `a` may be picked.
    pub(crate) fn legion_ok(self, g: &Arrakis, f: Faction, a: AreaId) -> bool {
        match self {
            ExpansionLegionRule::Smugglers(u) => g.die_legion_ok(u, f, a),
        }
    }

    /// Whether the moving group carries what the rule asks for.
    pub(crate) fn group_ok(self, g: &Arrakis, group: &Group) -> bool {
        match self {
            ExpansionLegionRule::Smugglers(u) => g.die_group_ok(u, group),
        }
    }
}

/// An expansion's own decision: the core's `Prompt::Expansion` carries
/// one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ExpansionPrompt {
    /// A decision of the Desert War.
    DesertWar(DwPrompt),
    /// A decision of the Smugglers (SM-...).
    Smugglers(SmPrompt),
}

impl ExpansionPrompt {
    /// The house whose decision it is.
    pub fn faction(&self) -> Faction {
        match self {
            ExpansionPrompt::DesertWar(p) => p.faction(),
            ExpansionPrompt::Smugglers(p) => p.faction(),
        }
    }
}

/// An expansion's event: the core's `Event::Expansion` carries one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExpansionEvent {
    /// An event of the Desert War.
    DesertWar(DwEvent),
    /// An event of the Smugglers (SM-...).
    Smugglers(SmEvent),
}

impl ExpansionEvent {
    /// The event as `viewer` may see it, by its expansion's rules.
    pub fn redact(&self, viewer: Viewer) -> Option<ExpansionEvent> {
        match self {
            ExpansionEvent::DesertWar(e) => e.redact(viewer).map(ExpansionEvent::DesertWar),
            ExpansionEvent::Smugglers(e) => e.redact(viewer).map(ExpansionEvent::Smugglers),
        }
    }
}
use crate::arrakis::components::{LeaderKind, Slot};
use crate::arrakis::data::Data;

/// Checks the core leaders an expansion's leader card shares the Atreides
/// Desert Power box with (`field` names the list in its data file, for
/// the error): each must be a named Atreides leader of the core game whose
/// card sits on that box.
pub(crate) fn check_desert_power_box_mates<'a>(
    core: &Data,
    field: &str,
    ids: impl IntoIterator<Item = &'a str>,
) -> Result<(), String> {
    for id in ids {
        let Some(x) = core.leader_id(id) else {
            return Err(format!("{field} names unknown leader {id:?}"));
        };
        let x = core.leader(x);
        if x.faction != Faction::Atreides || x.action_slot != Some(Slot::DesertPower) {
            return Err(format!(
                "{field} names {id:?}, whose card is not on the Atreides Desert Power box"
            ));
        }
        if x.kind == LeaderKind::Generic {
            return Err(format!("{field} names the generic leader {id:?}"));
        }
    }
    Ok(())
}
