//! The Desert War expansion (rule IDs `DW-...`, docs/rules/desert-war.md;
//! decisions in docs/rules-decisions.md, Desert War). Not offered yet:
//! this module holds its data ([`data`]) and the plan below.
pub mod data;
