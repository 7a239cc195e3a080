//! The parts of the round that are no single figure's: prescience and
//! supremacy (`prescience.rs`) and the End of the Round with victory
//! (`end_round.rs`).
pub(crate) mod end_round;
pub(crate) mod prescience;
