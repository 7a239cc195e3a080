//! Games that survive a crash: the journal of every game's creation and
//! accepted actions in an embedded store (redb), and what the server needs
//! to rebuild its games from it when it starts.
//!
//! This layer stores bytes and contract messages; it knows no game's
//! rules. The api layer turns a match's batches into [`ActionRecord`]s
//! (through the matches layer's `JournalSink`) and rebuilds matches from
//! [`StoredGame`]s; the server opens the store, recovers, and sweeps
//! finished games out once their retention has passed.
//!
//! - `store.rs`: the database, the fsync policies and the journal thread
//!   that commits every waiting write in one transaction (group commit).
//! - `record.rs`: the record format (protobuf messages with a checksum).
//! - `recovery.rs`: reading every game back, stopping at a damaged record.
//! - `retention.rs`: deleting finished games after their retention, and
//!   reporting the store's size.
mod record;
mod recovery;
pub mod retention;
#[allow(clippy::module_inception)]
mod store;

pub use record::{ActionRecord, FORMAT, GameRecord, SeatRecord, open, seal};
pub use recovery::{Recovered, StoredGame};
pub use store::{FILE_NAME, FsyncPolicy, Store};

use store::Op;

/// Seconds since the Unix epoch (0 if the clock is before it).
pub fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_secs())
}

impl Store {
    /// Journals a new game: its record and the actions it was created
    /// with (`finished`: they ended it), in one transaction.
    pub fn create_game(
        &self,
        id: &str,
        game: &GameRecord,
        actions: &[ActionRecord],
        finished: bool,
    ) -> Result<(), String> {
        self.write(vec![Op::Create {
            id: id.to_owned(),
            game: seal(game),
            actions: numbered(1, actions),
            finished: finished.then(unix_now),
        }])
    }

    /// Journals more actions of a game, the first of them making version
    /// `first_version`; `finished` marks the game over.
    pub fn append(
        &self,
        id: &str,
        first_version: u64,
        actions: &[ActionRecord],
        finished: bool,
    ) -> Result<(), String> {
        self.write(vec![Op::Append {
            id: id.to_owned(),
            actions: numbered(first_version, actions),
            finished: finished.then(unix_now),
        }])
    }
}

fn numbered(first: u64, actions: &[ActionRecord]) -> Vec<(u64, Vec<u8>)> {
    actions
        .iter()
        .enumerate()
        .map(|(index, action)| (first + index as u64, seal(action)))
        .collect()
}
