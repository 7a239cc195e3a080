//! War for Arrakis expansions, one folder each: Desert War in
//! `expansions/desert_war/` and Smugglers in `expansions/smugglers/`. An
//! expansion adds its figures, prompts and rules as files of its own and
//! hooks into the core round (the dispatchers `arrakis/flow.rs` and
//! `arrakis/legal.rs`, and the files of the round's steps under
//! `arrakis/round/`, `arrakis/forces/` and `arrakis/board/`) exactly where
//! its rules text says, so the core game without it plays as before.
//!
//! - [`desert_war`]: the Desert War expansion (rule IDs `DW-...`,
//!   docs/rules/desert-war.md).
//! - [`smugglers`]: the Smugglers expansion (rule IDs `SM-...`,
//!   docs/rules/smugglers.md).
pub mod desert_war;
pub mod smugglers;
