use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The seeded generator behind every die, shuffle and random draw.
///
/// ChaCha8 is portable (same numbers on every machine and build), fast, and
/// splits one seed into independent streams, so a game and each of its bots
/// draw from separate sequences of the same seed.
pub type GameRng = ChaCha8Rng;

/// Which independent sequence of a match seed a generator draws from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RngStream {
    /// The game's own chance: dice, shuffles, draws.
    Game,
    /// The built-in bot playing one seat, so a seat's chance outcomes never
    /// depend on whether a bot or a person plays it.
    Bot(u8),
    /// Choices the rules leave to chance for automated rivals.
    Rival,
    /// One sample of a `Simulate` call (MC-SIM-01): sample `i` of a
    /// sampling seed draws from `Sample(i)` of that seed, so samples are
    /// independent and each is the same whatever the others.
    Sample(u8),
}

impl RngStream {
    fn id(self) -> u64 {
        match self {
            RngStream::Game => 0,
            RngStream::Rival => 1,
            RngStream::Bot(seat) => 0x100 + u64::from(seat),
            RngStream::Sample(index) => 0x200 + u64::from(index),
        }
    }

    /// The generator for this stream of `seed`.
    pub fn rng(self, seed: u64) -> GameRng {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(self.id());
        rng
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    fn draws(stream: RngStream, seed: u64) -> Vec<u32> {
        let mut rng = stream.rng(seed);
        (0..8).map(|_| rng.random()).collect()
    }

    #[test]
    fn same_seed_same_numbers_and_streams_differ() {
        assert_eq!(draws(RngStream::Game, 7), draws(RngStream::Game, 7));
        assert_ne!(draws(RngStream::Game, 7), draws(RngStream::Bot(0), 7));
        assert_ne!(draws(RngStream::Bot(0), 7), draws(RngStream::Bot(1), 7));
        assert_ne!(draws(RngStream::Game, 7), draws(RngStream::Game, 8));
        assert_ne!(draws(RngStream::Sample(0), 7), draws(RngStream::Bot(0), 7));
        assert_ne!(
            draws(RngStream::Sample(0), 7),
            draws(RngStream::Sample(1), 7)
        );
    }
}
