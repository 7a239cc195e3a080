//! The Harkonnen Desert War tokens and actions (DW-HARKONNEN-01 to
//! DW-HARKONNEN-18): the tokens placed at the end of Vehicle Placement,
//! one discarded per die spent for one Desert War action, before the
//! die's action (at the turn's decision) or after it (a decision of its
//! own when the turn ends), and the three actions: deploy, move (in
//! `suspensors.rs`) and scout. Decisions: docs/rules-decisions.md, Desert
//! War ("Which dice carry a Harkonnen Desert War action", "The Suspensor
//! scout").
use super::action::DwAction;
use super::data::desert_war;
use super::event::DwEvent;
use super::prompt::DwPrompt;
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use crate::arrakis::ids::{AreaId, AreaSet, Faction, ImperiumMarker};
use crate::arrakis::prompt::{AfterExcess, Prompt};
use crate::arrakis::state::Arrakis;

const H: Faction = Faction::Harkonnen;

impl Arrakis {
    /// DW-HARKONNEN-01 to DW-HARKONNEN-03: at the end of Vehicle
    /// Placement a token goes on each empty first-column slot of the
    /// Spice Must Flow board; the others sit out the round.
    pub(crate) fn place_desert_war_tokens(&mut self, ev: &mut Vec<Event>) {
        let row = *self.imperium.iter().max().expect("3 markers");
        let Some(dw) = self.expansions.desert_war.as_mut() else {
            return;
        };
        let d = desert_war();
        let n = d
            .desert_war_tokens
            .tokens_placed(row, d.harkonnen.desert_war_tokens);
        dw.tokens_on_board = n;
        dw.action_taken = false;
        ev.push(Event::Expansion(ExpansionEvent::DesertWar(
            DwEvent::TokensPlaced { count: n },
        )));
    }

    /// Whether a Harkonnen Desert War action may come with the die about
    /// to be spent: a token on the board (DW-HARKONNEN-08) and none
    /// discarded for this die yet (DW-HARKONNEN-06).
    fn harkonnen_desert_war_open(&self) -> bool {
        self.expansions
            .desert_war
            .as_ref()
            .is_some_and(|dw| dw.tokens_on_board > 0 && !dw.action_taken)
    }

    /// DW-HARKONNEN-04, DW-HARKONNEN-07: the Desert War actions offered at
    /// the Harkonnen turn's decision, before the die's action; the turn
    /// still spends a die (DW-HARKONNEN-05).
    pub(crate) fn legal_harkonnen_desert_war_before(&self, out: &mut Vec<Action>) {
        if self.house(H).unused() > 0 && self.harkonnen_desert_war_open() {
            self.legal_harkonnen_desert_war(out);
        }
    }

    /// Every Harkonnen Desert War action possible now (DW-HARKONNEN-10):
    /// deploy, move, scout.
    fn legal_harkonnen_desert_war(&self, out: &mut Vec<Action>) {
        let Some(dw) = self.expansions.desert_war.as_ref() else {
            return;
        };
        let dw_action = |a| Action::Expansion(ExpansionAction::DesertWar(a));
        // DW-HARKONNEN-11 to DW-HARKONNEN-14
        if dw.suspensors > 0 {
            for a in self.suspensor_deploy_areas().iter() {
                out.push(dw_action(DwAction::DeploySuspensor(a)));
            }
        }
        // DW-HARKONNEN-15
        for from in self.suspensor_areas().iter() {
            for to in self.suspensor_moves(from).iter() {
                out.push(dw_action(DwAction::MoveSuspensor(from, to)));
            }
        }
        // DW-HARKONNEN-16 to DW-HARKONNEN-18: Scouting, so never under
        // the Spacing Guild ban; like an ornithopter's, offered only on
        // an area holding something hidden.
        if !self.bans[ImperiumMarker::SpacingGuild] {
            for from in self.suspensor_areas().iter() {
                for b in self.suspensor_scout_targets(from).iter() {
                    out.push(dw_action(DwAction::ScoutSuspensor(from, b)));
                }
            }
        }
    }

    /// Areas holding a Suspensor Trooper.
    pub(crate) fn suspensor_areas(&self) -> AreaSet {
        self.areas
            .iter()
            .enumerate()
            .filter(|(_, s)| s.expansions.desert.suspensors > 0)
            .map(|(i, _)| AreaId(i as u8))
            .collect()
    }

    /// DW-HARKONNEN-12, DW-HARKONNEN-14: the empty desert areas of every
    /// sector connected to an Air zone holding a Harkonnen vehicle (an
    /// Escort Ornithopter included).
    pub(crate) fn suspensor_deploy_areas(&self) -> AreaSet {
        let b = self.d().board;
        let mut sectors = AreaSet::EMPTY;
        for z in 0..self.zones.len() {
            if self.harkonnen_vehicle_in(z) {
                for s in b.air_zones[z].sectors {
                    sectors = sectors.union(b.sectors[usize::from(s.0)].areas);
                }
            }
        }
        self.empty_desert_areas().intersection(sectors)
    }

    /// DW-HARKONNEN-16: the areas next to `from` (sharing a border,
    /// impassable or not) holding a face-down sietch or deployment token.
    fn suspensor_scout_targets(&self, from: AreaId) -> AreaSet {
        let b = self.d().board;
        b.passable[from.index()]
            .union(b.impassable[from.index()])
            .iter()
            .filter(|a| {
                let s = &self.areas[a.index()];
                !s.tokens.is_empty() || s.sietch.is_some_and(|x| !x.revealed)
            })
            .collect()
    }

    /// DW-HARKONNEN-04, DW-HARKONNEN-09: the token paid for the action,
    /// back only next round.
    fn discard_desert_war_token(&mut self, ev: &mut Vec<Event>) {
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.tokens_on_board = dw.tokens_on_board.saturating_sub(1);
            dw.action_taken = true;
            ev.push(Event::Expansion(ExpansionEvent::DesertWar(
                DwEvent::TokenDiscarded {
                    left: dw.tokens_on_board,
                },
            )));
        }
    }

    /// Starts a Harkonnen Desert War action chosen at the turn's decision
    /// (`after` false) or after the die's action (`after` true).
    pub(crate) fn step_harkonnen_desert_war(
        &mut self,
        a: DwAction,
        after: bool,
        ev: &mut Vec<Event>,
    ) {
        self.discard_desert_war_token(ev);
        match a {
            DwAction::DeploySuspensor(area) => {
                // DW-HARKONNEN-13, DQ3: one sector, emptiness judged as
                // the action starts.
                let b = self.d().board;
                let sector = b
                    .area(area)
                    .sector
                    .map(|s| b.sectors[usize::from(s.0)].areas);
                let areas = self
                    .empty_desert_areas()
                    .intersection(sector.unwrap_or_default());
                self.deploy_suspensor(area, ev);
                let left = desert_war().harkonnen_actions.deploy_up_to - 1;
                self.continue_deploy(left, areas, after, ev);
            }
            DwAction::MoveSuspensor(from, to) => self.move_suspensor(from, to, after, ev),
            DwAction::ScoutSuspensor(from, area) => {
                // DW-HARKONNEN-16, DW-HARKONNEN-17, DW-TROOPER-17: the
                // trooper goes back to the supply; the core Scouting
                // reveal (AR-SCOUT-03, AR-SCOUT-04).
                self.areas[from.index()].expansions.desert.suspensors -= 1;
                if let Some(dw) = self.expansions.desert_war.as_mut() {
                    dw.suspensors += 1;
                }
                ev.push(Event::Expansion(ExpansionEvent::DesertWar(
                    DwEvent::SuspensorScouted { from, area },
                )));
                self.reveal_sietch(area, ev);
                let then = if after {
                    AfterExcess::EndTurn(H)
                } else {
                    AfterExcess::Turn(H)
                };
                if !self.reveal_tokens(area, then, ev) {
                    self.finish_harkonnen_desert_war(after, ev);
                }
            }
            _ => unreachable!("not a Harkonnen Desert War action"),
        }
    }

    /// One Suspensor Trooper from the supply into `area` (DW-HARKONNEN-11).
    fn deploy_suspensor(&mut self, area: AreaId, ev: &mut Vec<Event>) {
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.suspensors -= 1;
        }
        self.areas[area.index()].expansions.desert.suspensors += 1;
        ev.push(Event::Expansion(ExpansionEvent::DesertWar(
            DwEvent::SuspensorDeployed { area },
        )));
    }

    /// Asks for the next trooper of a Deploy action while one may still
    /// go, else ends the action.
    fn continue_deploy(&mut self, left: u8, areas: AreaSet, after: bool, ev: &mut Vec<Event>) {
        let supply = self
            .expansions
            .desert_war
            .as_ref()
            .map_or(0, |dw| dw.suspensors);
        if left > 0 && supply > 0 && !areas.is_empty() {
            self.prompt =
                Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::DeploySuspensors {
                    left,
                    areas,
                    after,
                }));
        } else {
            self.finish_harkonnen_desert_war(after, ev);
        }
    }

    /// The Desert War action is over: back to the turn's decision when it
    /// came before the die's action, else the turn ends.
    pub(crate) fn finish_harkonnen_desert_war(&mut self, after: bool, ev: &mut Vec<Event>) {
        if after {
            self.end_turn(H, ev);
        } else {
            self.prompt = Prompt::Turn(H);
        }
    }

    /// DW-HARKONNEN-07: when a Harkonnen turn that spent a die ends
    /// without its Desert War action, the action may come now. True when
    /// the game waits on that choice; the turn then ends after it.
    pub(crate) fn harkonnen_desert_war_after(&mut self, f: Faction) -> bool {
        if f != H || self.winner.is_some() {
            return false;
        }
        let spent = self.tank_moves[H] > 0;
        let Some(dw) = self.expansions.desert_war.as_mut() else {
            return false;
        };
        if dw.action_taken {
            // This die had its action: the turn ends.
            dw.action_taken = false;
            return false;
        }
        if dw.tokens_on_board == 0 || !spent {
            return false;
        }
        let mut v = Vec::new();
        self.legal_harkonnen_desert_war(&mut v);
        if v.is_empty() {
            return false;
        }
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.action_taken = true;
        }
        self.prompt = Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::HarkonnenAfter));
        true
    }

    /// The actions of the Harkonnen's own Desert War decisions.
    pub(crate) fn legal_harkonnen_desert_war_prompt(&self, p: DwPrompt, out: &mut Vec<Action>) {
        match p {
            DwPrompt::HarkonnenAfter => {
                if self
                    .expansions
                    .desert_war
                    .as_ref()
                    .is_some_and(|d| d.tokens_on_board > 0)
                {
                    self.legal_harkonnen_desert_war(out);
                }
                out.push(Action::Done);
            }
            DwPrompt::DeploySuspensors { left, areas, .. } => {
                if left > 0
                    && self
                        .expansions
                        .desert_war
                        .as_ref()
                        .is_some_and(|d| d.suspensors > 0)
                {
                    for a in areas.iter() {
                        out.push(Action::Expansion(ExpansionAction::DesertWar(
                            DwAction::DeploySuspensor(a),
                        )));
                    }
                }
                out.push(Action::Done);
            }
            DwPrompt::SwapTrooper { area, .. } => self.legal_swap_trooper(area, out),
            // The Atreides' decisions: `legal_desert_war` never sends them here.
            _ => {}
        }
    }

    /// Applies a legal action at one of the Harkonnen's Desert War
    /// decisions.
    pub(crate) fn step_harkonnen_desert_war_prompt(
        &mut self,
        p: DwPrompt,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        match (p, a) {
            (DwPrompt::HarkonnenAfter, Action::Expansion(ExpansionAction::DesertWar(d))) => {
                self.step_harkonnen_desert_war(d, true, ev);
            }
            (DwPrompt::HarkonnenAfter, _) => self.finish_harkonnen_desert_war(true, ev),
            (
                DwPrompt::DeploySuspensors { left, areas, after },
                Action::Expansion(ExpansionAction::DesertWar(DwAction::DeploySuspensor(area))),
            ) => {
                self.deploy_suspensor(area, ev);
                self.continue_deploy(left - 1, areas, after, ev);
            }
            (DwPrompt::DeploySuspensors { after, .. }, _) => {
                self.finish_harkonnen_desert_war(after, ev);
            }
            (
                DwPrompt::SwapTrooper { area, after },
                Action::Expansion(ExpansionAction::DesertWar(DwAction::SwapOut(k))),
            ) => {
                self.swap_out(area, k, ev);
                self.finish_harkonnen_desert_war(after, ev);
            }
            _ => unreachable!("not a legal Harkonnen Desert War choice"),
        }
    }

    /// The rule a refused Harkonnen Desert War action breaks, at the
    /// turn's decision or at the Harkonnen's Desert War decisions.
    pub(crate) fn harkonnen_desert_war_refusal(&self, action: &Action) -> &'static str {
        if matches!(
            self.prompt,
            Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::SwapTrooper { .. }))
        ) {
            return "DW-SUSPENSOR-06";
        }
        let Action::Expansion(ExpansionAction::DesertWar(a)) = *action else {
            return "AR-ACT-17";
        };
        let Some(dw) = self.expansions.desert_war.as_ref() else {
            return "AR-ACT-17";
        };
        let known = |x: AreaId| x.index() < self.areas.len();
        if let Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::DeploySuspensors {
            left,
            areas,
            ..
        })) = self.prompt
        {
            return match a {
                DwAction::DeploySuspensor(_) if left == 0 || dw.suspensors == 0 => {
                    "DW-HARKONNEN-11"
                }
                DwAction::DeploySuspensor(x) if known(x) && self.is_empty_for_desert_war(x) => {
                    "DW-HARKONNEN-13"
                }
                DwAction::DeploySuspensor(_) if !areas.is_empty() => "DW-HARKONNEN-12",
                _ => "AR-ACT-17",
            };
        }
        if matches!(a, DwAction::SwapOut(_)) {
            return "DW-SUSPENSOR-06";
        }
        if matches!(a, DwAction::EscortWithTransport(..)) {
            return "DW-ESCORT-07";
        }
        if matches!(a, DwAction::EscortTroops(..) | DwAction::TakeEscort) {
            return "DW-ESCORT-06";
        }
        if dw.tokens_on_board == 0 {
            return "DW-HARKONNEN-08";
        }
        if dw.action_taken && matches!(self.prompt, Prompt::Turn(_)) {
            return "DW-HARKONNEN-06";
        }
        match a {
            DwAction::DeploySuspensor(_) if dw.suspensors == 0 => "DW-HARKONNEN-11",
            DwAction::DeploySuspensor(x)
                if !known(x) || !self.is_desert(x) || !self.is_empty_for_desert_war(x) =>
            {
                "DW-HARKONNEN-12"
            }
            DwAction::DeploySuspensor(_) => "DW-HARKONNEN-14",
            DwAction::MoveSuspensor(from, _)
                if !known(from) || self.areas[from.index()].expansions.desert.suspensors == 0 =>
            {
                "DW-HARKONNEN-15"
            }
            DwAction::MoveSuspensor(from, to) => self.suspensor_move_refusal(from, to),
            DwAction::ScoutSuspensor(..) if self.bans[ImperiumMarker::SpacingGuild] => {
                "DW-HARKONNEN-18"
            }
            _ => "DW-HARKONNEN-16",
        }
    }
}

/// A sentence for a person for each Harkonnen Desert War rule a refusal
/// names.
pub(crate) fn harkonnen_reason(rule: &str) -> Option<&'static str> {
    Some(match rule {
        "DW-HARKONNEN-06" => "a die spent carries at most one Desert War action",
        "DW-HARKONNEN-08" => "a Desert War action needs a Desert War token on the board",
        "DW-HARKONNEN-11" => {
            "a deployment places up to 3 Suspensor Troopers from those off the board"
        }
        "DW-HARKONNEN-12" => "Suspensor Troopers are deployed only into empty desert areas",
        "DW-HARKONNEN-13" => "one deployment puts its Suspensor Troopers in a single sector",
        "DW-HARKONNEN-14" => {
            "Suspensor Troopers go to a sector connected to an Air zone holding a Harkonnen \
             vehicle"
        }
        "DW-HARKONNEN-15" => "the move takes one of your Suspensor Troopers on the board",
        "DW-HARKONNEN-16" => {
            "the scout removes one of your Suspensor Troopers to reveal an area next to it \
             holding a face-down sietch or deployment token"
        }
        "DW-HARKONNEN-18" => "scouting is not allowed under the Spacing Guild ban",
        "DW-SUSPENSOR-02" => {
            "no wormsign goes where Suspensor Troopers stand without a Harkonnen legion or \
             harvester"
        }
        "DW-SUSPENSOR-06" => "the swap removes one of the Atreides Desert Troopers there",
        "DW-SUSPENSOR-09" => "a Suspensor Trooper moves up to 2 areas",
        "DW-SUSPENSOR-11" => {
            "a Suspensor Trooper passes through and stops only in areas free for House \
             Harkonnen"
        }
        "DW-ESCORT-03" => "one placement of ornithopters includes at most 1 Escort Ornithopter",
        "DW-ESCORT-07" => {
            "a legion uses one Escort or one ornithopter in an action, not both, unless the \
             escort_and_transport option stacks them"
        }
        "DW-ESCORT-06" => {
            "Escort Troops take the Escort Ornithopter of an Air zone connected to the \
             legion's area, once per legion and action"
        }
        _ => return None,
    })
}
