//! Outcome tests for the cards whose effects are bespoke code (`other` in
//! the data), for two leader abilities, and for every Conflict card's
//! rewards (table-driven).

use super::common::*;
use melange::rules::core::{Ruleset, Seat, Viewer};
use melange::rules::imperium::data::data;
use melange::rules::imperium::{Action, Faction, Preset};

// Carryall: at a Maker space, extra spice equal to the space's base spice
// (bonus spice is not doubled); nothing elsewhere. IM-MAKER-05 for the
// harvest itself.
#[test]
fn carryall_doubles_base_spice() {
    for (sp, bonus, want) in [
        ("imperial_basin", 2, 1 + 2 + 1),
        ("hagga_basin", 0, 2 + 2),
        ("the_great_flat", 1, 3 + 1 + 3),
        ("secure_contract", 0, 0),
    ] {
        let mut g = game(&["carryall"]);
        g.edit(|s| s.bonus_spice[at(sp)] = bonus).unwrap();
        let spice = g.player(Seat(0)).spice;
        send(&mut g, "carryall", sp);
        settle(&mut g);
        assert_eq!(g.player(Seat(0)).spice - spice, want, "{sp}");
    }
}

// Guild Bankers: The Spice Must Flow costs 3 less on this Reveal turn
// (IM-DECK-19: 9 otherwise, IM-DECK-13 refused without enough Persuasion).
#[test]
fn guild_bankers_discount_the_spice_must_flow() {
    let tsmf = Action::Acquire {
        card: card("the_spice_must_flow"),
        top: false,
    };
    let mut g = game(&["guild_bankers"]);
    act(&mut g, Action::Reveal);
    g.edit(|s| s.player(Seat(0)).persuasion = 6).unwrap();
    let vp = g.player(Seat(0)).vp;
    assert!(legal(&g).contains(&tsmf));
    act(&mut g, tsmf);
    settle(&mut g);
    assert_eq!(g.player(Seat(0)).persuasion, 0);
    assert_eq!(g.player(Seat(0)).vp, vp + 1);
    // Without Guild Bankers, 6 Persuasion is not enough.
    let mut g = game(&["convincing_argument"]);
    act(&mut g, Action::Reveal);
    g.edit(|s| s.player(Seat(0)).persuasion = 6).unwrap();
    refused(&g, tsmf, "IM-DECK-13");
}

// Other Memory: its second branch puts a Bene Gesserit card from the discard
// pile into the hand; other cards are not offered.
#[test]
fn other_memory_retrieves_a_bene_gesserit_card() {
    let mut g = game(&["other_memory"]);
    g.edit(|s| {
        s.discard(Seat(0), &[card("dagger"), card("the_voice")])
            .unwrap();
    })
    .unwrap();
    send(&mut g, "other_memory", "secure_contract");
    assert_eq!(kind(&g), "choice");
    act(&mut g, Action::Choose(1));
    assert_eq!(kind(&g), "retrieve");
    assert_eq!(legal(&g), vec![Action::Card(card("the_voice"))]);
    refused(&g, Action::Card(card("dagger")), "IM-AGENT-09");
    act(&mut g, Action::Card(card("the_voice")));
    let p = g.player(Seat(0));
    assert_eq!(p.hand.to_vec(), vec![card("the_voice")]);
    assert_eq!(p.discard.to_vec(), vec![card("dagger")]);
}

// The Voice: the chosen space is closed to opponents (refused, IM-AGENT-05,
// state unchanged) but not to the Voice's owner; Recall lifts it.
#[test]
fn the_voice_blocks_a_space_for_opponents() {
    let mut g = game(&["the_voice"]);
    send(&mut g, "the_voice", "secure_contract");
    assert_eq!(kind(&g), "voice");
    act(&mut g, Action::Space(space("wealth")));
    settle(&mut g);
    assert_eq!(seat(&g), Seat(1));
    g.edit(|s| {
        s.hand(Seat(1), &[card("diplomacy")]).unwrap();
    })
    .unwrap();
    refused(&g, send_action("diplomacy", "wealth"), "IM-AGENT-05");
    assert!(legal(&g).contains(&send_action("diplomacy", "foldspace")));
    // The owner may still go there.
    g.edit(|s| {
        s.start_turn(Seat(0));
    })
    .unwrap();
    g.edit(|s| {
        s.hand(Seat(0), &[card("diplomacy")]).unwrap();
    })
    .unwrap();
    assert!(legal(&g).contains(&send_action("diplomacy", "wealth")));
    assert!(g.view(Viewer::Spectator).voice.is_some());
}

// Poison Snooper: look at the top card, then draw it (0) or trash it (1).
#[test]
fn poison_snooper_draw_or_trash() {
    for choice in [0u8, 1] {
        let mut g = game(&["dagger"]);
        g.edit(|s| {
            s.give_intrigue(Seat(0), intrigue("poison_snooper"))
                .unwrap();
        })
        .unwrap();
        let top = *g.player(Seat(0)).deck.last().unwrap();
        let deck = g.player(Seat(0)).deck.len();
        let cards = owned(&g, Seat(0));
        act(&mut g, Action::Intrigue(intrigue("poison_snooper")));
        assert_eq!(kind(&g), "poison_snooper");
        assert_eq!(
            g.view(Viewer::Seat(Seat(0))).prompt.unwrap().card,
            Some(top)
        );
        assert_eq!(g.view(Viewer::Seat(Seat(1))).prompt.unwrap().card, None);
        act(&mut g, Action::Choose(choice));
        let p = g.player(Seat(0));
        assert_eq!(p.deck.len(), deck - 1);
        if choice == 0 {
            assert!(p.hand.contains(&top));
            assert_eq!(owned(&g, Seat(0)), cards);
        } else {
            assert!(!p.hand.contains(&top));
            assert_eq!(owned(&g, Seat(0)), cards - 1);
            assert!(g.view(Viewer::Spectator).trash.contains(&top));
        }
        assert_eq!((seat(&g), kind(&g)), (Seat(0), "turn"));
    }
}

// Recruitment Mission: +1 Persuasion, and cards acquired this turn may go on
// top of the draw deck.
#[test]
fn recruitment_mission_acquire_onto_deck() {
    let mut g = game(&[]);
    let c = g.view(Viewer::Spectator).row[0];
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("recruitment_mission"))
            .unwrap();
    })
    .unwrap();
    act(&mut g, Action::Reveal);
    assert!(
        !legal(&g)
            .iter()
            .any(|a| matches!(a, Action::Acquire { top: true, .. }))
    );
    act(&mut g, Action::Intrigue(intrigue("recruitment_mission")));
    assert_eq!(g.player(Seat(0)).persuasion, 1);
    g.edit(|s| s.player(Seat(0)).persuasion = 20).unwrap();
    act(&mut g, Action::Acquire { card: c, top: true });
    let p = g.player(Seat(0));
    assert_eq!(p.deck.last(), Some(&c));
    assert!(!p.discard.contains(&c));
}

// Refocus: the discard pile is shuffled into the draw deck, then draw 1.
#[test]
fn refocus_shuffles_discard_into_deck() {
    let mut g = game(&["dagger"]);
    g.edit(|s| {
        // The discard pile first: the deck's other cards are trashed.
        s.discard(
            Seat(0),
            &[card("dagger"), card("reconnaissance"), card("signet_ring")],
        )
        .unwrap()
        .deck(Seat(0), &[card("diplomacy"), card("seek_allies")])
        .unwrap()
        .give_intrigue(Seat(0), intrigue("refocus"))
        .unwrap();
    })
    .unwrap();
    act(&mut g, Action::Intrigue(intrigue("refocus")));
    let p = g.player(Seat(0));
    assert!(p.discard.is_empty());
    assert_eq!(p.deck.len(), 4);
    assert_eq!(p.hand.len(), 2);
    // The old deck stays on top: the card drawn is its top card.
    assert_eq!(p.hand[1], card("seek_allies"));
}

// Urgent Mission: an Agent on the board returns to the Leader and can be
// sent again; not playable with no Agent placed.
#[test]
fn urgent_mission_recalls_an_agent() {
    let mut g = game(&["dagger"]);
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("urgent_mission"))
            .unwrap();
    })
    .unwrap();
    refused(
        &g,
        Action::Intrigue(intrigue("urgent_mission")),
        "IM-INTRIGUE-04",
    );
    g.edit(|s| s.occupant[at("rally_troops")] = Some(Seat(0)))
        .unwrap();
    g.edit(|s| s.player(Seat(0)).agents_out = 2).unwrap();
    assert!(!legal(&g).contains(&send_action("dagger", "hall_of_oratory")));
    act(&mut g, Action::Intrigue(intrigue("urgent_mission")));
    assert_eq!(kind(&g), "urgent_mission");
    act(&mut g, Action::Space(space("rally_troops")));
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.occupant[at("rally_troops")], None);
    assert_eq!(v.players[0].agents_left, 1);
    assert!(legal(&g).contains(&send_action("dagger", "rally_troops")));
}

// Dispatch an Envoy: the card played this turn also has the four faction
// icons; not playable on the Reveal turn.
#[test]
fn dispatch_an_envoy_adds_faction_icons() {
    let mut g = game(&["dagger"]);
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("dispatch_an_envoy"))
            .unwrap();
    })
    .unwrap();
    refused(&g, send_action("dagger", "conspire"), "IM-AGENT-04");
    act(&mut g, Action::Intrigue(intrigue("dispatch_an_envoy")));
    send(&mut g, "dagger", "conspire");
    settle(&mut g);
    assert_eq!(g.player(Seat(0)).influence[Faction::Emperor.index()], 1);
    let mut g = game(&[]);
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("dispatch_an_envoy"))
            .unwrap();
    })
    .unwrap();
    act(&mut g, Action::Reveal);
    refused(
        &g,
        Action::Intrigue(intrigue("dispatch_an_envoy")),
        "IM-INTRIGUE-04",
    );
}

// Infiltrate: this turn the Agent may go to a space another player holds.
#[test]
fn infiltrate_enters_an_occupied_space() {
    let mut g = game(&["dune_the_desert_planet"]);
    g.edit(|s| s.occupant[at("secure_contract")] = Some(Seat(1)))
        .unwrap();
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("infiltrate")).unwrap();
    })
    .unwrap();
    refused(
        &g,
        send_action("dune_the_desert_planet", "secure_contract"),
        "IM-AGENT-05",
    );
    act(&mut g, Action::Intrigue(intrigue("infiltrate")));
    let solari = g.player(Seat(0)).solari;
    send(&mut g, "dune_the_desert_planet", "secure_contract");
    assert_eq!(g.player(Seat(0)).solari, solari + 3);
}

// Bindu Suspension: at the start of the turn, draw 1 and the turn may be
// passed (no Agent, no Reveal); not on the Reveal turn.
#[test]
fn bindu_suspension_draw_and_pass() {
    let mut g = game(&["dagger"]);
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("bindu_suspension"))
            .unwrap();
    })
    .unwrap();
    assert!(!legal(&g).contains(&Action::Pass));
    act(&mut g, Action::Intrigue(intrigue("bindu_suspension")));
    assert_eq!(g.player(Seat(0)).hand.len(), 2);
    assert!(legal(&g).contains(&Action::Pass));
    act(&mut g, Action::Pass);
    assert_eq!(seat(&g), Seat(1));
    let p = g.player(Seat(0));
    assert_eq!((p.agents_out, p.has_revealed), (0, false));
    let mut g = game(&[]);
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("bindu_suspension"))
            .unwrap();
    })
    .unwrap();
    act(&mut g, Action::Reveal);
    refused(
        &g,
        Action::Intrigue(intrigue("bindu_suspension")),
        "IM-INTRIGUE-04",
    );
}

const HELENA: [&str; 4] = [
    "helena_richese",
    "glossu_rabban",
    "paul_atreides",
    "earl_memnon_thorvald",
];

// Helena Richese's Manipulate (signet): a row card is set aside (the row is
// refilled); at her Reveal turn it costs 1 less; if not acquired it goes
// under the Imperium deck at clean-up.
#[test]
fn helena_manipulate_sets_a_row_card_aside() {
    for buy in [true, false] {
        let mut g = game_with(HELENA, Preset::Default, &["signet_ring"]);
        let row = g.view(Viewer::Spectator).row.clone();
        let c = *row
            .iter()
            .find(|c| data().card(**c).cost.unwrap_or(0) >= 1)
            .unwrap();
        let cost = data().card(c).cost.unwrap();
        send(&mut g, "signet_ring", "secure_contract");
        assert_eq!(kind(&g), "manipulate");
        act(&mut g, Action::Card(c));
        let v = g.view(Viewer::Spectator);
        assert_eq!(v.row.len(), 5, "row refilled");
        assert_eq!(v.players[0].set_aside, Some(c));
        let deck_count = v.imperium_deck_count;
        settle(&mut g);
        g.edit(|s| {
            s.start_turn(Seat(0));
        })
        .unwrap();
        act(&mut g, Action::Reveal);
        g.edit(|s| s.player(Seat(0)).persuasion = cost - 1).unwrap();
        let take = Action::Acquire {
            card: c,
            top: false,
        };
        if buy {
            act(&mut g, take);
            let p = g.player(Seat(0));
            assert_eq!(p.persuasion, 0);
            assert!(p.discard.contains(&c));
            assert_eq!(p.set_aside, None);
        } else {
            assert!(legal(&g).contains(&take));
            act(&mut g, Action::Pass);
            assert_eq!(g.player(Seat(0)).set_aside, None);
            assert_eq!(
                g.view(Viewer::Spectator).imperium_deck_count,
                deck_count + 1
            );
        }
    }
}

// Baron Harkonnen's Masterstroke: after deploying 4+ troops in one turn he
// may reveal his two secret factions for 1 Influence with each, once per
// game.
#[test]
fn baron_masterstroke() {
    let baron = [
        "baron_vladimir_harkonnen",
        "glossu_rabban",
        "paul_atreides",
        "earl_memnon_thorvald",
    ];
    let mut g = game_with(baron, Preset::Default, &["diplomacy", "seek_allies"]);
    let secret = g.player(Seat(0)).secret_factions;
    assert_eq!(secret.count_ones(), 2);
    g.edit(|s| {
        s.garrison(Seat(0), 3).unwrap();
    })
    .unwrap();
    // Hardy Warriors recruits 2: 2 + 2 from the garrison = 4 deployed.
    send(&mut g, "diplomacy", "hardy_warriors");
    act(&mut g, Action::Troops(4));
    assert_eq!(kind(&g), "masterstroke");
    assert_eq!(
        g.view(Viewer::Seat(Seat(1))).players[0].secret_factions,
        None
    );
    let before = g.player(Seat(0)).influence;
    act(&mut g, Action::Accept);
    let p = g.player(Seat(0));
    for f in Faction::ALL {
        let bump = u8::from(secret & (1 << f.index()) != 0);
        assert_eq!(p.influence[f.index()], before[f.index()] + bump, "{f:?}");
    }
    assert!(p.masterstroke_used);
    assert!(
        g.view(Viewer::Seat(Seat(1))).players[0]
            .secret_factions
            .is_some()
    );
    // Once per game: another 4-troop turn asks nothing.
    g.edit(|s| {
        s.start_turn(Seat(0));
    })
    .unwrap();
    g.edit(|s| {
        s.garrison(Seat(0), 4).unwrap();
    })
    .unwrap();
    send(&mut g, "seek_allies", "stillsuits");
    // Stillsuits recruits nothing: at most 2 from the garrison.
    assert_eq!(legal(&g).len(), 3);
    act(&mut g, Action::Troops(2));
    assert_ne!(kind(&g), "masterstroke");
    // Fewer than 4 troops: not offered.
    let mut g = game_with(baron, Preset::Default, &["diplomacy"]);
    g.edit(|s| {
        s.garrison(Seat(0), 3).unwrap();
    })
    .unwrap();
    send(&mut g, "diplomacy", "hardy_warriors");
    act(&mut g, Action::Troops(3));
    assert_ne!(kind(&g), "masterstroke");
}

/// Gains of one Conflict place: Solari, spice, water, Intrigue cards, VP,
/// Influence steps, cards trashed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Got {
    solari: i32,
    spice: i32,
    water: i32,
    intrigue: i32,
    vp: i32,
    influence: i32,
    trashed: i32,
}

const fn got(solari: i32, spice: i32, water: i32, intrigue: i32, vp: i32, influence: i32) -> Got {
    Got {
        solari,
        spice,
        water,
        intrigue,
        vp,
        influence,
        trashed: 0,
    }
}

/// What the 1st, 2nd and 3rd place seats get, plus the space the winner
/// controls and whether it keeps the Mentat.
type Row = (&'static str, [Got; 3], Option<&'static str>, bool);

// IM-COMBAT-10 IM-COMBAT-11 IM-COMBAT-12 IM-CONTROL-05: every Conflict
// card's 1st, 2nd and 3rd place rewards (conflicts.json), seats at 3, 2 and
// 1 troops, a fourth with none (IM-COMBAT-13: gets nothing). Choices are
// taken by a fixed policy: Influence with the first faction offered
// (Emperor, then Guild), the first branch(es) of a choice, trash a card.
// Influence VP is counted in `vp` (Grand Vision: 2 Emperor = 1 VP).
#[test]
fn every_conflict_reward() {
    #[rustfmt::skip]
    let table: [Row; 18] = [
        ("skirmish_a", [got(0, 0, 0, 0, 1, 0), got(2, 0, 0, 1, 0, 0), got(2, 0, 0, 0, 0, 0)], None, false),
        ("skirmish_b", [got(0, 0, 0, 0, 1, 0), got(0, 0, 1, 0, 0, 0), got(0, 1, 0, 0, 0, 0)], None, false),
        ("skirmish_c", [got(0, 1, 0, 0, 0, 1), got(0, 2, 0, 0, 0, 0), got(0, 1, 0, 0, 0, 0)], None, false),
        ("skirmish_d", [got(2, 0, 0, 0, 0, 1), got(3, 0, 0, 0, 0, 0), got(2, 0, 0, 0, 0, 0)], None, false),
        ("desert_power", [got(0, 0, 1, 0, 1, 0), got(0, 1, 1, 0, 0, 0), got(0, 1, 0, 0, 0, 0)], None, false),
        ("raid_stockpiles", [got(0, 3, 0, 1, 0, 0), got(0, 2, 0, 0, 0, 0), got(0, 1, 0, 0, 0, 0)], None, false),
        ("cloak_and_dagger", [got(0, 0, 0, 2, 0, 1), got(0, 1, 0, 1, 0, 0), got(0, 0, 0, 1, 0, 0)], None, false),
        ("machinations", [got(0, 0, 0, 0, 0, 2), got(2, 0, 1, 0, 0, 0), got(0, 0, 1, 0, 0, 0)], None, false),
        ("sort_through_the_chaos", [got(2, 0, 0, 1, 0, 0), got(2, 0, 0, 1, 0, 0), got(2, 0, 0, 0, 0, 0)], None, true),
        ("terrible_purpose", [Got { trashed: 1, ..got(0, 0, 0, 0, 1, 0) }, got(0, 1, 1, 0, 0, 0), got(0, 1, 0, 0, 0, 0)], None, false),
        ("guild_bank_raid", [got(6, 0, 0, 0, 0, 0), got(4, 0, 0, 0, 0, 0), got(2, 0, 0, 0, 0, 0)], None, false),
        ("siege_of_arrakeen", [got(0, 0, 0, 0, 1, 0), got(4, 0, 0, 0, 0, 0), got(2, 0, 0, 0, 0, 0)], Some("arrakeen"), false),
        ("siege_of_carthag", [got(0, 0, 0, 0, 1, 0), got(0, 1, 0, 1, 0, 0), got(0, 1, 0, 0, 0, 0)], Some("carthag"), false),
        ("secure_imperial_basin", [got(0, 0, 0, 0, 1, 0), got(0, 0, 2, 0, 0, 0), got(0, 0, 1, 0, 0, 0)], Some("imperial_basin"), false),
        ("battle_for_imperial_basin", [got(0, 0, 0, 0, 2, 0), got(0, 5, 0, 0, 0, 0), got(0, 3, 0, 0, 0, 0)], Some("imperial_basin"), false),
        ("grand_vision", [got(0, 0, 0, 1, 1, 2), got(0, 3, 0, 1, 0, 0), got(0, 3, 0, 0, 0, 0)], None, false),
        ("battle_for_carthag", [got(0, 0, 0, 0, 2, 0), got(0, 3, 0, 1, 0, 0), got(0, 3, 0, 0, 0, 0)], Some("carthag"), false),
        ("battle_for_arrakeen", [got(0, 0, 0, 0, 2, 0), got(0, 2, 0, 1, 0, 0), got(2, 0, 0, 1, 0, 0)], Some("arrakeen"), false),
    ];
    assert_eq!(data().conflicts.len(), 18);
    for (id, gains, controls, mentat) in table {
        let mut g = game(&[]);
        g.edit(|s| s.conflict = Some(conflict(id))).unwrap();
        for (s, troops) in [(0u8, 3u8), (1, 2), (2, 1), (3, 0)] {
            g.edit(|x| {
                x.deployed(Seat(s), troops)
                    .unwrap()
                    .discard(Seat(s), &[card("dagger")])
                    .unwrap();
            })
            .unwrap();
        }
        let before: Vec<_> = (0..4).map(|s| g.player(Seat(s)).clone()).collect();
        let cards: Vec<usize> = (0..4).map(|s| owned(&g, Seat(s))).collect();
        g.test_go_to_combat();
        while g.view(Viewer::Spectator).phase == "combat" {
            let l = legal(&g);
            let a = if kind(&g) == "trash" {
                l[0]
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            };
            act(&mut g, a);
        }
        for s in (0..4).map(Seat) {
            let (b, p) = (&before[s.index()], g.player(s));
            let d = |x: u8, y: u8| i32::from(x) - i32::from(y);
            let seen = Got {
                solari: d(p.solari, b.solari),
                spice: d(p.spice, b.spice),
                water: d(p.water, b.water),
                intrigue: p.intrigue.len() as i32 - b.intrigue.len() as i32,
                vp: d(p.vp, b.vp),
                influence: p.influence.iter().map(|v| i32::from(*v)).sum::<i32>()
                    - b.influence.iter().map(|v| i32::from(*v)).sum::<i32>(),
                trashed: cards[s.index()] as i32 - owned(&g, s) as i32,
            };
            let want = gains.get(s.index()).copied().unwrap_or_default();
            assert_eq!(seen, want, "{id}: {s} (place {})", s.0 + 1);
        }
        let want_control = controls.map(space);
        for sp in ["arrakeen", "carthag", "imperial_basin"] {
            let c = g.control(space(sp));
            assert_eq!(
                c == Some(Seat(0)),
                want_control == Some(space(sp)),
                "{id}: {sp}"
            );
        }
        assert_eq!(g.mentat().0 == Some(Seat(0)), mentat, "{id}: Mentat");
    }
}

// Baron Harkonnen's secret Factions at setup: two different Factions; the
// one chosen first is neither offered again nor accepted.
#[test]
fn baron_chooses_two_different_secret_factions() {
    let opts = melange::rules::imperium::ImperiumOptions {
        player_count: 4,
        leaders: [
            "baron_vladimir_harkonnen",
            "glossu_rabban",
            "paul_atreides",
            "earl_memnon_thorvald",
        ]
        .iter()
        .map(|l| Some(l.to_string()))
        .collect(),
        ..Default::default()
    };
    let mut g = melange::rules::imperium::Imperium::setup(&opts, 11).unwrap();
    assert_eq!(kind(&g), "secret_faction");
    let all: Vec<Action> = Faction::ALL.into_iter().map(Action::Faction).collect();
    assert_eq!(legal(&g), all);
    let first = Faction::ALL[1];
    act(&mut g, Action::Faction(first));
    assert_eq!(kind(&g), "secret_faction");
    let rest: Vec<Action> = all
        .iter()
        .copied()
        .filter(|a| *a != Action::Faction(first))
        .collect();
    assert_eq!(legal(&g), rest);
    melange::rules::core::conformance::assert_refused(&g, Seat(0), &Action::Faction(first));
    let second = Faction::ALL[3];
    act(&mut g, Action::Faction(second));
    assert_eq!(
        g.player(Seat(0)).secret_factions,
        (1 << first.index()) | (1 << second.index())
    );
    assert_ne!(kind(&g), "secret_faction");
}
