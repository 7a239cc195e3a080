//! The journal interface: what every store of games does, whichever engine
//! keeps the bytes. Two implementations: the embedded store of one server
//! (`embedded/`, an append-only log in the data directory) and the shared
//! store of a fleet (`postgres/`, PostgreSQL). Both take every waiting
//! write in one group (one append, one transaction), so a burst of actions
//! of many games costs one flush or one round trip, not one each.
use std::fmt;

/// One write of the journal, in the record format of `record.rs` (sealed
/// protobuf bytes): every implementation stores the same bytes.
#[derive(Debug)]
pub enum Op {
    /// A new game's record and the actions it started with.
    Create {
        /// The game's id.
        id: String,
        /// Its sealed [`super::GameRecord`].
        game: Vec<u8>,
        /// `(version, sealed ActionRecord)` from version 1.
        actions: Vec<(u64, Vec<u8>)>,
        /// When it finished (seconds since the Unix epoch), if it did.
        finished: Option<u64>,
        /// Whether it moves without any call (built-in or remote bots, a
        /// clock): a fleet adopts such a game when its server dies.
        self_driving: bool,
    },
    /// More actions of a game; `finished` marks it over now.
    Append {
        /// The game's id.
        id: String,
        /// `(version, sealed ActionRecord)`, consecutive.
        actions: Vec<(u64, Vec<u8>)>,
        /// When it finished, if these actions ended it.
        finished: Option<u64>,
    },
    /// A game's clocks now (its sealed [`super::ClockRecord`]), replacing
    /// the ones kept before; written with the actions they follow.
    Clock {
        /// The game's id.
        id: String,
        /// The sealed record.
        record: Vec<u8>,
    },
    /// Everything about a game, gone.
    Delete {
        /// The game's id.
        id: String,
    },
    /// Every action of a game after `version`, gone (a damaged tail).
    Truncate {
        /// The game's id.
        id: String,
        /// The last version kept.
        version: u64,
    },
    /// Raw bytes under an action key, for tests that damage a record.
    #[cfg(feature = "testkit")]
    Raw {
        /// The game's id.
        id: String,
        /// The version whose record is overwritten.
        version: u64,
        /// What is written instead.
        bytes: Vec<u8>,
    },
}

/// Why a write was not kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JournalError {
    /// The store failed or is closed (a sentence); nothing of the group is
    /// kept.
    Failed(String),
    /// This server no longer holds the game: another server of the fleet
    /// took it (its lease has a newer epoch, so the shared store refused
    /// the write). The game must be dropped here; its clients find it on
    /// the server that holds it now.
    Moved(String),
}

impl fmt::Display for JournalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JournalError::Failed(reason) => f.write_str(reason),
            JournalError::Moved(id) => write!(
                f,
                "game {id} is now served by another server of the fleet; \
                 retry the call, the proxy routes it there"
            ),
        }
    }
}

impl From<String> for JournalError {
    fn from(reason: String) -> Self {
        JournalError::Failed(reason)
    }
}

/// A store of games' journals.
pub trait Journal: Send + Sync + fmt::Debug {
    /// Makes `ops` as durable as the store promises (grouped with every
    /// other waiting write) and returns once they are, or why not. On a
    /// multi-threaded runtime the wait lets the worker's other tasks move
    /// to another thread.
    fn write(&self, ops: Vec<Op>) -> Result<(), JournalError>;

    /// Deletes every game that finished before `before_unix` (seconds since
    /// the Unix epoch) and returns their ids.
    fn sweep_finished(&self, before_unix: u64) -> Result<Vec<String>, String>;

    /// The bytes the store takes, when it can tell cheaply.
    fn size_bytes(&self) -> Option<u64>;

    /// Where the games are kept, for the log (never a password).
    fn describe(&self) -> String;

    /// Flushes and closes; later writes fail with a sentence.
    fn close(&self);

    /// Overwrites the stored bytes of one action record (tests damage the
    /// journal with it).
    #[cfg(feature = "testkit")]
    fn overwrite_action(&self, id: &str, version: u64, bytes: Vec<u8>) -> Result<(), String> {
        let _ = (id, version, bytes);
        Err("this journal cannot damage a record".to_owned())
    }
}

/// Runs a blocking wait; on a multi-threaded runtime's worker, the worker's
/// other tasks move to another thread meanwhile.
pub(super) fn wait<T>(f: impl FnOnce() -> T) -> T {
    match tokio::runtime::Handle::try_current().map(|handle| handle.runtime_flavor()) {
        Ok(tokio::runtime::RuntimeFlavor::MultiThread) => tokio::task::block_in_place(f),
        _ => f(),
    }
}
