//! Built-in bots play off the async workers: once a `CreateGame` or an
//! `ApplyAction` has played its first [`BOT_SLICE`] bot moves inline and
//! bots still have moves to make, a task plays on in slices of
//! [`BOT_SLICE`] moves on the blocking pool, releasing the game's lock
//! between slices so that views, streams and listings see the game move.
//! A semaphore lets at most one slice per core but one run at once, so bots
//! never take every core from the calls of people.
//!
//! Search bots ("mcts") never think under the game's lock nor on an async
//! worker, and never inside a `CreateGame` or an `ApplyAction`: a slice
//! whose bot to act searches takes the search job (a copy of the state)
//! under the lock, thinks without it, and plays the decision under the lock
//! again only if the game has not moved meanwhile. Views, streams and
//! listings are served while it thinks.
//!
//! `Simulate` calls run on the blocking pool too ([`BotPool::simulate`]),
//! under a semaphore of their own with as many permits: a remote bot's
//! simulations never wait behind the server's own searches (which may
//! think for seconds), and neither kind takes every core from people's
//! calls.
use std::sync::Arc;

use tokio::sync::Semaphore;
use tonic::Status;

use super::game_service::GameEntry;
use crate::matches::BOT_SLICE;

/// Shared by every game of a server: how many bot slices may run at once.
#[derive(Clone, Debug)]
pub struct BotPool {
    slices: Arc<Semaphore>,
    simulations: Arc<Semaphore>,
}

impl Default for BotPool {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let permits = cores.saturating_sub(1).max(1);
        BotPool {
            slices: Arc::new(Semaphore::new(permits)),
            simulations: Arc::new(Semaphore::new(permits)),
        }
    }
}

impl BotPool {
    /// Plays the game's bots to the end of their stretch in the background.
    /// The moves are the ones a single call would have played (each bot
    /// has its own generator), so slicing never changes a game.
    pub fn play_on(&self, entry: &GameEntry) {
        let entry = entry.clone();
        let slices = self.slices.clone();
        tokio::spawn(async move {
            loop {
                let Ok(permit) = slices.clone().acquire_owned().await else {
                    return;
                };
                let game = entry.clone();
                let slice = tokio::task::spawn_blocking(move || {
                    // The guard of this statement is dropped at its end:
                    // the search below runs without the lock.
                    let job = game.lock().search_job();
                    let more = match job {
                        Some(think) => {
                            let decision = think();
                            game.lock().apply_decision(decision)
                        }
                        None => game.lock().play_bots(BOT_SLICE),
                    };
                    drop(permit);
                    more
                });
                match slice.await {
                    Ok(true) => tokio::task::yield_now().await,
                    Ok(false) => return,
                    Err(error) => {
                        // The game is unchanged: a search plays on a copy.
                        tracing::error!(%error, "a bot slice failed; the game's bots stop");
                        return;
                    }
                }
            }
        });
    }

    /// Runs a `Simulate` call's `work` on the blocking pool once its
    /// semaphore lets it: never on an async worker, and never more at once
    /// than one per core but one.
    pub async fn simulate<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Status> {
        let permit = self
            .simulations
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| Status::unavailable("the server is shutting down"))?;
        tokio::task::spawn_blocking(move || {
            let done = work();
            drop(permit);
            done
        })
        .await
        .map_err(|error| Status::internal(format!("the work failed: {error}")))
    }
}
