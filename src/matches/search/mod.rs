//! Search bots: a determinized Monte Carlo tree search over any
//! [`crate::rules::core::Ruleset`], the greedy one-ply bot it is measured
//! against, and the random playouts it (and `Simulate`) plays on. Nothing here knows a game: the search sees the
//! rules only through the trait, and hidden information only through
//! [`crate::rules::core::Ruleset::determinize`].
mod greedy;
mod job;
mod mcts;
mod playout;
mod score;

pub use greedy::greedy_pick;
pub use job::{Decision, SearchJob, Think};
pub use mcts::{
    DEFAULT_ITERATIONS, MAX_ITERATIONS, MAX_NODES, Mcts, PLAYOUT_DEPTH, Progress, Searched,
};
pub use playout::{Scratch, random_playout};
pub use score::rank_rewards;
