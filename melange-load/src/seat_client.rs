//! One game of a load run: create it, then play it as the workload says:
//! one client per seat that streams the game as that seat and plays a random
//! legal action on its turn, or one driver that holds every seat's token and
//! watches nothing.
//!
//! Every call that names the game goes through [`seat_request`], which
//! routes it by the game header. With `retry_unavailable`, a seat client or
//! driver whose call fails transiently (a server died, the game moved)
//! backs off and starts again from a re-read view: its stream re-opened
//! from that view's version, its action decided anew ([`Recovery`]).
use std::{sync::Arc, sync::atomic::Ordering, time::Instant};

use rand::Rng;
use tokio::task::JoinSet;
use tokio_stream::StreamExt;
use tonic::{Status, transport::Channel};

use super::{
    LoadConfig, Shared, Workload,
    light::{LightApplyRequest, LightApplyResponse, LightClient, LightView},
    retry::Recovery,
};
use melange::{
    api::seat_request,
    pb::{self, game_service_client::GameServiceClient},
    rules::core::{GameRng, RngStream},
};

type Client = GameServiceClient<Channel>;

/// Creates one game of the run with seed `seed`, retrying transient
/// failures as the run allows. A creation whose answer was lost may leave
/// a game on the server that no client plays (until the server expires it
/// as idle); another is created in its place.
pub(crate) async fn create(
    client: &mut Client,
    config: &LoadConfig,
    seed: u64,
    shared: &Shared,
) -> Result<pb::CreateGameResponse, Status> {
    let mut recovery = Recovery::new(shared);
    loop {
        match create_once(client, config, seed).await {
            Ok(game) => return Ok(game),
            Err(status) => recovery.after(status).await?,
        }
    }
}

/// One CreateGame call: no game header, any server answers it.
async fn create_once(
    client: &mut Client,
    config: &LoadConfig,
    seed: u64,
) -> Result<pb::CreateGameResponse, Status> {
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
    let game = match create(&mut client, config, seed, shared).await {
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
            detail: workload.detail(config.detail),
        };
        let result = driver.play(&grants, None).await;
        if let Err(status) = &result {
            shared.record_error(status);
        }
        return result.is_ok();
    }
    // The audience first, so that it follows the game live from its start
    // (a later one would first catch up from the journal).
    let mut audience = JoinSet::new();
    for _ in 0..config.spectators {
        let (client, shared, game_id) = (light.clone(), shared.clone(), game.game_id.clone());
        audience.spawn(async move {
            let result = spectate(client, &game_id, &shared).await;
            if let Err(status) = &result {
                shared.record_error(status);
            }
            result.is_ok()
        });
    }
    let mut seats = JoinSet::new();
    let detail = workload.detail(config.detail);
    for grant in grants {
        let (client, shared, game_id) = (light.clone(), shared.clone(), game.game_id.clone());
        seats.spawn(async move {
            let plays = (workload, detail);
            let result = play_seat(client, &game_id, grant, plays, seed, &shared).await;
            if let Err(status) = &result {
                shared.record_error(status);
            }
            result.is_ok()
        });
    }
    // A seat that failed ends the game for the others: they would wait
    // for its turns for ever.
    let mut ok = true;
    while let Some(result) = seats.join_next().await {
        if ok && !matches!(result, Ok(true)) {
            ok = false;
            seats.abort_all();
        }
    }
    if !ok {
        audience.abort_all();
    }
    while let Some(result) = audience.join_next().await {
        ok &= matches!(result, Ok(true));
    }
    ok
}

/// One spectator: streams the game from its start, every update with its
/// whole view, until the game ends.
async fn spectate(mut client: LightClient, game_id: &str, shared: &Shared) -> Result<(), Status> {
    let watch = pb::StreamGameRequest {
        game_id: game_id.to_owned(),
        seat: None,
        from_version: 0,
        events_only: false,
        detail: pb::Detail::Full as i32,
    };
    let mut updates = client
        .stream_game(melange::api::game_request(watch)?)
        .await?
        .into_inner();
    while let Some(update) = updates.message().await? {
        shared.progress.spectated.fetch_add(1, Ordering::Relaxed);
        if update.status == pb::GameStatus::Finished as i32 {
            return Ok(());
        }
    }
    Err(Status::unavailable("the stream ended before the game did"))
}

/// Sends one timed ApplyAction.
async fn apply(
    client: &mut LightClient,
    shared: &Shared,
    token: &str,
    request: LightApplyRequest,
) -> Result<LightApplyResponse, Status> {
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
        .apply_action(seat_request(request, token)?)
        .await?
        .into_inner();
    shared.record_latency(sent.elapsed());
    shared.progress.actions.fetch_add(1, Ordering::Relaxed);
    if let Some((log, (game_id, version, seat, action))) = acked {
        log.applied(&game_id, version, seat, &action, response.version);
    }
    Ok(response)
}

/// A random legal action of `view`, as a request at its version whose
/// response carries the view (unless `omit_view`) at `detail`.
fn random_action(
    view: &mut LightView,
    rng: &mut GameRng,
    (game_id, seat): (&str, u32),
    (omit_view, detail): (bool, pb::Detail),
) -> Result<LightApplyRequest, Status> {
    if view.legal_actions.is_empty() {
        return Err(Status::internal(
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
        detail: detail as i32,
    })
}

/// One seat's client: streams the game as its seat and acts on its turn.
/// With [`Workload::Events`] the stream carries the view only when the seat
/// must act and ApplyAction leaves it out; with [`Workload::Views`] every
/// update and response carries it. Every call asks for `detail`. After a
/// transient failure (with retries) it starts again from a re-read view.
async fn play_seat(
    client: LightClient,
    game_id: &str,
    grant: pb::SeatGrant,
    (workload, detail): (Workload, pb::Detail),
    seed: u64,
    shared: &Shared,
) -> Result<(), Status> {
    let mut seat = SeatClient {
        client,
        game_id,
        rng: seat_rng(grant.seat, seed),
        grant,
        events_only: workload == Workload::Events,
        detail,
        shared,
    };
    let mut recovery = Recovery::new(shared);
    loop {
        match seat.follow(&mut recovery).await {
            Ok(()) => return Ok(()),
            Err(status) => recovery.after(status).await?,
        }
    }
}

/// What a seat's client keeps from one attempt to the next.
struct SeatClient<'a> {
    client: LightClient,
    game_id: &'a str,
    grant: pb::SeatGrant,
    events_only: bool,
    detail: pb::Detail,
    rng: GameRng,
    shared: &'a Shared,
}

impl SeatClient<'_> {
    /// Reads the seat's view, streams the game from that version and plays
    /// until the game ends; `recovery` learns of each update and
    /// acknowledged action.
    async fn follow(&mut self, recovery: &mut Recovery<'_>) -> Result<(), Status> {
        let seat = Some(self.grant.seat);
        let read = pb::GetViewRequest {
            game_id: self.game_id.to_owned(),
            seat,
            detail: self.detail as i32,
        };
        let mut view = self
            .client
            .get_view(seat_request(read, &self.grant.token)?)
            .await?
            .into_inner();
        let watch = pb::StreamGameRequest {
            game_id: self.game_id.to_owned(),
            seat,
            from_version: view.version,
            events_only: self.events_only,
            detail: self.detail as i32,
        };
        let mut updates = self
            .client
            .stream_game(seat_request(watch, &self.grant.token)?)
            .await?
            .into_inner();
        // The version whose update tells this seat what to do next.
        let mut awaited = view.version + 1;
        loop {
            if view.status == pb::GameStatus::Finished as i32 {
                return Ok(());
            }
            if view.version + 1 == awaited && view.to_act.contains(&self.grant.seat) {
                let request = random_action(
                    &mut view,
                    &mut self.rng,
                    (self.game_id, self.grant.seat),
                    (self.events_only, self.detail),
                )?;
                let response =
                    apply(&mut self.client, self.shared, &self.grant.token, request).await?;
                recovery.acknowledged();
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
            // Wait for the update of a newer version that carries the view
            // (in an events-only stream: this seat's turn, or the game's
            // end).
            loop {
                let Some(update) = updates.next().await else {
                    return Err(Status::unavailable("the stream ended before the game did"));
                };
                let update = update?;
                recovery.got_on();
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
}

/// One client holding every seat's token and watching nothing: it acts for
/// whichever seat is to act, continuing from the ApplyAction response while
/// the same seat acts again and asking GetView when the turn passes.
pub(crate) struct Driver<'a> {
    pub client: LightClient,
    pub game_id: &'a str,
    pub shared: &'a Shared,
    pub seed: u64,
    /// How much its responses and views carry.
    pub detail: pb::Detail,
}

impl Driver<'_> {
    /// Plays until the game ends, or until `limit` actions when given.
    /// After a transient failure (with retries) it goes on from a re-read
    /// view.
    pub async fn play(
        &mut self,
        grants: &[pb::SeatGrant],
        limit: Option<u64>,
    ) -> Result<(), Status> {
        let mut rngs: Vec<GameRng> = grants
            .iter()
            .map(|grant| seat_rng(grant.seat, self.seed))
            .collect();
        let mut played = 0;
        let mut recovery = Recovery::new(self.shared);
        loop {
            let playing = self.play_on(grants, &mut rngs, &mut played, limit, &mut recovery);
            match playing.await {
                Ok(()) => return Ok(()),
                Err(status) => recovery.after(status).await?,
            }
        }
    }

    /// Reads the first seat's view and plays from there until the game
    /// ends or `played` reaches `limit`; `recovery` learns of each
    /// acknowledged action.
    async fn play_on(
        &mut self,
        grants: &[pb::SeatGrant],
        rngs: &mut [GameRng],
        played: &mut u64,
        limit: Option<u64>,
        recovery: &mut Recovery<'_>,
    ) -> Result<(), Status> {
        let Some(first) = grants.first() else {
            return Ok(());
        };
        let mut view = self.view_of(first).await?;
        while limit.is_none_or(|limit| *played < limit) {
            if view.status == pb::GameStatus::Finished as i32 {
                return Ok(());
            }
            let Some(&to_act) = view.to_act.first() else {
                return Ok(());
            };
            let Some(index) = grants.iter().position(|grant| grant.seat == to_act) else {
                return Err(Status::internal(
                    "the game waits on a seat this driver does not hold",
                ));
            };
            if view.seat != Some(to_act) {
                view = self.view_of(&grants[index]).await?;
                continue;
            }
            let grant = &grants[index];
            let request = random_action(
                &mut view,
                &mut rngs[index],
                (self.game_id, grant.seat),
                (false, self.detail),
            )?;
            let response = apply(&mut self.client, self.shared, &grant.token, request).await?;
            recovery.acknowledged();
            *played += 1;
            view = response
                .view
                .ok_or_else(|| Status::internal("a response without a view"))?;
        }
        Ok(())
    }

    /// `grant`'s seat's current view.
    async fn view_of(&mut self, grant: &pb::SeatGrant) -> Result<LightView, Status> {
        let request = pb::GetViewRequest {
            game_id: self.game_id.to_owned(),
            seat: Some(grant.seat),
            detail: self.detail as i32,
        };
        let view = self
            .client
            .get_view(seat_request(request, &grant.token)?)
            .await?
            .into_inner();
        self.shared.progress.views.fetch_add(1, Ordering::Relaxed);
        Ok(view)
    }
}
