//! What a viewer sees of the Smugglers: everything, since the expansion
//! hides nothing beyond the core game's hands (docs/rules-decisions.md,
//! Smugglers). The figures on an area are shown as the core view's
//! `SmugglersArea` itself.
use super::state::{SmugglersState, Standing};
use crate::arrakis::{AreaId, DieResult};

/// The Smugglers off the board as every viewer sees them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SmugglersView {
    /// Neutral, allied or defeated.
    pub standing: Standing,
    /// Staban Tuek's prescience step while neutral.
    pub staban_step: u8,
    /// Smuggler Regulars waiting on the Smugglers board.
    pub regulars_waiting: u8,
    /// Smuggler ornithopters on the Smugglers board.
    pub thopters: u8,
    /// Smuggler harvesters still in the game.
    pub harvesters_in_game: u8,
    /// The Smuggler carryall is still in the game.
    pub carryall_in_game: bool,
    /// The Base's area, once placed.
    pub base: Option<AreaId>,
    /// The Smugglers die's unspent result.
    pub die: Option<DieResult>,
}

impl SmugglersView {
    /// The state as every viewer sees it.
    pub fn of(s: &SmugglersState) -> SmugglersView {
        SmugglersView {
            standing: s.standing,
            staban_step: s.staban_step,
            regulars_waiting: s.regulars_waiting,
            thopters: s.thopters,
            harvesters_in_game: s.harvesters_in_game,
            carryall_in_game: s.carryall_in_game,
            base: s.base,
            die: s.die,
        }
    }
}
