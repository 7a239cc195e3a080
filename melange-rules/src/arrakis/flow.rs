//! Applying a chosen action and the automatic progression: `apply_action`
//! accepts an action only if `legal` lists it (so "legal means accepted"
//! and a refused action changes nothing by construction), then `step`
//! hands it to the file of the decision it answers. Where the game waits
//! is `prompt.rs`; the round's steps and the decisions have files of their
//! own (`round/`, `forces/`, `board/`, `cards/`).
use crate::core::RuleError;

use super::action::Action;
use super::event::Event;
use super::ids::Faction;
use super::prompt::Prompt;
use super::state::Arrakis;

const A: Faction = Faction::Atreides;

impl Arrakis {
    /// Applies one action of the house to act.
    pub(super) fn apply_action(
        &mut self,
        f: Faction,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.winner.is_some() {
            return Err(RuleError::GameOver);
        }
        let mut legal = self.legal_list();
        if !legal.contains(action) {
            return Err(self.refusal(f, action));
        }
        self.apply_legal(f, *action, &mut legal, ev);
        Ok(())
    }

    /// Applies an action the legal list holds, leaving in `next` the legal
    /// actions of the decision the game then waits on (built anyway to
    /// find it), for `apply` and `apply_listed`.
    pub(super) fn apply_legal(
        &mut self,
        f: Faction,
        action: Action,
        next: &mut Vec<Action>,
        ev: &mut Vec<Event>,
    ) {
        let start = ev.len();
        self.step(f, action, ev);
        // A step whose only choice is "stop here" is no decision: take it;
        // unless that choice comes from the seat's hidden cards, when the
        // seat is asked all the same (skipping would tell every watcher
        // that the hand holds nothing for it).
        loop {
            next.clear();
            self.legal(next);
            match (next.as_slice(), self.prompt.faction()) {
                ([Action::Done], Some(g))
                    if self.winner.is_none() && !self.reads_hidden_cards() =>
                {
                    self.step(g, Action::Done, ev)
                }
                _ => break,
            }
        }
        // An expansion's decisions may come first (SM-ALLY-06,
        // SM-STABAN-05).
        let mut changed = self.hook_action_settled();
        // Sandworms that surfaced this round, counted from the events so the
        // sandworm code needs no hook (prescience conditions).
        let placed = ev[start..]
            .iter()
            .rev()
            .take_while(|e| !matches!(e, Event::RoundStarted { .. }))
            .filter(|e| matches!(e, Event::SandwormPlaced { .. }))
            .count();
        self.worms_surfaced = self
            .worms_surfaced
            .saturating_add(u8::try_from(placed).unwrap_or(u8::MAX));
        // Either may open a decision `next` does not list (a prescience
        // card's condition counts the sandworms that surfaced).
        changed |= placed > 0;
        if changed {
            next.clear();
            self.legal(next);
        }
    }

    /// Applies a legal action to the decision it answers: one arm per
    /// decision and action, handing over to the decision's file.
    fn step(&mut self, f: Faction, action: Action, ev: &mut Vec<Event>) {
        match (self.prompt, action) {
            (Prompt::Vehicles { .. }, _) => self.step_vehicles(action, ev),
            (Prompt::Reassign(f), Action::Reassign(r)) => self.reassign(f, r, ev),
            (Prompt::BeneGesserit(f), a) => self.step_bene_gesserit(f, a),
            (Prompt::Turn(f), a) => self.step_turn(f, a, ev),
            (Prompt::AtreidesHouse, Action::HouseAsDesertPower) => self.desert_power(),
            (Prompt::AtreidesHouse, Action::HouseAs(r)) => self.begin_die_action(A, r, ev),
            (Prompt::HarkonnenHouse, Action::HouseUpgrade) => self.prompt = Prompt::Upgrade(2),
            (Prompt::HarkonnenHouse, _) => self.house_vehicles(),
            (Prompt::Move(m), a) => self.step_move(m, a, ev),
            (Prompt::Mentat(f), Action::Mentat(x, y)) => self.mentat(f, x, y, ev),
            (Prompt::HarkonnenDeploy { .. }, a) => self.step_harkonnen_deploy(a, ev),
            (Prompt::AtreidesDeploy { .. }, a) => self.step_atreides_deploy(a, ev),
            (Prompt::Upgrade(n), a) => self.step_upgrade(n, a, ev),
            (Prompt::Wormsigns(n), a) => self.step_wormsigns(n, a, ev),
            (Prompt::Sandworms(..), a) => self.step_sandworms(a, ev),
            (Prompt::Battle(bt), a) => self.step_battle(bt, a, ev),
            (Prompt::Spice { .. }, a) => self.step_spice(a, ev),
            (Prompt::EndClaims, a) => self.step_end_claims(a, ev),
            (Prompt::Foresee(f, k), Action::Order(p)) => self.foresee(f, k, p),
            (Prompt::RelocateWorm(_), Action::WormMove(from, to)) => {
                self.answer_relocation(from, to, ev);
            }
            (Prompt::CalledWorm(m, _), Action::WormMove(from, to)) => {
                self.answer_called_worm(m, from, to, ev);
            }
            (Prompt::Rescue(area), a) => self.step_rescue(area, a, ev),
            (Prompt::Swap(f), a) => self.step_swap(f, a, ev),
            (Prompt::HandLimit(f), Action::Discard(c)) => self.discard_to_limit(f, c, ev),
            (Prompt::Card(..), a) => self.step_card(a, ev),
            (Prompt::HazardCasualty(f, area, n, then), Action::LoseUnit(k)) => {
                self.answer_hazard_casualty(f, area, n, then, k, ev);
            }
            (Prompt::Excess(f, area, then), Action::LoseUnit(k)) => {
                self.answer_excess(f, area, then, k, ev);
            }
            (Prompt::Flee(area), Action::Retreat(to)) => self.answer_flee(area, to, ev),
            (Prompt::Displace(f, area), Action::Displace(to)) => {
                self.answer_displace(f, area, to, ev);
            }
            (Prompt::WormRetreat(m, to, g), Action::Retreat(b)) => {
                self.answer_worm_retreat(m, to, g, b, ev);
            }
            (Prompt::WildMakerOrSandworm(to, m), a) => {
                self.answer_wild_maker_or_sandworm(to, m, a == Action::WildMaker, ev);
            }
            (Prompt::Unclaimed, a) => self.step_unclaimed(a, ev),
            (Prompt::Expansion(_), a) => {
                let taken = self.hook_decision_action(a, ev);
                debug_assert!(taken, "an expansion's own decision");
            }
            _ => unreachable!(
                "{f:?} {action:?} passed the legal check at {:?}",
                self.prompt
            ),
        }
        // An expansion puts its pieces in order (DW-ESCORT-12).
        self.hook_step_ran();
    }
}
