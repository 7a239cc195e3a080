//! The Reveal turn (IM-REVEAL) and its acquire step (IM-DECK-08 to
//! IM-DECK-15): revealing the hand, the Reveal boxes (all at once by the
//! text, one at a time between acquisitions with `reveal_order =
//! published`), acquiring cards with Persuasion, and the clean-up.
use crate::core::{RuleError, Seat};

use super::action::Action;
use super::deck::{push_distinct, remove_one};
use super::event::{Event, Resource};
use super::ids::CardId;
use super::intrigue::Window;
use super::prompt::Prompt;
use super::state::{Ctx, Imperium, Task};

impl Imperium {
    /// IM-REVEAL-01 / IM-REVEAL-02: IM-REVEAL-03 reveal the whole hand (kept
    /// apart from played cards, IM-REVEAL-04), IM-REVEAL-05 / IM-DECK-06
    /// resolve their Reveal boxes (IM-REVEAL-06: never the played cards'),
    /// then acquire (IM-DECK-08, IM-DECK-09: only here), then clean up.
    pub(crate) fn reveal(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        self.reveal_counter += 1;
        let counter = self.reveal_counter;
        let p = self.pm(seat);
        p.has_revealed = true;
        p.reveal_seq = counter;
        let hand = std::mem::take(&mut p.hand);
        p.revealed.extend_from_slice(&hand);
        ev.push(Event::Revealed {
            seat,
            cards: hand.to_vec(),
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
    }

    /// Revealed cards whose Reveal box is still to resolve (a card trashed
    /// from play meanwhile has lost its box).
    pub(crate) fn reveal_boxes_left(&self, seat: Seat) -> Vec<CardId> {
        let revealed = &self.p(seat).revealed;
        let mut out = Vec::new();
        for &c in &self.reveal_boxes {
            if revealed.contains(&c) {
                push_distinct(&mut out, c);
            }
        }
        out
    }

    /// The acquire step's choices: a card of the Row, the Reserve or set
    /// aside by Manipulate within the Persuasion left, a Plot Intrigue, a
    /// Reveal box left, or finishing once no box is left.
    pub(crate) fn acquire_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        let d = self.d();
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

    /// Acquires `card` with Persuasion, then back to the acquire step.
    pub(crate) fn acquire(&mut self, seat: Seat, card: CardId, top: bool, ev: &mut Vec<Event>) {
        let cost = self.acquire_cost(seat, card);
        self.stack.push(Task::AcquireLoop);
        self.resource(seat, Resource::Persuasion, -i16::from(cost), ev);
        let ctx = Ctx {
            reveal: true,
            ..Ctx::seat(seat)
        };
        self.gain_card(ctx, card, top, ev);
    }

    /// Resolves one Reveal box now.
    pub(crate) fn reveal_box(&mut self, seat: Seat, card: CardId) {
        let d = self.d();
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

    /// Finishes the acquire step: the clean-up comes next.
    pub(crate) fn finish_acquiring(&mut self) {
        self.reveal_boxes.clear();
        self.stack.push(Task::EndReveal)
    }

    /// Why the acquire step refuses to acquire `card`, or `None` when it
    /// is refused only for the moment.
    pub(crate) fn acquire_refusal(&self, seat: Seat, card: CardId, top: bool) -> Option<RuleError> {
        let name = self.card_name(card);
        let offered = self.p(seat).set_aside == Some(card)
            || self.row.contains(&card)
            || (0..2).any(|k| self.reserve[k] > 0 && self.d().reserve[k] == card);
        if !offered {
            return Some(RuleError::illegal(
                "IM-DECK-13",
                format!("{name} is not in the Imperium Row or the Reserve"),
            ));
        }
        let (cost, pers) = (self.acquire_cost(seat, card), self.p(seat).persuasion);
        if cost > pers {
            return Some(RuleError::illegal(
                "IM-DECK-13",
                format!("{name} costs {cost} Persuasion and you have {pers}"),
            ));
        }
        if top {
            return Some(RuleError::illegal(
                "IM-DECK-09",
                format!(
                    "{name} goes to your discard pile: only Recruitment Mission puts \
                     acquired cards on your deck"
                ),
            ));
        }
        None
    }

    /// Why finishing the acquire step is refused: Reveal boxes are left.
    pub(crate) fn finish_refusal(&self, seat: Seat) -> RuleError {
        let left: Vec<&str> = self
            .reveal_boxes_left(seat)
            .into_iter()
            .map(|c| self.card_name(c))
            .collect();
        RuleError::illegal(
            "IM-REVEAL-05",
            format!(
                "resolve every Reveal box before finishing ({} left)",
                left.join(", ")
            ),
        )
    }

    /// Why a Reveal box cannot be resolved now.
    pub(crate) fn reveal_box_refusal(&self, c: CardId) -> RuleError {
        RuleError::illegal(
            "IM-REVEAL-05",
            format!(
                "{} has no Reveal box left to resolve this turn",
                self.card_name(c)
            ),
        )
    }

    /// The clean-up of the Reveal turn, then the next turn.
    pub(crate) fn end_reveal(&mut self, ev: &mut Vec<Event>) {
        let seat = self.turn.seat;
        // IM-REVEAL-07: strength is the live value of troops and
        // swords (`strength`), fixed from here on.
        // IM-REVEAL-08: played and revealed cards to the discard pile.
        let p = self.pm(seat);
        let mut played = std::mem::take(&mut p.played);
        let mut revealed = std::mem::take(&mut p.revealed);
        p.discard.append(&mut played);
        p.discard.append(&mut revealed);
        // IM-DECK-18: Persuasion is lost.
        let pers = p.persuasion;
        self.resource(seat, Resource::Persuasion, -i16::from(pers), ev);
        // A Manipulate card not acquired goes under the Imperium deck.
        if let Some(c) = self.pm(seat).set_aside.take() {
            self.imperium_deck.insert(0, c);
        }
        self.stack.push(Task::NextTurn);
        if self.masterstroke_ready(seat) {
            self.prompt = Some(Prompt::Masterstroke(seat));
        }
    }
}
