//! Match options: expansions (reserved), the rules preset and the named rule
//! options of the `AR-OPT` list, each defaulting to the English text.
use super::expansions::desert_war::DesertWarRules;
use super::expansions::desert_war::data::OPTION_NAMES as DESERT_WAR_OPTIONS;
use super::expansions::smugglers::SmugglersRules;
use super::expansions::smugglers::data::OPTION_NAMES as SMUGGLERS_OPTIONS;
use crate::core::RuleError;

/// A rules preset: every named rule option at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Preset {
    /// The rules texts' readings (the English core text, gaps from the wiki;
    /// docs/rules/war-for-arrakis.md).
    #[default]
    Default,
    /// The publisher's readings where they differ (see `docs/rules-decisions.md`).
    Published,
}

/// The options a game is created with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArrakisOptions {
    /// The Desert War expansion (rule IDs `DW-...`, docs/rules/desert-war.md).
    pub desert_war: bool,
    /// The Smugglers expansion (rule IDs `SM-...`, docs/rules/smugglers.md),
    /// alone or with the Desert War.
    pub smugglers: bool,
    /// The preset.
    pub preset: Preset,
    /// Named overrides applied after the preset, `(name, value)`; see
    /// [`Rules::set`] for the names.
    pub overrides: Vec<(String, String)>,
    /// MC-ROUNDS-01: the game ends, if still running, when this round ends,
    /// the standing deciding (MC-STAND-02). `None` or 0: no limit.
    pub max_rounds: Option<u32>,
}

/// The resolved rule switches a game runs with. `false` is always the
/// English core text's reading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rules {
    /// AR-OPT-01 `advance_after_win`: the winning attacker must advance.
    pub must_advance: bool,
    /// AR-OPT-02 `bene_gesserit_use`: the token is a free action that
    /// reorders the top 3 cards of a deck.
    pub bene_gesserit_reorder: bool,
    /// AR-OPT-03 `desert_power_sandworms`: activate 2 different sandworms.
    pub desert_power_two_worms: bool,
    /// AR-OPT-04 `harkonnen_house_vehicles`: exactly 1 ornithopter, 1
    /// harvester and 1 carryall.
    pub house_vehicles_fixed: bool,
    /// AR-OPT-05 `defender_retreat`: the defender may retreat.
    pub defender_retreat: bool,
    /// AR-OPT-06 `continue_battle_cost`: continuing costs a hit only against
    /// a settlement or sietch.
    pub continue_cost_settlement_only: bool,
    /// AR-OPT-07 `surprise_attack_bonus`: +1 Special instead of +1 die.
    pub surprise_special: bool,
    /// AR-OPT-08 `sandworm_emerges_on_legion`: the wiki's retreat reading.
    pub sandworm_legion_retreats: bool,
    /// AR-HAZ-32, AR-OPT-09 `storm_exposure`: which areas Coriolis Storms
    /// spare besides the mountains.
    pub storm_exposure: StormExposure,
    /// AR-OPT-10 `excess_dice_reassignment`: least-filled results first.
    pub excess_least_filled: bool,
    /// AR-OPT-11 `wild_maker_from_wormsign`: the Wild Maker only by cards.
    pub wild_maker_cards_only: bool,
    /// `harkonnen_dashboard_slots`: the printed dashboard (2 Deployment and
    /// 2 House slots) instead of the text's 3 per result.
    pub printed_dashboard: bool,
    /// `gurney_combat_strip`: Gurney Halleck converts a Special as printed.
    pub gurney_strip: bool,
    /// `spice_must_flow_ornithopters`: the printed Spice Must Flow board's
    /// ornithopters (`ornithopters_printed`, the third row's 3) instead of
    /// the wiki's worked example (2).
    pub printed_ornithopters: bool,
    /// MC-ROUNDS-02 `round_limit_standing`: `progress` decides a game the
    /// round limit ends by the plain fraction of the way (MC-STAND-02)
    /// instead of each house's par.
    pub round_limit_progress: bool,
    /// The Desert War expansion's switches, present when it is on.
    pub desert_war: Option<DesertWarRules>,
    /// The Smugglers expansion's switches, present when it is on.
    pub smugglers: Option<SmugglersRules>,
}

/// Which areas Coriolis Storms strike (AR-HAZ-32, AR-HAZ-33, AR-OPT-09).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum StormExposure {
    /// `text`: every plateau, minor erg and desert area (AR-HAZ-32).
    #[default]
    Text,
    /// `enclosed_plateaus`: the central plateaus mountains enclose
    /// (`storm_exempt` in the board data) are spared too, as the published
    /// game plays it; an area the Family Atomics turned into desert is
    /// exposed.
    EnclosedPlateaus,
    /// `settlements`: areas holding a Harkonnen settlement are spared (the
    /// wiki, AR-OPT-09).
    Settlements,
}

/// Every option name with its values, the English text's first; the
/// `published` preset's value is given by [`Rules::of`]. The last,
/// `round_limit_standing`, is a competition rule (MC-ROUNDS-02), `par` in
/// both presets.
pub const OPTION_NAMES: [(&str, &[&str]); 15] = [
    ("advance_after_win", &["may", "must"]),
    ("bene_gesserit_use", &["temporary_die", "reorder"]),
    ("desert_power_sandworms", &["one_attacks", "two_activate"]),
    (
        "harkonnen_house_vehicles",
        &["two_of_choice", "one_of_each"],
    ),
    ("defender_retreat", &["never", "may_retreat"]),
    ("continue_battle_cost", &["always", "settlement_only"]),
    ("surprise_attack_bonus", &["die", "special"]),
    ("sandworm_emerges_on_legion", &["attacks", "retreats"]),
    (
        "storm_exposure",
        &["text", "enclosed_plateaus", "settlements"],
    ),
    (
        "excess_dice_reassignment",
        &["any_free_slot", "least_filled"],
    ),
    ("wild_maker_from_wormsign", &["allowed", "cards_only"]),
    ("harkonnen_dashboard_slots", &["text", "printed"]),
    ("gurney_combat_strip", &["none", "printed"]),
    ("spice_must_flow_ornithopters", &["wiki", "printed"]),
    ("round_limit_standing", &["par", "progress"]),
];

/// An old option name, its new name, and each old value's new value.
type Alias = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
);

/// Older option names still accepted, with each old value's new setting:
/// `storm_spares_settlements` (AR-OPT-09's first name) is `storm_exposure`.
const ALIASES: [Alias; 1] = [(
    "storm_spares_settlements",
    "storm_exposure",
    &[("no", "text"), ("yes", "settlements")],
)];

impl Rules {
    /// The switches of a preset. `Published` takes the readings found in
    /// the publisher's rulebook or on the printed components
    /// (docs/rules-decisions.md, rules options).
    pub fn of(preset: Preset) -> Rules {
        let p = preset == Preset::Published;
        Rules {
            defender_retreat: p,
            continue_cost_settlement_only: p,
            sandworm_legion_retreats: p,
            desert_power_two_worms: p,
            printed_dashboard: p,
            gurney_strip: p,
            printed_ornithopters: p,
            storm_exposure: if p {
                StormExposure::EnclosedPlateaus
            } else {
                StormExposure::Text
            },
            ..Rules::default()
        }
    }

    /// Sets one named option; an unknown name or value is refused.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), RuleError> {
        if let Some(&(old, new, values)) = ALIASES.iter().find(|(n, ..)| *n == name) {
            let Some(&(_, v)) = values.iter().find(|(x, _)| *x == value) else {
                let list: Vec<&str> = values.iter().map(|(x, _)| *x).collect();
                return Err(RuleError::InvalidOptions(format!(
                    "option {old:?} takes {}, not {value:?}",
                    list.join(" or ")
                )));
            };
            return self.set(new, v);
        }
        if DesertWarRules::knows(name) {
            let Some(dw) = self.desert_war.as_mut() else {
                return Err(expansion_off(name, "Desert War", "desert_war"));
            };
            dw.set(name, value_index(name, value, &DESERT_WAR_OPTIONS)?);
            return Ok(());
        }
        if SmugglersRules::knows(name) {
            let Some(sm) = self.smugglers.as_mut() else {
                return Err(expansion_off(name, "Smugglers", "smugglers"));
            };
            sm.set(name, value_index(name, value, &SMUGGLERS_OPTIONS)?);
            return Ok(());
        }
        if !OPTION_NAMES.iter().any(|(n, _)| *n == name) {
            return Err(RuleError::InvalidOptions(format!(
                "unknown War for Arrakis rules option {name:?}"
            )));
        }
        let index = value_index(name, value, &OPTION_NAMES)?;
        if name == "storm_exposure" {
            self.storm_exposure = [
                StormExposure::Text,
                StormExposure::EnclosedPlateaus,
                StormExposure::Settlements,
            ][index];
            return Ok(());
        }
        let on = index == 1;
        let slot = match name {
            "advance_after_win" => &mut self.must_advance,
            "bene_gesserit_use" => &mut self.bene_gesserit_reorder,
            "desert_power_sandworms" => &mut self.desert_power_two_worms,
            "harkonnen_house_vehicles" => &mut self.house_vehicles_fixed,
            "defender_retreat" => &mut self.defender_retreat,
            "continue_battle_cost" => &mut self.continue_cost_settlement_only,
            "surprise_attack_bonus" => &mut self.surprise_special,
            "sandworm_emerges_on_legion" => &mut self.sandworm_legion_retreats,
            "excess_dice_reassignment" => &mut self.excess_least_filled,
            "wild_maker_from_wormsign" => &mut self.wild_maker_cards_only,
            "harkonnen_dashboard_slots" => &mut self.printed_dashboard,
            "spice_must_flow_ornithopters" => &mut self.printed_ornithopters,
            "round_limit_standing" => &mut self.round_limit_progress,
            _ => &mut self.gurney_strip,
        };
        *slot = on;
        Ok(())
    }
}

/// The position of `value` in the list of values of option `name` in
/// `options`; a value it does not take is refused with the list.
fn value_index(name: &str, value: &str, options: &[(&str, &[&str])]) -> Result<usize, RuleError> {
    let values = options
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(&[][..], |(_, v)| *v);
    values.iter().position(|v| *v == value).ok_or_else(|| {
        RuleError::InvalidOptions(format!(
            "option {name:?} takes {}, not {value:?}",
            values.join(" or ")
        ))
    })
}

/// The refusal of an expansion's option while the expansion is off.
fn expansion_off(name: &str, expansion: &str, switch: &str) -> RuleError {
    RuleError::InvalidOptions(format!(
        "option {name:?} belongs to the {expansion} expansion: turn on {switch} to use it"
    ))
}

impl ArrakisOptions {
    /// Resolves the preset, the expansions and the overrides.
    pub fn rules(&self) -> Result<Rules, RuleError> {
        let mut r = Rules::of(self.preset);
        if self.desert_war {
            r.desert_war = Some(DesertWarRules::default());
        }
        if self.smugglers {
            r.smugglers = Some(SmugglersRules::default());
        }
        for (n, v) in &self.overrides {
            r.set(n, v)?;
        }
        Ok(r)
    }
}
