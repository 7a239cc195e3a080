//! Why an action is refused: the rule it breaks and a sentence for a
//! person, naming the cards, spaces and amounts involved (never the
//! engine's internal form of the action or the decision).
use crate::rules::core::RuleError;

use super::action::Action;
use super::data::IntrigueKind;
use super::ids::{CardId, IntrigueId, SpaceId};
use super::legal::Window;
use super::state::{Imperium, Pending};

impl Imperium {
    fn card_name(&self, c: CardId) -> &'static str {
        self.d()
            .cards
            .get(usize::from(c.0))
            .map_or("that card", |c| c.name.as_str())
    }

    fn space_name(&self, s: SpaceId) -> &'static str {
        self.d()
            .spaces
            .get(usize::from(s.0))
            .map_or("that space", |s| s.name.as_str())
    }

    fn intrigue_name(&self, c: IntrigueId) -> &'static str {
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
            (Pending::Turn(seat), Action::SendAgent { card, space }) => {
                match self.check_send(*seat, *card, *space) {
                    Err(RuleError::Illegal { rule, reason }) => RuleError::illegal(
                        rule,
                        format!(
                            "you cannot send an Agent to {} with {}: {reason}",
                            self.space_name(*space),
                            self.card_name(*card)
                        ),
                    ),
                    Err(e) => e,
                    Ok(()) => not_now("IM-AGENT-01"),
                }
            }
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
            (Pending::Acquire(seat), Action::Acquire { card, top }) => {
                let name = self.card_name(*card);
                let offered = self.p(*seat).set_aside == Some(*card)
                    || self.row.contains(card)
                    || (0..2).any(|k| self.reserve[k] > 0 && self.d().reserve[k] == *card);
                if !offered {
                    return RuleError::illegal(
                        "IM-DECK-13",
                        format!("{name} is not in the Imperium Row or the Reserve"),
                    );
                }
                let (cost, pers) = (self.acquire_cost(*seat, *card), self.p(*seat).persuasion);
                if cost > pers {
                    return RuleError::illegal(
                        "IM-DECK-13",
                        format!("{name} costs {cost} Persuasion and you have {pers}"),
                    );
                }
                if *top {
                    return RuleError::illegal(
                        "IM-DECK-09",
                        format!(
                            "{name} goes to your discard pile: only Recruitment Mission puts \
                             acquired cards on your deck"
                        ),
                    );
                }
                not_now("IM-DECK-08")
            }
            (Pending::Acquire(seat), Action::Pass) => {
                let left: Vec<&str> = self
                    .reveal_boxes_left(*seat)
                    .into_iter()
                    .map(|c| self.card_name(c))
                    .collect();
                RuleError::illegal(
                    "IM-REVEAL-05",
                    format!(
                        "resolve every Reveal box before finishing ({} left)",
                        left.join(", ")
                    ),
                )
            }
            (Pending::Acquire(_), Action::Card(c)) => RuleError::illegal(
                "IM-REVEAL-05",
                format!(
                    "{} has no Reveal box left to resolve this turn",
                    self.card_name(*c)
                ),
            ),
            (Pending::Turn(_), _) => not_now("IM-AGENT-01"),
            (Pending::Acquire(_), _) => not_now("IM-DECK-08"),
            (Pending::AgentPlot(_), _) => not_now("IM-INTRIGUE-02"),
            (Pending::CombatIntrigue(_), _) => not_now("IM-COMBAT-06"),
            (Pending::AfterWin(_), _) => not_now("IM-INTRIGUE-12"),
            (Pending::Endgame(_), _) => not_now("IM-INTRIGUE-07"),
            (Pending::DefensiveBonus(_), _) => not_now("IM-START-05"),
            (Pending::SellMelange(ctx), Action::Choose(i)) => {
                match self.melange_table().get(usize::from(*i)) {
                    Some((spice, _)) => RuleError::illegal(
                        "IM-MELANGE-07",
                        format!(
                            "selling {spice} spice needs {spice} spice and you have {}",
                            self.p(ctx.seat).spice
                        ),
                    ),
                    None => RuleError::illegal(
                        "IM-MELANGE-07",
                        format!(
                            "Sell Melange has only {} exchanges, from {} to {} spice",
                            self.melange_table().len(),
                            self.melange_table().first().map_or(0, |r| r.0),
                            self.melange_table().last().map_or(0, |r| r.0)
                        ),
                    ),
                }
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

    /// Why an Intrigue card cannot be played at this decision. The kind
    /// names the timing rule broken: IM-INTRIGUE-06 a Combat card outside
    /// Combat, IM-INTRIGUE-07 an Endgame card before the end,
    /// IM-INTRIGUE-04 a Plot outside its owner's turns.
    fn intrigue_refusal(&self, pending: &Pending, seat: u8, c: IntrigueId) -> RuleError {
        let name = self.intrigue_name(c);
        let Some(i) = self.d().intrigues.get(usize::from(c.0)) else {
            return RuleError::Malformed("unknown Intrigue card".into());
        };
        let kind_rule = match i.kind {
            IntrigueKind::Combat => "IM-INTRIGUE-06",
            IntrigueKind::Endgame => "IM-INTRIGUE-07",
            _ => "IM-INTRIGUE-04",
        };
        if !self.p(seat).intrigue.contains(&c) {
            return RuleError::illegal(kind_rule, format!("you hold no {name}"));
        }
        let window = match pending {
            Pending::Turn(_) => Window::Plot {
                reveal: false,
                placed: false,
            },
            Pending::AgentPlot(_) => Window::Plot {
                reveal: false,
                placed: true,
            },
            Pending::Acquire(_) => Window::Plot {
                reveal: true,
                placed: false,
            },
            Pending::CombatIntrigue(_) => Window::Combat,
            Pending::AfterWin(_) => Window::AfterWin,
            _ => Window::Endgame,
        };
        let (rule, why) = match (window, i.kind) {
            (Window::Plot { .. }, IntrigueKind::Combat) => (
                "IM-INTRIGUE-06",
                "Combat Intrigue cards are played only in the Combat phase".to_string(),
            ),
            (Window::Plot { .. } | Window::Combat | Window::AfterWin, IntrigueKind::Endgame) => (
                "IM-INTRIGUE-07",
                "Endgame Intrigue cards are played only at the end of the game".to_string(),
            ),
            (Window::Combat | Window::AfterWin | Window::Endgame, IntrigueKind::Plot) => (
                "IM-INTRIGUE-04",
                "Plot Intrigue cards are played only on your own Agent and Reveal turns"
                    .to_string(),
            ),
            (Window::Plot { placed: true, .. }, IntrigueKind::Plot)
                if !self.intrigue_playable(seat, c, window)
                    && self.intrigue_playable(
                        seat,
                        c,
                        Window::Plot {
                            reveal: false,
                            placed: false,
                        },
                    ) =>
            {
                (
                    kind_rule,
                    "it is played only before your Agent is sent".to_string(),
                )
            }
            (Window::Plot { reveal: true, .. }, IntrigueKind::Plot) if i.start_of_turn => (
                kind_rule,
                "it is played only at the start of an Agent turn".to_string(),
            ),
            (Window::Combat, IntrigueKind::Combat) if i.after_win => (
                "IM-INTRIGUE-12",
                "it is played only once you have won the Conflict".to_string(),
            ),
            (Window::AfterWin, IntrigueKind::Combat) if !i.after_win => (
                "IM-INTRIGUE-12",
                "only cards for winning the Conflict are played now".to_string(),
            ),
            (Window::Endgame, _) => (
                "IM-INTRIGUE-07",
                "only Endgame Intrigue cards are played at the end of the game".to_string(),
            ),
            _ => (
                match window {
                    Window::Combat => "IM-COMBAT-06",
                    Window::AfterWin => "IM-INTRIGUE-12",
                    _ => kind_rule,
                },
                "its cost or condition is not met, or it would do nothing now".to_string(),
            ),
        };
        RuleError::illegal(rule, format!("{name} cannot be played now: {why}"))
    }
}
