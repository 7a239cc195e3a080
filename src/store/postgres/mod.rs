//! A fleet's shared journal in PostgreSQL (`--journal postgres://...`):
//! the same records as the embedded store, and a lease per game that lets
//! exactly one server of the fleet write it at a time.
//!
//! - `schema.rs`: the tables.
//! - `writer.rs`: the group commit, and fencing (an append from a lease
//!   that is no longer the game's newest is refused in the same
//!   statement).
//! - `leases.rs`: taking a game (a call names it, or its server died),
//!   the heartbeat, learning which games another server took, and handing
//!   every lease back at shutdown.
//!
//! The protocol, step by step, is in `docs/scaling.md`.
mod leases;
mod schema;
mod writer;

use std::{
    collections::HashMap,
    fmt,
    sync::{
        Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use tokio::sync::mpsc;
use tokio_postgres::NoTls;

pub use leases::{Adopted, Listed};

use super::{
    StoredGame,
    journal::{Journal, JournalError, Op, wait},
    record::{self, GameRecord},
};

/// How a server joins a fleet.
#[derive(Clone, Debug)]
pub struct FleetConfig {
    /// `postgres://user:password@host:port/dbname`.
    pub url: String,
    /// This server's name in the leases (unique in the fleet).
    pub node_id: String,
    /// A server that has not renewed its heartbeat for this long is
    /// presumed dead: its games may be adopted.
    pub lease_ttl: Duration,
    /// Connections to the database.
    pub pool_size: usize,
}

/// The leases this server holds (game id -> epoch), and where it tells
/// the server that it lost one.
#[derive(Debug)]
pub(super) struct Held {
    node_id: String,
    epochs: Mutex<HashMap<String, i64>>,
    lost: mpsc::UnboundedSender<String>,
}

impl Held {
    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, i64>> {
        self.epochs
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// This server's name.
    pub(super) fn node_id(&self) -> String {
        self.node_id.clone()
    }

    /// The epoch this server holds the game at, if it does.
    pub(super) fn epoch(&self, id: &str) -> Option<i64> {
        self.map().get(id).copied()
    }

    /// Records a lease taken.
    pub(super) fn take(&self, id: &str, epoch: i64) {
        self.map().insert(id.to_owned(), epoch);
    }

    /// Forgets a lease handed back (a deleted game).
    pub(super) fn release(&self, id: &str) {
        self.map().remove(id);
    }

    /// Forgets a lease another server took, and tells the server to drop
    /// the game.
    pub(super) fn lost(&self, id: &str) {
        if self.map().remove(id).is_some() {
            let _ = self.lost.send(id.to_owned());
        }
    }

    /// The ids held.
    pub(super) fn ids(&self) -> Vec<String> {
        self.map().keys().cloned().collect()
    }
}

/// What the journal's own thread works with.
#[derive(Debug)]
pub(super) struct Inner {
    pool: Pool,
    held: std::sync::Arc<Held>,
    config: FleetConfig,
}

/// A server's connection to the fleet's shared journal.
///
/// Every database call runs on the journal's own thread (a small runtime
/// of its own), as the embedded store's commits run on its journal thread:
/// a game's action waits for its journal while holding the game, and the
/// server's async workers may all be waiting on games; the journal must
/// never need one of them to make progress.
pub struct Fleet {
    inner: std::sync::Arc<Inner>,
    runtime: tokio::runtime::Handle,
    jobs: mpsc::UnboundedSender<writer::WriteJob>,
    lost: Mutex<Option<mpsc::UnboundedReceiver<String>>>,
    closed: AtomicBool,
    where_: String,
    /// Ends the journal's thread when the fleet is dropped.
    _stop: tokio::sync::oneshot::Sender<()>,
}

impl fmt::Debug for Fleet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Fleet")
            .field("where", &self.where_)
            .field("node_id", &self.inner.config.node_id)
            .finish_non_exhaustive()
    }
}

/// A database error as a sentence: the server's own message when there is
/// one (tokio-postgres prints only "db error" for those).
pub(super) fn database_error(error: impl std::error::Error + 'static) -> String {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&error);
    while let Some(inner) = source {
        if let Some(db) = inner.downcast_ref::<tokio_postgres::error::DbError>() {
            return format!(
                "the shared journal (PostgreSQL) failed: {} ({})",
                db.message(),
                db.code().code()
            );
        }
        source = inner.source();
    }
    format!("the shared journal (PostgreSQL) failed: {error}")
}

/// The game kind a sealed record names (0 when it cannot be read).
pub(super) fn record_kind(sealed: &[u8]) -> i32 {
    record::open::<GameRecord>(sealed).map_or(0, |game| game.kind)
}

/// Starts the journal's thread and its runtime; it runs until `stop` is
/// sent or dropped.
fn journal_thread() -> Result<(tokio::runtime::Handle, tokio::sync::oneshot::Sender<()>), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|error| format!("cannot start the journal's runtime: {error}"))?;
    let handle = runtime.handle().clone();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    std::thread::Builder::new()
        .name("melange-journal".to_owned())
        .spawn(move || {
            let _ = runtime.block_on(stopped);
        })
        .map_err(|error| format!("cannot start the journal thread: {error}"))?;
    Ok((handle, stop))
}

/// Runs `work` on the journal's thread and waits for it there.
async fn on_journal<T: Send + 'static>(
    runtime: &tokio::runtime::Handle,
    work: impl std::future::Future<Output = Result<T, String>> + Send + 'static,
) -> Result<T, String> {
    runtime
        .spawn(work)
        .await
        .map_err(|_| "the journal's thread stopped".to_owned())?
}

impl Fleet {
    /// Connects (the first connection is made at once, so a wrong URL or a
    /// database that is down is an error now), creates the tables if
    /// needed and starts the group-commit task.
    pub async fn connect(config: FleetConfig) -> Result<Fleet, String> {
        let pg_config: tokio_postgres::Config = config.url.parse().map_err(|error| {
            format!("--journal is not a PostgreSQL URL (postgres://user:password@host:port/dbname): {error}")
        })?;
        let where_ = describe(&pg_config);
        let (runtime, stop) = journal_thread()?;
        let (lost_sender, lost) = mpsc::unbounded_channel();
        let held = std::sync::Arc::new(Held {
            node_id: config.node_id.clone(),
            epochs: Mutex::new(HashMap::new()),
            lost: lost_sender,
        });
        let (jobs, queue) = mpsc::unbounded_channel();
        let lanes = config.pool_size / 2;
        let reach = where_.clone();
        let inner = on_journal(&runtime, async move {
            let manager = Manager::from_config(
                pg_config,
                NoTls,
                ManagerConfig {
                    recycling_method: RecyclingMethod::Fast,
                },
            );
            let pool = Pool::builder(manager)
                .max_size(config.pool_size.max(2))
                .runtime(Runtime::Tokio1)
                .create_timeout(Some(Duration::from_secs(5)))
                .wait_timeout(Some(Duration::from_secs(10)))
                .build()
                .map_err(database_error)?;
            let mut client = pool
                .get()
                .await
                .map_err(|error| format!("cannot reach the shared journal at {reach}: {error}"))?;
            let txn = client.transaction().await.map_err(database_error)?;
            for statement in schema::STATEMENTS {
                txn.batch_execute(statement).await.map_err(database_error)?;
            }
            txn.commit().await.map_err(database_error)?;
            drop(client);
            tokio::spawn(writer::run(pool.clone(), held.clone(), queue, lanes));
            let inner = std::sync::Arc::new(Inner { pool, held, config });
            inner.heartbeat().await?;
            Ok(inner)
        })
        .await?;
        Ok(Fleet {
            inner,
            runtime,
            jobs,
            lost: Mutex::new(Some(lost)),
            closed: AtomicBool::new(false),
            where_,
            _stop: stop,
        })
    }

    /// This server's name in the leases.
    pub fn node_id(&self) -> &str {
        &self.inner.config.node_id
    }

    /// The lease time-to-live.
    pub fn lease_ttl(&self) -> Duration {
        self.inner.config.lease_ttl
    }

    /// The ids of the games this server lost to another (once each); taken
    /// once, by the server.
    pub fn lost_games(&self) -> Option<mpsc::UnboundedReceiver<String>> {
        self.lost
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take()
    }

    /// Whether this server holds the game's lease.
    pub fn holds(&self, id: &str) -> bool {
        self.inner.held.epoch(id).is_some()
    }

    /// Takes the game `id` from whichever server holds it (or nobody) and
    /// reads it back (see `leases.rs`). `Ok(None)` when the fleet has no
    /// such game.
    pub async fn take_over(&self, id: &str) -> Result<Option<StoredGame>, String> {
        let (inner, id) = (self.inner.clone(), id.to_owned());
        on_journal(&self.runtime, async move { inner.take_over(&id).await }).await
    }

    /// Renews this server's heartbeat.
    pub async fn heartbeat(&self) -> Result<(), String> {
        let inner = self.inner.clone();
        on_journal(&self.runtime, async move { inner.heartbeat().await }).await
    }

    /// Drops the games another server took within `window`; returns how
    /// many.
    pub async fn check_lost(&self, window: Duration) -> Result<usize, String> {
        let inner = self.inner.clone();
        on_journal(&self.runtime, async move { inner.check_lost(window).await }).await
    }

    /// Takes up to `limit` games that move by themselves whose server is
    /// gone.
    pub async fn adopt_orphans(&self, limit: i64) -> Result<Vec<Adopted>, String> {
        let inner = self.inner.clone();
        on_journal(
            &self.runtime,
            async move { inner.adopt_orphans(limit).await },
        )
        .await
    }

    /// The fleet's games, newest first (see `leases.rs`).
    pub async fn list(
        &self,
        kind: i32,
        finished: Option<bool>,
        before: (i64, String),
        limit: i64,
    ) -> Result<Vec<Listed>, String> {
        let inner = self.inner.clone();
        on_journal(&self.runtime, async move {
            inner.list(kind, finished, before, limit).await
        })
        .await
    }

    /// Hands every lease back (a graceful stop).
    pub async fn release_all(&self) -> Result<u64, String> {
        let inner = self.inner.clone();
        on_journal(&self.runtime, async move { inner.release_all().await }).await
    }
}

/// Host, port and database of a URL, never its password.
fn describe(config: &tokio_postgres::Config) -> String {
    let host = config
        .get_hosts()
        .first()
        .map(|host| match host {
            tokio_postgres::config::Host::Tcp(name) => name.clone(),
            #[cfg(unix)]
            tokio_postgres::config::Host::Unix(path) => path.display().to_string(),
        })
        .unwrap_or_default();
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let database = config.get_dbname().unwrap_or("");
    format!("PostgreSQL at {host}:{port}/{database}")
}

impl Journal for Fleet {
    fn write(&self, ops: Vec<Op>) -> Result<(), JournalError> {
        if self.closed.load(Ordering::Acquire) {
            return Err(JournalError::Failed(
                "the journal is closed (the server is stopping)".to_owned(),
            ));
        }
        let (done, answer) = std::sync::mpsc::sync_channel(1);
        self.jobs
            .send(writer::WriteJob { ops, done })
            .map_err(|_| JournalError::Failed("the journal is closed".to_owned()))?;
        wait(move || {
            answer.recv().unwrap_or_else(|_| {
                Err(JournalError::Failed(
                    "the journal stopped before answering".to_owned(),
                ))
            })
        })
    }

    fn sweep_finished(&self, before_unix: u64) -> Result<Vec<String>, String> {
        let inner = self.inner.clone();
        let (done, answer) = std::sync::mpsc::sync_channel(1);
        self.runtime.spawn(async move {
            let swept = leases::sweep(&inner.pool, &inner.config.node_id, before_unix as i64).await;
            if let Ok(ids) = &swept {
                for id in ids {
                    inner.held.release(id);
                }
            }
            let _ = done.send(swept);
        });
        wait(move || {
            answer
                .recv()
                .unwrap_or_else(|_| Err("the journal's thread stopped".to_owned()))
        })
    }

    fn size_bytes(&self) -> Option<u64> {
        None
    }

    fn describe(&self) -> String {
        format!(
            "the shared journal, {} (node {})",
            self.where_, self.inner.config.node_id
        )
    }

    fn close(&self) {
        self.closed.store(true, Ordering::Release);
    }
}
