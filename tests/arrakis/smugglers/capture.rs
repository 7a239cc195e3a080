//! Smuggler harvesters and legions (SM-HARVESTER-06, SM-LEGION-01 to
//! SM-LEGION-05): free areas, captures by Atreides legions that stay, and
//! Staban Tuek moving down, on the real board.
use super::*;
use crate::common::*;
use melange::rules::arrakis::expansions::smugglers::SmEvent;
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent};
use melange::rules::arrakis::{
    Action, AreaId, BattleStep, DieResult, Event, Prompt, UnitKind, Wormsign, board,
};

fn sm_events(ev: &[Event]) -> Vec<SmEvent> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Expansion(ExpansionEvent::Smugglers(x)) => Some(x.clone()),
            _ => None,
        })
        .collect()
}

/// `f` moves its regular in `from` to `to` with a Strategy die.
fn move_one(
    g: &mut Arrakis,
    f: melange::rules::arrakis::Faction,
    from: &str,
    to: &str,
) -> Vec<Event> {
    g.edit(|s| s.turn(f, &[DieResult::Strategy, DieResult::Strategy], 2))
        .unwrap();
    play(
        g,
        f,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a(from)),
            Action::Take(UnitKind::Regular),
            Action::To(a(to)),
        ],
    )
}

#[test]
fn an_atreides_legion_ending_its_move_captures_a_smuggler_harvester() {
    // SM-LEGION-01, SM-HARVESTER-06: the area is free, the Atreides enter
    // it (no battle); SM-LEGION-02, SM-LEGION-04: as a Harkonnen harvester
    // would be removed, it is captured, out of the game for good;
    // SM-LEGION-05: Staban Tuek moves down 1 step.
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.put_smuggler_harvester(a("s1_1")).unwrap();
    })
    .unwrap();
    assert!(board().passable[a("s1_3").index()].contains(a("s1_1")));
    let jihad = g.harvesters_destroyed();
    let ev = move_one(&mut g, A, "s1_3", "s1_1");
    assert!(!ev.iter().any(|e| matches!(e, Event::BattleStarted { .. })));
    assert_eq!(g.areas()[a("s1_1").index()].units[A].total(), 1);
    assert!(!g.areas()[a("s1_1").index()].expansions.smugglers.harvester);
    assert_eq!(
        sm_events(&ev),
        vec![
            SmEvent::HarvesterCaptured {
                area: a("s1_1"),
                in_game: 2
            },
            SmEvent::StabanMoved { step: 6 }
        ]
    );
    let sm = g.smugglers().unwrap();
    assert_eq!((sm.harvesters_in_game, sm.staban_step), (2, 6));
    // Not a Harkonnen harvester: the Jihad count is unchanged.
    assert_eq!(g.harvesters_destroyed(), jihad);
    // SM-LEGION-04: the captured one is not placed again.
    end_of_the_round(&mut g);
    g.test_start_round();
    let due = legal(&g, H)
        .iter()
        .filter(|x| matches!(x, Action::Expansion(ExpansionAction::Smugglers(_))))
        .count();
    assert!(due > 0);
    let mut placed = 0;
    while let Some(x) = legal(&g, H)
        .into_iter()
        .find(|x| matches!(x, Action::Expansion(ExpansionAction::Smugglers(_))))
    {
        play(&mut g, H, &[x]);
        placed += 1;
    }
    assert_eq!(placed, 2);
}

#[test]
fn a_harkonnen_legion_may_enter_and_stay_with_a_smuggler_harvester() {
    // SM-LEGION-01, SM-LEGION-03: free for the Harkonnen too; nothing is
    // captured.
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.put_smuggler_harvester(a("s1_1")).unwrap();
    })
    .unwrap();
    let ev = move_one(&mut g, H, "s1_3", "s1_1");
    assert!(sm_events(&ev).is_empty());
    let s = &g.areas()[a("s1_1").index()];
    assert_eq!(s.units[H].total(), 1);
    assert!(s.expansions.smugglers.harvester);
}

#[test]
fn passing_through_captures_nothing() {
    // SM-LEGION-04 (docs/rules-decisions.md, SQ7): a sandriding legion
    // crossing a Smuggler harvester's area does not capture it.
    let b = board();
    let desert = |x: AreaId| b.desert.contains(x);
    let (x, y, z) = b
        .desert
        .iter()
        .flat_map(|x| b.passable[x.index()].iter().map(move |y| (x, y)))
        .flat_map(|(x, y)| b.passable[y.index()].iter().map(move |z| (x, y, z)))
        .find(|&(x, y, z)| desert(y) && desert(z) && z != x && !b.passable[x.index()].contains(z))
        .unwrap();
    let mut g = game();
    g.edit(|s| {
        s.put(A, x, [1, 0, 0], 0).unwrap();
        s.put_smuggler_harvester(y).unwrap();
        s.areas[y.index()].wormsign = Some(Wormsign::Sand);
        s.turn(A, &[DieResult::Strategy], 2);
    })
    .unwrap();
    let ev = play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(x),
            Action::Take(UnitKind::Regular),
            Action::Sandride(z),
        ],
    );
    assert_eq!(g.areas()[z.index()].units[A].total(), 1);
    assert!(g.areas()[y.index()].expansions.smugglers.harvester);
    assert!(sm_events(&ev).is_empty());
    assert_eq!(g.smugglers().unwrap().harvesters_in_game, 3);
}

#[test]
fn an_atreides_legion_advancing_after_a_won_battle_captures() {
    // SM-LEGION-04: advancing into the area after a won battle captures
    // the Smuggler harvester there (as AR-HARV-04 removes a Harkonnen one).
    const HIT: u8 = 0;
    const SHIELD: u8 = 3;
    const SPECIAL: u8 = 5;
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [2, 0, 0], 1).unwrap();
        s.put(H, a("s1_2"), [1, 0, 0], 0).unwrap();
        s.put_smuggler_harvester(a("s1_2")).unwrap();
        s.turn(A, &[DieResult::Strategy, DieResult::Strategy], 2);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::TakeGeneric,
            Action::To(a("s1_2")),
        ],
    );
    // The harvester is not captured by the attack itself.
    assert!(g.areas()[a("s1_2").index()].expansions.smugglers.harvester);
    play(&mut g, A, &[Action::Done]);
    g.edit(|s| s.load_dice(&[HIT, SHIELD, SPECIAL])).unwrap();
    play(&mut g, H, &[Action::Done]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
    let ev = play(&mut g, A, &[Action::Advance]);
    assert!(!g.areas()[a("s1_2").index()].expansions.smugglers.harvester);
    assert!(sm_events(&ev).contains(&SmEvent::HarvesterCaptured {
        area: a("s1_2"),
        in_game: 2
    }));
    assert_eq!(g.smugglers().unwrap().staban_step, 6);
}
