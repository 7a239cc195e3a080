//! MC-SIM-08 with MC-SIM-02: every piece of Dune: Imperium's register of
//! hidden state (`melange-rules/src/imperium/hidden.rs`), checked over random
//! games of 1 to 4 players (House Hagal's rivals in 1- and 2-player
//! games). Samples drawn for a seat that cannot see a piece must vary with
//! the sampling seed and predict the truth no better than chance; every
//! piece of the register must be seen hidden somewhere, so none goes
//! unchecked.
use melange::rules::core::hidden::{PieceReport, leak_report};
use melange::rules::core::{GameRng, RngStream, Ruleset, Seat};
use melange::rules::imperium::{HIDDEN, Imperium, ImperiumOptions};

use super::advance;

/// How many samples are drawn per position and seat.
const SAMPLES: u64 = 24;

/// Positions of random games of `players`: one every 23 steps. The Baron
/// (whose secret factions are a piece) sits at a different place in each
/// game; the other leaders are the setup's.
fn positions(players: u8, games: u64) -> Vec<Imperium> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut leaders = vec![None; usize::from(players)];
        let baron = seed as usize % leaders.len();
        leaders[baron] = Some("baron_vladimir_harkonnen".to_owned());
        let options = ImperiumOptions {
            leaders,
            ..ImperiumOptions::players(players)
        };
        let mut g = Imperium::setup(&options, 900 + seed).expect("setup");
        for _ in 0..40 {
            advance(&mut g, seed, 23, &mut Vec::new());
            if g.to_act().is_none() {
                break;
            }
            out.push(g.clone());
        }
    }
    out
}

fn sample(g: &Imperium, seat: Seat, k: u64) -> Imperium {
    let mut rng: GameRng = RngStream::Sample(k as u8).rng(0x5eed);
    g.determinize(seat, &mut rng)
}

/// MC-SIM-08: every piece, every seat that cannot see it, over games of
/// every player count; and every piece of the register was checked
/// somewhere (a Baron's secret factions in some place at the table).
#[test]
fn no_sample_predicts_a_hidden_piece_better_than_chance() {
    let mut checked: Vec<&str> = Vec::new();
    let mut problems = Vec::new();
    for players in 1..=4u8 {
        let reports = leak_report(HIDDEN, &positions(players, 5), players, SAMPLES, sample);
        problems.extend(reports.iter().filter_map(PieceReport::problem));
        checked.extend(reports.iter().filter(|r| r.open > 0).map(|r| r.name));
    }
    assert!(problems.is_empty(), "MC-SIM-08:\n{}", problems.join("\n"));
    for piece in HIDDEN {
        let family = piece.name.trim_end_matches(|c: char| c.is_ascii_digit());
        assert!(
            checked.iter().any(|n| n.starts_with(family)),
            "MC-SIM-08: {} was never hidden with more than one value possible: \
             the test does not check it",
            piece.name
        );
    }
}
