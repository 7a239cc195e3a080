//! The fleet's group commit: one task takes every write waiting and makes
//! it in one transaction on one pooled connection, so a burst of actions
//! of many games costs a few round trips in all. Groups run side by side
//! on up to half the pool's connections: a game never has two writes in
//! flight (its match waits for each), so groups never reorder one game's
//! actions.
//!
//! Fencing: an append carries the epoch of the lease this server holds,
//! and the statement that inserts the actions joins them with the game's
//! row locked `FOR SHARE` at that epoch. A takeover (`UPDATE ... SET epoch
//! = epoch + 1`) waits for appends in flight and then bumps the epoch, so
//! an append from the old holder either committed before the takeover
//! (and the new holder reads it) or inserts nothing: the database refuses
//! it in the same statement, and the old holder learns it lost the game.
use std::{collections::HashMap, sync::Arc};

use deadpool_postgres::{GenericClient, Pool};
use tokio::sync::{Semaphore, mpsc};

use super::{Held, database_error};
use crate::store::journal::{JournalError, Op};

/// One caller's writes and where its answer goes.
pub(super) struct WriteJob {
    pub ops: Vec<Op>,
    pub done: std::sync::mpsc::SyncSender<Result<(), JournalError>>,
}

/// The most jobs one transaction takes.
const MAX_GROUP: usize = 4096;

/// Takes jobs until every sender is gone, making each group in one
/// transaction.
pub(super) async fn run(
    pool: Pool,
    held: Arc<Held>,
    mut jobs: mpsc::UnboundedReceiver<WriteJob>,
    lanes: usize,
) {
    let lanes = Arc::new(Semaphore::new(lanes.max(1)));
    while let Some(first) = jobs.recv().await {
        let mut group = vec![first];
        while group.len() < MAX_GROUP {
            match jobs.try_recv() {
                Ok(job) => group.push(job),
                Err(_) => break,
            }
        }
        let Ok(lane) = lanes.clone().acquire_owned().await else {
            return;
        };
        let (pool, held) = (pool.clone(), held.clone());
        tokio::spawn(async move {
            commit_group(&pool, &held, group).await;
            drop(lane);
        });
    }
}

/// The appends of one group, as the columns of one statement.
#[derive(Default)]
struct Appends {
    ids: Vec<String>,
    epochs: Vec<i64>,
    versions: Vec<i64>,
    records: Vec<Vec<u8>>,
    /// Per game: (its epoch, actions expected, when it finished).
    games: HashMap<String, (i64, i64, Option<u64>)>,
    /// Clocks to keep: (game, epoch, sealed record).
    clocks: Vec<(String, i64, Vec<u8>)>,
}

/// A new game of the group.
struct Create {
    id: String,
    game: Vec<u8>,
    actions: Vec<(u64, Vec<u8>)>,
    finished: Option<u64>,
    self_driving: bool,
}

/// What one job asked of the group, once sorted.
enum Asked {
    /// Writes this job's games need (their ids).
    Games(Vec<String>),
    /// Nothing to write (a flush).
    Nothing,
}

async fn commit_group(pool: &Pool, held: &Held, group: Vec<WriteJob>) {
    let mut appends = Appends::default();
    let mut creates = Vec::new();
    let mut deletes = Vec::new();
    let mut answers = Vec::with_capacity(group.len());
    for job in group {
        let mut games = Vec::new();
        let mut refused = None;
        for op in job.ops {
            match op {
                Op::Append {
                    id,
                    actions,
                    finished,
                } => {
                    let Some(epoch) = held.epoch(&id) else {
                        refused = Some(JournalError::Moved(id));
                        continue;
                    };
                    let entry = appends.games.entry(id.clone()).or_insert((epoch, 0, None));
                    entry.1 += actions.len() as i64;
                    if finished.is_some() {
                        entry.2 = finished;
                    }
                    for (version, bytes) in actions {
                        appends.ids.push(id.clone());
                        appends.epochs.push(epoch);
                        appends.versions.push(version as i64);
                        appends.records.push(bytes);
                    }
                    games.push(id);
                }
                Op::Create {
                    id,
                    game,
                    actions,
                    finished,
                    self_driving,
                } => {
                    games.push(id.clone());
                    creates.push(Create {
                        id,
                        game,
                        actions,
                        finished,
                        self_driving,
                    });
                }
                Op::Clock { id, record } => {
                    if let Some(epoch) = held.epoch(&id) {
                        appends.clocks.push((id, epoch, record));
                    }
                }
                Op::Delete { id } => deletes.push(id),
                // A fleet's store never cuts a tail: a damaged record is
                // the embedded store's matter.
                Op::Truncate { .. } => {}
                #[cfg(feature = "testkit")]
                Op::Raw { .. } => {}
            }
        }
        let asked = if games.is_empty() {
            Asked::Nothing
        } else {
            Asked::Games(games)
        };
        answers.push((job.done, asked, refused));
    }
    let outcome = transaction(pool, held, &creates, &appends, &deletes).await;
    for (done, asked, refused) in answers {
        let answer = match (&outcome, refused) {
            (_, Some(refused)) => Err(refused),
            (Err(error), _) => Err(JournalError::Failed(error.clone())),
            (Ok(moved), None) => match asked {
                Asked::Games(games) => match games.iter().find(|id| moved.contains(*id)) {
                    Some(id) => Err(JournalError::Moved(id.clone())),
                    None => Ok(()),
                },
                Asked::Nothing => Ok(()),
            },
        };
        let _ = done.send(answer);
    }
    match outcome {
        Ok(moved) => {
            for id in moved {
                held.lost(&id);
            }
        }
        Err(_) => {
            // Whether the commit happened is unknown: the games of the
            // group are dropped here and read back from the journal by the
            // next call, so memory never disagrees with the store.
            for id in appends.games.keys() {
                held.lost(id);
            }
        }
    }
}

/// Makes the group's writes in one transaction; returns the games whose
/// appends the database refused (a newer epoch holds them).
async fn transaction(
    pool: &Pool,
    held: &Held,
    creates: &[Create],
    appends: &Appends,
    deletes: &[String],
) -> Result<Vec<String>, String> {
    let mut client = pool.get().await.map_err(database_error)?;
    // The common group, actions of running games and nothing else: one
    // statement, atomic by itself, so one round trip (its plan prepared
    // once per connection) and no transaction around it.
    let only_actions = creates.is_empty()
        && deletes.is_empty()
        && appends.clocks.is_empty()
        && appends
            .games
            .values()
            .all(|(.., finished)| finished.is_none());
    if only_actions {
        return insert_actions(&client, appends).await;
    }
    let txn = client.transaction().await.map_err(database_error)?;
    for Create {
        id,
        game,
        actions,
        finished,
        self_driving,
    } in creates
    {
        let kind = super::record_kind(game);
        let created = crate::store::unix_now() as i64;
        txn.execute(
            "WITH game AS (
                INSERT INTO melange_games
                    (game_id, record, kind, created_unix, finished_unix, self_driving, owner, epoch)
                VALUES ($1, $2, $3, $4, $5, $6, $7, 1)
                RETURNING game_id
            )
            INSERT INTO melange_epochs (game_id, epoch, owner) SELECT game_id, 1, $7 FROM game",
            &[
                id,
                game,
                &kind,
                &created,
                &finished.map(|at| at as i64),
                self_driving,
                &held.node_id(),
            ],
        )
        .await
        .map_err(database_error)?;
        if !actions.is_empty() {
            let versions: Vec<i64> = actions.iter().map(|(version, _)| *version as i64).collect();
            let records: Vec<&[u8]> = actions.iter().map(|(_, bytes)| bytes.as_slice()).collect();
            txn.execute(
                "INSERT INTO melange_actions (game_id, version, epoch, record)
                 SELECT $1, v, 1, r FROM unnest($2::bigint[], $3::bytea[]) AS a(v, r)",
                &[id, &versions, &records],
            )
            .await
            .map_err(database_error)?;
        }
    }
    let mut moved = Vec::new();
    if !appends.ids.is_empty() {
        moved = insert_actions(&txn, appends).await?;
        let mut finished_ids = Vec::new();
        let mut finished_epochs = Vec::new();
        let mut finished_at = Vec::new();
        for (id, (epoch, _, finished)) in &appends.games {
            if let (Some(at), false) = (finished, moved.contains(id)) {
                finished_ids.push(id.as_str());
                finished_epochs.push(*epoch);
                finished_at.push(*at as i64);
            }
        }
        if !finished_ids.is_empty() {
            txn.execute(
                "UPDATE melange_games g SET finished_unix = f.at
                 FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS f(game_id, epoch, at)
                 WHERE g.game_id = f.game_id AND g.epoch = f.epoch",
                &[&finished_ids, &finished_epochs, &finished_at],
            )
            .await
            .map_err(database_error)?;
        }
    }
    let clocks: Vec<_> = appends
        .clocks
        .iter()
        .filter(|(id, ..)| !moved.contains(id))
        .collect();
    if !clocks.is_empty() {
        let ids: Vec<&str> = clocks.iter().map(|(id, ..)| id.as_str()).collect();
        let epochs: Vec<i64> = clocks.iter().map(|(_, epoch, _)| *epoch).collect();
        let records: Vec<&[u8]> = clocks
            .iter()
            .map(|(.., record)| record.as_slice())
            .collect();
        txn.execute(
            "UPDATE melange_games g SET clock = c.record
             FROM unnest($1::text[], $2::bigint[], $3::bytea[]) AS c(game_id, epoch, record)
             WHERE g.game_id = c.game_id AND g.epoch = c.epoch",
            &[&ids, &epochs, &records],
        )
        .await
        .map_err(database_error)?;
    }
    if !deletes.is_empty() {
        // Only a game this server holds, and none another server took.
        let mine: Vec<(&str, i64)> = deletes
            .iter()
            .filter_map(|id| held.epoch(id).map(|epoch| (id.as_str(), epoch)))
            .collect();
        let ids: Vec<&str> = mine.iter().map(|(id, _)| *id).collect();
        let epochs: Vec<i64> = mine.iter().map(|(_, epoch)| *epoch).collect();
        txn.execute(
            "WITH gone AS (
                DELETE FROM melange_games g USING unnest($1::text[], $2::bigint[]) AS d(game_id, epoch)
                WHERE g.game_id = d.game_id AND g.epoch = d.epoch
                RETURNING g.game_id
            ), actions AS (
                DELETE FROM melange_actions a USING gone WHERE a.game_id = gone.game_id
            )
            DELETE FROM melange_epochs e USING gone WHERE e.game_id = gone.game_id",
            &[&ids, &epochs],
        )
        .await
        .map_err(database_error)?;
    }
    txn.commit().await.map_err(database_error)?;
    for create in creates {
        held.take(&create.id, 1);
    }
    for id in deletes {
        held.release(id);
    }
    Ok(moved)
}

/// Inserts a group's actions in one statement, each game's only at the
/// epoch this server holds it (fencing); returns the games whose actions
/// the database refused (another server took them).
async fn insert_actions(
    client: &impl GenericClient,
    appends: &Appends,
) -> Result<Vec<String>, String> {
    let statement = client
        .prepare_cached(
            "WITH batch AS (
                SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bytea[])
                    AS b(game_id, epoch, version, record)
            ), lease AS (
                SELECT g.game_id, g.epoch FROM melange_games g
                JOIN (SELECT DISTINCT game_id, epoch FROM batch) k
                    ON g.game_id = k.game_id AND g.epoch = k.epoch
                FOR SHARE OF g
            ), kept AS (
                INSERT INTO melange_actions (game_id, version, epoch, record)
                SELECT b.game_id, b.version, b.epoch, b.record
                FROM batch b JOIN lease l ON l.game_id = b.game_id
                ON CONFLICT DO NOTHING
                RETURNING game_id
            )
            SELECT game_id, count(*) FROM kept GROUP BY game_id",
        )
        .await
        .map_err(database_error)?;
    let rows = client
        .query(
            &statement,
            &[
                &appends.ids,
                &appends.epochs,
                &appends.versions,
                &appends.records,
            ],
        )
        .await
        .map_err(database_error)?;
    let mut kept: HashMap<String, i64> = HashMap::with_capacity(rows.len());
    for row in rows {
        kept.insert(row.get(0), row.get(1));
    }
    Ok(appends
        .games
        .iter()
        .filter(|(id, (_, expected, _))| kept.get(*id).copied().unwrap_or(0) != *expected)
        .map(|(id, _)| id.clone())
        .collect())
}
