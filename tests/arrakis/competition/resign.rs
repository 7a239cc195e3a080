//! MC-RESIGN-01, MC-RESIGN-02: either seat resigns whenever it likes, the
//! other house wins at once, and a finished game cannot be resigned.
use melange::rules::arrakis::{Action, Arrakis, Event, Faction};
use melange::rules::core::{Resignation, RuleError, Ruleset, Seat, Viewer};

use super::super::common::{A, H, rule_of, seat};
use super::{chooser, limited, random_game};

fn resign(g: &mut Arrakis, f: Faction, why: Resignation) -> Result<Vec<Event>, RuleError> {
    let mut ev = Vec::new();
    g.apply(seat(f), &Arrakis::resignation(why), &mut ev)?;
    Ok(ev)
}

/// MC-RESIGN-01, MC-RESIGN-02: the seat not to act concedes; the other
/// wins at once, the resigning house is last, and every view shows it.
#[test]
fn the_seat_not_to_act_concedes_and_the_other_wins() {
    let mut g = limited(None, 11);
    assert_eq!(g.to_act(), Some(seat(H)));
    let ev = resign(&mut g, A, Resignation::Conceded).expect("MC-RESIGN-01");
    assert_eq!(
        ev,
        vec![
            Event::Resigned {
                faction: A,
                why: Resignation::Conceded
            },
            Event::GameOver { winner: H }
        ]
    );
    assert_eq!(g.to_act(), None);
    let r = g.result().expect("MC-RESIGN-02: the game is over");
    assert_eq!(r.winners, vec![seat(H)]);
    assert_eq!(r.ranking, vec![seat(H), seat(A)]);
    assert!(r.reason.contains("Atreides conceded"), "{}", r.reason);
    for v in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
    ] {
        assert_eq!(g.view(v).winner, Some(H));
    }
    assert_eq!(g.standing(), r);
}

/// MC-RESIGN-01, MC-RESIGN-02: the seat to act forfeits mid-game.
#[test]
fn the_seat_to_act_forfeits_mid_game() {
    let mut g = limited(None, 12);
    random_game(&mut g, &mut chooser(12), 300, |_, _| {});
    let f = match g.to_act() {
        Some(s) if s == seat(A) => A,
        Some(_) => H,
        None => panic!("the game should still run after 300 steps"),
    };
    let ev = resign(&mut g, f, Resignation::Forfeited).expect("MC-RESIGN-01");
    assert_eq!(
        ev.first(),
        Some(&Event::Resigned {
            faction: f,
            why: Resignation::Forfeited
        })
    );
    let r = g.result().expect("over");
    assert_eq!(r.ranking, vec![seat(f.other()), seat(f)]);
    assert!(r.reason.contains("forfeited"), "{}", r.reason);
}

/// MC-RESIGN-01: a finished game cannot be resigned; nothing changes.
#[test]
fn resigning_a_finished_game_is_refused() {
    let mut g = limited(None, 13);
    resign(&mut g, H, Resignation::Conceded).expect("MC-RESIGN-01");
    let before = g.clone();
    for f in [H, A] {
        let e = resign(&mut g, f, Resignation::Forfeited).expect_err("over");
        assert_eq!(rule_of(e), "MC-RESIGN-01");
    }
    assert_eq!(g, before);
    // A seat the game does not have is malformed, also while it runs.
    let mut g = limited(None, 13);
    let before = g.clone();
    let e = g
        .apply(
            Seat(2),
            &Action::Resign(Resignation::Conceded),
            &mut Vec::new(),
        )
        .expect_err("no seat 2");
    assert!(matches!(e, RuleError::Malformed(_)), "{e:?}");
    assert_eq!(g, before);
}

/// MC-RESIGN-01: the resignation is never among the legal actions.
#[test]
fn resigning_is_never_a_legal_action() {
    for seed in 0..4 {
        let mut g = limited(Some(3), seed);
        random_game(&mut g, &mut chooser(seed), 3000, |_, legal| {
            assert!(
                !legal.iter().any(|a| matches!(a, Action::Resign(_))),
                "MC-RESIGN-01: a resignation among the legal actions"
            );
        });
    }
    assert_eq!(
        Arrakis::resignation(Resignation::Forfeited),
        Action::Resign(Resignation::Forfeited)
    );
}

/// MC-CLOCK-07: at a game's time limit, the house beyond its share of the
/// time loses on time, whoever is to act; with both within their share the
/// house further ahead of its par at the round in progress wins
/// (MC-ROUNDS-02), whichever seat the server played the ending for.
#[test]
fn at_the_time_limit_a_house_loses_on_time_or_its_par_decides() {
    for s in 0..6 {
        let mut g = limited(None, 20 + s);
        random_game(&mut g, &mut chooser(20 + s), 40 * s as usize, |_, _| {});
        if g.to_act().is_none() {
            continue;
        }
        for f in [H, A] {
            let mut late = g.clone();
            resign(&mut late, f, Resignation::OutOfTime).expect("MC-CLOCK-07");
            let r = late.result().unwrap();
            assert_eq!(r.ranking, vec![seat(f.other()), seat(f)]);
            assert!(r.reason.contains("lost on time"), "{}", r.reason);
        }
        let leader = g.time_limit_leader();
        let acting = g.to_act().unwrap();
        let mut ev = Vec::new();
        g.apply(
            acting,
            &Arrakis::resignation(Resignation::TimeLimit),
            &mut ev,
        )
        .expect("MC-CLOCK-07");
        let r = g.result().unwrap();
        assert_eq!(
            r.ranking,
            vec![seat(leader), seat(leader.other())],
            "MC-CLOCK-07: the par decides (MC-ROUNDS-02)"
        );
        assert!(r.reason.contains("MC-CLOCK-07"), "{}", r.reason);
        assert!(r.reason.contains("of the way to victory"), "{}", r.reason);
    }
}
