//! Shared set-ups for the tests of the Desert War's Atreides part (Camps,
//! Rocket Launchers, Sandriders), on the real board.
#![allow(dead_code)]
use crate::common::{A, H, play};
use melange::rules::arrakis::{
    AirZoneId, AreaId, Arrakis, ArrakisOptions, DieResult, Phase, Prompt, SectorId, board,
};
use melange::rules::core::Ruleset;

/// A Desert War game with these option overrides, the board cleared.
pub fn dw_game(overrides: &[(&str, &str)]) -> Arrakis {
    let o = ArrakisOptions {
        desert_war: true,
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

/// The sector of an area.
pub fn sector_of(a: AreaId) -> SectorId {
    board().area(a).sector.expect("a sector")
}

/// A sector by its id.
pub fn sector(id: &str) -> SectorId {
    SectorId(board().sectors.iter().position(|s| s.id == id).unwrap() as u8)
}

/// Areas touching `a` (sharing a border).
pub fn touching(a: AreaId) -> Vec<AreaId> {
    let b = board();
    (0..b.areas.len() as u8)
        .map(AreaId)
        .filter(|x| *x != a && b.touches(a, *x))
        .collect()
}

/// Whether area `x` is ordinary or deep desert.
pub fn is_desert(x: AreaId) -> bool {
    board().desert.contains(x)
}

/// The Air zones connected to sector `s`.
pub fn zones_of_sector(s: SectorId) -> Vec<AirZoneId> {
    board()
        .air_zones
        .iter()
        .enumerate()
        .filter(|(_, z)| z.sectors.contains(&s))
        .map(|(i, _)| AirZoneId(i as u8))
        .collect()
}

/// Ends Vehicle Placement (nothing left to place): Action Resolution
/// starts.
pub fn end_vehicle_placement(g: &mut Arrakis) {
    g.edit(|s| {
        s.phase = Phase::VehiclePlacement;
        s.prompt = Prompt::Vehicles {
            harvesters: 0,
            ornithopters: 0,
            carryalls: 0,
            any: false,
            house: false,
        };
    })
    .unwrap();
    play(g, H, &[melange::rules::arrakis::Action::Done]);
}

/// The Atreides' turn with no die left and the Harkonnen holding 2: the
/// Desert Power may be taken (AR-DP-04).
pub fn atreides_turn(g: &mut Arrakis) {
    g.edit(|s| s.turn(A, &[], 2)).unwrap();
}

/// The Atreides' turn with only their House die.
pub fn atreides_house_turn(g: &mut Arrakis) {
    g.edit(|s| s.turn(A, &[DieResult::House], 3)).unwrap();
}

/// A desert area next to `a` across a passable border.
pub fn desert_neighbour(x: AreaId) -> AreaId {
    let b = board();
    (0..b.areas.len() as u8)
        .map(AreaId)
        .find(|y| is_desert(*y) && b.passable_between(x, *y))
        .expect("a desert neighbour")
}
