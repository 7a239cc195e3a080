//! The Deployment die (AR-DIE-11 to AR-DIE-14): Harkonnen regulars into
//! their settlements and a leader with the last; an Atreides token drawn
//! at random into a sietch area, then a leader with it.
use crate::arrakis::action::Action;
use crate::arrakis::cards::components::LeaderKind;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaId, Faction, LeaderId};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::{Arrakis, LeaderAt};

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

impl Arrakis {
    /// Harkonnen Deployment: regulars into settlement areas, then a leader.
    pub(crate) fn legal_harkonnen_deploy(
        &self,
        regulars: u8,
        leader: bool,
        last: Option<AreaId>,
        out: &mut Vec<Action>,
    ) {
        let h = self.house(H);
        if regulars > 0 && h.supply.regular > 0 {
            for a in self.d().board.settlements.iter() {
                let s = &self.areas[a.index()];
                // AR-DIE-14: into areas with a Harkonnen settlement.
                if s.settlement && s.unit_count(A) == 0 && s.unit_count(H) < self.stacking_limit(H)
                {
                    out.push(Action::DeployAt(a));
                }
            }
        }
        if leader && last.is_some() {
            if h.generic_supply > 0 {
                out.push(Action::DeployLeader(None));
            }
            for l in self.deployable_leaders(H) {
                out.push(Action::DeployLeader(Some(l)));
            }
        }
        out.push(Action::Done);
    }

    /// Atreides Deployment: the token into a sietch area, then a leader.
    pub(crate) fn legal_atreides_deploy(&self, placed: Option<AreaId>, out: &mut Vec<Action>) {
        match placed {
            None => {
                for a in self.d().board.sietch_sites.iter() {
                    let s = &self.areas[a.index()];
                    // AR-DIE-12: in an area with a sietch token.
                    if s.sietch.is_some()
                        && s.unit_count(H) == 0
                        && s.unit_count(A) < self.stacking_limit(A)
                    {
                        out.push(Action::DeployAt(a));
                    }
                }
                out.push(Action::Done);
            }
            Some(_) => {
                // AR-DIE-13: a Naib or a named leader.
                if self.house(A).generic_supply > 0 {
                    out.push(Action::DeployLeader(None));
                }
                for l in self.deployable_leaders(A) {
                    out.push(Action::DeployLeader(Some(l)));
                }
                out.push(Action::Done);
            }
        }
    }

    /// The rule a refused deployment breaks: a leader still in the
    /// regeneration tank (AR-LEADER-11).
    pub(crate) fn deploy_refusal(&self, action: &Action) -> &'static str {
        match action {
            Action::DeployLeader(Some(l))
                if matches!(self.leaders.get(usize::from(l.0)), Some(LeaderAt::Tank(_))) =>
            {
                "AR-LEADER-11"
            }
            _ => "AR-ACT-17",
        }
    }
    pub(crate) fn step_harkonnen_deploy(&mut self, a: Action, ev: &mut Vec<Event>) {
        let Prompt::HarkonnenDeploy {
            regulars, leader, ..
        } = self.prompt
        else {
            unreachable!()
        };
        match a {
            Action::DeployAt(area) => {
                self.house_mut(H).supply.regular -= 1;
                self.areas[area.index()].units[H].regular += 1;
                self.hook_legion_arrived(H, area, ev); // DW-TROOPER-13
                self.prompt = Prompt::HarkonnenDeploy {
                    regulars: regulars - 1,
                    leader,
                    last: Some(area),
                };
            }
            Action::DeployLeader(l) => {
                let Prompt::HarkonnenDeploy {
                    last: Some(area), ..
                } = self.prompt
                else {
                    unreachable!()
                };
                self.place_leader(H, l, area);
                self.prompt = Prompt::HarkonnenDeploy {
                    regulars,
                    leader: false,
                    last: Some(area),
                };
            }
            _ => self.end_turn(H, ev),
        }
    }

    pub(crate) fn step_atreides_deploy(&mut self, a: Action, ev: &mut Vec<Event>) {
        let Prompt::AtreidesDeploy { token, .. } = self.prompt else {
            unreachable!()
        };
        match a {
            Action::DeployAt(area) => {
                self.areas[area.index()].tokens.push(token);
                ev.push(Event::TokenDeployed { area, kind: token });
                self.hook_legion_arrived(A, area, ev); // DW-TROOPER-13
                self.prompt = Prompt::AtreidesDeploy {
                    token,
                    placed: Some(area),
                };
            }
            Action::DeployLeader(l) => {
                let Prompt::AtreidesDeploy {
                    placed: Some(area), ..
                } = self.prompt
                else {
                    unreachable!()
                };
                self.place_leader(A, l, area);
                self.end_turn(A, ev);
            }
            _ => {
                if let Prompt::AtreidesDeploy { placed: None, .. } = self.prompt {
                    // Not placed: the token goes back into the pool.
                    self.deploy_pool.push(token);
                    let mut pool = std::mem::take(&mut self.deploy_pool);
                    rand::seq::SliceRandom::shuffle(pool.as_mut_slice(), &mut self.rng);
                    self.deploy_pool = pool;
                }
                self.end_turn(A, ev);
            }
        }
    }

    /// Puts a generic (`None`) or named leader figure into `area`.
    pub(crate) fn place_leader(&mut self, f: Faction, l: Option<LeaderId>, area: AreaId) {
        match l {
            None => {
                self.house_mut(f).generic_supply -= 1;
                self.areas[area.index()].generic[f] += 1;
            }
            Some(l) => {
                self.leaders[usize::from(l.0)] = LeaderAt::Board(area);
                self.areas[area.index()].named |= 1 << l.0;
            }
        }
    }

    /// Named leaders of `f` whose figure is set aside and may be deployed.
    pub(crate) fn deployable_leaders(&self, f: Faction) -> Vec<LeaderId> {
        let d = self.d();
        (0..d.leaders.len())
            .filter(|&i| {
                d.leaders[i].faction == f
                    && d.leaders[i].kind == LeaderKind::Named
                    && self.leaders[i] == LeaderAt::SetAside
                    && self.pinned & (1 << i) == 0
            })
            .map(|i| LeaderId(i as u8))
            .collect()
    }
}
