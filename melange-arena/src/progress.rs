//! A run's progress, kept in its output folder as it goes
//! (`progress.jsonl`), so that a run stopped half way (the arena killed,
//! the machine restarted) goes on with `--resume` instead of starting over:
//! the tournament seed and the settings first, then each game's server id
//! when it is created and its result when it ends.
//!
//! On resume, finished games are kept as they were, created ones are
//! re-attached by their id (the server recovered them from its journal, or
//! they are played again from their seed), and the rest are played. The
//! file holds the tournament seed, which reveals every game's hidden cards,
//! so it is readable by its owner only and removed when the run is over:
//! the seed is published in `run.json` only then.
use std::{
    collections::HashMap,
    fs::{File, OpenOptions},
    io::Write,
    path::{Path, PathBuf},
    sync::Mutex,
};

use serde::{Deserialize, Serialize};

use super::play::{Finished, StoodIn};

/// The progress file's name in the output folder.
pub const FILE_NAME: &str = "progress.jsonl";

/// One line of the file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "line", rename_all = "snake_case")]
enum Line {
    /// The first line: what the run is.
    Start { seed: u64, settings: String },
    /// Game `index` was created on the server as `game_id`.
    Created { index: usize, game_id: String },
    /// Game `index` ended (its replay is written).
    Finished {
        index: usize,
        game_id: String,
        places: Vec<usize>,
        reason: String,
        version: u64,
        #[serde(default)]
        stand_ins: Vec<StoodIn>,
    },
}

/// The progress of one run: what the file said when the run began, and
/// the file, to which each game's steps are added as they happen.
#[derive(Debug)]
pub struct Progress {
    path: PathBuf,
    file: Mutex<File>,
    /// The tournament seed.
    pub seed: u64,
    /// Games that ended in an earlier sitting, by schedule index.
    pub finished: HashMap<usize, Finished>,
    /// Games created in an earlier sitting and not known to have ended.
    pub created: HashMap<usize, String>,
}

impl Progress {
    /// Starts the progress of a new run in `out`. A folder that holds an
    /// unfinished run is refused: that run goes on with `--resume`, or the
    /// new one wants another folder.
    pub fn start(out: &Path, seed: u64, settings: &str) -> Result<Progress, String> {
        let path = out.join(FILE_NAME);
        if path.exists() {
            return Err(format!(
                "{} holds an unfinished run ({FILE_NAME}); go on with it with --resume, \
                 or give another --out",
                out.display()
            ));
        }
        let file = private_append(&path, true)?;
        let progress = Progress {
            path,
            file: Mutex::new(file),
            seed,
            finished: HashMap::new(),
            created: HashMap::new(),
        };
        progress.write(&Line::Start {
            seed,
            settings: settings.to_owned(),
        })?;
        Ok(progress)
    }

    /// Reads the progress of an unfinished run in `out`, made with the same
    /// `settings`, and goes on appending to it. A last line that a crash
    /// cut short is ignored.
    pub fn resume(out: &Path, settings: &str) -> Result<Progress, String> {
        let path = out.join(FILE_NAME);
        let text = std::fs::read_to_string(&path).map_err(|error| {
            format!(
                "--resume: cannot read {} ({error}); is this the folder of an unfinished run?",
                path.display()
            )
        })?;
        // Only the last line can be torn (each is one write); it is cut
        // off, so that the lines appended from here start on their own.
        let mut lines = Vec::new();
        let mut good_bytes = 0;
        for line in text.split_inclusive('\n') {
            let Some(complete) = line.strip_suffix('\n') else {
                break;
            };
            match serde_json::from_str::<Line>(complete) {
                Ok(parsed) => lines.push(parsed),
                Err(_) => break,
            }
            good_bytes += line.len();
        }
        let mut lines = lines.into_iter();
        let Some(Line::Start {
            seed,
            settings: kept,
        }) = lines.next()
        else {
            return Err(format!(
                "--resume: {} does not begin with the run's settings",
                path.display()
            ));
        };
        if kept != settings {
            return Err(format!(
                "--resume: the run in {} was started with other settings (bots, game, \
                 options or format); resume it with the same flags",
                out.display()
            ));
        }
        let mut finished = HashMap::new();
        let mut created = HashMap::new();
        for line in lines {
            match line {
                Line::Start { .. } => {}
                Line::Created { index, game_id } => {
                    created.insert(index, game_id);
                }
                Line::Finished {
                    index,
                    game_id,
                    places,
                    reason,
                    version,
                    stand_ins,
                } => {
                    created.remove(&index);
                    finished.insert(
                        index,
                        Finished {
                            game_id,
                            places,
                            reason,
                            version,
                            stand_ins,
                        },
                    );
                }
            }
        }
        let file = private_append(&path, false)?;
        file.set_len(good_bytes as u64)
            .map_err(|error| format!("cannot cut {}: {error}", path.display()))?;
        Ok(Progress {
            path,
            file: Mutex::new(file),
            seed,
            finished,
            created,
        })
    }

    /// Game `index` was created as `game_id`.
    pub fn created(&self, index: usize, game_id: &str) -> Result<(), String> {
        self.write(&Line::Created {
            index,
            game_id: game_id.to_owned(),
        })
    }

    /// Game `index` ended as `finished`.
    pub fn finished(&self, index: usize, finished: &Finished) -> Result<(), String> {
        self.write(&Line::Finished {
            index,
            game_id: finished.game_id.clone(),
            places: finished.places.clone(),
            reason: finished.reason.clone(),
            version: finished.version,
            stand_ins: finished.stand_ins.clone(),
        })
    }

    /// The run is over and its files are written: the progress (and the
    /// seed in it) goes.
    pub fn complete(&self) -> Result<(), String> {
        std::fs::remove_file(&self.path)
            .map_err(|error| format!("cannot remove {}: {error}", self.path.display()))
    }

    /// Appends one line in one write, so that a crash tears at most the
    /// last line.
    fn write(&self, line: &Line) -> Result<(), String> {
        let mut text = serde_json::to_string(line).map_err(|error| error.to_string())?;
        text.push('\n');
        let mut file = self
            .file
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        file.write_all(text.as_bytes())
            .map_err(|error| format!("cannot write {}: {error}", self.path.display()))
    }
}

/// Opens `path` for appending, readable by its owner only.
fn private_append(path: &Path, create: bool) -> Result<File, String> {
    let mut options = OpenOptions::new();
    options.append(true).create_new(create);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options
        .open(path)
        .map_err(|error| format!("cannot open {}: {error}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("melange-progress-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn finished(game_id: &str) -> Finished {
        Finished {
            game_id: game_id.to_owned(),
            places: vec![2, 1],
            reason: "the end".to_owned(),
            version: 7,
            stand_ins: vec![StoodIn {
                version: 3,
                seat: 1,
                reason: "bot_late".to_owned(),
            }],
        }
    }

    #[test]
    fn a_resumed_run_knows_its_seed_its_finished_and_its_created_games() {
        let dir = folder("resume");
        let progress = Progress::start(&dir, 99, "settings").unwrap();
        progress.created(0, "g0").unwrap();
        progress.created(1, "g1").unwrap();
        progress.finished(0, &finished("g0")).unwrap();
        drop(progress);
        // A crash tore the last line.
        let mut file = OpenOptions::new()
            .append(true)
            .open(dir.join(FILE_NAME))
            .unwrap();
        file.write_all(b"{\"line\":\"created\",\"ind").unwrap();
        assert!(
            Progress::start(&dir, 5, "settings")
                .unwrap_err()
                .contains("--resume")
        );
        assert!(
            Progress::resume(&dir, "other")
                .unwrap_err()
                .contains("other settings")
        );
        let resumed = Progress::resume(&dir, "settings").unwrap();
        resumed.created(2, "g2").unwrap();
        drop(resumed);
        let resumed = Progress::resume(&dir, "settings").unwrap();
        assert_eq!(resumed.seed, 99);
        assert_eq!(resumed.finished, HashMap::from([(0, finished("g0"))]));
        assert_eq!(
            resumed.created,
            HashMap::from([(1, "g1".to_owned()), (2, "g2".to_owned())]),
            "the torn line was cut, the next one kept"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.join(FILE_NAME))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600, "the seed is in it");
        }
        resumed.complete().unwrap();
        assert!(!dir.join(FILE_NAME).exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
