//! Sandworms activated by Desert Power (AR-DP-08, AR-HAZ-37 to AR-HAZ-46),
//! a Harkonnen legion entering a wormsign (AR-HAZ-47 to AR-HAZ-51), and
//! Hawat's Scheming (AR-LEADER-20 to AR-LEADER-23).
use super::action::Action;
use super::event::Event;
use super::flow::AfterHits;
use super::ids::{AreaId, AreaSet, Faction, Wormsign};
use super::state::{Arrakis, LeaderAt, Worm};

impl Arrakis {
    /// Areas a sandworm in `from` may target: at most 2 areas away, the
    /// middle one desert, never a mountain (AR-HAZ-42 to AR-HAZ-44).
    pub(super) fn worm_targets(&self, from: AreaId) -> AreaSet {
        let b = self.d().board;
        let near = b.passable[from.index()].union(b.impassable[from.index()]);
        let mut reach = near;
        for m in near.iter() {
            if self.is_desert(m) {
                reach = reach.union(b.passable[m.index()].union(b.impassable[m.index()]));
            }
        }
        reach.insert(from);
        reach.minus(self.mountains_now())
    }

    /// Sandworm activations: attacks (AR-DP-08) and, under AR-OPT-03,
    /// moves; `used` holds sandworms already activated this Desert Power.
    pub(super) fn legal_worm_actions(&self, used: AreaSet, out: &mut Vec<Action>) {
        for (i, s) in self.areas.iter().enumerate() {
            let from = AreaId(i as u8);
            if s.worm.is_none() || used.contains(from) {
                continue;
            }
            if self.rules.desert_power_two_worms {
                for t in self.worm_moves(from).iter() {
                    out.push(Action::WormMove(from, t));
                }
            }
            for t in self.worm_targets(from).iter() {
                let ts = &self.areas[t.index()];
                if ts.harvester || ts.unit_count(Faction::Harkonnen) > 0 {
                    out.push(Action::WormAttack(from, t));
                }
            }
        }
    }

    /// Where a sandworm may move: up to 2 areas through desert, into a
    /// desert area holding no figure or token (AR-HAZ-40, AR-HAZ-41).
    pub(super) fn worm_moves(&self, from: AreaId) -> AreaSet {
        let b = self.d().board;
        let desert = self.desert_now();
        let near = b.passable[from.index()].intersection(desert);
        let mut reach = near;
        for m in near.iter() {
            reach = reach.union(b.passable[m.index()].intersection(desert));
        }
        reach.remove(from);
        let d = self.d();
        reach
            .iter()
            .filter(|x| {
                let s = &self.areas[x.index()];
                !s.has_legion(Faction::Atreides, d)
                    && !s.has_legion(Faction::Harkonnen, d)
                    && s.tokens.is_empty()
                    && !s.harvester
                    && s.worm.is_none()
                    && s.wormsign.is_none()
                    && s.sietch.is_none()
                    && !s.settlement
            })
            .collect()
    }

    /// One activation under Desert Power; the turn ends when none is left
    /// (one sandworm by default, two under AR-OPT-03).
    pub(super) fn step_sandworms(&mut self, a: Action, ev: &mut Vec<Event>) {
        let super::flow::Prompt::Sandworms(n, mut used) = self.prompt else {
            unreachable!()
        };
        let left = if self.rules.desert_power_two_worms {
            n - 1
        } else {
            0
        };
        match a {
            Action::WormAttack(from, to) => {
                if self.worm_attack(from, to, AfterHits::DesertPower(left, used), ev) {
                    return;
                }
            }
            Action::WormMove(from, to) => {
                let w = self.areas[from.index()].worm.take();
                self.areas[to.index()].worm = w;
                used.insert(to);
            }
            _ => {
                self.end_turn(Faction::Atreides, ev);
                return;
            }
        }
        self.after_activation(left, used, ev);
    }

    /// After one activation: the next, or the turn ends when none is left.
    pub(super) fn after_activation(&mut self, left: u8, used: AreaSet, ev: &mut Vec<Event>) {
        if left == 0 {
            self.end_turn(Faction::Atreides, ev);
        } else {
            self.prompt = super::flow::Prompt::Sandworms(left, used);
        }
    }

    /// One sandworm attack; the sandworm then leaves the board (AR-HAZ-45).
    /// True when waiting on the Harkonnen's pick of a casualty, `then`
    /// going on after it.
    pub(super) fn worm_attack(
        &mut self,
        from: AreaId,
        to: AreaId,
        then: AfterHits,
        ev: &mut Vec<Event>,
    ) -> bool {
        let worm = self.areas[from.index()].worm.take().expect("legal");
        match worm {
            Worm::Normal => self.worms_off += 1,
            Worm::WildMaker => {}
        }
        let t = &self.d().tables.hazards;
        let dice = match worm {
            Worm::Normal => t.sandworm_dice,
            Worm::WildMaker => t.wild_maker_dice,
        };
        // AR-HAZ-46: a targeted harvester is destroyed, no rescue.
        if self.areas[to.index()].harvester {
            self.areas[to.index()].harvester = false;
            self.harvester_destroyed(to, true, ev);
        }
        self.areas[to.index()].unit_count(Faction::Harkonnen) > 0
            && self.hazard_attack(to, dice, then, ev)
    }

    /// A Harkonnen legion entered `to` from `from`: a wormsign there is
    /// flipped; on a sandworm the legion retreats to an adjacent open area
    /// without a wormsign (the Harkonnen's pick when there are several:
    /// `ChooseRetreat`; back to `from` when there is none, see the docs)
    /// and the sandworm destroys the harvester (AR-HAZ-47, AR-HAZ-50,
    /// AR-HAZ-51). When no sandworm is free and several are on the board,
    /// the Atreides choose which one comes (AR-HAZ-15): the legion has
    /// retreated, the rest waits on `answer_called_worm`.
    pub(super) fn harkonnen_enters_wormsign(
        &mut self,
        from: AreaId,
        to: AreaId,
        group: &(super::flow::Group, Vec<u8>),
        ev: &mut Vec<Event>,
    ) -> WormsignEntry {
        let Some(w) = self.areas[to.index()].wormsign.take() else {
            return WormsignEntry::Stays;
        };
        self.wormsign_pool.push(w);
        let b = self.d().board;
        let worm = match w {
            Wormsign::Sand => false,
            Wormsign::Sandworm => true,
            Wormsign::Burrowing => b.deep_desert.contains(to),
        };
        if !worm || self.mountains_now().contains(to) {
            return WormsignEntry::Stays;
        }
        // AR-HAZ-50: the legion that moved in retreats to an adjacent open
        // area without a wormsign, the Harkonnen's pick among several; with
        // none, back where it came from (see the docs).
        let h = Faction::Harkonnen;
        match self
            .worm_retreat_options(to, group.0.unit_count())
            .as_slice()
        {
            [] => self.drop_group(h, from, group),
            [b] => self.drop_group(h, *b, group),
            _ => {
                self.drop_group(h, to, group);
                return WormsignEntry::ChooseRetreat;
            }
        }
        self.worm_comes(to, ev)
    }

    /// AR-HAZ-50: the adjacent open areas without a sandworm or a wormsign
    /// with room for `n` Harkonnen units leaving `to`.
    pub(super) fn worm_retreat_options(&self, to: AreaId, n: u8) -> Vec<AreaId> {
        let h = Faction::Harkonnen;
        self.d().board.passable[to.index()]
            .iter()
            .filter(|b| {
                let t = &self.areas[b.index()];
                !self.enemy_at(h, *b)
                    && t.worm.is_none()
                    && t.wormsign.is_none()
                    && t.unit_count(h) + n <= self.stacking_limit(h)
            })
            .collect()
    }

    /// The sandworm a Harkonnen legion called comes to `to`, unless the
    /// Atreides have to pick which one (AR-HAZ-15).
    fn worm_comes(&mut self, to: AreaId, ev: &mut Vec<Event>) -> WormsignEntry {
        if self.worm_choice_needed() {
            return WormsignEntry::ChooseWorm;
        }
        self.place_worm_figure(to, ev);
        self.called_worm_arrived(to, ev);
        WormsignEntry::TurnedBack
    }

    /// The Harkonnen picked the area `b` the group `g` that revealed a
    /// sandworm in `to` retreats to (AR-HAZ-50); the sandworm comes, then
    /// the move goes on.
    pub(super) fn answer_worm_retreat(
        &mut self,
        m: super::flow::Move,
        to: AreaId,
        g: super::flow::Group,
        b: AreaId,
        ev: &mut Vec<Event>,
    ) {
        let h = Faction::Harkonnen;
        let group = self.lift(h, to, &g);
        self.drop_group(h, b, &group);
        match self.worm_comes(to, ev) {
            WormsignEntry::ChooseWorm => self.prompt = super::flow::Prompt::CalledWorm(m, to),
            _ => self.resume_move(m, ev),
        }
    }

    /// The sandworm a Harkonnen legion called is in `to`: the harvester
    /// there is destroyed (AR-HAZ-50).
    fn called_worm_arrived(&mut self, to: AreaId, ev: &mut Vec<Event>) {
        if self.areas[to.index()].harvester {
            self.areas[to.index()].harvester = false;
            self.harvester_destroyed(to, true, ev);
        }
    }

    /// The Atreides chose the sandworm in `from` to answer the wormsign a
    /// Harkonnen legion revealed in `to` (AR-HAZ-15, AR-HAZ-50); the
    /// Harkonnen move then goes on.
    pub(super) fn answer_called_worm(
        &mut self,
        m: super::flow::Move,
        from: AreaId,
        to: AreaId,
        ev: &mut Vec<Event>,
    ) {
        let w = self.areas[from.index()].worm.take();
        self.areas[to.index()].worm = w;
        ev.push(Event::SandwormPlaced { area: to });
        self.called_worm_arrived(to, ev);
        self.resume_move(m, ev);
    }

    /// A move paused by a wormsign goes on: the next legion, or the end.
    fn resume_move(&mut self, m: super::flow::Move, ev: &mut Vec<Event>) {
        if self.winner.is_some() {
            self.prompt = super::flow::Prompt::None;
        } else if m.legions_left == 0 {
            self.end_turn(m.faction, ev);
        } else {
            self.prompt = super::flow::Prompt::Move(m);
        }
    }

    /// Hawat's Scheming choices (AR-LEADER-20, AR-LEADER-21, AR-LEADER-23).
    pub(super) fn legal_scheme(&self, out: &mut Vec<Action>) {
        let d = self.d();
        for l in &d.leaders {
            let Some(r) = &l.removed_by_discarding else {
                continue;
            };
            let id = d.leader_id(&l.id).expect("known");
            if !self.leader_in_play(id) || self.leaders[usize::from(id.0)] == LeaderAt::Removed {
                continue;
            }
            let card = d.card_id(&r.card).expect("checked");
            let have = self
                .house(l.faction)
                .hand
                .iter()
                .filter(|c| **c == card)
                .count() as u8;
            for n in r.min..=r.max.min(have) {
                out.push(Action::Scheme(n));
            }
        }
    }

    /// Discards `n` Hawat's Scheming: Hawat leaves, Mohiam enters.
    pub(super) fn scheme(&mut self, n: u8) {
        let d = self.d();
        let Some((i, r)) = d
            .leaders
            .iter()
            .enumerate()
            .find_map(|(i, l)| l.removed_by_discarding.as_ref().map(|r| (i, r)))
        else {
            return;
        };
        let card = d.card_id(&r.card).expect("checked");
        let h = self.house_mut(Faction::Harkonnen);
        for _ in 0..n {
            let k = h.hand.iter().position(|c| *c == card).expect("legal");
            h.hand.remove(k);
            h.discard.push(card);
        }
        if let LeaderAt::Board(a) = self.leaders[i] {
            self.areas[a.index()].named &= !(1 << i);
            self.remove_lonely_leaders(a);
        }
        self.leaders[i] = LeaderAt::Removed;
        let next = d.leader_id(&r.then_enters).expect("checked");
        if self.leaders[usize::from(next.0)] == LeaderAt::NotInPlay {
            self.enter_leader(next);
        }
    }
}

impl Arrakis {
    /// Detonates the Family Atomics (AR-ATOM-02 to AR-ATOM-07): the mountain
    /// becomes ordinary desert for good, and each house's legion there moves
    /// to an adjacent area open to it, the Harkonnen choosing where
    /// (AR-ATOM-07), or is removed if there is none (see the docs).
    pub(super) fn detonate(&mut self, area: AreaId, ev: &mut Vec<Event>) {
        self.atomics_used = true;
        self.atomics_area = Some(area);
        self.displace_next(area, ev);
    }

    /// AR-ATOM-07: the adjacent areas open to `f`'s legion in `area`.
    pub(super) fn displace_options(&self, f: Faction, area: AreaId) -> Vec<AreaId> {
        let n = self.areas[area.index()].unit_count(f);
        self.d().board.passable[area.index()]
            .iter()
            .filter(|b| {
                let t = &self.areas[b.index()];
                !self.enemy_at(f, *b)
                    && t.worm.is_none()
                    && t.unit_count(f) + n <= self.stacking_limit(f)
            })
            .collect()
    }

    /// Moves the next legion out of the blasted area, asking the Harkonnen
    /// when they have a choice (AR-ATOM-07); then the Atreides turn goes on
    /// (a free action, AR-ATOM-02).
    fn displace_next(&mut self, area: AreaId, ev: &mut Vec<Event>) {
        let d = self.d();
        for f in Faction::ALL {
            if !self.areas[area.index()].has_legion(f, d) {
                continue;
            }
            match self.displace_options(f, area).as_slice() {
                [] => self.remove_legion(f, area),
                [to] => self.move_legion(f, area, *to),
                _ => {
                    self.prompt = super::flow::Prompt::Displace(f, area);
                    return;
                }
            }
        }
        let _ = ev;
        self.prompt = super::flow::Prompt::Turn(Faction::Atreides);
    }

    /// The Harkonnen moved `f`'s blasted legion to `to` (AR-ATOM-07).
    pub(super) fn answer_displace(
        &mut self,
        f: Faction,
        area: AreaId,
        to: AreaId,
        ev: &mut Vec<Event>,
    ) {
        self.move_legion(f, area, to);
        self.displace_next(area, ev);
    }

    /// `f`'s whole legion in `area` leaves the board: units and generic
    /// leaders to supply, named leaders to the tank.
    fn remove_legion(&mut self, f: Faction, area: AreaId) {
        let d = self.d();
        let s = &self.areas[area.index()];
        let g = super::flow::Group {
            units: s.units[f.index()],
            tokens: if f == Faction::Atreides {
                s.tokens.len() as u8
            } else {
                0
            },
            generic: s.generic[f.index()],
            named: super::state::named_of(s.named, f, d),
        };
        let (g, _tokens) = self.lift(f, area, &g);
        let fi = f.index();
        for k in 0..3 {
            self.houses[fi].supply[k] += g.units[k];
        }
        self.houses[fi].generic_supply += g.generic;
        let mut m = g.named;
        while m != 0 {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            self.send_to_tank(super::ids::LeaderId(i));
        }
    }
}

/// What a Harkonnen legion entering a wormsign led to.
pub(super) enum WormsignEntry {
    /// No sandworm: the legion stays.
    Stays,
    /// A sandworm came: the legion went back.
    TurnedBack,
    /// The legion went back; the Atreides choose which sandworm comes.
    ChooseWorm,
    /// The legion waits in the area; the Harkonnen choose where it
    /// retreats (AR-HAZ-50).
    ChooseRetreat,
}
