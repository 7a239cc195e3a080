//! The hook through which a match hands its history to durable storage,
//! and the stable state hash that lets a recovery check its replay.
//!
//! The match stays free of I/O: it calls a [`JournalSink`] with each batch
//! of newly applied actions (one person's action and the bot moves it
//! triggered, or one background slice of bot moves) and shows the batch to
//! nobody (no watcher update, no view, no answer) until the sink says it is
//! kept. What the sink does with it (the embedded store, nothing at all in
//! memory-only mode) is the layers above's business.
use std::fmt::{self, Debug, Write};

use sha2::{Digest, Sha256};

use crate::rules::core::{Ruleset, Seat};

/// A state hash is journaled with every version that is a multiple of
/// this. A recovery compares its replayed state with each of them, so a
/// rules change that would alter a stored game is caught within this many
/// actions of where it starts to matter; hashing costs one `Debug`
/// rendering of the state (tens of microseconds), so about half a
/// microsecond per action at this spacing.
pub const HASH_EVERY: u64 = 64;

/// One batch of newly applied actions of a match.
#[derive(Debug)]
pub struct Batch<'a, R: Ruleset> {
    /// The version the first action created.
    pub first_version: u64,
    /// The actions in order, with their seats.
    pub actions: &'a [(Seat, R::Action)],
    /// `(version, why)` of the batch's actions the server played for their
    /// seats (MC-STANDIN-01).
    pub stand_ins: &'a [(u64, super::StandIn)],
    /// `(version, note)` of the batch's actions whose bots attached a note
    /// (MC-NOTE-01).
    pub notes: &'a [(u64, Box<str>)],
    /// `(version, state hash)` for every version of the batch that is a
    /// multiple of [`HASH_EVERY`].
    pub hashes: &'a [(u64, u64)],
    /// Whether the game is over after the batch.
    pub finished: bool,
    /// The clocks after the batch, for a game with time controls: kept so
    /// that a restart or a move neither gives nor takes time.
    pub clock: Option<super::KeptClock>,
}

/// Where a match's history is kept. `append` returns once the batch is as
/// durable as the server's policy asks; an error (a sentence) makes the
/// match take the batch back, so that nothing unkept is ever shown.
pub trait JournalSink<R: Ruleset>: Debug + Send + Sync {
    /// Keeps a batch of newly applied actions.
    fn append(&self, batch: Batch<'_, R>) -> Result<(), Unkept>;
}

/// Why a sink did not keep a batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unkept {
    /// The journal failed (a sentence); the match takes the batch back
    /// and may go on.
    Failed(String),
    /// Another server of the fleet holds the game now (a sentence): this
    /// match must not change again; the server drops it.
    Moved(String),
}

/// A stable 64-bit hash of a rules state: the first eight bytes (big
/// endian) of the SHA-256 of its `Debug` text.
///
/// The rulesets keep no hash maps and no addresses in their states, so the
/// `Debug` text is a complete, deterministic rendering of a state: the
/// same options, seed and actions give the same text on every build and
/// machine, and any difference in the state changes it. No ruleset needs
/// to write (and keep up to date) a hash of its own. The text is streamed
/// into the hasher, never kept.
pub fn state_hash<R: Debug>(state: &R) -> u64 {
    struct Hashing(Sha256);
    impl Write for Hashing {
        fn write_str(&mut self, text: &str) -> fmt::Result {
            self.0.update(text.as_bytes());
            Ok(())
        }
    }
    let mut hashing = Hashing(Sha256::new());
    // Writing into a hasher never fails; a state whose Debug fails would
    // hash what it wrote so far, which is still deterministic.
    let _ = write!(hashing, "{state:?}");
    let digest = hashing.0.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_hash_is_stable_and_tells_states_apart() {
        assert_eq!(state_hash(&(1u8, "a")), state_hash(&(1u8, "a")));
        assert_ne!(state_hash(&(1u8, "a")), state_hash(&(2u8, "a")));
        // Pinned: a change of the hash function would make every stored
        // game fail its check.
        assert_eq!(state_hash(&"melange"), 0xd2d1_5bd9_46a0_be15_u64);
    }
}
