//! Seeded random games with the Desert War played to a winner, with the
//! core invariants and the expansion's own (each kind of figure conserved,
//! Desert Troopers never with an opposing legion, at most one Camp per
//! sector: the engine's `check_position`; no Camp marker outside the
//! Atreides view), and arbitrary actions thrown at them. The core playout
//! checks call [`desert_war_hidden_invariant`] too (it passes at once
//! without the expansion).
use super::super::fuzz::arbitrary;
use super::super::playout::{biased_game, biased_game_with, games};
use melange::rules::arrakis::expansions::desert_war::data::desert_war;
use melange::rules::arrakis::{Action, Arrakis, ArrakisOptions, Preset};
use melange::rules::core::{GameRng, Ruleset, Seat, Viewer, conformance::fuzz_playout};
use rand::Rng;

/// DW-CAMP-05: no Camp marker in the Harkonnen's or a spectator's view.
pub(crate) fn desert_war_hidden_invariant(g: &Arrakis) -> Result<(), String> {
    if g.desert_war().is_none() {
        return Ok(());
    }
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
        let v = g.view(viewer);
        if let Some(i) = v
            .areas
            .iter()
            .position(|a| a.expansions.desert.camp_marker.is_some())
        {
            return Err(format!(
                "DW-CAMP-05: the marker of the Camp in area {i} in a Harkonnen or spectator view"
            ));
        }
        if v.expansions
            .desert_war
            .as_ref()
            .is_some_and(|dw| !dw.camp_token_markers.is_empty())
        {
            return Err(
                "DW-CAMP-05: the Camp supply's markers in a Harkonnen or spectator view".into(),
            );
        }
    }
    Ok(())
}

fn options(preset: Preset) -> ArrakisOptions {
    ArrakisOptions {
        preset,
        desert_war: true,
        ..Default::default()
    }
}

fn many(preset: Preset, seeds: std::ops::Range<u64>, probe_every: usize) -> [u64; 2] {
    let opts = options(preset);
    let mut wins = [0u64; 2];
    let n = seeds.end - seeds.start;
    let mut steps = 0;
    for seed in seeds {
        let (w, s) = biased_game(&opts, seed, probe_every, 5);
        wins[w.index()] += 1;
        steps += s;
    }
    eprintln!(
        "Desert War {preset:?}: {n} games, Harkonnen {} Atreides {}, {} steps/game",
        wins[0],
        wins[1],
        steps as u64 / n.max(1)
    );
    wins
}

#[test]
fn desert_war_games_play_to_a_winner_with_the_contract_held() {
    // DW-SETUP-01 to DW-SETUP-10, DW-TROOPER-13, DW-TROOPER-17,
    // DW-CAMP-02, DW-CAMP-05, DW-ROUNDEND-01 to DW-ROUNDEND-04: games with
    // the expansion end with a winner, every invariant held at every step.
    let n = games() / 5;
    let w = many(Preset::Default, 3_000_000..3_000_000 + n, 0);
    assert_eq!(w[0] + w[1], n);
}

#[test]
fn desert_war_games_with_every_legal_action_probed() {
    let n = games() / 50;
    let w = many(Preset::Default, 4_000_000..4_000_000 + n, 1);
    assert_eq!(w[0] + w[1], n);
}

#[test]
fn desert_war_published_games_play_to_a_winner() {
    let n = games() / 10;
    let w = many(Preset::Published, 5_000_000..5_000_000 + n, 0);
    assert_eq!(w[0] + w[1], n);
}

/// Every Desert Trooper spread over the empty desert areas (test hook), one
/// per area in turn: Suspensor Troopers, Rocket Launchers, Sandriders.
fn troopers_everywhere(g: &mut Arrakis) {
    use melange::rules::arrakis::expansions::desert_war::Troopers;
    let x = desert_war();
    let mut left = [
        x.harkonnen.suspensor_troopers,
        x.atreides.rocket_launchers,
        x.atreides.sandriders,
    ];
    let areas: Vec<_> = g.empty_desert_areas().iter().collect();
    for (n, area) in areas.into_iter().enumerate() {
        let k = n % 3;
        if left[k] == 0 {
            continue;
        }
        left[k] -= 1;
        let mut t = Troopers::default();
        match k {
            0 => t.suspensors = 1,
            1 => t.rockets = 1,
            _ => t.sandriders = 1,
        }
        g.edit(|s| s.put_troopers(area, t)).unwrap();
    }
}

#[test]
fn desert_war_games_with_troopers_on_the_board() {
    // DW-TROOPER-09 to DW-TROOPER-17, DW-ROUNDEND-03, DW-ROUNDEND-04: every
    // Desert Trooper on the board from the start: legions, sandworms,
    // battles, storms, cards and the End of the Round deal with them,
    // every invariant held at every step (each kind conserved, never with
    // an opposing legion, only Sandriders with a sandworm).
    let n = games() / 20;
    let mut wins = [0u64; 2];
    for seed in 7_000_000..7_000_000 + n {
        let (w, _) = biased_game_with(&options(Preset::Default), seed, troopers_everywhere, 0, 5);
        wins[w.index()] += 1;
    }
    eprintln!(
        "Desert War with troopers: {n} games, Harkonnen {} Atreides {}",
        wins[0], wins[1]
    );
    assert_eq!(wins[0] + wins[1], n);
}

#[test]
fn desert_war_arbitrary_actions_are_accepted_exactly_when_legal() {
    // "Legal means accepted" with the expansion: arbitrary actions thrown
    // at states along random games are accepted exactly when legal and
    // refused with the game unchanged.
    let games = melange::rules::core::conformance::playout_games(30, 300);
    for seed in 0..games {
        let preset = if seed % 2 == 1 {
            Preset::Published
        } else {
            Preset::Default
        };
        let pick = |legal: &[Action], rng: &mut GameRng| {
            legal
                .iter()
                .copied()
                .filter(|a| *a != Action::Done)
                .nth(rng.random_range(0..legal.len()))
                .unwrap_or(legal[0])
        };
        fuzz_playout::<Arrakis>(&options(preset), seed, 3, 100_000, arbitrary, pick)
            .unwrap_or_else(|e| panic!("desert war: {e}"));
    }
}

/// One seed of the Desert War games, for replaying a failure:
/// `DW_SEED=3000012 cargo test --test arrakis one_desert_war_seed`.
#[test]
fn one_desert_war_seed() {
    let Some(seed) = std::env::var("DW_SEED").ok().and_then(|v| v.parse().ok()) else {
        return;
    };
    biased_game(&options(Preset::Default), seed, 0, 5);
}

/// `g` with every Camp token's marker moved on by one (board Camps in area
/// order, then the supply): the same game but for what lies under the
/// Camps. `None` when no Camp is on the board.
fn markers_rotated(g: &Arrakis) -> Option<Arrakis> {
    let mut s = g.to_setup();
    let on_board: Vec<usize> = (0..s.areas.len())
        .filter(|i| s.areas[*i].expansions.desert.camp.is_some())
        .collect();
    if on_board.is_empty() {
        return None;
    }
    let dw = s.expansions.desert_war.as_deref_mut()?;
    let mut all: Vec<_> = on_board
        .iter()
        .map(|i| s.areas[*i].expansions.desert.camp.expect("a Camp"))
        .chain(dw.camp_tokens.iter().copied())
        .collect();
    if all.len() < 2 {
        return None;
    }
    all.rotate_left(1);
    let (board, supply) = all.split_at(on_board.len());
    dw.camp_tokens = supply.to_vec();
    for (i, m) in on_board.iter().zip(board) {
        s.areas[*i].expansions.desert.camp = Some(*m);
    }
    Some(Arrakis::from_setup(s).expect("the same position but for the markers"))
}

#[test]
fn camp_markers_never_reach_the_harkonnen_in_random_games() {
    // DW-CAMP-05, non-interference along whole games: at every Harkonnen
    // decision with a Camp on the board, the same game with the Camps'
    // markers exchanged shows the Harkonnen and a spectator the same view
    // and the same choices, and the Harkonnen's action gives both of them
    // the same events.
    let n = melange::rules::core::conformance::playout_games(20, 200);
    let mut compared = 0;
    for seed in 6_000_000..6_000_000 + n {
        let mut g = Arrakis::setup(&options(Preset::Default), seed).unwrap();
        // Two Camps from the start (test hook), in two sectors, so the
        // comparison has Camps to work on before the Atreides place any.
        let b = melange::rules::arrakis::board();
        let mut sectors = Vec::new();
        let markers = desert_war().atreides.camp_tokens.clone();
        for x in g.empty_desert_areas().iter() {
            let sector = b.areas[x.index()].sector;
            if sectors.len() < 2 && !sectors.contains(&sector) {
                sectors.push(sector);
                g.edit(|s| s.put_camp(x, markers[sectors.len() - 1]))
                    .unwrap();
            }
        }
        let mut rng = melange::rules::core::RngStream::Bot(3).rng(seed);
        let mut legal = Vec::new();
        let mut steps = 0;
        while let Some(seat) = g.to_act() {
            steps += 1;
            assert!(steps < 200_000, "seed {seed}: no end");
            legal.clear();
            g.legal_actions(seat, &mut legal);
            let pick = legal
                .iter()
                .copied()
                .filter(|a| *a != Action::Done)
                .nth(rng.random_range(0..legal.len()))
                .unwrap_or(legal[0]);
            let twin = (seat == Seat(0)).then(|| markers_rotated(&g)).flatten();
            if let Some(t) = &twin {
                for v in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
                    assert_eq!(g.view(v), t.view(v), "seed {seed}: views differ for {v:?}");
                }
            }
            let mut ev = Vec::new();
            g.apply(seat, &pick, &mut ev).unwrap();
            let Some(mut twin) = twin else { continue };
            compared += 1;
            let mut twin_legal = Vec::new();
            twin.legal_actions(seat, &mut twin_legal);
            assert_eq!(
                legal, twin_legal,
                "seed {seed}: the Harkonnen's choices differ"
            );
            let mut twin_ev = Vec::new();
            twin.apply(seat, &pick, &mut twin_ev).unwrap();
            for v in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
                assert_eq!(
                    g.view(v),
                    twin.view(v),
                    "seed {seed}: views differ for {v:?}"
                );
                let a: Vec<_> = ev.iter().filter_map(|e| e.redact(v)).collect();
                let b: Vec<_> = twin_ev.iter().filter_map(|e| e.redact(v)).collect();
                assert_eq!(a, b, "seed {seed}: events differ for {v:?}");
            }
            assert_eq!(g.to_act(), twin.to_act());
        }
    }
    eprintln!("Camp markers exchanged at {compared} Harkonnen decisions");
}
