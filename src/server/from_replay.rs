//! `CreateGameRequest.from_replay`: a game that starts where a replay's
//! first actions leave it. The request is resolved into an ordinary one
//! (the replay's kind, options and seed) plus the actions to play first;
//! the rules check each action when its turn comes.
use crate::{matches::MatchError, pb};

/// The most replay actions a `CreateGame` plays before it answers: one
/// full GetReplay page. They are played inside the call, so without a
/// bound a single request (a 4 MiB replay holds hundreds of thousands of
/// actions) could hold an async worker for about a second.
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
