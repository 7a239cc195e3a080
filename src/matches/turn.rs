use tokio::time::Instant;

use crate::rules::core::Seat;

/// What a game waits on, as the server's per-game task follows it: the
/// match sends a new value whenever it changes, so the task sleeps until a
/// deadline (MC-CLOCK-04) or calls a remote bot (MC-BOT-01) only for the
/// turn that is current, and ends with the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The game's version.
    pub version: u64,
    /// The seat to act, if any.
    pub to_act: Option<Seat>,
    /// When the seat to act runs out of time, if it is clocked.
    pub deadline: Option<Instant>,
    /// Whether the seat to act is played by a remote bot.
    pub remote: bool,
    /// The game is over (or read-only): nothing more will happen.
    pub over: bool,
}
