//! Where the game waits: [`Prompt`], the one decision a seat is asked at
//! a time, with what it needs to offer its legal actions (`legal.rs`) and
//! apply the answer (`flow.rs`). A rival's decisions are made by the engine
//! (`hagal.rs`); a human seat's are asked over the API (`view.rs` names
//! them).
use crate::core::Seat;

use super::effect::Effect;
use super::ids::CardId;
use super::state::Ctx;

/// The decision the game waits on.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Prompt {
    /// Agent or Reveal turn (plus Plot Intrigue).
    Turn(Seat),
    /// Deploy 0..=max troops.
    Deploy {
        /// Who.
        seat: Seat,
        /// Most troops.
        max: u8,
    },
    /// Retreat 0..=max troops.
    Retreat {
        /// Who.
        seat: Seat,
        /// Most troops.
        max: u8,
    },
    /// IM-AGENT-09: which part of the Agent turn to resolve next
    /// (`Choose` of a `PART_*` index).
    AgentOrder {
        /// Context (seat, card, space).
        ctx: Ctx,
        /// Parts left (mask).
        left: u8,
    },
    /// IM-START-05 with the `defensive_bonus = optional` rule: deploy the
    /// defensive-bonus troop (`Accept`) or not (`Pass`).
    DefensiveBonus(Seat),
    /// Choose a branch.
    Choice {
        /// Context.
        ctx: Ctx,
        /// Branches (in a setup, their path in the data).
        #[serde(with = "super::position::lists::branches")]
        options: &'static [Vec<Effect>],
        /// Picks left including this one.
        left: u8,
        /// Branches taken.
        taken: u8,
    },
    /// Accept or decline.
    Optional {
        /// Context.
        ctx: Ctx,
        /// Steps (in a setup, their path in the data).
        #[serde(with = "super::position::lists::effects")]
        steps: &'static [Effect],
    },
    /// Gain n Influence with one faction of the mask; `left` more picks of
    /// different factions.
    Influence {
        /// Context.
        ctx: Ctx,
        /// Allowed factions.
        mask: u8,
        /// Amount.
        n: u8,
        /// Picks left including this one.
        left: u8,
    },
    /// Lose n Influence with a faction (a cost).
    LoseInfluence {
        /// Context.
        ctx: Ctx,
        /// Amount.
        n: u8,
    },
    /// Trash a card, or pass.
    Trash(Ctx),
    /// Discard cards from hand.
    Discard {
        /// Who discards.
        seat: Seat,
        /// How many more.
        left: u8,
    },
    /// Choose an opponent.
    Opponent {
        /// Context.
        ctx: Ctx,
        /// Steps the opponent resolves (in a setup, their path in the data).
        #[serde(with = "super::position::lists::effects")]
        steps: &'static [Effect],
    },
    /// Reveal turn: acquire cards, play Plot Intrigue, or finish.
    Acquire(Seat),
    /// IM-INTRIGUE-02: Plot Intrigue later in an Agent turn, after the
    /// Agent is sent (`Intrigue`, or `Pass` when done).
    AgentPlot(Seat),
    /// Acquire a row card for free.
    FreeAcquire {
        /// Context.
        ctx: Ctx,
        /// Highest cost.
        max_cost: u8,
        /// Onto the deck.
        top: bool,
    },
    /// Choose a Sell Melange exchange.
    SellMelange(Ctx),
    /// Combat Intrigue round.
    CombatIntrigue(Seat),
    /// After-win Intrigue.
    AfterWin(Seat),
    /// Endgame Intrigue.
    Endgame(Seat),
    /// Poison Snooper: draw (0) or trash (1) the top card.
    PoisonSnooper {
        /// Who.
        seat: Seat,
        /// The card looked at.
        card: CardId,
    },
    /// Other Memory: which Bene Gesserit card to retrieve.
    Retrieve(Seat),
    /// The Voice: which space to block.
    Voice(Seat),
    /// Urgent Mission: which Agent to recall.
    Recall(Seat),
    /// Manipulate: which row card to set aside.
    Manipulate(Seat),
    /// Baron: choose a secret faction.
    SecretFaction(Seat),
    /// Baron: use Masterstroke?
    Masterstroke(Seat),
    /// Kwisatz Haderach: which of your placed Agents moves (`Space`), or
    /// one from your Leader (`Pass`, only when `from_leader`).
    KwisatzFrom {
        /// Who.
        seat: Seat,
        /// An Agent is still on the Leader, so `Pass` is allowed.
        from_leader: bool,
    },
    /// The Alliance holder lost Influence while tied with several seats
    /// and picks which of them takes the token (docs/rules-decisions.md, A10a).
    AllianceHandover {
        /// The holder, who decides.
        seat: Seat,
        /// The faction.
        faction: super::ids::Faction,
        /// The tied seats: a set of seats, as a mask with bit `s` set for
        /// `Seat(s)`.
        candidates: u8,
    },
}

impl Prompt {
    /// The seat that decides.
    pub fn seat(&self) -> Seat {
        match *self {
            Prompt::Turn(s)
            | Prompt::Deploy { seat: s, .. }
            | Prompt::Retreat { seat: s, .. }
            | Prompt::Discard { seat: s, .. }
            | Prompt::Acquire(s)
            | Prompt::AgentPlot(s)
            | Prompt::CombatIntrigue(s)
            | Prompt::AfterWin(s)
            | Prompt::Endgame(s)
            | Prompt::PoisonSnooper { seat: s, .. }
            | Prompt::Retrieve(s)
            | Prompt::Voice(s)
            | Prompt::Recall(s)
            | Prompt::Manipulate(s)
            | Prompt::SecretFaction(s)
            | Prompt::Masterstroke(s)
            | Prompt::KwisatzFrom { seat: s, .. }
            | Prompt::AllianceHandover { seat: s, .. }
            | Prompt::DefensiveBonus(s) => s,
            Prompt::Choice { ctx, .. }
            | Prompt::AgentOrder { ctx, .. }
            | Prompt::Optional { ctx, .. }
            | Prompt::Influence { ctx, .. }
            | Prompt::LoseInfluence { ctx, .. }
            | Prompt::Trash(ctx)
            | Prompt::Opponent { ctx, .. }
            | Prompt::FreeAcquire { ctx, .. }
            | Prompt::SellMelange(ctx) => ctx.seat,
        }
    }
}
