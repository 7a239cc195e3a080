//! Where the Desert War acts in the core game: its answers to the hook
//! list (`expansions/hooks.rs`), each naming the rule that puts it there.
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::hooks::Expansion;
use crate::arrakis::ids::{AirZoneId, Faction};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::{Arrakis, Vehicle};

/// The Desert War expansion (rule IDs `DW-...`) as the core sees it.
pub(crate) struct DesertWar;

impl Expansion for DesertWar {
    fn is_on(g: &Arrakis) -> bool {
        g.desert_war.is_some()
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
        matches!(action, Action::PlaceVehicle(Vehicle::EscortOrnithopter, _))
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
        let Action::DesertWar(x) = action else {
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
            Action::DesertWar(_) if g.prompt == Prompt::Turn(Faction::Atreides) => {
                Some(g.turn_atreides_desert_war_refusal(action))
            }
            Action::DesertWar(_) => Some(g.harkonnen_desert_war_refusal(action)),
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
}
