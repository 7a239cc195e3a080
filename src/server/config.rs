use std::{
    fmt,
    net::SocketAddr,
    path::{Path, PathBuf},
    time::Duration,
};

use tonic::transport::{Certificate, Identity, ServerTlsConfig};

use super::{bots::SimulationShares, quotas::QuotaConfig};

use crate::{
    matches::{Limits, search::MAX_ITERATIONS},
    store::{FleetConfig, FsyncPolicy},
};

/// The default of [`ServerConfig::max_search_iterations`]: 10 times the
/// "mcts" bot's 1,000, a fraction of a second per decision in most games.
pub const DEFAULT_MAX_SEARCH_ITERATIONS: u32 = 10_000;

/// What an operator can tune; the binary fills it from flags and
/// environment variables.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Registry limits: games, spectator streams per game, idle expiry.
    pub limits: Limits,
    /// Largest request or response message, in bytes.
    pub max_message_bytes: usize,
    /// A token that may read the replay of a running game; `None` disables it.
    /// An empty or whitespace-only token is refused by [`ServerConfig::validate`]:
    /// it would let anyone who sends an empty bearer token read every secret.
    pub admin_token: Option<String>,
    /// How long a graceful shutdown waits for open connections before the
    /// server stops anyway, so an unresponsive client cannot hold it open.
    pub shutdown_grace: Duration,
    /// TLS for every connection (rustls); `None` serves plaintext HTTP/2,
    /// where bearer tokens travel in clear.
    pub tls: Option<TlsConfig>,
    /// Origins whose pages may call the server from a browser (CORS), `*`
    /// for any; empty (the default) sends no CORS header, so a browser
    /// allows only pages of the server's own origin (the served viewer).
    /// gRPC-Web itself is always answered.
    pub cors_origins: Vec<String>,
    /// A directory of static files served under `/viewer/` (the viewer);
    /// `None` serves none.
    pub viewer_dir: Option<PathBuf>,
    /// The directory of the journal store: every game and accepted action
    /// is kept there and the games are rebuilt from it at start. `None`
    /// (the library's default, so embedded servers and tests write
    /// nothing) keeps games in memory only.
    pub data_dir: Option<PathBuf>,
    /// When the journal forces its writes to the disk.
    pub fsync: FsyncPolicy,
    /// The fleet's shared journal (PostgreSQL), when this server is one of
    /// a fleet: it replaces `data_dir`.
    pub fleet: Option<FleetConfig>,
    /// How long a finished game stays readable (views, replay) before it is
    /// dropped from memory and from the store.
    pub retention: Duration,
    /// Which remote bots games may name, and how they are called
    /// (MC-BOT-01, MC-BOT-02).
    pub remote_bots: RemoteBotConfig,
    /// Caps and timeouts of connections and streams per client (P13).
    pub connections: ConnectionLimits,
    /// Serve from a data directory that other users may read. The store
    /// holds every game's seed, so by default such a directory stops the
    /// server at start-up rather than being changed behind the operator's
    /// back.
    pub allow_shared_data_dir: bool,
    /// The most iterations a search bot ("mcts:N") may think per decision
    /// on this server; a game asking for more is refused. All built-in bots
    /// share the bot cores, so this bounds what one decision costs them.
    pub max_search_iterations: u32,
    /// Per-client quotas on creating games, and the API keys that name
    /// clients (issue P13).
    pub quotas: QuotaConfig,
    /// How many `Simulate` calls one seat of a game, and one client, may
    /// have running or waiting at once (MC-SIM-05, issue P13).
    pub simulation_shares: SimulationShares,
}

/// What one client may hold of the server's connections and streams, and
/// how long a connection may stay silent (P13). Every cap is per peer IP
/// address (an IPv4-mapped IPv6 address counts as its IPv4 one), so one
/// client cannot lock the others out by opening sockets or streams.
#[derive(Clone, Debug)]
pub struct ConnectionLimits {
    /// Open connections at most, over every client; more are closed at
    /// once (keep it under the process's open-file limit).
    pub max_connections: usize,
    /// Open connections of one peer address at most.
    pub max_connections_per_ip: usize,
    /// Concurrent requests (HTTP/2 streams) on one connection at most.
    pub max_streams_per_connection: u32,
    /// Open `StreamGame` streams of one peer address at most, over every
    /// game; more are `RESOURCE_EXHAUSTED`.
    pub max_streams_per_ip: usize,
    /// A connection that moves no byte for this long, and carries no open
    /// `StreamGame` stream, is closed.
    pub idle_timeout: Duration,
    /// A connection whose first complete request (its head, or its HTTP/2
    /// HEADERS) has not arrived this long after the accept is closed.
    pub header_timeout: Duration,
    /// How often an HTTP/2 connection that sends nothing is pinged.
    pub keepalive_interval: Duration,
    /// How long an HTTP/2 ping may wait for its answer before the
    /// connection is closed.
    pub keepalive_timeout: Duration,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            max_connections: 10_000,
            max_connections_per_ip: 256,
            max_streams_per_connection: 100,
            max_streams_per_ip: 1_024,
            idle_timeout: Duration::from_secs(300),
            header_timeout: Duration::from_secs(10),
            keepalive_interval: Duration::from_secs(30),
            keepalive_timeout: Duration::from_secs(20),
        }
    }
}

impl ConnectionLimits {
    /// Refuses a zero cap or timeout (it would refuse or close every
    /// connection); the message names the flag.
    fn validate(&self) -> Result<(), String> {
        let zero = [
            (self.max_connections == 0, "--max-connections"),
            (self.max_connections_per_ip == 0, "--max-connections-per-ip"),
            (
                self.max_streams_per_connection == 0,
                "--max-streams-per-connection",
            ),
            (self.max_streams_per_ip == 0, "--max-streams-per-ip"),
            (self.idle_timeout.is_zero(), "--idle-timeout-secs"),
            (self.header_timeout.is_zero(), "--header-timeout-secs"),
            (self.keepalive_interval.is_zero(), "--keepalive-secs"),
            (self.keepalive_timeout.is_zero(), "--keepalive-timeout-secs"),
        ];
        match zero.iter().find(|(is_zero, _)| *is_zero) {
            Some((_, flag)) => Err(format!(
                "{flag} is 0, which would refuse or close every connection; give at least 1"
            )),
            None => Ok(()),
        }
    }
}

/// The warning a server listening on `addr` should log: plaintext beyond
/// loopback lets anyone on the path read bearer tokens (and the admin
/// token). `None` with TLS or on a loopback address.
pub fn plaintext_warning(addr: SocketAddr, tls: bool) -> Option<String> {
    if tls || addr.ip().to_canonical().is_loopback() {
        return None;
    }
    Some(format!(
        "listening on {addr} beyond loopback without TLS: bearer tokens and the admin \
         token travel in clear; give --tls-cert and --tls-key, or put a proxy that \
         terminates TLS in front"
    ))
}

/// The remote bots a server calls (MC-BOT-01). A seat's `SeatConfig.bot`
/// may name `http://HOST:PORT` only when `HOST:PORT` is allowed here, so
/// that nobody who may create a game can make the server call an address
/// of the operator's network (server-side request forgery).
#[derive(Clone, Debug)]
pub struct RemoteBotConfig {
    /// The `HOST:PORT` endpoints games may name; empty (the default)
    /// refuses every remote bot.
    pub allowed: Vec<String>,
    /// How long one `Decide` call may take at most (a clock may leave less).
    pub timeout: Duration,
    /// How many `Decide` calls may be in flight at once, over every game.
    pub max_calls: usize,
    /// How many `Decide` calls may be in flight at once to one endpoint: an
    /// endpoint that never answers holds this many of `max_calls` at most,
    /// so the bots of other endpoints are still called.
    pub max_calls_per_endpoint: usize,
}

impl Default for RemoteBotConfig {
    fn default() -> Self {
        RemoteBotConfig {
            allowed: Vec::new(),
            timeout: Duration::from_secs(10),
            max_calls: 64,
            max_calls_per_endpoint: 8,
        }
    }
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            limits: Limits::default(),
            max_message_bytes: 4 * 1024 * 1024,
            admin_token: None,
            shutdown_grace: Duration::from_secs(10),
            tls: None,
            cors_origins: Vec::new(),
            viewer_dir: None,
            data_dir: None,
            fsync: FsyncPolicy::default(),
            fleet: None,
            retention: Duration::from_secs(60 * 60),
            remote_bots: RemoteBotConfig::default(),
            connections: ConnectionLimits::default(),
            allow_shared_data_dir: false,
            max_search_iterations: DEFAULT_MAX_SEARCH_ITERATIONS,
            quotas: QuotaConfig::default(),
            simulation_shares: SimulationShares::default(),
        }
    }
}

impl ServerConfig {
    /// Refuses a configuration the server must not start with; the message
    /// says what to change. [`super::serve`] calls it before listening.
    pub fn validate(&self) -> Result<(), String> {
        if let Some(token) = &self.admin_token {
            admin_token(token)?;
        }
        if let Some(tls) = &self.tls {
            tls.server_tls_config()?;
        }
        super::web::cors_layer(&self.cors_origins)?;
        super::remote_bot::check_config(&self.remote_bots)?;
        self.connections.validate()?;
        if self.limits.max_watchers_per_peer == 0 {
            return Err(
                "--max-watchers-per-ip-per-game is 0, which would refuse every spectator; \
                 give at least 1"
                    .to_owned(),
            );
        }
        if self.simulation_shares.steps_per_second_per_client == 0 {
            return Err("--simulation-steps-per-second-per-client must be at least 1".to_owned());
        }
        if self.simulation_shares.per_seat == 0 || self.simulation_shares.per_client == 0 {
            return Err(
                "--max-simulations-per-seat and --max-simulations-per-client must be at least 1"
                    .to_owned(),
            );
        }
        if self.quotas.creates_per_minute_per_client == 0 {
            return Err("--creates-per-minute-per-client must be at least 1".to_owned());
        }
        if !(1..=MAX_ITERATIONS).contains(&self.max_search_iterations) {
            return Err(format!(
                "--max-search-iterations is {}; give 1 to {MAX_ITERATIONS}",
                self.max_search_iterations
            ));
        }
        if let Some(dir) = &self.viewer_dir
            && !dir.join("index.html").is_file()
        {
            return Err(format!(
                "--viewer-dir {}: no index.html there; give the repository's viewer/ directory",
                dir.display()
            ));
        }
        Ok(())
    }
}

/// How long a connection may take to finish its TLS handshake: a client
/// that opens a connection and never completes it costs a pending task only
/// this long.
pub const TLS_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// The server's TLS identity and, for mutual TLS, the certificate authority
/// its clients' certificates must chain to; every part PEM-encoded.
#[derive(Clone)]
pub struct TlsConfig {
    /// The server's certificate chain, leaf first.
    pub cert_pem: Vec<u8>,
    /// The private key of the leaf certificate (PKCS#8, PKCS#1 or SEC1).
    pub key_pem: Vec<u8>,
    /// With it, every client must present a certificate signed by one of
    /// these certificates, or its handshake fails; without it, any client
    /// may connect (seats still prove themselves with their bearer tokens).
    pub client_ca_pem: Option<Vec<u8>>,
}

impl fmt::Debug for TlsConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the private key, not even in a debug line.
        f.debug_struct("TlsConfig")
            .field("cert_pem_bytes", &self.cert_pem.len())
            .field("mutual", &self.client_ca_pem.is_some())
            .finish_non_exhaustive()
    }
}

impl TlsConfig {
    /// Reads the PEM files the flags name. The certificate and the key go
    /// together (both or neither: `Ok(None)` serves plaintext); a client CA
    /// needs them. A missing pair half or an unreadable file is an error
    /// whose message names the flag, its variable and the file.
    pub fn from_files(
        cert: Option<&Path>,
        key: Option<&Path>,
        client_ca: Option<&Path>,
    ) -> Result<Option<TlsConfig>, String> {
        let (cert, key) = match (cert, key) {
            (Some(cert), Some(key)) => (cert, key),
            (None, None) => {
                return match client_ca {
                    Some(_) => Err("--tls-client-ca (MELANGE_TLS_CLIENT_CA) needs TLS: give \
                         --tls-cert and --tls-key too"
                        .to_owned()),
                    None => Ok(None),
                };
            }
            (Some(_), None) | (None, Some(_)) => {
                return Err(
                    "--tls-cert (MELANGE_TLS_CERT) and --tls-key (MELANGE_TLS_KEY) \
                     go together: give both to serve TLS, or neither to serve plaintext"
                        .to_owned(),
                );
            }
        };
        let read = |path: &Path, what: &str| {
            std::fs::read(path)
                .map_err(|error| format!("cannot read the {what} {}: {error}", path.display()))
        };
        Ok(Some(TlsConfig {
            cert_pem: read(cert, "TLS certificate (--tls-cert)")?,
            key_pem: read(key, "TLS private key (--tls-key)")?,
            client_ca_pem: client_ca
                .map(|path| read(path, "client CA certificate (--tls-client-ca)"))
                .transpose()?,
        }))
    }

    /// tonic's server TLS settings; a certificate, key or client CA that
    /// rustls cannot use is an error naming which.
    pub fn server_tls_config(&self) -> Result<ServerTlsConfig, String> {
        if !holds_certificate(&self.cert_pem) {
            return Err(format!(
                "the TLS certificate file (--tls-cert) holds no PEM certificate ({PEM_CERTIFICATE})"
            ));
        }
        if self
            .client_ca_pem
            .as_deref()
            .is_some_and(|client_ca| !holds_certificate(client_ca))
        {
            return Err(format!(
                "the client CA file (--tls-client-ca) holds no PEM certificate ({PEM_CERTIFICATE})"
            ));
        }
        let identity = ServerTlsConfig::new()
            .identity(Identity::from_pem(&self.cert_pem, &self.key_pem))
            .timeout(TLS_HANDSHAKE_TIMEOUT);
        tonic::transport::Server::builder()
            .tls_config(identity.clone())
            .map_err(|error| {
                format!(
                    "the TLS certificate (--tls-cert) and private key (--tls-key) cannot \
                     be used together: {}",
                    error_chain(&error)
                )
            })?;
        let Some(client_ca) = &self.client_ca_pem else {
            return Ok(identity);
        };
        let mutual = identity.client_ca_root(Certificate::from_pem(client_ca));
        tonic::transport::Server::builder()
            .tls_config(mutual.clone())
            .map_err(|error| {
                format!(
                    "the client CA certificate (--tls-client-ca) cannot be used: {}",
                    error_chain(&error)
                )
            })?;
        Ok(mutual)
    }
}

/// The line that opens a certificate in a PEM file.
const PEM_CERTIFICATE: &str = "-----BEGIN CERTIFICATE-----";

/// Whether a PEM file has a certificate at all (rustls would otherwise
/// say that the peer sent none).
fn holds_certificate(pem: &[u8]) -> bool {
    pem.windows(PEM_CERTIFICATE.len())
        .any(|window| window == PEM_CERTIFICATE.as_bytes())
}

/// What went wrong under tonic's generic "transport error", outermost
/// cause first, for a start-up message.
fn error_chain(error: &tonic::transport::Error) -> String {
    let mut causes = Vec::new();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        causes.push(cause.to_string());
        source = cause.source();
    }
    if causes.is_empty() {
        causes.push(error.to_string());
    }
    causes.join(": ")
}

/// Checks an admin token: empty or whitespace-only tokens are refused,
/// because a bearer token that trims to nothing must never open anything.
pub fn admin_token(token: &str) -> Result<String, String> {
    if token.trim().is_empty() {
        return Err(
            "the admin token is empty or only whitespace; set a long random \
             secret, or leave --admin-token and MELANGE_ADMIN_TOKEN unset to let \
             nobody read the replays of running games"
                .to_owned(),
        );
    }
    Ok(token.to_owned())
}
