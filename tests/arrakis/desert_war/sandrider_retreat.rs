//! A Harkonnen legion retreating onto a lone Sandrider (DW-SANDRIDER-10):
//! a defender's retreat (AR-OPT-05) calls a sandworm there, the battle
//! going on afterwards; a retreat away from a sandworm (AR-HAZ-50,
//! AR-OPT-08) never goes onto one.
use super::atreides_kit::*;
use crate::common::{A, H, legal, play, rule_of, seat};
use melange::rules::arrakis::expansions::ExpansionEvent;
use melange::rules::arrakis::expansions::desert_war::DwEvent;
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, BattleStep, DieResult, Event, Faction, Prompt, UnitKind, Units, Worm,
    Wormsign, board,
};
use melange::rules::core::Ruleset;

/// Combat die faces (data): 0-2 Hit, 3-4 Shield, 5 Special.
const HIT: u8 = 0;
const SHIELD: u8 = 3;

fn refused(g: &mut Arrakis, f: Faction, x: Action) -> &'static str {
    let before = g.clone();
    let mut ev = Vec::new();
    let r = rule_of(g.apply(seat(f), &x, &mut ev).unwrap_err());
    assert_eq!(*g, before, "a refusal changes nothing");
    r
}

fn sandriders_off(g: &Arrakis) -> u8 {
    g.desert_war().unwrap().sandriders
}

/// The desert areas next to `x` across a passable border.
fn open_desert_near(x: AreaId) -> Vec<AreaId> {
    let b = board();
    (0..b.areas.len() as u8)
        .map(AreaId)
        .filter(|y| *y != x && is_desert(*y) && b.passable_between(x, *y))
        .collect()
}

/// Desert areas x, y, z in a row across passable borders, z touching
/// neither x nor anything but desert, with at least two desert areas
/// besides y next to z.
fn row() -> (AreaId, AreaId, AreaId) {
    let b = board();
    let n = b.areas.len() as u8;
    for x in (0..n).map(AreaId).filter(|x| is_desert(*x)) {
        for y in open_desert_near(x) {
            for z in open_desert_near(y) {
                let around: Vec<_> = open_desert_near(z)
                    .into_iter()
                    .filter(|w| *w != y && !b.touches(*w, x))
                    .collect();
                if z != x && !b.touches(x, z) && around.len() >= 2 {
                    return (x, y, z);
                }
            }
        }
    }
    unreachable!()
}

/// An Atreides attack from x on the Harkonnen legion in y, every die a
/// Shield, the attacker fighting on: the Harkonnen may retreat
/// (AR-OPT-05).
fn to_the_retreat(x: AreaId, y: AreaId, z: AreaId) -> Arrakis {
    let mut g = dw_game(&[("defender_retreat", "may_retreat")]);
    g.edit(|s| {
        s.put(A, x, Units::from([3, 0, 0]), 0).unwrap();
        s.put(H, y, Units::from([2, 0, 0]), 0).unwrap();
        s.put_sandriders(z, 1).unwrap();
        s.turn(A, &[DieResult::Strategy], 2);
        s.hand(A, &[]);
        s.hand(H, &[]);
        // No card to discard: the round is rolled at once.
        s.load_dice(&[SHIELD; 5]);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(x),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::To(y),
        ],
    );
    play(&mut g, A, &[Action::Continue]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Retreat));
    // A lone Sandrider's area is open to the retreat (the text names
    // retreating as a way in).
    assert!(legal(&g, H).contains(&Action::Retreat(z)));
    g
}

#[test]
fn a_defender_retreating_onto_a_lone_sandrider_calls_a_sandworm_and_retreats_again() {
    let (x, y, z) = row();
    let mut g = to_the_retreat(x, y, z);
    g.edit(|s| s.areas[z.index()].harvester = true).unwrap();
    let worms_off = g.worms_off();
    let off = sandriders_off(&g);
    let ev = play(&mut g, H, &[Action::Retreat(z)]);
    // DW-SANDRIDER-10: the Sandrider is removed at once, back to the
    // supply, and the sandworm comes with the usual
    // consequences: the harvester there is destroyed (AR-HAZ-51) once the
    // legion has retreated once more (AR-HAZ-50).
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::SandriderRemoved { area: z }
    ))));
    assert_eq!(g.areas()[z.index()].expansions.desert.sandriders, 0);
    assert_eq!(sandriders_off(&g), off + 1);
    assert!(matches!(g.prompt(), Prompt::WormRetreat(_, at, _) if at == z));
    // The battle waits, its attackers off the board (2 regulars after
    // paying to fight on, AR-COMBAT-29).
    assert_eq!(g.battle_group().unwrap().units, [2, 0, 0]);
    // The retreat again is never back into the battle's areas (the
    // Atreides won the one, the other is their home).
    let l = legal(&g, H);
    assert!(!l.contains(&Action::Retreat(y)));
    assert!(!l.contains(&Action::Retreat(x)));
    assert_eq!(refused(&mut g, H, Action::Retreat(y)), "AR-HAZ-50");
    let w = match l[0] {
        Action::Retreat(w) => w,
        other => panic!("{other:?}"),
    };
    let ev = play(&mut g, H, &[Action::Retreat(w)]);
    assert!(ev.contains(&Event::SandwormPlaced { area: z }));
    assert!(ev.contains(&Event::HarvesterDestroyed { area: z }));
    assert_eq!(g.areas()[z.index()].worm, Some(Worm::Normal));
    assert_eq!(g.worms_off(), worms_off - 1);
    assert!(!g.areas()[z.index()].harvester);
    assert_eq!(g.harvesters_destroyed(), 1);
    // The battle goes on: the Atreides won it (AR-COMBAT-32) and advance
    // or stay (AR-COMBAT-34).
    assert!(ev.contains(&Event::BattleEnded { winner: Some(A) }));
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
    play(&mut g, A, &[Action::Advance]);
    // Every figure where it belongs: the 2 Atreides left after paying
    // to fight on (AR-COMBAT-29) in y, the 2 Harkonnen in w, none left in
    // x or z.
    assert_eq!(g.areas()[y.index()].units[A], [2, 0, 0]);
    assert_eq!(g.areas()[w.index()].units[H], [2, 0, 0]);
    assert_eq!(g.areas()[x.index()].unit_count(A), 0);
    assert_eq!(g.areas()[z.index()].unit_count(H), 0);
    assert_eq!(g.desert_war().unwrap().retreat_battle, None);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn a_defender_with_nowhere_to_go_stays_on_the_sandriders_area_and_is_attacked() {
    let (x, y, z) = row();
    let mut g = to_the_retreat(x, y, z);
    // Every other area next to z holds an Atreides legion: the retreat
    // from the sandworm has nowhere to go (Q16: it stays and is attacked).
    let b = board();
    for w in (0..b.areas.len() as u8).map(AreaId) {
        if w != y && w != z && b.passable_between(z, w) && g.areas()[w.index()].unit_count(A) == 0 {
            g.edit(|s| s.put(A, w, Units::from([1, 0, 0]), 0)).unwrap();
        }
    }
    let worms_off = g.worms_off();
    // The sandworm's 4 dice: 1 Hit.
    g.edit(|s| s.load_dice(&[HIT, SHIELD, SHIELD, SHIELD]))
        .unwrap();
    let off = sandriders_off(&g);
    let ev = play(&mut g, H, &[Action::Retreat(z)]);
    // DW-SANDRIDER-10: the Sandrider goes, a sandworm comes and attacks
    // the legion, then leaves the board (AR-HAZ-45).
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::SandriderRemoved { area: z }
    ))));
    assert!(ev.contains(&Event::SandwormPlaced { area: z }));
    assert_eq!(sandriders_off(&g), off + 1);
    assert_eq!(g.areas()[z.index()].units[H], [1, 0, 0]);
    assert_eq!(g.areas()[z.index()].worm, None);
    assert_eq!(g.worms_off(), worms_off);
    // The battle goes on: the attacker won and advances.
    assert!(ev.contains(&Event::BattleEnded { winner: Some(A) }));
    play(&mut g, A, &[Action::Advance]);
    assert_eq!(g.areas()[y.index()].units[A], [2, 0, 0]);
    assert_eq!(g.areas()[x.index()].unit_count(A), 0);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn a_defender_retreating_elsewhere_calls_no_sandworm() {
    let (x, y, z) = row();
    let mut g = to_the_retreat(x, y, z);
    let other = legal(&g, H)
        .into_iter()
        .find_map(|a| match a {
            Action::Retreat(w) if w != z => Some(w),
            _ => None,
        })
        .expect("another area");
    let ev = play(&mut g, H, &[Action::Retreat(other)]);
    // DW-SANDRIDER-10 only for the Sandrider's area.
    assert!(!ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::SandriderRemoved { area: z }
    ))));
    assert_eq!(g.areas()[z.index()].expansions.desert.sandriders, 1);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
}

#[test]
fn a_retreat_from_a_sandworm_never_goes_onto_a_lone_sandrider() {
    // DW-SANDRIDER-10 (docs/rules-decisions.md): a legion retreating from
    // a sandworm its move revealed (AR-HAZ-50) keeps off a lone
    // Sandrider's area, which would call a second sandworm.
    let (x, y, z) = row();
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put(H, z, Units::from([2, 0, 0]), 1).unwrap();
        s.areas[y.index()].wormsign = Some(Wormsign::Sandworm);
    })
    .unwrap();
    let w = open_desert_near(y)
        .into_iter()
        .find(|w| *w != z && *w != x)
        .unwrap_or(x);
    g.edit(|s| {
        s.put_sandriders(w, 1).unwrap();
        s.turn(H, &[DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(z),
            Action::Take(UnitKind::Regular),
            Action::TakeGeneric,
            Action::To(y),
        ],
    );
    match g.prompt() {
        Prompt::WormRetreat(..) => {
            assert!(!legal(&g, H).contains(&Action::Retreat(w)));
            assert_eq!(refused(&mut g, H, Action::Retreat(w)), "DW-SANDRIDER-10");
        }
        // The only open area was taken at once: never the Sandrider's.
        _ => assert_eq!(g.areas()[w.index()].unit_count(H), 0),
    }
    assert_eq!(g.areas()[w.index()].expansions.desert.sandriders, 1);
}

#[test]
fn the_wild_maker_may_answer_a_retreating_defenders_sandrider() {
    // DW-SANDRIDER-10 with AR-HAZ-18: the sandworm the Sandrider calls may
    // be the Wild Maker, the Atreides' pick; it attacks the legion that
    // has nowhere to go with 6 dice (AR-HAZ-27), then the battle goes on.
    let (x, y, z) = row();
    let mut g = to_the_retreat(x, y, z);
    let wm = crate::common::leader("wild_maker");
    g.edit(|s| s.set_leader(wm, melange::rules::arrakis::LeaderAt::SetAside))
        .unwrap();
    let b = board();
    for w in (0..b.areas.len() as u8).map(AreaId) {
        if w != y && w != z && b.passable_between(z, w) && g.areas()[w.index()].unit_count(A) == 0 {
            g.edit(|s| s.put(A, w, Units::from([1, 0, 0]), 0)).unwrap();
        }
    }
    play(&mut g, H, &[Action::Retreat(z)]);
    assert!(matches!(g.prompt(), Prompt::WildMakerOrSandworm(at, Some(_)) if at == z));
    assert_eq!(g.areas()[z.index()].units[H], [2, 0, 0]);
    // The Wild Maker's 6 dice: 1 Hit.
    g.edit(|s| s.load_dice(&[HIT, SHIELD, SHIELD, SHIELD, SHIELD, SHIELD]))
        .unwrap();
    let ev = play(&mut g, A, &[Action::WildMaker]);
    assert!(ev.contains(&Event::SandwormPlaced { area: z }));
    assert_eq!(g.areas()[z.index()].units[H], [1, 0, 0]);
    // AR-HAZ-45: it leaves the board after its attack.
    assert_eq!(g.areas()[z.index()].worm, None);
    assert!(ev.contains(&Event::BattleEnded { winner: Some(A) }));
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
    play(&mut g, A, &[Action::Done]);
    // Staying home: the attackers back in x.
    assert_eq!(g.areas()[x.index()].units[A], [2, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn a_legion_fleeing_an_emerging_sandworm_keeps_off_a_lone_sandrider() {
    // DW-SANDRIDER-10 with AR-OPT-08 (`sandworm_emerges_on_legion=
    // retreats`): the flight, a retreat from a sandworm, never goes onto a
    // lone Sandrider. s1_3 and s4_3 are open to it; a Sandrider in s4_3
    // leaves s1_3 only.
    let mut g = dw_game(&[("sandworm_emerges_on_legion", "retreats")]);
    let a = crate::common::a;
    g.edit(|s| {
        s.put(H, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.areas[a("s1_1").index()].wormsign = Some(Wormsign::Sandworm);
        s.put(A, a("s1_4"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_2").index()].worm = Some(Worm::Normal);
        s.put_sandriders(a("s4_3"), 1).unwrap();
        s.load_dice(&[SHIELD; 8]);
        s.turn(H, &[DieResult::Mentat], 0);
    })
    .unwrap();
    let deck = melange::rules::arrakis::Deck::HouseHarkonnen;
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(deck, deck),
        ],
    );
    assert_eq!(g.areas()[a("s1_3").index()].units[H], [2, 0, 0]);
    assert_eq!(g.areas()[a("s4_3").index()].unit_count(H), 0);
    assert_eq!(g.areas()[a("s4_3").index()].expansions.desert.sandriders, 1);
}
