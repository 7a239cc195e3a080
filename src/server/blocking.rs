//! Rules work run off the async workers: a `Simulate` call's playouts and
//! a `CreateGame.from_replay`'s replay are thousands of rules steps, which
//! must never hold a worker that every other caller's calls wait behind.
//! Each kind of work has its own semaphore (how many run at once); this is
//! the one way either runs.

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::matches::MatchError;

/// Runs `work` on tokio's blocking pool once `running` grants a permit,
/// holding the permit until the work ends.
///
/// `UNAVAILABLE` when the semaphore is closed (the server is stopping).
/// A panic in `work` is logged with `what` and answered `INTERNAL` with a
/// fixed sentence (a simulation plays on a copy and a replay creates no
/// game until it ends, so nothing was changed): the panic's own text is for the operator's log, never
/// for the caller.
pub async fn run_blocking<T: Send + 'static>(
    running: &Arc<Semaphore>,
    what: &'static str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, MatchError> {
    let permit = running
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| MatchError::Unavailable("the server is shutting down".to_owned()))?;
    tokio::task::spawn_blocking(move || {
        let done = work();
        drop(permit);
        done
    })
    .await
    .map_err(|error| {
        tracing::error!(%error, what, "blocking work failed");
        MatchError::Internal(format!(
            "the server failed while running {what}; nothing was changed, try again"
        ))
    })
}
