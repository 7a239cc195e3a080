//! Where the Desert War acts in the core game: its answers to the hook
//! list (`expansions/hooks.rs`), each naming the rule that puts it there.
use super::BoxSpecial;
use super::harkonnen_reason;
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::hooks::Expansion;
use crate::arrakis::expansions::{ExpansionAction, ExpansionPrompt};
use crate::arrakis::ids::{AirZoneId, AreaId, AreaSet, Faction, LeaderId};
use crate::arrakis::prompt::{Battle, Group, Move, Prompt};
use crate::arrakis::state::{Arrakis, Vehicle};
use crate::core::hidden::HiddenPiece;
use crate::core::{GameRng, SetupError};

/// The Desert War expansion (rule IDs `DW-...`) as the core sees it.
pub(crate) struct DesertWar;

impl Expansion for DesertWar {
    fn is_on(g: &Arrakis) -> bool {
        g.expansions.desert_war.is_some()
    }

    /// DW-ESCORT-08, DW-ESCORT-09: an Escort that joined a legion moves
    /// with it, like a generic leader.
    fn group_lifted(g: &mut Arrakis, from: AreaId, group: &Group) {
        let t = &mut g.areas[from.index()].expansions.desert;
        t.escorts = t.escorts.saturating_sub(group.escorts);
    }

    /// DW-ESCORT-08, DW-ESCORT-09: and arrives with it.
    fn group_dropped(g: &mut Arrakis, to: AreaId, group: &Group) {
        g.areas[to.index()].expansions.desert.escorts += group.escorts;
    }

    fn check_position(g: &Arrakis) -> Option<SetupError> {
        g.desert_war_position_error()
    }

    const HIDDEN: &'static [HiddenPiece<Arrakis>] = super::hidden::HIDDEN;

    /// DW-SANDRIDER-09: a lone Sandrider counts as a wormsign.
    fn sandriding_links(g: &Arrakis, out: &mut AreaSet) {
        for (i, a) in g.areas.iter().enumerate() {
            if a.expansions.desert.sandriders > 0 {
                out.insert(AreaId(i as u8));
            }
        }
    }

    /// DW-CAMP-08 with AR-HAZ-41 (docs/rules-decisions.md, Desert War,
    /// DQ9): a Camp is a figure, so a sandworm never ends a move on one.
    fn sandworm_stop_barred(g: &Arrakis, area: AreaId) -> bool {
        g.areas[area.index()].expansions.desert.camp.is_some()
    }

    /// DW-CAMP-04: the Camps' markers are hidden from the Harkonnen.
    fn sample_redrawn(g: &mut Arrakis, me: Faction, rng: &mut GameRng) {
        if me == Faction::Harkonnen {
            g.redraw_camps(rng);
        }
    }

    /// DW-ESCORT-02: an Escort instead of an ornithopter.
    fn legal_vehicle_placement(g: &Arrakis, ornithopters: u8, out: &mut Vec<Action>) {
        g.legal_escort_placement(ornithopters, out);
    }

    /// DW-ESCORT-02, DW-ESCORT-03: Escorts' supply and count.
    fn vehicle_placing(g: &mut Arrakis, z: AirZoneId, v: Vehicle) {
        g.escort_zone_placed(z, v);
    }

    /// DW-ESCORT-03: one Escort per placement.
    fn vehicle_placement_over(g: &mut Arrakis) {
        g.escort_placement_over();
    }

    /// DW-HARKONNEN-01: the Desert War tokens.
    fn vehicle_placement_ended(g: &mut Arrakis, ev: &mut Vec<Event>) {
        g.place_desert_war_tokens(ev);
    }

    /// DW-ESCORT-02, DW-ESCORT-03
    fn vehicle_placement_refusal(_g: &Arrakis, action: &Action) -> Option<&'static str> {
        matches!(action, Action::PlaceVehicle(Vehicle::ESCORT_ORNITHOPTER, _))
            .then_some("DW-ESCORT-03")
    }

    /// DW-CAMP-01: the Fremen Camps go down before the dice are rolled.
    fn action_resolution_starting(g: &mut Arrakis) -> bool {
        g.start_camp_placement()
    }

    /// DW-SANDRIDER-05, DW-LEADERS-02: the Sandriders card (Atreides);
    /// DW-HARKONNEN-04, DW-HARKONNEN-07: a Desert War action before the
    /// die's (Harkonnen).
    fn legal_turn(g: &Arrakis, f: Faction, out: &mut Vec<Action>) {
        match f {
            Faction::Atreides => g.legal_sandriders_special(out),
            Faction::Harkonnen => g.legal_harkonnen_desert_war_before(out),
        }
    }

    /// DW-SANDRIDER-05: the Sandriders card's special action;
    /// DW-HARKONNEN-04, DW-HARKONNEN-07: the Harkonnen's before the die's.
    fn turn_action(g: &mut Arrakis, f: Faction, action: Action, ev: &mut Vec<Event>) -> bool {
        let Action::Expansion(ExpansionAction::DesertWar(x)) = action else {
            return false;
        };
        match f {
            Faction::Atreides => g.step_turn_atreides_desert_war(x, ev),
            Faction::Harkonnen => g.step_harkonnen_desert_war(x, false, ev),
        }
        true
    }

    /// DW-HARKONNEN-07: the Desert War action after the die's;
    /// DW-ATREIDES-02: the one after the Desert Power.
    fn turn_ending(g: &mut Arrakis, f: Faction) -> bool {
        g.harkonnen_desert_war_after(f) || g.atreides_desert_war_after(f)
    }

    fn turn_refusal(g: &Arrakis, action: &Action) -> Option<&'static str> {
        match action {
            Action::Expansion(ExpansionAction::DesertWar(_))
                if g.prompt == Prompt::Turn(Faction::Atreides) =>
            {
                Some(g.turn_atreides_desert_war_refusal(action))
            }
            Action::Expansion(ExpansionAction::DesertWar(_)) => {
                Some(g.harkonnen_desert_war_refusal(action))
            }
            _ => None,
        }
    }

    /// DW-ROUNDEND-01 to DW-ROUNDEND-04: the Desert War clean-up.
    fn round_ending(g: &mut Arrakis, ev: &mut Vec<Event>) {
        g.desert_war_round_end(ev);
    }

    /// DW-ESCORT-12: Escorts removed as generic leaders go back to their
    /// own supply.
    fn step_ran(g: &mut Arrakis) {
        g.settle_escorts();
    }

    /// DW-SANDRIDER-14, DW-SANDRIDER-16: a ridden sandworm reaches further.
    fn sandworm_targets(g: &Arrakis, from: AreaId) -> Option<AreaSet> {
        g.ridden_reach(from).map(|r| g.ridden_worm_targets(from, r))
    }

    /// DW-SANDRIDER-14: a ridden sandworm moves further.
    fn sandworm_moves(g: &Arrakis, from: AreaId) -> Option<AreaSet> {
        g.ridden_reach(from).map(|r| g.ridden_worm_moves(from, r))
    }

    /// DW-SANDRIDER-12: its Sandriders ride along.
    fn sandworm_moved(g: &mut Arrakis, from: AreaId, to: AreaId) {
        g.riders_follow(from, to);
    }

    /// DW-SANDRIDER-12, DW-SANDRIDER-17: its Sandriders ride along,
    /// except in Desert Hazards.
    fn sandworm_figure_moved(g: &mut Arrakis, from: AreaId, to: AreaId) {
        g.riders_follow_outside_hazards(from, to);
    }

    /// DW-TROOPER-15: Desert Troopers where it arrives answer it.
    fn sandworm_arrived(g: &mut Arrakis, area: AreaId, ev: &mut Vec<Event>) {
        g.on_sandworm_arrival(area, ev);
    }

    /// DW-SANDRIDER-13, DW-SANDRIDER-15: a Sandrider's sandworm attacks
    /// harder, and its Sandriders go back to the supply.
    fn sandworm_attack_dice(g: &mut Arrakis, from: AreaId, dice: u8, ev: &mut Vec<Event>) -> u8 {
        g.riders_attack(from, dice, ev)
    }

    /// DW-TROOPER-13, DW-CAMP-09: Desert Troopers and Camps answer a
    /// legion's arrival.
    fn legion_arrived(g: &mut Arrakis, f: Faction, area: AreaId, ev: &mut Vec<Event>) {
        g.on_legion_arrival(f, area, ev);
    }

    /// DW-TROOPER-13: Desert Troopers answer a legion passing through.
    fn legion_passing(g: &mut Arrakis, f: Faction, area: AreaId, ev: &mut Vec<Event>) {
        g.on_legion_passing(f, area, ev);
    }

    /// DW-SANDRIDER-10: never onto a lone Sandrider.
    fn retreat_closed(g: &Arrakis, closed: AreaSet) -> AreaSet {
        closed.union(g.sandworm_retreat_closed())
    }

    /// DW-SANDRIDER-10
    fn retreat_refusal(g: &Arrakis, to: AreaId) -> Option<&'static str> {
        g.lone_sandrider(to).then_some("DW-SANDRIDER-10")
    }

    /// DW-SANDRIDER-10: a defender's retreat called a sandworm; the battle
    /// goes on.
    fn move_resuming(g: &mut Arrakis, ev: &mut Vec<Event>) -> bool {
        g.resume_retreat_battle(ev)
    }

    /// DW-SUSPENSOR-02: none where Suspensor Troopers stand alone.
    fn wormsign_barred(g: &Arrakis, area: AreaId) -> Option<&'static str> {
        g.suspensors_block_wormsign(area)
            .then_some("DW-SUSPENSOR-02")
    }

    /// DW-ATREIDES-02, DW-SANDRIDER-02: the expansion's choices at the
    /// Desert Power.
    fn legal_desert_power(g: &Arrakis, n: u8, out: &mut Vec<Action>) {
        g.legal_wormsigns_atreides_desert_war(n, out);
    }

    fn desert_power_action(g: &mut Arrakis, n: u8, action: Action, ev: &mut Vec<Event>) -> bool {
        let Action::Expansion(ExpansionAction::DesertWar(x)) = action else {
            return false;
        };
        g.step_wormsigns_atreides_desert_war(n, x, ev);
        true
    }

    fn desert_power_refusal(g: &Arrakis, action: &Action) -> Option<&'static str> {
        let Action::Expansion(ExpansionAction::DesertWar(x)) = action else {
            return None;
        };
        Some(g.wormsigns_atreides_desert_war_refusal(action, *x))
    }

    /// AR-SPICE-22 for the Escorts (docs/rules-decisions.md, Desert War):
    /// an Escort leaving its zone goes back to the supply.
    fn zones_clearing(g: &mut Arrakis) {
        g.escorts_leave_zones();
    }

    /// DW-ATREIDES-01: a Desert Power action brings its Desert War action.
    fn desert_power_taken(g: &mut Arrakis) {
        g.atreides_desert_war_opens(false);
    }

    /// DW-ATREIDES-02: the Desert War action may come before the special.
    fn box_special_starting(g: &mut Arrakis, l: LeaderId) -> bool {
        g.atreides_before_special(BoxSpecial::Leader(l))
    }

    /// An Escort leaving its zone goes back to the supply (AR-SPICE-22
    /// for the Escorts).
    fn vehicle_left_zone(g: &mut Arrakis, v: Vehicle) {
        g.vehicle_left_zone(v);
    }

    /// DW-ESCORT-06 to DW-ESCORT-09: Escorts in the group, Escort Troops.
    fn legal_group_move(g: &Arrakis, m: &Move, from: AreaId, group: &Group, out: &mut Vec<Action>) {
        g.legal_escort_move(m, from, group, out);
    }

    /// DW-ESCORT-06 to DW-ESCORT-09: the Desert War's choices.
    fn group_move_action(
        g: &mut Arrakis,
        m: &mut Move,
        from: AreaId,
        group: Group,
        action: Action,
        ev: &mut Vec<Event>,
    ) -> Option<bool> {
        let Action::Expansion(ExpansionAction::DesertWar(d)) = action else {
            return None;
        };
        Some(g.step_escort_move(m, from, group, d, ev))
    }

    /// DW-SANDRIDER-10: a lone Sandrider calls a sandworm on a Harkonnen
    /// legion.
    fn group_entering(
        g: &mut Arrakis,
        m: &mut Move,
        from: AreaId,
        to: AreaId,
        group: &(Group, Vec<u8>),
        ev: &mut Vec<Event>,
    ) -> bool {
        m.faction == Faction::Harkonnen && g.harkonnen_enters_sandrider(m, from, to, group, ev)
    }

    fn move_refusal(g: &Arrakis, _m: &Move, action: &Action) -> Option<&'static str> {
        matches!(action, Action::Expansion(ExpansionAction::DesertWar(_)))
            .then(|| g.harkonnen_desert_war_refusal(action))
    }

    /// DW-SANDRIDER-10: retreating onto a lone Sandrider.
    fn defender_retreating(
        g: &mut Arrakis,
        bt: &Battle,
        to: AreaId,
        group: &(Group, Vec<u8>),
        ev: &mut Vec<Event>,
    ) -> bool {
        g.harkonnen_retreats_on_sandrider(bt, to, group, ev)
    }

    /// DW-SANDRIDER-10: advancing onto a lone Sandrider.
    fn attacker_advancing(
        g: &mut Arrakis,
        bt: &Battle,
        group: &(Group, Vec<u8>),
        ev: &mut Vec<Event>,
    ) -> bool {
        g.harkonnen_advances_on_sandrider(bt, group, ev)
    }

    /// DW-SANDRIDER-10: a battle waiting on the sandworm its retreating
    /// defender called.
    fn paused_battle(g: &Arrakis) -> Option<Battle> {
        g.expansions
            .desert_war
            .as_ref()
            .and_then(|d| d.retreat_battle)
    }

    fn legal_decision(g: &Arrakis, out: &mut Vec<Action>) {
        if let Prompt::Expansion(ExpansionPrompt::DesertWar(p)) = g.prompt {
            g.legal_desert_war(p, out);
        }
    }

    fn decision_action(g: &mut Arrakis, action: Action, ev: &mut Vec<Event>) -> bool {
        let Prompt::Expansion(ExpansionPrompt::DesertWar(p)) = g.prompt else {
            return false;
        };
        g.step_desert_war(p, action, ev);
        true
    }

    fn decision_refusal(g: &Arrakis, action: &Action) -> Option<&'static str> {
        let Prompt::Expansion(ExpansionPrompt::DesertWar(p)) = g.prompt else {
            return None;
        };
        Some(g.desert_war_refusal(p, action))
    }

    fn decision_waiting_on(g: &Arrakis) -> Option<String> {
        let Prompt::Expansion(ExpansionPrompt::DesertWar(p)) = g.prompt else {
            return None;
        };
        Some(g.desert_war_waiting_on(p))
    }

    fn label(g: &Arrakis, action: &Action) -> Option<String> {
        let Action::Expansion(ExpansionAction::DesertWar(a)) = action else {
            return None;
        };
        Some(g.desert_war_label(*a))
    }

    fn reason(rule: &str) -> Option<&'static str> {
        harkonnen_reason(rule).or_else(|| Arrakis::atreides_desert_war_reason(rule))
    }
}
