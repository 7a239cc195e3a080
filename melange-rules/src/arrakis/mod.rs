//! Dune: War for Arrakis, the 2-player core game, as a pure rules module.
//!
//! Facts come from `data/arrakis/*.json`: the board ([`board()`]), the numeric
//! tables and the decisions the rules texts leave open ([`tables`]), the
//! leaders and the planning cards ([`components`]), joined and cross-checked
//! in [`data`]. The round is a state machine that waits on one seat at a
//! time ([`Prompt`]) with a short list of [`Action`]s. Seat 0 plays House
//! Harkonnen, seat 1 House Atreides. The rule IDs (`AR-...`, listed in
//! `docs/rules/war-for-arrakis.md`) are cited beside the code that enforces
//! them.
//!
//! The files, in the layout both games follow (see `melange-rules/src/lib.rs`):
//! - this file: the [`Ruleset`] impl and the public surface;
//! - `options.rs`, `data.rs`, `ids.rs`, `vocab.rs`: match options, the data
//!   files and their ids, the typed containers (by faction, unit kind, marker);
//! - `state.rs` the state types, `setup.rs` setup from options and seed,
//!   `action.rs` the actions, `prompt.rs` where the game waits;
//! - `position/`: a position as plain data ([`Setup`]), its text, and
//!   the checks that let it become a game only if the rules could reach
//!   it (the same checks the random playouts hold every position to);
//! - `legal.rs` the legal actions, `flow.rs` applying an action and the
//!   automatic progression, `refusal.rs` why an action is refused: short
//!   dispatchers to the file of each decision, which holds its legal
//!   actions, what choosing does and its refusal rule side by side;
//! - `board/`: the map as data (`map.rs`), the numeric tables
//!   (`tables.rs`), Desert Hazards, sandworms, the Wild Maker and Spice
//!   Harvesting;
//! - `forces/`: moving legions, battles and the leaders' special actions;
//! - `round/`: prescience and supremacy, the End of the Round and victory;
//! - `cards/`: the leaders and planning cards as data, the card-effect
//!   vocabulary, playing a card and its steps;
//! - `expansions/`: the Desert War and the Smugglers, reached through the
//!   hook list (`expansions/hooks.rs`);
//! - competitions (MC-, docs/rules/competition.md): `resign.rs`
//!   resigning, `round_limit.rs` the `max_rounds` option and its par
//!   (MC-ROUNDS-02, `data/arrakis/round_limit.json`), `standing.rs`
//!   the standing of an unfinished game, `default_action.rs` what a clock
//!   plays, `determinize.rs` the forward model's sample and `hidden.rs`
//!   the register of every hidden piece it redraws (MC-SIM-08);
//! - `label.rs` action labels, `refusal.rs` refusal sentences, `event.rs`
//!   events, `view.rs` what a viewer may see;
//! - `testkit.rs`: test hooks, only with the `testkit` feature.
mod action;
pub mod board;
mod cards;
pub mod data;
mod default_action;
mod determinize;
mod estimate;
mod event;
pub mod expansions;
mod flow;
mod forces;
mod hidden;
pub mod ids;
mod label;
mod legal;
mod options;
mod position;
mod prompt;
mod refusal;
mod resign;
mod round;
mod round_limit;
mod setup;
mod standing;
mod state;
#[cfg(feature = "testkit")]
#[doc(hidden)]
pub mod testkit;
mod view;
pub mod vocab;

pub use action::Action;
pub use board::tables;
pub use board::{
    AirZone, Area, Board, BoardError, Ring, Sector, Settlement, SettlementKind, Terrain, board,
    parse_board,
};
pub use cards::play::{CardMove, CardRun, LegionRule, Source};
pub use cards::{components, effects as card_effects};
pub use event::{Event, seat_of};
pub use hidden::HIDDEN;
pub use ids::{
    AirZoneId, AreaId, AreaSet, CardId, CombatFace, Deck, DieResult, Faction, ImperiumMarker,
    LeaderId, Marker, SectorId, UnitKind, Wormsign,
};
pub use options::{ArrakisOptions, OPTION_NAMES, Preset, Rules, StormExposure};
pub use position::{Setup, SetupError};
pub use prompt::{AfterExcess, AfterHits, Battle, BattleStep, Group, Move, Prompt};
pub use round_limit::{ParConfiguration, ParFile, ParRound, parse_pars};
pub use standing::Progress;
pub use state::{AreaState, Arrakis, Die, House, LeaderAt, Phase, Sietch, Vehicle, Worm};
pub use view::{AreaView, ArrakisView, HouseView};
pub use vocab::{ByFaction, ByImperiumMarker, ByMarker, ByUnitKind, Units};

use crate::core::{GameResult, GameRng, Resignation, RuleError, Ruleset, Seat, Viewer};

impl Ruleset for Arrakis {
    type Options = ArrakisOptions;
    type Action = Action;
    type Event = Event;
    type View = ArrakisView;

    fn setup(options: &ArrakisOptions, seed: u64) -> Result<Self, RuleError> {
        let mut ev = Vec::new();
        Arrakis::new_game(options, seed, &mut ev)
    }

    fn seat_count(&self) -> usize {
        2
    }

    fn plays(&self, seat: Seat) -> String {
        Faction::ALL
            .get(usize::from(seat.0))
            .map_or_else(String::new, |f| f.name().to_owned())
    }

    fn to_act(&self) -> Option<Seat> {
        if self.winner.is_some() {
            return None;
        }
        self.prompt.faction().map(seat_of)
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
        // MC-RESIGN-01: from either seat, whoever is to act.
        if let Action::Resign(why) = action {
            return self.resign(seat, *why, events);
        }
        let Some(waiting) = self.to_act() else {
            return Err(RuleError::GameOver);
        };
        if waiting != seat {
            return Err(RuleError::NotYourTurn {
                seat,
                waiting_on: waiting,
            });
        }
        let start = events.len();
        let r = self.apply_action(faction_of(seat), action, events);
        if r.is_err() {
            events.truncate(start);
        }
        r
    }

    /// Checks the action against the caller's list instead of building
    /// it again, and hands back the list `apply` builds to find the next
    /// decision.
    fn apply_listed(
        &mut self,
        seat: Seat,
        action: &Action,
        listed: &mut Vec<Action>,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.plays_from_list(seat, action, listed) {
            self.apply_legal(faction_of(seat), *action, listed, events);
        } else {
            self.apply(seat, action, events)?;
            listed.clear();
            self.legal(listed);
        }
        // `legal_actions` lists nothing once the game is won.
        if self.to_act().is_none() {
            listed.clear();
        }
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> ArrakisView {
        self.make_view(viewer)
    }

    fn redact(&self, event: &Event, viewer: Viewer) -> Option<Event> {
        event.redact(viewer)
    }

    fn label(&self, action: &Action) -> String {
        self.action_label(action)
    }

    fn result(&self) -> Option<GameResult> {
        self.finished()
    }

    fn resignation(why: Resignation) -> Action {
        // MC-RESIGN-01: see `resign.rs`.
        Action::Resign(why)
    }

    fn default_action(&self, seat: Seat) -> Option<Action> {
        // MC-DEFAULT-02: see `default_action.rs`.
        self.default_for(seat)
    }

    fn standing(&self) -> GameResult {
        // MC-STAND-02: see `standing.rs`.
        self.standing_now()
    }

    fn estimate(&self, searcher: Seat) -> Option<Vec<f64>> {
        // MC-SIM-07: see `estimate.rs`.
        self.estimate_now(searcher)
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        // MC-SIM-01, MC-SIM-03: see `determinize.rs`.
        self.sample_for(seat, rng)
    }
}

impl Arrakis {
    /// Sets up a game and returns the setup events too.
    pub fn setup_with_events(
        options: &ArrakisOptions,
        seed: u64,
    ) -> Result<(Self, Vec<Event>), RuleError> {
        let mut ev = Vec::new();
        let g = Arrakis::new_game(options, seed, &mut ev)?;
        Ok((g, ev))
    }

    /// The prompt the game waits on.
    pub fn prompt(&self) -> Prompt {
        self.prompt
    }
}

/// The house of a seat: the Harkonnen sit at seat 0.
fn faction_of(seat: Seat) -> Faction {
    if seat.0 == 0 {
        Faction::Harkonnen
    } else {
        Faction::Atreides
    }
}
