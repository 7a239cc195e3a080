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
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            limits: Limits::default(),
            max_message_bytes: 4 * 1024 * 1024,
            admin_token: None,
        }
    }
}
