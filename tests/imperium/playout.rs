//! Seeded random games played to the end, with the engine's invariants
//! checked after every step.
use melange::rules::core::conformance::{setup_round_trip, text_round_trip};
use melange::rules::core::{Ruleset, Seat, Viewer};
use melange::rules::imperium::{Action, CardId, Imperium, ImperiumOptions, Preset};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games played to the end on every `cargo test` (more in the release
/// soak, `playout_games`).
fn games() -> u64 {
    melange::rules::core::conformance::playout_games(2_000, 10_000)
}
/// Games with the `published` preset (IM-AGENT-09 order prompts, the
/// optional defensive troop IM-START-05, interleaved Reveal boxes
/// IM-REVEAL-02).
fn published_games() -> u64 {
    melange::rules::core::conformance::playout_games(500, 2_500)
}
/// Games in which every step also probes refused actions (each probe clones
/// and compares the whole state, so not every game pays for it).
fn probed_games() -> u64 {
    melange::rules::core::conformance::playout_games(300, 3_000)
}
/// Games in which every legal action is also applied on a clone.
fn full_check_games() -> u64 {
    melange::rules::core::conformance::playout_games(20, 200)
}
const STEP_CAP: usize = 20_000;

/// The rules' invariants (`Imperium::check_position`: IM-COMBAT-18,
/// IM-START-06, IM-AGENT-10 troops conserved; IM-DECK-02, IM-DECK-03,
/// IM-DECK-16, IM-REVEAL-08 cards conserved; IM-INTRIGUE-08 Intrigue
/// conserved; House Hagal's limits), and a position that survives its plain
/// data (`conformance::setup_round_trip`): the engine checks a setup
/// against the same list, so no position a game reaches is one a setup is
/// refused. The text round trip (`conformance::text_round_trip`) costs
/// more than the rest together: checked at a game's start and end, and at
/// every step of a few games in `position.rs`.
pub(crate) fn invariant(g: &Imperium) -> Result<(), String> {
    g.check_position().map_err(|e| e.to_string())?;
    setup_round_trip(g)
}

fn play(seed: u64, players: u8, full: bool, probe: bool) -> (Imperium, Vec<Action>) {
    play_with(ImperiumOptions::players(players), seed, full, probe)
}

fn play_with(opts: ImperiumOptions, seed: u64, full: bool, probe: bool) -> (Imperium, Vec<Action>) {
    let players = opts.player_count;
    let mut g = Imperium::setup(&opts, seed).expect("setup");
    invariant(&g).unwrap_or_else(|e| panic!("seed {seed} at setup: {e}"));
    text_round_trip(&g).unwrap_or_else(|e| panic!("seed {seed} at setup: {e}"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xdead_beef);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut history = Vec::new();
    for _ in 0..STEP_CAP {
        let Some(seat) = g.to_act() else {
            text_round_trip(&g).unwrap_or_else(|e| panic!("seed {seed} at the end: {e}"));
            let r = g.result().expect("a finished game has a result");
            assert_eq!(r.ranking.len(), usize::from(players));
            assert!(!r.winners.is_empty());
            return (g, history);
        };
        legal.clear();
        g.legal_actions(seat, &mut legal);
        assert!(
            !legal.is_empty(),
            "seed {seed}: no legal action for {seat} in {:?}",
            g.prompt()
        );
        // Nobody else may act.
        let other = Seat((seat.0 + 1) % players);
        let mut none = Vec::new();
        g.legal_actions(other, &mut none);
        assert!(
            none.is_empty(),
            "seed {seed}: contract (one seat acts at a time): {other} has legal actions on \
             {seat}'s turn"
        );
        if full {
            for a in &legal {
                let mut c = g.clone();
                c.apply(seat, a, &mut Vec::new())
                    .unwrap_or_else(|e| panic!("seed {seed}: legal {a:?} refused: {e}"));
                let _ = c.label(a);
            }
        }
        // An illegal action is refused with the state unchanged.
        let bad = [
            Action::Choose(200),
            Action::Troops(250),
            Action::SendAgent {
                card: CardId(200),
                space: melange::rules::imperium::SpaceId(0),
            },
            Action::Acquire {
                card: CardId(0),
                top: false,
            },
        ];
        for b in bad.into_iter().filter(|_| probe) {
            if !legal.contains(&b) {
                let before = g.clone();
                let mut ev = Vec::new();
                assert!(g.apply(seat, &b, &mut ev).is_err());
                assert!(ev.is_empty());
                assert_eq!(g, before, "seed {seed}: refused {b:?} changed the state");
            }
        }
        assert!(g.apply(other, &legal[0], &mut Vec::new()).is_err());
        let a = legal[rng.random_range(0..legal.len())];
        g.apply(seat, &a, &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}: {a:?}: {e}"));
        history.push(a);
        invariant(&g).unwrap_or_else(|e| panic!("seed {seed} after {a:?}: {e}"));
    }
    panic!("seed {seed}: the game did not end within {STEP_CAP} steps");
}

// IM-END-01 IM-END-02 IM-START-01: every random game ends.
#[test]
fn random_games_play_to_the_end_with_invariants() {
    let mut steps = 0;
    for seed in 0..games() {
        let players = if seed % 3 == 0 { 3 } else { 4 };
        let (g, h) = play(
            seed,
            players,
            seed < full_check_games(),
            seed < probed_games(),
        );
        steps += h.len();
        let _ = g.view(Viewer::Spectator);
    }
    assert!(steps > 0);
}

// IM-AGENT-09 IM-START-05 IM-REVEAL-02: random games with the `published`
// preset take the new decision steps, still end and conserve cards,
// Intrigue and troops.
#[test]
fn random_published_games_play_to_the_end_with_invariants() {
    let mut kinds = std::collections::BTreeSet::new();
    for seed in 0..published_games() {
        let players = if seed % 2 == 0 { 3 } else { 4 };
        let opts = ImperiumOptions {
            preset: Preset::Published,
            ..ImperiumOptions::players(players)
        };
        let (g, h) = play_with(opts.clone(), seed, seed < full_check_games(), seed < 50);
        let _ = g.view(Viewer::Spectator);
        // Replay to see which prompts the game went through.
        let mut r = Imperium::setup(&opts, seed).unwrap();
        for a in &h {
            if let Some(p) = r.view(Viewer::Spectator).prompt {
                kinds.insert(p.kind);
                if p.kind == "acquire" && matches!(a, Action::Card(_)) {
                    kinds.insert("acquire_reveal_box");
                }
            }
            let s = r.to_act().unwrap();
            r.apply(s, a, &mut Vec::new()).unwrap();
        }
        assert_eq!(r, g);
    }
    for k in ["agent_order", "defensive_bonus", "acquire_reveal_box"] {
        assert!(kinds.contains(k), "no random game reached `{k}`");
    }
}

#[test]
fn same_seed_and_actions_give_the_same_game() {
    for seed in [1u64, 7, 42] {
        let (g, history) = play(seed, 4, false, true);
        let mut replay = Imperium::setup(&ImperiumOptions::players(4), seed).unwrap();
        let mut ev1 = Vec::new();
        for a in &history {
            let seat = replay.to_act().unwrap();
            replay.apply(seat, a, &mut ev1).unwrap();
        }
        assert_eq!(replay, g);
        assert_eq!(replay.view(Viewer::Spectator), g.view(Viewer::Spectator));
        assert_eq!(replay.result(), g.result());
    }
}
