//! MC-SIM-01, MC-SIM-02: the forward model's sample redraws every fact
//! hidden from the seat (other hands, every deck order, other Intrigue
//! cards, the unrevealed Conflict cards, another Baron's secret factions,
//! the generators) and keeps everything the seat sees.
use melange::rules::core::{GameRng, RngStream, Ruleset, Seat, Viewer};
use melange::rules::imperium::data::data;
use melange::rules::imperium::{CardId, ConflictId, Imperium, ImperiumOptions};
use rand::SeedableRng;

use super::{advance, game_after};

fn sampler(k: u64) -> GameRng {
    RngStream::Bot(0x40).rng(k)
}

fn sample(g: &Imperium, seat: u8, k: u64) -> Imperium {
    g.determinize(Seat(seat), &mut sampler(k))
}

/// Options where seat 0 has no leader ability that shows hidden cards.
fn opts(players: u8) -> ImperiumOptions {
    ImperiumOptions {
        leaders: vec![Some("glossu_rabban".into())],
        ..ImperiumOptions::players(players)
    }
}

// MC-SIM-01 MC-SIM-02: a sample looks the same to the seat (its view,
// the public view, its legal actions), with every count kept.
#[test]
fn a_sample_keeps_everything_the_seat_sees() {
    for players in 1..=4u8 {
        for seed in 0..6u64 {
            let g = game_after(
                &ImperiumOptions::players(players),
                seed,
                20 + 23 * seed as usize,
            );
            for s in 0..players {
                let d = sample(&g, s, seed);
                let me = Viewer::Seat(Seat(s));
                assert_eq!(
                    d.view(me),
                    g.view(me),
                    "MC-SIM-01: {players}p seed {seed} seat {s}"
                );
                assert_eq!(d.view(Viewer::Spectator), g.view(Viewer::Spectator));
                // A sample is a position the rules could reach: every
                // card, Intrigue card and troop conserved (IM-DECK-03,
                // IM-INTRIGUE-08, IM-COMBAT-18).
                d.check_position()
                    .unwrap_or_else(|e| panic!("{players}p seed {seed} seat {s}: {e}"));
                assert_eq!(d.to_act(), g.to_act());
                if g.to_act() == Some(Seat(s)) {
                    let (mut a, mut b) = (Vec::new(), Vec::new());
                    g.legal_actions(Seat(s), &mut a);
                    d.legal_actions(Seat(s), &mut b);
                    assert_eq!(a, b, "the seat's own choices are its own");
                }
                for other in (0..g.participants()).map(Seat) {
                    let (p, q) = (g.player(other), d.player(other));
                    assert_eq!(p.hand.len(), q.hand.len());
                    assert_eq!(p.deck.len(), q.deck.len());
                    assert_eq!(p.intrigue.len(), q.intrigue.len());
                    let mut pool_p: Vec<_> = p.hand.iter().chain(&p.deck).collect();
                    let mut pool_q: Vec<_> = q.hand.iter().chain(&q.deck).collect();
                    pool_p.sort();
                    pool_q.sort();
                    assert_eq!(
                        pool_p, pool_q,
                        "MC-SIM-02: cards are dealt from the owner's own"
                    );
                }
            }
        }
    }
}

/// Swaps two different cards between `seat`'s hand and deck.
fn swap_hand_and_deck(g: &mut Imperium, seat: Seat) -> bool {
    let mut swapped = false;
    g.edit(|s| {
        let p = s.player(seat);
        for i in 0..p.hand.len() {
            if let Some(j) = p.deck.iter().position(|c| *c != p.hand[i]) {
                std::mem::swap(&mut p.hand[i], &mut p.deck[j]);
                swapped = true;
                return;
            }
        }
    })
    .unwrap();
    swapped
}

/// Swaps an Intrigue card of `seat` with a different one of the deck.
fn swap_intrigue(g: &mut Imperium, seat: Seat) -> bool {
    let mut swapped = false;
    g.edit(|s| {
        let held = s.players[seat.index()].intrigue.clone();
        for (i, c) in held.iter().enumerate() {
            if let Some(j) = s.intrigue_deck.iter().position(|d| d != c) {
                std::mem::swap(
                    &mut s.players[seat.index()].intrigue[i],
                    &mut s.intrigue_deck[j],
                );
                swapped = true;
                return;
            }
        }
    })
    .unwrap();
    swapped
}

// MC-SIM-01 MC-SIM-02: two games the seat cannot tell apart (another
// player's hand and deck, Intrigue hands and deck, the Imperium, Conflict
// and House Hagal deck orders, its own deck order, the generators of
// future chance) give the same sample.
#[test]
fn a_sample_depends_only_on_what_the_seat_sees() {
    let mut boxed_swaps = 0;
    for players in 1..=4u8 {
        for seed in 0..5u64 {
            let mut a = game_after(&opts(players), seed, 30 + 17 * seed as usize);
            if a.to_act().is_none() {
                continue;
            }
            // Everyone holds an Intrigue card to swap, from the bottom of
            // the Intrigue deck.
            for seat in (0..a.participants()).map(Seat) {
                a.edit(|s| {
                    let bottom = s.intrigue_deck[0];
                    s.give_intrigue(seat, bottom).unwrap();
                })
                .unwrap();
            }
            let mut b = a.clone();
            let mut changed = 0;
            for other in (1..a.participants()).map(Seat) {
                changed += usize::from(swap_hand_and_deck(&mut b, other));
                changed += usize::from(swap_intrigue(&mut b, other));
            }
            let seen = a.conflicts_seen().to_vec();
            b.edit(|s| {
                s.imperium_deck.reverse();
                // Future shuffles and rival choices.
                let reseed = seed ^ 0x5eed;
                s.rng = GameRng::seed_from_u64(reseed);
                if let Some(r) = s.rivals.as_mut() {
                    r.rng = GameRng::seed_from_u64(!reseed);
                }
                s.player(Seat(0)).deck.reverse();
                // The top tier's cards, reordered.
                let conflicts = &mut s.conflict_deck;
                let tier = |c: &ConflictId| data().conflicts[usize::from(c.0)].tier;
                let top = tier(conflicts.last().unwrap());
                let run = conflicts
                    .iter()
                    .rev()
                    .take_while(|c| tier(c) == top)
                    .count();
                let n = conflicts.len();
                conflicts[n - run..].reverse();
                // A card of the deck swapped for one of its tier left in
                // the box.
                let boxed = (0..data().conflicts.len() as u8)
                    .map(ConflictId)
                    .find(|c| tier(c) == top && !seen.contains(c) && !conflicts.contains(c));
                if let Some(c) = boxed {
                    conflicts[n - 1] = c;
                    boxed_swaps += 1;
                }
                if players <= 2 {
                    s.rivals.as_mut().unwrap().deck.reverse();
                }
            })
            .unwrap();
            assert_ne!(a, b, "the two games differ");
            assert!(changed > 0 || players == 1);
            let me = Viewer::Seat(Seat(0));
            assert_eq!(a.view(me), b.view(me), "seat 0 cannot tell them apart");
            for k in 0..8 {
                assert_eq!(
                    sample(&a, 0, k),
                    sample(&b, 0, k),
                    "MC-SIM-01: {players}p seed {seed}: the sample saw a hidden fact"
                );
            }
        }
    }
    assert!(
        boxed_swaps > 0,
        "some games leave Conflict cards in the box"
    );
}

// MC-SIM-01: the sample varies with the sampling generator, never with
// the seat's own hand.
#[test]
fn samples_vary_with_the_sampling_generator() {
    let g = game_after(&opts(4), 3, 40);
    let hands: std::collections::BTreeSet<Vec<_>> = (0..12)
        .map(|k| {
            let d = sample(&g, 0, k);
            assert_eq!(d.player(Seat(0)).hand, g.player(Seat(0)).hand);
            // Other hands (as sets) and deck orders.
            (1..4)
                .flat_map(|s| {
                    let p = d.player(Seat(s));
                    let mut h = p.hand.clone();
                    h.sort();
                    h.into_iter().chain([CardId(u8::MAX)]).chain(p.deck.clone())
                })
                .collect()
        })
        .collect();
    assert!(
        hands.len() > 1,
        "MC-SIM-02: other hands and decks are redrawn"
    );
    assert_ne!(sample(&g, 0, 1), sample(&g, 0, 2));
    assert_eq!(
        sample(&g, 0, 5),
        sample(&g, 0, 5),
        "the same generator, the same sample"
    );
}

// MC-SIM-02: another Baron's secret factions are redrawn (as many as it
// chose); the Baron's own are kept.
#[test]
fn another_barons_secret_factions_are_redrawn() {
    let opts = ImperiumOptions {
        leaders: vec![
            Some("glossu_rabban".into()),
            Some("baron_vladimir_harkonnen".into()),
        ],
        ..ImperiumOptions::players(3)
    };
    let g = game_after(&opts, 2, 10);
    let mask = g.player(Seat(1)).secret_factions;
    assert_eq!(mask.count_ones(), 2, "chosen at setup");
    let masks: std::collections::BTreeSet<u8> = (0..16)
        .map(|k| {
            let m = sample(&g, 0, k).player(Seat(1)).secret_factions;
            assert_eq!(m.count_ones(), 2);
            m
        })
        .collect();
    assert!(masks.len() > 1, "MC-SIM-02: the secret is redrawn");
    for k in 0..4 {
        assert_eq!(sample(&g, 1, k).player(Seat(1)).secret_factions, mask);
    }
}

// MC-SIM-01: a sample is a real game: it plays on to an end.
#[test]
fn a_sample_plays_on_to_the_end() {
    for players in 1..=4u8 {
        let g = game_after(&ImperiumOptions::players(players), 12, 60);
        let mut d = sample(&g, 0, 12);
        advance(&mut d, 12, 20_000, &mut Vec::new());
        assert!(d.result().is_some());
    }
}
