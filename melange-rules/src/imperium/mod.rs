//! Dune: Imperium (base game, 1-4 players; House Hagal and the solo Rivals
//! fill the empty places with 1-2 players) as a [`Ruleset`].
//!
//! Facts come from `data/imperium/*.json` ([`data`]); the effect lists of
//! cards, spaces, Conflicts and leaders are run by a generic interpreter
//! (`interp.rs`) that breaks every effect into small decisions
//! ([`Action`]). The rule IDs (`IM-...`, listed in `docs/rules/imperium.md`)
//! are cited beside the code that enforces them.
//!
//! The files, in the layout both games follow:
//! - this file: the [`Ruleset`] impl and the public surface;
//! - `options.rs`, `data.rs`, `ids.rs`, `effect.rs`: match options, the
//!   data files and their ids, the effect vocabulary;
//! - `state.rs` the state types, `setup.rs` setup from options and seed,
//!   `action.rs` the actions, `prompt.rs` where the game waits;
//! - `position/`: a position as plain data ([`Setup`]), its text (the
//!   effect lists in progress named by their place in the data), and the
//!   checks that let it become a game only if the rules could reach it
//!   (the same checks the random playouts hold every position to);
//! - `legal.rs` the legal actions and `flow.rs` applying an action and the
//!   automatic progression: short dispatchers to the file of each decision;
//! - one file per decision or topic, each with its legal actions, what
//!   choosing does and its refusal side by side: `agent.rs` (the Agent
//!   turn), `agent_order.rs` (IM-AGENT-09), `reveal.rs` (the Reveal turn
//!   and acquiring), `intrigue.rs`, `choices.rs` (the small decisions of
//!   effects), `round.rs`, `combat.rs`, `hagal.rs` (the rivals), with
//!   `interp.rs`, `deck.rs` and `influence.rs` under them;
//! - the competition rules (MC-): `resign.rs` (MC-RESIGN), `standing.rs`
//!   (MC-STAND-01, also the end-game ranking), `round_limit.rs`
//!   (MC-ROUNDS-01), `default_action.rs` (MC-DEFAULT-01) and
//!   `determinize.rs` (the forward model's sample, MC-SIM-01/02);
//! - `label.rs` action labels, `refusal.rs` refusal sentences, `event.rs`
//!   events, `view.rs` what a viewer may see;
//! - `testkit.rs`: test hooks, only with the `testkit` feature.
mod action;
mod agent;
mod agent_order;
mod choices;
mod combat;
pub mod data;
mod deck;
mod default_action;
mod determinize;
mod effect;
mod event;
mod flow;
mod hagal;
mod hidden;
mod ids;
mod influence;
mod interp;
mod intrigue;
mod label;
mod legal;
mod options;
mod position;
mod prompt;
mod refusal;
mod resign;
mod reveal;
mod round;
mod round_limit;
mod setup;
mod standing;
mod state;
#[cfg(feature = "testkit")]
#[doc(hidden)]
pub mod testkit;
mod view;

pub use action::{Action, Zone};
pub use effect::{Amounts, Bespoke, Cond, Effect, InfluenceSpec};
pub use event::{Event, Resource};
pub use hagal::{
    HagalCard, HagalData, HagalId, HagalSpace, RivalMode, Rivals, SoloLevel, hagal_data,
};
pub use hidden::HIDDEN;
pub use ids::{CardId, ConflictId, Faction, Icon, IntrigueId, LeaderId, SpaceId};
pub use options::{ImperiumOptions, Preset, Rules};
pub use position::{Setup, SetupError};
pub use prompt::Prompt;
pub use standing::EarlyEnd;
pub use state::{Ctx, Imperium, Phase, Player, Task, Turn};
pub use view::{ImperiumView, PlayerView, PromptView, RivalView};

use crate::core::{GameResult, GameRng, Resignation, RuleError, Ruleset, Seat, Viewer};

impl Ruleset for Imperium {
    type Options = ImperiumOptions;
    type Action = Action;
    type Event = Event;
    type View = ImperiumView;

    fn setup(options: &ImperiumOptions, seed: u64) -> Result<Self, RuleError> {
        let mut ev = Vec::new();
        Imperium::new_game(options, seed, &mut ev)
    }

    fn seat_count(&self) -> usize {
        // Rivals are not seats: the humans only.
        usize::from(self.humans())
    }

    fn plays(&self, seat: Seat) -> String {
        if self.is_rival(seat) {
            return String::new();
        }
        // `get`, not `p`: a seat the game does not have plays nothing.
        self.players
            .get(seat.index())
            .map(|p| self.d().leaders[usize::from(p.leader.0)].id.clone())
            .unwrap_or_default()
    }

    fn to_act(&self) -> Option<Seat> {
        self.prompt.as_ref().map(prompt::Prompt::seat)
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.to_act() == Some(seat) {
            self.legal(out);
        }
    }

    fn apply(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let start = events.len();
        let r = self.apply_action(seat, action, events);
        if r.is_err() {
            events.truncate(start);
        }
        r
    }

    /// A listed action of the seat to act skips the check (the list is
    /// this decision's, so the action is legal) and plays at once; the
    /// next decision's list is built once, for the caller. A resignation
    /// or an unlisted action goes through [`Ruleset::apply`] whole.
    fn apply_listed(
        &mut self,
        seat: Seat,
        action: &Action,
        listed: &mut Vec<Action>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.plays_from_list(seat, action, listed) {
            self.apply_legal(*action, events);
        } else {
            self.apply(seat, action, events)?;
        }
        // The pending decision's list: empty once the game is over.
        listed.clear();
        self.legal(listed);
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> ImperiumView {
        self.make_view(viewer)
    }

    fn redact(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        event.redact(viewer)
    }

    fn label(&self, action: &Action) -> String {
        self.action_label(action)
    }

    fn result(&self) -> Option<GameResult> {
        if self.prompt.is_some() || self.phase != state::Phase::Over {
            return None;
        }
        Some(self.final_result())
    }

    /// MC-RESIGN-01: `Action::Resign` (`resign.rs`).
    fn resignation(why: Resignation) -> Action {
        Action::Resign(why)
    }

    /// MC-DEFAULT-01 (`default_action.rs`).
    fn default_action(&self, seat: Seat) -> Option<Action> {
        self.default_for(seat)
    }

    /// MC-STAND-01 (`standing.rs`).
    fn standing(&self) -> GameResult {
        self.standing_result()
    }

    /// MC-SIM-01, MC-SIM-02 (`determinize.rs`).
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        self.determinized(seat, rng)
    }
}

impl Imperium {
    /// Sets up a game and returns the setup events too.
    pub fn setup_with_events(
        options: &ImperiumOptions,
        seed: u64,
    ) -> Result<(Self, Vec<Event>), RuleError> {
        let mut ev = Vec::new();
        let g = Imperium::new_game(options, seed, &mut ev)?;
        Ok((g, ev))
    }
}
