//! The standing of an unfinished game (MC-STAND-02): which house is nearer
//! its victory condition. A round limit (MC-ROUNDS-01) ends a game with it,
//! and search bots score unfinished playouts with it. The measure is a
//! fraction of the way to each house's own win, so that two different
//! conditions compare (docs/rules-decisions.md, Competition rules, War for
//! Arrakis):
//! - the Harkonnen: supremacy points over the points that win (AR-WIN-05);
//! - the Atreides: the mean over the three prescience markers of each
//!   marker's step over its objective score, a marker past its score
//!   counting as reached (AR-WIN-02); with two objectives (Tested with the
//!   Gom Jabbar) the nearer one.
//!
//! Exact ties rank the Atreides first.
use crate::core::GameResult;

use super::event::seat_of;
use super::ids::Faction;
use super::resign::TIME_LIMIT;
use super::round_limit::{ROUND_LIMIT, ROUND_LIMIT_PAR};
use super::state::Arrakis;

/// A fraction `num / den` with `den > 0`, compared exactly.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The part done.
    pub num: u64,
    /// The whole.
    pub den: u64,
}

impl Progress {
    /// `self > other`, by cross-multiplying (no rounding).
    pub(super) fn beats(self, other: Progress) -> bool {
        u128::from(self.num) * u128::from(other.den) > u128::from(other.num) * u128::from(self.den)
    }

    /// In percent, rounded down: the result's words, and the measure
    /// the par reads (MC-ROUNDS-02).
    pub fn percent(self) -> u64 {
        self.num * 100 / self.den
    }
}

impl Arrakis {
    /// How far `f` is towards its victory condition, from 0 to 1
    /// (MC-STAND-02). Reads the Atreides objective: the standing is the
    /// referee's, never shown to the Harkonnen while the game runs.
    pub fn progress(&self, f: Faction) -> Progress {
        match f {
            Faction::Harkonnen => {
                // AR-WIN-05: the supremacy that wins.
                let win = u64::from(self.d().tables.tracks.supremacy_win.max(1));
                Progress {
                    num: u64::from(self.supremacy).min(win),
                    den: win,
                }
            }
            Faction::Atreides => {
                let first = self.objective_progress(self.objective);
                match self.objective2.map(|o| self.objective_progress(o)) {
                    Some(second) if second.beats(first) => second,
                    _ => first,
                }
            }
        }
    }

    /// AR-WIN-02: the mean of each marker's share of its score.
    pub(super) fn objective_progress(&self, objective: u8) -> Progress {
        let targets = self.d().tables.secret_objectives[usize::from(objective)].targets();
        let steps = self.prescience.into_array();
        // Each marker's share as `done / part`; a score of 0 is met from
        // the start (1 of 1), a step past its score counts as the score.
        let parts = targets.map(|t| u64::from(t.max(1)));
        let done: [u64; 3] = std::array::from_fn(|i| match targets[i] {
            0 => 1,
            t => u64::from(steps[i].min(t)),
        });
        // The mean of the three shares over their common denominator.
        let den: u64 = parts.iter().product();
        let num: u64 = (0..3).map(|i| done[i] * (den / parts[i])).sum();
        Progress { num, den: den * 3 }
    }

    /// The house first in the standing: the one further along, the
    /// Atreides on an exact tie (MC-STAND-02).
    pub(super) fn standing_leader(&self) -> Faction {
        if self
            .progress(Faction::Harkonnen)
            .beats(self.progress(Faction::Atreides))
        {
            Faction::Harkonnen
        } else {
            Faction::Atreides
        }
    }

    /// The ranking if the game ended now (MC-STAND-02): the result once the
    /// game is over.
    pub(super) fn standing_now(&self) -> GameResult {
        if let Some(r) = self.finished() {
            return r;
        }
        let first = self.standing_leader();
        GameResult {
            winners: vec![seat_of(first)],
            ranking: vec![seat_of(first), seat_of(first.other())],
            reason: format!("the standing so far (MC-STAND-02): {}", self.ways()),
        }
    }

    /// Each house's way to its victory condition, in words.
    fn ways(&self) -> String {
        let way = |f: Faction| format!("{} {}%", f.name(), self.progress(f).percent());
        format!(
            "{} and {} of the way to victory",
            way(Faction::Harkonnen),
            way(Faction::Atreides)
        )
    }

    /// The result of a finished game: the winner first.
    pub(super) fn finished(&self) -> Option<GameResult> {
        let (w, why) = self.winner.as_ref()?;
        let (w, why) = (*w, why.as_ref());
        Some(GameResult {
            winners: vec![seat_of(w)],
            ranking: vec![seat_of(w), seat_of(w.other())],
            reason: if why == ROUND_LIMIT || why == TIME_LIMIT {
                format!("{why}: {}", self.ways())
            } else if why == ROUND_LIMIT_PAR {
                format!("{why}: {}; {}", self.ways(), self.pars())
            } else {
                why.to_string()
            },
        })
    }
}
