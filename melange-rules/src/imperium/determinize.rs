//! The forward model's sample (MC-SIM-01, MC-SIM-02): a copy of the game
//! in which every fact hidden from one seat is drawn anew from a sampling
//! generator, consistent with what that seat sees, so that a search bot
//! can play ahead without ever being handed a fact it could not know.
//!
//! What is redrawn (MC-SIM-02), each from a pool put in a fixed order first
//! so that the hidden order of the real game never shows through:
//! - the seat's own deck order (its hand stays; a top card it is looking
//!   at, with Paul's Prescience or Poison Snooper, stays on top);
//! - every other participant's hand and deck: its hand and deck pooled and
//!   dealt again, as many cards to the hand as it held;
//! - the Intrigue cards of every other participant with the Intrigue deck:
//!   pooled and dealt again, each holder keeping its count;
//! - the Imperium deck and the House Hagal deck orders;
//! - the Conflict deck: per tier, as many cards as the deck holds, drawn
//!   from that tier's cards not yet revealed (the unused ones left in the
//!   box are hidden too), in the deck's tier order;
//! - another Baron's secret factions, until Masterstroke shows them;
//! - the game's own generator and the rivals' one, reseeded.
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};

use crate::core::{GameRng, Seat};

use super::effect::Bespoke;
use super::ids::{ConflictId, Faction};
use super::prompt::Prompt;
use super::state::{Imperium, IntrigueDeck};

impl Imperium {
    /// MC-SIM-01 / MC-SIM-02: a sample of the game as `seat` sees it. It
    /// depends only on what `seat` sees and on `rng`: two games `seat`
    /// cannot tell apart give the same sample for the same `rng`.
    pub(crate) fn determinized(&self, seat: Seat, rng: &mut GameRng) -> Imperium {
        let mut g = self.clone();
        g.sample_own_deck(seat, rng);
        g.sample_other_cards(seat, rng);
        g.sample_intrigue(seat, rng);
        g.imperium_deck.sort_unstable();
        g.imperium_deck.shuffle(rng);
        g.sample_conflicts(rng);
        g.sample_secret_factions(seat, rng);
        g.rng = GameRng::seed_from_u64(rng.random());
        if let Some(r) = g.rivals.as_mut() {
            r.deck.sort_unstable();
            r.deck.shuffle(rng);
            r.rng = GameRng::seed_from_u64(rng.random());
        }
        g
    }

    /// The seat's own deck order, but a top card it is looking at.
    fn sample_own_deck(&mut self, me: Seat, rng: &mut GameRng) {
        if self.is_rival(me) {
            return;
        }
        let sees_top = self.leader_ability(me) == Some(Bespoke::Prescience)
            || matches!(self.prompt, Some(Prompt::PoisonSnooper { seat, .. }) if seat == me);
        let deck = &mut self.pm(me).deck;
        let top = if sees_top { deck.pop() } else { None };
        deck.sort_unstable();
        deck.shuffle(rng);
        deck.extend(top);
    }

    /// Every other participant's hand and deck, pooled and dealt again.
    fn sample_other_cards(&mut self, me: Seat, rng: &mut GameRng) {
        for s in self.seats().filter(|s| *s != me) {
            let p = self.pm(s);
            let in_hand = p.hand.len();
            let mut pool: Vec<_> = p.hand.drain(..).chain(p.deck.drain(..)).collect();
            pool.sort_unstable();
            pool.shuffle(rng);
            p.deck = pool.split_off(in_hand).into();
            p.hand = pool.into();
            // A card another seat is looking at is its new top card (the
            // field, not `p`: the prompt is borrowed here).
            if let Some(Prompt::PoisonSnooper { seat, card }) = &mut self.prompt
                && *seat == s
                && let Some(top) = self.players[s.index()].deck.last()
            {
                *card = *top;
            }
        }
    }

    /// The Intrigue deck and the other participants' Intrigue cards.
    fn sample_intrigue(&mut self, me: Seat, rng: &mut GameRng) {
        let mut pool = std::mem::take(&mut self.intrigue_deck);
        for s in self.seats().filter(|s| *s != me) {
            pool.append(&mut self.pm(s).intrigue.clone());
        }
        pool.sort_unstable();
        pool.shuffle(rng);
        for s in self.seats().filter(|s| *s != me) {
            let held = self.p(s).intrigue.len();
            let rest: IntrigueDeck = pool.drain(held..).collect();
            self.pm(s).intrigue = std::mem::replace(&mut pool, rest).into_iter().collect();
        }
        self.intrigue_deck = pool;
    }

    /// The Conflict deck: per tier, unrevealed cards of that tier in the
    /// deck's tier order.
    fn sample_conflicts(&mut self, rng: &mut GameRng) {
        let d = self.d();
        let tier = |c: &ConflictId| d.conflicts[usize::from(c.0)].tier;
        let mut drawn: Vec<Vec<ConflictId>> = Vec::new();
        for t in 1..=3u8 {
            let needed = self.conflict_deck.iter().filter(|c| tier(c) == t).count();
            let unseen: Vec<ConflictId> = (0..d.conflicts.len() as u8)
                .map(ConflictId)
                .filter(|c| tier(c) == t && !self.conflicts_seen.contains(c))
                .collect();
            drawn.push(unseen.choose_multiple(rng, needed).copied().collect());
        }
        for slot in &mut self.conflict_deck {
            let t = usize::from(tier(slot) - 1);
            // Never empty: `needed` cards were drawn for each slot of the tier.
            if let Some(c) = drawn[t].pop() {
                *slot = c;
            }
        }
    }

    /// Another Baron's secret factions, while still secret: as many
    /// factions as it has chosen, drawn anew.
    fn sample_secret_factions(&mut self, me: Seat, rng: &mut GameRng) {
        for s in self.human_seats().filter(|s| *s != me) {
            let p = self.p(s);
            if p.masterstroke_used || p.secret_factions == 0 {
                continue;
            }
            let k = p.secret_factions.count_ones() as usize;
            let mask = Faction::ALL
                .choose_multiple(rng, k)
                .fold(0u8, |m, f| m | (1 << f.index()));
            self.pm(s).secret_factions = mask;
        }
    }
}
