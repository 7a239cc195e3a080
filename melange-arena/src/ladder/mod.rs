//! `melange-arena ladder`: a long-running ladder of bots on a melange
//! server. It keeps pairing the registered bots by rating, in the kinds of
//! game it is given, updates their ratings after each game and writes the
//! leaderboard and each game's replay as it goes; everything it needs to
//! go on after its own restart is in its output folder
//! (docs/arena-ladder.md).
//!
//! - [`registry`]: `bots.txt`, the registered bots, read again before
//!   each game;
//! - [`roster`]: those bots as played: hosted programs, trial decisions,
//!   refusals;
//! - [`games`]: the kinds of game and whose turn each game is;
//! - [`pairing`]: who sits at the next table, and where;
//! - [`state`]: `state.json` and `in-flight/`, what a restart needs;
//! - [`record`]: `games.jsonl`, the log of results;
//! - [`leaderboard`]: ratings per kind and the leaderboard files.
//!
//! Each game is played by [`crate::play::play`], as a tournament's
//! are: created on the server with every seat played by its bot, followed
//! to its end with retries, re-attached after a restart by the id its
//! progress file keeps, played again from its seed if the server lost it,
//! its replay written to `replays/`.
//!
//! Unlike a tournament's, a ladder's results depend on the order games
//! end in (the next table is paired from the ratings of the moment), so
//! two runs are not the same bytes; the games log says what happened, in
//! order, and the ratings always follow from it.
pub mod games;
pub mod leaderboard;
pub mod pairing;
pub mod record;
pub mod registry;
pub mod roster;
pub mod state;

use std::{
    collections::HashMap,
    path::{Path, PathBuf},
    sync::Arc,
    time::Duration,
};

use tokio::{sync::watch, task::JoinSet};
use tonic::transport::{Channel, Endpoint};

use super::{Entrant, Failure, Finished, ProgramConfig, ScheduledGame, play};
pub use games::GameSpec;
use leaderboard::{Book, Leaderboard};
use melange::pb::game_service_client::GameServiceClient;
use record::GameLine;
use roster::{Context, Roster};
use state::{InFlight, Seat, State};

/// Everything a ladder needs.
#[derive(Clone, Debug)]
pub struct LadderConfig {
    /// The melange server, e.g. `http://127.0.0.1:50051`.
    pub endpoint: String,
    /// The kinds of game, with their options and shares.
    pub games: Vec<GameSpec>,
    /// Bots to register (added to `bots.txt`, which may list more).
    pub bots: Vec<Entrant>,
    /// Games in flight at once.
    pub concurrency: usize,
    /// Stop once this many games have ended in this sitting.
    pub max_games: Option<u64>,
    /// A game not over after this long is given up (and logged as failed).
    pub game_timeout: Duration,
    /// How long a remote bot has for its trial decision when it is
    /// registered; `None`: no trial decisions.
    pub check_timeout: Option<Duration>,
    /// Every this many games ignores ratings and seats bots that have met
    /// least ([`pairing`]); 0: only newcomers explore.
    pub explore_every: u64,
    /// The output folder (made if missing); a folder with a ladder in it
    /// goes on with that ladder.
    pub out: PathBuf,
    /// How hosted programs (`cmd:` bots) run.
    pub programs: ProgramConfig,
    /// How often a ladder with too few bots to seat a table looks at
    /// `bots.txt` again.
    pub idle_poll: Duration,
    /// After a stop is asked ([`Stop::Drain`]), how long games in flight
    /// have to end before the ladder leaves them to the next start.
    pub stop_grace: Duration,
}

/// What the ladder is asked to do, through a watch channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Go on.
    Run,
    /// Start no game; give those in flight `stop_grace` to end, then leave
    /// the rest recorded for the next start.
    Drain,
    /// Leave now; the games in flight stay recorded and go on on the
    /// server, and the next start re-attaches to them.
    Now,
}

/// What one sitting of a ladder did.
#[derive(Clone, Debug)]
pub struct LadderReport {
    /// Games that ended (or failed) and were logged in this sitting.
    pub played: u64,
    /// The number the next game will get.
    pub next_game: u64,
    /// Games left in flight, for the next start.
    pub left_in_flight: usize,
    /// The leaderboard as written last.
    pub leaderboard: Leaderboard,
}

/// A game task's end: its number and its outcome.
type Ended = (u64, Result<Finished, Failure>);

/// This many games in a row failing for a reason no game can avoid (bad
/// options, an output folder that cannot be written) stop the ladder.
const MOST_FATAL: u32 = 3;

/// Runs the ladder in `config.out` until `stop` says so or `max_games`
/// games have ended. An error is a reason the ladder cannot run (no
/// server, a damaged state, an unwritable folder).
pub async fn run(
    mut config: LadderConfig,
    mut stop: watch::Receiver<Stop>,
) -> Result<LadderReport, String> {
    // MC-CLOCK-06: the server ends a game at the ladder's time limit
    // (MC-CLOCK-07), so a slow loser's game is rated like any other.
    for game in &mut config.games {
        super::limit_game_time(&mut game.options, config.game_timeout);
    }
    if config.games.iter().all(|game| game.weight == 0) {
        return Err("a ladder needs at least one kind of game".to_owned());
    }
    if config.concurrency == 0 {
        return Err("the concurrency must be at least 1".to_owned());
    }
    std::fs::create_dir_all(config.out.join("replays"))
        .map_err(|error| format!("cannot make {}: {error}", config.out.display()))?;
    state::make_private_dir(&config.out.join(state::IN_FLIGHT))?;
    let registered = registry::register(&config.out, &config.bots)?;
    let channel = Endpoint::from_shared(config.endpoint.clone())
        .map_err(|error| format!("bad endpoint {:?}: {error}", config.endpoint))?
        .connect()
        .await
        .map_err(|error| format!("cannot reach {}: {error}", config.endpoint))?;
    let mut ladder = Ladder::open(config, channel)?;
    ladder.refresh(Some(registered)).await;
    ladder.resume_in_flight().await?;
    ladder.publish()?;
    let result = ladder.play(&mut stop).await;
    // Whatever stopped it, the leaderboard says how many are in flight.
    ladder.publish()?;
    result?;
    Ok(LadderReport {
        played: ladder.played,
        next_game: ladder.state.next_game,
        left_in_flight: ladder.state.in_flight.len(),
        leaderboard: ladder.leaderboard(),
    })
}

/// What the roster needs, from the ladder's configuration.
fn context<'a>(config: &'a LadderConfig, client: &'a GameServiceClient<Channel>) -> Context<'a> {
    Context {
        client,
        endpoint: &config.endpoint,
        games: &config.games,
        programs: &config.programs,
        logs: config.out.join("programs"),
        check_timeout: config.check_timeout,
    }
}

/// A ladder at work.
struct Ladder {
    config: LadderConfig,
    client: GameServiceClient<Channel>,
    state: State,
    /// Ratings per kind: the configured kinds first, then kinds of the log
    /// no longer played.
    books: Vec<Book>,
    roster: Roster,
    tasks: JoinSet<Ended>,
    games_logged: u64,
    /// Games logged in this sitting.
    played: u64,
    fatal_streak: u32,
    /// The last complaint about `bots.txt`, said once.
    registry_error: Option<String>,
}

impl Ladder {
    /// Reads the state and the log, and rebuilds the ratings.
    fn open(config: LadderConfig, channel: Channel) -> Result<Ladder, String> {
        let mut state = State::load_or_start(&config.out)?;
        let log = record::read(&config.out)?;
        let books = config
            .games
            .iter()
            .map(|game| Book::new(&game.name, &game.title, game.seats))
            .collect();
        let mut ladder = Ladder {
            client: GameServiceClient::new(channel).max_decoding_message_size(16 << 20),
            state: State::default(),
            books,
            roster: Roster::default(),
            tasks: JoinSet::new(),
            games_logged: 0,
            played: 0,
            fatal_streak: 0,
            registry_error: None,
            config,
        };
        for game in &log {
            ladder.book(&game.kind, game.seats.len()).record(game);
            // Logged, so over, whatever the state says (a crash came
            // between the log and the state).
            state.in_flight.remove(&game.game);
            state.next_game = state.next_game.max(game.game + 1);
        }
        ladder.games_logged = log.len() as u64;
        state.save(&ladder.config.out)?;
        state::sweep(&ladder.config.out, &state);
        ladder.state = state;
        Ok(ladder)
    }

    /// The book of kind `name`, made if the log names a kind no longer
    /// configured. A kind logged under another spelling of its name
    /// (`war_for_arrakis`, `arrakis`) is the canonical name's book.
    fn book(&mut self, name: &str, seats: usize) -> &mut Book {
        let name = games::canonical_name(name);
        let index = match self.books.iter().position(|book| book.name == name) {
            Some(index) => index,
            None => {
                self.books.push(Book::new(&name, &name, seats));
                self.books.len() - 1
            }
        };
        &mut self.books[index]
    }

    /// Reads `bots.txt` again (or takes `registered`) and brings the
    /// roster and the books up to date.
    async fn refresh(&mut self, registered: Option<Vec<Entrant>>) {
        let registered = match registered.map_or_else(|| registry::read(&self.config.out), Ok) {
            Ok(registered) => {
                self.registry_error = None;
                registered
            }
            Err(error) => {
                if self.registry_error.as_ref() != Some(&error) {
                    tracing::error!("{error}; the ladder goes on with the bots it had");
                    self.registry_error = Some(error);
                }
                return;
            }
        };
        let mut state = self.state.clone();
        self.roster
            .refresh(
                &registered,
                &context(&self.config, &self.client),
                &mut state,
            )
            .await;
        if state != self.state {
            self.state = state;
            if let Err(error) = self.state.save(&self.config.out) {
                tracing::error!("{error}");
            }
        }
        // Registered bots appear on every configured kind's board at once.
        let active = self.roster.active();
        for book in &mut self.books {
            for entrant in &active {
                book.entrant(&entrant.label);
            }
        }
    }

    /// Follows the games an earlier sitting left in flight.
    async fn resume_in_flight(&mut self) -> Result<(), String> {
        let numbers: Vec<u64> = self.state.in_flight.keys().copied().collect();
        for number in numbers {
            tracing::info!(game = number, "following a game of an earlier sitting");
            self.spawn(number).await?;
        }
        Ok(())
    }

    /// Seats the next table, if the bots allow one, and starts its game.
    async fn schedule(&mut self) -> Result<bool, String> {
        self.refresh(None).await;
        let active = self.roster.active();
        let mut busy: HashMap<String, u32> = HashMap::new();
        for flight in self.state.in_flight.values() {
            for seat in &flight.seats {
                *busy.entry(seat.label.clone()).or_default() += 1;
            }
        }
        let number = self.state.next_game;
        let explore_every = self.config.explore_every;
        let mut picked = None;
        for kind in games::turn_order(&self.config.games, number) {
            let (name, seats) = (
                self.config.games[kind].name.clone(),
                self.config.games[kind].seats,
            );
            let book = self.book(&name, seats);
            let candidates: Vec<pairing::Candidate> = active
                .iter()
                .map(|e| book.candidate(&e.label, busy.get(e.label.as_str()).copied().unwrap_or(0)))
                .collect();
            let book = &*book;
            let met = |a: usize, b: usize| book.met(&active[a].label, &active[b].label);
            if let Some(table) =
                pairing::pick_table(&candidates, &met, seats, number, explore_every)
            {
                picked = Some((name, table));
                break;
            }
        }
        let Some((kind, table)) = picked else {
            return Ok(false);
        };
        let seats = table
            .iter()
            .map(|&i| Seat {
                label: active[i].label.clone(),
                bot: active[i].bot.clone(),
            })
            .collect();
        // In the state before it exists on the server: a crash from here
        // on finds it and plays or follows it.
        self.state
            .in_flight
            .insert(number, InFlight { kind, seats });
        self.state.next_game += 1;
        self.state.save(&self.config.out)?;
        self.spawn(number).await?;
        Ok(true)
    }

    /// Starts the task of game `number` of the state: a game kept as
    /// finished by its progress is taken as it is, one created is
    /// followed by its id, any other is created.
    async fn spawn(&mut self, number: u64) -> Result<(), String> {
        let flight = self.state.in_flight[&number].clone();
        let Some(spec) = self
            .config
            .games
            .iter()
            .find(|game| game.name == games::canonical_name(&flight.kind))
            .cloned()
        else {
            let failure = Failure {
                message: format!("its kind {} is no longer played", flight.kind),
                fatal: false,
            };
            self.tasks.spawn(async move { (number, Err(failure)) });
            return Ok(());
        };
        let entrants: Vec<Entrant> = flight
            .seats
            .iter()
            .map(|seat| Entrant {
                label: seat.label.clone(),
                bot: seat.bot.clone(),
            })
            .collect();
        let mut bots = Vec::with_capacity(entrants.len());
        let mut state = self.state.clone();
        for entrant in &entrants {
            let context = context(&self.config, &self.client);
            match self.roster.server_bot(entrant, &context, &mut state).await {
                Ok(bot) => bots.push(bot),
                Err(message) => {
                    let failure = Failure {
                        message,
                        fatal: false,
                    };
                    self.tasks.spawn(async move { (number, Err(failure)) });
                    return Ok(());
                }
            }
        }
        if state != self.state {
            self.state = state;
            self.state.save(&self.config.out)?;
        }
        let hosted = Arc::new(self.roster.joined(&entrants));
        let progress = state::game_progress(&self.config.out, number)?;
        let replays = self.config.out.join("replays");
        let index = usize::try_from(number).map_err(|error| error.to_string())?;
        if let Some(finished) = progress.finished.get(&index).cloned()
            && replays.join(play::replay_file(index)).exists()
        {
            self.tasks.spawn(async move { (number, Ok(finished)) });
            return Ok(());
        }
        let attach = progress
            .created
            .get(&index)
            .or_else(|| progress.finished.get(&index).map(|f| &f.game_id))
            .cloned();
        let game = ScheduledGame {
            index,
            round: 0,
            table: 0,
            seed: self.state.game_seed(number),
            rotation: 0,
            seats: (0..bots.len()).collect(),
        };
        let client = self.client.clone();
        let timeout = self.config.game_timeout;
        self.tasks.spawn(async move {
            let table = play::Table {
                kind: spec.kind,
                options: &spec.options,
                bots: &bots,
                hosted: &hosted,
                replays: &replays,
                timeout,
                progress: &progress,
            };
            (number, play::play(client, &table, &game, attach).await)
        });
        Ok(())
    }

    /// Logs a game that ended, rates it, and takes it out of the state;
    /// then rewrites the leaderboard.
    fn record(&mut self, (number, outcome): Ended) -> Result<(), String> {
        let Some(flight) = self.state.in_flight.get(&number).cloned() else {
            return Ok(());
        };
        let index = usize::try_from(number).map_err(|error| error.to_string())?;
        let mut line = GameLine {
            game: number,
            kind: flight.kind.clone(),
            seats: flight.seats.iter().map(|s| s.label.clone()).collect(),
            seed: self.state.game_seed(number),
            game_id: None,
            places: Vec::new(),
            reason: String::new(),
            actions: 0,
            stand_ins: Vec::new(),
            failure: None,
            replay: None,
        };
        let mut fatal = None;
        match outcome {
            Ok(finished) => {
                line.game_id = Some(finished.game_id);
                line.places = finished.places;
                line.reason = finished.reason;
                line.actions = finished.version;
                line.stand_ins = finished.stand_ins;
                line.replay = Some(format!("replays/{}", play::replay_file(index)));
                self.fatal_streak = 0;
            }
            Err(failure) => {
                tracing::warn!(game = number, "game failed: {}", failure.message);
                if failure.fatal {
                    self.fatal_streak += 1;
                    fatal = Some(failure.message.clone());
                } else {
                    self.fatal_streak = 0;
                }
                line.failure = Some(failure.message);
            }
        }
        record::append(&self.config.out, &line)?;
        self.book(&line.kind, line.seats.len()).record(&line);
        self.games_logged += 1;
        self.played += 1;
        self.state.in_flight.remove(&number);
        self.state.save(&self.config.out)?;
        let _ = std::fs::remove_dir_all(state::game_folder(&self.config.out, number));
        self.publish()?;
        match fatal {
            Some(message) if self.fatal_streak >= MOST_FATAL => Err(format!(
                "{MOST_FATAL} games in a row failed for a reason no game avoids; the ladder \
                 stops: {message}"
            )),
            _ => Ok(()),
        }
    }

    fn leaderboard(&self) -> Leaderboard {
        let status = |label: &str| self.roster.status(label);
        Leaderboard {
            games_logged: self.games_logged,
            in_flight: self.state.in_flight.len(),
            kinds: self.books.iter().map(|book| book.board(&status)).collect(),
            refused: self.roster.refused(),
        }
    }

    /// Rewrites the leaderboard files.
    fn publish(&self) -> Result<(), String> {
        self.leaderboard().write(&self.config.out)
    }

    /// Whether this sitting may start another game.
    fn may_start(&self) -> bool {
        let started = self.played + self.tasks.len() as u64;
        self.tasks.len() < self.config.concurrency
            && self.config.max_games.is_none_or(|most| started < most)
    }

    /// The ladder's loop: keeps `concurrency` games in flight, logs each
    /// as it ends, until a stop or `max_games`.
    async fn play(&mut self, stop: &mut watch::Receiver<Stop>) -> Result<(), String> {
        let mut listening = true;
        loop {
            if *stop.borrow() != Stop::Run {
                break;
            }
            let mut idle = false;
            while self.may_start() {
                if !self.schedule().await? {
                    idle = true;
                    break;
                }
            }
            if self.tasks.is_empty() && !idle {
                // max_games reached and every game logged.
                return Ok(());
            }
            tokio::select! {
                Some(joined) = self.tasks.join_next(), if !self.tasks.is_empty() => {
                    self.joined(joined)?;
                }
                changed = stop.changed(), if listening => {
                    listening = changed.is_ok();
                }
                () = tokio::time::sleep(self.config.idle_poll), if idle => {}
            }
        }
        self.drain(stop, listening).await
    }

    /// After a stop: lets the games in flight end for `stop_grace` (or
    /// until [`Stop::Now`]), then leaves the rest to the next start.
    async fn drain(
        &mut self,
        stop: &mut watch::Receiver<Stop>,
        mut listening: bool,
    ) -> Result<(), String> {
        let deadline = tokio::time::Instant::now() + self.config.stop_grace;
        while !self.tasks.is_empty() && *stop.borrow() != Stop::Now {
            tokio::select! {
                Some(joined) = self.tasks.join_next() => self.joined(joined)?,
                changed = stop.changed(), if listening => listening = changed.is_ok(),
                () = tokio::time::sleep_until(deadline) => break,
            }
        }
        if !self.tasks.is_empty() {
            tracing::info!(
                games = self.tasks.len(),
                "leaving games in flight; the next start follows them"
            );
            self.tasks.abort_all();
        }
        Ok(())
    }

    fn joined(&mut self, joined: Result<Ended, tokio::task::JoinError>) -> Result<(), String> {
        match joined {
            Ok(ended) => self.record(ended),
            // The game stays in the state: the next start follows it.
            Err(error) => {
                tracing::error!(%error, "a game task failed");
                Ok(())
            }
        }
    }
}

/// The ladder's output folder has a ladder in it.
pub fn has_ladder(out: &Path) -> bool {
    out.join(state::FILE_NAME).exists()
}

/// An empty folder of the unit tests' own.
#[cfg(test)]
fn test_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("melange-ladder-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
