//! gRPC server reflection, served in both protocol versions: v1, and
//! v1alpha for the clients and grpcurl builds that only speak the older one.
use super::support::TestServer;

/// The services a reflection client must find, whichever version it speaks.
const SERVICES: [&str; 2] = ["melange.v1.GameService", "grpc.health.v1.Health"];

/// Lists the services and describes `CreateGame`'s file with one version's
/// client; both versions generate the same shapes under their own module.
macro_rules! ask_reflection {
    ($version:ident, $reflection_service:expr) => {{
        use tonic_reflection::pb::$version::{
            ServerReflectionRequest, server_reflection_client::ServerReflectionClient,
            server_reflection_request::MessageRequest, server_reflection_response::MessageResponse,
        };
        let server = TestServer::start().await;
        let channel = tonic::transport::Endpoint::from_shared(format!("http://{}", server.addr))
            .unwrap()
            .connect()
            .await
            .unwrap();
        let mut reflection = ServerReflectionClient::new(channel);
        let requests = [
            MessageRequest::ListServices(String::new()),
            MessageRequest::FileContainingSymbol("melange.v1.GameService".to_owned()),
        ]
        .map(|message| ServerReflectionRequest {
            host: String::new(),
            message_request: Some(message),
        });
        let mut responses = reflection
            .server_reflection_info(tokio_stream::iter(requests))
            .await
            .unwrap()
            .into_inner();

        let response = responses.message().await.unwrap().unwrap();
        let Some(MessageResponse::ListServicesResponse(list)) = response.message_response else {
            panic!("a service list expected, got {response:?}");
        };
        let names: Vec<_> = list.service.into_iter().map(|s| s.name).collect();
        for service in SERVICES.into_iter().chain([$reflection_service]) {
            assert!(
                names.iter().any(|name| name == service),
                "{service} in {names:?}"
            );
        }

        let response = responses.message().await.unwrap().unwrap();
        let Some(MessageResponse::FileDescriptorResponse(files)) = response.message_response else {
            panic!("a file descriptor expected, got {response:?}");
        };
        assert!(!files.file_descriptor_proto.is_empty());
        server.shutdown().await;
    }};
}

#[tokio::test]
async fn reflection_v1_lists_and_describes_the_services() {
    ask_reflection!(v1, "grpc.reflection.v1.ServerReflection");
}

#[tokio::test]
async fn reflection_v1alpha_lists_and_describes_the_services() {
    ask_reflection!(v1alpha, "grpc.reflection.v1alpha.ServerReflection");
}
