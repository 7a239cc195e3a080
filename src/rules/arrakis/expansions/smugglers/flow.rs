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
        let b = self.d().board;
        match action {
            SmAction::PlaceHarvester(a) => {
                format!("Smuggler harvester in {}", b.area(a).display_name())
            }
        }
    }

    /// Applies an expansion action offered at the core Vehicle Placement
    /// (`Prompt::Vehicles`).
    pub(crate) fn step_smugglers_at_vehicles(&mut self, action: SmAction, ev: &mut Vec<Event>) {
        match action {
            SmAction::PlaceHarvester(a) => self.place_smuggler_harvester(a, ev),
        }
    }
}

/// A sentence for a person on a Smugglers rule a refusal names; `None` for
/// a rule of another part of the game.
pub(crate) fn smugglers_reason(rule: &str) -> Option<&'static str> {
    Some(match rule {
        "SM-ALLY-06" => {
            "the Smugglers Base goes in an empty desert area of the four lowest sectors"
        }
        "SM-HARVESTER-05" => {
            "every available Smuggler harvester and the Smuggler carryall must be placed \
             while the Smugglers are neutral"
        }
        "SM-HARVESTER-10" => {
            "Smuggler harvesters and the Smuggler carryall enter the board only at the \
             round's Vehicle Placement"
        }
        "SM-HARVESTER-11" => "the Smuggler carryall rescues only Smuggler harvesters",
        "SM-HARVESTER-12" => "a Harkonnen carryall never rescues a Smuggler harvester",
        "SM-HARVESTER-02" => "no Smuggler harvester is left to place",
        "SM-SETUP-10" => "the Smuggler carryall is already on the board or out of the game",
        "SM-ALLY-05" => {
            "once the Smugglers are allied or defeated their harvesters and carryall are \
             out of the game"
        }
        _ => return None,
    })
}
