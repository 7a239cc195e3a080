//! The Desert War expansion's facts: `data/arrakis/desert_war.json`,
//! parsed with serde (unknown fields refused) and checked at load, alone
//! and against the core game's data (Spice Must Flow rows, combat die
//! faces, dice cap, leaders). Every number the expansion's rules give, and
//! every default for what they leave open, lives in that file; why each
//! default was chosen is in `docs/rules-decisions.md` (Desert War). The
//! rules options the expansion adds are listed in [`OPTION_NAMES`].
use std::collections::BTreeSet;
use std::sync::LazyLock;

use serde::Deserialize;

use crate::arrakis::data::{Data, data};
use crate::arrakis::expansions::check_desert_power_box_mates;
use crate::arrakis::{CombatFace, Faction, Marker};

/// The format tag the file must carry.
pub const DESERT_WAR_FORMAT: &str = "melange.arrakis.desert_war/1";

const DESERT_WAR_JSON: &str = include_str!("../../../../../data/arrakis/desert_war.json");

/// The rules options the expansion adds, each with its values, the
/// default (the rules text's reading, or where the text is silent the
/// project's best reading) first. No publisher's text reads any of them
/// differently, so the `published` preset sets none of them
/// (docs/rules-decisions.md, Desert War). Not wired into the core
/// options yet: the engineer who offers the expansion adds them to the
/// core option list.
pub const OPTION_NAMES: [(&str, &[&str]); 10] = [
    // What "empty" means for Camps, Sandriders and Suspensor deployment.
    ("empty_area", &["no_token_or_figure", "no_figure"]),
    // Whether the Smugglers' carryall is a Harkonnen vehicle here.
    ("smuggler_carryall", &["not_harkonnen", "harkonnen"]),
    // DW-CAMP-01: all available Camps must be placed, or may be.
    ("fremen_camps", &["compulsory", "optional"]),
    // DW-ROCKET-05: may the attack hit the launchers' own area?
    ("rocket_own_area", &["excluded", "included"]),
    // DW-ROCKET-05: adjacent areas in any sector, or the launchers' only.
    ("rocket_adjacent_sectors", &["any", "same_only"]),
    // DW-ATREIDES-01: every Desert Power, or only the turn's own.
    ("desert_war_with_desert_power", &["every", "turn_only"]),
    // A ridden sandworm may carry a second Sandrider, or not.
    ("sandworm_riders", &["several", "one"]),
    // DW-SANDRIDER-15: 5 dice in place of 4, or 1 die more than usual.
    ("sandrider_dice", &["set_to_five", "plus_one"]),
    // DW-SUSPENSOR-06: the swap on every area entered, or the last only.
    ("suspensor_swap", &["on_entry", "destination_only"]),
    // DW-ESCORT-07: one Ornithopter of either kind per legion per action
    // (Escort Troops is a form of Troop-Transport), or one of each.
    ("escort_and_transport", &["one_per_legion", "stack"]),
];

/// A mode the expansion refuses to run with (DW-COMPAT-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// The Mahdi solo mode.
    MahdiSolo,
}

/// Compatibility with other modes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Compatibility {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Modes refused together with the expansion (DW-COMPAT-01).
    pub incompatible_modes: Vec<Mode>,
}

/// The Harkonnen components (DW-SETUP-01 to DW-SETUP-03, DW-SETUP-08).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HarkonnenBox {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Escort Ornithopters (DW-SETUP-01).
    pub escort_ornithopters: u8,
    /// Suspensor Trooper figures (DW-SETUP-02).
    pub suspensor_troopers: u8,
    /// Desert War tokens (DW-SETUP-03).
    pub desert_war_tokens: u8,
}

/// The Atreides components (DW-SETUP-04 to DW-SETUP-07, DW-SETUP-09).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtreidesBox {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Sandrider figures (DW-SETUP-04).
    pub sandriders: u8,
    /// Rocket Launcher figures (DW-SETUP-05).
    pub rocket_launchers: u8,
    /// Fremen Camp figures (DW-SETUP-06).
    pub camps: u8,
    /// The prescience marker on each Camp token, one entry per token
    /// (DW-SETUP-06, DW-CAMP-06).
    pub camp_tokens: Vec<Marker>,
    /// Leader cards, ids of [`SandridersLeader`] (DW-SETUP-07).
    pub leader_cards: Vec<String>,
}

/// Where a reference card lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Placement {
    /// On the right of its owner's dashboard.
    RightOfDashboard,
    /// Within its owner's reach.
    WithinReach,
}

/// A player aid (no rules of its own).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferenceCard {
    /// Data id.
    pub id: String,
    /// Printed title.
    pub title: String,
    /// Whose it is.
    pub faction: Faction,
    /// Where it lies.
    pub placement: Placement,
    /// The rule topics it sums up (`DW-...` prefixes).
    pub topics: Vec<String>,
}

/// The reference cards.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferenceCards {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// The cards.
    pub cards: Vec<ReferenceCard>,
}

/// Desert War tokens on the Spice Must Flow board (DW-HARKONNEN-01 to
/// DW-HARKONNEN-09).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenSlots {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// The rows (1 = top) whose first column holds a slot, increasing.
    pub slot_rows: Vec<u8>,
    /// Tokens that may be discarded per Harkonnen die spent
    /// (DW-HARKONNEN-06).
    pub per_die_spent: u8,
    /// Tokens left on the board go back at the End of the Round.
    pub cleared_at_end_of_round: bool,
}

impl TokenSlots {
    /// The tokens placed at the end of Vehicle Placement with `row`
    /// (1-based) active: one on each slot below it (DW-HARKONNEN-01,
    /// DW-HARKONNEN-02), at most `tokens` (DW-HARKONNEN-03).
    pub fn tokens_placed(&self, row: u8, tokens: u8) -> u8 {
        let free = self.slot_rows.iter().filter(|&&r| r > row).count();
        tokens.min(u8::try_from(free).unwrap_or(u8::MAX))
    }

    /// The slots the set-aside dice fill with `row` active (the core
    /// Vehicle Placement rule).
    pub fn dice_slots(&self, row: u8) -> u8 {
        let n = self.slot_rows.iter().filter(|&&r| r <= row).count();
        u8::try_from(n).unwrap_or(u8::MAX)
    }
}

/// Harkonnen Desert War actions (DW-HARKONNEN-10 to DW-HARKONNEN-18).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HarkonnenActions {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Suspensor Troopers one deploy places, at most (DW-HARKONNEN-11).
    pub deploy_up_to: u8,
    /// All areas of one deploy lie in one sector (DW-HARKONNEN-13).
    pub deploy_one_sector: bool,
    /// Suspensor Troopers one move moves (DW-HARKONNEN-15).
    pub move_troopers: u8,
    /// Suspensor Troopers one scout removes (DW-HARKONNEN-16).
    pub scout_troopers_removed: u8,
    /// Areas one scout reveals (DW-HARKONNEN-16).
    pub scout_areas: u8,
}

/// Suspensor Trooper movement (DW-SUSPENSOR-06, DW-SUSPENSOR-09 to
/// DW-SUSPENSOR-11).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuspensorTroopers {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Areas one move covers, at most (DW-SUSPENSOR-09).
    pub move_areas: u8,
    /// Impassable borders do not stop it (DW-SUSPENSOR-10).
    pub ignores_impassable: bool,
    /// Atreides Desert Troopers removed with it on entering their area
    /// (DW-SUSPENSOR-06).
    pub swap_removes: u8,
}

/// Fremen Camps (DW-CAMP-01 to DW-CAMP-09, DW-ROCKET-09).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Camps {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Camps per sector (DW-CAMP-02).
    pub per_sector: u8,
    /// Every available Camp must be placed while a legal area is left
    /// (DW-CAMP-01; the `fremen_camps` option).
    pub compulsory: bool,
    /// Prescience steps a Camp traded after a harvester kill gives
    /// (DW-ROCKET-09).
    pub trade_prescience: u8,
}

/// Atreides Desert War actions (DW-ATREIDES-01 to DW-ATREIDES-07).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtreidesActions {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Desert War actions per Desert Power action (DW-ATREIDES-01).
    pub per_desert_power: u8,
    /// Rocket Launchers one deploy places, at most (DW-ATREIDES-05).
    pub deploy_up_to: u8,
}

/// A kind of Harkonnen vehicle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VehicleKind {
    /// A harvester, in a desert area.
    Harvester,
    /// A standard ornithopter, in an air zone.
    Ornithopter,
    /// A carryall, in an air zone.
    Carryall,
    /// An Escort Ornithopter in an air zone (not one that joined a legion).
    EscortOrnithopter,
}

/// The Rocket Launcher special attack (DW-ROCKET-03 to DW-ROCKET-11).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RocketLaunchers {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Combat dice per Rocket Launcher in the sector (DW-ROCKET-04).
    pub dice_per_launcher: u8,
    /// Faces that remove a vehicle (DW-ROCKET-05).
    pub scoring_faces: Vec<CombatFace>,
    /// Vehicles removed per scoring face (DW-ROCKET-05).
    pub vehicles_per_result: u8,
    /// Rocket Launchers lost per vehicle removed (DW-ROCKET-07).
    pub launchers_lost_per_vehicle: u8,
    /// Vehicles the attack may remove (DW-ROCKET-05).
    pub targets: Vec<VehicleKind>,
    /// Vehicles whose removal allows the Camp trade (DW-ROCKET-09).
    pub camp_trade_needs: Vec<VehicleKind>,
}

/// Sandriders (DW-SANDRIDER-02 to DW-SANDRIDER-16).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sandriders {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Sandriders one wormsign Desert Power may place instead of a
    /// wormsign (DW-SANDRIDER-03).
    pub per_wormsign_desert_power: u8,
    /// A ridden sandworm's move or attack reach (DW-SANDRIDER-14).
    pub ridden_reach: u8,
    /// A ridden sandworm's attack dice (DW-SANDRIDER-15).
    pub ridden_dice: u8,
    /// Areas on the way of a farthest attack that must be Desert
    /// (DW-SANDRIDER-16).
    pub far_attack_desert_steps: u8,
}

/// Escort Ornithopters (DW-ESCORT-01 to DW-ESCORT-12).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EscortOrnithopters {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Escorts in one placement of ornithopters, at most (DW-ESCORT-03).
    pub per_placement: u8,
    /// Escorts one legion uses in one action, at most (DW-ESCORT-07).
    pub per_legion_action: u8,
    /// Extra areas of move or attack, as troop-transport (DW-ESCORT-06).
    pub extra_areas: u8,
    /// Hits an Escort in a legion may absorb (DW-ESCORT-10, DW-ESCORT-11).
    pub hits_to_remove: u8,
}

/// The Sandriders leader card (DW-SETUP-07, DW-SETUP-10,
/// DW-SANDRIDER-05 to DW-SANDRIDER-08, DW-LEADERS-01 to DW-LEADERS-03).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SandridersLeader {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Owner.
    pub faction: Faction,
    /// Sandworms its special action places (DW-SANDRIDER-05).
    pub sandworms: u8,
    /// Wormsigns it then places (DW-SANDRIDER-08).
    pub wormsigns: u8,
    /// Core leaders whose card may share the Desert Power box
    /// (DW-LEADERS-01).
    pub shares_box_with: Vec<String>,
}

/// Everything in `desert_war.json`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DesertWar {
    /// Format tag.
    pub format: String,
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Compatibility.
    pub compatibility: Compatibility,
    /// Harkonnen components.
    pub harkonnen: HarkonnenBox,
    /// Atreides components.
    pub atreides: AtreidesBox,
    /// Player aids.
    pub reference_cards: ReferenceCards,
    /// Desert War token slots.
    pub desert_war_tokens: TokenSlots,
    /// Harkonnen Desert War actions.
    pub harkonnen_actions: HarkonnenActions,
    /// Suspensor Troopers.
    pub suspensor_troopers: SuspensorTroopers,
    /// Fremen Camps.
    pub camps: Camps,
    /// Atreides Desert War actions.
    pub atreides_actions: AtreidesActions,
    /// The Rocket Launcher attack.
    pub rocket_launchers: RocketLaunchers,
    /// Sandriders.
    pub sandriders: Sandriders,
    /// Escort Ornithopters.
    pub escort_ornithopters: EscortOrnithopters,
    /// The Sandriders leader card.
    pub sandriders_leader: SandridersLeader,
}

/// Parses a Desert War file and checks it, alone and against the core
/// game's `core` data. Errors name the field, for a person.
pub fn parse_desert_war(json: &str, core: &Data) -> Result<DesertWar, String> {
    let d: DesertWar = serde_json::from_str(json).map_err(|e| format!("desert_war: {e}"))?;
    d.check(core).map_err(|e| format!("desert_war: {e}"))?;
    Ok(d)
}

impl DesertWar {
    fn check(&self, core: &Data) -> Result<(), String> {
        if self.format != DESERT_WAR_FORMAT {
            return Err(format!(
                "format {:?} is not {DESERT_WAR_FORMAT:?}",
                self.format
            ));
        }
        self.check_counts()?;
        self.check_tokens(core)?;
        self.check_actions(core)?;
        self.check_leader(core)?;
        let mut ids = BTreeSet::new();
        for c in &self.reference_cards.cards {
            if !ids.insert(c.id.as_str()) {
                return Err(format!("reference card {:?} is listed twice", c.id));
            }
            if c.topics.is_empty() || c.topics.iter().any(|t| !t.starts_with("DW-")) {
                return Err(format!("reference card {:?} needs DW- topics", c.id));
            }
        }
        Ok(())
    }

    /// DW-SETUP-01 to DW-SETUP-07, DW-CAMP-06.
    fn check_counts(&self) -> Result<(), String> {
        let h = &self.harkonnen;
        let a = &self.atreides;
        for (n, what) in [
            (h.escort_ornithopters, "harkonnen.escort_ornithopters"),
            (h.suspensor_troopers, "harkonnen.suspensor_troopers"),
            (h.desert_war_tokens, "harkonnen.desert_war_tokens"),
            (a.sandriders, "atreides.sandriders"),
            (a.rocket_launchers, "atreides.rocket_launchers"),
            (a.camps, "atreides.camps"),
        ] {
            if n == 0 {
                return Err(format!("{what} is 0"));
            }
        }
        if a.camp_tokens.len() != usize::from(a.camps) {
            return Err(format!(
                "{} Camp tokens for {} Camp figures (DW-SETUP-06)",
                a.camp_tokens.len(),
                a.camps
            ));
        }
        let markers: BTreeSet<Marker> = a.camp_tokens.iter().copied().collect();
        if markers.len() != a.camp_tokens.len() {
            return Err("two Camp tokens show the same prescience marker (DW-CAMP-06)".into());
        }
        if a.leader_cards != [self.sandriders_leader.id.clone()] {
            return Err(format!(
                "atreides.leader_cards must name the one Sandriders leader card {:?} (DW-SETUP-07)",
                self.sandriders_leader.id
            ));
        }
        Ok(())
    }

    /// DW-HARKONNEN-01 to DW-HARKONNEN-03, against the core Spice Must Flow
    /// rows: the dice set aside on each row fill the slots down to it.
    fn check_tokens(&self, core: &Data) -> Result<(), String> {
        let t = &self.desert_war_tokens;
        let rows = &core.tables.spice_must_flow.rows;
        let mut last = 0;
        for &r in &t.slot_rows {
            if r <= last || usize::from(r) > rows.len() {
                return Err(format!(
                    "desert_war_tokens.slot_rows must be increasing rows 1 to {}",
                    rows.len()
                ));
            }
            last = r;
        }
        if t.slot_rows.len() > usize::from(self.harkonnen.desert_war_tokens) {
            return Err(format!(
                "{} slots for {} Desert War tokens: a slot would stay empty",
                t.slot_rows.len(),
                self.harkonnen.desert_war_tokens
            ));
        }
        let owned = core.tables.action_dice.harkonnen.dice;
        for (i, row) in rows.iter().enumerate() {
            let n = u8::try_from(i + 1).unwrap_or(u8::MAX);
            let set_aside = owned.saturating_sub(row.dice);
            if set_aside != t.dice_slots(n) {
                return Err(format!(
                    "Spice Must Flow row {n} sets {set_aside} dice aside but has {} first-column slots down to it",
                    t.dice_slots(n)
                ));
            }
        }
        if t.per_die_spent == 0 {
            return Err("desert_war_tokens.per_die_spent is 0".into());
        }
        Ok(())
    }

    /// The action numbers (DW-HARKONNEN-11 to -16, DW-ATREIDES-05,
    /// DW-ROCKET-04 to -09, DW-SANDRIDER-14 to -16, DW-ESCORT-03 to -10).
    fn check_actions(&self, core: &Data) -> Result<(), String> {
        let ha = &self.harkonnen_actions;
        let zero = |n: u8, what: &str| -> Result<(), String> {
            if n == 0 {
                Err(format!("{what} is 0"))
            } else {
                Ok(())
            }
        };
        zero(ha.deploy_up_to, "harkonnen_actions.deploy_up_to")?;
        zero(ha.move_troopers, "harkonnen_actions.move_troopers")?;
        zero(
            ha.scout_troopers_removed,
            "harkonnen_actions.scout_troopers_removed",
        )?;
        zero(ha.scout_areas, "harkonnen_actions.scout_areas")?;
        if ha.deploy_up_to > self.harkonnen.suspensor_troopers
            || ha.move_troopers > self.harkonnen.suspensor_troopers
            || ha.scout_troopers_removed > self.harkonnen.suspensor_troopers
        {
            return Err(
                "a Harkonnen Desert War action uses more Suspensor Troopers than exist".into(),
            );
        }
        let s = &self.suspensor_troopers;
        zero(s.move_areas, "suspensor_troopers.move_areas")?;
        zero(s.swap_removes, "suspensor_troopers.swap_removes")?;
        let c = &self.camps;
        zero(c.per_sector, "camps.per_sector")?;
        zero(c.trade_prescience, "camps.trade_prescience")?;
        if c.trade_prescience > core.tables.tracks.prescience_max {
            return Err("camps.trade_prescience is past the prescience track".into());
        }
        let aa = &self.atreides_actions;
        zero(aa.per_desert_power, "atreides_actions.per_desert_power")?;
        zero(aa.deploy_up_to, "atreides_actions.deploy_up_to")?;
        if aa.deploy_up_to > self.atreides.rocket_launchers {
            return Err("atreides_actions.deploy_up_to is more than the Rocket Launchers".into());
        }
        let r = &self.rocket_launchers;
        zero(r.dice_per_launcher, "rocket_launchers.dice_per_launcher")?;
        zero(
            r.vehicles_per_result,
            "rocket_launchers.vehicles_per_result",
        )?;
        zero(
            r.launchers_lost_per_vehicle,
            "rocket_launchers.launchers_lost_per_vehicle",
        )?;
        if r.scoring_faces.is_empty() {
            return Err("rocket_launchers.scoring_faces is empty".into());
        }
        if let Some(f) = r
            .scoring_faces
            .iter()
            .find(|f| !core.tables.combat.faces.contains(f))
        {
            return Err(format!(
                "rocket_launchers.scoring_faces names {f:?}, which no combat die face shows"
            ));
        }
        if r.targets.is_empty() {
            return Err("rocket_launchers.targets is empty".into());
        }
        if let Some(v) = r.camp_trade_needs.iter().find(|v| !r.targets.contains(v)) {
            return Err(format!(
                "rocket_launchers.camp_trade_needs names {v:?}, which the attack cannot remove"
            ));
        }
        let sr = &self.sandriders;
        zero(
            sr.per_wormsign_desert_power,
            "sandriders.per_wormsign_desert_power",
        )?;
        let hz = &core.tables.hazards;
        if sr.ridden_dice < hz.sandworm_dice || sr.ridden_dice > core.tables.combat.max_dice {
            return Err(format!(
                "sandriders.ridden_dice must be from the sandworm's {} to the roll cap {}",
                hz.sandworm_dice, core.tables.combat.max_dice
            ));
        }
        if sr.ridden_reach < 2 || sr.far_attack_desert_steps >= sr.ridden_reach {
            return Err(
                "sandriders.ridden_reach must be at least 2 and more than far_attack_desert_steps"
                    .into(),
            );
        }
        let e = &self.escort_ornithopters;
        zero(e.per_placement, "escort_ornithopters.per_placement")?;
        zero(e.per_legion_action, "escort_ornithopters.per_legion_action")?;
        zero(e.extra_areas, "escort_ornithopters.extra_areas")?;
        zero(e.hits_to_remove, "escort_ornithopters.hits_to_remove")?;
        if e.per_placement > self.harkonnen.escort_ornithopters {
            return Err("escort_ornithopters.per_placement is more than the Escorts".into());
        }
        Ok(())
    }

    /// DW-SANDRIDER-05 to -08, DW-LEADERS-01: the card is Atreides, and
    /// every leader it shares its box with exists, is Atreides and sits on
    /// the Desert Power box.
    fn check_leader(&self, core: &Data) -> Result<(), String> {
        let l = &self.sandriders_leader;
        if l.faction != Faction::Atreides {
            return Err(format!("the {:?} leader card is not Atreides", l.id));
        }
        if core.leader_id(&l.id).is_some() {
            return Err(format!("the {:?} leader card is also a core leader", l.id));
        }
        if l.sandworms == 0 {
            return Err("sandriders_leader.sandworms is 0".into());
        }
        check_desert_power_box_mates(
            core,
            "sandriders_leader.shares_box_with",
            l.shares_box_with.iter().map(String::as_str),
        )
    }
}

static DESERT_WAR: LazyLock<DesertWar> =
    LazyLock::new(|| match parse_desert_war(DESERT_WAR_JSON, data()) {
        Ok(d) => d,
        Err(e) => panic!("data/arrakis: {e}"),
    });

/// The shared, checked Desert War facts (parsed once per process; the file
/// is embedded at build time and checked by this module's tests, so the
/// parse cannot fail at run time).
pub fn desert_war() -> &'static DesertWar {
    &DESERT_WAR
}

/// The embedded Desert War text, for tests that break it.
pub fn desert_war_json() -> &'static str {
    DESERT_WAR_JSON
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// The embedded file with one change, parsed against the core data.
    fn with(edit: impl FnOnce(&mut Value)) -> Result<DesertWar, String> {
        let mut v: Value = serde_json::from_str(desert_war_json()).expect("valid JSON");
        edit(&mut v);
        parse_desert_war(&v.to_string(), data())
    }

    fn refused(edit: impl FnOnce(&mut Value), says: &str) {
        match with(edit) {
            Ok(_) => panic!("accepted; expected a refusal naming {says:?}"),
            Err(e) => assert!(e.contains(says), "{e:?} does not name {says:?}"),
        }
    }

    // DW-SETUP-01, DW-SETUP-02, DW-SETUP-03: the Harkonnen box.
    #[test]
    fn harkonnen_components() {
        let h = &desert_war().harkonnen;
        assert_eq!(h.escort_ornithopters, 2);
        assert_eq!(h.suspensor_troopers, 6);
        assert_eq!(h.desert_war_tokens, 4);
    }

    // DW-SETUP-04, DW-SETUP-05, DW-SETUP-06, DW-SETUP-07: the Atreides box.
    #[test]
    fn atreides_components() {
        let d = desert_war();
        let a = &d.atreides;
        assert_eq!(a.sandriders, 2);
        assert_eq!(a.rocket_launchers, 6);
        assert_eq!(a.camps, 3);
        assert_eq!(a.camp_tokens.len(), 3);
        assert_eq!(a.leader_cards, ["sandriders"]);
        assert_eq!(d.sandriders_leader.id, "sandriders");
        assert_eq!(d.sandriders_leader.faction, Faction::Atreides);
    }

    // DW-SETUP-06: as many Camp tokens as Camp figures.
    #[test]
    fn camp_tokens_match_camps() {
        refused(
            |v| v["atreides"]["camp_tokens"] = json!(["jihad", "sand_dwellers"]),
            "DW-SETUP-06",
        );
    }

    // DW-CAMP-06: the Camp tokens show different prescience markers, one
    // of each of the three (DW-ROCKET-12's Camp shows Kwisatz Haderach).
    #[test]
    fn camp_tokens_show_different_markers() {
        let t: BTreeSet<Marker> = desert_war().atreides.camp_tokens.iter().copied().collect();
        assert_eq!(
            t,
            BTreeSet::from([Marker::KwisatzHaderach, Marker::SandDwellers, Marker::Jihad])
        );
        refused(
            |v| v["atreides"]["camp_tokens"] = json!(["jihad", "jihad", "sand_dwellers"]),
            "DW-CAMP-06",
        );
    }

    // DW-HARKONNEN-01, DW-HARKONNEN-02, DW-HARKONNEN-03: a token on each
    // first-column slot below the active row, none where set-aside dice
    // sit; all 4 on the top row, none on the bottom row.
    #[test]
    fn tokens_go_on_the_slots_below_the_active_row() {
        let d = desert_war();
        let t = &d.desert_war_tokens;
        let n = d.harkonnen.desert_war_tokens;
        let placed: Vec<u8> = (1..=5).map(|row| t.tokens_placed(row, n)).collect();
        assert_eq!(placed, [4, 3, 2, 1, 0]);
        // With fewer tokens than free slots, the rest of the slots stay empty.
        assert_eq!(t.tokens_placed(1, 2), 2);
        // The set-aside dice and the tokens never share a slot.
        for row in 1..=5 {
            assert_eq!(
                t.dice_slots(row) + t.tokens_placed(row, n),
                u8::try_from(t.slot_rows.len()).unwrap()
            );
        }
    }

    // DW-HARKONNEN-01 with the core Vehicle Placement rule: the slot rows
    // must agree with the dice each Spice Must Flow row sets aside.
    #[test]
    fn slot_rows_agree_with_the_set_aside_dice() {
        refused(
            |v| v["desert_war_tokens"]["slot_rows"] = json!([1, 2, 3, 4]),
            "sets 0 dice aside",
        );
        refused(
            |v| v["desert_war_tokens"]["slot_rows"] = json!([2, 4, 3, 5]),
            "increasing",
        );
        refused(
            |v| v["desert_war_tokens"]["slot_rows"] = json!([2, 3, 4, 5, 6]),
            "increasing",
        );
    }

    // DW-HARKONNEN-06: at most 1 token per die spent; DW-HARKONNEN-09:
    // every round starts with all tokens.
    #[test]
    fn one_token_per_die() {
        let t = &desert_war().desert_war_tokens;
        assert_eq!(t.per_die_spent, 1);
        assert!(t.cleared_at_end_of_round);
    }

    // DW-HARKONNEN-11, DW-HARKONNEN-13, DW-HARKONNEN-15, DW-HARKONNEN-16:
    // the Harkonnen Desert War actions' numbers.
    #[test]
    fn harkonnen_action_numbers() {
        let a = &desert_war().harkonnen_actions;
        assert_eq!(a.deploy_up_to, 3);
        assert!(a.deploy_one_sector);
        assert_eq!(a.move_troopers, 1);
        assert_eq!(a.scout_troopers_removed, 1);
        assert_eq!(a.scout_areas, 1);
        refused(
            |v| v["harkonnen_actions"]["deploy_up_to"] = json!(7),
            "more Suspensor Troopers than exist",
        );
    }

    // DW-SUSPENSOR-06, DW-SUSPENSOR-07, DW-SUSPENSOR-09, DW-SUSPENSOR-10.
    #[test]
    fn suspensor_trooper_numbers() {
        let s = &desert_war().suspensor_troopers;
        assert_eq!(s.move_areas, 2);
        assert!(s.ignores_impassable);
        // DW-SUSPENSOR-07: onto 2 Rocket Launchers, 1 launcher goes.
        assert_eq!(2 - s.swap_removes, 1);
    }

    // DW-CAMP-01, DW-CAMP-02, DW-ROCKET-09.
    #[test]
    fn camp_numbers() {
        let c = &desert_war().camps;
        assert_eq!(c.per_sector, 1);
        assert!(c.compulsory);
        assert_eq!(c.trade_prescience, 1);
    }

    // DW-ATREIDES-01, DW-ATREIDES-05.
    #[test]
    fn atreides_action_numbers() {
        let a = &desert_war().atreides_actions;
        assert_eq!(a.per_desert_power, 1);
        assert_eq!(a.deploy_up_to, 3);
        refused(
            |v| v["atreides_actions"]["deploy_up_to"] = json!(9),
            "more than the Rocket Launchers",
        );
    }

    // DW-ROCKET-04, DW-ROCKET-05, DW-ROCKET-07, DW-ROCKET-12: 2 launchers
    // roll 2 dice; a Hit and a Special remove 2 vehicles and both
    // launchers; removing a harvester allows the Camp trade.
    #[test]
    fn rocket_attack_numbers_fit_the_worked_example() {
        let r = &desert_war().rocket_launchers;
        let launchers = 2u8;
        assert_eq!(launchers * r.dice_per_launcher, 2);
        let roll = [CombatFace::Hit, CombatFace::Special];
        let removed: u8 = roll
            .iter()
            .filter(|f| r.scoring_faces.contains(f))
            .map(|_| r.vehicles_per_result)
            .sum();
        assert_eq!(removed, 2);
        assert_eq!(launchers - removed * r.launchers_lost_per_vehicle, 0);
        assert!(!r.scoring_faces.contains(&CombatFace::Shield));
        assert!(r.targets.contains(&VehicleKind::Harvester));
        assert!(r.targets.contains(&VehicleKind::Carryall));
        assert!(r.targets.contains(&VehicleKind::EscortOrnithopter));
        assert_eq!(r.camp_trade_needs, [VehicleKind::Harvester]);
    }

    // DW-ROCKET-05: scoring faces are faces of the combat die, and the
    // Camp trade needs a vehicle the attack can remove (DW-ROCKET-09).
    #[test]
    fn rocket_attack_references_are_checked() {
        refused(
            |v| v["rocket_launchers"]["scoring_faces"] = json!([]),
            "scoring_faces is empty",
        );
        refused(
            |v| v["rocket_launchers"]["targets"] = json!(["carryall"]),
            "camp_trade_needs",
        );
        refused(
            |v| v["rocket_launchers"]["scoring_faces"] = json!(["blank"]),
            "unknown variant",
        );
    }

    // DW-SANDRIDER-03, DW-SANDRIDER-14, DW-SANDRIDER-15, DW-SANDRIDER-16,
    // DW-SANDRIDER-18: a ridden sandworm reaches 3 areas and rolls 5 dice.
    #[test]
    fn ridden_sandworm_numbers() {
        let s = &desert_war().sandriders;
        assert_eq!(s.per_wormsign_desert_power, 1);
        assert_eq!(s.ridden_reach, 3);
        assert_eq!(s.ridden_dice, 5);
        assert_eq!(s.far_attack_desert_steps, 2);
        assert_eq!(data().tables.hazards.sandworm_dice + 1, s.ridden_dice);
        refused(|v| v["sandriders"]["ridden_dice"] = json!(7), "roll cap");
        // Both ends of the range are allowed: the sandworm's own dice (a
        // Sandrider adding none) and the roll cap.
        let worm = data().tables.hazards.sandworm_dice;
        assert!(with(|v| v["sandriders"]["ridden_dice"] = json!(worm)).is_ok());
        refused(
            |v| v["sandriders"]["ridden_dice"] = json!(worm - 1),
            "sandworm's",
        );
        let cap = data().tables.combat.max_dice;
        assert!(with(|v| v["sandriders"]["ridden_dice"] = json!(cap)).is_ok());
    }

    // DW-ESCORT-03, DW-ESCORT-06, DW-ESCORT-07, DW-ESCORT-10, DW-ESCORT-11.
    #[test]
    fn escort_numbers() {
        let e = &desert_war().escort_ornithopters;
        assert_eq!(e.per_placement, 1);
        assert_eq!(e.per_legion_action, 1);
        assert_eq!(e.extra_areas, 1);
        assert_eq!(e.hits_to_remove, 2);
        refused(
            |v| v["escort_ornithopters"]["per_placement"] = json!(3),
            "more than the Escorts",
        );
    }

    // DW-SANDRIDER-05, DW-SANDRIDER-08, DW-LEADERS-01: the Sandriders card
    // places 1 sandworm then 1 wormsign, and shares the Desert Power box
    // with the Wild Maker.
    #[test]
    fn sandriders_leader_card() {
        let l = &desert_war().sandriders_leader;
        assert_eq!((l.sandworms, l.wormsigns), (1, 1));
        assert_eq!(l.shares_box_with, ["wild_maker"]);
        refused(
            |v| v["sandriders_leader"]["shares_box_with"] = json!(["shai_hulud"]),
            "unknown leader",
        );
        refused(
            |v| v["sandriders_leader"]["shares_box_with"] = json!(["stilgar"]),
            "not on the Atreides Desert Power box",
        );
        refused(
            |v| v["sandriders_leader"]["id"] = json!("wild_maker"),
            "DW-SETUP-07",
        );
    }

    // DW-COMPAT-01: the Mahdi solo mode is named as incompatible.
    #[test]
    fn mahdi_solo_is_incompatible() {
        assert_eq!(
            desert_war().compatibility.incompatible_modes,
            [Mode::MahdiSolo]
        );
    }

    #[test]
    fn reference_cards_are_the_four_player_aids() {
        let c = &desert_war().reference_cards.cards;
        assert_eq!(c.len(), 4);
        assert_eq!(
            c.iter().filter(|c| c.faction == Faction::Harkonnen).count(),
            2
        );
        refused(
            |v| v["reference_cards"]["cards"][1]["id"] = json!("harkonnen_desert_war"),
            "listed twice",
        );
    }

    #[test]
    fn the_file_is_checked() {
        refused(
            |v| v["format"] = json!("melange.arrakis.desert_war/0"),
            "format",
        );
        refused(|v| v["camps"]["per_area"] = json!(1), "unknown field");
        refused(|v| v["harkonnen"]["suspensor_troopers"] = json!(0), "is 0");
        assert!(with(|_| {}).is_ok());
    }

    /// Every option, with each of its values, is decided in the rules
    /// decisions document.
    #[test]
    fn options_are_documented() {
        let doc = include_str!("../../../../../docs/rules-decisions.md");
        let section = doc
            .split("## War for Arrakis: the Desert War expansion")
            .nth(1)
            .expect("the Desert War section");
        for (name, values) in OPTION_NAMES {
            let row = section
                .lines()
                .find(|l| l.starts_with(&format!("| `{name}` |")))
                .unwrap_or_else(|| panic!("{name} has no row"));
            for v in values {
                assert!(row.contains(&format!("`{v}`")), "{name}={v} not documented");
            }
        }
    }

    #[test]
    fn options_have_a_default_and_an_alternative() {
        let mut names = BTreeSet::new();
        for (name, values) in OPTION_NAMES {
            assert!(names.insert(name), "{name} listed twice");
            assert!(values.len() >= 2, "{name} has no alternative");
            let distinct: BTreeSet<&str> = values.iter().copied().collect();
            assert_eq!(distinct.len(), values.len(), "{name} repeats a value");
        }
    }
}
