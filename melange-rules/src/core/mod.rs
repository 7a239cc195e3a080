//! What every game's rules share: the [`Ruleset`] trait, seats and viewers,
//! the seeded generator, the error type, and a position's refusal and text
//! (`position.rs`).
pub mod conformance;
mod error;
pub mod hidden;
mod position;
mod rng;
mod ruleset;
mod seat;
mod small_list;

pub use error::RuleError;
pub(crate) use position::position;
pub use position::{Edited, Position, SetupError, read_setup, setup_text};
pub use rng::{GameRng, RngStream};
pub use ruleset::{GameResult, Resignation, Ruleset};
pub use seat::{Seat, Viewer};
pub use small_list::SmallList;
