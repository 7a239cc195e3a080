//! The network face: thin tonic services over the registry, bearer-token
//! auth, TLS, gRPC-Web and CORS, the static viewer, message-size limits, per-RPC tracing spans, health,
//! reflection, graceful shutdown, and the caps and timeouts of connections
//! and streams per client. No game logic lives here.
mod auth;
mod blocking;
mod bots;
mod client;
mod clock;
mod config;
mod connections;
mod durability;
mod fair_queue;
mod fleet;
mod from_replay;
mod game_service;
mod peers;
mod quotas;
mod remote_bot;
mod run;
mod shares;
mod step_budget;
mod stream;
mod web;

pub use bots::{DEFAULT_STEPS_PER_SECOND_PER_CLIENT, SimulationShares};
pub use client::{API_KEY_METADATA, ApiKey};
pub use config::{
    ConnectionLimits, RemoteBotConfig, ServerConfig, TlsConfig, admin_token, plaintext_warning,
};
pub use game_service::GameServiceImpl;
pub use quotas::QuotaConfig;
pub use run::{serve, shutdown_signal};
pub use web::VIEWER_PATH;
