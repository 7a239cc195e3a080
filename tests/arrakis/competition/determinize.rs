//! MC-SIM-01, MC-SIM-03: the forward model's sample keeps everything the
//! seat sees (counts included), depends on nothing the seat cannot see,
//! and varies with the caller's generator.
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::{Arrakis, CardId, Faction};
use melange::rules::core::{GameRng, RngStream, Ruleset, Seat, Viewer};

use super::super::common::{A, H, legal, seat};
use super::{chooser, limited, random_game};

fn sample(g: &Arrakis, f: Faction, n: u64) -> Arrakis {
    let mut rng: GameRng = RngStream::Bot(3).rng(n);
    g.determinize(seat(f), &mut rng)
}

/// The cards of `f` that are in its hand or a deck, sorted.
fn unplaced(g: &Arrakis, f: Faction) -> Vec<CardId> {
    let h = g.house(f);
    let mut v: Vec<CardId> = h
        .hand
        .iter()
        .chain(h.decks.iter().flatten())
        .copied()
        .collect();
    v.sort();
    v
}

/// `f`'s hand cards per deck of origin.
fn hand_decks(g: &Arrakis, f: Faction) -> Vec<usize> {
    let mut v: Vec<usize> = g
        .house(f)
        .hand
        .iter()
        .map(|c| data().card(*c).deck.index())
        .collect();
    v.sort();
    v
}

/// MC-SIM-01, MC-SIM-03: through random games, each seat's sample shows
/// that seat (and a spectator) exactly what the game shows it: its hand,
/// every count, the board; the other hand keeps its cards per deck; the
/// seat to act has the same choices; and the sample plays on.
#[test]
fn the_sample_keeps_what_the_seat_sees() {
    for seed in 0..3 {
        let mut g = limited(Some(3), 30 + seed);
        let mut step = 0u64;
        random_game(&mut g, &mut chooser(seed), 20_000, |g, moves| {
            step += 1;
            if step % 40 != 1 {
                return;
            }
            for f in [H, A] {
                let s = sample(g, f, step);
                assert_eq!(s.view(Viewer::Seat(seat(f))), g.view(Viewer::Seat(seat(f))));
                assert_eq!(s.view(Viewer::Spectator), g.view(Viewer::Spectator));
                let o = f.other();
                assert_eq!(unplaced(&s, o), unplaced(g, o), "the same cards");
                assert_eq!(hand_decks(&s, o), hand_decks(g, o), "per deck");
                assert_eq!(s.house(f).hand, g.house(f).hand);
                if g.to_act() == Some(seat(f)) {
                    assert_eq!(&legal(&s, f), moves, "MC-SIM-01: the same choices");
                }
                let mut s = s;
                random_game(&mut s, &mut chooser(step), 200, |_, _| {});
            }
        });
    }
}

/// Swaps a card of `f`'s hand with a card of the same deck in that deck.
fn swap_hand_card(g: &mut Arrakis, f: Faction) {
    g.edit(|s| {
        let h = &mut s.houses[f];
        for i in 0..h.hand.len() {
            let k = data().card(h.hand[i]).deck.index() % 2;
            if let Some(j) = h.decks[k].iter().position(|c| *c != h.hand[i]) {
                std::mem::swap(&mut h.hand[i], &mut h.decks[k][j]);
                return;
            }
        }
        panic!("no card to swap");
    })
    .unwrap();
}

/// Two distinct values of `items`, by index, swapped.
fn swap_two<T: PartialEq>(items: &mut [T]) {
    for i in 0..items.len() {
        for j in i + 1..items.len() {
            if items[i] != items[j] {
                items.swap(i, j);
                return;
            }
        }
    }
}

/// MC-SIM-01, MC-SIM-03: two games the Harkonnen cannot tell apart
/// (the Atreides hand, deck orders, deployment tokens, sietch ranks,
/// testing stations, the objective, the prescience deck and the game's
/// generator changed) give the Harkonnen the same sample.
#[test]
fn the_harkonnen_sample_ignores_what_they_cannot_see() {
    let g = limited(None, 41);
    let mut other = g.clone();
    swap_hand_card(&mut other, A);
    other
        .edit(|s| {
            for f in [H, A] {
                for d in &mut s.houses[f].decks {
                    d.reverse();
                }
            }
        })
        .unwrap();
    // Deployment tokens on the board and in the pool, sietch ranks and
    // the testing stations' markers, all face down.
    let holders: Vec<usize> = (0..other.areas().len())
        .filter(|i| !other.areas()[*i].tokens.is_empty())
        .collect();
    assert!(holders.len() >= 2, "sietches start with a token each");
    let mut tokens: Vec<u8> = holders
        .iter()
        .map(|i| other.areas()[*i].tokens[0])
        .collect();
    tokens.extend(other.to_setup().deploy_pool);
    swap_two(&mut tokens);
    other
        .edit(|s| {
            for (n, i) in holders.iter().enumerate() {
                s.areas[*i].tokens[0] = tokens[n];
            }
            s.deploy_pool = tokens.split_off(holders.len()).into();
        })
        .unwrap();
    let mut ranks: Vec<_> = other.areas().iter().filter_map(|a| a.sietch).collect();
    swap_two(&mut ranks);
    let mut marks: Vec<_> = other.areas().iter().filter_map(|a| a.station).collect();
    swap_two(&mut marks);
    other
        .edit(|s| {
            for a in &mut s.areas {
                if let Some(s) = a.sietch.as_mut() {
                    *s = ranks.remove(0);
                }
                if let Some(m) = a.station.as_mut() {
                    *m = marks.remove(0);
                }
            }
        })
        .unwrap();
    let (o, _) = other.objectives();
    let n = data().tables.secret_objectives.len() as u8;
    other
        .edit(|s| {
            s.objective = (o + 1) % n;
            s.objective2 = None;
        })
        .unwrap();
    other
        .edit(|s| {
            s.prescience_deck.reverse();
            s.rng = RngStream::Game.rng(999);
        })
        .unwrap();
    assert_ne!(g, other, "the hidden facts differ");
    assert_eq!(
        g.view(Viewer::Seat(Seat(0))),
        other.view(Viewer::Seat(Seat(0)))
    );
    for n in 0..4 {
        assert_eq!(sample(&g, H, n), sample(&other, H, n), "MC-SIM-01");
    }
    // The Atreides see their hand, tokens, sietches and objective: their
    // samples of the two games differ.
    assert_ne!(sample(&g, A, 0), sample(&other, A, 0));
}

/// MC-SIM-01, MC-SIM-03: the Harkonnen hand, every deck order and the
/// order of the Atreides' own deployment pool, hidden from the Atreides,
/// do not change the Atreides' sample.
#[test]
fn the_atreides_sample_ignores_what_they_cannot_see() {
    let mut g = limited(None, 42);
    random_game(&mut g, &mut chooser(42), 150, |_, _| {});
    assert!(g.to_act().is_some(), "still running");
    let mut other = g.clone();
    swap_hand_card(&mut other, H);
    other.edit(|s| s.houses[A].decks[0].reverse()).unwrap();
    other
        .edit(|s| {
            swap_two(&mut s.deploy_pool);
            s.rng = RngStream::Game.rng(5);
        })
        .unwrap();
    assert_ne!(g, other);
    for n in 0..4 {
        assert_eq!(sample(&g, A, n), sample(&other, A, n), "MC-SIM-01");
    }
}

/// MC-SIM-03: different generators give different samples (the other
/// hand, the deck orders), the same generator the same one.
#[test]
fn the_sample_varies_with_the_generator() {
    let g = limited(None, 43);
    for f in [H, A] {
        assert_eq!(sample(&g, f, 1), sample(&g, f, 1));
        let hands: std::collections::HashSet<Vec<CardId>> = (0..8)
            .map(|n| sample(&g, f, n).house(f.other()).hand.to_vec())
            .collect();
        assert!(hands.len() > 1, "{f:?}: the other hand is redrawn");
    }
}

/// MC-SIM-03 with the Desert War: the Camps' markers (DW-CAMP-04) are
/// drawn anew for the Harkonnen among those in the game, so swapping the
/// marker of a Camp on the board with one off it changes nothing for them;
/// each seat's view is kept.
#[test]
fn the_desert_war_camps_are_redrawn_for_the_harkonnen() {
    use melange::rules::arrakis::{ArrakisOptions, Marker};
    let options = ArrakisOptions {
        desert_war: true,
        ..ArrakisOptions::default()
    };
    let mut g = Arrakis::setup(&options, 44).expect("setup");
    g.edit(|s| s.put_camp(super::super::common::a("s1_3"), Marker::Jihad))
        .unwrap();
    let mut other = Arrakis::setup(&options, 44).expect("setup");
    other
        .edit(|s| s.put_camp(super::super::common::a("s1_3"), Marker::SandDwellers))
        .unwrap();
    assert_ne!(g, other);
    assert_eq!(
        g.view(Viewer::Seat(seat(H))),
        other.view(Viewer::Seat(seat(H)))
    );
    for n in 0..4 {
        let s = sample(&g, H, n);
        assert_eq!(s, sample(&other, H, n), "MC-SIM-01");
        assert_eq!(s.view(Viewer::Seat(seat(H))), g.view(Viewer::Seat(seat(H))));
    }
    assert_eq!(
        sample(&g, A, 0).view(Viewer::Seat(seat(A))),
        g.view(Viewer::Seat(seat(A)))
    );
    let camps: std::collections::HashSet<_> = (0..12)
        .map(|n| {
            sample(&g, H, n).areas()[super::super::common::a("s1_3").index()]
                .expansions
                .desert
                .camp
        })
        .collect();
    assert!(camps.len() > 1, "the Camp's marker is redrawn");
}

/// MC-SIM-03, AR-OPT-02: the top cards the Atreides are reordering stay in
/// their sample (their view shows them); the Harkonnen's sample redraws
/// them with the rest of the Atreides cards.
#[test]
fn the_cards_being_reordered_stay_for_their_owner_only() {
    use melange::rules::arrakis::{Action, ArrakisOptions, DieResult};
    let options = ArrakisOptions {
        overrides: vec![("bene_gesserit_use".into(), "reorder".into())],
        ..ArrakisOptions::default()
    };
    let mut g = Arrakis::setup(&options, 45).expect("setup");
    g.edit(|s| s.turn(A, &[DieResult::Strategy], 1)).unwrap();
    super::super::common::play(&mut g, A, &[Action::Foresee(0)]);
    let top = |g: &Arrakis| -> Vec<CardId> {
        g.house(A).decks[0].iter().rev().take(3).copied().collect()
    };
    let mut moved = false;
    for n in 0..8 {
        let mine = sample(&g, A, n);
        assert_eq!(top(&mine), top(&g), "the view shows them");
        assert_eq!(
            mine.view(Viewer::Seat(seat(A))),
            g.view(Viewer::Seat(seat(A)))
        );
        moved |= top(&sample(&g, H, n)) != top(&g);
    }
    assert!(moved, "hidden from the Harkonnen: redrawn");
}
