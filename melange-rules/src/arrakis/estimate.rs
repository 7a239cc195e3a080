//! The search bot's estimate of an unfinished game (MC-SIM-07): what each
//! house's position is worth, from 0 to 1, where a playout stops short of
//! the end.
//!
//! The standing (MC-STAND-02, `standing.rs`) is the referee's ranking: it
//! counts only what has happened, supremacy points scored and prescience
//! steps taken. Searching on it alone, the Harkonnen see no gain in a
//! legion three areas from a sietch until the sietch falls, which a short
//! search never reaches; they drift while the Atreides claim prescience
//! cards round after round. The estimate adds what a player at the table
//! weighs for the Harkonnen: each sietch still standing, worth its rank in
//! supremacy (AR-COMBAT-39), discounted by how far the nearest Harkonnen
//! legion is and by how the legion's dice compare with the defence
//! (AR-COMBAT-07: units, plus the sietch's rank). The Atreides keep their
//! standing measure: their progress is already a count of steps.
//!
//! The search reads the estimate only on its samples (MC-SIM-06), so the
//! ranks and tokens it sees are the sample's, never the real hidden ones.
use crate::core::Seat;

use super::event::seat_of;
use super::ids::{AreaId, Faction};
use super::prompt::Prompt;
use super::standing::Progress;
use super::state::Arrakis;

/// How much each ground move between a legion and a sietch discounts the
/// threat: halving per move ranks a legion next door far above one three
/// areas away, so the search marches on the nearest sietch rather than
/// spreading its legions (measured: 0.4 to 0.8 tried, 0.5 best;
/// docs/performance.md, "Search").
const STEP_DISCOUNT: f64 = 0.5;
/// How far a threat is looked for, in ground moves: beyond it a legion
/// threatens nothing worth counting (0.5 to the 6th is under 2%).
const THREAT_HORIZON: u8 = 6;

impl Arrakis {
    /// Each seat's worth of the position, from 0 to 1, summing to 1 (seat
    /// 0 Harkonnen, seat 1 Atreides), as `searcher` judges it: a half plus
    /// half the difference of the two houses' estimated progress towards
    /// victory (MC-SIM-07), kept within 0 to 1. In words: the Harkonnen
    /// progress is their supremacy points plus, for each standing sietch,
    /// its rank times its best threat (over the Harkonnen legions at most
    /// six ground moves away: the legion's dice over its dice plus the
    /// defence, the defence being the Atreides units and leaders there
    /// plus the rank, halved per move), all over the supremacy that wins,
    /// at most 1; the Atreides progress is the mean of each prescience
    /// marker's share of its target in their objective (as they judge) or
    /// that averaged over every objective (as the Harkonnen judge).
    /// `None` while the board is not quiet.
    pub(super) fn estimate_now(&self, searcher: Seat) -> Option<Vec<f64>> {
        if !self.quiet() {
            return None;
        }
        let harkonnen = self.harkonnen_prospects();
        // The Harkonnen cannot tell the secret objective: judged by them,
        // the Atreides are as far along as the markers take them on
        // average over every objective; judged by the Atreides, on theirs.
        let atreides = if searcher == seat_of(Faction::Atreides) {
            fraction(self.progress(Faction::Atreides))
        } else {
            self.mean_objective_progress()
        };
        let worth = (0.5 + (harkonnen - atreides) / 2.0).clamp(0.0, 1.0);
        Some(vec![worth, 1.0 - worth])
    }

    /// No move, battle or card is under way: every figure stands in an
    /// area, so the board reads as it will stay until the next choice. A
    /// group on the move or in a battle stands nowhere, and would read as
    /// a legion lost or a sietch left bare.
    fn quiet(&self) -> bool {
        self.effect.is_none()
            && !matches!(
                self.prompt,
                Prompt::Move(_) | Prompt::Battle(_) | Prompt::CalledWorm(..)
            )
    }

    /// The Atreides progress averaged over every secret objective: what
    /// the Harkonnen can tell of it from the markers alone (AR-WIN-02).
    fn mean_objective_progress(&self) -> f64 {
        let objectives = self.d().tables.secret_objectives.len();
        (0..objectives)
            .map(|o| fraction(self.objective_progress(o as u8)))
            .sum::<f64>()
            / objectives.max(1) as f64
    }

    /// The Harkonnen's supremacy points plus the points the standing
    /// sietches promise, over the points that win, at most 1. A sietch
    /// promises its rank (AR-COMBAT-39) times the best threat on it: a
    /// legion's dice over its dice and the defence's (AR-COMBAT-07: the
    /// defenders, plus the sietch's rank), halved per move away.
    fn harkonnen_prospects(&self) -> f64 {
        let d = self.d();
        let board = d.board;
        let win = f64::from(d.tables.tracks.supremacy_win.max(1));
        let legions: Vec<(usize, f64)> = self
            .areas
            .iter()
            .enumerate()
            .filter(|(_, area)| area.has_legion(Faction::Harkonnen, d))
            .map(|(at, area)| {
                let dice =
                    area.unit_count(Faction::Harkonnen) + area.leader_count(Faction::Harkonnen, d);
                (at, f64::from(dice))
            })
            .collect();
        let mut promised = 0.0;
        for site in board.sietch_sites.iter() {
            let area = &self.areas[site.index()];
            let Some(sietch) = area.sietch else {
                continue;
            };
            let defence = f64::from(
                area.unit_count(Faction::Atreides)
                    + area.leader_count(Faction::Atreides, d)
                    + sietch.rank,
            );
            let threat = legions
                .iter()
                .filter_map(|&(at, dice)| {
                    let steps = board.ground_steps(AreaId(at as u8), site);
                    (steps <= THREAT_HORIZON)
                        .then(|| dice / (dice + defence) * STEP_DISCOUNT.powi(i32::from(steps)))
                })
                .fold(0.0, f64::max);
            promised += f64::from(sietch.rank) * threat;
        }
        ((f64::from(self.supremacy) + promised) / win).min(1.0)
    }
}

/// A progress fraction as a number.
fn fraction(p: Progress) -> f64 {
    p.num as f64 / p.den as f64
}
