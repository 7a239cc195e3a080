//! The Smugglers' state: the Smuggler figures on each area
//! ([`SmugglersArea`], held by the core `AreaState`) and everything else of
//! the expansion ([`SmugglersState`], held by the game only when the
//! expansion is on, so the core game carries nothing). Smuggler vehicles in
//! Air zones are core `Vehicle`s (`SmugglerOrnithopter`,
//! `SmugglerCarryall`); Staban Tuek is a core leader of the expansion's
//! leader table (see [`super::core_data`]).
use super::data::Smugglers;
use crate::arrakis::state::Arrakis;
use crate::arrakis::{AreaId, CardId, DieResult, Prompt};

/// The Smugglers pieces in one area that are not units (SM-HARVESTER,
/// SM-BASE). Smuggler Regulars on the board are Atreides units of their own
/// kind (`UnitKind::Smuggler` in `AreaState.units`, SM-UNIT-01 to
/// SM-UNIT-05), so every core rule for units moves and fights them.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct SmugglersArea {
    /// A Smuggler harvester (neutral only; SM-HARVESTER-03).
    pub harvester: bool,
    /// The Smugglers Base, a rank-3 settlement of the allied Smugglers
    /// (SM-BASE-01).
    pub base: bool,
}

impl SmugglersArea {
    /// No Smuggler figure at all.
    pub fn is_clear(&self) -> bool {
        !self.harvester && !self.base
    }
}

/// Where the Smugglers stand (SM-SETUP-12, SM-ALLY, SM-DEFEAT).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Standing {
    /// A neutral third party, played by the rules (SM-SETUP-12).
    #[default]
    Neutral,
    /// Allied with the Atreides (SM-ALLY-01).
    Allied,
    /// Defeated: every Smuggler component has left the game (SM-DEFEAT).
    Defeated,
}

impl Standing {
    /// The name as the contract spells it.
    pub fn name(self) -> &'static str {
        match self {
            Standing::Neutral => "neutral",
            Standing::Allied => "allied",
            Standing::Defeated => "defeated",
        }
    }
}

/// The expansion's state outside the areas: the Smugglers board, Staban
/// Tuek's prescience step and the supplies. Everything here is public.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SmugglersState {
    /// Neutral, allied or defeated.
    pub standing: Standing,
    /// Staban Tuek's step on the prescience track while neutral
    /// (SM-SETUP-07, SM-ALLY-01).
    pub staban_step: u8,
    /// Smuggler Regulars waiting on the Smugglers board (SM-SETUP-06,
    /// SM-ROUND-01).
    pub regulars_waiting: u8,
    /// Smuggler ornithopters on the Smugglers board, ready to place
    /// (SM-THOPTER-01, SM-THOPTER-02).
    pub thopters: u8,
    /// Smuggler ornithopters still in the game (on the Smugglers board, on
    /// the main board or not yet added by a Drone Ornithopters play).
    pub thopters_in_game: u8,
    /// Smuggler harvesters still in the game (each capture removes one,
    /// SM-HARVESTER-02, SM-LEGION-04).
    pub harvesters_in_game: u8,
    /// The Smuggler carryall is still in the game (SM-SETUP-04).
    pub carryall_in_game: bool,
    /// The Base's area, once placed (SM-ALLY-06).
    pub base: Option<AreaId>,
    /// The Smugglers Action die's result while it waits, unspent, on the
    /// Smugglers board (SM-ROUND-06, SM-DIE-02).
    pub die: Option<DieResult>,
    /// The die is rolled at the next Action Resolution (false in the round
    /// of the alliance, SM-ALLY-10).
    pub die_ready: bool,
    /// Thopter battles fought in the placement of ornithopters going on
    /// (SM-THOPTER-08).
    pub battles_this_placement: u8,
    /// Harkonnen ornithopters forgone in thopter battles this round: out
    /// of every placement until the End of the Round (SM-THOPTER-09).
    pub thopters_forgone: u8,
    // The alliance part (SM-ALLY, SM-STABAN, SM-DEFEAT).
    /// The alliance fired and the Atreides have still to place the Base
    /// (SM-ALLY-06): the game asks them before anything else.
    pub base_pending: bool,
    /// Staban Tuek has just left the regeneration tank: the Atreides put
    /// him with one of their legions (SM-STABAN-05).
    pub staban_returning: bool,
    /// The decision a Base placement or Staban Tuek's return interrupted,
    /// asked again once it is done.
    pub resume: Option<Prompt>,
    // Die & thopters:
    /// The Mentat result's draw (SM-DIE-15): the House Atreides cards just
    /// drawn, one to keep and one to discard. Hidden like the hand: never
    /// in a view.
    pub mentat_drawn: Vec<CardId>,
    /// The result of the Smugglers die just spent for a leader's special
    /// action, while the Atreides pick the leader
    /// (`smugglers_die_leaders=enhanced`).
    pub die_special: Option<DieResult>,
}

impl SmugglersState {
    /// The expansion's setup (SM-SETUP-06, SM-SETUP-07, SM-SETUP-12). The
    /// other Smuggler Regulars start in the Atreides supply of Smuggler
    /// units (`House.supply.smuggler`, set by the core setup).
    pub fn new(d: &Smugglers) -> SmugglersState {
        let on_board = d.setup.regulars_on_board;
        SmugglersState {
            standing: Standing::Neutral,
            staban_step: d.setup.staban_step,
            regulars_waiting: on_board,
            thopters: d.setup.ornithopters_on_board,
            thopters_in_game: d.components.ornithopters,
            harvesters_in_game: d.components.harvesters,
            carryall_in_game: d.components.carryalls > 0,
            base: None,
            die: None,
            die_ready: false,
            battles_this_placement: 0,
            thopters_forgone: 0,
            base_pending: false,
            staban_returning: false,
            resume: None,
            mentat_drawn: Vec::new(),
            die_special: None,
        }
    }

    /// Allied with the Atreides now.
    pub fn allied(&self) -> bool {
        self.standing == Standing::Allied
    }

    /// Neutral now.
    pub fn neutral(&self) -> bool {
        self.standing == Standing::Neutral
    }
}

impl Arrakis {
    /// The Smugglers' own state, when the game plays them.
    pub fn smugglers(&self) -> Option<&SmugglersState> {
        self.expansions.smugglers.as_deref()
    }
}
