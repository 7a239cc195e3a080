//! Battles (AR-COMBAT-*): discards, the roll, conversions, Sardaukar and
//! Fedaykin, casualties, continuing, advancing and destroying settlements.
use crate::arrakis::action::Action;
use crate::arrakis::board::SettlementKind;
use crate::arrakis::board::tables::Conversion;
use crate::arrakis::cards::effects::Boost;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{
    AreaId, CombatFace, Faction, ImperiumMarker, LeaderId, Marker, UnitKind,
};
use crate::arrakis::prompt::{AfterExcess, Battle, BattleStep, Group, Prompt};
use crate::arrakis::state::{Arrakis, LeaderAt, named_of};
use crate::arrakis::vocab::{ByFaction, Units};

/// Battle Language: the most dice the opponent rolls in the first round.
const BATTLE_LANGUAGE_CAP: u8 = 4;

/// Where a legion taking hits stands.
#[derive(Clone, Copy)]
pub(crate) enum Target {
    /// On the board.
    Area(AreaId),
    /// The attacking group of the current battle.
    Attackers,
}

impl Arrakis {
    /// Dice a side rolls this round, capped (AR-COMBAT-06 to AR-COMBAT-08).
    fn battle_dice(&self, bt: &Battle, f: Faction) -> u8 {
        let t = &self.d().tables.combat;
        let mut n = bt.discards[f];
        if f == bt.attacker {
            n += bt.group.unit_count();
            if bt.surprise && bt.first_round && !self.rules.surprise_special {
                n += t.surprise_attack_dice;
            }
        } else {
            let s = &self.areas[bt.at.index()];
            n += s.unit_count(f);
            // AR-COMBAT-07: settlement rank dice for the defender.
            let b = self.d().board;
            if f == Faction::Harkonnen && s.settlement {
                n += b.area(bt.at).settlement.map_or(0, |x| x.rank);
            }
            if f == Faction::Atreides
                && let Some(si) = s.sietch
            {
                n += si.rank;
            }
            n = self.hook_battle_dice(f, bt.at, n); // SM-BASE-01, SM-BASE-02
        }
        // Cards' boosts: War Plan +1 die every round, Battle Language caps
        // the defender at 4 dice in the first round.
        match bt.boost {
            Boost::ExtraDie if f == bt.attacker => n += 1,
            Boost::CapEnemyFirstRound if f != bt.attacker && bt.first_round => {
                n = n.min(BATTLE_LANGUAGE_CAP)
            }
            _ => {}
        }
        n.min(t.max_dice)
    }

    /// Whether side `f` may discard cards for dice now, whatever its hand
    /// holds: AR-SPICE-21, not under the Landsraad ban; AR-COMBAT-08, not
    /// once the roll is at 6 dice.
    pub(crate) fn may_discard_for_dice(&self, bt: &Battle, f: Faction) -> bool {
        let banned = f == Faction::Harkonnen && self.bans[ImperiumMarker::Landsraad];
        !banned && self.battle_dice(bt, f) < self.d().tables.combat.max_dice
    }

    pub(crate) fn legal_battle(&self, bt: &Battle, out: &mut Vec<Action>) {
        match bt.step {
            BattleStep::Discard(f) => {
                if self.may_discard_for_dice(bt, f) {
                    // AR-LEADER-23: never Hawat's Scheming.
                    for c in self.discardable_hand(f) {
                        out.push(Action::Discard(c));
                    }
                }
                out.push(Action::Done);
            }
            BattleStep::Convert(f) => {
                for (who, _) in self.conversion_options(bt, f) {
                    out.push(Action::Convert(who));
                }
            }
            BattleStep::Casualty(_) | BattleStep::ContinueCasualty => {
                out.push(Action::LoseUnit(UnitKind::Elite));
                out.push(Action::LoseUnit(UnitKind::Special));
            }
            BattleStep::Continue => {
                out.push(Action::Continue);
                out.push(Action::Done);
            }
            BattleStep::Retreat => {
                let def = bt.attacker.other();
                let s = &self.areas[bt.at.index()];
                let n = s.unit_count(def);
                // An open area; never a wormsign for the Harkonnen.
                let open = self.retreat_options(def, bt.at, n, def == Faction::Harkonnen);
                for b in open.iter() {
                    if b != bt.from {
                        out.push(Action::Retreat(b));
                    }
                }
                out.push(Action::Done);
            }
            BattleStep::Advance => {
                out.push(Action::Advance);
                // AR-OPT-01: the wiki's "must advance".
                if !self.rules.must_advance {
                    out.push(Action::Done);
                }
            }
        }
    }

    pub(crate) fn step_battle(&mut self, mut bt: Battle, a: Action, ev: &mut Vec<Event>) {
        match (bt.step, a) {
            (BattleStep::Discard(f), Action::Discard(c)) => {
                let h = self.house_mut(f);
                let i = h.hand.iter().position(|x| *x == c).expect("legal");
                h.hand.remove(i);
                h.discard.push(c);
                bt.discards[f] += 1;
                ev.push(Event::CardDiscarded {
                    faction: f,
                    card: c,
                });
                self.prompt = Prompt::Battle(bt);
            }
            (BattleStep::Discard(f), _) if f == bt.attacker => {
                bt.step = BattleStep::Discard(f.other());
                self.prompt = Prompt::Battle(bt);
            }
            (BattleStep::Discard(_), _) => self.combat_round(bt, ev),
            (BattleStep::Convert(f), Action::Convert(who)) => {
                self.apply_conversion(&mut bt, f, who);
                self.next_conversion(bt, ev);
            }
            (BattleStep::Convert(_), _) => unreachable!("legal"),
            (BattleStep::Casualty(f), Action::LoseUnit(k)) => self.lose_unit(bt, f, k, ev),
            (BattleStep::Casualty(_), _) => unreachable!("legal"),
            (BattleStep::Continue, Action::Continue) => {
                // AR-COMBAT-29 (AR-OPT-06: only against a settlement/sietch).
                let s = &self.areas[bt.at.index()];
                let fortified = s.settlement || s.sietch.is_some() || self.hook_sietch_at(bt.at);
                // Killers without Mercy: continuing is free.
                let free = bt.boost == Boost::FreeContinue;
                if !free && (!self.rules.continue_cost_settlement_only || fortified) {
                    bt.hits[bt.attacker] = self.d().tables.combat.continue_cost_hits;
                }
                self.pay_continue(bt, ev);
            }
            (BattleStep::ContinueCasualty, Action::LoseUnit(k)) => {
                // AR-COMBAT-20, AR-COMBAT-29: the attacker's pick.
                let att = bt.attacker;
                self.lose_chosen(&mut bt, att, k, ev);
                self.pay_continue(bt, ev);
            }
            (BattleStep::ContinueCasualty, _) => unreachable!("legal"),
            (BattleStep::Retreat, Action::Retreat(to)) => {
                // AR-OPT-05, AR-COMBAT-32: the attacker wins.
                let def = bt.attacker.other();
                let s = &self.areas[bt.at.index()];
                let g = Group {
                    units: s.units[def],
                    tokens: 0,
                    generic: s.generic[def],
                    named: named_of(s.named, def, self.d()),
                    escorts: self.escorts_at(def, bt.at),
                };
                let group = self.lift(def, bt.at, &g);
                // An expansion may end the retreat (DW-SANDRIDER-10).
                if self.hook_defender_retreating(&bt, to, &group, ev) {
                    return;
                }
                self.drop_group(def, to, &group);
                self.hook_legion_arrived(def, to, ev); // DW-TROOPER-13
                self.attacker_wins(bt, ev);
            }
            (BattleStep::Retreat, _) => {
                bt.step = BattleStep::Discard(bt.attacker);
                self.prompt = Prompt::Battle(bt);
            }
            (BattleStep::Continue, _) => self.end_battle(bt, false, ev),
            (BattleStep::Advance, Action::Advance) => {
                let group = (bt.group, Vec::new());
                // An expansion may end the advance (DW-SANDRIDER-10).
                if self.hook_attacker_advancing(&bt, &group, ev) {
                    return;
                }
                self.drop_group(bt.attacker, bt.at, &group);
                // Once per arrival, as a move (`movement.rs`).
                self.hook_legion_arrived(bt.attacker, bt.at, ev); // DW-TROOPER-13, DW-CAMP-09
                ev.push(Event::Moved {
                    faction: bt.attacker,
                    from: bt.from,
                    to: bt.at,
                });
                // AR-HARV: an advancing Atreides legion removes a harvester.
                self.after_entering(bt.attacker, bt.at, ev);
                self.finish_battle(bt.attacker, ev);
            }
            (BattleStep::Advance, _) => {
                let group = (bt.group, Vec::new());
                self.drop_group(bt.attacker, bt.from, &group);
                self.finish_battle(bt.attacker, ev);
            }
        }
    }

    /// One roll of both sides (AR-COMBAT-09); conversions and casualties
    /// follow.
    fn combat_round(&mut self, mut bt: Battle, ev: &mut Vec<Event>) {
        let att = bt.attacker;
        for f in [att, att.other()] {
            let dice = self.battle_dice(&bt, f);
            let faces = self.d().tables.combat.faces.clone();
            let mut r = [dice, 0, 0, 0];
            for _ in 0..dice {
                match faces[self.roll(faces.len())] {
                    CombatFace::Hit => r[1] += 1,
                    CombatFace::Shield => r[2] += 1,
                    CombatFace::Special => r[3] += 1,
                }
            }
            // AR-OPT-07: the wiki's surprise attack adds a Special instead.
            if f == att && bt.surprise && bt.first_round && self.rules.surprise_special {
                r[3] += 1;
            }
            bt.roll[f] = r;
        }
        bt.used_generic = ByFaction::default();
        bt.used_named = 0;
        self.next_conversion(bt, ev);
    }

    /// The leaders of side `f` that may still convert a Special this round:
    /// a generic leader (`None`) if one is unused, and each unused named
    /// leader with a conversion.
    fn conversion_options(&self, bt: &Battle, f: Faction) -> Vec<(Option<LeaderId>, Conversion)> {
        let d = self.d();
        let (generic, named) = if f == bt.attacker {
            (bt.group.generic, bt.group.named)
        } else {
            let s = &self.areas[bt.at.index()];
            (s.generic[f], named_of(s.named, f, d))
        };
        let mut v = Vec::new();
        if generic > bt.used_generic[f] {
            v.push((None, d.tables.combat.generic_leader));
        }
        let mut m = named & !bt.used_named;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            if let Some(c) = self.conversion_of(LeaderId(i as u8)) {
                v.push((Some(LeaderId(i as u8)), c));
            }
        }
        v
    }

    /// How many leaders of side `f` can still convert.
    fn leaders_left(&self, bt: &Battle, f: Faction) -> u8 {
        let d = self.d();
        let (generic, named) = if f == bt.attacker {
            (bt.group.generic, bt.group.named)
        } else {
            let s = &self.areas[bt.at.index()];
            (s.generic[f], named_of(s.named, f, d))
        };
        let mut n = generic - bt.used_generic[f];
        let mut m = named & !bt.used_named;
        while m != 0 {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            n += u8::from(self.conversion_of(LeaderId(i)).is_some());
        }
        n
    }

    /// A named leader's conversion (Gurney's printed one only under the
    /// `gurney_combat_strip` option).
    fn conversion_of(&self, l: LeaderId) -> Option<Conversion> {
        let leader = self.d().leader(l);
        match (
            leader.combat,
            leader.combat_printed,
            self.rules.gurney_strip,
        ) {
            (Some(c), _, _) => Some(c),
            (None, Some(p), true) => Some(p),
            _ => None,
        }
    }

    fn apply_conversion(&self, bt: &mut Battle, f: Faction, who: Option<LeaderId>) {
        let c = match who {
            None => self.d().tables.combat.generic_leader,
            Some(l) => self.conversion_of(l).expect("legal"),
        };
        let r = &mut bt.roll[f];
        r[1] += c.hits;
        r[2] += c.shields;
        r[3] -= 1;
        match who {
            None => bt.used_generic[f] += 1,
            Some(l) => bt.used_named |= 1 << l.0,
        }
    }

    /// AR-COMBAT-12 to AR-COMBAT-17: each leader converts at most 1
    /// Special; a side asks its player only when it has more leaders than
    /// Specials and they differ, the attacker first; otherwise every
    /// leader converts.
    fn next_conversion(&mut self, mut bt: Battle, ev: &mut Vec<Event>) {
        for f in [bt.attacker, bt.attacker.other()] {
            loop {
                let specials = bt.roll[f][3];
                let opts = self.conversion_options(&bt, f);
                if specials == 0 || opts.is_empty() {
                    break;
                }
                let same = opts.iter().all(|o| o.1 == opts[0].1) && opts.len() == 1;
                if self.leaders_left(&bt, f) <= specials || same {
                    self.apply_conversion(&mut bt, f, opts[0].0);
                    continue;
                }
                bt.step = BattleStep::Convert(f);
                self.prompt = Prompt::Battle(bt);
                return;
            }
        }
        self.resolve_round(bt, ev);
    }

    /// Sardaukar and Fedaykin, then casualties (AR-COMBAT-18 to -27).
    fn resolve_round(&mut self, mut bt: Battle, ev: &mut Vec<Event>) {
        let att = bt.attacker;
        let def = att.other();
        let mut res = ByFaction::<(u8, u8)>::default();
        let mut specials_units = ByFaction::<u8>::default();
        for f in [att, def] {
            let r = bt.roll[f];
            ev.push(Event::CombatRoll {
                faction: f,
                dice: r[0],
                hits: r[1],
                shields: r[2],
            });
            res[f] = (r[1], r[2]);
            specials_units[f] = if f == att {
                bt.group.units.special
            } else {
                self.areas[bt.at.index()].units[f].special
            };
        }
        // AR-COMBAT-18: each Sardaukar/Fedaykin cancels 1 opposing Shield.
        for f in [att, def] {
            let o = f.other();
            res[o].1 = res[o].1.saturating_sub(specials_units[f]);
        }
        bt.hits[att] = res[def].0.saturating_sub(res[att].1);
        bt.hits[def] = res[att].0.saturating_sub(res[def].1);
        self.casualties(bt, ev);
    }

    fn target_of(bt: &Battle, f: Faction) -> Target {
        if f == bt.attacker {
            Target::Attackers
        } else {
            Target::Area(bt.at)
        }
    }

    fn legion_units(&self, bt: &Battle, f: Faction) -> Units {
        if f == bt.attacker {
            bt.group.units
        } else {
            self.areas[bt.at.index()].units[f]
        }
    }

    /// Takes the round's hits, the attacker's first (AR-COMBAT-23), asking
    /// the owner only when the elite to lose is a real choice.
    fn casualties(&mut self, mut bt: Battle, ev: &mut Vec<Event>) {
        for f in [bt.attacker, bt.attacker.other()] {
            while bt.hits[f] > 0 {
                let u = self.legion_units(&bt, f);
                if Self::elite_choice(u) {
                    bt.step = BattleStep::Casualty(f);
                    self.prompt = Prompt::Battle(bt);
                    return;
                }
                bt.hits[f] -= 1;
                self.take_hits(f, Self::target_of(&bt, f), &mut bt, 1, ev);
            }
        }
        self.round_outcome(bt, ev);
    }

    /// One hit taken on the chosen elite, then the round's other hits.
    fn lose_unit(&mut self, mut bt: Battle, f: Faction, k: UnitKind, ev: &mut Vec<Event>) {
        self.lose_chosen(&mut bt, f, k, ev);
        self.casualties(bt, ev);
    }

    /// One of `f`'s pending hits taken on the chosen elite: it becomes a
    /// regular if one is in supply, else it is removed (AR-COMBAT-20,
    /// AR-COMBAT-21).
    fn lose_chosen(&mut self, bt: &mut Battle, f: Faction, k: UnitKind, ev: &mut Vec<Event>) {
        let mut u = self.legion_units(bt, f);
        self.lose_elite(f, &mut u, k);
        match Self::target_of(bt, f) {
            Target::Area(a) => self.areas[a.index()].units[f] = u,
            Target::Attackers => bt.group.units = u,
        }
        bt.hits[f] -= 1;
        self.take_hits(f, Self::target_of(bt, f), bt, 0, ev);
    }

    /// The elite of kind `k` in `u` takes a hit: swapped for a regular from
    /// `f`'s supply, or removed if none is left (AR-COMBAT-20, -21).
    pub(crate) fn lose_elite(&mut self, f: Faction, u: &mut Units, k: UnitKind) {
        let supply = &mut self.houses[f].supply;
        u[k] -= 1;
        supply[k] += 1;
        if supply.regular > 0 {
            supply.regular -= 1;
            u.regular += 1;
        }
    }

    /// Whether the next hit on units `u` is the owner's pick: no regular,
    /// and both an elite and a special elite (AR-COMBAT-20).
    pub(crate) fn elite_choice(u: Units) -> bool {
        u.regulars() == 0 && u.elite > 0 && u.special > 0
    }

    /// The attacker takes the hits of continuing one by one, asking when
    /// the elite to lose is a real choice (AR-COMBAT-29, AR-COMBAT-20);
    /// then the next round, or the end if nothing is left.
    fn pay_continue(&mut self, mut bt: Battle, ev: &mut Vec<Event>) {
        let att = bt.attacker;
        while bt.hits[att] > 0 {
            if Self::elite_choice(bt.group.units) {
                bt.step = BattleStep::ContinueCasualty;
                self.prompt = Prompt::Battle(bt);
                return;
            }
            bt.hits[att] -= 1;
            self.take_hits(att, Target::Attackers, &mut bt, 1, ev);
        }
        if bt.group.unit_count() == 0 {
            self.end_battle(bt, false, ev);
            return;
        }
        bt.first_round = false;
        bt.discards = ByFaction::default();
        bt.step = if self.rules.defender_retreat {
            BattleStep::Retreat
        } else {
            BattleStep::Discard(bt.attacker)
        };
        self.prompt = Prompt::Battle(bt);
    }

    /// Who stands after the casualties.
    fn round_outcome(&mut self, mut bt: Battle, ev: &mut Vec<Event>) {
        let def = bt.attacker.other();
        let att_alive = bt.group.unit_count() > 0;
        let def_alive = self.areas[bt.at.index()].unit_count(def) > 0;
        match (att_alive, def_alive) {
            (true, false) => self.attacker_wins(bt, ev),
            (false, _) => self.end_battle(bt, false, ev),
            (true, true) => {
                bt.step = BattleStep::Continue;
                self.prompt = Prompt::Battle(bt);
            }
        }
    }

    /// Applies `n` hits to a legion in the casualty order (AR-COMBAT-19 to
    /// AR-COMBAT-22, AR-COMBAT-24 to AR-COMBAT-26).
    pub(crate) fn take_hits(
        &mut self,
        f: Faction,
        target: Target,
        bt: &mut Battle,
        n: u8,
        ev: &mut Vec<Event>,
    ) {
        let _ = ev;
        for _ in 0..n {
            let units = match target {
                Target::Area(a) => self.areas[a.index()].units[f],
                Target::Attackers => bt.group.units,
            };
            let mut u = units;
            let supply = &mut self.houses[f].supply;
            if u.regular > 0 {
                u.regular -= 1;
                supply.regular += 1;
            } else if u.smuggler > 0 {
                // SM-UNIT-04: a Smuggler Regular is a regular unit, hit after
                // the Atreides regulars (docs/rules-decisions.md, Smugglers,
                // Alliance), back to the Atreides supply of Smuggler units.
                u.smuggler -= 1;
                supply.smuggler += 1;
            } else if u.elite > 0 || u.special > 0 {
                // Only one kind of elite here: callers ask the owner when
                // both are (AR-COMBAT-20, `elite_choice`).
                let k = if u.elite > 0 {
                    UnitKind::Elite
                } else {
                    UnitKind::Special
                };
                u[k] -= 1;
                supply[k] += 1;
                if supply.regular > 0 {
                    supply.regular -= 1;
                    u.regular += 1;
                }
            } else {
                // Only leaders left: remove one, generic first.
                match target {
                    Target::Area(a) => self.remove_one_leader_at(f, a),
                    Target::Attackers => {
                        if bt.group.generic > 0 {
                            bt.group.generic -= 1;
                            self.houses[f].generic_supply += 1;
                        } else if bt.group.named != 0 {
                            let i = bt.group.named.trailing_zeros() as u8;
                            bt.group.named &= !(1 << i);
                            self.send_to_tank(LeaderId(i));
                        }
                    }
                }
                continue;
            }
            match target {
                Target::Area(a) => self.areas[a.index()].units[f] = u,
                Target::Attackers => bt.group.units = u,
            }
        }
        // AR-COMBAT-24: no unit left, the leaders go too.
        match target {
            Target::Area(a) => self.remove_lonely_leaders(a),
            Target::Attackers => {
                if bt.group.unit_count() == 0 {
                    self.houses[f].generic_supply += bt.group.generic;
                    bt.group.generic = 0;
                    let mut m = bt.group.named;
                    bt.group.named = 0;
                    while m != 0 {
                        let i = m.trailing_zeros() as u8;
                        m &= m - 1;
                        self.send_to_tank(LeaderId(i));
                    }
                }
            }
        }
    }

    fn remove_one_leader_at(&mut self, f: Faction, a: AreaId) {
        if self.areas[a.index()].generic[f] > 0 {
            self.areas[a.index()].generic[f] -= 1;
            self.houses[f].generic_supply += 1;
            return;
        }
        let named = named_of(self.areas[a.index()].named, f, self.d());
        if named != 0 {
            let i = named.trailing_zeros() as u8;
            self.areas[a.index()].named &= !(1 << i);
            self.send_to_tank(LeaderId(i));
        }
    }

    /// Removes the leaders of any side left without a unit in `a`
    /// (AR-COMBAT-24, AR-MOVE-13).
    pub(crate) fn remove_lonely_leaders(&mut self, a: AreaId) {
        for f in Faction::ALL {
            while self.areas[a.index()].unit_count(f) == 0
                && self.areas[a.index()].leader_count(f, self.d()) > 0
            {
                self.remove_one_leader_at(f, a);
            }
        }
    }

    /// A named leader goes to the leftmost box of its owner's tank,
    /// shifting the others right (AR-COMBAT-26, AR-LEADER-09, AR-LEADER-10).
    pub(crate) fn send_to_tank(&mut self, l: LeaderId) {
        let f = self.d().leader(l).faction;
        self.advance_tank(f);
        self.leaders[usize::from(l.0)] = LeaderAt::Tank(0);
    }

    /// AR-LEADER-11, AR-LEADER-13: each die spent moves `f`'s tank leaders
    /// one box right at the end of the turn (`end_turn`); off the end they
    /// may be deployed again.
    pub(crate) fn advance_tank(&mut self, f: Faction) {
        let d = self.d();
        let boxes = d.tables.tracks.regeneration_tank_boxes;
        let mut left = Vec::new();
        for i in 0..self.leaders.len() {
            if d.leaders[i].faction == f
                && let LeaderAt::Tank(b) = self.leaders[i]
            {
                self.leaders[i] = if b + 1 >= boxes {
                    left.push(LeaderId(i as u8));
                    LeaderAt::SetAside
                } else {
                    LeaderAt::Tank(b + 1)
                };
            }
        }
        // An expansion's leader may come back its own way (SM-STABAN-05).
        for l in left {
            self.hook_leader_left_tank(l);
        }
    }

    /// The attacker won: destroy what stands there, then advance or stay.
    pub(crate) fn attacker_wins(&mut self, mut bt: Battle, ev: &mut Vec<Event>) {
        ev.push(Event::BattleEnded {
            winner: Some(bt.attacker),
        });
        self.destroy_settlement(bt.attacker, bt.at, ev);
        // A leader that entered play as it fell (AR-PRESC-17, AR-PRESC-18,
        // the supremacy steps) takes the place of a figure fighting in the
        // group, not of one in the area it came from (AR-LEADER-16).
        bt.group.named = self.regroup(bt.group.named, bt.from);
        if self.winner.is_some() {
            // The game ended at once: the victors stay where they attacked
            // from, so every figure is still somewhere.
            let group = (bt.group, Vec::new());
            self.drop_group(bt.attacker, bt.from, &group);
            return;
        }
        bt.step = BattleStep::Advance;
        self.prompt = Prompt::Battle(bt);
    }

    /// The battle ends without an advance: surviving attackers stay home.
    pub(crate) fn end_battle(&mut self, bt: Battle, _won: bool, ev: &mut Vec<Event>) {
        // AR-COMBAT-31, AR-COMBAT-33: the defender wins if it still stands.
        let defender = bt.attacker.other();
        let winner = (self.areas[bt.at.index()].unit_count(defender) > 0).then_some(defender);
        ev.push(Event::BattleEnded { winner });
        let group = (bt.group, Vec::new());
        if bt.group.unit_count() > 0 {
            self.drop_group(bt.attacker, bt.from, &group);
        }
        self.finish_battle(bt.attacker, ev);
    }

    fn finish_battle(&mut self, attacker: Faction, ev: &mut Vec<Event>) {
        let then = AfterExcess::EndTurn(attacker);
        if !self.enforce_stacking(attacker, then) {
            self.end_turn(attacker, ev);
        }
    }

    /// AR-COMBAT-36, AR-COMBAT-39 to AR-COMBAT-41, AR-PRESC-12, AR-WIN-04.
    fn destroy_settlement(&mut self, attacker: Faction, at: AreaId, ev: &mut Vec<Event>) {
        let s = &mut self.areas[at.index()];
        match attacker {
            Faction::Harkonnen => {
                if let Some(si) = s.sietch.take() {
                    ev.push(Event::Destroyed { area: at });
                    self.gain_supremacy(si.rank, ev);
                }
                self.hook_harkonnen_conquered(at, ev); // SM-DEFEAT-01
            }
            Faction::Atreides => {
                if s.settlement {
                    s.settlement = false;
                    ev.push(Event::Destroyed { area: at });
                    self.settlements_destroyed += 1;
                    let info = self.d().board.area(at).settlement.expect("settlement");
                    for m in Marker::ALL {
                        self.advance_prescience(m, info.rank, ev);
                    }
                    if info.kind == SettlementKind::Arrakeen && self.objective_met() {
                        self.win(
                            Faction::Atreides,
                            "Arrakeen fell and every score of the secret objective is met",
                            ev,
                        );
                    }
                }
            }
        }
    }

    /// The attacking group of a battle, for tests.
    pub fn battle_group(&self) -> Option<Group> {
        self.pending_battle().map(|b| b.group)
    }

    /// The battle going on or waiting, its attackers off the board: the
    /// current decision's, or one a decision interrupted.
    pub fn pending_battle(&self) -> Option<Battle> {
        match self.prompt {
            Prompt::Battle(b) => Some(b),
            // Defenders revealed over the limit: the battle waits on the
            // Atreides' pick of the excess, its attackers off the board.
            Prompt::Excess(_, _, AfterExcess::Battle(b)) => Some(b),
            // A battle an expansion holds paused (DW-SANDRIDER-10,
            // SM-ALLY-06, SM-STABAN-05).
            _ => self.hook_paused_battle(),
        }
    }
}

impl Arrakis {
    /// The rule a refused battle action breaks.
    pub(crate) fn battle_refusal(&self, b: &Battle, action: &Action) -> &'static str {
        match action {
            Action::Discard(_) if matches!(b.step, BattleStep::Discard(_)) => "AR-COMBAT-05",
            Action::LoseUnit(_)
                if matches!(
                    b.step,
                    BattleStep::ContinueCasualty | BattleStep::Casualty(_)
                ) =>
            {
                "AR-COMBAT-20"
            }
            _ => "AR-ACT-17",
        }
    }
}
