//! The small decisions that effects and leader abilities ask while they
//! resolve (`interp.rs` asks them): a branch of a choice, a Faction, a
//! card to trash, discard or retrieve, an opponent, a row of the Sell
//! Melange table, Poison Snooper, The Voice, a recall, Manipulate, the
//! Baron's secret Factions and Masterstroke, and the Alliance handover.
//! Each one's legal actions, what choosing does and, where it has its own
//! sentence, its refusal, side by side.
use crate::core::{RuleError, Seat};

use super::action::{Action, Zone};
use super::deck::{push_distinct, remove_one};
use super::effect::{Bespoke, Effect};
use super::event::{Event, Resource};
use super::ids::{CardId, Faction, SpaceId};
use super::prompt::Prompt;
use super::state::{Ctx, Imperium, Task};

/// The Factions of `mask` (IM-FACTION-02: Influence with one of them).
pub(crate) fn influence_legal(mask: u8, out: &mut Vec<Action>) {
    for f in Faction::ALL {
        if mask & (1 << f.index()) != 0 {
            out.push(Action::Faction(f));
        }
    }
}

impl Imperium {
    /// The branches not taken yet whose costs can be paid.
    pub(crate) fn choice_legal(
        &self,
        ctx: Ctx,
        options: &[Vec<Effect>],
        taken: u8,
        out: &mut Vec<Action>,
    ) {
        for (i, o) in options.iter().enumerate() {
            if taken & (1 << i) == 0 && self.list_payable(ctx, o) {
                out.push(Action::Choose(i as u8));
            }
        }
    }

    /// Branch `i` now, then the picks left (`ChoiceRest`).
    pub(crate) fn choose_option(
        &mut self,
        ctx: Ctx,
        options: &'static [Vec<Effect>],
        left: u8,
        taken: u8,
        i: u8,
    ) {
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

    /// Influence with Faction `f`, then the next pick among the others.
    pub(crate) fn choose_influence(
        &mut self,
        ctx: Ctx,
        mask: u8,
        n: u8,
        left: u8,
        f: Faction,
        ev: &mut Vec<Event>,
    ) {
        if left > 1 {
            self.stack.push(Task::Ask(Prompt::Influence {
                ctx,
                mask: mask & !(1 << f.index()),
                n,
                left: left - 1,
            }));
        }
        self.change_influence(ctx.seat, f, n as i8, ev);
    }

    /// The Factions the seat has at least `n` Influence with.
    pub(crate) fn lose_influence_legal(&self, seat: Seat, n: u8, out: &mut Vec<Action>) {
        for f in Faction::ALL {
            if self.p(seat).influence[f.index()] >= n {
                out.push(Action::Faction(f));
            }
        }
    }

    /// Baron: the Factions not chosen yet.
    pub(crate) fn secret_faction_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        for f in Faction::ALL {
            if self.p(seat).secret_factions & (1 << f.index()) == 0 {
                out.push(Action::Faction(f));
            }
        }
    }

    /// Baron: one secret Faction, asked until two are chosen.
    pub(crate) fn choose_secret_faction(&mut self, seat: Seat, f: Faction) {
        self.pm(seat).secret_factions |= 1 << f.index();
        if self.p(seat).secret_factions.count_ones() < 2 {
            self.stack.push(Task::Ask(Prompt::SecretFaction(seat)));
        }
    }

    /// Baron's Masterstroke: 1 Influence with each secret Faction.
    pub(crate) fn masterstroke(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        self.pm(seat).masterstroke_used = true;
        let mask = self.p(seat).secret_factions;
        for f in Faction::ALL {
            if mask & (1 << f.index()) != 0 {
                self.change_influence(seat, f, 1, ev);
            }
        }
    }

    /// A card from the hand, the discard pile or play, or none.
    pub(crate) fn trash_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        let p = self.p(seat);
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

    /// A card of the hand.
    pub(crate) fn discard_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        for &c in &self.p(seat).hand {
            push_distinct(out, Action::Discard(c));
        }
    }

    /// Discards `card`, then asks again while discards are left.
    pub(crate) fn discard(&mut self, seat: Seat, left: u8, card: CardId, ev: &mut Vec<Event>) {
        let p = self.pm(seat);
        remove_one(&mut p.hand, card);
        p.discard.push(card);
        ev.push(Event::Discarded { seat, card });
        if left > 1 && !self.p(seat).hand.is_empty() {
            self.stack.push(Task::Ask(Prompt::Discard {
                seat,
                left: left - 1,
            }));
        }
    }

    /// The opponents with troops in the Conflict; a pass when there is
    /// none.
    pub(crate) fn opponent_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        for o in self.seats() {
            if o != seat && self.p(o).conflict > 0 {
                out.push(Action::Opponent(o));
            }
        }
        if out.is_empty() {
            out.push(Action::Pass);
        }
    }

    /// The cards of the Row up to `max_cost`.
    pub(crate) fn free_acquire_legal(&self, max_cost: u8, top: bool, out: &mut Vec<Action>) {
        let d = self.d();
        for &c in &self.row {
            if d.card(c).cost.unwrap_or(0) <= max_cost {
                push_distinct(out, Action::Acquire { card: c, top });
            }
        }
    }

    /// The rows of the Sell Melange table the seat's spice pays.
    pub(crate) fn sell_melange_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        for (i, (spice, _)) in self.melange_table().iter().enumerate() {
            if self.p(seat).spice >= *spice {
                out.push(Action::Choose(i as u8));
            }
        }
    }

    /// IM-MELANGE-01: one row of the table (IM-MELANGE-02, IM-MELANGE-03,
    /// IM-MELANGE-04, IM-MELANGE-05); IM-MELANGE-06: exactly one exchange
    /// per visit, never re-asked; IM-MELANGE-07: only the listed rows are
    /// offered.
    pub(crate) fn sell_melange(&mut self, seat: Seat, i: u8, ev: &mut Vec<Event>) {
        let (spice, solari) = self.melange_table()[usize::from(i)];
        self.resource(seat, Resource::Spice, -i16::from(spice), ev);
        self.resource(seat, Resource::Solari, i16::from(solari), ev);
    }

    /// Why row `i` of the Sell Melange table is refused.
    pub(crate) fn sell_melange_refusal(&self, seat: Seat, i: u8) -> RuleError {
        match self.melange_table().get(usize::from(i)) {
            Some((spice, _)) => RuleError::illegal(
                "IM-MELANGE-07",
                format!(
                    "selling {spice} spice needs {spice} spice and you have {}",
                    self.p(seat).spice
                ),
            ),
            None => RuleError::illegal(
                "IM-MELANGE-07",
                format!(
                    "Sell Melange has only {} exchanges, from {} to {} spice",
                    self.melange_table().len(),
                    self.melange_table().first().map_or(0, |r| r.0),
                    self.melange_table().last().map_or(0, |r| r.0)
                ),
            ),
        }
    }

    /// Poison Snooper: the top card of the deck to the hand (0) or the
    /// trash (1).
    pub(crate) fn poison_snooper(&mut self, seat: Seat, card: CardId, i: u8, ev: &mut Vec<Event>) {
        let d = self.d();
        let p = self.pm(seat);
        remove_one(&mut p.deck, card);
        if i == 0 {
            p.hand.push(card);
            ev.push(Event::Drew {
                seat,
                card: Some(card),
            });
        } else {
            self.trash.push(card);
            ev.push(Event::Trashed { seat, card });
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

    /// The Bene Gesserit cards of the discard pile.
    pub(crate) fn retrieve_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        for &c in &self.p(seat).discard {
            if self.retrievable(seat, c) {
                push_distinct(out, Action::Card(c));
            }
        }
    }

    /// Takes `card` from the discard pile into the hand.
    pub(crate) fn retrieve(&mut self, seat: Seat, card: CardId, ev: &mut Vec<Event>) {
        let p = self.pm(seat);
        remove_one(&mut p.discard, card);
        p.hand.push(card);
        ev.push(Event::Retrieved { seat, card });
    }

    /// The Voice: any board space.
    pub(crate) fn voice_legal(&self, out: &mut Vec<Action>) {
        for s in 0..self.d().spaces.len() as u8 {
            out.push(Action::Space(SpaceId(s)));
        }
    }

    /// The Voice blocks space `s`.
    pub(crate) fn voice(&mut self, seat: Seat, s: SpaceId, ev: &mut Vec<Event>) {
        self.voice = Some((seat, s));
        ev.push(Event::Voice { seat, space: s });
    }

    /// The spaces the seat's Agents are on.
    pub(crate) fn recall_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        for (s, o) in self.occupant.iter().enumerate() {
            if *o == Some(seat) {
                out.push(Action::Space(SpaceId(s as u8)));
            }
        }
    }

    /// The Agent on space `s` returns to its Leader.
    pub(crate) fn recall(&mut self, seat: Seat, s: SpaceId, ev: &mut Vec<Event>) {
        self.occupant[usize::from(s.0)] = None;
        self.pm(seat).agents_out -= 1;
        ev.push(Event::AgentRecalled { seat, space: s });
    }

    /// Manipulate: a card of the Row.
    pub(crate) fn manipulate_legal(&self, out: &mut Vec<Action>) {
        for &c in &self.row {
            push_distinct(out, Action::Card(c));
        }
    }

    /// Manipulate: `card` leaves the Row, set aside for the seat.
    pub(crate) fn manipulate(&mut self, seat: Seat, card: CardId, ev: &mut Vec<Event>) {
        if let Some(i) = self.row.iter().position(|c| *c == card) {
            self.row.remove(i);
            self.pm(seat).set_aside = Some(card);
            self.refill_row(ev);
        }
    }

    /// The tied seats that may take the Alliance token.
    pub(crate) fn alliance_handover_legal(&self, candidates: u8, out: &mut Vec<Action>) {
        for o in self.seats() {
            if candidates & (1 << o.0) != 0 {
                out.push(Action::Opponent(o));
            }
        }
    }

    /// Asks the rest of a multi-pick choice while picks are left and a
    /// branch not taken can be paid.
    pub(crate) fn choice_rest(
        &mut self,
        ctx: Ctx,
        options: &'static [Vec<Effect>],
        left: u8,
        taken: u8,
    ) {
        let any = options
            .iter()
            .enumerate()
            .any(|(i, o)| taken & (1 << i) == 0 && self.list_payable(ctx, o));
        if left > 0 && any {
            self.prompt = Some(Prompt::Choice {
                ctx,
                options,
                left,
                taken,
            });
        }
    }

    /// Baron: whether Masterstroke is offered now (4 troops deployed this
    /// turn, not used yet).
    pub(crate) fn masterstroke_ready(&self, seat: Seat) -> bool {
        let p = self.p(seat);
        self.leader_ability(seat) == Some(Bespoke::Masterstroke)
            && !p.masterstroke_used
            && self.turn.deployed >= 4
    }
}
