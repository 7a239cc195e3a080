//! Compact ids for board places and a fixed-size area bitset.
use std::fmt;

/// An area of the board, by index into [`super::board::Board::areas`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
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
    pub fn iter(self) -> impl Iterator<Item = AreaId> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(AreaId(i))
        })
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
