//! Dune: Imperium's rules tests, one test target grouped by concept: the
//! rules of a turn and a round (`rules`, a file per concept: the Agent
//! turn, the Reveal turn, the round, Combat, Intrigue, the board, options,
//! hidden information, every space and card), the bespoke cards and leaders
//! (`cards`), one test per checklist rule not tested elsewhere
//! (`checklist`), the House Hagal and solo rivals (`hagal`), seeded random
//! games to the end (`playout`) and arbitrary actions thrown at them
//! (`fuzz`), a position as plain data and the checks it must pass to
//! become a game (`position`), and the competition rules of docs/rules/competition.md
//! (`competition`: resigning, the standing, the round limit, default
//! actions, the forward model's sample). `common` holds the helpers they
//! share.
mod cards;
mod checklist;
mod common;
mod competition;
mod fuzz;
mod hagal;
mod playout;
mod position;
mod rules;
