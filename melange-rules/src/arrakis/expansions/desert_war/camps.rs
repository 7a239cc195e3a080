//! Fremen Camps (DW-CAMP-01 to DW-CAMP-09): placed face down at the start
//! of Action Resolution, one per sector, in empty desert areas; free for
//! both houses; removed when a Harkonnen legion enters and at the End of
//! the Round, the token going back to the Atreides face down (the
//! Harkonnen never learn its marker).
use super::event::DwEvent;
use super::prompt::DwPrompt;
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use crate::arrakis::ids::{AreaId, AreaSet, Faction, SectorId};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::Arrakis;

use super::action::DwAction;

impl Arrakis {
    /// The sectors holding a Camp now (DW-CAMP-02).
    fn camp_sectors(&self) -> Vec<SectorId> {
        let b = self.d().board;
        self.areas
            .iter()
            .enumerate()
            .filter(|(_, s)| s.expansions.desert.camp.is_some())
            .filter_map(|(i, _)| b.areas[i].sector)
            .collect()
    }

    /// The areas a Camp may go to now: empty desert areas (DQ4,
    /// DW-CAMP-03) of sectors without a Camp (DW-CAMP-02).
    pub(crate) fn camp_areas(&self) -> AreaSet {
        let b = self.d().board;
        let taken = self.camp_sectors();
        self.empty_desert_areas()
            .iter()
            .filter(|a| b.area(*a).sector.is_some_and(|x| !taken.contains(&x)))
            .collect()
    }

    /// DW-CAMP-01: the first thing of Action Resolution, before the action
    /// dice are rolled. True when the Atreides have Camps to place (the
    /// prompt is set); false to roll at once.
    pub(crate) fn start_camp_placement(&mut self) -> bool {
        let Some(dw) = &self.expansions.desert_war else {
            return false;
        };
        if dw.camp_tokens.is_empty() || self.camp_areas().is_empty() {
            return false;
        }
        self.prompt = Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::PlaceCamp));
        true
    }

    /// DW-CAMP-01, DW-CAMP-04: each available token (the Atreides pick
    /// which) into each legal area; "Done" only under
    /// `fremen_camps=optional`.
    pub(crate) fn legal_place_camp(&self, out: &mut Vec<Action>) {
        let Some(dw) = &self.expansions.desert_war else {
            return;
        };
        let areas = self.camp_areas();
        let mut seen = Vec::new();
        for &m in &dw.camp_tokens {
            if seen.contains(&m) {
                continue;
            }
            seen.push(m);
            for a in areas.iter() {
                out.push(Action::Expansion(ExpansionAction::DesertWar(
                    DwAction::PlaceCamp(m, a),
                )));
            }
        }
        if self.rules.desert_war.is_some_and(|r| r.camps_optional) || out.is_empty() {
            out.push(Action::Done);
        }
    }

    /// Places one Camp, then the next or the action dice.
    pub(crate) fn step_place_camp(&mut self, a: Action, ev: &mut Vec<Event>) {
        if let Action::Expansion(ExpansionAction::DesertWar(DwAction::PlaceCamp(m, area))) = a {
            let Some(dw) = self.expansions.desert_war.as_mut() else {
                return;
            };
            if let Some(i) = dw.camp_tokens.iter().position(|t| *t == m) {
                dw.camp_tokens.remove(i);
            }
            self.areas[area.index()].expansions.desert.camp = Some(m);
            ev.push(Event::Expansion(ExpansionEvent::DesertWar(
                DwEvent::CampPlaced {
                    area,
                    marker: Some(m),
                },
            )));
            if self.start_camp_placement() {
                return;
            }
        }
        self.roll_action_dice(ev);
    }

    /// The rule a refused Camp placement breaks.
    pub(crate) fn place_camp_refusal(&self, a: &Action) -> &'static str {
        let Action::Expansion(ExpansionAction::DesertWar(DwAction::PlaceCamp(m, area))) = *a else {
            // DW-CAMP-01: every available Camp goes down while it can.
            return "DW-CAMP-01";
        };
        let b = self.d().board;
        if !self
            .expansions
            .desert_war
            .as_ref()
            .is_some_and(|d| d.camp_tokens.contains(&m))
        {
            "DW-CAMP-04"
        } else if !self.desert_now().contains(area) || !self.is_empty_for_desert_war(area) {
            "DW-CAMP-03"
        } else if b
            .area(area)
            .sector
            .is_none_or(|x| self.camp_sectors().contains(&x))
        {
            "DW-CAMP-02"
        } else {
            "DW-CAMP-01"
        }
    }

    /// Takes the Camp in `area` off the board, its token back to the
    /// Atreides face down (its marker is never told).
    pub(crate) fn remove_camp(&mut self, area: AreaId, ev: &mut Vec<Event>) {
        let Some(m) = self.areas[area.index()].expansions.desert.camp.take() else {
            return;
        };
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.camp_tokens.push(m);
            // Keep the data's order: which tokens are off the board is
            // then a set, whatever the order they came back in.
            let order = &super::data::desert_war().atreides.camp_tokens;
            dw.camp_tokens
                .sort_by_key(|t| order.iter().position(|o| o == t));
        }
        ev.push(Event::Expansion(ExpansionEvent::DesertWar(
            DwEvent::CampRemoved { area },
        )));
    }

    /// DW-CAMP-09: a Harkonnen legion came into `area`: a Camp there is
    /// removed (token and figure). Called wherever a legion arrives.
    pub(crate) fn on_legion_arrival_camp(&mut self, f: Faction, area: AreaId, ev: &mut Vec<Event>) {
        if f == Faction::Harkonnen && self.expansions.desert_war.is_some() {
            self.remove_camp(area, ev);
        }
    }
}
