//! Suspensor Troopers' own rules (DW-SUSPENSOR-01 to DW-SUSPENSOR-11),
//! on the real board.
use super::harkonnen::{dw, dw_game, zone};
use crate::common::*;
use melange::rules::arrakis::expansions::desert_war::{
    AtreidesTrooper, DwAction, DwEvent, DwPrompt,
};
use melange::rules::arrakis::expansions::{ExpansionEvent, ExpansionPrompt};
use melange::rules::arrakis::{
    Action, Arrakis, ArrakisOptions, DieResult, Event, Prompt, Vehicle, Wormsign,
};
use melange::rules::core::Ruleset;
use melange::rules::core::conformance::assert_refused;

/// A Harkonnen turn with a token and a Suspensor Trooper in `from`.
fn with_trooper(from: &str) -> Arrakis {
    let mut g = dw_game();
    g.edit(|s| {
        s.zones[zone("az1").index()] = Some(Vehicle::Ornithopter);
        s.turn(H, &[DieResult::Mentat, DieResult::Mentat], 2);
        s.desert_war_tokens(2).unwrap();
        s.put_suspensors(a(from), 1).unwrap();
    })
    .unwrap();
    g
}

fn mv(from: &str, to: &str) -> Action {
    dw(DwAction::MoveSuspensor(a(from), a(to)))
}

#[test]
fn moves_two_areas_ignoring_impassable_borders() {
    // DW-SUSPENSOR-09, DW-SUSPENSOR-10, DW-HARKONNEN-15: up to 2 areas,
    // across impassable borders too.
    let g = with_trooper("s1_4");
    let offered = legal(&g, H);
    for to in ["s1_5", "s1_7", "broken_land", "arrakeen", "carthag", "s5_5"] {
        assert!(offered.contains(&mv("s1_4", to)), "{to}");
    }
    // Not 3 areas away (s1_4, s1_5, s1_7, s1_11).
    assert!(!offered.contains(&mv("s1_4", "s1_11")));
    let e = assert_refused(&g, seat(H), &mv("s1_4", "s1_11"));
    assert_eq!(rule_of(e), "DW-SUSPENSOR-09");
    // DW-HARKONNEN-15: only a Suspensor Trooper on the board moves; the
    // refusal says so in words.
    let e = assert_refused(&g, seat(H), &mv("s1_5", "s1_7"));
    assert_eq!(rule_of(e.clone()), "DW-HARKONNEN-15");
    assert!(
        e.to_string()
            .contains("the move takes one of your Suspensor Troopers on the board"),
        "{e}"
    );
    let mut g = g;
    let ev = play(&mut g, H, &[mv("s1_4", "carthag")]);
    assert_eq!(
        g.areas()[a("carthag").index()].expansions.desert.suspensors,
        1
    );
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::SuspensorMoved {
            from: a("s1_4"),
            to: a("carthag")
        }
    ))));
}

#[test]
fn moves_only_through_and_into_free_areas() {
    // DW-SUSPENSOR-11: an Atreides unit in s1_5 blocks stopping there and
    // passing through it (s1_7 is reached only through s1_5).
    let mut g = with_trooper("s1_4");
    g.edit(|s| s.put(A, a("s1_5"), [1, 0, 0], 0)).unwrap();
    let e = assert_refused(&g, seat(H), &mv("s1_4", "s1_5"));
    assert_eq!(rule_of(e), "DW-SUSPENSOR-11");
    assert!(!legal(&g, H).contains(&mv("s1_4", "s1_7")));
    assert_refused(&g, seat(H), &mv("s1_4", "s1_7"));
    // A sietch's area and a sandworm's are not free either.
    let mut g = with_trooper("s1_12");
    g.edit(|s| s.areas[a("s1_13").index()].worm = Some(melange::rules::arrakis::Worm::Normal))
        .unwrap();
    for to in ["gara_kulon", "s1_13"] {
        let e = assert_refused(&g, seat(H), &mv("s1_12", to));
        assert_eq!(rule_of(e), "DW-SUSPENSOR-11", "{to}");
    }
    // A Harkonnen legion's area and Desert Troopers' are free
    // (DW-TROOPER-12).
    let mut g = with_trooper("s1_4");
    g.edit(|s| {
        s.put(H, a("s1_5"), [1, 0, 0], 0).unwrap();
        s.put_rockets(a("s1_3"), 1).unwrap();
        s.put_sandriders(a("s1_3"), 0).unwrap();
    })
    .unwrap();
    let offered = legal(&g, H);
    assert!(offered.contains(&mv("s1_4", "s1_5")) && offered.contains(&mv("s1_4", "s1_3")));
}

#[test]
fn a_wormsign_is_discarded_where_the_move_ends() {
    // DW-SUSPENSOR-04: ending on a wormsign discards it unseen;
    // DW-SUSPENSOR-05: passing over one does not.
    let mut g = with_trooper("s1_4");
    g.edit(|s| {
        s.areas[a("s1_5").index()].wormsign = Some(Wormsign::Sand);
        s.areas[a("s1_7").index()].wormsign = Some(Wormsign::Sandworm);
    })
    .unwrap();
    let ev = play(&mut g, H, &[mv("s1_4", "s1_7")]);
    assert!(g.areas()[a("s1_7").index()].wormsign.is_none());
    assert_eq!(g.areas()[a("s1_5").index()].wormsign, Some(Wormsign::Sand));
    assert_eq!(g.areas()[a("s1_7").index()].expansions.desert.suspensors, 1);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::WormsignDiscarded { area: a("s1_7") }
    ))));
    // No sandworm came: the trooper is not a legion.
    assert!(g.areas()[a("s1_7").index()].worm.is_none());
}

#[test]
fn the_swap_with_atreides_troopers() {
    // DW-SUSPENSOR-06, DW-SUSPENSOR-07 (the worked example): onto 2
    // Rocket Launchers, the Suspensor Trooper and 1 launcher go, 1 stays.
    let mut g = with_trooper("s1_4");
    g.edit(|s| {
        s.put_rockets(a("s1_5"), 2).unwrap();
        s.put_sandriders(a("s1_5"), 0).unwrap();
    })
    .unwrap();
    let ev = play(&mut g, H, &[mv("s1_4", "s1_5")]);
    let d = g.areas()[a("s1_5").index()].expansions.desert;
    assert_eq!((d.suspensors, d.rockets), (0, 1));
    let dwst = g.desert_war().unwrap();
    assert_eq!((dwst.suspensors, dwst.rockets), (6, 5)); // DW-TROOPER-17
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::TrooperSwap {
            area: a("s1_5"),
            removed: AtreidesTrooper::RocketLauncher
        }
    ))));
    assert_eq!(g.prompt(), Prompt::Turn(H));
    // Both kinds there: the Harkonnen pick.
    let mut g = with_trooper("s1_4");
    g.edit(|s| {
        s.put_rockets(a("s1_5"), 1).unwrap();
        s.put_sandriders(a("s1_5"), 1).unwrap();
    })
    .unwrap();
    play(&mut g, H, &[mv("s1_4", "s1_5")]);
    assert!(matches!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::SwapTrooper { .. }))
    ));
    let e = assert_refused(&g, seat(H), &Action::Done);
    assert_eq!(rule_of(e), "DW-SUSPENSOR-06");
    play(
        &mut g,
        H,
        &[dw(DwAction::SwapOut(AtreidesTrooper::Sandrider))],
    );
    let d = g.areas()[a("s1_5").index()].expansions.desert;
    assert_eq!((d.suspensors, d.rockets, d.sandriders), (0, 1, 0));
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn the_swap_ends_the_move_unless_the_option_says_otherwise() {
    // DW-SUSPENSOR-06, `suspensor_swap`: by default the swap happens on
    // entry, so a move cannot pass through Atreides troopers (s1_7 is
    // reached only through s1_5); `destination_only` lets it.
    let mut g = with_trooper("s1_4");
    g.edit(|s| {
        s.put_rockets(a("s1_5"), 1).unwrap();
        s.put_sandriders(a("s1_5"), 0).unwrap();
    })
    .unwrap();
    assert!(!legal(&g, H).contains(&mv("s1_4", "s1_7")));
    let opts = ArrakisOptions {
        desert_war: true,
        overrides: vec![("suspensor_swap".into(), "destination_only".into())],
        ..Default::default()
    };
    let mut h = Arrakis::setup(&opts, 7).unwrap();
    h.edit(|s| {
        s.clear_board();
        s.zones[zone("az1").index()] = Some(Vehicle::Ornithopter);
        s.turn(H, &[DieResult::Mentat, DieResult::Mentat], 2);
        s.desert_war_tokens(2).unwrap();
        s.put_suspensors(a("s1_4"), 1).unwrap();
        s.put_rockets(a("s1_5"), 1).unwrap();
        s.put_sandriders(a("s1_5"), 0).unwrap();
    })
    .unwrap();
    assert!(legal(&h, H).contains(&mv("s1_4", "s1_7")));
    play(&mut h, H, &[mv("s1_4", "s1_7")]);
    assert_eq!(h.areas()[a("s1_5").index()].expansions.desert.rockets, 1);
    assert_eq!(h.areas()[a("s1_7").index()].expansions.desert.suspensors, 1);
    g.edit(|s| s.desert_war_tokens(2)).unwrap();
}

#[test]
fn suspensor_troopers_keep_wormsigns_out() {
    // DW-SUSPENSOR-02: no wormsign where Suspensor Troopers stand alone;
    // DW-SUSPENSOR-03: with a Harkonnen legion or a harvester, as usual.
    let mut g = dw_game();
    g.edit(|s| {
        s.put_suspensors(a("s1_4"), 1).unwrap();
        s.put_suspensors(a("s1_5"), 1).unwrap();
        s.areas[a("s1_5").index()].harvester = true;
        s.put_suspensors(a("s1_7"), 1).unwrap();
        s.put(H, a("s1_7"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy], 3);
        s.prompt = Prompt::Wormsigns(2);
    })
    .unwrap();
    let offered = legal(&g, A);
    assert!(!offered.contains(&Action::WormsignAt(a("s1_4"))));
    let e = assert_refused(&g, seat(A), &Action::WormsignAt(a("s1_4")));
    // The refusal's sentence, not only its rule ID (cargo-mutants).
    assert!(
        e.to_string().contains(
            "no wormsign goes where Suspensor Troopers stand without a Harkonnen legion or \
             harvester"
        ),
        "{e}"
    );
    assert_eq!(rule_of(e), "DW-SUSPENSOR-02");
    assert!(offered.contains(&Action::WormsignAt(a("s1_5"))));
    assert!(offered.contains(&Action::WormsignAt(a("s1_7"))));
    assert!(offered.contains(&Action::WormsignAt(a("s1_3"))));
}

#[test]
fn suspensor_troopers_move_only_by_desert_war_actions() {
    // DW-SUSPENSOR-01, DW-SUSPENSOR-08, DW-TROOPER-06: a legion's move
    // leaves them where they are; only a Desert War action moves them.
    let mut g = with_trooper("s1_4");
    g.edit(|s| {
        s.put(H, a("s1_4"), [1, 0, 0], 0).unwrap();
        s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 2);
        s.desert_war_tokens(0).unwrap();
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_4")),
            Action::Take(melange::rules::arrakis::UnitKind::Regular),
            Action::To(a("s1_5")),
        ],
    );
    assert_eq!(g.areas()[a("s1_4").index()].expansions.desert.suspensors, 1);
    assert_eq!(g.areas()[a("s1_5").index()].expansions.desert.suspensors, 0);
}
