//! MC-STAND-01: the standing of a game ranks its players as the end of the
//! game would: Victory Points, then the tie-breakers (spice, Solari, water,
//! garrison, the latest Reveal; docs/rules-decisions.md, A8a, A8b).
use melange::rules::core::{Ruleset, Seat};
use melange::rules::imperium::{Imperium, ImperiumOptions};

use super::{advance, game_after};

fn set(g: &mut Imperium, seat: Seat, vp: u8, spice: u8, solari: u8) {
    g.edit(|s| {
        let p = s.player(seat);
        p.vp = vp;
        p.spice = spice;
        p.solari = solari;
        p.water = 0;
        p.reveal_seq = 0;
        s.garrison(seat, 0).unwrap();
    })
    .unwrap();
}

// MC-STAND-01: VP first, then spice, then Solari.
#[test]
fn the_standing_ranks_by_vp_then_the_tie_breakers() {
    let mut g = game_after(&ImperiumOptions::players(4), 7, 15);
    set(&mut g, Seat(0), 3, 9, 9);
    set(&mut g, Seat(1), 7, 2, 9);
    set(&mut g, Seat(2), 7, 5, 0);
    set(&mut g, Seat(3), 1, 0, 0);
    let s = g.standing();
    assert_eq!(s.ranking, vec![Seat(2), Seat(1), Seat(0), Seat(3)]);
    assert_eq!(s.winners, vec![Seat(2)]);
    assert!(s.reason.contains("MC-STAND-01"), "{}", s.reason);
    assert!(s.reason.contains("tie-breakers"), "{}", s.reason);
    // Solari break a tie in VP and spice.
    set(&mut g, Seat(1), 7, 5, 1);
    assert_eq!(g.standing().ranking[..2], [Seat(1), Seat(2)]);
    // The standing never ends the game.
    assert!(g.to_act().is_some());
    assert_eq!(g.result(), None);
}

// MC-STAND-01: seats tied after every tie-breaker share first place.
#[test]
fn seats_tied_after_every_tie_breaker_share_the_lead() {
    let mut g = game_after(&ImperiumOptions::players(3), 8, 10);
    set(&mut g, Seat(0), 4, 1, 1);
    set(&mut g, Seat(1), 2, 1, 1);
    set(&mut g, Seat(2), 4, 1, 1);
    let s = g.standing();
    assert_eq!(s.winners, vec![Seat(0), Seat(2)]);
    assert_eq!(s.ranking, vec![Seat(0), Seat(2), Seat(1)]);
}

// MC-STAND-01: a solo Rival ahead leaves no seat in the lead (IM-SOLO-09);
// House Hagal is never ranked (IM-HAGAL-12).
#[test]
fn rivals_are_ranked_as_the_end_of_the_game_ranks_them() {
    let mut g = game_after(&ImperiumOptions::players(1), 3, 10);
    set(&mut g, Seat(0), 2, 0, 0);
    set(&mut g, Seat(1), 5, 0, 0);
    let s = g.standing();
    assert!(s.winners.is_empty(), "{s:?}");
    assert_eq!(s.ranking, vec![Seat(0)]);
    assert!(s.reason.contains("rival leads"), "{}", s.reason);
    set(&mut g, Seat(0), 6, 0, 0);
    assert_eq!(g.standing().winners, vec![Seat(0)]);

    let mut g = game_after(&ImperiumOptions::players(2), 3, 10);
    // House Hagal scores nothing: it holds no VP or resources (a position
    // where it does is refused), and it is never ranked.
    assert!(g.edit(|s| s.player(Seat(2)).vp = 9).is_err());
    set(&mut g, Seat(2), 0, 0, 0);
    set(&mut g, Seat(0), 1, 0, 0);
    set(&mut g, Seat(1), 2, 0, 0);
    let s = g.standing();
    assert_eq!(s.ranking, vec![Seat(1), Seat(0)]);
    assert_eq!(s.winners, vec![Seat(1)]);
}

// MC-STAND-01: once the game is over, the standing is its result.
#[test]
fn the_standing_of_a_finished_game_is_its_result() {
    for players in 1..=4u8 {
        let mut g = Imperium::setup(&ImperiumOptions::players(players), 21).unwrap();
        advance(&mut g, 21, 20_000, &mut Vec::new());
        let r = g.result().expect("the game ended");
        assert_eq!(g.standing(), r);
    }
}
