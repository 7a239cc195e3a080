//! Legal actions per decision, and applying them.
use crate::rules::core::{RuleError, Seat};

use super::action::{Action, Zone};
use super::data::IntrigueKind;
use super::deck::{push_distinct, remove_one};
use super::effect::{Bespoke, Effect};
use super::event::{Event, Resource};
use super::ids::{CardId, FACTION_ICONS, Faction, Icon, IntrigueId, SpaceId};
use super::state::{
    Ctx, Imperium, PART_AGENT_BOX, PART_INFLUENCE, PART_SPACE, Pending, Phase, Task,
};

/// IM-AGENT-09: the fixed order used when the order cannot matter (and
/// the order the parts are offered in): Faction Influence, the space's
/// effects (with the controller's bonus), the card's Agent box.
const PART_ORDER: [u8; 3] = [PART_INFLUENCE, PART_SPACE, PART_AGENT_BOX];

/// What an effect step can read or change, for IM-AGENT-09's "does the
/// order matter" test (`Imperium::footprint`): resources (Solari, spice,
/// water).
const RES: u8 = 1;
/// Influence and Alliances.
const INFL: u8 = 2;
/// Cards: hand, deck, discard pile, in play, the Imperium Row.
const CARDS: u8 = 4;
/// Troops: supply, garrison, Conflict, troops recruited this turn.
const TROOPS: u8 = 8;
/// High Council seat, Swordmaster, Mentat.
const COUNCIL: u8 = 16;
/// Anything (bespoke code not classified).
const ALL: u8 = 0xff;

/// When an Intrigue may be played.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Window {
    /// A Plot on the owner's turn: `reveal` on the Reveal turn, `placed`
    /// on an Agent turn after the Agent was sent.
    Plot {
        reveal: bool,
        placed: bool,
    },
    Combat,
    AfterWin,
    Endgame,
}

impl Imperium {
    /// The space cost after leader discounts (Leto, IM-AGENT-06).
    pub(crate) fn space_cost(&self, seat: u8, space: SpaceId) -> super::effect::Amounts {
        let sp = self.d().space(space);
        let mut cost = sp.cost;
        // `solo_difficulty`: the level's Mentat price for the player.
        if sp.effects.contains(&Effect::Mentat)
            && !self.is_rival(seat)
            && let Some(l) = self.solo_level()
        {
            cost.solari = l.human_mentat_cost;
        }
        if sp.icon == Icon::Landsraad
            && self.leader_ability(seat) == Some(Bespoke::LandsraadPopularity)
        {
            cost.solari = cost.solari.saturating_sub(1);
        }
        cost
    }

    /// Why an Agent cannot go there with that card, or `Ok`.
    pub(crate) fn check_send(
        &self,
        seat: u8,
        card: CardId,
        space: SpaceId,
    ) -> Result<(), RuleError> {
        let d = self.d();
        if usize::from(card.0) >= d.cards.len() || usize::from(space.0) >= d.spaces.len() {
            return Err(RuleError::Malformed("unknown card or space".into()));
        }
        let p = self.p(seat);
        if p.has_revealed {
            return Err(RuleError::illegal(
                "IM-REVEAL-09",
                "you have taken your Reveal turn",
            ));
        }
        // IM-AGENT-17; Kwisatz Haderach may instead move an Agent already
        // on the board (its data text, docs/rules-decisions.md).
        if self.agents_left(seat) == 0 && !(self.is_kwisatz(card) && self.has_agent_out(seat)) {
            return Err(RuleError::illegal(
                "IM-AGENT-17",
                "no Agent left on your Leader",
            ));
        }
        if !p.hand.contains(&card) {
            return Err(RuleError::illegal(
                "IM-AGENT-01",
                "that card is not in your hand",
            ));
        }
        let c = d.card(card);
        // IM-AGENT-02: the icons printed on the card (Dispatch an Envoy adds
        // the four faction icons).
        let mut icons = c.icons;
        if self.turn.envoy {
            icons |= FACTION_ICONS;
        }
        if icons == 0 {
            return Err(RuleError::illegal(
                "IM-AGENT-16",
                "the card has no Agent icon",
            ));
        }
        let sp = d.space(space);
        // IM-AGENT-03 / IM-AGENT-04
        if icons & sp.icon.bit() == 0 {
            return Err(RuleError::illegal(
                "IM-AGENT-04",
                "the space's icon is not on the card",
            ));
        }
        if let Some(o) = self.occupant[usize::from(space.0)] {
            let eyes = self.leader_ability(seat) == Some(Bespoke::EyesEverywhere)
                && matches!(sp.icon, Icon::Landsraad | Icon::SpiceTrade)
                && o != seat;
            if !(eyes || self.turn.infiltrate && o != seat) {
                return Err(RuleError::illegal("IM-AGENT-05", "the space is occupied"));
            }
        }
        if let Some((owner, s)) = self.voice
            && s == space
            && owner != seat
        {
            return Err(RuleError::illegal(
                "IM-AGENT-05",
                "The Voice blocks that space",
            ));
        }
        match sp.requirement {
            Some(super::data::Requirement::InfluenceAtLeast(f, n))
                if p.influence[f.index()] < n =>
            {
                return Err(RuleError::illegal(
                    "IM-AGENT-07",
                    format!("needs {n} {} Influence", f.name()),
                ));
            }
            Some(super::data::Requirement::SpiceAtLeast(n)) if p.spice < n => {
                return Err(RuleError::illegal(
                    "IM-MELANGE-07",
                    format!("needs at least {n} spice"),
                ));
            }
            _ => {}
        }
        if sp.effects.contains(&Effect::HighCouncilSeat) && p.high_council {
            return Err(RuleError::illegal(
                "IM-AGENT-07",
                "you already have a High Council seat",
            ));
        }
        if sp.effects.contains(&Effect::Swordmaster) && p.swordmaster {
            return Err(RuleError::illegal(
                "IM-AGENT-07",
                "you already have the Swordmaster",
            ));
        }
        if sp.effects.contains(&Effect::Swordmaster)
            && self.solo_level().is_some_and(|l| !l.human_swordmaster)
        {
            return Err(RuleError::illegal(
                "IM-AGENT-07",
                "at this solo difficulty level you may not take the Swordmaster",
            ));
        }
        if !self.can_pay(seat, &self.space_cost(seat, space)) {
            return Err(RuleError::illegal(
                "IM-AGENT-07",
                "you cannot pay the space's cost",
            ));
        }
        Ok(())
    }

    pub(crate) fn intrigue_playable(&self, seat: u8, card: IntrigueId, w: Window) -> bool {
        let i = &self.d().intrigues[usize::from(card.0)];
        let ctx = Ctx {
            reveal: matches!(w, Window::Plot { reveal: true, .. }),
            ..Ctx::seat(seat)
        };
        let kind_ok = match w {
            // IM-INTRIGUE-02 / IM-INTRIGUE-03 / IM-INTRIGUE-04 (Plots only in
            // their owner's Turn and Acquire prompts); Bindu Suspension only before the Agent
            // turn starts (which is the only time Plots are offered then).
            Window::Plot { reveal, placed } => {
                i.kind == IntrigueKind::Plot && !((reveal || placed) && i.start_of_turn)
            }
            // IM-INTRIGUE-05 / IM-INTRIGUE-06
            Window::Combat => i.kind == IntrigueKind::Combat && !i.after_win,
            Window::AfterWin => i.kind == IntrigueKind::Combat && i.after_win,
            Window::Endgame => return self.endgame_card(card),
        };
        if !kind_ok {
            return false;
        }
        // The card's mandatory costs and preconditions must hold.
        if !self.list_payable(ctx, &i.effect) {
            return false;
        }
        // A card made only of conditions that do not hold does nothing.
        let only_ifs = i
            .effect
            .iter()
            .all(|e| matches!(e, Effect::If { els, .. } if els.is_empty()));
        for e in &i.effect {
            match e {
                Effect::If { cond, then, els } if els.is_empty() => {
                    let holds = self.cond(ctx, *cond);
                    if (holds && !self.list_payable(ctx, then)) || (!holds && only_ifs) {
                        return false;
                    }
                }
                Effect::Mentat if self.mentat.is_some() => return false,
                Effect::LoseTroops { conflict: true, n } if self.p(seat).conflict < *n => {
                    return false;
                }
                Effect::ChosenOpponent(_)
                    if !(0..self.n()).any(|o| o != seat && self.p(o).conflict > 0) =>
                {
                    return false;
                }
                Effect::Other(Bespoke::UrgentMission) if !self.occupant.contains(&Some(seat)) => {
                    return false;
                }
                // They change where this turn's Agent may go: before it
                // is sent only.
                Effect::Other(
                    Bespoke::DispatchEnvoy | Bespoke::Infiltrate | Bespoke::BinduPass,
                ) if ctx.reveal || matches!(w, Window::Plot { placed: true, .. }) => {
                    return false;
                }
                Effect::DeployFromGarrison(_) if self.p(seat).garrison == 0 => return false,
                _ => {}
            }
        }
        true
    }

    fn push_intrigues(&self, seat: u8, w: Window, out: &mut Vec<Action>) {
        for &c in &self.p(seat).intrigue {
            if self.intrigue_playable(seat, c, w) {
                push_distinct(out, Action::Intrigue(c));
            }
        }
    }

    /// All legal actions of the pending decision.
    pub(crate) fn legal(&self, out: &mut Vec<Action>) {
        let Some(pending) = &self.pending else {
            return;
        };
        let d = self.d();
        match pending {
            Pending::Turn(seat) => {
                let seat = *seat;
                let p = self.p(seat);
                if self.agents_left(seat) > 0 || self.has_agent_out(seat) {
                    let mut seen: u64 = 0;
                    for &card in &p.hand {
                        if seen & (1 << card.0.min(63)) != 0 && card.0 < 64 {
                            continue;
                        }
                        if card.0 < 64 {
                            seen |= 1 << card.0;
                        }
                        // Only spaces whose icon the card shows can pass
                        // `check_send` (IM-AGENT-04); skipping the rest here
                        // keeps move generation cheap.
                        let mut icons = d.card(card).icons;
                        if self.turn.envoy {
                            icons |= FACTION_ICONS;
                        }
                        for s in 0..d.spaces.len() as u8 {
                            if icons & d.space(SpaceId(s)).icon.bit() == 0 {
                                continue;
                            }
                            if self.check_send(seat, card, SpaceId(s)).is_ok() {
                                push_distinct(
                                    out,
                                    Action::SendAgent {
                                        card,
                                        space: SpaceId(s),
                                    },
                                );
                            }
                        }
                    }
                }
                // IM-AGENT-15 / IM-REVEAL-01: the Reveal turn is always
                // offered, so Agent turns are optional.
                out.push(Action::Reveal);
                self.push_intrigues(
                    seat,
                    Window::Plot {
                        reveal: false,
                        placed: false,
                    },
                    out,
                );
                if self.turn.may_pass {
                    out.push(Action::Pass);
                }
            }
            Pending::AgentOrder { left, .. } => {
                for k in PART_ORDER {
                    if left & (1 << k) != 0 {
                        out.push(Action::Choose(k));
                    }
                }
            }
            Pending::DefensiveBonus(_) => {
                out.push(Action::Accept);
                out.push(Action::Pass);
            }
            Pending::Deploy { max, .. } | Pending::Retreat { max, .. } => {
                for n in 0..=*max {
                    out.push(Action::Troops(n));
                }
            }
            Pending::Choice {
                ctx,
                options,
                taken,
                ..
            } => {
                for (i, o) in options.iter().enumerate() {
                    if taken & (1 << i) == 0 && self.list_payable(*ctx, o) {
                        out.push(Action::Choose(i as u8));
                    }
                }
            }
            Pending::Optional { .. } | Pending::Masterstroke(_) => {
                out.push(Action::Accept);
                out.push(Action::Pass);
            }
            Pending::Influence { mask, .. } => {
                for f in Faction::ALL {
                    if mask & (1 << f.index()) != 0 {
                        out.push(Action::Faction(f));
                    }
                }
            }
            Pending::LoseInfluence { ctx, n } => {
                for f in Faction::ALL {
                    if self.p(ctx.seat).influence[f.index()] >= *n {
                        out.push(Action::Faction(f));
                    }
                }
            }
            Pending::SecretFaction(seat) => {
                for f in Faction::ALL {
                    if self.p(*seat).secret_factions & (1 << f.index()) == 0 {
                        out.push(Action::Faction(f));
                    }
                }
            }
            Pending::Trash(ctx) => {
                let p = self.p(ctx.seat);
                for &c in &p.hand {
                    push_distinct(out, Action::Trash(c, Zone::Hand));
                }
                for &c in &p.discard {
                    push_distinct(out, Action::Trash(c, Zone::Discard));
                }
                for &c in p.played.iter().chain(p.revealed.iter()) {
                    push_distinct(out, Action::Trash(c, Zone::InPlay));
                }
                out.push(Action::Pass);
            }
            Pending::Discard { seat, .. } => {
                for &c in &self.p(*seat).hand {
                    push_distinct(out, Action::Discard(c));
                }
            }
            Pending::Opponent { ctx, .. } => {
                for o in 0..self.n() {
                    if o != ctx.seat && self.p(o).conflict > 0 {
                        out.push(Action::Opponent(Seat(o)));
                    }
                }
                if out.is_empty() {
                    out.push(Action::Pass);
                }
            }
            Pending::Acquire(seat) => {
                let seat = *seat;
                let pers = self.p(seat).persuasion;
                let mut cands: Vec<CardId> = Vec::new();
                if let Some(c) = self.p(seat).set_aside {
                    cands.push(c);
                }
                for &c in &self.row {
                    push_distinct(&mut cands, c);
                }
                for k in 0..2 {
                    if self.reserve[k] > 0 {
                        push_distinct(&mut cands, d.reserve[k]);
                    }
                }
                // IM-DECK-10 / IM-DECK-11: the Row and the Reserve; IM-DECK-14
                // / IM-DECK-15: one pool of Persuasion, re-asked after each
                // acquisition (`AcquireLoop`).
                for c in cands {
                    // IM-DECK-12 / IM-DECK-13
                    if self.acquire_cost(seat, c) <= pers {
                        out.push(Action::Acquire {
                            card: c,
                            top: false,
                        });
                        if self.turn.to_top {
                            out.push(Action::Acquire { card: c, top: true });
                        }
                    }
                }
                self.push_intrigues(
                    seat,
                    Window::Plot {
                        reveal: true,
                        placed: false,
                    },
                    out,
                );
                // IM-REVEAL-02 with `reveal_order = published`
                // (docs/rules-decisions.md, A2): the Reveal boxes left are
                // resolved one at a time between acquisitions
                // (IM-REVEAL-05: in the order chosen); finishing only once
                // all are resolved.
                let boxes = self.reveal_boxes_left(seat);
                for &c in &boxes {
                    push_distinct(out, Action::Card(c));
                }
                if boxes.is_empty() {
                    out.push(Action::Pass);
                }
            }
            Pending::FreeAcquire { max_cost, top, .. } => {
                for &c in &self.row {
                    if d.card(c).cost.unwrap_or(0) <= *max_cost {
                        push_distinct(out, Action::Acquire { card: c, top: *top });
                    }
                }
            }
            Pending::SellMelange(ctx) => {
                for (i, (spice, _)) in self.melange_table().iter().enumerate() {
                    if self.p(ctx.seat).spice >= *spice {
                        out.push(Action::Choose(i as u8));
                    }
                }
            }
            Pending::AgentPlot(seat) => {
                self.push_intrigues(
                    *seat,
                    Window::Plot {
                        reveal: false,
                        placed: true,
                    },
                    out,
                );
                out.push(Action::Pass);
            }
            Pending::CombatIntrigue(seat) => {
                self.push_intrigues(*seat, Window::Combat, out);
                out.push(Action::Pass);
            }
            Pending::AfterWin(seat) => {
                self.push_intrigues(*seat, Window::AfterWin, out);
                out.push(Action::Pass);
            }
            Pending::Endgame(seat) => {
                self.push_intrigues(*seat, Window::Endgame, out);
                out.push(Action::Pass);
            }
            Pending::PoisonSnooper { .. } => {
                out.push(Action::Choose(0));
                out.push(Action::Choose(1));
            }
            Pending::Retrieve(seat) => {
                for &c in &self.p(*seat).discard {
                    if self.retrievable(*seat, c) {
                        push_distinct(out, Action::Card(c));
                    }
                }
            }
            Pending::Voice(_) => {
                for s in 0..d.spaces.len() as u8 {
                    out.push(Action::Space(SpaceId(s)));
                }
            }
            Pending::Recall(seat) => {
                for (s, o) in self.occupant.iter().enumerate() {
                    if *o == Some(*seat) {
                        out.push(Action::Space(SpaceId(s as u8)));
                    }
                }
            }
            Pending::Manipulate(_) => {
                for &c in &self.row {
                    push_distinct(out, Action::Card(c));
                }
            }
            Pending::KwisatzFrom { seat, from_leader } => {
                let here = self.turn.space;
                for (s, o) in self.occupant.iter().enumerate() {
                    let s = SpaceId(s as u8);
                    if *o == Some(*seat) && Some(s) != here {
                        out.push(Action::Space(s));
                    }
                }
                if *from_leader {
                    out.push(Action::Pass);
                }
            }
            Pending::AllianceHandover { candidates, .. } => {
                for o in 0..self.n() {
                    if candidates & (1 << o) != 0 {
                        out.push(Action::Opponent(Seat(o)));
                    }
                }
            }
        }
    }

    /// Whether the card is Kwisatz Haderach (moves a placed Agent).
    pub(crate) fn is_kwisatz(&self, card: CardId) -> bool {
        self.d()
            .card(card)
            .agent
            .contains(&Effect::Other(Bespoke::KwisatzHaderach))
    }

    /// Whether one of the seat's Agents is on a board space.
    pub(crate) fn has_agent_out(&self, seat: u8) -> bool {
        self.occupant.contains(&Some(seat))
    }

    /// Validates, then applies (the state is untouched on error).
    pub(crate) fn apply_action(
        &mut self,
        seat: Seat,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(pending) = &self.pending else {
            return Err(RuleError::GameOver);
        };
        let waiting = pending.seat();
        if seat.0 != waiting {
            return Err(RuleError::NotYourTurn {
                seat,
                waiting_on: Seat(waiting),
            });
        }
        let mut legal = Vec::new();
        self.legal(&mut legal);
        if !legal.contains(action) {
            return Err(self.refusal(action));
        }
        let pending = self.pending.take().expect("pending");
        self.decide(pending, *action, ev);
        self.run(ev);
        Ok(())
    }

    fn play_intrigue(
        &mut self,
        seat: u8,
        card: IntrigueId,
        reveal: bool,
        endgame: bool,
        ev: &mut Vec<Event>,
    ) {
        self.spend_intrigue(seat, card);
        ev.push(Event::IntriguePlayed {
            seat: Seat(seat),
            card,
        });
        let i = &self.d().intrigues[usize::from(card.0)];
        let list = if endgame && !i.endgame_effect.is_empty() {
            &i.endgame_effect
        } else {
            &i.effect
        };
        self.stack.push(Task::Run {
            list,
            pos: 0,
            ctx: Ctx {
                reveal,
                ..Ctx::seat(seat)
            },
        });
    }

    pub(crate) fn decide(&mut self, pending: Pending, action: Action, ev: &mut Vec<Event>) {
        let d = self.d();
        match (pending, action) {
            (Pending::Turn(seat), Action::SendAgent { card, space }) => {
                self.send_agent(seat, card, space, ev)
            }
            (Pending::Turn(seat), Action::Reveal) => self.reveal(seat, ev),
            (Pending::Turn(seat), Action::Intrigue(c)) => {
                self.stack.push(Task::ResumeTurn);
                self.play_intrigue(seat, c, false, false, ev);
            }
            (Pending::Turn(seat), Action::Pass) => {
                // Bindu Suspension: the turn is passed.
                ev.push(Event::Passed { seat: Seat(seat) });
                self.stack.push(Task::NextTurn);
            }
            (Pending::Deploy { seat, .. }, Action::Troops(n)) => self.deploy(seat, n, ev),
            (Pending::Retreat { seat, .. }, Action::Troops(n)) => {
                if n > 0 {
                    let p = self.pm(seat);
                    p.conflict -= n;
                    p.garrison += n;
                    if p.conflict == 0 {
                        p.strength_lost = true;
                    }
                    ev.push(Event::Retreated {
                        seat: Seat(seat),
                        troops: n,
                    });
                }
            }
            (
                Pending::Choice {
                    ctx,
                    options,
                    left,
                    taken,
                },
                Action::Choose(i),
            ) => {
                self.stack.push(Task::ChoiceRest {
                    ctx,
                    options,
                    left: left - 1,
                    taken: taken | (1 << i),
                });
                let list = &options[usize::from(i)];
                if !list.is_empty() {
                    self.stack.push(Task::Run { list, pos: 0, ctx });
                }
            }
            (Pending::Optional { ctx, steps }, Action::Accept) => self.stack.push(Task::Run {
                list: steps,
                pos: 0,
                ctx,
            }),
            (Pending::Masterstroke(seat), Action::Accept) => {
                self.pm(seat).masterstroke_used = true;
                let mask = self.p(seat).secret_factions;
                for f in Faction::ALL {
                    if mask & (1 << f.index()) != 0 {
                        self.change_influence(seat, f, 1, ev);
                    }
                }
            }
            (Pending::Influence { ctx, mask, n, left }, Action::Faction(f)) => {
                if left > 1 {
                    self.stack.push(Task::Ask(Pending::Influence {
                        ctx,
                        mask: mask & !(1 << f.index()),
                        n,
                        left: left - 1,
                    }));
                }
                self.change_influence(ctx.seat, f, n as i8, ev);
            }
            (Pending::LoseInfluence { ctx, n }, Action::Faction(f)) => {
                self.change_influence(ctx.seat, f, -(n as i8), ev)
            }
            (Pending::SecretFaction(seat), Action::Faction(f)) => {
                self.pm(seat).secret_factions |= 1 << f.index();
                if self.p(seat).secret_factions.count_ones() < 2 {
                    self.stack.push(Task::Ask(Pending::SecretFaction(seat)));
                }
            }
            (Pending::Trash(ctx), Action::Trash(card, zone)) => {
                self.trash_card(ctx.seat, card, zone, ev);
            }
            (Pending::Discard { seat, left }, Action::Discard(card)) => {
                let p = self.pm(seat);
                remove_one(&mut p.hand, card);
                p.discard.push(card);
                ev.push(Event::Discarded {
                    seat: Seat(seat),
                    card,
                });
                if left > 1 && !self.p(seat).hand.is_empty() {
                    self.stack.push(Task::Ask(Pending::Discard {
                        seat,
                        left: left - 1,
                    }));
                }
            }
            (Pending::Opponent { steps, .. }, Action::Opponent(o)) => self.stack.push(Task::Run {
                list: steps,
                pos: 0,
                ctx: Ctx::seat(o.0),
            }),
            (Pending::Acquire(seat), Action::Acquire { card, top }) => {
                let cost = self.acquire_cost(seat, card);
                self.stack.push(Task::AcquireLoop);
                self.resource(seat, Resource::Persuasion, -i16::from(cost), ev);
                let ctx = Ctx {
                    reveal: true,
                    ..Ctx::seat(seat)
                };
                self.gain_card(ctx, card, top, ev);
            }
            (Pending::AgentPlot(seat), Action::Intrigue(c)) => {
                self.stack.push(Task::AgentPlot);
                self.play_intrigue(seat, c, false, false, ev);
            }
            (Pending::Acquire(seat), Action::Intrigue(c)) => {
                self.stack.push(Task::AcquireLoop);
                self.play_intrigue(seat, c, true, false, ev);
            }
            (Pending::Acquire(seat), Action::Card(card)) => {
                // IM-REVEAL-02 (`reveal_order = published`): one Reveal box
                // now, then back to the acquire step.
                remove_one(&mut self.reveal_boxes, card);
                self.stack.push(Task::AcquireLoop);
                self.stack.push(Task::Run {
                    list: &d.card(card).reveal,
                    pos: 0,
                    ctx: Ctx {
                        seat,
                        card: Some(card),
                        space: None,
                        reveal: true,
                    },
                });
            }
            (Pending::Acquire(_), Action::Pass) => {
                self.reveal_boxes.clear();
                self.stack.push(Task::EndReveal)
            }
            (Pending::AgentOrder { ctx, left }, Action::Choose(k)) => {
                self.agent_part(ctx, k, left, ev)
            }
            (Pending::DefensiveBonus(seat), Action::Accept) => self.defensive_troop(seat, ev),
            (Pending::FreeAcquire { ctx, .. }, Action::Acquire { card, top }) => {
                self.gain_card(ctx, card, top, ev)
            }
            (Pending::SellMelange(ctx), Action::Choose(i)) => {
                // IM-MELANGE-01: one row of the table (IM-MELANGE-02,
                // IM-MELANGE-03, IM-MELANGE-04, IM-MELANGE-05); IM-MELANGE-06:
                // exactly one exchange per visit, never re-asked;
                // IM-MELANGE-07: only the listed rows are offered.
                let (spice, solari) = self.melange_table()[usize::from(i)];
                self.resource(ctx.seat, Resource::Spice, -i16::from(spice), ev);
                self.resource(ctx.seat, Resource::Solari, i16::from(solari), ev);
            }
            (Pending::CombatIntrigue(seat), Action::Intrigue(c)) => {
                // IM-COMBAT-09: a play restarts the run of passes.
                self.combat_passes = 0;
                self.stack.push(Task::CombatAsk);
                self.play_intrigue(seat, c, false, false, ev);
            }
            (Pending::CombatIntrigue(seat), Action::Pass) => {
                ev.push(Event::Passed { seat: Seat(seat) });
                self.combat_pass();
            }
            (Pending::AfterWin(seat), Action::Intrigue(c)) => {
                self.stack.push(Task::AfterWin(seat));
                self.play_intrigue(seat, c, false, false, ev);
            }
            (Pending::Endgame(seat), Action::Intrigue(c)) => {
                self.stack.push(Task::Ask(Pending::Endgame(seat)));
                self.play_intrigue(seat, c, false, true, ev);
            }
            (Pending::PoisonSnooper { seat, card }, Action::Choose(i)) => {
                let p = self.pm(seat);
                remove_one(&mut p.deck, card);
                if i == 0 {
                    p.hand.push(card);
                    ev.push(Event::Drew {
                        seat: Seat(seat),
                        card: Some(card),
                    });
                } else {
                    self.trash.push(card);
                    ev.push(Event::Trashed {
                        seat: Seat(seat),
                        card,
                    });
                    let list = &d.card(card).trashed;
                    if !list.is_empty() {
                        self.stack.push(Task::Run {
                            list,
                            pos: 0,
                            ctx: Ctx::seat(seat),
                        });
                    }
                }
            }
            (Pending::Retrieve(seat), Action::Card(card)) => {
                let p = self.pm(seat);
                remove_one(&mut p.discard, card);
                p.hand.push(card);
                ev.push(Event::Retrieved {
                    seat: Seat(seat),
                    card,
                });
            }
            (Pending::Voice(seat), Action::Space(s)) => {
                self.voice = Some((seat, s));
                ev.push(Event::Voice {
                    seat: Seat(seat),
                    space: s,
                });
            }
            (Pending::Recall(seat), Action::Space(s)) => {
                self.occupant[usize::from(s.0)] = None;
                self.pm(seat).agents_out -= 1;
                ev.push(Event::AgentRecalled {
                    seat: Seat(seat),
                    space: s,
                });
            }
            (Pending::Manipulate(seat), Action::Card(card)) => {
                if let Some(i) = self.row.iter().position(|c| *c == card) {
                    self.row.remove(i);
                    self.pm(seat).set_aside = Some(card);
                    self.refill_row(ev);
                }
            }
            (Pending::KwisatzFrom { seat, .. }, Action::Space(s)) => {
                // Kwisatz Haderach: the placed Agent moves, so its old space
                // is free again and no Leader Agent is used.
                self.occupant[usize::from(s.0)] = None;
                self.pm(seat).agents_out -= 1;
                ev.push(Event::AgentRecalled {
                    seat: Seat(seat),
                    space: s,
                });
            }
            (Pending::AllianceHandover { faction, .. }, Action::Opponent(o)) => {
                // docs/rules-decisions.md, A10a: the holder's pick among the tied.
                self.move_alliance(faction, Some(o.0), ev);
            }
            // Declines: nothing happens.
            (_, Action::Pass) => {}
            (p, a) => unreachable!("legal action {a:?} not handled for {p:?}"),
        }
    }

    /// IM-AGENT-01 to IM-AGENT-14: play the card, send the Agent, pay, then
    /// IM-AGENT-08 resolve space (with the controller's bonus), the Agent
    /// box (IM-DECK-05) and the Faction Influence, IM-AGENT-09 in the order
    /// the player chooses (`agent_parts`); then deploy at a Combat space
    /// only (IM-AGENT-13 / IM-AGENT-14).
    fn send_agent(&mut self, seat: u8, card: CardId, space: SpaceId, ev: &mut Vec<Event>) {
        let d = self.d();
        let sp = d.space(space);
        let cost = self.space_cost(seat, space);
        let p = self.pm(seat);
        remove_one(&mut p.hand, card);
        p.played.push(card);
        p.agents_out += 1;
        self.occupant[usize::from(space.0)] = Some(seat);
        self.turn.space = Some(space);
        ev.push(Event::AgentSent {
            seat: Seat(seat),
            card,
            space,
        });
        let ctx = Ctx {
            seat,
            card: Some(card),
            space: Some(space),
            reveal: false,
        };
        // IM-AGENT-06 / IM-AGENT-07: the cost first.
        self.pay(seat, &cost, ev);
        // Kwisatz Haderach: which Agent is sent, asked before the effects.
        let kwisatz = self.is_kwisatz(card)
            && self
                .occupant
                .iter()
                .enumerate()
                .any(|(s, o)| *o == Some(seat) && s != usize::from(space.0));
        let from_leader =
            self.p(seat).agents_out <= self.p(seat).agents + u8::from(self.mentat == Some(seat));
        // Pushed in reverse order of resolution (docs/rules-decisions.md).
        self.stack.push(Task::EndAgentTurn);
        if sp.combat {
            self.stack.push(Task::AgentDeploy);
        }
        // IM-INTRIGUE-02: Plots after the Agent is sent, before deploying
        // (so troops a Plot recruits may be deployed, docs/rules-decisions.md, A3).
        self.stack.push(Task::AgentPlot);
        // IM-AGENT-09: the space effects, the Agent box and the Faction
        // Influence in the order the player chooses (`agent_parts`).
        let mut left = 0u8;
        if !sp.effects.is_empty() || self.control[usize::from(space.0)].is_some() {
            left |= 1 << PART_SPACE;
        }
        if !d.card(card).agent.is_empty() {
            left |= 1 << PART_AGENT_BOX;
        }
        if sp.faction.is_some() {
            left |= 1 << PART_INFLUENCE;
        }
        if left != 0 {
            self.stack.push(Task::AgentParts { ctx, left });
        }
        // Ilban: draw when paying Solari for a space.
        if cost.solari > 0 && self.leader_ability(seat) == Some(Bespoke::RuthlessNegotiator) {
            self.draw(Ctx::seat(seat), 1, ev);
        }
        if kwisatz {
            self.stack
                .push(Task::Ask(Pending::KwisatzFrom { seat, from_leader }));
        }
    }

    /// IM-REVEAL-01 / IM-REVEAL-02: IM-REVEAL-03 reveal the whole hand (kept
    /// apart from played cards, IM-REVEAL-04), IM-REVEAL-05 / IM-DECK-06
    /// resolve their Reveal boxes (IM-REVEAL-06: never the played cards'),
    /// then acquire (IM-DECK-08, IM-DECK-09: only here), then clean up.
    fn reveal(&mut self, seat: u8, ev: &mut Vec<Event>) {
        self.reveal_counter += 1;
        let counter = self.reveal_counter;
        let p = self.pm(seat);
        p.has_revealed = true;
        p.reveal_seq = counter;
        let hand = std::mem::take(&mut p.hand);
        p.revealed.extend_from_slice(&hand);
        ev.push(Event::Revealed {
            seat: Seat(seat),
            cards: hand.clone(),
        });
        self.stack.push(Task::AcquireLoop);
        let d = self.d();
        if self.rules.reveal_interleave {
            // IM-REVEAL-02 with `reveal_order = published`: the boxes wait
            // to be chosen at the acquire step (docs/rules-decisions.md, A2).
            self.reveal_boxes = hand
                .iter()
                .copied()
                .filter(|c| !d.card(*c).reveal.is_empty())
                .collect();
        }
        for &c in hand.iter().rev().filter(|_| !self.rules.reveal_interleave) {
            let list = &d.card(c).reveal;
            if !list.is_empty() {
                self.stack.push(Task::Run {
                    list,
                    pos: 0,
                    ctx: Ctx {
                        seat,
                        card: Some(c),
                        space: None,
                        reveal: true,
                    },
                });
            }
        }
        if self.p(seat).high_council {
            // High Council seat: Persuasion every Reveal turn (board.json
            // `visit_rules.high_council_reveal_persuasion`).
            let n = d.setup.high_council_persuasion;
            self.resource(seat, Resource::Persuasion, i16::from(n), ev);
        }
        let _ = Phase::PlayerTurns;
    }

    /// Revealed cards whose Reveal box is still to resolve (a card trashed
    /// from play meanwhile has lost its box).
    pub(crate) fn reveal_boxes_left(&self, seat: u8) -> Vec<CardId> {
        let revealed = &self.p(seat).revealed;
        let mut out = Vec::new();
        for &c in &self.reveal_boxes {
            if revealed.contains(&c) {
                push_distinct(&mut out, c);
            }
        }
        out
    }

    /// What a list reads (`.0`) and changes (`.1`) for the acting seat,
    /// as masks of `RES`, `INFL`, `CARDS`, `TROOPS`, `COUNCIL`.
    fn footprint(&self, seat: u8, list: &[Effect]) -> (u8, u8) {
        use super::effect::Cond as C;
        let mut r = 0u8;
        let mut w = 0u8;
        for e in list {
            let (er, ew) = match e {
                Effect::Gain(a) => {
                    let mut w = 0;
                    if a.solari + a.spice + a.water > 0 {
                        w |= RES;
                    }
                    if a.troops > 0 {
                        w |= TROOPS;
                    }
                    if a.draw > 0 {
                        w |= CARDS;
                    }
                    (0, w)
                }
                // The 4-Influence bonus pays resources or troops.
                Effect::Influence(_) => (0, INFL | RES | TROOPS),
                Effect::Pay(_) | Effect::SellMelange => (RES, RES),
                Effect::LoseInfluence(_) => (INFL, INFL | RES | TROOPS),
                Effect::Trash
                | Effect::Discard(_)
                | Effect::AcquireCard { .. }
                | Effect::Other(
                    Bespoke::OtherMemory
                    | Bespoke::Manipulate
                    | Bespoke::PoisonSnooper
                    | Bespoke::Refocus,
                ) => (CARDS, CARDS),
                // Only a chosen trash can remove this card first, and that
                // step reads cards itself.
                Effect::TakeReserve(_) | Effect::TrashThis => (0, CARDS),
                Effect::Choice { options, .. } => options.iter().fold((0, 0), |(r, w), o| {
                    let (a, b) = self.footprint(seat, o);
                    (r | a, w | b)
                }),
                Effect::Optional(l) => self.footprint(seat, l),
                Effect::ForEachFremen(l) => {
                    let (a, b) = self.footprint(seat, l);
                    (a | CARDS, b)
                }
                Effect::If { cond, then, els } => {
                    let c = match cond {
                        C::FremenBond
                        | C::FactionCardInPlay(_)
                        | C::InPlay(_)
                        | C::CardsOwnedAtLeast(..)
                        | C::CardsOwnedMost(_) => CARDS,
                        C::Alliance(_)
                        | C::AnyAlliance
                        | C::InfluenceAtLeast(..)
                        | C::TracksAtLeast { .. } => INFL,
                        C::HighCouncilSeat => COUNCIL,
                        C::MakerSpaceThisTurn | C::RevealTurn => 0,
                    };
                    let (a, b) = self.footprint(seat, then);
                    let (x, y) = self.footprint(seat, els);
                    (c | a | x, b | y)
                }
                // Opponents' pieces: no other part of this turn reads them.
                Effect::EachOpponent(_)
                | Effect::ChosenOpponent(_)
                | Effect::StealIntrigue
                | Effect::Control(_)
                | Effect::Other(Bespoke::TheVoice | Bespoke::KwisatzHaderach) => (0, 0),
                Effect::Mentat | Effect::Swordmaster => (0, COUNCIL),
                // Memnon's Connections adds Influence.
                Effect::HighCouncilSeat => (0, COUNCIL | INFL | RES | TROOPS),
                // Ariana's Spice Addict draws.
                Effect::Harvest(_) | Effect::Other(Bespoke::Carryall) => (0, RES | CARDS),
                Effect::DeployFromGarrison(_)
                | Effect::Retreat(_)
                | Effect::DeployRecruited
                | Effect::LoseTroops { .. } => (TROOPS, TROOPS),
                Effect::SignetRing => {
                    let leader = &self.d().leaders[usize::from(self.p(seat).leader.0)];
                    self.footprint(seat, &leader.signet)
                }
                Effect::Other(_) => (ALL, ALL),
            };
            r |= er;
            w |= ew;
        }
        (r, w)
    }

    /// What IM-AGENT-09 part `k` reads and changes.
    fn part_footprint(&self, ctx: Ctx, k: u8) -> (u8, u8) {
        let d = self.d();
        match (k, ctx.space, ctx.card) {
            (PART_SPACE, Some(s), _) => {
                let sp = d.space(s);
                let (r, w) = self.footprint(ctx.seat, &sp.effects);
                // The controller's bonus matters only when it is this seat's.
                if self.control[usize::from(s.0)] == Some(ctx.seat) {
                    let (a, b) = self.footprint(ctx.seat, &sp.control_bonus);
                    (r | a, w | b)
                } else {
                    (r, w)
                }
            }
            (PART_AGENT_BOX, _, Some(c)) => self.footprint(ctx.seat, &d.card(c).agent),
            (PART_INFLUENCE, ..) => (0, INFL | RES | TROOPS),
            _ => (0, 0),
        }
    }

    /// IM-AGENT-09: whether the order of the parts left can change the
    /// outcome: some part reads what another changes (e.g. Fremen Camp's
    /// Agent box paying the spice a Maker space gives). Otherwise every
    /// order gives the same result, and the fixed order is used unasked.
    fn order_matters(&self, ctx: Ctx, left: u8) -> bool {
        if left.count_ones() < 2 {
            return false;
        }
        let parts: Vec<(u8, u8)> = PART_ORDER
            .iter()
            .filter(|&&k| left & (1 << k) != 0)
            .map(|&k| self.part_footprint(ctx, k))
            .collect();
        parts.iter().enumerate().any(|(i, (r, _))| {
            parts
                .iter()
                .enumerate()
                .any(|(j, (_, w))| i != j && r & w != 0)
        })
    }

    /// Resolves the parts of an Agent turn left (IM-AGENT-09): asks which
    /// goes next when the order can matter, else takes the fixed order.
    pub(crate) fn agent_parts(&mut self, ctx: Ctx, left: u8, ev: &mut Vec<Event>) {
        if left == 0 {
            return;
        }
        if self.order_matters(ctx, left) {
            self.pending = Some(Pending::AgentOrder { ctx, left });
            return;
        }
        let k = PART_ORDER
            .into_iter()
            .find(|k| left & (1 << k) != 0)
            .expect("a part is left");
        self.agent_part(ctx, k, left, ev);
    }

    /// Resolves part `k` now, the others after it.
    fn agent_part(&mut self, ctx: Ctx, k: u8, left: u8, ev: &mut Vec<Event>) {
        let rest = left & !(1 << k);
        if rest != 0 {
            self.stack.push(Task::AgentParts { ctx, left: rest });
        }
        let d = self.d();
        let Some(space) = ctx.space else { return };
        let sp = d.space(space);
        match k {
            PART_SPACE => {
                // IM-CONTROL-07: the controller's bonus on any visit, after
                // the space's own effects.
                if let Some(owner) = self.control[usize::from(space.0)] {
                    self.stack.push(Task::Run {
                        list: &sp.control_bonus,
                        pos: 0,
                        ctx: Ctx::seat(owner),
                    });
                }
                if !sp.effects.is_empty() {
                    self.stack.push(Task::Run {
                        list: &sp.effects,
                        pos: 0,
                        ctx,
                    });
                }
            }
            PART_AGENT_BOX => {
                if let Some(card) = ctx.card {
                    self.stack.push(Task::Run {
                        list: &d.card(card).agent,
                        pos: 0,
                        ctx,
                    });
                }
            }
            _ => {
                // IM-FACTION-03 / IM-SPACE-12 / IM-SPACE-13
                if let Some(f) = sp.faction {
                    self.change_influence(ctx.seat, f, d.setup.space_influence as i8, ev);
                }
            }
        }
    }
}
