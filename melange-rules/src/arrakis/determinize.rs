//! The forward model's sample (MC-SIM-01, MC-SIM-03): a copy of the game
//! in which every fact hidden from one seat is drawn anew, consistent with
//! what that seat sees. Search bots play ahead on such copies, so a copy
//! must not carry what the seat could not know: the sample depends only on
//! the seat's view and the caller's generator. To make that hold, every
//! pool of hidden things is put in a fixed order (sorted) before it is
//! shuffled, and the generator is read the same number of times whatever
//! the hidden facts are.
//!
//! What is drawn anew (docs/rules-decisions.md, Competition rules, War for
//! Arrakis):
//! - the other house's hand, from the cards the seat cannot locate (that
//!   hand and its two decks), each card staying with its own deck and the
//!   hand keeping as many cards of each deck as it holds (draws say which
//!   deck they come from);
//! - the order of all four decks (the seat's own too: nobody sees a deck's
//!   order), except the top cards its owner is reordering (AR-OPT-02);
//! - for the Harkonnen: the Atreides face-down deployment tokens (on the
//!   board, drawn and not yet placed, and in the pool), the ranks of the
//!   face-down sietches, the secret objective(s), and with the Desert War
//!   the markers of the Camps on the board and off it (DW-CAMP-04,
//!   `expansions/desert_war/hidden.rs`);
//! - for the Atreides: the order of their own deployment pool (they know
//!   what is left in it, not what comes next);
//! - with the Smugglers, for the Harkonnen: the cards the die's Mentat
//!   result just drew into the Atreides hand (SM-DIE-15), with that hand
//!   (`expansions/smugglers/hidden.rs`);
//! - for both: the face-down wormsign tokens with the wormsign pool, the
//!   markers under the untaken testing stations, the prescience deck's
//!   order, and the game's own generator (future dice and shuffles).
//!
//! Every piece is listed, with who cannot see it, in the register beside
//! this file (`hidden.rs`, MC-SIM-08), which the tests check piece by
//! piece. An expansion redraws its own pieces through the hook list
//! (`sample_redrawn`, `hand_redealing`, `hand_redealt`).
//!
//! Not drawn anew: what card effects let a house glimpse (it is not part
//! of the view); it stays as it is in the copy.
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::core::{GameRng, Seat};

use super::ids::{CardId, Deck, Faction};
use super::prompt::Prompt;
use super::state::Arrakis;

impl Arrakis {
    /// MC-SIM-03: the sample for `seat` (see the module documentation).
    pub(super) fn sample_for(&self, seat: Seat, rng: &mut GameRng) -> Arrakis {
        let mut g = self.clone();
        let Some(&me) = Faction::ALL.get(usize::from(seat.0)) else {
            return g;
        };
        let other = me.other();
        g.redeal_hand(other, rng);
        for f in Faction::ALL {
            g.shuffle_decks(f, f == me, rng);
        }
        if me == Faction::Harkonnen {
            g.redraw_tokens(rng);
            g.redraw_sietches(rng);
            g.redraw_objectives(rng);
        } else {
            // The Atreides know which tokens are left in their pool, never
            // the order they will be drawn in (AR-DEPLOY-02).
            sorted_shuffle(&mut g.deploy_pool, rng);
        }
        // The expansions' own hidden pieces (the Desert War's Camp
        // markers).
        g.hook_sample_redrawn(me, rng);
        g.redraw_wormsigns(rng);
        g.redraw_stations(rng);
        sorted_shuffle(&mut g.prescience_deck, rng);
        // Future dice and shuffles: the copy's own chance, from `rng`.
        g.rng = GameRng::seed_from_u64(rng.random());
        g
    }

    /// `f`'s hand redrawn with its decks: per deck, the hand keeps its
    /// number of that deck's cards, drawn from those cards and the deck.
    /// Cards of the hand an expansion keeps apart (the Smugglers' Mentat
    /// draw, SM-DIE-15) are redrawn with it: as many of the new hand's
    /// cards of the same deck, chosen by chance, since the other house
    /// sees only how many were drawn from which deck.
    fn redeal_hand(&mut self, f: Faction, rng: &mut GameRng) {
        let d = self.d();
        let decks = Deck::of(f);
        let mut apart = self.hook_hand_redealing(f);
        let house = &mut self.houses[f];
        let hand = std::mem::take(&mut house.hand);
        // A card of neither deck (none in the core game) stays in hand.
        let (mut kept, mut rest): (Vec<CardId>, Vec<CardId>) = hand
            .into_iter()
            .partition(|c| !decks.contains(&d.card(*c).deck));
        for (k, deck) in decks.iter().enumerate() {
            let mut pool: Vec<CardId> = rest
                .iter()
                .copied()
                .filter(|c| d.card(*c).deck == *deck)
                .collect();
            let in_hand = pool.len();
            rest.retain(|c| d.card(*c).deck != *deck);
            pool.extend(house.decks[k].drain(..));
            sorted_shuffle(&mut pool, rng);
            house.decks[k] = pool.split_off(in_hand).into();
            // The dealt cards are in chance order: the first ones stand
            // for the cards kept apart of this deck.
            let here = apart.iter().filter(|c| d.card(**c).deck == *deck).count();
            apart.retain(|c| d.card(*c).deck != *deck);
            apart.extend(pool.iter().take(here).copied());
            kept.append(&mut pool);
        }
        house.hand = kept.into();
        self.hook_hand_redealt(&apart);
    }

    /// Both decks of `f` in a new order; when `f` is the seat sampled for,
    /// the top cards it is reordering right now (AR-OPT-02), which its view
    /// shows, stay where they are.
    fn shuffle_decks(&mut self, f: Faction, mine: bool, rng: &mut GameRng) {
        let seen = match self.prompt {
            Prompt::Foresee(g, k) if g == f && mine => Some(usize::from(k)),
            _ => None,
        };
        for (k, deck) in self.houses[f].decks.iter_mut().enumerate() {
            let top = if seen == Some(k) {
                deck.len().min(3)
            } else {
                0
            };
            let mut hidden: Vec<CardId> = std::mem::take(deck).into_iter().collect();
            let shown = hidden.split_off(hidden.len() - top);
            sorted_shuffle(&mut hidden, rng);
            hidden.extend(shown);
            *deck = hidden.into();
        }
    }

    /// The Atreides deployment tokens the Harkonnen cannot see: on the
    /// board, drawn and not yet placed, and in the pool.
    fn redraw_tokens(&mut self, rng: &mut GameRng) {
        let drawn = match self.prompt {
            Prompt::AtreidesDeploy {
                token,
                placed: None,
            } => Some(token),
            _ => None,
        };
        let mut pool: Vec<u8> = self.areas.iter().flat_map(|a| a.tokens).collect();
        pool.extend(drawn);
        pool.extend(self.deploy_pool.iter().copied());
        sorted_shuffle(&mut pool, rng);
        for a in &mut self.areas {
            for t in &mut a.tokens {
                *t = pool.pop().unwrap_or_default();
            }
        }
        match &mut self.prompt {
            Prompt::AtreidesDeploy {
                token,
                placed: None,
            } => *token = pool.pop().unwrap_or_default(),
            // A placed token is the last one of its area.
            Prompt::AtreidesDeploy {
                token,
                placed: Some(area),
            } => {
                *token = self.areas[area.index()]
                    .tokens
                    .last()
                    .copied()
                    .unwrap_or(*token)
            }
            _ => {}
        }
        self.deploy_pool = pool.into();
    }

    /// The ranks of the face-down sietches, among themselves.
    fn redraw_sietches(&mut self, rng: &mut GameRng) {
        let hidden = |a: &super::state::AreaState| a.sietch.filter(|s| !s.revealed);
        let mut ranks: Vec<u8> = self
            .areas
            .iter()
            .filter_map(|a| hidden(a).map(|s| s.rank))
            .collect();
        sorted_shuffle(&mut ranks, rng);
        for a in &mut self.areas {
            if let Some(s) = a.sietch.as_mut().filter(|s| !s.revealed) {
                s.rank = ranks.pop().unwrap_or(s.rank);
            }
        }
    }

    /// The secret objective(s), from all of them (a second one, when the
    /// Gom Jabbar dealt it, differs from the first).
    fn redraw_objectives(&mut self, rng: &mut GameRng) {
        let n = self.d().tables.secret_objectives.len() as u8;
        let mut all: Vec<u8> = (0..n).collect();
        all.shuffle(rng);
        self.objective = all[0];
        if self.objective2.is_some() {
            self.objective2 = all.get(1).copied();
        }
    }

    /// The face-down wormsign tokens and the pool they come from.
    fn redraw_wormsigns(&mut self, rng: &mut GameRng) {
        let mut pool: Vec<_> = self.areas.iter().filter_map(|a| a.wormsign).collect();
        pool.extend(self.wormsign_pool.drain(..));
        sorted_shuffle(&mut pool, rng);
        for a in &mut self.areas {
            if let Some(w) = a.wormsign.as_mut() {
                *w = pool.pop().unwrap_or(*w);
            }
        }
        self.wormsign_pool = pool.into();
    }

    /// The markers under the untaken testing stations, among themselves.
    fn redraw_stations(&mut self, rng: &mut GameRng) {
        let mut marks: Vec<_> = self.areas.iter().filter_map(|a| a.station).collect();
        sorted_shuffle(&mut marks, rng);
        for a in &mut self.areas {
            if let Some(m) = a.station.as_mut() {
                *m = marks.pop().unwrap_or(*m);
            }
        }
    }
}

/// Shuffles `v` from a fixed starting order, so the outcome depends on
/// the multiset of its items and `rng`, never on the order they were in.
pub(crate) fn sorted_shuffle<T: Ord>(v: &mut [T], rng: &mut GameRng) {
    v.sort_unstable();
    v.shuffle(rng);
}
