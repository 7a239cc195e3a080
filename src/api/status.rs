use std::collections::HashMap;

use tonic::{Code, Status, metadata::MetadataValue};
use tonic_types::{ErrorDetails, StatusExt};

use crate::{matches::MatchError, rules::core::RuleError};

/// The trailer that carries the current version on a stale-version error.
pub const VERSION_METADATA: &str = "x-melange-version";

/// The longest status message sent, in bytes: a longer one is cut (on a
/// character boundary) and ends with `...`. Messages that quote client input
/// quote only a prefix of it (`matches::echo`); this is the last bound.
pub const MAX_STATUS_MESSAGE_BYTES: usize = 1024;

/// `message`, cut to [`MAX_STATUS_MESSAGE_BYTES`].
pub fn capped(mut message: String) -> String {
    if message.len() > MAX_STATUS_MESSAGE_BYTES {
        let mut cut = MAX_STATUS_MESSAGE_BYTES - 3;
        while !message.is_char_boundary(cut) {
            cut -= 1;
        }
        message.truncate(cut);
        message.push_str("...");
    }
    message
}

/// The one mapping from errors to gRPC statuses: the rules', the matches'
/// and the server's own (its limits, credentials, streams and fleet
/// routing), so that one code means one thing across every call.
/// `tests/crate_map.rs` fails when `src/server/` or `src/api/` builds a
/// status any other way.
pub fn into_status(error: MatchError) -> Status {
    let message = capped(error.to_string());
    match error {
        MatchError::NotFound(_) => Status::not_found(message),
        MatchError::SeatTokenMissing(_) | MatchError::Unauthenticated(_) => {
            Status::unauthenticated(message)
        }
        MatchError::PermissionDenied(_) => Status::permission_denied(message),
        MatchError::StaleVersion { current, .. } => {
            let details = ErrorDetails::with_error_info(
                "STALE_VERSION",
                "melange",
                HashMap::from([("version".to_owned(), current.to_string())]),
            );
            let mut status = Status::with_error_details(Code::Aborted, message, details);
            status
                .metadata_mut()
                .insert(VERSION_METADATA, MetadataValue::from(current));
            status
        }
        MatchError::Rule(RuleError::Malformed(_) | RuleError::InvalidOptions(_))
        | MatchError::InvalidArgument(_) => Status::invalid_argument(message),
        MatchError::Rule(_) | MatchError::FailedPrecondition(_) => {
            Status::failed_precondition(message)
        }
        MatchError::OutOfRange(_) => Status::out_of_range(message),
        MatchError::Aborted(_) => Status::aborted(message),
        MatchError::ResourceExhausted(_) => Status::resource_exhausted(message),
        MatchError::Unimplemented(_) => Status::unimplemented(message),
        MatchError::Internal(_) => Status::internal(message),
        MatchError::Unavailable(_) => Status::unavailable(message),
    }
}

impl From<MatchError> for Status {
    fn from(error: MatchError) -> Self {
        into_status(error)
    }
}
