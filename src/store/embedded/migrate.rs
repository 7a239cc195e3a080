//! The store of earlier builds: a redb database, `melange.redb`, in the
//! data directory. The first start on such a directory copies every game
//! into a new log (one frame per game, the same sealed bytes), flushes it,
//! renames it into place, and only then renames the database to
//! `melange.redb.migrated` (kept for whoever wants it; the server no longer
//! reads it). A crash at any step leaves either the database alone, read
//! again at the next start, or the whole log.
use std::{
    io::{BufWriter, Write},
    path::Path,
};

use prost::Message;
use redb::{Database, ReadableTable, TableDefinition, TableError};

use super::{
    entry::{Entry, Kind},
    files,
    frame::{self},
};

/// The database file of earlier builds.
pub(super) const REDB_FILE: &str = "melange.redb";
/// Game id -> sealed `GameRecord`.
pub(super) const GAMES: TableDefinition<&str, &[u8]> = TableDefinition::new("games");
/// (game id, version) -> sealed `ActionRecord`.
pub(super) const ACTIONS: TableDefinition<(&str, u64), &[u8]> = TableDefinition::new("actions");
/// Game id -> when it finished, in seconds since the Unix epoch.
pub(super) const FINISHED: TableDefinition<&str, u64> = TableDefinition::new("finished");
/// Game id -> sealed `ClockRecord` (the last builds with redb only).
pub(super) const CLOCKS: TableDefinition<&str, &[u8]> = TableDefinition::new("clocks");

/// Moves the games of a `melange.redb` in `dir`, if there is one, into a
/// new journal at `log` (unless that exists already: then the move was
/// done and only the rename of the database is left).
pub(super) fn from_redb(dir: &Path, log: &Path) -> Result<(), String> {
    let old = dir.join(REDB_FILE);
    if !old.exists() {
        return Ok(());
    }
    let failed = |error: String| {
        format!(
            "cannot move the games of {} into the journal {}: {error}",
            old.display(),
            log.display()
        )
    };
    if !log.exists() {
        let temp = dir.join(format!("{REDB_FILE}.migrating"));
        let games = copy(&old, &temp).map_err(failed)?;
        std::fs::rename(&temp, log).map_err(|error| failed(error.to_string()))?;
        files::sync_dir(dir).map_err(|error| failed(error.to_string()))?;
        tracing::info!(games, from = %old.display(), to = %log.display(),
            "the games of the redb store were moved into the journal");
    }
    let kept = dir.join(format!("{REDB_FILE}.migrated"));
    std::fs::rename(&old, &kept).map_err(|error| failed(error.to_string()))?;
    files::sync_dir(dir).map_err(|error| failed(error.to_string()))?;
    Ok(())
}

/// Writes every game of the database at `old` into a new log at `temp`,
/// flushed, and returns how many there were. Only the actions that follow
/// each other from version 1 are taken: recovery would stop at the first
/// missing version anyway, and cut what follows.
fn copy(old: &Path, temp: &Path) -> Result<u64, String> {
    let db = Database::open(old).map_err(|error| error.to_string())?;
    let txn = db.begin_read().map_err(|error| error.to_string())?;
    let missing = |error: &TableError| matches!(error, TableError::TableDoesNotExist(_));
    let file = files::create_private(temp).map_err(|error| error.to_string())?;
    let mut out = BufWriter::with_capacity(1 << 20, &file);
    out.write_all(&frame::header())
        .map_err(|error| error.to_string())?;
    let mut count = 0;
    match txn.open_table(GAMES) {
        Err(error) if missing(&error) => {}
        Err(error) => return Err(error.to_string()),
        Ok(games) => {
            let actions = txn.open_table(ACTIONS).map_err(|error| error.to_string())?;
            let finished = txn
                .open_table(FINISHED)
                .map_err(|error| error.to_string())?;
            let clocks = match txn.open_table(CLOCKS) {
                Ok(clocks) => Some(clocks),
                Err(error) if missing(&error) => None,
                Err(error) => return Err(error.to_string()),
            };
            let mut buf = Vec::new();
            for entry in games.iter().map_err(|error| error.to_string())? {
                let (id, record) = entry.map_err(|error| error.to_string())?;
                let id = id.value().to_owned();
                let mut kept = Vec::new();
                for action in actions
                    .range((id.as_str(), 1)..=(id.as_str(), u64::MAX))
                    .map_err(|error| error.to_string())?
                {
                    let (key, bytes) = action.map_err(|error| error.to_string())?;
                    if key.value().1 != kept.len() as u64 + 1 {
                        break;
                    }
                    kept.push(bytes.value().to_vec());
                }
                let entry = Entry {
                    kind: Kind::Create as i32,
                    game: record.value().to_vec(),
                    version: 1,
                    actions: kept,
                    finished: finished
                        .get(id.as_str())
                        .map_err(|error| error.to_string())?
                        .map(|at| at.value()),
                    self_driving: false,
                    clock: match &clocks {
                        Some(clocks) => clocks
                            .get(id.as_str())
                            .map_err(|error| error.to_string())?
                            .map(|bytes| bytes.value().to_vec())
                            .unwrap_or_default(),
                        None => Vec::new(),
                    },
                    id,
                };
                buf.clear();
                frame::push(&mut buf, |buf| {
                    entry.encode(buf).map_err(|error| error.to_string())
                })?;
                out.write_all(&buf).map_err(|error| error.to_string())?;
                count += 1;
            }
        }
    }
    out.flush().map_err(|error| error.to_string())?;
    drop(out);
    file.sync_all().map_err(|error| error.to_string())?;
    Ok(count)
}
