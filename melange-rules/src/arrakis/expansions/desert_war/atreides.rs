//! Atreides Desert War actions (DW-ATREIDES-01 to DW-ATREIDES-07): each
//! Desert Power action brings one, before or after it: deploy up to 3
//! Rocket Launchers into Camp areas, or a Rocket Launcher special attack
//! (`rockets.rs`). Before: offered at the Desert Power's first choice
//! (2 wormsigns to place, nothing done yet), or, for a Desert Power box
//! leader's special, a decision of its own as soon as the special is
//! chosen, before any of its effect; after: a decision of its own
//! when the Desert Power is over (a card's granted Desert Power: once the
//! card is over). Under `desert_war_with_desert_power=turn_only` only the
//! Desert Power taken as the turn's action brings one.
use super::action::DwAction;
use super::prompt::{AtreidesThen, BoxSpecial, DwPrompt};
use crate::arrakis::action::Action;
use crate::arrakis::cards::play::Source;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use crate::arrakis::ids::{AreaId, Faction, SectorId};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::Arrakis;

use super::event::DwEvent;

const A: Faction = Faction::Atreides;

impl Arrakis {
    /// DW-ATREIDES-01: a Desert Power action starts (the prompt is still
    /// the choice that started it). `turn` is false for one a card, the
    /// House die or a Desert Power box leader gives.
    pub(crate) fn atreides_desert_war_opens(&mut self, turn: bool) {
        let Some(r) = self.rules.desert_war else {
            return;
        };
        let Some(dw) = self.expansions.desert_war.as_mut() else {
            return;
        };
        dw.desert_power_open = turn || !r.desert_war_turn_only;
        dw.action_taken = false;
        dw.sandrider_placed = false;
    }

    /// DW-ATREIDES-01: a Desert Power taken from `Prompt::Turn` is the
    /// turn's own; from the House die or a card it is granted.
    pub(crate) fn desert_power_opens(&mut self) {
        let turn = matches!(self.prompt, Prompt::Turn(_));
        self.atreides_desert_war_opens(turn);
    }

    /// Whether the Desert Power being resolved may still take its Desert
    /// War action (DW-ATREIDES-01, DW-ATREIDES-03).
    fn atreides_window(&self) -> bool {
        self.expansions
            .desert_war
            .as_ref()
            .is_some_and(|d| d.desert_power_open && !d.action_taken)
    }

    /// Camp areas Rocket Launchers may go to (DW-ATREIDES-06).
    pub(crate) fn rocket_camp_areas(&self) -> impl Iterator<Item = AreaId> + '_ {
        self.areas
            .iter()
            .enumerate()
            // A sandworm there would remove them at once (DW-TROOPER-15).
            .filter(|(_, s)| s.expansions.desert.camp.is_some() && s.worm.is_none())
            .map(|(i, _)| AreaId(i as u8))
    }

    /// The Atreides Desert War actions open now (DW-ATREIDES-04): deploy
    /// while a launcher is off the board and a Camp stands, an attack from
    /// each sector holding launchers.
    fn atreides_actions(&self, out: &mut Vec<Action>) {
        let Some(dw) = &self.expansions.desert_war else {
            return;
        };
        if dw.rockets > 0 && self.rocket_camp_areas().next().is_some() {
            out.push(Action::Expansion(ExpansionAction::DesertWar(
                DwAction::DeployRockets,
            )));
        }
        for x in self.launcher_sectors() {
            out.push(Action::Expansion(ExpansionAction::DesertWar(
                DwAction::RocketAttack(x),
            )));
        }
    }

    /// Sectors holding Rocket Launchers (DW-ROCKET-03).
    pub(crate) fn launcher_sectors(&self) -> Vec<SectorId> {
        let b = self.d().board;
        let mut v: Vec<SectorId> = Vec::new();
        for (i, s) in self.areas.iter().enumerate() {
            if let Some(x) = b.areas[i].sector
                && s.expansions.desert.rockets > 0
                && !v.contains(&x)
            {
                v.push(x);
            }
        }
        v
    }

    /// DW-ATREIDES-02 (before): at the Desert Power's first choice.
    pub(crate) fn legal_atreides_before(&self, n: u8, out: &mut Vec<Action>) {
        if n == 2 && self.atreides_window() {
            self.atreides_actions(out);
        }
    }

    /// DW-ATREIDES-02 (after): when the Desert Power ends (`end_turn` of the
    /// Atreides, once a card that granted it is over). True when the
    /// after-decision is set; otherwise the Desert Power's window closes.
    pub(crate) fn atreides_desert_war_after(&mut self, f: Faction) -> bool {
        if f != A || self.expansions.desert_war.is_none() {
            return false;
        }
        if self.atreides_window() {
            let mut v = Vec::new();
            self.atreides_actions(&mut v);
            if !v.is_empty() {
                self.prompt =
                    Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::AtreidesAfter));
                return true;
            }
        }
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.desert_power_open = false;
            dw.action_taken = false;
        }
        false
    }

    /// DW-ATREIDES-02 (before) for a Desert Power box leader's special
    /// (the Wild Maker's, the Sandriders'): the special is chosen and its
    /// card spent, nothing of it done yet. True when the before-decision is
    /// set (the special waits on it); false when no Desert War action is
    /// open: the special goes on at once.
    pub(crate) fn atreides_before_special(&mut self, s: BoxSpecial) -> bool {
        if self.rules.desert_war.is_none() || !self.atreides_window() {
            return false;
        }
        let mut v = Vec::new();
        self.atreides_actions(&mut v);
        if v.is_empty() {
            return false;
        }
        self.prompt = Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::AtreidesBefore(s)));
        true
    }

    /// The before-decision of a box leader's special: an action (the
    /// special starts once it is over), or "Done" (the special starts).
    pub(crate) fn step_atreides_before_special(
        &mut self,
        s: BoxSpecial,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        match a {
            Action::Expansion(ExpansionAction::DesertWar(x)) => {
                self.start_atreides_action(x, AtreidesThen::Special(s), ev)
            }
            _ => self.run_box_special(s, ev),
        }
    }

    /// A box leader's special, chosen earlier, starts.
    fn run_box_special(&mut self, s: BoxSpecial, ev: &mut Vec<Event>) {
        match s {
            BoxSpecial::Leader(l) => self.start_run(A, Source::Leader(l), false, ev),
            BoxSpecial::Sandriders(area) => self.sandriders_special_starts(area, ev),
        }
    }

    /// The after-decision's choices.
    pub(crate) fn legal_atreides_after(&self, out: &mut Vec<Action>) {
        self.atreides_actions(out);
        out.push(Action::Done);
    }

    /// Starts an Atreides Desert War action (DW-ATREIDES-04), `then` saying
    /// where the game goes back to after it.
    pub(crate) fn start_atreides_action(
        &mut self,
        a: DwAction,
        then: AtreidesThen,
        ev: &mut Vec<Event>,
    ) {
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.action_taken = true;
        }
        match a {
            DwAction::DeployRockets => {
                let left = super::data::desert_war().atreides_actions.deploy_up_to;
                self.next_rocket_deployment(left, then, ev);
            }
            DwAction::RocketAttack(x) => self.rocket_attack(x, then, ev),
            _ => self.atreides_action_over(then, ev),
        }
    }

    /// The after-decision: an action, or "Done" (the turn ends).
    pub(crate) fn step_atreides_after(&mut self, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::Expansion(ExpansionAction::DesertWar(x)) => {
                self.start_atreides_action(x, AtreidesThen::EndTurn, ev)
            }
            _ => self.atreides_action_over(AtreidesThen::EndTurn, ev),
        }
    }

    /// An Atreides Desert War action is over: back to the Desert Power, or
    /// the turn ends (the window closes).
    pub(crate) fn atreides_action_over(&mut self, then: AtreidesThen, ev: &mut Vec<Event>) {
        if self.winner.is_some() {
            self.prompt = Prompt::None;
            return;
        }
        match then {
            AtreidesThen::DesertPower => self.prompt = Prompt::Wormsigns(2),
            AtreidesThen::Special(s) => self.run_box_special(s, ev),
            AtreidesThen::EndTurn => {
                if let Some(dw) = self.expansions.desert_war.as_mut() {
                    dw.desert_power_open = false;
                }
                self.end_turn(A, ev);
            }
        }
    }

    /// Legal deployment areas, or "Done" (DW-ATREIDES-05: up to 3).
    pub(crate) fn legal_deploy_rockets(&self, out: &mut Vec<Action>) {
        out.extend(self.rocket_camp_areas().map(Action::DeployAt));
        out.push(Action::Done);
    }

    /// Deploys 1 launcher, then the next.
    pub(crate) fn step_deploy_rockets(
        &mut self,
        left: u8,
        then: AtreidesThen,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        match a {
            Action::DeployAt(area) => {
                if let Some(dw) = self.expansions.desert_war.as_mut() {
                    dw.rockets -= 1;
                }
                self.areas[area.index()].expansions.desert.rockets += 1;
                ev.push(Event::Expansion(ExpansionEvent::DesertWar(
                    DwEvent::RocketsDeployed { area, count: 1 },
                )));
                self.next_rocket_deployment(left - 1, then, ev);
            }
            _ => self.atreides_action_over(then, ev),
        }
    }

    /// The next launcher, if one is left to deploy and a Camp stands.
    fn next_rocket_deployment(&mut self, left: u8, then: AtreidesThen, ev: &mut Vec<Event>) {
        let supply = self.expansions.desert_war.as_ref().map_or(0, |d| d.rockets);
        if left == 0 || supply == 0 || self.rocket_camp_areas().next().is_none() {
            self.atreides_action_over(then, ev);
        } else {
            self.prompt = Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::DeployRockets {
                left,
                then,
            }));
        }
    }

    /// No Desert Power, no Atreides Desert War action (DW-ATREIDES-03); one
    /// per Desert Power (DW-ATREIDES-01); else `rule`.
    fn window_refusal(&self, rule: &'static str) -> &'static str {
        match &self.expansions.desert_war {
            Some(d) if d.desert_power_open && d.action_taken => "DW-ATREIDES-01",
            Some(d) if d.desert_power_open => rule,
            _ => "DW-ATREIDES-03",
        }
    }

    /// The rule a refused Atreides Desert War action breaks.
    pub(crate) fn atreides_action_refusal(&self, a: &Action) -> &'static str {
        match a {
            Action::Expansion(ExpansionAction::DesertWar(DwAction::DeployRockets)) => {
                self.window_refusal("DW-ATREIDES-06")
            }
            Action::Expansion(ExpansionAction::DesertWar(DwAction::RocketAttack(_))) => {
                self.window_refusal("DW-ROCKET-03")
            }
            Action::DeployAt(_) => "DW-ATREIDES-06",
            _ => "AR-ACT-17",
        }
    }
}
