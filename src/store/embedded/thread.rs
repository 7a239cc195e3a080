//! The journal thread: what no writer does itself. Under `every-ms` it
//! flushes on the timer (writers append without waiting: the bytes are in
//! the operating system before the answer, so a crash of the server loses
//! nothing); under every policy it runs retention sweeps, puts finished
//! compactions in place, and flushes at close.
use std::{
    sync::{
        Arc,
        mpsc::{Receiver, RecvTimeoutError, SyncSender},
    },
    time::Duration,
};

use super::{super::FsyncPolicy, compact::Copied, group::Shared};

/// What the journal thread is asked.
pub(super) enum Job {
    /// Under `every-ms`: a writer appended after everything was flushed,
    /// so the timer runs again.
    Appended,
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

/// Takes jobs until told to stop (or every sender is gone).
pub(super) fn run(shared: Arc<Shared>, queue: &Receiver<Job>, policy: FsyncPolicy) {
    loop {
        let timer = match policy {
            FsyncPolicy::EveryMs(ms) => {
                let writer = shared.lock();
                writer
                    .unflushed()
                    .then(|| Duration::from_millis(ms).saturating_sub(writer.last_flush.elapsed()))
            }
            _ => None,
        };
        let job = match timer {
            Some(left) => match queue.recv_timeout(left) {
                Ok(job) => Some(job),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => break,
            },
            None => match queue.recv() {
                Ok(job) => Some(job),
                Err(_) => break,
            },
        };
        match job {
            // The timer of `every-ms`; a failure is logged where it
            // happens, and the next writes answer it.
            None => {
                let _ = shared.flush_all();
            }
            Some(Job::Appended) => {}
            Some(Job::Sweep { before_unix, done }) => {
                let _ = done.send(shared.lock().sweep(before_unix));
            }
            Some(Job::Compacted(copied)) => {
                shared.lock().finish_compaction(copied);
                shared.flushed.notify_all();
            }
            Some(Job::Stop) => break,
        }
    }
    let _ = shared.flush_all();
    let mut writer = shared.lock();
    writer.close();
    shared.flushed.notify_all();
    let stats = &writer.stats;
    tracing::info!(
        writes = stats.writes,
        flushes = stats.flushes,
        flush_ms = stats.flushing.as_millis() as u64,
        bytes = stats.bytes,
        "journal closed"
    );
}
