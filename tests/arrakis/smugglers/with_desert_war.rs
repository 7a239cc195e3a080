//! Both expansions together: what the Smugglers' pieces are for the Desert
//! War's rules (docs/rules-decisions.md, Smugglers, "With the Desert War").
use crate::common::{A, H, a, legal, play};
use crate::desert_war::atreides_kit::{
    atreides_turn, is_desert, sector_of, touching, zones_of_sector,
};
use melange::rules::arrakis::expansions::desert_war::{DwAction, DwPrompt};
use melange::rules::arrakis::expansions::smugglers::Standing;
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionPrompt};
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, ArrakisOptions, DieResult, Marker, Prompt, Vehicle, board,
};
use melange::rules::core::Ruleset;

const HIT: u8 = 0;

/// A game with both expansions and these option overrides, board cleared.
fn both(overrides: &[(&str, &str)]) -> Arrakis {
    let o = ArrakisOptions {
        desert_war: true,
        smugglers: true,
        overrides: overrides
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        ..Default::default()
    };
    let mut g = Arrakis::setup(&o, 3).unwrap();
    g.edit(|s| s.clear_board()).unwrap();
    g
}

/// Desert areas touching `x`.
fn desert_around(x: AreaId) -> Vec<AreaId> {
    touching(x).into_iter().filter(|y| is_desert(*y)).collect()
}

/// A desert area with two desert neighbours in a sector with two Air
/// zones or more.
fn crossroads() -> AreaId {
    (0..board().areas.len() as u8)
        .map(AreaId)
        .find(|x| {
            is_desert(*x)
                && board().area(*x).sector.is_some()
                && desert_around(*x).len() >= 2
                && zones_of_sector(sector_of(*x)).len() >= 2
        })
        .expect("such an area")
}

/// Two launchers at a Camp roll two Hits; beside them a Harkonnen
/// harvester and a Smuggler harvester, and in the sector's Air zones the
/// Smuggler carryall and a Smuggler ornithopter. Returns the legal actions
/// at the choice of targets.
fn rocket_targets(g: &mut Arrakis) -> (Vec<Action>, [Action; 4]) {
    let camp = crossroads();
    let desert = desert_around(camp);
    let (hk, sm) = (desert[0], desert[1]);
    let zones = zones_of_sector(sector_of(camp));
    g.edit(|s| {
        s.put_camp(camp, Marker::KwisatzHaderach).unwrap();
        s.put_rockets(camp, 2).unwrap();
        s.areas[hk.index()].harvester = true;
        s.areas[sm.index()].expansions.smugglers.harvester = true;
        s.zones[zones[0].index()] = Some(Vehicle::SMUGGLER_CARRYALL);
    })
    .unwrap();
    // A Smuggler ornithopter (allied) beside the carryall (neutral):
    // pieces that never share a board, so the edit is unchecked, and the
    // turn and the dice go in with it (a checked edit would refuse the
    // position).
    g.test_edit_unchecked(|s| {
        s.zones[zones[1].index()] = Some(Vehicle::SMUGGLER_ORNITHOPTER);
        s.turn(A, &[], 2);
        s.load_dice(&[HIT, HIT]);
    });
    play(g, A, &[Action::DesertPower]);
    play(
        g,
        A,
        &[Action::Expansion(ExpansionAction::DesertWar(
            DwAction::RocketAttack(sector_of(camp)),
        ))],
    );
    assert!(matches!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::RocketTarget { .. }))
    ));
    (
        legal(g, A),
        [
            Action::PickArea(hk),
            Action::PickArea(sm),
            Action::PickZone(zones[0]),
            Action::PickZone(zones[1]),
        ],
    )
}

// SM-HARVESTER-13, DW-ROCKET-05: Rocket Launchers remove Harkonnen
// vehicles only: never a Smuggler harvester, the Smuggler carryall (by
// default) or a Smuggler ornithopter.
#[test]
fn rockets_spare_the_smuggler_vehicles() {
    let mut g = both(&[]);
    let (l, [hk, sm, carryall, thopter]) = rocket_targets(&mut g);
    assert!(l.contains(&hk));
    for x in [sm, carryall, thopter] {
        assert!(!l.contains(&x), "{x:?} is not a Harkonnen vehicle");
    }
}

// SM-HARVESTER-13 under `smuggler_carryall=harkonnen` (SQ10): the Smuggler
// carryall is a Harkonnen vehicle, the harvester and ornithopter still not.
#[test]
fn under_the_option_the_smuggler_carryall_is_a_target() {
    let mut g = both(&[("smuggler_carryall", "harkonnen")]);
    let (l, [hk, sm, carryall, thopter]) = rocket_targets(&mut g);
    assert!(l.contains(&hk) && l.contains(&carryall));
    assert!(!l.contains(&sm) && !l.contains(&thopter));
}

// DW-HARKONNEN-12: a Suspensor Trooper deployment needs a Harkonnen
// vehicle in an Air zone; a Smuggler ornithopter or carryall is none.
#[test]
fn smuggler_vehicles_carry_no_suspensor_trooper() {
    let deploys = |g: &Arrakis| {
        legal(g, H)
            .iter()
            .filter(|x| {
                matches!(
                    x,
                    Action::Expansion(ExpansionAction::DesertWar(DwAction::DeploySuspensor(_)))
                )
            })
            .count()
    };
    let mut g = both(&[]);
    let zones = zones_of_sector(sector_of(crossroads()));
    g.edit(|s| s.zones[zones[0].index()] = Some(Vehicle::SMUGGLER_CARRYALL))
        .unwrap();
    g.edit(|s| {
        s.turn(H, &[DieResult::Strategy], 2);
        s.desert_war_tokens(1).unwrap();
    })
    .unwrap();
    // A Smuggler ornithopter (allied) beside the carryall (neutral):
    // pieces that never share a board, checked at once.
    g.test_edit_unchecked(|s| s.zones[zones[1].index()] = Some(Vehicle::SMUGGLER_ORNITHOPTER));
    assert_eq!(deploys(&g), 0);
    g.edit(|s| s.zones[zones[1].index()] = Some(Vehicle::Ornithopter))
        .unwrap();
    assert!(deploys(&g) > 0);
}

// DQ4 (Desert War) with the Smugglers: a Smuggler harvester, the Smugglers
// Base and Smuggler Regulars make an area non-empty for a Camp, a
// Sandrider or a Suspensor Trooper.
#[test]
fn smuggler_pieces_fill_an_area_for_the_desert_war() {
    let mut g = both(&[]);
    let x = a("s1_3");
    assert!(g.is_empty_for_desert_war(x));
    g.edit(|s| s.areas[x.index()].expansions.smugglers.harvester = true)
        .unwrap();
    assert!(!g.is_empty_for_desert_war(x));
    g.edit(|s| s.areas[x.index()].expansions.smugglers.harvester = false)
        .unwrap();
    // The Base while neutral: a piece of the alliance, checked on its own.
    g.test_edit_unchecked(|s| s.areas[x.index()].expansions.smugglers.base = true);
    assert!(!g.is_empty_for_desert_war(x));
    g.test_edit_unchecked(|s| s.areas[x.index()].expansions.smugglers.base = false);
    // Smuggler Regulars come on the board once the Smugglers are allied.
    g.edit(|s| {
        s.smugglers_standing(Standing::Allied).unwrap();
        s.put_smuggler_regulars(x, 1).unwrap();
    })
    .unwrap();
    assert!(!g.is_empty_for_desert_war(x));
}

#[test]
fn a_smuggler_harvester_lets_a_wormsign_in_beside_suspensor_troopers() {
    // DW-SUSPENSOR-02, DW-SUSPENSOR-03: Suspensor Troopers keep wormsigns
    // out of their area unless a Harkonnen legion or a harvester is there;
    // the text says "harvester", so a Smuggler harvester counts too.
    let x = crossroads();
    let mut g = both(&[]);
    g.edit(|s| s.put_suspensors(x, 1)).unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::DesertPower]);
    assert!(!legal(&g, A).contains(&Action::WormsignAt(x)), "kept out");
    let e = melange::rules::core::conformance::assert_refused(
        &g,
        crate::common::seat(A),
        &Action::WormsignAt(x),
    );
    assert_eq!(crate::common::rule_of(e), "DW-SUSPENSOR-02");
    g.edit(|s| s.put_smuggler_harvester(x)).unwrap();
    assert!(legal(&g, A).contains(&Action::WormsignAt(x)), "let in");
    play(&mut g, A, &[Action::WormsignAt(x)]);
    assert!(g.areas()[x.index()].wormsign.is_some());
}
