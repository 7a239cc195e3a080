//! A per-client budget of `Simulate` steps (MC-SIM-05, issue P13): a token
//! bucket of rules steps per client, refilled at a steady rate, charged
//! before a call is admitted. The shares of admitted calls bound how many
//! simulations a client runs at once; this bounds how much of the bot
//! cores it takes over time, so a client that sends the largest calls in a
//! loop gets one now and then rather than a core for itself, whatever it
//! does, and the other clients' calls stay fast.
use std::{
    collections::HashMap,
    hash::Hash,
    sync::Mutex,
    time::{Duration, Instant},
};

/// Clients kept at most before the full buckets are swept out (a full
/// bucket is the same as a new one).
const SWEEP_AT: usize = 4096;

/// One client's bucket.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// The buckets of every client that spent steps lately.
#[derive(Debug)]
pub struct StepBudget<K> {
    /// Steps a second each client earns.
    rate: u64,
    /// The most steps a bucket holds: the rate, or one call of the largest
    /// size if that is more, so the largest call is always possible.
    capacity: f64,
    buckets: Mutex<HashMap<K, Bucket>>,
}

impl<K: Eq + Hash + Clone> StepBudget<K> {
    /// A budget of `rate` steps a second per client, holding at least
    /// `largest_call` steps.
    pub fn new(rate: u64, largest_call: u64) -> Self {
        StepBudget {
            rate,
            capacity: rate.max(largest_call) as f64,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// The steps a second each client earns.
    pub fn rate(&self) -> u64 {
        self.rate
    }

    /// Charges `steps` to `client` at `now`, or says how long until it
    /// could pay them.
    pub fn charge(&self, client: &K, steps: u64, now: Instant) -> Result<(), Duration> {
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if buckets.len() >= SWEEP_AT {
            let (rate, capacity) = (self.rate as f64, self.capacity);
            buckets.retain(|_, b| b.tokens + elapsed(b.at, now) * rate < capacity);
        }
        let bucket = buckets.entry(client.clone()).or_insert(Bucket {
            tokens: self.capacity,
            at: now,
        });
        bucket.tokens =
            (bucket.tokens + elapsed(bucket.at, now) * self.rate as f64).min(self.capacity);
        bucket.at = now;
        let steps = (steps as f64).min(self.capacity);
        if bucket.tokens >= steps {
            bucket.tokens -= steps;
            return Ok(());
        }
        let missing = steps - bucket.tokens;
        Err(Duration::from_secs_f64(missing / self.rate.max(1) as f64))
    }
}

fn elapsed(from: Instant, to: Instant) -> f64 {
    to.saturating_duration_since(from).as_secs_f64()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MC-SIM-05: a client that spends its budget waits for it to refill;
    /// another client is not affected.
    #[test]
    fn a_client_spends_its_own_budget_only() {
        let budget = StepBudget::new(1_000, 2_000);
        let t0 = Instant::now();
        assert!(budget.charge(&"a", 2_000, t0).is_ok(), "a full bucket");
        let wait = budget.charge(&"a", 500, t0).unwrap_err();
        assert_eq!(wait, Duration::from_millis(500));
        assert!(budget.charge(&"b", 2_000, t0).is_ok(), "b has its own");
        let later = t0 + Duration::from_millis(500);
        assert!(budget.charge(&"a", 500, later).is_ok(), "refilled");
        assert!(budget.charge(&"a", 1, later).is_err());
    }

    /// A call larger than the bucket costs the whole bucket, never an
    /// endless wait.
    #[test]
    fn the_largest_call_is_always_possible_after_a_refill() {
        let budget = StepBudget::new(10, 100);
        let t0 = Instant::now();
        assert!(budget.charge(&1u8, 1_000, t0).is_ok());
        let wait = budget.charge(&1u8, 1_000, t0).unwrap_err();
        assert_eq!(wait, Duration::from_secs(10));
    }
}
