//! The embedded store: one server's games in an append-only log file in the
//! data directory. A writer appends its own ops under one lock (one
//! `write`), and writers waiting for a flush share it (group commit), so
//! that many games' actions share one disk flush.
//!
//! Why a log: a journal is written far more than it is read (once, at
//! start), and its writes are small appends. An embedded B-tree database
//! (redb, which this store used before) copies and rewrites pages on every
//! commit; on a two-core machine that CPU cost the durable server about
//! half of its memory-only throughput whatever the fsync policy
//! (`docs/scaling.md`, "The embedded journal's cost"). Appending framed
//! records costs a copy and a `write` per group.
//!
//! - `frame.rs`: the file's header and the frames (length, checksum,
//!   payload) that make a torn write visible.
//! - `entry.rs`: what a frame says (one journal op, in protobuf around the
//!   record format's sealed bytes) and the replay of entries into games.
//! - `read.rs`: reading the log back at start, cutting a torn tail.
//! - `writer.rs`: the log's end: appending, flushing, tombstones for
//!   deletes and sweeps.
//! - `group.rs`: group commit by leaders and followers under `always`.
//! - `thread.rs`: the journal thread, for what no writer does itself (the
//!   `every-ms` timer, sweeps, putting compactions in place, closing).
//! - `index.rs`: the live games' bytes and finishing times, which say when
//!   to compact and what a sweep deletes.
//! - `compact.rs`: rewriting the live games into a new file.
//! - `migrate.rs`: moving the games of an earlier build's redb store into
//!   the log, once.
//! - `files.rs`: the private data directory and files, directory flushes.
mod compact;
mod entry;
mod files;
mod frame;
mod group;
mod index;
mod migrate;
mod read;
#[cfg(test)]
mod tests;
mod thread;
mod writer;

use std::{
    fmt,
    path::{Path, PathBuf},
    sync::{Arc, Condvar, Mutex, mpsc, mpsc::Sender},
    thread::JoinHandle,
};

use self::{
    group::Shared,
    index::Index,
    thread::Job,
    writer::{Tuning, Writer},
};
use super::{
    FsyncPolicy, Recovered,
    journal::{Journal, JournalError, Op, wait},
    recovery,
};

/// The journal file's name inside the data directory.
pub const FILE_NAME: &str = "melange.journal";

/// The embedded store: the log's end, shared by the writers, and the
/// journal thread with its channel. The file is read once, when the store
/// opens.
pub struct Embedded {
    /// The log's end, which writers append to themselves.
    shared: Arc<Shared>,
    jobs: Sender<Job>,
    thread: Mutex<Option<JoinHandle<()>>>,
    path: PathBuf,
    policy: FsyncPolicy,
}

impl fmt::Debug for Embedded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Embedded")
            .field("path", &self.path)
            .field("policy", &self.policy)
            .finish_non_exhaustive()
    }
}

impl Embedded {
    /// Opens (creating it and the directory if needed) the store in `dir`
    /// and reads back every game it holds. The message of an error names
    /// the directory and what failed.
    pub fn open(dir: &Path, policy: FsyncPolicy) -> Result<(Embedded, Recovered), String> {
        Embedded::open_tuned(dir, policy, Tuning::default())
    }

    fn open_tuned(
        dir: &Path,
        policy: FsyncPolicy,
        tuning: Tuning,
    ) -> Result<(Embedded, Recovered), String> {
        files::data_dir(dir)?;
        let path = dir.join(FILE_NAME);
        migrate::from_redb(dir, &path)?;
        // A compaction a crash interrupted: the journal is whole without it.
        let _ = std::fs::remove_file(compact::temp_path(dir));
        let log = read::open(&path)?;
        // Oldest first, as they were created: the server lists games in
        // the order it takes them back, newest first.
        let mut games: Vec<_> = log.replay.games.into_iter().collect();
        games.sort_unstable_by_key(|(_, game)| game.created);
        let mut index = Index::default();
        let mut recovered = Recovered::default();
        for (id, game) in games {
            index.insert(id.clone(), game.bytes, game.finished);
            match recovery::read_game(
                id.clone(),
                &game.record,
                game.actions,
                game.finished,
                game.clock.as_deref(),
            ) {
                Ok(game) => recovered.games.push(game),
                Err(reason) => recovered.unreadable.push((id, reason)),
            }
        }
        let (jobs, queue) = mpsc::channel();
        let writer = Writer::new(
            log.file,
            path.clone(),
            (log.end, log.len),
            index,
            (tuning, policy == FsyncPolicy::Always),
            jobs.clone(),
        );
        let shared = Arc::new(Shared {
            writer: Mutex::new(writer),
            flushed: Condvar::new(),
        });
        let thread = {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name("melange-journal".to_owned())
                .spawn(move || thread::run(shared, &queue, policy))
                .map_err(|error| format!("cannot start the journal thread: {error}"))?
        };
        let store = Embedded {
            shared,
            jobs,
            thread: Mutex::new(Some(thread)),
            path,
            policy,
        };
        // A damaged tail is cut off, so that the next actions of the game
        // are not followed by stale ones.
        let cuts: Vec<Op> = recovered
            .games
            .iter()
            .filter(|game| game.damaged.is_some())
            .map(|game| Op::Truncate {
                id: game.id.clone(),
                version: game.actions.len() as u64,
            })
            .collect();
        if !cuts.is_empty() {
            store.write_ops(cuts)?;
        }
        Ok((store, recovered))
    }

    /// The journal file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The fsync policy.
    pub fn policy(&self) -> FsyncPolicy {
        self.policy
    }

    /// Makes writes as durable as the policy asks: the caller appends
    /// them itself (one `write`), then, under `always` (or for a forced
    /// flush: no op), waits until a flush covers them, sharing it with
    /// every writer waiting (`group.rs`). On a multi-threaded runtime the
    /// wait lets the worker's other tasks move to another thread, so a
    /// slow disk never holds up unrelated calls. Under `every-ms` and
    /// `never` nothing waits: the journal thread flushes on the timer.
    fn write_ops(&self, ops: Vec<Op>) -> Result<(), String> {
        let forced = ops.is_empty();
        let (appended, first_unflushed) = {
            let mut writer = self.shared.lock();
            let was_flushed = !writer.unflushed();
            let appended = writer.append(ops.into_iter())?;
            (appended, was_flushed && writer.unflushed())
        };
        match self.policy {
            FsyncPolicy::Always => {}
            _ if forced => {}
            FsyncPolicy::EveryMs(_) if first_unflushed => {
                // The timer runs from here.
                let _ = self.send(Job::Appended);
                return Ok(());
            }
            _ => return Ok(()),
        }
        wait(|| self.shared.flush_upto(appended))
    }

    fn send(&self, job: Job) -> Result<(), String> {
        self.jobs.send(job).map_err(|_| stopped())
    }
}

impl Journal for Embedded {
    fn write(&self, ops: Vec<Op>) -> Result<(), JournalError> {
        Ok(self.write_ops(ops)?)
    }

    fn sweep_finished(&self, before_unix: u64) -> Result<Vec<String>, String> {
        let (done, finished) = mpsc::sync_channel(1);
        self.send(Job::Sweep { before_unix, done })?;
        answer(&finished)
    }

    fn size_bytes(&self) -> Option<u64> {
        std::fs::metadata(&self.path).ok().map(|meta| meta.len())
    }

    /// Appends a frame that replaces the record of `version` with `bytes`:
    /// recovery then meets them where that record was.
    #[cfg(feature = "testkit")]
    fn overwrite_action(&self, id: &str, version: u64, bytes: Vec<u8>) -> Result<(), String> {
        self.write_ops(vec![Op::Raw {
            id: id.to_owned(),
            version,
            bytes,
        }])
    }

    fn describe(&self) -> String {
        format!(
            "the embedded store {} (fsync {})",
            self.path.display(),
            self.policy
        )
    }

    /// Flushes, stops the journal thread and closes the file, so that the
    /// same directory can be opened again; later writes fail with a
    /// sentence (and their games take them back).
    fn close(&self) {
        let _ = self.send(Job::Stop);
        let thread = self
            .thread
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take();
        if let Some(thread) = thread {
            let _ = wait(move || thread.join());
        }
    }
}

impl Drop for Embedded {
    fn drop(&mut self) {
        self.close();
    }
}

/// Waits for the journal thread's answer.
fn answer<T>(finished: &mpsc::Receiver<Result<T, String>>) -> Result<T, String> {
    wait(|| finished.recv().unwrap_or_else(|_| Err(stopped())))
}

fn stopped() -> String {
    "the journal is closed (the server is stopping)".to_owned()
}
