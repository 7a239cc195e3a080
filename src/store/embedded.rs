//! The embedded store: one redb database file in the data directory, written
//! by one journal thread that commits everything waiting in one transaction
//! (group commit), so that many games' actions share one disk flush.
use std::{
    fmt,
    path::{Path, PathBuf},
    str::FromStr,
    sync::{
        Mutex, mpsc,
        mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender},
    },
    thread::JoinHandle,
    time::{Duration, Instant},
};

use redb::{Database, Durability, ReadableTable, TableDefinition};

use super::{
    Recovered,
    journal::{Journal, JournalError, Op},
    recovery, unix_now,
};

/// Game id -> sealed [`super::GameRecord`].
pub(super) const GAMES: TableDefinition<&str, &[u8]> = TableDefinition::new("games");
/// (game id, version) -> sealed [`super::ActionRecord`].
pub(super) const ACTIONS: TableDefinition<(&str, u64), &[u8]> = TableDefinition::new("actions");
/// Game id -> when it finished, in seconds since the Unix epoch.
pub(super) const FINISHED: TableDefinition<&str, u64> = TableDefinition::new("finished");
/// Game id -> sealed [`super::ClockRecord`]: its clocks after its last
/// batch.
pub(super) const CLOCKS: TableDefinition<&str, &[u8]> = TableDefinition::new("clocks");
/// Bookkeeping (the time of the last forced flush).
const META: TableDefinition<&str, u64> = TableDefinition::new("meta");

/// The database file's name inside the data directory.
pub const FILE_NAME: &str = "melange.redb";

/// When the journal forces its writes to the disk (fsync).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FsyncPolicy {
    /// Before every acknowledgment: an acknowledged action survives a crash
    /// of the process, of the operating system and a power cut.
    Always,
    /// Writes reach the operating system before the acknowledgment (they
    /// survive a crash of the process), and the disk at most this many
    /// milliseconds later (group commit): a power cut loses at most that
    /// window.
    EveryMs(u64),
    /// Writes reach the operating system before the acknowledgment and the
    /// disk whenever it decides: a crash of the process loses nothing, a
    /// power cut may lose anything since the last clean shutdown.
    Never,
}

impl fmt::Display for FsyncPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FsyncPolicy::Always => f.write_str("always"),
            FsyncPolicy::EveryMs(ms) => write!(f, "every-ms={ms}"),
            FsyncPolicy::Never => f.write_str("never"),
        }
    }
}

impl FromStr for FsyncPolicy {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "always" => Ok(FsyncPolicy::Always),
            "never" => Ok(FsyncPolicy::Never),
            other => other
                .strip_prefix("every-ms=")
                .and_then(|ms| ms.parse::<u64>().ok())
                .filter(|ms| *ms > 0)
                .map(FsyncPolicy::EveryMs)
                .ok_or_else(|| {
                    format!(
                        "the fsync policy {other:?} is not one of always, every-ms=N \
                         (N a positive number of milliseconds) or never"
                    )
                }),
        }
    }
}

enum Job {
    /// Writes, and who waits for them.
    Write {
        ops: Vec<Op>,
        done: SyncSender<Result<(), String>>,
    },
    /// Deletes every game finished before this time; answers their ids.
    Sweep {
        before_unix: u64,
        done: SyncSender<Result<Vec<String>, String>>,
    },
    /// Flushes and ends the thread.
    Stop,
}

/// The embedded store: the journal thread, sole owner of the database, and
/// the channel to it. Writes wait for the thread's commit; the database is
/// read once, when the store opens.
pub struct Embedded {
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
        let created = !dir.exists();
        std::fs::create_dir_all(dir).map_err(|error| {
            format!(
                "cannot create the data directory {} (--data-dir): {error}",
                dir.display()
            )
        })?;
        // The store holds every game's seed (which reveals its hidden
        // cards): a directory the server creates is its owner's alone.
        #[cfg(unix)]
        if created {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).map_err(
                |error| {
                    format!(
                        "cannot make the data directory {} private (--data-dir): {error}",
                        dir.display()
                    )
                },
            )?;
        }
        let path = dir.join(FILE_NAME);
        private_file(&path)?;
        let db = Database::create(&path)
            .map_err(|error| format!("cannot open the journal {}: {error}", path.display()))?;
        // Every table exists from the start, so readers never meet a
        // missing one.
        let txn = db.begin_write().map_err(store_error)?;
        txn.open_table(GAMES).map_err(store_error)?;
        txn.open_table(ACTIONS).map_err(store_error)?;
        txn.open_table(FINISHED).map_err(store_error)?;
        txn.open_table(CLOCKS).map_err(store_error)?;
        txn.open_table(META).map_err(store_error)?;
        txn.commit().map_err(store_error)?;
        let recovered = recovery::read_all(&db)?;
        let (jobs, queue) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("melange-journal".to_owned())
            .spawn(move || journal_thread(&db, &queue, policy))
            .map_err(|error| format!("cannot start the journal thread: {error}"))?;
        let store = Embedded {
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

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The fsync policy.
    pub fn policy(&self) -> FsyncPolicy {
        self.policy
    }

    /// Hands writes to the journal thread and waits until they are as
    /// durable as the policy asks. On a multi-threaded runtime the wait
    /// lets the worker's other tasks move to another thread, so a slow
    /// disk never holds up unrelated calls.
    fn write_ops(&self, ops: Vec<Op>) -> Result<(), String> {
        let (done, finished) = mpsc::sync_channel(1);
        self.send(Job::Write { ops, done })?;
        wait(move || finished.recv().unwrap_or_else(|_| Err(stopped())))
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
        wait(move || finished.recv().unwrap_or_else(|_| Err(stopped())))
    }

    fn size_bytes(&self) -> Option<u64> {
        std::fs::metadata(&self.path).ok().map(|meta| meta.len())
    }

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

    /// Flushes, stops the journal thread and closes the database, so that
    /// the same directory can be opened again; later writes fail with a
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

fn stopped() -> String {
    "the journal is closed (the server is stopping)".to_owned()
}

/// Runs a blocking wait; on a multi-threaded runtime's worker, the worker's
/// other tasks move to another thread meanwhile.
pub(super) fn wait<T>(f: impl FnOnce() -> T) -> T {
    match tokio::runtime::Handle::try_current().map(|handle| handle.runtime_flavor()) {
        Ok(tokio::runtime::RuntimeFlavor::MultiThread) => tokio::task::block_in_place(f),
        _ => f(),
    }
}

/// Makes the journal file its owner's alone (mode 0600), creating it so
/// when it is missing (redb then initializes the empty file): it holds
/// every game's seed, which reveals its hidden cards. An existing file that
/// others could read is narrowed too, whatever made it so.
fn private_file(path: &Path) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
        let private = |error: std::io::Error| {
            format!(
                "cannot make the journal {} private (mode 600): {error}",
                path.display()
            )
        };
        std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .open(path)
            .map_err(private)?;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).map_err(private)?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// A store error as a sentence.
pub(super) fn store_error(error: impl fmt::Display) -> String {
    format!("the journal store failed: {error}")
}

/// The most jobs one transaction takes.
const MAX_GROUP: usize = 4096;

/// Takes jobs until told to stop (or the store is dropped): every write
/// waiting is made in one transaction, committed with the policy's
/// durability, then every waiter is told. An empty write forces a flush.
fn journal_thread(db: &Database, queue: &Receiver<Job>, policy: FsyncPolicy) {
    let mut unsynced = false;
    let mut last_sync = Instant::now();
    let mut stop = false;
    while !stop {
        let first = match policy {
            FsyncPolicy::EveryMs(ms) if unsynced => {
                let left = Duration::from_millis(ms).saturating_sub(last_sync.elapsed());
                match queue.recv_timeout(left) {
                    Ok(job) => Some(job),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            }
            _ => match queue.recv() {
                Ok(job) => Some(job),
                Err(_) => break,
            },
        };
        let mut writes = Vec::new();
        let mut sweeps = Vec::new();
        let mut next = first;
        while let Some(job) = next {
            match job {
                Job::Write { ops, done } => writes.push((ops, done)),
                Job::Sweep { before_unix, done } => sweeps.push((before_unix, done)),
                Job::Stop => stop = true,
            }
            next = if writes.len() < MAX_GROUP && !stop {
                queue.try_recv().ok()
            } else {
                None
            };
        }
        let forced = writes.iter().any(|(ops, _)| ops.is_empty());
        let due = matches!(policy, FsyncPolicy::EveryMs(ms)
            if unsynced && last_sync.elapsed() >= Duration::from_millis(ms));
        let immediate = policy == FsyncPolicy::Always || forced || due || (stop && unsynced);
        if !writes.is_empty() || immediate {
            let result = commit(db, &mut writes, immediate);
            if result.is_ok() {
                if immediate {
                    unsynced = false;
                    last_sync = Instant::now();
                } else {
                    unsynced = true;
                }
            }
            for (_, done) in writes {
                let _ = done.send(result.clone());
            }
        }
        for (before_unix, done) in sweeps {
            let _ = done.send(sweep(db, before_unix));
        }
    }
    if unsynced {
        let _ = commit(db, &mut Vec::new(), true);
    }
}

/// Deletes the games finished before `before_unix`, in one transaction.
fn sweep(db: &Database, before_unix: u64) -> Result<Vec<String>, String> {
    let txn = db.begin_write().map_err(store_error)?;
    let mut gone = Vec::new();
    {
        let mut finished = txn.open_table(FINISHED).map_err(store_error)?;
        for entry in finished.iter().map_err(store_error)? {
            let (id, at) = entry.map_err(store_error)?;
            if at.value() < before_unix {
                gone.push(id.value().to_owned());
            }
        }
        let mut games = txn.open_table(GAMES).map_err(store_error)?;
        let mut actions = txn.open_table(ACTIONS).map_err(store_error)?;
        let mut clocks = txn.open_table(CLOCKS).map_err(store_error)?;
        for id in &gone {
            clocks.remove(id.as_str()).map_err(store_error)?;
            finished.remove(id.as_str()).map_err(store_error)?;
            games.remove(id.as_str()).map_err(store_error)?;
            actions
                .retain_in((id.as_str(), 0)..=(id.as_str(), u64::MAX), |_, _| false)
                .map_err(store_error)?;
        }
    }
    txn.commit().map_err(store_error)?;
    Ok(gone)
}

type Waiting = (Vec<Op>, SyncSender<Result<(), String>>);

fn commit(db: &Database, group: &mut [Waiting], immediate: bool) -> Result<(), String> {
    let mut txn = db.begin_write().map_err(store_error)?;
    txn.set_durability(if immediate {
        Durability::Immediate
    } else {
        Durability::Eventual
    });
    {
        let mut games = txn.open_table(GAMES).map_err(store_error)?;
        let mut actions = txn.open_table(ACTIONS).map_err(store_error)?;
        let mut finished = txn.open_table(FINISHED).map_err(store_error)?;
        let mut meta = txn.open_table(META).map_err(store_error)?;
        let mut clocks = txn.open_table(CLOCKS).map_err(store_error)?;
        if group.is_empty() || immediate {
            // A change, so that even an otherwise empty commit is written.
            meta.insert("last_flush_unix", unix_now())
                .map_err(store_error)?;
        }
        for (ops, _) in group.iter_mut() {
            for op in ops.drain(..) {
                match op {
                    Op::Create {
                        id,
                        game,
                        actions: first,
                        finished: at,
                        self_driving: _,
                    } => {
                        if let Some(at) = at {
                            finished.insert(id.as_str(), at).map_err(store_error)?;
                        }
                        games
                            .insert(id.as_str(), game.as_slice())
                            .map_err(store_error)?;
                        for (version, bytes) in first {
                            actions
                                .insert((id.as_str(), version), bytes.as_slice())
                                .map_err(store_error)?;
                        }
                    }
                    Op::Append {
                        id,
                        actions: more,
                        finished: at,
                    } => {
                        for (version, bytes) in more {
                            actions
                                .insert((id.as_str(), version), bytes.as_slice())
                                .map_err(store_error)?;
                        }
                        if let Some(at) = at {
                            finished.insert(id.as_str(), at).map_err(store_error)?;
                        }
                    }
                    Op::Clock { id, record } => {
                        clocks
                            .insert(id.as_str(), record.as_slice())
                            .map_err(store_error)?;
                    }
                    Op::Delete { id } => {
                        clocks.remove(id.as_str()).map_err(store_error)?;
                        games.remove(id.as_str()).map_err(store_error)?;
                        finished.remove(id.as_str()).map_err(store_error)?;
                        actions
                            .retain_in((id.as_str(), 0)..=(id.as_str(), u64::MAX), |_, _| false)
                            .map_err(store_error)?;
                    }
                    Op::Truncate { id, version } => {
                        if version < u64::MAX {
                            actions
                                .retain_in(
                                    (id.as_str(), version + 1)..=(id.as_str(), u64::MAX),
                                    |_, _| false,
                                )
                                .map_err(store_error)?;
                        }
                    }
                    #[cfg(feature = "testkit")]
                    Op::Raw { id, version, bytes } => {
                        actions
                            .insert((id.as_str(), version), bytes.as_slice())
                            .map_err(store_error)?;
                    }
                }
            }
        }
    }
    txn.commit().map_err(store_error)
}
