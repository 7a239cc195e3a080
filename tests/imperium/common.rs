//! Helpers shared by the Imperium test files (each file uses a subset).
#![allow(dead_code)]
use melange::rules::core::conformance::assert_refused;
use melange::rules::core::{RuleError, Ruleset, Seat, Viewer};
use melange::rules::imperium::data::data;
use melange::rules::imperium::{
    Action, CardId, ConflictId, Imperium, ImperiumOptions, IntrigueId, Preset, SpaceId,
};

pub fn card(id: &str) -> CardId {
    data().card_id(id).unwrap_or_else(|| panic!("card {id}"))
}
pub fn space(id: &str) -> SpaceId {
    data().space_id(id).unwrap_or_else(|| panic!("space {id}"))
}
/// A space's index in the board-wide lists of a `Setup` (occupant,
/// control, bonus spice).
pub fn at(id: &str) -> usize {
    usize::from(space(id).0)
}
pub fn intrigue(id: &str) -> IntrigueId {
    data()
        .intrigue_id(id)
        .unwrap_or_else(|| panic!("intrigue {id}"))
}
pub fn conflict(id: &str) -> ConflictId {
    data()
        .conflict_id(id)
        .unwrap_or_else(|| panic!("conflict {id}"))
}

/// Leaders with no ability that touches the tested rules.
pub const NEUTRAL: [&str; 4] = [
    "paul_atreides",
    "glossu_rabban",
    "countess_ariana_thorvald",
    "earl_memnon_thorvald",
];

/// A 4-player game, seat 0 about to take a turn with the given hand and
/// plenty of resources.
pub fn game_with(leaders: [&str; 4], preset: Preset, hand: &[&str]) -> Imperium {
    let opts = ImperiumOptions {
        player_count: 4,
        leaders: leaders.iter().map(|l| Some(l.to_string())).collect(),
        preset,
        overrides: vec![],
        ..Default::default()
    };
    let mut g = Imperium::setup(&opts, 11).unwrap();
    // The Baron's secret factions, if asked.
    while g.prompt().is_some() && g.view(Viewer::Spectator).prompt.unwrap().kind == "secret_faction"
    {
        let l = legal(&g);
        act(&mut g, l[0]);
    }
    seat_zero_turn(&mut g, hand);
    g
}

/// Seat 0's turn with this hand and plenty of resources: the hand comes
/// out of the seat's deck (the cards drawn go back under it), so the game
/// is one the rules reach.
pub fn seat_zero_turn(g: &mut Imperium, hand: &[&str]) {
    let hand: Vec<CardId> = hand.iter().map(|c| card(c)).collect();
    g.edit(|s| {
        s.start_turn(Seat(0));
        s.hand(Seat(0), &hand)
            .expect("the hand's cards are in the game");
        let p = s.player(Seat(0));
        p.solari = 10;
        p.spice = 10;
        p.water = 5;
    })
    .unwrap();
}

pub fn game(hand: &[&str]) -> Imperium {
    game_with(NEUTRAL, Preset::Default, hand)
}

pub fn seat(g: &Imperium) -> Seat {
    g.to_act().expect("someone acts")
}

pub fn kind(g: &Imperium) -> &'static str {
    g.view(Viewer::Spectator).prompt.map_or("none", |p| p.kind)
}

pub fn legal(g: &Imperium) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(seat(g), &mut v);
    v
}

pub fn act(g: &mut Imperium, a: Action) {
    let s = seat(g);
    g.apply(s, &a, &mut Vec::new())
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
}

/// The action must be refused for `rule`, with the state and events
/// unchanged (`conformance::assert_refused`).
pub fn refused(g: &Imperium, a: Action, rule: &str) {
    match assert_refused(g, seat(g), &a) {
        RuleError::Illegal { rule: r, .. } => assert_eq!(r, rule, "{a:?}"),
        other => panic!("{a:?}: expected refusal {rule}, got {other:?}"),
    }
}

pub fn send_action(c: &str, s: &str) -> Action {
    Action::SendAgent {
        card: card(c),
        space: space(s),
    }
}

pub fn send(g: &mut Imperium, c: &str, s: &str) {
    act(g, send_action(c, s));
}

/// Resolves seat 0's pending decisions with a fixed policy (deploy none,
/// decline trashing and options, first branch) until a turn-level prompt
/// or another seat is asked.
pub fn settle(g: &mut Imperium) {
    for _ in 0..50 {
        let Some(s) = g.to_act() else { return };
        let k = kind(g);
        if s != Seat(0)
            || matches!(
                k,
                "turn" | "acquire" | "combat_intrigue" | "endgame_intrigue"
            )
        {
            return;
        }
        let l = legal(g);
        let a = if l.contains(&Action::Troops(0)) {
            Action::Troops(0)
        } else if l.contains(&Action::Pass) {
            Action::Pass
        } else {
            l[0]
        };
        act(g, a);
    }
}

/// Every card a seat owns, in every zone.
pub fn owned(g: &Imperium, s: Seat) -> usize {
    let p = g.player(s);
    p.deck.len() + p.hand.len() + p.played.len() + p.revealed.len() + p.discard.len()
}

/// Which spaces the seat to act may send an Agent to with `c`.
pub fn reachable(g: &Imperium, c: &str) -> Vec<SpaceId> {
    let mut v: Vec<SpaceId> = legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::SendAgent { card: k, space } if k == card(c) => Some(space),
            _ => None,
        })
        .collect();
    v.sort();
    v
}
