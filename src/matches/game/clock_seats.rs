//! A match's clock and its remote seats (MC-CLOCK, MC-BOT): the time each
//! seat has left, what the game waits on for the server's per-game task,
//! a remote bot's answer, and the stand-in move the server plays for a seat
//! that ran out of time or answered wrong.

use super::*;

impl<R: Ruleset> Match<R> {
    /// Gives the game time controls (MC-CLOCK-01..04) from now on: every
    /// seat not played by a built-in bot is clocked with a full bank, and
    /// the seat to act starts its decision now. A restored game then takes
    /// up its journaled banks ([`Match::resume_clock`]).
    pub fn set_clock(&mut self, options: ClockOptions) {
        let clocked: Vec<bool> = self.seats.iter().map(|slot| slot.bot.is_none()).collect();
        self.clock = Some(Clock::new(options, &clocked));
        self.tick(Instant::now());
        self.signal();
    }

    /// Takes up the clocks a journal kept (after [`Match::set_clock`] of a
    /// restored game): the same banks, and the decision that ran still
    /// running from when it began (MC-CLOCK-02).
    pub fn resume_clock(&mut self, kept: &KeptClock) {
        let (version, to_act) = (self.journal.len() as u64, self.state.to_act());
        if let Some(clock) = &mut self.clock {
            clock.resume(kept, version, to_act, Instant::now(), unix_ms());
        }
        self.signal();
    }

    /// What the journal keeps of the clocks now (see [`Clock::kept`]).
    pub fn kept_clock(&self) -> Option<KeptClock> {
        self.clock
            .as_ref()
            .map(|clock| clock.kept(Instant::now(), unix_ms()))
    }

    /// The game's clocks, if it has time controls.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// Every clocked seat's clock at `now` (empty without a clock).
    pub fn clocks(&self, now: Instant) -> Vec<SeatTime> {
        self.clock
            .as_ref()
            .map(|clock| clock.seats(now))
            .unwrap_or_default()
    }

    /// Has a remote bot at `endpoint` play `seat` (MC-BOT-01): the seat's
    /// own token stops working (nobody but the bot acts for it) and a new
    /// read-only token is issued for the bot (MC-BOT-03), returned once.
    pub fn make_remote(&mut self, seat: Seat, endpoint: &str) -> Result<String, MatchError> {
        let slot = self
            .seats
            .get_mut(seat.index())
            .ok_or_else(|| MatchError::InvalidArgument(format!("no seat {seat}")))?;
        let token = SeatToken::generate();
        slot.bot = None;
        slot.token = None;
        slot.remote = Some(endpoint.into());
        slot.observer = Some(token.hash);
        self.signal();
        Ok(token.secret)
    }

    /// The clock follows a change of the game at `now` (MC-CLOCK-02).
    pub(super) fn tick(&mut self, now: Instant) {
        if let Some(clock) = &mut self.clock {
            clock.advance(self.journal.len() as u64, self.state.to_act(), now);
        }
    }

    /// What the game waits on now, for the server's task.
    pub(super) fn turn(&self) -> Turn {
        let to_act = self.state.to_act();
        Turn {
            version: self.version(),
            to_act,
            // The seat's time (MC-CLOCK-04) or the game's (MC-CLOCK-06),
            // whichever runs out first.
            deadline: self.clock.as_ref().and_then(|clock| {
                let seat = clock.deadline().map(|(_, _, deadline)| deadline);
                match (seat, clock.game_deadline()) {
                    (Some(seat), Some(game)) => Some(seat.min(game)),
                    (seat, game) => seat.or(game),
                }
            }),
            remote: to_act
                .and_then(|seat| self.seats.get(seat.index()))
                .is_some_and(|slot| slot.remote.is_some()),
            over: to_act.is_none() || self.read_only.is_some(),
        }
    }

    /// Tells the server's task what the game waits on, if it changed.
    pub(super) fn signal(&mut self) {
        let turn = self.turn();
        if let Some(turns) = &self.turns {
            turns.send_if_modified(|old| {
                let changed = *old != turn;
                *old = turn;
                changed
            });
        }
    }

    /// What the game waits on, followed: `None` for a game that needs no
    /// task (no clock, no remote seat). The sender lives in the match, so
    /// the receiver hears the game dropped.
    pub fn turns(&mut self) -> Option<watch::Receiver<Turn>> {
        let driven = self.clock.is_some() || self.seats.iter().any(|slot| slot.remote.is_some());
        if !driven {
            return None;
        }
        let turn = self.turn();
        Some(
            self.turns
                .get_or_insert_with(|| watch::channel(turn).0)
                .subscribe(),
        )
    }

    /// The time `seat` has left for its running decision at `now`.
    pub fn time_left(&self, seat: Seat, now: Instant) -> Option<std::time::Duration> {
        self.clock.as_ref()?.time_left(seat, now)
    }

    /// Plays for the seat whose time ran out at `now` (MC-CLOCK-04), if
    /// the game is still at `version`; `Ok(None)` when there is nothing to
    /// do (it moved, or time has not run out).
    pub fn expire(
        &mut self,
        version: u64,
        now: Instant,
    ) -> Result<Option<Applied<R::Event>>, MatchError> {
        let verdict = self.clock.as_ref().and_then(|clock| clock.verdict(now));
        if let Some(verdict) = verdict.filter(|_| self.state.to_act().is_some()) {
            return self.adjudicate(verdict).map(Some);
        }
        let expired = self.clock.as_ref().and_then(|clock| clock.expired(now));
        match expired {
            Some((seat, at)) if at == version && self.version() == version => {
                self.stand_in(seat, StandIn::ClockExpired).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// Plays a remote bot's answer for `seat` at `version` (MC-BOT-02): the
    /// action if the rules accept it, else (no answer, an illegal one) what
    /// the clock options say for an expiry, or a forfeit without a clock,
    /// kept with why (MC-STANDIN-01). `Ok(None)` when the game is no longer
    /// waiting on that decision.
    pub fn answer(
        &mut self,
        seat: Seat,
        version: u64,
        answer: Result<R::Action, StandIn>,
        note: Option<Box<str>>,
    ) -> Result<Option<Applied<R::Event>>, MatchError> {
        let waiting = self.version() == version
            && self.state.to_act() == Some(seat)
            && self.read_only.is_none()
            && self
                .seats
                .get(seat.index())
                .is_some_and(|slot| slot.remote.is_some());
        if !waiting {
            return Ok(None);
        }
        let why = match answer {
            // A bot does not forfeit by answering: only its failures do.
            Ok(action) if Self::is_forfeit(&action) => StandIn::BotIllegalAction {
                rule: "MC-BOT-02".to_owned(),
            },
            Ok(action) => {
                let mut events = Vec::new();
                match self.guarded_step(seat, action, &mut events) {
                    Ok(()) => {
                        self.keep_note(note);
                        return self.after_move(events).map(Some);
                    }
                    // The refusal's rule ID, never its words (they may
                    // echo the bot's input).
                    Err(MatchError::Rule(RuleError::Illegal { rule, .. })) => {
                        StandIn::BotIllegalAction {
                            rule: rule.to_owned(),
                        }
                    }
                    Err(MatchError::Rule(RuleError::Malformed(_))) => StandIn::BotMalformedAnswer,
                    Err(_) => StandIn::BotIllegalAction {
                        rule: String::new(),
                    },
                }
            }
            Err(why) => why,
        };
        self.stand_in(seat, why).map(Some)
    }

    /// Ends a game that reached its time limit (MC-CLOCK-06) as `verdict`
    /// says (MC-CLOCK-07): the seat furthest beyond its share of the time
    /// loses on time, or with none the standing decides. Journaled as a
    /// resignation the server plays, kept with why (MC-STANDIN-01), so a
    /// replay ends the same way without reading a clock.
    pub(super) fn adjudicate(&mut self, verdict: Verdict) -> Result<Applied<R::Event>, MatchError> {
        self.writable()?;
        let Some(to_act) = self.state.to_act() else {
            return Err(MatchError::FailedPrecondition(
                "MC-CLOCK-07: the game is already over".to_owned(),
            ));
        };
        let (seat, why, stand_in) = match verdict {
            Verdict::OutOfTime(seat) => (seat, Resignation::OutOfTime, StandIn::OutOfTime),
            Verdict::Standing => (to_act, Resignation::TimeLimit, StandIn::TimeLimit),
        };
        let mut events = Vec::new();
        self.standing_in = Some(stand_in.clone());
        let ended = self.guarded_step(seat, R::resignation(why), &mut events);
        self.standing_in = None;
        ended?;
        let version = self.version();
        tracing::warn!(%seat, version, reason = %stand_in.sentence(),
            "the game's time limit ended it (MC-CLOCK-07)");
        self.stand_ins.push((version, stand_in));
        self.after_move(events)
    }

    /// `(version, why)` of each action the server played for its seat, in
    /// version order (MC-STANDIN-01).
    pub fn stand_ins(&self) -> &[(u64, StandIn)] {
        &self.stand_ins
    }

    /// Acts for a seat that did not (MC-CLOCK-04): the decision's default
    /// action where the clock options allow it and the rules have one, else
    /// the seat forfeits (MC-RESIGN-02).
    /// The action is kept with `why` (MC-STANDIN-01), and logged once (the
    /// caller's span names the game).
    pub(super) fn stand_in(
        &mut self,
        seat: Seat,
        why: StandIn,
    ) -> Result<Applied<R::Event>, MatchError> {
        self.writable()?;
        let on_expiry = self
            .clock
            .as_ref()
            .map_or(OnExpiry::Forfeit, |clock| clock.options().on_expiry);
        let default = match on_expiry {
            OnExpiry::DefaultThenForfeit => self.state.default_action(seat),
            OnExpiry::Forfeit => None,
        };
        let mut events = Vec::new();
        self.standing_in = Some(why.clone());
        let played =
            default.is_some_and(|action| self.guarded_step(seat, action, &mut events).is_ok());
        if !played {
            events.clear();
            let forfeited =
                self.guarded_step(seat, R::resignation(Resignation::Forfeited), &mut events);
            self.standing_in = None;
            forfeited?;
        }
        let version = self.version();
        tracing::warn!(%seat, version, forfeit = !played, reason = %why.sentence(),
            "the server acted for a seat (MC-STANDIN-01)");
        self.stand_ins.push((version, why));
        self.after_move(events)
    }
}
