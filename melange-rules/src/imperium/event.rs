//! What happened, with enough detail to redact it per viewer.
use crate::core::{Resignation, Seat, Viewer};

use super::hagal::HagalId;
use super::ids::{CardId, ConflictId, Faction, IntrigueId, LeaderId, SpaceId};

/// A resource a seat holds or spends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    /// Solari.
    Solari,
    /// Spice.
    Spice,
    /// Water.
    Water,
    /// Troops in the garrison.
    Garrison,
    /// Persuasion this turn.
    Persuasion,
    /// Swords this Conflict.
    Swords,
    /// Victory points.
    Vp,
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Setup: the seat plays this leader.
    LeaderAssigned { seat: Seat, leader: LeaderId },
    /// The First Player marker is with this seat.
    FirstPlayer { seat: Seat },
    /// A round began with this Conflict revealed.
    RoundStarted { round: u8, conflict: ConflictId },
    /// A seat drew a card (`None` when hidden from the viewer).
    Drew { seat: Seat, card: Option<CardId> },
    /// A seat shuffled its discard pile into a new deck.
    Shuffled { seat: Seat },
    /// A card was played on an Agent turn and an Agent sent.
    AgentSent {
        seat: Seat,
        card: CardId,
        space: SpaceId,
    },
    /// A seat took its Reveal turn with these cards.
    Revealed { seat: Seat, cards: Vec<CardId> },
    /// A resource changed by `delta`.
    Resource {
        seat: Seat,
        resource: Resource,
        delta: i16,
    },
    /// Influence changed.
    Influence {
        seat: Seat,
        faction: Faction,
        delta: i8,
        now: u8,
    },
    /// An Alliance token moved.
    Alliance {
        faction: Faction,
        from: Option<Seat>,
        to: Option<Seat>,
    },
    /// A seat drew an Intrigue card (`None` when hidden).
    IntrigueDrawn {
        seat: Seat,
        card: Option<IntrigueId>,
    },
    /// An Intrigue card passed between seats (Steal Intrigue).
    IntrigueStolen {
        from: Seat,
        to: Seat,
        card: Option<IntrigueId>,
    },
    /// An Intrigue card was played.
    IntriguePlayed { seat: Seat, card: IntrigueId },
    /// Troops moved into the Conflict.
    Deployed { seat: Seat, troops: u8 },
    /// Troops moved from the Conflict back to the garrison.
    Retreated { seat: Seat, troops: u8 },
    /// Troops were lost to the supply.
    TroopsLost {
        seat: Seat,
        troops: u8,
        from_conflict: bool,
    },
    /// A card was acquired.
    Acquired { seat: Seat, card: CardId },
    /// A card entered the Imperium Row.
    RowRefilled { card: CardId },
    /// A card was trashed.
    Trashed { seat: Seat, card: CardId },
    /// A card was discarded from hand.
    Discarded { seat: Seat, card: CardId },
    /// A card moved from the discard pile to the hand.
    Retrieved { seat: Seat, card: CardId },
    /// A seat looked at its top card (`None` when hidden).
    LookedAtTop { seat: Seat, card: Option<CardId> },
    /// A seat took control of a space.
    Control { space: SpaceId, seat: Seat },
    /// A seat took the Mentat.
    MentatTaken { seat: Seat },
    /// A seat took a High Council seat.
    HighCouncil { seat: Seat },
    /// A seat gained its third Agent.
    Swordmaster { seat: Seat },
    /// A space was blocked by The Voice.
    Voice { seat: Seat, space: SpaceId },
    /// An Agent was recalled early (Urgent Mission).
    AgentRecalled { seat: Seat, space: SpaceId },
    /// A seat passed.
    Passed { seat: Seat },
    /// The Conflict was resolved: each seat's strength.
    ConflictResolved {
        conflict: ConflictId,
        strengths: Vec<u8>,
    },
    /// A seat took a Conflict reward (place 1, 2 or 3).
    Reward { seat: Seat, place: u8 },
    /// Bonus spice was added to a Maker space.
    BonusSpice { space: SpaceId, now: u8 },
    /// Agents were recalled and a new round is coming.
    Recall,
    /// The endgame was triggered.
    EndgameTriggered,
    /// The game is over.
    GameOver { winners: Vec<Seat> },
    /// MC-RESIGN-02: a seat conceded or forfeited, which ends the game.
    Resigned { seat: Seat, why: Resignation },
    /// MC-ROUNDS-01: this round, the `max_rounds`-th, ended with the game
    /// still running, which ends it.
    RoundLimit { round: u8 },
    /// Setup: a rival (not a seat) joined at this board index; `leader` is
    /// `None` for House Hagal.
    RivalJoined {
        seat: Seat,
        leader: Option<LeaderId>,
    },
    /// A rival revealed a House Hagal card, for its Agent turn or, with
    /// `combat`, for its swords.
    HagalRevealed {
        seat: Seat,
        card: HagalId,
        combat: bool,
    },
    /// The revealed House Hagal cards were shuffled back into its deck.
    HagalReshuffled,
    /// A rival sent an Agent to a space with this House Hagal card.
    RivalAgentSent {
        seat: Seat,
        card: HagalId,
        space: SpaceId,
    },
    /// House Hagal won the Conflict and removed this seat's control marker.
    ControlRemoved { space: SpaceId, seat: Seat },
}

impl Event {
    /// The event as `viewer` may see it.
    pub fn redact(&self, viewer: Viewer) -> Option<Event> {
        let mut e = self.clone();
        match &mut e {
            Event::Drew { seat, card } | Event::LookedAtTop { seat, card }
                if !viewer.sees_private_of(*seat) =>
            {
                *card = None;
            }
            Event::IntrigueDrawn { seat, card } if !viewer.sees_private_of(*seat) => {
                *card = None;
            }
            Event::IntrigueStolen { from, to, card }
                if !viewer.sees_private_of(*from) && !viewer.sees_private_of(*to) =>
            {
                *card = None;
            }
            _ => {}
        }
        Some(e)
    }
}
