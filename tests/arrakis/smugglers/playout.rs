//! Seeded random games with the Smugglers, alone and with the Desert War,
//! played to a winner, with the core invariants and the expansion's own
//! (Smuggler Regulars and vehicles conserved or gone for good, no Smuggler
//! harvester or carryall once allied, Staban Tuek above every prescience
//! marker while neutral, the Base where the state says: the engine's
//! `check_position`, which the core playout checks call), and arbitrary
//! actions thrown at them.
use super::super::fuzz::arbitrary;
use super::super::playout::{biased_game, games};
use melange::rules::arrakis::{Action, Arrakis, ArrakisOptions, Preset};
use melange::rules::core::{GameRng, conformance::fuzz_playout};
use rand::Rng;

fn options(preset: Preset, desert_war: bool) -> ArrakisOptions {
    ArrakisOptions {
        preset,
        desert_war,
        smugglers: true,
        ..Default::default()
    }
}

fn many(opts: &ArrakisOptions, seeds: std::ops::Range<u64>, probe_every: usize) -> [u64; 2] {
    let mut wins = [0u64; 2];
    let n = seeds.end - seeds.start;
    let mut steps = 0;
    for seed in seeds {
        let (w, s) = biased_game(opts, seed, probe_every, 5);
        wins[w.index()] += 1;
        steps += s;
    }
    eprintln!(
        "Smugglers (Desert War {}) {:?}: {n} games, Harkonnen {} Atreides {}, {} steps/game",
        opts.desert_war,
        opts.preset,
        wins[0],
        wins[1],
        steps as u64 / n.max(1)
    );
    wins
}

#[test]
fn smugglers_games_play_to_a_winner_with_the_contract_held() {
    // SM-SETUP-01 to SM-SETUP-12, SM-ROUND-01 to SM-ROUND-13, SM-ALLY-01,
    // SM-ALLY-04, SM-UNIT-03, SM-DEFEAT-02 to SM-DEFEAT-06: games with the
    // expansion end with a winner, every invariant held at every step.
    let n = games() / 5;
    let w = many(
        &options(Preset::Default, false),
        8_000_000..8_000_000 + n,
        0,
    );
    assert_eq!(w[0] + w[1], n);
}

#[test]
fn smugglers_and_desert_war_games_play_to_a_winner() {
    // Both expansions together: every invariant of both held at every step.
    let n = games() / 5;
    let w = many(&options(Preset::Default, true), 9_000_000..9_000_000 + n, 0);
    assert_eq!(w[0] + w[1], n);
}

/// SM-DIE-13 with AR-COMBAT-03: the release soak's game of seed 9000903
/// (both expansions) used the Smugglers die's Deployment while Harkonnen
/// units held the Base's area, putting both houses' units there outside a
/// battle at step 595; the result now deploys none there. Seed 8000592
/// (the Smugglers alone) is the game where refusing the result instead
/// left the Atreides no legal action.
#[test]
fn smugglers_deployment_never_lands_beside_harkonnen_units() {
    let w = many(&options(Preset::Default, true), 9_000_903..9_000_904, 0);
    assert_eq!(w[0] + w[1], 1);
    let w = many(&options(Preset::Default, false), 8_000_592..8_000_593, 0);
    assert_eq!(w[0] + w[1], 1);
}

#[test]
fn smugglers_games_with_every_legal_action_probed() {
    let n = games() / 50;
    let w = many(&options(Preset::Default, true), 9_500_000..9_500_000 + n, 1);
    assert_eq!(w[0] + w[1], n);
}

#[test]
fn smugglers_published_games_play_to_a_winner() {
    let n = games() / 20;
    let w = many(
        &options(Preset::Published, true),
        9_700_000..9_700_000 + n,
        0,
    );
    assert_eq!(w[0] + w[1], n);
}

#[test]
fn smugglers_arbitrary_actions_are_accepted_exactly_when_legal() {
    // "Legal means accepted" with the expansion, alone and with the Desert
    // War: arbitrary actions thrown at states along random games are
    // accepted exactly when legal and refused with the game unchanged.
    let games = melange::rules::core::conformance::playout_games(20, 200);
    for seed in 0..games {
        let pick = |legal: &[Action], rng: &mut GameRng| {
            legal
                .iter()
                .copied()
                .filter(|a| *a != Action::Done)
                .nth(rng.random_range(0..legal.len()))
                .unwrap_or(legal[0])
        };
        let opts = options(Preset::Default, seed % 2 == 1);
        fuzz_playout::<Arrakis>(&opts, seed, 3, 100_000, arbitrary, pick)
            .unwrap_or_else(|e| panic!("smugglers: {e}"));
    }
}

/// One seed of the Smugglers games, for replaying a failure:
/// `SM_SEED=8000012 cargo test --test arrakis one_smugglers_seed` (with
/// `SM_DW=1` for both expansions).
#[test]
fn one_smugglers_seed() {
    let Some(seed) = std::env::var("SM_SEED").ok().and_then(|v| v.parse().ok()) else {
        return;
    };
    let dw = std::env::var("SM_DW").is_ok();
    biased_game(&options(Preset::Default, dw), seed, 0, 5);
}
