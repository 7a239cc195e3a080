//! The edits a test or a fixture makes to a [`Setup`] most often, each
//! keeping the counts the rules conserve (a card put in a hand comes out
//! of a pile, a troop put in the garrison out of the supply), so that the
//! edited setup still passes [`crate::imperium::Imperium::from_setup`].
use super::Setup;
use crate::core::Seat;
use crate::imperium::data::data;
use crate::imperium::ids::{CardId, ConflictId, IntrigueId};
use crate::imperium::prompt::Prompt;
use crate::imperium::state::{Phase, Player, Turn};
use smallvec::SmallVec;

/// Takes one `card` out of `pile`, if it holds one.
fn take<A: smallvec::Array<Item: PartialEq>>(pile: &mut SmallVec<A>, card: &A::Item) -> bool {
    match pile.iter().rposition(|c| c == card) {
        Some(i) => {
            pile.remove(i);
            true
        }
        None => false,
    }
}

/// Takes the lowest copy of `card` out of `pile`, if it holds one.
fn take_lowest<A: smallvec::Array<Item: PartialEq>>(
    pile: &mut SmallVec<A>,
    card: &A::Item,
) -> bool {
    match pile.iter().position(|c| c == card) {
        Some(i) => {
            pile.remove(i);
            true
        }
        None => false,
    }
}

impl Setup {
    /// A participant's pieces (a seat, or a rival's board place).
    pub fn player(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index()]
    }

    /// Makes `seat` the First Player and asks it for its Agent or Reveal
    /// turn now, with no work in progress and no flag of an earlier turn.
    pub fn start_turn(&mut self, seat: Seat) -> &mut Setup {
        self.stack.clear();
        self.first = seat;
        self.phase = Phase::PlayerTurns;
        self.turn = Turn {
            seat,
            ..Turn::default()
        };
        self.prompt = Some(Prompt::Turn(seat));
        self
    }

    /// Gives `seat` exactly these cards in hand; the cards it held go
    /// under its deck, hidden as they were (the discard pile, which every
    /// seat sees, is unchanged). Each card comes from the seat's deck (its
    /// lowest copy, so the cards it will draw next stay as they were: the
    /// cards it held first), else its discard pile, else the Imperium
    /// deck, its Reserve pile or the Imperium Row (refilled as after an
    /// acquisition). `None` when a card is in none of them (the setup is
    /// then half changed: inside [`crate::imperium::Imperium::edit`] the
    /// game is not).
    pub fn hand(&mut self, seat: Seat, cards: &[CardId]) -> Option<&mut Setup> {
        let p = &mut self.players[seat.index()];
        let old = std::mem::take(&mut p.hand);
        p.deck.insert_many(0, old);
        for c in cards {
            let p = &mut self.players[seat.index()];
            let found = take_lowest(&mut p.deck, c)
                || take(&mut p.discard, c)
                || take(&mut self.imperium_deck, c)
                || self.take_reserve(*c)
                || self.take_from_row(*c);
            if !found {
                return None;
            }
            self.players[seat.index()].hand.push(*c);
        }
        Some(self)
    }

    /// Makes `seat`'s draw deck exactly these cards, the top last (see
    /// [`Setup::discard`] for where they come from and where the cards it
    /// held go).
    pub fn deck(&mut self, seat: Seat, cards: &[CardId]) -> Option<&mut Setup> {
        self.set_pile(seat, true, cards)
    }

    /// Makes `seat`'s discard pile exactly these cards. Each comes from the
    /// pile itself, else the seat's deck, discard pile or hand, else the
    /// Imperium deck, its Reserve pile or the Imperium Row; the cards the
    /// pile held and no longer does are trashed (as a trash effect may
    /// do). So no card is made or lost. `None` when a card is in none of
    /// those places.
    pub fn discard(&mut self, seat: Seat, cards: &[CardId]) -> Option<&mut Setup> {
        self.set_pile(seat, false, cards)
    }

    /// Makes `seat`'s deck (`deck`) or discard pile exactly `cards` (see
    /// [`Setup::discard`]).
    fn set_pile(&mut self, seat: Seat, deck: bool, cards: &[CardId]) -> Option<&mut Setup> {
        let p = &mut self.players[seat.index()];
        let mut old = std::mem::take(if deck { &mut p.deck } else { &mut p.discard });
        let mut new = Vec::with_capacity(cards.len());
        for c in cards {
            let p = &mut self.players[seat.index()];
            let other = if deck { &mut p.discard } else { &mut p.deck };
            let found = take(&mut old, c)
                || take(other, c)
                || take(&mut p.hand, c)
                || take(&mut self.imperium_deck, c)
                || self.take_reserve(*c)
                || self.take_from_row(*c);
            if !found {
                return None;
            }
            new.push(*c);
        }
        let p = &mut self.players[seat.index()];
        *(if deck { &mut p.deck } else { &mut p.discard }) = new.into();
        self.trash.extend(old);
        Some(self)
    }

    /// One card out of the Imperium Row, if it is there; the Row is then
    /// refilled from the top of the Imperium deck, as after an acquisition.
    fn take_from_row(&mut self, card: CardId) -> bool {
        if !take(&mut self.row, &card) {
            return false;
        }
        let size = usize::from(data().setup.row_size);
        while self.row.len() < size {
            let Some(c) = self.imperium_deck.pop() else {
                break;
            };
            self.row.push(c);
        }
        true
    }

    /// One card out of its Reserve pile, if it is a Reserve card and the
    /// pile is not empty.
    fn take_reserve(&mut self, card: CardId) -> bool {
        let pile = data().reserve.iter().position(|c| *c == card);
        match pile.map(|k| &mut self.reserve[k]) {
            Some(left) if *left > 0 => {
                *left -= 1;
                true
            }
            _ => false,
        }
    }

    /// Gives `seat` one Intrigue card, from the Intrigue deck or else its
    /// discard pile. `None` when neither holds one.
    pub fn give_intrigue(&mut self, seat: Seat, card: IntrigueId) -> Option<&mut Setup> {
        if !(take(&mut self.intrigue_deck, &card) || take(&mut self.intrigue_discard, &card)) {
            return None;
        }
        self.players[seat.index()].intrigue.push(card);
        Some(self)
    }

    /// Puts `garrison` of `seat`'s troops in its garrison and `conflict` in
    /// the Conflict, the rest in its supply. `None` when it has too few.
    pub fn troops(&mut self, seat: Seat, garrison: u8, conflict: u8) -> Option<&mut Setup> {
        let total = data().setup.total_troops;
        let supply = total.checked_sub(garrison)?.checked_sub(conflict)?;
        let p = &mut self.players[seat.index()];
        p.supply = supply;
        p.garrison = garrison;
        p.conflict = conflict;
        Some(self)
    }

    /// Puts `n` of `seat`'s troops in its garrison, the difference coming
    /// from or going back to its supply, so troops are conserved.
    /// `None` when the supply holds too few.
    pub fn garrison(&mut self, seat: Seat, n: u8) -> Option<&mut Setup> {
        let p = &mut self.players[seat.index()];
        p.supply = (p.supply + p.garrison).checked_sub(n)?;
        p.garrison = n;
        Some(self)
    }

    /// Puts `n` of `seat`'s troops in the Conflict, the difference coming
    /// from or going back to its supply, so troops are conserved.
    /// `None` when the supply holds too few.
    pub fn deployed(&mut self, seat: Seat, n: u8) -> Option<&mut Setup> {
        let p = &mut self.players[seat.index()];
        p.supply = (p.supply + p.conflict).checked_sub(n)?;
        p.conflict = n;
        Some(self)
    }

    /// Puts Conflict card `card` on top of the Conflict deck, out of the
    /// deck if it is there, else out of the box (a game deals only some of
    /// each tier's cards), so no Conflict is in the deck twice. `None` when
    /// the card was revealed already this game.
    pub fn conflict_on_top(&mut self, card: ConflictId) -> Option<&mut Setup> {
        if self.conflicts_seen.contains(&card) || self.conflict == Some(card) {
            return None;
        }
        take(&mut self.conflict_deck, &card);
        self.conflict_deck.push(card);
        Some(self)
    }

    /// Makes these cards the Imperium Row: the cards it held go back on
    /// top of the Imperium deck, each new one comes out of the deck. `None`
    /// when the deck holds too few of a card.
    pub fn set_row(&mut self, cards: &[CardId]) -> Option<&mut Setup> {
        let old = std::mem::take(&mut self.row);
        self.imperium_deck.extend(old);
        for c in cards {
            if !take(&mut self.imperium_deck, c) {
                return None;
            }
            self.row.push(*c);
        }
        Some(self)
    }
}
