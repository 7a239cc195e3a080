//! Ending a game after a number of rounds (MC-ROUNDS-01): the match
//! option `max_rounds`, so that games between bots that never reach a
//! victory condition still finish. Checked when a round ends, after the
//! rules' own victory check (AR-WIN-02), so a house that wins on the last
//! round wins by the rules.
//!
//! Who wins at the limit (MC-ROUNDS-02): each house's progress
//! (MC-STAND-02) is read against its par, the progress that house had
//! made at the end of the same round in reference games
//! (`data/arrakis/round_limit.json`). The plain fractions cannot be
//! compared: the Atreides markers move nearly every round from the first,
//! while supremacy waits for a sietch to fall, so the fraction rule gave
//! the Atreides 95 to 99.5% of the games a limit of 1 to 8 rounds decided
//! between random bots (docs/rules/competition.md, MC-ROUNDS). Read
//! against the par, each house is ahead in about half of the games where
//! the two play equally, whatever the limit. The fraction rule stays
//! reachable as the rules option `round_limit_standing=progress`.
use std::sync::LazyLock;

use serde::Deserialize;

use super::event::Event;
use super::ids::Faction;
use super::options::Rules;
use super::standing::Progress;
use super::state::Arrakis;
use crate::core::RuleError;

/// The result's reason when the limit ends the game by the fraction of
/// the way (`round_limit_standing=progress`); the result adds each
/// house's way to its victory condition (`standing.rs`).
pub(super) const ROUND_LIMIT: &str =
    "round limit reached: the house nearer its victory condition wins (MC-ROUNDS-01, MC-STAND-02)";

/// The result's reason when the limit ends the game by the par (the
/// default); the result adds each house's way and its par score.
pub(super) const ROUND_LIMIT_PAR: &str = "round limit reached: the house further ahead of its par \
     (its progress in reference games at that round) wins (MC-ROUNDS-01, MC-ROUNDS-02)";

const ROUND_LIMIT_JSON: &str = include_str!("../../../data/arrakis/round_limit.json");

/// The reference games' progress, parsed and checked once per process.
static PARS: LazyLock<ParFile> = LazyLock::new(|| {
    parse_pars(ROUND_LIMIT_JSON).unwrap_or_else(|e| panic!("data/arrakis/round_limit.json: {e}"))
});

/// `data/arrakis/round_limit.json`: the par of each house, per
/// configuration and round.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParFile {
    /// Format tag.
    pub format: String,
    /// Free text: what the file holds and how it was made.
    pub about: String,
    /// The games measured: bots, seeds, the command.
    pub reference: String,
    /// One per set of expansions.
    pub configurations: Vec<ParConfiguration>,
}

/// The pars of one set of expansions.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParConfiguration {
    /// With the Desert War.
    pub desert_war: bool,
    /// With the Smugglers.
    pub smugglers: bool,
    /// Rounds 1, 2, ... in order; a limit past the last uses the last.
    pub rounds: Vec<ParRound>,
}

/// Where each house stood when a limit of `round` rounds ended the
/// reference games still running.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParRound {
    /// The limit.
    pub round: u32,
    /// The reference games the limit ended.
    pub games: u32,
    /// `[percent of the way, games]`, by rising percent, for the
    /// Harkonnen.
    pub harkonnen: Vec<(u8, u32)>,
    /// The same for the Atreides.
    pub atreides: Vec<(u8, u32)>,
}

impl ParRound {
    /// MC-ROUNDS-02: the share of the reference games in which `f` had
    /// made less progress than `percent`, a game level with it counting
    /// half, as an exact fraction.
    pub fn score(&self, f: Faction, percent: u64) -> Progress {
        let histogram = match f {
            Faction::Harkonnen => &self.harkonnen,
            Faction::Atreides => &self.atreides,
        };
        let (below, level) =
            histogram.iter().fold(
                (0u64, 0u64),
                |(below, level), &(p, games)| match u64::from(p).cmp(&percent) {
                    std::cmp::Ordering::Less => (below + u64::from(games), level),
                    std::cmp::Ordering::Equal => (below, level + u64::from(games)),
                    std::cmp::Ordering::Greater => (below, level),
                },
            );
        Progress {
            num: 2 * below + level,
            den: 2 * u64::from(self.games),
        }
    }
}

/// The pars of the expansions `rules` turn on (the file has every set,
/// `parse_pars`).
fn par_configuration(rules: &Rules) -> &'static ParConfiguration {
    PARS.configurations
        .iter()
        .find(|c| {
            c.desert_war == rules.desert_war.is_some() && c.smugglers == rules.smugglers.is_some()
        })
        .expect("every set of expansions has its pars")
}

/// Parses and checks the pars: the format, the texts that say how they
/// were measured, every set of expansions once, rounds from
/// 1 without a gap, every histogram summing to its games, percents rising
/// and at most 100.
pub fn parse_pars(text: &str) -> Result<ParFile, String> {
    let file: ParFile = serde_json::from_str(text).map_err(|e| e.to_string())?;
    if file.format != "melange-arrakis-round-limit-1" {
        return Err(format!("unknown format {:?}", file.format));
    }
    // A par is only as good as its games: the file says which they were.
    if file.about.is_empty() || file.reference.is_empty() {
        return Err("the about and reference texts are required".into());
    }
    for (dw, sm) in [(false, false), (true, false), (false, true), (true, true)] {
        let found = file
            .configurations
            .iter()
            .filter(|c| c.desert_war == dw && c.smugglers == sm)
            .count();
        if found != 1 {
            return Err(format!(
                "{found} configurations with desert_war {dw} and smugglers {sm}; one expected"
            ));
        }
    }
    for c in &file.configurations {
        if c.rounds.is_empty() {
            return Err("a configuration without rounds".into());
        }
        for (i, r) in c.rounds.iter().enumerate() {
            if r.round as usize != i + 1 || r.games == 0 {
                return Err(format!("round {} out of order or without games", r.round));
            }
            for h in [&r.harkonnen, &r.atreides] {
                let sum: u64 = h.iter().map(|(_, g)| u64::from(*g)).sum();
                let rising = h.windows(2).all(|w| w[0].0 < w[1].0);
                if sum != u64::from(r.games) || !rising || h.iter().any(|(p, _)| *p > 100) {
                    return Err(format!(
                        "round {}: a histogram that does not sum to {} games by rising percents",
                        r.round, r.games
                    ));
                }
            }
        }
    }
    Ok(file)
}

impl Arrakis {
    /// MC-ROUNDS-02: a limit past the last round the par is measured for
    /// is refused under the par: there, round 20's par scored the
    /// Harkonnen about 70 to 80% of the games a limit of 30 decided
    /// (docs/rules/competition.md), so no fair tie-break is known. The
    /// fraction rule (`round_limit_standing=progress`) takes any limit.
    pub(super) fn check_round_limit(
        rules: &Rules,
        max_rounds: Option<u32>,
    ) -> Result<(), RuleError> {
        let Some(limit) = max_rounds.filter(|n| *n > 0) else {
            return Ok(());
        };
        let last = par_configuration(rules).rounds.len();
        if rules.round_limit_progress || limit as usize <= last {
            return Ok(());
        }
        Err(RuleError::InvalidOptions(format!(
            "max_rounds {limit} is past round {last}, the last round the round limit's par is \
             measured for (MC-ROUNDS-02): no fair winner can be named there; choose at most \
             {last} rounds, no limit, or the rules option round_limit_standing=progress"
        )))
    }

    /// MC-ROUNDS-01: when the round that just ended is the limit's, the
    /// game ends with the first house by MC-ROUNDS-02 (or, under
    /// `round_limit_standing=progress`, by the standing, MC-STAND-02).
    /// Returns whether it ended.
    pub(crate) fn round_limit_ends(&mut self, ev: &mut Vec<Event>) -> bool {
        let Some(limit) = self.max_rounds else {
            return false;
        };
        if self.winner.is_some() || u32::from(self.round) < limit {
            return false;
        }
        ev.push(Event::RoundLimit { rounds: limit });
        if self.rules.round_limit_progress {
            let first = self.standing_leader();
            self.win(first, ROUND_LIMIT, ev);
        } else {
            let first = self.par_leader();
            self.win(first, ROUND_LIMIT_PAR, ev);
        }
        true
    }

    /// MC-ROUNDS-02: the par of this game's expansions for its round limit
    /// (the last round measured for a longer limit, which only the fraction
    /// rule takes); `None` without a limit.
    pub fn par_round(&self) -> Option<&'static ParRound> {
        self.par_round_at(self.max_rounds?)
    }

    /// The par of this game's expansions at the end of `round` (the last
    /// round measured beyond them).
    fn par_round_at(&self, round: u32) -> Option<&'static ParRound> {
        let config = par_configuration(&self.rules);
        let at = (round as usize).clamp(1, config.rounds.len());
        config.rounds.get(at - 1)
    }

    /// MC-CLOCK-07 with MC-ROUNDS-02: who wins when the game's time limit
    /// ends it with both houses within their share of the time: the house
    /// further ahead of its par at the round in progress (a round limit's
    /// rule, for the same reason: the raw standing favours the Atreides),
    /// or the standing itself under `round_limit_standing=progress`.
    pub fn time_limit_leader(&self) -> Faction {
        let par = self.par_round_at(u32::from(self.round));
        match par.filter(|_| !self.rules.round_limit_progress) {
            Some(par) => {
                let score = |f: Faction| par.score(f, self.progress(f).percent());
                if score(Faction::Harkonnen).beats(score(Faction::Atreides)) {
                    Faction::Harkonnen
                } else {
                    Faction::Atreides
                }
            }
            None => self.standing_leader(),
        }
    }

    /// MC-ROUNDS-02: how far `f` is ahead of its par: the share of the
    /// reference games in which that house had made less progress by the
    /// limit (a game level with it counting half), progress read in whole
    /// percent of the way as the result states it. `None` without a limit.
    pub fn par_score(&self, f: Faction) -> Option<Progress> {
        let percent = self.progress(f).percent();
        Some(self.par_round()?.score(f, percent))
    }

    /// MC-ROUNDS-02: the house further ahead of its par; the Atreides on
    /// an exact tie, as in the standing (MC-STAND-02).
    fn par_leader(&self) -> Faction {
        match (
            self.par_score(Faction::Harkonnen),
            self.par_score(Faction::Atreides),
        ) {
            (Some(h), Some(a)) if h.beats(a) => Faction::Harkonnen,
            (Some(_), Some(_)) => Faction::Atreides,
            _ => self.standing_leader(),
        }
    }

    /// Each house's par score in words, for the result (MC-ROUNDS-02).
    pub(super) fn pars(&self) -> String {
        let par = |f: Faction| match self.par_score(f) {
            Some(p) => format!("{} ahead of {}%", f.name(), p.percent()),
            None => format!("{} without a par", f.name()),
        };
        format!(
            "{} and {} of the reference games at this round",
            par(Faction::Harkonnen),
            par(Faction::Atreides)
        )
    }
}
