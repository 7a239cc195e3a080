//! Retention: a finished game stays readable (views, replay) for the
//! configured time after it ends, then the server drops it from memory and
//! the store deletes it, so the store holds the running games and the
//! recently finished ones, no more. Its size is reported in the log at
//! start and after every sweep that deletes something (and every hour).
use std::time::Duration;

use super::{Store, unix_now};

/// Deletes from the store every game that finished more than `keep_for`
/// ago and returns their ids (for the server to drop them from memory).
pub fn sweep(store: &Store, keep_for: Duration) -> Result<Vec<String>, String> {
    let before = unix_now().saturating_sub(keep_for.as_secs());
    store.sweep_finished(before)
}

/// Logs the store's size and what it holds.
pub fn report(store: &Store, live_games: usize) {
    tracing::info!(
        store = %store.describe(),
        bytes = store.size_bytes(),
        live_games,
        "journal store size"
    );
}
