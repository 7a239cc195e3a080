//! The round limit (MC-ROUNDS-01): with `max_rounds` set, a game still
//! running when that round ends stops there, ranked by the standing
//! (MC-STAND-01, `standing.rs`), so that games between weak bots always
//! finish. A game whose endgame the rules already triggered in that round
//! (IM-END-01..03) plays its endgame Intrigue out instead: it is about to
//! end by the rules, which is the better result (docs/rules-decisions.md,
//! Competition rules, Imperium).
use super::event::Event;
use super::standing::EarlyEnd;
use super::state::{Imperium, Phase};

impl Imperium {
    /// MC-ROUNDS-01: whether the round ending now is the last one allowed.
    pub(crate) fn round_limit_reached(&self) -> bool {
        self.max_rounds
            .is_some_and(|limit| u32::from(self.round) >= limit)
    }

    /// MC-ROUNDS-01: the game is over, with the standing as its result.
    pub(crate) fn stop_at_round_limit(&mut self, ev: &mut Vec<Event>) {
        self.phase = Phase::Over;
        self.prompt = None;
        self.stack.clear();
        self.early_end = Some(EarlyEnd::RoundLimit { round: self.round });
        ev.push(Event::RoundLimit { round: self.round });
        ev.push(Event::GameOver {
            winners: self.final_result().winners,
        });
    }
}
