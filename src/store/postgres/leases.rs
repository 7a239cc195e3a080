//! Leases: which server of the fleet holds which game. A server takes a
//! game by bumping its epoch (a call named it, or its server died), keeps
//! its own heartbeat fresh, learns which of its games another server took,
//! and hands every lease back when it stops.
use std::time::{Duration, Instant};

use deadpool_postgres::Pool;

use super::{Inner, database_error};
use crate::store::{StoredGame, recovery};

/// A game this server adopted from a server presumed dead, ready to be
/// rebuilt (or why it cannot be).
pub type Adopted = Result<StoredGame, (String, String)>;

impl Inner {
    /// Takes the game `id` from whichever server holds it (or nobody) and
    /// reads it back: the lease's epoch goes up first, so that from the
    /// moment this returns no other server can append to it, and then the
    /// journal is read whole. `Ok(None)` when the fleet has no such game.
    pub async fn take_over(&self, id: &str) -> Result<Option<StoredGame>, String> {
        let client = self.pool.get().await.map_err(database_error)?;
        let row = client
            .query_opt(
                "WITH taken AS (
                    UPDATE melange_games SET owner = $2, epoch = epoch + 1, taken_at = now()
                    WHERE game_id = $1
                    RETURNING game_id, epoch, record, finished_unix, clock
                ), audit AS (
                    INSERT INTO melange_epochs (game_id, epoch, owner)
                    SELECT game_id, epoch, $2 FROM taken
                )
                SELECT epoch, record, finished_unix, clock FROM taken",
                &[&id, &self.config.node_id],
            )
            .await
            .map_err(database_error)?;
        let Some(row) = row else {
            return Ok(None);
        };
        let epoch: i64 = row.get(0);
        let record: Vec<u8> = row.get(1);
        let finished: Option<i64> = row.get(2);
        let clock: Option<Vec<u8>> = row.get(3);
        self.held.take(id, epoch);
        let game = read_actions(&client, id.to_owned(), &record, finished, clock).await?;
        game.map(Some).map_err(|reason| {
            format!("game {id} is in the shared journal but its record cannot be read: {reason}")
        })
    }

    /// Renews this server's heartbeat: while it is fresh, no server adopts
    /// this one's games.
    pub async fn heartbeat(&self) -> Result<(), String> {
        let client = self.pool.get().await.map_err(database_error)?;
        client
            .execute(
                "INSERT INTO melange_nodes (node_id, expires_at)
                 VALUES ($1, now() + $2 * interval '1 millisecond')
                 ON CONFLICT (node_id) DO UPDATE SET expires_at = EXCLUDED.expires_at",
                &[
                    &self.config.node_id,
                    &(self.config.lease_ttl.as_millis() as f64),
                ],
            )
            .await
            .map_err(database_error)?;
        Ok(())
    }

    /// Finds the games this server holds that another server took within
    /// the last `window` (the time since the previous look, with a margin)
    /// and tells the server to drop each one.
    pub async fn check_lost(&self, window: Duration) -> Result<usize, String> {
        let client = self.pool.get().await.map_err(database_error)?;
        let rows = client
            .query(
                "SELECT game_id FROM melange_games
                 WHERE taken_at > now() - $1 * interval '1 millisecond'
                   AND owner IS DISTINCT FROM $2",
                &[&(window.as_millis() as f64), &self.config.node_id],
            )
            .await
            .map_err(database_error)?;
        let mut lost = 0;
        for row in rows {
            let id: String = row.get(0);
            if self.held.epoch(&id).is_some() {
                self.held.lost(&id);
                lost += 1;
            }
        }
        Ok(lost)
    }

    /// Takes up to `limit` unfinished games that move by themselves (bots,
    /// clocks) whose server is presumed dead or handed them back, and reads
    /// each back. Several servers adopting at once each get different
    /// games (`SKIP LOCKED`).
    pub async fn adopt_orphans(&self, limit: i64) -> Result<Vec<Adopted>, String> {
        let client = self.pool.get().await.map_err(database_error)?;
        let rows = client
            .query(
                "WITH orphans AS (
                    SELECT g.game_id FROM melange_games g
                    WHERE g.finished_unix IS NULL AND g.self_driving
                      AND (g.owner IS NULL OR NOT EXISTS (
                          SELECT 1 FROM melange_nodes n
                          WHERE n.node_id = g.owner AND n.expires_at > now()))
                    LIMIT $2
                    FOR UPDATE SKIP LOCKED
                ), taken AS (
                    UPDATE melange_games g SET owner = $1, epoch = g.epoch + 1, taken_at = now()
                    FROM orphans o WHERE g.game_id = o.game_id
                    RETURNING g.game_id, g.epoch, g.record, g.finished_unix, g.clock
                ), audit AS (
                    INSERT INTO melange_epochs (game_id, epoch, owner)
                    SELECT game_id, epoch, $1 FROM taken
                )
                SELECT game_id, epoch, record, finished_unix, clock FROM taken",
                &[&self.config.node_id, &limit],
            )
            .await
            .map_err(database_error)?;
        let mut adopted = Vec::with_capacity(rows.len());
        for row in rows {
            let id: String = row.get(0);
            let epoch: i64 = row.get(1);
            let record: Vec<u8> = row.get(2);
            let finished: Option<i64> = row.get(3);
            let clock: Option<Vec<u8>> = row.get(4);
            self.held.take(&id, epoch);
            adopted.push(
                read_actions(&client, id.clone(), &record, finished, clock)
                    .await?
                    .map_err(|reason| (id, reason)),
            );
        }
        Ok(adopted)
    }

    /// Hands every lease of this server back (a graceful stop): each game's
    /// epoch goes up with no owner, so nothing this server still has in
    /// flight can be written, and any server may take them at once (games
    /// that move by themselves are adopted at the next look). Returns how
    /// many.
    pub async fn release_all(&self) -> Result<u64, String> {
        let started = Instant::now();
        let client = self.pool.get().await.map_err(database_error)?;
        let released = client
            .execute(
                "UPDATE melange_games SET owner = NULL, epoch = epoch + 1, taken_at = now()
                 WHERE owner = $1",
                &[&self.config.node_id],
            )
            .await
            .map_err(database_error)?;
        client
            .execute(
                "DELETE FROM melange_nodes WHERE node_id = $1",
                &[&self.config.node_id],
            )
            .await
            .map_err(database_error)?;
        for id in self.held.ids() {
            self.held.release(&id);
        }
        tracing::info!(
            released,
            ms = started.elapsed().as_millis() as u64,
            "handed every lease back to the fleet"
        );
        Ok(released)
    }
}

/// Reads a game's actions after its record.
async fn read_actions(
    client: &deadpool_postgres::Client,
    id: String,
    record: &[u8],
    finished: Option<i64>,
    clock: Option<Vec<u8>>,
) -> Result<Result<StoredGame, String>, String> {
    let rows = client
        .query(
            "SELECT version, record FROM melange_actions WHERE game_id = $1 ORDER BY version",
            &[&id],
        )
        .await
        .map_err(database_error)?;
    let actions = rows.into_iter().map(|row| {
        let version: i64 = row.get(0);
        let bytes: Vec<u8> = row.get(1);
        (version as u64, bytes)
    });
    Ok(recovery::read_game(
        id,
        record,
        actions,
        finished.map(|at| at as u64),
        clock.as_deref(),
    ))
}

/// Deletes the finished games past their retention that this server holds
/// or nobody holds (their server is gone), and returns their ids.
pub(super) async fn sweep(
    pool: &Pool,
    node_id: &str,
    before_unix: i64,
) -> Result<Vec<String>, String> {
    let client = pool.get().await.map_err(database_error)?;
    let rows = client
        .query(
            "WITH gone AS (
                DELETE FROM melange_games g
                WHERE g.finished_unix < $1
                  AND (g.owner IS NULL OR g.owner = $2 OR NOT EXISTS (
                      SELECT 1 FROM melange_nodes n
                      WHERE n.node_id = g.owner AND n.expires_at > now()))
                RETURNING g.game_id
            ), actions AS (
                DELETE FROM melange_actions a USING gone WHERE a.game_id = gone.game_id
            ), epochs AS (
                DELETE FROM melange_epochs e USING gone WHERE e.game_id = gone.game_id
            )
            SELECT game_id FROM gone",
            &[&before_unix, &node_id],
        )
        .await
        .map_err(database_error)?;
    Ok(rows.into_iter().map(|row| row.get(0)).collect())
}

/// A game as the shared journal lists it, without replaying it.
#[derive(Debug)]
pub struct Listed {
    /// Its id.
    pub id: String,
    /// Its creation record.
    pub record: crate::store::GameRecord,
    /// Whether it is over.
    pub finished: bool,
    /// Its last version.
    pub version: u64,
    /// When it was created (seconds since the Unix epoch), for the page
    /// token.
    pub created_unix: i64,
}

impl Inner {
    /// The fleet's games, newest first, created before `before` (seconds,
    /// then id, for paging), of `kind` (0: any), finished or not
    /// (`None`: both); at most `limit`.
    pub async fn list(
        &self,
        kind: i32,
        finished: Option<bool>,
        before: (i64, String),
        limit: i64,
    ) -> Result<Vec<Listed>, String> {
        let client = self.pool.get().await.map_err(database_error)?;
        let rows = client
            .query(
                "SELECT g.game_id, g.record, g.finished_unix IS NOT NULL, g.created_unix,
                    coalesce((SELECT max(a.version) FROM melange_actions a
                              WHERE a.game_id = g.game_id), 0)
                 FROM melange_games g
                 WHERE ($1 = 0 OR g.kind = $1)
                   AND ($2::boolean IS NULL OR $2 = (g.finished_unix IS NOT NULL))
                   AND (g.created_unix, g.game_id) < ($3, $4)
                 ORDER BY g.created_unix DESC, g.game_id DESC
                 LIMIT $5",
                &[&kind, &finished, &before.0, &before.1, &limit],
            )
            .await
            .map_err(database_error)?;
        let mut listed = Vec::with_capacity(rows.len());
        for row in rows {
            let id: String = row.get(0);
            let bytes: Vec<u8> = row.get(1);
            // A record this build cannot read is left out of the listing.
            let Ok(record) = crate::store::open::<crate::store::GameRecord>(&bytes) else {
                continue;
            };
            listed.push(Listed {
                id,
                record,
                finished: row.get(2),
                created_unix: row.get(3),
                version: row.get::<_, i64>(4) as u64,
            });
        }
        Ok(listed)
    }
}
