//! Vocabulary containers: one value per [`Faction`], per [`UnitKind`], per
//! prescience [`Marker`] and per [`ImperiumMarker`], indexed by the enum
//! rather than by a number, so that adding a house, a figure kind or a
//! marker makes the compiler list every place that must handle it (the
//! constructors and `from_fn` match exhaustively).
use std::ops::{Index, IndexMut};

use super::ids::{Faction, ImperiumMarker, Marker, UnitKind};

/// One value per house (Harkonnen first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
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

/// One value per unit rank (AR-COMBAT-01), lowest first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByUnitKind<T> {
    /// Regular units'.
    pub regular: T,
    /// Elite units'.
    pub elite: T,
    /// Special elites' (Sardaukar or Fedaykin).
    pub special: T,
}

/// Unit counts by rank.
pub type Units = ByUnitKind<u8>;

impl<T> ByUnitKind<T> {
    /// The three values, lowest rank first.
    pub const fn new(regular: T, elite: T, special: T) -> ByUnitKind<T> {
        ByUnitKind {
            regular,
            elite,
            special,
        }
    }

    /// The value of each rank computed from the rank.
    pub fn from_fn(mut f: impl FnMut(UnitKind) -> T) -> ByUnitKind<T> {
        ByUnitKind {
            regular: f(UnitKind::Regular),
            elite: f(UnitKind::Elite),
            special: f(UnitKind::Special),
        }
    }

    /// The values, lowest rank first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        [&self.regular, &self.elite, &self.special].into_iter()
    }

    /// The values, lowest rank first, mutably.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        [&mut self.regular, &mut self.elite, &mut self.special].into_iter()
    }

    /// Each value transformed.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByUnitKind<U> {
        ByUnitKind {
            regular: f(self.regular),
            elite: f(self.elite),
            special: f(self.special),
        }
    }

    /// The values as a `[regular, elite, special]` array (the wire order).
    pub fn into_array(self) -> [T; 3] {
        [self.regular, self.elite, self.special]
    }
}

impl<T: Copy> ByUnitKind<T> {
    /// From a `[regular, elite, special]` array (the wire order).
    pub const fn from_array(a: [T; 3]) -> ByUnitKind<T> {
        ByUnitKind::new(a[0], a[1], a[2])
    }
}

impl From<[u8; 3]> for Units {
    /// From `[regular, elite, special]` (the wire order).
    fn from(a: [u8; 3]) -> Units {
        Units::from_array(a)
    }
}

impl Units {
    /// No unit.
    pub const NONE: Units = Units::new(0, 0, 0);

    /// How many units of all ranks.
    pub fn total(&self) -> u8 {
        self.regular + self.elite + self.special
    }

    /// Whether there is no unit.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// Elite units of both ranks (elite and special).
    pub fn elites(&self) -> u8 {
        self.elite + self.special
    }
}

impl<T> Index<UnitKind> for ByUnitKind<T> {
    type Output = T;
    fn index(&self, k: UnitKind) -> &T {
        match k {
            UnitKind::Regular => &self.regular,
            UnitKind::Elite => &self.elite,
            UnitKind::Special => &self.special,
        }
    }
}

impl<T> IndexMut<UnitKind> for ByUnitKind<T> {
    fn index_mut(&mut self, k: UnitKind) -> &mut T {
        match k {
            UnitKind::Regular => &mut self.regular,
            UnitKind::Elite => &mut self.elite,
            UnitKind::Special => &mut self.special,
        }
    }
}

impl PartialEq<[u8; 3]> for Units {
    /// Compares with `[regular, elite, special]` (the wire order).
    fn eq(&self, other: &[u8; 3]) -> bool {
        self.into_array() == *other
    }
}

/// A container of one value per variant of a three-valued marker enum,
/// indexed by the enum; the array order is the enum's `ALL` order.
macro_rules! by_marker {
    ($(#[$doc:meta])* $name:ident, $enum:ident,
     $a:ident: $va:ident, $b:ident: $vb:ident, $c:ident: $vc:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
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
