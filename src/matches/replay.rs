use std::sync::Arc;

use super::{History, MatchError, Stamped, game::SNAPSHOT_EVERY};
use crate::rules::core::{Ruleset, Seat};

/// Re-creates past versions of a game from its options, seed and journal.
///
/// Determinism makes this exact: the same inputs give the same states and
/// events, so a watcher that reconnects or falls behind misses nothing.
/// With the match's snapshots (one every [`SNAPSHOT_EVERY`] versions) it
/// starts from the nearest one instead of the setup.
#[derive(Debug)]
pub struct Replayer<R: Ruleset> {
    options: R::Options,
    seed: u64,
    journal: History<(Seat, R::Action)>,
    /// The state at versions `SNAPSHOT_EVERY`, `2 * SNAPSHOT_EVERY`, ...
    snapshots: Vec<Arc<R>>,
}

impl<R: Ruleset> Replayer<R> {
    /// A replayer for the given history, replaying from the setup.
    pub fn new(options: R::Options, seed: u64, journal: History<(Seat, R::Action)>) -> Self {
        Self::with_snapshots(options, seed, journal, Vec::new())
    }

    /// A replayer for the given history with the state at every multiple
    /// of [`SNAPSHOT_EVERY`] versions (the `i`-th is the state at version
    /// `(i + 1) * SNAPSHOT_EVERY`).
    pub fn with_snapshots(
        options: R::Options,
        seed: u64,
        journal: History<(Seat, R::Action)>,
        snapshots: Vec<Arc<R>>,
    ) -> Self {
        Replayer {
            options,
            seed,
            journal,
            snapshots,
        }
    }

    /// How many rules steps rebuilding `version` takes: fewer than
    /// [`SNAPSHOT_EVERY`] when the snapshots are complete.
    pub fn steps_to(&self, version: u64) -> u64 {
        let index = (version / SNAPSHOT_EVERY).min(self.snapshots.len() as u64);
        version - index * SNAPSHOT_EVERY
    }

    /// The state at `version`, from the nearest snapshot.
    pub fn state_at(&self, version: u64) -> Result<R, MatchError> {
        state_at(
            &self.options,
            self.seed,
            &self.journal,
            &self.snapshots,
            version,
        )
    }

    /// Walks every version greater than `after` in order, handing `sink` its
    /// version, its events and the state after it; `sink` returns `false` to
    /// stop early. Nothing is kept, so memory stays flat for long games.
    pub fn updates_after(
        &self,
        after: u64,
        mut sink: impl FnMut(u64, &[Stamped<R::Event>], &R) -> bool,
    ) -> Result<(), MatchError> {
        let (from, mut state) = start_for(
            &self.options,
            self.seed,
            &self.snapshots,
            after.min(self.journal.len() as u64),
        )?;
        let mut raw = Vec::new();
        let mut stamped = Vec::new();
        for (index, (seat, action)) in (from as usize..).zip(self.journal.iter_from(from as usize))
        {
            let version = index as u64 + 1;
            raw.clear();
            state.apply(*seat, action, &mut raw)?;
            if version > after {
                stamped.clear();
                stamped.extend(raw.drain(..).map(|event| Stamped {
                    version,
                    actor: *seat,
                    event,
                }));
                if !sink(version, &stamped, &state) {
                    break;
                }
            }
        }
        Ok(())
    }
}

/// The latest snapshot at or before `version`: its version and state (the
/// setup when there is none).
fn start_for<R: Ruleset>(
    options: &R::Options,
    seed: u64,
    snapshots: &[Arc<R>],
    version: u64,
) -> Result<(u64, R), MatchError> {
    let index = (version / SNAPSHOT_EVERY).min(snapshots.len() as u64);
    match index.checked_sub(1) {
        Some(at) => Ok((index * SNAPSHOT_EVERY, R::clone(&snapshots[at as usize]))),
        None => Ok((0, R::setup(options, seed)?)),
    }
}

/// The state at `version` of the game with this history, rebuilt from the
/// nearest snapshot (the `i`-th snapshot is the state at version
/// `(i + 1) * SNAPSHOT_EVERY`) in fewer than [`SNAPSHOT_EVERY`] rules steps.
/// A version beyond the journal is [`MatchError::InvalidArgument`].
pub(super) fn state_at<R: Ruleset>(
    options: &R::Options,
    seed: u64,
    journal: &History<(Seat, R::Action)>,
    snapshots: &[Arc<R>],
    version: u64,
) -> Result<R, MatchError> {
    let last = journal.len() as u64;
    if version > last {
        return Err(MatchError::InvalidArgument(format!(
            "version {version} is beyond the game's current version {last}"
        )));
    }
    let (from, mut state) = start_for(options, seed, snapshots, version)?;
    let mut raw = Vec::new();
    for (seat, action) in journal
        .iter_from(from as usize)
        .take((version - from) as usize)
    {
        raw.clear();
        state.apply(*seat, action, &mut raw)?;
    }
    Ok(state)
}
