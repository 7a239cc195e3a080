use rand::Rng;

use super::{
    MatchError,
    search::{DEFAULT_ITERATIONS, MAX_ITERATIONS, Mcts, greedy_pick},
};
use crate::rules::core::{GameRng, Ruleset, Seat};

/// A built-in bot that plays a seat on the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    /// Chooses uniformly among the legal actions.
    Random,
    /// Plays each legal move once on a sample of what it cannot see and
    /// takes the one whose position is worth most to it (MC-SIM-09): one
    /// move of look-ahead, the yardstick for the search.
    Greedy,
    /// Determinized Monte Carlo tree search ("mcts", "mcts:N"): thinks off
    /// the game's lock, on a copy of the state (see
    /// [`super::Match::search_job`]).
    Mcts(Mcts),
}

impl BotKind {
    /// Every bot name a client may ask for ("mcts:N" with N iterations from
    /// 1 to 100000).
    pub const NAMES: &'static [&'static str] = &["random", "greedy", "mcts", "mcts:N"];

    /// The bot for a name from `SeatConfig.bot`.
    pub fn parse(name: &str) -> Result<Self, MatchError> {
        match name {
            "random" => Ok(BotKind::Random),
            "greedy" => Ok(BotKind::Greedy),
            "mcts" => Ok(BotKind::Mcts(Mcts {
                iterations: DEFAULT_ITERATIONS,
            })),
            other => match other.strip_prefix("mcts:") {
                Some(count) => count
                    .parse::<u32>()
                    .ok()
                    .filter(|iterations| (1..=MAX_ITERATIONS).contains(iterations))
                    .map(|iterations| BotKind::Mcts(Mcts { iterations }))
                    .ok_or_else(|| {
                        MatchError::InvalidArgument(format!(
                            "bot {}: mcts:N takes a whole number of iterations N \
                             from 1 to {MAX_ITERATIONS}",
                            super::echo(other)
                        ))
                    }),
                None => Err(MatchError::InvalidArgument(format!(
                    "unknown bot {}; known bots: {}",
                    super::echo(other),
                    Self::NAMES.join(", ")
                ))),
            },
        }
    }

    /// The name clients use for this bot ([`BotKind::parse`] reads it back).
    pub fn name(self) -> String {
        match self {
            BotKind::Random => "random".to_owned(),
            BotKind::Greedy => "greedy".to_owned(),
            BotKind::Mcts(Mcts { iterations }) if iterations == DEFAULT_ITERATIONS => {
                "mcts".to_owned()
            }
            BotKind::Mcts(Mcts { iterations }) => format!("mcts:{iterations}"),
        }
    }

    /// The search this bot thinks with, if it searches: its moves are
    /// chosen off the game's lock rather than by [`BotKind::choose`].
    pub fn search(self) -> Option<Mcts> {
        match self {
            BotKind::Random | BotKind::Greedy => None,
            BotKind::Mcts(search) => Some(search),
        }
    }

    /// The rules steps a move of this bot costs among `legal` actions, at
    /// least one: the greedy bot plays each of them once on a sample. What
    /// a bot slice is budgeted in ([`super::Match::play_bots`]).
    pub fn steps(self, legal: usize) -> usize {
        match self {
            BotKind::Greedy => legal.max(1),
            BotKind::Random | BotKind::Mcts(_) => 1,
        }
    }

    /// Picks the index of one of `seat`'s legal actions in `state`
    /// (`legal`, not empty), for a bot that does not search (a search bot
    /// picks the first). The greedy bot's look-ahead is bounded by the
    /// list: one copy and one move per legal action.
    pub fn choose<R: Ruleset>(
        self,
        state: &R,
        seat: Seat,
        legal: &[R::Action],
        rng: &mut GameRng,
    ) -> usize {
        match self {
            BotKind::Random => rng.random_range(0..legal.len()),
            BotKind::Greedy => greedy_pick(state, seat, legal, rng),
            BotKind::Mcts(_) => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_read_back() {
        for name in [
            "random",
            "greedy",
            "mcts",
            "mcts:1",
            "mcts:250",
            "mcts:500",
            "mcts:100000",
        ] {
            assert_eq!(BotKind::parse(name).unwrap().name(), name);
        }
        assert_eq!(BotKind::parse("mcts:1000").unwrap().name(), "mcts");
    }

    #[test]
    fn iterations_out_of_range_are_refused() {
        for name in [
            "mcts:0",
            "mcts:100001",
            "mcts:",
            "mcts:-3",
            "mcts:ten",
            "mcts:1.5",
        ] {
            let Err(MatchError::InvalidArgument(message)) = BotKind::parse(name) else {
                panic!("{name} accepted");
            };
            assert!(message.contains("from 1 to 100000"), "{message}");
        }
    }
}
