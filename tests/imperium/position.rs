//! A position as plain data (`Setup`): every game's own setup comes back
//! as the same game, through its text too, with the effects in progress;
//! an edited setup plays from where it was put; and a setup the rules
//! could never reach is refused with the rule it breaks, the game
//! unchanged. The random playouts hold every position they pass through to
//! the same checks (`playout.rs`, `hagal.rs`).
use super::common::{act, card, intrigue, space};
use melange::rules::core::conformance::{
    assert_edit_refused, assert_setup_fixture, setup_plays_on, setup_round_trip, text_round_trip,
};
use melange::rules::core::{Ruleset, Seat};
use melange::rules::imperium::{
    Action, CardId, Imperium, ImperiumOptions, Preset, Prompt, Setup, SetupError, Task,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The fixture a setup's text is pinned by (rewritten by `SETUP_UPDATE=1`).
const FIXTURE: &str = "tests/fixtures/imperium-setup.json";

fn options(players: u8, preset: Preset) -> ImperiumOptions {
    ImperiumOptions {
        preset,
        ..ImperiumOptions::players(players)
    }
}

fn game() -> Imperium {
    Imperium::setup(&options(4, Preset::Default), 7).unwrap()
}

/// A change made to a setup.
type Edit = fn(&mut Setup);

/// The rule a refused setup names (the game unchanged).
fn refused(g: &Imperium, change: impl FnOnce(&mut Setup)) -> SetupError {
    assert_edit_refused(g, change)
}

/// The setup and its text both come back as `g`.
fn round_trip(g: &Imperium, what: &str) {
    setup_round_trip(g)
        .and_then(|()| text_round_trip(g))
        .unwrap_or_else(|e| panic!("{what}: {e}"));
}

#[test]
fn every_new_game_comes_back_from_its_setup_and_its_text() {
    for players in 1..=4 {
        for preset in [Preset::Default, Preset::Published] {
            for seed in 0..3 {
                let g = Imperium::setup(&options(players, preset), seed).unwrap();
                round_trip(&g, &format!("{players} players, {preset:?}, seed {seed}"));
            }
        }
    }
}

/// Every position of seeded random games, rivals and the `published`
/// preset's decisions included, comes back through its text: the effect
/// lists paused on the stack and in the prompts are named by their place
/// in the data and read back as the same lists.
#[test]
fn every_position_of_random_games_comes_back_from_its_text() {
    let mut paused = 0;
    let tables = [
        (4, Preset::Default),
        (3, Preset::Published),
        (2, Preset::Default),
        (1, Preset::Published),
    ];
    for ((players, preset), seed) in tables.into_iter().flat_map(|t| (0..5).map(move |s| (t, s))) {
        let mut g = Imperium::setup(&options(players, preset), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = g.to_act() {
            round_trip(&g, &format!("{players} players, seed {seed}"));
            let setup = g.to_setup();
            let choice = matches!(
                setup.prompt,
                Some(Prompt::Choice { .. } | Prompt::Optional { .. } | Prompt::Opponent { .. })
            );
            let running = setup
                .stack
                .iter()
                .any(|t| matches!(t, Task::Run { list, .. } if !list.is_empty()));
            paused += usize::from(choice || running);
            let mut legal = Vec::new();
            g.legal_actions(seat, &mut legal);
            let a = legal[rng.random_range(0..legal.len())];
            g.apply(seat, &a, &mut Vec::new()).unwrap();
        }
        round_trip(&g, &format!("{players} players, seed {seed}, the end"));
    }
    assert!(
        paused > 200,
        "only {paused} positions with effects in progress"
    );
}

#[test]
fn a_game_built_from_its_setup_plays_on_as_the_original() {
    // The hidden facts (decks, pools, the generator) come across too: the
    // same actions give the same events.
    setup_plays_on(&game(), 300).unwrap();
}

#[test]
fn an_edited_setup_plays_from_where_it_was_put() {
    // IM-AGENT-01 IM-AGENT-03 IM-AGENT-08 from a position built as data:
    // seat 0's turn with a Dagger in hand and 4 Solari; Rally Troops
    // costs them and recruits 4 troops.
    let mut g = game();
    g.edit(|s| {
        s.start_turn(Seat(0));
        s.hand(Seat(0), &[card("dagger")]).expect("a Dagger");
        s.player(Seat(0)).solari = 4;
        s.troops(Seat(0), 3, 0).expect("troops");
    })
    .unwrap();
    act(
        &mut g,
        Action::SendAgent {
            card: card("dagger"),
            space: space("rally_troops"),
        },
    );
    let s = g.to_setup();
    let p = &s.players[0];
    assert_eq!(p.played.to_vec(), vec![card("dagger")]);
    assert_eq!((p.solari, p.garrison, p.agents_out), (0, 3 + 4, 1));
    assert!(g.check_position().is_ok());
}

#[test]
fn the_edits_keep_the_counts() {
    let g = game();
    let mut edited = g.clone();
    edited
        .edit(|s| {
            // A Reserve card, an Imperium card and a starter in one hand.
            let liaison = card("arrakis_liaison");
            let row = s.imperium_deck[0];
            s.hand(Seat(1), &[liaison, row, card("dagger")])
                .expect("cards");
            s.give_intrigue(Seat(1), intrigue("bribery"))
                .expect("Intrigue");
            let top = s.imperium_deck[..5].to_vec();
            s.set_row(&top).expect("the deck's top");
            s.troops(Seat(1), 0, 12).expect("troops");
        })
        .unwrap();
    let s = edited.to_setup();
    assert_eq!(s.players[1].hand.len(), 3);
    assert_eq!(s.players[1].conflict, 12);
    // Cards from nowhere are not given.
    let mut s = g.to_setup();
    assert!(s.hand(Seat(0), &[CardId(0); 40]).is_none());
    assert!(s.troops(Seat(0), 10, 10).is_none());
}

#[test]
fn the_pile_troop_and_conflict_edits_keep_the_counts() {
    let g = game();
    let before = g.to_setup();
    let mut edited = g.clone();
    edited
        .edit(|s| {
            // A starter and a Reserve card, then a starter; what the piles
            // held is trashed.
            s.discard(Seat(0), &[card("diplomacy"), card("arrakis_liaison")])
                .expect("cards");
            s.deck(Seat(0), &[card("dagger")]).expect("a Dagger");
            s.garrison(Seat(0), 5).expect("troops");
            s.deployed(Seat(0), 4).expect("troops");
            let bottom = s.conflict_deck[0];
            s.conflict_on_top(bottom).expect("a Conflict of the deck");
        })
        .unwrap();
    let s = edited.to_setup();
    let p = &s.players[0];
    assert_eq!(p.deck.to_vec(), vec![card("dagger")]);
    assert_eq!(
        p.discard.to_vec(),
        vec![card("diplomacy"), card("arrakis_liaison")]
    );
    assert_eq!((p.supply, p.garrison, p.conflict), (3, 5, 4));
    assert_eq!(s.conflict_deck.len(), before.conflict_deck.len());
    assert_eq!(s.conflict_deck.last(), before.conflict_deck.first());
    // More troops than the supply holds, a card from nowhere and a Conflict
    // revealed already are not given.
    let mut s = g.to_setup();
    assert!(s.garrison(Seat(0), 13).is_none());
    assert!(s.deployed(Seat(0), 13).is_none());
    assert!(s.discard(Seat(0), &[CardId(0); 40]).is_none());
    let revealed = s.conflict_deck.pop().expect("a Conflict card");
    s.conflicts_seen.push(revealed);
    assert!(s.conflict_on_top(revealed).is_none());
}

#[test]
fn a_troop_from_nowhere_is_refused_im_combat_18() {
    let g = game();
    let e = refused(&g, |s| s.player(Seat(2)).garrison += 1);
    assert_eq!(e.rule, "IM-COMBAT-18");
    let e = refused(&g, |s| s.player(Seat(0)).conflict += 2);
    assert_eq!(e.rule, "IM-COMBAT-18");
}

#[test]
fn a_card_from_nowhere_is_refused_im_deck_03() {
    let g = game();
    let e = refused(&g, |s| s.player(Seat(1)).hand.push(card("dagger")));
    assert_eq!(e.rule, "IM-DECK-03");
    // A card lost from the Row, or a Reserve card counted twice.
    let e = refused(&g, |s| {
        s.row.pop();
    });
    assert_eq!(e.rule, "IM-DECK-03");
    let e = refused(&g, |s| s.reserve[0] += 1);
    assert_eq!(e.rule, "IM-DECK-03");
}

#[test]
fn an_intrigue_from_nowhere_is_refused_im_intrigue_08() {
    let g = game();
    let e = refused(&g, |s| s.player(Seat(0)).intrigue.push(intrigue("bribery")));
    assert_eq!(e.rule, "IM-INTRIGUE-08");
}

#[test]
fn house_hagal_holds_no_cards_resources_or_vp_im_hagal_09_10_12() {
    let g = Imperium::setup(&options(2, Preset::Default), 5).unwrap();
    let hagal = Seat(2);
    let cases: [(&str, Edit); 4] = [
        ("IM-HAGAL-10", |s| {
            // Moved, not made: the cards are counted, the holder is wrong.
            let c = s.player(Seat(0)).deck.pop().unwrap();
            s.player(Seat(2)).deck.push(c);
        }),
        ("IM-HAGAL-09", |s| s.player(Seat(2)).spice = 1),
        ("IM-HAGAL-09", |s| s.player(Seat(2)).solari = 2),
        ("IM-HAGAL-12", |s| s.player(Seat(2)).vp = 1),
    ];
    for (rule, change) in cases {
        let e = refused(&g, change);
        assert_eq!(e.rule, rule, "{e}");
        assert!(e.message.contains(&hagal.to_string()), "{e}");
    }
}

#[test]
fn a_rival_asked_to_decide_is_refused_im_hagal_04_im_solo_03() {
    let two = Imperium::setup(&options(2, Preset::Default), 5).unwrap();
    let e = refused(&two, |s| {
        s.start_turn(Seat(2));
    });
    assert_eq!(e.rule, "IM-HAGAL-04");
    let solo = Imperium::setup(&options(1, Preset::Default), 5).unwrap();
    let e = refused(&solo, |s| {
        s.start_turn(Seat(1));
    });
    assert_eq!(e.rule, "IM-SOLO-03");
}

#[test]
fn a_setup_of_the_wrong_shape_is_refused() {
    let g = game();
    let cases: [(&str, Edit); 6] = [
        ("without rivals", |s| {
            s.players.truncate(2);
        }),
        ("leader of no kind", |s| s.players[0].leader.0 = 200),
        ("Imperium card of no kind", |s| {
            s.players[1].hand.push(CardId(250))
        }),
        ("Intrigue card of no kind", |s| {
            s.intrigue_discard
                .push(melange::rules::imperium::IntrigueId(250))
        }),
        ("not at the table", |s| s.first = Seat(4)),
        ("not at the table", |s| s.occupant[3] = Some(Seat(9))),
    ];
    for (words, change) in cases {
        let e = refused(&g, change);
        assert_eq!(e.rule, "SETUP", "{words}");
        assert!(e.message.contains(words), "{words}: {e}");
    }
    let two = Imperium::setup(&options(2, Preset::Default), 5).unwrap();
    let e = refused(&two, |s| {
        let extra = s.players[0].clone();
        s.players.push(extra);
    });
    assert_eq!(e.rule, "SETUP");
    assert!(e.message.contains("rival game"), "{e}");
}

#[test]
fn text_that_is_no_setup_is_refused() {
    let e = Setup::from_text("{\"round\": 1}").unwrap_err();
    assert_eq!(e.rule, "TEXT");
    let mut text = game().to_setup().to_text();
    text.truncate(text.len() / 2);
    assert_eq!(Setup::from_text(&text).unwrap_err().rule, "TEXT");
}

#[test]
fn an_effect_list_the_data_does_not_have_is_refused() {
    // Rabban's setup effect waits on the stack of a game not yet started:
    // its path names the data's list; a path the data does not have is
    // no setup.
    let opts = ImperiumOptions {
        leaders: vec![Some("glossu_rabban".into())],
        ..options(3, Preset::Default)
    };
    let g = Imperium::test_setup_unstarted(&opts, 1).unwrap();
    let text = g.to_setup().to_text();
    let path = "\"leader/glossu_rabban/setup_effects\"";
    assert!(text.contains(path), "{text}");
    let read = Setup::from_text(&text).unwrap();
    assert_eq!(Imperium::from_setup(read).unwrap(), g);
    let e = Setup::from_text(&text.replace(path, "\"leader/glossu_rabban/nothing\"")).unwrap_err();
    assert_eq!(e.rule, "TEXT");
    assert!(e.message.contains("no effect list"), "{e}");
}

/// A position in the middle of a game, kept as text: it reads back into
/// the game it was written from, and its text is byte for byte what the
/// engine writes, so a change to the form shows in review.
#[test]
fn a_setup_fixture_reads_back_and_is_written_the_same() {
    // A 2-player game with House Hagal, stopped where an effect list is
    // in progress, so the fixture shows how its text names one.
    let mut g = Imperium::setup(&options(2, Preset::Published), 11).unwrap();
    for step in 0..400 {
        let running = g
            .to_setup()
            .stack
            .iter()
            .any(|t| matches!(t, Task::Run { list, .. } if !list.is_empty()));
        if step >= 40 && running {
            break;
        }
        let Some(seat) = g.to_act() else { break };
        let mut acts = Vec::new();
        g.legal_actions(seat, &mut acts);
        g.apply(seat, &acts[0], &mut Vec::new()).unwrap();
    }
    assert_setup_fixture(&g, FIXTURE);
}
