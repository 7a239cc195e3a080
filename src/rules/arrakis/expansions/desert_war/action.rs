//! The Desert War's actions, carried by the core `Action::DesertWar`.
//! Each variant names the DW rule that offers it.
use crate::rules::arrakis::Marker;
use crate::rules::arrakis::ids::{AreaId, SectorId};

/// An action of the Desert War expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DwAction {
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
