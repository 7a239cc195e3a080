//! A match's journal: actions kept in batches through the sink, taken back
//! when the journal cannot keep them, the read-only state of a game another
//! server took, and the rebuild from the journal after a rules failure.

use super::*;

impl<R: Ruleset> Match<R> {
    /// Plays a kept history onto a freshly set-up match; the first problem
    /// found, as a sentence.
    pub(super) fn replay_history(&mut self, history: KeptHistory<R::Action>) -> Option<String> {
        let replayed = history.actions.len() as u64;
        self.stand_ins = history.stand_ins;
        // Only the versions replayed (a refused action stops the replay;
        // `roll_back` trims again below).
        self.stand_ins.retain(|(at, _)| *at <= replayed);
        self.notes = Notes::from_kept(history.notes);
        self.notes.truncate_after(replayed);
        let mut hashes = history.hashes.into_iter().peekable();
        let mut problem = None;
        let mut legal = Vec::new();
        for (index, (seat, action)) in history.actions.into_iter().enumerate() {
            let version = index as u64 + 1;
            if version > self.given
                && let Some((kind, rng)) = self
                    .seats
                    .get_mut(seat.index())
                    .and_then(|slot| slot.bot.as_mut())
            {
                if kind.search().is_some() {
                    // A search's move is not searched again (a restart
                    // would take as long as the game's thinking): only
                    // its generator moves on, as the search's seed drew
                    // from it, so later moves are the ones it would make.
                    rng.next_u64();
                    // The rules still check the move below.
                } else {
                    legal.clear();
                    self.state.legal_actions(seat, &mut legal);
                    let chosen =
                        (!legal.is_empty()).then(|| kind.choose(&self.state, seat, &legal, rng));
                    if problem.is_none() && chosen.and_then(|pick| legal.get(pick)) != Some(&action)
                    {
                        problem = Some(format!(
                            "the built-in bot's move at version {version} is not the one the journal kept"
                        ));
                    }
                }
            }
            if let Err(error) = self.step(seat, action, &mut Vec::new()) {
                return Some(problem.unwrap_or_else(|| {
                    format!(
                        "the journal's action at version {version} is refused by the rules now ({error}); \
                         the game stops at version {}",
                        version - 1
                    )
                }));
            }
            while let Some(&(at, hash)) = hashes.peek() {
                if at > version {
                    break;
                }
                hashes.next();
                if at == version && problem.is_none() && state_hash(&self.state) != hash {
                    problem = Some(format!(
                        "the state at version {version} differs from the one the journal kept \
                         (its hash does not match)"
                    ));
                }
            }
        }
        problem
    }

    /// Hands every later action to `sink` before anyone sees it; the
    /// caller has had versions up to now kept already (with the game's
    /// creation).
    pub fn attach_journal(&mut self, sink: Arc<dyn JournalSink<R>>) {
        self.kept = self.version();
        self.hashes.clear();
        self.hashing = true;
        self.sink = Some(sink);
    }

    /// Makes the game read-only: every later action is refused with
    /// `reason`, and its bots stop.
    pub fn set_read_only(&mut self, reason: String) {
        self.read_only = Some(reason);
    }

    /// Why the game may only be read, if it may.
    pub fn read_only(&self) -> Option<&str> {
        self.read_only.as_deref()
    }

    /// How many first actions were given (from a replay) rather than
    /// played in this game.
    pub fn given(&self) -> u64 {
        self.given
    }

    /// The state hashes of the versions played before
    /// [`Match::attach_journal`] (for the creation record); computed only
    /// when the match was created to be journaled.
    pub fn unkept_hashes(&self) -> &[(u64, u64)] {
        &self.hashes
    }

    /// Has the sink keep every unkept action, then shows them (sends the
    /// held watcher updates). If the sink fails, the game goes back to the
    /// last kept version as if the unkept actions had never been played,
    /// bots pause until a person moves, and the error says so.
    pub(super) fn flush(&mut self) -> Result<(), MatchError> {
        let Some(sink) = self.sink.clone() else {
            return Ok(());
        };
        let version = self.version();
        if version == self.kept {
            return Ok(());
        }
        let actions: Vec<_> = self
            .journal
            .iter_from(self.kept as usize)
            .cloned()
            .collect();
        let clock = self
            .clock
            .as_ref()
            .map(|clock| clock.kept(Instant::now(), unix_ms()));
        let first_version = self.kept + 1;
        let unkept_stand_ins = self
            .stand_ins
            .partition_point(|(at, _)| *at < first_version);
        let batch = Batch {
            first_version,
            actions: &actions,
            stand_ins: &self.stand_ins[unkept_stand_ins..],
            notes: self.notes.from_version(first_version),
            hashes: &self.hashes,
            finished: self.state.to_act().is_none(),
            clock,
        };
        match sink.append(batch) {
            Ok(()) => {
                self.kept = version;
                self.hashes.clear();
                let held = std::mem::take(&mut self.held);
                if let Some(updates) = &self.updates {
                    for update in held {
                        // No receiver left is harmless.
                        let _ = updates.send(update);
                    }
                }
                Ok(())
            }
            Err(Unkept::Failed(error)) => {
                let kept = self.kept;
                tracing::error!(%error, kept, version, "the journal failed; taking the unkept actions back");
                self.roll_back(kept);
                Err(MatchError::Internal(format!(
                    "the action could not be saved ({error}); the game is unchanged at version {kept}"
                )))
            }
            Err(Unkept::Moved(reason)) => {
                // Another server holds the game now: nothing here may
                // change it again, nor show what was not kept.
                let kept = self.kept;
                tracing::info!(
                    kept,
                    version,
                    "the game moved to another server of the fleet"
                );
                self.roll_back(kept);
                self.mark_moved(reason.clone());
                Err(MatchError::Unavailable(reason))
            }
        }
    }

    /// Goes back to `version` as if nothing after it had been played.
    pub(super) fn roll_back(&mut self, version: u64) {
        let journal: Vec<_> = self
            .journal
            .iter()
            .take(version as usize)
            .cloned()
            .collect();
        self.journal = History::default();
        self.held.clear();
        self.last_update = None;
        self.hashes.clear();
        self.snapshots.clear();
        self.bot_streak = MAX_BOT_STREAK;
        match R::setup(&self.options, self.seed) {
            Ok(state) => self.state = state,
            Err(_) => return,
        }
        for (index, slot) in self.seats.iter_mut().enumerate() {
            if let Some((_, rng)) = &mut slot.bot {
                *rng = RngStream::Bot(index as u8).rng(self.seed);
            }
        }
        // Replayed versions were shown before: no watcher hears them again;
        // the clock does not count them as decisions.
        let sink = self.sink.take();
        let updates = self.updates.take();
        let clock = self.clock.take();
        let mut stand_ins = std::mem::take(&mut self.stand_ins);
        stand_ins.retain(|(at, _)| *at <= version);
        let mut notes = std::mem::take(&mut self.notes);
        notes.truncate_after(version);
        let problem = self.replay_history(KeptHistory {
            actions: journal,
            hashes: Vec::new(),
            given: self.given,
            stand_ins,
            notes: notes.all().to_vec(),
        });
        if let Some(problem) = problem {
            self.read_only = Some(problem);
        }
        self.updates = updates;
        self.last_update = None;
        self.sink = sink;
        self.clock = clock;
        self.tick(Instant::now());
        self.hashes.clear();
        self.kept = self.version();
    }

    /// Another server of the fleet took the game (why, a sentence): every
    /// change is refused from now on with `Unavailable`, and its bots and
    /// clock task stop here.
    pub fn mark_moved(&mut self, reason: String) {
        self.read_only = Some(reason.clone());
        self.moved = Some(reason);
        self.signal();
    }

    /// Refuses any change to a read-only game.
    pub(super) fn writable(&self) -> Result<(), MatchError> {
        if let Some(reason) = &self.moved {
            return Err(MatchError::Unavailable(reason.clone()));
        }
        match &self.read_only {
            Some(reason) => Err(MatchError::FailedPrecondition(format!(
                "this game is read-only since the server restarted: {reason}; \
                 its views and replay can still be read"
            ))),
            None => Ok(()),
        }
    }

    /// Re-creates the state from the nearest snapshot and the journal.
    pub(super) fn rebuild(&mut self) -> Result<(), MatchError> {
        self.state = self.state_at(self.version())?;
        Ok(())
    }
}
