//! The Desert War's actions, carried by the core `Action::Expansion`.
//! Each variant names the DW rule that offers it.
use crate::arrakis::Marker;
use crate::arrakis::ids::{AirZoneId, AreaId, SectorId};

/// An Atreides Desert Trooper a Suspensor Trooper's swap may remove
/// (DW-SUSPENSOR-06).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtreidesTrooper {
    /// A Fremen Rocket Launcher.
    RocketLauncher,
    /// A Fremen Sandrider.
    Sandrider,
}

impl AtreidesTrooper {
    /// Both kinds.
    pub const ALL: [AtreidesTrooper; 2] =
        [AtreidesTrooper::RocketLauncher, AtreidesTrooper::Sandrider];

    /// The kind as the contract spells it.
    pub fn name(self) -> &'static str {
        match self {
            AtreidesTrooper::RocketLauncher => "rocket_launcher",
            AtreidesTrooper::Sandrider => "sandrider",
        }
    }
}

impl DwAction {
    /// Whether every area and Air zone the action names is one of the
    /// board's (`areas`, `zones` their counts).
    pub fn names_known(self, areas: usize, zones: usize) -> bool {
        let a = |x: AreaId| x.index() < areas;
        let z = |x: AirZoneId| x.index() < zones;
        match self {
            DwAction::DeploySuspensor(x) => a(x),
            DwAction::MoveSuspensor(x, y) | DwAction::ScoutSuspensor(x, y) => a(x) && a(y),
            DwAction::EscortTroops(w, x) => z(w) && a(x),
            DwAction::EscortWithTransport(v, w, x) => z(v) && z(w) && a(x),
            DwAction::PlaceCamp(_, x) | DwAction::PlaceSandrider(x) | DwAction::Sandriders(x) => {
                a(x)
            }
            // A sector is parsed from its name on the wire.
            DwAction::SwapOut(_)
            | DwAction::TakeEscort
            | DwAction::DeployRockets
            | DwAction::RocketAttack(_)
            | DwAction::TradeCamp => true,
        }
    }
}

/// An action of the Desert War expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DwAction {
    // --- The Harkonnen side (Desert War tokens, Suspensor Troopers,
    // Escort Ornithopters) ---
    /// Deploy a Suspensor Trooper in this empty desert area: the first
    /// one starts the Deploy action, discarding a Desert War token
    /// (DW-HARKONNEN-11 to DW-HARKONNEN-14).
    DeploySuspensor(AreaId),
    /// Discard a Desert War token to move the Suspensor Trooper in the
    /// first area to the second (DW-HARKONNEN-15, DW-SUSPENSOR-09 to -11).
    MoveSuspensor(AreaId, AreaId),
    /// Discard a Desert War token to remove the Suspensor Trooper in the
    /// first area and scout the second, adjacent to it (DW-HARKONNEN-16,
    /// DW-HARKONNEN-17).
    ScoutSuspensor(AreaId, AreaId),
    /// The swap removes an Atreides Desert Trooper of this kind
    /// (DW-SUSPENSOR-06), when both kinds stand there.
    SwapOut(AtreidesTrooper),
    /// Escort Troops: the moving group goes to this area with the Escort
    /// Ornithopter in this Air zone, which joins it (DW-ESCORT-06 to -08).
    EscortTroops(AirZoneId, AreaId),
    /// Add an Escort serving as a generic leader to the moving group
    /// (DW-ESCORT-09).
    TakeEscort,
    /// Under `escort_and_transport=stack` (DW-ESCORT-07): the moving group
    /// goes to this area with both the Escort in the first Air zone (which
    /// joins it) and the ornithopter in the second (removed, AR-MOVE-26),
    /// one area farther than either alone.
    EscortWithTransport(AirZoneId, AirZoneId, AreaId),
    // The Atreides part (Camps, Rocket Launchers, Sandriders).
    /// Put the Camp token of this prescience marker, face down under a
    /// Camp figure, in this area (DW-CAMP-01 to DW-CAMP-04).
    PlaceCamp(Marker, AreaId),
    /// Atreides Desert War action: deploy Rocket Launchers into Camp areas,
    /// one area at a time (DW-ATREIDES-05, DW-ATREIDES-06).
    DeployRockets,
    /// Atreides Desert War action: the Rocket Launcher special attack of
    /// this sector (DW-ATREIDES-07, DW-ROCKET-03).
    RocketAttack(SectorId),
    /// After a harvester fell to a rocket attack: remove the Camp there
    /// from the game for 1 prescience step of its token's marker
    /// (DW-ROCKET-09, DW-ROCKET-11).
    TradeCamp,
    /// A wormsign Desert Power places a Sandrider here instead of one
    /// wormsign (DW-SANDRIDER-02 to DW-SANDRIDER-04).
    PlaceSandrider(AreaId),
    /// The Sandriders leader card's special action: a sandworm on the lone
    /// Sandrider in this area (DW-SANDRIDER-05 to DW-SANDRIDER-08).
    Sandriders(AreaId),
}
