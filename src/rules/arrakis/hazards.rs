//! Step 3, Desert Hazards (AR-HAZ-*), resolved by the engine.
use super::board::Terrain;
use super::event::Event;
use super::flow::{Battle, BattleStep, Group};
use super::ids::{AreaId, CombatFace, Faction, Wormsign};
use super::state::{Arrakis, Phase, Worm};

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
    /// takes the hits in the combat casualty order (answers Q6).
    pub(super) fn hazard_attack(&mut self, a: AreaId, dice: u8, ev: &mut Vec<Event>) {
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
        let mut scratch = Battle {
            attacker: Faction::Atreides,
            from: a,
            at: a,
            group: Group::default(),
            surprise: false,
            first_round: false,
            discards: [0; 2],
            step: BattleStep::Continue,
            roll: [[0; 4]; 2],
            used_generic: [0; 2],
            used_named: 0,
            hits: [0; 2],
            boost: super::card_effects::Boost::None,
        };
        self.take_hits(
            Faction::Harkonnen,
            super::combat::Target::Area(a),
            &mut scratch,
            hits,
            ev,
        );
    }

    /// A harvester was destroyed; during Action Resolution it counts for
    /// the Jihad (AR-PRESC-13 to AR-PRESC-15).
    pub(super) fn harvester_destroyed(&mut self, a: AreaId, counts: bool, ev: &mut Vec<Event>) {
        ev.push(Event::HarvesterDestroyed { area: a });
        if counts && self.phase == Phase::ActionResolution {
            self.harvesters_destroyed += 1;
            let per = self.d().tables.tracks.jihad_per_harvesters_destroyed;
            if per > 0 && self.harvesters_destroyed % per == 0 {
                self.advance_prescience(super::ids::Marker::Jihad, 1, ev);
            }
        }
    }

    pub(super) fn sandworms_on_board(&self) -> u8 {
        self.areas.iter().filter(|s| s.worm.is_some()).count() as u8
    }

    /// No sandworm is free (none off the board, or the cap reached) and
    /// several are on the board: the Atreides choose which one moves
    /// (AR-HAZ-15).
    pub(super) fn worm_choice_needed(&self) -> bool {
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
    pub(super) fn place_worm_figure(&mut self, a: AreaId, ev: &mut Vec<Event>) -> bool {
        if self.worms_off > 0 && self.sandworms_on_board() < self.sandworm_cap() {
            self.worms_off -= 1;
        } else if let Some(i) = self.areas.iter().position(|s| s.worm == Some(Worm::Normal)) {
            self.areas[i].worm = None;
        } else {
            return false;
        }
        self.areas[a.index()].worm = Some(Worm::Normal);
        ev.push(Event::SandwormPlaced { area: a });
        true
    }

    /// A sandworm emerges in `a` in Desert Hazards; returns true when the
    /// Harkonnen must decide on a carryall rescue (AR-HAZ-20 to AR-HAZ-22,
    /// AR-HAZ-25, AR-HAZ-30).
    fn worm_emerges(&mut self, a: AreaId, ev: &mut Vec<Event>) -> bool {
        let has_legion = self.areas[a.index()].unit_count(Faction::Harkonnen) > 0;
        // AR-OPT-08: the wiki's reading, the legion retreats if it can.
        let retreated = has_legion && self.rules.sandworm_legion_retreats && self.legion_flees(a);
        if has_legion && !retreated {
            let dice = self.d().tables.hazards.sandworm_dice;
            self.hazard_attack(a, dice, ev);
        }
        let cleared = self.areas[a.index()].unit_count(Faction::Harkonnen) == 0;
        if self.areas[a.index()].harvester && cleared {
            if self.rescue_zones(a).next().is_some() {
                return true;
            }
            self.areas[a.index()].harvester = false;
            self.harvester_destroyed(a, false, ev);
        }
        false
    }

    /// AR-OPT-08: the Harkonnen legion in `a` moves to the first adjacent
    /// open area without a wormsign that has room (the choice is made for
    /// the player); false if there is none.
    fn legion_flees(&mut self, a: AreaId) -> bool {
        let d = self.d();
        let h = Faction::Harkonnen;
        let s = &self.areas[a.index()];
        let g = super::flow::Group {
            units: s.units[h.index()],
            tokens: 0,
            generic: s.generic[h.index()],
            named: super::state::named_of(s.named, h, d),
        };
        let to = d.board.passable[a.index()].iter().find(|b| {
            let t = &self.areas[b.index()];
            !self.enemy_at(h, *b)
                && t.worm.is_none()
                && t.wormsign.is_none()
                && t.unit_count(h) + g.unit_count() <= self.stacking_limit(h)
        });
        let Some(to) = to else {
            return false;
        };
        let group = self.lift(h, a, &g);
        self.drop_group(h, to, &group);
        true
    }

    /// The Atreides chose the sandworm that moves to `to` (AR-HAZ-15).
    pub(super) fn answer_relocation(&mut self, from: AreaId, to: AreaId, ev: &mut Vec<Event>) {
        let w = self.areas[from.index()].worm.take();
        self.areas[to.index()].worm = w;
        ev.push(Event::SandwormPlaced { area: to });
        if self.worm_emerges(to, ev) {
            self.prompt = super::flow::Prompt::Rescue(to);
            return;
        }
        self.resume_hazards(ev);
    }

    /// Air zones holding a carryall connected to `a` (AR-HAZ-21).
    pub(super) fn rescue_zones(
        &self,
        a: AreaId,
    ) -> impl Iterator<Item = super::ids::AirZoneId> + '_ {
        self.d()
            .board
            .zones_of(a)
            .filter(|z| self.zones[z.index()] == Some(super::state::Vehicle::Carryall))
    }

    /// The Harkonnen answer a rescue: a carryall's zone, or `None` to let
    /// the harvester go; then the hazards go on.
    pub(super) fn answer_rescue(
        &mut self,
        area: AreaId,
        zone: Option<super::ids::AirZoneId>,
        ev: &mut Vec<Event>,
    ) {
        match zone {
            // AR-HAZ-22: the rescued harvester stays.
            Some(z) => self.zones[z.index()] = None,
            None => {
                self.areas[area.index()].harvester = false;
                self.harvester_destroyed(area, false, ev);
            }
        }
        self.resume_hazards(ev);
    }

    /// The whole Desert Hazards step: clean-up and placement, then the
    /// resolution, which may pause for a rescue decision.
    pub(super) fn desert_hazards(&mut self, ev: &mut Vec<Event>) {
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
        // AR-HAZ-06, AR-HAZ-07: placement.
        for a in self.desert_now().iter() {
            let s = &self.areas[a.index()];
            if (s.harvester || s.unit_count(Faction::Harkonnen) > 0)
                && s.wormsign.is_none()
                && s.worm.is_none()
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
    pub(super) fn resume_hazards(&mut self, ev: &mut Vec<Event>) {
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
            // AR-HAZ-14 to AR-HAZ-16: from off the board while one is free
            // and under the cap, else the Atreides move one (their choice
            // when there are several).
            if self.worm_choice_needed() {
                self.prompt = super::flow::Prompt::RelocateWorm(a);
                return;
            }
            if self.place_worm_figure(a, ev) && self.worm_emerges(a, ev) {
                self.prompt = super::flow::Prompt::Rescue(a);
                return;
            }
        }
        // AR-HAZ-19: the pool is reshuffled (draws are random anyway).
        // AR-HAZ-32 to AR-HAZ-35: Coriolis Storms on Harkonnen legions.
        let dice = self.d().tables.hazards.storm_dice;
        for i in 0..self.areas.len() {
            let a = AreaId(i as u8);
            let area = b.area(a);
            let now_desert = self.atomics_area == Some(a);
            if !now_desert && (area.terrain == Terrain::Mountain || area.storm_exempt) {
                continue;
            }
            if self.rules.storm_spares_settlements && self.areas[i].settlement {
                continue;
            }
            if self.areas[i].unit_count(Faction::Harkonnen) > 0 {
                self.hazard_attack(a, dice, ev);
            }
        }
        if self.winner.is_some() {
            self.prompt = super::flow::Prompt::None;
            return;
        }
        self.start_spice(ev);
    }
}
