//! Why an action is refused: the rule it breaks and a sentence for a
//! person, naming the cards, spaces and amounts involved (never the
//! engine's internal form of the action or the decision). `refusal` picks
//! the sentence per decision; the decisions with sentences of their own
//! keep them beside their legal actions (`agent.rs`, `reveal.rs`,
//! `intrigue.rs`, `choices.rs`).
use crate::rules::core::RuleError;

use super::action::Action;
use super::ids::{CardId, IntrigueId, SpaceId};
use super::prompt::Pending;
use super::state::Imperium;

impl Imperium {
    pub(crate) fn card_name(&self, c: CardId) -> &'static str {
        self.d()
            .cards
            .get(usize::from(c.0))
            .map_or("that card", |c| c.name.as_str())
    }

    pub(crate) fn space_name(&self, s: SpaceId) -> &'static str {
        self.d()
            .spaces
            .get(usize::from(s.0))
            .map_or("that space", |s| s.name.as_str())
    }

    pub(crate) fn intrigue_name(&self, c: IntrigueId) -> &'static str {
        self.d()
            .intrigues
            .get(usize::from(c.0))
            .map_or("that Intrigue card", |i| i.name.as_str())
    }

    /// What the pending decision asks for, in words.
    fn asked(&self, p: &Pending) -> &'static str {
        match p {
            Pending::Turn(_) => {
                "take your turn: send an Agent, take your Reveal turn or play a Plot Intrigue"
            }
            Pending::Deploy { .. } => "choose how many troops to deploy",
            Pending::Retreat { .. } => "choose how many troops to retreat",
            Pending::AgentOrder { .. } => "choose which part of your Agent turn resolves next",
            Pending::DefensiveBonus(_) => "deploy the defensive troop or decline it",
            Pending::Choice { .. } => "choose one of the card's options",
            Pending::Optional { .. } => "accept or decline the optional effect",
            Pending::Influence { .. } => "choose a Faction to gain Influence with",
            Pending::LoseInfluence { .. } => "choose a Faction to lose Influence with",
            Pending::Trash(_) => "choose a card to trash, or trash nothing",
            Pending::Discard { .. } => "choose a card from your hand to discard",
            Pending::Opponent { .. } => "choose an opponent with troops in the Conflict",
            Pending::Acquire(_) => {
                "acquire a card, play a Plot Intrigue, resolve a Reveal box or finish"
            }
            Pending::AgentPlot(_) => "play a Plot Intrigue or end the Agent turn",
            Pending::FreeAcquire { .. } => "choose a card of the Imperium Row to acquire",
            Pending::SellMelange(_) => "choose how much spice to sell",
            Pending::CombatIntrigue(_) => "play a Combat Intrigue card or pass",
            Pending::AfterWin(_) => "play an Intrigue card for winning the Conflict or pass",
            Pending::Endgame(_) => "play an Endgame Intrigue card or pass",
            Pending::PoisonSnooper { .. } => "draw or trash the top card of your deck",
            Pending::Retrieve(_) => "choose a Bene Gesserit card from your discard pile",
            Pending::Voice(_) => "choose the space The Voice blocks",
            Pending::Recall(_) => "choose which of your Agents returns",
            Pending::Manipulate(_) => "choose a card of the Imperium Row to set aside",
            Pending::SecretFaction(_) => "choose a secret Faction",
            Pending::Masterstroke(_) => "use Masterstroke or decline",
            Pending::KwisatzFrom { .. } => "choose which Agent Kwisatz Haderach sends",
            Pending::AllianceHandover { .. } => "choose who takes the Alliance token",
        }
    }

    /// The rule a refused action breaks and why, for the error.
    pub(crate) fn refusal(&self, action: &Action) -> RuleError {
        let Some(pending) = self.pending.as_ref() else {
            return RuleError::GameOver;
        };
        let label = self.action_label(action);
        let not_now = |rule: &'static str| {
            RuleError::illegal(
                rule,
                format!(
                    "\"{label}\" is not a choice now; the game asks you to {}",
                    self.asked(pending)
                ),
            )
        };
        match (pending, action) {
            (Pending::Turn(seat), Action::SendAgent { card, space }) => self
                .send_refusal(*seat, *card, *space)
                .unwrap_or_else(|| not_now("IM-AGENT-01")),
            (
                Pending::Turn(seat)
                | Pending::Acquire(seat)
                | Pending::AgentPlot(seat)
                | Pending::CombatIntrigue(seat)
                | Pending::AfterWin(seat)
                | Pending::Endgame(seat),
                Action::Intrigue(c),
            ) => self.intrigue_refusal(pending, *seat, *c),
            (Pending::Deploy { max, .. }, Action::Troops(n)) => RuleError::illegal(
                "IM-AGENT-11",
                format!("you may deploy at most {max} troops now, not {n}"),
            ),
            (Pending::Retreat { max, .. }, Action::Troops(n)) => RuleError::illegal(
                "IM-COMBAT-04",
                format!("you may retreat at most {max} troops now, not {n}"),
            ),
            (Pending::Acquire(seat), Action::Acquire { card, top }) => self
                .acquire_refusal(*seat, *card, *top)
                .unwrap_or_else(|| not_now("IM-DECK-08")),
            (Pending::Acquire(seat), Action::Pass) => self.finish_refusal(*seat),
            (Pending::Acquire(_), Action::Card(c)) => self.reveal_box_refusal(*c),
            (Pending::Turn(_), _) => not_now("IM-AGENT-01"),
            (Pending::Acquire(_), _) => not_now("IM-DECK-08"),
            (Pending::AgentPlot(_), _) => not_now("IM-INTRIGUE-02"),
            (Pending::CombatIntrigue(_), _) => not_now("IM-COMBAT-06"),
            (Pending::AfterWin(_), _) => not_now("IM-INTRIGUE-12"),
            (Pending::Endgame(_), _) => not_now("IM-INTRIGUE-07"),
            (Pending::DefensiveBonus(_), _) => not_now("IM-START-05"),
            (Pending::SellMelange(ctx), Action::Choose(i)) => {
                self.sell_melange_refusal(ctx.seat, *i)
            }
            (Pending::SellMelange(_), _) => not_now("IM-MELANGE-07"),
            (Pending::Trash(_), Action::Trash(c, _)) => RuleError::illegal(
                "IM-DECK-03",
                format!("you have no {} there to trash", self.card_name(*c)),
            ),
            (Pending::Trash(_), _) => not_now("IM-DECK-03"),
            (Pending::Influence { .. } | Pending::LoseInfluence { .. }, Action::Faction(f)) => {
                RuleError::illegal(
                    "IM-FACTION-02",
                    format!("the {} Faction is not one of the choices", f.name()),
                )
            }
            (Pending::Influence { .. } | Pending::LoseInfluence { .. }, _) => {
                not_now("IM-FACTION-02")
            }
            (
                Pending::Voice(_) | Pending::Recall(_) | Pending::KwisatzFrom { .. },
                Action::Space(s),
            ) => RuleError::illegal(
                "IM-AGENT-09",
                format!("{} is not one of the choices", self.space_name(*s)),
            ),
            _ => not_now("IM-AGENT-09"),
        }
    }
}
