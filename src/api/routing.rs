//! Routing a call to the server that holds its game (issue P14): in a fleet
//! of servers over one shared journal, a proxy (HAProxy) hashes the request
//! header [`GAME_HEADER`] consistently onto the servers, so every call that
//! names a game must carry that game's id there, the same on every call.
//! `CreateGame` and `ListGames` name no game and carry none: any server
//! answers them. Proxies read headers, not protobuf bodies; that is why the
//! id travels twice.
use tonic::{Request, Status, metadata::MetadataValue};

use crate::matches::MatchError;

use crate::pb;

/// The request header that names the game a call is about; the proxy in
/// front of a fleet hashes it to choose the server.
pub const GAME_HEADER: &str = "x-melange-game";

/// A request message that names one game.
pub trait NamesGame {
    /// The id of the game the call is about.
    fn game_id(&self) -> &str;
}

/// Implements [`NamesGame`] for messages with a `game_id` field.
macro_rules! names_game {
    ($($message:ty),* $(,)?) => {
        $(impl NamesGame for $message {
            fn game_id(&self) -> &str {
                &self.game_id
            }
        })*
    };
}

names_game!(
    pb::GetViewRequest,
    pb::ApplyActionRequest,
    pb::StreamGameRequest,
    pb::GetReplayRequest,
    pb::ConcedeRequest,
    pb::SimulateRequest,
);

/// `message` as a request carrying its game's id in [`GAME_HEADER`]. The
/// id is read from the message itself, so that header and body cannot
/// disagree. Fails only for an id that is not a valid header value (the
/// server's ids always are).
pub fn game_request<T: NamesGame>(message: T) -> Result<Request<T>, Status> {
    let value = MetadataValue::try_from(message.game_id()).map_err(|_| {
        Status::from(MatchError::InvalidArgument(format!(
            "the game id {} cannot travel in the {GAME_HEADER} header",
            crate::matches::echo(message.game_id())
        )))
    })?;
    let mut request = Request::new(message);
    request.metadata_mut().insert(GAME_HEADER, value);
    Ok(request)
}

/// `message` as a seat's call: routed to its game's server by the game
/// header, with the seat's bearer token.
pub fn seat_request<T: NamesGame>(message: T, token: &str) -> Result<Request<T>, Status> {
    let mut request = game_request(message)?;
    let value = format!("Bearer {token}").parse().map_err(|_| {
        Status::from(MatchError::Internal(
            "the server issued a token that is not ASCII".to_owned(),
        ))
    })?;
    request.metadata_mut().insert("authorization", value);
    Ok(request)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_request_carries_the_id_of_the_game_its_message_names() {
        let request = game_request(pb::GetViewRequest {
            game_id: "g-42".into(),
            seat: None,
            detail: pb::Detail::Full as i32,
        })
        .unwrap();
        assert_eq!(request.metadata().get(GAME_HEADER).unwrap(), "g-42");
        assert_eq!(request.get_ref().game_id, "g-42");
    }

    #[test]
    fn an_id_that_cannot_be_a_header_is_refused_not_sent_without_one() {
        let refused = game_request(pb::ConcedeRequest {
            game_id: "line\nbreak".into(),
            ..Default::default()
        })
        .unwrap_err();
        assert_eq!(refused.code(), tonic::Code::InvalidArgument);
        assert!(refused.message().contains(GAME_HEADER));
    }
}
