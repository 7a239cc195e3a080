//! Sandworms activated by Desert Power (AR-DP-08, AR-HAZ-37 to AR-HAZ-46),
//! a Harkonnen legion entering a wormsign (AR-HAZ-47 to AR-HAZ-51), and
//! Hawat's Scheming (AR-LEADER-20 to AR-LEADER-23).
use rand::Rng;

use crate::arrakis::action::Action;
use crate::arrakis::data::Data;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaId, AreaSet, Faction, Wormsign};
use crate::arrakis::prompt::{AfterHits, Group, Move, Prompt};
use crate::arrakis::state::{Arrakis, LeaderAt, Worm};

impl Arrakis {
    /// Areas a sandworm in `from` may target: at most 2 areas away, the
    /// middle one desert, never a mountain (AR-HAZ-42 to AR-HAZ-44).
    pub(crate) fn worm_targets(&self, from: AreaId) -> AreaSet {
        // An expansion may change the reach (DW-SANDRIDER-14).
        if let Some(targets) = self.hook_sandworm_targets(from) {
            return targets;
        }
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
    pub(crate) fn legal_worm_actions(&self, used: AreaSet, out: &mut Vec<Action>) {
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
    pub(crate) fn worm_moves(&self, from: AreaId) -> AreaSet {
        // An expansion may change the reach (DW-SANDRIDER-14).
        if let Some(moves) = self.hook_sandworm_moves(from) {
            return moves;
        }
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
            .filter(|x| self.worm_may_end_in(*x, d))
            .collect()
    }

    /// Whether a moving sandworm may end its move in area `x`: no legion,
    /// deployment token, harvester, sandworm, wormsign, sietch or
    /// settlement there, nor a figure of an expansion that bars it (the
    /// hook list: a Camp, the Smugglers' Base).
    pub(crate) fn worm_may_end_in(&self, x: AreaId, d: &Data) -> bool {
        let s = &self.areas[x.index()];
        !s.has_legion(Faction::Atreides, d)
            && !s.has_legion(Faction::Harkonnen, d)
            && s.tokens.is_empty()
            && !s.any_harvester() // SM-HARVESTER-03
            && s.worm.is_none()
            && s.wormsign.is_none()
            && s.sietch.is_none()
            && !s.settlement
            && !self.hook_sietch_at(x) // an expansion's piece that is a sietch
            && !self.hook_sandworm_stop_barred(x) // an expansion's figure
    }

    /// The rule a refused sandworm activation move breaks: AR-HAZ-41 when
    /// the sandworm could reach `to` but may not stop there, AR-HAZ-40
    /// when `to` is out of its reach through the desert.
    pub(crate) fn activated_move_refusal(&self, from: AreaId, to: AreaId) -> &'static str {
        let known = |x: AreaId| x.index() < self.areas.len();
        if known(from)
            && known(to)
            && self.areas[from.index()].worm.is_some()
            && self.is_desert(to)
            && !self.worm_may_end_in(to, self.d())
        {
            "AR-HAZ-41"
        } else {
            "AR-HAZ-40"
        }
    }

    /// One activation under Desert Power; the turn ends when none is left
    /// (one sandworm by default, two under AR-OPT-03).
    pub(crate) fn step_sandworms(&mut self, a: Action, ev: &mut Vec<Event>) {
        let Prompt::Sandworms(n, mut used) = self.prompt else {
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
                self.move_worm(from, to, ev);
                used.insert(to);
            }
            _ => {
                self.end_turn(Faction::Atreides, ev);
                return;
            }
        }
        self.after_activation(left, used, ev);
    }

    /// A sandworm activated to move (AR-HAZ-40, under AR-OPT-03 or by the
    /// Wild Maker's special action, AR-LEADER-28) goes from `from` to `to`:
    /// its Sandriders ride along (DW-SANDRIDER-12) and Desert Troopers
    /// where it arrives answer it (DW-TROOPER-15). Every activated move
    /// goes through here, so no kind of sandworm leaves its rider behind.
    pub(crate) fn move_worm(&mut self, from: AreaId, to: AreaId, ev: &mut Vec<Event>) {
        let w = self.areas[from.index()].worm.take();
        self.areas[to.index()].worm = w;
        self.hook_sandworm_moved(from, to); // DW-SANDRIDER-12
        self.hook_sandworm_arrived(to, ev); // DW-TROOPER-15
    }

    /// After one activation: the next, or the turn ends when none is left.
    pub(crate) fn after_activation(&mut self, left: u8, used: AreaSet, ev: &mut Vec<Event>) {
        if left == 0 {
            self.end_turn(Faction::Atreides, ev);
        } else {
            self.prompt = Prompt::Sandworms(left, used);
        }
    }

    /// One sandworm attack; the sandworm then leaves the board (AR-HAZ-45).
    /// True when waiting on the Harkonnen's pick of a casualty, `then`
    /// going on after it.
    pub(crate) fn worm_attack(
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
        let dice = self.hook_sandworm_attack_dice(from, dice, ev); // DW-SANDRIDER-13
        // AR-HAZ-46: a targeted harvester is destroyed, no rescue; a
        // Smuggler harvester leaves the board (SM-LEGION-06).
        if self.areas[to.index()].any_harvester() {
            self.remove_harvester(to, true, ev);
        }
        self.areas[to.index()].unit_count(Faction::Harkonnen) > 0
            && self.hazard_attack(to, dice, then, ev)
    }

    /// A Harkonnen legion (`group`, lifted from `from`) enters `to`
    /// during the move `m`: a wormsign there is flipped (AR-HAZ-47). False
    /// when no sandworm comes: the caller drops the legion in `to` as usual.
    /// On a sandworm, true: the move `m` is taken over (one legion fewer
    /// to move) and goes on by itself once everything is resolved. The
    /// legion retreats to an adjacent open area without a wormsign, the
    /// Harkonnen's pick among several (`Prompt::WormRetreat`, AR-HAZ-50);
    /// that area is moved into this action (AR-DIE-04). With none it
    /// stays, and the sandworm attacks it (docs/rules-decisions.md, Q16). The sandworm is
    /// the Wild Maker or a normal one (AR-HAZ-18, the Atreides' pick), and
    /// the harvester there is destroyed (AR-HAZ-51).
    pub(crate) fn harkonnen_enters_wormsign(
        &mut self,
        m: &mut Move,
        from: AreaId,
        to: AreaId,
        group: &(Group, Vec<u8>),
        ev: &mut Vec<Event>,
    ) -> bool {
        let Some(w) = self.areas[to.index()].wormsign.take() else {
            return false;
        };
        self.wormsign_pool.push(w);
        let b = self.d().board;
        let worm = match w {
            Wormsign::Sand => false,
            Wormsign::Sandworm => true,
            Wormsign::Burrowing => b.deep_desert.contains(to),
        };
        if !worm || self.mountains_now().contains(to) {
            return false;
        }
        self.harkonnen_calls_worm(m, from, to, group, ev);
        true
    }

    /// A Harkonnen legion (`group`, lifted from `from`) entering `to` in
    /// the move `m` called a sandworm there (AR-HAZ-47 to AR-HAZ-51): the
    /// legion retreats or stays, the sandworm comes, the move goes on.
    pub(crate) fn harkonnen_calls_worm(
        &mut self,
        m: &mut Move,
        from: AreaId,
        to: AreaId,
        group: &(Group, Vec<u8>),
        ev: &mut Vec<Event>,
    ) {
        m.legions_left -= 1;
        m.picked = None;
        let h = Faction::Harkonnen;
        match self
            .worm_retreat_options(to, group.0.unit_count())
            .iter()
            .collect::<Vec<_>>()
            .as_slice()
        {
            [] => {
                // Answers Q16: it stays, moved into the area, and the
                // sandworm attacks it.
                self.drop_group(h, to, group);
                self.hook_legion_arrived(h, to, ev); // DW-TROOPER-13
                ev.push(Event::Moved {
                    faction: h,
                    from,
                    to,
                });
                m.moved_into.insert(to);
                if m.card.is_some()
                    && let Some(run) = &mut self.effect
                {
                    run.area = Some(to);
                }
            }
            [b] => {
                // DW-TROOPER-13: it entered the wormsign's area first.
                self.hook_legion_passing(h, to, ev);
                self.drop_group(h, *b, group);
                self.hook_legion_arrived(h, *b, ev); // DW-TROOPER-13
                m.moved_into.insert(*b);
            }
            _ => {
                self.drop_group(h, to, group);
                self.hook_legion_arrived(h, to, ev); // DW-TROOPER-13
                self.prompt = Prompt::WormRetreat(*m, to, group.0);
                return;
            }
        }
        self.worm_called(*m, to, ev);
    }

    /// AR-HAZ-50: the adjacent open areas without a sandworm or a wormsign
    /// with room for `n` Harkonnen units leaving `to`.
    pub(crate) fn worm_retreat_options(&self, to: AreaId, n: u8) -> AreaSet {
        let open = self.retreat_options(Faction::Harkonnen, to, n, true);
        // DW-SANDRIDER-10: never onto a lone Sandrider.
        open.minus(self.hook_retreat_closed())
    }

    /// A sandworm a Harkonnen legion called comes to `to`: the Atreides
    /// may first send the Wild Maker instead (AR-HAZ-18), else a normal
    /// one comes.
    fn worm_called(&mut self, m: Move, to: AreaId, ev: &mut Vec<Event>) {
        if self.wild_maker_may_come() {
            self.prompt = Prompt::WildMakerOrSandworm(to, Some(m));
            return;
        }
        self.normal_worm_called(m, to, ev);
    }

    /// A normal sandworm comes to `to`, unless the Atreides have to pick
    /// which one (AR-HAZ-15).
    pub(crate) fn normal_worm_called(&mut self, m: Move, to: AreaId, ev: &mut Vec<Event>) {
        if self.worm_choice_needed() {
            self.prompt = Prompt::CalledWorm(m, to);
            return;
        }
        self.place_worm_figure(to, ev);
        self.called_worm_arrived(m, to, ev);
    }

    /// The Harkonnen picked the area `b` the group `g` that revealed a
    /// sandworm in `to` retreats to (AR-HAZ-50); that area is moved into
    /// (AR-DIE-04); the sandworm comes, then the move goes on.
    pub(crate) fn answer_worm_retreat(
        &mut self,
        mut m: Move,
        to: AreaId,
        g: Group,
        b: AreaId,
        ev: &mut Vec<Event>,
    ) {
        let h = Faction::Harkonnen;
        let group = self.lift(h, to, &g);
        self.drop_group(h, b, &group);
        self.hook_legion_arrived(h, b, ev); // DW-TROOPER-13
        m.moved_into.insert(b);
        self.worm_called(m, to, ev);
    }

    /// The sandworm a Harkonnen legion called is in `to`: the harvester
    /// there is destroyed (AR-HAZ-51); a legion that could not retreat is
    /// attacked, 4 dice (6 for the Wild Maker, AR-HAZ-27), and the sandworm
    /// leaves the board (docs/rules-decisions.md, Q16); then the move goes on.
    pub(crate) fn called_worm_arrived(&mut self, m: Move, to: AreaId, ev: &mut Vec<Event>) {
        // SM-LEGION-06: a Smuggler harvester leaves the board.
        if self.areas[to.index()].any_harvester() {
            self.remove_harvester(to, true, ev);
        }
        let s = &self.areas[to.index()];
        if s.worm.is_some()
            && s.unit_count(Faction::Harkonnen) > 0
            && self.worm_attack(to, to, AfterHits::Called(m), ev)
        {
            return;
        }
        self.resume_move(m, ev);
    }

    /// The Atreides chose the sandworm in `from` to answer the wormsign a
    /// Harkonnen legion revealed in `to` (AR-HAZ-15, AR-HAZ-50); the
    /// Harkonnen move then goes on.
    pub(crate) fn answer_called_worm(
        &mut self,
        m: Move,
        from: AreaId,
        to: AreaId,
        ev: &mut Vec<Event>,
    ) {
        let w = self.areas[from.index()].worm.take();
        self.areas[to.index()].worm = w;
        self.hook_sandworm_figure_moved(from, to); // DW-SANDRIDER-12
        ev.push(Event::SandwormPlaced { area: to });
        self.hook_sandworm_arrived(to, ev); // DW-TROOPER-15
        self.called_worm_arrived(m, to, ev);
    }

    /// A move paused by a wormsign goes on: the next legion, or the end.
    pub(crate) fn resume_move(&mut self, m: Move, ev: &mut Vec<Event>) {
        // An expansion may go on with its own first (DW-SANDRIDER-10).
        if self.hook_move_resuming(ev) {
            return;
        }
        if self.winner.is_some() {
            self.prompt = Prompt::None;
        } else if m.legions_left == 0 {
            self.end_turn(m.faction, ev);
        } else {
            self.prompt = Prompt::Move(m);
        }
    }

    /// Hawat's Scheming choices (AR-LEADER-20, AR-LEADER-21, AR-LEADER-23).
    pub(crate) fn legal_scheme(&self, out: &mut Vec<Action>) {
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
    pub(crate) fn scheme(&mut self, n: u8) {
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
    /// (AR-ATOM-07), or stays if there is none (docs/rules-decisions.md, Q25).
    pub(crate) fn detonate(&mut self, area: AreaId, ev: &mut Vec<Event>) {
        self.atomics_used = true;
        self.atomics_area = Some(area);
        self.displace_next(area, ev);
    }

    /// AR-ATOM-07: the adjacent areas open to `f`'s legion in `area`.
    pub(crate) fn displace_options(&self, f: Faction, area: AreaId) -> AreaSet {
        let n = self.areas[area.index()].unit_count(f);
        self.retreat_options(f, area, n, false)
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
            match self
                .displace_options(f, area)
                .iter()
                .collect::<Vec<_>>()
                .as_slice()
            {
                // Answers Q25: a legion with no open area stays.
                [] => {}
                [to] => {
                    self.move_legion(f, area, *to);
                    self.hook_legion_arrived(f, *to, ev); // DW-TROOPER-13
                }
                _ => {
                    self.prompt = Prompt::Displace(f, area);
                    return;
                }
            }
        }
        let _ = ev;
        self.prompt = Prompt::Turn(Faction::Atreides);
    }

    /// The Harkonnen moved `f`'s blasted legion to `to` (AR-ATOM-07).
    pub(crate) fn answer_displace(
        &mut self,
        f: Faction,
        area: AreaId,
        to: AreaId,
        ev: &mut Vec<Event>,
    ) {
        self.move_legion(f, area, to);
        self.hook_legion_arrived(f, to, ev); // DW-TROOPER-13
        self.displace_next(area, ev);
    }
}

impl Arrakis {
    /// Desert Power: attacks before any wormsign (AR-DP-09: one option
    /// only), then wormsigns (AR-DP-07).
    pub(crate) fn legal_wormsigns(&self, n: u8, out: &mut Vec<Action>) {
        if n == 2 {
            self.legal_worm_actions(AreaSet::EMPTY, out);
        }
        // An expansion's choices here (DW-ATREIDES-02, DW-SANDRIDER-02).
        self.hook_legal_desert_power(n, out);
        if n > 0 && !self.wormsign_pool.is_empty() {
            for a in self.desert_now().iter() {
                let s = &self.areas[a.index()];
                // AR-DP-07; an expansion may bar the area (DW-SUSPENSOR-02,
                // SM-ROUND-08).
                if s.wormsign.is_none()
                    && s.worm.is_none()
                    && s.sietch.is_none()
                    && self.hook_wormsign_barred(a).is_none()
                {
                    out.push(Action::WormsignAt(a));
                }
            }
        }
        out.push(Action::Done);
    }

    /// Places a wormsign, turns to sandworms, or ends the turn.
    pub(crate) fn step_wormsigns(&mut self, n: u8, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::WormsignAt(area) => {
                // AR-DP-06: drawn at random and placed unseen (see docs).
                // Drawn from anywhere in the pool, not its top: tokens go
                // back onto the pool face up as they resolve (AR-HAZ-08),
                // so its top is often a token everyone just saw, and a
                // placement that took it would let the Harkonnen know
                // what lies face down (MC-SIM-08 found it). The game's
                // own generator, not a loaded die: this is no die roll.
                let k = self.rng.random_range(0..self.wormsign_pool.len());
                let w = self.wormsign_pool.swap_remove(k);
                self.areas[area.index()].wormsign = Some(w);
                ev.push(Event::WormsignPlaced { area });
                self.prompt = Prompt::Wormsigns(n - 1);
            }
            Action::WormAttack(..) | Action::WormMove(..) => {
                self.prompt = Prompt::Sandworms(2, AreaSet::EMPTY);
                self.step_sandworms(a, ev);
            }
            a if self.hook_desert_power_action(n, a, ev) => {}
            _ => self.end_turn(Faction::Atreides, ev),
        }
    }

    /// The rule a refused wormsign breaks.
    pub(crate) fn wormsigns_refusal(&self, action: &Action) -> &'static str {
        match action {
            Action::WormsignAt(a) if let Some(r) = self.hook_wormsign_barred(*a) => r,
            Action::WormsignAt(_) => "AR-DP-07",
            Action::WormMove(from, to) => self.activated_move_refusal(*from, *to),
            _ => self
                .hook_desert_power_refusal(action)
                .unwrap_or("AR-ACT-17"),
        }
    }

    /// Desert Power under AR-OPT-03: `n` sandworms left to activate.
    pub(crate) fn legal_sandworms(&self, n: u8, used: AreaSet, out: &mut Vec<Action>) {
        if n > 0 {
            self.legal_worm_actions(used, out);
        }
        out.push(Action::Done);
    }

    /// AR-HAZ-50: where the group `g` retreats from the sandworm in `to`.
    pub(crate) fn legal_worm_retreat(&self, to: AreaId, g: Group, out: &mut Vec<Action>) {
        for b in self.worm_retreat_options(to, g.unit_count()) {
            out.push(Action::Retreat(b));
        }
    }

    /// The rule a refused retreat from a sandworm breaks.
    pub(crate) fn worm_retreat_refusal(&self, action: &Action) -> &'static str {
        match action {
            Action::Retreat(b) if let Some(r) = self.hook_retreat_refusal(*b) => r,
            Action::Retreat(_) | Action::Done => "AR-HAZ-50",
            _ => "AR-ACT-17",
        }
    }

    /// AR-ATOM-07: where `f`'s legion in `area` goes.
    pub(crate) fn legal_displace(&self, f: Faction, area: AreaId, out: &mut Vec<Action>) {
        for b in self.displace_options(f, area) {
            out.push(Action::Displace(b));
        }
    }

    /// The rule a refused displacement breaks.
    pub(crate) fn displace_refusal(&self, action: &Action) -> &'static str {
        match action {
            Action::Displace(_) | Action::Done => "AR-ATOM-07",
            _ => "AR-ACT-17",
        }
    }
}
