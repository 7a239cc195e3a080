//! Planning cards and leaders: the components as data (`components.rs`),
//! the vocabulary card effects are written in (`effects.rs`), playing a
//! card step by step (`play.rs`) and the steps by family (`common.rs`,
//! `force.rs`, `prescience.rs`).
pub(crate) mod common;
pub mod components;
pub mod effects;
pub(crate) mod force;
pub(crate) mod play;
pub(crate) mod prescience;
