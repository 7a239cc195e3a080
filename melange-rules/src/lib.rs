//! melange-rules: the rules engines of melange's games, pure game logic,
//! one module per game on top of the shared [`core`]: [`arrakis`] (Dune:
//! War for Arrakis and its expansions) and [`imperium`] (Dune: Imperium
//! with the House Hagal rivals). The server crate re-exports it as
//! `melange::rules`.
//!
//! Nothing here is async, does I/O, knows protobuf or reads a clock: a rules
//! state plus a seed plus a list of actions always gives the same game. A
//! crate of its own, it depends on none of the server's crates (tonic,
//! tokio, prost), so the compiler keeps it that way.
//!
//! # One layout for every game
//!
//! Each game is a folder with the same files for the same concepts, so that
//! someone who knows one game finds their way in the other:
//!
//! | file | holds |
//! | --- | --- |
//! | `mod.rs` | the [`core::Ruleset`] impl and the public surface; its doc lists the game's files |
//! | `options.rs` | match options, the `published` preset and the named rules options |
//! | `data.rs`, `ids.rs` | the game's data files (`data/<game>/*.json`) and the ids that name their entries |
//! | `state.rs`, `setup.rs` | the state types; setup from options and seed |
//! | `action.rs`, `prompt.rs` | the actions a seat sends; where the game waits |
//! | `legal.rs`, `flow.rs` | short dispatchers: the legal actions, and applying an action with the automatic steps that follow |
//! | one file (or folder) per decision or topic | its legal actions, what choosing does and its refusal rule side by side |
//! | `label.rs`, `refusal.rs` | action labels; refusals as a rule ID and a sentence |
//! | `event.rs`, `view.rs` | domain events; what one viewer may see |
//! | `testkit.rs` | test hooks, compiled only with the `testkit` feature (on for the crate's own tests) |
//!
//! War for Arrakis expansions live in `arrakis/expansions/<name>/` and hook
//! into the core round where their rules text says.
pub mod arrakis;
pub mod core;
pub mod imperium;
