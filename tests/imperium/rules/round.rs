//! The round (IM-START, IM-MAKER, IM-RECALL, IM-END): Round Start and the
//! defensive bonus, Makers, Recall, and the end of the game.
use super::*;

// IM-START-02 IM-START-03 IM-START-04: round start reveals the Conflict and
// everyone holds 5 cards.
#[test]
fn round_start_reveals_and_draws() {
    let opts = ImperiumOptions {
        player_count: 4,
        leaders: NEUTRAL.iter().map(|l| Some(l.to_string())).collect(),
        ..Default::default()
    };
    let g = Imperium::setup(&opts, 9).unwrap();
    assert!(g.conflict().is_some());
    for s in (0..4).map(Seat) {
        assert_eq!(g.player(s).hand.len(), 5);
    }
    assert_eq!(g.view(Viewer::Spectator).conflict_deck_count, 9);
}

// IM-START-05 IM-START-06 IM-START-07: the defensive bonus troop.
#[test]
fn defensive_bonus_troop() {
    // Find a seed whose next Conflict is a Siege of Carthag / Battle of it.
    let conflicts = &data().conflicts;
    let mut g = Imperium::setup(&ImperiumOptions::players(4), 1).unwrap();
    let target = conflicts
        .iter()
        .position(|c| c.id == "siege_of_carthag")
        .unwrap() as u8;
    let other = conflicts
        .iter()
        .position(|c| c.id == "guild_bank_raid")
        .unwrap() as u8;
    g.edit(|s| s.control[at("carthag")] = Some(Seat(2)))
        .unwrap();
    g.edit(|s| {
        s.conflict_on_top(melange::rules::imperium::ConflictId(other))
            .unwrap()
            .conflict_on_top(melange::rules::imperium::ConflictId(target))
            .unwrap();
    })
    .unwrap();
    // Play the round out: Reveal for everyone.
    let mut rounds_seen = 0;
    let start_round = g.round();
    while g.round() == start_round {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    rounds_seen += 1;
    assert_eq!(
        g.conflict(),
        Some(melange::rules::imperium::ConflictId(target))
    );
    assert_eq!(g.player(Seat(2)).conflict, 1, "controller deploys 1");
    assert_eq!(
        g.player(Seat(2)).supply + g.player(Seat(2)).garrison + 1,
        12
    );
    for s in [0, 1, 3].map(Seat) {
        assert_eq!(g.player(s).conflict, 0);
    }
    // Next round: a Conflict for no space gives nothing.
    while g.round() == start_round + 1 {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    assert_eq!(g.player(Seat(2)).conflict, 0);
    assert_eq!(rounds_seen, 1);
}

// IM-MAKER-01 IM-MAKER-02 IM-MAKER-03 IM-MAKER-04 IM-MAKER-05 IM-MAKER-06
// IM-MAKER-07 IM-MAKER-08: bonus spice accumulates on empty Maker spaces and
// is harvested with the base spice.
#[test]
fn maker_spice() {
    let mut g = game(&["dune_the_desert_planet"]);
    g.edit(|s| s.bonus_spice[at("hagga_basin")] = 2).unwrap();
    g.edit(|s| s.occupant[at("the_great_flat")] = Some(Seat(3)))
        .unwrap();
    g.test_go_to_combat();
    while g.view(Viewer::Spectator).phase == "combat" {
        let l = legal(&g);
        act(&mut g, l[0]);
    }
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.bonus_spice[space("hagga_basin").0 as usize], 3);
    assert_eq!(v.bonus_spice[space("imperial_basin").0 as usize], 1);
    assert_eq!(v.bonus_spice[space("the_great_flat").0 as usize], 0);
    // Harvest: Paul (seat 0) at Hagga Basin: 2 base + 3 bonus, costs 1 water.
    g.edit(|s| {
        s.start_turn(Seat(0));
    })
    .unwrap();
    g.edit(|s| {
        s.hand(Seat(0), &[card("dune_the_desert_planet")]).unwrap();
        let p = s.player(Seat(0));
        p.water = 1;
        p.spice = 0;
    })
    .unwrap();
    send(&mut g, "dune_the_desert_planet", "hagga_basin");
    let p = g.player(Seat(0));
    assert_eq!((p.spice, p.water), (5, 0));
    assert_eq!(
        g.view(Viewer::Spectator).bonus_spice[space("hagga_basin").0 as usize],
        0
    );
    let d = data();
    assert_eq!(d.space(space("the_great_flat")).base_spice, 3);
    assert_eq!(d.space(space("the_great_flat")).cost.water, 2);
    assert_eq!(d.space(space("imperial_basin")).cost.water, 0);
}

// IM-RECALL-01 IM-RECALL-02 IM-RECALL-03 IM-RECALL-04: Recall returns Agents
// and the Mentat, and passes the First Player marker.
#[test]
fn recall() {
    let mut g = game(&["dagger"]);
    g.edit(|s| s.player(Seat(0)).solari = 2).unwrap();
    send(&mut g, "dagger", "mentat");
    assert_eq!(g.mentat().0, Some(Seat(0)));
    let round = g.round();
    while g.round() == round {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    assert_eq!(g.first(), Seat(1));
    assert_eq!(g.mentat(), (None, None));
    assert!(
        g.view(Viewer::Spectator)
            .occupant
            .iter()
            .all(|o| o.is_none())
    );
    assert_eq!(g.player(Seat(0)).agents_out, 0);
}

// IM-END-01 IM-END-03 IM-RECALL-05: 10 VP triggers the end at Recall, not
// before; nothing is recalled.
#[test]
fn endgame_at_ten_vp() {
    let mut g = game(&["diplomacy"]);
    send(&mut g, "diplomacy", "wealth");
    g.edit(|s| s.player(Seat(2)).vp = 10).unwrap();
    assert!(g.to_act().is_some(), "the round goes on");
    while g.view(Viewer::Spectator).phase == "player_turns" {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    while g.to_act().is_some() {
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
    let r = g.result().unwrap();
    assert!(r.ranking.contains(&Seat(2)));
    assert!(
        g.view(Viewer::Spectator)
            .occupant
            .iter()
            .any(|o| o.is_some()),
        "no recall"
    );
}

// IM-END-02: an empty Conflict deck ends the game at Recall.
#[test]
fn endgame_when_conflicts_run_out() {
    let mut g = game(&[]);
    g.edit(|s| s.conflict_deck.clear()).unwrap();
    while g.to_act().is_some() {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    assert!(g.result().is_some());
}

// IM-INTRIGUE-07: Endgame Intrigue at the end; tie-breakers spice, Solari,
// water, garrison (answers 8a), then the latest Reveal (8b).
#[test]
fn endgame_intrigue_and_tie_breakers() {
    let mut g = game(&[]);
    g.edit(|s| s.conflict_deck.clear()).unwrap();
    g.edit(|s| {
        s.give_intrigue(Seat(1), intrigue("tiebreaker")).unwrap();
    })
    .unwrap();
    for s in (0..4).map(Seat) {
        g.edit(|x| {
            let p = x.player(s);
            p.vp = 5;
            p.spice = 1;
            p.solari = 1;
            p.water = 1;
            x.garrison(s, 1).unwrap();
        })
        .unwrap();
    }
    g.edit(|s| s.player(Seat(3)).water = 2).unwrap();
    while g.view(Viewer::Spectator).phase != "endgame" {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    for s in (0..4).map(Seat) {
        g.edit(|x| {
            let p = x.player(s);
            p.vp = 5;
            p.spice = 1;
            p.solari = 1;
            p.water = if s == Seat(3) { 2 } else { 1 };
            x.garrison(s, 1).unwrap();
        })
        .unwrap();
    }
    while g.to_act().is_some() {
        let l = legal(&g);
        let a = if l.contains(&Action::Intrigue(intrigue("tiebreaker"))) {
            Action::Intrigue(intrigue("tiebreaker"))
        } else {
            Action::Pass
        };
        act(&mut g, a);
    }
    let r = g.result().unwrap();
    // Tiebreaker's endgame half gives seat 1 +10 spice.
    assert_eq!(r.winners, vec![Seat(1)]);
    assert_eq!(r.ranking[1], Seat(3), "water breaks the next tie");
}

/// Seat 2 controls Carthag and the next Conflict is the Siege of Carthag;
/// the round ends so that Conflict is revealed.
fn defensive_round(preset: Preset, overrides: &[(&str, &str)]) -> Imperium {
    let mut g = game_opts(preset, overrides, &[]);
    let siege = data().conflict_id("siege_of_carthag").unwrap();
    g.edit(|s| s.control[at("carthag")] = Some(Seat(2)))
        .unwrap();
    g.edit(|s| {
        s.conflict_on_top(siege).unwrap();
    })
    .unwrap();
    g.test_go_to_combat();
    assert_eq!(g.conflict(), Some(siege));
    g
}

// IM-START-05 IM-START-06 (docs/rules-decisions.md, A5): the defensive troop is
// automatic by default (the text) and with `defensive_bonus = automatic`.
#[test]
fn start_05_defensive_troop_automatic_by_default() {
    for (preset, ov) in [
        (Preset::Default, vec![]),
        (Preset::Published, vec![("defensive_bonus", "automatic")]),
    ] {
        let g = defensive_round(preset, &ov);
        assert_ne!(prompt(&g), "defensive_bonus");
        assert_eq!(g.player(Seat(2)).conflict, 1);
    }
}

// IM-START-05 IM-START-06 (docs/rules-decisions.md, A5): with the `published`
// preset (or `defensive_bonus = optional`) the controller may deploy the
// troop from its supply or decline; both are offered and reachable, and the
// First Player's turn follows.
#[test]
fn start_05_defensive_troop_optional_when_published() {
    for (preset, ov) in [
        (Preset::Published, vec![]),
        (Preset::Default, vec![("defensive_bonus", "optional")]),
    ] {
        let g = defensive_round(preset, &ov);
        assert_eq!(prompt(&g), "defensive_bonus");
        assert_eq!(seat(&g), Seat(2), "the controller decides");
        assert_eq!(legal(&g), vec![Action::Accept, Action::Pass]);
        let mut refuse = g.clone();
        refused(&mut refuse, Action::Troops(1), "IM-START-05");
        let supply = g.player(Seat(2)).supply;
        let mut yes = g.clone();
        act(&mut yes, Action::Accept);
        assert_eq!(yes.player(Seat(2)).conflict, 1);
        assert_eq!(yes.player(Seat(2)).supply, supply - 1, "IM-START-06");
        assert_eq!(prompt(&yes), "turn");
        let mut no = g.clone();
        act(&mut no, Action::Pass);
        assert_eq!(no.player(Seat(2)).conflict, 0);
        assert_eq!(no.player(Seat(2)).supply, supply);
        assert_eq!(prompt(&no), "turn");
        assert_eq!(seat(&no), no.first());
    }
}

// IM-START-07 (docs/rules-decisions.md, A5): no troop in supply, nothing asked.
#[test]
fn start_07_no_defensive_prompt_with_empty_supply() {
    let mut g = game_opts(Preset::Published, &[], &[]);
    let siege = data().conflict_id("siege_of_carthag").unwrap();
    g.edit(|s| s.control[at("carthag")] = Some(Seat(2)))
        .unwrap();
    g.edit(|s| {
        let p = s.player(Seat(2));
        let all = p.garrison + p.supply;
        s.garrison(Seat(2), all).unwrap();
    })
    .unwrap();
    g.edit(|s| {
        s.conflict_on_top(siege).unwrap();
    })
    .unwrap();
    g.test_go_to_combat();
    assert_ne!(prompt(&g), "defensive_bonus");
    assert_eq!(g.player(Seat(2)).conflict, 0);
}
