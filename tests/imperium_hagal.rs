//! House Hagal rivals: the 2-player game (IM-HAGAL) and the solo game
//! (IM-SOLO). One test per rule, seeded random playouts, non-interference.
use melange::rules::core::conformance::{Checks, random_playout};
use melange::rules::core::{RuleError, Ruleset, Seat, Viewer};
use melange::rules::imperium::{Event, Imperium, ImperiumOptions};

fn opts(players: u8) -> ImperiumOptions {
    ImperiumOptions::players(players)
}

/// The invariants of `tests/imperium_playout.rs`, over seats and rivals.
fn invariant(g: &Imperium) -> Result<(), String> {
    for s in 0..g.test_participants() {
        let p = g.test_player_ref(s);
        let troops = p.supply + p.garrison + p.conflict;
        if troops != 12 {
            return Err(format!("troops not conserved for {s}: {troops}"));
        }
    }
    if let Some(seat) = g.to_act()
        && usize::from(seat.0) >= g.seat_count()
    {
        return Err(format!("a rival ({seat}) is to act"));
    }
    Ok(())
}

const GAMES: u64 = if cfg!(debug_assertions) { 150 } else { 1500 };

fn playouts(players: u8) {
    let mut steps = 0;
    for seed in 0..GAMES {
        let checks = Checks {
            max_steps: 20_000,
            all_legal_every: if seed < 10 { 1 } else { 0 },
        };
        let mut card_total = None;
        let mut intrigue_total = None;
        let r = random_playout::<Imperium>(&opts(players), seed, checks, |g| {
            invariant(g)?;
            let c = *card_total.get_or_insert(g.test_card_total());
            let i = *intrigue_total.get_or_insert(g.test_intrigue_total());
            if g.test_card_total() != c {
                return Err("cards not conserved".into());
            }
            if g.test_intrigue_total() != i {
                return Err("Intrigue not conserved".into());
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{players} players: {e}"));
        steps += r.steps;
    }
    assert!(steps > 0);
}

// IM-SOLO-01 IM-SOLO-02: seeded random solo games play to the end.
#[test]
fn random_solo_games_play_to_the_end() {
    playouts(1);
}

// IM-HAGAL-01: seeded random 2-player games play to the end.
#[test]
fn random_two_player_games_play_to_the_end() {
    playouts(2);
}
