//! Recovery: reading back every game the store holds when the server
//! starts. Each game's actions are read in version order and stop at the
//! first record that is missing, damaged (its checksum does not match,
//! a torn write) or out of order: the game is then rebuilt up to the last
//! good action, and the store cuts the bad tail off.
use redb::{Database, ReadableTable};

use super::{
    record::{self, ActionRecord, FORMAT, GameRecord},
    store::{ACTIONS, FINISHED, GAMES, store_error},
};

/// One game as the store kept it.
#[derive(Debug)]
pub struct StoredGame {
    /// Its id, served again unchanged.
    pub id: String,
    /// Its creation.
    pub record: GameRecord,
    /// Its good actions, in version order from version 1.
    pub actions: Vec<ActionRecord>,
    /// Why the actions stop early, when a record was damaged.
    pub damaged: Option<String>,
    /// When it finished (seconds since the Unix epoch), if it has.
    pub finished_unix: Option<u64>,
}

/// Everything the store held at start.
#[derive(Debug, Default)]
pub struct Recovered {
    /// The games that can be rebuilt.
    pub games: Vec<StoredGame>,
    /// Games whose creation record cannot be read: id and reason.
    pub unreadable: Vec<(String, String)>,
}

/// Reads every game in the store.
pub(super) fn read_all(db: &Database) -> Result<Recovered, String> {
    let txn = db.begin_read().map_err(store_error)?;
    let games = txn.open_table(GAMES).map_err(store_error)?;
    let actions = txn.open_table(ACTIONS).map_err(store_error)?;
    let finished = txn.open_table(FINISHED).map_err(store_error)?;
    let mut recovered = Recovered::default();
    for entry in games.iter().map_err(store_error)? {
        let (id, bytes) = entry.map_err(store_error)?;
        let id = id.value().to_owned();
        let game = match record::open::<GameRecord>(bytes.value()) {
            Ok(game) if game.format <= FORMAT => game,
            Ok(game) => {
                let reason = format!(
                    "its record has format {}, newer than this build's {FORMAT}",
                    game.format
                );
                recovered.unreadable.push((id, reason));
                continue;
            }
            Err(reason) => {
                recovered.unreadable.push((id, reason));
                continue;
            }
        };
        let mut kept = Vec::new();
        let mut damaged = None;
        let range = actions
            .range((id.as_str(), 0)..=(id.as_str(), u64::MAX))
            .map_err(store_error)?;
        for entry in range {
            let (key, bytes) = entry.map_err(store_error)?;
            let version = key.value().1;
            let expected = kept.len() as u64 + 1;
            if version != expected {
                damaged = Some(format!(
                    "version {expected} is missing from the journal (the next kept is {version})"
                ));
                break;
            }
            match record::open::<ActionRecord>(bytes.value()) {
                Ok(action) => kept.push(action),
                Err(reason) => {
                    damaged = Some(format!(
                        "the record of version {version} is damaged: {reason}"
                    ));
                    break;
                }
            }
        }
        let finished_unix = finished
            .get(id.as_str())
            .map_err(store_error)?
            .map(|at| at.value());
        recovered.games.push(StoredGame {
            id,
            record: game,
            actions: kept,
            damaged,
            finished_unix,
        });
    }
    Ok(recovered)
}
