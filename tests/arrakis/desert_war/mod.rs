//! The Desert War expansion (rule IDs `DW-...`), a file per concept.
mod escorts;
mod harkonnen;
mod harkonnen_games;
mod setup;
mod suspensors;
