use rand::Rng;

use super::MatchError;
use crate::rules::core::GameRng;

/// A built-in bot that plays a seat on the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    /// Chooses uniformly among the legal actions.
    Random,
}

impl BotKind {
    /// Every bot name a client may ask for.
    pub const NAMES: &'static [&'static str] = &["random"];

    /// The bot for a name from `SeatConfig.bot`.
    pub fn parse(name: &str) -> Result<Self, MatchError> {
        match name {
            "random" => Ok(BotKind::Random),
            other => Err(MatchError::InvalidArgument(format!(
                "unknown bot {}; known bots: {}",
                super::echo(other),
                Self::NAMES.join(", ")
            ))),
        }
    }

    /// The name clients use for this bot.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
        }
    }

    /// Picks the index of one of `count` legal actions.
    pub fn choose(self, count: usize, rng: &mut GameRng) -> usize {
        match self {
            BotKind::Random => rng.random_range(0..count),
        }
    }
}
