//! The Desert War's state: the new figures on each area ([`DesertArea`],
//! held by the core `AreaState`) and everything else of the expansion
//! ([`DesertWarState`], held by the game only when the expansion is on,
//! so the core game carries nothing).
use super::data::DesertWar;
use crate::arrakis::Marker;
use crate::arrakis::prompt::Battle;
use crate::arrakis::state::Arrakis;

/// The Desert War figures in one area. Desert Troopers are neither units
/// nor leaders (DW-TROOPER-01 to -07): they never count toward a legion.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct DesertArea {
    /// Harkonnen Suspensor Troopers.
    pub suspensors: u8,
    /// Atreides Fremen Rocket Launchers.
    pub rockets: u8,
    /// Atreides Fremen Sandriders.
    pub sandriders: u8,
    /// A Fremen Camp figure on its face-down token, which shows this
    /// prescience marker (known to the Atreides only, DW-CAMP-04).
    pub camp: Option<Marker>,
    /// Escort Ornithopters serving as generic leaders in the Harkonnen
    /// legion here (DW-ESCORT-08); they are counted among the area's
    /// Harkonnen generic leaders too (`AreaState.generic`), never more.
    pub escorts: u8,
}

impl DesertArea {
    /// Desert Troopers of both sides here.
    pub fn troopers(&self) -> u8 {
        self.suspensors + self.rockets + self.sandriders
    }

    /// Atreides Desert Troopers here.
    pub fn atreides_troopers(&self) -> u8 {
        self.rockets + self.sandriders
    }

    /// No Desert War figure at all (a Camp and escorts count).
    pub fn is_clear(&self) -> bool {
        self.troopers() == 0 && self.camp.is_none() && self.escorts == 0
    }
}

/// The expansion's state outside the areas: supplies off the board, the
/// Desert War tokens and the Sandriders card.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DesertWarState {
    /// Escort Ornithopters off the board (DW-SETUP-01).
    pub escorts: u8,
    /// Suspensor Troopers off the board (DW-SETUP-02).
    pub suspensors: u8,
    /// Sandriders off the board (DW-SETUP-04).
    pub sandriders: u8,
    /// Rocket Launchers off the board (DW-SETUP-05).
    pub rockets: u8,
    /// Camp tokens (each with its figure) off the board and still in the
    /// game, in the data's order (DW-SETUP-06); a traded Camp leaves the
    /// game (DW-ROCKET-11). Which markers are left is public: a Camp is
    /// traded face up.
    pub camp_tokens: Vec<Marker>,
    /// Desert War tokens on the Spice Must Flow board (DW-HARKONNEN-01).
    pub tokens_on_board: u8,
    /// The Sandriders leader card was spent this round (DW-SETUP-10).
    pub sandriders_card_spent: bool,
    /// The die or Desert Power being resolved already had its Desert War
    /// action (DW-HARKONNEN-06, DW-ATREIDES-01).
    pub action_taken: bool,
    // --- The Harkonnen side ---
    /// An Escort Ornithopter was placed in the placement of vehicles going
    /// on (DW-ESCORT-03).
    pub escort_placed: bool,
    // The Atreides part (Camps, Rocket Launchers, Sandriders).
    /// A Desert Power action is being resolved that may still bring its
    /// Atreides Desert War action after it (DW-ATREIDES-01, DW-ATREIDES-02).
    pub desert_power_open: bool,
    /// This Desert Power already placed its Sandrider, or is the
    /// Sandriders special's (which places none) (DW-SANDRIDER-03).
    pub sandrider_placed: bool,
    /// A battle its Atreides attacker won when the Harkonnen defender
    /// retreated onto a lone Sandrider (DW-SANDRIDER-10): it waits here,
    /// its attackers off the board, while the sandworm the Sandrider called
    /// is resolved, then goes on to the attacker's advance.
    pub retreat_battle: Option<Battle>,
}

impl DesertWarState {
    /// Every component off the board, as the expansion's setup has it
    /// (DW-SETUP-08, DW-SETUP-09, DW-SETUP-10).
    pub fn new(d: &DesertWar) -> DesertWarState {
        DesertWarState {
            escorts: d.harkonnen.escort_ornithopters,
            suspensors: d.harkonnen.suspensor_troopers,
            sandriders: d.atreides.sandriders,
            rockets: d.atreides.rocket_launchers,
            camp_tokens: d.atreides.camp_tokens.clone(),
            tokens_on_board: 0,
            sandriders_card_spent: false,
            action_taken: false,
            escort_placed: false,
            desert_power_open: false,
            sandrider_placed: false,
            retreat_battle: None,
        }
    }
}

impl Arrakis {
    /// The Desert War's own state, when the game plays it.
    pub fn desert_war(&self) -> Option<&DesertWarState> {
        self.expansions.desert_war.as_deref()
    }
}
