//! The board as data: `data/arrakis/board.json` parsed once into compact
//! indexed tables (u8 ids, 128-bit area sets), after a load-time check that
//! refuses a malformed board with a message naming what is wrong.
//!
//! The format lists every border on both of its areas, so that a one-way
//! border (a typo in a hand-corrected board) is caught rather than silently
//! made symmetric. Air zones name their two sectors only: an Air zone is
//! connected to every area of both (AR-VEH-13), and the North Pole to the
//! zones marked `north_pole` (AR-VEH-15).
use std::collections::BTreeMap;
use std::sync::LazyLock;

use serde::Deserialize;

use crate::arrakis::ids::{AirZoneId, AreaId, AreaSet, MAX_AREAS, SectorId};

/// The format tag a board file must carry.
pub const BOARD_FORMAT: &str = "melange.arrakis.board/1";

/// An area's terrain (AR-HAZ-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Terrain {
    /// Safe from sandworms and storms (AR-HAZ-31, AR-HAZ-33).
    Mountain,
    /// Storm special results score no hit (AR-HAZ-29).
    Plateau,
    /// Storm special results score no hit (AR-HAZ-29).
    MinorErg,
    /// Ordinary or deep desert: harvesters, wormsigns.
    Desert,
}

/// Which kind of Harkonnen settlement an area holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SettlementKind {
    /// Arrakeen (rank 3; its fall can win at once, AR-WIN-04).
    Arrakeen,
    /// Carthag (rank 2).
    Carthag,
    /// A Pyon village (rank 1).
    PyonVillage,
}

/// A printed Harkonnen settlement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settlement {
    /// Its kind.
    pub kind: SettlementKind,
    /// Its rank, 1 to 3: defender dice (AR-COMBAT-07), prescience on its
    /// fall (AR-PRESC-12).
    pub rank: u8,
}

/// A sector's ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ring {
    /// The 4 outer sectors.
    Outer,
    /// The 4 central sectors around the North Pole.
    Inner,
}

/// One area of the board.
#[derive(Clone, Debug)]
pub struct Area {
    /// Data id (`arrakeen`, `s1_4`).
    pub id: String,
    /// Printed name, if any.
    pub name: Option<String>,
    /// Its sector; `None` only for the North Pole.
    pub sector: Option<SectorId>,
    /// Terrain.
    pub terrain: Terrain,
    /// A deep desert area (AR-HAZ-02): harvesters yield 2, storms hit harder.
    pub deep_desert: bool,
    /// The printed Harkonnen settlement.
    pub settlement: Option<Settlement>,
    /// A sietch site (a sietch token starts here).
    pub sietch_site: bool,
    /// An ecological testing station starts here.
    pub testing_station: bool,
    /// Spared by Coriolis Storms (mountains and the 5 central plateaus).
    pub storm_exempt: bool,
}

impl Area {
    /// Its printed name, or "desert area s1-4" for the unnamed areas, for
    /// labels and event texts.
    pub fn display_name(&self) -> String {
        self.name
            .clone()
            .unwrap_or_else(|| format!("desert area {}", self.id.replace('_', "-")))
    }
}

/// One sector.
#[derive(Clone, Debug)]
pub struct Sector {
    /// Data id (`s1`..`s8`).
    pub id: String,
    /// Outer or inner ring.
    pub ring: Ring,
    /// Board-relative position (`NE`, ...).
    pub position: String,
    /// Its areas.
    pub areas: AreaSet,
}

/// One Air zone.
#[derive(Clone, Debug)]
pub struct AirZone {
    /// Data id (`az1`..`az8`).
    pub id: String,
    /// The two sectors it lies between.
    pub sectors: [SectorId; 2],
    /// Connected to the North Pole (the 4 central zones, AR-VEH-15).
    pub north_pole: bool,
    /// Every area it is connected to (AR-VEH-13, AR-VEH-15).
    pub areas: AreaSet,
}

/// The loaded, checked board.
#[derive(Clone, Debug)]
pub struct Board {
    /// Areas, in file order; [`AreaId`] indexes this.
    pub areas: Vec<Area>,
    /// Sectors, in file order.
    pub sectors: Vec<Sector>,
    /// Air zones, in file order.
    pub air_zones: Vec<AirZone>,
    /// The North Pole area.
    pub north_pole: AreaId,
    /// Neighbours across passable borders, per area.
    pub passable: Vec<AreaSet>,
    /// Neighbours across impassable borders, per area (AR-MOVE-05).
    pub impassable: Vec<AreaSet>,
    /// Per area, the mask of Air zones (bit = zone index) connected to it.
    pub zones_of_area: Vec<u16>,
    /// The mountains the Family Atomics may turn into desert (AR-ATOM-04).
    pub family_atomics_targets: Vec<AreaId>,
    /// Every desert area.
    pub desert: AreaSet,
    /// Every deep desert area.
    pub deep_desert: AreaSet,
    /// Every mountain area.
    pub mountains: AreaSet,
    /// The sietch sites.
    pub sietch_sites: AreaSet,
    /// The testing station areas.
    pub testing_stations: AreaSet,
    /// The settlement areas.
    pub settlements: AreaSet,
    /// Per area, the fewest ground moves to every area over passable
    /// borders ([`u8::MAX`] where none leads): how far a legion is from a
    /// target, for the search bot's estimate (`estimate.rs`); read through
    /// [`Board::ground_steps`].
    ground_steps: Vec<Vec<u8>>,
    ids: BTreeMap<String, AreaId>,
}

/// Why a board file was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Not JSON, or a field of the wrong shape.
    #[error("board: not a valid board file: {0}")]
    Json(String),
    /// The `format` tag is missing or unknown.
    #[error("board: format {found:?} is not {BOARD_FORMAT:?}")]
    Format {
        /// What the file says.
        found: String,
    },
    /// Two places share an id.
    #[error("board: duplicate {what} id {id:?}")]
    Duplicate {
        /// Area, sector or air zone.
        what: &'static str,
        /// The id.
        id: String,
    },
    /// A reference to an area that does not exist.
    #[error("board: {place} names unknown area {area:?}")]
    UnknownArea {
        /// Where the reference is.
        place: String,
        /// The missing id.
        area: String,
    },
    /// A reference to a sector that does not exist.
    #[error("board: {place} names unknown sector {sector:?}")]
    UnknownSector {
        /// Where the reference is.
        place: String,
        /// The missing id.
        sector: String,
    },
    /// A border listed on one area only.
    #[error(
        "board: one-way border: {from:?} lists {to:?} as {kind} but {to:?} does not list {from:?}"
    )]
    OneWayBorder {
        /// The area that lists it.
        from: String,
        /// The area that does not list it back.
        to: String,
        /// `borders` or `impassable`.
        kind: &'static str,
    },
    /// An area bordering itself, or listing a neighbour twice, or both as
    /// passable and impassable.
    #[error("board: area {area:?}: {reason}")]
    BadBorder {
        /// The area.
        area: String,
        /// What is wrong.
        reason: String,
    },
    /// Some areas cannot be reached from the first across passable borders.
    #[error(
        "board: disconnected map: {count} area(s) cannot be reached from {from:?} across passable borders: {unreached}"
    )]
    Disconnected {
        /// The start of the search.
        from: String,
        /// How many are unreachable.
        count: usize,
        /// Their ids, comma-separated.
        unreached: String,
    },
    /// Any other fact that cannot hold on a War for Arrakis board.
    #[error("board: {0}")]
    Invalid(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardDoc {
    format: String,
    #[serde(default)]
    #[allow(dead_code)]
    about: String,
    north_pole: String,
    sectors: Vec<SectorDoc>,
    air_zones: Vec<AirZoneDoc>,
    #[serde(default)]
    family_atomics_targets: Vec<String>,
    areas: Vec<AreaDoc>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SectorDoc {
    id: String,
    ring: Ring,
    #[serde(default)]
    position: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AirZoneDoc {
    id: String,
    sectors: [String; 2],
    #[serde(default)]
    north_pole: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AreaDoc {
    id: String,
    #[serde(default)]
    name: Option<String>,
    sector: String,
    terrain: Terrain,
    #[serde(default)]
    deep_desert: bool,
    #[serde(default)]
    settlement: Option<Settlement>,
    #[serde(default)]
    sietch_site: bool,
    #[serde(default)]
    testing_station: bool,
    #[serde(default)]
    storm_exempt: bool,
    #[serde(default)]
    borders: Vec<String>,
    #[serde(default)]
    impassable: Vec<String>,
}

/// The sector value of the North Pole area, which belongs to no sector.
const NORTH_POLE_SECTOR: &str = "north_pole";

/// Parses and checks a board file. Every refusal names the offending place.
pub fn parse_board(json: &str) -> Result<Board, BoardError> {
    let doc: BoardDoc = serde_json::from_str(json).map_err(|e| BoardError::Json(e.to_string()))?;
    if doc.format != BOARD_FORMAT {
        return Err(BoardError::Format { found: doc.format });
    }
    if doc.areas.is_empty() || doc.areas.len() > MAX_AREAS {
        return Err(BoardError::Invalid(format!(
            "{} areas; a board has 1 to {MAX_AREAS}",
            doc.areas.len()
        )));
    }
    if doc.air_zones.len() > 16 {
        return Err(BoardError::Invalid(format!(
            "{} air zones; at most 16",
            doc.air_zones.len()
        )));
    }

    let mut sector_ids: BTreeMap<&str, SectorId> = BTreeMap::new();
    for (i, s) in doc.sectors.iter().enumerate() {
        if s.id == NORTH_POLE_SECTOR || sector_ids.insert(&s.id, SectorId(i as u8)).is_some() {
            return Err(BoardError::Duplicate {
                what: "sector",
                id: s.id.clone(),
            });
        }
    }
    let mut ids: BTreeMap<String, AreaId> = BTreeMap::new();
    for (i, a) in doc.areas.iter().enumerate() {
        if ids.insert(a.id.clone(), AreaId(i as u8)).is_some() {
            return Err(BoardError::Duplicate {
                what: "area",
                id: a.id.clone(),
            });
        }
    }
    let north_pole = *ids
        .get(&doc.north_pole)
        .ok_or_else(|| BoardError::UnknownArea {
            place: "north_pole".into(),
            area: doc.north_pole.clone(),
        })?;

    let mut areas = Vec::with_capacity(doc.areas.len());
    let mut sector_areas = vec![AreaSet::EMPTY; doc.sectors.len()];
    for (i, a) in doc.areas.iter().enumerate() {
        let id = AreaId(i as u8);
        let sector = if id == north_pole {
            if a.sector != NORTH_POLE_SECTOR {
                return Err(BoardError::Invalid(format!(
                    "the North Pole area {:?} must have sector {NORTH_POLE_SECTOR:?}, not {:?}",
                    a.id, a.sector
                )));
            }
            None
        } else {
            let s =
                *sector_ids
                    .get(a.sector.as_str())
                    .ok_or_else(|| BoardError::UnknownSector {
                        place: format!("area {:?}", a.id),
                        sector: a.sector.clone(),
                    })?;
            sector_areas[usize::from(s.0)].insert(id);
            Some(s)
        };
        if a.deep_desert && a.terrain != Terrain::Desert {
            return Err(BoardError::Invalid(format!(
                "area {:?} is deep desert but its terrain is {:?} (AR-HAZ-01)",
                a.id, a.terrain
            )));
        }
        if let Some(s) = a.settlement
            && !(1..=3).contains(&s.rank)
        {
            return Err(BoardError::Invalid(format!(
                "area {:?}: settlement rank {} is not 1 to 3",
                a.id, s.rank
            )));
        }
        if a.settlement.is_some() && a.sietch_site {
            return Err(BoardError::Invalid(format!(
                "area {:?} holds both a Harkonnen settlement and a sietch site",
                a.id
            )));
        }
        areas.push(Area {
            id: a.id.clone(),
            name: a.name.clone(),
            sector,
            terrain: a.terrain,
            deep_desert: a.deep_desert,
            settlement: a.settlement,
            sietch_site: a.sietch_site,
            testing_station: a.testing_station,
            storm_exempt: a.storm_exempt,
        });
    }
    for (s, set) in doc.sectors.iter().zip(&sector_areas) {
        if set.is_empty() {
            return Err(BoardError::Invalid(format!(
                "sector {:?} has no area",
                s.id
            )));
        }
    }

    // Borders: resolve, then demand symmetry.
    let n = doc.areas.len();
    let mut passable = vec![AreaSet::EMPTY; n];
    let mut impassable = vec![AreaSet::EMPTY; n];
    for (i, a) in doc.areas.iter().enumerate() {
        for (list, table, kind) in [
            (&a.borders, &mut passable, "borders"),
            (&a.impassable, &mut impassable, "impassable"),
        ] {
            for b in list {
                let j = *ids.get(b).ok_or_else(|| BoardError::UnknownArea {
                    place: format!("area {:?} {kind}", a.id),
                    area: b.clone(),
                })?;
                if j.index() == i {
                    return Err(BoardError::BadBorder {
                        area: a.id.clone(),
                        reason: "borders itself".into(),
                    });
                }
                if table[i].contains(j) {
                    return Err(BoardError::BadBorder {
                        area: a.id.clone(),
                        reason: format!("lists {b:?} twice in {kind}"),
                    });
                }
                table[i].insert(j);
            }
        }
        if !passable[i].intersection(impassable[i]).is_empty() {
            let both = passable[i].intersection(impassable[i]).iter().next();
            return Err(BoardError::BadBorder {
                area: a.id.clone(),
                reason: format!(
                    "{:?} is listed as both passable and impassable",
                    both.map(|b| doc.areas[b.index()].id.as_str()).unwrap_or("")
                ),
            });
        }
    }
    for i in 0..n {
        for (table, kind) in [(&passable, "borders"), (&impassable, "impassable")] {
            for j in table[i].iter() {
                if !table[j.index()].contains(AreaId(i as u8)) {
                    return Err(BoardError::OneWayBorder {
                        from: doc.areas[i].id.clone(),
                        to: doc.areas[j.index()].id.clone(),
                        kind,
                    });
                }
            }
        }
    }

    // Connectivity across passable borders only.
    let mut seen = AreaSet::one(AreaId(0));
    let mut frontier = seen;
    while !frontier.is_empty() {
        let mut next = AreaSet::EMPTY;
        for a in frontier.iter() {
            next = next.union(passable[a.index()]);
        }
        frontier = next.minus(seen);
        seen = seen.union(frontier);
    }
    if seen.len() != n {
        let unreached: Vec<&str> = (0..n)
            .filter(|&i| !seen.contains(AreaId(i as u8)))
            .map(|i| doc.areas[i].id.as_str())
            .collect();
        return Err(BoardError::Disconnected {
            from: doc.areas[0].id.clone(),
            count: unreached.len(),
            unreached: unreached.join(", "),
        });
    }

    // Air zones: every area of both sectors, plus the North Pole if marked.
    let mut air_zones = Vec::with_capacity(doc.air_zones.len());
    let mut zone_ids: BTreeMap<&str, ()> = BTreeMap::new();
    let mut zones_of_area = vec![0u16; n];
    for (zi, z) in doc.air_zones.iter().enumerate() {
        if zone_ids.insert(&z.id, ()).is_some() {
            return Err(BoardError::Duplicate {
                what: "air zone",
                id: z.id.clone(),
            });
        }
        let mut secs = [SectorId(0); 2];
        for (k, s) in z.sectors.iter().enumerate() {
            secs[k] = *sector_ids
                .get(s.as_str())
                .ok_or_else(|| BoardError::UnknownSector {
                    place: format!("air zone {:?}", z.id),
                    sector: s.clone(),
                })?;
        }
        if secs[0] == secs[1] {
            return Err(BoardError::Invalid(format!(
                "air zone {:?} names sector {:?} twice; it lies between 2 sectors",
                z.id, z.sectors[0]
            )));
        }
        let mut set =
            sector_areas[usize::from(secs[0].0)].union(sector_areas[usize::from(secs[1].0)]);
        if z.north_pole {
            set.insert(north_pole);
        }
        for a in set.iter() {
            zones_of_area[a.index()] |= 1 << zi;
        }
        air_zones.push(AirZone {
            id: z.id.clone(),
            sectors: secs,
            north_pole: z.north_pole,
            areas: set,
        });
    }
    for (i, z) in air_zones.iter().enumerate() {
        for w in &air_zones[..i] {
            let mut a = z.sectors;
            let mut b = w.sectors;
            a.sort();
            b.sort();
            if a == b {
                return Err(BoardError::Invalid(format!(
                    "air zones {:?} and {:?} join the same 2 sectors",
                    w.id, z.id
                )));
            }
        }
    }

    let mut family_atomics_targets = Vec::new();
    for t in &doc.family_atomics_targets {
        let a = *ids.get(t).ok_or_else(|| BoardError::UnknownArea {
            place: "family_atomics_targets".into(),
            area: t.clone(),
        })?;
        if areas[a.index()].terrain != Terrain::Mountain {
            return Err(BoardError::Invalid(format!(
                "Family Atomics target {t:?} is not a mountain (AR-ATOM-04)"
            )));
        }
        family_atomics_targets.push(a);
    }

    let set_of = |f: &dyn Fn(&Area) -> bool| -> AreaSet {
        areas
            .iter()
            .enumerate()
            .filter(|(_, a)| f(a))
            .map(|(i, _)| AreaId(i as u8))
            .collect()
    };
    let desert = set_of(&|a| a.terrain == Terrain::Desert);
    let deep_desert = set_of(&|a| a.deep_desert);
    let mountains = set_of(&|a| a.terrain == Terrain::Mountain);
    let sietch_sites = set_of(&|a| a.sietch_site);
    let testing_stations = set_of(&|a| a.testing_station);
    let settlements = set_of(&|a| a.settlement.is_some());

    let sectors = doc
        .sectors
        .iter()
        .zip(sector_areas)
        .map(|(s, set)| Sector {
            id: s.id.clone(),
            ring: s.ring,
            position: s.position.clone(),
            areas: set,
        })
        .collect();

    let ground_steps = (0..areas.len())
        .map(|from| ground_steps_from(&passable, from))
        .collect();
    Ok(Board {
        areas,
        sectors,
        air_zones,
        north_pole,
        ground_steps,
        passable,
        impassable,
        zones_of_area,
        family_atomics_targets,
        desert,
        deep_desert,
        mountains,
        sietch_sites,
        testing_stations,
        settlements,
        ids,
    })
}

/// The fewest ground moves from area `from` to each area, by a breadth-first
/// walk over `passable`; [`u8::MAX`] where no walk leads.
fn ground_steps_from(passable: &[AreaSet], from: usize) -> Vec<u8> {
    let mut steps = vec![u8::MAX; passable.len()];
    steps[from] = 0;
    let mut frontier = vec![from];
    let mut step = 0u8;
    while !frontier.is_empty() && step < u8::MAX - 1 {
        step += 1;
        let mut next = Vec::new();
        for area in frontier {
            for neighbour in passable[area].iter() {
                if steps[neighbour.index()] == u8::MAX {
                    steps[neighbour.index()] = step;
                    next.push(neighbour.index());
                }
            }
        }
        frontier = next;
    }
    steps
}

impl Board {
    /// The fewest ground moves from `a` to `b` over passable borders
    /// ([`u8::MAX`] when none leads there).
    pub fn ground_steps(&self, a: AreaId, b: AreaId) -> u8 {
        self.ground_steps[a.index()][b.index()]
    }

    /// The area with data id `id`.
    pub fn area_id(&self, id: &str) -> Option<AreaId> {
        self.ids.get(id).copied()
    }

    /// The area with data id `id`; panics on an unknown id (for tests and
    /// data ids checked at load).
    pub fn a(&self, id: &str) -> AreaId {
        self.area_id(id)
            .unwrap_or_else(|| panic!("unknown area {id:?}"))
    }

    /// The area's facts.
    pub fn area(&self, a: AreaId) -> &Area {
        &self.areas[a.index()]
    }

    /// The Air zone with data id `id`.
    pub fn air_zone_id(&self, id: &str) -> Option<AirZoneId> {
        self.air_zones
            .iter()
            .position(|z| z.id == id)
            .map(|i| AirZoneId(i as u8))
    }

    /// Whether a ground move may go from `a` to `b`: adjacent across a
    /// passable border (AR-MOVE-02, AR-MOVE-05).
    pub fn passable_between(&self, a: AreaId, b: AreaId) -> bool {
        self.passable[a.index()].contains(b)
    }

    /// Whether `a` and `b` share a border, passable or not.
    pub fn touches(&self, a: AreaId, b: AreaId) -> bool {
        self.passable[a.index()].contains(b) || self.impassable[a.index()].contains(b)
    }

    /// Whether Air zone `z` is connected to area `a` (AR-VEH-13, AR-VEH-15).
    pub fn zone_connects(&self, z: AirZoneId, a: AreaId) -> bool {
        self.zones_of_area[a.index()] >> z.0 & 1 == 1
    }

    /// The Air zones connected to `a`, in id order.
    pub fn zones_of(&self, a: AreaId) -> impl Iterator<Item = AirZoneId> + '_ {
        let mask = self.zones_of_area[a.index()];
        (0..self.air_zones.len() as u8)
            .filter(move |z| mask >> z & 1 == 1)
            .map(AirZoneId)
    }
}

const BOARD_JSON: &str = include_str!("../../../../data/arrakis/board.json");

static BOARD: LazyLock<Board> = LazyLock::new(|| match parse_board(BOARD_JSON) {
    Ok(b) => b,
    Err(e) => panic!("data/arrakis/board.json: {e}"),
});

/// The published board, shared by every game.
pub fn board() -> &'static Board {
    &BOARD
}

/// The text of the embedded board file (for tests that break it on purpose).
pub fn board_json() -> &'static str {
    BOARD_JSON
}
