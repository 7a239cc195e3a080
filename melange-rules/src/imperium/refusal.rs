//! Why an action is refused: the rule it breaks and a sentence for a
//! person, naming the cards, spaces and amounts involved (never the
//! engine's internal form of the action or the decision). `refusal` picks
//! the sentence per decision; the decisions with sentences of their own
//! keep them beside their legal actions (`agent.rs`, `reveal.rs`,
//! `intrigue.rs`, `choices.rs`).
use crate::core::RuleError;

use super::action::Action;
use super::ids::{CardId, IntrigueId, SpaceId};
use super::prompt::Prompt;
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
    fn asked(&self, p: &Prompt) -> &'static str {
        match p {
            Prompt::Turn(_) => {
                "take your turn: send an Agent, take your Reveal turn or play a Plot Intrigue"
            }
            Prompt::Deploy { .. } => "choose how many troops to deploy",
            Prompt::Retreat { .. } => "choose how many troops to retreat",
            Prompt::AgentOrder { .. } => "choose which part of your Agent turn resolves next",
            Prompt::DefensiveBonus(_) => "deploy the defensive troop or decline it",
            Prompt::Choice { .. } => "choose one of the card's options",
            Prompt::Optional { .. } => "accept or decline the optional effect",
            Prompt::Influence { .. } => "choose a Faction to gain Influence with",
            Prompt::LoseInfluence { .. } => "choose a Faction to lose Influence with",
            Prompt::Trash(_) => "choose a card to trash, or trash nothing",
            Prompt::Discard { .. } => "choose a card from your hand to discard",
            Prompt::Opponent { .. } => "choose an opponent with troops in the Conflict",
            Prompt::Acquire(_) => {
                "acquire a card, play a Plot Intrigue, resolve a Reveal box or finish"
            }
            Prompt::AgentPlot(_) => "play a Plot Intrigue or end the Agent turn",
            Prompt::FreeAcquire { .. } => "choose a card of the Imperium Row to acquire",
            Prompt::SellMelange(_) => "choose how much spice to sell",
            Prompt::CombatIntrigue(_) => "play a Combat Intrigue card or pass",
            Prompt::AfterWin(_) => "play an Intrigue card for winning the Conflict or pass",
            Prompt::Endgame(_) => "play an Endgame Intrigue card or pass",
            Prompt::PoisonSnooper { .. } => "draw or trash the top card of your deck",
            Prompt::Retrieve(_) => "choose a Bene Gesserit card from your discard pile",
            Prompt::Voice(_) => "choose the space The Voice blocks",
            Prompt::Recall(_) => "choose which of your Agents returns",
            Prompt::Manipulate(_) => "choose a card of the Imperium Row to set aside",
            Prompt::SecretFaction(_) => "choose a secret Faction",
            Prompt::Masterstroke(_) => "use Masterstroke or decline",
            Prompt::KwisatzFrom { .. } => "choose which Agent Kwisatz Haderach sends",
            Prompt::AllianceHandover { .. } => "choose who takes the Alliance token",
        }
    }

    /// The rule a refused action breaks and why, for the error.
    pub(crate) fn refusal(&self, action: &Action) -> RuleError {
        let Some(pending) = self.prompt.as_ref() else {
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
            (Prompt::Turn(seat), Action::SendAgent { card, space }) => self
                .send_refusal(*seat, *card, *space)
                .unwrap_or_else(|| not_now("IM-AGENT-01")),
            (
                Prompt::Turn(seat)
                | Prompt::Acquire(seat)
                | Prompt::AgentPlot(seat)
                | Prompt::CombatIntrigue(seat)
                | Prompt::AfterWin(seat)
                | Prompt::Endgame(seat),
                Action::Intrigue(c),
            ) => self.intrigue_refusal(pending, *seat, *c),
            (Prompt::Deploy { max, .. }, Action::Troops(n)) => RuleError::illegal(
                "IM-AGENT-11",
                format!("you may deploy at most {max} troops now, not {n}"),
            ),
            (Prompt::Retreat { max, .. }, Action::Troops(n)) => RuleError::illegal(
                "IM-COMBAT-04",
                format!("you may retreat at most {max} troops now, not {n}"),
            ),
            (Prompt::Acquire(seat), Action::Acquire { card, top }) => self
                .acquire_refusal(*seat, *card, *top)
                .unwrap_or_else(|| not_now("IM-DECK-08")),
            (Prompt::Acquire(seat), Action::Pass) => self.finish_refusal(*seat),
            (Prompt::Acquire(_), Action::Card(c)) => self.reveal_box_refusal(*c),
            (Prompt::Turn(_), _) => not_now("IM-AGENT-01"),
            (Prompt::Acquire(_), _) => not_now("IM-DECK-08"),
            (Prompt::AgentPlot(_), _) => not_now("IM-INTRIGUE-02"),
            (Prompt::CombatIntrigue(_), _) => not_now("IM-COMBAT-06"),
            (Prompt::AfterWin(_), _) => not_now("IM-INTRIGUE-12"),
            (Prompt::Endgame(_), _) => not_now("IM-INTRIGUE-07"),
            (Prompt::DefensiveBonus(_), _) => not_now("IM-START-05"),
            (Prompt::SellMelange(ctx), Action::Choose(i)) => {
                self.sell_melange_refusal(ctx.seat, *i)
            }
            (Prompt::SellMelange(_), _) => not_now("IM-MELANGE-07"),
            (Prompt::Trash(_), Action::Trash(c, _)) => RuleError::illegal(
                "IM-DECK-03",
                format!("you have no {} there to trash", self.card_name(*c)),
            ),
            (Prompt::Trash(_), _) => not_now("IM-DECK-03"),
            (Prompt::Influence { .. } | Prompt::LoseInfluence { .. }, Action::Faction(f)) => {
                RuleError::illegal(
                    "IM-FACTION-02",
                    format!("the {} Faction is not one of the choices", f.name()),
                )
            }
            (Prompt::Influence { .. } | Prompt::LoseInfluence { .. }, _) => {
                not_now("IM-FACTION-02")
            }
            (
                Prompt::Voice(_) | Prompt::Recall(_) | Prompt::KwisatzFrom { .. },
                Action::Space(s),
            ) => RuleError::illegal(
                "IM-AGENT-09",
                format!("{} is not one of the choices", self.space_name(*s)),
            ),
            _ => not_now("IM-AGENT-09"),
        }
    }
}
