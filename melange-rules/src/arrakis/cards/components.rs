//! Leaders (`data/arrakis/leaders.json`) and planning cards
//! (`data/arrakis/cards.json`), parsed with serde and checked at load.
use serde::Deserialize;

use crate::arrakis::board::tables::Conversion;
use crate::arrakis::cards::effects::{Alternative, Condition, Step};
use crate::arrakis::expansions::ExpansionEntry;
use crate::arrakis::ids::{Deck, Faction, Marker};

/// What a leader is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderKind {
    /// A named leader with a card (AR-COMBAT-02).
    Named,
    /// A Bashar or a Naib.
    Generic,
    /// The Wild Maker: a sandworm, not a legion leader (AR-LEADER-28).
    Sandworm,
}

/// The action box a leader card sits on (AR-LEADER-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Slot {
    /// Leadership.
    Leadership,
    /// Strategy.
    Strategy,
    /// Deployment.
    Deployment,
    /// Mentat.
    Mentat,
    /// House.
    House,
    /// The Atreides Desert Power box.
    DesertPower,
}

/// How a leader enters play.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Entry {
    /// In play from setup.
    AtStart,
    /// A generic leader, deployed from the supply.
    Generic,
    /// When the supremacy marker reaches a step (or a card brings it in).
    SupremacyStep {
        /// The step.
        step: u8,
        /// A card that also brings it in.
        #[serde(default)]
        card: Option<String>,
    },
    /// When a prescience marker reaches a step (AR-PRESC-16 to AR-PRESC-19).
    PrescienceStep {
        /// The marker, or `any`.
        marker: MarkerOrAny,
        /// The step.
        step: u8,
        /// A card that also brings it in.
        #[serde(default)]
        card: Option<String>,
    },
    /// Through one of these planning cards.
    Card {
        /// The cards.
        cards: Vec<String>,
    },
    /// When another leader leaves the game (AR-LEADER-22).
    LeaderRemoved {
        /// That leader.
        leader: String,
    },
    /// At a moment of an expansion's own: never in the core's tables, so
    /// never read from them; the expansion brings the leader in.
    #[serde(skip_deserializing)]
    Expansion(ExpansionEntry),
}

/// A prescience marker or any of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkerOrAny {
    /// Any marker.
    Any,
    /// Kwisatz Haderach.
    KwisatzHaderach,
    /// Sand Dwellers.
    SandDwellers,
    /// Jihad.
    Jihad,
}

impl MarkerOrAny {
    /// Whether `m` matches.
    pub fn matches(self, m: Marker) -> bool {
        matches!(
            (self, m),
            (MarkerOrAny::Any, _)
                | (MarkerOrAny::KwisatzHaderach, Marker::KwisatzHaderach)
                | (MarkerOrAny::SandDwellers, Marker::SandDwellers)
                | (MarkerOrAny::Jihad, Marker::Jihad)
        )
    }
}

/// How Thufir Hawat leaves (AR-LEADER-20).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RemovedByDiscarding {
    /// The card to discard.
    pub card: String,
    /// Fewest copies (AR-LEADER-21).
    pub min: u8,
    /// Most copies.
    pub max: u8,
    /// Who enters then (AR-LEADER-22).
    pub then_enters: String,
}

/// A leader.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leader {
    /// Data id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Its house.
    pub faction: Faction,
    /// House or ally deck side.
    pub side: String,
    /// Named, generic or sandworm.
    pub kind: LeaderKind,
    /// Its action box; `None` for generic leaders and Gurney.
    pub action_slot: Option<Slot>,
    /// Its conversion of 1 Special (AR-COMBAT-13, AR-COMBAT-14); `None` for
    /// none.
    pub combat: Option<Conversion>,
    /// The conversion printed on the card where the rules text says there is
    /// none (Gurney Halleck; the `gurney_combat_strip` option).
    #[serde(default)]
    pub combat_printed: Option<Conversion>,
    /// How it enters play.
    pub enters: Entry,
    /// The leader it replaces in place (AR-LEADER-14, AR-LEADER-16,
    /// AR-LEADER-24).
    #[serde(default)]
    pub replaces: Option<String>,
    /// The same person under an earlier card: a card naming that leader
    /// names this one too (AR-LEADER-18, AR-LEADER-19).
    #[serde(default)]
    pub same_person_as: Option<String>,
    /// Its special action (AR-LEADER-04), in the card-effect vocabulary;
    /// empty when it has none.
    #[serde(default)]
    pub special: Vec<Step>,
    /// Thufir Hawat's removal (AR-LEADER-20).
    #[serde(default)]
    pub removed_by_discarding: Option<RemovedByDiscarding>,
}

/// When a planning card may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardTiming {
    /// On your turn, spending any die (AR-ACT-12).
    ActionTurn,
    /// As a free action (Hawat's Scheming).
    FreeAction,
}

/// A planning card kind.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlanningCard {
    /// Data id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Its deck.
    pub deck: Deck,
    /// Copies in the deck.
    pub copies: u8,
    /// When it is played.
    pub timing: CardTiming,
    /// Effect kind, as the fact sheet groups cards.
    pub effect: String,
    /// Paraphrased effect.
    pub summary: String,
    /// What playing it does, step by step (AR-ACT-13). A card with no
    /// steps cannot be played for its effect, only discarded.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// Other steps used when a condition holds.
    #[serde(default)]
    pub alternative: Option<Alternative>,
    /// A condition for playing it at all.
    #[serde(default)]
    pub requires: Option<Condition>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LeadersDoc {
    format: String,
    #[serde(default)]
    #[allow(dead_code)]
    about: String,
    leaders: Vec<Leader>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DeckDoc {
    id: Deck,
    faction: Faction,
    #[allow(dead_code)]
    side: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsDoc {
    format: String,
    #[serde(default)]
    #[allow(dead_code)]
    about: String,
    decks: Vec<DeckDoc>,
    planning_cards: Vec<PlanningCard>,
}

/// Parses and checks the leaders file.
pub fn parse_leaders(json: &str) -> Result<Vec<Leader>, String> {
    let d: LeadersDoc = serde_json::from_str(json).map_err(|e| format!("leaders: {e}"))?;
    if d.format != "melange.arrakis.leaders/1" {
        return Err(format!("leaders: unknown format {:?}", d.format));
    }
    if d.leaders.len() > 64 {
        return Err("leaders: more than 64".into());
    }
    let known = |id: &str| d.leaders.iter().any(|l| l.id == id);
    for (i, l) in d.leaders.iter().enumerate() {
        if d.leaders[..i].iter().any(|o| o.id == l.id) {
            return Err(format!("leaders: duplicate id {:?}", l.id));
        }
        for r in l
            .replaces
            .iter()
            .chain(l.removed_by_discarding.as_ref().map(|r| &r.then_enters))
        {
            if !known(r) {
                return Err(format!("leaders: {:?} names unknown leader {r:?}", l.id));
            }
        }
        if let Entry::LeaderRemoved { leader } = &l.enters
            && !known(leader)
        {
            return Err(format!(
                "leaders: {:?} names unknown leader {leader:?}",
                l.id
            ));
        }
        if l.kind == LeaderKind::Generic && l.combat.is_none() {
            return Err(format!(
                "leaders: generic leader {:?} has no conversion",
                l.id
            ));
        }
    }
    for f in Faction::ALL {
        let n = d
            .leaders
            .iter()
            .filter(|l| l.faction == f && l.kind == LeaderKind::Generic)
            .count();
        if n != 1 {
            return Err(format!(
                "leaders: {f:?} needs exactly 1 generic leader, has {n}"
            ));
        }
    }
    Ok(d.leaders)
}

/// Parses and checks the cards file.
pub fn parse_cards(json: &str) -> Result<Vec<PlanningCard>, String> {
    let d: CardsDoc = serde_json::from_str(json).map_err(|e| format!("cards: {e}"))?;
    if d.format != "melange.arrakis.cards/1" {
        return Err(format!("cards: unknown format {:?}", d.format));
    }
    for dk in &d.decks {
        if dk.id.faction() != dk.faction {
            return Err(format!(
                "cards: deck {:?} belongs to {:?}",
                dk.id,
                dk.id.faction()
            ));
        }
    }
    if d.planning_cards.len() > 255 {
        return Err("cards: more than 255 kinds".into());
    }
    for (i, c) in d.planning_cards.iter().enumerate() {
        if d.planning_cards[..i].iter().any(|o| o.id == c.id) {
            return Err(format!("cards: duplicate id {:?}", c.id));
        }
        if c.copies == 0 {
            return Err(format!("cards: {:?} has 0 copies", c.id));
        }
    }
    Ok(d.planning_cards)
}
