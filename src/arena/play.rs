//! Plays one scheduled game on the server: creates it with every seat
//! played by its entrant's bot, waits for the end, and keeps its replay.
//! Each call about the game carries its id in the game header
//! ([`crate::api::GAME_HEADER`]), so that a fleet's proxy sends it to the
//! game's server.
use std::{path::Path, time::Duration};

use prost::Message;
use tonic::{Code, transport::Channel};

use super::{ScheduledGame, program::Hosted};

/// How long a creation the server's quotas refused waits before it asks
/// again.
const QUOTA_RETRY: Duration = Duration::from_millis(500);
use crate::{
    api::game_request,
    pb::{self, game_service_client::GameServiceClient},
};

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
    /// A game not over after this long is given up.
    pub timeout: Duration,
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

/// Plays one game to its end and writes its replay.
pub async fn play(
    mut client: GameServiceClient<Channel>,
    table: &Table<'_>,
    game: &ScheduledGame,
) -> Result<Finished, Failure> {
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
    // timeout, as a client that respects them should.
    let asked = std::time::Instant::now();
    let created = loop {
        match client.create_game(request.clone()).await {
            Ok(created) => break created.into_inner(),
            Err(status)
                if status.code() == Code::ResourceExhausted && asked.elapsed() < table.timeout =>
            {
                tokio::time::sleep(QUOTA_RETRY).await;
            }
            Err(status) => return Err(failed("CreateGame", &status)),
        }
    };
    let game_id = created.game_id;
    let ended = finish(&mut client, table, game, game_id.clone()).await;
    table.hosted.end_game(&game_id);
    ended
}

/// Waits for the end of a created game and writes its replay.
async fn finish(
    client: &mut GameServiceClient<Channel>,
    table: &Table<'_>,
    game: &ScheduledGame,
    game_id: String,
) -> Result<Finished, Failure> {
    let mut client = client.clone();
    let view = wait_for_end(&mut client, &game_id, table.timeout).await?;
    let result = view.result.unwrap_or_default();
    let replay = whole_replay(&mut client, &game_id).await?;
    let path = table.replays.join(replay_file(game.index));
    std::fs::write(&path, replay.encode_to_vec()).map_err(|error| Failure {
        message: format!("writing {}: {error}", path.display()),
        fatal: true,
    })?;
    Ok(Finished {
        game_id,
        places: places(&result, game.seats.len()),
        reason: result.reason,
        version: view.version,
    })
}

/// Polls the spectator view until the game is over: its bots play on the
/// server, so there is nothing to send. The wait between polls grows to
/// 200 ms, so a long game costs the server a few calls a second.
async fn wait_for_end(
    client: &mut GameServiceClient<Channel>,
    game_id: &str,
    timeout: Duration,
) -> Result<pb::View, Failure> {
    let started = tokio::time::Instant::now();
    let mut pause = Duration::from_millis(5);
    loop {
        let request = game_request(pb::GetViewRequest {
            game_id: game_id.to_owned(),
            seat: None,
        })
        .map_err(|status| failed("GetView", &status))?;
        let view = client
            .get_view(request)
            .await
            .map_err(|status| failed("GetView", &status))?
            .into_inner();
        if view.status == pb::GameStatus::Finished as i32 {
            return Ok(view);
        }
        if started.elapsed() > timeout {
            return Err(Failure {
                message: format!(
                    "game {game_id} was not over after {} s (version {}); given up",
                    timeout.as_secs(),
                    view.version
                ),
                fatal: false,
            });
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_millis(200));
    }
}

/// Every page of a finished game's replay, joined.
async fn whole_replay(
    client: &mut GameServiceClient<Channel>,
    game_id: &str,
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
        let page = client
            .get_replay(request)
            .await
            .map_err(|status| failed("GetReplay", &status))?
            .into_inner();
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
