use crate::rules::core::RuleError;

/// Everything a call on a match can fail with. The api layer maps each
/// variant to exactly one gRPC status code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// No live game has this id (never created, or expired); it holds the
    /// id as [`super::echo`] quotes it.
    #[error("no game with id {0}")]
    NotFound(String),
    /// A seat call came without a bearer token.
    #[error("seat {0} needs its bearer token in the authorization metadata")]
    SeatTokenMissing(u32),
    /// The caller's credentials are missing or not the server's: an empty
    /// bearer token, an unknown API key.
    #[error("{0}")]
    Unauthenticated(String),
    /// The token does not belong to this seat (or the seat is a bot's).
    #[error("{0}")]
    PermissionDenied(String),
    /// `expected_version` is not the game's version.
    #[error("stale expected_version {expected}: the game is at version {current}")]
    StaleVersion {
        /// What the client sent.
        expected: u64,
        /// Where the game is now.
        current: u64,
    },
    /// The rules refused the action or the options.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The request is malformed (unknown seat, missing field, bad option).
    #[error("{0}")]
    InvalidArgument(String),
    /// The request is valid but the game is not in a state to answer it.
    #[error("{0}")]
    FailedPrecondition(String),
    /// A position the request names lies past the game's end (a stream's
    /// `from_version` beyond the current version).
    #[error("{0}")]
    OutOfRange(String),
    /// The call was cut short by a newer one that takes its place (a seat's
    /// second stream replaces its first).
    #[error("{0}")]
    Aborted(String),
    /// A configured limit is reached.
    #[error("{0}")]
    ResourceExhausted(String),
    /// The server failed; the game is unchanged.
    #[error("{0}")]
    Internal(String),
    /// The server does not host this game kind (yet).
    #[error("{0}")]
    Unimplemented(String),
    /// This server cannot serve the game now (another server of the fleet
    /// took it, or the server is stopping): the same call, retried, finds
    /// it where it is.
    #[error("{0}")]
    Unavailable(String),
}
