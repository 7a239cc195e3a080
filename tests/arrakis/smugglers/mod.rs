//! The Smugglers expansion (rule IDs `SM-...`), a file per concept. This
//! module holds the helpers the concept files share.
#![allow(dead_code)]
use melange::rules::arrakis::data::Data;
use melange::rules::arrakis::expansions::smugglers::core_data::smugglers_data;
use melange::rules::arrakis::{Arrakis, ArrakisOptions};
use melange::rules::core::Ruleset;

mod capture;
mod die;
mod harvesters;
mod neutral;
pub(crate) mod playout;
mod setup;
mod thopters;
mod transport;
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
    g.edit(|s| s.clear_board()).unwrap();
    g
}

mod alliance;
mod base;
mod defeat;
mod drones;
mod hazards_allied;
mod staban;
mod units;

use crate::common::{rule_of, seat};
use melange::rules::arrakis::{Action, Faction, LeaderId};

/// A leader of the Smugglers tables by its data id (Staban Tuek is not in
/// the core table).
fn sm_leader(id: &str) -> LeaderId {
    d().leader_id(id).unwrap_or_else(|| panic!("leader {id}"))
}

/// The rule a refused action names; the refusal changes nothing.
fn refused(g: &mut Arrakis, f: Faction, x: Action) -> &'static str {
    let before = g.clone();
    let mut ev = Vec::new();
    let r = rule_of(g.apply(seat(f), &x, &mut ev).unwrap_err());
    assert_eq!(*g, before, "a refusal changes nothing");
    r
}

/// The Drone Ornithopters card.
fn drone() -> melange::rules::arrakis::CardId {
    d().card_id("drone_ornithopters").expect("drone card")
}

/// Plays the real End of the Round from its claims step (AR-END-01): the
/// Atreides claim nothing, and the clean-up runs as in a game (the
/// Desert War's, then the Smugglers', SM-ROUND-13); returns its events.
fn end_of_the_round(g: &mut Arrakis) -> Vec<melange::rules::arrakis::Event> {
    use melange::rules::arrakis::{Phase, Prompt};
    g.edit(|s| {
        s.phase = Phase::EndOfRound;
        s.houses[Faction::Harkonnen].dice = Vec::new().into();
        s.houses[Faction::Atreides].dice = Vec::new().into();
        s.prompt = Prompt::EndClaims;
    })
    .unwrap();
    let ev = crate::common::play(g, Faction::Atreides, &[Action::Done]);
    assert!(
        matches!(
            g.prompt(),
            Prompt::Swap(_) | Prompt::HandLimit(_) | Prompt::Unclaimed
        ),
        "past the clean-up: {:?}",
        g.prompt()
    );
    ev
}
