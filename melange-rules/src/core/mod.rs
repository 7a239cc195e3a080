//! What every game's rules share: the [`Ruleset`] trait, seats and viewers,
//! the seeded generator and the error type.
pub mod conformance;
mod error;
pub mod hidden;
mod rng;
mod ruleset;
mod seat;

pub use error::RuleError;
pub use rng::{GameRng, RngStream};
pub use ruleset::{GameResult, Resignation, Ruleset};
pub use seat::{Seat, Viewer};
