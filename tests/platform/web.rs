//! The browser's way in: gRPC-Web on the same port as gRPC (also the
//! server-streaming StreamGame), CORS only with `--cors-origin`, and the
//! viewer's files under /viewer/ with nothing outside its directory. The
//! requests are written by hand over a plain TCP connection (HTTP/1.1, as a
//! browser without TLS sends them), so the test checks the bytes a browser
//! would see.
use std::{net::SocketAddr, path::PathBuf};

use melange::{pb, server::ServerConfig};
use prost::Message;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::support::{TestServer, harness_request, play_to_end};

/// One HTTP/1.1 response: status code, headers (names lower-case) and the
/// body with any chunked transfer coding removed.
pub(crate) struct HttpResponse {
    pub(crate) status: u16,
    headers: Vec<(String, String)>,
    pub(crate) body: Vec<u8>,
}

impl HttpResponse {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    fn has_cors_header(&self) -> bool {
        self.headers
            .iter()
            .any(|(key, _)| key.starts_with("access-control-"))
    }
}

/// Sends one request (`head` without the Host and Connection lines) and
/// reads the whole response (also HAProxy's health check, tests/platform/deploy.rs).
pub(crate) async fn http1(addr: SocketAddr, head: &str, body: &[u8]) -> HttpResponse {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut request = format!(
        "{head}\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body);
    stream.write_all(&request).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    let split = raw
        .windows(4)
        .position(|window| window == b"\r\n\r\n")
        .expect("a header block");
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .map(|line| {
            let (key, value) = line.split_once(':').unwrap();
            (key.trim().to_ascii_lowercase(), value.trim().to_owned())
        })
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(key, value)| key == "transfer-encoding" && value.contains("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    HttpResponse {
        status,
        headers,
        body,
    }
}

fn dechunk(mut raw: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    loop {
        let line_end = raw.windows(2).position(|w| w == b"\r\n").unwrap();
        let size_text = std::str::from_utf8(&raw[..line_end]).unwrap();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap();
        raw = &raw[line_end + 2..];
        if size == 0 {
            return body;
        }
        body.extend_from_slice(&raw[..size]);
        raw = &raw[size + 2..];
    }
}

/// A gRPC-Web call: `message` in one frame, the given extra header lines.
async fn grpc_web(
    addr: SocketAddr,
    method: &str,
    message: &impl Message,
    extra: &str,
) -> HttpResponse {
    let payload = message.encode_to_vec();
    let mut body = vec![0u8];
    body.extend_from_slice(&(payload.len() as u32).to_be_bytes());
    body.extend_from_slice(&payload);
    let head = format!(
        "POST /melange.v1.GameService/{method} HTTP/1.1\r\n\
         Content-Type: application/grpc-web+proto\r\nX-Grpc-Web: 1{extra}"
    );
    http1(addr, &head, &body).await
}

/// The frames of a gRPC-Web response body: the messages, then the trailers
/// frame as text.
fn frames(body: &[u8]) -> (Vec<Vec<u8>>, String) {
    let mut messages = Vec::new();
    let mut trailers = String::new();
    let mut rest = body;
    while !rest.is_empty() {
        let flag = rest[0];
        let len = u32::from_be_bytes(rest[1..5].try_into().unwrap()) as usize;
        let data = &rest[5..5 + len];
        if flag & 0x80 != 0 {
            trailers.push_str(std::str::from_utf8(data).unwrap());
        } else {
            messages.push(data.to_vec());
        }
        rest = &rest[5 + len..];
    }
    (messages, trailers)
}

/// The repository's viewer directory.
fn viewer_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("viewer")
}

#[tokio::test]
async fn grpc_web_unary_call_answers_on_the_grpc_port() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(7), 2, 5, &[]))
        .await
        .unwrap()
        .into_inner();

    let response = grpc_web(
        server.addr,
        "ListGames",
        &pb::ListGamesRequest::default(),
        "",
    )
    .await;
    assert_eq!(response.status, 200);
    assert!(
        response
            .header("content-type")
            .is_some_and(|value| value.starts_with("application/grpc-web")),
        "{:?}",
        response.headers
    );
    let (messages, trailers) = frames(&response.body);
    assert!(trailers.contains("grpc-status:0"), "{trailers:?}");
    assert_eq!(messages.len(), 1);
    let listing = pb::ListGamesResponse::decode(messages[0].as_slice()).unwrap();
    assert!(listing.games.iter().any(|g| g.game_id == game.game_id));
    // Plain gRPC (HTTP/2) still works beside it.
    assert!(
        client
            .list_games(pb::ListGamesRequest::default())
            .await
            .is_ok()
    );
    server.shutdown().await;
}

#[tokio::test]
async fn grpc_web_streams_a_whole_game_and_reports_errors_in_trailers() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(harness_request(Some(11), 2, 6, &[]))
        .await
        .unwrap()
        .into_inner();
    let last = play_to_end(&mut client, &game).await;
    assert!(last > 1);

    let request = pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        seat: None,
        from_version: 0,
        ..Default::default()
    };
    let response = grpc_web(server.addr, "StreamGame", &request, "").await;
    assert_eq!(response.status, 200);
    let (messages, trailers) = frames(&response.body);
    assert!(trailers.contains("grpc-status:0"), "{trailers:?}");
    let versions: Vec<u64> = messages
        .iter()
        .map(|m| pb::GameUpdate::decode(m.as_slice()).unwrap().version)
        .collect();
    assert_eq!(versions, (1..=last).collect::<Vec<_>>());

    // An unknown game: NOT_FOUND (5) travels as gRPC-Web status.
    let request = pb::GetViewRequest {
        game_id: "no-such-game".into(),
        seat: None,
        detail: pb::Detail::Full as i32,
    };
    let response = grpc_web(server.addr, "GetView", &request, "").await;
    let status = response
        .header("grpc-status")
        .map(str::to_owned)
        .unwrap_or_else(|| frames(&response.body).1);
    assert!(status.contains('5'), "{status:?}");
    server.shutdown().await;
}

const PREFLIGHT: &str = "OPTIONS /melange.v1.GameService/ListGames HTTP/1.1\r\n\
     Access-Control-Request-Method: POST\r\n\
     Access-Control-Request-Headers: content-type,x-grpc-web,authorization";

#[tokio::test]
async fn no_cors_header_without_the_flag() {
    let server = TestServer::start().await;
    let origin = "\r\nOrigin: https://example.org";
    let preflight = http1(server.addr, &format!("{PREFLIGHT}{origin}"), b"").await;
    assert!(!preflight.has_cors_header(), "{:?}", preflight.headers);
    let call = grpc_web(
        server.addr,
        "ListGames",
        &pb::ListGamesRequest::default(),
        origin,
    )
    .await;
    assert_eq!(call.status, 200);
    assert!(!call.has_cors_header(), "{:?}", call.headers);
    server.shutdown().await;
}

#[tokio::test]
async fn cors_answers_the_listed_origins_only() {
    let server = TestServer::start_with(ServerConfig {
        cors_origins: vec!["https://example.org".into(), "null".into()],
        ..ServerConfig::default()
    })
    .await;
    let preflight = http1(
        server.addr,
        &format!("{PREFLIGHT}\r\nOrigin: https://example.org"),
        b"",
    )
    .await;
    assert!(preflight.status < 300, "{}", preflight.status);
    assert_eq!(
        preflight.header("access-control-allow-origin"),
        Some("https://example.org")
    );
    let allowed = preflight
        .header("access-control-allow-headers")
        .unwrap()
        .to_ascii_lowercase();
    for header in [
        "content-type",
        "x-grpc-web",
        "authorization",
        "x-melange-game",
    ] {
        assert!(allowed.contains(header), "{header} in {allowed}");
    }
    // A page opened from disk sends the origin "null".
    let call = grpc_web(
        server.addr,
        "ListGames",
        &pb::ListGamesRequest::default(),
        "\r\nOrigin: null",
    )
    .await;
    assert_eq!(call.header("access-control-allow-origin"), Some("null"));
    let exposed = call.header("access-control-expose-headers").unwrap();
    assert!(exposed.contains("grpc-status"), "{exposed}");
    let other = grpc_web(
        server.addr,
        "ListGames",
        &pb::ListGamesRequest::default(),
        "\r\nOrigin: https://elsewhere.example",
    )
    .await;
    assert_eq!(other.header("access-control-allow-origin"), None);
    server.shutdown().await;

    let any = TestServer::start_with(ServerConfig {
        cors_origins: vec!["*".into()],
        ..ServerConfig::default()
    })
    .await;
    let call = grpc_web(
        any.addr,
        "ListGames",
        &pb::ListGamesRequest::default(),
        "\r\nOrigin: https://elsewhere.example",
    )
    .await;
    assert_eq!(call.header("access-control-allow-origin"), Some("*"));
    any.shutdown().await;
}

#[tokio::test]
async fn the_viewer_is_served_and_nothing_outside_its_directory() {
    let server = TestServer::start_with(ServerConfig {
        viewer_dir: Some(viewer_dir()),
        ..ServerConfig::default()
    })
    .await;
    let index = std::fs::read(viewer_dir().join("index.html")).unwrap();
    let page = http1(server.addr, "GET /viewer/ HTTP/1.1", b"").await;
    assert_eq!(page.status, 200);
    assert_eq!(page.body, index);
    assert!(
        page.header("content-type")
            .unwrap()
            .starts_with("text/html")
    );
    let direct = http1(server.addr, "GET /viewer/index.html HTTP/1.1", b"").await;
    assert_eq!(direct.body, index);
    let bare = http1(server.addr, "GET /viewer HTTP/1.1", b"").await;
    assert_eq!(bare.status, 308);
    assert_eq!(bare.header("location"), Some("/viewer/"));

    // The repository's Cargo.toml sits one level above the viewer.
    for path in [
        "/viewer/../Cargo.toml",
        "/viewer/%2e%2e/Cargo.toml",
        "/viewer/..%2fCargo.toml",
        "/viewer/%2e%2e%2fCargo.toml",
        "/viewer//etc/passwd",
        "/viewer/tests/../../Cargo.toml",
    ] {
        let response = http1(server.addr, &format!("GET {path} HTTP/1.1"), b"").await;
        assert!(
            response.status >= 400,
            "{path}: {} {:?}",
            response.status,
            String::from_utf8_lossy(&response.body)
        );
        assert!(!String::from_utf8_lossy(&response.body).contains("[package]"));
    }
    let post = http1(server.addr, "POST /viewer/index.html HTTP/1.1", b"").await;
    assert_eq!(post.status, 405);
    // gRPC-Web still answers beside the files.
    let call = grpc_web(
        server.addr,
        "ListGames",
        &pb::ListGamesRequest::default(),
        "",
    )
    .await;
    assert!(frames(&call.body).1.contains("grpc-status:0"));
    server.shutdown().await;

    // Without the directory, nothing is served there.
    let bare = TestServer::start().await;
    let page = http1(bare.addr, "GET /viewer/ HTTP/1.1", b"").await;
    assert_ne!(page.status, 200);
    bare.shutdown().await;
}

#[test]
fn a_viewer_dir_without_index_html_or_a_bad_origin_is_refused_at_start() {
    let config = ServerConfig {
        viewer_dir: Some(viewer_dir().join("no-such-dir")),
        ..ServerConfig::default()
    };
    let refused = config.validate().unwrap_err();
    assert!(refused.contains("--viewer-dir"), "{refused}");
    let config = ServerConfig {
        cors_origins: vec!["https://bad\norigin".into()],
        ..ServerConfig::default()
    };
    let refused = config.validate().unwrap_err();
    assert!(refused.contains("--cors-origin"), "{refused}");
}

/// P13 finding 15: a symbolic link in the viewer's directory that leads out
/// of it (to a file, or to a directory) is a 404, like any path outside; a
/// link that stays inside is served.
#[cfg(unix)]
#[tokio::test]
async fn the_viewer_follows_no_symbolic_link_out_of_its_directory() {
    use std::os::unix::fs::symlink;

    use super::support::TempDir;
    let outside = TempDir::new("viewer-outside");
    std::fs::write(outside.path().join("secret.txt"), "the seed of every game").unwrap();
    let viewer = TempDir::new("viewer-links");
    std::fs::write(viewer.path().join("index.html"), "<html>viewer</html>").unwrap();
    std::fs::write(viewer.path().join("inside.txt"), "inside").unwrap();
    symlink(
        outside.path().join("secret.txt"),
        viewer.path().join("secret.txt"),
    )
    .unwrap();
    symlink(outside.path(), viewer.path().join("outside")).unwrap();
    symlink(
        viewer.path().join("inside.txt"),
        viewer.path().join("alias.txt"),
    )
    .unwrap();
    symlink(
        outside.path().join("gone.txt"),
        viewer.path().join("dangling.txt"),
    )
    .unwrap();
    let server = TestServer::start_with(ServerConfig {
        viewer_dir: Some(viewer.path().to_owned()),
        ..ServerConfig::default()
    })
    .await;
    for path in [
        "/viewer/secret.txt",
        "/viewer/%73ecret.txt",
        "/viewer/outside/secret.txt",
        "/viewer/outside/",
        "/viewer/dangling.txt",
    ] {
        let response = http1(server.addr, &format!("GET {path} HTTP/1.1"), b"").await;
        assert_eq!(response.status, 404, "{path}");
        assert!(
            !String::from_utf8_lossy(&response.body).contains("seed"),
            "{path}"
        );
    }
    let alias = http1(server.addr, "GET /viewer/alias.txt HTTP/1.1", b"").await;
    assert_eq!(alias.status, 200);
    assert_eq!(alias.body, b"inside");
    let page = http1(server.addr, "GET /viewer/ HTTP/1.1", b"").await;
    assert_eq!(page.status, 200);
    server.shutdown().await;
}
