//! Seeded random games with the Desert War on, played to a winner, with
//! the Harkonnen side's figures checked after every step: every Suspensor
//! Trooper and Escort Ornithopter accounted for (DW-TROOPER-17,
//! DW-ESCORT-12), Escorts only as generic leaders of a Harkonnen legion
//! (DW-ESCORT-08), the generic leaders themselves conserved, the Desert War
//! tokens within the box (DW-SETUP-03), and the same seed and actions
//! giving the same game.
use crate::common::*;
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::expansions::ExpansionAction;
use melange::rules::arrakis::expansions::desert_war::data::desert_war;
use melange::rules::arrakis::{Action, Arrakis, ArrakisOptions, Prompt, Vehicle};
use melange::rules::core::{Ruleset, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn check(g: &Arrakis) -> Result<(), String> {
    let dw = g.desert_war().ok_or("the Desert War is on")?;
    let box_ = &desert_war().harkonnen;
    let on_board: u8 = g
        .areas()
        .iter()
        .map(|s| s.expansions.desert.suspensors)
        .sum();
    if on_board + dw.suspensors != box_.suspensor_troopers {
        return Err(format!(
            "DW-TROOPER-17: Suspensor Troopers {} on the board + {} off != {}",
            on_board, dw.suspensors, box_.suspensor_troopers
        ));
    }
    let flying = g.battle_group();
    let zones = g
        .zones()
        .iter()
        .filter(|v| **v == Some(Vehicle::ESCORT_ORNITHOPTER))
        .count() as u8;
    let serving: u8 = g.areas().iter().map(|s| s.expansions.desert.escorts).sum();
    let fly_escorts = flying.map_or(0, |grp| grp.escorts);
    if dw.escorts + zones + serving + fly_escorts != box_.escort_ornithopters {
        return Err(format!(
            "DW-ESCORT-12: Escorts {} off + {zones} in zones + {serving} in legions + \
             {fly_escorts} attacking != {}",
            dw.escorts, box_.escort_ornithopters
        ));
    }
    let mut plain = u32::from(g.house(H).generic_supply);
    for (i, s) in g.areas().iter().enumerate() {
        if s.expansions.desert.escorts > s.generic[H] {
            return Err(format!(
                "DW-ESCORT-08: {} Escorts but {} generic leaders in area {i}",
                s.expansions.desert.escorts, s.generic[H]
            ));
        }
        plain += u32::from(s.generic[H] - s.expansions.desert.escorts);
    }
    // A battle's attacking group is lifted off the board while it lasts.
    let attacking = match g.prompt() {
        Prompt::Battle(b)
        | Prompt::Excess(_, _, melange::rules::arrakis::AfterExcess::Battle(b)) => b.attacker == H,
        _ => false,
    };
    if let Some(grp) = flying.filter(|_| attacking) {
        plain += u32::from(grp.generic - grp.escorts);
    }
    let total = data().tables.figures.harkonnen.generic_leader;
    if plain != u32::from(total) {
        return Err(format!(
            "AR-COMBAT-25: Harkonnen generic leaders {plain} (Escorts aside) != {total}"
        ));
    }
    if dw.tokens_on_board > box_.desert_war_tokens {
        return Err("DW-SETUP-03: more Desert War tokens than the box holds".into());
    }
    Ok(())
}

fn weight(a: &Action) -> u32 {
    match a {
        Action::Done => 1,
        Action::Expansion(ExpansionAction::DesertWar(_))
        | Action::PlaceVehicle(Vehicle::ESCORT_ORNITHOPTER, _) => 10,
        _ => 4,
    }
}

/// One biased random game; the Desert War actions it played.
fn game(seed: u64) -> usize {
    let opts = ArrakisOptions {
        desert_war: true,
        ..Default::default()
    };
    let mut g = Arrakis::setup(&opts, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xd35e);
    let mut journal = Vec::new();
    let mut events = Vec::new();
    let mut legal = Vec::new();
    let mut played = 0;
    while let Some(seat) = g.to_act() {
        assert!(journal.len() < 200_000, "seed {seed}: no end");
        legal.clear();
        g.legal_actions(seat, &mut legal);
        assert!(
            !legal.is_empty(),
            "seed {seed}: no legal action at {:?}",
            g.prompt()
        );
        let total: u32 = legal.iter().map(weight).sum();
        let mut pick = rng.random_range(0..total);
        let a = *legal
            .iter()
            .find(|a| {
                let w = weight(a);
                if pick < w {
                    true
                } else {
                    pick -= w;
                    false
                }
            })
            .unwrap();
        assert!(!g.label(&a).is_empty());
        let before = g.prompt();
        g.apply(seat, &a, &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}: {a:?} refused: {e}"));
        if matches!(
            a,
            Action::Expansion(ExpansionAction::DesertWar(_))
                | Action::PlaceVehicle(Vehicle::ESCORT_ORNITHOPTER, _)
        ) {
            played += 1;
        }
        journal.push((seat, a));
        check(&g).unwrap_or_else(|e| {
            panic!(
                "seed {seed} step {}: {e} after {a:?} at {before:?}, now {:?}",
                journal.len(),
                g.prompt()
            )
        });
    }
    assert!(g.result().is_some());
    let mut r = Arrakis::setup(&opts, seed).unwrap();
    let mut ev2 = Vec::new();
    for (s, a) in &journal {
        r.apply(*s, a, &mut ev2).unwrap();
    }
    assert!(r == g, "seed {seed}: replay diverged");
    assert_eq!(ev2, events, "seed {seed}: replay events diverged");
    let _ = Seat(0);
    played
}

#[test]
fn random_games_with_the_harkonnen_desert_war_side() {
    let n = melange::rules::core::conformance::playout_games(300, 2000);
    let played: usize = (0..n).map(|s| game(7_000_000 + s)).sum();
    assert!(played > 0, "no Desert War action was played");
    eprintln!("{n} games, {played} Harkonnen Desert War actions");
}
