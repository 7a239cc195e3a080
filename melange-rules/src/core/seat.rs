use std::fmt;

/// A player's place at the table, numbered from 0 in turn order of setup.
///
/// A seat is not a faction: in War for Arrakis with 3-4 players a house is
/// split between two seats, so games map seats to what they play.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat number as an index into per-seat tables.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Who is looking: one seat, which may see its own secrets, or a spectator,
/// who sees only what is public.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// A seat's own view.
    Seat(Seat),
    /// The public view.
    Spectator,
}

impl Viewer {
    /// Whether this viewer is allowed to see `seat`'s private information.
    pub fn sees_private_of(self, seat: Seat) -> bool {
        self == Viewer::Seat(seat)
    }
}
