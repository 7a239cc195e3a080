//! What the journal thread knows of its file without reading it: each
//! live game's bytes and finishing time. The bytes that belong to no live
//! game (deleted games, tombstones) are dead; when they are most of the
//! file, a compaction rewrites it. Finishing times let a retention sweep
//! find its games without a read.
use std::collections::{HashMap, HashSet};

use super::{entry::Kind, frame::HEADER_LEN};

#[derive(Debug)]
struct Live {
    bytes: u64,
    finished: Option<u64>,
}

/// The live games of the file.
#[derive(Debug, Default)]
pub(super) struct Index {
    games: HashMap<String, Live>,
    live_bytes: u64,
}

impl Index {
    /// Records a game found by recovery: `bytes` of frames hold it.
    pub(super) fn insert(&mut self, id: String, bytes: u64, finished: Option<u64>) {
        self.apply(Kind::Create, id, bytes, finished);
    }

    /// Records an entry written: the same accounting as the replay's.
    pub(super) fn apply(&mut self, kind: Kind, id: String, bytes: u64, finished: Option<u64>) {
        match kind {
            Kind::Create => {
                if let Some(old) = self.games.insert(id, Live { bytes, finished }) {
                    self.live_bytes -= old.bytes;
                }
                self.live_bytes += bytes;
            }
            Kind::Delete => {
                if let Some(old) = self.games.remove(&id) {
                    self.live_bytes -= old.bytes;
                }
            }
            Kind::Append | Kind::Truncate | Kind::Raw | Kind::Clock => {
                if let Some(game) = self.games.get_mut(&id) {
                    game.bytes += bytes;
                    self.live_bytes += bytes;
                    if finished.is_some() {
                        game.finished = finished;
                    }
                }
            }
            Kind::Unknown => {}
        }
    }

    /// The bytes of a file `end` bytes long that no live game needs.
    pub(super) fn dead_bytes(&self, end: u64) -> u64 {
        end.saturating_sub(HEADER_LEN + self.live_bytes)
    }

    /// The games that finished before `before_unix`.
    pub(super) fn finished_before(&self, before_unix: u64) -> Vec<String> {
        let mut ids: Vec<String> = self
            .games
            .iter()
            .filter(|(_, game)| game.finished.is_some_and(|at| at < before_unix))
            .map(|(id, _)| id.clone())
            .collect();
        ids.sort();
        ids
    }

    /// Every live game's id.
    pub(super) fn ids(&self) -> HashSet<String> {
        self.games.keys().cloned().collect()
    }

    /// How many games are live.
    pub(super) fn len(&self) -> usize {
        self.games.len()
    }
}
