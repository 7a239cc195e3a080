//! One small decision of one seat; `Copy`, a few bytes.
use super::expansions::ExpansionAction;
use super::ids::{
    AirZoneId, AreaId, CardId, Deck, DieResult, ImperiumMarker, LeaderId, Marker, SectorId,
    UnitKind,
};
use super::state::Vehicle;
use crate::core::Resignation;

/// A decision. Every step offers [`Action::Done`] where the rules let a
/// player stop (effects are never mandatory, AR-ACT-17).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Stop here / end this step.
    Done,
    /// Vehicle Placement: a harvester into a free desert area (AR-VEH-07).
    PlaceHarvester(AreaId),
    /// Vehicle Placement or House: a vehicle into an Air zone (AR-VEH-09).
    PlaceVehicle(Vehicle, AirZoneId),
    /// Give an excess die a new result (AR-ACT-07).
    Reassign(DieResult),
    /// Place a Bene Gesserit token as a temporary die (AR-BG-01).
    PlaceBeneGesserit(DieResult),
    /// Spend a die of this result for its action (AR-ACT-11).
    SpendDie(DieResult),
    /// Spend a die of this result to play a card (AR-ACT-12).
    PlayCard(CardId, DieResult),
    /// Atreides: take Desert Power as the turn's action (AR-DP-03).
    DesertPower,
    /// Atreides House die: the action it stands for (AR-DIE-19).
    HouseAs(DieResult),
    /// Atreides House die as Desert Power (AR-DIE-19).
    HouseAsDesertPower,
    /// Harkonnen House option 1: upgrade regulars (AR-DIE-20).
    HouseUpgrade,
    /// Harkonnen House option 2: place vehicles (AR-DIE-21).
    HouseVehicles,
    /// Choose the legion to move (by its area).
    Legion(AreaId),
    /// Add one unit of this kind to the moving group.
    Take(UnitKind),
    /// Add one face-down deployment token to the moving group.
    TakeToken,
    /// Add one generic leader to the moving group.
    TakeGeneric,
    /// Add a named leader to the moving group.
    TakeLeader(LeaderId),
    /// Add every figure of the legion still left behind to the moving
    /// group, as the one-at-a-time takes would (AR-MOVE-01).
    TakeAll,
    /// Move (or attack) the group into this area.
    To(AreaId),
    /// Mentat: draw from these decks (chosen before drawing, AR-DIE-17).
    Mentat(Deck, Deck),
    /// Deployment: place here.
    DeployAt(AreaId),
    /// Deployment: the leader to place (`None` = generic).
    DeployLeader(Option<LeaderId>),
    /// Upgrade a regular unit in this area to elite (AR-DIE-20).
    Upgrade(AreaId),
    /// Desert Power: a wormsign token here (AR-DP-06).
    WormsignAt(AreaId),
    /// Combat: discard a card for a die (AR-COMBAT-05).
    Discard(CardId),
    /// Combat: this leader converts the next Special (`None` = a generic
    /// leader) (AR-COMBAT-16).
    Convert(Option<LeaderId>),
    /// Combat: the defender retreats into this area (AR-OPT-05).
    Retreat(AreaId),
    /// Combat: lose a unit of this kind (an elite or a special elite)
    /// to the next hit (AR-COMBAT-20).
    LoseUnit(UnitKind),
    /// Combat: continue the battle (AR-COMBAT-28).
    Continue,
    /// Combat: advance into the won area (AR-COMBAT-34).
    Advance,
    /// Spice: keep this marker (AR-SPICE-07).
    Keep(ImperiumMarker),
    /// Spice: raise this marker (AR-SPICE-08).
    Raise(ImperiumMarker),
    /// Spice: buy a supremacy point (AR-SPICE-10).
    BuySupremacy,
    /// Claim a revealed prescience card (by its slot in the row).
    Claim(u8),
    /// Claim a "spend 1 action die" prescience card with a die of this
    /// result, as the turn's action (AR-PRESC-08).
    ClaimSpending(u8, DieResult),
    /// End of Round: remove the unclaimed prescience cards (AR-END-09).
    RemoveUnclaimed,
    /// End of Round: shuffle them back (AR-END-09).
    ReshuffleUnclaimed,
    /// Guerrilla Training: reveal the tokens in this area (AR-DEPLOY-03).
    Reveal(AreaId),
    /// Scout this area with the ornithopter in this zone (AR-SCOUT-01).
    Scout(AirZoneId, AreaId),
    /// Desert Power: the sandworm in the first area attacks the second
    /// (AR-DP-08, AR-HAZ-42 to AR-HAZ-46).
    WormAttack(AreaId, AreaId),
    /// AR-OPT-02: spend a Bene Gesserit token to look at the top 3 cards of
    /// your deck (0 house, 1 ally), a free action.
    Foresee(u8),
    /// AR-OPT-02: put the seen cards back in this order (index into the
    /// permutations in lexicographic order; the first listed goes on top).
    Order(u8),
    /// Desert Power under AR-OPT-03: the sandworm in the first area moves to
    /// the second (AR-HAZ-39 to AR-HAZ-41).
    WormMove(AreaId, AreaId),
    /// Harkonnen free action: discard this many Hawat's Scheming cards to
    /// remove Thufir Hawat (AR-LEADER-20).
    Scheme(u8),
    /// Troop-transport with the ornithopter in this zone to this area
    /// (AR-MOVE-24 to AR-MOVE-30).
    Transport(AirZoneId, AreaId),
    /// Sandride to this area (AR-MOVE-16 to AR-MOVE-23).
    Sandride(AreaId),
    /// Desert Hazards: rescue the harvester with the carryall in this zone
    /// (AR-HAZ-21).
    Rescue(AirZoneId),
    /// End of Round: take this named leader off the board and put a generic
    /// one in its place (AR-END-04).
    SwapLeader(LeaderId),
    /// Detonate the Family Atomics on this mountain (AR-ATOM-01 to -07).
    Atomics(AreaId),
    /// A card step: carry it out (a step with nothing to choose).
    Resolve,
    /// A card step: draw a card from this deck.
    DrawFrom(Deck),
    /// A card step: play this card from hand without spending a die.
    PlayFree(CardId),
    /// A card step: this enemy named leader (AR-LEADER-09).
    PickLeader(LeaderId),
    /// The Family Atomics hit a legion's area: the Harkonnen move it to
    /// this adjacent open area (AR-ATOM-07).
    Displace(AreaId),
    /// A card step: this area (a target, a source or a destination).
    PickArea(AreaId),
    /// A card step: this Air zone (the vehicle in it).
    PickZone(AirZoneId),
    /// A card step: this sector.
    PickSector(SectorId),
    /// A card step: a number (the revealed prescience card in this slot of
    /// the row, or a count of steps).
    PickSlot(u8),
    /// Spend a die of this leader's action box for its special action
    /// (AR-LEADER-04).
    Special(LeaderId),
    /// A card step: this prescience marker.
    PickMarker(Marker),
    /// A card step: this die result.
    PickDie(DieResult),
    /// A card step: this Imperium marker.
    PickImperium(ImperiumMarker),
    /// A wormsign produced a sandworm: put the Wild Maker's figure there
    /// instead of a normal sandworm (AR-HAZ-18).
    WildMaker,
    /// An action of an expansion (`expansions/`).
    Expansion(ExpansionAction),
    /// The seat leaves the game, which ends at once (MC-RESIGN-01,
    /// MC-RESIGN-02; `resign.rs`). Accepted from either seat, whoever is to
    /// act, and never among the legal actions.
    Resign(Resignation),
}
