//! Step 2, Action Resolution, its dice: the roll and the dashboard slots
//! (AR-ACT-03 to AR-ACT-09), excess dice given a new result (the
//! `Reassign` decision), spending a die, and the end of the step
//! (AR-ACT-19).
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{DieResult, Faction};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::{Arrakis, Die, Phase};
use crate::arrakis::vocab::ByFaction;

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

impl Arrakis {
    /// Free slots of result `r` on `f`'s dashboard (AR-ACT-05, AR-ACT-06).
    pub(crate) fn free_slots(&self, f: Faction, r: DieResult) -> u8 {
        let t = &self.d().tables.action_dice;
        let limit = match f {
            A => t.atreides.slots.of(r),
            H => match (self.rules.printed_dashboard, t.harkonnen.slots_printed) {
                (true, Some(p)) => p.of(r),
                _ => t.harkonnen.slots.of(r),
            },
        };
        let used = self.house(f).dice.iter().filter(|d| d.result == r).count() as u8;
        limit.saturating_sub(used)
    }

    pub(crate) fn unspent(&self, f: Faction, r: DieResult) -> bool {
        self.house(f).dice.iter().any(|d| !d.spent && d.result == r)
    }

    pub(crate) fn spend(&mut self, f: Faction, r: DieResult, ev: &mut Vec<Event>) {
        let h = self.house_mut(f);
        let i = h
            .dice
            .iter()
            .position(|d| !d.spent && d.result == r)
            .expect("legal");
        h.dice[i].spent = true;
        ev.push(Event::DieSpent {
            faction: f,
            result: r,
        });
        // AR-LEADER-11: the tank moves at the end of this turn, so this
        // die cannot also deploy a leader it frees.
        self.tank_moves[f] += 1;
    }

    /// Step 2: roll, allocate, Bene Gesserit, then turns (AR-ACT-03 on).
    pub(crate) fn start_action_resolution(&mut self, ev: &mut Vec<Event>) {
        self.phase = Phase::ActionResolution;
        self.harvesters_destroyed = 0;
        // An expansion may ask something before the roll (DW-CAMP-01).
        if self.hook_action_resolution_starting() {
            return;
        }
        self.roll_action_dice(ev);
    }

    /// AR-ACT-01 to AR-ACT-08: both houses roll their action dice; the
    /// house with fewer dice starts.
    pub(crate) fn roll_action_dice(&mut self, ev: &mut Vec<Event>) {
        let t = &self.d().tables.action_dice;
        let counts = ByFaction::new(self.active_row().dice, t.atreides.dice);
        let faces = t.faces.clone();
        for f in [H, A] {
            let h = self.house_mut(f);
            h.dice.clear();
            h.excess = 0;
            h.bene_gesserit_placed = false;
            let mut results = Vec::new();
            for _ in 0..counts[f] {
                let r = faces[self.roll(faces.len())];
                results.push(r);
                if self.free_slots(f, r) > 0 {
                    self.house_mut(f).dice.push(Die {
                        result: r,
                        spent: false,
                        token: false,
                    });
                } else {
                    self.house_mut(f).excess += 1;
                }
            }
            ev.push(Event::DiceRolled {
                faction: f,
                results,
            });
        }
        self.hook_dice_rolled(ev);
        // AR-ACT-08: fewer dice on the dashboard starts; tie Harkonnen.
        let first = if self.house(A).dice.len() < self.house(H).dice.len() {
            A
        } else {
            H
        };
        self.prompt = Prompt::Reassign(first);
        if self.house(first).excess == 0 {
            self.next_reassign(first, ev);
        }
    }

    /// AR-ACT-09: alternate one die at a time while excess dice remain.
    pub(crate) fn next_reassign(&mut self, last: Faction, _ev: &mut Vec<Event>) {
        for f in [last.other(), last] {
            if self.house(f).excess > 0 {
                self.prompt = Prompt::Reassign(f);
                return;
            }
        }
        // AR-BG-02: Harkonnen first, then Atreides (default reading only).
        if !self.rules.bene_gesserit_reorder {
            for f in [H, A] {
                if self.house(f).bene_gesserit > 0 {
                    self.prompt = Prompt::BeneGesserit(f);
                    return;
                }
            }
        }
        // AR-ACT-10: the Atreides take the first turn.
        self.prompt = Prompt::Turn(A);
    }

    pub(crate) fn end_action_resolution(&mut self, ev: &mut Vec<Event>) {
        // AR-ACT-19: the Atreides lose their unspent dice.
        for f in [H, A] {
            self.house_mut(f).dice.clear();
        }
        self.hook_dice_lost();
        self.desert_hazards(ev);
    }

    /// AR-ACT-07; AR-OPT-10: the least-filled results first.
    pub(crate) fn legal_reassign(&self, f: Faction, out: &mut Vec<Action>) {
        let count = |r: DieResult| self.house(f).dice.iter().filter(|d| d.result == r).count();
        let least = DieResult::ALL
            .into_iter()
            .filter(|r| self.free_slots(f, *r) > 0)
            .map(count)
            .min();
        for r in DieResult::ALL {
            if self.free_slots(f, r) > 0
                && (!self.rules.excess_least_filled || Some(count(r)) == least)
            {
                out.push(Action::Reassign(r));
            }
        }
    }

    /// An excess die of `f` takes result `r`.
    pub(crate) fn reassign(&mut self, f: Faction, r: DieResult, ev: &mut Vec<Event>) {
        self.house_mut(f).excess -= 1;
        self.house_mut(f).dice.push(Die {
            result: r,
            spent: false,
            token: false,
        });
        self.next_reassign(f, ev);
    }

    /// AR-ACT-05, AR-ACT-06: a result whose slots are all taken.
    pub(crate) fn reassign_refusal(&self, g: Faction, action: &Action) -> &'static str {
        match action {
            Action::Reassign(r) if self.free_slots(g, *r) == 0 => match g {
                A => "AR-ACT-06",
                _ => "AR-ACT-05",
            },
            Action::Reassign(_) => "AR-OPT-10",
            _ => "AR-ACT-07",
        }
    }
}
