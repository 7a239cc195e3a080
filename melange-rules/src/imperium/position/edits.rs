//! The edits a test or a fixture makes to a [`Setup`] most often, each
//! keeping the counts the rules conserve (a card put in a hand comes out
//! of a pile, a troop put in the garrison out of the supply), so that the
//! edited setup still passes [`crate::imperium::Imperium::from_setup`].
use super::Setup;
use crate::core::Seat;
use crate::imperium::data::data;
use crate::imperium::ids::{CardId, IntrigueId};
use crate::imperium::prompt::Prompt;
use crate::imperium::state::{Phase, Player, Turn};

/// Takes one `card` out of `pile`, if it holds one.
fn take<T: PartialEq>(pile: &mut Vec<T>, card: &T) -> bool {
    match pile.iter().rposition(|c| c == card) {
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

    /// Gives `seat` exactly these cards in hand; the cards it held go to
    /// its discard pile. Each card comes from the seat's deck, else its
    /// discard pile, else the Imperium deck, else its Reserve pile. `None`
    /// when a card is in none of them (the setup is then half changed:
    /// inside [`crate::imperium::Imperium::edit`] the game is not).
    pub fn hand(&mut self, seat: Seat, cards: &[CardId]) -> Option<&mut Setup> {
        let p = &mut self.players[seat.index()];
        let old = std::mem::take(&mut p.hand);
        p.discard.extend(old);
        for c in cards {
            let p = &mut self.players[seat.index()];
            let found = take(&mut p.deck, c)
                || take(&mut p.discard, c)
                || take(&mut self.imperium_deck, c)
                || self.take_reserve(*c);
            if !found {
                return None;
            }
            self.players[seat.index()].hand.push(*c);
        }
        Some(self)
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
