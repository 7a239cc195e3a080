use std::fmt::Debug;

use super::{GameRng, RuleError, Seat, Viewer};

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

/// Why a seat leaves a running game before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Resignation {
    /// The seat gave up (the `Concede` call).
    Conceded,
    /// The seat's clock ran out where the game's clock options forfeit it
    /// (or its decision had no default action), or its remote bot failed.
    Forfeited,
    /// The game reached its time limit (MC-CLOCK-06) and this seat had
    /// used more than its share of the thinking time: it loses on time
    /// (MC-CLOCK-07), ranked last like any resigning seat.
    OutOfTime,
    /// The game reached its time limit with every seat within its share of
    /// the thinking time (MC-CLOCK-07): nobody resigns, the game ends with
    /// the standing (MC-STAND) as its result. Played for whichever seat
    /// the game waited on; the seat does not change the result.
    TimeLimit,
}

impl Resignation {
    /// Every way out, for those who list them.
    pub const ALL: [Resignation; 4] = [
        Resignation::Conceded,
        Resignation::Forfeited,
        Resignation::OutOfTime,
        Resignation::TimeLimit,
    ];

    /// Whether only the server may play it (MC-RESIGN-01): every way out
    /// but a seat's own concession.
    pub fn by_the_server(self) -> bool {
        self != Resignation::Conceded
    }
}

/// The rules of one game: a deterministic state machine that waits on one
/// seat at a time until it ends.
///
/// Implementations own their seeded generator (see [`crate::core::RngStream`])
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

    /// [`Ruleset::apply`] for a caller that already holds `seat`'s legal
    /// actions in this state, in `listed` (from [`Ruleset::legal_actions`]
    /// or the previous `apply_listed`), as a player that picks from the
    /// list does. On success `listed` holds the legal actions of the seat
    /// to act next (empty once the game is over), which the engine builds
    /// anyway to find the next decision, so a game played this way builds
    /// each decision's list once rather than to offer it, to check the
    /// answer and to find the next decision. An action not in `listed` (a
    /// resignation, a refusal) goes through [`Ruleset::apply`] whole.
    ///
    /// `listed` must be this state's list: an action listed that the rules
    /// refuse would be applied unchecked.
    fn apply_listed(
        &mut self,
        seat: Seat,
        action: &Self::Action,
        listed: &mut Vec<Self::Action>,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), RuleError> {
        self.apply(seat, action, events)?;
        listed.clear();
        if let Some(next) = self.to_act() {
            self.legal_actions(next, listed);
        }
        Ok(())
    }

    /// Whether an [`Ruleset::apply_listed`] may play `action` without
    /// checking it: `seat` is to act and the action is in its list, and it
    /// is not a resignation (which any seat may play at any time,
    /// MC-RESIGN-01, and which goes through [`Ruleset::apply`]).
    fn plays_from_list(&self, seat: Seat, action: &Self::Action, listed: &[Self::Action]) -> bool {
        self.to_act() == Some(seat)
            && listed.contains(action)
            && !Resignation::ALL
                .into_iter()
                .any(|why| Self::resignation(why) == *action)
    }

    /// The state as `viewer` may see it.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// The event as `viewer` may see it; `None` hides it entirely.
    fn redact(&self, event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;

    /// A short human label for an action, shown beside legal actions.
    fn label(&self, action: &Self::Action) -> String;

    /// The outcome, once the game is over.
    fn result(&self) -> Option<GameResult>;

    /// The action by which a seat resigns (MC-RESIGN-01): accepted from any
    /// seat of a running game, whoever is to act, it ends the game at once
    /// with the resigning seat ranked last (MC-RESIGN-02). It is journaled
    /// like any action, so replays keep it; it is never among the legal
    /// actions.
    fn resignation(why: Resignation) -> Self::Action;

    /// The action a seat's clock plays for it when it runs out (MC-CLOCK-04):
    /// the decision's "done", "pass" or "stop here", when the decision has
    /// one; `None` otherwise (the seat then forfeits). Only asked of the seat
    /// to act, and always one of its legal actions.
    fn default_action(&self, seat: Seat) -> Option<Self::Action>;

    /// The ranking if the game ended now (MC-STAND): used when a game ends
    /// early (`max_rounds`, MC-ROUNDS-01; a resignation) and by search bots
    /// to score an unfinished playout. Every seat appears once in `ranking`;
    /// `winners` holds the seats sharing first place, if any may be named.
    fn standing(&self) -> GameResult;

    /// What an unfinished position is worth to each seat, indexed by seat,
    /// each from 0 to 1, for a search bot that stops a playout short of the
    /// end (MC-SIM-07): a game's own reading of who is ahead, which may
    /// weigh what the standing cannot count yet (a threat, a plan under
    /// way), as `searcher` would judge it. `None`, the default, leaves the
    /// search to score the standing. Searches ask it only of their samples,
    /// so it may read any field.
    fn estimate(&self, searcher: Seat) -> Option<Vec<f64>> {
        let _ = searcher;
        None
    }

    /// A state consistent with everything `seat` sees, with the rest (other
    /// seats' hands, deck orders, face-down tokens, future dice) sampled
    /// from `rng` (MC-SIM-01). The sample depends only on `seat`'s view and
    /// `rng`: two states `seat` cannot tell apart give the same sample.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self;
}
