//! Dune: Imperium's rules tests, one test target grouped by concept: the
//! rules of a turn and a round (`rules`, a file per concept: the Agent
//! turn, the Reveal turn, the round, Combat, Intrigue, the board, options,
//! hidden information, every space and card), the bespoke cards and leaders
//! (`cards`), one test per checklist rule not tested elsewhere
//! (`checklist`), the House Hagal and solo rivals (`hagal`), seeded random
//! games to the end (`playout`) and arbitrary actions thrown at them
//! (`fuzz`). `common` holds the helpers they share.
mod cards;
mod checklist;
mod common;
mod fuzz;
mod hagal;
mod playout;
mod rules;
