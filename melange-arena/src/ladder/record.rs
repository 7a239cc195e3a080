//! The ladder's games log, `games.jsonl`: one JSON line a game, appended
//! when the game ends (or fails), in the order games end. It is the
//! ladder's record of results: the ratings are rebuilt from it at each
//! start, in its order, so the leaderboard after a restart is the one
//! before it.
use std::{io::Write, path::Path};

use serde::{Deserialize, Serialize};

use crate::play::StoodIn;

/// The log's name in the output folder.
pub const FILE_NAME: &str = "games.jsonl";

/// One game of the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLine {
    /// The game's number in the ladder.
    pub game: u64,
    /// The kind's name.
    pub kind: String,
    /// The label of each seat's bot.
    pub seats: Vec<String>,
    /// The game's seed (public now that the game is over: its replay has
    /// it too).
    pub seed: u64,
    /// The server's id of the game, if it was created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
    /// The place of each seat, 1 first; empty for a failed game.
    #[serde(default)]
    pub places: Vec<usize>,
    /// Why the game ended, as the server said.
    #[serde(default)]
    pub reason: String,
    /// How many actions it took.
    #[serde(default)]
    pub actions: u64,
    /// The actions the server played for a seat, and why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stand_ins: Vec<StoodIn>,
    /// Why the game could not be played to its end; a failed game is
    /// not rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// Its replay file, relative to the folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<String>,
}

/// Every game of the log in `out`. A last line that a crash cut short is
/// cut off the file, so that the next line starts on its own.
pub fn read(out: &Path) -> Result<Vec<GameLine>, String> {
    let path = out.join(FILE_NAME);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(error) => return Err(format!("cannot read {}: {error}", path.display())),
    };
    let mut games = Vec::new();
    let mut good_bytes = 0;
    for (number, line) in text.split_inclusive('\n').enumerate() {
        let Some(complete) = line.strip_suffix('\n') else {
            break;
        };
        let game = serde_json::from_str::<GameLine>(complete)
            .map_err(|error| format!("{} line {}: {error}", path.display(), number + 1))?;
        games.push(game);
        good_bytes += line.len();
    }
    if good_bytes < text.len() {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .map_err(|error| format!("cannot open {}: {error}", path.display()))?;
        file.set_len(good_bytes as u64)
            .map_err(|error| format!("cannot cut {}: {error}", path.display()))?;
    }
    Ok(games)
}

/// Appends one game in one write, flushed to disk before the game leaves
/// the state.
pub fn append(out: &Path, game: &GameLine) -> Result<(), String> {
    let path = out.join(FILE_NAME);
    let mut text = serde_json::to_string(game).map_err(|error| error.to_string())?;
    text.push('\n');
    let failed = |error: std::io::Error| format!("cannot write {}: {error}", path.display());
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(&path)
        .map_err(failed)?;
    file.write_all(text.as_bytes()).map_err(failed)?;
    file.sync_data().map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_reads_back_and_loses_only_a_torn_last_line() {
        let dir = super::super::test_folder("log");
        assert!(read(&dir).unwrap().is_empty());
        let game = GameLine {
            game: 3,
            kind: "imperium".into(),
            seats: vec!["a".into(), "b".into()],
            seed: 9,
            game_id: Some("g".into()),
            places: vec![2, 1],
            reason: "end".into(),
            actions: 40,
            stand_ins: Vec::new(),
            failure: None,
            replay: Some("replays/00003.replay.pb".into()),
        };
        append(&dir, &game).unwrap();
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(dir.join(FILE_NAME))
            .unwrap();
        file.write_all(b"{\"game\":4,\"ki").unwrap();
        assert_eq!(read(&dir).unwrap(), vec![game.clone()]);
        let failed = GameLine {
            game: 4,
            failure: Some("lost".into()),
            ..game.clone()
        };
        append(&dir, &failed).unwrap();
        assert_eq!(read(&dir).unwrap(), vec![game, failed]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
