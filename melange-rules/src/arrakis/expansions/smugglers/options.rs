//! The Smugglers' named rules options (docs/rules-decisions.md, Smugglers),
//! resolved from the names and values of [`OPTION_NAMES`]. `false` is
//! always the first value: the rules text's reading, or where the text is
//! silent the project's best reading. The `published` preset sets none of
//! them, since no publisher's text reads any of them differently.
use super::data::OPTION_NAMES;

/// The Smugglers switches of a game; present in the core `Rules` only when
/// the expansion is on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SmugglersRules {
    /// `smuggler_thopters=mandatory` (SM-THOPTER-04): every available
    /// Smuggler ornithopter must be placed.
    pub thopters_mandatory: bool,
    /// `thopter_battles=unlimited` (SM-THOPTER-08): one thopter battle per
    /// forgone ornithopter instead of one per placement.
    pub battles_unlimited: bool,
    /// `wormsign_with_smugglers=never` (SM-ROUND-08): no wormsign in an area
    /// with Smuggler units at any time, Desert Power included.
    pub no_wormsign_ever: bool,
    /// `smugglers_die_leaders=enhanced` (SM-DIE-06): the Leadership result
    /// moves a legion with its leader's enhanced options.
    pub die_leaders_enhanced: bool,
    /// `smuggler_thopters_return=leave_game`: a used or removed Smuggler
    /// ornithopter leaves the game instead of going back to the board.
    pub thopters_leave_game: bool,
}

impl SmugglersRules {
    /// Whether `name` is one of the expansion's options.
    pub fn knows(name: &str) -> bool {
        OPTION_NAMES.iter().any(|(n, _)| *n == name)
    }

    /// Sets option `name` to the value at `index` of its list in
    /// [`OPTION_NAMES`] (0 = the default). The caller has checked both.
    pub fn set(&mut self, name: &str, index: usize) {
        let on = index == 1;
        let slot = match name {
            "smuggler_thopters" => &mut self.thopters_mandatory,
            "thopter_battles" => &mut self.battles_unlimited,
            "wormsign_with_smugglers" => &mut self.no_wormsign_ever,
            "smugglers_die_leaders" => &mut self.die_leaders_enhanced,
            _ => &mut self.thopters_leave_game,
        };
        *slot = on;
    }
}
