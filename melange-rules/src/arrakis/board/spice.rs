//! Step 4, Spice Harvesting (AR-SPICE-*): yields, keeping and raising the
//! Imperium markers, markers falling, the bans, and the spice extras.
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaId, Faction, ImperiumMarker};
use crate::arrakis::prompt::{AfterExcess, Prompt};
use crate::arrakis::state::{Arrakis, Phase};
use crate::arrakis::vocab::ByImperiumMarker;

impl Arrakis {
    pub(crate) fn start_spice(&mut self, ev: &mut Vec<Event>) {
        self.phase = Phase::SpiceHarvesting;
        // AR-SPICE-17: bans last until the start of this phase.
        self.bans = ByImperiumMarker::default();
        // AR-SPICE-03 to AR-SPICE-05
        let y = self.d().tables.harvester_yield;
        let b = self.d().board;
        let mut spice = self.spice_saved;
        self.spice_saved = 0;
        for (i, s) in self.areas.iter_mut().enumerate() {
            if s.harvester {
                s.harvester = false;
                spice += if b.deep_desert.contains(AreaId(i as u8)) {
                    y.deep_desert
                } else {
                    y.desert
                };
            }
        }
        spice += self.hook_harvest(ev); // SM-ROUND-11
        ev.push(Event::SpiceHarvested { spice });
        self.prompt = Prompt::Spice {
            spice,
            decided: ByImperiumMarker::default(),
        };
    }

    pub(crate) fn step_spice(&mut self, a: Action, ev: &mut Vec<Event>) {
        let Prompt::Spice {
            mut spice,
            mut decided,
        } = self.prompt
        else {
            unreachable!()
        };
        let t = self.d().tables.spice;
        match a {
            Action::Keep(m) => {
                spice -= t.keep_cost;
                decided[m] = true;
            }
            Action::Raise(m) => {
                spice -= t.raise_cost;
                decided[m] = true;
                self.imperium[m] -= 1;
                ev.push(Event::ImperiumMarkerMoved {
                    marker: m,
                    row: self.imperium[m],
                });
            }
            Action::BuySupremacy => {
                spice -= t.buy_supremacy_cost;
                self.bought_supremacy = true;
                self.gain_supremacy(t.buy_supremacy_gain, ev);
                if self.winner.is_some() {
                    self.prompt = Prompt::None;
                    return;
                }
            }
            _ => {
                // AR-SPICE-14 to AR-SPICE-16
                let bottom = self.d().tables.spice_must_flow.rows.len() as u8;
                for m in ImperiumMarker::ALL {
                    let mut fell = false;
                    if !decided[m] && self.imperium[m] < bottom {
                        self.imperium[m] += 1;
                        fell = true;
                        ev.push(Event::ImperiumMarkerMoved {
                            marker: m,
                            row: self.imperium[m],
                        });
                    }
                    self.bans[m] = fell || self.imperium[m] == bottom;
                }
                // AR-SPICE-13
                self.spice_saved = spice.min(t.carry_over_max);
                // AR-SPICE-22; an expansion's vehicles go back to their
                // supplies (SM-ROUND-13; the Escorts by a decision,
                // docs/rules-decisions.md).
                self.hook_zones_clearing();
                for z in &mut self.zones {
                    *z = None;
                }
                self.phase = Phase::EndOfRound;
                self.prompt = Prompt::EndClaims;
                // AR-SPICE-20, AR-MOVE-08: the CHOAM ban's excess goes at
                // once, the Harkonnen picking which units.
                if self.bans[ImperiumMarker::Choam] {
                    let then = AfterExcess::EndClaims;
                    self.enforce_stacking(Faction::Harkonnen, then);
                }
                return;
            }
        }
        self.prompt = Prompt::Spice { spice, decided };
    }
}

impl Arrakis {
    /// Keep or raise each undecided marker, buy supremacy, or stop.
    pub(crate) fn legal_spice(
        &self,
        spice: u8,
        decided: ByImperiumMarker<bool>,
        out: &mut Vec<Action>,
    ) {
        let t = &self.d().tables.spice;
        for m in ImperiumMarker::ALL {
            if decided[m] {
                continue;
            }
            if spice >= t.keep_cost {
                out.push(Action::Keep(m));
            }
            // The top row cannot be raised (see the docs).
            if spice >= t.raise_cost && self.imperium[m] > 1 {
                out.push(Action::Raise(m));
            }
        }
        // AR-SPICE-10 to AR-SPICE-12
        if !self.bought_supremacy
            && self.supremacy <= t.buy_supremacy_max_score
            && spice >= t.buy_supremacy_cost
        {
            out.push(Action::BuySupremacy);
        }
        out.push(Action::Done);
    }

    /// The rule a refused Spice Harvesting action breaks.
    pub(crate) fn spice_refusal(&self, action: &Action) -> &'static str {
        match action {
            Action::Keep(_) | Action::Raise(_) | Action::BuySupremacy | Action::Done => {
                "AR-SPICE-06"
            }
            _ => "AR-ACT-17",
        }
    }
}
