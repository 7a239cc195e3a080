//! Fremen Sandriders (DW-SANDRIDER-02 to DW-SANDRIDER-18) and the
//! Sandriders leader card (DW-LEADERS-01 to DW-LEADERS-03): one placed
//! instead of a wormsign by a wormsign Desert Power; the card's special
//! action (a sandworm on a lone Sandrider, then a wormsign); a lone
//! Sandrider (no sandworm in its area) counts as a wormsign for sandriding
//! and calls a sandworm when a Harkonnen legion enters; a Sandrider with a
//! sandworm rides it: it moves with it, reaches 3 areas (the first two on
//! the way desert) and rolls 5 dice (`sandrider_dice`), and is removed
//! when the sandworm attacks. A Desert Hazards relocation leaves it behind
//! (the sandworm goes, the Sandrider stays).
use super::action::DwAction;
use super::data::desert_war;
use super::event::DwEvent;
use super::prompt::{AtreidesThen, BoxSpecial, DwPrompt};
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use crate::arrakis::ids::{AreaId, AreaSet, Faction};
use crate::arrakis::prompt::{Battle, Group, Move, Prompt};
use crate::arrakis::state::{Arrakis, Phase, Worm};

const A: Faction = Faction::Atreides;

impl Arrakis {
    /// The expansion's choices at the Desert Power's wormsign prompt: the
    /// Desert War action before it (DW-ATREIDES-02) and a Sandrider
    /// instead of a wormsign (DW-SANDRIDER-02 to DW-SANDRIDER-04).
    pub(crate) fn legal_wormsigns_atreides_desert_war(&self, n: u8, out: &mut Vec<Action>) {
        self.legal_atreides_before(n, out);
        let Some(dw) = &self.expansions.desert_war else {
            return;
        };
        if n == 0 || dw.sandrider_placed || dw.sandriders == 0 {
            return;
        }
        for a in self.empty_desert_areas().iter() {
            out.push(Action::Expansion(ExpansionAction::DesertWar(
                DwAction::PlaceSandrider(a),
            )));
        }
    }

    /// Applies an expansion choice at the wormsign prompt.
    pub(crate) fn step_wormsigns_atreides_desert_war(
        &mut self,
        n: u8,
        x: DwAction,
        ev: &mut Vec<Event>,
    ) {
        match x {
            DwAction::PlaceSandrider(area) => {
                if let Some(dw) = self.expansions.desert_war.as_mut() {
                    dw.sandriders -= 1;
                    dw.sandrider_placed = true;
                }
                self.areas[area.index()].expansions.desert.sandriders += 1;
                ev.push(Event::Expansion(ExpansionEvent::DesertWar(
                    DwEvent::SandriderPlaced { area },
                )));
                self.prompt = Prompt::Wormsigns(n - 1);
            }
            _ => self.start_atreides_action(x, AtreidesThen::DesertPower, ev),
        }
    }

    /// The rule a refused expansion choice at the wormsign prompt breaks.
    pub(crate) fn wormsigns_atreides_desert_war_refusal(
        &self,
        action: &Action,
        x: DwAction,
    ) -> &'static str {
        match x {
            DwAction::PlaceSandrider(_) => match &self.expansions.desert_war {
                Some(d) if d.sandrider_placed || d.sandriders == 0 => "DW-SANDRIDER-03",
                Some(_) => "DW-SANDRIDER-04",
                None => "AR-ACT-17",
            },
            DwAction::DeployRockets | DwAction::RocketAttack(_) => {
                self.atreides_action_refusal(action)
            }
            _ => "AR-ACT-17",
        }
    }

    /// A Sandrider alone in its area: no sandworm there (docs DQ11).
    pub(crate) fn lone_sandrider(&self, a: AreaId) -> bool {
        let s = &self.areas[a.index()];
        s.expansions.desert.sandriders > 0 && s.worm.is_none()
    }

    /// DW-SANDRIDER-05, DW-SANDRIDER-07: a Sandrider and no other token or
    /// figure in `a`.
    fn only_a_sandrider(&self, a: AreaId) -> bool {
        let s = &self.areas[a.index()];
        let mut rest = *s;
        rest.expansions.desert.sandriders = 0;
        s.expansions.desert.sandriders > 0 && rest.is_empty()
    }

    /// A sandworm (never the Wild Maker, DW-SANDRIDER-06) may come: from
    /// off the board, or a normal one on the board moves (AR-HAZ-15).
    fn normal_worm_available(&self) -> bool {
        (self.worms_off > 0 && self.sandworms_on_board() < self.sandworm_cap())
            || self.areas.iter().any(|s| s.worm == Some(Worm::Normal))
    }

    /// DW-SANDRIDER-05, DW-LEADERS-01, DW-LEADERS-02: the Sandriders card's
    /// special action, offered at the Atreides turn when Desert Power may
    /// be taken and the card is face up, beside any other Desert Power
    /// box leader's (the Wild Maker's).
    pub(crate) fn legal_sandriders_special(&self, out: &mut Vec<Action>) {
        let Some(dw) = &self.expansions.desert_war else {
            return;
        };
        if dw.sandriders_card_spent || !self.desert_power_allowed() || !self.normal_worm_available()
        {
            return;
        }
        for i in 0..self.areas.len() {
            let a = AreaId(i as u8);
            if self.only_a_sandrider(a) {
                out.push(Action::Expansion(ExpansionAction::DesertWar(
                    DwAction::Sandriders(a),
                )));
            }
        }
    }

    /// The Atreides turn's expansion actions.
    pub(crate) fn step_turn_atreides_desert_war(&mut self, x: DwAction, ev: &mut Vec<Event>) {
        let DwAction::Sandriders(area) = x else {
            return;
        };
        // DW-LEADERS-03: only this card is spent; DW-ATREIDES-01: it is a
        // Desert Power action, with its Desert War action after it.
        self.atreides_desert_war_opens(false);
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.sandriders_card_spent = true;
            // No Sandrider instead of this wormsign (DW-SANDRIDER-02 names
            // the Desert Power's own two).
            dw.sandrider_placed = true;
        }
        ev.push(Event::Expansion(ExpansionEvent::DesertWar(
            DwEvent::SandridersSpecial { area },
        )));
        // DW-ATREIDES-02: its Desert War action may come before it.
        if self.atreides_before_special(BoxSpecial::Sandriders(area)) {
            return;
        }
        self.sandriders_special_starts(area, ev);
    }

    /// DW-SANDRIDER-05: the Sandriders special, chosen, takes effect: the
    /// sandworm comes to the Sandrider in `area`, then the wormsign.
    pub(crate) fn sandriders_special_starts(&mut self, area: AreaId, ev: &mut Vec<Event>) {
        // AR-HAZ-15: with none free and several on the board, the Atreides
        // pick which sandworm comes.
        if self.worm_choice_needed() {
            self.prompt =
                Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::SandridersWorm(area)));
            return;
        }
        // DW-SANDRIDER-05, DW-SANDRIDER-11: the sandworm comes and the
        // Sandrider rides it.
        self.place_worm_figure(area, ev);
        self.sandriders_wormsign(ev);
    }

    /// AR-HAZ-15: the sandworms on the board that may come to `area`.
    pub(crate) fn legal_sandriders_worm(&self, area: AreaId, out: &mut Vec<Action>) {
        for (i, s) in self.areas.iter().enumerate() {
            if s.worm == Some(Worm::Normal) {
                out.push(Action::WormMove(AreaId(i as u8), area));
            }
        }
    }

    /// The picked sandworm comes (its own riders with it), then the
    /// wormsign.
    pub(crate) fn step_sandriders_worm(&mut self, a: Action, ev: &mut Vec<Event>) {
        if let Action::WormMove(from, to) = a {
            let w = self.areas[from.index()].worm.take();
            self.areas[to.index()].worm = w;
            self.riders_follow(from, to);
            ev.push(Event::SandwormPlaced { area: to });
        }
        self.sandriders_wormsign(ev);
    }

    /// DW-SANDRIDER-08: after the Sandriders' sandworm, one wormsign
    /// (AR-DP-07 keeps it off the sandworm's area).
    fn sandriders_wormsign(&mut self, ev: &mut Vec<Event>) {
        if self.wormsign_pool.is_empty() {
            self.end_turn(A, ev);
        } else {
            self.prompt = Prompt::Wormsigns(desert_war().sandriders_leader.wormsigns);
        }
    }

    /// The rule a refused expansion action at the Atreides turn breaks.
    pub(crate) fn turn_atreides_desert_war_refusal(&self, action: &Action) -> &'static str {
        match action {
            Action::Expansion(ExpansionAction::DesertWar(DwAction::Sandriders(_))) => {
                "DW-SANDRIDER-05"
            }
            Action::Expansion(ExpansionAction::DesertWar(
                DwAction::DeployRockets | DwAction::RocketAttack(_),
            )) => "DW-ATREIDES-03",
            _ => "AR-ACT-17",
        }
    }

    /// DW-SANDRIDER-10: a Harkonnen legion (`group`, lifted from `from`)
    /// enters the lone Sandrider's area `to` by a move: the Sandrider is
    /// removed and a sandworm comes, as for a revealed sandworm wormsign
    /// (AR-HAZ-47 to AR-HAZ-51). False when there is none: the move goes
    /// on as usual.
    pub(crate) fn harkonnen_enters_sandrider(
        &mut self,
        m: &mut Move,
        from: AreaId,
        to: AreaId,
        group: &(Group, Vec<u8>),
        ev: &mut Vec<Event>,
    ) -> bool {
        if !self.lone_sandrider(to) {
            return false;
        }
        let n = std::mem::take(&mut self.areas[to.index()].expansions.desert.sandriders);
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.sandriders += n;
        }
        ev.push(Event::Expansion(ExpansionEvent::DesertWar(
            DwEvent::SandriderRemoved { area: to },
        )));
        self.harkonnen_calls_worm(m, from, to, group, ev);
        true
    }

    /// DW-SANDRIDER-10: a victorious Harkonnen legion (`group`) advances
    /// into the lone Sandrider's area: the Sandrider is removed and a
    /// sandworm comes, as when a move reveals one (the legion retreats from
    /// it, or stays and is attacked); the battle's action is then over.
    /// False when there is no lone Sandrider: the advance goes on as usual.
    pub(crate) fn harkonnen_advances_on_sandrider(
        &mut self,
        bt: &Battle,
        group: &(Group, Vec<u8>),
        ev: &mut Vec<Event>,
    ) -> bool {
        if bt.attacker != Faction::Harkonnen || !self.lone_sandrider(bt.at) {
            return false;
        }
        let mut m = one_harkonnen_legion();
        self.harkonnen_enters_sandrider(&mut m, bt.from, bt.at, group, ev)
    }

    /// DW-SANDRIDER-10: the Harkonnen defender of a battle (`group`,
    /// lifted from the battle's area) retreats (AR-OPT-05) into the lone
    /// Sandrider's area `to`: the Sandrider is removed and a sandworm comes,
    /// as when a move reveals one (the legion retreats once more, or stays
    /// and is attacked; the Wild Maker may come; a harvester there is
    /// destroyed). The battle, won by the attacker, waits until that is
    /// over, then its attacker advances or stays (docs/rules-decisions.md,
    /// "A lone Sandrider entered by a Harkonnen legion"). False when there
    /// is no lone Sandrider: the retreat goes on as usual.
    pub(crate) fn harkonnen_retreats_on_sandrider(
        &mut self,
        bt: &Battle,
        to: AreaId,
        group: &(Group, Vec<u8>),
        ev: &mut Vec<Event>,
    ) -> bool {
        if bt.attacker != A || !self.lone_sandrider(to) {
            return false;
        }
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.retreat_battle = Some(*bt);
        }
        let mut m = one_harkonnen_legion();
        self.harkonnen_enters_sandrider(&mut m, bt.at, to, group, ev)
    }

    /// DW-SANDRIDER-10: once the sandworm a retreating defender called is
    /// resolved, the battle it retreated from goes on: its attacker won
    /// (AR-COMBAT-32) and advances or stays. False when no battle waits.
    pub(crate) fn resume_retreat_battle(&mut self, ev: &mut Vec<Event>) -> bool {
        let Some(bt) = self
            .expansions
            .desert_war
            .as_mut()
            .and_then(|d| d.retreat_battle.take())
        else {
            return false;
        };
        self.attacker_wins(bt, ev);
        true
    }

    /// DW-SANDRIDER-10: the areas a Harkonnen legion retreating from a
    /// sandworm (AR-HAZ-50, AR-OPT-08) may not go to: a lone Sandrider's
    /// (it would call a second sandworm before the first is resolved; one
    /// retreat is the usual consequence), and, for a defender that
    /// retreated from a battle onto a Sandrider, the battle's two areas
    /// (the attacker's, won or home).
    pub(crate) fn sandworm_retreat_closed(&self) -> AreaSet {
        if self.expansions.desert_war.is_none() {
            return AreaSet::EMPTY;
        }
        let mut out: AreaSet = (0..self.areas.len())
            .map(|i| AreaId(i as u8))
            .filter(|a| self.lone_sandrider(*a))
            .collect();
        if let Some(bt) = self
            .expansions
            .desert_war
            .as_ref()
            .and_then(|d| d.retreat_battle)
        {
            out.insert(bt.at);
            out.insert(bt.from);
        }
        out
    }

    /// DW-SANDRIDER-14, DW-SANDRIDER-16: how far a sandworm in `from`
    /// reaches: 3 with a Sandrider, the areas on the way desert.
    pub(crate) fn ridden_reach(&self, from: AreaId) -> Option<u8> {
        (self.areas[from.index()].expansions.desert.sandriders > 0)
            .then(|| desert_war().sandriders.ridden_reach)
    }

    /// DW-SANDRIDER-14, DW-SANDRIDER-16: a ridden sandworm's targets: up
    /// to `reach` areas away, each area on the way desert, never a
    /// mountain.
    pub(crate) fn ridden_worm_targets(&self, from: AreaId, reach: u8) -> AreaSet {
        let b = self.d().board;
        let mut all = AreaSet::one(from);
        let mut frontier = AreaSet::one(from);
        for step in 0..reach {
            let mut next = AreaSet::EMPTY;
            for m in frontier.iter() {
                // The start is the sandworm's own area; every area passed
                // after it must be desert.
                if step == 0 || self.is_desert(m) {
                    next = next.union(b.passable[m.index()].union(b.impassable[m.index()]));
                }
            }
            frontier = next.minus(all);
            all = all.union(next);
        }
        all.minus(self.mountains_now())
    }

    /// DW-SANDRIDER-14: a ridden sandworm moves up to 3 areas through the
    /// desert (`sandworm_riders=one`: not into another Sandrider's area).
    pub(crate) fn ridden_worm_moves(&self, from: AreaId, reach: u8) -> AreaSet {
        let b = self.d().board;
        let desert = self.desert_now();
        let mut all = AreaSet::EMPTY;
        let mut frontier = AreaSet::one(from);
        for _ in 0..reach {
            let mut next = AreaSet::EMPTY;
            for m in frontier.iter() {
                next = next.union(b.passable[m.index()].intersection(desert));
            }
            frontier = next.minus(all);
            all = all.union(next);
        }
        all.remove(from);
        let d = self.d();
        let one = self
            .rules
            .desert_war
            .is_some_and(|r| r.one_rider_per_sandworm);
        all.iter()
            .filter(|x| {
                self.worm_may_end_in(*x, d)
                    && !(one && self.areas[x.index()].expansions.desert.sandriders > 0)
            })
            .collect()
    }

    /// DW-SANDRIDER-12, DW-SANDRIDER-17: a sandworm moved from `from` to
    /// `to` takes its Sandriders along, but not when Desert Hazards move
    /// it to a new wormsign's area.
    pub(crate) fn riders_follow_outside_hazards(&mut self, from: AreaId, to: AreaId) {
        if self.phase != Phase::DesertHazards {
            self.riders_follow(from, to);
        }
    }

    /// DW-SANDRIDER-12: the Sandriders with the sandworm that moved from
    /// `from` to `to` move with it.
    pub(crate) fn riders_follow(&mut self, from: AreaId, to: AreaId) {
        let n = std::mem::take(&mut self.areas[from.index()].expansions.desert.sandriders);
        self.areas[to.index()].expansions.desert.sandriders += n;
    }

    /// DW-SANDRIDER-13, DW-SANDRIDER-15: a sandworm in `from` attacks with
    /// `dice`: with a Sandrider it rolls 5 (the Wild Maker keeps its own
    /// when higher; `sandrider_dice=plus_one`: 1 more, so 7 for the Wild
    /// Maker: the cap of AR-COMBAT-08 is a battle's, and a sandworm's
    /// attack is no battle), and its Sandriders are removed.
    pub(crate) fn riders_attack(&mut self, from: AreaId, dice: u8, ev: &mut Vec<Event>) -> u8 {
        let n = std::mem::take(&mut self.areas[from.index()].expansions.desert.sandriders);
        if n == 0 {
            return dice;
        }
        if let Some(dw) = self.expansions.desert_war.as_mut() {
            dw.sandriders += n;
        }
        ev.push(Event::Expansion(ExpansionEvent::DesertWar(
            DwEvent::SandriderRemoved { area: from },
        )));
        if self.rules.desert_war.is_some_and(|r| r.sandrider_adds_die) {
            dice + 1
        } else {
            dice.max(desert_war().sandriders.ridden_dice)
        }
    }
}

/// The move of one Harkonnen legion, for a legion that enters a lone
/// Sandrider's area other than by a move of its own (an advance, a
/// retreat): DW-SANDRIDER-10 plays it as that move.
fn one_harkonnen_legion() -> Move {
    Move {
        faction: Faction::Harkonnen,
        leadership: false,
        legions_left: 1,
        moved_into: AreaSet::EMPTY,
        picked: None,
        card: None,
    }
}
