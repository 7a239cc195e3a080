//! What one frame says: one [`Op`] of the journal as a protobuf message (so
//! that a field can be added without a new file format), carrying the
//! record format's sealed bytes unchanged; and the replay that turns the
//! entries of a file back into every game's stored bytes.
use std::collections::{BTreeMap, HashMap};

use super::super::journal::Op;

/// What an entry does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, prost::Enumeration)]
#[repr(i32)]
pub(super) enum Kind {
    /// Never written: an entry that says nothing.
    Unknown = 0,
    /// A new game: `game`, and `actions` from version 1.
    Create = 1,
    /// More actions of a game, the first of them version `version`.
    Append = 2,
    /// The game is gone (a tombstone).
    Delete = 3,
    /// Every action after version `version` is gone (a damaged tail cut).
    Truncate = 4,
    /// `actions[0]` replaces the record of version `version` (tests damage
    /// the journal with it).
    Raw = 5,
    /// `clock` replaces the game's clocks kept before (MC-CLOCK-02).
    Clock = 6,
}

/// One journal write, in a frame.
#[derive(Clone, PartialEq, prost::Message)]
pub(super) struct Entry {
    /// A [`Kind`].
    #[prost(enumeration = "Kind", tag = "1")]
    pub kind: i32,
    /// The game's id.
    #[prost(string, tag = "2")]
    pub id: String,
    /// Create: the sealed `GameRecord`.
    #[prost(bytes = "vec", tag = "3")]
    pub game: Vec<u8>,
    /// Append and Raw: the version of `actions[0]`; Truncate: the last
    /// version kept; Create: 1.
    #[prost(uint64, tag = "4")]
    pub version: u64,
    /// Sealed `ActionRecord`s, of consecutive versions.
    #[prost(bytes = "vec", repeated, tag = "5")]
    pub actions: Vec<Vec<u8>>,
    /// When the game finished (seconds since the Unix epoch), if these
    /// actions ended it.
    #[prost(uint64, optional, tag = "6")]
    pub finished: Option<u64>,
    /// Create: whether the game moves without calls.
    #[prost(bool, tag = "7")]
    pub self_driving: bool,
    /// Clock: the sealed `ClockRecord`; Create (moved from an earlier
    /// build's store): the clocks it kept, if any.
    #[prost(bytes = "vec", tag = "8")]
    pub clock: Vec<u8>,
}

/// The first fields of an [`Entry`], which decode without copying its
/// records (protobuf skips the fields a message does not name): what a
/// compaction needs to tell a live game's frame from a dead one's.
#[derive(Clone, PartialEq, prost::Message)]
pub(super) struct Head {
    /// A [`Kind`].
    #[prost(enumeration = "Kind", tag = "1")]
    pub kind: i32,
    /// The game's id.
    #[prost(string, tag = "2")]
    pub id: String,
}

impl From<Op> for Entry {
    fn from(op: Op) -> Entry {
        let records = |actions: Vec<(u64, Vec<u8>)>| {
            let first = actions.first().map_or(1, |(version, _)| *version);
            debug_assert!(
                actions
                    .iter()
                    .enumerate()
                    .all(|(index, (version, _))| *version == first + index as u64),
                "a write's versions are consecutive"
            );
            (first, actions.into_iter().map(|(_, bytes)| bytes).collect())
        };
        match op {
            Op::Create {
                id,
                game,
                actions,
                finished,
                self_driving,
            } => {
                let (version, actions) = records(actions);
                Entry {
                    kind: Kind::Create as i32,
                    id,
                    game,
                    version,
                    actions,
                    finished,
                    self_driving,
                    clock: Vec::new(),
                }
            }
            Op::Append {
                id,
                actions,
                finished,
            } => {
                let (version, actions) = records(actions);
                Entry {
                    kind: Kind::Append as i32,
                    id,
                    version,
                    actions,
                    finished,
                    ..Entry::default()
                }
            }
            Op::Clock { id, record } => Entry {
                kind: Kind::Clock as i32,
                id,
                clock: record,
                ..Entry::default()
            },
            Op::Delete { id } => Entry {
                kind: Kind::Delete as i32,
                id,
                ..Entry::default()
            },
            Op::Truncate { id, version } => Entry {
                kind: Kind::Truncate as i32,
                id,
                version,
                ..Entry::default()
            },
            #[cfg(feature = "testkit")]
            Op::Raw { id, version, bytes } => Entry {
                kind: Kind::Raw as i32,
                id,
                version,
                actions: vec![bytes],
                ..Entry::default()
            },
        }
    }
}

/// One game's stored bytes, as the entries so far leave them.
#[derive(Debug, Default)]
pub(super) struct GameBytes {
    /// The sealed `GameRecord`.
    pub record: Vec<u8>,
    /// Version -> sealed `ActionRecord`.
    pub actions: BTreeMap<u64, Vec<u8>>,
    /// When it finished, if it has.
    pub finished: Option<u64>,
    /// Its sealed `ClockRecord`, the last one written.
    pub clock: Option<Vec<u8>>,
    /// The bytes of the frames that hold it (tombstones aside).
    pub bytes: u64,
    /// Where its creation comes among the file's creations: the order the
    /// games were created in (compaction copies frames in their order).
    pub created: u64,
}

/// Every game's bytes, built by applying the file's entries in order.
#[derive(Debug, Default)]
pub(super) struct Replay {
    pub games: HashMap<String, GameBytes>,
    /// The creations applied so far.
    creations: u64,
}

impl Replay {
    /// Applies one entry, read from a frame of `frame_bytes` bytes. An
    /// entry of an unknown kind is refused: a later build wrote it, and
    /// this one would misread the file.
    pub(super) fn apply(&mut self, entry: Entry, frame_bytes: u64) -> Result<(), String> {
        let kind = Kind::try_from(entry.kind).unwrap_or(Kind::Unknown);
        match kind {
            Kind::Create => {
                let actions = (entry.version..).zip(entry.actions).collect();
                self.creations += 1;
                self.games.insert(
                    entry.id,
                    GameBytes {
                        record: entry.game,
                        actions,
                        finished: entry.finished,
                        clock: (!entry.clock.is_empty()).then_some(entry.clock),
                        bytes: frame_bytes,
                        created: self.creations,
                    },
                );
            }
            Kind::Delete => {
                self.games.remove(&entry.id);
            }
            Kind::Clock => {
                if let Some(game) = self.games.get_mut(&entry.id) {
                    game.bytes += frame_bytes;
                    game.clock = Some(entry.clock);
                }
            }
            Kind::Append | Kind::Truncate | Kind::Raw => {
                // Writes to a game that is gone are dead from the start.
                let Some(game) = self.games.get_mut(&entry.id) else {
                    return Ok(());
                };
                game.bytes += frame_bytes;
                if kind == Kind::Truncate {
                    if let Some(after) = entry.version.checked_add(1) {
                        game.actions.split_off(&after);
                    }
                } else {
                    game.actions.extend((entry.version..).zip(entry.actions));
                }
                if entry.finished.is_some() {
                    game.finished = entry.finished;
                }
            }
            Kind::Unknown => {
                return Err(format!(
                    "an entry of kind {} is unknown to this build (a later one wrote it)",
                    entry.kind
                ));
            }
        }
        Ok(())
    }
}
