//! Pure game logic: one module per game on top of the shared [`core`].
//!
//! Nothing here is async, does I/O, knows protobuf or reads a clock: a rules
//! state plus a seed plus a list of actions always gives the same game.
pub mod arrakis;
pub mod core;
pub mod imperium;
