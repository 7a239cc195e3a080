//! Escort Ornithopters (DW-ESCORT-01 to DW-ESCORT-13), on the real board.
use super::harkonnen::{dw, dw_game, zone};
use crate::common::*;
use melange::rules::arrakis::expansions::desert_war::{DwAction, DwEvent};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent};
use melange::rules::arrakis::{
    Action, AreaSet, Arrakis, ArrakisOptions, DieResult, Event, Prompt, UnitKind, Vehicle, Worm,
    board,
};
use melange::rules::core::Ruleset;
use melange::rules::core::conformance::assert_refused;

const HIT: u8 = 0;
const ESCORT: Vehicle = Vehicle::ESCORT_ORNITHOPTER;

fn escorts_off(g: &Arrakis) -> u8 {
    g.desert_war().unwrap().escorts
}

#[test]
fn an_escort_instead_of_an_ornithopter() {
    // DW-ESCORT-01, DW-ESCORT-02: a Harkonnen vehicle, placed instead of
    // a standard ornithopter; DW-ESCORT-03: one per placement.
    let opts = ArrakisOptions {
        desert_war: true,
        ..Default::default()
    };
    let mut g = Arrakis::setup(&opts, 7).unwrap();
    let Prompt::Vehicles { ornithopters, .. } = g.prompt() else {
        panic!("Vehicle Placement")
    };
    assert!(ornithopters >= 2);
    let (az1, az2) = (zone("az1"), zone("az2"));
    assert!(legal(&g, H).contains(&Action::PlaceVehicle(ESCORT, az1)));
    play(&mut g, H, &[Action::PlaceVehicle(ESCORT, az1)]);
    assert_eq!(g.zones()[az1.index()], Some(ESCORT));
    assert_eq!(escorts_off(&g), 1);
    assert!(
        matches!(g.prompt(), Prompt::Vehicles { ornithopters: o, .. } if o == ornithopters - 1)
    );
    let e = assert_refused(&g, seat(H), &Action::PlaceVehicle(ESCORT, az2));
    assert_eq!(rule_of(e), "DW-ESCORT-03");
    // A vehicle placed in its zone replaces it: back to the supply
    // (AR-VEH-11).
    play(&mut g, H, &[Action::PlaceVehicle(Vehicle::Carryall, az1)]);
    assert_eq!(escorts_off(&g), 2);
    // The core game offers none.
    let g = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    assert!(
        !legal(&g, H)
            .iter()
            .any(|x| matches!(x, Action::PlaceVehicle(ESCORT, _)))
    );
    assert_refused(&g, seat(H), &Action::PlaceVehicle(ESCORT, az1));
}

/// A Harkonnen turn with an Escort in az1 (sectors s1 and s5) and a
/// legion of 2 regulars in s1_4.
fn escort_turn(dice: &[DieResult]) -> Arrakis {
    let mut g = dw_game();
    g.edit(|s| {
        s.put_escort_zone(zone("az1")).unwrap();
        s.put(H, a("s1_4"), [2, 0, 0], 0).unwrap();
        s.turn(H, dice, 2);
        s.desert_war_tokens(0).unwrap();
    })
    .unwrap();
    g
}

#[test]
fn an_escort_neither_scouts_nor_transports() {
    // DW-ESCORT-04: no scouting (gara_kulon's sietch is in az1's reach).
    let mut g = escort_turn(&[DieResult::Strategy]);
    assert!(!legal(&g, H).iter().any(|x| matches!(x, Action::Scout(..))));
    let e = assert_refused(&g, seat(H), &Action::Scout(zone("az1"), a("gara_kulon")));
    assert_eq!(rule_of(e), "AR-SCOUT-06");
    // DW-ESCORT-05: no Troop-Transport.
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_4")),
            Action::Take(UnitKind::Regular),
        ],
    );
    let offered = legal(&g, H);
    assert!(!offered.iter().any(|x| matches!(x, Action::Transport(..))));
    assert!(offered.contains(&dw(DwAction::EscortTroops(zone("az1"), a("s1_7")))));
}

#[test]
fn escort_troops_the_worked_example() {
    // DW-ESCORT-06, DW-ESCORT-08, DW-ESCORT-13: a 2-area move with the
    // Escort of a connected Air zone; the Escort joins the legion in its
    // new area as a generic leader and leaves its zone.
    let mut g = escort_turn(&[DieResult::Strategy]);
    let generic = g.house(H).generic_supply;
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("s1_4")),
            Action::Take(UnitKind::Regular),
        ],
    );
    // Not an area 3 away, nor through a zone not connected to s1 (az5).
    assert!(!legal(&g, H).contains(&dw(DwAction::EscortTroops(zone("az1"), a("s1_11")))));
    let e = assert_refused(
        &g,
        seat(H),
        &dw(DwAction::EscortTroops(zone("az5"), a("s1_7"))),
    );
    assert_eq!(rule_of(e), "DW-ESCORT-06");
    let ev = play(
        &mut g,
        H,
        &[dw(DwAction::EscortTroops(zone("az1"), a("s1_7")))],
    );
    assert_eq!(g.zones()[zone("az1").index()], None);
    let s = &g.areas()[a("s1_7").index()];
    assert_eq!(
        (
            s.units[H].regular,
            s.generic[H],
            s.expansions.desert.escorts
        ),
        (1, 1, 1)
    );
    assert_eq!(g.areas()[a("s1_4").index()].units[H].regular, 1);
    assert_eq!(g.house(H).generic_supply, generic);
    assert_eq!(escorts_off(&g), 1);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::EscortJoined {
            zone: zone("az1"),
            area: a("s1_7")
        }
    ))));
    // DW-ESCORT-07: one Escort per legion and action: the legion moved.
    assert!(!legal(&g, H).contains(&Action::Legion(a("s1_7"))));
}

#[test]
fn an_escort_in_a_legion_is_a_generic_leader() {
    // DW-ESCORT-09: it leads a Leadership move and moves as a generic
    // leader, picked as an Escort so it stays one.
    let mut g = dw_game();
    g.edit(|s| {
        s.put(H, a("s1_7"), [1, 0, 0], 0).unwrap();
        s.put_escort(a("s1_7")).unwrap();
        s.turn(H, &[DieResult::Leadership, DieResult::Strategy], 2);
        s.desert_war_tokens(0).unwrap();
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Leadership),
            Action::Legion(a("s1_7")),
        ],
    );
    let offered = legal(&g, H);
    assert!(offered.contains(&dw(DwAction::TakeEscort)));
    assert!(!offered.contains(&Action::TakeGeneric));
    play(
        &mut g,
        H,
        &[
            Action::Take(UnitKind::Regular),
            dw(DwAction::TakeEscort),
            Action::To(a("s1_8")),
        ],
    );
    let s = &g.areas()[a("s1_8").index()];
    assert_eq!((s.generic[H], s.expansions.desert.escorts), (1, 1));
    let s = &g.areas()[a("s1_7").index()];
    assert_eq!((s.generic[H], s.expansions.desert.escorts), (0, 0));
}

#[test]
fn an_escort_removed_with_its_legion_goes_back_to_its_supply() {
    // DW-ESCORT-10, DW-ESCORT-11, DW-ESCORT-12: removed in battle (here a
    // sandworm's attack, taken as battle hits) with the legion's last
    // unit; it goes back to the Escorts' supply, not the generic leaders'.
    let mut g = dw_game();
    g.edit(|s| {
        s.areas[a("s1_1").index()].worm = Some(Worm::Normal);
        s.put(H, a("s1_4"), [1, 0, 0], 1).unwrap();
        s.put_escort(a("s1_4")).unwrap();
    })
    .unwrap();
    let generic = g.house(H).generic_supply;
    g.edit(|s| {
        s.turn(A, &[], 2);
        s.load_dice(&[HIT; 8]);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::DesertPower,
            Action::WormAttack(a("s1_1"), a("s1_4")),
        ],
    );
    let s = &g.areas()[a("s1_4").index()];
    assert_eq!(
        (
            s.units[H].regular,
            s.generic[H],
            s.expansions.desert.escorts
        ),
        (0, 0, 0)
    );
    assert_eq!(escorts_off(&g), 2);
    assert_eq!(g.house(H).generic_supply, generic + 1);
}

#[test]
fn escorts_in_air_zones_leave_with_the_vehicles() {
    // DW-ROUNDEND-01, AR-SPICE-22 (docs/rules-decisions.md, Desert War):
    // an Escort still in an Air zone is a vehicle and leaves the board
    // with the others at the end of Spice Harvesting, back to its supply.
    let mut g = dw_game();
    g.edit(|s| {
        s.put_escort_zone(zone("az3")).unwrap();
        s.zones[zone("az1").index()] = Some(Vehicle::Ornithopter);
    })
    .unwrap();
    assert_eq!(escorts_off(&g), 1);
    g.edit(|s| {
        s.prompt = Prompt::Spice {
            spice: 0,
            decided: [true; 3].into(),
        }
    })
    .unwrap();
    play(&mut g, H, &[Action::Done]);
    assert!(g.zones().iter().all(|z| z.is_none()));
    assert_eq!(escorts_off(&g), 2);
}

#[test]
fn without_the_desert_war_an_escort_is_refused_by_the_core_rules() {
    // DW-ESCORT-02: Escorts come only with the expansion. A game without it
    // refuses one under the core's rules, never a Desert War rule
    // (cargo-mutants: the Desert War's hooks answering in a game without
    // it went unnoticed).
    let g = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    assert!(matches!(g.prompt(), Prompt::Vehicles { .. }));
    let e = assert_refused(&g, seat(H), &Action::PlaceVehicle(ESCORT, zone("az1")));
    let rule = rule_of(e);
    assert!(rule.starts_with("AR-"), "{rule}");
}

#[test]
fn an_escort_and_an_ornithopter_together_only_under_the_option() {
    // DW-ESCORT-07, `escort_and_transport`: by default a legion uses one
    // Escort or one ornithopter in an action; under `stack` both, one
    // area farther. s5_3 touches az2 and az4.
    let setup = |stack: bool| {
        let opts = ArrakisOptions {
            desert_war: true,
            overrides: if stack {
                vec![("escort_and_transport".into(), "stack".into())]
            } else {
                Vec::new()
            },
            ..Default::default()
        };
        let mut g = Arrakis::setup(&opts, 7).unwrap();
        g.edit(|s| {
            s.clear_board();
            s.put_escort_zone(zone("az2")).unwrap();
            s.zones[zone("az4").index()] = Some(Vehicle::Ornithopter);
            s.put(H, a("s5_3"), [2, 0, 0], 0).unwrap();
            s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 2);
            s.desert_war_tokens(0).unwrap();
        })
        .unwrap();
        play(
            &mut g,
            H,
            &[
                Action::SpendDie(DieResult::Strategy),
                Action::Legion(a("s5_3")),
                Action::Take(UnitKind::Regular),
            ],
        );
        g
    };
    let both = |g: &Arrakis| -> Vec<Action> {
        legal(g, H)
            .into_iter()
            .filter(|x| {
                matches!(
                    x,
                    Action::Expansion(ExpansionAction::DesertWar(DwAction::EscortWithTransport(
                        ..
                    )))
                )
            })
            .collect()
    };
    let g = setup(false);
    assert!(both(&g).is_empty());
    let mut s = setup(true);
    let offered = both(&s);
    let Some(&Action::Expansion(ExpansionAction::DesertWar(DwAction::EscortWithTransport(
        ze,
        zo,
        to,
    )))) = offered.first()
    else {
        panic!("stacked Escort Troops offered")
    };
    assert_eq!((ze, zo), (zone("az2"), zone("az4")));
    let e = assert_refused(&g, seat(H), &offered[0]);
    assert_eq!(rule_of(e), "DW-ESCORT-07");
    // Neither alone reaches that far.
    assert!(!legal(&s, H).contains(&dw(DwAction::EscortTroops(ze, to))));
    assert!(!legal(&s, H).contains(&Action::Transport(zo, to)));
    // One area beyond Troop-Transport's reach (`extra_areas` 1): every
    // area offered is three borders from the legion, none nearer or
    // farther (cargo-mutants: a fourth border went unnoticed).
    let b = board();
    let mut reach = AreaSet::one(a("s5_3"));
    let mut rings = Vec::new();
    for _ in 0..4 {
        let mut next = reach;
        for x in reach.iter() {
            next = next
                .union(b.passable[x.index()])
                .union(b.impassable[x.index()]);
        }
        rings.push(next.minus(reach));
        reach = next;
    }
    for x in &offered {
        if let Action::Expansion(ExpansionAction::DesertWar(DwAction::EscortWithTransport(
            _,
            _,
            to,
        ))) = *x
        {
            assert!(rings[2].contains(to), "{to:?} is not three borders away");
        }
    }
    play(&mut s, H, &[offered[0]]);
    assert_eq!((s.zones()[ze.index()], s.zones()[zo.index()]), (None, None));
    let t = &s.areas()[to.index()];
    assert_eq!((t.units[H].regular, t.expansions.desert.escorts), (1, 1));
}

#[test]
fn a_refused_escort_action_is_said_in_words_unless_it_names_what_the_board_lacks() {
    // AR-ACT-17: a refusal quotes the action's words when every area and
    // Air zone it names is the board's (`DwAction::names_known`), and says
    // so when one is not, printing no unknown id.
    let opts = ArrakisOptions {
        desert_war: true,
        ..Default::default()
    };
    let g = Arrakis::setup(&opts, 7).unwrap();
    let unknown = "\u{201c}an action naming something this game does not have";
    let last_zone = melange::rules::arrakis::AirZoneId(g.zones().len() as u8 - 1);
    let last_area = melange::rules::arrakis::AreaId(g.areas().len() as u8 - 1);
    let no_zone = melange::rules::arrakis::AirZoneId(g.zones().len() as u8);
    let no_area = melange::rules::arrakis::AreaId(g.areas().len() as u8);
    for (x, known) in [
        (DwAction::EscortTroops(zone("az1"), a("s1_1")), true),
        (DwAction::EscortTroops(last_zone, last_area), true),
        (DwAction::EscortTroops(last_zone, a("s1_1")), true),
        (DwAction::EscortTroops(no_zone, a("s1_1")), false),
        (DwAction::EscortTroops(zone("az1"), no_area), false),
        (
            DwAction::EscortTroops(melange::rules::arrakis::AirZoneId(200), a("s1_1")),
            false,
        ),
        (
            DwAction::EscortTroops(zone("az1"), melange::rules::arrakis::AreaId(250)),
            false,
        ),
    ] {
        let e = assert_refused(&g, seat(H), &dw(x)).to_string();
        assert_eq!(!e.contains(unknown), known, "{x:?}: {e}");
    }
}
