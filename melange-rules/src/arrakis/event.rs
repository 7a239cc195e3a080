//! What happened, with enough detail to redact per seat.
use super::expansions::ExpansionEvent;
use crate::core::{Resignation, Seat, Viewer};

use super::ids::{
    AirZoneId, AreaId, CardId, Deck, DieResult, Faction, ImperiumMarker, LeaderId, Marker,
};
use super::state::Vehicle;

/// Seat of each house (seat 0 plays the Harkonnen).
pub fn seat_of(f: Faction) -> Seat {
    Seat(f.index() as u8)
}

/// An event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A new round starts.
    RoundStarted {
        /// Round number.
        round: u16,
    },
    /// The Atreides received their secret objective (hidden from others).
    ObjectiveDealt {
        /// Index of the objective; `u8::MAX` when redacted.
        objective: u8,
    },
    /// A card was drawn (`None` when redacted).
    CardDrawn {
        /// Who drew.
        faction: Faction,
        /// From which deck.
        deck: Deck,
        /// The card.
        card: Option<CardId>,
    },
    /// A card was played or discarded face up.
    CardDiscarded {
        /// Whose.
        faction: Faction,
        /// The card.
        card: CardId,
    },
    /// A card was played for its effect (AR-ACT-12); it goes face up on
    /// its discard pile once resolved.
    CardPlayed {
        /// Whose.
        faction: Faction,
        /// The card.
        card: CardId,
    },
    /// A card put figures into an area.
    CardDeployed {
        /// Whose.
        faction: Faction,
        /// Where.
        area: AreaId,
    },
    /// A named leader came into play.
    LeaderEntered {
        /// Who.
        leader: LeaderId,
    },
    /// A card sent a named leader to the regeneration tank.
    LeaderTanked {
        /// Who.
        leader: LeaderId,
    },
    /// A named leader's special action was used; its card is spent
    /// (AR-LEADER-07).
    SpecialAction {
        /// Who.
        leader: LeaderId,
    },
    /// A named leader left the game for good.
    LeaderRemoved {
        /// Who.
        leader: LeaderId,
    },
    /// Prescience cards revealed.
    PrescienceRevealed {
        /// Their indexes.
        cards: Vec<u8>,
    },
    /// A harvester was placed.
    HarvesterPlaced {
        /// Where.
        area: AreaId,
    },
    /// A vehicle was placed in an Air zone.
    VehiclePlaced {
        /// Which.
        vehicle: Vehicle,
        /// Where.
        zone: AirZoneId,
    },
    /// Dice rolled.
    DiceRolled {
        /// Whose.
        faction: Faction,
        /// Results.
        results: Vec<DieResult>,
    },
    /// A die was spent.
    DieSpent {
        /// Whose.
        faction: Faction,
        /// Its result.
        result: DieResult,
    },
    /// A group moved.
    Moved {
        /// Whose.
        faction: Faction,
        /// From.
        from: AreaId,
        /// To.
        to: AreaId,
    },
    /// A battle started.
    BattleStarted {
        /// The attacker.
        attacker: Faction,
        /// The attacked area.
        area: AreaId,
    },
    /// Combat dice rolled: hits and shields after conversions.
    CombatRoll {
        /// Whose roll.
        faction: Faction,
        /// Dice rolled.
        dice: u8,
        /// Hits scored.
        hits: u8,
        /// Shields.
        shields: u8,
    },
    /// A battle ended.
    BattleEnded {
        /// The winner, if any.
        winner: Option<Faction>,
    },
    /// A settlement or sietch was destroyed.
    Destroyed {
        /// Where.
        area: AreaId,
    },
    /// Atreides deployment tokens were revealed.
    TokensRevealed {
        /// Where.
        area: AreaId,
    },
    /// A face-down Atreides token was placed (contents hidden).
    TokenDeployed {
        /// Where.
        area: AreaId,
        /// Token kind; `u8::MAX` when redacted.
        kind: u8,
    },
    /// A sietch token was turned face up.
    SietchRevealed {
        /// Where.
        area: AreaId,
        /// Its rank.
        rank: u8,
    },
    /// A wormsign token was placed face down.
    WormsignPlaced {
        /// Where.
        area: AreaId,
    },
    /// A sandworm appeared.
    SandwormPlaced {
        /// Where.
        area: AreaId,
    },
    /// A harvester was destroyed.
    HarvesterDestroyed {
        /// Where.
        area: AreaId,
    },
    /// Spice harvested.
    SpiceHarvested {
        /// Amount.
        spice: u8,
    },
    /// An Imperium marker changed.
    ImperiumMarkerMoved {
        /// Which.
        marker: ImperiumMarker,
        /// Its new row.
        row: u8,
    },
    /// Supremacy changed.
    Supremacy {
        /// New score.
        score: u8,
    },
    /// A prescience marker advanced.
    Prescience {
        /// Which.
        marker: Marker,
        /// New step.
        step: u8,
    },
    /// A house resigned (MC-RESIGN-02); `GameOver` follows.
    Resigned {
        /// The house that resigned.
        faction: Faction,
        /// Conceded or forfeited.
        why: Resignation,
    },
    /// The round limit of the match options was reached with the game
    /// still running (MC-ROUNDS-01); `GameOver` with the standing's leader
    /// follows.
    RoundLimit {
        /// The limit, in rounds.
        rounds: u32,
    },
    /// The game ended.
    GameOver {
        /// The winner.
        winner: Faction,
    },
    /// A card sent the wormsign in this area back to the pool.
    WormsignRemoved {
        /// The area.
        area: AreaId,
    },
    /// A card removed the vehicle in this Air zone.
    VehicleRemoved {
        /// The vehicle.
        vehicle: Vehicle,
        /// The zone.
        zone: AirZoneId,
    },
    /// A card shuffled this revealed prescience card back into the deck.
    PrescienceReturned {
        /// The prescience card (index into the tables).
        card: u8,
    },
    /// A card discarded an unused action die of this house.
    DieDiscarded {
        /// The house.
        faction: Faction,
        /// The die's result.
        result: DieResult,
    },
    /// A house gained a Bene Gesserit token.
    BeneGesseritGained {
        /// The house.
        faction: Faction,
    },
    /// A card pins this named leader for the opponent's next action turn.
    LeaderPinned {
        /// The leader.
        leader: LeaderId,
    },
    /// A card moved the figures of one area into another (a sietch
    /// relocated, an enemy legion pushed).
    Relocated {
        /// From.
        from: AreaId,
        /// To.
        to: AreaId,
    },
    /// Two sietches traded their face-down deployment tokens.
    TokensSwapped {
        /// One sietch.
        first: AreaId,
        /// The other.
        second: AreaId,
    },
    /// A revealed prescience card was removed from the game.
    PrescienceRemoved {
        /// Its index.
        card: u8,
    },
    /// The Harkonnen must use a die of this result on their next turn.
    DieForced {
        /// The result.
        die: DieResult,
    },
    /// An event of an expansion (`expansions/`).
    Expansion(ExpansionEvent),
}

impl Event {
    /// The event as `viewer` may see it (AR-DEPLOY-02, the secret objective,
    /// hands).
    pub fn redact(&self, viewer: Viewer) -> Option<Event> {
        let sees = |f: Faction| viewer.sees_private_of(seat_of(f));
        match self {
            Event::Expansion(e) => e.redact(viewer).map(Event::Expansion),
            Event::ObjectiveDealt { .. } if !sees(Faction::Atreides) => {
                Some(Event::ObjectiveDealt { objective: u8::MAX })
            }
            Event::CardDrawn { faction, deck, .. } if !sees(*faction) => Some(Event::CardDrawn {
                faction: *faction,
                deck: *deck,
                card: None,
            }),
            Event::TokenDeployed { area, .. } if !sees(Faction::Atreides) => {
                Some(Event::TokenDeployed {
                    area: *area,
                    kind: u8::MAX,
                })
            }
            e => Some(e.clone()),
        }
    }
}
