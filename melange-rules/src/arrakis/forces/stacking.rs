//! The stacking limit (AR-MOVE-08, AR-SPICE-20, AR-DEPLOY-05): units above
//! it go back to the supply, the owner choosing which kind (the `Excess`
//! decision) when the area holds more than one.
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaId, Faction, UnitKind};
use crate::arrakis::prompt::{AfterExcess, Prompt};
use crate::arrakis::state::Arrakis;

impl Arrakis {
    /// Removes `f`'s units above the stacking limit (AR-MOVE-08,
    /// AR-SPICE-20, AR-DEPLOY-05): the owner picks which go when the area
    /// holds more than one kind of unit (`Prompt::Excess`, then `then`);
    /// otherwise they go at once. True when waiting on that choice.
    pub(crate) fn enforce_stacking(&mut self, f: Faction, then: AfterExcess) -> bool {
        let limit = self.stacking_limit(f);
        for i in 0..self.areas.len() {
            while self.areas[i].unit_count(f) > limit {
                let u = self.areas[i].units[f];
                let kinds: Vec<UnitKind> =
                    UnitKind::ALL.into_iter().filter(|&k| u[k] > 0).collect();
                match kinds.as_slice() {
                    [] => break,
                    [k] => self.remove_unit(f, AreaId(i as u8), *k),
                    _ => {
                        self.prompt = Prompt::Excess(f, AreaId(i as u8), then);
                        return true;
                    }
                }
            }
        }
        false
    }

    /// One unit of kind `k` of `f` leaves `area` for the supply.
    pub(crate) fn remove_unit(&mut self, f: Faction, area: AreaId, k: UnitKind) {
        self.areas[area.index()].units[f][k] -= 1;
        self.house_mut(f).supply[k] += 1;
    }

    /// The owner removed one unit of kind `k` above the limit (AR-MOVE-08).
    pub(crate) fn answer_excess(
        &mut self,
        f: Faction,
        area: AreaId,
        then: AfterExcess,
        k: UnitKind,
        ev: &mut Vec<Event>,
    ) {
        self.remove_unit(f, area, k);
        if self.enforce_stacking(f, then) {
            return;
        }
        match then {
            AfterExcess::Turn(g) => self.prompt = Prompt::Turn(g),
            AfterExcess::EndTurn(g) => self.end_turn(g, ev),
            AfterExcess::EndClaims => self.prompt = Prompt::EndClaims,
            AfterExcess::Battle(bt) => self.begin_battle(bt, ev),
            AfterExcess::Card => self.after_card_choice(ev),
        }
    }

    /// Units of `k` for figure accounting.
    pub fn supply(&self, f: Faction, k: UnitKind) -> u8 {
        self.house(f).supply[k]
    }

    /// AR-MOVE-08: any kind the owner has there.
    pub(crate) fn legal_excess(&self, f: Faction, area: AreaId, out: &mut Vec<Action>) {
        for k in UnitKind::ALL {
            if self.areas[area.index()].units[f][k] > 0 {
                out.push(Action::LoseUnit(k));
            }
        }
    }

    /// The rule a refused removal breaks.
    pub(crate) fn excess_refusal(&self, action: &Action) -> &'static str {
        match action {
            Action::LoseUnit(_) => "AR-MOVE-08",
            _ => "AR-ACT-17",
        }
    }
}
