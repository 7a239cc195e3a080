//! Helpers shared by the War for Arrakis test modules (each uses a
//! subset): ids by name, the seat of a house, playing a list of actions
//! that must all be accepted, and the legal actions of a seat.
#![allow(dead_code)]
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::{Action, AreaId, Arrakis, CardId, Event, Faction, LeaderId, board};
use melange::rules::core::{RuleError, Ruleset, Seat};

pub const H: Faction = Faction::Harkonnen;
pub const A: Faction = Faction::Atreides;

/// An area by its data id.
pub fn a(id: &str) -> AreaId {
    board().a(id)
}

/// A planning card by its data id.
pub fn card(id: &str) -> CardId {
    data().card_id(id).unwrap_or_else(|| panic!("card {id}"))
}

/// A leader by its data id.
pub fn leader(id: &str) -> LeaderId {
    data()
        .leader_id(id)
        .unwrap_or_else(|| panic!("leader {id}"))
}

/// The seat a house plays.
pub fn seat(f: Faction) -> Seat {
    Seat(f.index() as u8)
}

/// Applies every action for `f`; each must be accepted.
pub fn play(g: &mut Arrakis, f: Faction, acts: &[Action]) -> Vec<Event> {
    let mut ev = Vec::new();
    for x in acts {
        g.apply(seat(f), x, &mut ev)
            .unwrap_or_else(|e| panic!("{x:?} refused: {e} at {:?}", g.prompt()));
    }
    ev
}

/// The legal actions of `f` now.
pub fn legal(g: &Arrakis, f: Faction) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(seat(f), &mut v);
    v
}

/// The rule ID a refusal names.
pub fn rule_of(e: RuleError) -> &'static str {
    match e {
        RuleError::Illegal { rule, .. } => rule,
        other => panic!("not an Illegal refusal: {other:?}"),
    }
}
