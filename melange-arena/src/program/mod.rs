//! Hosted programs: an entrant `label=cmd:PROGRAM ARGS` is a program in any
//! language that melange-arena starts in a sandbox and talks to over its
//! standard input and output (docs/arena-programs.md).
//!
//! The server is not told about programs at all: for each hosted entrant
//! the arena serves a `BotService` endpoint ([`endpoint`]) and names it as
//! the seat's bot, so the server calls it as any remote bot, with its own
//! timeouts, clocks and handling of absent answers, and the arena passes
//! each decision to the seat's program ([`host`]) in the line protocol
//! ([`protocol`]), the program running in bubblewrap under resource
//! limits ([`sandbox`], [`child`]).
pub mod child;
pub mod endpoint;
pub mod host;
pub mod protocol;
pub mod sandbox;

use std::{
    net::SocketAddr,
    path::{Path, PathBuf},
    sync::{Arc, Mutex},
};

use super::Entrant;
pub use host::Fault;
pub use sandbox::Limits;

/// The prefix of a hosted entrant's bot.
pub const PREFIX: &str = "cmd:";

/// How hosted programs run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramConfig {
    /// The sandbox's limits.
    pub limits: Limits,
    /// Where the first program's endpoint listens (the next ones on the
    /// following ports); the server must allow each (`--allow-bot-endpoint`).
    /// Port 0: a free port each, for a server that runs in the same test.
    pub listen: SocketAddr,
    /// How many times one entrant's program is started in a run at most
    /// (once a seat of a game, again after a fault only in the next game).
    pub max_starts: u32,
}

impl Default for ProgramConfig {
    fn default() -> Self {
        ProgramConfig {
            limits: Limits::default(),
            listen: SocketAddr::from(([127, 0, 0, 1], 50070)),
            max_starts: 10_000,
        }
    }
}

/// A program and its arguments, as started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The executable: an absolute path, or a name looked up on the
    /// sandbox's PATH (`/usr/local/bin:/usr/bin:/bin`).
    pub program: PathBuf,
    /// Its arguments; those naming an existing file are made absolute.
    pub args: Vec<String>,
    /// Folders to bind read-only: the program's and its files'.
    pub folders: Vec<PathBuf>,
}

/// Reads the command of a bot `cmd:PROGRAM ARGS` (`None` for another
/// bot). Words are split on white space; a program or an argument that
/// names an existing file is made absolute and its folder bound, so
/// `cmd:./bot.py` and `cmd:python3 bots/mine.py` both work from the
/// arena's working folder.
pub fn command(bot: &str) -> Option<Result<Command, String>> {
    let line = bot.strip_prefix(PREFIX)?;
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Some(Err(format!(
            "the bot {bot:?} names no program; write {PREFIX}PROGRAM ARGS"
        )));
    };
    let mut folders = Vec::new();
    let mut absolute = |word: &str| -> Result<String, String> {
        let path = Path::new(word);
        if !path.is_file() {
            return Ok(word.to_owned());
        }
        let whole = path
            .canonicalize()
            .map_err(|error| format!("cannot resolve {word:?}: {error}"))?;
        if let Some(folder) = whole.parent()
            && !folders.iter().any(|f: &PathBuf| f == folder)
        {
            folders.push(folder.to_owned());
        }
        Ok(whole.to_string_lossy().into_owned())
    };
    let parsed = (|| {
        if first.contains('/') && !Path::new(first).is_file() {
            return Err(format!("the program {first:?} is not a file"));
        }
        let program = PathBuf::from(absolute(first)?);
        let args = words.map(&mut absolute).collect::<Result<Vec<_>, _>>()?;
        Ok((program, args))
    })();
    Some(parsed.map(|(program, args)| Command {
        program,
        args,
        folders,
    }))
}

/// The hosted entrants of a run, their endpoints and their faults.
#[derive(Default)]
pub struct Hosted {
    hosts: Vec<Arc<host::Host>>,
    _endpoints: Vec<endpoint::Endpoint>,
    faults: Arc<Mutex<Vec<Fault>>>,
}

impl Hosted {
    /// Starts an endpoint for each hosted entrant and returns the bot each
    /// entrant is for the server (its endpoint's URL, or its own bot).
    /// Standard error logs go under `logs/LABEL/`.
    pub async fn start(
        entrants: &[Entrant],
        config: &ProgramConfig,
        logs: &Path,
    ) -> Result<(Hosted, Vec<String>), String> {
        let mut hosted = Hosted::default();
        let mut bots = Vec::with_capacity(entrants.len());
        for (index, entrant) in entrants.iter().enumerate() {
            let slot = hosted.hosts.len();
            bots.push(hosted.host(entrant, (index, slot), config, logs).await?);
        }
        Ok((hosted, bots))
    }

    /// Starts the endpoint of one entrant in slot `slot` (its port is the
    /// slot's after `config.listen`, its programs' user id the slot's), or
    /// returns its own bot when it is not a hosted program. A ladder, whose
    /// bots come and go, hosts each in a slot of its own that it keeps
    /// across restarts, so that the ports the server allows stay the same.
    pub async fn start_slot(
        entrant: &Entrant,
        slot: usize,
        config: &ProgramConfig,
        logs: &Path,
    ) -> Result<(Hosted, String), String> {
        let mut hosted = Hosted::default();
        let bot = hosted.host(entrant, (slot, slot), config, logs).await?;
        Ok((hosted, bot))
    }

    /// The hosted entrants of several parts together, to tell them all
    /// when a game is over; the endpoints stay with the parts, which must
    /// outlive the games.
    pub fn joined<'a>(parts: impl IntoIterator<Item = &'a Hosted>) -> Hosted {
        let mut joined = Hosted::default();
        for part in parts {
            joined.hosts.extend(part.hosts.iter().cloned());
        }
        joined
    }

    /// Serves `entrant`'s endpoint if it is a hosted program (uid of
    /// `index`, port `slot` after `config.listen`) and returns what the
    /// server is told plays it.
    async fn host(
        &mut self,
        entrant: &Entrant,
        (index, slot): (usize, usize),
        config: &ProgramConfig,
        logs: &Path,
    ) -> Result<String, String> {
        let Some(command) = command(&entrant.bot) else {
            return Ok(entrant.bot.clone());
        };
        let command = command.map_err(|error| format!("bot {}: {error}", entrant.label))?;
        if self.hosts.is_empty() {
            check_bwrap(&config.limits.bwrap)?;
        }
        let mut limits = config.limits.clone();
        limits.binds.extend(command.folders);
        let host = Arc::new(host::Host::new(
            entrant.label.clone(),
            index,
            command.program,
            command.args,
            limits,
            logs.join(safe_name(&entrant.label)),
            config.max_starts,
            Arc::clone(&self.faults),
        ));
        let mut listen = config.listen;
        if listen.port() != 0 {
            let port = u16::try_from(usize::from(listen.port()) + slot)
                .map_err(|_| "the programs' ports run past 65535".to_owned())?;
            listen.set_port(port);
        }
        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .map_err(|error| {
                format!(
                    "bot {}: cannot listen on {listen} for its program: {error}",
                    entrant.label
                )
            })?;
        let served = endpoint::Endpoint::serve(listener, Arc::clone(&host))?;
        let bot = format!("http://{}", served.addr);
        self.hosts.push(host);
        self._endpoints.push(served);
        Ok(bot)
    }

    /// Ends the programs of a game that is over.
    pub fn end_game(&self, game_id: &str) {
        for host in &self.hosts {
            host.end_game(game_id);
        }
    }

    /// Each hosted entrant's label, answers in time and their mean time in
    /// milliseconds (see [`host::Host::exchanges`]).
    pub fn exchanges(&self) -> Vec<(String, u64, f64)> {
        self.hosts
            .iter()
            .map(|host| {
                let (count, mean) = host.exchanges();
                (host.label.clone(), count, mean)
            })
            .collect()
    }

    /// Every fault so far, in the order they happened.
    pub fn faults(&self) -> Vec<Fault> {
        self.faults
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }
}

/// A label as a file name: letters, digits, `-`, `_` and `.` kept, the rest
/// `_`.
pub(super) fn safe_name(label: &str) -> String {
    label
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Checks once that bubblewrap runs, so that a missing one is one clear
/// error rather than a fault at every decision.
fn check_bwrap(bwrap: &Path) -> Result<(), String> {
    let ran = std::process::Command::new(bwrap)
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status();
    match ran {
        Ok(status) if status.success() => Ok(()),
        _ => Err(format!(
            "hosting a program needs bubblewrap, and {} did not run; install it \
             (Debian: apt-get install bubblewrap) or name it with --program-bwrap",
            bwrap.display()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_its_words_with_files_made_absolute() {
        assert!(command("random").is_none());
        assert!(command("http://h:1").is_none());
        assert!(command("cmd:").unwrap().is_err());
        assert!(command("cmd:   ").unwrap().is_err());
        assert!(command("cmd:./no/such/bot").unwrap().is_err());
        let plain = command("cmd:python3 -u --flag").unwrap().unwrap();
        assert_eq!(plain.program, PathBuf::from("python3"));
        assert_eq!(plain.args, vec!["-u", "--flag"]);
        assert!(plain.folders.is_empty());
        // The crate's own manifest is a file relative to the tests' folder.
        let with_file = command("cmd:cat Cargo.toml").unwrap().unwrap();
        assert!(with_file.args[0].starts_with('/'));
        assert!(with_file.args[0].ends_with("/Cargo.toml"));
        assert_eq!(with_file.folders.len(), 1);
    }

    #[test]
    fn labels_become_safe_file_names() {
        assert_eq!(safe_name("my bot/1.py"), "my_bot_1.py");
    }
}
