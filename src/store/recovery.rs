//! Recovery: reading back every game the store holds when the server
//! starts, whichever store kept it. Each game's actions are read in version
//! order and stop at the first record that is missing, damaged (its
//! checksum does not match, a torn write) or out of order: the game is then
//! rebuilt up to the last good action, and the store cuts the bad tail off.
use super::record::{self, ActionRecord, ClockRecord, FORMAT, GameRecord};

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
    /// Its clocks after its last batch, when it has time controls and the
    /// journal kept them.
    pub clock: Option<ClockRecord>,
}

/// Everything the store held at start.
#[derive(Debug, Default)]
pub struct Recovered {
    /// The games that can be rebuilt, oldest first (in the order they were
    /// created).
    pub games: Vec<StoredGame>,
    /// Games whose creation record cannot be read: id and reason.
    pub unreadable: Vec<(String, String)>,
}

/// One game from its stored bytes, whatever the store: its record, then
/// its actions in version order up to the first missing, damaged or out of
/// order one. An unreadable record is an error (the reason).
pub(super) fn read_game(
    id: String,
    record_bytes: &[u8],
    actions: impl IntoIterator<Item = (u64, Vec<u8>)>,
    finished_unix: Option<u64>,
    clock: Option<&[u8]>,
) -> Result<StoredGame, String> {
    let game = match record::open::<GameRecord>(record_bytes) {
        Ok(game) if game.format <= FORMAT => game,
        Ok(game) => {
            return Err(format!(
                "its record has format {}, newer than this build's {FORMAT}",
                game.format
            ));
        }
        Err(reason) => return Err(reason),
    };
    let mut kept = Vec::new();
    let mut damaged = None;
    for (version, bytes) in actions {
        let expected = kept.len() as u64 + 1;
        if version != expected {
            damaged = Some(format!(
                "version {expected} is missing from the journal (the next kept is {version})"
            ));
            break;
        }
        match record::open::<ActionRecord>(&bytes) {
            Ok(action) => kept.push(action),
            Err(reason) => {
                damaged = Some(format!(
                    "the record of version {version} is damaged: {reason}"
                ));
                break;
            }
        }
    }
    Ok(StoredGame {
        id,
        record: game,
        actions: kept,
        damaged,
        finished_unix,
        // A damaged clock record only costs the clocks: full banks.
        clock: clock.and_then(|bytes| record::open::<ClockRecord>(bytes).ok()),
    })
}
