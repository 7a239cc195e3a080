//! The standing (MC-STAND-01): the order the end of the game gives (Victory
//! Points, then the tie-breakers of docs/rules-decisions.md, A8a, A8b). The
//! same order ranks a finished game, an unfinished one (a search bot
//! scoring a playout), a game stopped by the round limit (MC-ROUNDS-01,
//! `round_limit.rs`) and the seats that stay after a resignation
//! (MC-RESIGN-02, `resign.rs`), so the four can never disagree.
use crate::core::{GameResult, Resignation, Seat};

use super::state::{Imperium, Phase};

/// Why a game ended before the rules' own end; `None` in the state while
/// the game runs or when it ended by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EarlyEnd {
    /// MC-RESIGN-02: this seat resigned.
    Resigned {
        /// The seat that resigned.
        seat: Seat,
        /// Conceded or forfeited.
        why: Resignation,
    },
    /// MC-ROUNDS-01: the `max_rounds`-th round ended.
    RoundLimit {
        /// The round that ended.
        round: u8,
    },
}

impl Imperium {
    /// MC-STAND-01: the order by VP, spice, Solari, water, garrison troops,
    /// then the most recent Reveal turn (docs/rules-decisions.md, A8a,
    /// A8b). Returns (winners, ranking).
    ///
    /// Solo Rivals are ranked too (they can win, IM-SOLO-09) but only seats
    /// are returned: a Rival's win leaves no winner. House Hagal scores
    /// nothing and is not ranked (IM-HAGAL-12).
    pub(crate) fn result_order(&self) -> (Vec<Seat>, Vec<Seat>) {
        let all = self.result_all();
        let best = self.result_key(all[0]);
        let winners = all
            .iter()
            .copied()
            .filter(|s| self.result_key(*s) == best && !self.is_rival(*s))
            .collect();
        let ranking = all.into_iter().filter(|s| !self.is_rival(*s)).collect();
        (winners, ranking)
    }

    fn result_key(&self, s: Seat) -> (u8, u8, u8, u8, u8, u16) {
        let p = self.p(s);
        (p.vp, p.spice, p.solari, p.water, p.garrison, p.reveal_seq)
    }

    /// Whether two participants are tied after every tie-breaker (a shared
    /// place).
    pub(crate) fn same_place(&self, a: Seat, b: Seat) -> bool {
        self.result_key(a) == self.result_key(b)
    }

    fn result_all(&self) -> Vec<Seat> {
        let mut ranking: Vec<Seat> = self.seats().filter(|s| !self.is_hagal(*s)).collect();
        ranking.sort_by(|a, b| self.result_key(*b).cmp(&self.result_key(*a)).then(a.cmp(b)));
        ranking
    }

    /// The best-placed participant, rival or seat.
    pub(crate) fn result_best(&self) -> Seat {
        self.result_all()[0]
    }

    /// Why the order is what it is, in words; `over` says whether the game
    /// ended (won) or runs on (leads).
    fn order_reason(&self, winners: &[Seat], ranking: &[Seat], over: bool) -> String {
        let best = self.result_best();
        let top = self.p(ranking[0]);
        if self.is_rival(best) {
            format!(
                "a rival {} {} VP (IM-SOLO-09: solo Rivals score as players do)",
                if over { "won with" } else { "leads with" },
                self.p(best).vp
            )
        } else if winners.len() > 1 {
            if over {
                "shared victory after every tie-breaker".to_string()
            } else {
                "shared lead after every tie-breaker".to_string()
            }
        } else if ranking.len() > 1 && self.p(ranking[1]).vp == top.vp {
            format!(
                "{} VP, {} on tie-breakers (spice, Solari, water, garrison, latest Reveal)",
                top.vp,
                if over { "won" } else { "ahead" }
            )
        } else {
            format!("most VP ({})", top.vp)
        }
    }

    /// MC-STAND-01: the ranking the end of the game would give now.
    pub(crate) fn standing_now(&self, over: bool) -> GameResult {
        let (winners, ranking) = self.result_order();
        let reason = self.order_reason(&winners, &ranking, over);
        GameResult {
            winners,
            ranking,
            reason,
        }
    }

    /// The outcome once the game is over, by whichever end it came to.
    pub(crate) fn final_result(&self) -> GameResult {
        match self.early_end {
            Some(EarlyEnd::Resigned { seat, why }) => self.resigned_result(seat, why),
            Some(EarlyEnd::RoundLimit { round }) => {
                let standing = self.standing_now(true);
                GameResult {
                    reason: format!(
                        "the round limit: round {round} ended with the game still running \
                         (max_rounds, MC-ROUNDS-01); the standing (MC-STAND-01): {}",
                        standing.reason
                    ),
                    ..standing
                }
            }
            None => self.standing_now(true),
        }
    }

    /// MC-STAND-01: the result of a finished game, else the ranking the
    /// end of the game would give now.
    pub(crate) fn standing_result(&self) -> GameResult {
        if self.phase == Phase::Over && self.prompt.is_none() {
            return self.final_result();
        }
        let standing = self.standing_now(false);
        GameResult {
            reason: format!(
                "the standing in round {} (MC-STAND-01): {}",
                self.round, standing.reason
            ),
            ..standing
        }
    }
}
