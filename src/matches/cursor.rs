use super::{History, MatchError, Stamped};
use crate::rules::core::{Ruleset, Seat};

/// What one [`ReplayCursor::step`] produced.
#[derive(Debug)]
pub enum Replayed<'a, R: Ruleset> {
    /// The next version wanted, its events and the state after it.
    Update(u64, &'a [Stamped<R::Event>], &'a R),
    /// The step budget ran out before the next wanted version: call again.
    Pending,
    /// Every version of the journal has been handed out.
    Done,
}

/// Re-creates the versions of a game after a given one, one at a time and
/// only when asked, so that a watcher's catch-up costs a bounded amount of
/// work per step and nothing while the watcher does not read.
///
/// Determinism makes this exact: the same options, seed and journal give the
/// same states and events.
#[derive(Debug)]
pub struct ReplayCursor<R: Ruleset> {
    options: R::Options,
    seed: u64,
    journal: History<(Seat, R::Action)>,
    after: u64,
    /// A snapshot to start from instead of the setup: its version and state.
    start: Option<(u64, std::sync::Arc<R>)>,
    state: Option<R>,
    next: usize,
    raw: Vec<R::Event>,
    stamped: Vec<Stamped<R::Event>>,
}

impl<R: Ruleset> ReplayCursor<R> {
    /// A cursor over every version of `journal` greater than `after`.
    pub fn new(
        options: R::Options,
        seed: u64,
        journal: History<(Seat, R::Action)>,
        after: u64,
    ) -> Self {
        ReplayCursor {
            options,
            seed,
            journal,
            after,
            start: None,
            state: None,
            next: 0,
            raw: Vec::new(),
            stamped: Vec::new(),
        }
    }

    /// The same cursor starting from `start` (a snapshot: the state at that
    /// version) instead of the setup; the snapshot must be at or before
    /// `after` and belong to the same journal.
    pub fn starting_at(mut self, start: Option<(u64, std::sync::Arc<R>)>) -> Self {
        self.start = start;
        self
    }

    /// Applies journal entries until the next version after `after`, at most
    /// `budget` of them (at least one), and hands that version out.
    pub fn step(&mut self, budget: usize) -> Result<Replayed<'_, R>, MatchError> {
        if self.state.is_none() {
            self.state = Some(match self.start.take() {
                Some((version, snapshot)) => {
                    self.next = version as usize;
                    R::clone(&snapshot)
                }
                None => R::setup(&self.options, self.seed)?,
            });
        }
        let Some(state) = self.state.as_mut() else {
            return Ok(Replayed::Done);
        };
        for _ in 0..budget.max(1) {
            let Some((seat, action)) = self.journal.get(self.next) else {
                return Ok(Replayed::Done);
            };
            self.next += 1;
            let version = self.next as u64;
            self.raw.clear();
            state.apply(*seat, action, &mut self.raw)?;
            if version > self.after {
                self.stamped.clear();
                self.stamped.extend(self.raw.drain(..).map(|event| Stamped {
                    version,
                    actor: *seat,
                    event,
                }));
                return Ok(Replayed::Update(version, &self.stamped, state));
            }
        }
        Ok(Replayed::Pending)
    }
}
