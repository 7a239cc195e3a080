//! Deck building: drawing, shuffling, acquiring, trashing (IM-DECK).
use rand::seq::SliceRandom;

use crate::core::Seat;

use super::action::Zone;
use super::event::Event;
use super::ids::{CardId, IntrigueId};
use super::state::{CardPile, Ctx, Imperium, Task};

impl Imperium {
    /// Takes the top card of a seat's deck, reshuffling the discard pile
    /// when the deck is empty (IM-DECK-02); `None` when both are empty
    /// (the draw is lost, docs/rules-decisions.md, A4b).
    pub(crate) fn take_top(&mut self, seat: Seat, ev: &mut Vec<Event>) -> Option<CardId> {
        if self.p(seat).deck.is_empty() {
            self.reshuffle(seat, ev)?;
        }
        self.pm(seat).deck.pop()
    }

    /// Shuffles the discard pile into the deck; `None` if it is empty.
    pub(crate) fn reshuffle(&mut self, seat: Seat, ev: &mut Vec<Event>) -> Option<()> {
        if self.p(seat).discard.is_empty() {
            return None;
        }
        let mut pile = std::mem::take(&mut self.pm(seat).discard);
        pile.shuffle(&mut self.rng);
        // The old deck (if any) stays on top: a Refocus shuffle puts the
        // discard pile under it (docs/rules-decisions.md, A4a).
        let p = self.pm(seat);
        pile.append(&mut p.deck);
        p.deck = pile;
        ev.push(Event::Shuffled { seat });
        Some(())
    }

    /// Draws `n` cards into the hand; in a Reveal turn a drawn card is
    /// revealed and its Reveal box resolved at once.
    pub(crate) fn draw(&mut self, ctx: Ctx, n: u8, ev: &mut Vec<Event>) {
        for _ in 0..n {
            let Some(card) = self.take_top(ctx.seat, ev) else {
                return;
            };
            ev.push(Event::Drew {
                seat: ctx.seat,
                card: Some(card),
            });
            if ctx.reveal {
                self.pm(ctx.seat).revealed.push(card);
                ev.push(Event::Revealed {
                    seat: ctx.seat,
                    cards: vec![card],
                });
                let list = &self.d().card(card).reveal;
                if !list.is_empty() {
                    self.stack.push(Task::Run {
                        list,
                        pos: 0,
                        ctx: Ctx {
                            card: Some(card),
                            ..ctx
                        },
                    });
                }
            } else {
                self.pm(ctx.seat).hand.push(card);
            }
        }
    }

    /// Draws an Intrigue card into the seat's Intrigue hand, never the deck
    /// (IM-INTRIGUE-08; gained at Carthag, Conspire, Secrets and from card
    /// effects, IM-INTRIGUE-09) (the discard pile is reshuffled when the deck
    /// runs out, docs/rules-decisions.md).
    pub(crate) fn draw_intrigue(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        if self.intrigue_deck.is_empty() {
            let mut pile = std::mem::take(&mut self.intrigue_discard);
            pile.shuffle(&mut self.rng);
            self.intrigue_deck = pile.into_iter().collect();
        }
        if let Some(card) = self.intrigue_deck.pop() {
            self.pm(seat).intrigue.push(card);
            ev.push(Event::IntrigueDrawn {
                seat,
                card: Some(card),
            });
        }
    }

    /// Removes one Intrigue card from a hand into the discard pile.
    pub(crate) fn spend_intrigue(&mut self, seat: Seat, card: IntrigueId) {
        let p = self.pm(seat);
        if let Some(i) = p.intrigue.iter().position(|c| *c == card) {
            p.intrigue.remove(i);
            self.intrigue_discard.push(card);
        }
    }

    /// Refills the Imperium Row to its size, 5 (IM-DECK-10, IM-DECK-17).
    pub(crate) fn refill_row(&mut self, ev: &mut Vec<Event>) {
        while self.row.len() < usize::from(self.d().setup.row_size) {
            let Some(card) = self.imperium_deck.pop() else {
                return;
            };
            self.row.push(card);
            ev.push(Event::RowRefilled { card });
        }
    }

    /// Effective Persuasion cost of acquiring a card now.
    pub(crate) fn acquire_cost(&self, seat: Seat, card: CardId) -> u8 {
        let d = self.d();
        let mut cost = d.card(card).cost.unwrap_or(0);
        if card == d.spice_must_flow && self.turn.bankers && self.turn.seat == seat {
            cost = cost.saturating_sub(3);
        }
        if self.p(seat).set_aside == Some(card) {
            cost = cost.saturating_sub(1);
        }
        cost
    }

    /// Where an acquirable card is: 0 set aside, 1 row, 2 reserve.
    pub(crate) fn acquire_source(&self, seat: Seat, card: CardId) -> Option<u8> {
        let d = self.d();
        if self.p(seat).set_aside == Some(card) {
            return Some(0);
        }
        if self.row.contains(&card) {
            return Some(1);
        }
        // IM-DECK-11: the Reserve offers Arrakis Liaison and The Spice Must
        // Flow; Foldspace is only taken at its space.
        for k in 0..2 {
            if d.reserve[k] == card && self.reserve[k] > 0 {
                return Some(2);
            }
        }
        None
    }

    /// Moves an acquired card to its owner and resolves its Acquire effect
    /// (IM-DECK-07, IM-DECK-16, IM-DECK-17; IM-DECK-20: The Spice Must
    /// Flow's 1 VP is its Acquire effect in data).
    pub(crate) fn gain_card(&mut self, ctx: Ctx, card: CardId, top: bool, ev: &mut Vec<Event>) {
        let seat = ctx.seat;
        match self.acquire_source(seat, card) {
            Some(0) => self.pm(seat).set_aside = None,
            Some(1) => {
                let i = self.row.iter().position(|c| *c == card).expect("in row");
                self.row.remove(i);
                self.refill_row(ev);
            }
            Some(_) => {
                let k = self
                    .d()
                    .reserve
                    .iter()
                    .position(|c| *c == card)
                    .expect("reserve");
                self.reserve[k] -= 1;
            }
            None => return,
        }
        let p = self.pm(seat);
        if top {
            p.deck.push(card);
        } else {
            p.discard.push(card);
        }
        ev.push(Event::Acquired { seat, card });
        let list = &self.d().card(card).acquire;
        if !list.is_empty() {
            self.stack.push(Task::Run {
                list,
                pos: 0,
                ctx: Ctx {
                    card: Some(card),
                    space: None,
                    ..ctx
                },
            });
        }
    }

    /// Trashes a card from a zone (IM-DECK-03), resolving its `trashed`
    /// effect.
    pub(crate) fn trash_card(
        &mut self,
        seat: Seat,
        card: CardId,
        zone: Zone,
        ev: &mut Vec<Event>,
    ) -> bool {
        let p = self.pm(seat);
        let removed = match zone {
            Zone::Hand => remove_one(&mut p.hand, card),
            Zone::Discard => remove_one(&mut p.discard, card),
            Zone::InPlay => remove_one(&mut p.played, card) || remove_one(&mut p.revealed, card),
        };
        if !removed {
            return false;
        }
        self.trash.push(card);
        ev.push(Event::Trashed { seat, card });
        let list = &self.d().card(card).trashed;
        if !list.is_empty() {
            self.stack.push(Task::Run {
                list,
                pos: 0,
                ctx: Ctx::seat(seat),
            });
        }
        true
    }
}

/// Removes one copy; whether one was there.
pub(crate) fn remove_one(v: &mut CardPile, card: CardId) -> bool {
    match v.iter().rposition(|c| *c == card) {
        Some(i) => {
            v.remove(i);
            true
        }
        None => false,
    }
}

/// Pushes `card` onto `out` unless it is already there (distinct actions).
pub(crate) fn push_distinct<T: PartialEq>(out: &mut Vec<T>, v: T) {
    if !out.contains(&v) {
        out.push(v);
    }
}
