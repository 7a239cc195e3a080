//! The Desert War's decisions: a short dispatcher, like the core game's
//! `legal.rs`, `flow.rs`, `refusal.rs` and `label.rs`, to the file of each
//! decision (its legal actions, what choosing does and its refusal rule).
use super::action::DwAction;
use super::prompt::DwPrompt;
use crate::rules::arrakis::action::Action;
use crate::rules::arrakis::event::Event;
use crate::rules::arrakis::state::Arrakis;

impl Arrakis {
    /// The legal actions at an expansion decision.
    pub(crate) fn legal_desert_war(&self, prompt: DwPrompt, _out: &mut Vec<Action>) {
        match prompt {}
    }

    /// Applies a legal action at an expansion decision.
    pub(crate) fn step_desert_war(
        &mut self,
        prompt: DwPrompt,
        _action: Action,
        _ev: &mut Vec<Event>,
    ) {
        match prompt {}
    }

    /// The rule an action outside the legal list breaks at an expansion
    /// decision.
    pub(crate) fn desert_war_refusal(&self, prompt: DwPrompt, _action: &Action) -> &'static str {
        match prompt {}
    }

    /// Whom the game waits on at an expansion decision, for a person.
    pub(crate) fn desert_war_waiting_on(&self, prompt: DwPrompt) -> String {
        match prompt {}
    }

    /// A person's label for an expansion action.
    pub(crate) fn desert_war_label(&self, action: DwAction) -> String {
        match action {}
    }
}
