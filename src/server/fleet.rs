//! A server as one of a fleet over a shared journal (`--journal`): joining
//! it (health says NOT_SERVING until the journal answers), loading a game a
//! call names that this server does not hold (taking its lease), dropping
//! the games another server took (their streams end with UNAVAILABLE),
//! adopting the games that move by themselves when their server dies, and
//! handing every lease back at shutdown. The protocol is in
//! `docs/scaling.md`.
use std::{
    collections::HashMap,
    sync::{Arc, Mutex, OnceLock},
    time::{Duration, Instant},
};

use tonic::Status;

use super::{
    bots::BotPool,
    clock::Referee,
    game_service::{GameEntry, Games},
};
use crate::{
    api::Catalog,
    matches::MatchError,
    pb,
    store::{FleetConfig, Store, StoredGame},
};

/// How many orphaned games one look adopts at most.
const ADOPT_AT_ONCE: i64 = 64;

/// Where the service's games are journaled: nowhere (memory only), the
/// embedded store, or a fleet's shared journal once it is reached.
#[derive(Clone, Debug, Default)]
pub struct Journaling {
    store: Arc<OnceLock<Arc<Store>>>,
    fleet: bool,
}

impl Journaling {
    /// Games are journaled to `store` from the start.
    pub fn ready(store: Arc<Store>) -> Self {
        let journaling = Journaling {
            fleet: store.fleet().is_some(),
            ..Journaling::default()
        };
        let _ = journaling.store.set(store);
        journaling
    }

    /// Games go to a fleet's shared journal once it is reached.
    pub fn pending_fleet() -> Self {
        Journaling {
            fleet: true,
            ..Journaling::default()
        }
    }

    /// The store games are journaled to (`None`: memory only), or
    /// UNAVAILABLE while a fleet's journal has not been reached.
    pub fn store(&self) -> Result<Option<Arc<Store>>, Status> {
        match (self.store.get(), self.fleet) {
            (Some(store), _) => Ok(Some(store.clone())),
            (None, false) => Ok(None),
            (None, true) => Err(Status::from(MatchError::Unavailable(
                "this server has not reached the fleet's shared journal yet; retry shortly"
                    .to_owned(),
            ))),
        }
    }

    /// Whether this server is one of a fleet.
    pub fn is_fleet(&self) -> bool {
        self.fleet
    }
}

/// What a server needs to host a game it loads or adopts.
#[derive(Clone)]
pub struct Hosting {
    pub games: Arc<Games>,
    pub catalog: Arc<Catalog>,
    pub bots: BotPool,
    pub referee: Referee,
    pub journaling: Journaling,
    /// Turns true when the server stops: a stopping fleet server takes no
    /// game (it has handed its leases back).
    stopping: tokio::sync::watch::Receiver<bool>,
    /// One load at a time per game id, so two calls for the same game do
    /// not both take its lease.
    loading: Arc<Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>>,
}

impl Hosting {
    /// A host over the service's parts.
    pub fn new(
        games: Arc<Games>,
        catalog: Arc<Catalog>,
        bots: BotPool,
        referee: Referee,
        journaling: Journaling,
        stopping: tokio::sync::watch::Receiver<bool>,
    ) -> Self {
        Hosting {
            games,
            catalog,
            bots,
            referee,
            journaling,
            stopping,
            loading: Arc::default(),
        }
    }

    /// Refuses work that would take a lease while a fleet server stops.
    pub fn check_not_stopping(&self) -> Result<(), Status> {
        if self.journaling.is_fleet() && *self.stopping.borrow() {
            return Err(Status::from(MatchError::Unavailable(
                "this server of the fleet is stopping; retry, the proxy routes the call to another"
                    .to_owned(),
            )));
        }
        Ok(())
    }

    /// Makes sure a game a call names is here when this server is one of a
    /// fleet: a game it does not hold is taken from the shared journal
    /// (its lease, then its history, replayed with the state-hash checks).
    /// Without a fleet, or for an id the fleet does not know, nothing
    /// happens (the registry answers NOT_FOUND).
    pub async fn ensure_here(&self, game_id: &str) -> Result<(), Status> {
        if !self.journaling.is_fleet() || self.games.get(game_id).is_ok() {
            return Ok(());
        }
        // Only an id this server could have issued reaches the database.
        if game_id.len() != 32 || !game_id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(());
        }
        self.check_not_stopping()?;
        let Some(store) = self.journaling.store()? else {
            return Ok(());
        };
        let Some(fleet) = store.fleet() else {
            return Ok(());
        };
        let gate = {
            let mut loading = self
                .loading
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            loading.entry(game_id.to_owned()).or_default().clone()
        };
        let result = async {
            let _turn = gate.lock().await;
            if self.games.get(game_id).is_ok() {
                return Ok(());
            }
            let started = Instant::now();
            let stored = fleet.take_over(game_id).await.map_err(|error| {
                tracing::error!(%game_id, %error, "a game could not be taken from the shared journal");
                Status::from(MatchError::Unavailable(
                    "the fleet's shared journal did not answer; retry shortly".to_owned(),
                ))
            })?;
            let Some(stored) = stored else {
                return Ok(());
            };
            let actions = stored.actions.len();
            self.install(stored, &store, "taken")?;
            tracing::info!(
                %game_id,
                actions,
                ms = started.elapsed().as_millis() as u64,
                "game taken from the fleet"
            );
            Ok(())
        }
        .await;
        let mut loading = self
            .loading
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if Arc::strong_count(&gate) <= 2 {
            loading.remove(game_id);
        }
        result
    }

    /// ListGames for the whole fleet, from the shared journal: newest first;
    /// a game this server holds is summed up live, any other from its
    /// record (its `to_act` left empty: only its holder knows it without a
    /// replay). `None` when this server is not one of a fleet.
    pub async fn list_games(
        &self,
        request: &pb::ListGamesRequest,
        limit: usize,
    ) -> Result<Option<pb::ListGamesResponse>, Status> {
        let Some(store) = self.journaling.store()? else {
            return Ok(None);
        };
        let Some(fleet) = store.fleet() else {
            return Ok(None);
        };
        let before = match request.page_token.split_once('.') {
            None if request.page_token.is_empty() => (i64::MAX, String::new()),
            Some((created, id)) if created.parse::<i64>().is_ok() => {
                (created.parse::<i64>().unwrap_or(i64::MAX), id.to_owned())
            }
            _ => {
                return Err(Status::from(MatchError::InvalidArgument(format!(
                    "page_token {} was not issued by this fleet",
                    crate::matches::echo(&request.page_token)
                ))));
            }
        };
        let finished = match pb::GameStatus::try_from(request.status) {
            Ok(pb::GameStatus::Finished) => Some(true),
            Ok(pb::GameStatus::InProgress) => Some(false),
            _ => None,
        };
        let mut listed = fleet
            .list(request.kind, finished, before, limit as i64 + 1)
            .await
            .map_err(|error| {
                tracing::error!(%error, "the fleet's games could not be listed");
                Status::from(MatchError::Unavailable(
                    "the fleet's shared journal did not answer; retry shortly".to_owned(),
                ))
            })?;
        let next_page_token = match listed.get(limit) {
            Some(_) => {
                let last = &listed[limit - 1];
                format!("{}.{}", last.created_unix, last.id)
            }
            None => String::new(),
        };
        listed.truncate(limit);
        let games = listed
            .into_iter()
            .map(|game| match self.games.get(&game.id) {
                Ok(entry) => entry.peek().summary(),
                Err(_) => summary_from_record(game),
            })
            .collect();
        Ok(Some(pb::ListGamesResponse {
            games,
            next_page_token,
        }))
    }

    /// Rebuilds a stored game, registers it and lets its bots, clock and
    /// remote bots go on here.
    fn install(
        &self,
        stored: StoredGame,
        store: &Arc<Store>,
        how: &str,
    ) -> Result<GameEntry, MatchError> {
        let id = stored.id.clone();
        if let Some(reason) = &stored.damaged {
            tracing::warn!(game_id = %id, %reason, "a journal record is damaged; the game resumes at the last good action");
        }
        let rebuilt = self.catalog.restore(stored, Some(store))?;
        if let Some(reason) = &rebuilt.read_only {
            tracing::error!(game_id = %id, %reason, "a game failed its check; it is served read-only");
        }
        let writable = rebuilt.read_only.is_none();
        let mut game = rebuilt.game;
        // A game another load registered meanwhile stays; this one goes.
        if let Ok(entry) = self.games.get(&id) {
            return Ok(entry);
        }
        let bots_play_on = writable && game.play_bots(0);
        let entry = self.games.insert(id.clone(), game)?;
        if writable {
            self.referee.drive(&entry, false);
        }
        if bots_play_on {
            self.bots.play_on(&entry, format!("game {id} ({how})"));
        }
        Ok(entry)
    }

    /// Drops a game another server took: it refuses every change from now
    /// on, and its streams end with UNAVAILABLE (their clients resume
    /// where it is now).
    /// Answers whether this server held it.
    fn drop_moved(&self, game_id: &str) -> bool {
        let Ok(entry) = self.games.get(game_id) else {
            return false;
        };
        entry.lock().mark_moved(format!(
            "game {game_id} is now served by another server of the fleet; \
             retry the call, the proxy routes it there"
        ));
        self.games.remove_moved(game_id);
        true
    }
}

/// A game's summary from what its record says (a game another server
/// holds).
fn summary_from_record(game: crate::store::Listed) -> pb::GameSummary {
    let plays = &game.record.plays;
    pb::GameSummary {
        game_id: game.id,
        kind: game.record.kind,
        status: if game.finished {
            pb::GameStatus::Finished
        } else {
            pb::GameStatus::InProgress
        } as i32,
        version: game.version,
        seats: game
            .record
            .seats
            .iter()
            .enumerate()
            .map(|(index, seat)| pb::SeatGrant {
                seat: index as u32,
                plays: plays.get(index).cloned().unwrap_or_default(),
                bot: seat.bot.clone(),
                token: String::new(),
            })
            .collect(),
        to_act: Vec::new(),
        seed_chosen_by_creator: game.record.seed_chosen_by_creator,
        options: game.record.options,
        // Only the server that holds a game knows its result.
        result: None,
        created_unix: u64::try_from(game.created_unix).unwrap_or(0),
    }
}

/// Health as the fleet's journal allows: NOT_SERVING until it is reached
/// and whenever the heartbeat fails.
async fn set_health(health: &tonic_health::server::HealthReporter, serving: bool) {
    type Service = pb::served::game_service_server::GameServiceServer<super::GameServiceImpl>;
    if serving {
        health.set_serving::<Service>().await;
        health
            .set_service_status("", tonic_health::ServingStatus::Serving)
            .await;
    } else {
        health.set_not_serving::<Service>().await;
        health
            .set_service_status("", tonic_health::ServingStatus::NotServing)
            .await;
    }
}

/// Joins the fleet: connects (retrying until the journal answers, health
/// NOT_SERVING meanwhile), then keeps the heartbeat, drops games others
/// took and adopts orphans for as long as the server runs. Returns once
/// the store is set, with the task that keeps it.
pub async fn join(
    config: FleetConfig,
    hosting: Hosting,
    health: tonic_health::server::HealthReporter,
    mut stopping: tokio::sync::watch::Receiver<bool>,
) {
    set_health(&health, false).await;
    let mut backoff = Duration::from_millis(100);
    let store = loop {
        match Store::connect(config.clone()).await {
            Ok(store) => break Arc::new(store),
            Err(error) => {
                tracing::error!(%error, "cannot join the fleet yet; retrying");
                tokio::select! {
                    () = tokio::time::sleep(backoff) => {}
                    _ = stopping.wait_for(|stopping| *stopping) => return,
                }
                backoff = (backoff * 2).min(Duration::from_secs(5));
            }
        }
    };
    let Some(fleet) = store.fleet().cloned() else {
        return;
    };
    let _ = hosting.journaling.store.set(store.clone());
    tracing::info!(store = %store.describe(), "joined the fleet");
    set_health(&health, true).await;
    if let Some(mut lost) = fleet.lost_games() {
        let hosting = hosting.clone();
        tokio::spawn(async move {
            while let Some(game_id) = lost.recv().await {
                if hosting.drop_moved(&game_id) {
                    tracing::info!(%game_id, "game taken by another server of the fleet; dropped here");
                }
            }
        });
    }
    let period = fleet.lease_ttl() / 3;
    let mut tick = tokio::time::interval(period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_look = Instant::now();
    let mut serving = true;
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stopping.wait_for(|stopping| *stopping) => break,
        }
        // The window covers the time since the last look (however long the
        // server was frozen) with a margin.
        let window = last_look.elapsed() + period * 2;
        let looked = Instant::now();
        let alive = fleet.heartbeat().await.and(fleet.check_lost(window).await);
        match alive {
            Ok(_) => {
                last_look = looked;
                if !serving {
                    tracing::info!("the fleet's shared journal answers again");
                    set_health(&health, true).await;
                    serving = true;
                }
            }
            Err(error) => {
                if serving {
                    tracing::error!(%error, "the fleet's shared journal does not answer");
                    set_health(&health, false).await;
                    serving = false;
                }
                continue;
            }
        }
        match fleet.adopt_orphans(ADOPT_AT_ONCE).await {
            Ok(adopted) => {
                for game in adopted {
                    match game {
                        Ok(stored) => {
                            let game_id = stored.id.clone();
                            match hosting.install(stored, &store, "adopted") {
                                Ok(_) => {
                                    tracing::info!(%game_id, "adopted a game whose server is gone")
                                }
                                Err(error) => {
                                    tracing::error!(%game_id, %error, "an adopted game cannot be rebuilt")
                                }
                            }
                        }
                        Err((game_id, reason)) => {
                            tracing::error!(%game_id, %reason, "an adopted game cannot be read");
                        }
                    }
                }
            }
            Err(error) => tracing::error!(%error, "could not look for orphaned games"),
        }
    }
    // A graceful stop: say so, then hand every lease back so that other
    // servers take the games at once.
    set_health(&health, false).await;
    if let Err(error) = fleet.release_all().await {
        tracing::error!(%error, "could not hand the leases back; they expire instead");
    }
    let handed_back = hosting
        .games
        .ids()
        .iter()
        .filter(|game_id| hosting.drop_moved(game_id))
        .count();
    tracing::info!(games = handed_back, "games handed back to the fleet");
}
