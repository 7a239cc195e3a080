//! The Smugglers Base in battle (SM-BASE): a rank-3 settlement of the
//! Atreides, whose fall gives no supremacy.
use super::*;
use crate::common::{A, H, a, play};
use melange::rules::arrakis::expansions::smugglers::data::smugglers;
use melange::rules::arrakis::{BattleStep, DieResult, Event, Prompt, UnitKind};

const SHIELD: u8 = 3;

/// The Harkonnen attack the Base's area from `from` with `n` regulars.
fn harkonnen_attack(g: &mut Arrakis, from: &str, to: &str, n: usize) -> Vec<Event> {
    g.edit(|s| s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 2))
        .unwrap();
    let mut acts = vec![
        Action::SpendDie(DieResult::Strategy),
        Action::Legion(a(from)),
    ];
    acts.extend(std::iter::repeat_n(Action::Take(UnitKind::Regular), n));
    acts.push(Action::To(a(to)));
    play(g, H, &acts)
}

#[test]
fn the_base_defends_with_its_rank_like_a_settlement() {
    // SM-BASE-01: rank 3, from data.
    assert_eq!(smugglers().base.rank, 3);
    let mut g = game();
    g.test_ally_at(a("s2_1"));
    // Leave one Smuggler Regular and no leader in the Base's area (the
    // alliance brought the 2 waiting ones: setup's and round 1's).
    g.edit(|s| {
        s.take_units(A, a("s2_1"), UnitKind::Smuggler, 1);
        s.remove_leaders(a("s2_1"));
        s.put(H, a("s2_3"), [2, 0, 0], 0).unwrap();
    })
    .unwrap();
    harkonnen_attack(&mut g, "s2_3", "s2_1", 2);
    g.edit(|s| s.load_dice(&[SHIELD; 6])).unwrap();
    let ev = play(&mut g, H, &[Action::Done]);
    let ev2 = play(&mut g, A, &[Action::Done]);
    // SM-BASE-02: the Atreides roll 1 unit + 3 for the Base's rank.
    let rolls: Vec<(Faction, u8)> = [ev, ev2]
        .concat()
        .iter()
        .filter_map(|e| match e {
            Event::CombatRoll { faction, dice, .. } => Some((*faction, *dice)),
            _ => None,
        })
        .collect();
    assert_eq!(rolls, vec![(H, 2), (A, 4)]);
    // SM-BASE-02: continuing against the Base is fortified.
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Continue));
}

#[test]
fn an_undefended_base_falls_without_supremacy() {
    // SM-BASE-03, SM-DEFEAT-01: a Harkonnen legion entering the Base's
    // area attacks it (no move in), and wins at once.
    let mut g = game();
    g.test_ally_at(a("s2_1"));
    let staban = sm_leader("staban_tuek");
    // Empty the Base's area but for the Base.
    g.edit(|s| {
        s.take_units(A, a("s2_1"), UnitKind::Smuggler, u8::MAX);
        s.remove_leaders(a("s2_1"));
        s.set_leader(staban, melange::rules::arrakis::LeaderAt::SetAside);
        s.put(H, a("s2_3"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    let before = g.supremacy();
    let ev = harkonnen_attack(&mut g, "s2_3", "s2_1", 1);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Destroyed { area } if *area == a("s2_1")))
    );
    // SM-BASE-03: no supremacy.
    assert_eq!(smugglers().base.supremacy, 0);
    assert_eq!(g.supremacy(), before);
    assert!(!g.areas()[a("s2_1").index()].expansions.smugglers.base);
}

#[test]
fn no_harkonnen_harvester_on_the_base() {
    // SM-BASE-02: like a sietch, the Base's area takes no harvester, even
    // when no Atreides unit stands there.
    let mut g = game();
    g.test_ally_at(a("s2_1"));
    g.edit(|s| {
        s.take_units(A, a("s2_1"), UnitKind::Smuggler, u8::MAX);
        s.remove_leaders(a("s2_1"));
        s.prompt = Prompt::Vehicles {
            harvesters: 1,
            ornithopters: 0,
            carryalls: 0,
            any: false,
            house: false,
        };
    })
    .unwrap();
    let offered = crate::common::legal(&g, H);
    assert!(!offered.contains(&Action::PlaceHarvester(a("s2_1"))));
    assert!(offered.contains(&Action::PlaceHarvester(a("s2_3"))));
}

#[test]
fn no_sandworm_stops_on_the_base() {
    // AR-HAZ-41 with SM-ALLY-06, SM-BASE-02: the Base is a figure, so a
    // sandworm moved by Desert Power (AR-OPT-03) never ends on it, even
    // with no Atreides unit there; otherwise the Base could never be
    // attacked again (no legion enters a sandworm's area).
    use melange::rules::arrakis::board;
    let mut g = game_with(ArrakisOptions {
        smugglers: true,
        overrides: vec![("desert_power_sandworms".into(), "two_activate".into())],
        ..ArrakisOptions::default()
    });
    g.edit(|s| s.clear_board()).unwrap();
    let base = a("s2_1");
    g.test_ally_at(base);
    g.edit(|s| {
        s.take_units(A, base, UnitKind::Smuggler, u8::MAX);
        s.remove_leaders(base)
    })
    .unwrap();
    let b = board();
    let w = (0..b.areas.len() as u8)
        .map(melange::rules::arrakis::AreaId)
        .find(|x| b.desert.contains(*x) && b.passable_between(*x, base))
        .expect("a desert area beside the Base");
    g.edit(|s| {
        s.put_worm(w).unwrap();
        s.turn(A, &[], 2);
    })
    .unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    let offered = crate::common::legal(&g, A);
    assert!(
        offered
            .iter()
            .any(|x| matches!(x, Action::WormMove(f, _) if *f == w)),
        "the sandworm may move elsewhere"
    );
    assert!(!offered.contains(&Action::WormMove(w, base)));
    let e = melange::rules::core::conformance::assert_refused(
        &g,
        crate::common::seat(A),
        &Action::WormMove(w, base),
    );
    assert_eq!(crate::common::rule_of(e), "AR-HAZ-41");
}
