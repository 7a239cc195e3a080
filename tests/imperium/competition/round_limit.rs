//! MC-ROUNDS-01: with `max_rounds` set, a game still running when that
//! round ends is over, with the standing as its result and a reason that
//! says so.
use melange::rules::core::{RuleError, Ruleset, Seat, Viewer};
use melange::rules::imperium::{Event, Imperium, ImperiumOptions, Preset};

use super::{advance, offers_resignation};

fn limited(players: u8, max_rounds: u32) -> ImperiumOptions {
    ImperiumOptions {
        max_rounds: Some(max_rounds),
        ..ImperiumOptions::players(players)
    }
}

// MC-ROUNDS-01: the game stops when round N ends, ranked by the standing.
#[test]
fn the_game_stops_when_the_last_allowed_round_ends() {
    for players in 1..=4u8 {
        for max in [1u32, 2] {
            let mut g = Imperium::setup(&limited(players, max), 30 + u64::from(max)).unwrap();
            let mut events = Vec::new();
            advance(&mut g, 31, 20_000, &mut events);
            let r = g.result().expect("MC-ROUNDS-01: the game is over");
            assert!(
                r.reason.contains("MC-ROUNDS-01") && r.reason.contains(&format!("round {max}")),
                "{}",
                r.reason
            );
            let view = g.view(Viewer::Spectator);
            assert_eq!(u32::from(view.round), max);
            assert_eq!(view.phase, "over");
            assert_eq!(view.resigned, None);
            let at = events
                .iter()
                .position(|e| *e == Event::RoundLimit { round: max as u8 })
                .expect("a round_limit event");
            assert!(
                matches!(&events[at + 1], Event::GameOver { winners } if *winners == r.winners)
            );
            assert!(!events.contains(&Event::EndgameTriggered));
            // The result is the standing at that moment (MC-STAND-01).
            let s = g.standing();
            assert_eq!(
                (s.winners, s.ranking),
                (r.winners.clone(), r.ranking.clone())
            );
            assert_eq!(r.ranking.len(), usize::from(players));
        }
    }
}

// MC-ROUNDS-01: an endgame the rules triggered in the last allowed round
// is played out: the game ends by the rules, not by the limit.
#[test]
fn an_endgame_triggered_by_the_rules_is_played_out() {
    let mut g = Imperium::setup(&limited(3, 1), 4).unwrap();
    g.edit(|s| s.player(Seat(0)).vp = 10).unwrap();
    let mut events = Vec::new();
    advance(&mut g, 4, 20_000, &mut events);
    let r = g.result().expect("over");
    assert!(!r.reason.contains("MC-ROUNDS-01"), "{}", r.reason);
    assert!(events.contains(&Event::EndgameTriggered));
    assert!(!events.iter().any(|e| matches!(e, Event::RoundLimit { .. })));
}

// MC-ROUNDS-01: no limit by default, and 0 is not a limit.
#[test]
fn zero_is_refused_and_no_limit_plays_on() {
    let err = Imperium::setup(&limited(3, 0), 1).unwrap_err();
    assert!(
        matches!(&err, RuleError::InvalidOptions(m) if m.contains("MC-ROUNDS-01")),
        "{err:?}"
    );
    let mut g = Imperium::setup(&ImperiumOptions::players(3), 6).unwrap();
    advance(&mut g, 6, 20_000, &mut Vec::new());
    assert!(g.round() > 1);
    assert!(!g.result().unwrap().reason.contains("MC-ROUNDS-01"));
}

// MC-ROUNDS-01 MC-RESIGN-01: random playouts with a limit all finish
// within it, never offering a resignation, both presets.
#[test]
fn random_playouts_with_a_round_limit_finish() {
    for seed in 0..40u64 {
        let players = 1 + (seed % 4) as u8;
        let max = 1 + (seed % 3) as u32;
        let opts = ImperiumOptions {
            preset: if seed % 2 == 0 {
                Preset::Default
            } else {
                Preset::Published
            },
            ..limited(players, max)
        };
        let mut g = Imperium::setup(&opts, seed).unwrap();
        let mut steps = 0;
        while g.to_act().is_some() {
            assert!(steps < 5_000, "seed {seed}: no end within {max} rounds");
            assert!(u32::from(g.round()) <= max);
            assert!(!offers_resignation(&g));
            advance(&mut g, seed * 10_000 + steps, 1, &mut Vec::new());
            steps += 1;
        }
        assert!(g.result().is_some());
        assert!(u32::from(g.round()) <= max);
    }
}
