//! `CreateGameRequest.from_replay`: a game that starts where a replay's
//! first actions leave it. The request is resolved into an ordinary one
//! (the replay's kind, options and seed) plus the actions to play first;
//! the rules check each action when its turn comes.
use std::sync::Arc;

use tokio::sync::Semaphore;
use tonic::Status;

use crate::{matches::MatchError, pb};

/// The most replay actions a `CreateGame` plays before it answers: one
/// full GetReplay page. They are played on the blocking pool
/// ([`ReplayRuns`]), but without a bound a single request (a 4 MiB replay
/// holds hundreds of thousands of actions) could hold a core for about a
/// second.
pub const MAX_REPLAY_ACTIONS: usize = 50_000;

/// The request with the replay's kind, options and seed filled in, and the
/// actions to play first (none without a replay).
pub fn resolve(
    mut request: pb::CreateGameRequest,
) -> Result<(pb::CreateGameRequest, Vec<pb::RecordedAction>), MatchError> {
    let Some(replay) = request.from_replay.take() else {
        if request.upto_version.is_some() {
            return Err(MatchError::InvalidArgument(
                "upto_version needs from_replay".to_owned(),
            ));
        }
        return Ok((request, Vec::new()));
    };
    if request.kind != 0 && request.kind != replay.kind {
        return Err(MatchError::InvalidArgument(format!(
            "kind {} differs from the replay's kind {}; leave it unset",
            request.kind, replay.kind
        )));
    }
    if request.seed.is_some_and(|seed| seed != replay.seed) {
        return Err(MatchError::InvalidArgument(
            "seed differs from the replay's seed; leave it unset".to_owned(),
        ));
    }
    if request
        .options
        .as_ref()
        .is_some_and(|options| Some(options) != replay.options.as_ref())
    {
        return Err(MatchError::InvalidArgument(
            "options differ from the replay's options; leave them unset".to_owned(),
        ));
    }
    let mut actions = replay.actions;
    if !replay.next_page_token.is_empty() {
        return Err(MatchError::InvalidArgument(
            "from_replay is one page of a longer replay (its next_page_token is set); \
             join every page's actions into one replay"
                .to_owned(),
        ));
    }
    let upto = request.upto_version.unwrap_or(actions.len() as u64);
    if upto > actions.len() as u64 {
        return Err(MatchError::InvalidArgument(format!(
            "upto_version {upto} is beyond the replay's last version {}",
            actions.len()
        )));
    }
    if upto > MAX_REPLAY_ACTIONS as u64 {
        return Err(MatchError::InvalidArgument(format!(
            "upto_version {upto} is more than the {MAX_REPLAY_ACTIONS} replay actions a \
             CreateGame plays; start from version {MAX_REPLAY_ACTIONS} or earlier"
        )));
    }
    actions.truncate(upto as usize);
    for (index, action) in actions.iter().enumerate() {
        let version = index as u64 + 1;
        if action.version != version {
            return Err(MatchError::InvalidArgument(format!(
                "the replay's action at version {version} is missing \
                 (found version {} in its place)",
                action.version
            )));
        }
    }
    request.kind = replay.kind;
    request.seed = Some(replay.seed);
    request.options = replay.options;
    Ok((request, actions))
}

/// How many replay creations may wait per running one; more are refused
/// at once, so waiting requests (each holding its replay) stay bounded.
const REPLAYS_WAITING_PER_PERMIT: usize = 4;

/// The replay actions one creation counts as, against its client's rate
/// of creations (issue P13): a game from a long replay costs more, up to
/// 1 + [`MAX_REPLAY_ACTIONS`] / this.
pub const REPLAY_ACTIONS_PER_CREATION: usize = 10_000;

/// What creating a game from `actions` replay actions costs of its
/// client's rate of creations.
pub fn creation_cost(actions: usize) -> u32 {
    1 + u32::try_from(actions / REPLAY_ACTIONS_PER_CREATION).unwrap_or(u32::MAX)
}

/// Runs the replays of `CreateGame.from_replay` on the blocking pool, a few
/// at once (issue P13): up to [`MAX_REPLAY_ACTIONS`] rules steps must never
/// hold an async worker, where every other caller's calls wait behind them.
#[derive(Clone, Debug)]
pub struct ReplayRuns {
    running: Arc<Semaphore>,
    admitted: Arc<Semaphore>,
}

impl ReplayRuns {
    /// At most `permits` replays run at once.
    pub fn new(permits: usize) -> Self {
        let permits = permits.max(1);
        ReplayRuns {
            running: Arc::new(Semaphore::new(permits)),
            admitted: Arc::new(Semaphore::new(permits * REPLAYS_WAITING_PER_PERMIT)),
        }
    }

    /// Runs `work` (the creation that plays the replay) on the blocking
    /// pool once a permit frees; `RESOURCE_EXHAUSTED` at once when too many
    /// replays run and wait already.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Status> {
        let _admitted = self.admitted.clone().try_acquire_owned().map_err(|_| {
            Status::from(MatchError::ResourceExhausted(
                "too many games are being created from replays on this server; \
                 try again shortly"
                    .to_owned(),
            ))
        })?;
        Ok(super::blocking::run_blocking(&self.running, "a replay", work).await?)
    }
}
