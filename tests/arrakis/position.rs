//! A position as plain data (`Setup`): every game's own setup comes back
//! as the same game, through its text too; an edited setup plays from
//! where it was put; and a setup the rules could never reach is refused
//! with the rule it breaks, the game unchanged. The random playouts hold
//! every position they pass through to the same checks (`playout.rs`).
use super::common::{A, H, a, leader, play};
use melange::rules::arrakis::expansions::smugglers::Standing;
use melange::rules::arrakis::{
    Action, Arrakis, ArrakisOptions, CardId, DieResult, Preset, Setup, SetupError, UnitKind, Units,
    Vehicle,
};
use melange::rules::arrakis::{AirZoneId, AreaId};
use melange::rules::core::Ruleset;
use melange::rules::core::conformance::{
    assert_edit_refused, assert_setup_fixture, setup_plays_on,
};

/// The fixture a setup's text is pinned by (rewritten by `SETUP_UPDATE=1`).
const FIXTURE: &str = "tests/fixtures/arrakis-setup.json";

fn options(desert_war: bool, smugglers: bool) -> ArrakisOptions {
    ArrakisOptions {
        preset: Preset::Default,
        desert_war,
        smugglers,
        ..Default::default()
    }
}

fn game() -> Arrakis {
    Arrakis::setup(&options(false, false), 7).unwrap()
}

/// A change made to a setup.
type Edit = fn(&mut Setup);

/// The rule a refused setup names (the game unchanged).
fn refused(g: &Arrakis, change: impl FnOnce(&mut Setup)) -> SetupError {
    assert_edit_refused(g, change)
}

#[test]
fn every_new_game_comes_back_from_its_setup_and_its_text() {
    for (dw, sm) in [(false, false), (true, false), (false, true), (true, true)] {
        for seed in 0..4 {
            let g = Arrakis::setup(&options(dw, sm), seed).unwrap();
            let setup = g.to_setup();
            let read = Setup::from_text(&setup.to_text()).unwrap();
            assert_eq!(read, setup, "Desert War {dw}, Smugglers {sm}, seed {seed}");
            assert_eq!(Arrakis::from_setup(read).unwrap(), g);
        }
    }
}

#[test]
fn a_game_built_from_its_setup_plays_on_as_the_original() {
    // The hidden facts (decks, pools, the generator) come across too: the
    // same actions give the same events.
    setup_plays_on(&game(), 60).unwrap();
}

#[test]
fn an_edited_setup_plays_from_where_it_was_put() {
    // AR-DIE-02 from a position built as data: a Harkonnen legion alone on
    // the board, its turn with one Strategy die, moves.
    let mut g = game();
    let (from, to) = (a("s1_1"), a("s1_2"));
    g.edit(|s| {
        s.clear_board();
        s.put(H, from, [2, 0, 0], 1).expect("supply");
        s.turn(H, &[DieResult::Strategy], 0);
    })
    .unwrap();
    assert_eq!(g.areas()[from.index()].units[H][UnitKind::Regular], 2);
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(from),
            Action::Take(UnitKind::Regular),
            Action::TakeGeneric,
            Action::To(to),
        ],
    );
    assert_eq!(g.areas()[to.index()].units[H][UnitKind::Regular], 1);
    assert!(g.check_position().is_ok());
}

#[test]
fn a_unit_from_nowhere_is_refused_ar_combat_25() {
    let g = game();
    let e = refused(&g, |s| {
        s.areas[a("s1_3").index()].units[A][UnitKind::Regular] += 1
    });
    assert_eq!(e.rule, "AR-COMBAT-25");
    // The same unit taken from the supply is a position.
    let mut ok = g.clone();
    ok.edit(|s| {
        s.clear_board();
        s.put(A, a("s1_3"), [1, 0, 0], 0).expect("supply");
    })
    .unwrap();
}

#[test]
fn a_stack_over_the_limit_is_refused_ar_move_07() {
    let g = game();
    let limit = g.stacking_limit(H);
    let e = refused(&g, |s| {
        s.clear_board();
        s.put(H, a("s1_3"), Units::new(limit + 1, 0, 0), 0).unwrap();
    });
    assert_eq!(e.rule, "AR-MOVE-07");
}

#[test]
fn a_leader_alone_is_refused_ar_move_13() {
    let g = game();
    let e = refused(&g, |s| {
        s.clear_board();
        s.put(H, a("s1_3"), Units::NONE, 1).unwrap();
    });
    assert_eq!(e.rule, "AR-MOVE-13");
    let e = refused(&g, |s| {
        s.clear_board();
        s.place_leader(leader("feyd_rautha"), a("s1_3"));
    });
    assert_eq!(e.rule, "AR-MOVE-13");
}

#[test]
fn both_houses_in_one_area_outside_a_battle_is_refused_ar_combat_03() {
    let g = game();
    let e = refused(&g, |s| {
        s.clear_board();
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
    });
    assert_eq!(e.rule, "AR-COMBAT-03");
}

#[test]
fn a_leader_recorded_where_it_does_not_stand_is_refused() {
    let g = game();
    let feyd = leader("feyd_rautha");
    let e = refused(&g, |s| {
        s.clear_board();
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.place_leader(feyd, a("s1_3"));
        s.areas[a("s1_3").index()].named = 0;
    });
    assert_eq!(e.rule, "SETUP");
    assert!(e.message.contains("recorded"), "{e}");
}

#[test]
fn a_setup_of_the_wrong_shape_is_refused() {
    let g = game();
    let cases: [(&str, Edit); 5] = [
        ("areas", |s| {
            s.areas.pop();
        }),
        ("Air zones", |s| s.zones.push(None)),
        ("leader", |s| {
            let first = s.leaders[0];
            s.leaders.push(first);
        }),
        ("planning card", |s| s.houses[H].hand.push(CardId(250))),
        ("Desert War", |s| {
            s.rules.desert_war = Some(Default::default())
        }),
    ];
    for (words, change) in cases {
        let e = refused(&g, change);
        assert_eq!(e.rule, "SETUP", "{words}");
        assert!(e.message.contains(words), "{words}: {e}");
    }
}

#[test]
fn text_that_is_no_setup_is_refused() {
    let e = Setup::from_text("{\"round\": 1}").unwrap_err();
    assert_eq!(e.rule, "TEXT");
    let mut text = game().to_setup().to_text();
    text.truncate(text.len() / 2);
    assert_eq!(Setup::from_text(&text).unwrap_err().rule, "TEXT");
}

/// An area holds its face-down tokens inline: a setup text with more than
/// fit is refused when it is read, not a panic.
#[test]
fn an_area_with_more_tokens_than_fit_is_refused_as_text() {
    let mut setup: serde_json::Value = serde_json::from_str(&game().to_setup().to_text()).unwrap();
    setup["areas"][0]["tokens"] = serde_json::json!(vec![0; 25]);
    let e = Setup::from_text(&setup.to_string()).unwrap_err();
    assert_eq!(e.rule, "TEXT");
}

#[test]
fn the_desert_wars_figures_are_counted_dw_setup_02() {
    let g = Arrakis::setup(&options(true, false), 3).unwrap();
    let e = refused(&g, |s| {
        s.areas[a("s1_3").index()].expansions.desert.suspensors += 1;
    });
    assert_eq!(e.rule, "DW-SETUP-02");
    let e = refused(&g, |s| {
        s.zones[0] = Some(Vehicle::ESCORT_ORNITHOPTER);
    });
    assert_eq!(e.rule, "DW-SETUP-01");
}

#[test]
fn desert_troopers_beside_an_opposing_legion_are_refused_dw_trooper_13() {
    // DW-TROOPER-13: an arriving legion removes the opposing Desert
    // Troopers, so a position never holds both. Each house's troopers are
    // tried against the other's legion, and each alone is accepted.
    let g = Arrakis::setup(&options(true, false), 3).unwrap();
    let x = a("s3_3");
    let e = refused(&g, |s| {
        s.put(H, x, Units::from([1, 0, 0]), 0).unwrap();
        s.put_rockets(x, 1).unwrap();
    });
    assert_eq!(e.rule, "DW-TROOPER-13");
    assert!(
        e.message.contains("Atreides Desert Troopers"),
        "{}",
        e.message
    );
    let e = refused(&g, |s| {
        s.put(A, x, Units::from([1, 0, 0]), 0).unwrap();
        s.put_suspensors(x, 1).unwrap();
    });
    assert_eq!(e.rule, "DW-TROOPER-13");
    assert!(e.message.contains("Suspensor Troopers"), "{}", e.message);
    let mut alone = g.clone();
    alone.edit(|s| s.put_rockets(x, 1)).unwrap();
    let mut alone = g.clone();
    alone
        .edit(|s| s.put(H, x, Units::from([1, 0, 0]), 0))
        .unwrap();
}

#[test]
fn the_smugglers_base_before_the_alliance_is_refused_sm_thopter_04() {
    let g = Arrakis::setup(&options(false, true), 3).unwrap();
    let e = refused(&g, |s| {
        s.areas[a("s1_3").index()].expansions.smugglers.base = true
    });
    assert_eq!(e.rule, "SM-THOPTER-04");
    // SM-SETUP-02: the Smuggler Regulars waiting on the Smugglers board
    // are not Atreides units; one more in the supply is made from nothing.
    let e = refused(&g, |s| s.houses[A].supply.smuggler += 1);
    assert_eq!(e.rule, "AR-COMBAT-25");
}

#[test]
fn a_smuggler_ornithopter_after_the_defeat_is_refused_sm_defeat_03() {
    // SM-DEFEAT-03 to SM-DEFEAT-06: once the Smugglers are defeated no
    // Smuggler piece is left, an ornithopter on their board included, even
    // one still counted in the game (cargo-mutants: that count's check
    // turned off went unnoticed).
    let mut g = Arrakis::setup(&options(false, true), 3).unwrap();
    g.edit(|s| {
        s.smugglers_standing(Standing::Defeated)?;
        // SM-DEFEAT-05: the Smuggler Regulars of the supply go too.
        s.houses[A].supply.smuggler = 0;
        let sm = s.smugglers_mut()?;
        (
            sm.regulars_waiting,
            sm.thopters,
            sm.thopters_in_game,
            sm.die,
        ) = (0, 0, 0, None);
        Ok(())
    })
    .unwrap();
    let e = refused(&g, |s| {
        let sm = s.smugglers_mut().unwrap();
        sm.thopters_in_game = 1;
        sm.thopters = 1;
    });
    assert_eq!(e.rule, "SM-DEFEAT-03");
    // The contract's words for each standing.
    assert_eq!(
        [Standing::Neutral, Standing::Allied, Standing::Defeated].map(Standing::name),
        ["neutral", "allied", "defeated"]
    );
}

/// A position in the middle of a game, kept as text: it reads back into
/// the game it was written from, and its text is byte for byte what the
/// engine writes, so a change to the form shows in review.
#[test]
fn a_setup_fixture_reads_back_and_is_written_the_same() {
    let mut g = Arrakis::setup(&options(true, true), 11).unwrap();
    for _ in 0..40 {
        let Some(seat) = g.to_act() else { break };
        let mut acts = Vec::new();
        g.legal_actions(seat, &mut acts);
        g.apply(seat, &acts[0], &mut Vec::new()).unwrap();
    }
    assert_setup_fixture(&g, FIXTURE);
}

/// An edit of a setup given an area and an Air zone to name.
type OffBoardEdit = fn(&mut Setup, AreaId, AirZoneId) -> Result<(), SetupError>;

/// An edit naming an area or Air zone off the board is refused with
/// `SETUP`, the game unchanged, in the core and in both expansions.
#[test]
fn edits_naming_what_the_board_lacks_are_refused() {
    let g = Arrakis::setup(&options(true, true), 3).unwrap();
    let off = AreaId(g.areas().len() as u8);
    let zone = AirZoneId(g.zones().len() as u8);
    let edits: [(&str, OffBoardEdit); 7] = [
        ("put", |s, x, _| s.put(H, x, [1, 0, 0], 0)),
        ("put_worm", |s, x, _| s.put_worm(x)),
        ("put_sandriders", |s, x, _| s.put_sandriders(x, 1)),
        ("put_camp", |s, x, _| {
            let m = s.expansions.desert_war.as_ref().unwrap().camp_tokens[0];
            s.put_camp(x, m)
        }),
        ("put_escort", |s, x, _| s.put_escort(x)),
        ("put_escort_zone", |s, _, z| s.put_escort_zone(z)),
        ("put_smuggler_regulars", |s, x, _| {
            s.put_smuggler_regulars(x, 1)
        }),
    ];
    for (name, edit) in edits {
        let mut h = g.clone();
        let e = h.edit(|s| edit(s, off, zone)).unwrap_err();
        assert_eq!(e.rule, "SETUP", "{name}");
        assert_eq!(h, g, "{name}: a refused edit changes nothing");
    }
}
