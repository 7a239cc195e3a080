//! Expansions of War for Arrakis, each in its own folder and hooked into
//! the core round at the points its rules name (none is offered yet: the
//! `desert_war` and `smugglers` options are refused).
//!
//! - [`desert_war`]: the Desert War expansion (rule IDs `DW-...`,
//!   docs/rules/desert-war.md): its data, loader and implementation plan.
pub mod desert_war;
