//! The House die (AR-DIE-19 to AR-DIE-21): what the Atreides House die
//! stands for, the Harkonnen House die's option, and its upgrades.
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaId, DieResult, Faction};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::Arrakis;

const H: Faction = Faction::Harkonnen;

impl Arrakis {
    /// The Atreides House die: any other result, or Desert Power.
    pub(crate) fn legal_atreides_house(&self, out: &mut Vec<Action>) {
        for r in [
            DieResult::Strategy,
            DieResult::Leadership,
            DieResult::Deployment,
            DieResult::Mentat,
        ] {
            out.push(Action::HouseAs(r));
        }
        out.push(Action::HouseAsDesertPower);
    }

    /// The Harkonnen House die: upgrades or vehicles.
    pub(crate) fn legal_harkonnen_house(&self, out: &mut Vec<Action>) {
        out.push(Action::HouseUpgrade);
        out.push(Action::HouseVehicles);
    }

    /// The Harkonnen House die places vehicles.
    pub(crate) fn house_vehicles(&mut self) {
        // AR-DIE-21 (AR-OPT-04: exactly one of each).
        let fixed = self.rules.house_vehicles_fixed;
        self.prompt = Prompt::Vehicles {
            harvesters: u8::from(fixed),
            ornithopters: if fixed { 1 } else { 2 },
            carryalls: u8::from(fixed),
            any: !fixed,
            house: true,
        }
    }

    /// Regulars that may still be upgraded, `n` left.
    pub(crate) fn legal_upgrade(&self, n: u8, out: &mut Vec<Action>) {
        if n > 0 && self.house(H).supply.elite > 0 {
            for (i, s) in self.areas.iter().enumerate() {
                if s.units[H].regular > 0 {
                    out.push(Action::Upgrade(AreaId(i as u8)));
                }
            }
        }
        out.push(Action::Done);
    }

    /// Upgrades a regular, or ends the turn.
    pub(crate) fn step_upgrade(&mut self, n: u8, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::Upgrade(area) => {
                let s = &mut self.areas[area.index()].units[H];
                s.regular -= 1;
                s.elite += 1;
                let h = self.house_mut(H);
                h.supply.regular += 1;
                h.supply.elite -= 1;
                self.prompt = Prompt::Upgrade(n - 1);
            }
            _ => self.end_turn(H, ev),
        }
    }
}
