//! What a viewer sees of the Desert War: every figure, token and count is
//! public, except a Camp's marker, known to the Atreides only (DW-CAMP-05;
//! docs/rules-decisions.md, Desert War, "Hidden information"). Which
//! markers are in the Camp supply is never shown to the others either: with
//! the Camps on the board it would tell which marker lies under them.
use super::state::{DesertArea, DesertWarState};
use crate::arrakis::Marker;

/// The Desert War figures of one area as a viewer sees them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DesertAreaView {
    /// Harkonnen Suspensor Troopers.
    pub suspensors: u8,
    /// Atreides Rocket Launchers.
    pub rockets: u8,
    /// Atreides Sandriders.
    pub sandriders: u8,
    /// Escorts serving as generic leaders in the Harkonnen legion here.
    pub escorts: u8,
    /// A Fremen Camp stands here (public).
    pub camp: bool,
    /// Its token's marker, to the Atreides only.
    pub camp_marker: Option<Marker>,
}

impl DesertAreaView {
    /// The area `s` as seen by a viewer who knows the Atreides' secrets
    /// (`atreides`) or not.
    pub fn of(s: &DesertArea, atreides: bool) -> DesertAreaView {
        DesertAreaView {
            suspensors: s.suspensors,
            rockets: s.rockets,
            sandriders: s.sandriders,
            escorts: s.escorts,
            camp: s.camp.is_some(),
            camp_marker: s.camp.filter(|_| atreides),
        }
    }
}

/// The Desert War off the board as a viewer sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DesertWarView {
    /// Escort Ornithopters in the Harkonnen supply.
    pub escorts: u8,
    /// Suspensor Troopers in the Harkonnen supply.
    pub suspensors: u8,
    /// Sandriders in the Atreides supply.
    pub sandriders: u8,
    /// Rocket Launchers in the Atreides supply.
    pub rockets: u8,
    /// Camps (with their tokens) off the board and still in the game.
    pub camp_tokens: u8,
    /// Their markers, to the Atreides only (empty for anyone else).
    pub camp_token_markers: Vec<Marker>,
    /// Desert War tokens on the Spice Must Flow board.
    pub tokens_on_board: u8,
    /// The Sandriders leader card is spent this round.
    pub sandriders_card_spent: bool,
}

impl DesertWarView {
    /// The state `dw` as seen by a viewer who knows the Atreides' secrets
    /// (`atreides`) or not.
    pub fn of(dw: &DesertWarState, atreides: bool) -> DesertWarView {
        DesertWarView {
            escorts: dw.escorts,
            suspensors: dw.suspensors,
            sandriders: dw.sandriders,
            rockets: dw.rockets,
            camp_tokens: dw.camp_tokens.len() as u8,
            camp_token_markers: if atreides {
                dw.camp_tokens.clone()
            } else {
                Vec::new()
            },
            tokens_on_board: dw.tokens_on_board,
            sandriders_card_spent: dw.sandriders_card_spent,
        }
    }
}
