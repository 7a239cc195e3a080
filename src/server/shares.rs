//! Counted shares of something the server admits a bounded number of (its
//! `Simulate` calls): at most `limit` held at once per key (a seat of a
//! game, a client), released when dropped. The map holds only keys with a
//! share out, so its size is bounded by the shares held.
use std::{
    collections::HashMap,
    hash::Hash,
    sync::{Arc, Mutex, MutexGuard},
};

/// The shares of every key.
#[derive(Debug)]
pub struct Shares<K> {
    limit: usize,
    held: Mutex<HashMap<K, usize>>,
}

/// One share of `key`, given back when dropped.
#[derive(Debug)]
pub struct Share<K: Eq + Hash> {
    shares: Arc<Shares<K>>,
    key: K,
}

impl<K: Eq + Hash + Clone> Shares<K> {
    /// Shares of at most `limit` per key.
    pub fn new(limit: usize) -> Arc<Self> {
        Arc::new(Shares {
            limit,
            held: Mutex::new(HashMap::new()),
        })
    }

    /// The most shares one key may hold.
    pub fn limit(&self) -> usize {
        self.limit
    }

    fn held(&self) -> MutexGuard<'_, HashMap<K, usize>> {
        self.held
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// One more share of `key`, unless it holds its limit already.
    pub fn take(self: &Arc<Self>, key: K) -> Option<Share<K>> {
        let mut held = self.held();
        let count = held.entry(key.clone()).or_insert(0);
        if *count >= self.limit {
            if *count == 0 {
                held.remove(&key);
            }
            return None;
        }
        *count += 1;
        Some(Share {
            shares: self.clone(),
            key,
        })
    }
}

impl<K: Eq + Hash> Drop for Share<K> {
    fn drop(&mut self) {
        let mut held = self
            .shares
            .held
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = held.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_holds_its_limit_and_gets_shares_back_when_they_drop() {
        let shares = Shares::new(2);
        let first = shares.take("a").unwrap();
        let _second = shares.take("a").unwrap();
        assert!(shares.take("a").is_none());
        let _other = shares.take("b").unwrap();
        drop(first);
        let _third = shares.take("a").unwrap();
        assert_eq!(shares.held().len(), 2);
        let none = Shares::new(0);
        assert!(none.take("a").is_none());
        assert!(none.held().is_empty(), "no entry for a key that holds none");
    }
}
