//! The Rocket Launcher special attack (DW-ROCKET-03 to DW-ROCKET-12): one
//! combat die per launcher of the chosen sector; each Hit or Special
//! removes a Harkonnen vehicle, the Atreides' pick, in an area adjacent to
//! the launchers (sharing a border, impassable or not) or in an Air zone
//! connected to the sector; one launcher is lost per vehicle removed; if
//! a harvester went, the Camp there may be traded for 1 prescience step
//! of its token's marker and leaves the game. Every vehicle in an Air zone
//! is a Harkonnen vehicle, whatever its kind.
use super::data::{VehicleKind, desert_war};
use super::event::DwEvent;
use super::prompt::{AtreidesThen, DwPrompt};
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use crate::arrakis::ids::{AirZoneId, AreaId, AreaSet, SectorId};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::Arrakis;

use super::action::DwAction;

impl Arrakis {
    /// The launchers' area of sector `x` (Camps are one per sector and
    /// launchers never move, so there is one, docs/rules-decisions.md DQ7).
    fn launcher_area(&self, x: SectorId) -> Option<AreaId> {
        let b = self.d().board;
        (0..self.areas.len()).map(|i| AreaId(i as u8)).find(|a| {
            b.area(*a).sector == Some(x) && self.areas[a.index()].expansions.desert.rockets > 0
        })
    }

    /// DW-ROCKET-05, DW-ROCKET-06: areas whose harvester the launchers in
    /// `from` reach (`rocket_own_area`, `rocket_adjacent_sectors`).
    fn rocket_harvester_targets(&self, from: AreaId) -> AreaSet {
        let d = desert_war();
        if !d.rocket_launchers.targets.contains(&VehicleKind::Harvester) {
            return AreaSet::EMPTY;
        }
        let r = self.rules.desert_war.unwrap_or_default();
        let b = self.d().board;
        let sector = b.area(from).sector;
        (0..self.areas.len())
            .map(|i| AreaId(i as u8))
            .filter(|a| self.areas[a.index()].harvester)
            .filter(|a| b.touches(from, *a) || (r.rocket_own_area && *a == from))
            .filter(|a| !r.rocket_same_sector_only || b.area(*a).sector == sector)
            .collect()
    }

    /// DW-ROCKET-05: Air zones connected to the launchers' sector holding
    /// a vehicle (any kind: every vehicle in a zone is Harkonnen).
    fn rocket_zone_targets(&self, from: AreaId) -> Vec<AirZoneId> {
        let b = self.d().board;
        let Some(x) = b.area(from).sector else {
            return Vec::new();
        };
        b.air_zones
            .iter()
            .enumerate()
            .filter(|(i, z)| z.sectors.contains(&x) && self.harkonnen_vehicle_in(*i))
            .map(|(i, _)| AirZoneId(i as u8))
            .collect()
    }

    /// DW-ROCKET-03, DW-ROCKET-04: the attack of the launchers in sector
    /// `x` rolls one die per launcher (capped by the roll cap).
    pub(crate) fn rocket_attack(&mut self, x: SectorId, then: AtreidesThen, ev: &mut Vec<Event>) {
        let Some(from) = self.launcher_area(x) else {
            self.atreides_action_over(then, ev);
            return;
        };
        let d = desert_war();
        let b = self.d().board;
        let launchers: u8 = b.sectors[usize::from(x.0)]
            .areas
            .iter()
            .map(|a| self.areas[a.index()].expansions.desert.rockets)
            .sum();
        let dice =
            (launchers * d.rocket_launchers.dice_per_launcher).min(self.d().tables.combat.max_dice);
        let faces = self.d().tables.combat.faces.clone();
        let mut rolled = Vec::new();
        for _ in 0..dice {
            rolled.push(faces[self.roll(faces.len())]);
        }
        let scoring = rolled
            .iter()
            .filter(|f| d.rocket_launchers.scoring_faces.contains(f))
            .count() as u8;
        ev.push(Event::Expansion(ExpansionEvent::DesertWar(
            DwEvent::RocketAttack {
                sector: x,
                dice: rolled,
            },
        )));
        let left = scoring * d.rocket_launchers.vehicles_per_result;
        self.next_rocket_target(from, left, false, then, ev);
    }

    /// The next vehicle to remove while a scoring result, a launcher and a
    /// target are left (DW-ROCKET-08: a result with no target costs
    /// nothing); then the Camp trade.
    fn next_rocket_target(
        &mut self,
        from: AreaId,
        left: u8,
        harvester: bool,
        then: AtreidesThen,
        ev: &mut Vec<Event>,
    ) {
        let targets = !self.rocket_harvester_targets(from).is_empty()
            || !self.rocket_zone_targets(from).is_empty();
        if left > 0 && targets && self.areas[from.index()].expansions.desert.rockets > 0 {
            self.prompt = Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::RocketTarget {
                from,
                left,
                harvester,
                then,
            }));
            return;
        }
        // DW-ROCKET-09, DW-ROCKET-10
        if harvester && self.areas[from.index()].expansions.desert.camp.is_some() {
            self.prompt = Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::CampTrade {
                area: from,
                then,
            }));
            return;
        }
        self.atreides_action_over(then, ev);
    }

    /// The vehicles in reach, or "Done" (AR-ACT-17: effects may be carried
    /// out in part).
    pub(crate) fn legal_rocket_target(&self, from: AreaId, out: &mut Vec<Action>) {
        out.extend(
            self.rocket_harvester_targets(from)
                .iter()
                .map(Action::PickArea),
        );
        out.extend(
            self.rocket_zone_targets(from)
                .into_iter()
                .map(Action::PickZone),
        );
        out.push(Action::Done);
    }

    /// Removes the picked vehicle and a launcher (DW-ROCKET-05,
    /// DW-ROCKET-07).
    pub(crate) fn step_rocket_target(
        &mut self,
        p: (AreaId, u8, bool),
        then: AtreidesThen,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        let (from, left, mut harvester) = p;
        match a {
            Action::PickArea(t) => {
                self.areas[t.index()].harvester = false;
                self.harvester_destroyed(t, true, ev);
                harvester |= desert_war()
                    .rocket_launchers
                    .camp_trade_needs
                    .contains(&VehicleKind::Harvester);
            }
            Action::PickZone(z) => {
                if let Some(vehicle) = self.zones[z.index()].take() {
                    // An Escort goes back to its own supply (DW-ESCORT-12).
                    self.vehicle_left_zone(vehicle);
                    ev.push(Event::Expansion(ExpansionEvent::DesertWar(
                        DwEvent::VehicleShotDown { zone: z, vehicle },
                    )));
                }
            }
            _ => {
                self.next_rocket_target(from, 0, harvester, then, ev);
                return;
            }
        }
        // DW-ROCKET-07: a launcher of that sector per vehicle removed.
        let lost = desert_war()
            .rocket_launchers
            .launchers_lost_per_vehicle
            .min(self.areas[from.index()].expansions.desert.rockets);
        self.areas[from.index()].expansions.desert.rockets -= lost;
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.rockets += lost;
        }
        ev.push(Event::Expansion(ExpansionEvent::DesertWar(
            DwEvent::RocketsLost {
                area: from,
                count: lost,
            },
        )));
        if self.winner.is_some() {
            self.prompt = Prompt::None;
            return;
        }
        self.next_rocket_target(from, left - 1, harvester, then, ev);
    }

    /// The rule a refused target breaks.
    pub(crate) fn rocket_target_refusal(&self, a: &Action) -> &'static str {
        match a {
            Action::PickArea(_) | Action::PickZone(_) => "DW-ROCKET-06",
            _ => "AR-ACT-17",
        }
    }

    /// DW-ROCKET-09: trade the Camp, or keep it.
    pub(crate) fn legal_camp_trade(&self, out: &mut Vec<Action>) {
        out.push(Action::Expansion(ExpansionAction::DesertWar(
            DwAction::TradeCamp,
        )));
        out.push(Action::Done);
    }

    /// DW-ROCKET-09, DW-ROCKET-11: the Camp and its token leave the game;
    /// its marker advances.
    pub(crate) fn step_camp_trade(
        &mut self,
        area: AreaId,
        then: AtreidesThen,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        if a == Action::Expansion(ExpansionAction::DesertWar(DwAction::TradeCamp))
            && let Some(marker) = self.areas[area.index()].expansions.desert.camp.take()
        {
            ev.push(Event::Expansion(ExpansionEvent::DesertWar(
                DwEvent::CampTraded { area, marker },
            )));
            self.advance_prescience(marker, desert_war().camps.trade_prescience, ev);
        }
        self.atreides_action_over(then, ev);
    }
}
