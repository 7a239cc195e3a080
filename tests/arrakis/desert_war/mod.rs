//! The Desert War expansion (rule IDs `DW-...`), a file per concept.
mod atreides_games;
mod atreides_kit;
mod camps;
mod rockets;
mod sandriders;
mod setup;
