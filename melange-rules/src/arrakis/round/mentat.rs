//! The Mentat die: two cards drawn from the house's decks, in any mix.
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{Deck, Faction};
use crate::arrakis::state::Arrakis;

impl Arrakis {
    /// The three mixes of two draws.
    pub(crate) fn legal_mentat(&self, f: Faction, out: &mut Vec<Action>) {
        let [h, a] = Deck::of(f);
        out.extend([
            Action::Mentat(h, h),
            Action::Mentat(h, a),
            Action::Mentat(a, a),
        ]);
    }

    /// Draws from decks `x` and `y`, then the turn ends.
    pub(crate) fn mentat(&mut self, f: Faction, x: Deck, y: Deck, ev: &mut Vec<Event>) {
        for dk in [x, y] {
            self.draw(f, dk.index() % 2, ev);
        }
        self.end_turn(f, ev);
    }
}
