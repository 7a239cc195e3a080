use std::borrow::Cow;

use super::Seat;

/// Why the rules refused something. A refused action leaves the game exactly
/// as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The options cannot set up a game (wrong player count, unknown leader).
    #[error("invalid options: {0}")]
    InvalidOptions(String),
    /// The action does not describe anything in this game (unknown card id,
    /// out-of-range index): the client sent something malformed.
    #[error("malformed action: {0}")]
    Malformed(String),
    /// The game is over; nobody acts any more.
    #[error("the game is over")]
    GameOver,
    /// Another seat must decide first.
    #[error("it is not {seat}'s turn; waiting on {waiting_on}")]
    NotYourTurn {
        /// The seat that tried to act.
        seat: Seat,
        /// The seat the game waits on.
        waiting_on: Seat,
    },
    /// The action is well formed but the rules forbid it now.
    #[error("{rule}: {reason}")]
    Illegal {
        /// The ID of the rule (see `docs/rules/`) that forbids it, e.g. `IM-AGENT-05`.
        rule: &'static str,
        /// What is wrong, in words. Usually a literal, so that legality checks
        /// run thousands of times during move generation allocate nothing.
        reason: Cow<'static, str>,
    },
}

impl RuleError {
    /// Shorthand for [`RuleError::Illegal`].
    pub fn illegal(rule: &'static str, reason: impl Into<Cow<'static, str>>) -> Self {
        RuleError::Illegal {
            rule,
            reason: reason.into(),
        }
    }
}
