//! War for Arrakis expansions, one folder each: Desert War in
//! `expansions/desert_war/` and Smugglers in `expansions/smugglers/`. An
//! expansion adds its figures, prompts and rules as files of its own. The
//! core reaches it only through the hook list, `hooks.rs`: the core calls a
//! `hook_...` method at each moment a rules text names (a round starts, a
//! legion arrives, a turn ends, ...), and the hook list asks each
//! expansion the game plays with through the one `Expansion`
//! interface, which each expansion implements in its own `hooks.rs`. The
//! core game without expansions runs no expansion code.
//!
//! What the core still names: the expansions' actions, decisions, events,
//! state and view are variants and fields of the core's types
//! (`Action::DesertWar`, `Prompt::Smugglers`, `Arrakis.desert_war`,
//! `AreaState.smugglers`, ...), and setup and the options build them.
//! Moving those behind the hook list is the next step of this reshaping.
//!
//! - [`desert_war`]: the Desert War expansion (rule IDs `DW-...`,
//!   docs/rules/desert-war.md).
//! - [`smugglers`]: the Smugglers expansion (rule IDs `SM-...`,
//!   docs/rules/smugglers.md).
pub mod desert_war;
pub(crate) mod hooks;
pub mod smugglers;

use crate::arrakis::Faction;
use crate::arrakis::components::{LeaderKind, Slot};
use crate::arrakis::data::Data;

/// Checks the core leaders an expansion's leader card shares the Atreides
/// Desert Power box with (`field` names the list in its data file, for
/// the error): each must be a named Atreides leader of the core game whose
/// card sits on that box.
pub(crate) fn check_desert_power_box_mates<'a>(
    core: &Data,
    field: &str,
    ids: impl IntoIterator<Item = &'a str>,
) -> Result<(), String> {
    for id in ids {
        let Some(x) = core.leader_id(id) else {
            return Err(format!("{field} names unknown leader {id:?}"));
        };
        let x = core.leader(x);
        if x.faction != Faction::Atreides || x.action_slot != Some(Slot::DesertPower) {
            return Err(format!(
                "{field} names {id:?}, whose card is not on the Atreides Desert Power box"
            ));
        }
        if x.kind == LeaderKind::Generic {
            return Err(format!("{field} names the generic leader {id:?}"));
        }
    }
    Ok(())
}
