//! What the core keeps for the expansions without looking inside: one slot
//! in the game's state ([`ExpansionStates`]), one in each area
//! ([`AreaExpansions`]) and their two views. The core stores, copies,
//! compares and writes them as text; only the expansions' own folders read
//! what is in them. A third expansion adds its field here, beside the hook
//! list, and nowhere in the core.
use super::desert_war::data::desert_war;
use super::desert_war::{DesertArea, DesertAreaView, DesertWarState, DesertWarView};
use super::smugglers::data::smugglers;
use super::smugglers::{SmugglersArea, SmugglersState, SmugglersView};
use crate::arrakis::options::Rules;
use crate::core::SetupError;

/// Each expansion's state outside the areas, `None` when the game does
/// not play it. Written into a position's text field by field, as if the
/// fields were the position's own (`#[serde(flatten)]`), so the text reads
/// the same as before the slot existed.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ExpansionStates {
    /// The Desert War's state, when it is on.
    pub desert_war: Option<Box<DesertWarState>>,
    /// The Smugglers' state, when they are on.
    pub smugglers: Option<Box<SmugglersState>>,
}

impl ExpansionStates {
    /// The state each expansion the rules turn on starts a game with.
    pub(crate) fn new(rules: &Rules) -> ExpansionStates {
        ExpansionStates {
            desert_war: rules
                .desert_war
                .map(|_| Box::new(DesertWarState::new(desert_war()))),
            smugglers: rules
                .smugglers
                .map(|_| Box::new(SmugglersState::new(smugglers()))),
        }
    }

    /// Refused when an expansion's pieces are there without its rules, or
    /// its rules without its pieces: a position of the wrong shape.
    pub(crate) fn check_shape(&self, rules: &Rules) -> Result<(), SetupError> {
        if self.desert_war.is_some() != rules.desert_war.is_some() {
            return Err(SetupError::shape(
                "the Desert War's pieces without its rules, or its rules without its pieces",
            ));
        }
        if self.smugglers.is_some() != rules.smugglers.is_some() {
            return Err(SetupError::shape(
                "the Smugglers' pieces without their rules, or their rules without their pieces",
            ));
        }
        Ok(())
    }

    /// What a viewer sees of them (`atreides`: the viewer sees the
    /// Atreides' secrets).
    pub(crate) fn view(&self, atreides: bool) -> ExpansionViews {
        ExpansionViews {
            desert_war: self
                .desert_war
                .as_deref()
                .map(|dw| DesertWarView::of(dw, atreides)),
            smugglers: self.smugglers.as_deref().map(SmugglersView::of),
        }
    }
}

/// Each expansion's figures in one area (all zero without it).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct AreaExpansions {
    /// The Desert War's figures.
    pub desert: DesertArea,
    /// The Smugglers' figures.
    pub smugglers: SmugglersArea,
}

impl AreaExpansions {
    /// No expansion figure here.
    pub fn is_clear(&self) -> bool {
        self.desert.is_clear() && self.smugglers.is_clear()
    }

    /// What a viewer sees of them (`atreides`: the viewer sees the
    /// Atreides' secrets).
    pub(crate) fn view(&self, atreides: bool) -> AreaExpansionViews {
        AreaExpansionViews {
            desert: DesertAreaView::of(&self.desert, atreides),
            smugglers: self.smugglers,
        }
    }
}

/// Each expansion off the board as a viewer sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExpansionViews {
    /// The Desert War, when the expansion is on.
    pub desert_war: Option<DesertWarView>,
    /// The Smugglers, when the expansion is on.
    pub smugglers: Option<SmugglersView>,
}

/// Each expansion's figures in one area as a viewer sees them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AreaExpansionViews {
    /// The Desert War figures (all zero without the expansion).
    pub desert: DesertAreaView,
    /// The Smugglers figures (all zero without the expansion; public).
    pub smugglers: SmugglersArea,
}
