//! The Smugglers expansion (rule IDs `SM-...`), a file per concept. This
//! module holds the helpers the concept files share.
#![allow(dead_code)]
use melange::rules::arrakis::data::Data;
use melange::rules::arrakis::expansions::smugglers::core_data::smugglers_data;
use melange::rules::arrakis::{Arrakis, ArrakisOptions};
use melange::rules::core::Ruleset;

pub(crate) mod playout;
mod setup;
mod with_desert_war;

/// The tables of a game with the expansion (Staban Tuek and the Drone
/// Ornithopters appended to the core ones).
fn d() -> &'static Data {
    smugglers_data()
}

/// A game with the expansion and the options `opts` (which must set it).
fn game_with(opts: ArrakisOptions) -> Arrakis {
    Arrakis::setup(&opts, 7).unwrap()
}

/// A Smugglers game as set up, board untouched.
fn fresh() -> Arrakis {
    game_with(ArrakisOptions {
        smugglers: true,
        ..ArrakisOptions::default()
    })
}

/// A Smugglers game with the board cleared.
fn game() -> Arrakis {
    let mut g = fresh();
    g.test_clear_board();
    g
}
