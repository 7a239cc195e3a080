//! Atreides Desert War actions (DW-ATREIDES-01 to DW-ATREIDES-07) and the
//! Rocket Launcher special attack (DW-ROCKET-03 to DW-ROCKET-12).
use super::atreides_kit::*;
use crate::common::{A, H, a, legal, play, rule_of, seat};
use melange::rules::arrakis::expansions::desert_war::{AtreidesThen, DwAction, DwEvent, DwPrompt};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use melange::rules::arrakis::{
    Action, AirZoneId, AreaId, Arrakis, DieResult, Event, Marker, Prompt, Vehicle,
};
use melange::rules::core::Ruleset;

const KH: Marker = Marker::KwisatzHaderach;
const HIT: u8 = 0;
const SHIELD: u8 = 3;
const SPECIAL: u8 = 5;

fn dw(x: DwAction) -> Action {
    Action::Expansion(ExpansionAction::DesertWar(x))
}

fn refused(g: &mut Arrakis, f: melange::rules::arrakis::Faction, x: Action) -> &'static str {
    let before = g.clone();
    let mut ev = Vec::new();
    let r = rule_of(g.apply(seat(f), &x, &mut ev).unwrap_err());
    assert_eq!(*g, before, "a refusal changes nothing");
    r
}

/// The launchers' Camp area in sector 1, a desert area touching it with a
/// harvester, a desert area out of reach with a harvester, and an Air
/// zone of sector 1.
struct Scene {
    camp: AreaId,
    near: AreaId,
    far: AreaId,
    zone: AirZoneId,
}

fn scene(g: &mut Arrakis, launchers: u8) -> Scene {
    let camp = a("s1_3");
    let near = touching(camp)
        .into_iter()
        .find(|x| is_desert(*x))
        .expect("a desert neighbour");
    let far = (0..board_len())
        .map(|i| AreaId(i as u8))
        .find(|x| is_desert(*x) && *x != camp && !touching(camp).contains(x))
        .unwrap();
    let zone = zones_of_sector(sector_of(camp))[0];
    g.edit(|s| s.put_camp(camp, KH)).unwrap();
    if launchers > 0 {
        g.edit(|s| s.put_rockets(camp, launchers)).unwrap();
    }
    g.edit(|s| {
        s.areas[near.index()].harvester = true;
        s.areas[far.index()].harvester = true;
        s.zones[zone.index()] = Some(Vehicle::Carryall);
    })
    .unwrap();
    Scene {
        camp,
        near,
        far,
        zone,
    }
}

fn board_len() -> usize {
    melange::rules::arrakis::board().areas.len()
}

#[test]
fn worked_example_two_launchers_hit_and_special() {
    // DW-ROCKET-12: 2 launchers roll a Hit and a Special, remove a
    // harvester adjacent to them and a carryall in a connected Air zone,
    // lose both launchers, and the Kwisatz Haderach Camp is traded for 1
    // step.
    let mut g = dw_game(&[]);
    let s = scene(&mut g, 2);
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    let attack = dw(DwAction::RocketAttack(sector_of(s.camp)));
    // DW-ATREIDES-02, DW-ATREIDES-07: before the Desert Power.
    assert!(legal(&g, A).contains(&attack));
    g.edit(|s| s.load_dice(&[HIT, SPECIAL])).unwrap();
    let kh = g.prescience()[KH];
    let ev = play(&mut g, A, &[attack]);
    // DW-ROCKET-04: one die per launcher.
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::RocketAttack {
            sector: sector_of(s.camp),
            dice: vec![
                melange::rules::arrakis::CombatFace::Hit,
                melange::rules::arrakis::CombatFace::Special
            ],
        }
    ))));
    let target = Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::RocketTarget {
        from: s.camp,
        left: 2,
        harvester: false,
        then: AtreidesThen::DesertPower,
    }));
    assert_eq!(g.prompt(), target);
    // DW-ROCKET-05: the adjacent harvester and the zone's vehicle; DW-ROCKET-06:
    // not the harvester out of reach.
    let l = legal(&g, A);
    assert!(l.contains(&Action::PickArea(s.near)) && l.contains(&Action::PickZone(s.zone)));
    assert!(!l.contains(&Action::PickArea(s.far)));
    assert_eq!(refused(&mut g, A, Action::PickArea(s.far)), "DW-ROCKET-06");
    play(
        &mut g,
        A,
        &[Action::PickArea(s.near), Action::PickZone(s.zone)],
    );
    assert!(!g.areas()[s.near.index()].harvester);
    assert_eq!(g.zones()[s.zone.index()], None);
    // DW-ROCKET-07: both launchers lost, back to the supply.
    assert_eq!(g.areas()[s.camp.index()].expansions.desert.rockets, 0);
    assert_eq!(g.desert_war().unwrap().rockets, 6);
    // DW-ROCKET-09: a harvester went: the Camp may be traded.
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::CampTrade {
            area: s.camp,
            then: AtreidesThen::DesertPower
        }))
    );
    let ev = play(&mut g, A, &[dw(DwAction::TradeCamp)]);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::CampTraded {
            area: s.camp,
            marker: KH
        }
    ))));
    assert_eq!(g.prescience()[KH], kh + 1);
    // DW-ROCKET-11: the Camp is gone for the game.
    assert_eq!(g.areas()[s.camp.index()].expansions.desert.camp, None);
    assert!(!g.desert_war().unwrap().camp_tokens.contains(&KH));
    // Back to the Desert Power, its Desert War action spent
    // (DW-ATREIDES-01).
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
    assert!(!legal(&g, A).iter().any(|x| matches!(
        x,
        Action::Expansion(ExpansionAction::DesertWar(
            DwAction::DeployRockets | DwAction::RocketAttack(_)
        ))
    )));
}

#[test]
fn a_miss_costs_no_launcher_and_no_harvester_no_trade() {
    let mut g = dw_game(&[]);
    let s = scene(&mut g, 2);
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    g.edit(|s| s.load_dice(&[SHIELD, HIT])).unwrap();
    play(&mut g, A, &[dw(DwAction::RocketAttack(sector_of(s.camp)))]);
    // DW-ROCKET-05: one scoring face, one vehicle.
    assert!(matches!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::RocketTarget {
            left: 1,
            ..
        }))
    ));
    play(&mut g, A, &[Action::PickZone(s.zone)]);
    // DW-ROCKET-07, DW-ROCKET-08: one launcher lost for one vehicle, none
    // for the Shield.
    assert_eq!(g.areas()[s.camp.index()].expansions.desert.rockets, 1);
    // DW-ROCKET-10: no harvester removed, no trade: back to the Desert
    // Power.
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
    assert_eq!(g.areas()[s.camp.index()].expansions.desert.camp, Some(KH));
}

#[test]
fn rocket_reach_options() {
    // DW-ROCKET-05, `rocket_own_area=included`: the launchers' own area.
    let mut g = dw_game(&[("rocket_own_area", "included")]);
    let s = scene(&mut g, 1);
    g.edit(|p| p.areas[s.camp.index()].harvester = true)
        .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    g.edit(|s| s.load_dice(&[HIT])).unwrap();
    play(&mut g, A, &[dw(DwAction::RocketAttack(sector_of(s.camp)))]);
    assert!(legal(&g, A).contains(&Action::PickArea(s.camp)));
    // By default the own area is out of reach.
    let mut g = dw_game(&[]);
    let s = scene(&mut g, 1);
    g.edit(|p| p.areas[s.camp.index()].harvester = true)
        .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    g.edit(|s| s.load_dice(&[HIT])).unwrap();
    play(&mut g, A, &[dw(DwAction::RocketAttack(sector_of(s.camp)))]);
    assert!(!legal(&g, A).contains(&Action::PickArea(s.camp)));
}

#[test]
fn deploy_rockets_into_camp_areas() {
    let mut g = dw_game(&[]);
    let camp = a("s1_3");
    g.edit(|s| s.put_camp(camp, KH)).unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    // DW-ATREIDES-04: deploy or attack; no launcher yet, so deploy only.
    // DW-ROCKET-03: an attack needs a sector holding launchers.
    assert_eq!(
        refused(&mut g, A, dw(DwAction::RocketAttack(sector_of(camp)))),
        "DW-ROCKET-03"
    );
    let l = legal(&g, A);
    assert!(l.contains(&dw(DwAction::DeployRockets)));
    assert!(!l.iter().any(|x| matches!(
        x,
        Action::Expansion(ExpansionAction::DesertWar(DwAction::RocketAttack(_)))
    )));
    play(&mut g, A, &[dw(DwAction::DeployRockets)]);
    // DW-ATREIDES-06, DW-CAMP-07: only into a Camp area.
    assert_eq!(
        refused(&mut g, A, Action::DeployAt(a("s3_2"))),
        "DW-ATREIDES-06"
    );
    // The refusal says why in a sentence, not only by its rule ID
    // (cargo-mutants: the sentence was unchecked).
    let e = melange::rules::core::conformance::assert_refused(
        &g,
        seat(A),
        &Action::DeployAt(a("s3_2")),
    );
    assert!(
        e.to_string()
            .contains("Rocket Launchers are deployed only into areas with a Fremen Camp"),
        "{e}"
    );
    // DW-ATREIDES-05: up to 3.
    play(
        &mut g,
        A,
        &[
            Action::DeployAt(camp),
            Action::DeployAt(camp),
            Action::DeployAt(camp),
        ],
    );
    assert_eq!(g.areas()[camp.index()].expansions.desert.rockets, 3);
    assert_eq!(g.desert_war().unwrap().rockets, 3);
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
    // DW-ATREIDES-01: one per Desert Power.
    assert_eq!(
        refused(&mut g, A, dw(DwAction::DeployRockets)),
        "DW-ATREIDES-01"
    );
}

#[test]
fn the_desert_war_action_may_come_after_the_desert_power() {
    let mut g = dw_game(&[]);
    let camp = a("s1_3");
    g.edit(|s| s.put_camp(camp, KH)).unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower, Action::Done]);
    // DW-ATREIDES-02: after the Desert Power, before the turn ends.
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::AtreidesAfter))
    );
    play(
        &mut g,
        A,
        &[
            dw(DwAction::DeployRockets),
            Action::DeployAt(camp),
            Action::Done,
        ],
    );
    assert_eq!(g.areas()[camp.index()].expansions.desert.rockets, 1);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn no_desert_war_action_without_desert_power() {
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put_camp(a("s1_3"), KH).unwrap();
        s.turn(A, &[DieResult::Strategy], 2);
    })
    .unwrap();
    // DW-ATREIDES-03, DW-ROCKET-02: Rocket Launchers deploy and attack only
    // by an Atreides Desert War action, which needs a Desert Power.
    assert_eq!(
        refused(&mut g, A, dw(DwAction::DeployRockets)),
        "DW-ATREIDES-03"
    );
}

#[test]
fn a_granted_desert_power_brings_one_unless_turn_only() {
    // DW-ATREIDES-01: the House die used as Desert Power brings one.
    let mut g = dw_game(&[]);
    g.edit(|s| s.put_camp(a("s1_3"), KH)).unwrap();
    atreides_house_turn(&mut g);
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::House),
            Action::HouseAsDesertPower,
        ],
    );
    assert!(legal(&g, A).contains(&dw(DwAction::DeployRockets)));
    // `desert_war_with_desert_power=turn_only`: only the turn's own.
    let mut g = dw_game(&[("desert_war_with_desert_power", "turn_only")]);
    g.edit(|s| s.put_camp(a("s1_3"), KH)).unwrap();
    atreides_house_turn(&mut g);
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::House),
            Action::HouseAsDesertPower,
        ],
    );
    assert!(!legal(&g, A).contains(&dw(DwAction::DeployRockets)));
    assert_eq!(
        refused(&mut g, A, dw(DwAction::DeployRockets)),
        "DW-ATREIDES-03"
    );
}

#[test]
fn the_camp_may_be_kept_after_a_harvester_falls() {
    // DW-ROCKET-09: the trade is a choice; DW-ROCKET-01: the launchers are
    // the Atreides' own figures, their decisions the Atreides'.
    let mut g = dw_game(&[]);
    let s = scene(&mut g, 1);
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    g.edit(|s| s.load_dice(&[HIT])).unwrap();
    play(
        &mut g,
        A,
        &[
            dw(DwAction::RocketAttack(sector_of(s.camp))),
            Action::PickArea(s.near),
        ],
    );
    assert!(matches!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::CampTrade { .. }))
    ));
    assert_eq!(g.prompt().faction(), Some(A));
    let mut ev = Vec::new();
    assert!(g.apply(seat(H), &Action::Done, &mut ev).is_err());
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.areas()[s.camp.index()].expansions.desert.camp, Some(KH));
    assert_eq!(g.prompt(), Prompt::Wormsigns(2));
}
