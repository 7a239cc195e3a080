//! Every board space, card, Intrigue card and leader ability resolves as
//! its data says, one by one.
use super::*;

/// Resolves seat 0's pending decisions with a fixed policy (deploy none,
/// decline trashing, first branch) until another seat or a turn is asked.
fn settle(g: &mut Imperium) {
    for _ in 0..50 {
        let Some(s) = g.to_act() else { return };
        let kind = g.view(Viewer::Spectator).prompt.unwrap().kind;
        if s != Seat(0)
            || matches!(
                kind,
                "turn" | "acquire" | "combat_intrigue" | "endgame_intrigue"
            )
        {
            return;
        }
        let l = legal(g);
        let a = if l.contains(&Action::Troops(0)) {
            Action::Troops(0)
        } else if kind == "trash" {
            Action::Pass
        } else {
            l[0]
        };
        act(g, a);
    }
}

// IM-SPACE-02 IM-SPACE-03 IM-SPACE-04 IM-SPACE-05 IM-SPACE-06 IM-SPACE-07
// IM-SPACE-08 IM-FACTION-03 IM-AGENT-08: every board space's
// cost and effects (table-driven).
#[test]
fn every_board_space() {
    // (space, card, d_solari, d_spice, d_water, d_garrison, d_intrigue, d_hand, faction)
    type Row = (
        &'static str,
        &'static str,
        i32,
        i32,
        i32,
        i32,
        i32,
        i32,
        Option<Faction>,
    );
    let table: &[Row] = &[
        (
            "conspire",
            "diplomacy",
            5,
            -4,
            0,
            2,
            1,
            0,
            Some(Faction::Emperor),
        ),
        (
            "wealth",
            "diplomacy",
            2,
            0,
            0,
            0,
            0,
            0,
            Some(Faction::Emperor),
        ),
        (
            "heighliner",
            "diplomacy",
            0,
            -6,
            2,
            5,
            0,
            0,
            Some(Faction::Guild),
        ),
        (
            "foldspace",
            "diplomacy",
            0,
            0,
            0,
            0,
            0,
            0,
            Some(Faction::Guild),
        ),
        (
            "selective_breeding",
            "diplomacy",
            0,
            -2,
            0,
            0,
            0,
            2,
            Some(Faction::BeneGesserit),
        ),
        (
            "secrets",
            "diplomacy",
            0,
            0,
            0,
            0,
            1,
            0,
            Some(Faction::BeneGesserit),
        ),
        (
            "hardy_warriors",
            "diplomacy",
            0,
            0,
            -1,
            2,
            0,
            0,
            Some(Faction::Fremen),
        ),
        (
            "stillsuits",
            "diplomacy",
            0,
            0,
            1,
            0,
            0,
            0,
            Some(Faction::Fremen),
        ),
        ("hall_of_oratory", "dagger", 0, 0, 0, 1, 0, 0, None),
        ("high_council", "dagger", -5, 0, 0, 0, 0, 0, None),
        ("mentat", "dagger", -2, 0, 0, 0, 0, 1, None),
        ("rally_troops", "dagger", -4, 0, 0, 4, 0, 0, None),
        ("swordmaster", "dagger", -8, 0, 0, 0, 0, 0, None),
        ("arrakeen", "reconnaissance", 0, 0, 0, 1, 0, 1, None),
        ("carthag", "reconnaissance", 0, 0, 0, 1, 1, 0, None),
        (
            "research_station",
            "reconnaissance",
            0,
            0,
            -2,
            0,
            0,
            3,
            None,
        ),
        ("sietch_tabr", "reconnaissance", 0, 0, 1, 1, 0, 0, None),
        (
            "the_great_flat",
            "dune_the_desert_planet",
            0,
            3,
            -2,
            0,
            0,
            0,
            None,
        ),
        (
            "hagga_basin",
            "dune_the_desert_planet",
            0,
            2,
            -1,
            0,
            0,
            0,
            None,
        ),
        (
            "imperial_basin",
            "dune_the_desert_planet",
            0,
            1,
            0,
            0,
            0,
            0,
            None,
        ),
        (
            "secure_contract",
            "dune_the_desert_planet",
            3,
            0,
            0,
            0,
            0,
            0,
            None,
        ),
        (
            "sell_melange",
            "dune_the_desert_planet",
            6,
            -2,
            0,
            0,
            0,
            0,
            None,
        ),
    ];
    assert_eq!(table.len(), 22);
    for &(sp, c, ds, dsp, dw, dg, di, dh, f) in table {
        let mut g = game(&[c]);
        g.edit(|s| s.player(Seat(0)).influence[Faction::Fremen.index()] = 2)
            .unwrap();
        let before = g.player(Seat(0)).clone();
        send(&mut g, c, sp);
        settle(&mut g);
        let p = g.player(Seat(0));
        let d = |a: u8, b: u8| i32::from(a) - i32::from(b);
        assert_eq!(d(p.solari, before.solari), ds, "{sp} solari");
        assert_eq!(d(p.spice, before.spice), dsp, "{sp} spice");
        assert_eq!(d(p.water, before.water), dw, "{sp} water");
        assert_eq!(d(p.garrison, before.garrison), dg, "{sp} garrison");
        assert_eq!(
            p.intrigue.len() as i32 - before.intrigue.len() as i32,
            di,
            "{sp} intrigue"
        );
        assert_eq!(
            p.hand.len() as i32 - (before.hand.len() as i32 - 1),
            dh,
            "{sp} hand"
        );
        for fa in Faction::ALL {
            let want = i32::from(Some(fa) == f) + if fa == Faction::Fremen { 2 } else { 0 };
            assert_eq!(i32::from(p.influence[fa.index()]), want, "{sp} influence");
        }
        assert_eq!(
            g.view(Viewer::Spectator).occupant[space(sp).0 as usize],
            Some(Seat(0))
        );
        match sp {
            "foldspace" => assert!(p.discard.contains(&card("foldspace"))),
            "high_council" => assert!(p.high_council),
            "swordmaster" => assert_eq!(p.agents, 3),
            "mentat" => assert_eq!(g.mentat().0, Some(Seat(0))),
            "hall_of_oratory" => assert_eq!(p.persuasion, 1),
            _ => {}
        }
    }
    // Refusals: Sietch Tabr needs 2 Fremen Influence; one High Council seat,
    // one Swordmaster.
    let mut g = game(&["reconnaissance", "dagger"]);
    refused(
        &mut g,
        Action::SendAgent {
            card: card("reconnaissance"),
            space: space("sietch_tabr"),
        },
        "IM-AGENT-07",
    );
    g.edit(|s| s.player(Seat(0)).high_council = true).unwrap();
    refused(
        &mut g,
        Action::SendAgent {
            card: card("dagger"),
            space: space("high_council"),
        },
        "IM-AGENT-07",
    );
    g.edit(|s| s.player(Seat(0)).swordmaster = true).unwrap();
    refused(
        &mut g,
        Action::SendAgent {
            card: card("dagger"),
            space: space("swordmaster"),
        },
        "IM-AGENT-07",
    );
}

/// Sums the plain gains of an effect list when it holds nothing else.
fn plain_gain(
    list: &[melange::rules::imperium::Effect],
) -> Option<melange::rules::imperium::Amounts> {
    let mut t = melange::rules::imperium::Amounts::default();
    for e in list {
        match e {
            melange::rules::imperium::Effect::Gain(a)
                if a.draw == 0 && a.troops == 0 && a.intrigue == 0 =>
            {
                t.solari += a.solari;
                t.spice += a.spice;
                t.water += a.water;
                t.persuasion += a.persuasion;
                t.swords += a.swords;
                t.vp += a.vp;
            }
            _ => return None,
        }
    }
    Some(t)
}

// IM-DECK-04 IM-DECK-05 IM-DECK-06 IM-DECK-07: every card's Reveal, Agent and
// Acquire boxes resolve (table-driven from the data); plain gains add up.
#[test]
fn every_card_resolves() {
    let d = data();
    for (i, c) in d.cards.iter().enumerate() {
        let id = CardId(i as u8);
        // Reveal box.
        let mut g = game(&[]);
        g.edit(|s| {
            s.hand(Seat(0), &[id]).unwrap();
        })
        .unwrap();
        g.edit(|s| {
            s.garrison(Seat(0), 3).unwrap();
        })
        .unwrap();
        g.edit(|s| {
            s.deployed(Seat(0), 1).unwrap();
        })
        .unwrap();
        let before = g.player(Seat(0)).clone();
        act(&mut g, Action::Reveal);
        settle(&mut g);
        if let Some(want) = plain_gain(&c.reveal) {
            let p = g.player(Seat(0));
            assert_eq!(
                p.persuasion - before.persuasion,
                want.persuasion,
                "{} reveal persuasion",
                c.id
            );
            assert_eq!(
                p.swords - before.swords,
                want.swords,
                "{} reveal swords",
                c.id
            );
            assert_eq!(
                p.solari - before.solari,
                want.solari,
                "{} reveal solari",
                c.id
            );
            assert_eq!(p.spice - before.spice, want.spice, "{} reveal spice", c.id);
        }
        // Agent box: to any space the card can reach.
        if c.icons != 0 {
            let mut g = game(&[]);
            g.edit(|s| {
                s.hand(Seat(0), &[id]).unwrap();
            })
            .unwrap();
            let l = legal(&g);
            let a = l
                .iter()
                .find(|a| matches!(a, Action::SendAgent { .. }))
                .copied();
            let a = a.unwrap_or_else(|| panic!("{} has no legal Agent space", c.id));
            act(&mut g, a);
            settle(&mut g);
            let p = g.player(Seat(0));
            let trashes_itself = c.agent.iter().any(|e| match e {
                melange::rules::imperium::Effect::TrashThis => true,
                melange::rules::imperium::Effect::Optional(s) => {
                    s.contains(&melange::rules::imperium::Effect::TrashThis)
                }
                _ => false,
            });
            assert_eq!(p.played.contains(&id), !trashes_itself, "{} in play", c.id);
        }
        // Acquire effect (buyable cards).
        if c.cost.is_some_and(|k| k > 0) {
            let mut g = game(&[]);
            // An Imperium card is put in the Row; a Reserve card is
            // acquired from its pile.
            if !data().reserve.contains(&id) {
                g.edit(|s| {
                    s.set_row(&[id]).unwrap();
                })
                .unwrap();
            }
            act(&mut g, Action::Reveal);
            g.edit(|s| s.player(Seat(0)).persuasion = 20).unwrap();
            let vp = g.player(Seat(0)).vp;
            act(
                &mut g,
                Action::Acquire {
                    card: id,
                    top: false,
                },
            );
            settle(&mut g);
            let p = g.player(Seat(0));
            assert!(p.discard.contains(&id), "{} acquired", c.id);
            if let Some(want) = plain_gain(&c.acquire) {
                assert_eq!(p.vp - vp, want.vp, "{} acquire vp", c.id);
            }
        }
    }
}

// IM-INTRIGUE-01 IM-INTRIGUE-02 IM-INTRIGUE-05 IM-INTRIGUE-06 IM-INTRIGUE-07:
// every Intrigue card is offered in its own window only
// and resolves.
#[test]
fn every_intrigue_card() {
    let d = data();
    for (i, c) in d.intrigues.iter().enumerate() {
        let id = IntrigueId(i as u8);
        let mut g = game(&["dagger"]);
        g.edit(|s| {
            s.deployed(Seat(0), 3).unwrap();
        })
        .unwrap();
        g.edit(|s| {
            s.deployed(Seat(1), 1).unwrap();
        })
        .unwrap();
        g.edit(|s| s.player(Seat(0)).influence = [3, 3, 3, 1])
            .unwrap();
        g.edit(|s| {
            s.give_intrigue(Seat(0), id).unwrap();
        })
        .unwrap();
        let on_turn = legal(&g).contains(&Action::Intrigue(id));
        use melange::rules::imperium::data::IntrigueKind;
        match c.kind {
            IntrigueKind::Plot => {
                let needs = matches!(
                    c.id.as_str(),
                    "councilors_dispensation" | "allied_armada" | "urgent_mission"
                );
                assert!(on_turn || needs, "{} offered on the Agent turn", c.id);
                if on_turn {
                    act(&mut g, Action::Intrigue(id));
                    settle(&mut g);
                    assert!(!g.player(Seat(0)).intrigue.contains(&id));
                }
            }
            IntrigueKind::Combat | IntrigueKind::Endgame => {
                assert!(!on_turn, "{} not on the Agent turn", c.id);
            }
        }
        if c.kind == IntrigueKind::Combat && !c.after_win {
            let mut g = game(&[]);
            g.edit(|s| {
                s.deployed(Seat(0), 3).unwrap();
            })
            .unwrap();
            g.edit(|s| s.player(Seat(0)).influence = [4, 0, 0, 0])
                .unwrap();
            g.edit(|s| {
                s.give_intrigue(Seat(0), id).unwrap();
            })
            .unwrap();
            g.test_go_to_combat();
            let l = legal(&g);
            let needs_alliance = c.id == "allied_armada";
            if !needs_alliance {
                assert!(l.contains(&Action::Intrigue(id)), "{} in combat", c.id);
                act(&mut g, Action::Intrigue(id));
                settle(&mut g);
            }
        }
    }
}

// Leader abilities and signet rings (bespoke code).
#[test]
fn leader_abilities() {
    // Leto: Landsraad spaces cost 1 less.
    let mut g = game_with(
        [
            "duke_leto_atreides",
            "glossu_rabban",
            "countess_ariana_thorvald",
            "earl_memnon_thorvald",
        ],
        &["dagger"],
    );
    g.edit(|s| s.player(Seat(0)).solari = 3).unwrap();
    send(&mut g, "dagger", "rally_troops");
    assert_eq!(g.player(Seat(0)).solari, 0);
    // Ariana: harvest 1 less, draw 1.
    let mut g = game_with(
        [
            "countess_ariana_thorvald",
            "glossu_rabban",
            "paul_atreides",
            "earl_memnon_thorvald",
        ],
        &["dune_the_desert_planet"],
    );
    g.edit(|s| s.player(Seat(0)).spice = 0).unwrap();
    send(&mut g, "dune_the_desert_planet", "imperial_basin");
    assert_eq!(g.player(Seat(0)).spice, 0);
    assert_eq!(g.player(Seat(0)).hand.len(), 1);
    // Ilban: draws when paying Solari for a space.
    let mut g = game_with(
        [
            "count_ilban_richese",
            "glossu_rabban",
            "paul_atreides",
            "earl_memnon_thorvald",
        ],
        &["dagger"],
    );
    send(&mut g, "dagger", "rally_troops");
    assert_eq!(g.player(Seat(0)).hand.len(), 1);
    // Memnon: Influence on a High Council seat.
    let mut g = game_with(
        [
            "earl_memnon_thorvald",
            "glossu_rabban",
            "paul_atreides",
            "countess_ariana_thorvald",
        ],
        &["dagger"],
    );
    send(&mut g, "dagger", "high_council");
    act(&mut g, Action::Faction(Faction::Guild));
    assert_eq!(g.player(Seat(0)).influence[Faction::Guild.index()], 1);
    // Rabban: +1 spice +1 Solari at setup; signet recruits.
    let opts = ImperiumOptions {
        player_count: 3,
        leaders: vec![
            Some("glossu_rabban".into()),
            Some("paul_atreides".into()),
            Some("earl_memnon_thorvald".into()),
        ],
        ..Default::default()
    };
    let g = Imperium::setup(&opts, 5).unwrap();
    assert_eq!((g.player(Seat(0)).spice, g.player(Seat(0)).solari), (1, 1));
    // Paul: sees his top card.
    let g = game(&[]);
    let v = g.view(Viewer::Seat(Seat(0)));
    assert_eq!(
        v.players[0].deck_top,
        g.player(Seat(0)).deck.last().copied()
    );
    assert_eq!(g.view(Viewer::Seat(Seat(1))).players[0].deck_top, None);
    // Helena: may enter an occupied Spice Trade space.
    let mut g = game_with(
        [
            "helena_richese",
            "glossu_rabban",
            "paul_atreides",
            "earl_memnon_thorvald",
        ],
        &["dune_the_desert_planet"],
    );
    g.edit(|s| s.occupant[at("secure_contract")] = Some(Seat(1)))
        .unwrap();
    send(&mut g, "dune_the_desert_planet", "secure_contract");
    // Baron: two secret factions before round 1.
    let opts = ImperiumOptions {
        player_count: 3,
        leaders: vec![Some("baron_vladimir_harkonnen".into())],
        ..Default::default()
    };
    let mut g = Imperium::setup(&opts, 5).unwrap();
    assert_eq!(
        g.view(Viewer::Spectator).prompt.unwrap().kind,
        "secret_faction"
    );
    act(&mut g, Action::Faction(Faction::Emperor));
    act(&mut g, Action::Faction(Faction::Fremen));
    assert_eq!(
        g.view(Viewer::Seat(Seat(1))).players[0].secret_factions,
        None
    );
    assert_eq!(
        g.view(Viewer::Seat(Seat(0))).players[0].secret_factions,
        Some(vec![Faction::Emperor, Faction::Fremen])
    );
}
