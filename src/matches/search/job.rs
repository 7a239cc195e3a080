//! A search bot's decision, thought off the game's lock: the match hands
//! out a [`SearchJob`] (a copy of the state, the seat, the version and the
//! search's seed), the server runs it on its blocking pool, and the match
//! takes the [`Decision`] back only if the game has not moved meanwhile.
use rand::SeedableRng;

use super::Mcts;
use crate::rules::core::{GameRng, Ruleset, Seat};

/// What a search bot is to think about.
#[derive(Debug)]
pub struct SearchJob<R: Ruleset> {
    state: R,
    seat: Seat,
    version: u64,
    search: Mcts,
    seed: u64,
}

/// A search bot's choice for one version of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The version the search looked at: the choice is dropped if the game
    /// is elsewhere by the time it comes back.
    pub version: u64,
    /// The seat that thought.
    pub seat: Seat,
    /// The index of the chosen action among the seat's legal actions at
    /// that version; `None` when it had none.
    pub pick: Option<usize>,
}

impl<R: Ruleset> SearchJob<R> {
    /// A search for `seat` on a copy of the state at `version`, drawing
    /// from a generator seeded with `seed` (one draw of the bot's own
    /// generator, so the same game gives the same choices).
    pub fn new(state: R, seat: Seat, version: u64, search: Mcts, seed: u64) -> Self {
        SearchJob {
            state,
            seat,
            version,
            search,
            seed,
        }
    }

    /// Runs the search: as long as its iterations take, so never under a
    /// lock or on an async worker.
    pub fn think(self) -> Decision {
        let mut rng = GameRng::seed_from_u64(self.seed);
        Decision {
            version: self.version,
            seat: self.seat,
            pick: self.search.decide(&self.state, self.seat, &mut rng),
        }
    }
}
