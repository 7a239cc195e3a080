//! What watchers and replays read from a match: the live updates, and any
//! earlier version rebuilt from the nearest snapshot.

use super::*;

impl<R: Ruleset> Match<R> {
    /// The state as it was at `version` (0 is the setup, the current version
    /// the present), rebuilt from the nearest snapshot at or before it in
    /// fewer than [`SNAPSHOT_EVERY`] rules steps. A version beyond the
    /// current one is [`MatchError::InvalidArgument`].
    pub fn state_at(&self, version: u64) -> Result<R, MatchError> {
        crate::matches::replay::state_at(
            &self.options,
            self.seed,
            &self.journal,
            &self.snapshots,
            version,
        )
    }

    /// Live updates from now on. The version returned is the last one the
    /// receiver will *not* see; everything after it arrives in order unless
    /// the receiver lags, in which case [`Match::replayer`] fills the gap.
    pub fn subscribe(&mut self) -> (u64, broadcast::Receiver<Arc<Update<R>>>) {
        let version = self.version();
        let updates = self
            .updates
            .get_or_insert_with(|| broadcast::channel(UPDATE_BUFFER).0);
        (version, updates.subscribe())
    }

    /// The update of the current version as watchers received it, while
    /// anyone watches: its renderings are shared with them.
    pub fn last_update(&self) -> Option<&Arc<Update<R>>> {
        self.last_update
            .as_ref()
            .filter(|update| update.version == self.version())
    }

    /// A self-contained copy of what is needed to re-create every past
    /// version, for catching a watcher up outside the game's lock.
    pub fn replayer(&self) -> crate::matches::Replayer<R> {
        crate::matches::Replayer::with_snapshots(
            self.options.clone(),
            self.seed,
            self.journal.share(),
            self.snapshots.clone(),
        )
    }

    /// A cursor that re-creates the versions after `after` one at a time,
    /// outside the game's lock, for catching a watcher up at its own pace.
    /// It starts from the nearest snapshot at or before `after`, so its
    /// first update costs fewer than [`SNAPSHOT_EVERY`] rules steps.
    pub fn cursor(&self, after: u64) -> crate::matches::ReplayCursor<R> {
        let index = (after / SNAPSHOT_EVERY).min(self.snapshots.len() as u64);
        let start = index.checked_sub(1).map(|i| {
            (
                index * SNAPSHOT_EVERY,
                Arc::clone(&self.snapshots[i as usize]),
            )
        });
        crate::matches::ReplayCursor::new(
            self.options.clone(),
            self.seed,
            self.journal.share(),
            after,
        )
        .starting_at(start)
    }
}
