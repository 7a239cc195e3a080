//! The Combat phase (IM-COMBAT): strength, places and ties, the rewards by
//! player count, and the Combat Intrigue round.
use super::*;

// IM-COMBAT-01 IM-COMBAT-02 IM-COMBAT-03 IM-COMBAT-04: strength.
#[test]
fn strength_rules() {
    let mut g = game(&[]);
    g.edit(|s| {
        s.deployed(Seat(1), 2).unwrap().player(Seat(1)).swords = 3;
    })
    .unwrap();
    assert_eq!(g.strength(Seat(1)), 7);
    g.edit(|s| s.player(Seat(2)).swords = 5).unwrap();
    assert_eq!(g.strength(Seat(2)), 0);
    g.edit(|s| {
        s.deployed(Seat(1), 0)
            .unwrap()
            .player(Seat(1))
            .strength_lost = true;
    })
    .unwrap();
    assert_eq!(g.strength(Seat(1)), 0);
    g.edit(|s| {
        s.deployed(Seat(1), 1).unwrap();
    })
    .unwrap();
    assert_eq!(g.strength(Seat(1)), 0, "cannot be increased again");
}

fn places(g: &mut Imperium, s: [u8; 4]) -> Vec<(Seat, u8)> {
    g.edit(|s| s.first = Seat(0)).unwrap();
    let mut v = g.places(&s);
    v.sort();
    v
}

// IM-COMBAT-10 IM-COMBAT-11 IM-COMBAT-12 IM-COMBAT-13: 1st, 2nd, 3rd; zero
// strength gets nothing.
#[test]
fn conflict_places() {
    let mut g = game(&[]);
    assert_eq!(
        places(&mut g, [9, 7, 5, 3]),
        vec![(Seat(0), 1), (Seat(1), 2), (Seat(2), 3)]
    );
    assert_eq!(places(&mut g, [9, 0, 0, 0]), vec![(Seat(0), 1)]);
}

// IM-COMBAT-14 IM-COMBAT-17: tie for 1st gives both 2nd; the others compete
// for 3rd.
#[test]
fn tie_for_first() {
    let mut g = game(&[]);
    assert_eq!(
        places(&mut g, [8, 8, 5, 3]),
        vec![(Seat(0), 2), (Seat(1), 2), (Seat(2), 3)]
    );
    // Three-way tie for 1st: 2nd each, nothing below (answers 7a).
    assert_eq!(
        places(&mut g, [8, 8, 8, 3]),
        vec![(Seat(0), 2), (Seat(1), 2), (Seat(2), 2)]
    );
}

// IM-COMBAT-15: a tie for 2nd takes the 3rd reward.
#[test]
fn tie_for_second() {
    let mut g = game(&[]);
    assert_eq!(
        places(&mut g, [9, 6, 6, 2]),
        vec![(Seat(0), 1), (Seat(1), 3), (Seat(2), 3)]
    );
}

// IM-COMBAT-16: a tie for 3rd gets nothing (also after a 1st-place tie).
#[test]
fn tie_for_third() {
    let mut g = game(&[]);
    assert_eq!(
        places(&mut g, [9, 6, 2, 2]),
        vec![(Seat(0), 1), (Seat(1), 2)]
    );
    assert_eq!(
        places(&mut g, [8, 8, 2, 2]),
        vec![(Seat(0), 2), (Seat(1), 2)]
    );
}

fn game_of(n: u8, preset: Preset, overrides: &[(&str, &str)]) -> Imperium {
    let opts = ImperiumOptions {
        player_count: n,
        preset,
        overrides: overrides
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..Default::default()
    };
    let mut g = Imperium::setup(&opts, 2).unwrap();
    g.edit(|s| s.first = Seat(0)).unwrap();
    g
}

// IM-COMBAT-12: the text gives the 3rd place reward at every player count
// (the default); docs/rules-decisions.md, A6 limits it to 4-player games, the
// `third_place = four_players` option in the `published` preset.
#[test]
fn third_place_at_every_player_count() {
    // 3 players: default gives the 3rd reward, published does not.
    let g = game_of(3, Preset::Default, &[]);
    assert_eq!(
        g.places(&[9, 6, 3]),
        vec![(Seat(0), 1), (Seat(1), 2), (Seat(2), 3)]
    );
    // A tie for 2nd takes the 3rd reward at 3 players too (IM-COMBAT-15).
    assert_eq!(
        g.places(&[9, 6, 6]),
        vec![(Seat(0), 1), (Seat(1), 3), (Seat(2), 3)]
    );
    let g = game_of(3, Preset::Published, &[]);
    assert_eq!(g.places(&[9, 6, 3]), vec![(Seat(0), 1), (Seat(1), 2)]);
    assert_eq!(g.places(&[9, 6, 6]), vec![(Seat(0), 1)]);
    let g = game_of(3, Preset::Default, &[("third_place", "four_players")]);
    assert_eq!(g.places(&[9, 6, 3]), vec![(Seat(0), 1), (Seat(1), 2)]);
    let g = game_of(3, Preset::Published, &[("third_place", "every_count")]);
    assert_eq!(
        g.places(&[9, 6, 3]),
        vec![(Seat(0), 1), (Seat(1), 2), (Seat(2), 3)]
    );
    // 2 players with House Hagal (seat 2): House Hagal takes its place
    // without a reward; the 3rd place goes to a seat by default only.
    let g = game_of(2, Preset::Default, &[]);
    assert_eq!(
        g.places(&[4, 9, 6]),
        vec![(Seat(1), 1), (Seat(2), 2), (Seat(0), 3)]
    );
    let g = game_of(2, Preset::Published, &[]);
    assert_eq!(g.places(&[4, 9, 6]), vec![(Seat(1), 1), (Seat(2), 2)]);
    // 4 players: the 3rd reward under both readings.
    for preset in [Preset::Default, Preset::Published] {
        let g = game_of(4, preset, &[]);
        assert_eq!(
            g.places(&[9, 6, 3, 1]),
            vec![(Seat(0), 1), (Seat(1), 2), (Seat(2), 3)]
        );
    }
    // An unknown value is refused.
    let bad = ImperiumOptions {
        player_count: 3,
        overrides: vec![("third_place".into(), "sometimes".into())],
        ..Default::default()
    };
    assert!(matches!(
        Imperium::setup(&bad, 1),
        Err(RuleError::InvalidOptions(_))
    ));
}

// IM-COMBAT-12 end to end: in a 3-player game the third strongest seat is
// paid the Conflict's 3rd place reward by default, and nothing with the
// published reading.
#[test]
fn third_place_reward_paid_in_three_player_game() {
    use melange::rules::imperium::Event;
    for (preset, paid) in [(Preset::Default, true), (Preset::Published, false)] {
        let mut g = game_of(3, preset, &[]);
        // Skirmish (A): 3rd place gains 2 Solari.
        g.edit(|s| s.conflict = data().conflict_id("skirmish_a"))
            .unwrap();
        g.edit(|s| {
            s.deployed(Seat(0), 3).unwrap();
        })
        .unwrap();
        g.edit(|s| {
            s.deployed(Seat(1), 2).unwrap();
        })
        .unwrap();
        g.edit(|s| {
            s.deployed(Seat(2), 1).unwrap();
        })
        .unwrap();
        let before = g.player(Seat(2)).clone();
        g.test_go_to_combat();
        let mut ev = Vec::new();
        while g.view(Viewer::Spectator).phase == "combat" {
            let l = legal(&g);
            let a = if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            };
            let s = seat(&g);
            g.apply(s, &a, &mut ev).unwrap();
        }
        let rewarded = ev.iter().any(|e| {
            matches!(
                e,
                Event::Reward {
                    seat: Seat(2),
                    place: 3
                }
            )
        });
        assert_eq!(rewarded, paid, "{preset:?}");
        let after = g.player(Seat(2));
        let gained = if paid { 2 } else { 0 };
        assert_eq!(after.solari, before.solari + gained, "{preset:?}");
    }
}

// IM-COMBAT-05 IM-COMBAT-06 IM-COMBAT-07 IM-COMBAT-08 IM-COMBAT-09
// IM-COMBAT-18 IM-COMBAT-19 IM-COMBAT-20 IM-INTRIGUE-05: the Combat Intrigue
// round asks only involved seats, from the First Player, until all pass in a
// row; then rewards; troops go to the supply.
#[test]
fn combat_intrigue_round() {
    let mut g = game(&[]);
    g.edit(|s| s.first = Seat(1)).unwrap();
    g.edit(|s| {
        s.deployed(Seat(0), 2).unwrap();
    })
    .unwrap();
    g.edit(|s| {
        s.deployed(Seat(2), 1).unwrap();
    })
    .unwrap();
    g.edit(|s| {
        s.give_intrigue(Seat(2), intrigue("ambush")).unwrap();
    })
    .unwrap();
    g.edit(|s| {
        s.give_intrigue(Seat(2), intrigue("master_tactician"))
            .unwrap();
    })
    .unwrap();
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("ambush")).unwrap();
    })
    .unwrap();
    g.test_go_to_combat();
    assert_eq!(
        seat(&g),
        Seat(2),
        "first involved seat from the First Player"
    );
    act(&mut g, Action::Intrigue(intrigue("ambush")));
    assert_eq!(seat(&g), Seat(2), "any number of cards");
    act(&mut g, Action::Pass);
    assert_eq!(seat(&g), Seat(0));
    act(&mut g, Action::Intrigue(intrigue("ambush")));
    act(&mut g, Action::Pass);
    // Seat 2 passed before but may play again (IM-COMBAT-09).
    assert_eq!(seat(&g), Seat(2));
    assert!(legal(&g).contains(&Action::Intrigue(intrigue("master_tactician"))));
    act(&mut g, Action::Pass);
    // Rewards: seat 0 (4 + 4 = 8) beats seat 2 (2 + 4 = 6).
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
    for s in (0..4).map(Seat) {
        let p = g.player(s);
        assert_eq!(p.conflict, 0);
        assert_eq!(p.swords, 0);
    }
    assert_eq!(
        g.player(Seat(0)).garrison,
        3,
        "troops return to the supply, not the garrison"
    );
}
