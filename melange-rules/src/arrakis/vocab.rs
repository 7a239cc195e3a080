//! Vocabulary containers: one value per [`Faction`], per [`UnitKind`], per
//! prescience [`Marker`] and per [`ImperiumMarker`], indexed by the enum
//! rather than by a number, so that adding a house, a figure kind or a
//! marker makes the compiler list every place that must handle it (the
//! constructors and `from_fn` match exhaustively).
use std::ops::{Index, IndexMut};

use super::ids::{Faction, ImperiumMarker, Marker, UnitKind};

/// One value per house (Harkonnen first).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct ByFaction<T> {
    /// House Harkonnen's.
    pub harkonnen: T,
    /// House Atreides's.
    pub atreides: T,
}

impl<T> ByFaction<T> {
    /// Both values, Harkonnen first.
    pub const fn new(harkonnen: T, atreides: T) -> ByFaction<T> {
        ByFaction {
            harkonnen,
            atreides,
        }
    }

    /// The value of each house computed from the house.
    pub fn from_fn(mut f: impl FnMut(Faction) -> T) -> ByFaction<T> {
        ByFaction {
            harkonnen: f(Faction::Harkonnen),
            atreides: f(Faction::Atreides),
        }
    }

    /// The values, Harkonnen first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        [&self.harkonnen, &self.atreides].into_iter()
    }

    /// The values, Harkonnen first, mutably.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        [&mut self.harkonnen, &mut self.atreides].into_iter()
    }

    /// Each value transformed.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByFaction<U> {
        ByFaction {
            harkonnen: f(self.harkonnen),
            atreides: f(self.atreides),
        }
    }

    /// The values as a `[Harkonnen, Atreides]` array.
    pub fn into_array(self) -> [T; 2] {
        [self.harkonnen, self.atreides]
    }
}

impl<T> Index<Faction> for ByFaction<T> {
    type Output = T;
    fn index(&self, f: Faction) -> &T {
        match f {
            Faction::Harkonnen => &self.harkonnen,
            Faction::Atreides => &self.atreides,
        }
    }
}

impl<T> IndexMut<Faction> for ByFaction<T> {
    fn index_mut(&mut self, f: Faction) -> &mut T {
        match f {
            Faction::Harkonnen => &mut self.harkonnen,
            Faction::Atreides => &mut self.atreides,
        }
    }
}

/// One value per unit kind (AR-COMBAT-01), lowest rank first, then the
/// Smugglers expansion's Smuggler Regulars (SM-UNIT-02, SM-UNIT-04): Atreides
/// units of regular rank kept apart because their own rules (the Smugglers
/// die, storms, wormsigns, the defeat) name them. Zero in every game
/// without the expansion.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct ByUnitKind<T> {
    /// Regular units'.
    pub regular: T,
    /// Elite units'.
    pub elite: T,
    /// Special elites' (Sardaukar or Fedaykin).
    pub special: T,
    /// Smuggler Regulars' (Atreides, Smugglers expansion).
    pub smuggler: T,
}

/// Unit counts by kind.
pub type Units = ByUnitKind<u8>;

impl<T> ByUnitKind<T> {
    /// The value of each kind computed from the kind.
    pub fn from_fn(mut f: impl FnMut(UnitKind) -> T) -> ByUnitKind<T> {
        ByUnitKind {
            regular: f(UnitKind::Regular),
            elite: f(UnitKind::Elite),
            special: f(UnitKind::Special),
            smuggler: f(UnitKind::Smuggler),
        }
    }

    /// The values, in [`UnitKind::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        [&self.regular, &self.elite, &self.special, &self.smuggler].into_iter()
    }

    /// The values, in [`UnitKind::ALL`] order, mutably.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        [
            &mut self.regular,
            &mut self.elite,
            &mut self.special,
            &mut self.smuggler,
        ]
        .into_iter()
    }

    /// Each value transformed.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByUnitKind<U> {
        ByUnitKind {
            regular: f(self.regular),
            elite: f(self.elite),
            special: f(self.special),
            smuggler: f(self.smuggler),
        }
    }

    /// The core ranks' values as a `[regular, elite, special]` array (the
    /// wire order; Smuggler Regulars travel in a field of their own).
    pub fn into_array(self) -> [T; 3] {
        [self.regular, self.elite, self.special]
    }
}

impl From<[u8; 3]> for Units {
    /// From `[regular, elite, special]` (the wire order), no Smuggler.
    fn from(a: [u8; 3]) -> Units {
        Units::new(a[0], a[1], a[2])
    }
}

impl Units {
    /// No unit.
    pub const NONE: Units = Units::new(0, 0, 0);

    /// Core units of the three ranks, no Smuggler Regular.
    pub const fn new(regular: u8, elite: u8, special: u8) -> Units {
        ByUnitKind {
            regular,
            elite,
            special,
            smuggler: 0,
        }
    }

    /// How many units of all kinds.
    pub fn total(&self) -> u8 {
        self.regular + self.elite + self.special + self.smuggler
    }

    /// Whether there is no unit.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// Elite units of both ranks (elite and special).
    pub fn elites(&self) -> u8 {
        self.elite + self.special
    }

    /// Units of regular rank: regulars and Smuggler Regulars (SM-UNIT-04).
    pub fn regulars(&self) -> u8 {
        self.regular + self.smuggler
    }
}

impl<T> Index<UnitKind> for ByUnitKind<T> {
    type Output = T;
    fn index(&self, k: UnitKind) -> &T {
        match k {
            UnitKind::Regular => &self.regular,
            UnitKind::Elite => &self.elite,
            UnitKind::Special => &self.special,
            UnitKind::Smuggler => &self.smuggler,
        }
    }
}

impl<T> IndexMut<UnitKind> for ByUnitKind<T> {
    fn index_mut(&mut self, k: UnitKind) -> &mut T {
        match k {
            UnitKind::Regular => &mut self.regular,
            UnitKind::Elite => &mut self.elite,
            UnitKind::Special => &mut self.special,
            UnitKind::Smuggler => &mut self.smuggler,
        }
    }
}

impl PartialEq<[u8; 3]> for Units {
    /// Compares with `[regular, elite, special]` (the wire order) and no
    /// Smuggler Regular.
    fn eq(&self, other: &[u8; 3]) -> bool {
        *self == Units::from(*other)
    }
}

/// A container of one value per variant of a three-valued marker enum,
/// indexed by the enum; the array order is the enum's `ALL` order.
macro_rules! by_marker {
    ($(#[$doc:meta])* $name:ident, $enum:ident,
     $a:ident: $va:ident, $b:ident: $vb:ident, $c:ident: $vc:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub struct $name<T> {
            #[doc = concat!("The value of `", stringify!($va), "`.")]
            pub $a: T,
            #[doc = concat!("The value of `", stringify!($vb), "`.")]
            pub $b: T,
            #[doc = concat!("The value of `", stringify!($vc), "`.")]
            pub $c: T,
        }

        impl<T> $name<T> {
            /// The three values, in `ALL` order.
            pub const fn new($a: T, $b: T, $c: T) -> $name<T> {
                $name { $a, $b, $c }
            }

            /// The value of each marker computed from the marker.
            pub fn from_fn(mut f: impl FnMut($enum) -> T) -> $name<T> {
                $name {
                    $a: f($enum::$va),
                    $b: f($enum::$vb),
                    $c: f($enum::$vc),
                }
            }

            /// The values as an array, in `ALL` order.
            pub fn into_array(self) -> [T; 3] {
                [self.$a, self.$b, self.$c]
            }

            /// The values, in `ALL` order.
            pub fn iter(&self) -> impl Iterator<Item = &T> {
                [&self.$a, &self.$b, &self.$c].into_iter()
            }

            /// Each marker with its value, in `ALL` order.
            pub fn entries(&self) -> impl Iterator<Item = ($enum, &T)> {
                [
                    ($enum::$va, &self.$a),
                    ($enum::$vb, &self.$b),
                    ($enum::$vc, &self.$c),
                ]
                .into_iter()
            }
        }

        impl<T> From<[T; 3]> for $name<T> {
            /// From the three values in `ALL` order.
            fn from([$a, $b, $c]: [T; 3]) -> $name<T> {
                $name { $a, $b, $c }
            }
        }

        impl<T: PartialEq> PartialEq<[T; 3]> for $name<T> {
            /// Compares with the three values in `ALL` order.
            fn eq(&self, other: &[T; 3]) -> bool {
                self.$a == other[0] && self.$b == other[1] && self.$c == other[2]
            }
        }

        impl<T> Index<$enum> for $name<T> {
            type Output = T;
            fn index(&self, m: $enum) -> &T {
                match m {
                    $enum::$va => &self.$a,
                    $enum::$vb => &self.$b,
                    $enum::$vc => &self.$c,
                }
            }
        }

        impl<T> IndexMut<$enum> for $name<T> {
            fn index_mut(&mut self, m: $enum) -> &mut T {
                match m {
                    $enum::$va => &mut self.$a,
                    $enum::$vb => &mut self.$b,
                    $enum::$vc => &mut self.$c,
                }
            }
        }
    };
}

by_marker!(
    /// One value per prescience marker (Kwisatz Haderach, Sand Dwellers,
    /// Jihad).
    ByMarker,
    Marker,
    kwisatz_haderach: KwisatzHaderach,
    sand_dwellers: SandDwellers,
    jihad: Jihad
);

by_marker!(
    /// One value per Imperium marker (CHOAM, Spacing Guild, Landsraad).
    ByImperiumMarker,
    ImperiumMarker,
    choam: Choam,
    spacing_guild: SpacingGuild,
    landsraad: Landsraad
);
