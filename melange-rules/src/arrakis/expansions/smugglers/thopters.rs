//! Smuggler ornithopters at Vehicle Placement (SM-ROUND-04, SM-THOPTER-01
//! to SM-THOPTER-12): the allied Atreides place them before the Harkonnen
//! place theirs, they hold their Air zones, and the Harkonnen may fight a
//! thopter battle at any placement of their ornithopters. Used or removed
//! ones go back to the Smugglers board, or leave the game under
//! `smuggler_thopters_return=leave_game` (docs/rules-decisions.md, SQ8).
use super::action::SmAction;
use super::event::SmEvent;
use super::prompt::SmPrompt;
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use crate::arrakis::ids::AirZoneId;
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::{Arrakis, Vehicle};

impl Arrakis {
    /// Whether Air zone `z` holds a Smuggler ornithopter.
    pub(crate) fn smuggler_thopter_in(&self, z: AirZoneId) -> bool {
        self.zones.get(z.index()) == Some(&Some(Vehicle::SMUGGLER_ORNITHOPTER))
    }

    /// Empty Air zones (SM-THOPTER-05: 1 vehicle per zone).
    fn empty_zones(&self) -> impl Iterator<Item = AirZoneId> + '_ {
        self.zones
            .iter()
            .enumerate()
            .filter(|(_, v)| v.is_none())
            .map(|(i, _)| AirZoneId(i as u8))
    }

    /// Whether the Atreides may still place a Smuggler ornithopter.
    fn thopter_to_place(&self) -> bool {
        let waiting = self
            .expansions
            .smugglers
            .as_deref()
            .is_some_and(|s| s.allied() && s.thopters > 0);
        waiting && self.empty_zones().next().is_some()
    }

    /// SM-ROUND-04, SM-THOPTER-03, SM-THOPTER-06: at the start of Vehicle
    /// Placement, the allied Atreides place Smuggler ornithopters first
    /// (the Harkonnen placement is the prompt already set; it waits).
    pub(crate) fn smuggler_thopters_first(&mut self) {
        if self.thopter_to_place() {
            self.prompt = Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::PlaceThopters));
        }
    }

    /// SM-THOPTER-04, SM-THOPTER-05: an empty Air zone for each; stopping
    /// is allowed unless `smuggler_thopters=mandatory` (SQ1).
    pub(crate) fn legal_place_thopters(&self, out: &mut Vec<Action>) {
        if self.thopter_to_place() {
            for z in self.empty_zones() {
                out.push(Action::Expansion(ExpansionAction::Smugglers(
                    SmAction::PlaceThopter(z),
                )));
            }
            if self.rules.smugglers.is_some_and(|r| r.thopters_mandatory) {
                return;
            }
        }
        out.push(Action::Done);
    }

    /// Places a Smuggler ornithopter, or stops; then the Harkonnen place
    /// theirs (SM-THOPTER-06).
    pub(crate) fn step_place_thopters(&mut self, a: Action, ev: &mut Vec<Event>) {
        if let Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceThopter(z))) = a {
            self.zones[z.index()] = Some(Vehicle::SMUGGLER_ORNITHOPTER);
            if let Some(sm) = self.expansions.smugglers.as_deref_mut() {
                sm.thopters -= 1;
            }
            ev.push(Event::VehiclePlaced {
                vehicle: Vehicle::SMUGGLER_ORNITHOPTER,
                zone: z,
            });
            if self.thopter_to_place() {
                return;
            }
        }
        self.prompt = self.vehicle_placement_prompt();
    }

    /// The rule a refused Smuggler ornithopter placement breaks.
    pub(crate) fn place_thopters_refusal(&self, a: &Action) -> &'static str {
        match a {
            Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceThopter(_))) => {
                "SM-THOPTER-05"
            }
            Action::Done => "SM-THOPTER-04",
            _ => "AR-ACT-17",
        }
    }

    /// At a Harkonnen placement (`ornithopters` still to place):
    /// SM-THOPTER-07, no vehicle joins a Smuggler ornithopter's zone;
    /// SM-THOPTER-08, SM-THOPTER-12, a thopter battle on each Smuggler
    /// ornithopter while this placement has an ornithopter to forgo and
    /// has not fought its battles (`ornithopters.battles_per_placement`,
    /// or any number under `thopter_battles=unlimited`).
    pub(crate) fn legal_vehicles_smugglers(&self, ornithopters: u8, out: &mut Vec<Action>) {
        out.retain(|a| !matches!(a, Action::PlaceVehicle(_, z) if self.smuggler_thopter_in(*z)));
        let Some(sm) = self.expansions.smugglers.as_deref() else {
            return;
        };
        let limit = super::data::smugglers().ornithopters.battles_per_placement;
        let unlimited = self.rules.smugglers.is_some_and(|r| r.battles_unlimited);
        let may_place = ornithopters > 0 && self.ornithopter_in_supply();
        if !may_place || (!unlimited && sm.battles_this_placement >= limit) {
            return;
        }
        for z in 0..self.zones.len() {
            let z = AirZoneId(z as u8);
            if self.smuggler_thopter_in(z) {
                out.push(Action::Expansion(ExpansionAction::Smugglers(
                    SmAction::ThopterBattle(z),
                )));
            }
        }
    }

    /// SM-THOPTER-08 to SM-THOPTER-10: the thopter battle: the Smuggler
    /// ornithopter leaves its zone (now free) for the Smugglers board, the
    /// Harkonnen forgo one ornithopter of this placement (the count
    /// returned) for the round.
    pub(crate) fn thopter_battle(&mut self, x: SmAction, ev: &mut Vec<Event>) -> u8 {
        let SmAction::ThopterBattle(z) = x else {
            return 0;
        };
        self.zones[z.index()] = None;
        self.smuggler_thopter_home();
        if let Some(sm) = self.expansions.smugglers.as_deref_mut() {
            sm.battles_this_placement += 1;
            sm.thopters_forgone += 1; // SM-THOPTER-09
        }
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::ThopterBattle { zone: z },
        )));
        1
    }

    /// A placement of Harkonnen ornithopters is over: the next one may
    /// fight its own battle (SM-THOPTER-12).
    pub(crate) fn thopter_placement_over(&mut self) {
        if let Some(sm) = self.expansions.smugglers.as_deref_mut() {
            sm.battles_this_placement = 0;
        }
    }

    /// A Smuggler ornithopter taken off the board (used on a move, or
    /// removed by a thopter battle) goes back to the Smugglers board, or
    /// leaves the game under `smuggler_thopters_return=leave_game` (SQ8).
    pub(crate) fn smuggler_thopter_home(&mut self) {
        let leave = self.rules.smugglers.is_some_and(|r| r.thopters_leave_game);
        if let Some(sm) = self.expansions.smugglers.as_deref_mut() {
            if leave {
                sm.thopters_in_game = sm.thopters_in_game.saturating_sub(1);
            } else {
                sm.thopters += 1;
            }
        }
    }

    /// SM-ROUND-13 (SQ8): at the end of the round every Smuggler
    /// ornithopter on the board goes back to the Smugglers board, whatever
    /// `smuggler_thopters_return` says (it covers only those spent on a move
    /// or removed by a thopter battle).
    pub(crate) fn smuggler_thopters_leave_zones(&mut self) {
        let mut back = 0;
        for z in &mut self.zones {
            if *z == Some(Vehicle::SMUGGLER_ORNITHOPTER) {
                *z = None;
                back += 1;
            }
        }
        if let Some(sm) = self.expansions.smugglers.as_deref_mut() {
            sm.thopters += back;
        }
    }
}

impl Arrakis {
    /// SM-THOPTER-09: Harkonnen ornithopters forgone in thopter battles
    /// this round, out of every placement until the End of the Round (0
    /// without the expansion).
    pub(crate) fn ornithopters_forgone(&self) -> u8 {
        self.expansions
            .smugglers
            .as_deref()
            .map_or(0, |s| s.thopters_forgone)
    }

    /// Whether a Harkonnen ornithopter is left to place: fewer on the board
    /// than the house owns, those forgone this round held out
    /// (AR-VEH-09, SM-THOPTER-09).
    pub(crate) fn ornithopter_in_supply(&self) -> bool {
        let own = self.d().tables.figures.harkonnen.ornithopter;
        self.vehicles_on_board(Vehicle::Ornithopter) + self.ornithopters_forgone() < own
    }
}
