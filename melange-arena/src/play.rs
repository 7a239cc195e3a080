//! Plays one scheduled game on the server: creates it with every seat
//! played by its entrant's bot, waits for the end, and keeps its replay.
//! Each call about the game carries its id in the game header
//! ([`melange::api::GAME_HEADER`]), so that a fleet's proxy sends it to the
//! game's server.
use std::{path::Path, time::Duration};

use prost::Message;
use tonic::{Code, transport::Channel};

use super::{ScheduledGame, program::Hosted, progress::Progress};

/// How long a creation the server's quotas refused waits before it asks
/// again.
const QUOTA_RETRY: Duration = Duration::from_millis(500);
/// The longest wait between two tries of a call the server could not
/// answer (it is restarting, or the network is down).
const MOST_BACKOFF: Duration = Duration::from_secs(1);
/// How long past a game's time limit (MC-CLOCK-06) the runner waits for
/// the server's verdict (MC-CLOCK-07) before it gives the game up: room
/// for a server restart.
pub const GRACE: Duration = Duration::from_secs(60);
/// How many times a game the server lost (a restart without a journal) is
/// played again from its seed before the runner gives up on it.
const MOST_REPLAYS: u32 = 3;
use melange::{
    api::game_request,
    pb::{self, game_service_client::GameServiceClient},
};

/// An action the server played for a seat, and why (MC-STANDIN-01), as
/// the game's replay keeps it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StoodIn {
    /// The version the action made.
    pub version: u64,
    /// The seat it was played for.
    pub seat: usize,
    /// Why, as a word: `clock_expired`, `bot_unreachable`, `bot_late`,
    /// `bot_error`, `bot_illegal_action` (with `:RULE-ID` when the refusal
    /// cited one) or `bot_malformed_answer`.
    pub reason: String,
}

impl StoodIn {
    /// The stand-ins of a replay, in version order.
    pub fn from_replay(replay: &pb::Replay) -> Vec<StoodIn> {
        replay
            .actions
            .iter()
            .filter_map(|recorded| {
                let why = recorded.stand_in.as_ref()?;
                let name = pb::StandInReason::try_from(why.reason)
                    .map_or("unknown", |reason| reason.as_str_name());
                let mut reason = name
                    .trim_start_matches("STAND_IN_REASON_")
                    .to_ascii_lowercase();
                if !why.rule.is_empty() {
                    reason = format!("{reason}:{}", why.rule);
                }
                Some(StoodIn {
                    version: recorded.version,
                    seat: recorded.seat as usize,
                    reason,
                })
            })
            .collect()
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// The server's id of the game (differs from run to run).
    pub game_id: String,
    /// The place each seat finished in, 1 first; seats sharing a place
    /// (a shared win) have the same.
    pub places: Vec<usize>,
    /// Why the game ended, as the server said.
    pub reason: String,
    /// How many actions the game took.
    pub version: u64,
    /// The actions the server played for a seat (its clock ran out, its
    /// bot failed), in version order.
    pub stand_ins: Vec<StoodIn>,
}

/// A game that could not be played to its end, and why.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// What went wrong, for the report.
    pub message: String,
    /// True when no game of the tournament can work (an unknown bot, bad
    /// options): the run stops.
    pub fatal: bool,
}

impl Failure {
    /// A failure that stops the run (the output folder cannot be
    /// written).
    fn fatal(message: String) -> Failure {
        Failure {
            message,
            fatal: true,
        }
    }
}

/// What the runner needs to play a game.
pub struct Table<'a> {
    /// The game kind number.
    pub kind: i32,
    /// Every game's options.
    pub options: &'a pb::GameOptions,
    /// What the server is told plays each entrant (`SeatConfig.bot`): its
    /// bot, or for a hosted program the arena's endpoint for it.
    pub bots: &'a [String],
    /// The hosted programs, told when a game is over.
    pub hosted: &'a Hosted,
    /// Where replay files go.
    pub replays: &'a Path,
    /// The game's time limit (MC-CLOCK-06): the server adjudicates it; the
    /// runner gives the game up [`GRACE`] later.
    pub timeout: Duration,
    /// Where each game's creation and end are kept, for `--resume`.
    pub progress: &'a Progress,
}

/// The places of the seats from a result: winners share first place;
/// everyone else's place is one more than the number of seats ranked
/// before it.
pub fn places(result: &pb::GameResult, seats: usize) -> Vec<usize> {
    let mut places = vec![seats; seats];
    for (position, &seat) in result.ranking.iter().enumerate() {
        if let Some(place) = places.get_mut(seat as usize) {
            *place = position + 1;
        }
    }
    if result.winners.len() > 1 {
        for &seat in &result.winners {
            if let Some(place) = places.get_mut(seat as usize) {
                *place = 1;
            }
        }
    }
    places
}

/// The replay file of game `index`.
pub fn replay_file(index: usize) -> String {
    format!("{index:05}.replay.pb")
}

fn failed(call: &str, status: &tonic::Status) -> Failure {
    Failure {
        message: format!("{call}: {:?}: {}", status.code(), status.message()),
        fatal: call == "CreateGame" && status.code() == Code::InvalidArgument,
    }
}

/// Whether a call that failed may work when asked again: the server could
/// not be reached, was stopping or restarting, or (in a fleet) was handing
/// the game to another server.
fn transient(status: &tonic::Status) -> bool {
    matches!(
        status.code(),
        Code::Unavailable | Code::Unknown | Code::Cancelled | Code::DeadlineExceeded
    )
}

/// Retries of one game's calls, up to the game's deadline, waiting longer
/// each time (from 50 ms to a second).
struct Retry {
    deadline: tokio::time::Instant,
    pause: Duration,
}

impl Retry {
    fn new(timeout: Duration) -> Retry {
        Retry {
            deadline: tokio::time::Instant::now() + timeout,
            pause: Duration::from_millis(50),
        }
    }

    /// After a failed call: waits and answers true when it is worth
    /// asking again.
    async fn again(&mut self, status: &tonic::Status) -> bool {
        if !transient(status) || tokio::time::Instant::now() + self.pause > self.deadline {
            return false;
        }
        tokio::time::sleep(self.pause).await;
        self.pause = (self.pause * 2).min(MOST_BACKOFF);
        true
    }

    /// A call answered: the next failure starts waiting short again.
    fn answered(&mut self) {
        self.pause = Duration::from_millis(50);
    }
}

/// Plays one game to its end and writes its replay. With `attach`, the
/// game was created in an earlier sitting (`--resume`) and is followed by
/// that id. Calls the server cannot answer for a while (a restart, a
/// network fault) are asked again until the game's timeout; a game the
/// server no longer knows (it restarted without its journal) is played
/// again from its seed, which gives the same game with deterministic bots.
pub async fn play(
    mut client: GameServiceClient<Channel>,
    table: &Table<'_>,
    game: &ScheduledGame,
    attach: Option<String>,
) -> Result<Finished, Failure> {
    let patience = table.timeout.saturating_add(GRACE);
    let mut retry = Retry::new(patience);
    let mut attached = attach;
    let mut replays = 0;
    loop {
        let game_id = match attached.take() {
            Some(game_id) => game_id,
            None => {
                let game_id = create(&mut client, table, game, &mut retry).await?;
                table
                    .progress
                    .created(game.index, &game_id)
                    .map_err(Failure::fatal)?;
                game_id
            }
        };
        let waited = wait_for_end(&mut client, &game_id, patience, &mut retry).await;
        // Over, lost or given up: the game's hosted programs end.
        table.hosted.end_game(&game_id);
        let view = match waited {
            Ok(view) => view,
            Err(Waited::Lost) if replays < MOST_REPLAYS => {
                replays += 1;
                tracing::warn!(%game_id, index = game.index,
                    "the server no longer knows this game (a restart without its journal?); \
                     playing it again from its seed");
                // The new game has its own time limit.
                retry = Retry::new(patience);
                continue;
            }
            Err(Waited::Lost) => {
                return Err(Failure {
                    message: format!(
                        "game {game_id} was lost by the server {} times; given up",
                        replays + 1
                    ),
                    fatal: false,
                });
            }
            Err(Waited::Failed(failure)) => return Err(failure),
        };
        let result = view.result.unwrap_or_default();
        let replay = whole_replay(&mut client, &game_id, &mut retry).await?;
        let path = table.replays.join(replay_file(game.index));
        std::fs::write(&path, replay.encode_to_vec()).map_err(|error| Failure {
            message: format!("writing {}: {error}", path.display()),
            fatal: true,
        })?;
        let finished = Finished {
            game_id,
            places: places(&result, game.seats.len()),
            reason: result.reason,
            version: view.version,
            stand_ins: StoodIn::from_replay(&replay),
        };
        table
            .progress
            .finished(game.index, &finished)
            .map_err(Failure::fatal)?;
        return Ok(finished);
    }
}

/// Creates the game with every seat played by its entrant's bot.
async fn create(
    client: &mut GameServiceClient<Channel>,
    table: &Table<'_>,
    game: &ScheduledGame,
    retry: &mut Retry,
) -> Result<String, Failure> {
    let request = pb::CreateGameRequest {
        kind: table.kind,
        seed: Some(game.seed),
        options: Some(table.options.clone()),
        seats: game
            .seats
            .iter()
            .map(|&entrant| pb::SeatConfig {
                bot: table.bots[entrant].clone(),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    // The server's per-client quotas (live games, creations a minute) may
    // refuse a creation for a while: wait for room, up to the game's
    // timeout, as a client that respects them should. A creation whose
    // answer was lost is asked again; the game it made, if any, plays on
    // the server unwatched.
    let asked = std::time::Instant::now();
    loop {
        match client.create_game(request.clone()).await {
            Ok(created) => return Ok(created.into_inner().game_id),
            Err(status)
                if status.code() == Code::ResourceExhausted && asked.elapsed() < table.timeout =>
            {
                tokio::time::sleep(QUOTA_RETRY).await;
            }
            Err(status) if retry.again(&status).await => {}
            Err(status) => return Err(failed("CreateGame", &status)),
        }
    }
}

/// Why a wait for a game's end stopped short.
enum Waited {
    /// The server does not know the game.
    Lost,
    /// The game timed out, or a call failed for good.
    Failed(Failure),
}

/// Polls the spectator view until the game is over: its bots play on the
/// server, so there is nothing to send. The wait between polls grows to
/// 200 ms, so a long game costs the server a few calls a second.
async fn wait_for_end(
    client: &mut GameServiceClient<Channel>,
    game_id: &str,
    timeout: Duration,
    retry: &mut Retry,
) -> Result<pb::View, Waited> {
    let mut pause = Duration::from_millis(5);
    loop {
        let request = game_request(pb::GetViewRequest {
            game_id: game_id.to_owned(),
            seat: None,
            detail: pb::Detail::Actions as i32,
        })
        .map_err(|status| Waited::Failed(failed("GetView", &status)))?;
        let view = match client.get_view(request).await {
            Ok(view) => {
                retry.answered();
                view.into_inner()
            }
            Err(status) if status.code() == Code::NotFound => return Err(Waited::Lost),
            Err(status) if retry.again(&status).await => continue,
            Err(status) => return Err(Waited::Failed(failed("GetView", &status))),
        };
        if view.status == pb::GameStatus::Finished as i32 {
            return Ok(view);
        }
        if tokio::time::Instant::now() > retry.deadline {
            return Err(Waited::Failed(Failure {
                message: format!(
                    "game {game_id} was not over after {} s (version {}); given up",
                    timeout.as_secs(),
                    view.version
                ),
                fatal: false,
            }));
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_millis(200));
    }
}

/// Every page of a finished game's replay, joined.
async fn whole_replay(
    client: &mut GameServiceClient<Channel>,
    game_id: &str,
    retry: &mut Retry,
) -> Result<pb::Replay, Failure> {
    let mut whole: Option<pb::Replay> = None;
    let mut page_token = String::new();
    loop {
        let request = game_request(pb::GetReplayRequest {
            game_id: game_id.to_owned(),
            page_size: 0,
            page_token: page_token.clone(),
        })
        .map_err(|status| failed("GetReplay", &status))?;
        let page = match client.get_replay(request).await {
            Ok(page) => page.into_inner(),
            Err(status) if retry.again(&status).await => continue,
            Err(status) => return Err(failed("GetReplay", &status)),
        };
        page_token = page.next_page_token.clone();
        match &mut whole {
            None => whole = Some(page),
            Some(whole) => whole.actions.extend(page.actions),
        }
        if page_token.is_empty() {
            let mut whole = whole.unwrap_or_default();
            whole.next_page_token.clear();
            return Ok(whole);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_follow_the_ranking_and_winners_share_first() {
        let result = |winners: Vec<u32>, ranking: Vec<u32>| pb::GameResult {
            winners,
            ranking,
            reason: String::new(),
        };
        assert_eq!(places(&result(vec![1], vec![1, 0]), 2), vec![2, 1]);
        assert_eq!(places(&result(vec![0, 2], vec![2, 0, 1]), 3), vec![1, 3, 1]);
        // A rival won: the seats keep their order among themselves.
        assert_eq!(places(&result(vec![], vec![0, 1]), 2), vec![1, 2]);
    }
}
