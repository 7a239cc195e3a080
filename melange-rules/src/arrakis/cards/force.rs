//! Card steps of force and intrigue: wormsigns cleared or discarded, special
//! attacks (AR-COMBAT-37: they never destroy a settlement or sietch),
//! storms and sandworms called by a card (AR-HAZ-*), jumps, revealed areas,
//! pinned leaders, dice and prescience cards taken away.
//!
//! `play.rs` hands every step listed in [`Arrakis::is_force_step`] here:
//! [`Arrakis::legal_force`] lists its choices (without "Done", which
//! `legal_card` adds) and [`Arrakis::step_force`] applies one.
use crate::arrakis::action::Action;
use crate::arrakis::cards::effects::{AttackFrom, Step, WormNear};
use crate::arrakis::cards::play::CardRun;
use crate::arrakis::event::Event;
use crate::arrakis::ids::LeaderId;
use crate::arrakis::ids::{AirZoneId, AreaId, AreaSet, CombatFace, DieResult, Faction, SectorId};
use crate::arrakis::prompt::{AfterExcess, AfterHits, Prompt};
use crate::arrakis::state::{Arrakis, Vehicle};

impl Arrakis {
    /// Whether `step` is one of this file's.
    pub(crate) fn is_force_step(step: &Step) -> bool {
        matches!(
            step,
            Step::ClearWormsigns { .. }
                | Step::DiscardWormsigns { .. }
                | Step::SpecialAttack { .. }
                | Step::GainBeneGesserit
                | Step::Jump
                | Step::ReturnPrescience
                | Step::OpponentLosesHouseDie
                | Step::RevealArea
                | Step::Pin { .. }
                | Step::Storms
                | Step::Rockets { .. }
                | Step::Sandworms { .. }
                | Step::RemoveHarvesters { .. }
        )
    }

    /// How many picks a step starts with.
    pub(crate) fn force_repeats(step: &Step) -> u8 {
        match step {
            Step::DiscardWormsigns { count }
            | Step::Sandworms { count, .. }
            | Step::RemoveHarvesters { count } => *count,
            _ => 1,
        }
    }

    fn areas_iter(&self) -> impl Iterator<Item = AreaId> + use<> {
        (0..self.areas.len() as u8).map(AreaId)
    }

    /// Areas bordering `around`, across any border (passable or not).
    fn bordering(&self, around: AreaId) -> AreaSet {
        let b = self.d().board;
        b.passable[around.index()].union(b.impassable[around.index()])
    }

    /// Areas with a wormsign bordering the named area.
    fn wormsigns_around(&self, around: &str) -> AreaSet {
        let Some(c) = self.d().board.area_id(around) else {
            return AreaSet::EMPTY;
        };
        self.bordering(c)
            .iter()
            .filter(|a| self.areas[a.index()].wormsign.is_some())
            .collect()
    }

    /// Enemy legions a special attack of `f` may target now.
    fn bordering_targets(&self, f: Faction) -> AreaSet {
        let d = self.d();
        self.areas_iter()
            .filter(|&a| {
                self.areas[a.index()].has_legion(f.other(), d)
                    && self
                        .bordering(a)
                        .iter()
                        .any(|x| self.areas[x.index()].has_legion(f, d))
            })
            .collect()
    }

    /// Areas connected to Air zone `z` holding a Harkonnen legion.
    fn zone_targets(&self, z: AirZoneId) -> AreaSet {
        let d = self.d();
        d.board.air_zones[z.index()]
            .areas
            .iter()
            .filter(|a| self.areas[a.index()].has_legion(Faction::Harkonnen, d))
            .collect()
    }

    /// Rolls `dice` combat dice: each Hit or Special counts 1 hit.
    fn card_roll(&mut self, f: Faction, dice: u8, ev: &mut Vec<Event>) -> u8 {
        let faces = self.d().tables.combat.faces.clone();
        let (mut hits, mut shields) = (0u8, 0u8);
        for _ in 0..dice {
            match faces[self.roll(faces.len())] {
                CombatFace::Hit | CombatFace::Special => hits += 1,
                CombatFace::Shield => shields += 1,
            }
        }
        ev.push(Event::CombatRoll {
            faction: f,
            dice,
            hits,
            shields,
        });
        hits
    }

    /// The legion of `victim` in `a` takes `hits` as combat casualties
    /// (AR-COMBAT-19 to AR-COMBAT-26); hidden tokens there are revealed
    /// first, as in a battle (AR-DEPLOY-09). No settlement or sietch is
    /// destroyed (AR-COMBAT-37).
    /// True when waiting on the victim's pick of a casualty or of the
    /// units above the stacking limit; the card goes on after it.
    fn card_hits(&mut self, victim: Faction, a: AreaId, hits: u8, ev: &mut Vec<Event>) -> bool {
        if victim == Faction::Harkonnen {
            // AR-COMBAT-20: the Harkonnen pick an elite or a Sardaukar.
            return self.hazard_hits(a, hits, AfterHits::Card, ev);
        }
        self.reveal_tokens_only(a, ev);
        if let Some(run) = &mut self.effect {
            run.left = 0;
        }
        // AR-COMBAT-20: the Atreides pick an elite or a Fedaykin.
        if self.hits_in_area(victim, a, hits, AfterHits::CardStacking(victim), ev) {
            return true;
        }
        // AR-DEPLOY-05: revealed units above the limit, the owner's pick.
        self.enforce_stacking(victim, AfterExcess::Card)
    }

    /// Settlement areas whose legion of `f` may jump somewhere.
    fn jump_sources(&self, f: Faction) -> AreaSet {
        self.areas_iter()
            .filter(|&a| {
                let s = &self.areas[a.index()];
                s.settlement && s.unit_count(f) > 0 && !self.jump_targets(f, a).is_empty()
            })
            .collect()
    }

    /// Areas already holding a legion of `f` where the whole legion in
    /// `from` fits under the stacking limit (AR-MOVE-07); never onto a
    /// wormsign (see the docs: AR-HAZ-47 would turn it back).
    fn jump_targets(&self, f: Faction, from: AreaId) -> AreaSet {
        let d = self.d();
        let n = self.areas[from.index()].unit_count(f);
        self.areas_iter()
            .filter(|&b| {
                let s = &self.areas[b.index()];
                b != from
                    && s.has_legion(f, d)
                    && s.worm.is_none()
                    && s.wormsign.is_none()
                    && s.unit_count(f) + n <= self.stacking_limit(f)
            })
            .collect()
    }

    /// Bene Gesserit tokens left in the reserve: the box total less those
    /// held or placed on a dashboard.
    fn bene_gesserit_reserve(&self) -> u8 {
        let held: u8 = self
            .houses
            .iter()
            .map(|h| h.bene_gesserit + h.dice.iter().filter(|d| d.token && !d.spent).count() as u8)
            .sum();
        self.d().tables.bene_gesserit.total.saturating_sub(held)
    }

    /// The index of an unused real die of `f` showing House.
    fn house_die(&self, f: Faction) -> Option<usize> {
        self.house(f)
            .dice
            .iter()
            .position(|d| !d.spent && !d.token && d.result == DieResult::House)
    }

    /// Areas whose hidden sietch or tokens a card may reveal.
    fn revealable(&self) -> AreaSet {
        self.areas_iter()
            .filter(|a| {
                let s = &self.areas[a.index()];
                !s.tokens.is_empty() || s.sietch.is_some_and(|x| !x.revealed)
            })
            .collect()
    }

    fn pin_mask(&self, leaders: &[String]) -> u64 {
        let d = self.d();
        leaders
            .iter()
            .filter_map(|l| d.leader_id(l))
            .filter(|l| self.leader_in_play(*l))
            .fold(0, |m, l| m | 1 << l.0)
    }

    /// Whether a pinned leader stands in `a` (its legion may not move).
    pub(crate) fn pinned_at(&self, a: AreaId) -> bool {
        self.areas[a.index()].named & self.pinned != 0
    }

    /// A turn of `f` ended: its pins are over; so are all of them when
    /// Action Resolution ends (the Harkonnen have no die left).
    pub(crate) fn turn_ended_pins(&mut self, f: Faction) {
        let d = self.d();
        let mut m = self.pinned;
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            if d.leaders[i as usize].faction == f {
                self.pinned &= !(1 << i);
            }
        }
        if self.house(Faction::Harkonnen).unused() == 0 {
            self.pinned = 0;
        }
    }

    /// Sectors holding a legion of `f` with a Harkonnen vehicle to hit.
    fn rocket_sectors(&self, f: Faction) -> Vec<SectorId> {
        let d = self.d();
        let b = d.board;
        (0..b.sectors.len() as u8)
            .map(SectorId)
            .filter(|&s| {
                let areas = b.sectors[usize::from(s.0)].areas;
                areas.iter().any(|a| self.areas[a.index()].has_legion(f, d))
                    && (!self.rocket_areas(areas).is_empty() || !self.rocket_zones(s).is_empty())
            })
            .collect()
    }

    fn rocket_areas(&self, areas: AreaSet) -> AreaSet {
        areas
            .iter()
            .filter(|a| self.areas[a.index()].harvester)
            .collect()
    }

    fn rocket_zones(&self, s: SectorId) -> Vec<AirZoneId> {
        let b = self.d().board;
        (0..b.air_zones.len() as u8)
            .map(AirZoneId)
            .filter(|z| {
                // SM-THOPTER-11, SM-HARVESTER-13: a Smuggler ornithopter
                // is no target, the Smuggler carryall none by default.
                b.air_zones[z.index()].sectors.contains(&s) && self.harkonnen_vehicle_in(z.index())
            })
            .collect()
    }

    /// The sector a run's picked areas lie in.
    fn run_sector(&self, run: &CardRun) -> Option<SectorId> {
        let b = self.d().board;
        run.used.iter().next().and_then(|a| b.area(a).sector)
    }

    /// Empty desert areas a card's sandworm may appear in.
    fn worm_areas(&self, f: Faction, near: WormNear) -> AreaSet {
        let d = self.d();
        let t = &d.tables.hazards;
        let on_board = self.areas.iter().filter(|s| s.worm.is_some()).count() as u8;
        if self.worms_off == 0 || on_board >= t.max_sandworms {
            return AreaSet::EMPTY;
        }
        self.areas_iter()
            .filter(|&a| {
                let s = &self.areas[a.index()];
                let empty = self.is_desert(a)
                    && !self.mountains_now().contains(a)
                    && !s.has_legion(Faction::Harkonnen, d)
                    && !s.has_legion(Faction::Atreides, d)
                    && s.sietch.is_none()
                    && !s.settlement
                    && !s.any_harvester() // SM-HARVESTER-03
                    && s.wormsign.is_none()
                    && s.worm.is_none();
                empty
                    && self.bordering(a).iter().any(|x| {
                        let n = &self.areas[x.index()];
                        match near {
                            WormNear::OwnLegion => n.has_legion(f, d),
                            WormNear::Sandworm => n.worm.is_some(),
                        }
                    })
            })
            .collect()
    }

    /// Deep-desert harvesters a card may remove: once one is removed, only
    /// others in its sector.
    fn chasm_areas(&self, run: &CardRun) -> AreaSet {
        let b = self.d().board;
        let sector = run.used.iter().next().map(|x| b.area(x).sector);
        self.areas_iter()
            .filter(|&a| {
                // SM-LEGION-06: a Smuggler harvester too (back next round).
                self.areas[a.index()].any_harvester()
                    && b.deep_desert.contains(a)
                    && sector.is_none_or(|s| b.area(a).sector == s)
            })
            .collect()
    }

    /// The choices of a force step (without "Done").
    pub(crate) fn legal_force(&self, run: &CardRun, step: &Step, out: &mut Vec<Action>) {
        let f = run.faction;
        let resolve = match step {
            Step::ClearWormsigns { around } => !self.wormsigns_around(around).is_empty(),
            Step::GainBeneGesserit => self.bene_gesserit_reserve() > 0,
            Step::OpponentLosesHouseDie => self.house_die(f.other()).is_some(),
            Step::Pin { leaders } => self.pin_mask(leaders) != 0,
            Step::Storms => true,
            _ => false,
        };
        if resolve {
            out.push(Action::Resolve);
        }
        let picks_left = run.left > 0;
        match step {
            Step::DiscardWormsigns { .. } if picks_left => {
                for a in self.areas_iter() {
                    if self.areas[a.index()].wormsign.is_some() {
                        out.push(Action::WormsignAt(a));
                    }
                }
            }
            Step::SpecialAttack { from, .. } => match (from, run.stage) {
                (AttackFrom::BorderingLegion, _) => {
                    out.extend(self.bordering_targets(f).into_iter().map(Action::PickArea));
                }
                (AttackFrom::Ornithopter, 0) => {
                    for z in 0..self.zones.len() as u8 {
                        let z = AirZoneId(z);
                        // An Escort Ornithopter is an ornithopter here
                        // (docs/rules-decisions.md, Desert War).
                        if self.zones[z.index()].is_some_and(Vehicle::counts_as_ornithopter)
                            && !self.zone_targets(z).is_empty()
                        {
                            out.push(Action::PickZone(z));
                        }
                    }
                }
                (AttackFrom::Ornithopter, _) => {
                    for a in run.used.iter() {
                        if self.areas[a.index()].has_legion(Faction::Harkonnen, self.d()) {
                            out.push(Action::PickArea(a));
                        }
                    }
                }
            },
            Step::Jump => match (run.stage, run.area) {
                (0, _) => out.extend(self.jump_sources(f).into_iter().map(Action::Legion)),
                (_, Some(from)) => {
                    out.extend(self.jump_targets(f, from).into_iter().map(Action::To));
                }
                _ => {}
            },
            Step::ReturnPrescience => {
                out.extend((0..self.revealed.len() as u8).map(Action::PickSlot));
            }
            Step::RevealArea => out.extend(self.revealable().into_iter().map(Action::Reveal)),
            Step::Rockets { .. } if run.stage == 0 => {
                out.extend(self.rocket_sectors(f).into_iter().map(Action::PickSector));
            }
            Step::Rockets { .. } if picks_left => {
                if let Some(s) = self.run_sector(run) {
                    out.extend(
                        self.rocket_areas(run.used)
                            .into_iter()
                            .map(Action::PickArea),
                    );
                    out.extend(self.rocket_zones(s).into_iter().map(Action::PickZone));
                }
            }
            Step::Sandworms { near, .. } if picks_left => {
                out.extend(self.worm_areas(f, *near).into_iter().map(Action::PickArea));
            }
            Step::RemoveHarvesters { .. } if picks_left => {
                out.extend(self.chasm_areas(run).into_iter().map(Action::PickArea));
            }
            _ => {}
        }
    }

    /// The step goes on with `run` while it has picks left, else the next.
    fn force_next(&mut self, run: CardRun, ev: &mut Vec<Event>) {
        self.effect = Some(run);
        if run.left > 0 && self.winner.is_none() {
            self.prompt = Prompt::Card(run.faction, run.card, run.step);
        } else {
            self.advance_card(ev);
        }
    }

    /// Applies a choice (never "Done") of a force step.
    pub(crate) fn step_force(
        &mut self,
        mut run: CardRun,
        step: &Step,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        let f = run.faction;
        match (step, a) {
            (Step::ClearWormsigns { around }, Action::Resolve) => {
                for x in self.wormsigns_around(around) {
                    if let Some(w) = self.areas[x.index()].wormsign.take() {
                        self.wormsign_pool.push(w);
                        ev.push(Event::WormsignRemoved { area: x });
                    }
                }
                self.advance_card(ev);
            }
            (Step::DiscardWormsigns { .. }, Action::WormsignAt(x)) => {
                if let Some(w) = self.areas[x.index()].wormsign.take() {
                    self.wormsign_pool.push(w);
                    ev.push(Event::WormsignRemoved { area: x });
                }
                run.left -= 1;
                self.force_next(run, ev);
            }
            (Step::SpecialAttack { from, .. }, Action::PickZone(z))
                if *from == AttackFrom::Ornithopter =>
            {
                // The captured ornithopter leaves the board.
                let vehicle = self.zones[z.index()].take().unwrap_or(Vehicle::Ornithopter);
                self.hook_vehicle_left_zone(vehicle);
                ev.push(Event::VehicleRemoved { vehicle, zone: z });
                run.stage = 1;
                run.used = self.d().board.air_zones[z.index()].areas;
                self.effect = Some(run);
                self.prompt = Prompt::Card(f, run.card, run.step);
            }
            (Step::SpecialAttack { dice, .. }, Action::PickArea(x)) => {
                let hits = self.card_roll(f, *dice, ev);
                if !self.card_hits(f.other(), x, hits, ev) {
                    self.advance_card(ev);
                }
            }
            (Step::GainBeneGesserit, Action::Resolve) => {
                self.house_mut(f).bene_gesserit += 1;
                ev.push(Event::BeneGesseritGained { faction: f });
                self.advance_card(ev);
            }
            (Step::Jump, Action::Legion(from)) => {
                run.area = Some(from);
                run.stage = 1;
                self.effect = Some(run);
                self.prompt = Prompt::Card(f, run.card, run.step);
            }
            (Step::Jump, Action::To(to)) => {
                if let Some(from) = run.area {
                    self.move_legion(f, from, to);
                    self.hook_legion_arrived(f, to, ev); // DW-TROOPER-13, DW-CAMP-09
                    ev.push(Event::Moved {
                        faction: f,
                        from,
                        to,
                    });
                    self.hook_legion_arrived(f, to, ev); // DW-TROOPER-13
                    self.after_entering(f, to, ev);
                    run.area = Some(to);
                    self.effect = Some(run);
                }
                self.advance_card(ev);
            }
            (Step::ReturnPrescience, Action::PickSlot(i)) => {
                if usize::from(i) < self.revealed.len() {
                    let c = self.revealed.remove(usize::from(i));
                    self.prescience_deck.push(c);
                    let mut deck = std::mem::take(&mut self.prescience_deck);
                    rand::seq::SliceRandom::shuffle(deck.as_mut_slice(), &mut self.rng);
                    self.prescience_deck = deck;
                    ev.push(Event::PrescienceReturned { card: c });
                }
                self.advance_card(ev);
            }
            (Step::OpponentLosesHouseDie, Action::Resolve) => {
                if let Some(i) = self.house_die(f.other()) {
                    self.house_mut(f.other()).dice.remove(i);
                    ev.push(Event::DieDiscarded {
                        faction: f.other(),
                        result: DieResult::House,
                    });
                }
                self.advance_card(ev);
            }
            (Step::RevealArea, Action::Reveal(x)) => {
                self.reveal_sietch(x, ev);
                run.left = 0;
                self.effect = Some(run);
                // AR-DEPLOY-05: the Atreides pick the units over the limit.
                if !self.reveal_tokens(x, AfterExcess::Card, ev) {
                    self.advance_card(ev);
                }
            }
            (Step::Pin { leaders }, Action::Resolve) => {
                let m = self.pin_mask(leaders);
                self.pinned |= m;
                let mut rest = m;
                while rest != 0 {
                    let i = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                    ev.push(Event::LeaderPinned {
                        leader: LeaderId(i),
                    });
                }
                self.advance_card(ev);
            }
            (Step::Storms, Action::Resolve) => {
                if !self.card_storms(0, ev) {
                    self.advance_card(ev);
                }
            }
            (Step::Rockets { dice }, Action::PickSector(s)) => {
                let hits = self.card_roll(f, *dice, ev);
                run.stage = 1;
                run.left = hits;
                run.used = self.d().board.sectors[usize::from(s.0)].areas;
                self.force_next(run, ev);
            }
            (Step::Rockets { .. }, Action::PickArea(x)) => {
                self.areas[x.index()].harvester = false;
                self.harvester_destroyed(x, true, ev);
                run.left -= 1;
                self.force_next(run, ev);
            }
            (Step::Rockets { .. }, Action::PickZone(z)) => {
                if let Some(v) = self.zones[z.index()].take() {
                    self.hook_vehicle_left_zone(v);
                    ev.push(Event::VehicleRemoved {
                        vehicle: v,
                        zone: z,
                    });
                }
                run.left -= 1;
                self.force_next(run, ev);
            }
            (Step::Sandworms { .. }, Action::PickArea(x)) => {
                self.place_worm_figure(x, ev);
                run.left -= 1;
                self.force_next(run, ev);
            }
            (Step::RemoveHarvesters { .. }, Action::PickArea(x)) => {
                self.remove_harvester(x, true, ev); // SM-LEGION-06
                run.used.insert(x);
                run.left -= 1;
                self.force_next(run, ev);
            }
            _ => self.advance_card(ev),
        }
    }

    /// Coriolis Storms now, as in Desert Hazards (AR-HAZ-32 to AR-HAZ-35):
    /// every Harkonnen legion in an area storms strike
    /// ([`Arrakis::storm_strikes`]) takes the storm dice.
    /// Storms the areas from index `from` on; true when waiting on the
    /// Harkonnen's pick of a casualty (the storms go on after it).
    pub(crate) fn card_storms(&mut self, from: usize, ev: &mut Vec<Event>) -> bool {
        let dice = self.d().tables.hazards.storm_dice;
        for i in from..self.areas.len() {
            let a = AreaId(i as u8);
            if !self.storm_strikes(a) {
                continue;
            }
            if self.areas[i].unit_count(Faction::Harkonnen) > 0
                && self.hazard_attack(a, dice, AfterHits::CardStorm(a), ev)
            {
                return true;
            }
        }
        false
    }
}
