//! Calling remote bots (MC-BOT-01..03): a seat whose `SeatConfig.bot` names
//! an endpoint is played by the `BotService` listening there. On the seat's
//! turn the server's per-game task (`clock.rs`) asks [`RemoteBots::decide`]
//! with the seat's view and nothing else; whatever goes wrong (no
//! connection, an error status, no answer in time) is an absent answer,
//! which the match handles as the clock options say (MC-BOT-02).
//!
//! Calls in flight are bounded per endpoint before they are bounded over
//! the server: a call first waits for a slot of its own endpoint, and only
//! then for one of the server's, so an endpoint that never answers holds
//! at most its own slots and its waiting calls hold none of the server's;
//! the bots of other endpoints are still called at once. A game never has
//! more than one call in flight (its task asks for one decision at a time),
//! so a game cannot take more than one of its endpoint's slots.
use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::Duration,
};

use tokio::sync::Semaphore;
use tonic::{
    Code,
    transport::{Channel, Endpoint},
};

use super::config::RemoteBotConfig;
use crate::{
    api::RemoteTurn,
    matches::{MatchError, StandIn, echo},
    pb::{self, bot_service_client::BotServiceClient},
};

/// The only scheme a remote bot's endpoint may use: the server bundles no
/// root certificates, so it could not check a bot's TLS certificate.
const SCHEME: &str = "http://";

/// The longest an endpoint is (the bound of every name of the contract).
const MAX_ENDPOINT_BYTES: usize = crate::matches::MAX_NAME_BYTES;

/// How long a notice (MC-BOT-04) may take: nothing waits on it, but it
/// holds a slot of the endpoint.
const NOTICE_TIMEOUT: Duration = Duration::from_secs(2);

/// Refuses a configuration whose allowed endpoints are not `HOST:PORT`.
pub fn check_config(config: &RemoteBotConfig) -> Result<(), String> {
    for allowed in &config.allowed {
        host_port(allowed)
            .map_err(|why| format!("--allow-bot-endpoint {}: {why}", echo(allowed)))?;
    }
    if config.max_calls == 0 {
        return Err("--remote-bot-max-calls must be at least 1".to_owned());
    }
    if config.max_calls_per_endpoint == 0 {
        return Err("--remote-bot-max-calls-per-endpoint must be at least 1".to_owned());
    }
    if config.timeout.is_zero() {
        return Err("--remote-bot-timeout-ms must be at least 1".to_owned());
    }
    Ok(())
}

/// Checks the form `HOST:PORT` (no scheme, no path, a numeric port).
fn host_port(value: &str) -> Result<(), &'static str> {
    let (host, port) = value.rsplit_once(':').ok_or("not HOST:PORT (no port)")?;
    if host.is_empty() || host.contains(['/', '@', '?', '#', ' ']) {
        return Err("not HOST:PORT (a host is a name or an address only)");
    }
    port.parse::<u16>()
        .map(|_| ())
        .map_err(|_| "not HOST:PORT (the port is not a number up to 65535)")
}

/// One allowed endpoint: its shared connection and its slots for calls.
#[derive(Clone, Debug)]
struct Line {
    channel: Channel,
    calls: Arc<Semaphore>,
}

/// The remote bots of a server: which endpoints are allowed, one shared
/// connection per endpoint, and the caps on calls in flight (per endpoint,
/// and over the server).
#[derive(Debug)]
pub struct RemoteBots {
    config: RemoteBotConfig,
    calls: Arc<Semaphore>,
    /// At most one per allowed endpoint, so bounded by the configuration.
    lines: Mutex<HashMap<String, Line>>,
}

impl RemoteBots {
    /// The remote bots `config` allows.
    pub fn new(config: RemoteBotConfig) -> Self {
        RemoteBots {
            calls: Arc::new(Semaphore::new(config.max_calls.max(1))),
            config,
            lines: Mutex::new(HashMap::new()),
        }
    }

    /// Checks a `SeatConfig.bot` that names an endpoint (MC-BOT-01):
    /// `http://HOST:PORT` with `HOST:PORT` allowed by the server.
    /// [`MatchError::InvalidArgument`] otherwise, quoting at most a prefix
    /// of what was sent.
    pub fn check(&self, endpoint: &str) -> Result<(), MatchError> {
        if endpoint.len() > MAX_ENDPOINT_BYTES {
            return Err(MatchError::InvalidArgument(format!(
                "a remote bot's endpoint is at most {MAX_ENDPOINT_BYTES} bytes (MC-BOT-01)"
            )));
        }
        let Some(host_port) = endpoint.strip_prefix(SCHEME) else {
            let why = if endpoint.starts_with("https://") {
                "https is not supported: the server bundles no root certificates to check \
                 a bot's; use http:// on a network you trust"
            } else {
                "a remote bot's endpoint is http://HOST:PORT"
            };
            return Err(MatchError::InvalidArgument(format!(
                "seat bot {}: {why} (MC-BOT-01)",
                echo(endpoint)
            )));
        };
        if self.config.allowed.is_empty() {
            return Err(MatchError::InvalidArgument(
                "this server calls no remote bots: its operator allows none \
                 (--allow-bot-endpoint) (MC-BOT-01)"
                    .to_owned(),
            ));
        }
        if !self
            .config
            .allowed
            .iter()
            .any(|allowed| allowed == host_port)
        {
            return Err(MatchError::InvalidArgument(format!(
                "seat bot {}: this server's operator does not allow that endpoint \
                 (--allow-bot-endpoint) (MC-BOT-01)",
                echo(endpoint)
            )));
        }
        Ok(())
    }

    /// The shared connection to an allowed endpoint and its slots, made on
    /// first use.
    fn line(&self, endpoint: &str) -> Result<Line, String> {
        let mut lines = self
            .lines
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(line) = lines.get(endpoint) {
            return Ok(line.clone());
        }
        let channel = Endpoint::from_shared(endpoint.to_owned())
            .map_err(|error| error.to_string())?
            .connect_timeout(self.config.timeout)
            .tcp_nodelay(true)
            .connect_lazy();
        let line = Line {
            channel,
            calls: Arc::new(Semaphore::new(self.config.max_calls_per_endpoint.max(1))),
        };
        lines.insert(endpoint.to_owned(), line.clone());
        Ok(line)
    }

    /// Tells the bot at `endpoint` that a game started or ended
    /// (MC-BOT-04), in the background. A notice holds a slot of the
    /// endpoint and of the server for at most [`NOTICE_TIMEOUT`], and is
    /// not sent when none is free: it never queues behind decisions (a
    /// decision that comes while it runs waits for it at most that long,
    /// as behind any other call to the endpoint), and a bot cannot make
    /// notices pile up. Its answer, or its failure (a bot
    /// without `Notice` answers UNIMPLEMENTED), changes nothing.
    pub fn notify(&self, endpoint: &str, notice: pb::NoticeRequest) {
        if self.check(endpoint).is_err() {
            return;
        }
        let Ok(line) = self.line(endpoint) else {
            return;
        };
        let (Ok(endpoint_permit), Ok(permit)) = (
            Arc::clone(&line.calls).try_acquire_owned(),
            Arc::clone(&self.calls).try_acquire_owned(),
        ) else {
            tracing::debug!(game_id = %notice.game_id, seat = notice.seat,
                "a remote bot's notice was not sent: its endpoint is busy (MC-BOT-04)");
            return;
        };
        tokio::spawn(async move {
            let _permits = (endpoint_permit, permit);
            let mut client = BotServiceClient::new(line.channel);
            let call = client.notice(notice.clone());
            match tokio::time::timeout(NOTICE_TIMEOUT, call).await {
                Ok(Ok(_)) => {}
                Ok(Err(status)) if status.code() == Code::Unimplemented => {}
                Ok(Err(status)) => tracing::debug!(game_id = %notice.game_id,
                    seat = notice.seat, code = ?status.code(), "a remote bot refused a notice"),
                Err(_) => tracing::debug!(game_id = %notice.game_id, seat = notice.seat,
                    "a remote bot did not answer a notice in time"),
            }
        });
    }

    /// How long the server waits for an answer on `turn`: the server's
    /// timeout, or the seat's clock when it leaves less.
    pub fn wait_for(&self, turn: &RemoteTurn) -> Duration {
        turn.time_left
            .map_or(self.config.timeout, |left| left.min(self.config.timeout))
    }

    /// Asks the bot of `turn` for its action (MC-BOT-01): the seat's view
    /// only, its read-only token, the time it has. Its answer (an action,
    /// and its note, MC-NOTE-01) or why there is none (MC-BOT-02,
    /// MC-STANDIN-01); the detail is logged.
    pub async fn decide(
        &self,
        game_id: &str,
        turn: &RemoteTurn,
    ) -> Result<pb::DecideResponse, StandIn> {
        let wait = self.wait_for(turn);
        let call = async {
            // The endpoint was allowed at creation; a restarted server with
            // another allow list refuses it now.
            self.check(&turn.endpoint)
                .map_err(|error| (StandIn::BotUnreachable, error.to_string()))?;
            let line = self
                .line(&turn.endpoint)
                .map_err(|error| (StandIn::BotUnreachable, error))?;
            // The endpoint's slot first: while it waits for one, a call
            // holds none of the server's.
            let _endpoint_permit = line
                .calls
                .acquire()
                .await
                .map_err(|error| (StandIn::BotUnreachable, error.to_string()))?;
            let _permit = self
                .calls
                .acquire()
                .await
                .map_err(|error| (StandIn::BotUnreachable, error.to_string()))?;
            let request = pb::DecideRequest {
                game_id: game_id.to_owned(),
                seat: u32::from(turn.seat.0),
                view: Some(turn.view.clone()),
                time_left_ms: u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
                observer_token: turn.observer_token.clone(),
            };
            BotServiceClient::new(line.channel)
                .decide(request)
                .await
                .map(|response| response.into_inner())
                .map_err(|status| {
                    // The transport's own failures come as UNAVAILABLE (or
                    // UNKNOWN from a connection cut mid-call); a bot (or
                    // the arena's endpoint for a hosted program) that says
                    // it ran out of time is late; any other status is the
                    // bot's error.
                    let why = match status.code() {
                        Code::Unavailable | Code::Unknown => StandIn::BotUnreachable,
                        Code::DeadlineExceeded => StandIn::BotLate,
                        _ => StandIn::BotError,
                    };
                    (
                        why,
                        format!("{:?}: {}", status.code(), echo(status.message())),
                    )
                })
        };
        // The detail goes to the debug log; the stand-in itself is logged
        // once, where the game plays it (MC-STANDIN-01).
        match tokio::time::timeout(wait, call).await {
            Ok(Ok(answer)) if answer.action.is_some() => Ok(answer),
            Ok(Ok(_)) => Err(StandIn::BotMalformedAnswer),
            Ok(Err((why, error))) => {
                tracing::debug!(%game_id, seat = %turn.seat, %error, "a remote bot's call failed");
                Err(why)
            }
            Err(_) => Err(StandIn::BotLate),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allowing(allowed: &[&str]) -> RemoteBotConfig {
        RemoteBotConfig {
            allowed: allowed.iter().map(|a| (*a).to_owned()).collect(),
            ..RemoteBotConfig::default()
        }
    }

    #[test]
    fn allowed_endpoints_are_host_and_port_only() {
        // MC-BOT-01
        assert!(check_config(&allowing(&["127.0.0.1:50061", "bots.lan:80", "[::1]:9"])).is_ok());
        for bad in [
            "http://127.0.0.1:1",
            "127.0.0.1",
            "host:99999",
            ":80",
            "a/b:1",
            "u@h:1",
        ] {
            assert!(check_config(&allowing(&[bad])).is_err(), "{bad}");
        }
        let mut none = allowing(&[]);
        none.max_calls = 0;
        assert!(check_config(&none).is_err());
        let mut none_per_endpoint = allowing(&[]);
        none_per_endpoint.max_calls_per_endpoint = 0;
        assert!(check_config(&none_per_endpoint).is_err());
        let mut instant = allowing(&[]);
        instant.timeout = Duration::ZERO;
        assert!(check_config(&instant).is_err());
    }

    #[test]
    fn only_allowed_http_endpoints_are_called() {
        // MC-BOT-01
        let bots = RemoteBots::new(allowing(&["127.0.0.1:50061"]));
        assert!(bots.check("http://127.0.0.1:50061").is_ok());
        for refused in [
            "https://127.0.0.1:50061",
            "http://127.0.0.1:50062",
            "http://127.0.0.1:50061/path",
            "127.0.0.1:50061",
            "grpc://127.0.0.1:50061",
        ] {
            assert!(
                matches!(bots.check(refused), Err(MatchError::InvalidArgument(_))),
                "{refused}"
            );
        }
        let closed = RemoteBots::new(allowing(&[]));
        assert!(closed.check("http://127.0.0.1:50061").is_err());
    }
}
