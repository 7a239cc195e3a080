//! The board and what happens on it: the map as data (`map.rs`, whose
//! items this module re-exports so they read `board::Area`), the numeric
//! tables of the board and dashboards (`tables.rs`), Desert Hazards
//! (`hazards.rs`), sandworms (`worms.rs`), the Wild Maker
//! (`wild_maker.rs`) and Spice Harvesting (`spice.rs`); here, the desert
//! and mountain areas as they are now.
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

use super::ids::{AreaId, AreaSet};
use super::state::Arrakis;

impl Arrakis {
    /// Desert now: the Family Atomics add one (AR-ATOM-04 to AR-ATOM-06).
    pub(crate) fn is_desert(&self, a: AreaId) -> bool {
        self.d().board.desert.contains(a) || self.atomics_area == Some(a)
    }

    /// Every desert area now.
    pub(crate) fn desert_now(&self) -> AreaSet {
        let mut s = self.d().board.desert;
        if let Some(a) = self.atomics_area {
            s.insert(a);
        }
        s
    }

    /// Every mountain area now.
    pub(crate) fn mountains_now(&self) -> AreaSet {
        let mut s = self.d().board.mountains;
        if let Some(a) = self.atomics_area {
            s.remove(a);
        }
        s
    }
}
