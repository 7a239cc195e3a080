//! The Desert War expansion (rule IDs `DW-...`), a file per concept.
mod setup;
