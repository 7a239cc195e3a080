//! The board and what happens on it: the map as data (`map.rs`, whose
//! items this module re-exports so they read `board::Area`), the numeric
//! tables of the board and dashboards (`tables.rs`), Desert Hazards
//! (`hazards.rs`), sandworms (`worms.rs`), the Wild Maker
//! (`wild_maker.rs`) and Spice Harvesting (`spice.rs`).
pub(crate) mod hazards;
mod map;
pub(crate) mod spice;
pub mod tables;
pub(crate) mod wild_maker;
pub(crate) mod worms;

pub use map::{
    AirZone, Area, BOARD_FORMAT, Board, BoardError, Ring, Sector, Settlement, SettlementKind,
    Terrain, board, board_json, parse_board,
};
