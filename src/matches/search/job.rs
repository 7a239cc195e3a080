//! A search bot's decision, thought off the game's lock: the match hands
//! out a [`SearchJob`] (a copy of the state, the seat, the version and the
//! search's seed), the server runs it on its blocking pool, and the match
//! takes the [`Decision`] back only if the game has not moved meanwhile.
//!
//! The server thinks in slices ([`Think::think_until`]): a search that is
//! not done by its slice's deadline keeps its tree and generator in the
//! job and goes on in a later slice, so one game's long search never holds
//! a bot core for long while other games' bots wait (issue P13).
use std::time::Instant;

use rand::SeedableRng;

use super::{Mcts, mcts::Searched};
use crate::rules::core::{GameRng, Ruleset, Seat};

/// What a search bot is to think about.
#[derive(Debug)]
pub struct SearchJob<R: Ruleset> {
    state: R,
    seat: Seat,
    version: u64,
    search: Mcts,
    rng: GameRng,
    /// The search so far (`None` before its first slice).
    progress: Option<Searched<R>>,
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

/// A search that can be run in slices, whatever its game.
pub trait Think: Send {
    /// Thinks until the decision is made, or until `deadline` has passed
    /// (after at least one iteration): `None` then, and the next call goes
    /// on from there. The decision is the same however it was sliced.
    fn think_until(&mut self, deadline: Option<Instant>) -> Option<Decision>;

    /// The version of the game the search thinks about.
    fn version(&self) -> u64;
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
            rng: GameRng::seed_from_u64(seed),
            progress: None,
        }
    }

    /// Runs the whole search: as long as its iterations take, so never
    /// under a lock or on an async worker.
    pub fn think(mut self) -> Decision {
        loop {
            if let Some(decision) = self.step(None) {
                return decision;
            }
        }
    }

    fn step(&mut self, deadline: Option<Instant>) -> Option<Decision> {
        let searched = match self.progress.take() {
            None => self.search.start(&self.state, self.seat),
            Some(Searched::Paused(progress)) => {
                self.search
                    .resume(*progress, &self.state, self.seat, &mut self.rng, deadline)
            }
            Some(chose @ Searched::Chose(_)) => chose,
        };
        match searched {
            Searched::Chose(pick) => Some(Decision {
                version: self.version,
                seat: self.seat,
                pick,
            }),
            paused @ Searched::Paused(_) => {
                self.progress = Some(paused);
                None
            }
        }
    }
}

impl<R: Ruleset> Think for SearchJob<R> {
    fn think_until(&mut self, deadline: Option<Instant>) -> Option<Decision> {
        loop {
            if let Some(decision) = self.step(deadline) {
                return Some(decision);
            }
            if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
                return None;
            }
        }
    }

    fn version(&self) -> u64 {
        self.version
    }
}
