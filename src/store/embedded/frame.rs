//! The log file's framing. The file starts with a header that names the
//! format, then holds frames end to end, each
//! `length (u32, little-endian) | checksum (8 bytes) | payload`, the
//! checksum being the first eight bytes of the SHA-256 of the length and
//! the payload. A frame is whole or it is not: a write torn by a crash
//! leaves a frame that runs past the end of the file or whose checksum does
//! not match, and reading stops there (the store cuts the file at the last
//! whole frame). The payload is an [`super::entry::Entry`].
//!
//! The file may go on past its last frame with zeros: space written ahead
//! (`writer.rs`), so that appending overwrites blocks the file already has
//! and a flush need not write the file's size too. A zero head is never a
//! frame's (the checksum of an empty payload is not zero), so it marks the
//! end of the frames.
use std::io::{self, Read};

use sha2::{Digest, Sha256};

/// The first bytes of every journal file.
const MAGIC: &[u8; 16] = b"melange journal\n";
/// The version of the framing and of the entries this build writes; a file
/// of a later version is refused rather than misread.
const VERSION: u32 = 1;
/// Bytes of the header: the magic, the version, four reserved zero bytes.
pub(super) const HEADER_LEN: u64 = 24;
/// Bytes before each frame's payload: its length and its checksum.
pub(super) const FRAME_HEAD: usize = 12;
/// The longest payload written or read (a damaged length is not believed
/// beyond it, nor beyond the end of the file). A whole game, the largest
/// entry, is a few megabytes at most.
pub(super) const MAX_PAYLOAD: usize = 1 << 30;

/// The header of a new file.
pub(super) fn header() -> [u8; HEADER_LEN as usize] {
    let mut header = [0u8; HEADER_LEN as usize];
    header[..16].copy_from_slice(MAGIC);
    header[16..20].copy_from_slice(&VERSION.to_le_bytes());
    header
}

/// Whether `bytes` (the file's first bytes) is this format's header, or
/// why not.
pub(super) fn check_header(bytes: &[u8]) -> Result<(), String> {
    if bytes.len() < HEADER_LEN as usize || &bytes[..16] != MAGIC {
        return Err("it is not a melange journal (its first bytes differ)".to_owned());
    }
    let version = u32::from_le_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]);
    if version > VERSION {
        return Err(format!(
            "it was written in format {version}, newer than this build's {VERSION}"
        ));
    }
    Ok(())
}

fn checksum(length: [u8; 4], payload: &[u8]) -> [u8; 8] {
    let digest = Sha256::new()
        .chain_update(length)
        .chain_update(payload)
        .finalize();
    let mut sum = [0u8; 8];
    sum.copy_from_slice(&digest[..8]);
    sum
}

/// Appends one frame to `buf`, its payload written by `encode`, and
/// returns the frame's length (head included), or why it cannot be.
pub(super) fn push(
    buf: &mut Vec<u8>,
    encode: impl FnOnce(&mut Vec<u8>) -> Result<(), String>,
) -> Result<u64, String> {
    let start = buf.len();
    buf.extend_from_slice(&[0u8; FRAME_HEAD]);
    if let Err(why) = encode(buf) {
        buf.truncate(start);
        return Err(why);
    }
    let payload = buf.len() - start - FRAME_HEAD;
    if payload > MAX_PAYLOAD {
        buf.truncate(start);
        return Err(format!(
            "a journal entry of {payload} bytes is longer than the {MAX_PAYLOAD} a frame holds"
        ));
    }
    let length = (payload as u32).to_le_bytes();
    let sum = checksum(length, &buf[start + FRAME_HEAD..]);
    buf[start..start + 4].copy_from_slice(&length);
    buf[start + 4..start + FRAME_HEAD].copy_from_slice(&sum);
    Ok((FRAME_HEAD + payload) as u64)
}

/// What reading the next frame found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Next<'a> {
    /// A whole frame: its payload.
    Frame(&'a [u8]),
    /// The end of the file, right after a whole frame.
    End,
    /// A torn or damaged frame (why): nothing from here on is believed.
    Bad(String),
}

/// Reads frames one after another from a reader positioned after the
/// header, up to `end` (the file's length, or where a compaction stops).
pub(super) struct Frames<R> {
    reader: R,
    /// Where the next frame starts.
    offset: u64,
    end: u64,
    head: [u8; FRAME_HEAD],
    payload: Vec<u8>,
}

impl<R: Read> Frames<R> {
    pub(super) fn new(reader: R, offset: u64, end: u64) -> Self {
        Frames {
            reader,
            offset,
            end,
            head: [0; FRAME_HEAD],
            payload: Vec::new(),
        }
    }

    /// Where the next frame starts: after a [`Next::Bad`], the end of the
    /// last whole frame.
    pub(super) fn offset(&self) -> u64 {
        self.offset
    }

    /// The whole last frame read, head and payload, as it is in the file.
    pub(super) fn raw(&self) -> (&[u8], &[u8]) {
        (&self.head, &self.payload)
    }

    /// The next frame, or the end (of the file, or of the frames before
    /// zeros written ahead), or why the frame there is not whole.
    pub(super) fn next(&mut self) -> io::Result<Next<'_>> {
        let left = self.end.saturating_sub(self.offset);
        if left == 0 {
            return Ok(Next::End);
        }
        let head = (left as usize).min(FRAME_HEAD);
        self.head = [0; FRAME_HEAD];
        self.reader.read_exact(&mut self.head[..head])?;
        if self.head == [0; FRAME_HEAD] {
            return Ok(Next::End);
        }
        if head < FRAME_HEAD {
            return Ok(Next::Bad(format!(
                "a frame at byte {} is torn: {left} bytes of its head are written",
                self.offset
            )));
        }
        let length = [self.head[0], self.head[1], self.head[2], self.head[3]];
        let payload = u32::from_le_bytes(length) as usize;
        let room = left - FRAME_HEAD as u64;
        if payload > MAX_PAYLOAD || payload as u64 > room {
            return Ok(Next::Bad(format!(
                "a frame at byte {} is torn or damaged: it claims {payload} bytes, \
                 {room} follow",
                self.offset
            )));
        }
        self.payload.resize(payload, 0);
        self.reader.read_exact(&mut self.payload)?;
        if checksum(length, &self.payload)[..] != self.head[4..] {
            return Ok(Next::Bad(format!(
                "a frame at byte {} is damaged: its checksum does not match",
                self.offset
            )));
        }
        self.offset += (FRAME_HEAD + payload) as u64;
        Ok(Next::Frame(&self.payload))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frames(payloads: &[&[u8]]) -> Vec<u8> {
        let mut buf = Vec::new();
        for payload in payloads {
            push(&mut buf, |buf| {
                buf.extend_from_slice(payload);
                Ok(())
            })
            .unwrap();
        }
        buf
    }

    fn read_all(bytes: &[u8]) -> (Vec<Vec<u8>>, Option<String>, u64) {
        let mut frames = Frames::new(bytes, 0, bytes.len() as u64);
        let mut read = Vec::new();
        loop {
            match frames.next().unwrap() {
                Next::Frame(payload) => read.push(payload.to_vec()),
                Next::End => return (read, None, frames.offset()),
                Next::Bad(why) => return (read, Some(why), frames.offset()),
            }
        }
    }

    #[test]
    fn frames_read_back_and_a_torn_or_damaged_one_stops_the_reading() {
        let bytes = frames(&[b"one", b"", b"three"]);
        let (read, bad, end) = read_all(&bytes);
        assert_eq!(read, [b"one".to_vec(), Vec::new(), b"three".to_vec()]);
        assert_eq!((bad, end), (None, bytes.len() as u64));
        // Torn anywhere in the last frame: the first two are kept.
        let second_end = (2 * FRAME_HEAD + 3) as u64;
        for cut in second_end as usize + 1..bytes.len() {
            let (read, bad, end) = read_all(&bytes[..cut]);
            assert_eq!(read.len(), 2, "cut at {cut}");
            assert!(bad.unwrap().contains("torn"), "cut at {cut}");
            assert_eq!(end, second_end);
        }
        // Any flipped bit in the second frame: the first is kept.
        for index in FRAME_HEAD + 3..second_end as usize {
            let mut damaged = bytes.clone();
            damaged[index] ^= 0x10;
            let (read, bad, end) = read_all(&damaged);
            assert_eq!(read, [b"one".to_vec()], "byte {index}");
            assert!(bad.is_some(), "byte {index}");
            assert_eq!(end, (FRAME_HEAD + 3) as u64);
        }
    }

    #[test]
    fn zeros_after_the_last_frame_are_its_end() {
        let mut bytes = frames(&[b"one", b"two"]);
        let whole = bytes.len() as u64;
        for zeros in [1, 5, FRAME_HEAD, 4096] {
            bytes.resize(whole as usize + zeros, 0);
            let (read, bad, end) = read_all(&bytes);
            assert_eq!((read.len(), bad, end), (2, None, whole), "{zeros} zeros");
        }
        // A head torn short of its length, then zeros: torn, not the end.
        bytes[whole as usize] = 7;
        let (read, bad, end) = read_all(&bytes);
        assert_eq!((read.len(), end), (2, whole));
        assert!(bad.is_some());
    }

    #[test]
    fn the_header_names_the_format() {
        assert_eq!(check_header(&header()), Ok(()));
        assert!(check_header(b"SQLite format 3\0 and more bytes").is_err());
        let mut newer = header();
        newer[16] = 2;
        assert!(check_header(&newer).unwrap_err().contains("newer"));
    }
}
