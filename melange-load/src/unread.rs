//! Streams that never read: the slow clients of issue 13's finding 3. Each
//! asks for a whole finished game from version 0 and then reads nothing,
//! so the server holds its catch-up for as long as the run lasts. A server
//! that gives each slow client a bounded buffer, not a thread, serves the
//! other clients as fast with them as without.
use tokio_stream::StreamExt;
use tonic::{
    Status,
    codec::Streaming,
    transport::{Channel, Endpoint},
};

use super::LoadConfig;
use melange::{
    api::game_request,
    pb::{self, game_service_client::GameServiceClient},
};

/// Spectator streams opened per game: the share of one game's spectator
/// slots a server gives one client address by default
/// (`--max-watchers-per-ip-per-game`).
const STREAMS_PER_GAME: usize = 4;

/// Unread streams per connection at most: under the server's default cap
/// of concurrent requests per connection (`--max-streams-per-connection`,
/// 100), beyond which a new stream would wait for one to end, and an
/// unread stream never ends.
const STREAMS_PER_CONNECTION: usize = 64;

/// The flow-control window of each unread stream: what the server may send
/// it before the stream is full.
const STREAM_WINDOW: u32 = 64 * 1024;

/// The flow-control window of an unread streams' connection: room for every
/// stream's window, so that one full stream never stops the others of its
/// connection from receiving their first update.
const CONNECTION_WINDOW: u32 = 1 << 30;

/// Open streams that are never read; dropping it closes them.
pub struct UnreadStreams {
    /// The streams, held open.
    pub streams: Vec<Streaming<pb::GameUpdate>>,
    /// Their connections.
    _channels: Vec<Channel>,
}

/// Plays finished all-bot games of the run's kind and opens `count`
/// spectator streams of them from version 0, each read only up to its first
/// update (so the server has started its catch-up), on connections of
/// their own: an unread stream fills its flow-control window, which must
/// not stall the measured clients, nor the other unread streams (each
/// connection's window holds every stream's).
pub async fn open(config: &LoadConfig, count: usize) -> Result<UnreadStreams, Status> {
    let endpoint = Endpoint::from_shared(config.endpoint.clone())
        .map_err(|error| Status::invalid_argument(format!("bad endpoint: {error}")))?
        .initial_stream_window_size(STREAM_WINDOW)
        .initial_connection_window_size(CONNECTION_WINDOW);
    let connections = config
        .connections
        .max(count.div_ceil(STREAMS_PER_CONNECTION))
        .max(1);
    let mut channels = Vec::with_capacity(connections);
    for _ in 0..connections {
        channels.push(
            endpoint
                .connect()
                .await
                .map_err(|error| Status::unavailable(format!("cannot connect: {error}")))?,
        );
    }
    let mut streams = Vec::with_capacity(count);
    let mut game_index = 0u64;
    while streams.len() < count {
        let mut client = GameServiceClient::new(channels[streams.len() % channels.len()].clone());
        let game_id = finished_bot_game(&mut client, config, game_index).await?;
        game_index += 1;
        for _ in 0..STREAMS_PER_GAME.min(count - streams.len()) {
            let request = pb::StreamGameRequest {
                game_id: game_id.clone(),
                seat: None,
                from_version: 0,
                events_only: false,
                detail: pb::Detail::Full as i32,
            };
            let channel = channels[streams.len() % channels.len()].clone();
            let mut stream = GameServiceClient::new(channel)
                .stream_game(game_request(request)?)
                .await?
                .into_inner();
            stream.next().await.transpose()?;
            streams.push(stream);
        }
    }
    Ok(UnreadStreams {
        streams,
        _channels: channels,
    })
}

/// A game of the run's kind and options, every seat the built-in random
/// bot, played to its end.
async fn finished_bot_game(
    client: &mut GameServiceClient<Channel>,
    config: &LoadConfig,
    index: u64,
) -> Result<String, Status> {
    // As many bots as the game has seats: more are refused, fewer would
    // leave a human seat that never plays.
    let mut created = Err(Status::invalid_argument("no seat count was tried"));
    for seats in (1..=4).rev() {
        let request = pb::CreateGameRequest {
            kind: config.kind,
            seed: Some(config.seed.wrapping_add(1_000_000 + index)),
            options: Some(config.options.clone()),
            seats: vec![
                pb::SeatConfig {
                    bot: "random".into(),
                    plays: String::new(),
                };
                seats
            ],
            ..Default::default()
        };
        created = client.create_game(request).await;
        match &created {
            Err(status) if status.code() == tonic::Code::InvalidArgument => continue,
            _ => break,
        }
    }
    let game = created?.into_inner();
    loop {
        let view = client
            .get_view(game_request(pb::GetViewRequest {
                game_id: game.game_id.clone(),
                seat: None,
                detail: pb::Detail::Actions as i32,
            })?)
            .await?
            .into_inner();
        if view.status == pb::GameStatus::Finished as i32 {
            return Ok(game.game_id);
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}
