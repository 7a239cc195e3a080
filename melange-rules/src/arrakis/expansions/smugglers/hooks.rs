//! Where the Smugglers act in the core game: their answers to the hook
//! list (`expansions/hooks.rs`), each naming the rule that puts them
//! there.
use super::action::SmAction;
use super::data::smugglers;
use super::smugglers_reason;
use crate::arrakis::action::Action;
use crate::arrakis::cards::effects::Step;
use crate::arrakis::cards::play::LegionRule;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::hooks::Expansion;
use crate::arrakis::expansions::{
    ExpansionAction, ExpansionLegionRule, ExpansionPrompt, ExpansionStep,
};
use crate::arrakis::ids::{AreaId, CardId, Faction, LeaderId};
use crate::arrakis::prompt::{AfterExcess, Battle, Group, Move, Prompt};
use crate::arrakis::state::{Arrakis, Vehicle};
use crate::arrakis::vocab::Units;
use crate::core::SetupError;
use crate::core::hidden::HiddenPiece;

/// The Smugglers expansion (rule IDs `SM-...`) as the core sees it.
pub(crate) struct Smugglers;

impl Expansion for Smugglers {
    fn is_on(g: &Arrakis) -> bool {
        g.expansions.smugglers.is_some()
    }

    fn check_position(g: &Arrakis) -> Option<SetupError> {
        g.smugglers_position_error()
    }

    const HIDDEN: &'static [HiddenPiece<Arrakis>] = super::hidden::HIDDEN;

    /// SM-DIE-15: the Mentat draw's cards are redrawn with the hand.
    fn hand_redealing(g: &mut Arrakis, f: Faction, out: &mut Vec<CardId>) {
        g.take_mentat_drawn(f, out);
    }

    /// SM-DIE-15: the dealt cards that stand for the Mentat draw's.
    fn hand_redealt(g: &mut Arrakis, cards: &[CardId]) {
        g.put_mentat_drawn(cards);
    }

    fn unit_totals(g: &Arrakis, f: Faction, totals: &mut Units) {
        if f == Faction::Atreides {
            totals.smuggler += g.smuggler_regulars_in_play();
        }
    }

    /// SM-ROUND-01, SM-ROUND-02: a Smuggler Regular while neutral.
    /// SM-SETUP-02, SM-SETUP-06: the Smuggler Regulars not on the Smugglers
    /// board wait in the Atreides supply.
    fn game_set_up(g: &mut Arrakis) {
        let s = smugglers();
        g.houses[Faction::Atreides].supply.smuggler =
            s.components.smuggler_regulars - s.setup.regulars_on_board;
    }

    /// SM-HARVESTER-11, SM-HARVESTER-12: each carryall rescues only its
    /// own kind of harvester.
    fn rescue_refusal(g: &Arrakis, area: AreaId, action: &Action) -> Option<&'static str> {
        g.smuggler_rescue_refusal(area, action)
    }

    fn round_started(g: &mut Arrakis, ev: &mut Vec<Event>) {
        g.smugglers_round_start(ev);
    }

    /// SM-ALLY-10: the allied Smugglers' die joins the round.
    fn vehicle_placement_opening(g: &mut Arrakis) {
        g.smugglers_die_joins();
    }

    /// SM-ROUND-04, SM-THOPTER-06: the Smuggler ornithopters first.
    fn vehicle_placement_opened(g: &mut Arrakis) {
        g.smuggler_thopters_first();
    }

    /// SM-THOPTER-07, SM-THOPTER-08: Smuggler ornithopters hold their
    /// zones; the thopter battle. SM-ROUND-03: the Smuggler vehicles while
    /// neutral.
    fn legal_vehicle_placement(g: &Arrakis, ornithopters: u8, out: &mut Vec<Action>) {
        g.legal_vehicles_smugglers(ornithopters, out);
        g.legal_smuggler_vehicles(out);
    }

    /// SM-HARVESTER-05: no "Done" while a Smuggler vehicle must go.
    fn vehicle_placement_compelled(g: &Arrakis) -> bool {
        g.smuggler_vehicles_pending()
    }

    /// SM-THOPTER-08: a thopter battle forgoes an ornithopter;
    /// SM-ROUND-03: a Smuggler harvester.
    fn vehicle_placement_action(
        g: &mut Arrakis,
        action: Action,
        ev: &mut Vec<Event>,
    ) -> Option<u8> {
        match action {
            Action::Expansion(ExpansionAction::Smugglers(x @ SmAction::ThopterBattle(_))) => {
                Some(g.thopter_battle(x, ev))
            }
            Action::Expansion(ExpansionAction::Smugglers(x)) => {
                g.step_smugglers_at_vehicles(x, ev);
                Some(0)
            }
            _ => None,
        }
    }

    /// SM-THOPTER-08: the next placement may fight its battle.
    fn vehicle_placement_over(g: &mut Arrakis) {
        g.thopter_placement_over();
    }

    fn vehicle_placement_refusal(g: &Arrakis, action: &Action) -> Option<&'static str> {
        // SM-HARVESTER-05, SM-HARVESTER-10: the Smugglers' own vehicles.
        if let Some(r) = g.smuggler_vehicles_refusal(action) {
            return Some(r);
        }
        match action {
            // SM-THOPTER-07: a Smuggler ornithopter holds its zone against
            // every vehicle, an Escort included.
            Action::PlaceVehicle(_, z) if g.smuggler_thopter_in(*z) => Some("SM-THOPTER-07"),
            // SM-THOPTER-09: the ornithopters forgone this round.
            Action::PlaceVehicle(Vehicle::Ornithopter, _)
                if g.ornithopters_forgone() > 0 && !g.ornithopter_in_supply() =>
            {
                Some("SM-THOPTER-09")
            }
            Action::Expansion(ExpansionAction::Smugglers(_)) => Some("SM-THOPTER-08"),
            _ => None,
        }
    }

    /// SM-ROUND-06, SM-DIE-01: the Smugglers die with the Atreides dice.
    fn dice_rolled(g: &mut Arrakis, ev: &mut Vec<Event>) {
        g.roll_smugglers_die(ev);
    }

    /// SM-DIE-02, AR-ACT-19: the unspent Smugglers die is lost too.
    fn dice_lost(g: &mut Arrakis) {
        g.smugglers_die_discarded();
    }

    /// SM-DIE-03: the Smugglers die in place of an Atreides die.
    fn legal_turn(g: &Arrakis, f: Faction, out: &mut Vec<Action>) {
        if f == Faction::Atreides {
            g.legal_turn_smugglers(out);
        }
    }

    /// SM-DIE-03: the Smugglers die in place of an Atreides die.
    fn turn_action(g: &mut Arrakis, _f: Faction, action: Action, ev: &mut Vec<Event>) -> bool {
        let Action::Expansion(ExpansionAction::Smugglers(x)) = action else {
            return false;
        };
        g.step_turn_smugglers(x, ev);
        true
    }

    fn turn_refusal(g: &Arrakis, action: &Action) -> Option<&'static str> {
        match action {
            // SM-STABAN-01, SM-GURNEY-03: not before the alliance.
            Action::Special(l) => g.smugglers_leader_refusal(*l),
            Action::Expansion(ExpansionAction::Smugglers(_)) => {
                Some(g.turn_smugglers_refusal(action))
            }
            _ => None,
        }
    }

    /// SM-ALLY-01: a marker reaching Staban Tuek's step.
    fn prescience_advanced(g: &mut Arrakis, ev: &mut Vec<Event>) {
        g.smugglers_ally_if_due(ev);
    }

    /// SM-DIE-03: the Smugglers die in place of an Atreides die.
    fn legal_claim_spending(g: &Arrakis, slot: u8, out: &mut Vec<Action>) {
        g.legal_claim_with_smugglers_die(slot, out);
    }

    /// SM-ROUND-13: the Smugglers clean-up.
    fn round_ending(g: &mut Arrakis, ev: &mut Vec<Event>) {
        g.smugglers_round_end(ev);
    }

    /// SM-ALLY-06, SM-STABAN-05: the Smugglers' decisions come first.
    fn action_settled(g: &mut Arrakis, changed: bool) -> bool {
        g.smugglers_interrupt() || changed
    }

    /// SM-ROUND-08 (under `no_wormsign_ever`): none where Smuggler units
    /// stand.
    fn wormsign_barred(g: &Arrakis, area: AreaId) -> Option<&'static str> {
        g.smugglers_bar_wormsign(area).then_some("SM-ROUND-08")
    }

    /// SM-BASE-02: the Base is a sietch for attacks, for fighting on,
    /// for harvesters and for sandworms (AR-HAZ-41: a figure).
    fn sietch_at(g: &Arrakis, area: AreaId) -> bool {
        g.areas[area.index()].expansions.smugglers.base
    }

    /// SM-ROUND-08: no Desert Hazards wormsign where Smuggler units stand.
    fn hazard_wormsign_barred(g: &Arrakis, area: AreaId) -> bool {
        g.smugglers_bar_hazard_wormsign(area)
    }

    /// SM-ROUND-11: the neutral Smugglers' harvesters.
    fn harvest(g: &mut Arrakis, spice: u8, ev: &mut Vec<Event>) -> u8 {
        spice + g.smuggler_harvest(ev)
    }

    /// SM-ROUND-13, SQ8: Smuggler ornithopters go back to their board.
    fn zones_clearing(g: &mut Arrakis) {
        g.smuggler_thopters_leave_zones();
    }

    /// SM-DIE-05: the Smugglers die counts among the Atreides dice.
    fn desert_power_dice(g: &Arrakis, dice: u8) -> u8 {
        dice + g.smugglers_die_count()
    }

    /// SM-ALLY-02, SM-THOPTER-01: the Drone Ornithopters' steps need no
    /// choice.
    fn card_step(g: &mut Arrakis, step: &Step, ev: &mut Vec<Event>) -> bool {
        let Step::Expansion(ExpansionStep::Smugglers(step)) = *step else {
            return false;
        };
        g.run_smugglers_step(step, ev);
        true
    }

    /// SM-THOPTER-13, SM-THOPTER-14: Smuggler ornithopters.
    fn legal_group_move(g: &Arrakis, m: &Move, from: AreaId, group: &Group, out: &mut Vec<Action>) {
        g.legal_smuggler_transport(m, from, group, out);
    }

    /// SM-THOPTER-13: a Smuggler ornithopter's troop-transport.
    fn group_move_action(
        g: &mut Arrakis,
        m: &mut Move,
        from: AreaId,
        group: Group,
        action: Action,
        ev: &mut Vec<Event>,
    ) -> Option<bool> {
        let Action::Expansion(ExpansionAction::Smugglers(x)) = action else {
            return None;
        };
        Some(g.step_smuggler_transport(m, from, group, x, ev))
    }

    /// SM-LEGION-02, SM-LEGION-04: a Smuggler harvester is captured.
    fn legion_entered(g: &mut Arrakis, f: Faction, area: AreaId, ev: &mut Vec<Event>) {
        if f == Faction::Atreides {
            g.smugglers_capture(area, ev);
        }
    }

    /// SM-DIE-06 to SM-DIE-12: the Smugglers die's moves; SM-THOPTER-13:
    /// the transport.
    fn move_refusal(g: &Arrakis, m: &Move, action: &Action) -> Option<&'static str> {
        if let Some(c) = m.card
            && let LegionRule::Expansion(ExpansionLegionRule::Smugglers(u)) = c.rule
            && let Some(rule) = g.die_move_refusal(u, m, action)
        {
            return Some(rule);
        }
        match action {
            Action::Expansion(ExpansionAction::Smugglers(x)) => {
                Some(g.smuggler_transport_refusal(m, *x))
            }
            _ => None,
        }
    }

    /// SM-BASE-01, SM-BASE-02: the Base's rank for the Atreides.
    fn battle_dice(g: &Arrakis, f: Faction, at: AreaId, dice: u8) -> u8 {
        dice + g.base_dice(f, at)
    }

    /// SM-DEFEAT-01: the Smugglers' Base falls.
    fn harkonnen_conquered(g: &mut Arrakis, at: AreaId, ev: &mut Vec<Event>) {
        g.smugglers_base_falls(at, ev);
    }

    /// SM-ALLY-06, SM-STABAN-05: a battle waiting on the Smugglers' Base
    /// or Staban Tuek's return.
    fn paused_battle(g: &Arrakis) -> Option<Battle> {
        match g.expansions.smugglers.as_ref().and_then(|s| s.resume) {
            Some(Prompt::Battle(b)) | Some(Prompt::Excess(_, _, AfterExcess::Battle(b))) => Some(b),
            _ => None,
        }
    }

    /// SM-STABAN-05: Staban Tuek out of the tank returns to a legion.
    fn leader_left_tank(g: &mut Arrakis, l: LeaderId) {
        if g.staban() == Some(l) {
            g.staban_returning();
        }
    }

    fn legal_decision(g: &Arrakis, out: &mut Vec<Action>) {
        if let Prompt::Expansion(ExpansionPrompt::Smugglers(p)) = g.prompt {
            g.legal_smugglers(p, out);
        }
    }

    fn decision_action(g: &mut Arrakis, action: Action, ev: &mut Vec<Event>) -> bool {
        let Prompt::Expansion(ExpansionPrompt::Smugglers(p)) = g.prompt else {
            return false;
        };
        g.step_smugglers(p, action, ev);
        true
    }

    fn decision_refusal(g: &Arrakis, action: &Action) -> Option<&'static str> {
        let Prompt::Expansion(ExpansionPrompt::Smugglers(p)) = g.prompt else {
            return None;
        };
        Some(g.smugglers_refusal(p, action))
    }

    fn decision_waiting_on(g: &Arrakis) -> Option<String> {
        let Prompt::Expansion(ExpansionPrompt::Smugglers(p)) = g.prompt else {
            return None;
        };
        Some(g.smugglers_waiting_on(p))
    }

    fn label(g: &Arrakis, action: &Action) -> Option<String> {
        let Action::Expansion(ExpansionAction::Smugglers(a)) = action else {
            return None;
        };
        Some(g.smugglers_label(*a))
    }

    fn reason(rule: &str) -> Option<&'static str> {
        smugglers_reason(rule)
    }
}
