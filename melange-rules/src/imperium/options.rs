//! Match options: player count, leaders, rules preset and named overrides.
use crate::core::RuleError;

use super::data::data;
use super::ids::LeaderId;

/// A rules preset: every named rule option at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Preset {
    /// The rules text's readings (docs/rules/imperium.md).
    #[default]
    Default,
    /// The publisher's readings where they differ (see `docs/rules-decisions.md`).
    Published,
}

/// The options a game is created with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImperiumOptions {
    /// Human players, 1-4: 1 plays against two solo Rivals and 2 against
    /// House Hagal (`hagal.rs`).
    pub player_count: u8,
    /// Leader data id per seat (`None`: dealt from the seed). May be shorter
    /// than the player count.
    pub leaders: Vec<Option<String>>,
    /// The preset.
    pub preset: Preset,
    /// Named overrides applied after the preset: `(name, value)`, e.g.
    /// `("sell_melange", "published")`. Names: `sell_melange`
    /// (`default`|`published`), `faction_bonus` (`one_time`|`every_time`),
    /// `defensive_bonus` (`automatic`|`optional`), `reveal_order`
    /// (`text`|`published`), `third_place` (`every_count`|`four_players`),
    /// `hagal_garrison` (`rulebook`|`repository`), `hagal_signet`
    /// (`text`|`none`), `solo_difficulty` (`none` or a level id of
    /// `hagal.json` `solo.difficulty_levels`, 1 player only).
    pub overrides: Vec<(String, String)>,
    /// Leader data id per solo Rival (`None`: dealt from the seed among
    /// the solo-compatible leaders). Only for 1 player.
    pub rival_leaders: Vec<Option<String>>,
    /// Asks for no rivals; refused for 1-2 players, which need them.
    pub no_rivals: bool,
    /// MC-ROUNDS-01: the game stops, if still running, when this round
    /// ends (`round_limit.rs`); `None`: no limit. At least 1.
    pub max_rounds: Option<u32>,
}

/// The resolved rule switches a game runs with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rules {
    /// Sell Melange uses the published table (6/8/10/12).
    pub sell_melange_published: bool,
    /// The 4-Influence bonus is paid again on every climb to 4.
    pub faction_bonus_every_time: bool,
    /// IM-START-05 (docs/rules-decisions.md, A5): the controller *may* deploy the
    /// defensive-bonus troop (asked), instead of it being automatic.
    pub defensive_bonus_optional: bool,
    /// IM-REVEAL-02 (docs/rules-decisions.md, A2): acquisitions may be made
    /// before, between or after the Reveal boxes, instead of after all.
    pub reveal_interleave: bool,
    /// IM-COMBAT-12 (docs/rules-decisions.md, A6): the 3rd place reward only in
    /// 4-player games, instead of at every player count.
    pub third_place_four_players: bool,
    /// docs/rules-decisions.md, A14b: House Hagal starts with the repository's
    /// garrison (`hagal.json` `two_player.start.garrison_troops_repository`)
    /// instead of the rulebook's (`garrison_troops`). Not in any preset.
    pub hagal_garrison_repository: bool,
    /// IM-HAGAL-07: House Hagal has no Leader and no Signet Ring (the
    /// published game) instead of the text's Signet ability.
    pub hagal_no_signet: bool,
    /// The solo difficulty level (index into `hagal_data().levels`);
    /// `None`: the text's solo game, Rivals start as players do.
    pub solo_difficulty: Option<u8>,
}

impl Rules {
    /// The switches of a preset.
    pub fn of(preset: Preset) -> Rules {
        let p = preset == Preset::Published;
        Rules {
            sell_melange_published: p,
            faction_bonus_every_time: p,
            defensive_bonus_optional: p,
            reveal_interleave: p,
            third_place_four_players: p,
            hagal_garrison_repository: false,
            hagal_no_signet: p,
            solo_difficulty: None,
        }
    }
}

impl ImperiumOptions {
    /// Options for `n` players with dealt leaders and the default rules.
    pub fn players(n: u8) -> Self {
        ImperiumOptions {
            player_count: n,
            ..Default::default()
        }
    }

    /// Checks the options and resolves rules and chosen leaders.
    pub(crate) fn resolve(&self) -> Result<(Rules, Vec<Option<LeaderId>>), RuleError> {
        match self.player_count {
            1..=4 => {}
            n => {
                return Err(RuleError::InvalidOptions(format!(
                    "Dune: Imperium is for 1-4 players, not {n}"
                )));
            }
        }
        if self.max_rounds == Some(0) {
            return Err(RuleError::InvalidOptions(
                "max_rounds must be at least 1 (MC-ROUNDS-01); leave it out for no limit".into(),
            ));
        }
        if self.leaders.len() > usize::from(self.player_count) {
            return Err(RuleError::InvalidOptions("more leaders than seats".into()));
        }
        let mut leaders = Vec::new();
        for l in &self.leaders {
            match l {
                None => leaders.push(None),
                Some(id) => {
                    let lid = data().leader_id(id).ok_or_else(|| {
                        RuleError::InvalidOptions(format!("unknown leader `{id}`"))
                    })?;
                    if leaders.contains(&Some(lid)) {
                        return Err(RuleError::InvalidOptions(format!(
                            "leader `{id}` chosen twice"
                        )));
                    }
                    leaders.push(Some(lid));
                }
            }
        }
        let mut rules = Rules::of(self.preset);
        for (k, v) in &self.overrides {
            let bad =
                || RuleError::InvalidOptions(format!("unknown value `{v}` for rule option `{k}`"));
            match k.as_str() {
                "sell_melange" => {
                    rules.sell_melange_published = match v.as_str() {
                        "default" => false,
                        "published" => true,
                        _ => return Err(bad()),
                    }
                }
                "faction_bonus" => {
                    rules.faction_bonus_every_time = match v.as_str() {
                        "one_time" => false,
                        "every_time" => true,
                        _ => return Err(bad()),
                    }
                }
                "defensive_bonus" => {
                    rules.defensive_bonus_optional = match v.as_str() {
                        "automatic" => false,
                        "optional" => true,
                        _ => return Err(bad()),
                    }
                }
                "reveal_order" => {
                    rules.reveal_interleave = match v.as_str() {
                        "text" => false,
                        "published" => true,
                        _ => return Err(bad()),
                    }
                }
                "third_place" => {
                    rules.third_place_four_players = match v.as_str() {
                        "every_count" => false,
                        "four_players" => true,
                        _ => return Err(bad()),
                    }
                }
                "hagal_garrison" => {
                    rules.hagal_garrison_repository = match v.as_str() {
                        "rulebook" => false,
                        "repository" => true,
                        _ => return Err(bad()),
                    }
                }
                "hagal_signet" => {
                    rules.hagal_no_signet = match v.as_str() {
                        "text" => false,
                        "none" => true,
                        _ => return Err(bad()),
                    }
                }
                "solo_difficulty" => {
                    let levels = &super::hagal::hagal_data().levels;
                    rules.solo_difficulty = if v == "none" {
                        None
                    } else {
                        let k = levels.iter().position(|l| l.id == *v).ok_or_else(|| {
                            let names: Vec<&str> = levels.iter().map(|l| l.id.as_str()).collect();
                            RuleError::InvalidOptions(format!(
                                "unknown value `{v}` for rule option `solo_difficulty`; use none, {}",
                                names.join(", ")
                            ))
                        })?;
                        if self.player_count != 1 {
                            return Err(RuleError::InvalidOptions(
                                "solo_difficulty is for 1-player games".into(),
                            ));
                        }
                        Some(k as u8)
                    };
                }
                _ => {
                    return Err(RuleError::InvalidOptions(format!(
                        "unknown rule option `{k}`"
                    )));
                }
            }
        }
        Ok((rules, leaders))
    }
}
