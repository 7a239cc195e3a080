//! A bot's own notes (MC-NOTE-01): a few words a seat's bot attaches to a
//! decision ("expected value 0.62, 400 playouts"), kept with the action in
//! the journal and the replay so that its author can read why it played as
//! it did once the game is over. Nothing shows them while the game runs (no
//! view, event or stream carries them), so a note can tell the other seats
//! nothing; and they are bounded, so that notes cannot make a game's memory
//! grow beyond what its actions already take.
use super::MatchError;

/// The longest note, in bytes of UTF-8: room for a line of numbers or a
/// short sentence, not for a dump of the bot's state.
pub const MAX_NOTE_BYTES: usize = 256;

/// The most note bytes a game keeps: with [`MAX_NOTE_BYTES`] a note, a
/// thousand decisions' worth. Past it, actions are applied and their notes
/// not kept, so a chatty bot costs its game a bounded amount of memory.
pub const MAX_GAME_NOTE_BYTES: usize = 256 * 1024;

/// A note with the version of the action it is on.
pub type VersionNote = (u64, Box<str>);

/// Checks a client's note (MC-NOTE-01): `None` for an empty one, an
/// [`MatchError::InvalidArgument`] for one longer than [`MAX_NOTE_BYTES`]
/// (which quotes none of it).
pub fn checked_note(note: &str) -> Result<Option<Box<str>>, MatchError> {
    if note.len() > MAX_NOTE_BYTES {
        return Err(MatchError::InvalidArgument(format!(
            "note is {} bytes; at most {MAX_NOTE_BYTES} are kept (MC-NOTE-01)",
            note.len()
        )));
    }
    Ok((!note.is_empty()).then(|| note.into()))
}

/// A game's notes, in version order, within [`MAX_GAME_NOTE_BYTES`].
#[derive(Clone, Debug, Default)]
pub struct Notes {
    notes: Vec<(u64, Box<str>)>,
    bytes: usize,
}

impl Notes {
    /// Notes as a journal kept them (already checked when they were
    /// written).
    pub fn from_kept(notes: Vec<(u64, Box<str>)>) -> Notes {
        let bytes = notes.iter().map(|(_, note)| note.len()).sum();
        Notes { notes, bytes }
    }

    /// Keeps `note` for `version` if the game's notes have room; says
    /// whether it did.
    pub fn keep(&mut self, version: u64, note: Box<str>) -> bool {
        if self.bytes + note.len() > MAX_GAME_NOTE_BYTES {
            return false;
        }
        self.bytes += note.len();
        self.notes.push((version, note));
        true
    }

    /// Forgets the notes of versions after `version` (a game rolled back).
    pub fn truncate_after(&mut self, version: u64) {
        self.notes.retain(|(at, _)| *at <= version);
        self.bytes = self.notes.iter().map(|(_, note)| note.len()).sum();
    }

    /// Every note, in version order.
    pub fn all(&self) -> &[(u64, Box<str>)] {
        &self.notes
    }

    /// The notes from `version` on.
    pub fn from_version(&self, version: u64) -> &[(u64, Box<str>)] {
        &self.notes[self.notes.partition_point(|(at, _)| *at < version)..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_is_at_most_256_bytes_and_a_game_keeps_at_most_256_kib() {
        // MC-NOTE-01
        assert_eq!(checked_note("").unwrap(), None);
        assert_eq!(checked_note(&"é".repeat(128)).unwrap().unwrap().len(), 256);
        let refused = checked_note(&"x".repeat(257)).unwrap_err().to_string();
        assert!(
            refused.contains("MC-NOTE-01") && !refused.contains("xxx"),
            "{refused}"
        );
        let mut notes = Notes::default();
        let full: Box<str> = "n".repeat(MAX_NOTE_BYTES).into();
        for version in 1..=1_024 {
            assert!(notes.keep(version, full.clone()));
        }
        assert!(
            !notes.keep(1_025, "one more".into()),
            "the game's notes are full"
        );
        notes.truncate_after(1_000);
        assert_eq!(notes.from_version(1_000).len(), 1);
        assert!(notes.keep(1_001, "room again".into()));
    }
}
