//! Per-rule tests of the Imperium ruleset, by concept; each cites its
//! checklist ID. This module holds the helpers the concept files share.
use melange::rules::core::{RuleError, Ruleset, Seat, Viewer};
use melange::rules::imperium::data::data;
use melange::rules::imperium::{
    Action, CardId, Faction, Imperium, ImperiumOptions, IntrigueId, Preset, SpaceId, Zone,
};

mod agent;
mod board;
mod combat;
mod coverage;
mod hidden;
mod intrigue;
mod options;
mod reveal;
mod round;

fn card(id: &str) -> CardId {
    data().card_id(id).unwrap_or_else(|| panic!("card {id}"))
}
fn space(id: &str) -> SpaceId {
    data().space_id(id).unwrap_or_else(|| panic!("space {id}"))
}
/// A space's index in the board-wide lists of a `Setup` (occupant,
/// control, bonus spice).
fn at(id: &str) -> usize {
    usize::from(space(id).0)
}
fn intrigue(id: &str) -> IntrigueId {
    data()
        .intrigue_id(id)
        .unwrap_or_else(|| panic!("intrigue {id}"))
}

/// A 4-player game with neutral leaders, seat 0 about to take a turn with
/// the given hand and plenty of resources.
fn game_with(leaders: [&str; 4], hand: &[&str]) -> Imperium {
    let opts = ImperiumOptions {
        player_count: 4,
        leaders: leaders.iter().map(|l| Some(l.to_string())).collect(),
        ..Default::default()
    };
    let mut g = Imperium::setup(&opts, 11).unwrap();
    crate::common::seat_zero_turn(&mut g, hand);
    g
}

const NEUTRAL: [&str; 4] = [
    "paul_atreides",
    "glossu_rabban",
    "countess_ariana_thorvald",
    "earl_memnon_thorvald",
];

fn game(hand: &[&str]) -> Imperium {
    game_with(NEUTRAL, hand)
}

fn seat(g: &Imperium) -> Seat {
    g.to_act().expect("someone acts")
}

fn legal(g: &Imperium) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(seat(g), &mut v);
    v
}

fn act(g: &mut Imperium, a: Action) {
    let s = seat(g);
    g.apply(s, &a, &mut Vec::new())
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
}

/// Applies an action that must be refused for `rule`, checking the state is
/// unchanged.
fn refused(g: &mut Imperium, a: Action, rule: &str) {
    let before = g.clone();
    let s = seat(g);
    let mut ev = Vec::new();
    match g.apply(s, &a, &mut ev) {
        Err(RuleError::Illegal { rule: r, .. }) => assert_eq!(r, rule, "{a:?}"),
        other => panic!("{a:?}: expected refusal {rule}, got {other:?}"),
    }
    assert!(ev.is_empty());
    assert_eq!(*g, before);
}

/// Declines/takes the first option of every decision until seat 0's turn
/// is over (the next seat is asked for its turn).
fn finish_turn(g: &mut Imperium, prefer_troops: u8) {
    while let Some(s) = g.to_act() {
        let l = legal(g);
        if l.iter().any(|a| matches!(a, Action::SendAgent { .. }))
            || (s.0 != 0 && l.contains(&Action::Reveal))
        {
            return;
        }
        let a = if l.contains(&Action::Troops(prefer_troops)) {
            Action::Troops(prefer_troops)
        } else if l.contains(&Action::Pass) {
            Action::Pass
        } else {
            l[0]
        };
        act(g, a);
    }
}

fn send(g: &mut Imperium, c: &str, s: &str) {
    act(
        g,
        Action::SendAgent {
            card: card(c),
            space: space(s),
        },
    );
}

/// A 4-player game with neutral leaders and the given preset and overrides,
/// seat 0 about to take a turn with the given hand and plenty of resources.
fn game_opts(preset: Preset, overrides: &[(&str, &str)], hand: &[&str]) -> Imperium {
    let opts = ImperiumOptions {
        player_count: 4,
        leaders: NEUTRAL.iter().map(|l| Some(l.to_string())).collect(),
        preset,
        overrides: overrides
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..Default::default()
    };
    let mut g = Imperium::setup(&opts, 11).unwrap();
    crate::common::seat_zero_turn(&mut g, hand);
    g
}

fn prompt(g: &Imperium) -> &'static str {
    g.view(Viewer::Spectator).prompt.map_or("none", |p| p.kind)
}
