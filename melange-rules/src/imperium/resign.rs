//! Resigning (MC-RESIGN-01, MC-RESIGN-02): a seat concedes, or forfeits
//! when its clock or its remote bot fails it. The resignation is an action
//! of the journal (`Action::Resign`) so replays keep it, accepted from any
//! seat of a running game whoever is to act, and never offered among the
//! legal actions.
use crate::core::{GameResult, Resignation, RuleError, Seat};

use super::event::Event;
use super::standing::EarlyEnd;
use super::state::{Imperium, Phase};

impl Imperium {
    /// MC-RESIGN-01: `seat` resigns; MC-RESIGN-02: the game ends at once.
    /// Refused, with the game unchanged, once the game is over or for a
    /// seat the game does not have.
    pub(crate) fn resign(
        &mut self,
        seat: Seat,
        why: Resignation,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.prompt.is_none() || self.phase == Phase::Over {
            return Err(RuleError::illegal(
                "MC-RESIGN-01",
                "the game is over: there is nothing left to resign",
            ));
        }
        if seat.0 >= self.humans() {
            return Err(RuleError::Malformed(format!(
                "{seat} is not a seat of this {}-seat game, so it cannot resign (MC-RESIGN-01)",
                self.humans()
            )));
        }
        // Whatever was in progress stops: nobody is asked anything more.
        self.prompt = None;
        self.stack.clear();
        self.phase = Phase::Over;
        self.early_end = Some(EarlyEnd::Resigned { seat, why });
        ev.push(Event::Resigned { seat, why });
        ev.push(Event::GameOver {
            winners: self.final_result().winners,
        });
        Ok(())
    }

    /// MC-RESIGN-02: the resigning seat last, the others in their standing
    /// order (MC-STAND-01), the first of them the winner (with any seat
    /// tied with it after every tie-breaker). A solo player who resigns
    /// leaves only the Rivals: no seat wins.
    pub(crate) fn resigned_result(&self, seat: Seat, why: Resignation) -> GameResult {
        if why == Resignation::TimeLimit {
            // MC-CLOCK-07: every seat within its share of the time: the
            // standing decides, as at a round limit.
            let standing = self.standing_now(true);
            return GameResult {
                reason: format!(
                    "the game's time limit was reached with every seat within its share of \
                     the thinking time (MC-CLOCK-07); the standing (MC-STAND-01): {}",
                    standing.reason
                ),
                ..standing
            };
        }
        let (_, order) = self.result_order();
        let mut ranking: Vec<Seat> = order.into_iter().filter(|s| *s != seat).collect();
        let winners: Vec<Seat> = ranking
            .first()
            .map(|&first| {
                ranking
                    .iter()
                    .copied()
                    .filter(|s| self.same_place(*s, first))
                    .collect()
            })
            .unwrap_or_default();
        let verb = match why {
            Resignation::Conceded => "conceded",
            Resignation::Forfeited => "forfeited",
            Resignation::OutOfTime => "lost on time (MC-CLOCK-07)",
            Resignation::TimeLimit => "reached the time limit",
        };
        let reason = if ranking.is_empty() {
            format!("{seat} {verb}: the rivals win (MC-RESIGN-02)")
        } else {
            format!("{seat} {verb}; the others keep their standing order (MC-RESIGN-02)")
        };
        ranking.push(seat);
        GameResult {
            winners,
            ranking,
            reason,
        }
    }
}
