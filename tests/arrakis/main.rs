//! War for Arrakis' rules tests, one test target grouped by concept: the
//! board as data (`board`) and the tables, leaders and cards as data
//! (`data`); the rules (`rules`, a file per concept: action resolution,
//! movement, combat, vehicles and spice, desert hazards, the round,
//! Hawat's Scheming, hidden information); the planning cards played for
//! their effect (`cards`, by house), the named leaders' special actions
//! (`leaders`), the prescience cards and secret objectives (`prescience`);
//! one test per checklist rule not tested elsewhere (`checklist`); seeded
//! random games to a winner (`playout`) and arbitrary actions thrown at
//! them (`fuzz`); the competition rules, MC- (`competition`). `common` holds the helpers they share. Each test cites
//! the rule ID it checks.
mod board;
mod cards;
mod checklist;
mod common;
mod competition;
mod data;
pub(crate) mod desert_war;
mod fuzz;
mod leaders;
mod playout;
mod position;
mod prescience;
mod rules;
pub(crate) mod smugglers;
