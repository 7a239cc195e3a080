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
    pub(crate) fn legal_desert_war(&self, prompt: DwPrompt, out: &mut Vec<Action>) {
        match prompt {
            DwPrompt::HarkonnenAfter
            | DwPrompt::DeploySuspensors { .. }
            | DwPrompt::SwapTrooper { .. } => self.legal_harkonnen_desert_war_prompt(prompt, out),
        }
    }

    /// Applies a legal action at an expansion decision.
    pub(crate) fn step_desert_war(
        &mut self,
        prompt: DwPrompt,
        action: Action,
        ev: &mut Vec<Event>,
    ) {
        match prompt {
            DwPrompt::HarkonnenAfter
            | DwPrompt::DeploySuspensors { .. }
            | DwPrompt::SwapTrooper { .. } => {
                self.step_harkonnen_desert_war_prompt(prompt, action, ev);
            }
        }
    }

    /// The rule an action outside the legal list breaks at an expansion
    /// decision.
    pub(crate) fn desert_war_refusal(&self, prompt: DwPrompt, action: &Action) -> &'static str {
        match prompt {
            DwPrompt::HarkonnenAfter
            | DwPrompt::DeploySuspensors { .. }
            | DwPrompt::SwapTrooper { .. } => self.harkonnen_desert_war_refusal(action),
        }
    }

    /// Whom the game waits on at an expansion decision, for a person.
    pub(crate) fn desert_war_waiting_on(&self, prompt: DwPrompt) -> String {
        let b = self.d().board;
        match prompt {
            DwPrompt::HarkonnenAfter => {
                "House Harkonnen to take a Desert War action after its die's action, or stop".into()
            }
            DwPrompt::DeploySuspensors { left, .. } => format!(
                "House Harkonnen to deploy up to {left} more Suspensor Trooper{} in the same \
                 sector, or stop",
                if left == 1 { "" } else { "s" }
            ),
            DwPrompt::SwapTrooper { area, .. } => format!(
                "House Harkonnen to pick the Atreides Desert Trooper its Suspensor Trooper \
                 removes in {}",
                b.area(area).display_name()
            ),
        }
    }

    /// A person's label for an expansion action.
    pub(crate) fn desert_war_label(&self, action: DwAction) -> String {
        let b = self.d().board;
        let ar = |a: crate::rules::arrakis::ids::AreaId| b.area(a).display_name();
        let zone = |z: crate::rules::arrakis::ids::AirZoneId| {
            format!("Air zone {}", b.air_zones[z.index()].id.replace('_', "-"))
        };
        match action {
            DwAction::DeploySuspensor(a) => format!("deploy a Suspensor Trooper in {}", ar(a)),
            DwAction::MoveSuspensor(x, y) => {
                format!("move the Suspensor Trooper in {} to {}", ar(x), ar(y))
            }
            DwAction::ScoutSuspensor(x, y) => format!(
                "remove the Suspensor Trooper in {} to scout {}",
                ar(x),
                ar(y)
            ),
            DwAction::SwapOut(super::action::AtreidesTrooper::RocketLauncher) => {
                "remove a Rocket Launcher".into()
            }
            DwAction::SwapOut(super::action::AtreidesTrooper::Sandrider) => {
                "remove a Sandrider".into()
            }
            DwAction::EscortTroops(z, a) => {
                format!("Escort Troops ({}) to {}", zone(z), ar(a))
            }
            DwAction::TakeEscort => "take an Escort Ornithopter (a generic leader)".into(),
            DwAction::EscortWithTransport(ze, zo, a) => format!(
                "Escort Troops ({}) with troop-transport ({}) to {}",
                zone(ze),
                zone(zo),
                ar(a)
            ),
        }
    }
}
