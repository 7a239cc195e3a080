use std::{
    collections::{BTreeMap, HashMap},
    net::IpAddr,
    sync::{
        Arc, Mutex, MutexGuard, Weak,
        atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use rand::{TryRngCore, rngs::OsRng};
use tokio::sync::Notify;

use super::MatchError;

/// Configured limits of a registry; reaching one is answered with
/// [`MatchError::ResourceExhausted`], never a crash.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Live games at most.
    pub max_games: usize,
    /// Concurrent spectator streams of one game at most. A seat's own stream
    /// never counts against it: each seat always has one stream admitted
    /// (a newer one replaces the older), so spectators cannot lock a seat
    /// out of its own game.
    pub max_watchers_per_game: usize,
    /// Spectator streams of one game from one client address at most, so
    /// that one client cannot take every spectator slot of a game (P13).
    pub max_watchers_per_peer: usize,
    /// A game nobody has touched for this long is removed.
    pub idle_expiry: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_games: 100_000,
            max_watchers_per_game: 64,
            max_watchers_per_peer: 4,
            idle_expiry: Duration::from_secs(60 * 60),
        }
    }
}

/// One live game in the registry: the game behind its own lock, plus the
/// bookkeeping the registry needs without taking that lock.
#[derive(Debug)]
pub struct Entry<T> {
    id: String,
    sequence: u64,
    game: Mutex<T>,
    /// Spectator streams.
    watchers: AtomicUsize,
    /// Spectator streams by client address (those with a known address).
    watchers_by_peer: Mutex<HashMap<IpAddr, usize>>,
    /// The one admitted stream of each seat: its ticket and its signal.
    seat_streams: Mutex<HashMap<u32, (u64, Arc<Replaced>)>>,
    tickets: AtomicU64,
    /// Milliseconds since the registry's epoch of the last touch.
    touched: AtomicU64,
    epoch: Instant,
    /// Raised when the game left this server for another of its fleet, so
    /// that its streams end with UNAVAILABLE (resume there), not as if the
    /// game had expired.
    moved: Arc<AtomicBool>,
}

impl<T> Entry<T> {
    /// The flag raised when the game moves to another server of the fleet
    /// (see [`Registry::remove_moved`]); a stream keeps it past the entry.
    pub fn moved_flag(&self) -> Arc<AtomicBool> {
        self.moved.clone()
    }

    /// The game id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// Creation order within the registry; listing pages use it.
    pub fn sequence(&self) -> u64 {
        self.sequence
    }

    /// Locks the game for one synchronous call and marks it active. Never
    /// hold the guard across an `.await`.
    pub fn lock(&self) -> MutexGuard<'_, T> {
        self.touch();
        // A panic inside a rules call poisons the lock; the state behind it
        // is still the last consistent one, because rules validate before
        // they mutate, so serving it is better than failing every call.
        self.game
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Locks the game without counting it as activity (listings, expiry).
    pub fn peek(&self) -> MutexGuard<'_, T> {
        self.game
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Marks the game active now: only its seats' calls, their streams and
    /// its bots' moves do, never a spectator's, so that nobody outside a
    /// game can keep it from expiring.
    pub fn touch(&self) {
        let now = self.epoch.elapsed().as_millis() as u64;
        self.touched.store(now, Ordering::Relaxed);
    }

    /// How many spectators stream this game now.
    pub fn watchers(&self) -> usize {
        self.watchers.load(Ordering::Relaxed)
    }

    fn watchers_by_peer(&self) -> MutexGuard<'_, HashMap<IpAddr, usize>> {
        self.watchers_by_peer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn seat_streams(&self) -> MutexGuard<'_, HashMap<u32, (u64, Arc<Replaced>)>> {
        self.seat_streams
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Who opens a stream: spectators share a limited number of slots, each
/// seat has a slot of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Watcher {
    /// A stream without a seat.
    Spectator,
    /// A seat's own (authorized) stream.
    Seat(u32),
}

/// Raised once on a seat's stream when a newer stream of the same seat
/// replaces it.
#[derive(Debug, Default)]
pub struct Replaced {
    raised: AtomicBool,
    notify: Notify,
}

impl Replaced {
    fn raise(&self) {
        self.raised.store(true, Ordering::Release);
        // A stored permit: the one waiter wakes even if it waits later.
        self.notify.notify_one();
    }

    /// Whether a newer stream replaced this one.
    pub fn is_raised(&self) -> bool {
        self.raised.load(Ordering::Acquire)
    }

    /// Resolves once a newer stream replaces this one.
    pub async fn wait(&self) {
        while !self.is_raised() {
            self.notify.notified().await;
        }
    }
}

#[derive(Debug)]
enum Slot {
    /// A spectator's slot, and the client address it counts against (once
    /// counted there).
    Spectator { peer: Option<IpAddr> },
    Seat {
        seat: u32,
        ticket: u64,
        replaced: Arc<Replaced>,
    },
}

/// Holds a watcher's slot for as long as it lives.
///
/// It holds the game weakly, so a watched game can still expire; its
/// watchers then find it gone and end their streams.
#[derive(Debug)]
pub struct WatcherGuard<T> {
    entry: Weak<Entry<T>>,
    slot: Slot,
}

impl<T> WatcherGuard<T> {
    /// The watched game, while it is still live.
    pub fn entry(&self) -> Option<Arc<Entry<T>>> {
        self.entry.upgrade()
    }

    /// For a seat's stream, the signal raised when a newer stream of the
    /// same seat replaces it; `None` for a spectator.
    pub fn replaced(&self) -> Option<Arc<Replaced>> {
        match &self.slot {
            Slot::Spectator { .. } => None,
            Slot::Seat { replaced, .. } => Some(replaced.clone()),
        }
    }
}

impl<T> Drop for WatcherGuard<T> {
    fn drop(&mut self) {
        let Some(entry) = self.entry.upgrade() else {
            return;
        };
        match &self.slot {
            Slot::Spectator { peer } => {
                entry.watchers.fetch_sub(1, Ordering::Relaxed);
                if let Some(peer) = peer {
                    let mut by_peer = entry.watchers_by_peer();
                    if let Some(count) = by_peer.get_mut(peer) {
                        *count -= 1;
                        if *count == 0 {
                            by_peer.remove(peer);
                        }
                    }
                }
            }
            Slot::Seat { seat, ticket, .. } => {
                let mut streams = entry.seat_streams();
                // Only this stream's own slot: a newer one keeps its place.
                if streams.get(seat).is_some_and(|(held, _)| held == ticket) {
                    streams.remove(seat);
                }
            }
        }
    }
}

type Shard<T> = Mutex<BTreeMap<String, Arc<Entry<T>>>>;

/// How many games a listing takes from the creation-order index at a time,
/// at least; the index lock is never held while a game is looked at.
const LISTING_CHUNK: usize = 64;

/// The most games one listing page looks at: a filter that matches few of
/// the live games (a kind or status nobody plays) ends its page there, with
/// fewer games than asked and the place to go on from, so that no call
/// walks every live game.
pub const MAX_LISTING_WALK: usize = 4_096;

/// One page of a listing.
#[derive(Debug)]
pub struct Page<T> {
    /// The games found, newest first.
    pub entries: Vec<Arc<Entry<T>>>,
    /// Where the walk stopped for its budget before finding enough games:
    /// the sequence number to list below next. `None` when the walk found
    /// enough games or reached the oldest game.
    pub stopped_below: Option<u64>,
}

/// The live games, split into shards so that creating, finding and removing
/// games on many threads rarely contend. Each game has its own lock.
///
/// Beside the shards (by id) an index by creation sequence serves listings:
/// it is kept on insert and on expiry, so a page walks only the games it
/// returns (plus those its filter skips), never every game.
#[derive(Debug)]
pub struct Registry<T> {
    shards: Box<[Shard<T>]>,
    by_sequence: Mutex<BTreeMap<u64, Arc<Entry<T>>>>,
    /// How many entries listings have looked at, in total (a structural
    /// measure of their cost, for tests and diagnostics).
    listed: AtomicU64,
    limits: Limits,
    count: AtomicUsize,
    sequence: AtomicU64,
    epoch: Instant,
}

impl<T> Registry<T> {
    /// An empty registry with these limits.
    pub fn new(limits: Limits) -> Self {
        let shards = (0..64).map(|_| Mutex::new(BTreeMap::new())).collect();
        Registry {
            shards,
            by_sequence: Mutex::new(BTreeMap::new()),
            listed: AtomicU64::new(0),
            limits,
            count: AtomicUsize::new(0),
            sequence: AtomicU64::new(0),
            epoch: Instant::now(),
        }
    }

    /// The configured limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// How many games are live.
    pub fn len(&self) -> usize {
        self.count.load(Ordering::Relaxed)
    }

    /// Whether no game is live.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn shard(&self, id: &str) -> MutexGuard<'_, BTreeMap<String, Arc<Entry<T>>>> {
        // FNV-1a: a stable, cheap spread of ids over shards.
        let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let shard = &self.shards[(hash % self.shards.len() as u64) as usize];
        shard
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Refuses early when the registry is full, so that callers need not
    /// build a game only to have it refused.
    pub fn check_capacity(&self) -> Result<(), MatchError> {
        if self.len() >= self.limits.max_games {
            return Err(self.full());
        }
        Ok(())
    }

    fn full(&self) -> MatchError {
        MatchError::ResourceExhausted(format!(
            "the server hosts its maximum of {} games; try again later",
            self.limits.max_games
        ))
    }

    /// Adds a game under `id` (from [`new_game_id`]), unless the registry is
    /// full.
    pub fn insert(&self, id: String, game: T) -> Result<Arc<Entry<T>>, MatchError> {
        let reserved = self.count.fetch_add(1, Ordering::AcqRel);
        if reserved >= self.limits.max_games {
            self.count.fetch_sub(1, Ordering::AcqRel);
            return Err(self.full());
        }
        let entry = Arc::new(Entry {
            id,
            sequence: self.sequence.fetch_add(1, Ordering::Relaxed),
            game: Mutex::new(game),
            watchers: AtomicUsize::new(0),
            watchers_by_peer: Mutex::new(HashMap::new()),
            seat_streams: Mutex::new(HashMap::new()),
            tickets: AtomicU64::new(0),
            touched: AtomicU64::new(0),
            epoch: self.epoch,
            moved: Arc::new(AtomicBool::new(false)),
        });
        entry.touch();
        self.shard(&entry.id)
            .insert(entry.id.clone(), entry.clone());
        self.by_sequence().insert(entry.sequence, entry.clone());
        Ok(entry)
    }

    /// The game with this id.
    pub fn get(&self, id: &str) -> Result<Arc<Entry<T>>, MatchError> {
        self.shard(id)
            .get(id)
            .cloned()
            .ok_or_else(|| MatchError::NotFound(super::echo(id)))
    }

    /// Registers a watcher of the game, from no known address (see
    /// [`Registry::watch_from`]).
    pub fn watch(
        &self,
        entry: &Arc<Entry<T>>,
        watcher: Watcher,
    ) -> Result<WatcherGuard<T>, MatchError> {
        self.watch_from(entry, watcher, None)
    }

    /// Registers a watcher of the game. A spectator is refused when the
    /// game has its maximum of spectators already, or its client address
    /// (`peer`, when known) has its maximum of this game's spectator slots;
    /// a seat is always admitted, and its older stream, if any, is told it
    /// was replaced.
    pub fn watch_from(
        &self,
        entry: &Arc<Entry<T>>,
        watcher: Watcher,
        peer: Option<IpAddr>,
    ) -> Result<WatcherGuard<T>, MatchError> {
        let Watcher::Seat(seat) = watcher else {
            let before = entry.watchers.fetch_add(1, Ordering::AcqRel);
            let mut guard = WatcherGuard {
                entry: Arc::downgrade(entry),
                slot: Slot::Spectator { peer: None },
            };
            if before >= self.limits.max_watchers_per_game {
                return Err(MatchError::ResourceExhausted(format!(
                    "game {} already has its maximum of {} spectator streams \
                     (a seat's own stream is always admitted)",
                    entry.id, self.limits.max_watchers_per_game
                )));
            }
            if let Some(peer) = peer {
                let mut by_peer = entry.watchers_by_peer();
                let count = by_peer.entry(peer).or_insert(0);
                if *count >= self.limits.max_watchers_per_peer {
                    return Err(MatchError::ResourceExhausted(format!(
                        "this client address ({peer}) already holds {} of game {}'s \
                         spectator streams, the most one address may hold",
                        self.limits.max_watchers_per_peer, entry.id
                    )));
                }
                *count += 1;
                guard.slot = Slot::Spectator { peer: Some(peer) };
            }
            return Ok(guard);
        };
        let ticket = entry.tickets.fetch_add(1, Ordering::Relaxed);
        let replaced = Arc::new(Replaced::default());
        let older = entry
            .seat_streams()
            .insert(seat, (ticket, replaced.clone()));
        if let Some((_, older)) = older {
            older.raise();
        }
        Ok(WatcherGuard {
            entry: Arc::downgrade(entry),
            slot: Slot::Seat {
                seat,
                ticket,
                replaced,
            },
        })
    }

    fn by_sequence(&self) -> MutexGuard<'_, BTreeMap<u64, Arc<Entry<T>>>> {
        self.by_sequence
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Up to `limit` games created before `before` (a sequence number, or
    /// `u64::MAX` for the newest), newest first, that `keep` accepts,
    /// looking at no more than `walk` games.
    ///
    /// It walks the creation-order index from `before` down, in chunks taken
    /// under the index lock and filtered outside it, and stops as soon as it
    /// has `limit` games or has looked at `walk` games: a page costs
    /// O(`limit` + `walk`) at most, whatever the number of live games.
    pub fn page(
        &self,
        before: u64,
        limit: usize,
        walk: usize,
        mut keep: impl FnMut(&Entry<T>) -> bool,
    ) -> Page<T> {
        let mut found: Vec<Arc<Entry<T>>> = Vec::new();
        let mut below = before;
        let mut looked = 0;
        let chunk = limit.max(LISTING_CHUNK);
        while found.len() < limit {
            if looked >= walk {
                return Page {
                    entries: found,
                    stopped_below: Some(below),
                };
            }
            let candidates: Vec<Arc<Entry<T>>> = self
                .by_sequence()
                .range(..below)
                .rev()
                .take(chunk.min(walk - looked))
                .map(|(_, entry)| entry.clone())
                .collect();
            if candidates.is_empty() {
                break;
            }
            for entry in candidates {
                self.listed.fetch_add(1, Ordering::Relaxed);
                looked += 1;
                below = entry.sequence;
                if keep(&entry) {
                    found.push(entry);
                    if found.len() == limit {
                        break;
                    }
                }
            }
        }
        Page {
            entries: found,
            stopped_below: None,
        }
    }

    /// How many entries listings have looked at since the registry was made:
    /// a page of `n` unfiltered games adds at most `n` plus one chunk.
    pub fn entries_listed(&self) -> u64 {
        self.listed.load(Ordering::Relaxed)
    }

    /// Removes every game untouched for longer than the idle expiry and
    /// returns how many went. Watchers of a removed game see their stream end.
    pub fn expire_idle(&self) -> usize {
        self.expire_idle_with(|_| false, |_| {})
    }

    /// Removes a game that another server of the fleet took: its streams
    /// end with UNAVAILABLE rather than as if it had expired.
    pub fn remove_moved(&self, id: &str) -> bool {
        if let Ok(entry) = self.get(id) {
            entry.moved.store(true, Ordering::Release);
        }
        self.remove(id)
    }

    /// The ids of every live game (a server handing its games over).
    pub fn ids(&self) -> Vec<String> {
        self.by_sequence()
            .values()
            .map(|entry| entry.id().to_owned())
            .collect()
    }

    /// Removes a game now (a finished game whose retention has passed);
    /// says whether it was there. Its watchers see their stream end.
    pub fn remove(&self, id: &str) -> bool {
        let Some(entry) = self.shard(id).remove(id) else {
            return false;
        };
        self.by_sequence().remove(&entry.sequence);
        self.count.fetch_sub(1, Ordering::AcqRel);
        true
    }

    /// [`Registry::expire_idle`], sparing the games `spare` accepts (looked
    /// at only once idle) and telling `gone` the id of each game removed.
    pub fn expire_idle_with(
        &self,
        spare: impl Fn(&Entry<T>) -> bool,
        mut gone_id: impl FnMut(&str),
    ) -> usize {
        let now = self.epoch.elapsed();
        let cutoff = now.saturating_sub(self.limits.idle_expiry).as_millis() as u64;
        if now < self.limits.idle_expiry {
            return 0;
        }
        let mut removed = 0;
        for shard in self.shards.iter() {
            let mut shard = shard
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            let mut gone = Vec::new();
            shard.retain(|id, entry| {
                let keep = entry.touched.load(Ordering::Relaxed) >= cutoff || spare(entry);
                if !keep {
                    gone.push(entry.sequence);
                    gone_id(id);
                }
                keep
            });
            drop(shard);
            removed += gone.len();
            let mut index = self.by_sequence();
            for sequence in gone {
                index.remove(&sequence);
            }
        }
        self.count.fetch_sub(removed, Ordering::AcqRel);
        removed
    }
}

/// A random, unguessable game id: 128 bits from the OS, hex-encoded.
pub fn new_game_id() -> String {
    let mut bytes = [0u8; 16];
    OsRng
        .try_fill_bytes(&mut bytes)
        .expect("the operating system's random generator is unavailable");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(max_games: usize, max_watchers: usize) -> Limits {
        Limits {
            max_games,
            max_watchers_per_game: max_watchers,
            max_watchers_per_peer: 2,
            idle_expiry: Duration::from_millis(20),
        }
    }

    #[test]
    fn a_full_registry_refuses_and_recovers_after_expiry() {
        let registry = Registry::new(limits(2, 1));
        let first = registry.insert(new_game_id(), 1).unwrap();
        registry.insert(new_game_id(), 2).unwrap();
        assert!(matches!(
            registry.insert(new_game_id(), 3),
            Err(MatchError::ResourceExhausted(_))
        ));
        assert_eq!(*registry.get(first.id()).unwrap().lock(), 1);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(registry.expire_idle(), 2);
        assert!(matches!(
            registry.get(first.id()),
            Err(MatchError::NotFound(_))
        ));
        registry.insert(new_game_id(), 4).unwrap();
        assert_eq!(registry.len(), 1);
    }

    #[test]
    fn watchers_are_limited_and_released_on_drop() {
        let registry = Registry::new(limits(4, 1));
        let entry = registry.insert(new_game_id(), ()).unwrap();
        let guard = registry.watch(&entry, Watcher::Spectator).unwrap();
        assert!(matches!(
            registry.watch(&entry, Watcher::Spectator),
            Err(MatchError::ResourceExhausted(_))
        ));
        assert_eq!(entry.watchers(), 1);
        drop(guard);
        assert_eq!(entry.watchers(), 0);
        registry.watch(&entry, Watcher::Spectator).unwrap();
    }

    #[test]
    fn one_address_holds_only_its_share_of_a_games_spectator_slots() {
        let registry = Registry::new(limits(4, 10));
        let entry = registry.insert(new_game_id(), ()).unwrap();
        let other_game = registry.insert(new_game_id(), ()).unwrap();
        let near: IpAddr = "10.0.0.1".parse().unwrap();
        let far: IpAddr = "10.0.0.2".parse().unwrap();
        let first = registry
            .watch_from(&entry, Watcher::Spectator, Some(near))
            .unwrap();
        let _second = registry
            .watch_from(&entry, Watcher::Spectator, Some(near))
            .unwrap();
        let refused = registry.watch_from(&entry, Watcher::Spectator, Some(near));
        assert!(matches!(refused, Err(MatchError::ResourceExhausted(_))));
        assert_eq!(entry.watchers(), 2, "a refused spectator holds no slot");
        registry
            .watch_from(&entry, Watcher::Spectator, Some(far))
            .unwrap();
        registry
            .watch_from(&other_game, Watcher::Spectator, Some(near))
            .unwrap();
        let _seat = registry
            .watch_from(&entry, Watcher::Seat(0), Some(near))
            .unwrap();
        drop(first);
        registry
            .watch_from(&entry, Watcher::Spectator, Some(near))
            .unwrap();
    }

    #[test]
    fn a_seat_is_always_admitted_and_replaces_its_older_stream() {
        let registry = Registry::new(limits(4, 1));
        let entry = registry.insert(new_game_id(), ()).unwrap();
        let _spectator = registry.watch(&entry, Watcher::Spectator).unwrap();
        let first = registry.watch(&entry, Watcher::Seat(0)).unwrap();
        let other = registry.watch(&entry, Watcher::Seat(1)).unwrap();
        let first_signal = first.replaced().unwrap();
        assert!(!first_signal.is_raised());
        let second = registry.watch(&entry, Watcher::Seat(0)).unwrap();
        assert!(first_signal.is_raised(), "the older stream is told");
        assert!(!other.replaced().unwrap().is_raised());
        // The replaced stream ending does not free the newer one's slot.
        drop(first);
        let third = registry.watch(&entry, Watcher::Seat(0)).unwrap();
        assert!(second.replaced().unwrap().is_raised());
        assert!(!third.replaced().unwrap().is_raised());
        assert_eq!(entry.watchers(), 1, "seats never count as spectators");
    }

    #[test]
    fn pages_list_newest_first_without_repeats() {
        let registry = Registry::new(limits(100, 1));
        for n in 0..10 {
            registry.insert(new_game_id(), n).unwrap();
        }
        let first = registry.page(u64::MAX, 4, usize::MAX, |_| true).entries;
        let values: Vec<i32> = first.iter().map(|e| *e.peek()).collect();
        assert_eq!(values, [9, 8, 7, 6]);
        let next = registry
            .page(first[3].sequence(), 4, usize::MAX, |e| *e.peek() % 2 == 0)
            .entries;
        let values: Vec<i32> = next.iter().map(|e| *e.peek()).collect();
        assert_eq!(values, [4, 2, 0]);
    }

    #[test]
    fn a_page_looks_at_its_own_games_not_every_game() {
        let registry = Registry::new(limits(20_000, 1));
        for n in 0..20_000 {
            registry.insert(new_game_id(), n).unwrap();
        }
        let before = registry.entries_listed();
        let first = registry.page(u64::MAX, 2, usize::MAX, |_| true).entries;
        let values: Vec<i32> = first.iter().map(|e| *e.peek()).collect();
        assert_eq!(values, [19_999, 19_998]);
        let next = registry
            .page(first[1].sequence(), 3, usize::MAX, |_| true)
            .entries;
        let values: Vec<i32> = next.iter().map(|e| *e.peek()).collect();
        assert_eq!(values, [19_997, 19_996, 19_995]);
        // Two pages of 2 and 3 games look at 5 entries, not 40,000.
        assert_eq!(registry.entries_listed() - before, 5);
        // A filter that skips games looks at those it skips, and no more.
        let before = registry.entries_listed();
        let odd = registry
            .page(u64::MAX, 3, usize::MAX, |e| *e.peek() % 2 == 1)
            .entries;
        let values: Vec<i32> = odd.iter().map(|e| *e.peek()).collect();
        assert_eq!(values, [19_999, 19_997, 19_995]);
        assert_eq!(registry.entries_listed() - before, 5);
    }

    #[test]
    fn a_filter_that_matches_little_stops_at_the_walk_budget_and_says_where() {
        let registry = Registry::new(limits(1_000, 1));
        for n in 0..1_000 {
            registry.insert(new_game_id(), n).unwrap();
        }
        // Only game 3 matches: a walk of 300 stops short of it, says where,
        // and the walks that go on from there find it.
        let keep = |e: &Entry<i32>| *e.peek() == 3;
        let before = registry.entries_listed();
        let mut page = registry.page(u64::MAX, 5, 300, keep);
        assert!(page.entries.is_empty());
        assert_eq!(registry.entries_listed() - before, 300);
        let mut found = Vec::new();
        let mut walks = 1;
        while let Some(below) = page.stopped_below {
            page = registry.page(below, 5, 300, keep);
            found.extend(page.entries.iter().map(|e| *e.peek()));
            walks += 1;
        }
        assert_eq!(found, [3]);
        assert_eq!(walks, 4, "1,000 games in walks of 300");
        assert_eq!(registry.entries_listed() - before, 1_000);
    }

    #[test]
    fn expired_games_leave_the_listing_index() {
        let registry = Registry::new(limits(100, 1));
        for n in 0..5 {
            registry.insert(new_game_id(), n).unwrap();
        }
        std::thread::sleep(Duration::from_millis(40));
        let kept = registry.insert(new_game_id(), 5).unwrap();
        assert_eq!(registry.expire_idle(), 5);
        let page = registry.page(u64::MAX, 10, usize::MAX, |_| true).entries;
        assert_eq!(page.len(), 1);
        assert_eq!(page[0].id(), kept.id());
        // Past the only live game the walk ends at once.
        assert!(
            registry
                .page(kept.sequence(), 10, usize::MAX, |_| true)
                .entries
                .is_empty()
        );
    }
}
