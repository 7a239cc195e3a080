//! The server's side of the journal store: opening it and rebuilding the
//! games it holds at start, sweeping finished games out once their
//! retention has passed, and reporting the store's size.
use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use super::{
    ServerConfig,
    fleet::Journaling,
    game_service::{GameEntry, Games},
};
use crate::{
    api::Catalog,
    pb,
    store::{Store, retention},
};

/// The opened store and the recovered games whose bots have moves to make.
pub struct Opened {
    /// The store, shared by every journaled game.
    pub store: Arc<Store>,
    /// Recovered games whose built-in bots play on.
    pub bots_to_resume: Vec<GameEntry>,
    /// Every recovered game that can still move: its clock and its remote
    /// bots are driven again (MC-CLOCK-04, MC-BOT-01).
    pub to_drive: Vec<GameEntry>,
}

/// Opens the store of `config.data_dir` (if any) and puts every game it
/// holds back into `games`, under its id, with its seats' token hashes.
/// A game whose replay fails a check is served read-only, a game that
/// cannot be rebuilt at all is left in the store and logged; neither stops
/// the server. An unusable data directory does.
pub fn open(
    config: &ServerConfig,
    catalog: &Catalog,
    games: &Games,
) -> Result<Option<Opened>, String> {
    let Some(dir) = &config.data_dir else {
        tracing::info!("no data directory: games are kept in memory only");
        return Ok(None);
    };
    if !config.allow_shared_data_dir {
        refuse_shared(dir)?;
    }
    let started = Instant::now();
    let (store, recovered) = Store::open(dir, config.fsync)?;
    let store = Arc::new(store);
    let read = started.elapsed();
    for (id, reason) in &recovered.unreadable {
        tracing::error!(game_id = %id, %reason, "a stored game cannot be read; it stays in the store, not served");
    }
    let total = recovered.games.len();
    let mut restored = 0usize;
    let mut read_only = 0usize;
    let mut actions = 0u64;
    let mut bots_to_resume = Vec::new();
    let mut to_drive = Vec::new();
    for stored in recovered.games {
        let id = stored.id.clone();
        if let Some(reason) = &stored.damaged {
            tracing::warn!(game_id = %id, kept = stored.actions.len(), %reason,
                "a journal record is damaged; the game resumes at the last good action");
        }
        let mut rebuilt = match catalog.restore(stored, Some(&store)) {
            Ok(rebuilt) => rebuilt,
            Err(error) => {
                tracing::error!(game_id = %id, %error, "a stored game cannot be rebuilt; it stays in the store, not served");
                continue;
            }
        };
        if let Some(reason) = &rebuilt.read_only {
            read_only += 1;
            tracing::error!(game_id = %id, %reason, "a recovered game failed its check; it is served read-only");
        }
        actions += rebuilt.game.version();
        let bots_play_on = rebuilt.read_only.is_none() && rebuilt.game.play_bots(0);
        match games.insert(id.clone(), rebuilt.game) {
            Ok(entry) => {
                restored += 1;
                if rebuilt.read_only.is_none() {
                    to_drive.push(entry.clone());
                }
                if bots_play_on {
                    bots_to_resume.push(entry);
                }
            }
            Err(error) => {
                tracing::error!(game_id = %id, %error, "a recovered game does not fit in the registry");
            }
        }
    }
    tracing::info!(
        games = restored,
        of = total,
        read_only,
        actions,
        read_ms = read.as_millis() as u64,
        total_ms = started.elapsed().as_millis() as u64,
        store = %store.describe(),
        "recovered the games of the journal store"
    );
    retention::report(&store, games.len());
    Ok(Some(Opened {
        store,
        bots_to_resume,
        to_drive,
    }))
}

/// Refuses an existing data directory that other users may enter or read
/// (any group or other permission bit): the store holds every game's seed,
/// which reveals its hidden cards. The server does not change the mode of a
/// directory it did not create; the operator makes it private or says that
/// sharing it is meant (`--allow-shared-data-dir`). A directory the server
/// creates is made private by the store.
fn refuse_shared(dir: &std::path::Path) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let Ok(metadata) = std::fs::metadata(dir) else {
            // Missing: the store creates it, private.
            return Ok(());
        };
        let mode = metadata.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            return Err(format!(
                "the data directory {} (--data-dir) is open to other users (mode {mode:o}) \
                 and holds every game's seed: make it private (chmod 700 {}) or, if that \
                 is meant, start with --allow-shared-data-dir (MELANGE_ALLOW_SHARED_DATA_DIR)",
                dir.display(),
                dir.display()
            ));
        }
    }
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// How often the size is logged even when nothing was swept.
const REPORT_EVERY: Duration = Duration::from_secs(60 * 60);

/// Drops finished games whose retention has passed, from the store and
/// from memory, every so often for as long as the server runs, and logs
/// the store's size after each sweep that dropped something (and hourly).
pub async fn sweep_finished(journaling: Journaling, games: Arc<Games>, keep_for: Duration) {
    let period = (keep_for / 4).clamp(Duration::from_millis(100), Duration::from_secs(60));
    let mut tick = tokio::time::interval(period);
    let mut reported = Instant::now();
    loop {
        tick.tick().await;
        // A fleet's journal may not be reached yet.
        let Ok(Some(store)) = journaling.store() else {
            continue;
        };
        let swept = {
            let store = store.clone();
            tokio::task::spawn_blocking(move || retention::sweep(&store, keep_for)).await
        };
        match swept {
            Ok(Ok(ids)) if !ids.is_empty() => {
                for id in &ids {
                    games.remove(id);
                }
                tracing::info!(
                    removed = ids.len(),
                    "finished games past their retention dropped"
                );
                retention::report(&store, games.len());
                reported = Instant::now();
            }
            Ok(Ok(_)) => {
                if reported.elapsed() >= REPORT_EVERY {
                    retention::report(&store, games.len());
                    reported = Instant::now();
                }
            }
            Ok(Err(error)) => tracing::error!(%error, "the retention sweep failed"),
            Err(_) => tracing::error!("the retention sweep stopped unexpectedly"),
        }
    }
}

/// Idle expiry with a store: finished games are spared (their retention
/// decides), unfinished idle games go from memory and from the store.
pub fn expire_idle(games: &Games, store: &Store) -> usize {
    let mut gone = Vec::new();
    let removed = games.expire_idle_with(
        |entry| entry.peek().status() == pb::GameStatus::Finished,
        |id| gone.push(id.to_owned()),
    );
    for id in gone {
        if let Err(error) = store.delete(&id) {
            tracing::error!(game_id = %id, %error, "an expired game could not be deleted from the store");
        }
    }
    removed
}
