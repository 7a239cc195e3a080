//! Compaction: the log only grows (a deleted game leaves its frames and a
//! tombstone), so once dead bytes are most of it, its live frames are
//! copied into a new file, which then replaces it. The copy runs on its own
//! thread, reading the file up to where it ended when the compaction began
//! while the journal thread goes on appending; the journal thread then
//! copies what it appended meanwhile, flushes the new file and renames it
//! over the old one (`writer.rs`). Frames are copied as they are, in their
//! order, so the new file replays to exactly the games the old one did:
//! a game deleted during the copy has its tombstone in the appended part.
use std::{
    collections::HashSet,
    fs::File,
    io::{BufReader, BufWriter, Read, Write},
    path::{Path, PathBuf},
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
        mpsc::Sender,
    },
    thread::JoinHandle,
    time::{Duration, Instant},
};

use prost::Message;

use super::{
    FILE_NAME,
    entry::Head,
    files,
    frame::{self, FRAME_HEAD, Frames, HEADER_LEN, Next},
    thread::Job,
};

/// Where a compaction writes its file before it replaces the journal (a
/// leftover of a crash is removed at start).
pub(super) fn temp_path(dir: &Path) -> PathBuf {
    dir.join(format!("{FILE_NAME}.compacting"))
}

/// A compaction's file, flushed: the live frames of the journal's first
/// `upto` bytes.
pub(super) struct Copied {
    pub file: File,
    pub path: PathBuf,
    pub len: u64,
}

/// A compaction under way.
pub(super) struct Running {
    upto: u64,
    dir: PathBuf,
    abort: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    started: Instant,
}

impl Running {
    /// Where the journal ended when the compaction began.
    pub(super) fn upto(&self) -> u64 {
        self.upto
    }

    /// The data directory.
    pub(super) fn dir(&self) -> &Path {
        &self.dir
    }

    /// Since it began.
    pub(super) fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Stops the copy (the store is closing) and removes its file.
    pub(super) fn abort(mut self) {
        self.abort.store(true, Ordering::Relaxed);
        self.discard_file();
    }

    /// Removes the file of a compaction that failed.
    pub(super) fn discard(mut self) {
        self.discard_file();
    }

    fn discard_file(&mut self) {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        let _ = std::fs::remove_file(temp_path(&self.dir));
    }
}

/// Starts copying the live games' frames of the journal at `path`, up to
/// `upto`, on a thread that reports to the journal thread.
pub(super) fn start(
    path: &Path,
    upto: u64,
    live: HashSet<String>,
    report: Sender<Job>,
) -> Result<Running, String> {
    let dir = path.parent().unwrap_or(Path::new(".")).to_owned();
    let abort = Arc::new(AtomicBool::new(false));
    let thread = {
        let (path, temp, abort) = (path.to_owned(), temp_path(&dir), abort.clone());
        std::thread::Builder::new()
            .name("melange-compact".to_owned())
            .spawn(move || {
                let copied = copy_live(&path, &temp, upto, &live, &abort);
                let _ = report.send(Job::Compacted(copied));
            })
            .map_err(|error| format!("cannot start the compaction thread: {error}"))?
    };
    tracing::info!(bytes = upto, "journal compaction started");
    Ok(Running {
        upto,
        dir,
        abort,
        thread: Some(thread),
        started: Instant::now(),
    })
}

/// Copies every frame of a game in `live` among the first `upto` bytes of
/// the journal at `path` into a new file at `temp`, and flushes it.
fn copy_live(
    path: &Path,
    temp: &Path,
    upto: u64,
    live: &HashSet<String>,
    abort: &AtomicBool,
) -> Result<Copied, String> {
    let failed = |error: std::io::Error| {
        format!(
            "the journal {} could not be compacted into {}: {error}",
            path.display(),
            temp.display()
        )
    };
    let mut reader = BufReader::with_capacity(1 << 20, File::open(path).map_err(failed)?);
    let mut header = [0u8; HEADER_LEN as usize];
    reader.read_exact(&mut header).map_err(failed)?;
    frame::check_header(&header)?;
    let file = files::create_private(temp).map_err(failed)?;
    let mut out = BufWriter::with_capacity(1 << 20, &file);
    out.write_all(&frame::header()).map_err(failed)?;
    let mut len = HEADER_LEN;
    let mut frames = Frames::new(reader, HEADER_LEN, upto);
    loop {
        if abort.load(Ordering::Relaxed) {
            return Err("the compaction was stopped (the store is closing)".to_owned());
        }
        let keep = match frames.next().map_err(failed)? {
            Next::Frame(payload) => {
                let head = Head::decode(payload)
                    .map_err(|error| format!("a journal entry does not decode: {error}"))?;
                live.contains(&head.id)
            }
            Next::End => break,
            // The journal thread only appends whole frames after those it
            // read at start: a bad one here is damage since.
            Next::Bad(why) => return Err(why),
        };
        if keep {
            let (head, payload) = frames.raw();
            out.write_all(head).map_err(failed)?;
            out.write_all(payload).map_err(failed)?;
            len += (FRAME_HEAD + payload.len()) as u64;
        }
    }
    out.flush().map_err(failed)?;
    drop(out);
    file.sync_all().map_err(failed)?;
    Ok(Copied {
        file,
        path: temp.to_owned(),
        len,
    })
}
