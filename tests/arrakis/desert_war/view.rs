//! The Desert War in the view (DW-CAMP-05; docs/rules-decisions.md,
//! Desert War, "Hidden information"): every figure is public, a Camp's
//! marker is the Atreides' alone.
use super::*;
use melange::pb::arrakis_event::Kind;
use melange::rules::arrakis::Marker;
use melange::rules::arrakis::expansions::ExpansionEvent;
use melange::rules::core::Viewer;

#[test]
fn the_view_shows_the_new_figures_and_supplies() {
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put_escort(a("s1_1")).unwrap();
        s.put_troopers(a("s1_4"), sus(2)).unwrap();
        s.put_troopers(a("s1_5"), rockets(1)).unwrap();
        s.put_camp(a("s1_5"), Marker::Jihad).unwrap();
        s.desert_war_tokens(2).unwrap();
    })
    .unwrap();
    for viewer in [
        Viewer::Seat(seat(H)),
        Viewer::Seat(seat(A)),
        Viewer::Spectator,
    ] {
        let v = g.view(viewer);
        assert_eq!(v.areas[a("s1_1").index()].expansions.desert.escorts, 1);
        assert_eq!(v.areas[a("s1_4").index()].expansions.desert.suspensors, 2);
        let camp = v.areas[a("s1_5").index()].expansions.desert;
        assert_eq!(camp.rockets, 1);
        assert!(camp.camp);
        let dw = v
            .expansions
            .desert_war
            .as_ref()
            .expect("the expansion's supplies");
        assert_eq!(
            (dw.escorts, dw.suspensors, dw.rockets, dw.sandriders),
            (1, 4, 5, 2)
        );
        assert_eq!(dw.camp_tokens, 2);
        assert_eq!(dw.tokens_on_board, 2);
        assert!(!dw.sandriders_card_spent);
        // DW-CAMP-05: the marker for the Atreides only.
        let atreides = viewer == Viewer::Seat(seat(A));
        assert_eq!(camp.camp_marker, atreides.then_some(Marker::Jihad));
        assert_eq!(dw.camp_token_markers.is_empty(), !atreides);
    }
    // The core game's view carries no Desert War.
    let core = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    assert!(core.view(Viewer::Spectator).expansions.desert_war.is_none());
}

#[test]
fn camp_markers_change_nothing_the_harkonnen_or_a_spectator_see() {
    // DW-CAMP-05, non-interference: two games differing only in which
    // marker lies under each Camp give the Harkonnen and a spectator the
    // same views, and the same events, through the same actions.
    let build = |first: Marker, second: Marker| {
        let mut g = game();
        g.edit(|s| {
            s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
            s.put(A, a("s2_1"), [1, 0, 0], 0).unwrap();
            s.put_camp(a("s1_2"), first).unwrap();
            s.put_camp(a("s2_2"), second).unwrap();
            s.put_troopers(a("s1_2"), rockets(1)).unwrap();
            s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
        })
        .unwrap();
        g
    };
    let mut x = build(Marker::KwisatzHaderach, Marker::Jihad);
    let mut y = build(Marker::Jihad, Marker::SandDwellers);
    let acts = [
        Action::SpendDie(DieResult::Strategy),
        Action::Legion(a("s1_1")),
        Action::Take(UnitKind::Regular),
        Action::To(a("s1_2")),
    ];
    let others = [Viewer::Seat(seat(H)), Viewer::Spectator];
    for v in others {
        assert_eq!(x.view(v), y.view(v));
    }
    assert_ne!(x.view(Viewer::Seat(seat(A))), y.view(Viewer::Seat(seat(A))));
    for act in acts {
        let ex = play(&mut x, H, &[act]);
        let ey = play(&mut y, H, &[act]);
        for v in others {
            assert_eq!(x.view(v), y.view(v), "after {act:?}");
            let rx: Vec<_> = ex.iter().filter_map(|e| e.redact(v)).collect();
            let ry: Vec<_> = ey.iter().filter_map(|e| e.redact(v)).collect();
            assert_eq!(rx, ry, "events after {act:?}");
            assert_eq!(legal(&x, H), legal(&y, H));
            assert_eq!(x.to_act(), y.to_act());
        }
    }
}

#[test]
fn the_wire_carries_the_desert_war_and_keeps_the_camp_marker() {
    // DW-CAMP-05 on the wire: every area carries its Desert War figures,
    // the Camp's marker only in the Atreides view; the events read.
    use melange::api::WireRules;
    use melange::pb;
    let mut g = game();
    g.edit(|s| {
        s.put_camp(a("s1_5"), Marker::Jihad).unwrap();
        s.put_troopers(a("s1_4"), sus(2)).unwrap();
    })
    .unwrap();
    let wire = |g: &Arrakis, v: Viewer| match g.view_to_pb(g.view(v)) {
        Some(pb::view::Game::Arrakis(x)) => x,
        other => panic!("an Arrakis view, got {other:?}"),
    };
    for (v, atreides) in [
        (Viewer::Seat(seat(A)), true),
        (Viewer::Seat(seat(H)), false),
        (Viewer::Spectator, false),
    ] {
        let w = wire(&g, v);
        assert!(w.areas.iter().all(|x| x.desert.is_some()));
        let camp = w.areas[a("s1_5").index()].desert.clone().unwrap();
        assert!(camp.camp);
        assert_eq!(camp.camp_marker, if atreides { "jihad" } else { "" });
        assert_eq!(
            w.areas[a("s1_4").index()]
                .desert
                .as_ref()
                .unwrap()
                .suspensors,
            2
        );
        let dw = w.desert_war.unwrap();
        assert_eq!((dw.suspensors, dw.camp_tokens), (4, 2));
        assert_eq!(dw.camp_token_markers.len(), if atreides { 2 } else { 0 });
    }
    // The core game's wire view carries none of it.
    let core = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    let w = wire(&core, Viewer::Spectator);
    assert!(w.desert_war.is_none() && w.areas.iter().all(|x| x.desert.is_none()));
    // Events: their case, figures, reason and a line for a person.
    let e = Event::Expansion(ExpansionEvent::DesertWar(DwEvent::TroopersRemoved {
        area: a("s1_4"),
        troopers: sus(2),
        why: TrooperRemoval::Legion,
    }));
    let (text, game) = g.event_to_pb(&e);
    let Some(pb::event::Game::Arrakis(pb::ArrakisEvent {
        kind: Some(Kind::TroopersRemoved(x)),
    })) = game
    else {
        panic!("troopers_removed, not {game:?}")
    };
    assert_eq!(x.area, "s1_4");
    assert_eq!(x.reason, "legion");
    assert_eq!(x.figures.unwrap().suspensors, 2);
    assert_eq!(
        text,
        "2 Suspensor Troopers removed from desert area s1-4 (an opposing legion came in), back to the supply"
    );
    let e = Event::Expansion(ExpansionEvent::DesertWar(DwEvent::RoundCleared {
        escorts: 1,
        camps: 2,
        troopers: rockets(1),
        tokens: 3,
    }));
    let (text, game) = g.event_to_pb(&e);
    let Some(pb::event::Game::Arrakis(pb::ArrakisEvent {
        kind: Some(Kind::DesertWarCleared(x)),
    })) = game
    else {
        panic!("desert_war_cleared, not {game:?}")
    };
    assert_eq!(x.tokens, 3);
    let f = x.figures.unwrap();
    assert_eq!((f.escorts, f.camps, f.rockets), (1, 2, 1));
    assert!(text.contains("2 Fremen Camp(s)"), "{text}");
}
