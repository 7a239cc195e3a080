//! Ending a game after a number of rounds (MC-ROUNDS-01): the match
//! option `max_rounds`, so that games between bots that never reach a
//! victory condition still finish. Checked when a round ends, after the
//! rules' own victory check (AR-WIN-02), so a house that wins on the last
//! round wins by the rules.
use super::event::Event;
use super::state::Arrakis;

/// The result's reason when the limit ends the game; the result adds each
/// house's way to its victory condition (`standing.rs`).
pub(super) const ROUND_LIMIT: &str =
    "round limit reached: the house nearer its victory condition wins (MC-ROUNDS-01, MC-STAND-02)";

impl Arrakis {
    /// MC-ROUNDS-01: when the round that just ended is the limit's, the
    /// game ends with the standing's first house as the winner (MC-STAND-02).
    /// Returns whether it ended.
    pub(crate) fn round_limit_ends(&mut self, ev: &mut Vec<Event>) -> bool {
        let Some(limit) = self.max_rounds else {
            return false;
        };
        if self.winner.is_some() || u32::from(self.round) < limit {
            return false;
        }
        ev.push(Event::RoundLimit { rounds: limit });
        let first = self.standing_leader();
        self.win(first, ROUND_LIMIT, ev);
        true
    }
}
