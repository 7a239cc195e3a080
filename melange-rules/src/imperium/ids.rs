//! Small copyable ids: indexes into the loaded data tables.

/// An Imperium card kind (starter, reserve or Imperium deck): index into
/// [`super::data::Data::cards`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct CardId(pub u8);

/// A board space: index into [`super::data::Data::spaces`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct SpaceId(pub u8);

/// An Intrigue card kind: index into [`super::data::Data::intrigues`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct IntrigueId(pub u8);

/// A leader: index into [`super::data::Data::leaders`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct LeaderId(pub u8);

/// A Conflict card: index into [`super::data::Data::conflicts`].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct ConflictId(pub u8);

/// The four factions (IM-FACTION-01).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Faction {
    /// The Emperor.
    Emperor = 0,
    /// The Spacing Guild.
    Guild = 1,
    /// The Bene Gesserit.
    BeneGesserit = 2,
    /// The Fremen.
    Fremen = 3,
}

impl Faction {
    /// All four, in track order.
    pub const ALL: [Faction; 4] = [
        Faction::Emperor,
        Faction::Guild,
        Faction::BeneGesserit,
        Faction::Fremen,
    ];

    /// The index into per-faction arrays.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The data id.
    pub fn id(self) -> &'static str {
        match self {
            Faction::Emperor => "emperor",
            Faction::Guild => "guild",
            Faction::BeneGesserit => "bene_gesserit",
            Faction::Fremen => "fremen",
        }
    }

    /// The display name.
    pub fn name(self) -> &'static str {
        match self {
            Faction::Emperor => "Emperor",
            Faction::Guild => "Spacing Guild",
            Faction::BeneGesserit => "Bene Gesserit",
            Faction::Fremen => "Fremen",
        }
    }

    /// Parses a data id.
    pub fn parse(s: &str) -> Option<Faction> {
        Faction::ALL.into_iter().find(|f| f.id() == s)
    }
}

/// The seven Agent icons (IM-SPACE-01), as bits of a mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Icon {
    /// Emperor.
    Emperor = 0,
    /// Spacing Guild.
    Guild = 1,
    /// Bene Gesserit.
    BeneGesserit = 2,
    /// Fremen.
    Fremen = 3,
    /// Landsraad.
    Landsraad = 4,
    /// City.
    City = 5,
    /// Spice Trade.
    SpiceTrade = 6,
}

impl Icon {
    /// All seven icons.
    pub const ALL: [Icon; 7] = [
        Icon::Emperor,
        Icon::Guild,
        Icon::BeneGesserit,
        Icon::Fremen,
        Icon::Landsraad,
        Icon::City,
        Icon::SpiceTrade,
    ];

    /// The bit of this icon in an icon mask.
    pub fn bit(self) -> u8 {
        1 << (self as u8)
    }

    /// Parses a data id.
    pub fn parse(s: &str) -> Option<Icon> {
        Some(match s {
            "emperor" => Icon::Emperor,
            "guild" => Icon::Guild,
            "bene_gesserit" => Icon::BeneGesserit,
            "fremen" => Icon::Fremen,
            "landsraad" => Icon::Landsraad,
            "city" => Icon::City,
            "spice_trade" => Icon::SpiceTrade,
            _ => return None,
        })
    }
}

/// Icon mask of the four faction icons (Dispatch an Envoy).
pub const FACTION_ICONS: u8 = 0b1111;
