//! MC-RESIGN-01, MC-RESIGN-02: a seat resigns at any moment, whoever is to
//! act; the game ends at once, that seat last, the others in their standing
//! order and the first of them the winner.
use melange::rules::core::conformance::assert_refused;
use melange::rules::core::{Resignation, RuleError, Ruleset, Seat, Viewer};
use melange::rules::imperium::{Action, Event, Imperium, ImperiumOptions};

use super::{advance, game_after, offers_resignation};

/// Resigns `seat` and checks MC-RESIGN-02 against the standing before.
fn resign_and_check(g: &mut Imperium, seat: Seat, why: Resignation) -> Vec<Event> {
    assert!(g.to_act().is_some(), "the game must be running");
    let before = g.standing();
    let mut events = Vec::new();
    g.apply(seat, &Imperium::resignation(why), &mut events)
        .unwrap_or_else(|e| panic!("MC-RESIGN-01: resignation of {seat} refused: {e}"));
    assert_eq!(g.to_act(), None, "MC-RESIGN-02: the game ends at once");
    let r = g
        .result()
        .expect("MC-RESIGN-02: a resigned game has a result");
    assert_eq!(r.ranking.last(), Some(&seat), "MC-RESIGN-02: resigner last");
    let others: Vec<Seat> = before.ranking.into_iter().filter(|s| *s != seat).collect();
    assert_eq!(
        r.ranking[..others.len()],
        others[..],
        "MC-RESIGN-02: the others keep their standing order"
    );
    assert_eq!(r.ranking.len(), g.seat_count());
    match others.first() {
        Some(first) => assert!(
            r.winners.contains(first) && !r.winners.contains(&seat),
            "MC-RESIGN-02: the first of the others wins: {r:?}"
        ),
        None => assert!(r.winners.is_empty(), "solo: the rivals win: {r:?}"),
    }
    let word = match why {
        Resignation::Conceded => "conceded",
        Resignation::Forfeited => "forfeited",
        Resignation::OutOfTime => "lost on time",
        Resignation::TimeLimit => panic!("MC-CLOCK-07: a time limit ranks nobody last"),
    };
    assert!(
        r.reason.contains(word) && r.reason.contains("MC-RESIGN-02"),
        "{}",
        r.reason
    );
    assert!(events.contains(&Event::Resigned { seat, why }));
    assert!(matches!(events.last(), Some(Event::GameOver { winners }) if *winners == r.winners));
    let view = g.view(Viewer::Spectator);
    assert_eq!(view.resigned, Some((seat, why)));
    assert_eq!(view.phase, "over");
    assert_eq!(view.prompt, None);
    events
}

/// Games of 2-4 players, seeds 0-5, each `base + stride * seed` random
/// steps in.
fn running_games(base: usize, stride: usize) -> Vec<(u8, u64, Imperium)> {
    (2..=4u8)
        .flat_map(|players| {
            (0..6u64).map(move |seed| {
                let steps = base + stride * seed as usize;
                let g = game_after(&ImperiumOptions::players(players), seed, steps);
                (players, seed, g)
            })
        })
        .collect()
}

// MC-RESIGN-01 MC-RESIGN-02: the seat to act resigns, 2-4 players.
#[test]
fn the_seat_to_act_resigns_and_ranks_last() {
    for (_, _, mut g) in running_games(40, 7) {
        let seat = g.to_act().expect("running");
        resign_and_check(&mut g, seat, Resignation::Conceded);
    }
}

// MC-RESIGN-01 MC-RESIGN-02: a seat that is not to act resigns all the
// same, conceding or forfeiting.
#[test]
fn a_seat_not_to_act_resigns_whoever_is_to_act() {
    for (players, seed, mut g) in running_games(25, 11) {
        let acting = g.to_act().expect("running");
        let other = Seat((acting.0 + 1) % players);
        let why = if seed % 2 == 0 {
            Resignation::Conceded
        } else {
            Resignation::Forfeited
        };
        resign_and_check(&mut g, other, why);
    }
}

// MC-RESIGN-02: in a two-player game the other player wins, whatever the
// standing (House Hagal is not ranked, IM-HAGAL-12).
#[test]
fn in_a_two_player_game_the_other_player_wins() {
    let mut g = game_after(&ImperiumOptions::players(2), 3, 30);
    g.edit(|s| s.player(Seat(0)).vp = 9).unwrap();
    g.edit(|s| s.player(Seat(1)).vp = 0).unwrap();
    resign_and_check(&mut g, Seat(0), Resignation::Conceded);
    let r = g.result().unwrap();
    assert_eq!(r.winners, vec![Seat(1)]);
    assert_eq!(r.ranking, vec![Seat(1), Seat(0)]);
}

// MC-RESIGN-02: a solo player who resigns leaves the Rivals the win (no
// seat wins, as the contract's GameResult allows).
#[test]
fn a_solo_player_resigning_leaves_the_rivals_the_win() {
    for seed in 0..4 {
        let mut g = game_after(&ImperiumOptions::players(1), seed, 10 * seed as usize);
        resign_and_check(&mut g, Seat(0), Resignation::Forfeited);
        let r = g.result().unwrap();
        assert!(r.winners.is_empty());
        assert_eq!(r.ranking, vec![Seat(0)]);
        assert!(r.reason.contains("rivals win"), "{}", r.reason);
    }
}

// MC-RESIGN-01: even at the very first decision (before any round began,
// the Baron's secret factions) a resignation is accepted.
#[test]
fn a_resignation_is_accepted_at_the_first_decision() {
    let opts = ImperiumOptions {
        leaders: vec![Some("baron_vladimir_harkonnen".into())],
        ..ImperiumOptions::players(3)
    };
    let mut g = Imperium::setup(&opts, 5).unwrap();
    assert_eq!(
        g.view(Viewer::Spectator).prompt.map(|p| p.kind),
        Some("secret_faction")
    );
    resign_and_check(&mut g, Seat(2), Resignation::Conceded);
}

// MC-RESIGN-01: refused once the game is over (after a resignation, and
// after the rules' own end), with the game unchanged.
#[test]
fn a_resignation_is_refused_once_the_game_is_over() {
    let mut g = game_after(&ImperiumOptions::players(3), 1, 20);
    resign_and_check(&mut g, Seat(1), Resignation::Conceded);
    for s in 0..3 {
        for why in [Resignation::Conceded, Resignation::Forfeited] {
            match assert_refused(&g, Seat(s), &Action::Resign(why)) {
                RuleError::Illegal { rule, reason } => {
                    assert_eq!(rule, "MC-RESIGN-01");
                    assert!(reason.contains("over"), "{reason}");
                }
                other => panic!("expected MC-RESIGN-01, got {other:?}"),
            }
        }
    }
    // A game played to its end by the rules.
    let mut g = Imperium::setup(&ImperiumOptions::players(4), 2).unwrap();
    advance(&mut g, 2, 20_000, &mut Vec::new());
    assert!(g.result().is_some(), "the random game ends");
    let err = assert_refused(&g, Seat(0), &Action::Resign(Resignation::Conceded));
    assert!(
        matches!(
            err,
            RuleError::Illegal {
                rule: "MC-RESIGN-01",
                ..
            }
        ),
        "{err:?}"
    );
}

// MC-RESIGN-01: a seat the game does not have cannot resign (a rival is
// not a seat), and the game is unchanged.
#[test]
fn only_a_seat_of_the_game_resigns() {
    let g = game_after(&ImperiumOptions::players(2), 4, 12);
    for s in [2u8, 3, 200] {
        let err = assert_refused(&g, Seat(s), &Action::Resign(Resignation::Conceded));
        assert!(
            matches!(&err, RuleError::Malformed(m) if m.contains("MC-RESIGN-01")),
            "{err:?}"
        );
    }
}

// MC-RESIGN-01: never among the legal actions, at any step of random games.
#[test]
fn a_resignation_is_never_a_legal_action() {
    for players in 1..=4u8 {
        let mut g = Imperium::setup(&ImperiumOptions::players(players), 9).unwrap();
        let mut steps = 0;
        while g.to_act().is_some() && steps < 20_000 {
            assert!(!offers_resignation(&g), "MC-RESIGN-01 at step {steps}");
            advance(&mut g, steps as u64, 1, &mut Vec::new());
            steps += 1;
        }
        assert!(g.result().is_some());
    }
}

// MC-CLOCK-07: at a game's time limit, the seat beyond its share loses on
// time like a resigning seat (last, the others in their standing order);
// with every seat within its share, the standing itself is the result,
// whichever seat the server played it for.
#[test]
fn at_the_time_limit_a_seat_loses_on_time_or_the_standing_decides() {
    for (_, _, mut g) in running_games(30, 9) {
        let acting = g.to_act().expect("running");
        let mut late = g.clone();
        resign_and_check(&mut late, acting, Resignation::OutOfTime);
        let standing = g.standing();
        let mut events = Vec::new();
        g.apply(
            acting,
            &Imperium::resignation(Resignation::TimeLimit),
            &mut events,
        )
        .expect("MC-CLOCK-07: accepted from the seat to act");
        assert_eq!(g.to_act(), None, "MC-CLOCK-07: the game ends at once");
        let r = g.result().unwrap();
        assert_eq!(r.ranking, standing.ranking, "MC-CLOCK-07: the standing");
        assert_eq!(r.winners, standing.winners);
        assert!(r.reason.contains("MC-CLOCK-07"), "{}", r.reason);
    }
}
