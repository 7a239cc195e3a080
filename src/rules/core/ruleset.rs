use std::fmt::Debug;

use super::{RuleError, Seat, Viewer};

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The winning seats; more than one only for a shared win.
    pub winners: Vec<Seat>,
    /// Every seat in finishing order, first place first.
    pub ranking: Vec<Seat>,
    /// Why the game ended, in words.
    pub reason: String,
}

/// The rules of one game: a deterministic state machine that waits on one
/// seat at a time until it ends.
///
/// Implementations own their seeded generator (see [`crate::rules::core::RngStream`])
/// so that a clone is a complete, independent copy that search bots can play
/// ahead on. Contract, checked by every game's playout tests:
/// - every action from [`Ruleset::legal_actions`] is accepted by
///   [`Ruleset::apply`];
/// - a refused action leaves the state unchanged;
/// - the same options, seed and actions give the same states and events.
pub trait Ruleset: Clone + Debug + Send + Sync + 'static {
    /// What a match is created with (player count, expansions, variants).
    type Options: Clone + Debug + Send + Sync + 'static;
    /// One decision of one seat. Small and cheap to compare.
    type Action: Clone + Debug + PartialEq + Send + Sync + 'static;
    /// Something that happened, with enough detail to redact it per viewer.
    type Event: Clone + Debug + Send + Sync + 'static;
    /// What one viewer may know of the state.
    type View: Debug + Send + 'static;

    /// Sets up a new game from its options and the match seed.
    fn setup(options: &Self::Options, seed: u64) -> Result<Self, RuleError>;

    /// How many seats the game has.
    fn seat_count(&self) -> usize;

    /// What a seat plays (a faction or leader id), for seat grants.
    fn plays(&self, seat: Seat) -> String;

    /// The seat whose decision the game waits on; `None` once it is over.
    fn to_act(&self) -> Option<Seat>;

    /// Appends `seat`'s legal actions to `out`; nothing when it is not that
    /// seat's turn.
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Applies one action of `seat`, appending what happened to `events`.
    /// On error the state and `events` are unchanged.
    fn apply(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), RuleError>;

    /// The state as `viewer` may see it.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// The event as `viewer` may see it; `None` hides it entirely.
    fn redact(&self, event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;

    /// A short human label for an action, shown beside legal actions.
    fn label(&self, action: &Self::Action) -> String;

    /// The outcome, once the game is over.
    fn result(&self) -> Option<GameResult>;
}
