//! A match's built-in bots: their moves in slices (so a long bot streak
//! never holds the game's lock for long), and the search bots' jobs, run
//! off the lock and applied back as decisions.

use super::*;

impl<R: Ruleset> Match<R> {
    /// Lets built-in bots play moves worth at most `budget` rules steps
    /// (a random move is one, a greedy move one per legal action it tries,
    /// [`BotKind::steps`]) while one is to act, and says whether a bot
    /// still has a move to make (`budget` 0 only asks). The moves reach watchers as any other; the server calls this
    /// in slices off its async workers, so a long bot stretch never holds
    /// a call or a worker. The moves do not depend on how they are sliced:
    /// each bot draws from its own generator, so the same seed gives the
    /// same game.
    pub fn play_bots(&mut self, budget: usize) -> bool {
        self.bot_moves(budget, &mut Vec::new());
        let flushed = self.flush();
        self.signal();
        if flushed.is_err() {
            return false;
        }
        self.bot_to_act().is_some()
    }

    /// The bot seat to act, unless bots have played their most moves in a
    /// row.
    pub(super) fn bot_to_act(&self) -> Option<Seat> {
        if self.read_only.is_some() {
            return None;
        }
        let seat = self.state.to_act()?;
        let slot = self.seats.get(seat.index())?;
        (slot.bot.is_some() && self.bot_streak < MAX_BOT_STREAK).then_some(seat)
    }

    /// Plays bot moves worth at most `budget` rules steps (a random move
    /// is one, a greedy move one per legal action it tries, see
    /// [`BotKind::steps`]; the first move always plays), collecting their
    /// events. A slice of greedy moves thus costs what a slice of random
    /// ones does, whoever asked for it.
    pub(super) fn bot_moves(&mut self, budget: usize, out: &mut Vec<Stamped<R::Event>>) {
        let mut spent = 0;
        while spent < budget {
            let Some(seat) = self.bot_to_act() else {
                return;
            };
            let Some((kind, rng)) = self
                .seats
                .get_mut(seat.index())
                .and_then(|slot| slot.bot.as_mut())
            else {
                return;
            };
            if kind.search().is_some() {
                // Thought off the lock: see `search_job`.
                return;
            }
            let mut legal = std::mem::take(&mut self.scratch);
            legal.clear();
            self.state.legal_actions(seat, &mut legal);
            if legal.is_empty() {
                tracing::error!(%seat, "ruleset offered no legal action to the seat to act");
                self.scratch = legal;
                self.bot_streak = MAX_BOT_STREAK;
                return;
            }
            spent += kind.steps(legal.len());
            let pick = kind.choose(&self.state, seat, &legal, rng);
            let action = legal.swap_remove(pick);
            self.scratch = legal;
            if let Err(error) = self.guarded_step(seat, action, out) {
                tracing::error!(%seat, %error, "ruleset refused its own legal action");
                self.bot_streak = MAX_BOT_STREAK;
                return;
            }
            self.bot_streak += 1;
            if self.bot_streak == MAX_BOT_STREAK {
                tracing::error!("bots played {MAX_BOT_STREAK} moves in a row; pausing them");
            }
        }
    }

    /// The search a search bot to act is to run, on a copy of the state,
    /// off the game's lock (the server's blocking pool); `None` when no
    /// search bot is to act. Taking a job changes nothing: the bot's
    /// generator moves on only when [`Match::apply_decision`] takes the
    /// decision.
    pub fn search_job(&self) -> Option<SearchJob<R>> {
        let seat = self.bot_to_act()?;
        let (kind, rng) = self.seats.get(seat.index())?.bot.as_ref()?;
        let search = kind.search()?;
        let seed = rng.clone().next_u64();
        Some(SearchJob::new(
            self.state.clone(),
            seat,
            self.version(),
            search,
            seed,
        ))
    }

    /// Plays a search bot's decision if the game is still at the version
    /// it thought about (else drops it: a new job will be handed out), then
    /// lets the bots that do not search play at most [`BOT_SLICE`] moves.
    /// Says, as [`Match::play_bots`] does, whether a bot still has a move
    /// to make.
    pub fn apply_decision(&mut self, decision: Decision) -> bool {
        if decision.version == self.version() && self.bot_to_act() == Some(decision.seat) {
            self.play_decision(decision);
        }
        self.play_bots(BOT_SLICE)
    }

    pub(super) fn play_decision(&mut self, decision: Decision) {
        let seat = decision.seat;
        let legal = self.legal_actions(seat);
        let Some(action) = decision.pick.and_then(|pick| legal.get(pick)).cloned() else {
            tracing::error!(%seat, "a search found no legal action for the seat to act");
            self.bot_streak = MAX_BOT_STREAK;
            return;
        };
        if let Some((_, rng)) = self
            .seats
            .get_mut(seat.index())
            .and_then(|slot| slot.bot.as_mut())
        {
            // The draw the job's seed was.
            rng.next_u64();
        }
        if let Err(error) = self.guarded_step(seat, action, &mut Vec::new()) {
            tracing::error!(%seat, %error, "ruleset refused its own legal action");
            self.bot_streak = MAX_BOT_STREAK;
            return;
        }
        self.bot_streak += 1;
    }

    /// Plays every bot move, search bots thinking right here, until a
    /// person is to act or the game ends: for benches and tests, never for
    /// the server (which thinks off the lock, see [`Match::search_job`]).
    pub fn play_bots_inline(&mut self) {
        loop {
            match self.search_job() {
                Some(job) => {
                    if !self.apply_decision(job.think()) {
                        return;
                    }
                }
                None => {
                    if !self.play_bots(usize::MAX) {
                        return;
                    }
                }
            }
        }
    }
}
