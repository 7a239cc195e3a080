//! The Desert War's named rules options (docs/rules-decisions.md, Desert
//! War), resolved from the names and values of [`OPTION_NAMES`]. `false`
//! is always the first value: the rules text's reading, or where the text
//! is silent the project's best reading. The `published` preset sets none
//! of them, since no publisher's text reads any of them differently.
use super::data::OPTION_NAMES;

/// The Desert War switches of a game; present in the core `Rules` only
/// when the expansion is on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DesertWarRules {
    /// `empty_area=no_figure`: only figures make an area non-empty
    /// (Camps, Sandriders, Suspensor deployment).
    pub empty_ignores_tokens: bool,
    /// `smuggler_carryall=harkonnen`: the Smugglers' Carryall counts as a
    /// Harkonnen vehicle.
    pub smuggler_carryall_harkonnen: bool,
    /// `fremen_camps=optional` (DW-CAMP-01): placing Camps is a choice.
    pub camps_optional: bool,
    /// `rocket_own_area=included` (DW-ROCKET-05): the attack may remove a
    /// vehicle in the launchers' own area.
    pub rocket_own_area: bool,
    /// `rocket_adjacent_sectors=same_only` (DW-ROCKET-05): adjacent areas
    /// of the launchers' sector only.
    pub rocket_same_sector_only: bool,
    /// `desert_war_with_desert_power=turn_only` (DW-ATREIDES-01): only a
    /// Desert Power taken as the turn's action brings a Desert War action.
    pub desert_war_turn_only: bool,
    /// `sandworm_riders=one`: a ridden sandworm may not enter an area
    /// holding another Sandrider.
    pub one_rider_per_sandworm: bool,
    /// `sandrider_dice=plus_one` (DW-SANDRIDER-15): a ridden sandworm rolls
    /// one die more than it would, instead of 5.
    pub sandrider_adds_die: bool,
    /// `suspensor_swap=destination_only` (DW-SUSPENSOR-06): the swap only
    /// where the Suspensor Trooper's move ends.
    pub swap_on_destination_only: bool,
    /// `escort_and_transport=stack` (DW-ESCORT-07): one Escort and one
    /// Ornithopter may both carry a legion in one action.
    pub escort_and_transport_stack: bool,
}

impl DesertWarRules {
    /// Whether `name` is one of the expansion's options.
    pub fn knows(name: &str) -> bool {
        OPTION_NAMES.iter().any(|(n, _)| *n == name)
    }

    /// Sets option `name` to the value at `index` of its list in
    /// [`OPTION_NAMES`] (0 = the default). The caller has checked both.
    pub fn set(&mut self, name: &str, index: usize) {
        let on = index == 1;
        let slot = match name {
            "empty_area" => &mut self.empty_ignores_tokens,
            "smuggler_carryall" => &mut self.smuggler_carryall_harkonnen,
            "fremen_camps" => &mut self.camps_optional,
            "rocket_own_area" => &mut self.rocket_own_area,
            "rocket_adjacent_sectors" => &mut self.rocket_same_sector_only,
            "desert_war_with_desert_power" => &mut self.desert_war_turn_only,
            "sandworm_riders" => &mut self.one_rider_per_sandworm,
            "sandrider_dice" => &mut self.sandrider_adds_die,
            "suspensor_swap" => &mut self.swap_on_destination_only,
            _ => &mut self.escort_and_transport_stack,
        };
        *slot = on;
    }
}
