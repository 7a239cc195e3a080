use super::{MatchError, Stamped};
use crate::rules::core::{Ruleset, Seat};

/// Re-creates past versions of a game from its options, seed and journal.
///
/// Determinism makes this exact: the same inputs give the same states and
/// events, so a watcher that reconnects or falls behind misses nothing.
#[derive(Debug)]
pub struct Replayer<R: Ruleset> {
    options: R::Options,
    seed: u64,
    journal: Vec<(Seat, R::Action)>,
}

impl<R: Ruleset> Replayer<R> {
    /// A replayer for the given history.
    pub fn new(options: R::Options, seed: u64, journal: Vec<(Seat, R::Action)>) -> Self {
        Replayer {
            options,
            seed,
            journal,
        }
    }

    /// Walks every version greater than `after` in order, handing `sink` its
    /// version, its events and the state after it; `sink` returns `false` to
    /// stop early. Nothing is kept, so memory stays flat for long games.
    pub fn updates_after(
        &self,
        after: u64,
        mut sink: impl FnMut(u64, &[Stamped<R::Event>], &R) -> bool,
    ) -> Result<(), MatchError> {
        let mut state = R::setup(&self.options, self.seed)?;
        let mut raw = Vec::new();
        let mut stamped = Vec::new();
        for (index, (seat, action)) in self.journal.iter().enumerate() {
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
