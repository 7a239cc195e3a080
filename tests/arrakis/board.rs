//! The War for Arrakis board as data: the published board's facts, and the
//! load-time check refusing malformed boards. Rule IDs cited per test.
use melange::rules::arrakis::board::{BoardError, board_json};
use melange::rules::arrakis::{Ring, SettlementKind, Terrain, board, parse_board};
use serde_json::{Value, json};

fn doc() -> Value {
    serde_json::from_str(board_json()).unwrap()
}

fn area_mut<'a>(d: &'a mut Value, id: &str) -> &'a mut Value {
    d["areas"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|a| a["id"] == id)
        .unwrap_or_else(|| panic!("area {id}"))
}

fn refuse(d: &Value) -> BoardError {
    match parse_board(&d.to_string()) {
        Ok(_) => panic!("malformed board accepted"),
        Err(e) => e,
    }
}

#[test]
fn published_board_counts() {
    // AR-HAZ-01, AR-HAZ-02, AR-HAZ-03, AR-VEH-14
    let b = board();
    assert_eq!(b.areas.len(), 101);
    assert_eq!(b.sectors.len(), 8);
    assert_eq!(b.air_zones.len(), 8);
    let count = |t| b.areas.iter().filter(|a| a.terrain == t).count();
    assert_eq!(count(Terrain::Plateau), 12);
    assert_eq!(count(Terrain::Mountain), 19);
    assert_eq!(count(Terrain::MinorErg), 5);
    assert_eq!(count(Terrain::Desert), 65);
    assert_eq!(b.deep_desert.len(), 23);
    assert_eq!(b.desert.len(), 65);
    assert_eq!(b.sietch_sites.len(), 8);
    assert_eq!(b.testing_stations.len(), 6);
    assert_eq!(b.settlements.len(), 6);
    let per_sector: Vec<usize> = b.sectors.iter().map(|s| s.areas.len()).collect();
    assert_eq!(per_sector, vec![18, 10, 10, 20, 16, 9, 8, 9]);
    assert_eq!(
        b.sectors.iter().filter(|s| s.ring == Ring::Inner).count(),
        4
    );
    let borders: usize = b.passable.iter().map(|s| s.len()).sum();
    let walls: usize = b.impassable.iter().map(|s| s.len()).sum();
    assert_eq!(borders / 2, 265);
    assert_eq!(walls / 2, 11);
    assert_eq!(b.mountains.len(), 19);
    assert_eq!(b.areas.iter().filter(|a| a.storm_exempt).count(), 24);
}

#[test]
fn published_board_settlements_and_north_pole() {
    // AR-HAZ-03 (North Pole is a mountain), AR-PRESC-12 ranks
    let b = board();
    let np = b.area(b.north_pole);
    assert_eq!(np.id, "north_pole");
    assert_eq!(np.terrain, Terrain::Mountain);
    assert_eq!(np.sector, None);
    let s = |id: &str| b.area(b.a(id)).settlement.unwrap();
    assert_eq!(s("arrakeen").kind, SettlementKind::Arrakeen);
    assert_eq!(s("arrakeen").rank, 3);
    assert_eq!(s("carthag").rank, 2);
    for v in ["arsunt", "hagga_basin", "imperial_basin", "north_pole"] {
        assert_eq!(s(v).kind, SettlementKind::PyonVillage);
        assert_eq!(s(v).rank, 1);
    }
    // The North Pole borders exactly one area of each inner sector.
    let nb: Vec<&str> = b.passable[b.north_pole.index()]
        .iter()
        .map(|a| b.area(a).id.as_str())
        .collect();
    assert_eq!(nb.len(), 4);
    for id in ["s5_3", "s6_1", "s7_4", "wind_pass"] {
        assert!(nb.contains(&id), "{id}");
    }
}

#[test]
fn known_adjacencies_and_impassable_borders() {
    // AR-MOVE-02, AR-MOVE-05
    let b = board();
    assert!(b.passable_between(b.a("arrakeen"), b.a("carthag")));
    assert!(b.passable_between(b.a("carthag"), b.a("arrakeen")));
    assert!(b.passable_between(b.a("arrakeen"), b.a("broken_land")));
    assert!(!b.passable_between(b.a("arrakeen"), b.a("s1_1")));
    // Impassable: touching, but no ground move.
    for (x, y) in [
        ("broken_land", "s1_3"),
        ("rimwall_west", "s1_5"),
        ("s8_1", "shield_wall_2"),
        ("s4_15", "s4_16"),
    ] {
        assert!(b.touches(b.a(x), b.a(y)), "{x}-{y}");
        assert!(!b.passable_between(b.a(x), b.a(y)), "{x}-{y}");
        assert!(!b.passable_between(b.a(y), b.a(x)), "{y}-{x}");
    }
}

#[test]
fn air_zones_connect_every_area_of_both_sectors_and_central_ones_the_pole() {
    // AR-VEH-13, AR-VEH-15
    let b = board();
    for (zi, z) in b.air_zones.iter().enumerate() {
        let both = b.sectors[usize::from(z.sectors[0].0)]
            .areas
            .union(b.sectors[usize::from(z.sectors[1].0)].areas);
        let mut expect = both;
        if z.north_pole {
            expect.insert(b.north_pole);
        }
        assert_eq!(z.areas, expect, "{}", z.id);
        for a in 0..b.areas.len() {
            let a = melange::rules::arrakis::AreaId(a as u8);
            assert_eq!(
                b.zone_connects(melange::rules::arrakis::AirZoneId(zi as u8), a),
                expect.contains(a)
            );
        }
    }
    let central: Vec<&str> = b
        .air_zones
        .iter()
        .filter(|z| z.north_pole)
        .map(|z| z.id.as_str())
        .collect();
    assert_eq!(central, vec!["az2", "az4", "az6", "az7"]);
    // An outer area is not connected to a zone of other sectors.
    let az2 = b.air_zone_id("az2").unwrap();
    assert!(!b.zone_connects(az2, b.a("s1_1")));
    assert!(b.zone_connects(az2, b.a("arrakeen")));
    assert!(b.zone_connects(az2, b.a("hagga_basin")));
    assert_eq!(b.zones_of(b.north_pole).count(), 4);
}

#[test]
fn family_atomics_targets_are_the_three_mountains() {
    // AR-ATOM-04
    let b = board();
    let t: Vec<&str> = b
        .family_atomics_targets
        .iter()
        .map(|a| b.area(*a).id.as_str())
        .collect();
    assert_eq!(
        t,
        vec!["splintered_rock", "hole_in_the_rock", "rimwall_west"]
    );
}

#[test]
fn the_embedded_board_round_trips_through_the_validator() {
    assert!(parse_board(board_json()).is_ok());
}

#[test]
fn refuses_unknown_area_in_a_border() {
    let mut d = doc();
    area_mut(&mut d, "arrakeen")["borders"]
        .as_array_mut()
        .unwrap()
        .push(json!("atlantis"));
    let e = refuse(&d);
    assert!(
        matches!(&e, BoardError::UnknownArea { area, .. } if area == "atlantis"),
        "{e}"
    );
    assert!(e.to_string().contains("atlantis"));
}

#[test]
fn refuses_a_one_way_border() {
    let mut d = doc();
    let a = area_mut(&mut d, "carthag");
    let list = a["borders"].as_array_mut().unwrap();
    list.retain(|x| x != "arrakeen");
    let e = refuse(&d);
    assert!(
        matches!(&e, BoardError::OneWayBorder { from, to, .. } if from == "arrakeen" && to == "carthag"),
        "{e}"
    );
    assert!(e.to_string().contains("one-way border"), "{e}");
}

#[test]
fn refuses_a_one_way_impassable_border() {
    let mut d = doc();
    area_mut(&mut d, "s1_3")
        .as_object_mut()
        .unwrap()
        .remove("impassable");
    let e = refuse(&d);
    assert!(
        matches!(
            &e,
            BoardError::OneWayBorder {
                kind: "impassable",
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn refuses_a_disconnected_map() {
    // Cut s1_1 off: remove every passable border to it, on both sides.
    let mut d = doc();
    let nbs: Vec<String> = area_mut(&mut d, "s1_1")["borders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    area_mut(&mut d, "s1_1")["borders"] = json!([]);
    for n in &nbs {
        area_mut(&mut d, n)["borders"]
            .as_array_mut()
            .unwrap()
            .retain(|x| x != "s1_1");
    }
    let e = refuse(&d);
    assert!(matches!(&e, BoardError::Disconnected { .. }), "{e}");
    assert!(e.to_string().contains("disconnected map"), "{e}");
    assert!(
        e.to_string().contains("s1_1") || e.to_string().contains("100 area"),
        "{e}"
    );
}

#[test]
fn refuses_a_map_connected_only_through_impassable_borders() {
    // Turning s8_1's passable borders impassable must disconnect it.
    let mut d = doc();
    let nbs: Vec<String> = area_mut(&mut d, "s8_1")["borders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    for n in &nbs {
        let a = area_mut(&mut d, n);
        a["borders"].as_array_mut().unwrap().retain(|x| x != "s8_1");
        let imp = a
            .as_object_mut()
            .unwrap()
            .entry("impassable")
            .or_insert(json!([]));
        imp.as_array_mut().unwrap().push(json!("s8_1"));
    }
    let a = area_mut(&mut d, "s8_1");
    let imp = a["impassable"].as_array_mut().unwrap();
    for n in &nbs {
        imp.push(json!(n));
    }
    a["borders"] = json!([]);
    let e = refuse(&d);
    assert!(
        matches!(&e, BoardError::Disconnected { count: 1, .. }),
        "{e}"
    );
}

#[test]
fn refuses_duplicates_self_borders_and_contradictions() {
    let mut d = doc();
    d["areas"].as_array_mut().unwrap().push(json!({
        "id": "arrakeen", "name": null, "sector": "s5", "terrain": "desert", "borders": []
    }));
    assert!(matches!(
        refuse(&d),
        BoardError::Duplicate { what: "area", .. }
    ));

    let mut d = doc();
    area_mut(&mut d, "s1_1")["borders"]
        .as_array_mut()
        .unwrap()
        .push(json!("s1_1"));
    assert!(matches!(refuse(&d), BoardError::BadBorder { .. }));

    let mut d = doc();
    area_mut(&mut d, "s1_3")["impassable"]
        .as_array_mut()
        .unwrap()
        .push(json!("s1_1"));
    area_mut(&mut d, "s1_1")["impassable"] = json!(["s1_3"]);
    let e = refuse(&d);
    assert!(matches!(&e, BoardError::BadBorder { .. }), "{e}");
    assert!(
        e.to_string().contains("both passable and impassable"),
        "{e}"
    );
}

#[test]
fn refuses_bad_sectors_air_zones_and_facts() {
    let mut d = doc();
    area_mut(&mut d, "s1_1")["sector"] = json!("s9");
    assert!(matches!(refuse(&d), BoardError::UnknownSector { .. }));

    let mut d = doc();
    d["air_zones"][0]["sectors"] = json!(["s1", "s9"]);
    assert!(matches!(refuse(&d), BoardError::UnknownSector { .. }));

    let mut d = doc();
    d["air_zones"][0]["sectors"] = json!(["s1", "s1"]);
    assert!(matches!(refuse(&d), BoardError::Invalid(_)));

    let mut d = doc();
    d["air_zones"][1]["sectors"] = json!(["s5", "s1"]);
    assert!(matches!(refuse(&d), BoardError::Invalid(m) if m.contains("same 2 sectors")));

    let mut d = doc();
    area_mut(&mut d, "arrakeen")["deep_desert"] = json!(true);
    assert!(matches!(refuse(&d), BoardError::Invalid(m) if m.contains("deep desert")));

    let mut d = doc();
    area_mut(&mut d, "carthag")["settlement"]["rank"] = json!(4);
    assert!(matches!(refuse(&d), BoardError::Invalid(m) if m.contains("rank")));

    let mut d = doc();
    d["north_pole"] = json!("south_pole");
    assert!(matches!(refuse(&d), BoardError::UnknownArea { .. }));

    let mut d = doc();
    d["family_atomics_targets"] = json!(["s1_1"]);
    assert!(matches!(refuse(&d), BoardError::Invalid(m) if m.contains("mountain")));

    let mut d = doc();
    d["format"] = json!("something/2");
    assert!(matches!(refuse(&d), BoardError::Format { .. }));

    let mut d = doc();
    area_mut(&mut d, "s1_1")["terrain"] = json!("swamp");
    assert!(matches!(refuse(&d), BoardError::Json(_)));

    let mut d = doc();
    area_mut(&mut d, "s1_1")["colour"] = json!("red");
    assert!(matches!(refuse(&d), BoardError::Json(_)));
}
