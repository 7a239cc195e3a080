//! Match options: player counts and rule option values that are refused.
use super::*;

// Options: outside 1-4 players is refused (1-2 players: the `hagal` tests).
#[test]
fn options_refuse_small_games() {
    for n in [0, 5] {
        assert!(matches!(
            Imperium::setup(&ImperiumOptions::players(n), 1),
            Err(RuleError::InvalidOptions(_))
        ));
    }
    let bad = ImperiumOptions {
        player_count: 3,
        overrides: vec![("sell_melange".into(), "nope".into())],
        ..Default::default()
    };
    assert!(Imperium::setup(&bad, 1).is_err());
}

// Rules options: unknown values of the new options are refused.
#[test]
fn new_rule_options_refuse_unknown_values() {
    for k in ["defensive_bonus", "reveal_order"] {
        let opts = ImperiumOptions {
            player_count: 4,
            overrides: vec![(k.to_string(), "sometimes".to_string())],
            ..Default::default()
        };
        assert!(matches!(
            Imperium::setup(&opts, 1),
            Err(RuleError::InvalidOptions(_))
        ));
    }
}
