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
    pub(crate) fn legal_smugglers(&self, prompt: SmPrompt, out: &mut Vec<Action>) {
        match prompt {
            SmPrompt::PlaceBase => self.legal_place_base(out),
            SmPrompt::StabanReturns => self.legal_staban_returns(out),
        }
    }

    /// Applies a legal action at an expansion decision.
    pub(crate) fn step_smugglers(&mut self, prompt: SmPrompt, action: Action, ev: &mut Vec<Event>) {
        match (prompt, action) {
            (SmPrompt::PlaceBase, Action::Smugglers(SmAction::PlaceBase(a))) => {
                self.place_base(a, ev)
            }
            (SmPrompt::StabanReturns, Action::Smugglers(SmAction::StabanJoins(a))) => {
                self.staban_joins(a, ev)
            }
            _ => {}
        }
    }

    /// The rule an action outside the legal list breaks at an expansion
    /// decision.
    pub(crate) fn smugglers_refusal(&self, prompt: SmPrompt, action: &Action) -> &'static str {
        match (prompt, action) {
            (SmPrompt::PlaceBase, Action::Smugglers(SmAction::PlaceBase(_))) => "SM-ALLY-07",
            (SmPrompt::StabanReturns, Action::Smugglers(SmAction::StabanJoins(_))) => {
                "SM-STABAN-05"
            }
            _ => "AR-ACT-17",
        }
    }

    /// Whom the game waits on at an expansion decision, for a person.
    pub(crate) fn smugglers_waiting_on(&self, prompt: SmPrompt) -> String {
        match prompt {
            SmPrompt::PlaceBase => "the Atreides, to place the Smugglers Base".into(),
            SmPrompt::StabanReturns => {
                "the Atreides, to pick the legion Staban Tuek joins from the regeneration tank"
                    .into()
            }
        }
    }

    /// A person's label for an expansion action.
    pub(crate) fn smugglers_label(&self, action: SmAction) -> String {
        let name = |a: crate::rules::arrakis::ids::AreaId| self.d().board.area(a).display_name();
        match action {
            SmAction::PlaceBase(a) => format!("place the Smugglers Base in {}", name(a)),
            SmAction::StabanJoins(a) => format!("Staban Tuek joins the legion in {}", name(a)),
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
        "SM-ROUND-08" => "no wormsign goes where Smuggler units stand",
        "SM-ALLY-07" => {
            "the Smugglers Base goes only in an empty desert area of the four lowest sectors, \
             never in an occupied or non-desert area nor outside them"
        }
        "SM-STABAN-05" => {
            "Staban Tuek, back from the regeneration tank, joins an Atreides legion on the board"
        }
        "SM-GURNEY-03" => "Gurney Halleck is not in play before the Smugglers ally",
        "SM-STABAN-01" => "Staban Tuek is not in play before the Smugglers ally",
        _ => return None,
    })
}
