//! Short human labels for actions, with names from the data.
use crate::core::Resignation;

use super::action::{Action, Zone};
use super::prompt::Prompt;
use super::state::Imperium;

impl Imperium {
    /// A label such as "Play Dagger: Agent to Swordmaster".
    pub(crate) fn action_label(&self, a: &Action) -> String {
        let d = self.d();
        let card = |c: super::ids::CardId| {
            d.cards
                .get(usize::from(c.0))
                .map_or("?", |c| c.name.as_str())
        };
        let space = |s: super::ids::SpaceId| {
            d.spaces
                .get(usize::from(s.0))
                .map_or("?", |s| s.name.as_str())
        };
        match *a {
            Action::SendAgent { card: c, space: s } => {
                format!("Play {}: Agent to {}", card(c), space(s))
            }
            Action::Reveal => "Reveal turn".into(),
            Action::Intrigue(i) => format!(
                "Play Intrigue {}",
                d.intrigues
                    .get(usize::from(i.0))
                    .map_or("?", |i| i.name.as_str())
            ),
            Action::Pass => match self.prompt {
                Some(Prompt::Acquire(_)) => "Done acquiring".into(),
                Some(Prompt::AgentPlot(_)) => "No more Plot Intrigue this turn".into(),
                Some(Prompt::Trash(_)) => "Trash nothing".into(),
                Some(Prompt::Optional { .. } | Prompt::Masterstroke(_)) => "Decline".into(),
                Some(Prompt::KwisatzFrom { .. }) => "An Agent from your Leader".into(),
                Some(Prompt::DefensiveBonus(_)) => "No defensive troop".into(),
                _ => "Pass".into(),
            },
            Action::Accept => match self.prompt {
                Some(Prompt::DefensiveBonus(_)) => "Deploy the defensive troop".into(),
                _ => "Accept".into(),
            },
            Action::Choose(i) => match &self.prompt {
                Some(Prompt::SellMelange(_)) => {
                    let (sp, so) = self
                        .melange_table()
                        .get(usize::from(i))
                        .copied()
                        .unwrap_or((0, 0));
                    format!("Sell {sp} spice for {so} Solari")
                }
                Some(Prompt::AgentOrder { .. }) => match i {
                    super::state::PART_SPACE => "Resolve the space's effects next",
                    super::state::PART_AGENT_BOX => "Resolve the card's Agent box next",
                    _ => "Take the Faction Influence next",
                }
                .into(),
                Some(Prompt::PoisonSnooper { .. }) => {
                    if i == 0 { "Draw it" } else { "Trash it" }.into()
                }
                _ => format!("Option {}", i + 1),
            },
            Action::Faction(f) => format!("{} Influence", f.name()),
            Action::Troops(n) => format!("{n} troops"),
            Action::Trash(c, z) => format!(
                "Trash {} from {}",
                card(c),
                match z {
                    Zone::Hand => "hand",
                    Zone::Discard => "discard pile",
                    Zone::InPlay => "play",
                }
            ),
            Action::Discard(c) => format!("Discard {}", card(c)),
            Action::Acquire { card: c, top } => {
                format!(
                    "Acquire {}{}",
                    card(c),
                    if top { " onto your deck" } else { "" }
                )
            }
            Action::Space(s) => match self.prompt {
                Some(Prompt::KwisatzFrom { .. }) => format!("Move the Agent from {}", space(s)),
                _ => space(s).to_string(),
            },
            Action::Opponent(s) => match self.prompt {
                Some(Prompt::AllianceHandover { faction, .. }) => {
                    format!("Give the {} Alliance to {s}", faction.name())
                }
                _ => format!("Opponent {s}"),
            },
            Action::Resign(why) => match why {
                Resignation::Conceded => "Concede the game".into(),
                Resignation::Forfeited => "Forfeit the game".into(),
                Resignation::OutOfTime => "Lose on time".into(),
                Resignation::TimeLimit => "End the game at its time limit".into(),
            },
            Action::Card(c) => match self.prompt {
                Some(Prompt::Acquire(_)) => format!("Resolve {}'s Reveal box", card(c)),
                _ => card(c).to_string(),
            },
        }
    }
}
