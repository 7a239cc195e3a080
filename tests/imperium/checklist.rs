//! One test per rule (docs/rules/imperium.md) that had no exact-ID test before: board
//! spaces and icons, Control, Sell Melange, Intrigue timing, parts of the
//! Agent and Reveal turns and of deck building, plus the engine's answers
//! that became decisions (Alliance handover, Kwisatz Haderach, High
//! Council). Every test names its exact rule ID in a comment.

use super::common::*;
use melange::rules::core::conformance::assert_refused;
use melange::rules::core::{RuleError, Ruleset, Seat, Viewer};
use melange::rules::imperium::data::{IntrigueKind, data};
use melange::rules::imperium::{Action, Faction, Icon, Imperium, Preset, SpaceId};

fn ids(list: &[&str]) -> Vec<SpaceId> {
    let mut v: Vec<SpaceId> = list.iter().map(|s| space(s)).collect();
    v.sort();
    v
}

/// The spaces of an icon in the data.
fn icon_spaces(icon: Icon) -> Vec<SpaceId> {
    let mut v: Vec<SpaceId> = data()
        .spaces
        .iter()
        .enumerate()
        .filter(|(_, s)| s.icon == icon)
        .map(|(i, _)| SpaceId(i as u8))
        .collect();
    v.sort();
    v
}

/// Seat 0 with `c` in hand and every requirement of every space met.
fn reach_game(c: &str) -> Imperium {
    let mut g = game(&[c]);
    g.edit(|s| s.player(Seat(0)).influence[Faction::Fremen.index()] = 2)
        .unwrap();
    g
}

const EMPEROR: [&str; 2] = ["conspire", "wealth"];
const GUILD: [&str; 2] = ["foldspace", "heighliner"];
const BENE_GESSERIT: [&str; 2] = ["secrets", "selective_breeding"];
const FREMEN: [&str; 2] = ["hardy_warriors", "stillsuits"];
const LANDSRAAD: [&str; 5] = [
    "hall_of_oratory",
    "high_council",
    "mentat",
    "rally_troops",
    "swordmaster",
];
const CITY: [&str; 4] = ["arrakeen", "carthag", "research_station", "sietch_tabr"];
const SPICE_TRADE: [&str; 5] = [
    "the_great_flat",
    "hagga_basin",
    "imperial_basin",
    "secure_contract",
    "sell_melange",
];

// IM-SPACE-01: exactly seven Agent icons, and every space uses one of them.
#[test]
fn space_01_seven_icons() {
    assert_eq!(Icon::ALL.len(), 7);
    for icon in Icon::ALL {
        assert!(!icon_spaces(icon).is_empty(), "{icon:?} reaches a space");
    }
    let total: usize = Icon::ALL.iter().map(|i| icon_spaces(*i).len()).sum();
    assert_eq!(total, data().spaces.len());
}

// IM-SPACE-02: the Emperor icon reaches Conspire and Wealth.
#[test]
fn space_02_emperor() {
    assert_eq!(icon_spaces(Icon::Emperor), ids(&EMPEROR));
    // Imperial Spy has only the Emperor icon.
    assert_eq!(
        reachable(&reach_game("imperial_spy"), "imperial_spy"),
        ids(&EMPEROR)
    );
}

// IM-SPACE-03: the Spacing Guild icon reaches Foldspace and Heighliner.
#[test]
fn space_03_guild() {
    assert_eq!(icon_spaces(Icon::Guild), ids(&GUILD));
    // Space Travel has only the Spacing Guild icon.
    assert_eq!(
        reachable(&reach_game("space_travel"), "space_travel"),
        ids(&GUILD)
    );
}

// IM-SPACE-04: the Bene Gesserit icon reaches Secrets and Selective Breeding.
#[test]
fn space_04_bene_gesserit() {
    assert_eq!(icon_spaces(Icon::BeneGesserit), ids(&BENE_GESSERIT));
}

// IM-SPACE-05: the Fremen icon reaches Hardy Warriors and Stillsuits.
#[test]
fn space_05_fremen() {
    assert_eq!(icon_spaces(Icon::Fremen), ids(&FREMEN));
    // Diplomacy carries the four faction icons: exactly the 8 faction spaces.
    let all: Vec<&str> = [EMPEROR, GUILD, BENE_GESSERIT, FREMEN].concat();
    assert_eq!(reachable(&reach_game("diplomacy"), "diplomacy"), ids(&all));
}

// IM-SPACE-06: the Landsraad icon reaches Hall of Oratory, High Council,
// Mentat, Rally Troops and Swordmaster.
#[test]
fn space_06_landsraad() {
    assert_eq!(icon_spaces(Icon::Landsraad), ids(&LANDSRAAD));
    assert_eq!(reachable(&reach_game("dagger"), "dagger"), ids(&LANDSRAAD));
}

// IM-SPACE-07: the City icon reaches Arrakeen, Carthag, Research Station and
// Sietch Tabr.
#[test]
fn space_07_city() {
    assert_eq!(icon_spaces(Icon::City), ids(&CITY));
    assert_eq!(
        reachable(&reach_game("reconnaissance"), "reconnaissance"),
        ids(&CITY)
    );
}

// IM-SPACE-08: the Spice Trade icon reaches The Great Flat, Hagga Basin,
// Imperial Basin, Secure Contract and Sell Melange.
#[test]
fn space_08_spice_trade() {
    assert_eq!(icon_spaces(Icon::SpiceTrade), ids(&SPICE_TRADE));
    assert_eq!(
        reachable(
            &reach_game("dune_the_desert_planet"),
            "dune_the_desert_planet"
        ),
        ids(&SPICE_TRADE)
    );
}

// IM-SPACE-09: 22 spaces in all, each reached by exactly one icon.
#[test]
fn space_09_twenty_two_spaces() {
    assert_eq!(data().spaces.len(), 22);
    let lists: [&[&str]; 7] = [
        &EMPEROR,
        &GUILD,
        &BENE_GESSERIT,
        &FREMEN,
        &LANDSRAAD,
        &CITY,
        &SPICE_TRADE,
    ];
    let mut all: Vec<SpaceId> = lists.iter().flat_map(|l| ids(l)).collect();
    all.sort();
    all.dedup();
    assert_eq!(
        all.len(),
        22,
        "the seven lists are disjoint and cover the board"
    );
    // Foldspace (all seven icons) reaches all 22 spaces when they are free.
    assert_eq!(reachable(&reach_game("foldspace"), "foldspace").len(), 22);
}

/// Sends seat 0's only card to `sp` with 3 troops in the garrison and
/// returns the prompt kinds seen until the turn ends, and the troops then
/// in the Conflict.
fn visit(sp: &str) -> (Vec<&'static str>, u8) {
    let mut g = reach_game("foldspace");
    g.edit(|s| {
        s.garrison(Seat(0), 3).unwrap();
    })
    .unwrap();
    send(&mut g, "foldspace", sp);
    let mut kinds = Vec::new();
    for _ in 0..30 {
        if g.to_act() != Some(Seat(0)) || kind(&g) == "turn" {
            break;
        }
        kinds.push(kind(&g));
        let l = legal(&g);
        let a = if l.contains(&Action::Troops(1)) {
            Action::Troops(1)
        } else if l.contains(&Action::Pass) {
            Action::Pass
        } else {
            l[0]
        };
        act(&mut g, a);
    }
    (kinds, g.player(Seat(0)).conflict)
}

const COMBAT: [&str; 10] = [
    "arrakeen",
    "carthag",
    "the_great_flat",
    "hagga_basin",
    "imperial_basin",
    "research_station",
    "sietch_tabr",
    "hardy_warriors",
    "stillsuits",
    "heighliner",
];

// IM-SPACE-10: the ten Combat spaces offer deployment to the Conflict.
#[test]
fn space_10_combat_spaces() {
    let mut flagged: Vec<SpaceId> = data()
        .spaces
        .iter()
        .enumerate()
        .filter(|(_, s)| s.combat)
        .map(|(i, _)| SpaceId(i as u8))
        .collect();
    flagged.sort();
    assert_eq!(flagged, ids(&COMBAT));
    for sp in COMBAT {
        let (kinds, conflict) = visit(sp);
        assert!(kinds.contains(&"deploy"), "{sp}: deploy offered");
        assert_eq!(conflict, 1, "{sp}: deployed");
    }
}

// IM-SPACE-11: every other space is a non-Combat space: no deployment.
#[test]
fn space_11_non_combat_spaces() {
    for s in &data().spaces {
        if COMBAT.contains(&s.id.as_str()) {
            continue;
        }
        assert!(!s.combat, "{}", s.id);
        let (kinds, conflict) = visit(&s.id);
        assert!(!kinds.contains(&"deploy"), "{}: no deploy", s.id);
        assert_eq!(conflict, 0, "{}", s.id);
    }
}

// IM-SPACE-12: the two spaces of each faction icon belong to that faction,
// and a visit gives 1 Influence with it.
#[test]
fn space_12_faction_spaces() {
    for (f, list) in [
        (Faction::Emperor, EMPEROR),
        (Faction::Guild, GUILD),
        (Faction::BeneGesserit, BENE_GESSERIT),
        (Faction::Fremen, FREMEN),
    ] {
        for sp in list {
            assert_eq!(data().space(space(sp)).faction, Some(f), "{sp}");
            let mut g = reach_game("diplomacy");
            let before = g.player(Seat(0)).influence;
            send(&mut g, "diplomacy", sp);
            settle(&mut g);
            let after = g.player(Seat(0)).influence;
            assert_eq!(after[f.index()], before[f.index()] + 1, "{sp}");
        }
    }
}

// IM-SPACE-13: Landsraad, City and Spice Trade spaces give no Influence.
#[test]
fn space_13_no_faction_no_influence() {
    for list in [&LANDSRAAD[..], &CITY[..], &SPICE_TRADE[..]] {
        for sp in list {
            assert_eq!(data().space(space(sp)).faction, None, "{sp}");
            let mut g = reach_game("foldspace");
            let before = g.player(Seat(0)).influence;
            send(&mut g, "foldspace", sp);
            settle(&mut g);
            assert_eq!(g.player(Seat(0)).influence, before, "{sp}");
        }
    }
}

// IM-AGENT-09: the space's effects, the card's Agent box and the Faction
// Influence all resolve (the engine uses one fixed order, see
// docs/rules-decisions.md "Order of an Agent turn's effects").
#[test]
fn agent_09_all_three_parts_resolve() {
    let mut g = game(&["seek_allies"]);
    let before = g.player(Seat(0)).clone();
    send(&mut g, "seek_allies", "wealth");
    settle(&mut g);
    let p = g.player(Seat(0));
    assert_eq!(p.solari, before.solari + 2, "space effect");
    assert_eq!(
        p.influence[Faction::Emperor.index()],
        1,
        "faction Influence"
    );
    assert!(
        !p.played.contains(&card("seek_allies")),
        "Agent box (trash this card)"
    );
}

// IM-REVEAL-04: revealed cards are kept apart from the cards played on Agent
// turns.
#[test]
fn reveal_04_revealed_apart_from_played() {
    let mut g = game(&["dagger", "convincing_argument"]);
    send(&mut g, "dagger", "hall_of_oratory");
    settle(&mut g);
    g.edit(|s| {
        s.start_turn(Seat(0));
    })
    .unwrap();
    g.edit(|s| s.player(Seat(0)).agents_out = 2).unwrap();
    act(&mut g, Action::Reveal);
    let p = g.player(Seat(0));
    assert_eq!(p.played.to_vec(), vec![card("dagger")]);
    assert_eq!(p.revealed.to_vec(), vec![card("convincing_argument")]);
}

// IM-REVEAL-07: at the Reveal turn the Combat marker is set to the total
// strength (2 per troop plus swords), and stays there after clean-up.
#[test]
fn reveal_07_strength_set() {
    let mut g = game(&["dagger", "dagger"]);
    g.edit(|s| {
        s.deployed(Seat(0), 2).unwrap();
    })
    .unwrap();
    act(&mut g, Action::Reveal);
    assert_eq!(g.view(Viewer::Spectator).players[0].strength, 2 * 2 + 2);
    act(&mut g, Action::Pass);
    assert_eq!(g.strength(Seat(0)), 6);
}

// IM-DECK-10: the Imperium Row shows 5 cards, and still 5 after a purchase.
#[test]
fn deck_10_row_of_five() {
    let mut g = game(&[]);
    assert_eq!(g.view(Viewer::Spectator).row.len(), 5);
    act(&mut g, Action::Reveal);
    g.edit(|s| s.player(Seat(0)).persuasion = 20).unwrap();
    let c = g.view(Viewer::Spectator).row[0];
    act(
        &mut g,
        Action::Acquire {
            card: c,
            top: false,
        },
    );
    assert_eq!(g.view(Viewer::Spectator).row.len(), 5);
}

// IM-DECK-11: the Reserve offers Arrakis Liaison and The Spice Must Flow
// (Foldspace is taken only at its space).
#[test]
fn deck_11_reserve() {
    let mut g = game(&[]);
    g.edit(|s| {
        s.set_row(&[]).unwrap();
    })
    .unwrap();
    act(&mut g, Action::Reveal);
    g.edit(|s| s.player(Seat(0)).persuasion = 20).unwrap();
    let offered: Vec<_> = legal(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Acquire { card, .. } => Some(card),
            _ => None,
        })
        .collect();
    assert_eq!(
        offered,
        vec![card("arrakis_liaison"), card("the_spice_must_flow")]
    );
    refused(
        &g,
        Action::Acquire {
            card: card("foldspace"),
            top: false,
        },
        "IM-DECK-13",
    );
}

// IM-CONTROL-01: only Arrakeen, Carthag and Imperial Basin can be controlled.
#[test]
fn control_01_three_spaces() {
    let mut c: Vec<SpaceId> = data()
        .spaces
        .iter()
        .enumerate()
        .filter(|(_, s)| s.controllable)
        .map(|(i, _)| SpaceId(i as u8))
        .collect();
    c.sort();
    assert_eq!(c, ids(&["arrakeen", "carthag", "imperial_basin"]));
    for cf in &data().conflicts {
        if let Some(s) = cf.controls {
            assert!(c.contains(&s), "{}", cf.id);
        }
    }
}

/// Seat `owner` controls `sp`; seat 0 visits it with `c`; returns the
/// controller's (Solari, spice) gain.
fn control_bonus(owner: Seat, sp: &str, c: &str) -> (i32, i32) {
    let mut g = game(&[c]);
    g.edit(|s| s.control[at(sp)] = Some(owner)).unwrap();
    let before = g.player(owner).clone();
    send(&mut g, c, sp);
    settle(&mut g);
    let p = g.player(owner);
    (
        i32::from(p.solari) - i32::from(before.solari),
        i32::from(p.spice) - i32::from(before.spice),
    )
}

// IM-CONTROL-02: Arrakeen's control bonus is 1 Solari.
#[test]
fn control_02_arrakeen() {
    assert_eq!(control_bonus(Seat(2), "arrakeen", "reconnaissance"), (1, 0));
}

// IM-CONTROL-03: Carthag's control bonus is 1 Solari.
#[test]
fn control_03_carthag() {
    assert_eq!(control_bonus(Seat(2), "carthag", "reconnaissance"), (1, 0));
}

// IM-CONTROL-04: Imperial Basin's control bonus is 1 spice.
#[test]
fn control_04_imperial_basin() {
    assert_eq!(
        control_bonus(Seat(2), "imperial_basin", "dune_the_desert_planet"),
        (0, 1)
    );
}

/// Seat 0 alone in the Conflict wins it; the Combat phase is played out.
fn win_conflict(g: &mut Imperium) {
    g.edit(|s| {
        s.deployed(Seat(0), 1).unwrap();
    })
    .unwrap();
    g.test_go_to_combat();
    while g.view(Viewer::Spectator).phase == "combat" {
        let l = legal(g);
        let a = if l.contains(&Action::Pass) {
            Action::Pass
        } else {
            l[0]
        };
        act(g, a);
    }
}

// IM-CONTROL-05: winning a Conflict that grants control places the marker.
#[test]
fn control_05_win_places_marker() {
    let mut g = game(&[]);
    g.edit(|s| s.conflict = Some(conflict("siege_of_carthag")))
        .unwrap();
    win_conflict(&mut g);
    assert_eq!(g.control(space("carthag")), Some(Seat(0)));
    // A Conflict that grants no control moves no marker.
    let mut g = game(&[]);
    g.edit(|s| s.conflict = Some(conflict("guild_bank_raid")))
        .unwrap();
    win_conflict(&mut g);
    for sp in ["arrakeen", "carthag", "imperial_basin"] {
        assert_eq!(g.control(space(sp)), None);
    }
}

// IM-CONTROL-06: a new controller's marker replaces the previous one.
#[test]
fn control_06_marker_replaced() {
    let mut g = game(&[]);
    g.edit(|s| s.control[at("imperial_basin")] = Some(Seat(3)))
        .unwrap();
    g.edit(|s| s.conflict = Some(conflict("secure_imperial_basin")))
        .unwrap();
    win_conflict(&mut g);
    assert_eq!(g.control(space("imperial_basin")), Some(Seat(0)));
    assert_eq!(
        g.view(Viewer::Spectator).control[at("imperial_basin")],
        Some(Seat(0))
    );
}

// IM-CONTROL-07: the controller gains the bonus on every visit, its own
// included.
#[test]
fn control_07_every_visit_own_included() {
    // Arrakeen itself gives no Solari, so the +1 is the bonus.
    assert_eq!(control_bonus(Seat(0), "arrakeen", "reconnaissance"), (1, 0));
    assert_eq!(control_bonus(Seat(1), "arrakeen", "reconnaissance"), (1, 0));
    assert_eq!(control_bonus(Seat(3), "carthag", "reconnaissance"), (1, 0));
}

/// Seat 0 with `spice` spice sells at Sell Melange, taking row `k`; returns
/// (Solari gained, spice paid).
fn sell(preset: Preset, spice: u8, k: u8) -> (u8, u8) {
    let mut g = game_with(NEUTRAL, preset, &["dune_the_desert_planet"]);
    g.edit(|s| s.player(Seat(0)).spice = spice).unwrap();
    g.edit(|s| s.player(Seat(0)).solari = 0).unwrap();
    send(&mut g, "dune_the_desert_planet", "sell_melange");
    assert_eq!(kind(&g), "sell_melange");
    act(&mut g, Action::Choose(k));
    let p = g.player(Seat(0));
    (p.solari, spice - p.spice)
}

// IM-MELANGE-01: Sell Melange exchanges spice for Solari by the table.
#[test]
fn melange_01_exchange_table() {
    let mut g = game(&["dune_the_desert_planet"]);
    g.edit(|s| s.player(Seat(0)).spice = 5).unwrap();
    send(&mut g, "dune_the_desert_planet", "sell_melange");
    assert_eq!(
        legal(&g),
        (0..4).map(Action::Choose).collect::<Vec<_>>(),
        "the four rows"
    );
}

// IM-MELANGE-02: 2 spice for 6 Solari.
#[test]
fn melange_02_two_for_six() {
    assert_eq!(sell(Preset::Default, 5, 0), (6, 2));
}

// IM-MELANGE-03: 3 spice for 8 Solari.
#[test]
fn melange_03_three_for_eight() {
    assert_eq!(sell(Preset::Default, 5, 1), (8, 3));
}

// IM-MELANGE-04: 4 spice for 9 Solari (10 in the `published` preset).
#[test]
fn melange_04_four_for_nine() {
    assert_eq!(sell(Preset::Default, 5, 2), (9, 4));
    assert_eq!(sell(Preset::Published, 5, 2), (10, 4));
}

// IM-MELANGE-05: 5 spice for 10 Solari (12 in the `published` preset).
#[test]
fn melange_05_five_for_ten() {
    assert_eq!(sell(Preset::Default, 5, 3), (10, 5));
    assert_eq!(sell(Preset::Published, 5, 3), (12, 5));
}

// IM-MELANGE-06: one exchange per turn, even with spice for more.
#[test]
fn melange_06_one_exchange() {
    let mut g = game(&["dune_the_desert_planet"]);
    g.edit(|s| s.player(Seat(0)).spice = 10).unwrap();
    g.edit(|s| s.player(Seat(0)).solari = 0).unwrap();
    send(&mut g, "dune_the_desert_planet", "sell_melange");
    act(&mut g, Action::Choose(0));
    assert_ne!(kind(&g), "sell_melange");
    assert_eq!(g.player(Seat(0)).solari, 6);
    assert_eq!(g.player(Seat(0)).spice, 8);
}

// IM-MELANGE-07: no other exchange: not 1 spice, not more than 5.
#[test]
fn melange_07_only_listed_exchanges() {
    // 10 spice: still only the four rows (2 to 5 spice).
    let mut g = game(&["dune_the_desert_planet"]);
    g.edit(|s| s.player(Seat(0)).spice = 10).unwrap();
    send(&mut g, "dune_the_desert_planet", "sell_melange");
    assert_eq!(legal(&g).len(), 4);
    refused(&g, Action::Choose(4), "IM-MELANGE-07");
    // 3 spice: only the 2- and 3-spice rows.
    let mut g = game(&["dune_the_desert_planet"]);
    g.edit(|s| s.player(Seat(0)).spice = 3).unwrap();
    send(&mut g, "dune_the_desert_planet", "sell_melange");
    assert_eq!(legal(&g), vec![Action::Choose(0), Action::Choose(1)]);
    refused(&g, Action::Choose(2), "IM-MELANGE-07");
    // 1 spice: the space is refused, state unchanged.
    let mut g = game(&["dune_the_desert_planet"]);
    g.edit(|s| s.player(Seat(0)).spice = 1).unwrap();
    refused(
        &g,
        send_action("dune_the_desert_planet", "sell_melange"),
        "IM-MELANGE-07",
    );
}

// IM-INTRIGUE-01: three kinds, Plot, Combat and Endgame; each is used.
#[test]
fn intrigue_01_three_kinds() {
    let d = data();
    for k in [
        IntrigueKind::Plot,
        IntrigueKind::Combat,
        IntrigueKind::Endgame,
    ] {
        assert!(d.intrigues.iter().any(|i| i.kind == k), "{k:?}");
    }
    assert_eq!(
        d.intrigues.iter().map(|i| u32::from(i.copies)).sum::<u32>(),
        40
    );
}

// IM-INTRIGUE-02: a Plot on one's own Agent turn; the turn goes on.
#[test]
fn intrigue_02_plot_on_agent_turn() {
    let mut g = game(&["dagger"]);
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("windfall")).unwrap();
    })
    .unwrap();
    act(&mut g, Action::Intrigue(intrigue("windfall")));
    assert_eq!(g.player(Seat(0)).solari, 12);
    assert_eq!((seat(&g), kind(&g)), (Seat(0), "turn"));
    assert!(legal(&g).contains(&send_action("dagger", "rally_troops")));
}

// IM-INTRIGUE-03: a Plot on one's own Reveal turn.
#[test]
fn intrigue_03_plot_on_reveal_turn() {
    let mut g = game(&[]);
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("charisma")).unwrap();
    })
    .unwrap();
    act(&mut g, Action::Reveal);
    assert_eq!(kind(&g), "acquire");
    act(&mut g, Action::Intrigue(intrigue("charisma")));
    assert_eq!(g.player(Seat(0)).persuasion, 2);
    assert_eq!(kind(&g), "acquire");
}

// IM-INTRIGUE-04: no Plot outside its owner's Agent and Reveal turns: not
// on another seat's turn, not in the Combat phase.
#[test]
fn intrigue_04_plot_outside_own_turns_refused() {
    let mut g = game(&["dagger"]);
    g.edit(|s| {
        s.give_intrigue(Seat(1), intrigue("windfall")).unwrap();
    })
    .unwrap();
    let e = assert_refused(&g, Seat(1), &Action::Intrigue(intrigue("windfall")));
    assert!(matches!(e, RuleError::NotYourTurn { .. }), "{e:?}");
    g.edit(|s| {
        s.deployed(Seat(1), 1).unwrap();
    })
    .unwrap();
    g.test_go_to_combat();
    assert_eq!((seat(&g), kind(&g)), (Seat(1), "combat_intrigue"));
    assert!(!legal(&g).contains(&Action::Intrigue(intrigue("windfall"))));
    refused(&g, Action::Intrigue(intrigue("windfall")), "IM-INTRIGUE-04");
}

// IM-INTRIGUE-05: Combat Intrigue cards are played in the Combat phase.
#[test]
fn intrigue_05_combat_card_in_combat() {
    let mut g = game(&[]);
    g.edit(|s| {
        s.deployed(Seat(0), 1).unwrap();
    })
    .unwrap();
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("ambush")).unwrap();
    })
    .unwrap();
    g.test_go_to_combat();
    assert_eq!((seat(&g), kind(&g)), (Seat(0), "combat_intrigue"));
    act(&mut g, Action::Intrigue(intrigue("ambush")));
    assert_eq!(g.strength(Seat(0)), 2 + 4);
}

// IM-INTRIGUE-06: a Combat Intrigue card is refused on Agent and Reveal
// turns, with the state unchanged.
#[test]
fn intrigue_06_combat_card_refused_on_turns() {
    let mut g = game(&["dagger"]);
    g.edit(|s| {
        s.deployed(Seat(0), 1).unwrap();
    })
    .unwrap();
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("ambush")).unwrap();
    })
    .unwrap();
    assert!(!legal(&g).contains(&Action::Intrigue(intrigue("ambush"))));
    refused(&g, Action::Intrigue(intrigue("ambush")), "IM-INTRIGUE-06");
    act(&mut g, Action::Reveal);
    assert_eq!(kind(&g), "acquire");
    refused(&g, Action::Intrigue(intrigue("ambush")), "IM-INTRIGUE-06");
}

// IM-INTRIGUE-07: Endgame Intrigue cards are played at the end of the game,
// not before.
#[test]
fn intrigue_07_endgame_card_at_the_end() {
    let mut g = game(&["dagger"]);
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("plans_within_plans"))
            .unwrap();
    })
    .unwrap();
    refused(
        &g,
        Action::Intrigue(intrigue("plans_within_plans")),
        "IM-INTRIGUE-07",
    );
    g.edit(|s| s.player(Seat(0)).influence = [3, 3, 3, 0])
        .unwrap();
    g.edit(|s| s.conflict_deck.clear()).unwrap();
    g.test_go_to_combat();
    while kind(&g) != "endgame_intrigue" {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    assert_eq!(seat(&g), Seat(0));
    let vp = g.player(Seat(0)).vp;
    act(&mut g, Action::Intrigue(intrigue("plans_within_plans")));
    // 3 Influence on three tracks: 1 VP.
    assert_eq!(g.player(Seat(0)).vp, vp + 1);
}

// Alliance handover (docs/rules-decisions.md, A10a): a
// holder who loses Influence while tied with several seats picks which of
// them takes the token; with one tied seat it moves at once.
#[test]
fn alliance_handover_holder_picks() {
    for tied in [vec![Seat(1), Seat(2)], vec![Seat(3)]] {
        let mut g = game(&["diplomacy", "shifting_allegiances"]);
        g.edit(|s| s.player(Seat(0)).influence[Faction::Guild.index()] = 3)
            .unwrap();
        send(&mut g, "diplomacy", "foldspace");
        settle(&mut g);
        assert_eq!(g.alliance(Faction::Guild), Some(Seat(0)));
        for &s in &tied {
            g.edit(|x| x.player(s).influence[Faction::Guild.index()] = 4)
                .unwrap();
        }
        let vp: Vec<u8> = (0..4).map(|s| g.player(Seat(s)).vp).collect();
        g.edit(|s| {
            s.start_turn(Seat(0));
        })
        .unwrap();
        g.edit(|s| s.player(Seat(0)).agents_out = 0).unwrap();
        send(&mut g, "shifting_allegiances", "secure_contract");
        act(&mut g, Action::Accept);
        act(&mut g, Action::Faction(Faction::Guild));
        let to = if tied.len() > 1 {
            assert_eq!((seat(&g), kind(&g)), (Seat(0), "alliance_handover"));
            assert_eq!(
                legal(&g),
                vec![Action::Opponent(Seat(1)), Action::Opponent(Seat(2))]
            );
            assert_refused(&g, Seat(0), &Action::Opponent(Seat(3)));
            act(&mut g, Action::Opponent(Seat(2)));
            Seat(2)
        } else {
            tied[0]
        };
        assert_eq!(g.alliance(Faction::Guild), Some(to));
        assert_eq!(g.player(to).vp, vp[to.index()] + 1);
        assert_eq!(g.player(Seat(0)).vp, vp[0] - 1);
    }
}

// Kwisatz Haderach (cards.json: "the Agent sent may be one already on a
// board space (it moves)"), with IM-AGENT-17: no other card can be played
// without an Agent on the Leader.
#[test]
fn kwisatz_haderach_moves_a_placed_agent() {
    let mut g = game(&["kwisatz_haderach", "dagger"]);
    g.edit(|s| s.occupant[at("wealth")] = Some(Seat(0)))
        .unwrap();
    g.edit(|s| s.occupant[at("carthag")] = Some(Seat(0)))
        .unwrap();
    g.edit(|s| s.player(Seat(0)).agents_out = 2).unwrap();
    refused(&g, send_action("dagger", "rally_troops"), "IM-AGENT-17");
    let hand = g.player(Seat(0)).hand.len();
    send(&mut g, "kwisatz_haderach", "secure_contract");
    assert_eq!(kind(&g), "kwisatz_haderach");
    // No Agent on the Leader: one of the placed Agents must move.
    let l = legal(&g);
    assert_eq!(l.len(), 2);
    assert!(l.contains(&Action::Space(space("wealth"))));
    assert!(l.contains(&Action::Space(space("carthag"))));
    act(&mut g, Action::Space(space("wealth")));
    settle(&mut g);
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.occupant[at("wealth")], None);
    assert_eq!(v.occupant[at("secure_contract")], Some(Seat(0)));
    assert_eq!(v.players[0].agents_left, 0);
    let p = g.player(Seat(0));
    assert_eq!(p.solari, 13, "Secure Contract resolved");
    assert_eq!(p.hand.len(), hand - 1 + 1, "played one, drew one");
    // With an Agent on the Leader, the player may use it instead (Pass).
    let mut g = game(&["kwisatz_haderach"]);
    g.edit(|s| s.occupant[at("wealth")] = Some(Seat(0)))
        .unwrap();
    g.edit(|s| s.player(Seat(0)).agents_out = 1).unwrap();
    send(&mut g, "kwisatz_haderach", "secure_contract");
    assert_eq!(
        legal(&g),
        vec![Action::Space(space("wealth")), Action::Pass]
    );
    act(&mut g, Action::Pass);
    assert_eq!(g.view(Viewer::Spectator).players[0].agents_left, 0);
    assert_eq!(
        g.view(Viewer::Spectator).occupant[at("wealth")],
        Some(Seat(0))
    );
    // With no Agent placed, no question is asked.
    let mut g = game(&["kwisatz_haderach"]);
    send(&mut g, "kwisatz_haderach", "secure_contract");
    assert_ne!(kind(&g), "kwisatz_haderach");
}

// High Council: the seat's Persuasion at every Reveal turn is read from
// board.json (`visit_rules.high_council_reveal_persuasion`, 2).
#[test]
fn high_council_persuasion_from_data() {
    assert_eq!(data().setup.high_council_persuasion, 2);
    let mut g = game(&[]);
    g.edit(|s| s.player(Seat(0)).high_council = true).unwrap();
    act(&mut g, Action::Reveal);
    assert_eq!(g.player(Seat(0)).persuasion, 2);
    let mut g = game(&[]);
    act(&mut g, Action::Reveal);
    assert_eq!(g.player(Seat(0)).persuasion, 0);
}

// IM-START-02: Round Start in order: the Conflict is revealed, then every
// player draws (the defensive bonus comes last, see IM-START-05 tests).
#[test]
fn start_02_conflict_then_draws() {
    use melange::rules::imperium::{Event, ImperiumOptions};
    let opts = ImperiumOptions {
        player_count: 4,
        leaders: NEUTRAL.iter().map(|l| Some(l.to_string())).collect(),
        ..Default::default()
    };
    let (_, ev) = Imperium::setup_with_events(&opts, 3).unwrap();
    let conflict = ev
        .iter()
        .position(|e| matches!(e, Event::RoundStarted { .. }))
        .unwrap();
    let first_draw = ev
        .iter()
        .position(|e| matches!(e, Event::Drew { .. }))
        .unwrap();
    assert!(conflict < first_draw);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Event::Drew { .. }))
            .count(),
        4 * 5
    );
}

// IM-INTRIGUE-08: Intrigue cards are held apart from the deck: never drawn
// into the hand, never shuffled in. IM-INTRIGUE-09: gained at Carthag,
// Conspire and Secrets, and from card effects.
#[test]
fn intrigue_08_09_held_apart_and_where_gained() {
    for sp in ["carthag", "conspire", "secrets"] {
        let mut g = reach_game("foldspace");
        let n = g.player(Seat(0)).intrigue.len();
        send(&mut g, "foldspace", sp);
        settle(&mut g);
        assert_eq!(g.player(Seat(0)).intrigue.len(), n + 1, "{sp}");
    }
    // From a card effect: Refocus draws Imperium cards only, and its
    // reshuffle leaves the Intrigue hand alone.
    let mut g = game(&["dagger"]);
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("windfall")).unwrap();
    })
    .unwrap();
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("refocus")).unwrap();
    })
    .unwrap();
    g.edit(|s| {
        // The discard pile first: the deck's other cards are trashed.
        s.discard(Seat(0), &[card("diplomacy"), card("reconnaissance")])
            .unwrap()
            .deck(Seat(0), &[])
            .unwrap();
    })
    .unwrap();
    let cards = owned(&g, Seat(0));
    act(&mut g, Action::Intrigue(intrigue("refocus")));
    let p = g.player(Seat(0));
    assert_eq!(p.intrigue.to_vec(), vec![intrigue("windfall")]);
    assert_eq!(
        owned(&g, Seat(0)),
        cards,
        "no Intrigue card entered the deck"
    );
    assert_eq!(p.hand.len(), 2);
    // An Intrigue gained from a Conflict reward also stays apart.
    let mut g = game(&[]);
    g.edit(|s| s.conflict = Some(conflict("raid_stockpiles")))
        .unwrap();
    let cards = owned(&g, Seat(0));
    let n = g.player(Seat(0)).intrigue.len();
    g.edit(|s| {
        s.deployed(Seat(0), 1).unwrap();
    })
    .unwrap();
    g.test_go_to_combat();
    while g.view(Viewer::Spectator).phase == "combat" {
        act(&mut g, Action::Pass);
    }
    assert_eq!(g.player(Seat(0)).intrigue.len(), n + 1);
    assert_eq!(owned(&g, Seat(0)), cards);
}

// IM-START-01: a round runs Round Start, Agent and Reveal turns, Combat,
// Makers and Recall, in that order (seen in the events of one round).
#[test]
fn start_01_five_phases_in_order() {
    use melange::rules::imperium::{Event, ImperiumOptions};
    let opts = ImperiumOptions {
        player_count: 3,
        leaders: NEUTRAL[..3].iter().map(|l| Some(l.to_string())).collect(),
        ..Default::default()
    };
    let (mut g, mut ev) = Imperium::setup_with_events(&opts, 4).unwrap();
    while ev
        .iter()
        .filter(|e| matches!(e, Event::RoundStarted { .. }))
        .count()
        < 2
    {
        let l = legal(&g);
        let a = if l.contains(&Action::Reveal) {
            Action::Reveal
        } else if l.contains(&Action::Pass) {
            Action::Pass
        } else {
            l[0]
        };
        let s = seat(&g);
        g.apply(s, &a, &mut ev).unwrap();
    }
    let at = |f: &dyn Fn(&Event) -> bool| ev.iter().position(f).unwrap();
    let order = [
        at(&|e| matches!(e, Event::RoundStarted { .. })),
        at(&|e| matches!(e, Event::Revealed { .. })),
        at(&|e| matches!(e, Event::ConflictResolved { .. })),
        at(&|e| matches!(e, Event::BonusSpice { .. })),
        at(&|e| matches!(e, Event::Recall)),
        ev.iter()
            .rposition(|e| matches!(e, Event::RoundStarted { .. }))
            .unwrap(),
    ];
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
}
