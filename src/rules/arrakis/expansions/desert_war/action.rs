//! The Desert War's actions, carried by the core `Action::DesertWar`.
//! Each variant names the DW rule that offers it.

/// An action of the Desert War expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DwAction {}
