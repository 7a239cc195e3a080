//! Reading the log back when the store opens: its header, then every frame
//! in order, applied to the replay. Reading stops at the first torn or
//! damaged frame (a write a crash cut short, or bytes the disk lost): the
//! file is cut there, so that later frames follow whole ones, and the bytes
//! cut off are kept aside in `<journal>.cut` for whoever wants to look.
use std::{
    fs::File,
    io::{BufReader, Read},
    path::Path,
};

use prost::Message;

use super::{
    FILE_NAME,
    entry::{Entry, Replay},
    files,
    frame::{self, FRAME_HEAD, Frames, HEADER_LEN, Next},
};

/// The opened log and what it holds.
pub(super) struct Log {
    /// Open for reading and writing; frames are appended at `end`.
    pub file: File,
    /// The length of the whole frames.
    pub end: u64,
    /// The file's length: zeros from `end` on.
    pub len: u64,
    /// Every game's bytes.
    pub replay: Replay,
}

/// Where the bytes cut off a log's end are kept.
pub(super) fn cut_path(dir: &Path) -> std::path::PathBuf {
    dir.join(format!("{FILE_NAME}.cut"))
}

/// Opens the log at `path` (creating it with its header when missing) and
/// reads every game back.
pub(super) fn open(path: &Path) -> Result<Log, String> {
    let failed =
        |error: std::io::Error| format!("cannot read the journal {}: {error}", path.display());
    let dir = path.parent().unwrap_or(Path::new("."));
    let file = files::open_private(path)?;
    let len = file.metadata().map_err(failed)?.len();
    if len < HEADER_LEN {
        // New, or made by a start that stopped before its header was
        // written whole.
        let mut first = Vec::new();
        (&file).read_to_end(&mut first).map_err(failed)?;
        if first[..] != frame::header()[..first.len()] {
            return Err(format!(
                "cannot read the journal {}: it is not a melange journal",
                path.display()
            ));
        }
        write_header(&file).map_err(failed)?;
        files::sync_dir(dir).map_err(failed)?;
        return Ok(Log {
            file,
            end: HEADER_LEN,
            len: HEADER_LEN,
            replay: Replay::default(),
        });
    }
    let mut reader = BufReader::with_capacity(1 << 20, &file);
    let mut header = [0u8; HEADER_LEN as usize];
    reader.read_exact(&mut header).map_err(failed)?;
    frame::check_header(&header)
        .map_err(|why| format!("cannot read the journal {}: {why}", path.display()))?;
    let mut frames = Frames::new(reader, HEADER_LEN, len);
    let mut replay = Replay::default();
    let bad = loop {
        match frames.next().map_err(failed)? {
            Next::Frame(payload) => {
                let bytes = (FRAME_HEAD + payload.len()) as u64;
                // A whole frame that does not decode was written by a later
                // build: refused, never cut.
                let entry = Entry::decode(payload).map_err(|error| {
                    format!(
                        "cannot read the journal {}: an entry does not decode ({error}); \
                         was it written by a later melange?",
                        path.display()
                    )
                })?;
                replay
                    .apply(entry, bytes)
                    .map_err(|why| format!("cannot read the journal {}: {why}", path.display()))?;
            }
            Next::End => break None,
            Next::Bad(why) => break Some(why),
        }
    };
    let end = frames.offset();
    // Zeros written ahead may follow the frames; anything else is cut, so
    // that no stale frame can ever follow the ones appended from here.
    let bad = match bad {
        None if end < len && files::last_nonzero_end(&file, end, len).map_err(failed)? > end => {
            Some(format!(
                "the frames end at byte {end} (a zero head), and bytes that are \
                 not zeros follow"
            ))
        }
        bad => bad,
    };
    let len = match bad {
        Some(why) => {
            cut(&file, dir, end, len, &why).map_err(failed)?;
            end
        }
        None => len,
    };
    Ok(Log {
        file,
        end,
        len,
        replay,
    })
}

fn write_header(file: &File) -> std::io::Result<()> {
    file.set_len(0)?;
    files::write_at(file, &frame::header(), 0)?;
    file.sync_all()
}

/// Cuts the log at `end`, after keeping the bytes cut off (but the zeros
/// written ahead at their end).
fn cut(file: &File, dir: &Path, end: u64, len: u64, why: &str) -> std::io::Result<()> {
    let kept = cut_path(dir);
    let aside = files::create_private(&kept)?;
    let written = files::last_nonzero_end(file, end, len)?;
    files::copy_range(file, end, written, &aside, 0)?;
    aside.sync_all()?;
    file.set_len(end)?;
    file.sync_all()?;
    files::sync_dir(dir)?;
    tracing::warn!(
        reason = why,
        at = end,
        bytes = written - end,
        kept = %kept.display(),
        "the journal ends in a torn or damaged frame; it is cut there \
         (the writes of a crash that were not acknowledged, or damage)"
    );
    Ok(())
}
