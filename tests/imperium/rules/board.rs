//! The board (IM-SPACE, IM-FACTION, IM-CONTROL, IM-MELANGE): board facts,
//! Influence VP, Alliances and the 4-Influence bonus, Control, Sell
//! Melange.
use super::*;

// IM-SPACE-09 IM-SPACE-10 IM-SPACE-12 IM-SPACE-13: the board facts from data
// (one test per IM-SPACE rule in the `checklist` tests).
#[test]
fn board_facts() {
    let d = data();
    assert_eq!(d.spaces.len(), 22);
    let combat: Vec<&str> = d
        .spaces
        .iter()
        .filter(|s| s.combat)
        .map(|s| s.id.as_str())
        .collect();
    for id in [
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
    ] {
        assert!(combat.contains(&id));
    }
    assert_eq!(combat.len(), 10);
    for s in &d.spaces {
        assert_eq!(s.faction.is_some(), (s.icon as u8) < 4, "{}", s.id);
    }
}

// IM-FACTION-01 IM-FACTION-02 IM-FACTION-03 IM-FACTION-04 IM-FACTION-05:
// Influence from faction spaces, VP at 2, lost below 2.
#[test]
fn influence_vp_at_two() {
    let mut g = game(&["diplomacy", "seek_allies", "shifting_allegiances"]);
    let vp = g.player(Seat(0)).vp;
    send(&mut g, "diplomacy", "stillsuits");
    finish_turn(&mut g, 0);
    g.edit(|s| {
        s.start_turn(Seat(0));
    })
    .unwrap();
    send(&mut g, "seek_allies", "hardy_warriors");
    finish_turn(&mut g, 0);
    assert_eq!(g.player(Seat(0)).influence[Faction::Fremen.index()], 2);
    assert_eq!(g.player(Seat(0)).vp, vp + 1);
    // Shifting Allegiances: lose 1 Fremen, gain 2 Emperor.
    g.edit(|s| {
        s.start_turn(Seat(0));
    })
    .unwrap();
    g.edit(|s| s.player(Seat(0)).agents_out = 0).unwrap();
    send(&mut g, "shifting_allegiances", "secure_contract");
    act(&mut g, Action::Accept);
    act(&mut g, Action::Faction(Faction::Fremen));
    act(&mut g, Action::Faction(Faction::Emperor));
    let p = g.player(Seat(0));
    assert_eq!(p.influence[Faction::Fremen.index()], 1);
    assert_eq!(p.influence[Faction::Emperor.index()], 2);
    assert_eq!(p.vp, vp + 1, "lost Fremen VP, gained Emperor VP");
}

// IM-FACTION-06 IM-FACTION-07 IM-FACTION-08 IM-FACTION-09 IM-FACTION-10
// IM-FACTION-11: bonus at 4 (one-time by default), Alliance moves.
#[test]
fn alliance_and_bonus() {
    let mut g = game(&["diplomacy"]);
    g.edit(|s| s.player(Seat(0)).influence[Faction::Guild.index()] = 3)
        .unwrap();
    let solari = g.player(Seat(0)).solari;
    let vp = g.player(Seat(0)).vp;
    send(&mut g, "diplomacy", "foldspace");
    let p = g.player(Seat(0));
    assert_eq!(p.solari, solari + 3, "Guild bonus");
    assert_eq!(g.alliance(Faction::Guild), Some(Seat(0)));
    assert_eq!(p.vp, vp + 1);
    // Seat 1 ties at 4: no change; rises to 5: takes it.
    finish_turn(&mut g, 0);
    g.edit(|s| {
        s.start_turn(Seat(1));
    })
    .unwrap();
    g.edit(|s| s.player(Seat(1)).influence[Faction::Guild.index()] = 3)
        .unwrap();
    g.edit(|s| {
        s.hand(Seat(1), &[card("diplomacy"), card("seek_allies")])
            .unwrap();
    })
    .unwrap();
    g.edit(|s| s.player(Seat(1)).spice = 6).unwrap();
    send(&mut g, "diplomacy", "heighliner");
    assert_eq!(
        g.alliance(Faction::Guild),
        Some(Seat(0)),
        "a tie does not take it"
    );
    finish_turn(&mut g, 0);
    g.edit(|s| s.occupant[at("foldspace")] = None).unwrap();
    g.edit(|s| {
        s.start_turn(Seat(1));
    })
    .unwrap();
    send(&mut g, "seek_allies", "foldspace");
    assert_eq!(g.alliance(Faction::Guild), Some(Seat(1)));
    assert_eq!(g.player(Seat(0)).vp, vp);
    // One-time bonus: seat 0 drops to 3 and climbs back: no second bonus.
    let mut g2 = game(&["diplomacy"]);
    g2.edit(|s| s.player(Seat(0)).influence[Faction::Guild.index()] = 3)
        .unwrap();
    g2.edit(|s| s.player(Seat(0)).bonus_paid = 1 << Faction::Guild.index())
        .unwrap();
    let solari = g2.player(Seat(0)).solari;
    send(&mut g2, "diplomacy", "foldspace");
    assert_eq!(g2.player(Seat(0)).solari, solari);
}

// Published preset: the bonus is paid again (answers 9).
#[test]
fn bonus_every_time_in_published_preset() {
    let opts = ImperiumOptions {
        player_count: 4,
        leaders: NEUTRAL.iter().map(|l| Some(l.to_string())).collect(),
        preset: Preset::Published,
        overrides: vec![],
        ..Default::default()
    };
    let mut g = Imperium::setup(&opts, 11).unwrap();
    g.edit(|s| {
        s.start_turn(Seat(0));
    })
    .unwrap();
    g.edit(|s| {
        let p = s
            .hand(Seat(0), &[card("diplomacy")])
            .unwrap()
            .player(Seat(0));
        p.influence[Faction::Guild.index()] = 3;
        p.bonus_paid = 1 << Faction::Guild.index();
    })
    .unwrap();
    let solari = g.player(Seat(0)).solari;
    send(&mut g, "diplomacy", "foldspace");
    assert_eq!(g.player(Seat(0)).solari, solari + 3);
}

// IM-CONTROL-01 IM-CONTROL-02 IM-CONTROL-03 IM-CONTROL-04 IM-CONTROL-05
// IM-CONTROL-06 IM-CONTROL-07: control bonus to the controller on any visit;
// a Conflict win replaces the marker.
#[test]
fn control_bonus_and_replacement() {
    let mut g = game(&["reconnaissance"]);
    g.edit(|s| s.control[at("arrakeen")] = Some(Seat(2)))
        .unwrap();
    let s2 = g.player(Seat(2)).solari;
    send(&mut g, "reconnaissance", "arrakeen");
    assert_eq!(g.player(Seat(2)).solari, s2 + 1);
    let d = data();
    let bonus = |id: &str| format!("{:?}", d.space(space(id)).control_bonus);
    assert!(bonus("arrakeen").contains("solari: 1"));
    assert!(bonus("carthag").contains("solari: 1"));
    assert!(bonus("imperial_basin").contains("spice: 1"));
    assert_eq!(d.spaces.iter().filter(|s| s.controllable).count(), 3);
    // A Conflict reward takes control.
    let mut g = game(&[]);
    g.edit(|s| s.control[at("arrakeen")] = Some(Seat(2)))
        .unwrap();
    let siege = d.conflict_id("siege_of_arrakeen").unwrap();
    g.edit(|s| s.conflict = Some(siege)).unwrap();
    g.edit(|s| {
        s.deployed(Seat(0), 1).unwrap();
    })
    .unwrap();
    let vp = g.player(Seat(0)).vp;
    g.test_go_to_combat();
    while g.view(Viewer::Spectator).phase == "combat" {
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
    assert_eq!(g.control(space("arrakeen")), Some(Seat(0)));
    assert_eq!(g.player(Seat(0)).vp, vp + 1);
}

// IM-MELANGE-01 IM-MELANGE-02 IM-MELANGE-03 IM-MELANGE-04 IM-MELANGE-05
// IM-MELANGE-06 IM-MELANGE-07: the rules text's table by default, one
// exchange, 2-5 spice only.
#[test]
fn sell_melange_default_and_published() {
    for (preset, table) in [
        (Preset::Default, [6, 8, 9, 10]),
        (Preset::Published, [6, 8, 10, 12]),
    ] {
        for (k, want) in table.iter().enumerate() {
            let opts = ImperiumOptions {
                player_count: 4,
                leaders: NEUTRAL.iter().map(|l| Some(l.to_string())).collect(),
                preset,
                overrides: vec![],
                ..Default::default()
            };
            let mut g = Imperium::setup(&opts, 11).unwrap();
            g.edit(|s| {
                s.start_turn(Seat(0));
            })
            .unwrap();
            g.edit(|s| {
                let p = s.hand(Seat(0), &[card("dune_the_desert_planet")]).unwrap();
                let p = p.player(Seat(0));
                p.spice = 5;
                p.solari = 0;
            })
            .unwrap();
            send(&mut g, "dune_the_desert_planet", "sell_melange");
            let l = legal(&g);
            assert_eq!(l.len(), 4, "exactly the four exchanges");
            act(&mut g, Action::Choose(k as u8));
            let p = g.player(Seat(0));
            assert_eq!(p.solari, *want);
            assert_eq!(p.spice, 5 - (k as u8 + 2));
            assert_ne!(
                g.view(Viewer::Spectator).prompt.unwrap().kind,
                "sell_melange",
                "one exchange only"
            );
        }
    }
    // Fewer than 2 spice: refused.
    let mut g = game(&["dune_the_desert_planet"]);
    g.edit(|s| s.player(Seat(0)).spice = 1).unwrap();
    refused(
        &mut g,
        Action::SendAgent {
            card: card("dune_the_desert_planet"),
            space: space("sell_melange"),
        },
        "IM-MELANGE-07",
    );
}
