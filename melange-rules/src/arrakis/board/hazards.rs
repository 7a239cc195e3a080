//! Step 3, Desert Hazards (AR-HAZ-*), resolved by the engine.
use crate::arrakis::action::Action;
use crate::arrakis::board::Terrain;
use crate::arrakis::event::Event;
use crate::arrakis::forces::combat::Target;
use crate::arrakis::ids::{
    AirZoneId, AreaId, AreaSet, CombatFace, Faction, Marker, UnitKind, Wormsign,
};
use crate::arrakis::options::StormExposure;
use crate::arrakis::prompt::{AfterExcess, AfterHits, Battle, Prompt};
use crate::arrakis::state::{Arrakis, Phase, Worm};

impl Arrakis {
    /// Hits per Special in `a` for storms and sandworms (AR-HAZ-29).
    fn special_hits(&self, a: AreaId) -> u8 {
        let b = self.d().board;
        let t = self.d().tables.hazards.special_hits;
        if self.atomics_area == Some(a) {
            return t.desert;
        }
        match b.area(a).terrain {
            Terrain::Desert if b.deep_desert.contains(a) => t.deep_desert,
            Terrain::Desert => t.desert,
            Terrain::MinorErg => t.minor_erg,
            Terrain::Plateau => t.plateau,
            Terrain::Mountain => 0,
        }
    }

    /// Rolls `dice` hazard dice against the Harkonnen legion in `a` and
    /// takes the hits in the combat casualty order (docs/rules-decisions.md, Q6); true when
    /// waiting on the Harkonnen's pick of a casualty, `then` going on after.
    pub(crate) fn hazard_attack(
        &mut self,
        a: AreaId,
        dice: u8,
        then: AfterHits,
        ev: &mut Vec<Event>,
    ) -> bool {
        let faces = self.d().tables.combat.faces.clone();
        let per_special = self.special_hits(a);
        let mut hits = 0u8;
        for _ in 0..dice {
            match faces[self.roll(faces.len())] {
                CombatFace::Hit => hits += 1,
                CombatFace::Special => hits += per_special,
                CombatFace::Shield => {}
            }
        }
        self.hazard_hits(a, hits, then, ev)
    }

    /// Takes `n` hits on the Harkonnen legion in `a` one by one; pauses
    /// when the owner has to pick between an elite and a Sardaukar
    /// (AR-COMBAT-20, docs/rules-decisions.md, Q6). True when paused.
    pub(crate) fn hazard_hits(
        &mut self,
        a: AreaId,
        n: u8,
        then: AfterHits,
        ev: &mut Vec<Event>,
    ) -> bool {
        self.hits_in_area(Faction::Harkonnen, a, n, then, ev)
    }

    /// Takes `n` hits outside a battle on the legion of `f` in `a`, one by
    /// one; pauses when the owner has to pick between an elite and a
    /// special elite (AR-COMBAT-20). True when paused.
    pub(crate) fn hits_in_area(
        &mut self,
        f: Faction,
        a: AreaId,
        n: u8,
        then: AfterHits,
        ev: &mut Vec<Event>,
    ) -> bool {
        let mut scratch = Battle::scratch(f.other(), a);
        for left in (1..=n).rev() {
            if Self::elite_choice(self.areas[a.index()].units[f]) {
                self.prompt = Prompt::HazardCasualty(f, a, left, then);
                return true;
            }
            self.take_hits(f, Target::Area(a), &mut scratch, 1, ev);
        }
        false
    }

    /// The Harkonnen picked the unit of kind `k` to take the next of `n`
    /// hazard hits in `a` (AR-COMBAT-20, docs/rules-decisions.md, Q6).
    pub(crate) fn answer_hazard_casualty(
        &mut self,
        h: Faction,
        a: AreaId,
        n: u8,
        then: AfterHits,
        k: UnitKind,
        ev: &mut Vec<Event>,
    ) {
        let mut u = self.areas[a.index()].units[h];
        self.lose_elite(h, &mut u, k);
        self.areas[a.index()].units[h] = u;
        self.remove_lonely_leaders(a);
        if self.hits_in_area(h, a, n - 1, then, ev) {
            return;
        }
        match then {
            AfterHits::Emerge => {
                if !self.after_emerging(a, ev) {
                    self.resume_hazards(ev);
                }
            }
            AfterHits::Storm => self.resume_hazards(ev),
            AfterHits::DesertPower(left, used) => self.after_activation(left, used, ev),
            AfterHits::Card => self.advance_card(ev),
            AfterHits::CardStacking(f) => {
                if !self.enforce_stacking(f, AfterExcess::Card) {
                    self.advance_card(ev);
                }
            }
            AfterHits::CardStorm(done) => {
                if !self.card_storms(usize::from(done.0) + 1, ev) {
                    self.advance_card(ev);
                }
            }
            AfterHits::Called(m) => self.resume_move(m, ev),
        }
    }

    /// A harvester was destroyed; during Action Resolution it counts for
    /// the Jihad (AR-PRESC-13 to AR-PRESC-15).
    pub(crate) fn harvester_destroyed(&mut self, a: AreaId, counts: bool, ev: &mut Vec<Event>) {
        ev.push(Event::HarvesterDestroyed { area: a });
        if counts && self.phase == Phase::ActionResolution {
            self.harvesters_destroyed += 1;
            let per = self.d().tables.tracks.jihad_per_harvesters_destroyed;
            if per > 0 && self.harvesters_destroyed.is_multiple_of(per) {
                self.advance_prescience(Marker::Jihad, 1, ev);
            }
        }
    }

    pub(crate) fn sandworms_on_board(&self) -> u8 {
        self.areas.iter().filter(|s| s.worm.is_some()).count() as u8
    }

    /// No sandworm is free (none off the board, or the cap reached) and
    /// several are on the board: the Atreides choose which one moves
    /// (AR-HAZ-15).
    pub(crate) fn worm_choice_needed(&self) -> bool {
        let free = self.worms_off > 0 && self.sandworms_on_board() < self.sandworm_cap();
        let on_board = self
            .areas
            .iter()
            .filter(|s| s.worm == Some(Worm::Normal))
            .count();
        !free && on_board > 1
    }

    /// Places a sandworm in `a` (AR-HAZ-14 to AR-HAZ-16): from off the
    /// board, else the lowest-id sandworm on the board moves.
    /// Puts a sandworm figure in `a`, from off the board or moved from the
    /// lowest-numbered area holding one; false if none can come.
    pub(crate) fn place_worm_figure(&mut self, a: AreaId, ev: &mut Vec<Event>) -> bool {
        if self.worms_off > 0 && self.sandworms_on_board() < self.sandworm_cap() {
            self.worms_off -= 1;
        } else if let Some(i) = self.areas.iter().position(|s| s.worm == Some(Worm::Normal)) {
            self.areas[i].worm = None;
            self.hook_sandworm_figure_moved(AreaId(i as u8), a); // DW-SANDRIDER-12, -17
        } else {
            return false;
        }
        self.areas[a.index()].worm = Some(Worm::Normal);
        ev.push(Event::SandwormPlaced { area: a });
        self.hook_sandworm_arrived(a, ev); // DW-TROOPER-15
        true
    }

    /// A normal sandworm emerges in `a` in Desert Hazards (AR-HAZ-14 to
    /// AR-HAZ-16): from off the board while one is free and under the cap,
    /// else the Atreides move one (their choice when there are several).
    /// True when a decision is pending.
    pub(crate) fn normal_worm_emerges(&mut self, a: AreaId, ev: &mut Vec<Event>) -> bool {
        if self.worm_choice_needed() {
            self.prompt = Prompt::RelocateWorm(a);
            return true;
        }
        self.place_worm_figure(a, ev) && self.worm_emerges(a, ev)
    }

    /// A sandworm emerges in `a` in Desert Hazards; true when a decision
    /// of the Harkonnen is pending: where the legion flees (AR-OPT-08), a
    /// casualty, or a carryall rescue (AR-HAZ-20 to AR-HAZ-22, AR-HAZ-25,
    /// AR-HAZ-30).
    pub(crate) fn worm_emerges(&mut self, a: AreaId, ev: &mut Vec<Event>) -> bool {
        let has_legion = self.areas[a.index()].unit_count(Faction::Harkonnen) > 0;
        // AR-OPT-08: the wiki's reading, the legion retreats if it can, to
        // the adjacent open area of the Harkonnen's choice.
        if has_legion && self.rules.sandworm_legion_retreats {
            match self.flee_options(a).iter().collect::<Vec<_>>().as_slice() {
                [] => {}
                [to] => {
                    self.move_legion(Faction::Harkonnen, a, *to);
                    self.hook_legion_arrived(Faction::Harkonnen, *to, ev); // DW-TROOPER-13
                    return self.after_emerging(a, ev);
                }
                _ => {
                    self.prompt = Prompt::Flee(a);
                    return true;
                }
            }
        }
        if has_legion {
            // AR-HAZ-27: the Wild Maker rolls 6 dice.
            let t = &self.d().tables.hazards;
            let dice = match self.areas[a.index()].worm {
                Some(Worm::WildMaker) => t.wild_maker_dice,
                _ => t.sandworm_dice,
            };
            if self.hazard_attack(a, dice, AfterHits::Emerge, ev) {
                return true;
            }
        }
        self.after_emerging(a, ev)
    }

    /// After the sandworm in `a` dealt with the legion: a harvester left
    /// alone is lost unless rescued (AR-HAZ-20, AR-HAZ-30); true when the
    /// rescue is asked.
    fn after_emerging(&mut self, a: AreaId, ev: &mut Vec<Event>) -> bool {
        let cleared = self.areas[a.index()].unit_count(Faction::Harkonnen) == 0;
        // SM-HARVESTER-03, SM-LEGION-06: a Smuggler harvester too.
        if self.areas[a.index()].any_harvester() && cleared {
            if self.rescue_zones(a).next().is_some() {
                self.prompt = Prompt::Rescue(a);
                return true;
            }
            self.remove_harvester(a, false, ev);
        }
        false
    }

    /// AR-OPT-08: the adjacent open areas without a sandworm or a wormsign
    /// with room for the Harkonnen legion in `a`.
    pub(crate) fn flee_options(&self, a: AreaId) -> AreaSet {
        let h = Faction::Harkonnen;
        let n = self.areas[a.index()].unit_count(h);
        let open = self.retreat_options(h, a, n, true);
        // DW-SANDRIDER-10: never onto a lone Sandrider.
        open.minus(self.hook_retreat_closed())
    }

    /// The Harkonnen picked where the legion in `a` flees (AR-OPT-08).
    pub(crate) fn answer_flee(&mut self, a: AreaId, to: AreaId, ev: &mut Vec<Event>) {
        self.move_legion(Faction::Harkonnen, a, to);
        self.hook_legion_arrived(Faction::Harkonnen, to, ev); // DW-TROOPER-13
        if !self.after_emerging(a, ev) {
            self.resume_hazards(ev);
        }
    }

    /// The Atreides chose the sandworm that moves to `to` (AR-HAZ-15).
    pub(crate) fn answer_relocation(&mut self, from: AreaId, to: AreaId, ev: &mut Vec<Event>) {
        let w = self.areas[from.index()].worm.take();
        self.areas[to.index()].worm = w;
        ev.push(Event::SandwormPlaced { area: to });
        self.hook_sandworm_arrived(to, ev); // DW-TROOPER-15
        if self.worm_emerges(to, ev) {
            return;
        }
        self.resume_hazards(ev);
    }

    /// Air zones holding a carryall connected to `a` (AR-HAZ-21); the
    /// Smuggler carryall for a Smuggler harvester (SM-HARVESTER-11,
    /// SM-HARVESTER-12).
    pub(crate) fn rescue_zones(&self, a: AreaId) -> impl Iterator<Item = AirZoneId> + '_ {
        let carryall = self.rescuer_of(a);
        self.d()
            .board
            .zones_of(a)
            .filter(move |z| self.zones[z.index()] == Some(carryall))
    }

    /// The Harkonnen answer a rescue: a carryall's zone, or `None` to let
    /// the harvester go; then the hazards go on.
    pub(crate) fn answer_rescue(
        &mut self,
        area: AreaId,
        zone: Option<AirZoneId>,
        ev: &mut Vec<Event>,
    ) {
        match zone {
            // AR-HAZ-22: the rescued harvester stays.
            Some(z) => self.zones[z.index()] = None,
            None => self.remove_harvester(area, false, ev), // SM-LEGION-06
        }
        self.resume_hazards(ev);
    }

    /// The whole Desert Hazards step: clean-up and placement, then the
    /// resolution, which may pause for a rescue decision.
    pub(crate) fn desert_hazards(&mut self, ev: &mut Vec<Event>) {
        self.phase = Phase::DesertHazards;
        let d = self.d();
        // AR-HAZ-05: clean-up.
        for i in 0..self.areas.len() {
            let s = &self.areas[i];
            if s.wormsign.is_some()
                && (s.worm.is_some() || s.has_legion(Faction::Atreides, d) || s.sietch.is_some())
            {
                let w = self.areas[i].wormsign.take().expect("checked");
                self.wormsign_pool.push(w);
            }
        }
        // AR-HAZ-06, AR-HAZ-07: placement; SM-ROUND-07, SM-HARVESTER-07:
        // a Smuggler harvester's area too, at most one per area.
        for a in self.desert_now().iter() {
            let s = &self.areas[a.index()];
            if (s.any_harvester() || s.unit_count(Faction::Harkonnen) > 0)
                && s.wormsign.is_none()
                && s.worm.is_none()
                && !self.hook_hazard_wormsign_barred(a)
            // SM-ROUND-08
            {
                let n = self.wormsign_pool.len();
                if n == 0 {
                    break;
                }
                let k = self.roll(n);
                let w = self.wormsign_pool.swap_remove(k);
                self.areas[a.index()].wormsign = Some(w);
                ev.push(Event::WormsignPlaced { area: a });
            }
        }
        self.hazard_cursor = 0;
        self.resume_hazards(ev);
    }

    /// Resolves wormsigns from the cursor (kind * 128 + area) on: by kind,
    /// area order within a kind (AR-HAZ-08 to AR-HAZ-13); then the storms
    /// and Spice Harvesting. Pauses at a rescue decision.
    pub(crate) fn resume_hazards(&mut self, ev: &mut Vec<Event>) {
        let b = self.d().board;
        let kinds = [Wormsign::Sand, Wormsign::Sandworm, Wormsign::Burrowing];
        while usize::from(self.hazard_cursor) < kinds.len() * 128 {
            let k = usize::from(self.hazard_cursor) / 128;
            let i = usize::from(self.hazard_cursor) % 128;
            self.hazard_cursor += 1;
            if i >= self.areas.len() || self.areas[i].wormsign != Some(kinds[k]) {
                continue;
            }
            let kind = kinds[k];
            self.areas[i].wormsign = None;
            self.wormsign_pool.push(kind);
            let a = AreaId(i as u8);
            let worm = match kind {
                Wormsign::Sand => false,
                Wormsign::Sandworm => true,
                Wormsign::Burrowing => b.deep_desert.contains(a),
            };
            // AR-HAZ-31: never in a mountain.
            if !worm || self.mountains_now().contains(a) {
                continue;
            }
            // AR-HAZ-18: the Atreides may send the Wild Maker instead.
            if self.wild_maker_may_come() {
                self.prompt = Prompt::WildMakerOrSandworm(a, None);
                return;
            }
            if self.normal_worm_emerges(a, ev) {
                return;
            }
        }
        // AR-HAZ-19: the pool is reshuffled (draws are random anyway).
        // AR-HAZ-32 to AR-HAZ-35: Coriolis Storms on Harkonnen legions,
        // area by area from the cursor (past the wormsigns).
        let dice = self.d().tables.hazards.storm_dice;
        let storms = (kinds.len() * 128) as u16;
        while usize::from(self.hazard_cursor - storms) < self.areas.len() {
            let i = usize::from(self.hazard_cursor - storms);
            self.hazard_cursor += 1;
            let a = AreaId(i as u8);
            if !self.storm_strikes(a) {
                continue;
            }
            if self.areas[i].unit_count(Faction::Harkonnen) > 0
                && self.hazard_attack(a, dice, AfterHits::Storm, ev)
            {
                return;
            }
        }
        if self.winner.is_some() {
            self.prompt = Prompt::None;
            return;
        }
        self.start_spice(ev);
    }

    /// Whether Coriolis Storms strike area `a` now. Never a mountain
    /// (AR-HAZ-33) unless the Family Atomics made it desert (AR-ATOM-04);
    /// by the text every plateau, minor erg and desert area (AR-HAZ-32);
    /// under `storm_exposure`: `enclosed_plateaus` spares the central
    /// plateaus mountains enclose (`storm_exempt`), unless they border the
    /// mountain the atomics opened; `settlements` spares the areas holding
    /// a Harkonnen settlement (AR-OPT-09).
    pub(crate) fn storm_strikes(&self, a: AreaId) -> bool {
        let b = self.d().board;
        let area = b.area(a);
        if self.atomics_area == Some(a) {
            return true;
        }
        if area.terrain == Terrain::Mountain {
            return false;
        }
        match self.rules.storm_exposure {
            StormExposure::Text => true,
            StormExposure::EnclosedPlateaus => {
                !area.storm_exempt
                    || self.atomics_area.is_some_and(|m| {
                        b.passable[a.index()]
                            .union(b.impassable[a.index()])
                            .contains(m)
                    })
            }
            StormExposure::Settlements => !self.areas[a.index()].settlement,
        }
    }
}

impl Arrakis {
    /// AR-HAZ-15: any sandworm on the board moves to `to`, the owner's
    /// choice.
    pub(crate) fn legal_worm_move(&self, to: AreaId, out: &mut Vec<Action>) {
        for (i, s) in self.areas.iter().enumerate() {
            if s.worm == Some(Worm::Normal) {
                out.push(Action::WormMove(AreaId(i as u8), to));
            }
        }
    }

    /// The rule a refused sandworm relocation breaks (`relocate`: Desert
    /// Hazards, where stopping is refused by AR-HAZ-14).
    pub(crate) fn worm_move_refusal(&self, relocate: bool, action: &Action) -> &'static str {
        match action {
            Action::Done if relocate => "AR-HAZ-14",
            Action::WormMove(..) | Action::Done => "AR-HAZ-15",
            _ => "AR-ACT-17",
        }
    }

    /// A carryall that may rescue the harvester in `area`, or none.
    pub(crate) fn legal_rescue(&self, area: AreaId, out: &mut Vec<Action>) {
        for z in self.rescue_zones(area) {
            out.push(Action::Rescue(z));
        }
        out.push(Action::Done);
    }

    /// Rescues the harvester in `area` (or not).
    pub(crate) fn step_rescue(&mut self, area: AreaId, a: Action, ev: &mut Vec<Event>) {
        let zone = match a {
            Action::Rescue(z) => Some(z),
            _ => None,
        };
        self.answer_rescue(area, zone, ev);
    }

    /// AR-COMBAT-20 (docs/rules-decisions.md, Q6): asked only with no
    /// regular and both an elite and a Sardaukar in the legion.
    pub(crate) fn legal_hazard_casualty(&self, out: &mut Vec<Action>) {
        out.push(Action::LoseUnit(UnitKind::Elite));
        out.push(Action::LoseUnit(UnitKind::Special));
    }

    /// The rule a refused hazard casualty breaks.
    pub(crate) fn hazard_casualty_refusal(&self, action: &Action) -> &'static str {
        match action {
            Action::LoseUnit(_) => "AR-COMBAT-20",
            _ => "AR-ACT-17",
        }
    }

    /// AR-OPT-08: where the legion in `area` flees.
    pub(crate) fn legal_flee(&self, area: AreaId, out: &mut Vec<Action>) {
        for b in self.flee_options(area) {
            out.push(Action::Retreat(b));
        }
    }

    /// The rule a refused flight breaks.
    pub(crate) fn flee_refusal(&self, action: &Action) -> &'static str {
        match action {
            Action::Retreat(b) if let Some(r) = self.hook_retreat_refusal(*b) => r,
            Action::Retreat(_) | Action::Done => "AR-OPT-08",
            _ => "AR-ACT-17",
        }
    }
}
