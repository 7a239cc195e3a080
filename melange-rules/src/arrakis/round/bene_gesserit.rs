//! The Bene Gesserit tokens: placed as a die after the roll (AR-BG-*), or,
//! under AR-OPT-02, spent by the free action that reorders the top cards
//! of one of the house's decks (the `Foresee` decision).
use crate::arrakis::action::Action;
use crate::arrakis::ids::{DieResult, Faction};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::{Arrakis, Die};

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

/// Orders of up to 3 cards, lexicographic, by how many cards are seen.
pub(crate) const PERMS: [&[[u8; 3]]; 4] = [
    &[[0, 1, 2]],
    &[[0, 1, 2]],
    &[[0, 1, 2], [1, 0, 2]],
    &[
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ],
];

impl Arrakis {
    /// A free slot for the token, or not.
    pub(crate) fn legal_bene_gesserit(&self, f: Faction, out: &mut Vec<Action>) {
        for r in DieResult::ALL {
            if self.free_slots(f, r) > 0 {
                out.push(Action::PlaceBeneGesserit(r));
            }
        }
        out.push(Action::Done);
    }

    /// Places `f`'s token (or not); the Atreides decide next, then take
    /// the first turn.
    pub(crate) fn step_bene_gesserit(&mut self, f: Faction, a: Action) {
        if let Action::PlaceBeneGesserit(r) = a {
            let h = self.house_mut(f);
            h.bene_gesserit -= 1;
            h.bene_gesserit_placed = true;
            h.dice.push(Die {
                result: r,
                spent: false,
                token: true,
            });
        }
        if f == H && self.house(A).bene_gesserit > 0 {
            self.prompt = Prompt::BeneGesserit(A);
        } else {
            self.prompt = Prompt::Turn(A);
        }
    }

    /// The rule a refused token placement breaks.
    pub(crate) fn bene_gesserit_refusal(&self, action: &Action) -> &'static str {
        match action {
            Action::PlaceBeneGesserit(_) => "AR-BG-04",
            _ => "AR-ACT-17",
        }
    }

    /// AR-OPT-02: every order of the top cards (up to 3) of deck `k`.
    pub(crate) fn legal_foresee(&self, f: Faction, k: u8, out: &mut Vec<Action>) {
        let n = self.house(f).decks[usize::from(k)].len().min(3);
        for p in 0..PERMS[n].len() {
            out.push(Action::Order(p as u8));
        }
    }

    /// Puts the top cards of `f`'s deck `k` in order `p` of [`PERMS`].
    pub(crate) fn foresee(&mut self, f: Faction, k: u8, p: u8) {
        let deck = &mut self.houses[f].decks[usize::from(k)];
        let n = deck.len().min(3);
        let top: Vec<_> = deck.iter().rev().take(n).copied().collect();
        let perm = PERMS[n][usize::from(p)];
        let keep = deck.len() - n;
        deck.truncate(keep);
        // The first of the order goes on top (the end of the pile).
        for &i in perm[..n].iter().rev() {
            deck.push(top[usize::from(i)]);
        }
        self.prompt = Prompt::Turn(f);
    }
}
