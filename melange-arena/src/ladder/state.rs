//! What a ladder must remember across its own restarts, in its folder:
//! `state.json` (the ladder seed, the next game number, the games in
//! flight and the hosted programs' slots) and, for each game in flight, a
//! folder `in-flight/NNNNN/` with the arena's [`Progress`] file, where
//! [`crate::play::play`] notes the game's server id as soon as it
//! is created (so that a restarted ladder re-attaches to it) and its end.
//!
//! Results are not here: they are in the games log ([`super::record`]),
//! from which the ratings are rebuilt at each start, so that a game is
//! counted exactly once whatever moment a crash picks. The order of the
//! writes makes that so: a game is entered here before it is created, its
//! line goes into the log when it ends, and only then does it leave this
//! file; a game found both here and in the log is over.
//!
//! `state.json` holds the ladder seed, from which every game's seed follows
//! one way ([`crate::schedule::match_seed`]): it is written readable
//! by its owner only, and never printed.
use std::{
    collections::BTreeMap,
    io::Write,
    path::{Path, PathBuf},
};

use serde::{Deserialize, Serialize};

use crate::{progress::Progress, schedule::match_seed};

/// The state file's name in the output folder.
pub const FILE_NAME: &str = "state.json";
/// The folder of the games in flight.
pub const IN_FLIGHT: &str = "in-flight";

/// A seat of a game in flight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// The bot's label.
    pub label: String,
    /// Its spec when the game was made (it may be retired or changed in
    /// `bots.txt` since, and the game may need making again).
    pub bot: String,
}

/// A game the ladder started and has not logged yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InFlight {
    /// The kind's name ([`super::GameSpec::name`]).
    pub kind: String,
    /// Who plays each seat.
    pub seats: Vec<Seat>,
}

/// The ladder's state. Not `Debug`: it holds the seed.
#[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The ladder's seed, drawn from the operating system when the ladder
    /// starts; secret.
    pub seed: u64,
    /// The number the next game gets (games are numbered from 0 across
    /// every kind; the replay of game N is `replays/NNNNN.replay.pb`).
    pub next_game: u64,
    /// The games started and not yet in the log, by number.
    pub in_flight: BTreeMap<u64, InFlight>,
    /// The slot of each hosted program's label, which gives its port
    /// (`--program-listen` plus the slot) and its sandbox user; kept so
    /// that the ports the server allows stay the same across restarts.
    #[serde(default)]
    pub slots: BTreeMap<String, usize>,
}

impl State {
    /// Reads the state in `out`, or starts one with a seed drawn from the
    /// operating system.
    pub fn load_or_start(out: &Path) -> Result<State, String> {
        let path = out.join(FILE_NAME);
        match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text)
                .map_err(|error| format!("{} is damaged: {error}", path.display())),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                use rand::TryRngCore;
                let seed = rand::rngs::OsRng.try_next_u64().map_err(|error| {
                    format!("cannot draw a ladder seed from the operating system: {error}")
                })?;
                let state = State {
                    seed,
                    ..State::default()
                };
                state.save(out)?;
                Ok(state)
            }
            Err(error) => Err(format!("cannot read {}: {error}", path.display())),
        }
    }

    /// Writes the state in one step (a temporary file renamed over the old
    /// one), readable by its owner only.
    pub fn save(&self, out: &Path) -> Result<(), String> {
        let json = serde_json::to_string_pretty(self).map_err(|error| error.to_string())?;
        write_atomic(&out.join(FILE_NAME), (json + "\n").as_bytes(), true)
    }

    /// The seed of game `game`: one way from the ladder seed (a published
    /// replay's seed gives back neither it nor the next games' seeds).
    pub fn game_seed(&self, game: u64) -> u64 {
        // The tournaments' rounds count up from 1; the ladder's "rounds"
        // count down from the top, so they never meet a tournament's.
        let high = u32::try_from(game >> 32).unwrap_or(u32::MAX);
        match_seed(self.seed, u32::MAX - high, game as u32)
    }

    /// The slot of hosted label `label`, given one if it has none.
    pub fn slot(&mut self, label: &str) -> usize {
        if let Some(&slot) = self.slots.get(label) {
            return slot;
        }
        let slot = self.slots.values().map(|s| s + 1).max().unwrap_or(0);
        self.slots.insert(label.to_owned(), slot);
        slot
    }
}

/// The folder of game `game` in flight.
pub fn game_folder(out: &Path, game: u64) -> PathBuf {
    out.join(IN_FLIGHT).join(format!("{game:05}"))
}

/// The progress of game `game` in flight: the one kept from an earlier
/// sitting, or a new one. Its seed is 0: the game's seed follows from the
/// ladder's, and a second copy of it is one more secret to keep.
pub fn game_progress(out: &Path, game: u64) -> Result<Progress, String> {
    let folder = game_folder(out, game);
    let settings = format!("ladder game {game}");
    if folder.join(crate::progress::FILE_NAME).exists() {
        return Progress::resume(&folder, &settings);
    }
    make_private_dir(&folder)?;
    Progress::start(&folder, 0, &settings)
}

/// Removes the folder of a game that is logged, and those of games no
/// longer in flight (a crash between the log and the state).
pub fn sweep(out: &Path, state: &State) {
    let Ok(entries) = std::fs::read_dir(out.join(IN_FLIGHT)) else {
        return;
    };
    for entry in entries.flatten() {
        let number = entry.file_name().to_string_lossy().parse::<u64>().ok();
        if number.is_none_or(|n| !state.in_flight.contains_key(&n)) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Makes `folder` (and its parents), readable by its owner only.
pub fn make_private_dir(folder: &Path) -> Result<(), String> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder
        .create(folder)
        .map_err(|error| format!("cannot make {}: {error}", folder.display()))
}

/// Writes `bytes` to `path` in one step: a temporary file beside it,
/// flushed to disk, then renamed over it, so that a reader (or a restart
/// after a crash) sees the old file or the new one, never half of one.
/// `private`: readable by its owner only.
pub fn write_atomic(path: &Path, bytes: &[u8], private: bool) -> Result<(), String> {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.tmp"));
    let failed = |error: std::io::Error| format!("cannot write {}: {error}", path.display());
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(if private { 0o600 } else { 0o644 });
    }
    let mut file = options.open(&temporary).map_err(failed)?;
    file.write_all(bytes).map_err(failed)?;
    file.sync_all().map_err(failed)?;
    drop(file);
    std::fs::rename(&temporary, path).map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_is_private_kept_and_gives_each_game_its_own_seed() {
        let dir = super::super::test_folder("state");
        let mut state = State::load_or_start(&dir).unwrap();
        assert_eq!(state.next_game, 0);
        state.next_game = 7;
        state.in_flight.insert(
            6,
            InFlight {
                kind: "imperium".into(),
                seats: vec![Seat {
                    label: "a".into(),
                    bot: "random".into(),
                }],
            },
        );
        assert_eq!(state.slot("p"), 0);
        assert_eq!(state.slot("q"), 1);
        assert_eq!(state.slot("p"), 0);
        state.save(&dir).unwrap();
        let again = State::load_or_start(&dir).unwrap();
        assert!(again == state, "the state reads back as written");
        assert_ne!(state.game_seed(1), state.game_seed(2));
        assert_ne!(state.game_seed(1), state.game_seed(1 << 32 | 1));
        // (Its mode, 0600, is checked by melange-arena/tests/platform/ladder.rs.)
        // A game's progress, then the sweep of games no longer in flight.
        let progress = game_progress(&dir, 6).unwrap();
        progress.created(6, "g6").unwrap();
        drop(progress);
        assert_eq!(game_progress(&dir, 6).unwrap().created[&6], "g6");
        drop(game_progress(&dir, 5).unwrap());
        sweep(&dir, &state);
        assert!(game_folder(&dir, 6).exists());
        assert!(!game_folder(&dir, 5).exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
