//! Test hooks that run one step of the engine alone (the Combat phase, a
//! rival's turn or choice) where no sequence of actions reaches that step
//! by itself, or build a game before its first round; a test sets up its
//! situation through `Imperium::edit` and reads it through the game's
//! public reads. Compiled only with the `testkit` feature, which the
//! crate's own tests, examples and benches turn on (the self
//! dev-dependency in `Cargo.toml`); a release build and the public API
//! never contain them.
#![allow(missing_docs)]
use crate::core::Seat;

use super::event::Event;
use super::prompt::Prompt;
use super::state::{Ctx, Imperium};

impl Imperium {
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

    // The rivals (House Hagal and the solo Rivals).

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
