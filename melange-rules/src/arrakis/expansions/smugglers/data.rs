//! The Smugglers expansion's facts: `data/arrakis/smugglers.json`, parsed
//! with serde (unknown fields refused) and checked at load, alone and
//! against the core game's data (leaders, planning cards, sectors,
//! prescience track, action die results) and the Desert War's (the
//! Sandriders card sharing the Desert Power box). Every number the
//! expansion's rules give, and every default for what they leave open,
//! lives in that file; why each default was chosen is in
//! `docs/rules-decisions.md` (Smugglers). The rules options the expansion
//! adds are listed in [`OPTION_NAMES`].
use std::collections::BTreeSet;
use std::sync::LazyLock;

use serde::Deserialize;

use crate::arrakis::components::{LeaderKind, Slot};
use crate::arrakis::data::{Data, data};
use crate::arrakis::expansions::check_desert_power_box_mates;
use crate::arrakis::expansions::desert_war::data::desert_war;
use crate::arrakis::{Deck, DieResult, Faction};

/// The format tag the file must carry.
pub const SMUGGLERS_FORMAT: &str = "melange.arrakis.smugglers/1";

const SMUGGLERS_JSON: &str = include_str!("../../../../../data/arrakis/smugglers.json");

/// The rules options the expansion adds, each with its values, the
/// default (the rules text's reading, or where the text is silent the
/// project's best reading) first. No publisher's text reads any of them
/// differently, so the `published` preset sets none of them
/// (docs/rules-decisions.md, Smugglers). Not wired into the core options
/// yet: the engineer who offers the expansion adds them to the core option
/// list. The Smuggler carryall's standing is the Desert War's
/// `smuggler_carryall` option, not repeated here.
pub const OPTION_NAMES: [(&str, &[&str]); 5] = [
    // SM-THOPTER-04: place any number of the available Smuggler
    // ornithopters, or all of them.
    ("smuggler_thopters", &["optional", "mandatory"]),
    // SM-THOPTER-08: one thopter battle per placement, or one per
    // forgone ornithopter.
    ("thopter_battles", &["one_per_placement", "unlimited"]),
    // SM-ROUND-08: no wormsign with Smuggler units in desert hazards only,
    // or at any time (Desert Power included).
    ("wormsign_with_smugglers", &["hazards_only", "never"]),
    // SM-DIE-06: the Leadership result moves a legion plainly, or with its
    // leader's enhanced options.
    ("smugglers_die_leaders", &["plain", "enhanced"]),
    // SM-THOPTER-08 and following: used or removed Smuggler ornithopters
    // go back to the Smugglers board, or leave the game.
    ("smuggler_thopters_return", &["to_board", "leave_game"]),
];

/// The box contents (SM-SETUP-01 to SM-SETUP-05).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Components {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Staban Tuek figures (SM-SETUP-01).
    pub staban_figures: u8,
    /// Leader cards, the id of [`StabanTuek`] (SM-SETUP-01).
    pub leader_cards: Vec<String>,
    /// Smuggler regulars (SM-SETUP-02, SM-UNIT-02).
    pub smuggler_regulars: u8,
    /// Drone Ornithopters cards (SM-SETUP-03).
    pub drone_ornithopters_cards: u8,
    /// Smuggler ornithopters (SM-SETUP-04).
    pub ornithopters: u8,
    /// Smuggler harvesters (SM-SETUP-04, SM-HARVESTER-02).
    pub harvesters: u8,
    /// Smuggler carryalls (SM-SETUP-04).
    pub carryalls: u8,
    /// Smugglers boards (SM-SETUP-05).
    pub boards: u8,
    /// Smugglers Bases (SM-SETUP-05).
    pub bases: u8,
    /// Smugglers action dice (SM-SETUP-05).
    pub dice: u8,
}

/// A Smuggler vehicle kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum VehicleKind {
    /// A Smuggler ornithopter (Atreides, after the alliance).
    Ornithopter,
    /// A Smuggler harvester (Harkonnen, while neutral).
    Harvester,
    /// The Smuggler carryall (Harkonnen, while neutral).
    Carryall,
}

/// Setup (SM-SETUP-06 to SM-SETUP-12).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Smuggler regulars on the Smugglers board at the start (SM-SETUP-06).
    pub regulars_on_board: u8,
    /// Core leaders that start on the Smugglers board (SM-SETUP-06,
    /// SM-GURNEY-02).
    pub leaders_on_board: Vec<String>,
    /// Staban Tuek's prescience step (SM-SETUP-07).
    pub staban_step: u8,
    /// Core House Atreides cards replaced by the Drone Ornithopters
    /// (SM-SETUP-08, SM-SETUP-09).
    pub replaced_cards: Vec<String>,
    /// Smuggler vehicles the Harkonnen may place while neutral
    /// (SM-SETUP-10).
    pub harkonnen_vehicles: Vec<VehicleKind>,
    /// Leader cards set aside beside the Atreides (SM-SETUP-11).
    pub set_aside_leader_cards: Vec<String>,
    /// Smuggler ornithopters on the Smugglers board at the start
    /// (SM-THOPTER-02).
    pub ornithopters_on_board: u8,
    /// The Smugglers begin neutral (SM-SETUP-12).
    pub starts_neutral: bool,
}

/// Round changes (SM-ROUND-01, SM-ROUND-13).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Regulars added at each round start while neutral (SM-ROUND-01).
    pub regulars_per_round_neutral: u8,
    /// Smuggler vehicles leave the board at the End of the Round
    /// (SM-ROUND-13).
    pub vehicles_removed_at_end: bool,
}

/// Smuggler harvesters (SM-HARVESTER, SM-LEGION).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Harvesters {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Spice per harvester, any desert (SM-ROUND-11, SM-HARVESTER-04).
    #[serde(rename = "yield")]
    pub spice_yield: u8,
    /// Placing them is compulsory (SM-HARVESTER-05).
    pub placement_compulsory: bool,
    /// Wormsigns per Smuggler harvester area, at most (SM-ROUND-07).
    pub wormsigns_per_area: u8,
    /// Steps Staban Tuek moves down per capture (SM-LEGION-05).
    pub capture_steps_down: u8,
}

/// The alliance (SM-ALLY).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Alliance {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Sector ids where the Base may go (SM-ALLY-06, SM-ALLY-07).
    pub base_sectors: Vec<String>,
    /// The die is first rolled at the next action resolution
    /// (SM-ALLY-10).
    pub die_first_roll_next_action_resolution: bool,
}

/// The Smugglers Base (SM-BASE).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Base {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Rank, as a settlement's (SM-BASE-01, SM-BASE-02).
    pub rank: u8,
    /// Supremacy gained by destroying it (SM-BASE-03).
    pub supremacy: u8,
}

/// The Smugglers action die (SM-DIE).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Die {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// The faces, one entry each (a designed default).
    pub faces: Vec<DieResult>,
    /// Leadership: legions with a leader moved (SM-DIE-06).
    pub leadership_move_legions: u8,
    /// Leadership: legions with a Smuggler unit attacking (SM-DIE-08).
    pub leadership_attack_legions: u8,
    /// Strategy: legions moved (SM-DIE-10).
    pub strategy_move_legions: u8,
    /// Strategy: different legions with Smuggler units moved (SM-DIE-11).
    pub strategy_smuggler_legions: u8,
    /// Deployment: Smuggler units into the Base's area (SM-DIE-13).
    pub deployment_units: u8,
    /// Mentat: planning cards played (SM-DIE-14).
    pub mentat_play_cards: u8,
    /// Mentat: House Atreides cards drawn (SM-DIE-15).
    pub mentat_draw: u8,
    /// Mentat: of those, kept (SM-DIE-15).
    pub mentat_keep: u8,
}

/// The Drone Ornithopters planning card (SM-SETUP-03, SM-ALLY-02,
/// SM-THOPTER-01).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DroneOrnithopters {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Data id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Its deck.
    pub deck: Deck,
    /// Copies.
    pub copies: u8,
    /// Steps Staban Tuek moves down per play (SM-ALLY-02).
    pub staban_steps_down: u8,
    /// Smuggler ornithopters added per play (SM-THOPTER-01).
    pub ornithopters_added: u8,
}

/// Smuggler ornithopters (SM-THOPTER).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ornithopters {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Vehicles per air zone (SM-THOPTER-05, SM-THOPTER-07).
    pub per_air_zone: u8,
    /// Thopter battles per placement (SM-THOPTER-08).
    pub battles_per_placement: u8,
    /// Reach of a legion using one (SM-THOPTER-13).
    pub move_areas: u8,
}

/// A leader's conversion of 1 Special.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strip {
    /// Hits.
    pub hits: u8,
    /// Shields.
    pub shields: u8,
}

/// Staban Tuek's leader card (SM-STABAN).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StabanTuek {
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// Data id.
    pub id: String,
    /// Printed name.
    pub name: String,
    /// Whose leader (SM-STABAN-03).
    pub faction: Faction,
    /// The box its card lies on (SM-STABAN-02).
    pub action_slot: Slot,
    /// Combat strip (a designed default).
    pub combat: Strip,
    /// The card's text is not known: combat and special are defaults.
    pub unofficial: bool,
    /// Special action: wormsigns placed (a designed default).
    pub special_wormsigns: u8,
    /// Special action: then the legion holding him moves.
    pub special_moves_own_legion: bool,
    /// Cards that may share the box (SM-STABAN-06, SM-STABAN-07).
    pub shares_box_with: Vec<String>,
}

/// The whole file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Smugglers {
    /// The format tag, [`SMUGGLERS_FORMAT`].
    pub format: String,
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// The box contents.
    pub components: Components,
    /// Setup.
    pub setup: Setup,
    /// Round changes.
    pub round: Round,
    /// Smuggler harvesters.
    pub harvesters: Harvesters,
    /// The alliance.
    pub alliance: Alliance,
    /// The Base.
    pub base: Base,
    /// The action die.
    pub die: Die,
    /// The Drone Ornithopters card.
    pub drone_ornithopters: DroneOrnithopters,
    /// Smuggler ornithopters.
    pub ornithopters: Ornithopters,
    /// Staban Tuek's card.
    pub staban_tuek: StabanTuek,
}

/// Parses a Smugglers file and checks it, alone and against the core
/// game's `core` data. Errors name the field, for a person.
pub fn parse_smugglers(json: &str, core: &Data) -> Result<Smugglers, String> {
    let s: Smugglers = serde_json::from_str(json).map_err(|e| format!("smugglers: {e}"))?;
    s.check(core).map_err(|e| format!("smugglers: {e}"))?;
    Ok(s)
}

impl Smugglers {
    fn check(&self, core: &Data) -> Result<(), String> {
        if self.format != SMUGGLERS_FORMAT {
            return Err(format!(
                "format {:?} is not {SMUGGLERS_FORMAT:?}",
                self.format
            ));
        }
        self.check_counts()?;
        self.check_leader(core)?;
        self.check_setup(core)?;
        self.check_alliance(core)?;
        self.check_die(core)?;
        self.check_card()?;
        Ok(())
    }

    /// SM-SETUP-01 to SM-SETUP-05, and the numbers of each section.
    fn check_counts(&self) -> Result<(), String> {
        let c = &self.components;
        for (n, what) in [
            (c.staban_figures, "components.staban_figures"),
            (c.smuggler_regulars, "components.smuggler_regulars"),
            (
                c.drone_ornithopters_cards,
                "components.drone_ornithopters_cards",
            ),
            (c.ornithopters, "components.ornithopters"),
            (c.harvesters, "components.harvesters"),
            (c.carryalls, "components.carryalls"),
            (c.boards, "components.boards"),
            (c.bases, "components.bases"),
            (c.dice, "components.dice"),
            (self.harvesters.spice_yield, "harvesters.yield"),
            (
                self.harvesters.wormsigns_per_area,
                "harvesters.wormsigns_per_area",
            ),
            (
                self.harvesters.capture_steps_down,
                "harvesters.capture_steps_down",
            ),
            (self.base.rank, "base.rank"),
            (self.ornithopters.per_air_zone, "ornithopters.per_air_zone"),
            (self.ornithopters.move_areas, "ornithopters.move_areas"),
            (self.die.deployment_units, "die.deployment_units"),
            (self.die.mentat_draw, "die.mentat_draw"),
        ] {
            if n == 0 {
                return Err(format!("{what} is 0"));
            }
        }
        // SM-SETUP-05: one Smugglers board, one Base and one action die; the
        // engine models exactly one of each (`SmugglersState.base`, `.die`),
        // so a file naming more would be silently wrong.
        for (n, what) in [
            (c.boards, "components.boards"),
            (c.bases, "components.bases"),
            (c.dice, "components.dice"),
        ] {
            if n != 1 {
                return Err(format!(
                    "{what} is {n}: the game has one Smugglers board, Base and action die (SM-SETUP-05)"
                ));
            }
        }
        if c.leader_cards != [self.staban_tuek.id.clone()] {
            return Err(format!(
                "components.leader_cards must name the one Staban Tuek card {:?} (SM-SETUP-01)",
                self.staban_tuek.id
            ));
        }
        if self.drone_ornithopters.copies != c.drone_ornithopters_cards {
            return Err(format!(
                "drone_ornithopters.copies is {} for {} cards in the box (SM-SETUP-03)",
                self.drone_ornithopters.copies, c.drone_ornithopters_cards
            ));
        }
        if self.die.mentat_keep == 0 || self.die.mentat_keep >= self.die.mentat_draw {
            return Err("die.mentat_keep must keep some and discard some (SM-DIE-15)".into());
        }
        if self.die.strategy_smuggler_legions < 2 {
            return Err(
                "die.strategy_smuggler_legions names different legions, at least 2 (SM-DIE-11)"
                    .into(),
            );
        }
        if self.ornithopters.move_areas < 2 {
            return Err(
                "ornithopters.move_areas must reach past the next area (SM-THOPTER-13)".into(),
            );
        }
        Ok(())
    }

    /// SM-SETUP-06 to SM-SETUP-12, against the core leaders, cards and
    /// prescience track.
    fn check_setup(&self, core: &Data) -> Result<(), String> {
        let s = &self.setup;
        let c = &self.components;
        if s.regulars_on_board > c.smuggler_regulars {
            return Err(
                "setup.regulars_on_board exceeds the Smuggler regulars (SM-SETUP-06)".into(),
            );
        }
        if s.ornithopters_on_board > c.ornithopters {
            return Err("setup.ornithopters_on_board exceeds the Smuggler ornithopters".into());
        }
        let max = core.tables.tracks.prescience_max;
        if s.staban_step == 0 || s.staban_step > max {
            return Err(format!(
                "setup.staban_step {} is off the prescience track (1 to {max}, SM-SETUP-07)",
                s.staban_step
            ));
        }
        for id in &s.leaders_on_board {
            let Some(l) = core.leader_id(id) else {
                return Err(format!(
                    "setup.leaders_on_board names unknown leader {id:?}"
                ));
            };
            let l = core.leader(l);
            if l.faction != Faction::Atreides || l.kind != LeaderKind::Named {
                return Err(format!(
                    "setup.leaders_on_board names {id:?}, not a named Atreides leader (SM-GURNEY-01)"
                ));
            }
        }
        if let Some(id) = s
            .leaders_on_board
            .iter()
            .find(|id| !s.set_aside_leader_cards.contains(id))
        {
            return Err(format!(
                "setup.leaders_on_board names {id:?}, whose card is not in setup.set_aside_leader_cards (SM-SETUP-11)"
            ));
        }
        for id in &s.set_aside_leader_cards {
            if *id != self.staban_tuek.id && !s.leaders_on_board.contains(id) {
                return Err(format!(
                    "setup.set_aside_leader_cards names {id:?}, neither Staban Tuek nor a leader on the Smugglers board (SM-SETUP-11)"
                ));
            }
        }
        let mut replaced = BTreeSet::new();
        for id in &s.replaced_cards {
            let Some(card) = core.card_id(id) else {
                return Err(format!("setup.replaced_cards names unknown card {id:?}"));
            };
            if !replaced.insert(id.as_str()) {
                return Err(format!("setup.replaced_cards names {id:?} twice"));
            }
            let card = core.card(card);
            if card.deck != self.drone_ornithopters.deck {
                return Err(format!(
                    "setup.replaced_cards names {id:?}, not in the Drone Ornithopters' deck (SM-SETUP-08)"
                ));
            }
        }
        let copies: usize = s
            .replaced_cards
            .iter()
            .filter_map(|id| core.card_id(id))
            .map(|c| usize::from(core.card(c).copies))
            .sum();
        if copies != usize::from(self.drone_ornithopters.copies) {
            return Err(format!(
                "setup.replaced_cards holds {copies} cards for {} Drone Ornithopters (SM-SETUP-08)",
                self.drone_ornithopters.copies
            ));
        }
        if s.harkonnen_vehicles.contains(&VehicleKind::Ornithopter) {
            return Err(
                "setup.harkonnen_vehicles names the Smuggler ornithopters, which are Atreides (SM-SETUP-10, SM-THOPTER-03)"
                    .into(),
            );
        }
        if !s.starts_neutral {
            return Err("setup.starts_neutral must be true (SM-SETUP-12)".into());
        }
        Ok(())
    }

    /// SM-ALLY-06, SM-ALLY-07: the Base's sectors exist on the core board.
    fn check_alliance(&self, core: &Data) -> Result<(), String> {
        let sectors = &self.alliance.base_sectors;
        if sectors.is_empty() {
            return Err("alliance.base_sectors is empty (SM-ALLY-06)".into());
        }
        let mut seen = BTreeSet::new();
        for id in sectors {
            if !core.board.sectors.iter().any(|s| s.id == *id) {
                return Err(format!("alliance.base_sectors names unknown sector {id:?}"));
            }
            if !seen.insert(id.as_str()) {
                return Err(format!("alliance.base_sectors names {id:?} twice"));
            }
        }
        Ok(())
    }

    /// SM-DIE-01 to SM-DIE-16: the die shows as many faces as the core
    /// action dice and every result the text names.
    fn check_die(&self, core: &Data) -> Result<(), String> {
        let faces = &self.die.faces;
        if faces.len() != core.tables.action_dice.faces.len() {
            return Err(format!(
                "die.faces has {} faces, the core action dice {}",
                faces.len(),
                core.tables.action_dice.faces.len()
            ));
        }
        for r in [
            DieResult::Leadership,
            DieResult::Strategy,
            DieResult::Deployment,
            DieResult::Mentat,
            DieResult::House,
        ] {
            if !faces.contains(&r) {
                return Err(format!(
                    "die.faces lacks the {r:?} result (SM-DIE-06 to SM-DIE-16)"
                ));
            }
        }
        Ok(())
    }

    /// SM-ALLY-02, SM-THOPTER-01: every play moves Staban Tuek and adds an
    /// ornithopter.
    fn check_card(&self) -> Result<(), String> {
        let d = &self.drone_ornithopters;
        if d.deck != Deck::HouseAtreides {
            return Err("drone_ornithopters.deck must be house_atreides (SM-SETUP-03)".into());
        }
        if d.staban_steps_down == 0 || d.ornithopters_added == 0 {
            return Err(
                "drone_ornithopters must move Staban Tuek and add an ornithopter (SM-ALLY-02, SM-THOPTER-01)"
                    .into(),
            );
        }
        Ok(())
    }

    /// SM-STABAN-01 to SM-STABAN-07.
    fn check_leader(&self, core: &Data) -> Result<(), String> {
        let l = &self.staban_tuek;
        if l.faction != Faction::Atreides {
            return Err(format!(
                "the {:?} leader card is not Atreides (SM-STABAN-03)",
                l.id
            ));
        }
        if l.action_slot != Slot::DesertPower {
            return Err(format!(
                "the {:?} leader card is not on the Desert Power box (SM-STABAN-02)",
                l.id
            ));
        }
        if core.leader_id(&l.id).is_some() {
            return Err(format!("the {:?} leader card is also a core leader", l.id));
        }
        // The Desert War's Sandriders card is checked by its own loader.
        let sandriders = &desert_war().sandriders_leader.id;
        check_desert_power_box_mates(
            core,
            "staban_tuek.shares_box_with",
            l.shares_box_with
                .iter()
                .filter(|id| *id != sandriders)
                .map(String::as_str),
        )
    }
}

static SMUGGLERS: LazyLock<Smugglers> =
    LazyLock::new(|| match parse_smugglers(SMUGGLERS_JSON, data()) {
        Ok(d) => d,
        Err(e) => panic!("data/arrakis: {e}"),
    });

/// The shared, checked Smugglers facts (parsed once per process; the file
/// is embedded at build time and checked by this module's tests, so the
/// parse cannot fail at run time).
pub fn smugglers() -> &'static Smugglers {
    &SMUGGLERS
}

/// The embedded Smugglers text, for tests that break it.
pub fn smugglers_json() -> &'static str {
    SMUGGLERS_JSON
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    /// The embedded file with one change, parsed against the core data.
    fn with(edit: impl FnOnce(&mut Value)) -> Result<Smugglers, String> {
        let mut v: Value = serde_json::from_str(smugglers_json()).expect("valid JSON");
        edit(&mut v);
        parse_smugglers(&v.to_string(), data())
    }

    fn refused(edit: impl FnOnce(&mut Value), says: &str) {
        match with(edit) {
            Ok(_) => panic!("accepted; expected a refusal naming {says:?}"),
            Err(e) => assert!(e.contains(says), "{e:?} does not name {says:?}"),
        }
    }

    // SM-SETUP-01 to SM-SETUP-05, SM-UNIT-02: the box contents.
    #[test]
    fn components() {
        let c = &smugglers().components;
        assert_eq!(c.staban_figures, 1);
        assert_eq!(c.leader_cards, ["staban_tuek"]);
        assert_eq!(c.smuggler_regulars, 6);
        assert_eq!(c.drone_ornithopters_cards, 3);
        assert_eq!((c.ornithopters, c.harvesters, c.carryalls), (3, 3, 1));
        assert_eq!(c.ornithopters + c.harvesters + c.carryalls, 7);
        assert_eq!((c.boards, c.bases, c.dice), (1, 1, 1));
        refused(|v| v["components"]["smuggler_regulars"] = json!(0), "is 0");
        for field in ["boards", "bases", "dice"] {
            refused(|v| v["components"][field] = json!(2), "SM-SETUP-05");
        }
        refused(
            |v| v["components"]["leader_cards"] = json!(["gurney_halleck"]),
            "SM-SETUP-01",
        );
    }

    // SM-SETUP-06, SM-SETUP-07, SM-SETUP-11, SM-SETUP-12, SM-GURNEY-02,
    // SM-THOPTER-02.
    #[test]
    fn setup() {
        let s = &smugglers().setup;
        assert_eq!(s.regulars_on_board, 1);
        assert_eq!(s.leaders_on_board, ["gurney_halleck"]);
        assert_eq!(s.staban_step, 7);
        assert_eq!(s.set_aside_leader_cards, ["gurney_halleck", "staban_tuek"]);
        assert_eq!(s.ornithopters_on_board, 0);
        assert!(s.starts_neutral);
        refused(|v| v["setup"]["staban_step"] = json!(11), "SM-SETUP-07");
        refused(
            |v| v["setup"]["set_aside_leader_cards"] = json!(["staban_tuek"]),
            "SM-SETUP-11",
        );
        refused(|v| v["setup"]["staban_step"] = json!(0), "SM-SETUP-07");
        refused(
            |v| v["setup"]["regulars_on_board"] = json!(7),
            "SM-SETUP-06",
        );
        refused(
            |v| v["setup"]["leaders_on_board"] = json!(["naib"]),
            "SM-GURNEY-01",
        );
        refused(
            |v| v["setup"]["leaders_on_board"] = json!(["nobody"]),
            "unknown leader",
        );
        refused(
            |v| v["setup"]["set_aside_leader_cards"] = json!(["paul_atreides"]),
            "SM-SETUP-11",
        );
        refused(
            |v| v["setup"]["starts_neutral"] = json!(false),
            "SM-SETUP-12",
        );
    }

    // SM-SETUP-08, SM-SETUP-09: the 3 core Smugglers cards, one copy each,
    // make way for the 3 Drone Ornithopters.
    #[test]
    fn drone_ornithopters_replace_the_smugglers_cards() {
        let core = data();
        let s = smugglers();
        assert_eq!(
            s.setup.replaced_cards,
            ["smugglers_a", "smugglers_b", "smugglers_c"]
        );
        for id in &s.setup.replaced_cards {
            let c = core.card(core.card_id(id).expect("core card"));
            assert_eq!(c.name, "Smugglers");
            assert_eq!(c.deck, Deck::HouseAtreides);
        }
        assert!(core.card_id(&s.drone_ornithopters.id).is_none());
        refused(
            |v| v["setup"]["replaced_cards"] = json!(["smugglers_a", "smugglers_b"]),
            "SM-SETUP-08",
        );
        refused(
            |v| v["setup"]["replaced_cards"] = json!(["smugglers_a", "smugglers_a", "smugglers_b"]),
            "twice",
        );
        refused(
            |v| v["setup"]["replaced_cards"] = json!(["nope"]),
            "unknown card",
        );
    }

    // SM-SETUP-10, SM-THOPTER-03: the Harkonnen get the harvesters and the
    // carryall, never the ornithopters.
    #[test]
    fn harkonnen_get_harvesters_and_carryall() {
        let s = &smugglers().setup;
        assert_eq!(
            s.harkonnen_vehicles,
            [VehicleKind::Harvester, VehicleKind::Carryall]
        );
        refused(
            |v| v["setup"]["harkonnen_vehicles"] = json!(["ornithopter"]),
            "SM-SETUP-10",
        );
    }

    // SM-ROUND-01, SM-ROUND-11, SM-ROUND-13, SM-HARVESTER-04,
    // SM-HARVESTER-05, SM-LEGION-05.
    #[test]
    fn round_and_harvester_numbers() {
        let s = smugglers();
        assert_eq!(s.round.regulars_per_round_neutral, 1);
        assert!(s.round.vehicles_removed_at_end);
        assert_eq!(s.harvesters.spice_yield, 1);
        assert!(s.harvesters.placement_compulsory);
        assert_eq!(s.harvesters.wormsigns_per_area, 1);
        assert_eq!(s.harvesters.capture_steps_down, 1);
    }

    // SM-ALLY-06, SM-ALLY-07: the four southern sectors of the board.
    #[test]
    fn base_sectors_are_the_four_lowest() {
        let s = smugglers();
        assert_eq!(s.alliance.base_sectors.len(), 4);
        for id in &s.alliance.base_sectors {
            let sector = data()
                .board
                .sectors
                .iter()
                .find(|x| x.id == *id)
                .expect("sector");
            assert!(sector.position.starts_with('S'), "{id} is not southern");
        }
        assert!(s.alliance.die_first_roll_next_action_resolution);
        refused(
            |v| v["alliance"]["base_sectors"] = json!(["s9"]),
            "unknown sector",
        );
        refused(|v| v["alliance"]["base_sectors"] = json!([]), "SM-ALLY-06");
    }

    // SM-BASE-01, SM-BASE-03.
    #[test]
    fn base_numbers() {
        let b = &smugglers().base;
        assert_eq!(b.rank, 3);
        assert_eq!(b.supremacy, 0);
    }

    // SM-DIE-06 to SM-DIE-16: the results and their numbers; the faces
    // are the designed default (the core dice's table).
    #[test]
    fn die() {
        let d = &smugglers().die;
        assert_eq!(d.faces, data().tables.action_dice.faces);
        assert_eq!(
            (d.leadership_move_legions, d.leadership_attack_legions),
            (1, 1)
        );
        assert_eq!(
            (d.strategy_move_legions, d.strategy_smuggler_legions),
            (1, 2)
        );
        assert_eq!(d.deployment_units, 2);
        assert_eq!(
            (d.mentat_play_cards, d.mentat_draw, d.mentat_keep),
            (1, 2, 1)
        );
        refused(
            |v| {
                v["die"]["faces"] = json!([
                    "strategy",
                    "strategy",
                    "leadership",
                    "deployment",
                    "mentat",
                    "mentat"
                ])
            },
            "House",
        );
        refused(|v| v["die"]["faces"] = json!(["house"]), "faces");
        refused(|v| v["die"]["mentat_keep"] = json!(2), "SM-DIE-15");
        refused(
            |v| v["die"]["strategy_smuggler_legions"] = json!(1),
            "SM-DIE-11",
        );
    }

    // SM-ALLY-02, SM-THOPTER-01: each play moves Staban Tuek 1 step down
    // and adds 1 Smuggler ornithopter.
    #[test]
    fn drone_ornithopters_card() {
        let d = &smugglers().drone_ornithopters;
        assert_eq!(d.deck, Deck::HouseAtreides);
        assert_eq!(d.copies, 3);
        assert_eq!((d.staban_steps_down, d.ornithopters_added), (1, 1));
        refused(
            |v| v["drone_ornithopters"]["copies"] = json!(2),
            "SM-SETUP-03",
        );
        refused(
            |v| v["drone_ornithopters"]["ornithopters_added"] = json!(0),
            "SM-THOPTER-01",
        );
    }

    // SM-THOPTER-05, SM-THOPTER-07, SM-THOPTER-08, SM-THOPTER-13.
    #[test]
    fn ornithopter_numbers() {
        let o = &smugglers().ornithopters;
        assert_eq!(o.per_air_zone, 1);
        assert_eq!(o.battles_per_placement, 1);
        assert_eq!(o.move_areas, 2);
        refused(
            |v| v["ornithopters"]["move_areas"] = json!(1),
            "SM-THOPTER-13",
        );
    }

    // SM-STABAN-02, SM-STABAN-03, SM-STABAN-06: an Atreides leader on the
    // Desert Power box, sharing it with the Wild Maker and the Desert War's
    // Sandriders card.
    #[test]
    fn staban_tuek_card() {
        let l = &smugglers().staban_tuek;
        assert_eq!(l.faction, Faction::Atreides);
        assert_eq!(l.action_slot, Slot::DesertPower);
        assert!(l.unofficial);
        assert_eq!(
            l.combat,
            Strip {
                hits: 1,
                shields: 0
            }
        );
        assert_eq!(l.special_wormsigns, 2);
        assert_eq!(l.shares_box_with, ["wild_maker", "sandriders"]);
        refused(
            |v| v["staban_tuek"]["faction"] = json!("harkonnen"),
            "SM-STABAN-03",
        );
        refused(
            |v| v["staban_tuek"]["action_slot"] = json!("mentat"),
            "SM-STABAN-02",
        );
        refused(
            |v| v["staban_tuek"]["shares_box_with"] = json!(["paul_atreides"]),
            "Desert Power box",
        );
        refused(
            |v| {
                v["staban_tuek"]["id"] = json!("gurney_halleck");
                v["components"]["leader_cards"] = json!(["gurney_halleck"]);
            },
            "core leader",
        );
    }

    #[test]
    fn the_file_is_checked() {
        refused(
            |v| v["format"] = json!("melange.arrakis.smugglers/0"),
            "format",
        );
        refused(|v| v["base"]["walls"] = json!(1), "unknown field");
        assert!(with(|_| {}).is_ok());
    }

    /// Every option, with each of its values, is decided in the rules
    /// decisions document.
    #[test]
    fn options_are_documented() {
        let doc = include_str!("../../../../../docs/rules-decisions.md");
        let section = doc
            .split("## War for Arrakis: the Smugglers expansion")
            .nth(1)
            .expect("the Smugglers section");
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
