//! The vocabulary planning-card effects are written in, as data.
//!
//! A card's effect is a list of [`Step`]s in `data/arrakis/cards.json`,
//! run one after another by `play.rs`; each step is a small decision the
//! player may carry out fully, partly or not at all (AR-ACT-17). A card may
//! carry an [`Alternative`]: other steps used instead when a condition holds
//! (usually "the named leader is already in play"). Areas and leaders are
//! named by their data ids and checked when the data loads, so a typo is a
//! load error, never a runtime surprise.
use serde::Deserialize;

use crate::arrakis::expansions::ExpansionStep;

/// Units of each kind, by the names the cards use.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Units {
    /// Regular units.
    #[serde(default)]
    pub regular: u8,
    /// Elite units.
    #[serde(default)]
    pub elite: u8,
    /// Special elites (Sardaukar for the Harkonnen, Fedaykin for the
    /// Atreides).
    #[serde(default)]
    pub special: u8,
}

impl Units {
    /// The counts by rank.
    pub fn counts(&self) -> crate::arrakis::vocab::Units {
        crate::arrakis::vocab::Units::new(self.regular, self.elite, self.special)
    }
}

/// Where figures may be put.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    /// This area.
    Area(String),
    /// One of these areas.
    OneOf(Vec<String>),
    /// A standing Pyon village (rank-1 Harkonnen settlement).
    PyonVillage,
    /// A standing Harkonnen settlement.
    Settlement,
    /// A desert area with no figure, token, sietch or sandworm.
    EmptyDesert,
    /// A mountain area with no enemy figure.
    FreeMountain,
    /// A plateau area with no enemy figure.
    FreePlateau,
    /// An area with a sietch of the Atreides.
    Sietch,
    /// An area holding one of the player's legions.
    Legion,
    /// The area holding this named leader.
    LegionWith(String),
    /// An area holding one of the player's legions with a special elite.
    LegionWithSpecial,
    /// The area an earlier step of this card used (deployed into, moved
    /// into).
    Same,
}

/// Which leader joins a deployment.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaderPick {
    /// A generic leader or any named leader set aside (the player picks).
    Any,
    /// A generic leader (Bashar, Naib).
    Generic,
    /// This named leader, if its figure is set aside.
    Named(String),
}

/// Which legions a card may move.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LegionFilter {
    /// Any legion.
    #[default]
    Any,
    /// A legion with a leader.
    WithLeader,
    /// A legion with a special elite (Sardaukar or Fedaykin).
    WithSpecial,
    /// The legion with this named leader.
    WithNamed(String),
    /// A legion standing in a settlement area.
    InSettlement,
    /// A legion standing in a desert area.
    InDesert,
    /// A legion with a leader standing in a desert area.
    InDesertWithLeader,
    /// The legion an earlier step of this card used.
    Same,
}

/// What a card's move may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveMode {
    /// Move only, never into an enemy.
    Move,
    /// Move, or attack (the first legion, as the whole move).
    MoveOrAttack,
    /// Move, or make a surprise attack (AR-DIE-09).
    MoveOrSurprise,
    /// Attack only.
    Attack,
    /// Surprise attack only.
    Surprise,
}

/// What a card adds to the battles its move starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Boost {
    /// Nothing.
    #[default]
    None,
    /// +1 combat die in every combat round (War Plan).
    ExtraDie,
    /// The opponent rolls at most 4 dice in the first combat round (Battle
    /// Language).
    CapEnemyFirstRound,
    /// Continuing costs no hit, even against a sietch (Killers without
    /// Mercy).
    FreeContinue,
}

/// One of a house's two planning decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckSide {
    /// The House deck.
    House,
    /// The ally deck (Corrino, Fremen).
    Ally,
}

/// Which enemy named leader a card may send to the regeneration tank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TankTarget {
    /// Any enemy named leader on the board.
    Any,
    /// One standing in a sector that also holds one of your legions.
    SectorWithOwnLegion,
    /// One in an area bordering the legion an earlier step used.
    BorderingSame,
}

/// A unit kind, by the names the cards use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitName {
    /// A regular unit.
    Regular,
    /// An elite unit.
    Elite,
    /// A special elite (Sardaukar, Fedaykin).
    Special,
}

impl UnitName {
    /// The rank it names.
    pub fn kind(self) -> crate::arrakis::ids::UnitKind {
        use crate::arrakis::ids::UnitKind;
        match self {
            UnitName::Regular => UnitKind::Regular,
            UnitName::Elite => UnitKind::Elite,
            UnitName::Special => UnitKind::Special,
        }
    }
}

/// A condition on the game, for alternatives and requirements.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// This named leader is in play.
    LeaderInPlay(String),
    /// This named leader has left the game for good.
    LeaderRemoved(String),
    /// The Family Atomics have been detonated.
    AtomicsUsed,
    /// Some Harkonnen legion is at most this many areas from a sietch.
    HarkonnenNearSietch(u8),
}

/// One step of a card's effect.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    /// Put units (and a leader) from the supply into up to `areas`
    /// different areas of kind `to`, the same package into each.
    Deploy {
        /// Where.
        to: Place,
        /// The units each area gains (as many as the supply holds).
        #[serde(default)]
        units: Units,
        /// A leader each area gains.
        #[serde(default)]
        leader: Option<LeaderPick>,
        /// How many different areas.
        #[serde(default = "one")]
        areas: u8,
    },
    /// Move `legions` legions matching `with`, as `mode` allows.
    Move {
        /// How many legions.
        #[serde(default = "one")]
        legions: u8,
        /// Which legions.
        #[serde(default)]
        with: LegionFilter,
        /// Move, attack or both.
        mode: MoveMode,
        /// What its battles gain.
        #[serde(default)]
        boost: Boost,
    },
    /// Draw `cards` cards, each from either of your decks (or only from
    /// the one named).
    Draw {
        /// How many.
        cards: u8,
        /// Only this deck.
        #[serde(default)]
        from: Option<DeckSide>,
    },
    /// Play 1 more card from hand without spending a die.
    PlayCard,
    /// Either draw `cards` cards or play 1 more card from hand.
    DrawOrPlay {
        /// How many cards the draw gives.
        cards: u8,
    },
    /// Take a Desert Power action (AR-DP-05).
    DesertPower,
    /// A named leader comes into play: its card onto its action box, its
    /// figure set aside.
    LeaderEnters {
        /// The leader.
        leader: String,
    },
    /// A named leader leaves the game for good.
    LeaderLeaves {
        /// The leader.
        leader: String,
    },
    /// Send 1 enemy named leader on the board to the regeneration tank.
    LeaderToTank {
        /// Which leaders qualify.
        target: TankTarget,
    },
    /// Swap up to `count` of your units of one kind on the board for
    /// units of another from the supply.
    Upgrade {
        /// How many.
        count: u8,
        /// The kind given up.
        from: UnitName,
        /// The kind gained.
        to: UnitName,
    },
    /// The opponent discards `cards` planning cards of their choice.
    OpponentDiscards {
        /// How many.
        cards: u8,
    },
    /// Place Harkonnen vehicles as in Vehicle Placement.
    Vehicles {
        /// Harvesters.
        #[serde(default)]
        harvester: u8,
        /// Carryalls.
        #[serde(default)]
        carryall: u8,
        /// Ornithopters.
        #[serde(default)]
        ornithopter: u8,
    },
    /// Every wormsign in an area bordering `around` goes back to the pool.
    ClearWormsigns {
        /// The area whose neighbours are cleared.
        around: String,
    },
    /// Up to `count` wormsigns on the board (the player picks) go back to
    /// the pool.
    DiscardWormsigns {
        /// How many.
        count: u8,
    },
    /// Roll `dice` combat dice at an enemy legion; each Hit or Special is
    /// 1 hit, taken as combat casualties (AR-COMBAT-37: no settlement or
    /// sietch is destroyed).
    SpecialAttack {
        /// Dice rolled.
        dice: u8,
        /// Which legions may be targeted.
        from: AttackFrom,
    },
    /// Gain 1 Bene Gesserit token from the reserve.
    GainBeneGesserit,
    /// A legion standing in a settlement jumps to an area already holding
    /// one of the player's legions (the stacking limit holds).
    Jump,
    /// Return 1 revealed prescience card to the prescience deck, shuffled.
    ReturnPrescience,
    /// The opponent discards 1 of their unused action dice showing House.
    OpponentLosesHouseDie,
    /// Reveal the sietch and every deployment token in 1 area.
    RevealArea,
    /// During the opponent's next action turn, these named leaders cannot
    /// be deployed and no legion with one of them may move or attack.
    Pin {
        /// The leaders.
        leaders: Vec<String>,
    },
    /// Coriolis Storms now, with the normal storm rules (AR-HAZ-32 to
    /// AR-HAZ-35).
    Storms,
    /// Pick a sector holding one of the player's legions, roll `dice`
    /// combat dice; each Hit or Special removes 1 Harkonnen vehicle (the
    /// player's pick) from that sector's areas or its Air zones.
    Rockets {
        /// Dice rolled.
        dice: u8,
    },
    /// Up to `count` sandworms appear in empty desert areas next to `near`.
    Sandworms {
        /// How many.
        count: u8,
        /// What each area must border.
        near: WormNear,
    },
    /// Remove up to `count` harvesters standing in deep desert, all in one
    /// sector.
    RemoveHarvesters {
        /// How many.
        count: u8,
    },
    /// Draw `count` deployment tokens from the pool and place them face
    /// down in one sietch area, with a leader (Stilgar's special action).
    DeployTokens {
        /// How many tokens.
        count: u8,
        /// The leader joining them.
        #[serde(default)]
        leader: Option<LeaderPick>,
    },
    /// The die stands for any action result, as an Atreides House die does
    /// (Alia's special action).
    DieAsAny,
    /// Place up to `count` wormsign tokens (AR-DP-06, AR-DP-07), without
    /// the rest of Desert Power.
    Wormsigns {
        /// How many.
        count: u8,
    },
    /// One Imperium marker drops 1 row; its ban is not triggered.
    ImperiumDown,
    /// A sietch at most `within` areas from a Harkonnen legion gains 1
    /// deployment token from the pool.
    SietchGainsToken {
        /// The greatest distance, in areas.
        within: u8,
    },
    /// Two different sietches trade all their deployment tokens.
    SwapSietchTokens,
    /// A sietch, with its figures and tokens, moves into a bordering empty
    /// desert area.
    RelocateSietch,
    /// One enemy legion in a desert area is pushed into an empty bordering
    /// area.
    PushEnemy,
    /// One prescience marker goes down N steps and another up N.
    ShiftPrescience,
    /// Revealed prescience cards leave the game, each replaced from the
    /// deck.
    ReplacePrescience,
    /// Pick an unused die of the opponent: they must use it on their next
    /// turn.
    ForceDie,
    /// The Family Atomics detonate at once if a prescience marker is on
    /// `min_step` or higher.
    Atomics {
        /// The lowest step that allows it.
        min_step: u8,
    },
    /// The Atreides draw a second secret objective.
    SecondObjective,
    /// Up to `count` Harkonnen vehicles in the sector of the named leader
    /// are removed.
    RemoveVehicles {
        /// How many.
        count: u8,
        /// The leader whose sector it is.
        near: String,
    },
    /// The card attaches to a revealed prescience card.
    AttachPrescience {
        /// What the attachment does.
        kind: Attachment,
    },
    /// The Wild Maker comes into play already spent, its figure into an
    /// empty desert area (AR-LEADER-27).
    WildMakerEnters,
    /// The Wild Maker moves and attacks like a sandworm under Desert Power,
    /// with its own dice (AR-LEADER-28, AR-HAZ-27).
    WildMakerAttacks,
    /// An expansion's step, on the cards an expansion adds: never in the
    /// core's tables, so never read from them; the hook list runs it
    /// (`Expansion::card_step`).
    #[serde(skip_deserializing)]
    Expansion(ExpansionStep),
}

/// Which enemy legions a special attack may target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackFrom {
    /// A legion in an area bordering one of the player's legions.
    BorderingLegion,
    /// Remove a Harkonnen ornithopter from an Air zone first; a Harkonnen
    /// legion in an area connected to that zone.
    Ornithopter,
}

/// What an area a card's sandworm appears in must border.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WormNear {
    /// An area holding one of the player's legions.
    OwnLegion,
    /// An area holding a sandworm.
    Sandworm,
}

/// What a card attached to a revealed prescience card does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attachment {
    /// Fear Is the Mind-Killer: when the card is claimed, a marker picked
    /// now gains 2 more steps; ends at the end of the round.
    Fear,
    /// Eyes of Ibad: the card cannot be removed and stays revealed, beyond
    /// the normal ones, until claimed.
    Ibad,
}

fn one() -> u8 {
    1
}

/// Steps used instead of the card's own when `when` holds.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Alternative {
    /// The condition.
    pub when: Condition,
    /// The steps.
    pub steps: Vec<Step>,
}

impl Step {
    /// Every area and leader id this step names, for the load-time check.
    pub fn names(&self) -> (Vec<&str>, Vec<&str>) {
        let mut areas = Vec::new();
        let mut leaders = Vec::new();
        match self {
            Step::Deploy { to, leader, .. } => {
                place_names(to, &mut areas, &mut leaders);
                if let Some(LeaderPick::Named(l)) = leader {
                    leaders.push(l.as_str());
                }
            }
            Step::DeployTokens {
                leader: Some(LeaderPick::Named(l)),
                ..
            } => leaders.push(l.as_str()),
            Step::Move {
                with: LegionFilter::WithNamed(l),
                ..
            }
            | Step::LeaderEnters { leader: l }
            | Step::LeaderLeaves { leader: l } => leaders.push(l.as_str()),
            Step::ClearWormsigns { around } => areas.push(around.as_str()),
            Step::Pin { leaders: l } => leaders.extend(l.iter().map(String::as_str)),
            Step::RemoveVehicles { near, .. } => leaders.push(near.as_str()),
            _ => {}
        }
        (areas, leaders)
    }
}

fn place_names<'a>(p: &'a Place, areas: &mut Vec<&'a str>, leaders: &mut Vec<&'a str>) {
    match p {
        Place::Area(a) => areas.push(a),
        Place::OneOf(list) => areas.extend(list.iter().map(String::as_str)),
        Place::LegionWith(l) => leaders.push(l),
        _ => {}
    }
}

impl Condition {
    /// The leader id this condition names.
    pub fn leader(&self) -> Option<&str> {
        match self {
            Condition::LeaderInPlay(l) | Condition::LeaderRemoved(l) => Some(l),
            Condition::AtomicsUsed | Condition::HarkonnenNearSietch(_) => None,
        }
    }
}
