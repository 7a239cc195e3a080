//! A War for Arrakis position as plain data ([`Setup`]): what is where,
//! whose decision it is, and every count and pile the rules keep, with
//! public fields a test or a fixture may write freely. It becomes a game
//! only through [`Arrakis::from_setup`], which refuses a position the rules
//! could never reach (`check.rs`): so the engine's own state keeps its
//! fields to itself, and every position it plays from is one the rules
//! allow. The split follows shakmaty's `Setup` and `Chess`.
//!
//! A setup reads and writes as text ([`Setup::to_text`],
//! [`Setup::from_text`]), so a situation can be kept as a fixture file and
//! a failing position printed whole.
mod check;
mod edits;

#[cfg(feature = "testkit")]
pub(crate) use check::check_shape_of;

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

pub use crate::core::SetupError;

use super::cards::play::CardRun;
use super::expansions::ExpansionStates;
use super::ids::{AreaId, DieResult, Faction, Marker, Wormsign};
use super::options::Rules;
use super::prompt::Prompt;
use super::state::{AreaState, Arrakis, House, LeaderAt, Phase, Vehicle};
use super::vocab::{ByFaction, ByImperiumMarker, ByMarker};
use crate::core::{GameRng, SmallList};

/// Every fact of a War for Arrakis position, as plain data. The fields
/// are those of the game itself, one for one (the conversions destructure
/// both, so a field added to one and not the other does not compile).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub rules: Rules,
    pub rng: GameRng,
    /// Round number, from 1.
    pub round: u16,
    /// Current phase.
    pub phase: Phase,
    /// The decision the game waits on.
    pub prompt: Prompt,
    /// Per area.
    pub areas: Vec<AreaState>,
    /// Per Air zone.
    pub zones: SmallList<Option<Vehicle>, 8>,
    /// Harkonnen `[0]`, Atreides `[1]`.
    pub houses: ByFaction<House>,
    /// Per named leader (generic entries unused).
    pub leaders: SmallList<LeaderAt, 32>,
    /// Spent leader cards this round.
    pub spent_leaders: u64,
    /// Imperium markers' rows (1 = top), CHOAM, Spacing Guild, Landsraad.
    pub imperium: ByImperiumMarker<u8>,
    /// Active bans.
    pub bans: ByImperiumMarker<bool>,
    /// Harkonnen spice saved from the last harvest (AR-SPICE-13).
    pub spice_saved: u8,
    /// Harkonnen supremacy points.
    pub supremacy: u8,
    /// Prescience markers.
    pub prescience: ByMarker<u8>,
    /// The Atreides secret objective (index into the objectives).
    pub objective: u8,
    /// Wormsign pool (face down; order is chance).
    pub wormsign_pool: SmallList<Wormsign, 24>,
    /// Atreides deployment pool (token-kind indexes).
    pub deploy_pool: SmallList<u8, 16>,
    /// Prescience deck (indexes), top last.
    pub prescience_deck: SmallList<u8, 24>,
    /// Revealed prescience cards this round.
    pub revealed: SmallList<u8, 24>,
    /// Prescience cards claimed this round.
    pub claimed_this_round: u8,
    /// Prescience card claimed this turn (AR-PRESC-04).
    pub claimed_this_turn: bool,
    /// Ordinary sandworm figures off the board.
    pub worms_off: u8,
    /// Harvesters destroyed in this Action Resolution (AR-PRESC-13).
    pub harvesters_destroyed: u8,
    /// Harkonnen settlements destroyed (for conditions).
    pub settlements_destroyed: u8,
    /// Testing stations taken.
    pub stations_taken: u8,
    /// The Family Atomics were detonated (AR-ATOM-03).
    pub atomics_used: bool,
    /// The mountain they turned into desert (AR-ATOM-04).
    pub atomics_area: Option<AreaId>,
    /// Supremacy bought this round (AR-SPICE-11).
    pub bought_supremacy: bool,
    /// The winner, once there is one, and why in words. The engine's own
    /// reasons are literals; a position read from text owns its words.
    pub winner: Option<(Faction, Cow<'static, str>)>,
    /// MC-ROUNDS-01: the game ends when this round ends (`None`: no limit).
    pub max_rounds: Option<u32>,
    /// The expansions' state, each when it is on, written into the text
    /// as if its fields were the position's own.
    #[serde(flatten)]
    pub expansions: ExpansionStates,
    /// The planning card being resolved (AR-ACT-13).
    pub effect: Option<CardRun>,
    /// Desert Hazards resolution cursor (kind * 128 + area).
    pub hazard_cursor: u16,
    /// Test hook: die faces (indexes) to return before the generator's.
    pub loaded: Vec<u8>,
    /// Named leaders a card pins for their house's next action turn (bit =
    /// `LeaderId`); public information.
    pub pinned: u64,
    /// Truthtrance: the die the Harkonnen must use on their next turn.
    pub forced_die: Option<DieResult>,
    /// Tested with the Gom Jabbar: a second secret objective (hidden like
    /// the first).
    pub objective2: Option<u8>,
    /// Fear Is the Mind-Killer: the prescience card it is attached to and
    /// the marker that gains 2 more steps when that card is claimed.
    pub fear: Option<(u8, Marker)>,
    /// Eyes of Ibad: the prescience card it is attached to.
    pub ibad: Option<u8>,
    /// Sandworms placed on the board this round (public; for prescience
    /// conditions).
    pub worms_surfaced: u8,
    /// Dice each house spent this turn: its tank leaders move that many
    /// boxes at the end of the turn (AR-LEADER-11).
    pub tank_moves: ByFaction<u8>,
}

// The conversions, the `Position` trait, the same methods on the game
// (`to_setup`, `from_setup`, `edit`) and the setup's text
// (`core/position.rs`).
crate::core::position!(
    Arrakis,
    "War for Arrakis",
    rules,
    rng,
    round,
    phase,
    prompt,
    areas,
    zones,
    houses,
    leaders,
    spent_leaders,
    imperium,
    bans,
    spice_saved,
    supremacy,
    prescience,
    objective,
    wormsign_pool,
    deploy_pool,
    prescience_deck,
    revealed,
    claimed_this_round,
    claimed_this_turn,
    worms_off,
    harvesters_destroyed,
    settlements_destroyed,
    stations_taken,
    atomics_used,
    atomics_area,
    bought_supremacy,
    winner,
    max_rounds,
    expansions,
    effect,
    hazard_cursor,
    loaded,
    pinned,
    forced_die,
    objective2,
    fear,
    ibad,
    worms_surfaced,
    tank_moves,
);
