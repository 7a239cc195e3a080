use std::time::Duration;

use crate::matches::Limits;

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

impl ServerConfig {
    /// Refuses a configuration the server must not start with; the message
    /// says what to change. [`super::serve`] calls it before listening.
    pub fn validate(&self) -> Result<(), String> {
        if let Some(token) = &self.admin_token {
            admin_token(token)?;
        }
        Ok(())
    }
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
