//! Built-in bots play off the async workers: once a `CreateGame` or an
//! `ApplyAction` has played its first [`BOT_SLICE`] bot moves inline and
//! bots still have moves to make, a task plays on in slices of
//! [`BOT_SLICE`] moves on the blocking pool, releasing the game's lock
//! between slices so that views, streams and listings see the game move.
//! A semaphore lets at most one slice per core but one run at once, so bots
//! never take every core from the calls of people.
use std::sync::Arc;

use tokio::sync::Semaphore;

use super::game_service::GameEntry;
use crate::matches::BOT_SLICE;

/// Shared by every game of a server: how many bot slices may run at once.
#[derive(Clone, Debug)]
pub struct BotPool {
    slices: Arc<Semaphore>,
}

impl Default for BotPool {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        BotPool {
            slices: Arc::new(Semaphore::new(cores.saturating_sub(1).max(1))),
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
                    let more = game.lock().play_bots(BOT_SLICE);
                    drop(permit);
                    more
                });
                match slice.await {
                    Ok(true) => tokio::task::yield_now().await,
                    // Done, or the slice failed (logged by the match).
                    Ok(false) | Err(_) => return,
                }
            }
        });
    }
}
