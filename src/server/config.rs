use std::time::Duration;

use crate::matches::Limits;

/// What an operator can tune; the binary fills it from flags and
/// environment variables.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Registry limits: games, watchers per game, idle expiry.
    pub limits: Limits,
    /// Largest request or response message, in bytes.
    pub max_message_bytes: usize,
    /// A token that may read the replay of a running game; `None` disables it.
    pub admin_token: Option<String>,
    /// How long a graceful shutdown waits for open connections before the
    /// server stops anyway, so an unresponsive client cannot hold it open.
    pub shutdown_grace: Duration,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            limits: Limits::default(),
            max_message_bytes: 4 * 1024 * 1024,
            admin_token: None,
            shutdown_grace: Duration::from_secs(10),
        }
    }
}
