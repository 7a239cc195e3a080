//! The Smugglers' decisions: a short dispatcher, like the core game's
//! `legal.rs`, `flow.rs`, `refusal.rs` and `label.rs`, to the file of each
//! decision (its legal actions, what choosing does and its refusal rule).
use super::action::SmAction;
use super::prompt::SmPrompt;
use crate::rules::arrakis::action::Action;
use crate::rules::arrakis::event::Event;
use crate::rules::arrakis::state::Arrakis;

impl Arrakis {
    /// The legal actions at an expansion decision.
    pub(crate) fn legal_smugglers(&self, prompt: SmPrompt, _out: &mut Vec<Action>) {
        match prompt {}
    }

    /// Applies a legal action at an expansion decision.
    pub(crate) fn step_smugglers(
        &mut self,
        prompt: SmPrompt,
        _action: Action,
        _ev: &mut Vec<Event>,
    ) {
        match prompt {}
    }

    /// The rule an action outside the legal list breaks at an expansion
    /// decision.
    pub(crate) fn smugglers_refusal(&self, prompt: SmPrompt, _action: &Action) -> &'static str {
        match prompt {}
    }

    /// Whom the game waits on at an expansion decision, for a person.
    pub(crate) fn smugglers_waiting_on(&self, prompt: SmPrompt) -> String {
        match prompt {}
    }

    /// A person's label for an expansion action.
    pub(crate) fn smugglers_label(&self, action: SmAction) -> String {
        match action {}
    }
}

/// A sentence for a person on a Smugglers rule a refusal names; `None` for
/// a rule of another part of the game.
pub(crate) fn smugglers_reason(rule: &str) -> Option<&'static str> {
    Some(match rule {
        "SM-ALLY-06" => {
            "the Smugglers Base goes in an empty desert area of the four lowest sectors"
        }
        _ => return None,
    })
}
