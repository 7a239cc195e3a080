//! The start of a round and Step 1, Vehicle Placement (AR-START-03,
//! AR-START-05, AR-VEH-*): the Harkonnen place the vehicles of the active
//! Spice Must Flow row, or those of a House die (AR-DIE-21).
use crate::arrakis::action::Action;
use crate::arrakis::board::tables::SpiceRow;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AirZoneId, AreaId, Faction};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::{Arrakis, Phase, Vehicle};

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

impl Arrakis {
    /// Starts a round: draws, prescience, then Vehicle Placement.
    pub(crate) fn start_round(&mut self, ev: &mut Vec<Event>) {
        self.round += 1;
        ev.push(Event::RoundStarted { round: self.round });
        self.hook_round_started(ev);
        // AR-START-03: one card from each of a player's two decks.
        for f in [H, A] {
            for k in 0..2 {
                self.draw(f, k, ev);
            }
        }
        // AR-START-05: 3 prescience cards face up (beyond one held by the
        // Eyes of Ibad).
        self.keep_attached_revealed();
        for _ in 0..3 {
            if let Some(c) = self.prescience_deck.pop() {
                self.revealed.push(c);
            }
        }
        ev.push(Event::PrescienceRevealed {
            cards: self.revealed.to_vec(),
        });
        self.claimed_this_round = 0;
        self.worms_surfaced = 0;
        self.bought_supremacy = false;
        self.phase = Phase::VehiclePlacement;
        self.hook_vehicle_placement_opening();
        self.prompt = self.vehicle_placement_prompt();
        self.hook_vehicle_placement_opened();
    }

    /// The Harkonnen placement of Vehicle Placement: the active row's
    /// vehicles (AR-VEH-02, AR-VEH-05: the active row is the lowest
    /// marker's).
    pub(crate) fn vehicle_placement_prompt(&self) -> Prompt {
        let row = self.active_row();
        Prompt::Vehicles {
            harvesters: row.harvesters,
            ornithopters: row.ornithopters,
            carryalls: row.carryalls,
            any: false,
            house: false,
        }
    }

    /// The active Spice Must Flow row (AR-VEH-02), with the printed
    /// board's ornithopters under `spice_must_flow_ornithopters = printed`.
    pub fn active_row(&self) -> SpiceRow {
        let lowest = *self.imperium.iter().max().expect("3 markers");
        let mut row = self.d().tables.spice_must_flow.rows[usize::from(lowest - 1)];
        if self.rules.printed_ornithopters
            && let Some(n) = row.ornithopters_printed
        {
            row.ornithopters = n;
        }
        row
    }

    pub(crate) fn vehicles_on_board(&self, v: Vehicle) -> u8 {
        self.zones.iter().filter(|z| **z == Some(v)).count() as u8
    }

    pub(crate) fn harvesters_on_board(&self) -> u8 {
        self.areas.iter().filter(|a| a.harvester).count() as u8
    }

    /// The free desert areas for a harvester (AR-VEH-07, AR-VEH-08), in
    /// area order. The legal actions ask this at every placement, so the
    /// desert is read once and each area's own fields before any hook.
    pub(crate) fn harvester_areas(&self) -> impl Iterator<Item = AreaId> + '_ {
        self.desert_now().iter().filter(|&a| {
            let s = &self.areas[a.index()];
            !s.any_harvester() // AR-VEH-08, SM-HARVESTER-03
                && s.sietch.is_none()
                && s.unit_count(A) == 0
                && s.worm.is_none()
                && !self.hook_sietch_at(a)
        })
    }

    pub(crate) fn step_vehicles(&mut self, action: Action, ev: &mut Vec<Event>) {
        let Prompt::Vehicles {
            mut harvesters,
            mut ornithopters,
            mut carryalls,
            any,
            house,
        } = self.prompt
        else {
            unreachable!()
        };
        match action {
            Action::PlaceHarvester(a) => {
                self.areas[a.index()].harvester = true;
                if any {
                    ornithopters -= 1;
                } else {
                    harvesters -= 1;
                }
                ev.push(Event::HarvesterPlaced { area: a });
            }
            Action::PlaceVehicle(v, z) => {
                self.hook_vehicle_placing(z, v);
                self.zones[z.index()] = Some(v);
                ev.push(Event::VehiclePlaced {
                    vehicle: v,
                    zone: z,
                });
                // An expansion's vehicle counts as the one it is placed
                // instead of, or as none when it comes in addition.
                match (v.placed_as(), any) {
                    (None, _) => {}
                    (Some(Vehicle::Carryall), false) => carryalls -= 1,
                    (Some(_), _) => ornithopters -= 1,
                }
            }
            other => {
                if let Some(used) = self.hook_vehicle_placement_action(other, ev) {
                    ornithopters -= used;
                } else {
                    // "Done": this placement is over.
                    self.hook_vehicle_placement_over();
                    if house {
                        self.end_turn(H, ev);
                    } else {
                        self.hook_vehicle_placement_ended(ev);
                        self.start_action_resolution(ev);
                    }
                    return;
                }
            }
        }
        self.prompt = Prompt::Vehicles {
            harvesters,
            ornithopters,
            carryalls,
            any,
            house,
        };
    }

    /// The vehicles that may still be placed (AR-VEH-07 to AR-VEH-11).
    pub(crate) fn legal_vehicles(&self, out: &mut Vec<Action>) {
        let Prompt::Vehicles {
            harvesters,
            ornithopters,
            carryalls,
            any,
            ..
        } = self.prompt
        else {
            unreachable!()
        };
        let t = &self.d().tables.figures.harkonnen;
        let h_left = if any { ornithopters } else { harvesters };
        if h_left > 0 && self.harvesters_on_board() < t.harvester {
            out.extend(self.harvester_areas().map(Action::PlaceHarvester));
        }
        for (v, left, total) in [
            (Vehicle::Ornithopter, ornithopters, t.ornithopter),
            (
                Vehicle::Carryall,
                if any { ornithopters } else { carryalls },
                t.carryall,
            ),
        ] {
            // SM-THOPTER-09: ornithopters forgone this round are held out.
            let in_supply = match v {
                Vehicle::Ornithopter => self.ornithopter_in_supply(),
                _ => self.vehicles_on_board(v) < total,
            };
            if left > 0 && in_supply {
                for z in 0..self.zones.len() {
                    // AR-VEH-10, AR-VEH-11: 1 per zone, replacing.
                    if self.zones[z] != Some(v) {
                        out.push(Action::PlaceVehicle(v, AirZoneId(z as u8)));
                    }
                }
            }
        }
        self.hook_legal_vehicle_placement(ornithopters, out);
        // No "Done" while an expansion's vehicle must go (SM-HARVESTER-05).
        if !self.hook_vehicle_placement_compelled() {
            out.push(Action::Done);
        }
    }

    /// The rule a refused vehicle placement breaks.
    pub(crate) fn vehicles_refusal(&self, action: &Action) -> &'static str {
        if let Some(r) = self.hook_vehicle_placement_refusal(action) {
            return r;
        }
        match action {
            Action::PlaceHarvester(x) if self.areas.get(x.index()).is_some_and(|s| s.harvester) => {
                "AR-VEH-08"
            }
            Action::PlaceHarvester(_) => "AR-VEH-07",
            Action::PlaceVehicle(..) => "AR-VEH-09",
            _ => "AR-ACT-17",
        }
    }
}
