//! The load generator's own view of the contract: the fields its clients
//! act on (version, status, whose turn, the legal actions as opaque bytes)
//! and nothing else.
//!
//! Why: the load generator shares the machine with the server it measures,
//! and decoding every view in full (hundreds of strings) cost it more CPU
//! per call than the server spent. These messages are wire-compatible
//! subsets of the contract's: protobuf skips the fields a message does not
//! declare, and an embedded message is read and sent back as the same
//! length-delimited bytes, so a legal action goes back to the server exactly
//! as it came.
use prost::bytes::Bytes;
use tonic::{
    Request, Response, Status, client::Grpc, codec::Streaming, codegen::http::uri::PathAndQuery,
    transport::Channel,
};
use tonic_prost::ProstCodec;

/// `View`: what a seat acts on.
#[derive(Clone, PartialEq, prost::Message)]
pub struct LightView {
    #[prost(uint64, tag = "3")]
    pub version: u64,
    #[prost(int32, tag = "4")]
    pub status: i32,
    #[prost(uint32, repeated, tag = "5")]
    pub to_act: Vec<u32>,
    #[prost(message, repeated, tag = "6")]
    pub legal_actions: Vec<LightLegalAction>,
    #[prost(uint32, optional, tag = "8")]
    pub seat: Option<u32>,
}

/// `LegalAction`: the action as its encoded `Action` message, label left out.
#[derive(Clone, PartialEq, prost::Message)]
pub struct LightLegalAction {
    #[prost(bytes = "bytes", tag = "1")]
    pub action: Bytes,
}

/// `ApplyActionRequest`, the action sent back as the bytes it came as.
#[derive(Clone, PartialEq, prost::Message)]
pub struct LightApplyRequest {
    #[prost(string, tag = "1")]
    pub game_id: String,
    #[prost(uint32, tag = "2")]
    pub seat: u32,
    #[prost(uint64, tag = "3")]
    pub expected_version: u64,
    #[prost(bytes = "bytes", tag = "4")]
    pub action: Bytes,
    #[prost(bool, tag = "5")]
    pub omit_view: bool,
    /// `Detail`.
    #[prost(int32, tag = "7")]
    pub detail: i32,
}

impl melange::api::NamesGame for LightApplyRequest {
    fn game_id(&self) -> &str {
        &self.game_id
    }
}

/// `ApplyActionResponse` without its events.
#[derive(Clone, PartialEq, prost::Message)]
pub struct LightApplyResponse {
    #[prost(uint64, tag = "1")]
    pub version: u64,
    #[prost(message, optional, tag = "3")]
    pub view: Option<LightView>,
}

/// `GameUpdate` without its events.
#[derive(Clone, PartialEq, prost::Message)]
pub struct LightUpdate {
    #[prost(uint64, tag = "1")]
    pub version: u64,
    #[prost(message, optional, tag = "3")]
    pub view: Option<LightView>,
    #[prost(int32, tag = "4")]
    pub status: i32,
    #[prost(uint32, repeated, tag = "5")]
    pub to_act: Vec<u32>,
}

/// `GetViewRequest` and `StreamGameRequest` are small: the contract's own.
pub use melange::pb::{GetViewRequest, StreamGameRequest};

/// The three calls a load client makes while playing, decoded lightly.
#[derive(Clone, Debug)]
pub struct LightClient {
    grpc: Grpc<Channel>,
}

impl LightClient {
    /// A client on `channel`.
    pub fn new(channel: Channel) -> Self {
        LightClient {
            grpc: Grpc::new(channel),
        }
    }

    async fn ready(&mut self) -> Result<(), Status> {
        self.grpc
            .ready()
            .await
            .map_err(|error| Status::unavailable(format!("the channel is not ready: {error}")))
    }

    /// `GameService.ApplyAction`.
    pub async fn apply_action(
        &mut self,
        request: Request<LightApplyRequest>,
    ) -> Result<Response<LightApplyResponse>, Status> {
        self.ready().await?;
        let path = PathAndQuery::from_static("/melange.v1.GameService/ApplyAction");
        self.grpc.unary(request, path, ProstCodec::default()).await
    }

    /// `GameService.GetView`.
    pub async fn get_view(
        &mut self,
        request: Request<GetViewRequest>,
    ) -> Result<Response<LightView>, Status> {
        self.ready().await?;
        let path = PathAndQuery::from_static("/melange.v1.GameService/GetView");
        self.grpc.unary(request, path, ProstCodec::default()).await
    }

    /// `GameService.StreamGame`.
    pub async fn stream_game(
        &mut self,
        request: Request<StreamGameRequest>,
    ) -> Result<Response<Streaming<LightUpdate>>, Status> {
        self.ready().await?;
        let path = PathAndQuery::from_static("/melange.v1.GameService/StreamGame");
        self.grpc
            .server_streaming(request, path, ProstCodec::default())
            .await
    }
}

#[cfg(test)]
mod tests {
    use prost::Message;

    use super::*;
    use melange::pb;

    #[test]
    fn a_light_view_reads_what_a_seat_acts_on_and_sends_an_action_back_unchanged() {
        let action = pb::Action {
            game: Some(pb::action::Game::Harness(pb::HarnessAction { take: 3 })),
        };
        let view = pb::View {
            version: 7,
            status: pb::GameStatus::InProgress as i32,
            to_act: vec![1],
            legal_actions: vec![pb::LegalAction {
                action: Some(action.clone()),
                label: "take 3".into(),
            }],
            seat: Some(1),
            game_id: "g".into(),
            ..Default::default()
        };
        let light = LightView::decode(view.encode_to_vec().as_slice()).unwrap();
        assert_eq!((light.version, light.status), (7, view.status));
        assert_eq!((light.to_act, light.seat), (vec![1], Some(1)));
        let request = LightApplyRequest {
            game_id: "g".into(),
            seat: 1,
            expected_version: 7,
            action: light.legal_actions[0].action.clone(),
            omit_view: true,
            detail: pb::Detail::Actions as i32,
        };
        let read = pb::ApplyActionRequest::decode(request.encode_to_vec().as_slice()).unwrap();
        assert_eq!(read.action, Some(action));
        assert_eq!(
            (
                read.seat,
                read.expected_version,
                read.omit_view,
                read.detail
            ),
            (1, 7, true, pb::Detail::Actions as i32)
        );
        let update = pb::GameUpdate {
            version: 8,
            status: pb::GameStatus::Finished as i32,
            to_act: vec![],
            view: None,
            events: vec![pb::Event::default()],
            stand_in: None,
        };
        let light = LightUpdate::decode(update.encode_to_vec().as_slice()).unwrap();
        assert_eq!((light.version, light.status), (8, update.status));
    }
}
