//! Numbers and engine defaults: `data/arrakis/tables.json`, parsed with
//! serde (unknown fields refused) and checked at load.
//!
//! Every value the rules texts do not give (die faces, token mixes, track
//! lengths, placeholder prescience cards and objectives) lives here, not in
//! code, so a user can correct it; `docs/rules-decisions.md` says why each
//! default was chosen.
use std::collections::BTreeMap;

use serde::Deserialize;

use crate::arrakis::ids::{CombatFace, DieResult, Marker};

/// The format tag a tables file must carry.
pub const TABLES_FORMAT: &str = "melange.arrakis.tables/1";

/// One row of the Spice Must Flow board, top row first (AR-VEH-02).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpiceRow {
    /// Harkonnen action dice available (AR-ACT-02, AR-VEH-03).
    pub dice: u8,
    /// Harvesters placed (AR-VEH-05).
    pub harvesters: u8,
    /// Ornithopters placed (the rules texts; the wiki's worked example
    /// gives the third row 2).
    pub ornithopters: u8,
    /// Ornithopters the printed board gives this row where it differs
    /// (the third row's 3), used under `spice_must_flow_ornithopters =
    /// printed` (the `published` preset).
    #[serde(default)]
    pub ornithopters_printed: Option<u8>,
    /// Carryalls placed.
    pub carryalls: u8,
}

/// The Spice Must Flow board.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpiceMustFlow {
    /// Rows, top (row 1) first; the last is the ban row (AR-SPICE-15).
    pub rows: Vec<SpiceRow>,
    /// The row the Imperium markers start on (1-based).
    pub start_row: u8,
}

/// Spice costs (AR-SPICE-07 to AR-SPICE-13).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpiceCosts {
    /// Keep a marker in place.
    pub keep_cost: u8,
    /// Raise a marker 1 step.
    pub raise_cost: u8,
    /// Spice that may be saved for the next round.
    pub carry_over_max: u8,
    /// Spice for a supremacy point.
    pub buy_supremacy_cost: u8,
    /// Points bought.
    pub buy_supremacy_gain: u8,
    /// Buying only while at this score or less.
    pub buy_supremacy_max_score: u8,
    /// Purchases per round.
    pub buy_supremacy_per_round: u8,
}

/// Harvester yields (AR-SPICE-04, AR-SPICE-05).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HarvesterYield {
    /// Ordinary desert.
    pub desert: u8,
    /// Deep desert.
    pub deep_desert: u8,
}

/// Per-result dashboard slot limits.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Slots {
    /// Leadership slots.
    pub leadership: u8,
    /// Strategy slots.
    pub strategy: u8,
    /// Deployment slots.
    pub deployment: u8,
    /// Mentat slots.
    pub mentat: u8,
    /// House slots.
    pub house: u8,
}

impl Slots {
    /// The limit for one result.
    pub fn of(&self, r: DieResult) -> u8 {
        match r {
            DieResult::Leadership => self.leadership,
            DieResult::Strategy => self.strategy,
            DieResult::Deployment => self.deployment,
            DieResult::Mentat => self.mentat,
            DieResult::House => self.house,
        }
    }
}

/// One house's dice.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HouseDice {
    /// Dice owned.
    pub dice: u8,
    /// Slot limits by the rules text (AR-ACT-05, AR-ACT-06).
    pub slots: Slots,
    /// Slot limits printed on the dashboard, where they differ (the
    /// `harkonnen_dashboard_slots` option).
    #[serde(default)]
    pub slots_printed: Option<Slots>,
}

/// Action dice.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionDice {
    /// The faces of every action die (a default: no source gives them).
    pub faces: Vec<DieResult>,
    /// Atreides dice (AR-ACT-01).
    pub atreides: HouseDice,
    /// Harkonnen dice.
    pub harkonnen: HouseDice,
}

/// A leader's conversion of 1 Special.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Conversion {
    /// Hits.
    pub hits: u8,
    /// Shields.
    pub shields: u8,
}

/// Combat numbers.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Combat {
    /// Combat die faces (a default: no source gives them).
    pub faces: Vec<CombatFace>,
    /// Dice cap per roll (AR-COMBAT-08).
    pub max_dice: u8,
    /// What a generic leader makes of 1 Special (AR-COMBAT-13).
    pub generic_leader: Conversion,
    /// Extra dice of a surprise attack (AR-DIE-09).
    pub surprise_attack_dice: u8,
    /// Hits the attacker takes to continue (AR-COMBAT-29).
    pub continue_cost_hits: u8,
}

/// Special hits by terrain for storms and sandworms (AR-HAZ-29).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialHits {
    /// Deep desert.
    pub deep_desert: u8,
    /// Ordinary desert.
    pub desert: u8,
    /// Minor erg.
    pub minor_erg: u8,
    /// Plateau.
    pub plateau: u8,
}

/// Desert hazards.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hazards {
    /// Dice per Harkonnen legion in a storm (AR-HAZ-34).
    pub storm_dice: u8,
    /// Dice of a sandworm attack (AR-HAZ-26).
    pub sandworm_dice: u8,
    /// Dice of a Wild Maker attack (AR-HAZ-27).
    pub wild_maker_dice: u8,
    /// Hits per Special by terrain.
    pub special_hits: SpecialHits,
    /// Sandworms on the board (AR-HAZ-16).
    pub max_sandworms: u8,
    /// With the Wild Maker in play (AR-HAZ-17).
    pub max_sandworms_with_wild_maker: u8,
}

/// The 16 wormsign tokens by kind (a default: no source gives the mix).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WormsignMix {
    /// Sand.
    pub sand: u8,
    /// Sandworm.
    pub sandworm: u8,
    /// Burrowing sandworm.
    pub burrowing_sandworm: u8,
}

/// Limits.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Units per area (AR-MOVE-07).
    pub stacking: u8,
    /// Harkonnen units per area under the CHOAM ban (AR-SPICE-19).
    pub stacking_choam_ban: u8,
    /// Hand limit at End of Round (AR-END-08).
    pub hand: u8,
    /// Prescience claims per round (AR-PRESC-03).
    pub prescience_claims_per_round: u8,
    /// Prescience claims per turn (AR-PRESC-04).
    pub prescience_claims_per_turn: u8,
    /// Troop-transports per legion per turn (AR-MOVE-30).
    pub troop_transports_per_legion: u8,
}

/// Track lengths and steps.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tracks {
    /// Harkonnen instant win (AR-WIN-05).
    pub supremacy_win: u8,
    /// Last supremacy step.
    pub supremacy_max: u8,
    /// Last prescience step (markers are capped here).
    pub prescience_max: u8,
    /// Desert leaders step (AR-PRESC-16 to AR-PRESC-18).
    pub desert_leaders_step: u8,
    /// Alia's step (AR-PRESC-19).
    pub preborn_step: u8,
    /// Family Atomics step (AR-ATOM-01).
    pub atomics_step: u8,
    /// Boxes of each player's regeneration tank track (AR-LEADER-09).
    pub regeneration_tank_boxes: u8,
    /// Harvesters destroyed per Jihad step (AR-PRESC-13).
    pub jihad_per_harvesters_destroyed: u8,
}

/// A kind of deployment token and how many copies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenMix {
    /// Copies of this token.
    pub copies: u8,
    /// Regular units.
    #[serde(default)]
    pub regular: u8,
    /// Elite units.
    #[serde(default)]
    pub elite: u8,
    /// Special elite units (Fedaykin for the Atreides).
    #[serde(default)]
    pub special: u8,
    /// Generic leaders (a Bashar on a Harkonnen token).
    #[serde(default)]
    pub leader: u8,
}

impl TokenMix {
    /// The units it holds, by rank.
    pub fn units(&self) -> crate::arrakis::vocab::Units {
        crate::arrakis::vocab::Units::new(self.regular, self.elite, self.special)
    }
}

/// Deployment token contents (defaults: no source gives them).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeploymentTokens {
    /// One per sietch at setup.
    pub atreides_starting: Vec<TokenMix>,
    /// The pool the Deployment action draws from (AR-DIE-11).
    pub atreides_pool: Vec<TokenMix>,
    /// Harkonnen black starting tokens, one per settlement, revealed at setup.
    pub harkonnen_black: Vec<TokenMix>,
    /// Harkonnen silver starting tokens, one per settlement, revealed at setup.
    pub harkonnen_silver: Vec<TokenMix>,
}

/// One house's figures.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Figures {
    /// Regular units.
    pub regular: u8,
    /// Elite units.
    pub elite: u8,
    /// Sardaukar / Fedaykin.
    pub special: u8,
    /// Bashars / Naibs.
    pub generic_leader: u8,
    /// Harvesters (Harkonnen only).
    #[serde(default)]
    pub harvester: u8,
    /// Ornithopters (Harkonnen only).
    #[serde(default)]
    pub ornithopter: u8,
    /// Carryalls (Harkonnen only).
    #[serde(default)]
    pub carryall: u8,
}

/// Figure counts.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AllFigures {
    /// Harkonnen.
    pub harkonnen: Figures,
    /// Atreides.
    pub atreides: Figures,
    /// Ordinary sandworm figures.
    pub sandworms: u8,
}

/// Bene Gesserit tokens.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BeneGesserit {
    /// Tokens in the box.
    pub total: u8,
    /// Atreides at setup (AR-BG-06).
    pub atreides_start: u8,
    /// Harkonnen at setup.
    pub harkonnen_start: u8,
    /// Leaders that give their side 1 token on entering play (AR-BG-07).
    pub granted_on_entry: Vec<String>,
}

/// A supremacy step that brings a leader in.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupremacyLeaderStep {
    /// The step.
    pub step: u8,
    /// The leader entering play.
    pub leader: String,
    /// A leader it removes from the game.
    #[serde(default)]
    pub removes: Option<String>,
}

/// Setup facts.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Harkonnen named leaders in play at the start.
    pub harkonnen_leaders: Vec<String>,
    /// Atreides named leaders in play at the start.
    pub atreides_leaders: Vec<String>,
    /// Cards drawn from each deck before round 1.
    pub starting_hand_per_deck: u8,
    /// Supremacy steps that bring leaders in.
    pub supremacy_leader_steps: Vec<SupremacyLeaderStep>,
}

/// A secret objective: the score each marker must reach (AR-WIN-02).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// Data id.
    pub id: String,
    /// Kwisatz Haderach target.
    pub kwisatz_haderach: u8,
    /// Sand Dwellers target.
    pub sand_dwellers: u8,
    /// Jihad target.
    pub jihad: u8,
}

impl Objective {
    /// The targets by marker index.
    pub fn targets(&self) -> [u8; 3] {
        [self.kwisatz_haderach, self.sand_dwellers, self.jihad]
    }
}

/// When a prescience card may be claimed (AR-PRESC-05, AR-PRESC-06).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrescienceTiming {
    /// During Action Resolution.
    ActionResolution,
    /// At End of Round.
    EndOfRound,
}

/// A prescience card's condition (AR-PRESC-07). The real cards are not
/// public; these kinds cover melange's designed deck (docs/rules-decisions.md).
/// Every condition reads public facts only (never a hidden token's contents,
/// a face-down sietch's rank or the secret objective).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Condition {
    /// Always met.
    None,
    /// At least n sietches on the board.
    SietchesAtLeast {
        /// n.
        n: u8,
    },
    /// At least n Atreides units (tokens count 1) on the board.
    AtreidesUnitsOnBoardAtLeast {
        /// n.
        n: u8,
    },
    /// At least n sandworms on the board.
    SandwormsOnBoardAtLeast {
        /// n.
        n: u8,
    },
    /// At least n harvesters destroyed this round.
    HarvestersDestroyedThisRoundAtLeast {
        /// n.
        n: u8,
    },
    /// An Atreides legion in a sector that holds a Harkonnen settlement.
    AtreidesLegionInSectorWithSettlement,
    /// At least n Harkonnen settlements destroyed this game.
    HarkonnenSettlementsDestroyedAtLeast {
        /// n.
        n: u8,
    },
    /// At least n testing stations taken this game.
    TestingStationsTakenAtLeast {
        /// n.
        n: u8,
    },
    /// At least n Atreides legions in deep desert areas.
    AtreidesLegionsInDeepDesertAtLeast {
        /// n.
        n: u8,
    },
    /// At least n sietches on the board turned face up.
    SietchesRevealedAtLeast {
        /// n.
        n: u8,
    },
    /// At least n sietches on the board still face down.
    HiddenSietchesAtLeast {
        /// n.
        n: u8,
    },
    /// Harkonnen supremacy at most n.
    SupremacyAtMost {
        /// n.
        n: u8,
    },
    /// At most n harvesters on the board.
    HarvestersOnBoardAtMost {
        /// n.
        n: u8,
    },
    /// At least n face-down Atreides deployment tokens on the board (their
    /// number is public, their contents are not read).
    AtreidesTokensOnBoardAtLeast {
        /// n.
        n: u8,
    },
    /// At least n named Atreides or Fremen leaders on the board.
    NamedAtreidesLeadersOnBoardAtLeast {
        /// n.
        n: u8,
    },
    /// Atreides legions in at least n different sectors.
    AtreidesLegionsInSectorsAtLeast {
        /// n.
        n: u8,
    },
    /// At least one Imperium ban is active (AR-SPICE-*).
    ImperiumBanActive,
    /// At least n sandworms surfaced (were placed on the board) this round.
    SandwormsSurfacedThisRoundAtLeast {
        /// n.
        n: u8,
    },
    /// At most n revealed Harkonnen units on the board.
    HarkonnenUnitsOnBoardAtMost {
        /// n.
        n: u8,
    },
}

/// A prescience card (melange's designed default, see the docs).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrescienceCard {
    /// Data id.
    pub id: String,
    /// Display name (melange's own design, not the printed card's).
    #[serde(default)]
    pub name: String,
    /// When it may be claimed.
    pub timing: PrescienceTiming,
    /// Claiming it spends 1 action die as the turn's action (AR-PRESC-08).
    pub spend_die: bool,
    /// What must hold.
    pub condition: Condition,
    /// Marker advances (AR-PRESC-02).
    pub advance: BTreeMap<Marker, u8>,
}

/// Everything in `tables.json`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tables {
    /// Format tag.
    pub format: String,
    /// Free text.
    #[serde(default)]
    pub about: String,
    /// The Spice Must Flow board.
    pub spice_must_flow: SpiceMustFlow,
    /// Spice costs.
    pub spice: SpiceCosts,
    /// Harvester yields.
    pub harvester_yield: HarvesterYield,
    /// Action dice.
    pub action_dice: ActionDice,
    /// Combat.
    pub combat: Combat,
    /// Hazards.
    pub hazards: Hazards,
    /// Wormsign mix.
    pub wormsigns: WormsignMix,
    /// Limits.
    pub limits: Limits,
    /// Tracks.
    pub tracks: Tracks,
    /// Ranks of the 8 sietch tokens.
    pub sietch_ranks: Vec<u8>,
    /// The marker on the back of each testing station token.
    pub testing_station_markers: Vec<Marker>,
    /// Deployment tokens.
    pub deployment_tokens: DeploymentTokens,
    /// Figures.
    pub figures: AllFigures,
    /// Bene Gesserit tokens.
    pub bene_gesserit: BeneGesserit,
    /// Setup.
    pub setup: Setup,
    /// The secret objectives.
    pub secret_objectives: Vec<Objective>,
    /// The prescience deck.
    pub prescience_cards: Vec<PrescienceCard>,
}

/// Parses and checks a tables file against the board's counts.
pub fn parse_tables(json: &str, sietch_sites: usize, stations: usize) -> Result<Tables, String> {
    let t: Tables = serde_json::from_str(json).map_err(|e| format!("tables: {e}"))?;
    let fail = |m: String| Err(format!("tables: {m}"));
    if t.format != TABLES_FORMAT {
        return fail(format!("format {:?} is not {TABLES_FORMAT:?}", t.format));
    }
    let rows = &t.spice_must_flow.rows;
    if rows.is_empty() || rows.len() > 8 {
        return fail(format!("{} Spice Must Flow rows; 1 to 8", rows.len()));
    }
    if t.spice_must_flow.start_row == 0 || usize::from(t.spice_must_flow.start_row) > rows.len() {
        return fail("spice_must_flow.start_row is not a row".into());
    }
    for (i, r) in rows.iter().enumerate() {
        if r.dice > t.action_dice.harkonnen.dice {
            return fail(format!(
                "Spice Must Flow row {} gives {} dice; the Harkonnen own {}",
                i + 1,
                r.dice,
                t.action_dice.harkonnen.dice
            ));
        }
        if r.harvesters > t.figures.harkonnen.harvester
            || r.ornithopters.max(r.ornithopters_printed.unwrap_or(0))
                > t.figures.harkonnen.ornithopter
            || r.carryalls > t.figures.harkonnen.carryall
        {
            return fail(format!(
                "Spice Must Flow row {} asks for more vehicles than exist",
                i + 1
            ));
        }
    }
    if t.action_dice.faces.is_empty() || t.combat.faces.is_empty() {
        return fail("a die needs at least one face".into());
    }
    if t.combat.max_dice == 0 {
        return fail("combat.max_dice is 0".into());
    }
    if t.sietch_ranks.len() != sietch_sites {
        return fail(format!(
            "{} sietch tokens for {sietch_sites} sietch sites",
            t.sietch_ranks.len()
        ));
    }
    if t.sietch_ranks.iter().any(|r| !(1..=3).contains(r)) {
        return fail("a sietch rank is not 1 to 3".into());
    }
    if t.testing_station_markers.len() != stations {
        return fail(format!(
            "{} testing station tokens for {stations} stations",
            t.testing_station_markers.len()
        ));
    }
    let w = t.wormsigns;
    if w.sand as usize + w.sandworm as usize + w.burrowing_sandworm as usize == 0 {
        return fail("no wormsign tokens".into());
    }
    if t.limits.stacking_choam_ban > t.limits.stacking || t.limits.stacking == 0 {
        return fail("stacking limits out of order".into());
    }
    let tr = t.tracks;
    if tr.supremacy_win == 0 || tr.supremacy_win > tr.supremacy_max {
        return fail("supremacy_win must be 1..=supremacy_max".into());
    }
    if tr.regeneration_tank_boxes == 0 {
        return fail("the regeneration tank needs at least 1 box".into());
    }
    if t.secret_objectives.is_empty() {
        return fail("no secret objective".into());
    }
    for o in &t.secret_objectives {
        if o.targets().iter().any(|&v| v == 0 || v > tr.prescience_max) {
            return fail(format!(
                "objective {:?} has a target outside 1..=prescience_max",
                o.id
            ));
        }
    }
    if t.prescience_cards.len() < 3 {
        return fail("the prescience deck needs at least 3 cards".into());
    }
    let mut seen = std::collections::BTreeSet::new();
    for c in &t.prescience_cards {
        if !seen.insert(c.id.as_str()) {
            return fail(format!("duplicate prescience card {:?}", c.id));
        }
        // AR-PRESC-08: a die is spent as an action, so only during Action
        // Resolution.
        if c.spend_die && c.timing != PrescienceTiming::ActionResolution {
            return fail(format!(
                "prescience card {:?} spends a die but is not an Action Resolution card",
                c.id
            ));
        }
        if c.advance.values().all(|&n| n == 0) {
            return fail(format!("prescience card {:?} advances nothing", c.id));
        }
    }
    let dt = &t.deployment_tokens;
    let count = |v: &[TokenMix]| v.iter().map(|m| usize::from(m.copies)).sum::<usize>();
    if count(&dt.atreides_starting) < sietch_sites {
        return fail("fewer Atreides starting tokens than sietch sites".into());
    }
    if count(&dt.atreides_pool) == 0 {
        return fail("the Atreides deployment pool is empty".into());
    }
    // Every Atreides token fits in one area's inline list (`Tokens`), so
    // no move of the game can overflow it.
    let atreides = count(&dt.atreides_starting) + count(&dt.atreides_pool);
    if atreides > crate::arrakis::state::TOKENS_IN_AN_AREA {
        return fail(format!(
            "{atreides} Atreides deployment tokens, more than an area holds ({})",
            crate::arrakis::state::TOKENS_IN_AN_AREA
        ));
    }
    for m in dt
        .atreides_starting
        .iter()
        .chain(&dt.atreides_pool)
        .chain(&dt.harkonnen_black)
        .chain(&dt.harkonnen_silver)
    {
        if m.regular + m.elite + m.special == 0 {
            return fail("a deployment token hides no unit".into());
        }
    }
    Ok(t)
}
