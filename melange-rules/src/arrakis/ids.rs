//! Compact ids for board places and a fixed-size area bitset.
use std::fmt;

/// An area of the board, by index into [`super::board::Board::areas`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct AreaId(pub u8);

impl AreaId {
    /// The index into per-area tables.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// One of the 8 sectors, by index into [`super::board::Board::sectors`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SectorId(pub u8);

/// An Air zone, by index into [`super::board::Board::air_zones`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct AirZoneId(pub u8);

impl AirZoneId {
    /// The index into per-zone tables.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The most areas a board may have (the published board has 101).
pub const MAX_AREAS: usize = 128;

/// A set of areas as a 128-bit mask: copying, union and membership are a
/// couple of instructions, which keeps move generation allocation-free.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct AreaSet(pub u128);

impl AreaSet {
    /// No area.
    pub const EMPTY: AreaSet = AreaSet(0);

    /// The set holding only `a`.
    pub fn one(a: AreaId) -> AreaSet {
        AreaSet(1u128 << a.0)
    }

    /// Whether `a` is in the set.
    pub fn contains(self, a: AreaId) -> bool {
        self.0 >> a.0 & 1 == 1
    }

    /// Adds `a`.
    pub fn insert(&mut self, a: AreaId) {
        self.0 |= 1u128 << a.0;
    }

    /// Removes `a`.
    pub fn remove(&mut self, a: AreaId) {
        self.0 &= !(1u128 << a.0);
    }

    /// How many areas.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Areas in either set.
    pub fn union(self, other: AreaSet) -> AreaSet {
        AreaSet(self.0 | other.0)
    }

    /// Areas in both sets.
    pub fn intersection(self, other: AreaSet) -> AreaSet {
        AreaSet(self.0 & other.0)
    }

    /// Areas of `self` not in `other`.
    pub fn minus(self, other: AreaSet) -> AreaSet {
        AreaSet(self.0 & !other.0)
    }

    /// The areas in increasing id order.
    pub fn iter(self) -> AreaIter {
        AreaIter(self.0)
    }
}

/// The areas of an [`AreaSet`] in increasing id order.
#[derive(Clone, Debug)]
pub struct AreaIter(u128);

impl Iterator for AreaIter {
    type Item = AreaId;

    fn next(&mut self) -> Option<AreaId> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(AreaId(i))
    }
}

impl IntoIterator for AreaSet {
    type Item = AreaId;
    type IntoIter = AreaIter;

    fn into_iter(self) -> AreaIter {
        self.iter()
    }
}

impl fmt::Debug for AreaSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|a| a.0)).finish()
    }
}

impl FromIterator<AreaId> for AreaSet {
    fn from_iter<I: IntoIterator<Item = AreaId>>(iter: I) -> Self {
        let mut s = AreaSet::EMPTY;
        for a in iter {
            s.insert(a);
        }
        s
    }
}

/// The two houses (AR-START-06).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Deserialize, serde::Serialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Faction {
    /// House Harkonnen (with the Corrino ally deck).
    Harkonnen,
    /// House Atreides (with the Fremen ally deck).
    Atreides,
}

impl Faction {
    /// Both, Harkonnen first.
    pub const ALL: [Faction; 2] = [Faction::Harkonnen, Faction::Atreides];

    /// Index into per-faction tables (Harkonnen 0, Atreides 1).
    pub fn index(self) -> usize {
        match self {
            Faction::Harkonnen => 0,
            Faction::Atreides => 1,
        }
    }

    /// The house's name as the contract spells it ("harkonnen", "atreides").
    pub fn name(self) -> &'static str {
        match self {
            Faction::Harkonnen => "harkonnen",
            Faction::Atreides => "atreides",
        }
    }

    /// The other house.
    pub fn other(self) -> Faction {
        match self {
            Faction::Harkonnen => Faction::Atreides,
            Faction::Atreides => Faction::Harkonnen,
        }
    }
}

/// An action die result (AR-ACT-04); Desert Power is not a face.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Deserialize, serde::Serialize,
)]
#[serde(rename_all = "snake_case")]
pub enum DieResult {
    /// Move 2 legions or attack with 1 (AR-DIE-02, AR-DIE-03).
    Strategy,
    /// Move 2 legions with leaders or surprise attack (AR-DIE-07, AR-DIE-08).
    Leadership,
    /// Bring in forces (AR-DIE-11, AR-DIE-14).
    Deployment,
    /// Draw 2 planning cards (AR-DIE-16).
    Mentat,
    /// The house's own action (AR-DIE-19, AR-DIE-20).
    House,
}

impl DieResult {
    /// The name of the die result as the contract spells it ("leadership", ...).
    pub fn name(self) -> &'static str {
        match self {
            DieResult::Leadership => "leadership",
            DieResult::Strategy => "strategy",
            DieResult::Deployment => "deployment",
            DieResult::Mentat => "mentat",
            DieResult::House => "house",
        }
    }

    /// Every result in dashboard order.
    pub const ALL: [DieResult; 5] = [
        DieResult::Leadership,
        DieResult::Strategy,
        DieResult::Deployment,
        DieResult::Mentat,
        DieResult::House,
    ];

    /// Index into per-result tables (dashboard order).
    pub fn index(self) -> usize {
        match self {
            DieResult::Leadership => 0,
            DieResult::Strategy => 1,
            DieResult::Deployment => 2,
            DieResult::Mentat => 3,
            DieResult::House => 4,
        }
    }
}

/// A combat die face (AR-COMBAT-09).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatFace {
    /// 1 hit (AR-COMBAT-10).
    Hit,
    /// Cancels 1 hit (AR-COMBAT-11).
    Shield,
    /// Counts only through a leader (AR-COMBAT-12).
    Special,
}

impl CombatFace {
    /// The face as the contract spells it ("hit", "shield", "special").
    pub fn name(self) -> &'static str {
        match self {
            CombatFace::Hit => "hit",
            CombatFace::Shield => "shield",
            CombatFace::Special => "special",
        }
    }
}

/// A prescience marker (AR-PRESC-01).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Deserialize, serde::Serialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Marker {
    /// Kwisatz Haderach (green).
    KwisatzHaderach,
    /// Sand Dwellers (yellow).
    SandDwellers,
    /// Jihad (red).
    Jihad,
}

impl Marker {
    /// The marker's printed name, for a person ("Kwisatz Haderach", ...).
    pub fn display_name(self) -> &'static str {
        match self {
            Marker::KwisatzHaderach => "Kwisatz Haderach",
            Marker::SandDwellers => "Sand Dwellers",
            Marker::Jihad => "Jihad",
        }
    }

    /// The name of the prescience marker as the contract spells it ("kwisatz_haderach", ...).
    pub fn name(self) -> &'static str {
        match self {
            Marker::KwisatzHaderach => "kwisatz_haderach",
            Marker::SandDwellers => "sand_dwellers",
            Marker::Jihad => "jihad",
        }
    }

    /// All three, in track order.
    pub const ALL: [Marker; 3] = [Marker::KwisatzHaderach, Marker::SandDwellers, Marker::Jihad];

    /// Index into per-marker tables.
    pub fn index(self) -> usize {
        match self {
            Marker::KwisatzHaderach => 0,
            Marker::SandDwellers => 1,
            Marker::Jihad => 2,
        }
    }
}

/// A wormsign token's hidden face (AR-HAZ-09). Ordered so the forward
/// model can sort a pool of them before shuffling (MC-SIM-03).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Wormsign {
    /// False alarm (AR-HAZ-10).
    Sand,
    /// A sandworm appears (AR-HAZ-11).
    Sandworm,
    /// A sandworm appears in deep desert only (AR-HAZ-12, AR-HAZ-13).
    Burrowing,
}

/// One of the three Imperium markers of the Spice Must Flow board
/// (AR-SPICE-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImperiumMarker {
    /// Its ban lowers the Harkonnen stacking limit (AR-SPICE-19).
    Choam,
    /// Its ban forbids scouting (AR-SCOUT-06).
    SpacingGuild,
    /// Its ban forbids combat discards (AR-SPICE-21).
    Landsraad,
}

impl ImperiumMarker {
    /// The name of the Imperium marker as the contract spells it ("choam", ...).
    pub fn name(self) -> &'static str {
        match self {
            ImperiumMarker::Choam => "choam",
            ImperiumMarker::SpacingGuild => "spacing_guild",
            ImperiumMarker::Landsraad => "landsraad",
        }
    }

    /// All three.
    pub const ALL: [ImperiumMarker; 3] = [
        ImperiumMarker::Choam,
        ImperiumMarker::SpacingGuild,
        ImperiumMarker::Landsraad,
    ];

    /// Index into per-marker tables.
    pub fn index(self) -> usize {
        match self {
            ImperiumMarker::Choam => 0,
            ImperiumMarker::SpacingGuild => 1,
            ImperiumMarker::Landsraad => 2,
        }
    }
}

/// The rank of a unit (AR-COMBAT-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum UnitKind {
    /// Regular.
    Regular,
    /// Elite.
    Elite,
    /// Special elite: Sardaukar (Harkonnen) or Fedaykin (Atreides).
    Special,
    /// Smugglers expansion: a Smuggler Regular, an Atreides unit of regular
    /// rank from the alliance on (SM-UNIT-02, SM-UNIT-04). Never on the
    /// board without the expansion.
    Smuggler,
}

impl UnitKind {
    /// The name of the unit kind as the contract spells it ("regular", ...).
    pub fn name(self) -> &'static str {
        match self {
            UnitKind::Regular => "regular",
            UnitKind::Elite => "elite",
            UnitKind::Special => "special",
            UnitKind::Smuggler => "smuggler",
        }
    }

    /// Every kind: the three ranks lowest first, then Smuggler Regulars.
    pub const ALL: [UnitKind; 4] = [
        UnitKind::Regular,
        UnitKind::Elite,
        UnitKind::Special,
        UnitKind::Smuggler,
    ];

    /// Index into per-kind tables.
    pub fn index(self) -> usize {
        match self {
            UnitKind::Regular => 0,
            UnitKind::Elite => 1,
            UnitKind::Special => 2,
            UnitKind::Smuggler => 3,
        }
    }
}

/// One of the four planning decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Deck {
    /// House Harkonnen.
    HouseHarkonnen,
    /// The Corrino ally (Harkonnen side).
    CorrinoAlly,
    /// House Atreides.
    HouseAtreides,
    /// The Fremen ally (Atreides side).
    FremenAlly,
}

impl Deck {
    /// Every deck, in index order.
    pub const ALL: [Deck; 4] = [
        Deck::HouseHarkonnen,
        Deck::CorrinoAlly,
        Deck::HouseAtreides,
        Deck::FremenAlly,
    ];

    /// The name of the deck as the contract spells it ("house_harkonnen", ...).
    pub fn name(self) -> &'static str {
        match self {
            Deck::HouseHarkonnen => "house_harkonnen",
            Deck::CorrinoAlly => "corrino_ally",
            Deck::HouseAtreides => "house_atreides",
            Deck::FremenAlly => "fremen_ally",
        }
    }

    /// Index into per-deck tables.
    pub fn index(self) -> usize {
        match self {
            Deck::HouseHarkonnen => 0,
            Deck::CorrinoAlly => 1,
            Deck::HouseAtreides => 2,
            Deck::FremenAlly => 3,
        }
    }

    /// Whose deck it is.
    pub fn faction(self) -> Faction {
        match self {
            Deck::HouseHarkonnen | Deck::CorrinoAlly => Faction::Harkonnen,
            Deck::HouseAtreides | Deck::FremenAlly => Faction::Atreides,
        }
    }

    /// A faction's two decks, house first.
    pub fn of(f: Faction) -> [Deck; 2] {
        match f {
            Faction::Harkonnen => [Deck::HouseHarkonnen, Deck::CorrinoAlly],
            Faction::Atreides => [Deck::HouseAtreides, Deck::FremenAlly],
        }
    }
}

/// A planning card kind, by index into the card table.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct CardId(pub u8);

/// A leader, by index into the leader table.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct LeaderId(pub u8);
