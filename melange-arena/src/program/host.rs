//! One hosted entrant: a program started in its sandbox for each seat of
//! each game it plays, asked for that seat's decisions one at a time.
//!
//! One process a seat of a game, not one for the entrant's whole run: the
//! CPU limit is then a limit per game, the games of a concurrent run play
//! on every core, a program may keep state about its game without telling
//! games apart, and a program that crashes, hangs or misbehaves loses that
//! game only (the rest of it plays on without answers, as the clock
//! options say) and starts afresh for the next. The price is one start a
//! game (bwrap and, for Python, the interpreter: tens of milliseconds;
//! docs/performance.md, "Hosted programs", has the measure), small beside
//! a game of hundreds of decisions.
//!
//! Each fault is logged once, with the entrant, the game and the seat, and
//! kept for `run.json` (`program_faults`); after `max_starts` starts the entrant's program
//! is not started again and its seats play on unanswered.
use std::{
    collections::HashMap,
    path::PathBuf,
    sync::{
        Arc, Mutex,
        atomic::{AtomicU32, AtomicU64, Ordering},
    },
    time::Duration,
};

use super::{
    child::Running,
    protocol::{self, chosen, parse_answer},
    sandbox::{self, Limits},
};
use melange::pb;

/// One fault of a hosted program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The entrant's label.
    pub entrant: String,
    /// The game the fault happened in.
    pub game_id: String,
    /// The seat the program played.
    pub seat: u32,
    /// What went wrong, as a sentence.
    pub message: String,
}

/// The program of one seat of one game.
#[derive(Debug, Default)]
enum Seat {
    /// Not started yet.
    #[default]
    New,
    /// Started and in step with its requests (boxed: a seat is mostly
    /// one of the small states).
    Running(Box<Running>),
    /// Ended after a fault: the rest of this game goes unanswered.
    Broken,
}

/// A seat's program, locked while it is asked.
type SharedSeat = Arc<tokio::sync::Mutex<Seat>>;

/// One entrant played by a program.
#[derive(Debug)]
pub struct Host {
    /// The entrant's label, for the log.
    pub label: String,
    program: PathBuf,
    args: Vec<String>,
    limits: Limits,
    uid: u32,
    /// Where each seat's standard error goes.
    logs: PathBuf,
    max_starts: u32,
    starts: AtomicU32,
    /// Exchanges answered in time, and their total time in microseconds
    /// (request written to answer read, JSON included): the line
    /// protocol's cost, reported in `run.json`.
    exchanges: AtomicU64,
    exchange_micros: AtomicU64,
    seats: Mutex<HashMap<(String, u32), SharedSeat>>,
    faults: Arc<Mutex<Vec<Fault>>>,
}

/// How much sooner than the server's limit an answer is awaited, so that
/// a late program is caught here (and ended) before the server gives up.
fn margin(time_left: Duration) -> Duration {
    (time_left / 10).min(Duration::from_millis(100))
}

impl Host {
    /// An entrant played by `program args`, entrant number `index`, its
    /// standard error logs in `logs` (made if missing).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        label: String,
        index: usize,
        program: PathBuf,
        args: Vec<String>,
        limits: Limits,
        logs: PathBuf,
        max_starts: u32,
        faults: Arc<Mutex<Vec<Fault>>>,
    ) -> Host {
        Host {
            label,
            program,
            args,
            limits,
            uid: sandbox::entrant_uid(index),
            logs,
            max_starts,
            starts: AtomicU32::new(0),
            exchanges: AtomicU64::new(0),
            exchange_micros: AtomicU64::new(0),
            seats: Mutex::new(HashMap::new()),
            faults,
        }
    }

    fn fault(&self, game_id: &str, seat: u32, message: String) {
        tracing::warn!(entrant = %self.label, %game_id, seat, "hosted program: {message}");
        self.faults
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(Fault {
                entrant: self.label.clone(),
                game_id: game_id.to_owned(),
                seat,
                message,
            });
    }

    fn seat(&self, game_id: &str, seat: u32) -> SharedSeat {
        let mut seats = self
            .seats
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        Arc::clone(seats.entry((game_id.to_owned(), seat)).or_default())
    }

    /// Answers in time so far and their mean time in milliseconds, from
    /// the request's conversion to the answer's (a program's start
    /// included, in its first exchange).
    pub fn exchanges(&self) -> (u64, f64) {
        let count = self.exchanges.load(Ordering::Relaxed);
        let micros = self.exchange_micros.load(Ordering::Relaxed);
        let mean = if count == 0 {
            0.0
        } else {
            micros as f64 / count as f64 / 1000.0
        };
        (count, mean)
    }

    /// Ends the programs of a game that is over.
    pub fn end_game(&self, game_id: &str) {
        let mut seats = self
            .seats
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // Dropping a seat's program kills it (kill_on_drop).
        seats.retain(|(game, _), _| game != game_id);
    }

    fn log_path(&self, game_id: &str, seat: u32) -> PathBuf {
        // The game id comes from the server: kept to a plain file name.
        let game = super::safe_name(game_id);
        self.logs.join(format!("{game}.seat{seat}.stderr"))
    }

    fn start(&self, game_id: &str, seat: u32) -> Result<Running, String> {
        let started = self.starts.fetch_add(1, Ordering::Relaxed);
        if started >= self.max_starts {
            return Err(format!(
                "the program was started {} times already (--program-max-starts); \
                 it is not started again",
                self.max_starts
            ));
        }
        std::fs::create_dir_all(&self.logs)
            .map_err(|error| format!("cannot make {}: {error}", self.logs.display()))?;
        let log = self.log_path(game_id, seat);
        let stderr = std::fs::File::create(&log)
            .map_err(|error| format!("cannot make {}: {error}", log.display()))?;
        let child = sandbox::command(&self.program, &self.args, &self.limits, self.uid, stderr)
            .spawn()
            .map_err(|error| {
                format!(
                    "cannot start {} with {}: {error}",
                    self.program.display(),
                    self.limits.bwrap.display()
                )
            })?;
        Running::new(child)
    }

    /// The program's action for `request`, with its note (MC-NOTE-01).
    /// After a fault (logged and kept) the server is told what kind it
    /// was, so that its record of the stand-in (MC-STANDIN-01) says why:
    /// an answer without an action for one that
    /// names no legal action (a malformed answer), `DEADLINE_EXCEEDED` for
    /// a late one, `INTERNAL` for a program that crashed, misbehaved or
    /// could not start (a bot error).
    pub async fn decide(
        &self,
        mut request: pb::DecideRequest,
    ) -> Result<pb::DecideResponse, tonic::Status> {
        let game_id = request.game_id.clone();
        let seat_number = request.seat;
        let seat = self.seat(&game_id, seat_number);
        let mut seat = seat.lock().await;
        let time_left = Duration::from_millis(request.time_left_ms);
        let wait = time_left.saturating_sub(margin(time_left));
        request.time_left_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX);
        let began = std::time::Instant::now();
        let line = match protocol::request_line(&request) {
            Ok(line) => line,
            Err(error) => {
                self.fault(&game_id, seat_number, error);
                return Err(tonic::Status::internal("the request could not be written"));
            }
        };
        let mut running = match std::mem::take(&mut *seat) {
            Seat::Broken => {
                *seat = Seat::Broken;
                return Err(tonic::Status::internal(
                    "this seat's program was ended after a fault",
                ));
            }
            Seat::Running(running) => *running,
            Seat::New => match self.start(&game_id, seat_number) {
                Ok(running) => running,
                Err(error) => {
                    *seat = Seat::Broken;
                    self.fault(&game_id, seat_number, error);
                    return Err(tonic::Status::internal("the program could not start"));
                }
            },
        };
        let answer = match running.ask(&line, wait).await {
            Ok(answer) => answer,
            Err(error) => {
                running.kill();
                *seat = Seat::Broken;
                let said = last_line(&self.log_path(&game_id, seat_number))
                    .map(|line| format!(" (its standard error ends: {line})"))
                    .unwrap_or_default();
                self.fault(
                    &game_id,
                    seat_number,
                    format!("{error}{said}; it is ended, and this game goes on without it"),
                );
                return Err(if began.elapsed() >= wait {
                    tonic::Status::deadline_exceeded("the program did not answer in time")
                } else {
                    tonic::Status::internal("the program failed; the arena's log says how")
                });
            }
        };
        // A malformed answer leaves the program in step: it keeps the seat.
        *seat = Seat::Running(Box::new(running));
        let view = request.view.unwrap_or_default();
        let parsed = parse_answer(&answer)
            .and_then(|(answer, note)| chosen(answer, &view).map(|action| (action, note)));
        match parsed {
            Ok((action, note)) => {
                let micros = u64::try_from(began.elapsed().as_micros()).unwrap_or(u64::MAX);
                self.exchanges.fetch_add(1, Ordering::Relaxed);
                self.exchange_micros.fetch_add(micros, Ordering::Relaxed);
                Ok(pb::DecideResponse {
                    action: Some(action),
                    note,
                })
            }
            Err(error) => {
                self.fault(&game_id, seat_number, error);
                Ok(pb::DecideResponse::default())
            }
        }
    }
}

/// The last line of a program's standard error log, at most 200
/// characters of it: usually what it died of.
fn last_line(path: &std::path::Path) -> Option<String> {
    use std::io::{Read, Seek, SeekFrom};
    let mut file = std::fs::File::open(path).ok()?;
    let length = file.metadata().ok()?.len();
    file.seek(SeekFrom::Start(length.saturating_sub(4096)))
        .ok()?;
    let mut tail = Vec::new();
    file.take(4096).read_to_end(&mut tail).ok()?;
    let text = String::from_utf8_lossy(&tail);
    let line = text.lines().rev().find(|line| !line.trim().is_empty())?;
    Some(line.trim().chars().take(200).collect())
}
