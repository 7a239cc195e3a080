//! The Reveal turn (IM-REVEAL) and deck building (IM-DECK): the Reveal
//! boxes, acquiring from the Row and the Reserve, the clean-up, drawing,
//! reshuffling and trashing.
use super::*;

// IM-REVEAL-02 IM-REVEAL-03 IM-REVEAL-05 IM-REVEAL-06 IM-REVEAL-08 IM-DECK-18:
// the hand is revealed, only revealed cards' boxes count, everything goes to
// the discard pile and Persuasion is lost.
#[test]
fn reveal_turn_resolves_boxes_and_cleans_up() {
    let mut g = game(&[
        "dagger",
        "convincing_argument",
        "convincing_argument",
        "dune_the_desert_planet",
    ]);
    send(&mut g, "dune_the_desert_planet", "secure_contract");
    finish_turn(&mut g, 0);
    // Skip the others' turns by revealing seat 0 right away.
    g.edit(|s| {
        s.start_turn(Seat(0));
    })
    .unwrap();
    act(&mut g, Action::Reveal);
    // Dune's Reveal (+1) is not counted: it was played as an Agent.
    assert_eq!(g.player(Seat(0)).persuasion, 4);
    assert_eq!(g.player(Seat(0)).swords, 1);
    act(&mut g, Action::Pass);
    let p = g.player(Seat(0));
    assert_eq!(p.persuasion, 0);
    assert_eq!(p.discard.len(), 4);
    assert!(p.has_revealed);
}

// IM-REVEAL-09: after revealing, the seat takes no more turns this round.
#[test]
fn revealed_seat_is_skipped() {
    let mut g = game(&["dagger"]);
    act(&mut g, Action::Reveal);
    act(&mut g, Action::Pass);
    let round = g.round();
    for _ in 0..40 {
        let Some(s) = g.to_act() else { break };
        if g.view(Viewer::Spectator).phase != "player_turns" || g.round() != round {
            break;
        }
        assert_ne!(s, Seat(0), "{:?}", g.prompt());
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else {
                l[l.len() - 1]
            },
        );
    }
}

// IM-DECK-08 IM-DECK-12 IM-DECK-13 IM-DECK-14 IM-DECK-15 IM-DECK-16
// IM-DECK-17: acquire with pooled Persuasion, to the discard pile, refill.
#[test]
fn acquire_from_row_and_reserve() {
    let mut g = game(&[
        "convincing_argument",
        "convincing_argument",
        "dune_the_desert_planet",
    ]);
    g.edit(|s| {
        s.set_row(&[
            card("dr_yueh"),
            card("scout"),
            card("spice_hunter"),
            card("chani"),
            card("lady_jessica"),
        ])
        .unwrap();
    })
    .unwrap();
    act(&mut g, Action::Reveal);
    assert_eq!(g.player(Seat(0)).persuasion, 5);
    refused(
        &mut g,
        Action::Acquire {
            card: card("lady_jessica"),
            top: false,
        },
        "IM-DECK-13",
    );
    act(
        &mut g,
        Action::Acquire {
            card: card("dr_yueh"),
            top: false,
        },
    );
    act(
        &mut g,
        Action::Acquire {
            card: card("arrakis_liaison"),
            top: false,
        },
    );
    let p = g.player(Seat(0));
    assert_eq!(p.persuasion, 2);
    assert!(p.discard.contains(&card("dr_yueh")) && p.discard.contains(&card("arrakis_liaison")));
    assert_eq!(g.view(Viewer::Spectator).row.len(), 5);
}

// IM-DECK-09: no acquiring outside the Reveal turn.
#[test]
fn no_acquire_on_agent_turn() {
    let mut g = game(&["dagger"]);
    refused(
        &mut g,
        Action::Acquire {
            card: card("arrakis_liaison"),
            top: false,
        },
        "IM-AGENT-01",
    );
}

// IM-DECK-19 IM-DECK-20: The Spice Must Flow costs 9 and gives 1 VP.
#[test]
fn spice_must_flow() {
    let mut g = game(&[]);
    act(&mut g, Action::Reveal);
    g.edit(|s| s.player(Seat(0)).persuasion = 8).unwrap();
    refused(
        &mut g,
        Action::Acquire {
            card: card("the_spice_must_flow"),
            top: false,
        },
        "IM-DECK-13",
    );
    g.edit(|s| s.player(Seat(0)).persuasion = 9).unwrap();
    let vp = g.player(Seat(0)).vp;
    act(
        &mut g,
        Action::Acquire {
            card: card("the_spice_must_flow"),
            top: false,
        },
    );
    assert_eq!(g.player(Seat(0)).vp, vp + 1);
}

// IM-DECK-01: the same 10-card starting deck for everyone.
#[test]
fn starting_decks() {
    let g = Imperium::setup(&ImperiumOptions::players(4), 3).unwrap();
    let mut decks: Vec<Vec<CardId>> = (0..4)
        .map(|s| {
            let p = g.player(Seat(s));
            let mut all: Vec<CardId> = p.deck.iter().chain(p.hand.iter()).copied().collect();
            all.sort();
            all
        })
        .collect();
    assert_eq!(decks[0].len(), 10);
    decks.dedup();
    assert_eq!(decks.len(), 1);
}

// IM-DECK-02: an empty deck is refilled by shuffling the discard pile.
#[test]
fn reshuffle_when_deck_empty() {
    let mut g = game(&["reconnaissance"]);
    g.edit(|s| {
        // The discard pile first: the deck's other cards are trashed.
        s.discard(Seat(0), &[card("dagger"), card("diplomacy")])
            .unwrap()
            .deck(Seat(0), &[])
            .unwrap();
    })
    .unwrap();
    send(&mut g, "reconnaissance", "arrakeen");
    let p = g.player(Seat(0));
    assert_eq!(p.hand.len(), 1);
    assert_eq!(p.deck.len(), 1);
    assert!(p.discard.is_empty());
}

// IM-DECK-03: trashing removes a card for good.
#[test]
fn trash_removes_card() {
    let mut g = game(&["guild_administrator", "dagger"]);
    send(&mut g, "guild_administrator", "secure_contract");
    act(&mut g, Action::Trash(card("dagger"), Zone::Hand));
    assert!(!g.player(Seat(0)).hand.contains(&card("dagger")));
    assert!(g.view(Viewer::Spectator).trash.contains(&card("dagger")));
}

/// Seat 0 reveals Firm Grip (4 Persuasion with the Emperor Alliance) and
/// Convincing Argument with 3 Emperor Influence; Liet-Kynes (acquire: 1
/// Emperor Influence) is in the Row.
fn reveal_game(preset: Preset, overrides: &[(&str, &str)]) -> Imperium {
    let mut g = game_opts(preset, overrides, &["firm_grip", "convincing_argument"]);
    g.edit(|s| s.player(Seat(0)).influence[Faction::Emperor.index()] = 3)
        .unwrap();
    g.edit(|s| {
        s.set_row(&[card("liet_kynes")]).unwrap();
    })
    .unwrap();
    act(&mut g, Action::Reveal);
    g
}

// IM-REVEAL-02 (default, the text): every Reveal box is resolved before
// the acquire step, so an acquisition cannot switch on a Reveal box.
#[test]
fn reveal_02_boxes_before_acquisitions_by_default() {
    let mut g = reveal_game(Preset::Default, &[]);
    assert_eq!(prompt(&g), "acquire");
    let l = legal(&g);
    assert!(l.contains(&Action::Pass));
    assert!(!l.iter().any(|a| matches!(a, Action::Card(_))));
    // Firm Grip's box ran without the Alliance: 2 Persuasion only.
    assert_eq!(g.player(Seat(0)).persuasion, 2);
    g.edit(|s| s.player(Seat(0)).persuasion = 5).unwrap();
    act(
        &mut g,
        Action::Acquire {
            card: card("liet_kynes"),
            top: false,
        },
    );
    assert_eq!(g.alliance(Faction::Emperor), Some(Seat(0)));
    assert_eq!(g.player(Seat(0)).persuasion, 0, "too late for Firm Grip");
}

// IM-REVEAL-02 IM-REVEAL-05 with `reveal_order = published` (docs/rules-decisions.md,
// A2): acquisitions may come between Reveal boxes, chosen one
// at a time; finishing waits until every box is resolved. Acquiring
// Liet-Kynes first gives the Emperor Alliance that Firm Grip's box checks.
#[test]
fn reveal_02_acquire_between_reveal_boxes_when_published() {
    for (preset, ov) in [
        (Preset::Published, vec![]),
        (Preset::Default, vec![("reveal_order", "published")]),
    ] {
        let mut g = reveal_game(preset, &ov);
        assert_eq!(prompt(&g), "acquire");
        assert_eq!(g.player(Seat(0)).persuasion, 0, "no box resolved yet");
        let l = legal(&g);
        assert!(l.contains(&Action::Card(card("firm_grip"))));
        assert!(l.contains(&Action::Card(card("convincing_argument"))));
        assert!(!l.contains(&Action::Pass));
        refused(&mut g, Action::Pass, "IM-REVEAL-05");
        act(&mut g, Action::Card(card("convincing_argument")));
        assert_eq!(g.player(Seat(0)).persuasion, 2);
        assert_eq!(prompt(&g), "acquire");
        g.edit(|s| s.player(Seat(0)).persuasion = 5).unwrap();
        act(
            &mut g,
            Action::Acquire {
                card: card("liet_kynes"),
                top: false,
            },
        );
        assert_eq!(g.alliance(Faction::Emperor), Some(Seat(0)));
        assert_eq!(legal(&g), vec![Action::Card(card("firm_grip"))]);
        act(&mut g, Action::Card(card("firm_grip")));
        assert_eq!(
            g.player(Seat(0)).persuasion,
            4,
            "Firm Grip with the Alliance"
        );
        assert!(legal(&g).contains(&Action::Pass));
        act(&mut g, Action::Pass);
        assert_ne!(seat(&g), Seat(0));
    }
}
