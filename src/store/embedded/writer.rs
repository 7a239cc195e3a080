//! The journal thread: the log file's only writer. It takes every write
//! waiting (group commit), frames each op, appends the whole group with one
//! `write` at the end of the file and, under `--fsync always`, flushes it
//! with one `fdatasync` before any of its writers is answered. A write
//! answered has reached the operating system, so a crash of the server
//! loses nothing whatever the policy; the policy says when it reaches the
//! disk. Appending costs a copy and a system call per group, where a
//! B-tree store (redb, before) rewrote pages for every group: the journal
//! thread's CPU is what the server and its clients compete with on a small
//! machine.
//!
//! Deletes and retention sweeps append tombstones; when the bytes of dead
//! games are most of the file, a compaction (`compact.rs`) rewrites it.
use std::{
    fs::File,
    path::PathBuf,
    sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender},
    time::{Duration, Instant},
};

use prost::Message;

use super::{
    super::{FsyncPolicy, journal::Op},
    compact::{self, Copied, Running},
    entry::{Entry, Kind},
    files, frame,
    index::Index,
};

/// What the journal thread is asked.
pub(super) enum Job {
    /// Writes, and who waits for them. No op: a flush, whatever the policy.
    Write {
        ops: Vec<Op>,
        done: SyncSender<Result<(), String>>,
    },
    /// Deletes every game finished before this time; answers their ids.
    Sweep {
        before_unix: u64,
        done: SyncSender<Result<Vec<String>, String>>,
    },
    /// A compaction's copy of the live frames is ready (or failed).
    Compacted(Result<Copied, String>),
    /// Flushes and ends the thread.
    Stop,
}

/// When the journal is compacted.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tuning {
    /// No compaction below this file length.
    pub compact_min_bytes: u64,
    /// A compaction starts when dead bytes are at least this share of the
    /// file, in percent.
    pub compact_dead_percent: u64,
}

impl Default for Tuning {
    /// Compacts a file of 64 MiB or more once half of it is dead: every
    /// byte is then copied at most about once more on average, and the
    /// file stays within about twice the live games' size.
    fn default() -> Self {
        Tuning {
            compact_min_bytes: 64 << 20,
            compact_dead_percent: 50,
        }
    }
}

/// The most jobs one group takes.
const MAX_GROUP: usize = 4096;

/// What a framed op does to the index once its group is written.
struct Effect {
    kind: Kind,
    id: String,
    bytes: u64,
    finished: Option<u64>,
}

/// The journal thread's state.
pub(super) struct Writer {
    pub file: File,
    pub path: PathBuf,
    /// Where the next frame goes: the length of the whole frames.
    pub end: u64,
    pub index: Index,
    pub policy: FsyncPolicy,
    pub tuning: Tuning,
    /// The journal's own queue, for a compaction to report to.
    pub jobs: Sender<Job>,
    buf: Vec<u8>,
    effects: Vec<Effect>,
    /// Written since the last flush.
    unsynced: bool,
    last_sync: Instant,
    /// Why the journal takes no more writes (a flush failed: what reached
    /// the disk is unknown, so nothing more is promised).
    broken: Option<String>,
    compaction: Option<Running>,
    /// No compaction starts before the file reaches this length (raised
    /// after one fails).
    compact_after: u64,
}

impl Writer {
    pub(super) fn new(
        file: File,
        path: PathBuf,
        end: u64,
        index: Index,
        policy: FsyncPolicy,
        tuning: Tuning,
        jobs: Sender<Job>,
    ) -> Writer {
        Writer {
            file,
            path,
            end,
            index,
            policy,
            tuning,
            jobs,
            buf: Vec::with_capacity(1 << 16),
            effects: Vec::new(),
            unsynced: false,
            last_sync: Instant::now(),
            broken: None,
            compaction: None,
            compact_after: 0,
        }
    }

    /// Takes jobs until told to stop: every write waiting is appended as
    /// one group, flushed as the policy says, then every waiter is told.
    pub(super) fn run(mut self, queue: &Receiver<Job>) {
        let mut stop = false;
        while !stop {
            let first = match self.policy {
                FsyncPolicy::EveryMs(ms) if self.unsynced => {
                    let left = Duration::from_millis(ms).saturating_sub(self.last_sync.elapsed());
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
                    Job::Compacted(copied) => self.finish_compaction(copied),
                    Job::Stop => stop = true,
                }
                next = if writes.len() < MAX_GROUP && !stop {
                    queue.try_recv().ok()
                } else {
                    None
                };
            }
            let forced = writes.iter().any(|(ops, _)| ops.is_empty());
            if !writes.is_empty() {
                let ops = writes.iter_mut().flat_map(|(ops, _)| ops.drain(..));
                let result = self.commit(ops, forced);
                for (_, done) in writes {
                    let _ = done.send(result.clone());
                }
            } else if self.due() {
                // The timer of `every-ms`.
                let _ = self.sync();
            }
            for (before_unix, done) in sweeps {
                let _ = done.send(self.sweep(before_unix));
            }
            self.maybe_compact();
        }
        if let Some(running) = self.compaction.take() {
            running.abort();
        }
        if self.unsynced {
            let _ = self.sync();
        }
    }

    /// Whether `every-ms`'s flush is due.
    fn due(&self) -> bool {
        matches!(self.policy, FsyncPolicy::EveryMs(ms)
            if self.unsynced && self.last_sync.elapsed() >= Duration::from_millis(ms))
    }

    /// Appends `ops` in one write and flushes as the policy says (or at
    /// once when `forced`). Either every op is kept or, as far as this
    /// process can tell, none.
    fn commit(&mut self, ops: impl Iterator<Item = Op>, forced: bool) -> Result<(), String> {
        if let Some(why) = &self.broken {
            return Err(why.clone());
        }
        self.buf.clear();
        self.effects.clear();
        for op in ops {
            let entry = Entry::from(op);
            let bytes = frame::push(&mut self.buf, |buf| {
                entry
                    .encode(buf)
                    .map_err(|error| format!("a journal entry could not be encoded: {error}"))
            })?;
            self.effects.push(Effect {
                kind: Kind::try_from(entry.kind).unwrap_or(Kind::Unknown),
                id: entry.id,
                bytes,
                finished: entry.finished,
            });
        }
        let start = self.end;
        if !self.buf.is_empty() {
            if let Err(error) = files::write_at(&self.file, &self.buf, start) {
                // Whatever part of the group reached the file goes, so
                // that the next group follows whole frames.
                if let Err(cut) = self.file.set_len(start) {
                    self.broken = Some(format!(
                        "the journal {} could not be cut back after a failed write ({cut}); \
                         restart the server",
                        self.path.display()
                    ));
                }
                return Err(format!(
                    "the journal {} could not be written: {error}",
                    self.path.display()
                ));
            }
            self.end += self.buf.len() as u64;
            self.unsynced = true;
        }
        let flush = forced || self.due() || self.policy == FsyncPolicy::Always;
        if flush && self.unsynced {
            if let Err(error) = self.sync() {
                // Not acknowledged: taken out of the file as far as can be.
                let _ = self.file.set_len(start);
                self.end = start;
                return Err(error);
            }
        }
        for effect in self.effects.drain(..) {
            self.index
                .apply(effect.kind, effect.id, effect.bytes, effect.finished);
        }
        Ok(())
    }

    /// Flushes the file's data to the disk. A failure is final: the
    /// operating system may have dropped the pages it could not write, so
    /// nothing later could be promised either.
    fn sync(&mut self) -> Result<(), String> {
        if let Some(why) = &self.broken {
            return Err(why.clone());
        }
        match self.file.sync_data() {
            Ok(()) => {
                self.unsynced = false;
                self.last_sync = Instant::now();
                Ok(())
            }
            Err(error) => {
                let why = format!(
                    "the journal {} could not be flushed to the disk ({error}); \
                     it takes no more writes: restart the server",
                    self.path.display()
                );
                tracing::error!(reason = %why, "the journal failed");
                self.broken = Some(why.clone());
                Err(why)
            }
        }
    }

    /// Deletes the games finished before `before_unix` (tombstones, in one
    /// write) and answers their ids.
    fn sweep(&mut self, before_unix: u64) -> Result<Vec<String>, String> {
        let gone = self.index.finished_before(before_unix);
        if !gone.is_empty() {
            let ops = gone.iter().map(|id| Op::Delete { id: id.clone() });
            self.commit(ops, false)?;
        }
        Ok(gone)
    }

    /// Starts a compaction when dead bytes are most of a large enough file.
    fn maybe_compact(&mut self) {
        let tuning = self.tuning;
        if self.compaction.is_some()
            || self.broken.is_some()
            || self.end < tuning.compact_min_bytes.max(self.compact_after)
            || self.index.dead_bytes(self.end).saturating_mul(100)
                < self.end.saturating_mul(tuning.compact_dead_percent)
        {
            return;
        }
        match compact::start(&self.path, self.end, self.index.ids(), self.jobs.clone()) {
            Ok(running) => self.compaction = Some(running),
            Err(error) => {
                tracing::error!(%error, "the journal's compaction could not start");
                self.compact_after = self.end + tuning.compact_min_bytes.max(1 << 20);
            }
        }
    }

    /// Puts a compaction's file in place of the journal: the frames written
    /// since it began are copied after the live ones, the copy is flushed
    /// and renamed over the journal (an atomic swap: a crash leaves one
    /// file or the other, both whole), and the directory is flushed.
    fn finish_compaction(&mut self, copied: Result<Copied, String>) {
        let Some(running) = self.compaction.take() else {
            return;
        };
        let upto = running.upto();
        let from = self.end;
        let outcome = copied.and_then(|copied| {
            let tail = self.end - upto;
            let moved = files::copy_range(&self.file, upto, self.end, &copied.file, copied.len)
                .and_then(|()| copied.file.sync_all())
                .and_then(|()| std::fs::rename(&copied.path, &self.path));
            moved
                .map_err(|error| format!("the compacted journal could not replace it: {error}"))?;
            self.file = copied.file;
            self.end = copied.len + tail;
            self.unsynced = false;
            self.last_sync = Instant::now();
            files::sync_dir(running.dir()).map_err(|error| {
                let why = format!(
                    "the journal's directory could not be flushed after a compaction \
                     ({error}); it takes no more writes: restart the server"
                );
                self.broken = Some(why.clone());
                why
            })
        });
        match outcome {
            Ok(()) => tracing::info!(
                from_bytes = from,
                to_bytes = self.end,
                live_games = self.index.len(),
                ms = running.elapsed().as_millis() as u64,
                "journal compacted"
            ),
            Err(error) => {
                running.discard();
                tracing::error!(%error, "the journal's compaction failed; it goes on uncompacted");
                self.compact_after = self.end + self.tuning.compact_min_bytes.max(1 << 20);
            }
        }
    }
}
