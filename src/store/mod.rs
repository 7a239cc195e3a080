//! Games that survive a crash: the journal of every game's creation and
//! accepted actions, in an embedded store (an append-only log file) for one
//! server or in PostgreSQL for a fleet, and what a server needs to rebuild
//! games from it.
//!
//! This layer stores bytes and contract messages; it knows no game's
//! rules. The api layer turns a match's batches into [`ActionRecord`]s
//! (through the matches layer's `JournalSink`) and rebuilds matches from
//! [`StoredGame`]s; the server opens the store, recovers, and sweeps
//! finished games out once their retention has passed.
//!
//! - `journal.rs`: the interface every store implements.
//! - `embedded/`: one server's store (a log file in the data directory)
//!   and the journal thread that appends every waiting write at once
//!   (group commit), compacts the file, and moves an earlier build's redb
//!   store into it.
//! - `fsync.rs`: the fsync policies.
//! - `postgres/`: a fleet's shared store (PostgreSQL), with the leases and
//!   epochs that let exactly one server write a game at a time.
//! - `record.rs`: the record format (protobuf messages with a checksum).
//! - `recovery.rs`: reading every game back, stopping at a damaged record.
//! - `retention.rs`: deleting finished games after their retention, and
//!   reporting the store's size.
mod embedded;
mod fsync;
mod journal;
pub mod postgres;
mod record;
mod recovery;
pub mod retention;

use std::{path::Path, sync::Arc};

pub use embedded::{Embedded, FILE_NAME};
pub use fsync::FsyncPolicy;
pub use journal::{Journal, JournalError, Op};
pub use postgres::{Fleet, FleetConfig, Listed};
pub use record::{ActionRecord, ClockRecord, FORMAT, GameRecord, SeatRecord, open, seal};
pub use recovery::{Recovered, StoredGame};

/// Seconds since the Unix epoch (0 if the clock is before it).
pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

/// The server's journal: one of the [`Journal`] implementations, and, for
/// a fleet's shared store, the leases that say which server holds which
/// game ([`Fleet`]).
#[derive(Debug)]
pub struct Store {
    journal: Arc<dyn Journal>,
    fleet: Option<Arc<Fleet>>,
}

impl Store {
    /// Opens (creating it and the directory if needed) the embedded store
    /// in `dir` and reads back every game it holds. The message of an
    /// error names the directory and what failed.
    pub fn open(dir: &Path, policy: FsyncPolicy) -> Result<(Store, Recovered), String> {
        let (embedded, recovered) = Embedded::open(dir, policy)?;
        let store = Store {
            journal: Arc::new(embedded),
            fleet: None,
        };
        Ok((store, recovered))
    }

    /// Connects to a fleet's shared store (PostgreSQL), creating its tables
    /// if needed. No game is read: a fleet's server loads a game when a
    /// call names it, or adopts it when its server died.
    pub async fn connect(config: FleetConfig) -> Result<Store, String> {
        let fleet = Arc::new(Fleet::connect(config).await?);
        Ok(Store {
            journal: fleet.clone(),
            fleet: Some(fleet),
        })
    }

    /// The shared store's leases, when this server is one of a fleet.
    pub fn fleet(&self) -> Option<&Arc<Fleet>> {
        self.fleet.as_ref()
    }

    /// Where the games are kept, for the log.
    pub fn describe(&self) -> String {
        self.journal.describe()
    }

    /// The bytes the store takes, when it can tell cheaply.
    pub fn size_bytes(&self) -> Option<u64> {
        self.journal.size_bytes()
    }

    /// Journals a new game: its record and the actions it was created
    /// with (`finished`: they ended it), in one transaction.
    /// `self_driving`: it moves without calls (bots or a clock); `clock`:
    /// its clocks now.
    pub fn create_game(
        &self,
        id: &str,
        game: &GameRecord,
        actions: &[ActionRecord],
        finished: bool,
        self_driving: bool,
        clock: Option<&ClockRecord>,
    ) -> Result<(), JournalError> {
        let mut ops = vec![Op::Create {
            id: id.to_owned(),
            game: seal(game),
            actions: numbered(1, actions),
            finished: finished.then(unix_now),
            self_driving,
        }];
        if let Some(clock) = clock {
            ops.push(Op::Clock {
                id: id.to_owned(),
                record: seal(clock),
            });
        }
        self.journal.write(ops)
    }

    /// Journals more actions of a game, the first of them making version
    /// `first_version`; `finished` marks the game over; `clock`, its clocks
    /// after them.
    pub fn append(
        &self,
        id: &str,
        first_version: u64,
        actions: &[ActionRecord],
        finished: bool,
        clock: Option<&ClockRecord>,
    ) -> Result<(), JournalError> {
        let mut ops = vec![Op::Append {
            id: id.to_owned(),
            actions: numbered(first_version, actions),
            finished: finished.then(unix_now),
        }];
        if let Some(clock) = clock {
            ops.push(Op::Clock {
                id: id.to_owned(),
                record: seal(clock),
            });
        }
        self.journal.write(ops)
    }

    /// Deletes a game (an idle one the server let go).
    pub fn delete(&self, id: &str) -> Result<(), JournalError> {
        self.journal.write(vec![Op::Delete { id: id.to_owned() }])
    }

    /// Forces everything written so far to the disk, whatever the policy.
    pub fn sync(&self) -> Result<(), JournalError> {
        self.journal.write(Vec::new())
    }

    /// Deletes every game that finished before `before_unix` (seconds since
    /// the Unix epoch) and returns their ids.
    pub fn sweep_finished(&self, before_unix: u64) -> Result<Vec<String>, String> {
        self.journal.sweep_finished(before_unix)
    }

    /// Flushes and closes, so that the same store can be opened again at
    /// once; later writes fail with a sentence (and their games take them
    /// back).
    pub fn close(&self) {
        self.journal.close();
    }

    /// Overwrites the stored bytes of one action record (tests damage the
    /// journal with it).
    #[cfg(feature = "testkit")]
    pub fn overwrite_action(&self, id: &str, version: u64, bytes: Vec<u8>) -> Result<(), String> {
        self.journal.overwrite_action(id, version, bytes)
    }
}

fn numbered(first: u64, actions: &[ActionRecord]) -> Vec<(u64, Vec<u8>)> {
    actions
        .iter()
        .enumerate()
        .map(|(index, action)| (first + index as u64, seal(action)))
        .collect()
}
