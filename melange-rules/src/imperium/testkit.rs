//! Test hooks: set up situations directly (hands, resources, Influence,
//! the House Hagal deck) and run one step of the engine alone. Compiled
//! only with the `testkit` feature, which the crate's own tests, examples
//! and benches turn on (the self dev-dependency in `Cargo.toml`); a
//! release build and the public API never contain them.
#![allow(missing_docs)]
use crate::core::Seat;

use super::event::Event;
use super::hagal::{HagalId, hagal_data};
use super::ids::{CardId, IntrigueId, SpaceId};
use super::prompt::Prompt;
use super::state::{Ctx, Imperium, Player};

impl Imperium {
    /// Mutable access to a player's pieces (tests only).
    #[doc(hidden)]
    pub fn test_player(&mut self, seat: Seat) -> &mut Player {
        self.pm(seat)
    }

    /// Sets who occupies a space (tests only).
    #[doc(hidden)]
    pub fn test_set_occupant(&mut self, space: SpaceId, seat: Option<Seat>) {
        self.occupant[usize::from(space.0)] = seat;
    }

    /// Sets a space's controller (tests only).
    #[doc(hidden)]
    pub fn test_set_control(&mut self, space: SpaceId, seat: Option<Seat>) {
        self.control[usize::from(space.0)] = seat;
    }

    /// Bonus spice on a space.
    #[doc(hidden)]
    pub fn test_bonus_spice(&mut self, space: SpaceId) -> &mut u8 {
        &mut self.bonus_spice[usize::from(space.0)]
    }

    /// Sets the Imperium Row.
    #[doc(hidden)]
    pub fn test_set_row(&mut self, row: Vec<CardId>) {
        self.row = row;
    }

    /// Gives a seat an Intrigue card (taken from the Intrigue deck if there).
    #[doc(hidden)]
    pub fn test_give_intrigue(&mut self, seat: Seat, card: IntrigueId) {
        if let Some(i) = self.intrigue_deck.iter().position(|c| *c == card) {
            self.intrigue_deck.remove(i);
        }
        self.pm(seat).intrigue.push(card);
    }

    /// The Intrigue deck, top last.
    #[doc(hidden)]
    pub fn test_intrigue_deck(&mut self) -> &mut Vec<IntrigueId> {
        &mut self.intrigue_deck
    }

    /// Reseeds the game's generator and the rivals' (hidden chance).
    #[doc(hidden)]
    pub fn test_reseed(&mut self, seed: u64) {
        use rand::SeedableRng;
        self.rng = crate::core::GameRng::seed_from_u64(seed);
        if let Some(r) = self.rivals.as_mut() {
            r.rng = crate::core::GameRng::seed_from_u64(!seed);
        }
    }

    /// The Imperium deck, top last.
    #[doc(hidden)]
    pub fn test_imperium_deck(&mut self) -> &mut Vec<CardId> {
        &mut self.imperium_deck
    }

    /// Conflict cards left.
    #[doc(hidden)]
    pub fn test_conflict_deck(&mut self) -> &mut Vec<super::ids::ConflictId> {
        &mut self.conflict_deck
    }

    /// Sets the revealed Conflict.
    #[doc(hidden)]
    pub fn test_set_conflict(&mut self, c: Option<super::ids::ConflictId>) {
        self.conflict = c;
    }

    /// Makes `seat` the First Player and starts its turn now, discarding
    /// any work in progress (tests only).
    #[doc(hidden)]
    pub fn test_start_turn(&mut self, seat: Seat) {
        self.stack.clear();
        self.first = seat;
        self.phase = super::state::Phase::PlayerTurns;
        self.turn = super::state::Turn {
            seat,
            ..Default::default()
        };
        self.prompt = Some(Prompt::Turn(seat));
    }

    /// Runs the Combat phase now: every seat is marked as revealed and the
    /// turn moves on (tests only).
    #[doc(hidden)]
    pub fn test_go_to_combat(&mut self) {
        for p in &mut self.players {
            p.has_revealed = true;
        }
        self.stack.clear();
        self.prompt = None;
        self.stack.push(super::state::Task::NextTurn);
        let mut ev = Vec::new();
        self.run(&mut ev);
    }

    /// The game as set up, before round 1 starts (tests only).
    #[doc(hidden)]
    pub fn test_setup_unstarted(
        options: &super::options::ImperiumOptions,
        seed: u64,
    ) -> Result<Imperium, crate::core::RuleError> {
        Imperium::build(options, seed, &mut Vec::new())
    }

    /// Sets the round number and starts the next round now, discarding any
    /// work in progress (tests only).
    #[doc(hidden)]
    pub fn test_round_start(&mut self, round_before: u8) -> Vec<super::event::Event> {
        self.round = round_before;
        self.stack.clear();
        self.prompt = None;
        self.stack.push(super::state::Task::RoundStart);
        let mut ev = Vec::new();
        self.run(&mut ev);
        ev
    }

    /// Sets the First Player.
    #[doc(hidden)]
    pub fn test_set_first(&mut self, seat: Seat) {
        self.first = seat;
    }

    // The rivals (House Hagal and the solo Rivals).

    /// The House Hagal deck, top last.
    #[doc(hidden)]
    pub fn test_hagal_deck(&mut self) -> &mut Vec<HagalId> {
        &mut self.rv().deck
    }

    /// The revealed House Hagal cards.
    #[doc(hidden)]
    pub fn test_hagal_revealed(&mut self) -> &mut Vec<HagalId> {
        &mut self.rv().revealed
    }

    /// A House Hagal card kind by data id.
    #[doc(hidden)]
    pub fn test_hagal_card(id: &str) -> HagalId {
        HagalId(
            hagal_data()
                .cards
                .iter()
                .position(|c| c.id == id)
                .unwrap_or_else(|| panic!("no hagal card {id}")) as u8,
        )
    }

    /// Run a rival Agent turn now, as the engine does, then the tasks it
    /// leaves (the next turn is not started).
    #[doc(hidden)]
    pub fn test_rival_turn(&mut self, seat: Seat) -> Vec<Event> {
        let mut ev = Vec::new();
        let saved = std::mem::take(&mut self.stack);
        let pending = self.prompt.take();
        self.rival_turn(seat, &mut ev);
        self.run(&mut ev);
        self.stack = saved;
        self.prompt = pending;
        ev
    }

    /// Reveal rival combat swords now.
    #[doc(hidden)]
    pub fn test_rival_combat_swords(&mut self) -> Vec<Event> {
        let mut ev = Vec::new();
        self.rival_combat_swords(&mut ev);
        ev
    }

    /// Run solo Rival conversions now.
    #[doc(hidden)]
    pub fn test_rival_convert(&mut self) -> Vec<Event> {
        let mut ev = Vec::new();
        self.rival_convert(&mut ev);
        ev
    }

    /// Asks `seat` for `n` Influence with one faction of `mask` and lets
    /// the engine decide for the rival (IM-SOLO-14).
    #[doc(hidden)]
    pub fn test_rival_influence_choice(&mut self, seat: Seat, mask: u8) -> Vec<Event> {
        let mut ev = Vec::new();
        let saved = std::mem::take(&mut self.stack);
        let was = self.prompt.take();
        self.prompt = Some(Prompt::Influence {
            ctx: Ctx::seat(seat),
            mask,
            n: 1,
            left: 1,
        });
        self.run(&mut ev);
        self.stack = saved;
        self.prompt = was;
        ev
    }
}
