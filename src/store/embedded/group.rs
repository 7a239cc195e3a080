//! Group commit without a thread in between, for `--fsync always`: a
//! writer appends its ops itself, then waits until a flush covers them.
//! When no flush is under way, it flushes itself (it leads), covering
//! every append so far; otherwise it waits for the flush under way (it
//! follows) and, if that one began before its append, leads or follows the
//! next. Writers that append while a flush runs share the next one: the
//! slower the disk, the larger the groups.
//!
//! Why not a journal thread that takes every write, as before: handing a
//! write to another thread and back costs two wake-ups and a wait for a
//! core on a busy machine, per write; here the leader is already running
//! and only followers are woken, once each.
use std::{
    sync::{Condvar, Mutex, MutexGuard},
    time::Instant,
};

use super::writer::Writer;

/// The log's end and the signal of finished flushes.
pub(super) struct Shared {
    pub writer: Mutex<Writer>,
    /// Told after every flush, and when the store closes.
    pub flushed: Condvar,
}

impl Shared {
    /// The writer, whoever held it last (a panic while holding it leaves it
    /// as consistent as any failed write does).
    pub(super) fn lock(&self) -> MutexGuard<'_, Writer> {
        self.writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Returns once the appends up to `appended` are flushed (by this
    /// writer or another), or why they will not be.
    pub(super) fn flush_upto(&self, appended: u64) -> Result<(), String> {
        let mut writer = self.lock();
        loop {
            if writer.is_flushed(appended)? {
                return Ok(());
            }
            if writer.flushing {
                writer = self
                    .flushed
                    .wait(writer)
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                continue;
            }
            writer.flushing = true;
            let to_flush = writer.to_flush();
            drop(writer);
            let started = Instant::now();
            let outcome = to_flush.file.sync_data();
            writer = self.lock();
            writer.flushing = false;
            let flushed = writer.flushed(&to_flush, outcome, started.elapsed());
            self.flushed.notify_all();
            flushed?;
        }
    }

    /// Flushes every append so far.
    pub(super) fn flush_all(&self) -> Result<(), String> {
        let appended = self.lock().appended();
        self.flush_upto(appended)
    }
}
