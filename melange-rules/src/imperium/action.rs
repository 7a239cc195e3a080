//! One decision of one seat: a small `Copy` value.
use crate::core::{Resignation, Seat};

use super::ids::{CardId, Faction, IntrigueId, SpaceId};

/// Where a card to trash lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Zone {
    /// In hand.
    Hand,
    /// In the discard pile.
    Discard,
    /// In play this round (played on an Agent turn or revealed).
    InPlay,
}

/// One decision. Cards are named by kind (id), not by hand position, so two
/// copies of a card give one action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Agent turn: play this card from hand and send an Agent to this space
    /// (the space fixes which of the card's icons is used).
    SendAgent {
        /// The card played.
        card: CardId,
        /// The space the Agent goes to.
        space: SpaceId,
    },
    /// Take the Reveal turn.
    Reveal,
    /// Play an Intrigue card.
    Intrigue(IntrigueId),
    /// Pass / decline / done.
    Pass,
    /// Accept an optional effect.
    Accept,
    /// Take a branch of a choice (or a Sell Melange row, or Poison Snooper:
    /// 0 draw, 1 trash).
    Choose(u8),
    /// A faction for Influence.
    Faction(Faction),
    /// How many troops to deploy or retreat.
    Troops(u8),
    /// Trash a card from a zone.
    Trash(CardId, Zone),
    /// Discard a card from hand.
    Discard(CardId),
    /// Acquire a card (row, reserve or set aside), `top`: onto the deck.
    Acquire {
        /// The card.
        card: CardId,
        /// On top of the draw deck (Recruitment Mission, Bypass Protocol).
        top: bool,
    },
    /// A board space (The Voice, Urgent Mission).
    Space(SpaceId),
    /// An opponent.
    Opponent(Seat),
    /// A card (Other Memory, Helena's Manipulate).
    Card(CardId),
    /// MC-RESIGN-01: the seat resigns (`resign.rs`). Accepted from any seat
    /// of a running game; never among the legal actions.
    Resign(Resignation),
}
