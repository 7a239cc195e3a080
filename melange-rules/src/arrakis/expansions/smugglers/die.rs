//! The Smugglers Action die (SM-ROUND-06, SM-DIE-01 to SM-DIE-16): rolled
//! with the Atreides dice while allied, kept on the Smugglers board, and
//! spent at an Atreides turn in place of an Atreides die for one of its
//! weaker actions. Its moves and attacks are the core move
//! ([`Prompt::Move`]) with a legion rule of their own
//! ([`LegionRule::Smugglers`]); its Mentat card play is the core card play.
use super::action::{DieUse, SmAction};
use super::event::SmEvent;
use super::prompt::SmPrompt;
use crate::arrakis::action::Action;
use crate::arrakis::cards::effects::{Boost, MoveMode};
use crate::arrakis::cards::play::Source;
use crate::arrakis::cards::play::{CardMove, LegionRule};
use crate::arrakis::event::Event;
use crate::arrakis::expansions::{
    ExpansionAction, ExpansionEvent, ExpansionLegionRule, ExpansionPrompt,
};
use crate::arrakis::forces::specials::slot_result;
use crate::arrakis::ids::{AreaId, AreaSet, Deck, DieResult, Faction, LeaderId};
use crate::arrakis::prompt::{AfterExcess, Group, Move, Prompt};
use crate::arrakis::state::Arrakis;
use crate::arrakis::state::LeaderAt;

const A: Faction = Faction::Atreides;

impl Arrakis {
    /// The Smugglers die's unspent result, while allied.
    pub(crate) fn smugglers_die(&self) -> Option<DieResult> {
        self.expansions
            .smugglers
            .as_deref()
            .filter(|sm| sm.allied())
            .and_then(|sm| sm.die)
    }

    /// SM-DIE-05: the Smugglers die counts among the Atreides dice for
    /// Desert Power (1 while it waits unspent, else 0).
    pub(crate) fn smugglers_die_count(&self) -> u8 {
        u8::from(self.smugglers_die().is_some())
    }

    /// SM-ROUND-06, SM-DIE-01, SM-DIE-02: at the start of Action
    /// Resolution, after the Atreides dice, the allied Atreides roll the
    /// Smugglers die (faces from data) once it is ready (SM-ALLY-10); it
    /// goes on the Smugglers board, using no dashboard slot.
    pub(crate) fn roll_smugglers_die(&mut self, ev: &mut Vec<Event>) {
        let Some(sm) = self.expansions.smugglers.as_deref_mut() else {
            return;
        };
        sm.die = None;
        if !sm.allied() || !sm.die_ready {
            return;
        }
        let faces = &super::data::smugglers().die.faces;
        let r = faces[self.roll(faces.len())];
        if let Some(sm) = self.expansions.smugglers.as_deref_mut() {
            sm.die = Some(r);
        }
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::DieRolled { result: r },
        )));
    }

    /// AR-ACT-19: an unspent Smugglers die is lost with the Atreides dice
    /// at the end of Action Resolution.
    pub(crate) fn smugglers_die_discarded(&mut self) {
        if let Some(sm) = self.expansions.smugglers.as_deref_mut() {
            sm.die = None;
        }
    }

    /// SM-DIE-03, SM-DIE-16: whether the die's result gives action `u`.
    fn die_gives(&self, u: DieUse) -> bool {
        if u == DieUse::LeaderSpecial {
            return self.rules.smugglers.is_some_and(|r| r.die_leaders_enhanced)
                && self.smugglers_die().is_some();
        }
        match self.smugglers_die() {
            Some(DieResult::House) => true,
            Some(r) => r == u.result(),
            None => false,
        }
    }

    /// Whether action `u` may be taken now (beyond the result).
    fn die_use_possible(&self, u: DieUse) -> bool {
        match u {
            // SM-DIE-13: the Base's area takes them.
            DieUse::Deployment => self
                .expansions
                .smugglers
                .as_deref()
                .is_some_and(|s| s.base.is_some()),
            // SM-DIE-14: a card the Atreides could play.
            DieUse::MentatPlay => self.house(A).hand.iter().any(|&c| self.playable(c)),
            // SQ15: a leader's special only under the enhanced option.
            DieUse::LeaderSpecial => self.die_specials().next().is_some(),
            _ => true,
        }
    }

    /// At an Atreides turn: the Smugglers die's actions (SM-DIE-03). It
    /// never pays for a card other than through its Mentat result
    /// (SM-DIE-04), so nothing else is offered.
    pub(crate) fn legal_turn_smugglers(&self, out: &mut Vec<Action>) {
        for u in DieUse::ALL {
            if self.die_gives(u) && self.die_use_possible(u) {
                out.push(Action::Expansion(ExpansionAction::Smugglers(
                    SmAction::UseDie(u),
                )));
            }
        }
    }

    /// SM-DIE-03 with AR-PRESC-08: the Smugglers die, unspent, may pay for
    /// the "spend 1 action die" prescience card in slot `slot`, which the
    /// core offers at an Atreides turn (any result: the card takes any
    /// die; SM-DIE-04 bars only planning cards).
    pub(crate) fn legal_claim_with_smugglers_die(&self, slot: u8, out: &mut Vec<Action>) {
        if self.smugglers_die().is_some() {
            out.push(Action::Expansion(ExpansionAction::Smugglers(
                SmAction::ClaimPrescience(slot),
            )));
        }
    }

    /// The rule a refused Smugglers action at a turn breaks.
    pub(crate) fn turn_smugglers_refusal(&self, action: &Action) -> &'static str {
        if let Action::Expansion(ExpansionAction::Smugglers(SmAction::ClaimPrescience(slot))) =
            *action
        {
            if self.smugglers_die().is_none() {
                return "SM-DIE-03";
            }
            // The claim's own rules, as for any die (AR-PRESC-02 to
            // AR-PRESC-08).
            return self.claim_refusal(&Action::Claim(slot));
        }
        let Action::Expansion(ExpansionAction::Smugglers(SmAction::UseDie(u))) = *action else {
            return "AR-ACT-11";
        };
        if self.smugglers_die().is_none() {
            return "SM-DIE-03";
        }
        if !self.die_gives(u) {
            // SM-DIE-04: a card only through the Mentat result.
            return match u {
                DieUse::MentatPlay => "SM-DIE-04",
                DieUse::LeaderSpecial => "SM-DIE-16",
                _ => "SM-DIE-03",
            };
        }
        die_use_rule(u)
    }

    /// The Atreides spend the Smugglers die for `u` (SM-DIE-03).
    pub(crate) fn step_turn_smugglers(&mut self, x: SmAction, ev: &mut Vec<Event>) {
        if let SmAction::ClaimPrescience(slot) = x {
            return self.claim_with_smugglers_die(slot, ev);
        }
        let SmAction::UseDie(u) = x else {
            return;
        };
        let Some(result) = self.smugglers_die() else {
            return;
        };
        if let Some(sm) = self.expansions.smugglers.as_deref_mut() {
            sm.die = None;
        }
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::DieUsed { result, action: u },
        )));
        // AR-LEADER-11: an action die spent moves the regeneration tank at
        // the end of the turn (docs/rules-decisions.md, Smugglers).
        self.tank_moves[A] += 1;
        let die_move = |legions: u8, mode: MoveMode| {
            Prompt::Move(Move {
                faction: A,
                leadership: false,
                legions_left: legions,
                moved_into: AreaSet::EMPTY,
                picked: None,
                card: Some(CardMove {
                    rule: LegionRule::Expansion(ExpansionLegionRule::Smugglers(u)),
                    mode,
                    boost: Boost::None,
                    legions,
                }),
            })
        };
        let d = &super::data::smugglers().die;
        self.prompt = match u {
            // SM-DIE-06, SM-DIE-07
            DieUse::LeadershipMove => die_move(d.leadership_move_legions, MoveMode::Move),
            // SM-DIE-08, SM-DIE-09: an attack, not a surprise attack.
            DieUse::LeadershipAttack => die_move(d.leadership_attack_legions, MoveMode::Attack),
            // SM-DIE-10
            DieUse::StrategyMove => die_move(d.strategy_move_legions, MoveMode::Move),
            // SM-DIE-11, SM-DIE-12
            DieUse::StrategyPair => die_move(d.strategy_smuggler_legions, MoveMode::Move),
            DieUse::Deployment => {
                self.smugglers_deploy(ev);
                return;
            }
            // SM-DIE-14
            DieUse::MentatPlay => {
                Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::MentatPlay))
            }
            DieUse::MentatDraw => {
                self.mentat_draw(ev);
                return;
            }
            DieUse::LeaderSpecial => {
                // The die is spent: its result is kept for the pick.
                if let Some(sm) = self.expansions.smugglers.as_deref_mut() {
                    sm.die_special = Some(result);
                }
                Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::DieSpecial))
            }
        };
    }

    /// SM-DIE-13: `die.deployment_units` Smuggler units from the Atreides
    /// supply of them into the Base's area, as many as the supply holds
    /// (docs/rules-decisions.md, SQ5); units above the stacking limit are
    /// removed at the Atreides' pick (AR-DEPLOY-05), then the turn ends.
    fn smugglers_deploy(&mut self, ev: &mut Vec<Event>) {
        let base = self.expansions.smugglers.as_deref().and_then(|s| s.base);
        if let Some(area) = base {
            // None while Harkonnen figures hold the Base's area (a Base
            // they took in a battle): a deployment starts no battle, and
            // both houses' units share an area only in one (AR-COMBAT-03;
            // docs/rules-decisions.md, Smugglers, SQ5). The die is spent.
            let held = self.areas[area.index()].has_legion(Faction::Harkonnen, self.d());
            let want = if held {
                0
            } else {
                super::data::smugglers().die.deployment_units
            };
            let supply = &mut self.houses[A].supply.smuggler;
            let count = want.min(*supply);
            *supply -= count;
            self.areas[area.index()].units[A].smuggler += count;
            ev.push(Event::Expansion(ExpansionEvent::Smugglers(
                SmEvent::RegularsDeployed { area, count },
            )));
            if self.enforce_stacking(A, AfterExcess::EndTurn(A)) {
                return;
            }
        }
        self.end_turn(A, ev);
    }

    /// SM-DIE-15: `die.mentat_draw` House Atreides cards drawn; the
    /// Atreides keep `die.mentat_keep` and discard the rest.
    fn mentat_draw(&mut self, ev: &mut Vec<Event>) {
        let d = &super::data::smugglers().die;
        let house = Deck::of(A)[0];
        let mut drawn = Vec::new();
        for _ in 0..d.mentat_draw {
            let before = self.house(A).hand.len();
            self.draw(A, house.index() % 2, ev);
            if self.house(A).hand.len() > before
                && let Some(&c) = self.house(A).hand.last()
            {
                drawn.push(c);
            }
        }
        let keep = usize::from(d.mentat_keep);
        if drawn.len() <= keep {
            self.end_turn(A, ev);
            return;
        }
        if let Some(sm) = self.expansions.smugglers.as_deref_mut() {
            sm.mentat_drawn = drawn;
        }
        self.prompt = Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::MentatKeep));
    }

    /// The choices at the die's Mentat prompts.
    pub(crate) fn legal_die_mentat(&self, p: SmPrompt, out: &mut Vec<Action>) {
        match p {
            SmPrompt::MentatPlay => {
                let mut seen = Vec::new();
                for &c in &self.house(A).hand {
                    if !seen.contains(&c) && self.playable(c) {
                        seen.push(c);
                        out.push(Action::PlayFree(c));
                    }
                }
                out.push(Action::Done);
            }
            _ => {
                let mut seen = Vec::new();
                for &c in self
                    .expansions
                    .smugglers
                    .as_deref()
                    .map_or(&[][..], |s| &s.mentat_drawn)
                {
                    if !seen.contains(&c) {
                        seen.push(c);
                        out.push(Action::Discard(c));
                    }
                }
            }
        }
    }

    /// Applies a choice at the die's Mentat prompts.
    pub(crate) fn step_die_mentat(&mut self, p: SmPrompt, a: Action, ev: &mut Vec<Event>) {
        match (p, a) {
            // SM-DIE-04, SM-DIE-14: the card is played with the die.
            (SmPrompt::MentatPlay, Action::PlayFree(c)) => self.play_card(A, c, ev),
            (SmPrompt::MentatKeep, Action::Discard(c)) => {
                // SM-DIE-15: the other drawn card is kept.
                let drawn = self
                    .expansions
                    .smugglers
                    .as_deref_mut()
                    .map(|s| std::mem::take(&mut s.mentat_drawn))
                    .unwrap_or_default();
                let h = self.house_mut(A);
                if drawn.contains(&c)
                    && let Some(i) = h.hand.iter().rposition(|x| *x == c)
                {
                    h.hand.remove(i);
                    h.discard.push(c);
                    ev.push(Event::CardDiscarded {
                        faction: A,
                        card: c,
                    });
                }
                self.end_turn(A, ev);
            }
            _ => self.end_turn(A, ev),
        }
    }

    /// The rule a refused choice at the die's Mentat prompts breaks.
    pub(crate) fn die_mentat_refusal(&self, p: SmPrompt) -> &'static str {
        match p {
            SmPrompt::MentatPlay => "SM-DIE-14",
            SmPrompt::DieSpecial => "SM-DIE-16",
            _ => "SM-DIE-15",
        }
    }

    /// Whether the legion of `f` in `a` may be picked for the die's move
    /// `u`.
    pub(crate) fn die_legion_ok(&self, u: DieUse, f: Faction, a: AreaId) -> bool {
        let s = &self.areas[a.index()];
        match u {
            DieUse::LeadershipMove => s.leader_count(f, self.d()) > 0,
            DieUse::LeadershipAttack | DieUse::StrategyPair => s.units[f].smuggler > 0,
            _ => true,
        }
    }

    /// Whether the moving group carries what the die's move `u` asks for.
    pub(crate) fn die_group_ok(&self, u: DieUse, g: &Group) -> bool {
        match u {
            DieUse::LeadershipMove => g.leader_count() > 0,
            DieUse::LeadershipAttack | DieUse::StrategyPair => g.units.smuggler > 0,
            _ => true,
        }
    }

    /// The rule a refused step of the die's move `u` breaks: picking a
    /// legion or moving a group it does not allow, or attacking with a
    /// move-only result.
    pub(crate) fn die_move_refusal(
        &self,
        u: DieUse,
        m: &Move,
        action: &Action,
    ) -> Option<&'static str> {
        match *action {
            // SM-DIE-12: never the same legion twice.
            Action::Legion(x) if u == DieUse::StrategyPair && m.moved_into.contains(x) => {
                Some("SM-DIE-12")
            }
            Action::Legion(x)
                if x.index() < self.areas.len()
                    && !m.moved_into.contains(x)
                    && self.areas[x.index()].unit_count(A) > 0
                    && !self.die_legion_ok(u, A, x) =>
            {
                Some(die_use_rule(u))
            }
            Action::To(b)
            | Action::Expansion(ExpansionAction::Smugglers(SmAction::ThopterTransport(_, b)))
                if b.index() < self.areas.len() =>
            {
                let (_, g) = m.picked?;
                if !self.die_group_ok(u, &g) {
                    return Some(die_use_rule(u));
                }
                // SM-DIE-06, SM-DIE-10, SM-DIE-11: these results only move;
                // SM-DIE-08: the attack result only attacks.
                let enemy = self.enemy_at(A, b);
                match u {
                    DieUse::LeadershipAttack if !enemy => Some("SM-DIE-08"),
                    DieUse::LeadershipMove | DieUse::StrategyMove | DieUse::StrategyPair
                        if enemy =>
                    {
                        Some(match u {
                            DieUse::LeadershipMove => "SM-DIE-06",
                            DieUse::StrategyMove => "SM-DIE-10",
                            _ => "SM-DIE-11",
                        })
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

impl Arrakis {
    /// SQ15, `smugglers_die_leaders=enhanced`: the Atreides leaders whose
    /// special action the Smugglers die's result `r` (still unspent, or
    /// just spent for the pick) may pay: the card in play, face up and not
    /// in the regeneration tank (AR-LEADER-02, AR-LEADER-06, AR-LEADER-08),
    /// on the action box of that result, or of any result but House for a
    /// House result (SM-DIE-16).
    fn die_specials(&self) -> impl Iterator<Item = LeaderId> + '_ {
        let r = self.smugglers_die().or_else(|| {
            self.expansions
                .smugglers
                .as_deref()
                .and_then(|s| s.die_special)
        });
        let d = self.d();
        (0..d.leaders.len())
            .map(|i| LeaderId(i as u8))
            .filter(move |&l| {
                let leader = d.leader(l);
                let Some(r) = r else {
                    return false;
                };
                let box_result = leader.action_slot.and_then(slot_result);
                leader.faction == A
                    && !leader.special.is_empty()
                    && self.spent_leaders & (1 << l.0) == 0
                    && !matches!(
                        self.leaders[usize::from(l.0)],
                        LeaderAt::NotInPlay | LeaderAt::Removed | LeaderAt::Tank(_)
                    )
                    && box_result
                        .is_some_and(|b| b == r || (r == DieResult::House && b != DieResult::House))
            })
    }

    /// The leaders the die may pay for, or stop.
    pub(crate) fn legal_die_special(&self, out: &mut Vec<Action>) {
        out.extend(self.die_specials().map(Action::Special));
        out.push(Action::Done);
    }

    /// The leader's special action, paid by the Smugglers die (its card is
    /// spent, AR-LEADER-07), or the turn ends.
    pub(crate) fn step_die_special(&mut self, a: Action, ev: &mut Vec<Event>) {
        if let Some(sm) = self.expansions.smugglers.as_deref_mut() {
            sm.die_special = None;
        }
        match a {
            Action::Special(l) => {
                self.spent_leaders |= 1 << l.0;
                ev.push(Event::SpecialAction { leader: l });
                self.start_run(A, Source::Leader(l), false, ev);
            }
            _ => self.end_turn(A, ev),
        }
    }
}

/// The rule that says which legions action `u` takes.
fn die_use_rule(u: DieUse) -> &'static str {
    match u {
        DieUse::LeadershipMove => "SM-DIE-07",
        DieUse::LeadershipAttack => "SM-DIE-09",
        DieUse::StrategyMove => "SM-DIE-10",
        DieUse::StrategyPair => "SM-DIE-12",
        DieUse::Deployment => "SM-DIE-13",
        DieUse::MentatPlay => "SM-DIE-14",
        DieUse::MentatDraw => "SM-DIE-15",
        DieUse::LeaderSpecial => "SM-DIE-16",
    }
}

/// The die result an action needs, in words.
pub(crate) fn die_use_words(u: DieUse) -> &'static str {
    match u {
        DieUse::LeadershipMove => "move a legion with a leader",
        DieUse::LeadershipAttack => "attack with a legion holding a Smuggler unit",
        DieUse::StrategyMove => "move a legion",
        DieUse::StrategyPair => "move 2 different legions, each holding a Smuggler unit",
        DieUse::Deployment => "place Smuggler units in the Base's area",
        DieUse::MentatPlay => "play a planning card",
        DieUse::MentatDraw => "draw 2 House Atreides cards, keep 1",
        DieUse::LeaderSpecial => "a leader's special action",
    }
}

impl Arrakis {
    /// SM-DIE-03 with AR-PRESC-08: the Smugglers die pays for the prescience
    /// card in `slot`, as the turn's action; the die is spent as any action
    /// die (the regeneration tank moves, AR-LEADER-11).
    fn claim_with_smugglers_die(&mut self, slot: u8, ev: &mut Vec<Event>) {
        let Some(result) = self.smugglers_die() else {
            return;
        };
        if let Some(sm) = self.expansions.smugglers.as_deref_mut() {
            sm.die = None;
        }
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::DieClaimed { result },
        )));
        self.tank_moves[A] += 1;
        self.claim(slot, ev);
        self.end_turn(A, ev);
    }
}
