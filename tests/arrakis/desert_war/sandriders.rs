//! Fremen Sandriders (DW-SANDRIDER-02 to DW-SANDRIDER-18) and the
//! conflicting leaders rule (DW-LEADERS-01 to DW-LEADERS-03).
use super::atreides_kit::*;
use crate::common::{A, H, a, leader, legal, play, rule_of, seat};
use melange::rules::arrakis::expansions::desert_war::{DwAction, DwEvent};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, DieResult, Event, Faction, LeaderAt, Prompt, UnitKind, Units, Worm,
    Wormsign, board,
};
use melange::rules::core::Ruleset;

fn dw(x: DwAction) -> Action {
    Action::Expansion(ExpansionAction::DesertWar(x))
}

fn refused(g: &mut Arrakis, f: Faction, x: Action) -> &'static str {
    let before = g.clone();
    let mut ev = Vec::new();
    let r = rule_of(g.apply(seat(f), &x, &mut ev).unwrap_err());
    assert_eq!(*g, before, "a refusal changes nothing");
    r
}

fn supply(g: &Arrakis) -> u8 {
    g.desert_war().unwrap().sandriders
}

#[test]
fn a_sandrider_in_place_of_a_wormsign() {
    let mut g = dw_game(&[]);
    g.edit(|s| s.put(H, a("s3_3"), Units::from([1, 0, 0]), 0))
        .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    // DW-SANDRIDER-01, DW-SANDRIDER-02: an Atreides figure, offered beside
    // the wormsigns.
    assert!(legal(&g, A).contains(&dw(DwAction::PlaceSandrider(a("s1_3")))));
    // DW-SANDRIDER-04: only into an empty desert area.
    assert_eq!(
        refused(&mut g, A, dw(DwAction::PlaceSandrider(a("s3_3")))),
        "DW-SANDRIDER-04"
    );
    let ev = play(&mut g, A, &[dw(DwAction::PlaceSandrider(a("s1_3")))]);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::SandriderPlaced { area: a("s1_3") }
    ))));
    assert_eq!(g.areas()[a("s1_3").index()].expansions.desert.sandriders, 1);
    assert_eq!(supply(&g), 1);
    // It takes the place of one of the two wormsigns.
    assert_eq!(g.prompt(), Prompt::Wormsigns(1));
    // DW-SANDRIDER-03: one per Desert Power.
    assert_eq!(
        refused(&mut g, A, dw(DwAction::PlaceSandrider(a("s3_2")))),
        "DW-SANDRIDER-03"
    );
}

#[test]
fn the_sandriders_special_brings_a_ridden_sandworm_and_a_wormsign() {
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put_sandriders(a("s1_3"), 1).unwrap();
        s.put_sandriders(a("s3_2"), 1).unwrap();
        // DW-SANDRIDER-07: not where the Sandrider shares its area.
        s.areas[a("s3_2").index()].wormsign = Some(Wormsign::Sand);
    })
    .unwrap();
    atreides_turn(&mut g);
    let special = dw(DwAction::Sandriders(a("s1_3")));
    // DW-SANDRIDER-05: at the turn, when Desert Power may be taken.
    assert!(legal(&g, A).contains(&special));
    assert_eq!(
        refused(&mut g, A, dw(DwAction::Sandriders(a("s3_2")))),
        "DW-SANDRIDER-05"
    );
    let ev = play(&mut g, A, &[special]);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::SandridersSpecial { area: a("s1_3") }
    ))));
    // DW-SANDRIDER-06: a normal sandworm, never the Wild Maker;
    // DW-SANDRIDER-11: the Sandrider stays, riding it.
    let s = &g.areas()[a("s1_3").index()];
    assert_eq!(s.worm, Some(Worm::Normal));
    assert_eq!(s.expansions.desert.sandriders, 1);
    // DW-SANDRIDER-08: then 1 wormsign in another desert area without
    // wormsign, sandworm or sietch; no Sandrider instead of it.
    assert_eq!(g.prompt(), Prompt::Wormsigns(1));
    let l = legal(&g, A);
    assert!(l.contains(&Action::WormsignAt(a("s4_4"))));
    assert!(!l.contains(&Action::WormsignAt(a("s1_3"))));
    assert!(!l.iter().any(|x| matches!(
        x,
        Action::Expansion(ExpansionAction::DesertWar(DwAction::PlaceSandrider(_)))
    )));
    assert!(g.desert_war().unwrap().sandriders_card_spent);
}

#[test]
fn conflicting_leaders_on_the_desert_power_box() {
    // DW-LEADERS-01, DW-LEADERS-02: with the Wild Maker in play both
    // cards lie on the Desert Power box; either special is offered.
    let mut g = dw_game(&[]);
    let wm = leader("wild_maker");
    g.edit(|s| {
        s.set_leader(wm, LeaderAt::SetAside);
        s.put_sandriders(a("s1_3"), 1).unwrap();
    })
    .unwrap();
    atreides_turn(&mut g);
    let sandriders = dw(DwAction::Sandriders(a("s1_3")));
    let l = legal(&g, A);
    assert!(l.contains(&Action::Special(wm)) && l.contains(&sandriders));
    play(&mut g, A, &[sandriders, Action::Done]);
    // DW-LEADERS-03: only the Sandriders card is spent.
    atreides_turn(&mut g);
    let l = legal(&g, A);
    assert!(l.contains(&Action::Special(wm)));
    g.edit(|s| s.put_sandriders(a("s3_2"), 1)).unwrap();
    assert_eq!(
        refused(&mut g, A, dw(DwAction::Sandriders(a("s3_2")))),
        "DW-SANDRIDER-05"
    );
    // The card is refreshed with the leader cards at the End of the Round.
    g.edit(|s| s.prompt = Prompt::EndClaims).unwrap();
    play(&mut g, A, &[Action::Done]);
    assert!(!g.desert_war().unwrap().sandriders_card_spent);
}

/// Areas x, y, z in a row across passable borders, z not next to x, all
/// desert.
fn row() -> (AreaId, AreaId, AreaId) {
    let b = board();
    let n = b.areas.len() as u8;
    for x in (0..n).map(AreaId).filter(|x| is_desert(*x)) {
        for y in (0..n).map(AreaId) {
            if !is_desert(y) || !b.passable_between(x, y) {
                continue;
            }
            for z in (0..n).map(AreaId) {
                if z != x && is_desert(z) && b.passable_between(y, z) && !b.touches(x, z) {
                    return (x, y, z);
                }
            }
        }
    }
    unreachable!()
}

#[test]
fn a_lone_sandrider_counts_as_a_wormsign_for_sandriding() {
    let (x, y, z) = row();
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put(A, x, Units::from([1, 0, 0]), 0).unwrap();
        s.turn(A, &[DieResult::Strategy], 2);
    })
    .unwrap();
    let pick = [
        Action::SpendDie(DieResult::Strategy),
        Action::Legion(x),
        Action::Take(UnitKind::Regular),
    ];
    let mut without = g.clone();
    play(&mut without, A, &pick);
    assert!(!legal(&without, A).contains(&Action::Sandride(z)));
    // DW-SANDRIDER-09: the Sandrider's area is a link of the chain.
    g.edit(|s| s.put_sandriders(y, 1)).unwrap();
    play(&mut g, A, &pick);
    assert!(legal(&g, A).contains(&Action::Sandride(z)));
}

#[test]
fn a_harkonnen_legion_entering_a_lone_sandrider_calls_a_sandworm() {
    let (x, y, _) = row();
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put(H, x, Units::from([2, 0, 0]), 1).unwrap();
        s.put_sandriders(y, 1).unwrap();
        s.turn(H, &[DieResult::Strategy], 1);
    })
    .unwrap();
    let ev = play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(x),
            Action::Take(UnitKind::Regular),
            Action::To(y),
        ],
    );
    // DW-SANDRIDER-10: the Sandrider is removed and a sandworm appears,
    // as for a revealed sandworm wormsign (the legion retreats from it).
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::SandriderRemoved { area: y }
    ))));
    assert_eq!(g.areas()[y.index()].expansions.desert.sandriders, 0);
    assert_eq!(supply(&g), 2);
    // The Harkonnen pick where the legion retreats (AR-HAZ-50), then the
    // sandworm comes.
    assert!(matches!(g.prompt(), Prompt::WormRetreat(..)));
    let ev = play(&mut g, H, &[Action::Retreat(x)]);
    assert!(ev.contains(&Event::SandwormPlaced { area: y }));
    assert_eq!(g.areas()[y.index()].unit_count(H), 0);
}

/// A sandworm's area w and a target t exactly 3 areas away, the two areas
/// on the way desert (and t beyond the plain reach of 2).
fn three_away() -> (AreaId, AreaId) {
    let b = board();
    let n = b.areas.len() as u8;
    let near = |p: AreaId| -> Vec<AreaId> {
        (0..n)
            .map(AreaId)
            .filter(|q| *q != p && b.touches(p, *q))
            .collect()
    };
    for w in (0..n).map(AreaId).filter(|w| is_desert(*w)) {
        let d1 = near(w);
        let mut d2 = Vec::new();
        for m in d1.iter().filter(|m| is_desert(**m)) {
            d2.extend(near(*m));
        }
        for m1 in d1.iter().filter(|m| is_desert(**m)) {
            for m2 in near(*m1).into_iter().filter(|m| is_desert(*m)) {
                for t in near(m2) {
                    if t != w && !d1.contains(&t) && !d2.contains(&t) && is_desert(t) {
                        return (w, t);
                    }
                }
            }
        }
    }
    unreachable!()
}

#[test]
fn worked_example_a_ridden_sandworm_attacks_three_areas_away_with_5_dice() {
    let (w, t) = three_away();
    // Without a Sandrider the sandworm reaches 2 areas only.
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put_worm(w).unwrap();
        s.put(H, t, Units::from([6, 0, 0]), 0).unwrap();
    })
    .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    assert!(!legal(&g, A).contains(&Action::WormAttack(w, t)));
    // DW-SANDRIDER-14, DW-SANDRIDER-16: with one, 3 areas, through desert.
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put_worm(w).unwrap();
        s.put_sandriders(w, 1).unwrap();
        s.put(H, t, Units::from([6, 0, 0]), 0).unwrap();
    })
    .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    assert!(legal(&g, A).contains(&Action::WormAttack(w, t)));
    // DW-SANDRIDER-15, DW-SANDRIDER-18: 5 dice, all Hits here: 5 of the 6
    // regulars fall.
    g.edit(|s| s.load_dice(&[0; 6])).unwrap();
    let ev = play(&mut g, A, &[Action::WormAttack(w, t)]);
    assert_eq!(g.areas()[t.index()].units[H][UnitKind::Regular], 1);
    // DW-SANDRIDER-13: the Sandrider goes with the attack.
    assert_eq!(g.areas()[w.index()].expansions.desert.sandriders, 0);
    assert_eq!(supply(&g), 2);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::SandriderRemoved { area: w }
    ))));
}

#[test]
fn a_sandrider_with_plus_one_dice_option() {
    // DW-SANDRIDER-15, `sandrider_dice=plus_one`: 4 + 1 = 5 for a normal
    // sandworm too; 6 regulars, 6 loaded Hits, 1 left.
    let (w, t) = three_away();
    let mut g = dw_game(&[("sandrider_dice", "plus_one")]);
    g.edit(|s| {
        s.put_worm(w).unwrap();
        s.put_sandriders(w, 1).unwrap();
        s.put(H, t, Units::from([6, 0, 0]), 0).unwrap();
    })
    .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    g.edit(|s| s.load_dice(&[0; 6])).unwrap();
    play(&mut g, A, &[Action::WormAttack(w, t)]);
    assert_eq!(g.areas()[t.index()].units[H][UnitKind::Regular], 1);
}

#[test]
fn the_sandrider_moves_with_its_sandworm() {
    // DW-SANDRIDER-12 (with the two-sandworm Desert Power option, where
    // sandworms move).
    let (x, y, z) = row();
    let mut g = dw_game(&[("desert_power_sandworms", "two_activate")]);
    g.edit(|s| {
        s.put_worm(x).unwrap();
        s.put_sandriders(x, 1).unwrap();
    })
    .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    let _ = y;
    assert!(legal(&g, A).contains(&Action::WormMove(x, z)));
    play(&mut g, A, &[Action::WormMove(x, z)]);
    assert_eq!(g.areas()[z.index()].expansions.desert.sandriders, 1);
    assert_eq!(g.areas()[x.index()].expansions.desert.sandriders, 0);
}

#[test]
fn a_desert_hazards_relocation_leaves_the_sandrider_behind() {
    // DW-SANDRIDER-17: the Atreides move a ridden sandworm to a new
    // wormsign's area in Desert Hazards (AR-HAZ-15): the Sandrider stays.
    let (x, _, z) = row();
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put_worm(x).unwrap();
        s.put_sandriders(x, 1).unwrap();
        s.put_worm(a("s4_4")).unwrap();
        s.phase = melange::rules::arrakis::Phase::DesertHazards;
        s.prompt = Prompt::RelocateWorm(z);
    })
    .unwrap();
    play(&mut g, A, &[Action::WormMove(x, z)]);
    assert_eq!(g.areas()[z.index()].worm, Some(Worm::Normal));
    assert_eq!(g.areas()[z.index()].expansions.desert.sandriders, 0);
    assert_eq!(g.areas()[x.index()].worm, None);
    assert_eq!(g.areas()[x.index()].expansions.desert.sandriders, 1);
}

#[test]
fn the_atreides_pick_the_sandriders_sandworm_when_none_is_free() {
    // DW-SANDRIDER-05 with AR-HAZ-15: no sandworm off the board and two on
    // it: the Atreides pick which comes; a ridden one brings its rider
    // (DW-SANDRIDER-12).
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.worms_off = 0;
        s.areas[a("s3_2").index()].worm = Some(Worm::Normal);
        s.areas[a("s4_4").index()].worm = Some(Worm::Normal);
        s.put_sandriders(a("s4_4"), 1).unwrap();
        s.put_sandriders(a("s1_3"), 1).unwrap();
    })
    .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[dw(DwAction::Sandriders(a("s1_3")))]);
    let l = legal(&g, A);
    assert!(l.contains(&Action::WormMove(a("s3_2"), a("s1_3"))));
    assert!(l.contains(&Action::WormMove(a("s4_4"), a("s1_3"))));
    play(&mut g, A, &[Action::WormMove(a("s4_4"), a("s1_3"))]);
    assert_eq!(g.areas()[a("s1_3").index()].worm, Some(Worm::Normal));
    assert_eq!(g.areas()[a("s1_3").index()].expansions.desert.sandriders, 2);
    assert_eq!(g.areas()[a("s4_4").index()].expansions.desert.sandriders, 0);
    assert_eq!(g.prompt(), Prompt::Wormsigns(1));
}

#[test]
fn a_sandworm_never_ends_a_move_on_a_camp() {
    // DW-CAMP-08 with AR-HAZ-41 (docs/rules-decisions.md, Desert War,
    // DQ9): a Camp is a figure, not a Desert Trooper.
    let (x, _, z) = row();
    let mut g = dw_game(&[("desert_power_sandworms", "two_activate")]);
    g.edit(|s| s.put_worm(x)).unwrap();
    atreides_turn(&mut g);
    let mut free = g.clone();
    play(&mut free, A, &[Action::DesertPower]);
    assert!(legal(&free, A).contains(&Action::WormMove(x, z)));
    g.edit(|s| s.put_camp(z, melange::rules::arrakis::Marker::Jihad))
        .unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    assert!(!legal(&g, A).contains(&Action::WormMove(x, z)));
}

#[test]
fn sandworm_riders_option() {
    // `sandworm_riders` (docs/rules-decisions.md, Desert War, DQ9): by
    // default a ridden sandworm may enter the other Sandrider's area and
    // both ride (DW-SANDRIDER-11); under `one` it may not.
    let (x, _, z) = row();
    for (value, allowed) in [("several", true), ("one", false)] {
        let mut g = dw_game(&[
            ("desert_power_sandworms", "two_activate"),
            ("sandworm_riders", value),
        ]);
        g.edit(|s| {
            s.put_worm(x).unwrap();
            s.put_sandriders(x, 1).unwrap();
            s.put_sandriders(z, 1).unwrap();
        })
        .unwrap();
        atreides_turn(&mut g);
        play(&mut g, A, &[Action::DesertPower]);
        assert_eq!(
            legal(&g, A).contains(&Action::WormMove(x, z)),
            allowed,
            "{value}"
        );
        if allowed {
            play(&mut g, A, &[Action::WormMove(x, z)]);
            assert_eq!(g.areas()[z.index()].expansions.desert.sandriders, 2);
        }
    }
}

#[test]
fn a_harkonnen_legion_advancing_onto_a_lone_sandrider_calls_a_sandworm() {
    // DW-SANDRIDER-10: "or by advancing after a victorious battle".
    let (x, y, _) = row();
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put(H, x, Units::from([3, 0, 0]), 1).unwrap();
        s.put(A, y, Units::from([1, 0, 0]), 0).unwrap();
        s.put_sandriders(y, 1).unwrap();
        s.turn(H, &[DieResult::Strategy], 1);
        s.load_dice(&[0, 0, 0, 3]);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(x),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::TakeGeneric,
            Action::To(y),
        ],
    );
    let mut guard = 0;
    while !legal(&g, H).contains(&Action::Advance) {
        guard += 1;
        assert!(guard < 10, "{:?}", g.prompt());
        let f = g.prompt().faction().unwrap();
        let l = legal(&g, f);
        let x = if l.contains(&Action::Done) {
            Action::Done
        } else {
            l[0]
        };
        play(&mut g, f, &[x]);
    }
    let ev = play(&mut g, H, &[Action::Advance]);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::SandriderRemoved { area: y }
    ))));
    assert_eq!(supply(&g), 2);
    if let Prompt::WormRetreat(..) = g.prompt() {
        let l = legal(&g, H);
        play(&mut g, H, &[l[0]]);
    }
    assert_eq!(g.areas()[y.index()].worm, Some(Worm::Normal));
}

#[test]
fn a_three_area_attack_needs_desert_on_the_way() {
    // DW-SANDRIDER-16: a target 3 areas away reached only through a
    // non-desert area is out of reach, even ridden.
    let b = board();
    let n = b.areas.len() as u8;
    let within = |w: AreaId, steps: usize, desert_only: bool| -> Vec<AreaId> {
        let mut all = vec![w];
        let mut frontier = vec![w];
        for step in 0..steps {
            let mut next = Vec::new();
            for m in &frontier {
                if step == 0 || !desert_only || is_desert(*m) {
                    for q in touching(*m) {
                        if !all.contains(&q) {
                            all.push(q);
                            next.push(q);
                        }
                    }
                }
            }
            frontier = next;
        }
        all
    };
    let mountains = |x: AreaId| {
        matches!(
            b.area(x).terrain,
            melange::rules::arrakis::Terrain::Mountain
        )
    };
    let (w, t) = (0..n)
        .map(AreaId)
        .filter(|w| is_desert(*w))
        .find_map(|w| {
            let two = within(w, 2, false);
            let three_desert = within(w, 3, true);
            within(w, 3, false)
                .into_iter()
                .find(|t| !two.contains(t) && !three_desert.contains(t) && !mountains(*t))
                .map(|t| (w, t))
        })
        .expect("such a pair on the board");
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put_worm(w).unwrap();
        s.put_sandriders(w, 1).unwrap();
        s.put(H, t, Units::from([1, 0, 0]), 0).unwrap();
    })
    .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    assert!(!legal(&g, A).contains(&Action::WormAttack(w, t)));
}

#[test]
fn the_sandriders_special_brings_a_desert_war_action_after_it() {
    // DW-ATREIDES-01 (docs/rules-decisions.md, DQ8): the special of a
    // Desert Power box leader is a Desert Power action: its Desert War
    // action comes after it (DW-ATREIDES-02).
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put_sandriders(a("s1_3"), 1).unwrap();
        s.put_camp(a("s3_2"), melange::rules::arrakis::Marker::Jihad)
            .unwrap();
    })
    .unwrap();
    atreides_turn(&mut g);
    // "Done" at the before-decision (tests/arrakis/desert_war/box_specials.rs),
    // then at the wormsign.
    play(
        &mut g,
        A,
        &[
            dw(DwAction::Sandriders(a("s1_3"))),
            Action::Done,
            Action::Done,
        ],
    );
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(
            melange::rules::arrakis::expansions::desert_war::DwPrompt::AtreidesAfter
        ))
    );
    assert!(legal(&g, A).contains(&dw(DwAction::DeployRockets)));
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn the_wild_makers_sandrider_goes_with_its_special_move_and_its_attack() {
    // DW-SANDRIDER-12, DW-SANDRIDER-13 with AR-LEADER-28: the Wild Maker's
    // own special action moves it like any sandworm, so a Sandrider riding
    // it goes along, and goes with the attack that follows.
    let (x, y, z) = row();
    let wm = leader("wild_maker");
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.set_leader(wm, LeaderAt::SetAside);
        s.areas[x.index()].worm = Some(Worm::WildMaker);
        s.put_sandriders(x, 1).unwrap();
        s.put(H, y, Units::from([6, 0, 0]), 0).unwrap();
        s.turn(A, &[DieResult::Strategy], 2);
    })
    .unwrap();
    play(&mut g, A, &[Action::Special(wm)]);
    assert!(legal(&g, A).contains(&Action::WormMove(x, z)));
    play(&mut g, A, &[Action::WormMove(x, z)]);
    assert_eq!(g.areas()[z.index()].worm, Some(Worm::WildMaker));
    assert_eq!(
        g.areas()[z.index()].expansions.desert.sandriders,
        1,
        "it rides along"
    );
    assert_eq!(
        g.areas()[x.index()].expansions.desert.sandriders,
        0,
        "none left behind"
    );
    // The attack from its new area takes the Sandrider with it.
    let before = supply(&g);
    g.edit(|s| s.load_dice(&[0; 6])).unwrap();
    let ev = play(&mut g, A, &[Action::WormAttack(z, y)]);
    assert_eq!(g.areas()[z.index()].expansions.desert.sandriders, 0);
    assert_eq!(supply(&g), before + 1);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::SandriderRemoved { area: z }
    ))));
}

#[test]
fn a_ridden_wild_maker_rolls_6_dice_or_7_with_plus_one() {
    // DW-SANDRIDER-15 (DQ10): the Sandrider's 5 dice leave the Wild
    // Maker's 6 alone; `sandrider_dice=plus_one` gives it 1 more, 7 (no
    // battle, so no cap of AR-COMBAT-08). 8 loaded Hits on a full stack of
    // 6 regulars (AR-MOVE-07): the dice left over say how many it rolled.
    let (w, t) = three_away();
    for (overrides, rolled) in [(&[][..], 6), (&[("sandrider_dice", "plus_one")][..], 7)] {
        let mut g = dw_game(overrides);
        g.edit(|s| {
            s.areas[w.index()].worm = Some(Worm::WildMaker);
            s.put_sandriders(w, 1).unwrap();
            s.put(H, t, Units::from([6, 0, 0]), 0).unwrap();
        })
        .unwrap();
        atreides_turn(&mut g);
        play(&mut g, A, &[Action::DesertPower]);
        g.edit(|s| s.load_dice(&[0; 8])).unwrap();
        play(&mut g, A, &[Action::WormAttack(w, t)]);
        assert_eq!(g.to_setup().loaded.len(), 8 - rolled, "{overrides:?}");
        assert_eq!(g.areas()[t.index()].unit_count(H), 0, "{overrides:?}");
    }
}

#[test]
fn each_of_the_two_areas_on_the_way_of_a_three_area_attack_must_be_desert() {
    // DW-SANDRIDER-16: the first and the second area on the way must both
    // be desert. For each of the two, a target 3 areas away whose every
    // route has a non-desert area in that place (and only there, on some
    // route) is out of reach, even ridden.
    let b = board();
    let n = b.areas.len() as u8;
    let distances = |w: AreaId| -> Vec<u8> {
        let mut d = vec![u8::MAX; usize::from(n)];
        d[w.index()] = 0;
        let mut frontier = vec![w];
        for step in 1..=3 {
            let mut next = Vec::new();
            for m in &frontier {
                for q in touching(*m) {
                    if d[q.index()] == u8::MAX {
                        d[q.index()] = step;
                        next.push(q);
                    }
                }
            }
            frontier = next;
        }
        d
    };
    let mountain = |x: AreaId| {
        matches!(
            b.area(x).terrain,
            melange::rules::arrakis::Terrain::Mountain
        )
    };
    // The routes w, m1, m2, t of a target t exactly 3 areas away.
    let routes = |w: AreaId, t: AreaId, d: &[u8]| -> Vec<(AreaId, AreaId)> {
        let mut out = Vec::new();
        for m1 in touching(w).into_iter().filter(|m| d[m.index()] == 1) {
            for m2 in touching(m1).into_iter().filter(|m| d[m.index()] == 2) {
                if touching(m2).contains(&t) {
                    out.push((m1, m2));
                }
            }
        }
        out
    };
    for blocked_first in [true, false] {
        let (w, t) = (0..n)
            .map(AreaId)
            .filter(|w| is_desert(*w))
            .find_map(|w| {
                let d = distances(w);
                (0..n)
                    .map(AreaId)
                    .filter(|t| d[t.index()] == 3 && !mountain(*t))
                    .find(|t| {
                        let r = routes(w, *t, &d);
                        let open = r.iter().any(|(m1, m2)| is_desert(*m1) && is_desert(*m2));
                        let this_one = r.iter().any(|(m1, m2)| {
                            if blocked_first {
                                !is_desert(*m1) && is_desert(*m2)
                            } else {
                                is_desert(*m1) && !is_desert(*m2)
                            }
                        });
                        !open && this_one
                    })
                    .map(|t| (w, t))
            })
            .expect("such a pair on the board");
        let mut g = dw_game(&[]);
        g.edit(|s| {
            s.put_worm(w).unwrap();
            s.put_sandriders(w, 1).unwrap();
            s.put(H, t, Units::from([1, 0, 0]), 0).unwrap();
        })
        .unwrap();
        atreides_turn(&mut g);
        play(&mut g, A, &[Action::DesertPower]);
        assert!(
            !legal(&g, A).contains(&Action::WormAttack(w, t)),
            "blocked_first {blocked_first}: {w:?} to {t:?}"
        );
    }
}

#[test]
fn a_ridden_sandworm_answering_a_harkonnen_call_brings_its_sandrider() {
    // DW-SANDRIDER-12 with AR-HAZ-15 and AR-HAZ-50: outside Desert Hazards,
    // no sandworm is free, and the Atreides answer the wormsign a Harkonnen
    // legion revealed with the ridden one: the Sandrider moves with it.
    let mut g = dw_game(&[]);
    g.edit(|s| {
        for id in ["s1_5", "s1_6", "s2_1", "s3_1"] {
            s.put_worm(a(id)).unwrap();
        }
        s.put_sandriders(a("s3_1"), 1).unwrap();
        s.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sandworm);
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put(H, a("s2_2"), [1, 0, 0], 0).unwrap();
        s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 1);
    })
    .unwrap();
    assert_eq!(g.worms_off(), 0, "no sandworm is free");
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
            Action::To(a("s1_2")),
            Action::Retreat(a("s1_1")),
        ],
    );
    assert!(matches!(g.prompt(), Prompt::CalledWorm(_, to) if to == a("s1_2")));
    play(&mut g, A, &[Action::WormMove(a("s3_1"), a("s1_2"))]);
    assert_eq!(g.areas()[a("s1_2").index()].worm, Some(Worm::Normal));
    assert_eq!(g.areas()[a("s1_2").index()].expansions.desert.sandriders, 1);
    assert_eq!(g.areas()[a("s3_1").index()].worm, None);
    assert_eq!(g.areas()[a("s3_1").index()].expansions.desert.sandriders, 0);
}
