//! `melange`: the game server.
use std::{io::IsTerminal, net::SocketAddr, path::PathBuf, time::Duration};

use clap::{CommandFactory, Parser, ValueEnum, error::ErrorKind};
use melange::{
    api::Catalog,
    matches::Limits,
    server::{
        ApiKey, ConnectionLimits, QuotaConfig, RemoteBotConfig, ServerConfig, SimulationShares,
        TlsConfig, admin_token, serve, shutdown_signal,
    },
    store::{FleetConfig, FsyncPolicy},
};
use tracing_subscriber::EnvFilter;

/// mimalloc rather than the system allocator: a call allocates and frees
/// many small strings and vectors, which mimalloc serves at a fraction of
/// glibc's cost (see the load numbers in docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Hosts concurrent, seeded matches of the Dune board games over gRPC.
///
/// Every flag can also be set by the environment variable shown.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Flags {
    /// Address to listen on.
    #[arg(long, env = "MELANGE_LISTEN", default_value = "127.0.0.1:50051")]
    listen: SocketAddr,
    /// Live games at most; more are refused with RESOURCE_EXHAUSTED.
    #[arg(long, env = "MELANGE_MAX_GAMES", default_value_t = 100_000)]
    max_games: usize,
    /// Concurrent spectator streams (StreamGame without a seat) of one game
    /// at most. A seat's own stream is always admitted and never counts: a
    /// newer stream of the same seat replaces the older one.
    #[arg(long, env = "MELANGE_MAX_WATCHERS", default_value_t = 64)]
    max_watchers: usize,
    /// Spectator streams of one game from one client IP address at most,
    /// so that one client cannot take every spectator slot of a game.
    #[arg(
        long,
        env = "MELANGE_MAX_WATCHERS_PER_IP_PER_GAME",
        default_value_t = 4
    )]
    max_watchers_per_ip_per_game: usize,
    /// Open connections at most, over every client; more are closed at
    /// once. Keep it under the open-file limit (ulimit -n).
    #[arg(long, env = "MELANGE_MAX_CONNECTIONS", default_value_t = 10_000)]
    max_connections: usize,
    /// Open connections of one client IP address at most; more are closed
    /// at once.
    #[arg(long, env = "MELANGE_MAX_CONNECTIONS_PER_IP", default_value_t = 256)]
    max_connections_per_ip: usize,
    /// Concurrent requests (HTTP/2 streams) on one connection at most.
    #[arg(
        long,
        env = "MELANGE_MAX_STREAMS_PER_CONNECTION",
        default_value_t = 100
    )]
    max_streams_per_connection: u32,
    /// Open StreamGame streams of one client IP address at most, over every
    /// game; more are refused with RESOURCE_EXHAUSTED.
    #[arg(long, env = "MELANGE_MAX_STREAMS_PER_IP", default_value_t = 1_024)]
    max_streams_per_ip: usize,
    /// Seconds a connection may move no byte before it is closed, unless it
    /// carries an open StreamGame stream (HTTP/2 pings and their answers
    /// count as bytes).
    #[arg(long, env = "MELANGE_IDLE_TIMEOUT_SECS", default_value_t = 300)]
    idle_timeout_secs: u64,
    /// Seconds a new connection has to deliver its first complete request
    /// (its HTTP/1.1 head or HTTP/2 HEADERS) before it is closed.
    #[arg(long, env = "MELANGE_HEADER_TIMEOUT_SECS", default_value_t = 10)]
    header_timeout_secs: u64,
    /// Seconds between HTTP/2 keep-alive pings of a connection that sends
    /// nothing.
    #[arg(long, env = "MELANGE_KEEPALIVE_SECS", default_value_t = 30)]
    keepalive_secs: u64,
    /// Seconds an HTTP/2 keep-alive ping may wait for its answer before the
    /// connection is closed.
    #[arg(long, env = "MELANGE_KEEPALIVE_TIMEOUT_SECS", default_value_t = 20)]
    keepalive_timeout_secs: u64,
    /// Seconds without any call after which a game is removed.
    #[arg(long, env = "MELANGE_IDLE_EXPIRY_SECS", default_value_t = 3600)]
    idle_expiry_secs: u64,
    /// Largest gRPC message accepted or sent, in bytes.
    #[arg(long, env = "MELANGE_MAX_MESSAGE_BYTES", default_value_t = 4 * 1024 * 1024)]
    max_message_bytes: usize,
    /// Bearer token that may read replays of running games (unset: nobody).
    /// An empty or whitespace-only token is refused at start-up.
    #[arg(long, env = "MELANGE_ADMIN_TOKEN", hide_env_values = true, value_parser = admin_token)]
    admin_token: Option<String>,
    /// Seconds a graceful shutdown waits for open connections.
    #[arg(long, env = "MELANGE_SHUTDOWN_GRACE_SECS", default_value_t = 10)]
    shutdown_grace_secs: u64,
    /// PEM file of the server's TLS certificate chain; with --tls-key, every
    /// connection is TLS (rustls). Without both, the server speaks plaintext
    /// HTTP/2 and bearer tokens travel in clear.
    #[arg(long, env = "MELANGE_TLS_CERT", value_name = "PEM_FILE")]
    tls_cert: Option<PathBuf>,
    /// PEM file of the private key of --tls-cert.
    #[arg(long, env = "MELANGE_TLS_KEY", value_name = "PEM_FILE")]
    tls_key: Option<PathBuf>,
    /// PEM file of the certificate authorities for mutual TLS: a client
    /// without a certificate they signed is refused at the handshake.
    #[arg(long, env = "MELANGE_TLS_CLIENT_CA", value_name = "PEM_FILE")]
    tls_client_ca: Option<PathBuf>,
    /// An origin whose web pages may call the server from a browser over
    /// gRPC-Web (CORS), e.g. https://example.org; repeat the flag or separate
    /// origins by commas. `*` allows any origin, `null` the pages opened
    /// from disk (file://). Unset: no CORS header at all, so only the
    /// server's own pages (the viewer under /viewer/) can call it.
    #[arg(
        long = "cors-origin",
        env = "MELANGE_CORS_ORIGIN",
        value_name = "ORIGIN",
        value_delimiter = ','
    )]
    cors_origin: Vec<String>,
    /// Serve the static game viewer from this directory (the repository's
    /// viewer/) under /viewer/ on the same port. Only files under it are
    /// served. Unset: no viewer.
    #[arg(long, env = "MELANGE_VIEWER_DIR", value_name = "DIR")]
    viewer_dir: Option<PathBuf>,
    /// Log line format; the level comes from RUST_LOG (default "info").
    #[arg(long, env = "MELANGE_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// Directory of the journal store (created if missing, relative to the
    /// working directory): every game and accepted action is kept there
    /// before it is acknowledged, and the games are rebuilt from it at
    /// start. `none` keeps games in memory only (a restart loses them).
    #[arg(
        long,
        env = "MELANGE_DATA_DIR",
        default_value = "melange-data",
        value_name = "PATH|none"
    )]
    data_dir: String,
    /// Serve from a --data-dir that other users may read or enter (any
    /// group or other permission bit). The store holds every game's seed,
    /// so without this flag such a directory stops the server at start-up.
    #[arg(long, env = "MELANGE_ALLOW_SHARED_DATA_DIR")]
    allow_shared_data_dir: bool,
    /// When the journal forces its writes to the disk: `every-ms=N` (a
    /// flush every N ms: a crash of the server alone loses nothing, a power
    /// cut at most the last N ms), `always` (before every acknowledgment:
    /// nothing acknowledged is lost, even in a power cut, at about half the
    /// rate) or `never` (the operating system decides: a crash of the
    /// server alone loses nothing).
    #[arg(long, env = "MELANGE_FSYNC", default_value_t = FsyncPolicy::default(), value_parser = str::parse::<FsyncPolicy>)]
    fsync: FsyncPolicy,
    /// The fleet's shared journal: `postgres://user:password@host:port/db`.
    /// Every server of the fleet names the same database, keeps its games
    /// there instead of in --data-dir, and serves any game a call names
    /// (taking its lease); see docs/scaling.md.
    #[arg(
        long,
        env = "MELANGE_JOURNAL",
        hide_env_values = true,
        value_name = "URL"
    )]
    journal: Option<String>,
    /// This server's name in the fleet's leases (unique in the fleet).
    /// Default: the host name and the listen address.
    #[arg(long, env = "MELANGE_NODE_ID")]
    node_id: Option<String>,
    /// Milliseconds after which a fleet server that has not renewed its
    /// heartbeat is presumed dead and its games that move by themselves
    /// (bots, clocks) are adopted by the others. Renewed every third of it.
    #[arg(long, env = "MELANGE_LEASE_TTL_MS", default_value_t = 3_000)]
    lease_ttl_ms: u64,
    /// Connections to the fleet's shared journal.
    #[arg(long, env = "MELANGE_JOURNAL_POOL_SIZE", default_value_t = 8)]
    journal_pool_size: usize,
    /// Seconds a finished game stays readable (views, replay) before it is
    /// dropped from memory and from the journal store.
    #[arg(long, env = "MELANGE_RETENTION_SECS", default_value_t = 60 * 60)]
    retention_secs: u64,
    /// A remote bot endpoint (HOST:PORT, or http://HOST:PORT alike) that
    /// games may name as `SeatConfig.bot = "http://HOST:PORT"`; repeat the
    /// flag or separate endpoints by commas. Unset: remote bots are
    /// refused, so that whoever creates a game cannot make the server call
    /// into its network.
    #[arg(
        long = "allow-bot-endpoint",
        env = "MELANGE_ALLOW_BOT_ENDPOINT",
        value_name = "HOST:PORT",
        value_delimiter = ',',
        value_parser = bot_endpoint
    )]
    allow_bot_endpoint: Vec<String>,
    /// Milliseconds a remote bot's Decide call may take at most (a seat's
    /// clock may leave less); no answer in time is handled as the clock
    /// options say, or a forfeit without a clock.
    #[arg(long, env = "MELANGE_REMOTE_BOT_TIMEOUT_MS", default_value_t = 10_000)]
    remote_bot_timeout_ms: u64,
    /// Decide calls to remote bots in flight at most, over every game.
    #[arg(long, env = "MELANGE_REMOTE_BOT_MAX_CALLS", default_value_t = 64)]
    remote_bot_max_calls: usize,
    /// Decide calls in flight at most to one remote bot endpoint: a call
    /// waits for its endpoint's slot before it takes one of the server's,
    /// so an endpoint that never answers delays only its own seats.
    #[arg(
        long,
        env = "MELANGE_REMOTE_BOT_MAX_CALLS_PER_ENDPOINT",
        default_value_t = 8
    )]
    remote_bot_max_calls_per_endpoint: usize,
    /// The most iterations a search bot ("mcts:N") may think per decision;
    /// a game asking for more is refused with INVALID_ARGUMENT. Every
    /// game's built-in bots share the bot cores.
    #[arg(long, env = "MELANGE_MAX_SEARCH_ITERATIONS", default_value_t = 10_000)]
    max_search_iterations: u32,
    /// Live (unfinished) games one client may have at once; more are
    /// refused with RESOURCE_EXHAUSTED. A client is its API key's holder,
    /// else its IP address (an IPv6 one by its /64).
    #[arg(long, env = "MELANGE_MAX_GAMES_PER_CLIENT", default_value_t = 1_000)]
    max_games_per_client: usize,
    /// Games one client may create per minute (a bucket of this many,
    /// refilled evenly); a game from a replay counts one more per 10,000
    /// replay actions.
    #[arg(
        long,
        env = "MELANGE_CREATES_PER_MINUTE_PER_CLIENT",
        default_value_t = 600
    )]
    creates_per_minute_per_client: u32,
    /// A file of API keys, one a line: `name sha256hex max_live_games
    /// creates_per_minute` (the SHA-256 of the key in hex; `#` starts a
    /// comment line). A client sending one as `x-api-key` metadata has that
    /// key's quotas instead of its address's; an unknown key is refused.
    #[arg(long, env = "MELANGE_API_KEYS", value_name = "FILE")]
    api_keys: Option<PathBuf>,
    /// Simulate calls one seat of a game may have running or waiting at
    /// once; more are refused with RESOURCE_EXHAUSTED (MC-SIM-05).
    #[arg(long, env = "MELANGE_MAX_SIMULATIONS_PER_SEAT", default_value_t = 2)]
    max_simulations_per_seat: usize,
    /// Simulate calls one client (API key or address) may have running or
    /// waiting at once, over all its seats; more are refused with
    /// RESOURCE_EXHAUSTED (MC-SIM-05).
    #[arg(long, env = "MELANGE_MAX_SIMULATIONS_PER_CLIENT", default_value_t = 2)]
    max_simulations_per_client: usize,
    /// Rules steps a second one client may simulate over all its Simulate
    /// calls (a call costs samples times actions plus playout steps); more
    /// are refused with RESOURCE_EXHAUSTED (MC-SIM-05).
    #[arg(
        long,
        env = "MELANGE_SIMULATION_STEPS_PER_SECOND_PER_CLIENT",
        default_value_t = melange::server::DEFAULT_STEPS_PER_SECOND_PER_CLIENT
    )]
    simulation_steps_per_second_per_client: u64,
}

/// An allowed remote bot endpoint as the server compares it: `HOST:PORT`,
/// with the `http://` a seat's `SeatConfig.bot` carries taken off when
/// given (issue 31: an address with or without it means the same).
fn bot_endpoint(value: &str) -> Result<String, String> {
    let value = value.trim();
    Ok(match value.split_once("://") {
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("http") => {
            rest.trim_end_matches('/').to_owned()
        }
        // Anything else is checked, and refused, as HOST:PORT.
        _ => value.to_owned(),
    })
}

/// Stops the binary with `message` as a usage error, before it listens.
fn refuse(message: String) -> ! {
    Flags::command()
        .error(ErrorKind::ValueValidation, message)
        .exit()
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum LogFormat {
    Text,
    Json,
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let flags = Flags::parse();
    // Half a TLS pair, an unreadable file or a certificate rustls cannot use
    // stops the server before it listens, with a usage error (status 2).
    let tls = TlsConfig::from_files(
        flags.tls_cert.as_deref(),
        flags.tls_key.as_deref(),
        flags.tls_client_ca.as_deref(),
    )
    .unwrap_or_else(|message| refuse(message));
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Log lines go to stdout; colour codes only when a person watches it on
    // a terminal, never in a file or a pipe.
    let ansi = std::io::stdout().is_terminal();
    match flags.log_format {
        LogFormat::Text => tracing_subscriber::fmt()
            .with_ansi(ansi)
            .with_env_filter(filter)
            .init(),
        LogFormat::Json => tracing_subscriber::fmt()
            .json()
            .with_ansi(false)
            .with_env_filter(filter)
            .init(),
    }
    let config = ServerConfig {
        limits: Limits {
            max_games: flags.max_games,
            max_watchers_per_game: flags.max_watchers,
            max_watchers_per_peer: flags.max_watchers_per_ip_per_game,
            idle_expiry: Duration::from_secs(flags.idle_expiry_secs),
        },
        max_message_bytes: flags.max_message_bytes,
        admin_token: flags.admin_token,
        shutdown_grace: Duration::from_secs(flags.shutdown_grace_secs),
        tls,
        cors_origins: flags.cors_origin,
        viewer_dir: flags.viewer_dir,
        data_dir: match flags.data_dir.as_str() {
            "none" => None,
            "" => {
                refuse("--data-dir is empty; give a directory, or none for memory only".to_owned())
            }
            dir => Some(PathBuf::from(dir)),
        },
        fsync: flags.fsync,
        fleet: flags.journal.map(|url| FleetConfig {
            url,
            node_id: flags
                .node_id
                .clone()
                .unwrap_or_else(|| default_node_id(flags.listen)),
            lease_ttl: Duration::from_millis(flags.lease_ttl_ms.max(300)),
            pool_size: flags.journal_pool_size.max(2),
        }),
        retention: Duration::from_secs(flags.retention_secs),
        remote_bots: RemoteBotConfig {
            allowed: flags.allow_bot_endpoint,
            timeout: Duration::from_millis(flags.remote_bot_timeout_ms),
            max_calls: flags.remote_bot_max_calls,
            max_calls_per_endpoint: flags.remote_bot_max_calls_per_endpoint,
        },
        max_search_iterations: flags.max_search_iterations,
        simulation_shares: SimulationShares {
            per_seat: flags.max_simulations_per_seat,
            per_client: flags.max_simulations_per_client,
            steps_per_second_per_client: flags.simulation_steps_per_second_per_client,
        },
        quotas: QuotaConfig {
            max_games_per_client: flags.max_games_per_client,
            creates_per_minute_per_client: flags.creates_per_minute_per_client,
            api_keys: match &flags.api_keys {
                None => Vec::new(),
                Some(path) => std::fs::read_to_string(path)
                    .map_err(|error| format!("--api-keys: cannot read {}: {error}", path.display()))
                    .and_then(|text| ApiKey::parse_file(&text))
                    .unwrap_or_else(|message| refuse(message)),
            },
        },
        connections: ConnectionLimits {
            max_connections: flags.max_connections,
            max_connections_per_ip: flags.max_connections_per_ip,
            max_streams_per_connection: flags.max_streams_per_connection,
            max_streams_per_ip: flags.max_streams_per_ip,
            idle_timeout: Duration::from_secs(flags.idle_timeout_secs),
            header_timeout: Duration::from_secs(flags.header_timeout_secs),
            keepalive_interval: Duration::from_secs(flags.keepalive_secs),
            keepalive_timeout: Duration::from_secs(flags.keepalive_timeout_secs),
        },
        allow_shared_data_dir: flags.allow_shared_data_dir,
    };
    if let Err(message) = config.validate() {
        refuse(message);
    }
    let stop = shutdown_signal()?;
    let listener = tokio::net::TcpListener::bind(flags.listen).await?;
    // `serve` logs "melange listening" once it has taken the stored games
    // back and serves them.
    serve(listener, config, Catalog::standard(), stop).await?;
    tracing::info!("melange stopped");
    Ok(())
}

/// A fleet server's default name: the host name and the listen address,
/// unique as long as no two servers share both.
fn default_node_id(listen: std::net::SocketAddr) -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|name| name.trim().to_owned())
        .ok()
        .filter(|name| !name.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "melange".to_owned());
    format!("{host}/{listen}")
}
