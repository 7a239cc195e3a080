//! The game state: players, board, decks, and the stack of work in progress.
use crate::core::{GameRng, Seat, SmallList};

use super::data::{Data, data};
use super::effect::Effect;
use super::event::{Event, Resource};
use super::ids::{CardId, ConflictId, IntrigueId, LeaderId, SpaceId};
use super::options::Rules;
use super::prompt::Prompt;

/// Number of board spaces (validated against the data at load).
pub const SPACES: usize = 22;

/// A player's pile of cards: inline up to 32 cards, so that copying a
/// state (a search's every simulation, the server's every version) copies
/// the piles with the player rather than allocating each; a larger pile
/// moves to the heap. Written as a plain list.
pub type CardPile = SmallList<CardId, 32>;

/// The Imperium deck, inline up to 80 cards (67 in the data, see
/// [`CardPile`]).
pub type ImperiumDeck = SmallList<CardId, 80>;

/// The Intrigue deck, inline up to 48 cards (40 in the data, see
/// [`CardPile`]).
pub type IntrigueDeck = SmallList<IntrigueId, 48>;

/// The Conflict deck, inline up to 16 (see [`CardPile`]).
pub type ConflictPile = SmallList<ConflictId, 16>;

/// A player's Intrigue cards, inline up to 8 (see [`CardPile`]).
pub type IntriguePile = SmallList<IntrigueId, 8>;

/// One player's pieces, cards and resources.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Player {
    /// The leader.
    pub leader: LeaderId,
    /// Solari.
    pub solari: u8,
    /// Spice.
    pub spice: u8,
    /// Water.
    pub water: u8,
    /// Troops in the supply.
    pub supply: u8,
    /// Troops in the garrison.
    pub garrison: u8,
    /// Troops in the Conflict.
    pub conflict: u8,
    /// Swords this Conflict.
    pub swords: u8,
    /// Persuasion this Reveal turn.
    pub persuasion: u8,
    /// Victory points.
    pub vp: u8,
    /// Influence per faction.
    pub influence: [u8; 4],
    /// Factions whose 4-Influence bonus was paid (one-time rule).
    pub bonus_paid: u8,
    /// Own Agents (2, or 3 with the Swordmaster).
    pub agents: u8,
    /// Agents (and the Mentat) on the board this round.
    pub agents_out: u8,
    /// Has the Swordmaster.
    pub swordmaster: bool,
    /// Has a High Council seat.
    pub high_council: bool,
    /// Draw deck; the top is the last element.
    pub deck: CardPile,
    /// Hand.
    pub hand: CardPile,
    /// Played on Agent turns this round.
    pub played: CardPile,
    /// Revealed on the Reveal turn (IM-REVEAL-04: apart from `played`).
    pub revealed: CardPile,
    /// Discard pile.
    pub discard: CardPile,
    /// Intrigue cards held, apart from every card zone (IM-INTRIGUE-08).
    pub intrigue: IntriguePile,
    /// Took the Reveal turn this round.
    pub has_revealed: bool,
    /// Lost the last troop from the Conflict (IM-COMBAT-04).
    pub strength_lost: bool,
    /// When this seat last revealed (final tie-break).
    pub reveal_seq: u16,
    /// Baron: the two secret factions (mask).
    pub secret_factions: u8,
    /// Baron: Masterstroke used.
    pub masterstroke_used: bool,
    /// Helena: the card set aside by Manipulate.
    pub set_aside: Option<CardId>,
}

/// Where the effects being resolved come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Ctx {
    /// Who resolves them (a rival's board place too).
    pub seat: Seat,
    /// The card (for trash_this, bonds).
    pub card: Option<CardId>,
    /// The space the Agent visited this turn.
    pub space: Option<SpaceId>,
    /// During a Reveal turn.
    pub reveal: bool,
}

impl Ctx {
    /// A bare context for a seat.
    pub fn seat(seat: Seat) -> Ctx {
        Ctx {
            seat,
            card: None,
            space: None,
            reveal: false,
        }
    }
}

/// IM-AGENT-09 part: the space's effects (with the controller's bonus).
pub const PART_SPACE: u8 = 0;
/// IM-AGENT-09 part: the played card's Agent box.
pub const PART_AGENT_BOX: u8 = 1;
/// IM-AGENT-09 part: the space's Faction Influence.
pub const PART_INFLUENCE: u8 = 2;

/// Work still to do, run from the top of the stack.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Task {
    /// Run an effect list from `pos`.
    Run {
        /// The list (in a setup, its path in the data: `position/lists.rs`).
        #[serde(with = "super::position::lists::effects")]
        list: &'static [Effect],
        /// Next step.
        pos: u8,
        /// Context.
        ctx: Ctx,
    },
    /// Ask the rest of a multi-pick choice.
    ChoiceRest {
        /// Context.
        ctx: Ctx,
        /// Branches (in a setup, their path in the data).
        #[serde(with = "super::position::lists::branches")]
        options: &'static [Vec<Effect>],
        /// Picks left.
        left: u8,
        /// Branches taken (mask).
        taken: u8,
    },
    /// Ask the acting seat for its turn again (after a Plot Intrigue).
    ResumeTurn,
    /// The parts of an Agent turn still to resolve (IM-AGENT-09): a mask
    /// of `PART_SPACE`, `PART_AGENT_BOX` and `PART_INFLUENCE`.
    AgentParts {
        /// Context (seat, card, space).
        ctx: Ctx,
        /// Parts left (mask).
        left: u8,
    },
    /// IM-INTRIGUE-02: Plot Intrigue after the Agent is sent and the
    /// turn's effects resolved (asked while the seat holds any Intrigue).
    AgentPlot,
    /// Deploy decision after an Agent turn at a Combat space.
    AgentDeploy,
    /// End of an Agent turn.
    EndAgentTurn,
    /// The acquire step of the Reveal turn.
    AcquireLoop,
    /// Clean-up of the Reveal turn.
    EndReveal,
    /// Next seat's turn, or Combat.
    NextTurn,
    /// Combat Intrigue round, asking `seat`.
    CombatAsk,
    /// Conflict rewards.
    Rewards,
    /// After-win Intrigue for the winner.
    AfterWin(Seat),
    /// Troops home, markers reset, Makers, Recall.
    EndCombat,
    /// A new round.
    RoundStart,
    /// The first turn of the round, after the Round Start steps.
    FirstTurn,
    /// Endgame Intrigue for the seat this many places after the First
    /// Player (a count, not a seat), then the next.
    EndgameAsk(u8),
    /// The game ends.
    Finish,
    /// Baron chooses secret factions.
    BaronSecret(Seat),
    /// Ask this decision.
    Ask(Prompt),
}

/// Flags of the turn in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Turn {
    /// Whose turn (a rival's board place too; [`Turn::NOBODY`] in Combat).
    pub seat: Seat,
    /// The space of this Agent turn.
    pub space: Option<SpaceId>,
    /// Troops recruited this turn.
    pub recruited: u8,
    /// Troops recruited by the last gain (deploy_recruited).
    pub last_recruit: u8,
    /// Troops deployed this turn (Masterstroke).
    pub deployed: u8,
    /// Dispatch an Envoy played.
    pub envoy: bool,
    /// Infiltrate played.
    pub infiltrate: bool,
    /// Guild Bankers revealed.
    pub bankers: bool,
    /// Recruitment Mission played.
    pub to_top: bool,
    /// Bindu Suspension played: may pass.
    pub may_pass: bool,
}

impl Turn {
    /// The seat of no one's turn (Combat and after): no seat or rival is
    /// equal to it, so the turn's flags apply to nobody.
    pub const NOBODY: Seat = Seat(u8::MAX);
}

impl Default for Turn {
    /// Seat 0's turn with no flag set: the turn before the first one
    /// starts (setup effects run with it). Written out because [`Seat`]
    /// has no default.
    fn default() -> Turn {
        Turn {
            seat: Seat(0),
            space: None,
            recruited: 0,
            last_recruit: 0,
            deployed: 0,
            envoy: false,
            infiltrate: false,
            bankers: false,
            to_top: false,
            may_pass: false,
        }
    }
}

/// The phase, for views.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Phase {
    /// Before round 1 (secret choices).
    Setup,
    /// Agent and Reveal turns.
    PlayerTurns,
    /// Combat.
    Combat,
    /// Endgame Intrigue.
    Endgame,
    /// Over.
    Over,
}

/// The state of one Dune: Imperium game.
#[derive(Clone, Debug, PartialEq)]
pub struct Imperium {
    pub(crate) rules: Rules,
    pub(crate) rng: GameRng,
    /// The seats, then the rivals, in board order: read by seat with
    /// [`Imperium::p`] and [`Imperium::pm`].
    pub(crate) players: Vec<Player>,
    pub(crate) round: u8,
    /// The First Player.
    pub(crate) first: Seat,
    pub(crate) phase: Phase,
    pub(crate) conflict_deck: ConflictPile,
    pub(crate) conflict: Option<ConflictId>,
    pub(crate) imperium_deck: ImperiumDeck,
    pub(crate) row: CardPile,
    pub(crate) reserve: [u8; 3],
    pub(crate) trash: CardPile,
    pub(crate) intrigue_deck: IntrigueDeck,
    pub(crate) intrigue_discard: IntriguePile,
    /// Whose Agent is on each board space.
    pub(crate) occupant: [Option<Seat>; SPACES],
    pub(crate) bonus_spice: [u8; SPACES],
    /// Whose control marker is on each board space.
    pub(crate) control: [Option<Seat>; SPACES],
    /// Who played The Voice and the space it blocks.
    pub(crate) voice: Option<(Seat, SpaceId)>,
    /// Who holds each faction's Alliance token.
    pub(crate) alliance: [Option<Seat>; 4],
    /// Who holds the Mentat this round.
    pub(crate) mentat: Option<Seat>,
    /// Who won the Mentat for next round.
    pub(crate) mentat_next: Option<Seat>,
    pub(crate) turn: Turn,
    /// Passes in a row in the Combat Intrigue round (a count).
    pub(crate) combat_passes: u8,
    /// The seat asked next in the Combat Intrigue round.
    pub(crate) combat_seat: Seat,
    pub(crate) reveal_counter: u16,
    /// Revealed cards whose Reveal box is still to resolve, with the
    /// `reveal_order = published` rule (IM-REVEAL-02, IM-REVEAL-05).
    pub(crate) reveal_boxes: CardPile,
    pub(crate) stack: Vec<Task>,
    pub(crate) prompt: Option<Prompt>,
    /// House Hagal rivals (1-2 players), see `hagal.rs`.
    pub(crate) rivals: Option<Box<super::hagal::Rivals>>,
    /// MC-ROUNDS-01: the game stops when this round ends (`round_limit.rs`).
    pub(crate) max_rounds: Option<u32>,
    /// The Conflict cards revealed so far, oldest first (public): what a
    /// sample of the Conflict deck must leave out (MC-SIM-02,
    /// `determinize.rs`).
    pub(crate) conflicts_seen: ConflictPile,
    /// Why the game ended early, if it did (`standing.rs`).
    pub(crate) early_end: Option<super::standing::EarlyEnd>,
}

/// Public reads of the position, for tests and tools: each the same fact
/// [`Imperium::to_setup`] would give, without copying the whole game. The
/// fields stay private, so a change goes through [`Imperium::edit`] and its
/// checks.
impl Imperium {
    /// A participant's pieces (a seat, or a rival's board place).
    pub fn player(&self, seat: Seat) -> &Player {
        self.p(seat)
    }

    /// How many participants sit at the table: the seats, then the rivals.
    pub fn participants(&self) -> u8 {
        self.n()
    }

    /// Whose control marker is on `space`.
    pub fn control(&self, space: SpaceId) -> Option<Seat> {
        self.control[usize::from(space.0)]
    }

    /// Who holds the faction's Alliance token.
    pub fn alliance(&self, faction: super::ids::Faction) -> Option<Seat> {
        self.alliance[faction.index()]
    }

    /// The First Player.
    pub fn first(&self) -> Seat {
        self.first
    }

    /// Round number, from 1 (0 before the first round starts).
    pub fn round(&self) -> u8 {
        self.round
    }

    /// This round's Conflict, once revealed.
    pub fn conflict(&self) -> Option<ConflictId> {
        self.conflict
    }

    /// The Conflict cards revealed so far, oldest first (public).
    pub fn conflicts_seen(&self) -> &[ConflictId] {
        &self.conflicts_seen
    }

    /// Who holds the Mentat this round, and who won it for next round.
    pub fn mentat(&self) -> (Option<Seat>, Option<Seat>) {
        (self.mentat, self.mentat_next)
    }

    /// House Hagal or the solo Rivals (their deck, revealed cards and
    /// generator), in a game with rivals.
    pub fn rivals(&self) -> Option<&super::hagal::Rivals> {
        self.rivals.as_deref()
    }

    /// The decision the game waits on, in the engine's own form (`None`:
    /// the game is over).
    pub fn prompt(&self) -> Option<&Prompt> {
        self.prompt.as_ref()
    }
}

impl Imperium {
    pub(crate) fn d(&self) -> &'static Data {
        data()
    }

    /// How many participants sit at the table: the seats, then the rivals
    /// (`hagal.rs`). A count, not a seat.
    pub(crate) fn n(&self) -> u8 {
        self.players.len() as u8
    }

    /// A participant's pieces. `players` holds the seats, then the rivals,
    /// in board order, so a [`Seat`] (a rival's board place too) is its
    /// index there; this and [`Imperium::pm`] are the one way the engine
    /// reads a participant by seat, so no caller converts a seat to an
    /// index itself.
    pub(crate) fn p(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    /// A participant's pieces, to change (see [`Imperium::p`]).
    pub(crate) fn pm(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index()]
    }

    /// Every participant in board order: the seats from 0, then the
    /// rivals. The range is taken now, so the caller may change the game
    /// while it walks it.
    pub(crate) fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.n()).map(Seat)
    }

    /// The participant `k` places clockwise after `seat` (rivals
    /// included), wrapping around the table.
    pub(crate) fn clockwise(&self, seat: Seat, k: u8) -> Seat {
        Seat((seat.0 + k) % self.n())
    }

    /// The next participant clockwise.
    pub(crate) fn next_seat(&self, seat: Seat) -> Seat {
        self.clockwise(seat, 1)
    }

    /// Agents still on the Leader (the Mentat included).
    pub(crate) fn agents_left(&self, seat: Seat) -> u8 {
        let p = self.p(seat);
        (p.agents + u8::from(self.mentat == Some(seat))).saturating_sub(p.agents_out)
    }

    /// Current strength: IM-COMBAT-01 2 per troop, IM-COMBAT-02 1 per
    /// sword, IM-COMBAT-03 0 with no troop, IM-COMBAT-04 0 for good once
    /// the last troop is lost.
    pub fn strength(&self, seat: Seat) -> u8 {
        let p = self.p(seat);
        if p.conflict == 0 || p.strength_lost {
            0
        } else {
            (2 * u16::from(p.conflict) + u16::from(p.swords)).min(255) as u8
        }
    }

    pub(crate) fn resource(&mut self, seat: Seat, r: Resource, delta: i16, ev: &mut Vec<Event>) {
        if delta == 0 {
            return;
        }
        // IM-HAGAL-09 / IM-HAGAL-12: House Hagal collects no resources and
        // scores no VP (troops and swords only).
        if self.is_hagal(seat) && !matches!(r, Resource::Garrison | Resource::Swords) {
            return;
        }
        let p = self.pm(seat);
        let slot = match r {
            Resource::Solari => &mut p.solari,
            Resource::Spice => &mut p.spice,
            Resource::Water => &mut p.water,
            Resource::Garrison => &mut p.garrison,
            Resource::Persuasion => &mut p.persuasion,
            Resource::Swords => &mut p.swords,
            Resource::Vp => &mut p.vp,
        };
        let raw = i16::from(*slot) + delta;
        // Resources never go negative: every cost is checked before it is paid.
        debug_assert!(raw >= 0, "{r:?} of {seat} would go negative");
        let v = raw.clamp(0, 255);
        let real = v - i16::from(*slot);
        *slot = v as u8;
        if real != 0 {
            ev.push(Event::Resource {
                seat,
                resource: r,
                delta: real,
            });
        }
    }

    /// Every card a seat owns, in every zone.
    pub(crate) fn owned(&self, seat: Seat, card: CardId) -> usize {
        let p = self.p(seat);
        [&p.deck, &p.hand, &p.played, &p.revealed, &p.discard]
            .iter()
            .map(|z| z.iter().filter(|c| **c == card).count())
            .sum::<usize>()
    }
}
