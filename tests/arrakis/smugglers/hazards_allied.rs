//! Desert Hazards with the allied Smugglers (SM-ROUND-08 to SM-ROUND-10).
use super::*;
use crate::common::{A, H, a, legal, play};
use melange::rules::arrakis::{Event, UnitKind, Wormsign};

fn placed(ev: &[Event]) -> Vec<melange::rules::arrakis::AreaId> {
    ev.iter()
        .filter_map(|e| match e {
            Event::WormsignPlaced { area } => Some(*area),
            _ => None,
        })
        .collect()
}

#[test]
fn no_hazard_wormsign_with_smuggler_units_and_none_kept() {
    let mut g = game();
    g.test_ally_at(a("s2_1"));
    // A Harkonnen harvester with Smuggler units, another alone.
    g.edit(|s| {
        s.put_smuggler_regulars(a("s1_1"), 1).unwrap();
        s.areas[a("s1_1").index()].harvester = true;
        s.areas[a("s1_2").index()].harvester = true;
        // SM-ROUND-09: a sandworm wormsign already with Smuggler units.
        s.put_smuggler_regulars(a("s2_6"), 1).unwrap();
        s.areas[a("s2_6").index()].wormsign = Some(Wormsign::Sandworm);
    })
    .unwrap();
    let before = g.areas()[a("s2_1").index()].units[A];
    let ev = g.test_sm_desert_hazards();
    // SM-ROUND-08: none placed where Smuggler units stand.
    let p = placed(&ev);
    assert!(p.contains(&a("s1_2")));
    assert!(!p.contains(&a("s1_1")));
    // SM-ROUND-09: the one there was removed before it could act.
    assert!(g.areas()[a("s2_6").index()].worm.is_none());
    assert_eq!(g.areas()[a("s2_6").index()].units[A][UnitKind::Smuggler], 1);
    // SM-ROUND-10: storms spare Smuggler units.
    assert_eq!(g.areas()[a("s2_1").index()].units[A], before);
    assert_eq!(g.areas()[a("s1_1").index()].units[A][UnitKind::Smuggler], 1);
}

#[test]
fn desert_power_wormsigns_with_smuggler_units_follow_the_option() {
    // SM-ROUND-08, `wormsign_with_smugglers`: by default a Desert Power may
    // put one there (removed at the next Desert Hazards).
    let mut g = game();
    g.test_ally_at(a("s2_1"));
    g.edit(|s| {
        s.put(H, a("s3_1"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[], 1);
    })
    .unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    assert!(legal(&g, A).contains(&Action::WormsignAt(a("s2_1"))));
    // `never`: refused.
    let mut g = game_with(ArrakisOptions {
        smugglers: true,
        overrides: vec![("wormsign_with_smugglers".into(), "never".into())],
        ..ArrakisOptions::default()
    });
    g.edit(|s| s.clear_board()).unwrap();
    g.test_ally_at(a("s2_1"));
    g.edit(|s| s.turn(A, &[], 1)).unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    assert!(!legal(&g, A).contains(&Action::WormsignAt(a("s2_1"))));
    assert_eq!(
        refused(&mut g, A, Action::WormsignAt(a("s2_1"))),
        "SM-ROUND-08"
    );
    assert!(legal(&g, A).contains(&Action::WormsignAt(a("s2_3"))));
}
