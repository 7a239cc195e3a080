//! One game of a load run: create it, then play it as the workload says:
//! one client per seat that streams the game as that seat and plays a random
//! legal action on its turn, or one driver that holds every seat's token and
//! watches nothing.
use std::{sync::Arc, sync::atomic::Ordering, time::Instant};

use rand::Rng;
use tokio::task::JoinSet;
use tokio_stream::StreamExt;
use tonic::{Request, transport::Channel};

use super::{
    LoadConfig, Shared, Workload,
    light::{LightApplyRequest, LightApplyResponse, LightClient, LightView},
};
use crate::{
    pb::{self, game_service_client::GameServiceClient},
    rules::core::{GameRng, RngStream},
};

type Client = GameServiceClient<Channel>;

/// `message` with the seat's bearer token.
pub(crate) fn authed<T>(message: T, token: &str) -> Result<Request<T>, tonic::Status> {
    let mut request = Request::new(message);
    let value = format!("Bearer {token}")
        .parse()
        .map_err(|_| tonic::Status::internal("the server issued a token that is not ASCII"))?;
    request.metadata_mut().insert("authorization", value);
    Ok(request)
}

/// Creates one game of the run with seed `seed`.
pub(crate) async fn create(
    client: &mut Client,
    config: &LoadConfig,
    seed: u64,
) -> Result<pb::CreateGameResponse, tonic::Status> {
    let request = pb::CreateGameRequest {
        kind: config.kind,
        seed: Some(seed),
        options: Some(config.options.clone()),
        seats: Vec::new(),
        ..Default::default()
    };
    let game = client.create_game(request).await?.into_inner();
    if let Some(log) = &config.ack_log {
        log.created(&game.game_id, &game.seats);
    }
    Ok(game)
}

/// The generator a seat's client draws its choices from: the same for
/// every workload, so each workload plays the same games.
pub(crate) fn seat_rng(seat: u32, seed: u64) -> GameRng {
    RngStream::Bot(seat as u8).rng(seed ^ 0x6c6f_6164)
}

/// Plays one game to the end; `false` if any call failed. `client`
/// creates it, `light` plays it.
pub async fn play_game(
    mut client: Client,
    light: LightClient,
    config: &LoadConfig,
    workload: Workload,
    seed: u64,
    shared: &Arc<Shared>,
) -> bool {
    let game = match create(&mut client, config, seed).await {
        Ok(game) => game,
        Err(status) => {
            shared.record_error(&status);
            return false;
        }
    };
    let grants: Vec<pb::SeatGrant> = game
        .seats
        .into_iter()
        .filter(|grant| !grant.token.is_empty())
        .collect();
    if workload == Workload::Unwatched {
        let mut driver = Driver {
            client: light,
            game_id: &game.game_id,
            shared,
            seed,
        };
        let result = driver.play(&grants, None).await;
        if let Err(status) = &result {
            shared.record_error(status);
        }
        return result.is_ok();
    }
    let mut seats = JoinSet::new();
    for grant in grants {
        let (client, shared, game_id) = (light.clone(), shared.clone(), game.game_id.clone());
        seats.spawn(async move {
            let result = play_seat(client, &game_id, grant, workload, seed, &shared).await;
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

/// Sends one timed ApplyAction.
async fn apply(
    client: &mut LightClient,
    shared: &Shared,
    token: &str,
    request: LightApplyRequest,
) -> Result<LightApplyResponse, tonic::Status> {
    let sent = Instant::now();
    let acked = shared.ack_log.as_ref().map(|log| {
        let request = (
            request.game_id.clone(),
            request.expected_version + 1,
            request.seat,
            request.action.clone(),
        );
        (log, request)
    });
    let response = client
        .apply_action(authed(request, token)?)
        .await?
        .into_inner();
    shared.record_latency(sent.elapsed());
    shared.progress.actions.fetch_add(1, Ordering::Relaxed);
    if let Some((log, (game_id, version, seat, action))) = acked {
        log.applied(&game_id, version, seat, &action, response.version);
    }
    Ok(response)
}

/// A random legal action of `view`, as a request at its version.
fn random_action(
    view: &mut LightView,
    rng: &mut GameRng,
    game_id: &str,
    seat: u32,
    omit_view: bool,
) -> Result<LightApplyRequest, tonic::Status> {
    if view.legal_actions.is_empty() {
        return Err(tonic::Status::internal(
            "this seat is to act but has no legal action",
        ));
    }
    let pick = rng.random_range(0..view.legal_actions.len());
    Ok(LightApplyRequest {
        game_id: game_id.to_owned(),
        seat,
        expected_version: view.version,
        action: view.legal_actions.swap_remove(pick).action,
        omit_view,
    })
}

/// One seat's client: streams the game as its seat and acts on its turn.
/// With [`Workload::Events`] the stream carries the view only when the seat
/// must act and ApplyAction leaves it out; with [`Workload::Views`] every
/// update and response carries it.
async fn play_seat(
    mut client: LightClient,
    game_id: &str,
    grant: pb::SeatGrant,
    workload: Workload,
    seed: u64,
    shared: &Shared,
) -> Result<(), tonic::Status> {
    let events_only = workload == Workload::Events;
    let mut rng = seat_rng(grant.seat, seed);
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
        events_only,
    };
    let mut updates = client
        .stream_game(authed(watch, &grant.token)?)
        .await?
        .into_inner();
    // The version whose update tells this seat what to do next.
    let mut awaited = view.version + 1;
    loop {
        if view.status == pb::GameStatus::Finished as i32 {
            return Ok(());
        }
        if view.version + 1 == awaited && view.to_act.contains(&grant.seat) {
            let request = random_action(&mut view, &mut rng, game_id, grant.seat, events_only)?;
            let response = apply(&mut client, shared, &grant.token, request).await?;
            match response.view {
                Some(next) => {
                    view = next;
                    awaited = view.version + 1;
                    continue;
                }
                // The stream brings the update of this version.
                None => awaited = response.version,
            }
        }
        // Wait for the update of a newer version that carries the view (in
        // an events-only stream: this seat's turn, or the game's end).
        loop {
            let Some(update) = updates.next().await else {
                return Err(tonic::Status::unavailable(
                    "the stream ended before the game did",
                ));
            };
            let update = update?;
            if update.version < awaited {
                continue;
            }
            if update.status == pb::GameStatus::Finished as i32 {
                return Ok(());
            }
            if let Some(next) = update.view {
                view = next;
                awaited = view.version + 1;
                break;
            }
            awaited = update.version + 1;
        }
    }
}

/// One client holding every seat's token and watching nothing: it acts for
/// whichever seat is to act, continuing from the ApplyAction response while
/// the same seat acts again and asking GetView when the turn passes.
pub(crate) struct Driver<'a> {
    pub client: LightClient,
    pub game_id: &'a str,
    pub shared: &'a Shared,
    pub seed: u64,
}

impl Driver<'_> {
    /// Plays until the game ends, or until `limit` actions when given.
    pub async fn play(
        &mut self,
        grants: &[pb::SeatGrant],
        limit: Option<u64>,
    ) -> Result<(), tonic::Status> {
        let mut rngs: Vec<GameRng> = grants
            .iter()
            .map(|grant| seat_rng(grant.seat, self.seed))
            .collect();
        let Some(first) = grants.first() else {
            return Ok(());
        };
        let mut view = self.view_of(first).await?;
        let mut played = 0;
        while limit.is_none_or(|limit| played < limit) {
            if view.status == pb::GameStatus::Finished as i32 {
                return Ok(());
            }
            let Some(&to_act) = view.to_act.first() else {
                return Ok(());
            };
            let Some(index) = grants.iter().position(|grant| grant.seat == to_act) else {
                return Err(tonic::Status::internal(
                    "the game waits on a seat this driver does not hold",
                ));
            };
            if view.seat != Some(to_act) {
                view = self.view_of(&grants[index]).await?;
                continue;
            }
            let grant = &grants[index];
            let request =
                random_action(&mut view, &mut rngs[index], self.game_id, grant.seat, false)?;
            let response = apply(&mut self.client, self.shared, &grant.token, request).await?;
            played += 1;
            view = response
                .view
                .ok_or_else(|| tonic::Status::internal("a response without a view"))?;
        }
        Ok(())
    }

    /// `grant`'s seat's current view.
    async fn view_of(&mut self, grant: &pb::SeatGrant) -> Result<LightView, tonic::Status> {
        let request = pb::GetViewRequest {
            game_id: self.game_id.to_owned(),
            seat: Some(grant.seat),
        };
        let view = self
            .client
            .get_view(authed(request, &grant.token)?)
            .await?
            .into_inner();
        self.shared.progress.views.fetch_add(1, Ordering::Relaxed);
        Ok(view)
    }
}
