//! Named leaders' special actions (AR-LEADER-01 to AR-LEADER-08): a leader
//! card face up on its action box offers, when a die of that box's result
//! is spent, its special action instead of the regular one; the card is
//! then spent until the next round. The special action's steps are data
//! (`special` in `data/arrakis/leaders.json`), run by the same machinery as
//! planning cards (`cards/play.rs`).
use crate::arrakis::action::Action;
use crate::arrakis::cards::components::Slot;
use crate::arrakis::cards::effects::Step;
use crate::arrakis::cards::play::{CardRun, Source};
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaSet, DieResult, Faction, LeaderId};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::{Arrakis, LeaderAt};

/// The die result of an action box (`None`: the Desert Power box, which
/// no die fills).
pub(crate) fn slot_result(s: Slot) -> Option<DieResult> {
    Some(match s {
        Slot::Leadership => DieResult::Leadership,
        Slot::Strategy => DieResult::Strategy,
        Slot::Deployment => DieResult::Deployment,
        Slot::Mentat => DieResult::Mentat,
        Slot::House => DieResult::House,
        Slot::DesertPower => return None,
    })
}

impl Arrakis {
    /// Whether leader `l`'s special action may be used now by its house:
    /// its card is in play and face up (AR-LEADER-02, AR-LEADER-08), its
    /// figure is not in the regeneration tank (AR-LEADER-06), and a die of
    /// its box's result is unspent (AR-LEADER-04).
    pub(crate) fn special_ready(&self, l: LeaderId) -> bool {
        let d = self.d();
        let leader = d.leader(l);
        if leader.special.is_empty() || self.spent_leaders & (1 << l.0) != 0 {
            return false;
        }
        match self.leaders[usize::from(l.0)] {
            LeaderAt::NotInPlay | LeaderAt::Removed | LeaderAt::Tank(_) => return false,
            LeaderAt::SetAside | LeaderAt::Board(_) => {}
        }
        let f = leader.faction;
        match leader.action_slot.map(slot_result) {
            Some(Some(r)) => self.unspent(f, r),
            // The Desert Power box: when Desert Power may be taken.
            Some(None) => f == Faction::Atreides && self.desert_power_allowed(),
            None => false,
        }
    }

    /// Whether the Atreides may take Desert Power as their action now
    /// (AR-DP-01, AR-DP-03, AR-DP-04).
    pub(crate) fn desert_power_allowed(&self) -> bool {
        // An expansion may count more Atreides dice (SM-DIE-05).
        self.hook_desert_power_dice(self.house(Faction::Atreides).unused())
            < self.house(Faction::Harkonnen).unused()
    }

    /// AR-LEADER-04, AR-LEADER-05: the special actions on offer; the
    /// regular action of the die stays offered beside them.
    pub(crate) fn legal_specials(&self, f: Faction, out: &mut Vec<Action>) {
        let d = self.d();
        for i in 0..d.leaders.len() {
            let l = LeaderId(i as u8);
            if d.leaders[i].faction == f && self.special_ready(l) {
                out.push(Action::Special(l));
            }
        }
    }

    /// Spends the die (none on the Desert Power box) and the leader card
    /// (AR-LEADER-07), then runs the special action's steps.
    pub(crate) fn use_special(&mut self, f: Faction, l: LeaderId, ev: &mut Vec<Event>) {
        let d = self.d();
        if let Some(Some(r)) = d.leader(l).action_slot.map(slot_result) {
            self.spend(f, r, ev);
        }
        self.spent_leaders |= 1 << l.0;
        // DW-ATREIDES-01: a Desert Power box leader's special is a Desert
        // Power action, with its Desert War action.
        let desert_power_box = d.leader(l).action_slot == Some(Slot::DesertPower);
        if desert_power_box {
            self.hook_desert_power_taken();
        }
        ev.push(Event::SpecialAction { leader: l });
        // DW-ATREIDES-02: its Desert War action may come before it.
        if desert_power_box && f == Faction::Atreides && self.hook_box_special_starting(l) {
            return;
        }
        self.start_run(f, Source::Leader(l), false, ev);
    }

    /// Whether `step` is one of this module's steps.
    pub(crate) fn is_special_step(step: &Step) -> bool {
        matches!(step, Step::DeployTokens { .. } | Step::DieAsAny)
    }

    /// The prompt a special step starts with.
    pub(crate) fn special_step_prompt(&self, run: &CardRun, step: &Step) -> Prompt {
        match step {
            Step::DieAsAny if run.faction == Faction::Atreides => Prompt::AtreidesHouse,
            _ => Prompt::Card(run.faction, run.card, run.step),
        }
    }

    /// Sietch areas the deployment tokens may go to (AR-DIE-12).
    fn token_sietches(&self, f: Faction) -> AreaSet {
        let b = self.d().board;
        if self.deploy_pool.is_empty() {
            return AreaSet::EMPTY;
        }
        b.sietch_sites
            .iter()
            .filter(|a| {
                let s = &self.areas[a.index()];
                s.sietch.is_some()
                    && s.unit_count(f.other()) == 0
                    && s.unit_count(f) < self.stacking_limit(f)
            })
            .collect()
    }

    /// Legal choices of a special step (before "Done").
    pub(crate) fn legal_special_step(&self, run: &CardRun, step: &Step, out: &mut Vec<Action>) {
        if let Step::DeployTokens { leader, .. } = step {
            if run.stage == 0 {
                for a in self.token_sietches(run.faction) {
                    out.push(Action::DeployAt(a));
                }
            } else if let Some(pick) = leader {
                for l in self.leader_choices(run.faction, pick) {
                    out.push(Action::DeployLeader(l));
                }
            }
        }
    }

    /// Applies a choice of a special step.
    pub(crate) fn step_special(
        &mut self,
        mut run: CardRun,
        step: &Step,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        let f = run.faction;
        match (step, a) {
            (Step::DeployTokens { count, leader }, Action::DeployAt(area)) => {
                // AR-DIE-11: tokens drawn at random (the pool is shuffled),
                // as many as fit under the stacking limit.
                let room = self
                    .stacking_limit(f)
                    .saturating_sub(self.areas[area.index()].unit_count(f));
                for _ in 0..(*count).min(room) {
                    if let Some(token) = self.deploy_pool.pop() {
                        self.areas[area.index()].tokens.push(token);
                        ev.push(Event::TokenDeployed { area, kind: token });
                    }
                }
                self.hook_legion_arrived(f, area, ev); // DW-TROOPER-13
                run.area = Some(area);
                run.stage = 1;
                self.effect = Some(run);
                let joins = leader
                    .as_ref()
                    .is_some_and(|p| !self.leader_choices(f, p).is_empty());
                if joins {
                    self.prompt = Prompt::Card(f, run.card, run.step);
                } else {
                    self.advance_card(ev);
                }
            }
            (Step::DeployTokens { .. }, Action::DeployLeader(l)) => {
                if let Some(area) = run.area {
                    self.place_leader(f, l, area);
                }
                self.advance_card(ev);
            }
            _ => self.advance_card(ev),
        }
    }
}
