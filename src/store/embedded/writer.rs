//! The end of the log, where every write goes: frames each op and appends
//! them with one `write` at the end of the file, keeps the index of live
//! games, and knows what is flushed. It is shared behind a lock by the
//! writers themselves (`Embedded::write`; under `--fsync always` they then
//! wait for a flush, `group.rs`) and by the journal thread (timed flushes,
//! sweeps, compactions: `thread.rs`). Appending costs a copy and a system
//! call, where a B-tree store (redb, before) rewrote pages for every
//! commit.
//!
//! Zeros are written ahead of the frames a megabyte at a time, in the same
//! `write` as the frames that need them: an append then overwrites blocks
//! the file already has, so a flush writes the data alone, not the file's
//! size and new blocks as well (`frame.rs` reads the zeros as the end).
//!
//! Deletes and retention sweeps append tombstones; when the bytes of dead
//! games are most of the file, a compaction (`compact.rs`) rewrites it.
use std::{
    fs::File,
    path::PathBuf,
    sync::{Arc, mpsc::Sender},
    time::{Duration, Instant},
};

use prost::Message;

use super::{
    super::journal::Op,
    compact::{self, Copied, Running},
    entry::{Entry, Kind},
    files, frame,
    index::Index,
    thread::Job,
};

/// When the journal writes ahead, groups and compacts.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tuning {
    /// No compaction below this file length.
    pub compact_min_bytes: u64,
    /// A compaction starts when dead bytes are at least this share of the
    /// file, in percent.
    pub compact_dead_percent: u64,
    /// Zeros are written ahead of the frames this many bytes at a time (0:
    /// none).
    pub write_ahead_bytes: u64,
}

impl Default for Tuning {
    /// Compacts a file of 64 MiB or more once half of it is dead: every
    /// byte is then copied at most about once more on average, and the
    /// file stays within about twice the live games' size. Writes a
    /// megabyte of zeros ahead (one extra flush of the file's size per
    /// megabyte of frames).
    fn default() -> Self {
        Tuning {
            compact_min_bytes: 64 << 20,
            compact_dead_percent: 50,
            write_ahead_bytes: 1 << 20,
        }
    }
}

/// Counts of the writer's work, logged when the store closes.
#[derive(Debug, Default)]
pub(super) struct Stats {
    /// Writes appended.
    pub writes: u64,
    pub flushes: u64,
    pub flushing: Duration,
    pub bytes: u64,
}

/// What a framed op does to the index once its group is written.
struct Effect {
    kind: Kind,
    id: String,
    bytes: u64,
    finished: Option<u64>,
}

/// What a flush works on, taken under the lock and used outside it.
pub(super) struct ToFlush {
    /// Another handle on the journal file.
    pub file: Arc<File>,
    /// The appends it covers.
    pub appended: u64,
    /// Where the frames it covers end.
    end: u64,
    /// The file it flushes (a compaction replaces the file).
    generation: u64,
}

/// The log's end and what is known of the file.
pub(super) struct Writer {
    file: Arc<File>,
    /// Which file: one more after each compaction.
    generation: u64,
    path: PathBuf,
    /// Where the next frame goes: the length of the whole frames.
    end: u64,
    /// The file's length: zeros from `end` on.
    allocated: u64,
    index: Index,
    tuning: Tuning,
    /// The journal thread's queue, for a compaction to report to.
    jobs: Sender<Job>,
    buf: Vec<u8>,
    effects: Vec<Effect>,
    /// Appends so far.
    appended: u64,
    /// The value of `appended` that the last flush covered.
    flushed: u64,
    /// Where the frames that the last flush covered end.
    flushed_end: u64,
    /// A writer is flushing, outside the lock (`group.rs`).
    pub flushing: bool,
    /// Under `always` nothing appended is answered before it is flushed,
    /// so a failed flush may cut off everything after the last good one.
    cut_on_failure: bool,
    pub last_flush: Instant,
    pub stats: Stats,
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
        (end, allocated): (u64, u64),
        index: Index,
        (tuning, cut_on_failure): (Tuning, bool),
        jobs: Sender<Job>,
    ) -> Writer {
        Writer {
            file: Arc::new(file),
            generation: 0,
            path,
            end,
            allocated,
            index,
            tuning,
            jobs,
            buf: Vec::with_capacity(1 << 16),
            effects: Vec::new(),
            appended: 0,
            flushed: 0,
            flushed_end: end,
            flushing: false,
            cut_on_failure,
            last_flush: Instant::now(),
            stats: Stats::default(),
            broken: None,
            compaction: None,
            compact_after: 0,
        }
    }

    /// Takes no more writes: the store is closing.
    pub(super) fn close(&mut self) {
        self.abort_compaction();
        self.broken = Some("the journal is closed (the server is stopping)".to_owned());
    }

    /// Whether something appended is not flushed yet.
    pub(super) fn unflushed(&self) -> bool {
        self.appended > self.flushed
    }

    /// Appends so far.
    pub(super) fn appended(&self) -> u64 {
        self.appended
    }

    /// Whether the appends up to `appended` are flushed, or why they never
    /// will be.
    pub(super) fn is_flushed(&self, appended: u64) -> Result<bool, String> {
        if self.flushed >= appended {
            return Ok(true);
        }
        match &self.broken {
            Some(why) => Err(why.clone()),
            None => Ok(false),
        }
    }

    /// Appends `ops` in one write and answers its number (to wait for its
    /// flush with). Either every op is appended or, as far as this process
    /// can tell, none.
    pub(super) fn append(&mut self, ops: impl Iterator<Item = Op>) -> Result<u64, String> {
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
            let frames = self.buf.len() as u64;
            let need = start + frames;
            let ahead = self.tuning.write_ahead_bytes;
            let mut allocated = self.allocated.max(need);
            if ahead > 0 && need > self.allocated {
                // Zeros ahead, in the same write.
                allocated = need.div_ceil(ahead) * ahead;
                self.buf.resize((allocated - start) as usize, 0);
            }
            let written = files::write_at(&self.file, &self.buf, start);
            self.buf.truncate(frames as usize);
            if let Err(error) = written {
                // Whatever part of the group reached the file goes, so
                // that the next group follows whole frames.
                self.allocated = start;
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
            self.end = need;
            self.allocated = allocated;
            self.appended += 1;
            self.stats.writes += 1;
            self.stats.bytes += frames;
        }
        for effect in self.effects.drain(..) {
            self.index
                .apply(effect.kind, effect.id, effect.bytes, effect.finished);
        }
        self.maybe_compact();
        Ok(self.appended)
    }

    /// Flushes every append so far, holding the lock (the journal thread,
    /// for a sweep or at close).
    pub(super) fn flush(&mut self) -> Result<(), String> {
        let to_flush = self.to_flush();
        let started = Instant::now();
        let outcome = to_flush.file.sync_data();
        self.flushed(&to_flush, outcome, started.elapsed())
    }

    /// What a flush of every append so far works on.
    pub(super) fn to_flush(&self) -> ToFlush {
        ToFlush {
            file: self.file.clone(),
            appended: self.appended,
            end: self.end,
            generation: self.generation,
        }
    }

    /// Records the outcome of a flush. A failure is final: the operating
    /// system may have dropped the pages it could not write, so nothing
    /// later could be promised either. Under `always` nothing after the
    /// last good flush was answered, so it is cut off as far as can be.
    pub(super) fn flushed(
        &mut self,
        flush: &ToFlush,
        outcome: std::io::Result<()>,
        took: Duration,
    ) -> Result<(), String> {
        match outcome {
            Ok(()) => {
                self.flushed = self.flushed.max(flush.appended);
                if flush.generation == self.generation {
                    self.flushed_end = self.flushed_end.max(flush.end);
                }
                self.last_flush = Instant::now();
                self.stats.flushes += 1;
                self.stats.flushing += took;
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
                if self.cut_on_failure && self.file.set_len(self.flushed_end).is_ok() {
                    self.end = self.flushed_end;
                    self.allocated = self.flushed_end;
                }
                Err(why)
            }
        }
    }

    /// Deletes the games finished before `before_unix` (tombstones, in one
    /// write, flushed under `always`) and answers their ids.
    pub(super) fn sweep(&mut self, before_unix: u64) -> Result<Vec<String>, String> {
        let gone = self.index.finished_before(before_unix);
        if !gone.is_empty() {
            let ops = gone.iter().map(|id| Op::Delete { id: id.clone() });
            self.append(ops)?;
            if self.cut_on_failure {
                self.flush()?;
            }
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
    pub(super) fn finish_compaction(&mut self, copied: Result<Copied, String>) {
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
            self.file = Arc::new(copied.file);
            self.generation += 1;
            self.end = copied.len + tail;
            self.allocated = self.end;
            self.flushed = self.appended;
            self.flushed_end = self.end;
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

    /// Stops a compaction under way (the store is closing).
    fn abort_compaction(&mut self) {
        if let Some(running) = self.compaction.take() {
            running.abort();
        }
    }
}
