//! The Desert War's decisions: a short dispatcher, like the core game's
//! `legal.rs`, `flow.rs`, `refusal.rs` and `label.rs`, to the file of each
//! decision (its legal actions, what choosing does and its refusal rule).
use super::action::DwAction;
use super::prompt::DwPrompt;
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::state::Arrakis;

impl Arrakis {
    /// The legal actions at an expansion decision.
    pub(crate) fn legal_desert_war(&self, prompt: DwPrompt, out: &mut Vec<Action>) {
        match prompt {
            DwPrompt::HarkonnenAfter
            | DwPrompt::DeploySuspensors { .. }
            | DwPrompt::SwapTrooper { .. } => self.legal_harkonnen_desert_war_prompt(prompt, out),
            DwPrompt::PlaceCamp => self.legal_place_camp(out),
            DwPrompt::AtreidesAfter | DwPrompt::AtreidesBefore(_) => self.legal_atreides_after(out),
            DwPrompt::DeployRockets { .. } => self.legal_deploy_rockets(out),
            DwPrompt::RocketTarget { from, .. } => self.legal_rocket_target(from, out),
            DwPrompt::CampTrade { .. } => self.legal_camp_trade(out),
            DwPrompt::SandridersWorm(area) => self.legal_sandriders_worm(area, out),
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
            DwPrompt::PlaceCamp => self.step_place_camp(action, ev),
            DwPrompt::AtreidesAfter => self.step_atreides_after(action, ev),
            DwPrompt::AtreidesBefore(s) => self.step_atreides_before_special(s, action, ev),
            DwPrompt::DeployRockets { left, then } => {
                self.step_deploy_rockets(left, then, action, ev)
            }
            DwPrompt::RocketTarget {
                from,
                left,
                harvester,
                then,
            } => self.step_rocket_target((from, left, harvester), then, action, ev),
            DwPrompt::CampTrade { area, then } => self.step_camp_trade(area, then, action, ev),
            DwPrompt::SandridersWorm(_) => self.step_sandriders_worm(action, ev),
        }
    }

    /// The rule an action outside the legal list breaks at an expansion
    /// decision.
    pub(crate) fn desert_war_refusal(&self, prompt: DwPrompt, action: &Action) -> &'static str {
        match prompt {
            DwPrompt::HarkonnenAfter
            | DwPrompt::DeploySuspensors { .. }
            | DwPrompt::SwapTrooper { .. } => self.harkonnen_desert_war_refusal(action),
            DwPrompt::PlaceCamp => self.place_camp_refusal(action),
            DwPrompt::AtreidesAfter
            | DwPrompt::AtreidesBefore(_)
            | DwPrompt::DeployRockets { .. } => self.atreides_action_refusal(action),
            DwPrompt::RocketTarget { .. } => self.rocket_target_refusal(action),
            DwPrompt::CampTrade { .. } => "DW-ROCKET-09",
            DwPrompt::SandridersWorm(_) => "AR-HAZ-15",
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
            DwPrompt::PlaceCamp => "House Atreides to place its Fremen Camps".into(),
            DwPrompt::AtreidesAfter => {
                "House Atreides to take the Desert War action of its Desert Power, or pass".into()
            }
            DwPrompt::AtreidesBefore(_) => "House Atreides to take the Desert War action of its \
                                            Desert Power before the leader's special, or go on \
                                            with the special"
                .into(),
            DwPrompt::DeployRockets { left, .. } => {
                format!("House Atreides to deploy up to {left} more Rocket Launchers at its Camps")
            }
            DwPrompt::RocketTarget { left, .. } => format!(
                "House Atreides to pick {left} more Harkonnen vehicles for its Rocket Launchers"
            ),
            DwPrompt::CampTrade { .. } => {
                "House Atreides to trade its Fremen Camp for prescience, or keep it".into()
            }
            DwPrompt::SandridersWorm(_) => {
                "House Atreides to pick the sandworm the Sandriders call".into()
            }
        }
    }

    /// A person's label for an expansion action.
    pub(crate) fn desert_war_label(&self, action: DwAction) -> String {
        let b = self.d().board;
        let ar = |a: crate::arrakis::ids::AreaId| b.area(a).display_name();
        let zone = |z: crate::arrakis::ids::AirZoneId| {
            format!("Air zone {}", b.air_zones[z.index()].id.replace('_', "-"))
        };
        let area = |a: crate::arrakis::ids::AreaId| b.area(a).display_name();
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
                format!("Escort Troops with the Escort in {} to {}", zone(z), ar(a))
            }
            DwAction::TakeEscort => "take an Escort Ornithopter, a generic leader".into(),
            DwAction::PlaceCamp(m, a) => {
                format!("Place the {} Fremen Camp in {}", m.display_name(), area(a))
            }
            DwAction::DeployRockets => "Desert War: deploy Rocket Launchers".into(),
            DwAction::RocketAttack(x) => format!(
                "Desert War: Rocket Launcher attack from sector {}",
                b.sectors[usize::from(x.0)].id
            ),
            DwAction::TradeCamp => "Trade the Fremen Camp for 1 prescience".into(),
            DwAction::PlaceSandrider(a) => format!("Place a Sandrider in {}", area(a)),
            DwAction::Sandriders(a) => {
                format!("Sandriders: a sandworm on the Sandrider in {}", area(a))
            }
            DwAction::EscortWithTransport(ze, zo, a) => format!(
                "Escort Troops with the Escort in {} and troop-transport with the ornithopter in {} to {}",
                zone(ze),
                zone(zo),
                ar(a)
            ),
        }
    }

    /// A sentence for a person on a Desert War rule a refusal names (the
    /// Atreides part).
    pub(crate) fn atreides_desert_war_reason(rule: &str) -> Option<&'static str> {
        Some(match rule {
            "DW-CAMP-01" => "every available Fremen Camp is placed while a legal area is left",
            "DW-CAMP-02" => "no two Fremen Camps stand in one sector",
            "DW-CAMP-03" => "a Fremen Camp goes in an empty desert area",
            "DW-CAMP-04" => "that Camp token is not available to place",
            "DW-ATREIDES-01" => "each Desert Power brings one Desert War action, no more",
            "DW-ATREIDES-03" => "an Atreides Desert War action comes only with a Desert Power",
            "DW-ATREIDES-06" => "Rocket Launchers are deployed only into areas with a Fremen Camp",
            "DW-ROCKET-03" => "a rocket attack is made from a sector holding Rocket Launchers",
            "DW-ROCKET-06" => {
                "a rocket removes a Harkonnen vehicle adjacent to the launchers or in an Air \
                 zone connected to their sector"
            }
            "DW-ROCKET-09" => "the Camp is traded, or kept",
            "DW-SANDRIDER-03" => "one Desert Power places at most one Sandrider",
            "DW-SANDRIDER-04" => "a Sandrider goes in an empty desert area",
            "DW-SANDRIDER-05" => {
                "the Sandriders special places a sandworm on a Sandrider that is alone in its \
                 area, once per round, when Desert Power may be taken"
            }
            _ => return None,
        })
    }
}
