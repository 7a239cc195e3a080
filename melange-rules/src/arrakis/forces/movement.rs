//! Moving legions step by step: pick the legion, add figures one by one,
//! then the destination (AR-MOVE-*, AR-DIE-02 to AR-DIE-10).
use crate::arrakis::action::Action;
use crate::arrakis::cards::effects::Boost;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaId, AreaSet, Faction, LeaderId, UnitKind};
use crate::arrakis::prompt::{AfterExcess, Battle, BattleStep, Group, Move, Prompt};
use crate::arrakis::state::{Arrakis, LeaderAt, Vehicle, named_of};
use crate::arrakis::vocab::ByFaction;

impl Arrakis {
    /// Whether area `b` holds an enemy of `f` to attack: units, tokens, or
    /// an enemy settlement or sietch (AR-COMBAT-03, AR-COMBAT-36).
    pub(crate) fn enemy_at(&self, f: Faction, b: AreaId) -> bool {
        let s = &self.areas[b.index()];
        s.unit_count(f.other()) > 0
            || match f {
                Faction::Atreides => s.settlement,
                Faction::Harkonnen => s.sietch.is_some() || self.hook_sietch_at(b),
            }
    }

    /// The group with every figure `f` could still take from `from` added
    /// (the takes [`Arrakis::legal_move`] offers one at a time), and how
    /// many figures that adds.
    fn group_with_the_rest(&self, f: Faction, from: AreaId, g: &Group) -> (Group, u32) {
        let d = self.d();
        let s = &self.areas[from.index()];
        let mut all = *g;
        let mut added = 0u32;
        for k in UnitKind::ALL {
            added += u32::from(s.units[f][k].saturating_sub(g.units[k]));
            all.units[k] = all.units[k].max(s.units[f][k]);
        }
        if f == Faction::Atreides {
            let tokens = s.tokens.len() as u8;
            added += u32::from(tokens.saturating_sub(g.tokens));
            all.tokens = all.tokens.max(tokens);
        }
        let plain = self.plain_generic_at(f, from);
        let taken = g.generic - g.escorts;
        added += u32::from(plain.saturating_sub(taken));
        all.generic = g.escorts + plain.max(taken);
        let named = named_of(s.named, f, d);
        added += (named & !g.named).count_ones();
        all.named |= named;
        (all, added)
    }

    pub(crate) fn legal_move(&self, m: &Move, out: &mut Vec<Action>) {
        let d = self.d();
        let f = m.faction;
        match m.picked {
            None => {
                for (i, s) in self.areas.iter().enumerate() {
                    // Most areas hold no unit of `f`: asked first.
                    if s.unit_count(f) == 0 {
                        continue;
                    }
                    let a = AreaId(i as u8);
                    // AR-DIE-04: figures moved this action stay put.
                    // A pinned leader's legion stays (Seek Out the Mahdi).
                    if m.moved_into.contains(a) || self.pinned_at(a) {
                        continue;
                    }
                    // AR-DIE-06: Leadership needs a leader.
                    if m.leadership && s.leader_count(f, d) == 0 {
                        continue;
                    }
                    // A card names which legions it moves.
                    if let Some(c) = m.card
                        && !self.legion_ok(c.rule, f, a)
                    {
                        continue;
                    }
                    out.push(Action::Legion(a));
                }
                out.push(Action::Done);
            }
            Some((from, g)) => {
                let s = &self.areas[from.index()];
                // AR-MOVE-01: the whole legion at once, when more than one
                // figure is left to take.
                if self.group_with_the_rest(f, from, &g).1 >= 2 {
                    out.push(Action::TakeAll);
                }
                for k in UnitKind::ALL {
                    if g.units[k] < s.units[f][k] {
                        out.push(Action::Take(k));
                    }
                }
                if usize::from(g.tokens) < s.tokens.len() && f == Faction::Atreides {
                    out.push(Action::TakeToken);
                }
                if g.generic - g.escorts < self.plain_generic_at(f, from) {
                    out.push(Action::TakeGeneric);
                }
                let mut rest = named_of(s.named, f, d) & !g.named;
                while rest != 0 {
                    let i = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                    out.push(Action::TakeLeader(LeaderId(i)));
                }
                if self.group_may_leave(f, m, from, &g) {
                    for b in d.board.passable[from.index()].iter() {
                        if self.destination_ok(f, m, from, &g, b) {
                            out.push(Action::To(b));
                        }
                    }
                    // AR-MOVE-16: sandriding is Atreides only.
                    if f == Faction::Atreides {
                        for b in self.sandride_targets(from).iter() {
                            if self.destination_ok(f, m, from, &g, b) {
                                out.push(Action::Sandride(b));
                            }
                        }
                    }
                    // AR-MOVE-24: troop-transport is Harkonnen only.
                    if f == Faction::Harkonnen {
                        let targets = self.transport_targets(from);
                        for z in d.board.zones_of(from) {
                            if self.zones[z.index()] != Some(Vehicle::Ornithopter) {
                                continue;
                            }
                            for b in targets.iter() {
                                if self.destination_ok(f, m, from, &g, b) {
                                    out.push(Action::Transport(z, b));
                                }
                            }
                        }
                    }
                }
                // An expansion's choices for the group (DW-ESCORT-06,
                // SM-THOPTER-13).
                self.hook_legal_group_move(m, from, &g, out);
                out.push(Action::Done);
            }
        }
    }

    /// The rule a refused destination breaks.
    pub(crate) fn move_refusal(&self, m: &Move, b: AreaId) -> &'static str {
        let Some((from, g)) = m.picked else {
            return "AR-MOVE-01";
        };
        let board = self.d().board;
        if usize::from(b.0) >= board.areas.len() {
            return "AR-MOVE-02";
        }
        if board.impassable[from.index()].contains(b) {
            return "AR-MOVE-05";
        }
        if !board.passable_between(from, b) {
            return "AR-MOVE-02";
        }
        if g.unit_count() == 0 {
            return "AR-MOVE-12";
        }
        if m.leadership && g.leader_count() == 0 {
            return "AR-DIE-10";
        }
        if !self.group_may_leave(m.faction, m, from, &g) {
            return "AR-MOVE-13";
        }
        if self.areas[b.index()].worm.is_some() {
            return "AR-HAZ-38";
        }
        if self.enemy_at(m.faction, b) {
            return "AR-DIE-03";
        }
        "AR-MOVE-07"
    }

    /// AR-MOVE-12, AR-MOVE-13, AR-DIE-10: the group has a unit, a
    /// Leadership group has a leader, and no leader is left alone.
    pub(crate) fn group_may_leave(&self, f: Faction, m: &Move, from: AreaId, g: &Group) -> bool {
        let s = &self.areas[from.index()];
        if g.unit_count() == 0 || (m.leadership && g.leader_count() == 0) {
            return false;
        }
        if let Some(c) = m.card
            && !self.group_ok(c.rule, g)
        {
            return false;
        }
        let units_left = s.unit_count(f) - g.unit_count();
        let leaders_left = s.leader_count(f, self.d()) - g.leader_count();
        units_left > 0 || leaders_left == 0
    }

    /// Whether the group may move or attack into `b` (AR-MOVE-03,
    /// AR-MOVE-07, AR-HAZ-38, AR-DIE-03).
    pub(crate) fn destination_ok(
        &self,
        f: Faction,
        m: &Move,
        _from: AreaId,
        g: &Group,
        b: AreaId,
    ) -> bool {
        let s = &self.areas[b.index()];
        if s.worm.is_some() {
            return false;
        }
        if self.enemy_at(f, b) {
            // An attack is the whole action: only the first legion.
            return match m.card {
                Some(c) => c.may_attack(m),
                None => m.legions_left == 2 && m.moved_into.is_empty(),
            };
        }
        if m.card.is_some_and(|c| !c.may_move()) {
            return false;
        }
        s.unit_count(f) + g.unit_count() <= self.stacking_limit(f)
    }

    pub(crate) fn step_move(&mut self, mut m: Move, a: Action, ev: &mut Vec<Event>) {
        let f = m.faction;
        match (m.picked, a) {
            (None, Action::Legion(from)) => m.picked = Some((from, Group::default())),
            (Some((from, mut g)), Action::Take(k)) => {
                g.units[k] += 1;
                m.picked = Some((from, g));
            }
            (Some((from, mut g)), Action::TakeToken) => {
                g.tokens += 1;
                m.picked = Some((from, g));
            }
            (Some((from, mut g)), Action::TakeGeneric) => {
                g.generic += 1;
                m.picked = Some((from, g));
            }
            (Some((from, mut g)), Action::TakeLeader(l)) => {
                g.named |= 1 << l.0;
                m.picked = Some((from, g));
            }
            (Some((from, g)), Action::TakeAll) => {
                m.picked = Some((from, self.group_with_the_rest(f, from, &g).0));
            }
            (Some((from, g)), Action::To(b)) => {
                if !self.move_group_to(&mut m, from, g, b, ev) {
                    return;
                }
            }
            (Some((from, g)), Action::Sandride(b)) => {
                if !self.move_group_to(&mut m, from, g, b, ev) {
                    return;
                }
            }
            // An expansion's choice for the group (DW-ESCORT-06,
            // SM-THOPTER-13).
            (Some((from, g)), x @ Action::Expansion(_)) => {
                if self.hook_group_move_action(&mut m, from, g, x, ev) != Some(true) {
                    return;
                }
            }
            (Some((from, g)), Action::Transport(z, b)) => {
                // AR-MOVE-26: the ornithopter is removed.
                self.zones[z.index()] = None;
                if !self.move_group_to(&mut m, from, g, b, ev) {
                    return;
                }
            }
            _ => {
                self.end_turn(f, ev);
                return;
            }
        }
        self.prompt = Prompt::Move(m);
    }

    /// Moves (or attacks with) the picked group; false when the action is
    /// over (an attack, the last legion, or the game's end).
    pub(crate) fn move_group_to(
        &mut self,
        m: &mut Move,
        from: AreaId,
        g: Group,
        b: AreaId,
        ev: &mut Vec<Event>,
    ) -> bool {
        let f = m.faction;
        let group = self.lift(f, from, &g);
        if self.enemy_at(f, b) {
            let surprise = m.leadership || m.card.is_some_and(|c| c.surprise());
            let boost = m.card.map_or(Boost::None, |c| c.boost);
            self.start_battle(f, from, b, group, (surprise, boost), ev);
            return false;
        }
        // An expansion may end the entry itself (DW-SANDRIDER-10).
        if self.hook_group_entering(m, from, b, &group, ev) {
            return false;
        }
        // AR-HAZ-47: a sandworm takes the move over; it goes on after.
        if f == Faction::Harkonnen
            && self.areas[b.index()].wormsign.is_some()
            && self.harkonnen_enters_wormsign(m, from, b, &group, ev)
        {
            return false;
        }
        self.drop_group(f, b, &group);
        // Once per arrival, before the move is told (the expansions' events
        // for it come first, as they always have).
        self.hook_legion_arrived(f, b, ev); // DW-TROOPER-13, DW-CAMP-09
        ev.push(Event::Moved {
            faction: f,
            from,
            to: b,
        });
        self.after_entering(f, b, ev);
        if self.winner.is_some() {
            return false;
        }
        m.moved_into.insert(b);
        // A card's later step may name the legion it moved.
        if m.card.is_some()
            && let Some(run) = &mut self.effect
        {
            run.area = Some(b);
        }
        m.legions_left -= 1;
        m.picked = None;
        if m.legions_left == 0 {
            self.end_turn(f, ev);
            return false;
        }
        true
    }

    /// Troop-transport destinations with the ornithopter in zone `z`: up to
    /// 2 areas away across any border, areas with enemies or sandworms
    /// passed over (AR-MOVE-25, AR-MOVE-27 to AR-MOVE-29); areas a plain
    /// move reaches are left to the plain move.
    pub(crate) fn transport_targets(&self, from: AreaId) -> AreaSet {
        let b = self.d().board;
        let near = b.passable[from.index()].union(b.impassable[from.index()]);
        let mut reach = near;
        for x in near.iter() {
            reach = reach.union(b.passable[x.index()].union(b.impassable[x.index()]));
        }
        reach.remove(from);
        reach.minus(b.passable[from.index()])
    }

    /// Sandriding destinations from `from`: through a chain of adjacent
    /// areas holding a wormsign or a sandworm and no Harkonnen legion, to an
    /// area next to the chain without a sandworm (AR-MOVE-17 to AR-MOVE-23;
    /// across passable borders only, see the docs); areas a plain move
    /// reaches are left to the plain move.
    pub(crate) fn sandride_targets(&self, from: AreaId) -> AreaSet {
        let b = self.d().board;
        // An expansion's pieces may count as wormsigns too.
        let links = self.hook_sandriding_links();
        let signs: AreaSet = self
            .areas
            .iter()
            .enumerate()
            .filter(|(i, s)| {
                (s.wormsign.is_some() || s.worm.is_some() || links.contains(AreaId(*i as u8)))
                    && s.unit_count(Faction::Harkonnen) == 0
            })
            .map(|(i, _)| AreaId(i as u8))
            .collect();
        let mut chain = b.passable[from.index()].intersection(signs);
        let mut frontier = chain;
        while !frontier.is_empty() {
            let mut next = AreaSet::EMPTY;
            for x in frontier.iter() {
                next = next.union(b.passable[x.index()]);
            }
            frontier = next.intersection(signs).minus(chain);
            chain = chain.union(frontier);
        }
        let mut out = AreaSet::EMPTY;
        for x in chain.iter() {
            out = out.union(b.passable[x.index()]);
            out.insert(x);
        }
        out.remove(from);
        let worms: AreaSet = self
            .areas
            .iter()
            .enumerate()
            .filter(|(_, s)| s.worm.is_some())
            .map(|(i, _)| AreaId(i as u8))
            .collect();
        out.minus(worms).minus(b.passable[from.index()])
    }

    /// Takes the group's figures off `from`; tokens keep their contents.
    pub(crate) fn lift(&mut self, f: Faction, from: AreaId, g: &Group) -> (Group, Vec<u8>) {
        let s = &mut self.areas[from.index()];
        for k in UnitKind::ALL {
            s.units[f][k] -= g.units[k];
        }
        s.generic[f] -= g.generic;
        s.named &= !g.named;
        let tokens: Vec<u8> = s.tokens.drain(..usize::from(g.tokens)).collect();
        self.hook_group_lifted(from, g);
        (*g, tokens)
    }

    /// Puts lifted figures into `to`.
    pub(crate) fn drop_group(&mut self, f: Faction, to: AreaId, group: &(Group, Vec<u8>)) {
        let (g, tokens) = group;
        let s = &mut self.areas[to.index()];
        for k in UnitKind::ALL {
            s.units[f][k] += g.units[k];
        }
        s.generic[f] += g.generic;
        s.named |= g.named;
        s.tokens.extend(tokens.iter().copied());
        self.hook_group_dropped(to, g);
        let mut m = g.named;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            self.leaders[i] = LeaderAt::Board(to);
        }
    }

    /// What entering an area does: an Atreides legion removes a harvester
    /// (AR-HARV-02) and takes a testing station where it stops
    /// (AR-PRESC-10).
    pub(crate) fn after_entering(&mut self, f: Faction, b: AreaId, ev: &mut Vec<Event>) {
        if f != Faction::Atreides {
            return;
        }
        if self.areas[b.index()].harvester {
            self.areas[b.index()].harvester = false;
            self.harvester_destroyed(b, true, ev);
        }
        // SM-LEGION-02, SM-LEGION-04: a Smuggler harvester is captured.
        self.hook_legion_entered(f, b, ev);
        if let Some(mk) = self.areas[b.index()].station.take() {
            self.stations_taken += 1;
            self.advance_prescience(mk, 1, ev);
        }
    }

    /// Reveals the Atreides tokens in `area` into units (AR-DEPLOY-04),
    /// placing only what the supply still holds; the Atreides then remove
    /// units above the limit (AR-DEPLOY-05), `then` going on after their
    /// choice. True when waiting on that choice.
    pub(crate) fn reveal_tokens(
        &mut self,
        area: AreaId,
        then: AfterExcess,
        ev: &mut Vec<Event>,
    ) -> bool {
        if !self.reveal_tokens_only(area, ev) {
            return false;
        }
        // AR-DEPLOY-05: excess over the limit removed, the owner's pick.
        self.enforce_stacking(Faction::Atreides, then)
    }

    /// Reveals the tokens in `area` into units without the stacking check;
    /// false when there were none.
    pub(crate) fn reveal_tokens_only(&mut self, area: AreaId, ev: &mut Vec<Event>) -> bool {
        let tokens = std::mem::take(&mut self.areas[area.index()].tokens);
        if tokens.is_empty() {
            return false;
        }
        let kinds = crate::arrakis::setup::token_kinds(self.d());
        let ai = Faction::Atreides;
        for t in tokens {
            let m = kinds[usize::from(t)].units();
            for k in UnitKind::ALL {
                let n = m[k];
                let n = n.min(self.houses[ai].supply[k]);
                self.houses[ai].supply[k] -= n;
                self.areas[area.index()].units[ai][k] += n;
            }
        }
        ev.push(Event::TokensRevealed { area });
        self.remove_lonely_leaders(area);
        true
    }

    /// Turns a sietch face up (AR-DEPLOY-08, AR-SCOUT-03).
    pub(crate) fn reveal_sietch(&mut self, area: AreaId, ev: &mut Vec<Event>) {
        if let Some(s) = &mut self.areas[area.index()].sietch
            && !s.revealed
        {
            s.revealed = true;
            ev.push(Event::SietchRevealed { area, rank: s.rank });
        }
    }

    /// Starts a battle: the attackers are lifted off the board.
    pub(crate) fn start_battle(
        &mut self,
        f: Faction,
        from: AreaId,
        at: AreaId,
        group: (Group, Vec<u8>),
        (surprise, boost): (bool, Boost),
        ev: &mut Vec<Event>,
    ) {
        ev.push(Event::BattleStarted {
            attacker: f,
            area: at,
        });
        let (mut g, tokens) = group;
        // AR-DEPLOY-09: attacking tokens are revealed into units.
        if !tokens.is_empty() {
            let kinds = crate::arrakis::setup::token_kinds(self.d());
            let ai = Faction::Atreides;
            for t in tokens {
                let mx = kinds[usize::from(t)].units();
                for k in UnitKind::ALL {
                    let n = mx[k];
                    let n = n.min(self.houses[ai].supply[k]);
                    self.houses[ai].supply[k] -= n;
                    g.units[k] += n;
                }
            }
            g.tokens = 0;
        }
        let bt = Battle {
            attacker: f,
            from,
            at,
            group: g,
            surprise,
            first_round: true,
            discards: ByFaction::default(),
            step: BattleStep::Discard(f),
            roll: ByFaction::default(),
            used_generic: ByFaction::default(),
            used_named: 0,
            hits: ByFaction::default(),
            boost,
        };
        // AR-DEPLOY-06, AR-DEPLOY-08, AR-DEPLOY-09: defenders revealed.
        self.reveal_sietch(at, ev);
        if self.reveal_tokens(at, AfterExcess::Battle(bt), ev) {
            return;
        }
        self.begin_battle(bt, ev);
    }

    /// The battle proper, once every defender is revealed.
    pub(crate) fn begin_battle(&mut self, bt: Battle, ev: &mut Vec<Event>) {
        let (f, at) = (bt.attacker, bt.at);
        if bt.group.unit_count() == 0 {
            // Every attacking unit came from tokens that hid nothing left
            // in supply: the attack fizzles. Its leaders go back and,
            // left without a unit, are removed (AR-MOVE-13).
            if bt.group.leader_count() > 0 {
                self.drop_group(f, bt.from, &(bt.group, Vec::new()));
                self.remove_lonely_leaders(bt.from);
            }
            self.end_battle(bt, false, ev);
            return;
        }
        // AR-COMBAT-38: an undefended settlement or sietch falls at once.
        if self.areas[at.index()].unit_count(f.other()) == 0 {
            self.attacker_wins(bt, ev);
            return;
        }
        self.prompt = Prompt::Battle(bt);
    }
}

impl Arrakis {
    /// The rule a refused move action breaks.
    pub(crate) fn move_step_refusal(&self, m: &Move, action: &Action) -> &'static str {
        use Action as X;
        // An expansion's own rules first (SM-DIE-06 to SM-DIE-12).
        if let Some(rule) = self.hook_move_refusal(m, action) {
            return rule;
        }
        match action {
            X::To(b) => self.move_refusal(m, *b),
            X::Legion(x) if m.moved_into.contains(*x) => "AR-DIE-04",
            X::Legion(_)
            | X::Take(_)
            | X::TakeToken
            | X::TakeGeneric
            | X::TakeLeader(_)
            | X::TakeAll
            | X::Sandride(_)
            | X::Transport(..) => "AR-MOVE-12",
            _ => "AR-ACT-17",
        }
    }
}

impl Arrakis {
    /// The areas next to `from` (across a passable border) a legion of `f`
    /// of `n` units may retreat or be moved to: no enemy, no sandworm, room
    /// under the stacking limit, and no wormsign when `no_wormsign` (a
    /// Harkonnen legion that must not call a sandworm). Battle retreats
    /// (AR-COMBAT-*), fleeing a sandworm (AR-OPT-08), retreating from a
    /// revealed sandworm (AR-HAZ-50) and the Family Atomics (AR-ATOM-07)
    /// all read it.
    pub(crate) fn retreat_options(
        &self,
        f: Faction,
        from: AreaId,
        n: u8,
        no_wormsign: bool,
    ) -> AreaSet {
        self.d().board.passable[from.index()]
            .iter()
            .filter(|&b| {
                let t = &self.areas[b.index()];
                !self.enemy_at(f, b)
                    && t.worm.is_none()
                    && !(no_wormsign && t.wormsign.is_some())
                    && t.unit_count(f) + n <= self.stacking_limit(f)
            })
            .collect()
    }

    /// The whole legion of `f` in `a`: every unit, token and leader there.
    pub(crate) fn whole_legion(&self, f: Faction, a: AreaId) -> Group {
        let s = &self.areas[a.index()];
        Group {
            units: s.units[f],
            tokens: if f == Faction::Atreides {
                s.tokens.len() as u8
            } else {
                0
            },
            generic: s.generic[f],
            named: named_of(s.named, f, self.d()),
            escorts: self.escorts_at(f, a),
        }
    }

    /// Moves the whole legion of `f` in `a` to `to`.
    pub(crate) fn move_legion(&mut self, f: Faction, a: AreaId, to: AreaId) {
        let g = self.whole_legion(f, a);
        let group = self.lift(f, a, &g);
        self.drop_group(f, to, &group);
    }
}
