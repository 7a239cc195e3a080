//! A semaphore that serves its waiters round robin by key rather than in
//! the order they came (issue P13): the bot slices of a server are shared
//! between the clients whose games wait for one, so a client with a
//! thousand games of search bots takes one turn in each round, like a
//! client with one game, instead of a thousand turns.
use std::{
    collections::{HashMap, VecDeque},
    hash::Hash,
    sync::{Arc, Mutex, MutexGuard},
};

use tokio::sync::oneshot;

/// Permits handed out round robin between the keys that wait.
#[derive(Debug)]
pub struct FairQueue<K: Eq + Hash + Clone> {
    state: Mutex<State<K>>,
}

#[derive(Debug)]
struct State<K: Eq + Hash + Clone> {
    free: usize,
    /// Each key's waiters, in the order they came.
    waiting: HashMap<K, VecDeque<oneshot::Sender<FairPermit<K>>>>,
    /// The keys with waiters, in the order they are served.
    turns: VecDeque<K>,
}

/// One permit of a [`FairQueue`], given back (to the next key's turn) when
/// dropped.
#[derive(Debug)]
pub struct FairPermit<K: Eq + Hash + Clone> {
    queue: Arc<FairQueue<K>>,
}

impl<K: Eq + Hash + Clone> FairQueue<K> {
    /// A queue of `permits` permits.
    pub fn new(permits: usize) -> Arc<Self> {
        Arc::new(FairQueue {
            state: Mutex::new(State {
                free: permits,
                waiting: HashMap::new(),
                turns: VecDeque::new(),
            }),
        })
    }

    fn state(&self) -> MutexGuard<'_, State<K>> {
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A permit for a waiter of `key`: at once when one is free and nobody
    /// waits, else at `key`'s turn, after one waiter of each key ahead of
    /// it. `None` only if the queue's permits were lost (never in use).
    pub async fn acquire(self: &Arc<Self>, key: K) -> Option<FairPermit<K>> {
        let receiver = {
            let mut state = self.state();
            if state.free > 0 && state.turns.is_empty() {
                state.free -= 1;
                return Some(FairPermit {
                    queue: self.clone(),
                });
            }
            let (sender, receiver) = oneshot::channel();
            let waiters = state.waiting.entry(key.clone()).or_default();
            waiters.push_back(sender);
            if waiters.len() == 1 {
                state.turns.push_back(key);
            }
            receiver
        };
        receiver.await.ok()
    }

    /// Hands a given-back permit to the next key's first waiter that still
    /// waits, or keeps it free.
    fn release(self: &Arc<Self>) {
        let sender = {
            let mut state = self.state();
            loop {
                let Some(key) = state.turns.pop_front() else {
                    state.free += 1;
                    return;
                };
                let Some(waiters) = state.waiting.get_mut(&key) else {
                    continue;
                };
                let sender = waiters.pop_front();
                if waiters.is_empty() {
                    state.waiting.remove(&key);
                } else {
                    state.turns.push_back(key);
                }
                match sender {
                    Some(sender) if !sender.is_closed() => break sender,
                    _ => {}
                }
            }
        };
        // Outside the lock: a waiter that left meanwhile drops the permit,
        // which comes back here for the next turn.
        let _ = sender.send(FairPermit {
            queue: self.clone(),
        });
    }
}

impl<K: Eq + Hash + Clone> Drop for FairPermit<K> {
    fn drop(&mut self) {
        self.queue.release();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn waiters_are_served_round_robin_by_key() {
        let queue = FairQueue::new(1);
        let held = queue.acquire("flood").await.unwrap();
        let served = Arc::new(Mutex::new(Vec::new()));
        let mut tasks = Vec::new();
        for (index, key) in ["flood", "flood", "flood", "other"].into_iter().enumerate() {
            let (queue, served) = (queue.clone(), served.clone());
            tasks.push(tokio::spawn(async move {
                let _permit = queue.acquire(key).await.unwrap();
                served.lock().unwrap().push((key, index));
            }));
            tokio::task::yield_now().await;
        }
        // Every waiter is queued before the permit comes back.
        while queue
            .state()
            .waiting
            .values()
            .map(VecDeque::len)
            .sum::<usize>()
            < 4
        {
            tokio::task::yield_now().await;
        }
        drop(held);
        for task in tasks {
            task.await.unwrap();
        }
        let served = served.lock().unwrap().clone();
        assert_eq!(
            served,
            [("flood", 0), ("other", 3), ("flood", 1), ("flood", 2)],
            "the other key's waiter is served second, not last"
        );
        assert_eq!(queue.state().free, 1);
    }

    #[tokio::test]
    async fn a_waiter_that_leaves_passes_its_turn_on() {
        let queue = FairQueue::new(1);
        let held = queue.acquire(1).await.unwrap();
        let leaving = tokio::spawn({
            let queue = queue.clone();
            async move { queue.acquire(2).await.map(drop) }
        });
        while queue.state().turns.is_empty() {
            tokio::task::yield_now().await;
        }
        leaving.abort();
        let _ = leaving.await;
        drop(held);
        assert_eq!(queue.state().free, 1, "the permit is free again");
        let _again = queue.acquire(3).await.unwrap();
    }
}
