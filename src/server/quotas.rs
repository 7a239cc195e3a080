//! Per-client quotas on creating games (issue P13): how many live games a
//! client may have, and how fast it may create them (a token bucket), so
//! that one client cannot take every game slot of the server. A client is
//! an API key's holder or a peer address ([`super::client`]); a key has its
//! own quotas, every address the server's defaults.
//!
//! A game counts as live until it ends or leaves the server (expiry,
//! retention): the client's list of game ids is checked against the
//! registry only when it reaches the quota, so a create costs a map lookup
//! until then.
use std::{
    collections::HashMap,
    sync::{Arc, Mutex, MutexGuard},
    time::Instant,
};

use tonic::Status;

use crate::matches::MatchError;

use super::{
    client::{ApiKey, ClientId},
    game_service::Games,
};
use crate::pb;

/// The server-wide defaults of the quotas of a client without an API key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotaConfig {
    /// Live (unfinished) games one client may have at once.
    pub max_games_per_client: usize,
    /// Games one client may create per minute: a bucket of this many,
    /// refilled evenly over a minute.
    pub creates_per_minute_per_client: u32,
    /// The API keys (`--api-keys FILE`), each with its own quotas.
    pub api_keys: Vec<ApiKey>,
}

impl Default for QuotaConfig {
    fn default() -> Self {
        QuotaConfig {
            max_games_per_client: 1_000,
            creates_per_minute_per_client: 600,
            api_keys: Vec::new(),
        }
    }
}

/// One client's state.
#[derive(Debug)]
struct Client {
    /// The games it created that may still be live.
    games: Vec<String>,
    /// Creations admitted but not yet recorded or dropped.
    pending: usize,
    /// The creations its bucket holds now.
    tokens: f64,
    refilled: Instant,
}

/// The quotas of every client of a server.
#[derive(Debug)]
pub struct Quotas {
    config: QuotaConfig,
    clients: Mutex<HashMap<ClientId, Arc<Mutex<Client>>>>,
    /// The size of the map after its last sweep: it is swept again when it
    /// has doubled, so it stays proportional to the active clients.
    swept_at: Mutex<usize>,
}

/// A creation admitted against its client's quotas: [`Admission::created`]
/// records the game; dropped without it, the creation did not happen and
/// its live slot is given back (its tokens are not).
#[derive(Debug)]
pub struct Admission {
    client: Arc<Mutex<Client>>,
    done: bool,
}

impl Admission {
    /// Counts `game_id` as one of the client's live games.
    pub fn created(mut self, game_id: &str) {
        let mut client = lock(&self.client);
        client.pending -= 1;
        client.games.push(game_id.to_owned());
        self.done = true;
    }
}

impl Drop for Admission {
    fn drop(&mut self) {
        if !self.done {
            lock(&self.client).pending -= 1;
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Whether the game `id` is still live: on the server and not finished.
fn live(games: &Games, id: &str) -> bool {
    games
        .get(id)
        .is_ok_and(|entry| entry.peek().status() != pb::GameStatus::Finished)
}

impl Quotas {
    /// Quotas as `config` sets them.
    pub fn new(config: QuotaConfig) -> Self {
        Quotas {
            config,
            clients: Mutex::new(HashMap::new()),
            swept_at: Mutex::new(0),
        }
    }

    /// The API keys clients may present.
    pub fn api_keys(&self) -> &[ApiKey] {
        &self.config.api_keys
    }

    fn limits(&self, id: &ClientId) -> (usize, u32) {
        match id {
            ClientId::Key(index) => self.config.api_keys.get(*index).map_or(
                (
                    self.config.max_games_per_client,
                    self.config.creates_per_minute_per_client,
                ),
                |key| (key.max_live_games, key.creates_per_minute),
            ),
            _ => (
                self.config.max_games_per_client,
                self.config.creates_per_minute_per_client,
            ),
        }
    }

    fn who(&self, id: &ClientId) -> String {
        match id {
            ClientId::Key(index) => self
                .config
                .api_keys
                .get(*index)
                .map_or_else(|| id.to_string(), |key| format!("API key {}", key.name)),
            _ => format!("client {id}"),
        }
    }

    /// Admits a creation by `id` that costs `cost` creations of its rate (a
    /// game from a long replay costs more), or refuses it with
    /// `RESOURCE_EXHAUSTED`: too many creations this minute, or too many
    /// live games.
    pub fn admit(&self, id: &ClientId, cost: u32, games: &Games) -> Result<Admission, Status> {
        let (max_live, per_minute) = self.limits(id);
        let client = self.client(id, per_minute, games);
        let mut state = lock(&client);
        let now = Instant::now();
        let capacity = f64::from(per_minute);
        let refill = now.duration_since(state.refilled).as_secs_f64() * capacity / 60.0;
        state.tokens = (state.tokens + refill).min(capacity);
        state.refilled = now;
        let cost = f64::from(cost).min(capacity);
        if state.tokens < cost {
            return Err(Status::from(MatchError::ResourceExhausted(format!(
                "{} may create {per_minute} games a minute (a game from a long replay \
                 counts as more than one); try again in a few seconds",
                self.who(id)
            ))));
        }
        state.tokens -= cost;
        if state.games.len() + state.pending >= max_live {
            state.games.retain(|game| live(games, game));
        }
        if state.games.len() + state.pending >= max_live {
            return Err(Status::from(MatchError::ResourceExhausted(format!(
                "{} has its maximum of {max_live} live games; finish or concede one first",
                self.who(id)
            ))));
        }
        state.pending += 1;
        drop(state);
        Ok(Admission {
            client,
            done: false,
        })
    }

    fn client(&self, id: &ClientId, per_minute: u32, games: &Games) -> Arc<Mutex<Client>> {
        let mut clients = lock(&self.clients);
        if let Some(client) = clients.get(id) {
            return client.clone();
        }
        let mut swept_at = lock(&self.swept_at);
        if clients.len() >= (*swept_at * 2).max(1_024) {
            self.sweep(&mut clients, games);
            *swept_at = clients.len();
        }
        let client = Arc::new(Mutex::new(Client {
            games: Vec::new(),
            pending: 0,
            tokens: f64::from(per_minute),
            refilled: Instant::now(),
        }));
        clients.insert(id.clone(), client.clone());
        client
    }

    /// Forgets the clients that have no live game, no creation under way
    /// and a full bucket: they are as a new client would be.
    fn sweep(&self, clients: &mut HashMap<ClientId, Arc<Mutex<Client>>>, games: &Games) {
        let now = Instant::now();
        clients.retain(|id, client| {
            let (_, per_minute) = self.limits(id);
            let mut state = lock(client);
            state.games.retain(|game| live(games, game));
            let refill =
                now.duration_since(state.refilled).as_secs_f64() * f64::from(per_minute) / 60.0;
            let full = state.tokens + refill >= f64::from(per_minute);
            !(state.games.is_empty() && state.pending == 0 && full)
        });
    }
}
