//! What happened in the Desert War, carried by the core
//! `Event::Expansion`, with enough detail to redact per viewer (a Camp's
//! marker is the Atreides' secret, DW-CAMP-04).
use super::action::AtreidesTrooper;
use super::troopers::{TrooperRemoval, Troopers};
use crate::arrakis::ids::{AirZoneId, AreaId, SectorId};
use crate::arrakis::state::Vehicle;
use crate::arrakis::{CombatFace, Faction, Marker, seat_of};
use crate::core::Viewer;

/// An event of the Desert War expansion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DwEvent {
    // Desert Troopers' common rules and the End of the Round (dwc).
    /// Desert Troopers left `area` for their supply (DW-TROOPER-13,
    /// DW-TROOPER-15, DW-TROOPER-17). Public.
    TroopersRemoved {
        /// Where.
        area: AreaId,
        /// How many of each kind.
        troopers: Troopers,
        /// Why.
        why: TrooperRemoval,
    },
    /// The End of the Round took the expansion's figures off the board
    /// (DW-ROUNDEND-01 to DW-ROUNDEND-04, DW-HARKONNEN-09): Escorts from
    /// legions, Camps (tokens back face down), Desert Troopers (Sandriders
    /// with a sandworm stay) and the Desert War tokens. Public (counts
    /// only: no Camp's marker).
    RoundCleared {
        /// Escorts taken from legions.
        escorts: u8,
        /// Camps taken off.
        camps: u8,
        /// Desert Troopers taken off.
        troopers: Troopers,
        /// Desert War tokens taken off the Spice Must Flow board.
        tokens: u8,
    },
    // --- The Harkonnen side (all public) ---
    /// Desert War tokens went on the Spice Must Flow board
    /// (DW-HARKONNEN-01).
    TokensPlaced {
        /// How many.
        count: u8,
    },
    /// A Desert War token was discarded for a Desert War action
    /// (DW-HARKONNEN-04).
    TokenDiscarded {
        /// Tokens left on the board.
        left: u8,
    },
    /// A Suspensor Trooper was deployed (DW-HARKONNEN-11).
    SuspensorDeployed {
        /// Where.
        area: AreaId,
    },
    /// A Suspensor Trooper moved (DW-HARKONNEN-15).
    SuspensorMoved {
        /// From.
        from: AreaId,
        /// To.
        to: AreaId,
    },
    /// A Suspensor Trooper was removed to scout an adjacent area
    /// (DW-HARKONNEN-16).
    SuspensorScouted {
        /// Where the trooper stood.
        from: AreaId,
        /// The area scouted.
        area: AreaId,
    },
    /// A Suspensor Trooper moving in removed itself and an Atreides
    /// Desert Trooper (DW-SUSPENSOR-06).
    TrooperSwap {
        /// Where.
        area: AreaId,
        /// The Atreides trooper removed.
        removed: AtreidesTrooper,
    },
    /// A Suspensor Trooper ending its move there discarded the wormsign,
    /// unseen by anyone (DW-SUSPENSOR-04).
    WormsignDiscarded {
        /// Where.
        area: AreaId,
    },
    /// The Escort Ornithopter of this Air zone joined the Harkonnen legion
    /// it carried, as a generic leader (DW-ESCORT-08).
    EscortJoined {
        /// The Air zone it left.
        zone: AirZoneId,
        /// The legion's area.
        area: AreaId,
    },
    // The Atreides part (Camps, Rocket Launchers, Sandriders).
    /// A Camp was placed face down; its token's marker is known to the
    /// Atreides only (`None` for everyone else, DW-CAMP-05).
    CampPlaced {
        /// Where.
        area: AreaId,
        /// The token's marker, to the Atreides only.
        marker: Option<Marker>,
    },
    /// A Camp left the board, its token back to the Atreides face down
    /// (DW-CAMP-09, end of the round): the marker is never shown.
    CampRemoved {
        /// Where it stood.
        area: AreaId,
    },
    /// A Camp was removed from the game for prescience (DW-ROCKET-09): its
    /// marker is public, as the advance is.
    CampTraded {
        /// Where it stood.
        area: AreaId,
        /// Its token's marker.
        marker: Marker,
    },
    /// Rocket Launchers deployed into a Camp area (DW-ATREIDES-05).
    RocketsDeployed {
        /// Where.
        area: AreaId,
        /// How many.
        count: u8,
    },
    /// A Rocket Launcher special attack rolled (DW-ROCKET-04).
    RocketAttack {
        /// The attacking sector.
        sector: SectorId,
        /// The faces rolled.
        dice: Vec<CombatFace>,
    },
    /// A rocket attack removed the vehicle in an Air zone (DW-ROCKET-05).
    VehicleShotDown {
        /// The zone.
        zone: AirZoneId,
        /// The vehicle.
        vehicle: Vehicle,
    },
    /// Rocket Launchers lost for the vehicles removed (DW-ROCKET-07).
    RocketsLost {
        /// Their area.
        area: AreaId,
        /// How many.
        count: u8,
    },
    /// A Sandrider placed instead of a wormsign (DW-SANDRIDER-02).
    SandriderPlaced {
        /// Where.
        area: AreaId,
    },
    /// A Sandrider was removed (a Harkonnen legion entered its lone area,
    /// DW-SANDRIDER-10; its sandworm attacked, DW-SANDRIDER-13).
    SandriderRemoved {
        /// Where it was.
        area: AreaId,
    },
    /// The Sandriders leader card's special action was used on the lone
    /// Sandrider in this area (DW-SANDRIDER-05).
    SandridersSpecial {
        /// The Sandrider's area.
        area: AreaId,
    },
}

impl DwEvent {
    /// The event as `viewer` may see it (`None`: not at all).
    pub fn redact(&self, viewer: Viewer) -> Option<DwEvent> {
        match *self {
            DwEvent::CampPlaced { area, marker } => Some(DwEvent::CampPlaced {
                area,
                // DW-CAMP-05: the token stays the Atreides' secret.
                marker: marker.filter(|_| viewer.sees_private_of(seat_of(Faction::Atreides))),
            }),
            _ => Some(self.clone()),
        }
    }
}
