//! A server that holds under abuse: each test reproduces one way a hostile
//! client (or a careless operator) could get past a limit or read a secret,
//! at a bounded scale, and checks that it no longer works.
use std::time::Duration;

use melange::{
    api::Catalog,
    pb,
    server::{ServerConfig, serve},
};
use tonic::{Code, Request};

use super::{
    harness::Harness,
    support::{TestServer, authed, harness_request},
};

/// Starts a server with `config` whose shutdown future is already resolved:
/// a configuration the server accepts returns `Ok` at once, one it refuses
/// returns the refusal.
async fn serve_briefly(config: ServerConfig) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let catalog = Catalog::standard().with::<Harness>();
    tokio::time::timeout(
        Duration::from_secs(10),
        serve(listener, config, catalog, std::future::ready(())),
    )
    .await
    .expect("serve returned")
    .map_err(|error| error.to_string())
}

#[tokio::test]
async fn an_empty_or_blank_admin_token_is_refused_at_start_up() {
    for blank in ["", " ", "\t \n"] {
        let config = ServerConfig {
            admin_token: Some(blank.into()),
            ..ServerConfig::default()
        };
        assert!(config.validate().is_err(), "{blank:?} validated");
        let refused = serve_briefly(config).await.unwrap_err();
        assert!(refused.contains("admin token is empty"), "{refused}");
    }
    // A real token, and no token at all, still start.
    for fine in [Some("admin-secret".to_owned()), None] {
        let config = ServerConfig {
            admin_token: fine,
            ..ServerConfig::default()
        };
        serve_briefly(config).await.unwrap();
    }
}

/// `message` with this exact `authorization` header.
fn with_header<T>(message: T, header: &str) -> Request<T> {
    let mut request = Request::new(message);
    request
        .metadata_mut()
        .insert("authorization", header.parse().unwrap());
    request
}

#[tokio::test]
async fn an_empty_bearer_token_matches_nothing() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(3), 2, 10, &[]))
        .await
        .unwrap()
        .into_inner();
    for header in ["Bearer ", "Bearer", "bearer    "] {
        let replay = client
            .get_replay(with_header(
                pb::GetReplayRequest {
                    game_id: game.game_id.clone(),
                },
                header,
            ))
            .await
            .unwrap_err();
        assert_eq!(replay.code(), Code::Unauthenticated, "{header:?}");
        let view = client
            .get_view(with_header(
                pb::GetViewRequest {
                    game_id: game.game_id.clone(),
                    seat: Some(0),
                },
                header,
            ))
            .await
            .unwrap_err();
        assert_eq!(view.code(), Code::Unauthenticated, "{header:?}");
    }
    // The real tokens still work.
    let request = pb::GetViewRequest {
        game_id: game.game_id.clone(),
        seat: Some(0),
    };
    client
        .get_view(authed(request, &game.seats[0].token))
        .await
        .unwrap();
}
