//! Resigning (MC-RESIGN-01, MC-RESIGN-02): a seat leaves a running game,
//! whoever is to act, and the other house wins at once. The action is
//! journaled like any other so a replay ends the same way, but it is never
//! offered among the legal actions: a bot that picks uniformly would
//! otherwise give games away.
use crate::core::{Resignation, RuleError, Seat};

use super::event::Event;
use super::ids::Faction;
use super::state::Arrakis;

impl Arrakis {
    /// `seat` resigns for `why`: the other house wins and the resigning one
    /// is ranked last (MC-RESIGN-02). Refused once the game is over, and for
    /// a seat the game does not have; the state is then unchanged.
    pub(super) fn resign(
        &mut self,
        seat: Seat,
        why: Resignation,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        // MC-RESIGN-01: only a running game can be resigned.
        if self.winner.is_some() {
            return Err(RuleError::illegal(
                "MC-RESIGN-01",
                "the game is over: there is nothing left to resign",
            ));
        }
        let Some(&f) = Faction::ALL.get(usize::from(seat.0)) else {
            return Err(RuleError::Malformed(format!(
                "War for Arrakis has seats 0 and 1, not {seat}"
            )));
        };
        ev.push(Event::Resigned { faction: f, why });
        if why == Resignation::TimeLimit {
            // MC-CLOCK-07: both houses within their share of the time: the
            // house further ahead of its par decides, as at a round limit
            // (MC-ROUNDS-02).
            let first = self.time_limit_leader();
            self.win(first, TIME_LIMIT, ev);
            return Ok(());
        }
        // MC-RESIGN-02: the other house wins; with two seats the resigning
        // one is last.
        self.win(f.other(), reason(f, why), ev);
        Ok(())
    }
}

/// The result's reason when the game's time limit ends it with both houses
/// within their share of the thinking time; the result adds each house's
/// way to its victory condition (`standing.rs`).
pub(super) const TIME_LIMIT: &str = "the game's time limit was reached with both houses within \
     their share of the thinking time: the house further ahead of its par at this round wins \
     (MC-CLOCK-07, MC-ROUNDS-02)";

/// The result's reason for a resignation, in words.
fn reason(f: Faction, why: Resignation) -> &'static str {
    match (f, why) {
        (Faction::Harkonnen, Resignation::Conceded) => "House Harkonnen conceded (MC-RESIGN-02)",
        (Faction::Harkonnen, Resignation::Forfeited) => "House Harkonnen forfeited (MC-RESIGN-02)",
        (Faction::Atreides, Resignation::Conceded) => "House Atreides conceded (MC-RESIGN-02)",
        (Faction::Atreides, Resignation::Forfeited) => "House Atreides forfeited (MC-RESIGN-02)",
        (Faction::Harkonnen, Resignation::OutOfTime) => {
            "House Harkonnen lost on time: it used more than its share of the game's time \
             (MC-CLOCK-07)"
        }
        (Faction::Atreides, Resignation::OutOfTime) => {
            "House Atreides lost on time: it used more than its share of the game's time \
             (MC-CLOCK-07)"
        }
        // Never reached: a time limit without a loser ends by the standing.
        (_, Resignation::TimeLimit) => TIME_LIMIT,
    }
}
