//! Checks every remote entrant before the first round: a tournament that
//! starts with a dead or broken bot would give its opponents free wins and
//! waste everyone's run. Each remote bot is asked one real decision: the
//! arena creates a trial game of the tournament's kind and options with
//! every seat open, reads the view of the seat to act, asks the bot's
//! `Decide` with it, checks that the answer is one of that view's legal
//! actions, and concedes the trial game so that it ends at once.
//!
//! Built-in bots need no check: the server refuses an unknown name at the
//! first creation, which stops the run with its reason.
use std::time::Duration;

use tonic::transport::{Channel, Endpoint};

use super::{ArenaConfig, program::Hosted};
use melange::{
    api::{game_request, is_endpoint, seat_request},
    pb::{self, bot_service_client::BotServiceClient, game_service_client::GameServiceClient},
};

/// Asks every remote entrant (hosted programs included: `bots` holds what
/// the server is told plays each entrant, the arena's own endpoint for a
/// program) for one trial decision; the first that fails is the error, a
/// sentence naming the entrant and what went wrong.
pub async fn check_entrants(
    config: &ArenaConfig,
    (bots, hosted): (&[String], &Hosted),
    client: &GameServiceClient<Channel>,
    timeout: Duration,
) -> Result<(), String> {
    for (entrant, bot) in config.entrants.iter().zip(bots) {
        if !is_endpoint(bot) {
            continue;
        }
        trial_decision(config, client.clone(), bot, timeout, hosted)
            .await
            .map_err(|why| {
                format!(
                    "bot {:?} ({}) failed its trial decision: {why}; the tournament did not start",
                    entrant.label, entrant.bot
                )
            })?;
    }
    Ok(())
}

/// One decision asked of the bot at `endpoint`, on a trial game.
async fn trial_decision(
    config: &ArenaConfig,
    mut client: GameServiceClient<Channel>,
    endpoint: &str,
    timeout: Duration,
    hosted: &Hosted,
) -> Result<(), String> {
    let created = client
        .create_game(pb::CreateGameRequest {
            kind: config.kind,
            options: Some(config.options.clone()),
            seats: vec![pb::SeatConfig::default(); config.seats],
            ..Default::default()
        })
        .await
        .map_err(|status| {
            format!(
                "the server could not create a trial game: {}",
                status.message()
            )
        })?
        .into_inner();
    let asked = ask(&created, endpoint, &mut client, timeout).await;
    // End the trial game whatever the answer: it must not linger.
    if let Some(grant) = created.seats.first()
        && let Ok(request) = seat_request(
            pb::ConcedeRequest {
                game_id: created.game_id.clone(),
                seat: grant.seat,
            },
            &grant.token,
        )
    {
        let _ = client.concede(request).await;
    }
    // A hosted program started for the trial ends with it.
    hosted.end_game(&created.game_id);
    asked
}

/// Reads the view of the seat to act and asks the bot to decide it.
async fn ask(
    created: &pb::CreateGameResponse,
    endpoint: &str,
    client: &mut GameServiceClient<Channel>,
    timeout: Duration,
) -> Result<(), String> {
    let to_act = created
        .view
        .as_ref()
        .and_then(|view| view.to_act.first().copied())
        .ok_or("the trial game waits on no seat")?;
    let grant = created
        .seats
        .iter()
        .find(|grant| grant.seat == to_act)
        .ok_or("the trial game has no grant for the seat to act")?;
    let read = game_request(pb::GetViewRequest {
        game_id: created.game_id.clone(),
        seat: Some(to_act),
        detail: pb::Detail::Full as i32,
    })
    .map_err(|status| status.message().to_owned())?;
    let view = client
        .get_view(
            seat_request(read.into_inner(), &grant.token).map_err(|s| s.message().to_owned())?,
        )
        .await
        .map_err(|status| format!("the trial game's view: {}", status.message()))?
        .into_inner();
    let channel = Endpoint::from_shared(endpoint.to_owned())
        .map_err(|_| "its endpoint is not a URL".to_owned())?
        .connect_timeout(timeout)
        .timeout(timeout)
        .connect()
        .await
        .map_err(|error| format!("it could not be reached ({error})"))?;
    let legal: Vec<Option<pb::Action>> = view
        .legal_actions
        .iter()
        .map(|legal| legal.action.clone())
        .collect();
    let answer = BotServiceClient::new(channel)
        .decide(pb::DecideRequest {
            game_id: created.game_id.clone(),
            seat: to_act,
            view: Some(view),
            time_left_ms: u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
            observer_token: String::new(),
        })
        .await
        .map_err(|status| {
            format!(
                "it answered {:?}: {}",
                status.code(),
                melange::matches::echo(status.message())
            )
        })?
        .into_inner();
    match answer.action {
        None => Err("it answered no action".to_owned()),
        Some(action) if legal.contains(&Some(action.clone())) => Ok(()),
        Some(_) => {
            Err("it answered an action that is not one of the view's legal actions".to_owned())
        }
    }
}
