//! One game of a load run: create it, then one client per seat that streams
//! the game as that seat and plays a random legal action on its turn.
use std::{sync::Arc, sync::atomic::Ordering, time::Instant};

use rand::Rng;
use tokio::task::JoinSet;
use tokio_stream::StreamExt;
use tonic::{Request, transport::Channel};

use super::{LoadConfig, Shared};
use crate::{
    pb::{self, game_service_client::GameServiceClient},
    rules::core::RngStream,
};

type Client = GameServiceClient<Channel>;

fn authed<T>(message: T, token: &str) -> Result<Request<T>, tonic::Status> {
    let mut request = Request::new(message);
    let value = format!("Bearer {token}")
        .parse()
        .map_err(|_| tonic::Status::internal("the server issued a token that is not ASCII"))?;
    request.metadata_mut().insert("authorization", value);
    Ok(request)
}

/// Plays one game to the end; `false` if any call failed.
pub async fn play_game(
    mut client: Client,
    config: &LoadConfig,
    seed: u64,
    shared: &Arc<Shared>,
) -> bool {
    let request = pb::CreateGameRequest {
        kind: config.kind,
        seed: Some(seed),
        options: Some(config.options.clone()),
        seats: Vec::new(),
        ..Default::default()
    };
    let game = match client.create_game(request).await {
        Ok(game) => game.into_inner(),
        Err(status) => {
            shared.record_error(&status);
            return false;
        }
    };
    let mut seats = JoinSet::new();
    for grant in game
        .seats
        .into_iter()
        .filter(|grant| !grant.token.is_empty())
    {
        let (client, shared, game_id) = (client.clone(), shared.clone(), game.game_id.clone());
        seats.spawn(async move {
            let result = play_seat(client, &game_id, grant, seed, &shared).await;
            if let Err(status) = &result {
                shared.record_error(status);
            }
            result.is_ok()
        });
    }
    let mut ok = true;
    while let Some(result) = seats.join_next().await {
        ok &= result.unwrap_or(false);
    }
    ok
}

async fn play_seat(
    mut client: Client,
    game_id: &str,
    grant: pb::SeatGrant,
    seed: u64,
    shared: &Shared,
) -> Result<(), tonic::Status> {
    let mut rng = RngStream::Bot(grant.seat as u8).rng(seed ^ 0x6c6f_6164);
    let seat = Some(grant.seat);
    let mut view = client
        .get_view(authed(
            pb::GetViewRequest {
                game_id: game_id.to_owned(),
                seat,
            },
            &grant.token,
        )?)
        .await?
        .into_inner();
    let watch = pb::StreamGameRequest {
        game_id: game_id.to_owned(),
        seat,
        from_version: view.version,
    };
    let mut updates = client
        .stream_game(authed(watch, &grant.token)?)
        .await?
        .into_inner();
    loop {
        if view.status == pb::GameStatus::Finished as i32 {
            return Ok(());
        }
        if view.to_act.contains(&grant.seat) {
            if view.legal_actions.is_empty() {
                return Err(tonic::Status::internal(
                    "this seat is to act but has no legal action",
                ));
            }
            let pick = rng.random_range(0..view.legal_actions.len());
            let request = pb::ApplyActionRequest {
                game_id: game_id.to_owned(),
                seat: grant.seat,
                expected_version: view.version,
                action: view.legal_actions.swap_remove(pick).action,
            };
            let sent = Instant::now();
            let response = client
                .apply_action(authed(request, &grant.token)?)
                .await?
                .into_inner();
            shared.record_latency(sent.elapsed());
            shared.progress.actions.fetch_add(1, Ordering::Relaxed);
            view = response
                .view
                .ok_or_else(|| tonic::Status::internal("a response without a view"))?;
            continue;
        }
        // Not this seat's turn: wait for the next update that is newer.
        loop {
            let Some(update) = updates.next().await else {
                return Err(tonic::Status::unavailable(
                    "the stream ended before the game did",
                ));
            };
            let update = update?;
            if update.version > view.version {
                view = update
                    .view
                    .ok_or_else(|| tonic::Status::internal("an update without a view"))?;
                break;
            }
        }
    }
}
