//! The Harkonnen Desert War tokens and actions (DW-HARKONNEN-01 to
//! DW-HARKONNEN-18), on the real board.
use crate::common::*;
use melange::rules::arrakis::expansions::desert_war::{DwAction, DwEvent, DwPrompt};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use melange::rules::arrakis::{
    AirZoneId, Arrakis, ArrakisOptions, DieResult, Event, Prompt, Vehicle, board,
};
use melange::rules::core::Ruleset;
use melange::rules::core::conformance::assert_refused;

/// A Desert War game with the board cleared.
pub fn dw_game() -> Arrakis {
    let opts = ArrakisOptions {
        desert_war: true,
        ..Default::default()
    };
    let mut g = Arrakis::setup(&opts, 7).unwrap();
    g.edit(|s| s.clear_board()).unwrap();
    g
}

pub fn zone(id: &str) -> AirZoneId {
    board().air_zone_id(id).unwrap()
}

pub fn dw(a: DwAction) -> melange::rules::arrakis::Action {
    melange::rules::arrakis::Action::Expansion(ExpansionAction::DesertWar(a))
}

/// The Atreides spend a Strategy die and move nothing.
pub fn atreides_pass(g: &mut Arrakis) {
    use melange::rules::arrakis::Action as X;
    play(g, A, &[X::SpendDie(DieResult::Strategy)]);
    if g.prompt() != Prompt::Turn(H) {
        play(g, A, &[X::Done]);
    }
}

fn tokens(g: &Arrakis) -> u8 {
    g.desert_war().unwrap().tokens_on_board
}

fn supply(g: &Arrakis) -> u8 {
    g.desert_war().unwrap().suspensors
}

/// A Harkonnen turn with `dice`, `n` Desert War tokens and an ornithopter
/// in az1 (sectors s1 and s5).
fn harkonnen_turn(dice: &[DieResult], n: u8) -> Arrakis {
    let mut g = dw_game();
    g.edit(|s| {
        s.zones[zone("az1").index()] = Some(Vehicle::Ornithopter);
        s.turn(H, dice, 2);
        s.desert_war_tokens(n).unwrap();
    })
    .unwrap();
    g
}

#[test]
fn tokens_go_on_the_empty_first_column_slots() {
    // DW-HARKONNEN-01, DW-HARKONNEN-02, DW-HARKONNEN-03: at the end of
    // Vehicle Placement, a token on each first-column slot below the
    // active row (the set-aside dice fill the others); the rest sit out.
    for (row, want) in [(1u8, 4u8), (3, 2), (5, 0)] {
        let opts = ArrakisOptions {
            desert_war: true,
            ..Default::default()
        };
        let mut g = Arrakis::setup(&opts, 7).unwrap();
        g.edit(|s| {
            s.imperium = ([row, 1, 1]).into();
            s.bans = ([false; 3]).into();
        })
        .unwrap();
        assert!(matches!(g.prompt(), Prompt::Vehicles { .. }));
        let ev = play(&mut g, H, &[melange::rules::arrakis::Action::Done]);
        assert_eq!(tokens(&g), want, "row {row}");
        assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
            DwEvent::TokensPlaced { count: want }
        ))));
    }
    // The core game has none.
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    let ev = play(&mut g, H, &[melange::rules::arrakis::Action::Done]);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Expansion(ExpansionEvent::DesertWar(_))))
    );
}

#[test]
fn a_deployment_ends_when_the_supply_runs_out() {
    // DW-HARKONNEN-11: up to 3 Suspensor Troopers from those off the
    // board. With one left, the deployment ends after it, back at the
    // turn's decision (cargo-mutants: asking for a trooper from an empty
    // supply went unnoticed).
    let mut g = harkonnen_turn(&[DieResult::Mentat, DieResult::Mentat], 2);
    let n = supply(&g);
    g.edit(|s| s.put_suspensors(a("s3_3"), n - 1)).unwrap();
    assert_eq!(supply(&g), 1);
    play(&mut g, H, &[dw(DwAction::DeploySuspensor(a("s1_3")))]);
    assert_eq!(supply(&g), 0);
    assert_eq!(g.prompt(), Prompt::Turn(H));
    assert!(
        !legal(&g, H)
            .iter()
            .any(|x| matches!(x, melange::rules::arrakis::Action::Expansion(_)))
    );
}

#[test]
fn deploy_before_the_die_then_the_die() {
    use melange::rules::arrakis::Action as X;
    // DW-HARKONNEN-04, DW-HARKONNEN-07: before the die's action, at the
    // turn's decision.
    let mut g = harkonnen_turn(&[DieResult::Mentat, DieResult::Mentat], 2);
    g.edit(|s| s.put_suspensors(a("s1_16"), 1)).unwrap();
    let offered = legal(&g, H);
    // DW-HARKONNEN-10: deploy, move or scout, nothing else.
    assert!(offered.iter().any(|x| matches!(
        x,
        X::Expansion(ExpansionAction::DesertWar(DwAction::DeploySuspensor(_)))
    )));
    assert!(offered.iter().any(|x| matches!(
        x,
        X::Expansion(ExpansionAction::DesertWar(DwAction::MoveSuspensor(..)))
    )));
    assert!(offered.iter().any(|x| matches!(
        x,
        X::Expansion(ExpansionAction::DesertWar(DwAction::ScoutSuspensor(..)))
    )));
    assert!(!offered.iter().any(|x| matches!(
        x,
        X::Expansion(ExpansionAction::DesertWar(
            DwAction::SwapOut(_) | DwAction::EscortTroops(..) | DwAction::TakeEscort
        ))
    )));
    assert!(offered.contains(&dw(DwAction::DeploySuspensor(a("s1_3")))));
    // DW-HARKONNEN-14: only sectors connected to an Air zone holding a
    // Harkonnen vehicle (az1: s1 and s5).
    assert!(!offered.contains(&dw(DwAction::DeploySuspensor(a("s2_1")))));
    let e = assert_refused(&g, seat(H), &dw(DwAction::DeploySuspensor(a("s2_1"))));
    let words = e.to_string();
    assert_eq!(rule_of(e), "DW-HARKONNEN-14");
    assert!(
        words.contains("a sector connected to an Air zone holding a Harkonnen vehicle"),
        "{words}"
    );
    // DW-HARKONNEN-12: only empty desert areas: not a sietch's area, not
    // a plateau, not an area with a harvester.
    g.edit(|s| s.areas[a("s1_4").index()].harvester = true)
        .unwrap();
    for id in ["gara_kulon", "s5_9", "s1_4"] {
        let e = assert_refused(&g, seat(H), &dw(DwAction::DeploySuspensor(a(id))));
        assert_eq!(rule_of(e), "DW-HARKONNEN-12", "{id}");
    }
    // DW-HARKONNEN-11, DW-HARKONNEN-13, DQ3: up to 3, several in one
    // area, all in the first one's sector.
    let ev = play(&mut g, H, &[dw(DwAction::DeploySuspensor(a("s1_3")))]);
    assert_eq!(tokens(&g), 1); // DW-HARKONNEN-09: discarded
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::TokenDiscarded { left: 1 }
    ))));
    assert!(matches!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::DeploySuspensors {
            left: 2,
            after: false,
            ..
        }))
    ));
    let e = assert_refused(&g, seat(H), &dw(DwAction::DeploySuspensor(a("s5_3"))));
    assert_eq!(rule_of(e), "DW-HARKONNEN-13");
    // DW-HARKONNEN-12 holds for the later troopers too: not into an area
    // of the sector that is not empty (s1_4 holds a harvester).
    let e = assert_refused(&g, seat(H), &dw(DwAction::DeploySuspensor(a("s1_4"))));
    assert_eq!(rule_of(e), "DW-HARKONNEN-12");
    play(
        &mut g,
        H,
        &[
            dw(DwAction::DeploySuspensor(a("s1_3"))),
            dw(DwAction::DeploySuspensor(a("s1_5"))),
        ],
    );
    assert_eq!(g.areas()[a("s1_3").index()].expansions.desert.suspensors, 2);
    assert_eq!(g.areas()[a("s1_5").index()].expansions.desert.suspensors, 1);
    assert_eq!(supply(&g), 2);
    // DW-HARKONNEN-05, DW-HARKONNEN-06: back to the turn, which still
    // spends a die; no second Desert War action for it.
    assert_eq!(g.prompt(), Prompt::Turn(H));
    assert!(
        !legal(&g, H)
            .iter()
            .any(|x| matches!(x, X::Expansion(ExpansionAction::DesertWar(_))))
    );
    let e = assert_refused(&g, seat(H), &dw(DwAction::DeploySuspensor(a("s1_6"))));
    assert_eq!(rule_of(e), "DW-HARKONNEN-06");
    // The die's action ends the turn: no Desert War action after it.
    play(&mut g, H, &[X::SpendDie(DieResult::Mentat)]);
    let decks = legal(&g, H)[0];
    play(&mut g, H, &[decks]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
    // The next die may carry one again.
    atreides_pass(&mut g);
    assert_eq!(g.prompt(), Prompt::Turn(H));
    assert!(legal(&g, H).contains(&dw(DwAction::DeploySuspensor(a("s1_6")))));
}

#[test]
fn the_action_may_come_after_the_die() {
    use melange::rules::arrakis::Action as X;
    // DW-HARKONNEN-07: after the die's action, before the turn ends.
    let mut g = harkonnen_turn(&[DieResult::Mentat, DieResult::Mentat], 1);
    g.edit(|s| s.put_suspensors(a("s1_4"), 1)).unwrap();
    play(&mut g, H, &[X::SpendDie(DieResult::Mentat)]);
    let decks = legal(&g, H)[0];
    play(&mut g, H, &[decks]);
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::HarkonnenAfter))
    );
    let offered = legal(&g, H);
    assert!(offered.contains(&X::Done));
    assert!(offered.contains(&dw(DwAction::MoveSuspensor(a("s1_4"), a("s1_5")))));
    play(
        &mut g,
        H,
        &[dw(DwAction::MoveSuspensor(a("s1_4"), a("s1_5")))],
    );
    assert_eq!(g.areas()[a("s1_5").index()].expansions.desert.suspensors, 1);
    assert_eq!(tokens(&g), 0);
    assert_eq!(g.prompt(), Prompt::Turn(A));
    // DW-HARKONNEN-08: no token left, no Desert War action, before or
    // after.
    atreides_pass(&mut g);
    assert_eq!(g.prompt(), Prompt::Turn(H));
    assert!(
        !legal(&g, H)
            .iter()
            .any(|x| matches!(x, X::Expansion(ExpansionAction::DesertWar(_))))
    );
    let e = assert_refused(
        &g,
        seat(H),
        &dw(DwAction::MoveSuspensor(a("s1_5"), a("s1_4"))),
    );
    assert_eq!(rule_of(e), "DW-HARKONNEN-08");
    play(&mut g, H, &[X::SpendDie(DieResult::Mentat)]);
    let decks = legal(&g, H)[0];
    play(&mut g, H, &[decks]);
    assert_ne!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::HarkonnenAfter))
    );
}

#[test]
fn declining_the_action_after_the_die() {
    use melange::rules::arrakis::Action as X;
    // DW-HARKONNEN-04: "may": Done keeps the token.
    let mut g = harkonnen_turn(&[DieResult::Mentat, DieResult::Mentat], 2);
    play(&mut g, H, &[X::SpendDie(DieResult::Mentat)]);
    let decks = legal(&g, H)[0];
    play(&mut g, H, &[decks]);
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::HarkonnenAfter))
    );
    play(&mut g, H, &[X::Done]);
    assert_eq!(tokens(&g), 2);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn scouting_with_a_suspensor_trooper() {
    use melange::rules::arrakis::Action as X;
    // DW-HARKONNEN-16, DW-HARKONNEN-17: the trooper is removed to reveal
    // the sietch of an adjacent area.
    let mut g = harkonnen_turn(&[DieResult::Mentat, DieResult::Mentat], 2);
    g.edit(|s| s.put_suspensors(a("s1_11"), 1)).unwrap();
    let site = a("gara_kulon");
    assert!(g.areas()[site.index()].sietch.is_some_and(|s| !s.revealed));
    let scout = dw(DwAction::ScoutSuspensor(a("s1_11"), site));
    assert!(legal(&g, H).contains(&scout));
    // Not an area two away.
    let e = assert_refused(
        &g,
        seat(H),
        &dw(DwAction::ScoutSuspensor(a("s1_11"), a("sihaya_ridge"))),
    );
    assert_eq!(rule_of(e), "DW-HARKONNEN-16");
    // DW-HARKONNEN-18: never under the Spacing Guild ban.
    let mut banned = g.clone();
    banned
        .edit(|s| {
            s.imperium = ([1, 1, 1]).into();
            s.bans = ([false, true, false]).into();
        })
        .unwrap();
    assert!(!legal(&banned, H).contains(&scout));
    let e = assert_refused(&banned, seat(H), &scout);
    assert_eq!(rule_of(e), "DW-HARKONNEN-18");
    let ev = play(&mut g, H, &[scout]);
    assert!(g.areas()[site.index()].sietch.unwrap().revealed);
    assert_eq!(
        g.areas()[a("s1_11").index()].expansions.desert.suspensors,
        0
    );
    assert_eq!(supply(&g), 6); // DW-TROOPER-17
    assert!(ev.iter().any(|e| matches!(e, Event::SietchRevealed { .. })));
    assert_eq!(g.prompt(), Prompt::Turn(H));
    let _ = X::Done;
}

#[test]
fn the_end_of_the_round_clears_the_harkonnen_side() {
    use melange::rules::arrakis::Action as X;
    // DW-HARKONNEN-09, DW-ROUNDEND-01, DW-ROUNDEND-03: tokens, Suspensor
    // Troopers and Escorts serving in legions leave the board.
    let mut g = dw_game();
    g.edit(|s| {
        s.desert_war_tokens(3).unwrap();
        s.put_suspensors(a("s1_4"), 2).unwrap();
        s.put(H, a("s1_5"), [1, 0, 0], 1).unwrap();
        s.put_escort(a("s1_5")).unwrap();
    })
    .unwrap();
    let generic = g.house(H).generic_supply;
    g.edit(|s| s.prompt = Prompt::EndClaims).unwrap();
    let ev = play(&mut g, A, &[X::Done]);
    let dw = g.desert_war().unwrap();
    assert_eq!((dw.tokens_on_board, dw.suspensors, dw.escorts), (0, 6, 2));
    let s = &g.areas()[a("s1_5").index()];
    assert_eq!((s.generic[H], s.expansions.desert.escorts), (1, 0));
    assert_eq!(g.house(H).generic_supply, generic);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Expansion(ExpansionEvent::DesertWar(DwEvent::RoundCleared {
            escorts: 1,
            tokens: 3,
            troopers,
            ..
        })) if troopers.suspensors == 2
    )));
}

#[test]
fn actions_naming_nothing_of_this_board_are_refused_in_words() {
    use melange::rules::arrakis::{AirZoneId, AreaId};
    // Refusals name a rule and say it in words, never panic.
    let g = harkonnen_turn(&[DieResult::Mentat], 2);
    for bad in [
        DwAction::DeploySuspensor(AreaId(250)),
        DwAction::MoveSuspensor(AreaId(250), AreaId(251)),
        DwAction::ScoutSuspensor(a("s1_4"), AreaId(250)),
        DwAction::EscortTroops(AirZoneId(99), a("s1_4")),
    ] {
        let e = assert_refused(&g, seat(H), &dw(bad));
        let text = e.to_string();
        assert!(text.contains("DW-") || text.contains("AR-"), "{text}");
        assert!(!text.contains("AreaId"), "{text}");
    }
    // One past the last area, where a bound could slip by one, beside a
    // real Suspensor Trooper (cargo-mutants: `<` to `<=` in the Suspensor
    // move's refusal went unnoticed).
    let mut g = g;
    g.edit(|s| s.put_suspensors(a("s1_3"), 1)).unwrap();
    let past = AreaId(g.areas().len() as u8);
    for bad in [
        DwAction::MoveSuspensor(a("s1_3"), past),
        DwAction::ScoutSuspensor(a("s1_3"), past),
        DwAction::DeploySuspensor(past),
    ] {
        let e = assert_refused(&g, seat(H), &dw(bad));
        let rule = rule_of(e);
        assert!(rule.starts_with("DW-") || rule.starts_with("AR-"), "{rule}");
    }
}
