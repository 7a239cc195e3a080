use std::sync::Arc;

use super::game::SNAPSHOT_EVERY;

/// How many entries a frozen chunk of a [`History`] holds: one snapshot
/// interval, so a catch-up that starts from a snapshot starts at a chunk's
/// first entry.
const CHUNK: usize = SNAPSHOT_EVERY as usize;

/// Every applied action of a game in order, kept as frozen, shared chunks of
/// [`SNAPSHOT_EVERY`] entries plus a growing tail.
///
/// Why not a plain `Vec`: every catch-up (a stream that resumes, a view of
/// the past) works outside the game's lock on its own copy of the history.
/// With a `Vec`, each copy cloned every action of the game (megabytes for
/// the longest War for Arrakis games, per stream); here [`History::share`]
/// copies one pointer per chunk and the tail only, fewer than
/// [`SNAPSHOT_EVERY`] entries, whatever the game's length.
#[derive(Debug)]
pub struct History<A> {
    chunks: Vec<Arc<[A]>>,
    tail: Vec<A>,
}

impl<A> Default for History<A> {
    fn default() -> Self {
        History {
            chunks: Vec::new(),
            tail: Vec::new(),
        }
    }
}

impl<A: Clone> History<A> {
    /// How many entries it holds.
    pub fn len(&self) -> usize {
        self.chunks.len() * CHUNK + self.tail.len()
    }

    /// True before the first entry.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends an entry; a full tail is frozen into a shared chunk.
    pub fn push(&mut self, entry: A) {
        self.tail.push(entry);
        if self.tail.len() == CHUNK {
            let full = std::mem::take(&mut self.tail);
            self.chunks.push(Arc::from(full));
        }
    }

    /// The entry at `index`, if there is one.
    pub fn get(&self, index: usize) -> Option<&A> {
        match self.chunks.get(index / CHUNK) {
            Some(chunk) => chunk.get(index % CHUNK),
            None => self.tail.get(index - self.chunks.len() * CHUNK),
        }
    }

    /// The entries from `first` on, in order.
    pub fn iter_from(&self, first: usize) -> impl Iterator<Item = &A> {
        let chunk = first / CHUNK;
        let skip = first % CHUNK;
        self.chunks
            .iter()
            .skip(chunk)
            .flat_map(|chunk| chunk.iter())
            .chain(self.tail.iter())
            .skip(if chunk <= self.chunks.len() {
                skip
            } else {
                first - self.chunks.len() * CHUNK
            })
    }

    /// Every entry in order.
    pub fn iter(&self) -> impl Iterator<Item = &A> {
        self.iter_from(0)
    }

    /// A copy for work outside the owner's lock: the frozen chunks are
    /// shared, only the tail (fewer than [`SNAPSHOT_EVERY`] entries) is
    /// cloned.
    pub fn share(&self) -> History<A> {
        History {
            chunks: self.chunks.clone(),
            tail: self.tail.clone(),
        }
    }
}

impl<A> FromIterator<A> for History<A>
where
    A: Clone,
{
    fn from_iter<I: IntoIterator<Item = A>>(entries: I) -> Self {
        let mut history = History::default();
        for entry in entries {
            history.push(entry);
        }
        history
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_read_back_in_order_across_chunks() {
        let count = 2 * CHUNK + 17;
        let history: History<usize> = (0..count).collect();
        assert_eq!(history.len(), count);
        assert_eq!(history.chunks.len(), 2);
        for index in [0, 1, CHUNK - 1, CHUNK, 2 * CHUNK, count - 1] {
            assert_eq!(history.get(index), Some(&index));
        }
        assert_eq!(history.get(count), None);
        for first in [0, 5, CHUNK, CHUNK + 3, 2 * CHUNK + 16, count, count + 4] {
            let read: Vec<usize> = history.iter_from(first).copied().collect();
            let expected: Vec<usize> = (first.min(count)..count).collect();
            assert_eq!(read, expected, "from {first}");
        }
    }

    #[test]
    fn a_shared_copy_shares_the_chunks_and_copies_the_tail_only() {
        let mut history: History<usize> = (0..CHUNK + 3).collect();
        let copy = history.share();
        assert!(Arc::ptr_eq(&history.chunks[0], &copy.chunks[0]));
        assert_eq!(copy.tail.len(), 3);
        history.push(99);
        assert_eq!(copy.len(), CHUNK + 3, "the copy does not see later entries");
        assert_eq!(history.len(), CHUNK + 4);
    }
}
