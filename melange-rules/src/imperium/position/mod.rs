//! A Dune: Imperium position as plain data ([`Setup`]): what is where,
//! whose decision it is, and every count, pile and piece of work in
//! progress the rules keep, with public fields a test or a fixture may
//! write freely. It becomes a game only through [`Imperium::from_setup`],
//! which refuses a position the rules could never reach (`check.rs`): so
//! the engine's own state keeps its fields to itself, and every position it
//! plays from is one the rules allow. The split follows shakmaty's `Setup`
//! and `Chess`, as War for Arrakis does (`arrakis/position/`).
//!
//! A setup reads and writes as text ([`Setup::to_text`],
//! [`Setup::from_text`]), so a situation can be kept as a fixture file and
//! a failing position printed whole. The effect lists a paused effect
//! points into are written as their place in the data (`lists.rs`).
mod check;
mod edits;
pub(crate) mod lists;

use serde::{Deserialize, Serialize};

pub use crate::core::SetupError;

use super::hagal::Rivals;
use super::ids::{ConflictId, SpaceId};
use super::options::Rules;
use super::prompt::Prompt;
use super::standing::EarlyEnd;
use super::state::{
    CardPile, ConflictPile, Imperium, ImperiumDeck, IntrigueDeck, IntriguePile, Phase, Player,
    SPACES, Task, Turn,
};
use crate::core::{GameRng, Seat};

/// Every fact of a Dune: Imperium position, as plain data. The fields
/// are those of the game itself, one for one (the conversions destructure
/// both, so a field added to one and not the other does not compile).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    /// The rule switches the game runs with.
    pub rules: Rules,
    /// The game's generator (shuffles and chance), hidden.
    pub rng: GameRng,
    /// The seats, then the rivals, in board order: a [`Seat`] is its
    /// index here.
    pub players: Vec<Player>,
    /// Round number, from 1 (0 before the first round starts).
    pub round: u8,
    /// The First Player.
    pub first: Seat,
    /// The phase.
    pub phase: Phase,
    /// The Conflict deck, top last.
    pub conflict_deck: ConflictPile,
    /// This round's Conflict.
    pub conflict: Option<ConflictId>,
    /// The Imperium deck, top last.
    pub imperium_deck: ImperiumDeck,
    /// The Imperium Row.
    pub row: CardPile,
    /// Cards left in each Reserve pile (Arrakis Liaison, The Spice Must
    /// Flow, Foldspace).
    pub reserve: [u8; 3],
    /// Trashed cards.
    pub trash: CardPile,
    /// The Intrigue deck, top last.
    pub intrigue_deck: IntrigueDeck,
    /// The Intrigue discard pile.
    pub intrigue_discard: IntriguePile,
    /// Whose Agent is on each board space.
    pub occupant: [Option<Seat>; SPACES],
    /// Bonus spice on each board space.
    pub bonus_spice: [u8; SPACES],
    /// Whose control marker is on each board space.
    pub control: [Option<Seat>; SPACES],
    /// Who played The Voice and the space it blocks.
    pub voice: Option<(Seat, SpaceId)>,
    /// Who holds each faction's Alliance token.
    pub alliance: [Option<Seat>; 4],
    /// Who holds the Mentat this round.
    pub mentat: Option<Seat>,
    /// Who won the Mentat for next round.
    pub mentat_next: Option<Seat>,
    /// Flags of the turn in progress.
    pub turn: Turn,
    /// Passes in a row in the Combat Intrigue round (a count).
    pub combat_passes: u8,
    /// The seat asked next in the Combat Intrigue round.
    pub combat_seat: Seat,
    /// Reveal turns taken so far (the final tie-break's order).
    pub reveal_counter: u16,
    /// Revealed cards whose Reveal box is still to resolve, with the
    /// `reveal_order = published` rule (IM-REVEAL-02, IM-REVEAL-05).
    pub reveal_boxes: CardPile,
    /// Work still to do, run from the top (the last element).
    pub stack: Vec<Task>,
    /// The decision the game waits on (`None`: the game is over).
    pub prompt: Option<Prompt>,
    /// House Hagal rivals (1-2 players).
    pub rivals: Option<Box<Rivals>>,
    /// MC-ROUNDS-01: the game stops when this round ends.
    pub max_rounds: Option<u32>,
    /// The Conflict cards revealed so far, oldest first (public).
    pub conflicts_seen: ConflictPile,
    /// Why the game ended early, if it did.
    pub early_end: Option<EarlyEnd>,
}

// The conversions, the `Position` trait, the same methods on the game
// (`to_setup`, `from_setup`, `edit`) and the setup's text
// (`core/position.rs`).
crate::core::position!(
    Imperium,
    "Dune: Imperium",
    rules,
    rng,
    players,
    round,
    first,
    phase,
    conflict_deck,
    conflict,
    imperium_deck,
    row,
    reserve,
    trash,
    intrigue_deck,
    intrigue_discard,
    occupant,
    bonus_spice,
    control,
    voice,
    alliance,
    mentat,
    mentat_next,
    turn,
    combat_passes,
    combat_seat,
    reveal_counter,
    reveal_boxes,
    stack,
    prompt,
    rivals,
    max_rounds,
    conflicts_seen,
    early_end,
);
