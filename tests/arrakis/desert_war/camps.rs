//! Fremen Camps (DW-CAMP-01 to DW-CAMP-09).
use super::atreides_kit::*;
use crate::common::{A, H, a, legal, play, rule_of, seat};
use melange::rules::arrakis::expansions::desert_war::{DwAction, DwEvent, DwPrompt};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use melange::rules::arrakis::{Action, Event, Marker, Prompt, UnitKind, Units};
use melange::rules::core::{Ruleset, Viewer};

const KH: Marker = Marker::KwisatzHaderach;
const SD: Marker = Marker::SandDwellers;
const JI: Marker = Marker::Jihad;

fn camp(m: Marker, area: &str) -> Action {
    Action::Expansion(ExpansionAction::DesertWar(DwAction::PlaceCamp(m, a(area))))
}

#[test]
fn camps_go_down_before_the_action_dice() {
    let mut g = dw_game(&[]);
    end_vehicle_placement(&mut g);
    // DW-CAMP-01: first thing of Action Resolution, before the roll.
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::PlaceCamp))
    );
    assert!(g.house(H).dice.is_empty() && g.house(A).dice.is_empty());
    // DW-CAMP-04, DW-CAMP-06 (three tokens, three different markers): the
    // Atreides pick which token goes where;
    // "all available": no "Done" by default.
    let l = legal(&g, A);
    for m in [KH, SD, JI] {
        assert!(l.contains(&camp(m, "s1_3")), "{m:?}");
    }
    assert!(!l.contains(&Action::Done));
    play(&mut g, A, &[camp(KH, "s1_3"), camp(SD, "s3_2")]);
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::PlaceCamp))
    );
    let ev = play(&mut g, A, &[camp(JI, "s4_4")]);
    // DW-CAMP-01: then the dice are rolled.
    assert!(ev.iter().any(|e| matches!(e, Event::DiceRolled { .. })));
    assert_eq!(
        g.areas()[a("s1_3").index()].expansions.desert.camp,
        Some(KH)
    );
    assert_eq!(
        g.areas()[a("s3_2").index()].expansions.desert.camp,
        Some(SD)
    );
    assert_eq!(
        g.areas()[a("s4_4").index()].expansions.desert.camp,
        Some(JI)
    );
    assert!(g.desert_war().unwrap().camp_tokens.is_empty());
}

#[test]
fn camps_one_per_sector_in_empty_desert_areas() {
    let mut g = dw_game(&[]);
    g.edit(|s| s.put(H, a("s3_3"), Units::from([1, 0, 0]), 0))
        .unwrap();
    end_vehicle_placement(&mut g);
    play(&mut g, A, &[camp(KH, "s1_3")]);
    let before = g.clone();
    let refused = |g: &mut melange::rules::arrakis::Arrakis, x: Action| {
        let mut ev = Vec::new();
        rule_of(g.apply(seat(A), &x, &mut ev).unwrap_err())
    };
    // DW-CAMP-02: not a second Camp in sector 1.
    assert_eq!(refused(&mut g, camp(SD, "s1_5")), "DW-CAMP-02");
    let e = g
        .apply(seat(A), &camp(SD, "s1_5"), &mut Vec::new())
        .unwrap_err()
        .to_string();
    assert!(e.contains("no two Fremen Camps stand in one sector"), "{e}");
    // DW-CAMP-03: an area with a unit is not empty; a plateau is not desert.
    assert_eq!(refused(&mut g, camp(SD, "s3_3")), "DW-CAMP-03");
    assert_eq!(refused(&mut g, camp(SD, "s2_5")), "DW-CAMP-03");
    let e = g
        .apply(seat(A), &camp(SD, "s2_5"), &mut Vec::new())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("a Fremen Camp goes in an empty desert area"),
        "{e}"
    );
    // DW-CAMP-04: the Kwisatz Haderach token is already down.
    assert_eq!(refused(&mut g, camp(KH, "s3_2")), "DW-CAMP-04");
    // DW-CAMP-01: "Done" is not offered while Camps must go down.
    assert_eq!(refused(&mut g, Action::Done), "DW-CAMP-01");
    assert_eq!(g, before, "refusals change nothing");
}

#[test]
fn optional_camps_may_stay_off_the_board() {
    // DW-CAMP-01, `fremen_camps=optional`: "Done" ends the placement.
    let mut g = dw_game(&[("fremen_camps", "optional")]);
    end_vehicle_placement(&mut g);
    assert!(legal(&g, A).contains(&Action::Done));
    let ev = play(&mut g, A, &[camp(SD, "s1_3"), Action::Done]);
    assert!(ev.iter().any(|e| matches!(e, Event::DiceRolled { .. })));
    assert_eq!(g.desert_war().unwrap().camp_tokens, vec![KH, JI]);
}

#[test]
fn a_camp_token_is_hidden_from_the_harkonnen() {
    let mut g = dw_game(&[]);
    end_vehicle_placement(&mut g);
    let ev = play(&mut g, A, &[camp(JI, "s1_3")]);
    let placed = ev
        .iter()
        .find(|e| {
            matches!(
                e,
                Event::Expansion(ExpansionEvent::DesertWar(DwEvent::CampPlaced { .. }))
            )
        })
        .unwrap();
    // DW-CAMP-05: the Atreides see the marker, the Harkonnen and
    // spectators a Camp only.
    let hidden = Event::Expansion(ExpansionEvent::DesertWar(DwEvent::CampPlaced {
        area: a("s1_3"),
        marker: None,
    }));
    assert_eq!(placed.redact(Viewer::Seat(seat(A))), Some(placed.clone()));
    assert_eq!(placed.redact(Viewer::Seat(seat(H))), Some(hidden.clone()));
    assert_eq!(placed.redact(Viewer::Spectator), Some(hidden));
}

#[test]
fn a_harkonnen_legion_entering_removes_the_camp() {
    let mut g = dw_game(&[]);
    g.edit(|s| s.put_camp(a("s1_3"), SD)).unwrap();
    let from = desert_neighbour(a("s1_3"));
    g.edit(|s| {
        s.put(H, from, Units::from([2, 0, 0]), 1).unwrap();
        s.turn(H, &[melange::rules::arrakis::DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(melange::rules::arrakis::DieResult::Strategy),
            Action::Legion(from),
            Action::Take(UnitKind::Regular),
        ],
    );
    // DW-CAMP-08: the Camp's area is free: the legion may go there.
    assert!(legal(&g, H).contains(&Action::To(a("s1_3"))));
    let ev = play(&mut g, H, &[Action::To(a("s1_3"))]);
    // DW-CAMP-09: the Camp is removed, its token back to the Atreides face
    // down: the event never names the marker.
    assert_eq!(g.areas()[a("s1_3").index()].expansions.desert.camp, None);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::CampRemoved { area: a("s1_3") }
    ))));
    assert_eq!(g.desert_war().unwrap().camp_tokens, vec![KH, SD, JI]);
}

#[test]
fn an_atreides_legion_keeps_the_camp() {
    let mut g = dw_game(&[]);
    g.edit(|s| s.put_camp(a("s1_3"), SD)).unwrap();
    let from = desert_neighbour(a("s1_3"));
    g.edit(|s| {
        s.put(A, from, Units::from([2, 0, 0]), 1).unwrap();
        s.turn(A, &[melange::rules::arrakis::DieResult::Strategy], 2);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(melange::rules::arrakis::DieResult::Strategy),
            Action::Legion(from),
            Action::Take(UnitKind::Regular),
            Action::To(a("s1_3")),
        ],
    );
    // DW-CAMP-08, DW-CAMP-09: free for the Atreides too; only a Harkonnen
    // legion removes it.
    assert_eq!(
        g.areas()[a("s1_3").index()].expansions.desert.camp,
        Some(SD)
    );
}

#[test]
fn camps_leave_at_the_end_of_the_round() {
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put_camp(a("s1_3"), SD).unwrap();
        s.put_camp(a("s3_2"), KH).unwrap();
        s.prompt = Prompt::EndClaims;
    })
    .unwrap();
    let ev = play(&mut g, A, &[Action::Done]);
    // DW-CAMP-01 (each round anew): every Camp leaves the board at the End
    // of the Round, its token back to the Atreides.
    assert!(g.areas().iter().all(|s| s.expansions.desert.camp.is_none()));
    assert_eq!(g.desert_war().unwrap().camp_tokens, vec![KH, SD, JI]);
    // One public count of what the End of the Round cleared: 2 Camps,
    // never their markers.
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Expansion(ExpansionEvent::DesertWar(DwEvent::RoundCleared {
            camps: 2,
            ..
        }))
    )));
}

#[test]
fn games_differing_only_in_camp_markers_look_the_same_to_the_harkonnen() {
    // DW-CAMP-05: non-interference. Two games whose Camps hold different
    // tokens give the Harkonnen and spectators the same events and the
    // same decisions at the same times, a Camp's removal included.
    let run = |markers: [Marker; 3]| {
        let mut g = dw_game(&[]);
        let from = desert_neighbour(a("s1_3"));
        g.edit(|s| s.put(H, from, Units::from([2, 0, 0]), 1))
            .unwrap();
        let mut ev = Vec::new();
        end_vehicle_placement(&mut g);
        let areas = ["s1_3", "s3_2", "s4_4"];
        for (m, x) in markers.iter().zip(areas) {
            ev.extend(play(&mut g, A, &[camp(*m, x)]));
        }
        g.edit(|s| s.turn(H, &[melange::rules::arrakis::DieResult::Strategy], 1))
            .unwrap();
        ev.extend(play(
            &mut g,
            H,
            &[
                Action::SpendDie(melange::rules::arrakis::DieResult::Strategy),
                Action::Legion(from),
                Action::Take(UnitKind::Regular),
                Action::To(a("s1_3")),
            ],
        ));
        (g, ev)
    };
    let (g1, ev1) = run([KH, SD, JI]);
    let (g2, ev2) = run([JI, KH, SD]);
    for viewer in [Viewer::Seat(seat(H)), Viewer::Spectator] {
        let seen =
            |ev: &[Event]| -> Vec<Event> { ev.iter().filter_map(|e| e.redact(viewer)).collect() };
        assert_eq!(seen(&ev1), seen(&ev2), "{viewer:?}");
    }
    assert_eq!(g1.prompt(), g2.prompt());
    assert_eq!(legal(&g1, H), legal(&g2, H));
    // The Atreides see the difference.
    let mine = |ev: &[Event]| -> Vec<Event> {
        ev.iter()
            .filter_map(|e| e.redact(Viewer::Seat(seat(A))))
            .collect()
    };
    assert_ne!(mine(&ev1), mine(&ev2));
}

#[test]
fn a_refusal_at_the_camps_names_whom_the_game_waits_on() {
    // DW-CAMP-01: the Atreides place their Camps first; an action of
    // another kind is refused, and the refusal says whom the game waits on
    // (cargo-mutants: the Desert War's "waiting on" words were unchecked).
    let mut g = dw_game(&[]);
    end_vehicle_placement(&mut g);
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::PlaceCamp))
    );
    let e = melange::rules::core::conformance::assert_refused(&g, seat(A), &Action::Done);
    assert!(
        e.to_string()
            .ends_with("The game waits on House Atreides to place its Fremen Camps."),
        "{e}"
    );
}
