//! A game's clocks (MC-CLOCK-01..04): pure accounting, with the time passed
//! in by the caller, never read here, so that every rule of it is tested
//! with made-up instants. The server's clock task (`server/clock.rs`) sleeps
//! until [`Clock::deadline`] and has the match act for the seat; what it
//! plays is journaled as an action, so time never enters the rules and
//! replays stay exact.
use std::time::Duration;

use tokio::time::Instant;

use super::MatchError;
use crate::rules::core::Seat;

/// The largest value a clock option may take: a day. Larger values would
/// keep a game (and its clock task) alive for longer than any competition
/// needs, and could overflow an `Instant` far in the future.
pub const MAX_CLOCK_MS: u64 = 86_400_000;

/// MC-CLOCK-07: how far beyond its share of a game's time (the limit over
/// the seats) a seat may go before it loses on time, as a fraction of the
/// share. The game always waits on someone, so at the limit the seats'
/// times add up to it and someone is at or beyond an exact share: without
/// a tolerance two equally quick bots would lose on noise. With a fifth,
/// of two seats one loses only when it took more than 60% of the time
/// (half again as long as the other); between those the standing decides.
pub const SHARE_TOLERANCE: f64 = 0.2;

/// What the server does for a seat whose time ran out (MC-CLOCK-04).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnExpiry {
    /// The decision's default action where it has one, else a forfeit.
    #[default]
    DefaultThenForfeit,
    /// Always a forfeit.
    Forfeit,
}

/// A game's time controls, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockOptions {
    /// MC-CLOCK-01: each decision's own time, before the bank pays.
    pub per_decision: Duration,
    /// MC-CLOCK-02: each seat's bank at the start.
    pub bank: Duration,
    /// MC-CLOCK-02: added to the bank after each decision.
    pub increment: Duration,
    /// MC-CLOCK-03: the limit of a seat's first decision.
    pub first_decision: Duration,
    /// MC-CLOCK-04: what an expiry plays.
    pub on_expiry: OnExpiry,
    /// MC-CLOCK-05: the most a bank may hold (`None`: no cap), so that a
    /// seat cannot hoard increments into hours of thinking time.
    pub max_bank: Option<Duration>,
    /// MC-CLOCK-06: the most wall time the whole game may take (`None`: no
    /// limit); MC-CLOCK-07 says who wins when it is reached, so that a
    /// game can never outlast a competition's schedule unrecorded.
    pub game_limit: Option<Duration>,
}

impl ClockOptions {
    /// Checks the options as a client sent them (milliseconds):
    /// [`MatchError::InvalidArgument`] for a value above [`MAX_CLOCK_MS`]
    /// or a clock that gives no time at all. A first-decision limit of 0
    /// means the per-decision limit.
    pub fn from_ms(
        per_decision_ms: u64,
        bank_ms: u64,
        increment_ms: u64,
        first_decision_ms: u64,
        on_expiry: OnExpiry,
    ) -> Result<Self, MatchError> {
        for (name, value) in [
            ("per_decision_ms", per_decision_ms),
            ("bank_ms", bank_ms),
            ("increment_ms", increment_ms),
            ("first_decision_ms", first_decision_ms),
        ] {
            if value > MAX_CLOCK_MS {
                return Err(MatchError::InvalidArgument(format!(
                    "options.clock.{name} is {value}; at most {MAX_CLOCK_MS} (a day) \
                     is accepted (MC-CLOCK-01)"
                )));
            }
        }
        if per_decision_ms == 0 && bank_ms == 0 {
            return Err(MatchError::InvalidArgument(
                "options.clock gives no time at all: set per_decision_ms or bank_ms \
                 (MC-CLOCK-01, MC-CLOCK-02)"
                    .to_owned(),
            ));
        }
        let first = match first_decision_ms {
            0 => per_decision_ms,
            first => first,
        };
        Ok(ClockOptions {
            per_decision: Duration::from_millis(per_decision_ms),
            bank: Duration::from_millis(bank_ms),
            increment: Duration::from_millis(increment_ms),
            first_decision: Duration::from_millis(first),
            on_expiry,
            max_bank: None,
            game_limit: None,
        })
    }

    /// MC-CLOCK-06: only a limit on the whole game's time, no limit on
    /// each decision (seats are not clocked, their thinking time is only
    /// counted for MC-CLOCK-07).
    pub fn game_limit_only(game_ms: u64) -> Result<Self, MatchError> {
        ClockOptions {
            per_decision: Duration::ZERO,
            bank: Duration::ZERO,
            increment: Duration::ZERO,
            first_decision: Duration::ZERO,
            on_expiry: OnExpiry::default(),
            max_bank: None,
            game_limit: None,
        }
        .with_game_ms(game_ms)
    }

    /// MC-CLOCK-06: limits the whole game to `game_ms` of wall time (0: no
    /// limit); more than a day is refused.
    pub fn with_game_ms(mut self, game_ms: u64) -> Result<Self, MatchError> {
        if game_ms > MAX_CLOCK_MS {
            return Err(MatchError::InvalidArgument(format!(
                "options.clock.game_ms is {game_ms}; at most {MAX_CLOCK_MS} (a day) is \
                 accepted (MC-CLOCK-06)"
            )));
        }
        self.game_limit = (game_ms > 0).then(|| Duration::from_millis(game_ms));
        Ok(self)
    }

    /// Whether each decision is timed (MC-CLOCK-01, MC-CLOCK-02): false
    /// for a clock that only limits the whole game (MC-CLOCK-06).
    pub fn times_decisions(&self) -> bool {
        !self.per_decision.is_zero() || !self.bank.is_zero()
    }

    /// MC-CLOCK-05: caps the bank at `max_bank_ms` (0: no cap). A cap above
    /// a day or below the starting bank is refused.
    pub fn with_max_bank_ms(mut self, max_bank_ms: u64) -> Result<Self, MatchError> {
        if max_bank_ms == 0 {
            self.max_bank = None;
            return Ok(self);
        }
        if max_bank_ms > MAX_CLOCK_MS {
            return Err(MatchError::InvalidArgument(format!(
                "options.clock.max_bank_ms is {max_bank_ms}; at most {MAX_CLOCK_MS} (a day) \
                 is accepted (MC-CLOCK-05)"
            )));
        }
        let max_bank = Duration::from_millis(max_bank_ms);
        if max_bank < self.bank {
            return Err(MatchError::InvalidArgument(format!(
                "options.clock.max_bank_ms is {max_bank_ms}, below bank_ms {}: the cap \
                 holds at least the starting bank (MC-CLOCK-05)",
                self.bank.as_millis()
            )));
        }
        self.max_bank = Some(max_bank);
        Ok(self)
    }
}

/// One seat's clock as a view shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatTime {
    /// The seat.
    pub seat: Seat,
    /// What is left of its bank, not counting the running decision.
    pub bank: Duration,
    /// While its decision runs: the time left for it (limit and bank).
    pub left: Option<Duration>,
}

/// What a journal keeps of a clock (see [`Clock::kept`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeptClock {
    /// Per seat: its bank in milliseconds, `None` for a seat not clocked.
    pub banks_ms: Vec<Option<u64>>,
    /// Per seat: whether it has made a decision (MC-CLOCK-03).
    pub decided: Vec<bool>,
    /// When the game began waiting on the seat to act, in milliseconds
    /// since the Unix epoch; `None` when it waits on nobody.
    pub running_since_unix_ms: Option<u64>,
    /// Per seat: the thinking time it has used, in milliseconds, not
    /// counting the running decision (MC-CLOCK-07).
    pub thought_ms: Vec<u64>,
    /// When the game's time began, in milliseconds since the Unix epoch
    /// (MC-CLOCK-06); `None` before it began.
    pub began_unix_ms: Option<u64>,
}

/// Who the game's time limit rules against (MC-CLOCK-07).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// This seat used more than its share of the game's time, furthest
    /// beyond it of all: it loses on time.
    OutOfTime(Seat),
    /// Every seat stayed within its share: the standing decides.
    Standing,
}

/// The decision the game waits on, clocked or not: its seat's thinking
/// time counts from `since` (MC-CLOCK-07).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Waiting {
    seat: Seat,
    version: u64,
    since: Instant,
}

/// The wall-clock time (milliseconds since the Unix epoch) of `instant`,
/// an instant before `now`, when the wall clock reads `now_unix_ms`.
fn unix_ms_of(instant: Instant, now: Instant, now_unix_ms: u64) -> u64 {
    let ago = now.saturating_duration_since(instant);
    now_unix_ms.saturating_sub(ago.as_millis() as u64)
}

/// The decision the clock runs now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Running {
    seat: Seat,
    /// The version the game waited on the seat at.
    version: u64,
    started: Instant,
    /// The decision's own limit (MC-CLOCK-01 or MC-CLOCK-03).
    limit: Duration,
}

/// Every clocked seat's bank and the running decision.
#[derive(Clone, Debug)]
pub struct Clock {
    options: ClockOptions,
    /// Per seat: its bank, or `None` for a seat that is not clocked (a
    /// built-in bot's).
    banks: Vec<Option<Duration>>,
    /// Per seat: whether it has made a decision yet (MC-CLOCK-03).
    decided: Vec<bool>,
    running: Option<Running>,
    /// Per seat: the thinking time used, not counting `waiting`'s.
    thought: Vec<Duration>,
    /// The decision the game waits on now, whoever's.
    waiting: Option<Waiting>,
    /// When the game's time began (its first [`Clock::advance`]).
    began: Option<Instant>,
}

impl Clock {
    /// Full banks for the `clocked` seats, nothing running yet.
    pub fn new(options: ClockOptions, clocked: &[bool]) -> Self {
        let timed = options.times_decisions();
        Clock {
            options,
            banks: clocked
                .iter()
                .map(|clocked| (*clocked && timed).then_some(options.bank))
                .collect(),
            decided: vec![false; clocked.len()],
            running: None,
            thought: vec![Duration::ZERO; clocked.len()],
            waiting: None,
            began: None,
        }
    }

    /// The options the clock runs by.
    pub fn options(&self) -> &ClockOptions {
        &self.options
    }

    /// Stops counting for `seat` (it became a bot's, or it left).
    pub fn unclock(&mut self, seat: Seat) {
        if let Some(bank) = self.banks.get_mut(seat.index()) {
            *bank = None;
        }
        if self.running.is_some_and(|running| running.seat == seat) {
            self.running = None;
        }
    }

    /// The game is at `version`, waiting on `to_act`, at `now`: a running
    /// decision of an earlier version ends (its seat's bank pays what it took
    /// beyond its limit, MC-CLOCK-02, then gains the increment), and a
    /// clocked seat to act starts a decision.
    pub fn advance(&mut self, version: u64, to_act: Option<Seat>, now: Instant) {
        self.began.get_or_insert(now);
        self.count_thinking(version, to_act, now);
        if let Some(running) = self.running {
            if running.version == version && Some(running.seat) == to_act {
                return;
            }
            self.running = None;
            let taken = now.saturating_duration_since(running.started);
            let index = running.seat.index();
            if let Some(Some(bank)) = self.banks.get_mut(index) {
                let beyond = taken.saturating_sub(running.limit);
                // MC-CLOCK-02: the bank pays, then gains the increment,
                // MC-CLOCK-05: up to its cap.
                *bank = bank
                    .saturating_sub(beyond)
                    .saturating_add(self.options.increment);
                if let Some(cap) = self.options.max_bank {
                    *bank = (*bank).min(cap);
                }
            }
            if let Some(decided) = self.decided.get_mut(index) {
                *decided = true;
            }
        }
        let Some(seat) = to_act else {
            return;
        };
        if !matches!(self.banks.get(seat.index()), Some(Some(_))) {
            return;
        }
        // MC-CLOCK-03: a seat's first decision has its own limit.
        let limit = if self.decided.get(seat.index()).copied().unwrap_or(true) {
            self.options.per_decision
        } else {
            self.options.first_decision
        };
        self.running = Some(Running {
            seat,
            version,
            started: now,
            limit,
        });
    }

    /// MC-CLOCK-07: every seat's thinking time is the time the game waited
    /// on it, clocked or not (a built-in bot's too); a decision of an
    /// earlier version ends here and the seat to act starts one.
    fn count_thinking(&mut self, version: u64, to_act: Option<Seat>, now: Instant) {
        if let Some(waiting) = self.waiting {
            if waiting.version == version && Some(waiting.seat) == to_act {
                return;
            }
            self.waiting = None;
            if let Some(thought) = self.thought.get_mut(waiting.seat.index()) {
                *thought = thought.saturating_add(now.saturating_duration_since(waiting.since));
            }
        }
        self.waiting = to_act.map(|seat| Waiting {
            seat,
            version,
            since: now,
        });
    }

    /// MC-CLOCK-06: when the game's time runs out, if it has a limit.
    pub fn game_deadline(&self) -> Option<Instant> {
        Some(self.began? + self.options.game_limit?)
    }

    /// MC-CLOCK-07: at `now`, once the game's time has run out, who it
    /// rules against. Each seat's share is the limit over the number of
    /// seats, with [`SHARE_TOLERANCE`] more; the seat furthest beyond it
    /// (the lowest seat of those equally far) loses on time, and with
    /// every seat within it the standing decides. `None` before the limit,
    /// or without one.
    pub fn verdict(&self, now: Instant) -> Option<Verdict> {
        let limit = self.options.game_limit?;
        if now < self.game_deadline()? {
            return None;
        }
        let seats = u32::try_from(self.thought.len()).ok().filter(|n| *n > 0)?;
        let share = limit / seats;
        let share = share + share.mul_f64(SHARE_TOLERANCE);
        let mut furthest: Option<(Duration, Seat)> = None;
        for (index, _) in self.thought.iter().enumerate() {
            let seat = Seat(index as u8);
            let beyond = self.thought_of(seat, now).saturating_sub(share);
            if !beyond.is_zero() && furthest.is_none_or(|(most, _)| beyond > most) {
                furthest = Some((beyond, seat));
            }
        }
        Some(furthest.map_or(Verdict::Standing, |(_, seat)| Verdict::OutOfTime(seat)))
    }

    /// The thinking time `seat` has used by `now`, its running decision
    /// included (MC-CLOCK-07).
    pub fn thought_of(&self, seat: Seat, now: Instant) -> Duration {
        let before = self.thought.get(seat.index()).copied().unwrap_or_default();
        match self.waiting {
            Some(waiting) if waiting.seat == seat => {
                before.saturating_add(now.saturating_duration_since(waiting.since))
            }
            _ => before,
        }
    }

    /// The seat whose decision runs, the version it runs at and the instant
    /// its time runs out (its limit, then its bank).
    pub fn deadline(&self) -> Option<(Seat, u64, Instant)> {
        let running = self.running?;
        let bank = self.banks.get(running.seat.index()).copied().flatten()?;
        Some((
            running.seat,
            running.version,
            running.started + running.limit.saturating_add(bank),
        ))
    }

    /// The seat whose time has run out at `now` (MC-CLOCK-04), with the
    /// version its decision was at.
    pub fn expired(&self, now: Instant) -> Option<(Seat, u64)> {
        self.deadline()
            .filter(|(_, _, deadline)| *deadline <= now)
            .map(|(seat, version, _)| (seat, version))
    }

    /// The time `seat` has left at `now`, while its decision runs.
    pub fn time_left(&self, seat: Seat, now: Instant) -> Option<Duration> {
        self.deadline()
            .filter(|(running, _, _)| *running == seat)
            .map(|(_, _, deadline)| deadline.saturating_duration_since(now))
    }

    /// What a journal keeps of the clock at `now`, when the wall clock
    /// reads `now_unix_ms`: every bank, who has decided, and when the
    /// running decision began on the wall clock. A game rebuilt from it
    /// (a restart, a move to another server) takes up the same time: the
    /// decision that runs keeps running from when it began.
    pub fn kept(&self, now: Instant, now_unix_ms: u64) -> KeptClock {
        KeptClock {
            banks_ms: self
                .banks
                .iter()
                .map(|bank| bank.map(|bank| bank.as_millis() as u64))
                .collect(),
            decided: self.decided.clone(),
            running_since_unix_ms: self
                .waiting
                .map(|waiting| unix_ms_of(waiting.since, now, now_unix_ms)),
            thought_ms: self
                .thought
                .iter()
                .map(|thought| thought.as_millis() as u64)
                .collect(),
            began_unix_ms: self.began.map(|began| unix_ms_of(began, now, now_unix_ms)),
        }
    }

    /// Takes up a kept clock (see [`Clock::kept`]) at `now`, when the wall
    /// clock reads `now_unix_ms`, for a game at `version` waiting on
    /// `to_act`: the banks and decisions as kept, and the running decision
    /// started when it began, so that a move or a restart neither gives
    /// nor takes time (the time the game stood still counts as thinking
    /// time, as on a clock nobody stopped).
    pub fn resume(
        &mut self,
        kept: &KeptClock,
        version: u64,
        to_act: Option<Seat>,
        now: Instant,
        now_unix_ms: u64,
    ) {
        for (bank, kept) in self.banks.iter_mut().zip(&kept.banks_ms) {
            if let (Some(bank), Some(kept)) = (bank.as_mut(), kept) {
                *bank = Duration::from_millis(*kept);
            }
        }
        for (decided, kept) in self.decided.iter_mut().zip(&kept.decided) {
            *decided = *kept;
        }
        for (thought, kept) in self.thought.iter_mut().zip(&kept.thought_ms) {
            *thought = Duration::from_millis(*kept);
        }
        self.running = None;
        self.waiting = None;
        let instant_of = |unix_ms: u64| {
            now.checked_sub(Duration::from_millis(now_unix_ms.saturating_sub(unix_ms)))
                .unwrap_or(now)
        };
        // A journal from before MC-CLOCK-06 has no start: the game's time
        // starts now.
        self.began = Some(kept.began_unix_ms.map_or(now, instant_of));
        let since = kept.running_since_unix_ms.map_or(now, instant_of);
        self.advance(version, to_act, since);
    }

    /// Every clocked seat's clock at `now`, in seat order.
    pub fn seats(&self, now: Instant) -> Vec<SeatTime> {
        self.banks
            .iter()
            .enumerate()
            .filter_map(|(index, bank)| {
                let seat = Seat(index as u8);
                Some(SeatTime {
                    seat,
                    bank: (*bank)?,
                    left: self.time_left(seat, now),
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    fn options(per: u64, bank: u64, increment: u64, first: u64) -> ClockOptions {
        ClockOptions::from_ms(per, bank, increment, first, OnExpiry::default()).unwrap()
    }

    #[test]
    fn a_kept_clock_resumes_with_the_same_banks_and_the_running_decision_still_running() {
        // MC-CLOCK-02: a move or a restart neither gives nor takes time.
        let start = Instant::now();
        let mut clock = Clock::new(options(100, 1_000, 0, 0), &[true, true]);
        clock.advance(0, Some(Seat(0)), start);
        clock.advance(1, Some(Seat(1)), start + ms(400));
        let kept = clock.kept(start + ms(450), 10_000);
        assert_eq!(kept.banks_ms, [Some(700), Some(1_000)]);
        assert_eq!(kept.decided, [true, false]);
        assert_eq!(kept.running_since_unix_ms, Some(9_950));
        // Rebuilt 200 ms of wall time later, elsewhere.
        let elsewhere = start + ms(5_000);
        let mut rebuilt = Clock::new(options(100, 1_000, 0, 0), &[true, true]);
        rebuilt.resume(&kept, 1, Some(Seat(1)), elsewhere, 10_200);
        let (seat, version, deadline) = rebuilt.deadline().unwrap();
        assert_eq!((seat, version), (Seat(1), 1));
        // Seat 1 began 250 ms ago: 100 ms limit plus 1,000 ms of bank left
        // from then.
        assert_eq!(deadline, elsewhere - ms(250) + ms(1_100));
        assert_eq!(rebuilt.seats(elsewhere)[0].bank, ms(700));
    }

    #[test]
    fn options_out_of_range_or_without_time_are_refused() {
        // MC-CLOCK-01
        assert!(ClockOptions::from_ms(0, 0, 5, 5, OnExpiry::Forfeit).is_err());
        assert!(ClockOptions::from_ms(MAX_CLOCK_MS + 1, 0, 0, 0, OnExpiry::Forfeit).is_err());
        assert!(ClockOptions::from_ms(1, 0, 0, MAX_CLOCK_MS + 1, OnExpiry::Forfeit).is_err());
        assert!(ClockOptions::from_ms(0, MAX_CLOCK_MS, MAX_CLOCK_MS, 0, OnExpiry::Forfeit).is_ok());
        assert_eq!(options(100, 0, 0, 0).first_decision, ms(100));
    }

    #[test]
    fn the_increment_fills_the_bank_up_to_its_cap_and_no_further() {
        // MC-CLOCK-05
        let start = Instant::now();
        let capped = options(1_000, 5_000, 300, 0)
            .with_max_bank_ms(5_200)
            .unwrap();
        let mut clock = Clock::new(capped, &[true, true]);
        clock.advance(0, Some(Seat(0)), start);
        // Quick decisions: 300 ms more each time, but never beyond 5.2 s.
        clock.advance(1, Some(Seat(1)), start + ms(10));
        assert_eq!(clock.seats(start + ms(10))[0].bank, ms(5_200));
        clock.advance(2, Some(Seat(0)), start + ms(20));
        clock.advance(3, Some(Seat(1)), start + ms(30));
        assert_eq!(clock.seats(start + ms(30))[0].bank, ms(5_200));
        // Without a cap the same decisions hoard it.
        let mut uncapped = Clock::new(options(1_000, 5_000, 300, 0), &[true, true]);
        uncapped.advance(0, Some(Seat(0)), start);
        uncapped.advance(1, Some(Seat(1)), start + ms(10));
        uncapped.advance(2, Some(Seat(0)), start + ms(20));
        uncapped.advance(3, Some(Seat(1)), start + ms(30));
        assert_eq!(uncapped.seats(start + ms(30))[0].bank, ms(5_600));
        // A cap below the starting bank, or beyond a day, is refused; 0 is
        // no cap.
        let base = options(1_000, 5_000, 300, 0);
        assert!(base.with_max_bank_ms(4_999).is_err());
        assert!(base.with_max_bank_ms(MAX_CLOCK_MS + 1).is_err());
        assert_eq!(base.with_max_bank_ms(0).unwrap().max_bank, None);
    }

    #[test]
    fn a_decision_beyond_its_limit_is_paid_from_the_bank_then_the_increment_added() {
        // MC-CLOCK-01, MC-CLOCK-02
        let start = Instant::now();
        let mut clock = Clock::new(options(1_000, 5_000, 300, 0), &[true, true]);
        clock.advance(0, Some(Seat(0)), start);
        assert_eq!(clock.deadline(), Some((Seat(0), 0, start + ms(6_000))));
        assert_eq!(clock.time_left(Seat(0), start + ms(500)), Some(ms(5_500)));
        assert_eq!(clock.time_left(Seat(1), start), None);
        // 2.5 s: 1.5 s beyond the limit.
        clock.advance(1, Some(Seat(1)), start + ms(2_500));
        let seats = clock.seats(start + ms(2_500));
        assert_eq!(seats[0].bank, ms(5_000 - 1_500 + 300));
        assert_eq!(seats[0].left, None);
        assert_eq!(seats[1].left, Some(ms(6_000)));
        // Within the limit: the bank only gains.
        clock.advance(2, Some(Seat(0)), start + ms(2_600));
        assert_eq!(clock.seats(start)[1].bank, ms(5_300));
    }

    #[test]
    fn the_first_decision_of_each_seat_has_its_own_limit() {
        // MC-CLOCK-03
        let start = Instant::now();
        let mut clock = Clock::new(options(1_000, 0, 0, 10_000), &[true, true]);
        clock.advance(0, Some(Seat(0)), start);
        assert_eq!(clock.time_left(Seat(0), start), Some(ms(10_000)));
        clock.advance(1, Some(Seat(0)), start + ms(9_000));
        assert_eq!(clock.time_left(Seat(0), start + ms(9_000)), Some(ms(1_000)));
        clock.advance(2, Some(Seat(1)), start + ms(9_000));
        assert_eq!(
            clock.time_left(Seat(1), start + ms(9_000)),
            Some(ms(10_000))
        );
    }

    #[test]
    fn at_the_game_limit_the_seat_furthest_beyond_its_share_loses_on_time() {
        // MC-CLOCK-06, MC-CLOCK-07: a 1 s game of two seats; a share is
        // 500 ms, 600 ms with the tolerance. Neither seat is clocked.
        let start = Instant::now();
        let limit = ClockOptions::game_limit_only(1_000).unwrap();
        assert!(!limit.times_decisions());
        let mut clock = Clock::new(limit, &[true, true]);
        clock.advance(0, Some(Seat(0)), start);
        assert_eq!(clock.deadline(), None, "no decision is timed");
        assert_eq!(clock.game_deadline(), Some(start + ms(1_000)));
        clock.advance(1, Some(Seat(1)), start + ms(100));
        assert_eq!(clock.verdict(start + ms(999)), None, "not yet");
        // Seat 1 has waited 900 ms: beyond its share and the tolerance.
        assert_eq!(
            clock.verdict(start + ms(1_000)),
            Some(Verdict::OutOfTime(Seat(1)))
        );
        assert_eq!(clock.thought_of(Seat(0), start + ms(1_000)), ms(100));
        assert_eq!(clock.thought_of(Seat(1), start + ms(1_000)), ms(900));
    }

    #[test]
    fn at_the_game_limit_with_every_seat_within_its_share_the_standing_decides() {
        // MC-CLOCK-07: 450 ms and 550 ms of a 1 s game: both within 600 ms.
        let start = Instant::now();
        let mut clock = Clock::new(
            ClockOptions::game_limit_only(1_000).unwrap(),
            &[true, false],
        );
        clock.advance(0, Some(Seat(0)), start);
        clock.advance(1, Some(Seat(1)), start + ms(450));
        assert_eq!(clock.verdict(start + ms(1_000)), Some(Verdict::Standing));
        // A built-in bot's seat (not clocked) counts its time too: 601 ms
        // of it is beyond.
        assert_eq!(
            clock.verdict(start + ms(1_051)),
            Some(Verdict::OutOfTime(Seat(1)))
        );
        // No limit, no verdict; more than a day is refused.
        let unlimited = Clock::new(options(100, 0, 0, 0), &[true, true]);
        assert_eq!(unlimited.verdict(start + ms(1_000_000)), None);
        assert!(
            options(100, 0, 0, 0)
                .with_game_ms(MAX_CLOCK_MS + 1)
                .is_err()
        );
        assert_eq!(
            options(100, 0, 0, 0).with_game_ms(0).unwrap().game_limit,
            None
        );
    }

    #[test]
    fn a_kept_clock_keeps_the_game_start_and_each_seat_thinking_time() {
        // MC-CLOCK-06, MC-CLOCK-07 across a restart: the limit still
        // counts from the game's creation.
        let start = Instant::now();
        let limit = ClockOptions::game_limit_only(1_000).unwrap();
        let mut clock = Clock::new(limit, &[true, true]);
        clock.advance(0, Some(Seat(0)), start);
        clock.advance(1, Some(Seat(1)), start + ms(300));
        let kept = clock.kept(start + ms(400), 10_000);
        assert_eq!(kept.thought_ms, [300, 0]);
        assert_eq!(kept.began_unix_ms, Some(9_600));
        assert_eq!(kept.running_since_unix_ms, Some(9_900));
        let elsewhere = start + ms(50_000);
        let mut rebuilt = Clock::new(limit, &[true, true]);
        rebuilt.resume(&kept, 1, Some(Seat(1)), elsewhere, 10_000);
        assert_eq!(rebuilt.game_deadline(), Some(elsewhere + ms(600)));
        assert_eq!(rebuilt.thought_of(Seat(0), elsewhere), ms(300));
        assert_eq!(rebuilt.thought_of(Seat(1), elsewhere), ms(100));
    }

    #[test]
    fn an_unclocked_seat_runs_no_decision_and_time_runs_out_at_the_deadline() {
        // MC-CLOCK-04
        let start = Instant::now();
        let mut clock = Clock::new(options(1_000, 0, 0, 0), &[true, false]);
        clock.advance(0, Some(Seat(1)), start);
        assert_eq!(clock.deadline(), None);
        assert_eq!(clock.seats(start).len(), 1);
        clock.advance(1, Some(Seat(0)), start);
        assert_eq!(clock.expired(start + ms(999)), None);
        assert_eq!(clock.expired(start + ms(1_000)), Some((Seat(0), 1)));
        clock.advance(2, None, start + ms(1_000));
        assert_eq!(clock.deadline(), None);
    }
}
