//! Arbitrary well-formed actions (any card, space, Intrigue card, faction,
//! number or seat a client could name) thrown at states along random games:
//! an action is accepted exactly when it is in the legal list, and a refused
//! one leaves the game unchanged. No input may panic the engine.
use melange::rules::core::{Seat, conformance::fuzz_playout};
use melange::rules::imperium::{
    Action, CardId, Faction, Imperium, ImperiumOptions, IntrigueId, Preset, SpaceId, Zone,
    data::data,
};
use rand::Rng;

/// Games fuzzed: more in the release soak.
fn games() -> u64 {
    melange::rules::core::conformance::playout_games(100, 1_000)
}

const PROBES_PER_STEP: usize = 16;

fn arbitrary(rng: &mut melange::rules::core::GameRng) -> Action {
    let d = data();
    let card = CardId(rng.random_range(0..d.cards.len()) as u8);
    let space = SpaceId(rng.random_range(0..d.spaces.len()) as u8);
    let intrigue = IntrigueId(rng.random_range(0..d.intrigues.len()) as u8);
    let zone = [Zone::Hand, Zone::Discard, Zone::InPlay][rng.random_range(0..3)];
    let small = rng.random_range(0..=u8::MAX);
    match rng.random_range(0..14) {
        0 => Action::SendAgent { card, space },
        1 => Action::Reveal,
        2 => Action::Intrigue(intrigue),
        3 => Action::Pass,
        4 => Action::Accept,
        5 => Action::Choose(small % 8),
        6 => Action::Faction(Faction::ALL[rng.random_range(0..4)]),
        7 => Action::Troops(small % 16),
        8 => Action::Trash(card, zone),
        9 => Action::Discard(card),
        10 => Action::Acquire {
            card,
            top: rng.random(),
        },
        11 => Action::Space(space),
        12 => Action::Opponent(Seat(small)),
        _ => Action::Card(card),
    }
}

/// Legal means accepted, everything else refused with nothing changed
/// (DESIGN.md "Legal means accepted"; IM-AGENT-04, IM-AGENT-05, IM-AGENT-07
/// and every other refusal are exercised here by chance as well as by their
/// own tests).
#[test]
fn arbitrary_actions_are_accepted_exactly_when_legal() {
    for seed in 0..games() {
        let players = 1 + (seed % 4) as u8;
        // Every other block of four seeds plays the `published` preset, so
        // its decision steps (IM-AGENT-09 order, IM-START-05 optional
        // defensive troop, IM-REVEAL-02 interleaved Reveal boxes) are
        // probed too, with rivals for 1-2 players.
        let preset = if (seed / 4) % 2 == 1 {
            Preset::Published
        } else {
            Preset::Default
        };
        let opts = ImperiumOptions {
            preset,
            ..ImperiumOptions::players(players)
        };
        fuzz_playout::<Imperium>(
            &opts,
            seed,
            PROBES_PER_STEP,
            100_000,
            arbitrary,
            |legal, rng| legal[rng.random_range(0..legal.len())],
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
}

/// `IM-<WORD>-<digits>: ` at the start, as `^IM-[A-Z0-9]+-\d+: `.
fn has_rule_prefix(message: &str) -> bool {
    let Some(rest) = message.strip_prefix("IM-") else {
        return false;
    };
    let word = rest
        .chars()
        .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        .count();
    if word == 0 || !rest[word..].starts_with('-') {
        return false;
    }
    let rest = &rest[word + 1..];
    let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
    digits > 0 && rest[digits..].starts_with(": ")
}

/// Pieces of Rust's debug form that a person should never read.
fn debug_text(message: &str) -> Option<&'static str> {
    [
        "CardId",
        "SpaceId",
        "IntrigueId",
        "LeaderId",
        "Seat(",
        "Some(",
        "None",
        "{",
        "}",
        "[",
        "]",
        "::",
        "Prompt",
        "Turn(",
        "Choose(",
        "Troops(",
        "Faction(",
        "Card(",
        "Space(",
        "Opponent(",
        "Intrigue(",
        "Acquire {",
        "SendAgent",
        "Trash(",
        "Discard(",
        "Zone",
        "?",
    ]
    .into_iter()
    .find(|t| message.contains(t))
}

// Refusal messages are the rule ID and a sentence for a person: every
// arbitrary action refused along random games (1-4 players, both presets)
// reads `IM-...-n: ...` with no debug text, and names no internal form;
// the core refusals (another seat acting, acting after the end) are
// sentences too.
#[test]
fn refusals_are_a_rule_and_a_sentence() {
    use melange::rules::core::{RuleError, Ruleset};
    let mut refused = 0;
    let mut rules = std::collections::BTreeSet::new();
    for seed in 0..24u64 {
        let players = 1 + (seed % 4) as u8;
        let preset = if (seed / 4) % 2 == 1 {
            Preset::Published
        } else {
            Preset::Default
        };
        let opts = ImperiumOptions {
            preset,
            ..ImperiumOptions::players(players)
        };
        let mut g = Imperium::setup(&opts, seed).unwrap();
        let mut rng = melange::rules::core::RngStream::Bot(3).rng(seed);
        let mut legal = Vec::new();
        while let Some(seat) = g.to_act() {
            legal.clear();
            g.legal_actions(seat, &mut legal);
            for _ in 0..PROBES_PER_STEP {
                let a = arbitrary(&mut rng);
                if legal.contains(&a) {
                    continue;
                }
                let err = g.clone().apply(seat, &a, &mut Vec::new()).unwrap_err();
                let RuleError::Illegal { rule, .. } = &err else {
                    panic!("{a:?}: not a rule refusal: {err}");
                };
                let message = err.to_string();
                assert!(has_rule_prefix(&message), "{a:?}: {message}");
                assert!(message.starts_with(rule));
                if let Some(t) = debug_text(&message) {
                    panic!("{a:?}: debug text {t:?} in {message}");
                }
                rules.insert(*rule);
                refused += 1;
            }
            if g.seat_count() > 1 {
                let other = Seat((seat.0 + 1) % g.seat_count() as u8);
                let err = g
                    .clone()
                    .apply(other, &legal[0], &mut Vec::new())
                    .unwrap_err();
                assert!(matches!(err, RuleError::NotYourTurn { .. }));
                let message = err.to_string();
                assert!(debug_text(&message).is_none(), "{message}");
                assert!(message.contains(&format!("seat {}", seat.0)), "{message}");
            }
            let a = legal[rng.random_range(0..legal.len())];
            g.apply(seat, &a, &mut Vec::new()).unwrap();
        }
        let err = g
            .apply(Seat(0), &Action::Pass, &mut Vec::new())
            .unwrap_err();
        assert_eq!(err, RuleError::GameOver);
        assert!(debug_text(&err.to_string()).is_none());
    }
    assert!(refused > 10_000, "{refused}");
    assert!(rules.len() > 10, "{rules:?}");
}
