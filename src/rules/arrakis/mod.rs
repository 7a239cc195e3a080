//! Dune: War for Arrakis, the 2-player core game, as a pure rules module.
//!
//! Facts come from `data/arrakis/*.json`: the board ([`board`]), the numeric
//! tables and the decisions the rules texts leave open ([`tables`]), the
//! leaders and the planning cards ([`components`]), joined and cross-checked
//! in [`data`]. The rules checklist IDs (`AR-...`) are cited beside the code
//! that enforces them.
pub mod board;
pub mod components;
pub mod data;
pub mod ids;
pub mod tables;

pub use board::{
    AirZone, Area, Board, BoardError, Ring, Sector, Settlement, SettlementKind, Terrain, board,
    parse_board,
};
pub use ids::{
    AirZoneId, AreaId, AreaSet, CardId, CombatFace, Deck, DieResult, Faction, ImperiumMarker,
    LeaderId, Marker, SectorId, UnitKind, Wormsign,
};
