//! The Smugglers while neutral, at the round start and at Vehicle
//! Placement (SM-SETUP-10, SM-ROUND-01 to SM-ROUND-03, SM-ROUND-05,
//! SM-HARVESTER-01 to SM-HARVESTER-05, SM-HARVESTER-10; docs/rules-decisions.md,
//! Smugglers, "Neutral Smugglers"): a Smuggler Regular joins the Smugglers
//! board at each round start, and the Harkonnen place every available
//! Smuggler harvester (desert areas, as their own harvesters) and the
//! Smuggler carryall (an Air zone) beside their own vehicles, by the core
//! Vehicle Placement decision. Action Resolution is unchanged while neutral
//! (SM-ROUND-05): nothing of this file is called there.
use super::action::SmAction;
use super::data::smugglers;
use super::event::SmEvent;
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::{ExpansionAction, ExpansionEvent};
use crate::arrakis::ids::{AirZoneId, AreaId, Faction};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::{Arrakis, Vehicle};

impl Arrakis {
    /// SM-ROUND-01: at each round start while neutral (round 1's included),
    /// `round.regulars_per_round_neutral` Smuggler Regulars go from the
    /// supply to the Smugglers board, as many as the supply still holds
    /// (docs/rules-decisions.md, SQ5). SM-ROUND-02: none once allied or
    /// defeated.
    pub(crate) fn smugglers_round_start(&mut self, ev: &mut Vec<Event>) {
        let Some(sm) = self.expansions.smugglers.as_deref_mut() else {
            return;
        };
        if !sm.neutral() {
            return;
        }
        let supply = &mut self.houses[Faction::Atreides].supply.smuggler;
        let n = smugglers().round.regulars_per_round_neutral.min(*supply);
        if n == 0 {
            return;
        }
        *supply -= n;
        sm.regulars_waiting += n;
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::RegularsAdded {
                added: n,
                waiting: sm.regulars_waiting,
            },
        )));
    }

    /// Smuggler harvesters on the board.
    pub(crate) fn smuggler_harvesters_on_board(&self) -> u8 {
        self.areas
            .iter()
            .filter(|s| s.expansions.smugglers.harvester)
            .count() as u8
    }

    /// SM-SETUP-10, SM-HARVESTER-10, SM-ALLY-05: the decision now is the
    /// round's Vehicle Placement (not a House die's nor a card's) while the
    /// Smugglers are neutral, where the Harkonnen place Smuggler vehicles.
    fn smuggler_placement_open(&self) -> bool {
        matches!(self.prompt, Prompt::Vehicles { house: false, .. })
            && self
                .expansions
                .smugglers
                .as_deref()
                .is_some_and(|s| s.neutral())
    }

    /// SM-HARVESTER-02: Smuggler harvesters in the game and off the board
    /// (one lost to a sandworm or a card comes back, SM-LEGION-06).
    fn smuggler_harvesters_left(&self) -> u8 {
        self.expansions.smugglers.as_deref().map_or(0, |s| {
            s.harvesters_in_game
                .saturating_sub(self.smuggler_harvesters_on_board())
        })
    }

    /// The Smuggler carryall is in the game and off the board.
    fn smuggler_carryall_left(&self) -> bool {
        self.expansions
            .smugglers
            .as_deref()
            .is_some_and(|s| s.carryall_in_game)
            && self.vehicles_on_board(Vehicle::SMUGGLER_CARRYALL) == 0
    }

    /// SM-ROUND-03, SM-HARVESTER-03: the Smuggler vehicles the Harkonnen
    /// may place now: a harvester into any desert area a Harkonnen
    /// harvester may take (AR-VEH-07, AR-VEH-08: one harvester of either
    /// kind per area), the carryall into any Air zone (AR-VEH-10,
    /// AR-VEH-11: replacing what is there).
    pub(crate) fn legal_smuggler_vehicles(&self, out: &mut Vec<Action>) {
        if !self.smuggler_placement_open() {
            return;
        }
        if self.smuggler_harvesters_left() > 0 {
            out.extend(self.harvester_areas().map(|a| {
                Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceHarvester(a)))
            }));
        }
        if self.smuggler_carryall_left() {
            for z in 0..self.zones.len() {
                out.push(Action::PlaceVehicle(
                    Vehicle::SMUGGLER_CARRYALL,
                    AirZoneId(z as u8),
                ));
            }
        }
    }

    /// SM-HARVESTER-05: the placement is compulsory, so "Done" waits while
    /// a Smuggler harvester or the carryall is still to place and a legal
    /// place for it exists.
    pub(crate) fn smuggler_vehicles_pending(&self) -> bool {
        if !self.smuggler_placement_open() {
            return false;
        }
        let harvester =
            self.smuggler_harvesters_left() > 0 && self.harvester_areas().next().is_some();
        harvester || (self.smuggler_carryall_left() && !self.zones.is_empty())
    }

    /// SM-ROUND-03: a Smuggler harvester goes into `a`, in addition to the
    /// Harkonnen's own (their counts unchanged).
    pub(crate) fn place_smuggler_harvester(&mut self, a: AreaId, ev: &mut Vec<Event>) {
        self.areas[a.index()].expansions.smugglers.harvester = true;
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::HarvesterPlaced { area: a },
        )));
    }

    /// The rule a refused Vehicle Placement action breaks when it concerns
    /// the Smuggler vehicles; `None` for the core rules (always without the
    /// expansion).
    pub(crate) fn smuggler_vehicles_refusal(&self, action: &Action) -> Option<&'static str> {
        let sm = self.expansions.smugglers.as_deref()?;
        let house = matches!(self.prompt, Prompt::Vehicles { house: true, .. });
        let smuggler_harvester = |x: &AreaId| {
            self.areas
                .get(x.index())
                .is_some_and(|s| s.expansions.smugglers.harvester)
        };
        Some(match action {
            // SM-HARVESTER-05: "Done" is only refused while one is due.
            Action::Done => "SM-HARVESTER-05",
            // AR-VEH-08: never 2 harvesters, of either kind, in one area.
            Action::PlaceHarvester(x) if smuggler_harvester(x) => "AR-VEH-08",
            Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceHarvester(_)))
            | Action::PlaceVehicle(Vehicle::SMUGGLER_CARRYALL, _)
                if !sm.neutral() =>
            {
                "SM-ALLY-05"
            }
            Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceHarvester(_)))
            | Action::PlaceVehicle(Vehicle::SMUGGLER_CARRYALL, _)
                if house =>
            {
                "SM-HARVESTER-10"
            }
            Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceHarvester(_)))
                if self.smuggler_harvesters_left() == 0 =>
            {
                "SM-HARVESTER-02"
            }
            Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceHarvester(x)))
                if smuggler_harvester(x)
                    || self.areas.get(x.index()).is_some_and(|s| s.harvester) =>
            {
                "AR-VEH-08"
            }
            Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceHarvester(_))) => {
                "AR-VEH-07"
            }
            Action::PlaceVehicle(Vehicle::SMUGGLER_CARRYALL, _) => "SM-SETUP-10",
            _ => return None,
        })
    }
}
