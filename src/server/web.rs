//! The browser's way in: gRPC-Web (tonic-web translates it to gRPC for the
//! same services), CORS for pages served from elsewhere (off unless the
//! operator names the origins), and the static viewer under `/viewer/`.
use std::{
    future::Future,
    path::{Path, PathBuf},
    pin::Pin,
    sync::Arc,
    task::{Context, Poll},
};

use tonic::{
    body::Body,
    codegen::http::{HeaderName, HeaderValue, Method, Request, Response, StatusCode, header},
};
use tower::{Layer, Service};
use tower_http::{
    cors::{AllowOrigin, CorsLayer},
    services::ServeDir,
};

/// Where the viewer is served: `/viewer/` and everything under it.
pub const VIEWER_PATH: &str = "/viewer";

/// The request headers a gRPC-Web client sends: its framing and agent
/// headers, the deadline, the seat's bearer token, and the game a call names
/// (`x-melange-game`, which a proxy in front of a fleet routes by; the viewer
/// sends it on every call that names a game).
const ALLOWED_HEADERS: [&str; 7] = [
    "content-type",
    "x-grpc-web",
    "x-user-agent",
    "grpc-timeout",
    "authorization",
    "connect-protocol-version",
    "x-melange-game",
];

/// The response headers a browser script may read: the gRPC status (they
/// come as headers when a call fails before its first message) and the
/// version an ABORTED ApplyAction reports.
const EXPOSED_HEADERS: [&str; 4] = [
    "grpc-status",
    "grpc-message",
    "grpc-status-details-bin",
    "x-melange-version",
];

/// The CORS layer for `origins` (`*` in the list allows any origin), or
/// `None` without origins: then no response carries a CORS header and a
/// browser refuses every cross-origin call. An origin that is not a valid
/// header value is an error naming it.
pub fn cors_layer(origins: &[String]) -> Result<Option<CorsLayer>, String> {
    if origins.is_empty() {
        return Ok(None);
    }
    let allow_origin = if origins.iter().any(|origin| origin == "*") {
        AllowOrigin::any()
    } else {
        let values = origins
            .iter()
            .map(|origin| {
                HeaderValue::from_str(origin).map_err(|_| {
                    format!("--cors-origin: {origin:?} is not an origin (e.g. https://example.org)")
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        AllowOrigin::list(values)
    };
    Ok(Some(
        CorsLayer::new()
            .allow_origin(allow_origin)
            .allow_methods([Method::POST, Method::GET, Method::OPTIONS])
            .allow_headers(ALLOWED_HEADERS.map(HeaderName::from_static))
            .expose_headers(EXPOSED_HEADERS.map(HeaderName::from_static))
            .max_age(std::time::Duration::from_secs(24 * 60 * 60)),
    ))
}

/// Serves the files of one directory under [`VIEWER_PATH`] and hands every
/// other request to the inner service (gRPC and gRPC-Web). Without a
/// directory it hands everything on.
#[derive(Clone, Debug)]
pub struct ViewerLayer {
    dir: Option<PathBuf>,
}

impl ViewerLayer {
    pub fn new(dir: Option<PathBuf>) -> Self {
        ViewerLayer { dir }
    }
}

impl<S> Layer<S> for ViewerLayer {
    type Service = ViewerService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        ViewerService {
            files: self.dir.as_ref().map(|dir| {
                // Links are judged against the directory's own resolved
                // location (the directory itself may be reached through one).
                let root = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.clone());
                (ServeDir::new(&root), Arc::from(root))
            }),
            inner,
        }
    }
}

/// See [`ViewerLayer`].
#[derive(Clone, Debug)]
pub struct ViewerService<S> {
    /// Only files under the directory: tower-http's `ServeDir` refuses any
    /// path with a `..`, a root or a prefix component (also percent-encoded)
    /// with 404, and answers a directory with its index.html. Beside it,
    /// the directory's resolved path: a request whose file resolves outside
    /// it (through a symbolic link) is a 404 before `ServeDir` opens it.
    files: Option<(ServeDir, Arc<Path>)>,
    inner: S,
}

type BoxFuture<T, E> = Pin<Box<dyn Future<Output = Result<T, E>> + Send>>;

impl<S, B> Service<Request<B>> for ViewerService<S>
where
    S: Service<Request<B>, Response = Response<Body>> + Send,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Response<Body>;
    type Error = S::Error;
    type Future = BoxFuture<Response<Body>, S::Error>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let Some((files, root)) = &self.files else {
            return Box::pin(self.inner.call(request));
        };
        let path = request.uri().path();
        let rest = match path.strip_prefix(VIEWER_PATH) {
            Some("") => return Box::pin(async { Ok(redirect_to_slash()) }),
            Some(rest) if rest.starts_with('/') => rest.to_owned(),
            _ => return Box::pin(self.inner.call(request)),
        };
        if request.method() != Method::GET && request.method() != Method::HEAD {
            return Box::pin(async { Ok(status_only(StatusCode::METHOD_NOT_ALLOWED)) });
        }
        let mut file_request = Request::new(());
        *file_request.method_mut() = request.method().clone();
        *file_request.headers_mut() = request.headers().clone();
        let uri = match request.uri().query() {
            Some(query) => format!("{rest}?{query}"),
            None => rest,
        };
        match uri.parse() {
            Ok(uri) => *file_request.uri_mut() = uri,
            Err(_) => return Box::pin(async { Ok(status_only(StatusCode::BAD_REQUEST)) }),
        }
        let mut files = files.clone();
        let root = root.clone();
        let requested = file_request.uri().path().to_owned();
        Box::pin(async move {
            if !stays_inside(&root, &requested).await {
                return Ok(status_only(StatusCode::NOT_FOUND));
            }
            // The file service's error is `Infallible`: a file that cannot
            // be read is a 500 response, never an error of the connection.
            let Ok(response) = files.call(file_request).await;
            Ok(response.map(Body::new))
        })
    }
}

/// Whether the file a request path names resolves inside `root` (the
/// viewer's canonical directory), following every symbolic link on the
/// way: a link that leads out of the directory (to `/etc/passwd`, to the
/// data directory) is refused, one that stays inside it is served. A path
/// that does not exist is left to `ServeDir` (its own 404); a `..` never
/// gets that far (`ServeDir` refuses it, and so does this check).
///
/// The check and `ServeDir`'s open are two steps, so an attacker who can
/// write links into the viewer's directory between them could still win a
/// race; the directory is the operator's, so this guards against links
/// left there by mistake (a checkout, a build step), not against a writer.
async fn stays_inside(root: &Path, request_path: &str) -> bool {
    let Some(decoded) = percent_decode(request_path) else {
        return false;
    };
    let mut candidate = root.to_path_buf();
    for segment in decoded.split(['/', '\\']) {
        match segment {
            "" | "." => {}
            ".." => return false,
            segment => candidate.push(segment),
        }
    }
    if tokio::fs::metadata(&candidate)
        .await
        .is_ok_and(|meta| meta.is_dir())
    {
        candidate.push("index.html");
    }
    match tokio::fs::canonicalize(&candidate).await {
        Ok(resolved) => resolved.starts_with(root),
        // Missing (ServeDir answers 404) or a dangling link: nothing of
        // outside the directory is read either way.
        Err(_) => !is_link(&candidate).await,
    }
}

/// Whether `path` itself is a symbolic link (dangling or not).
async fn is_link(path: &Path) -> bool {
    tokio::fs::symlink_metadata(path)
        .await
        .is_ok_and(|meta| meta.file_type().is_symlink())
}

/// `%XX` escapes decoded as `ServeDir` decodes them; `None` for a path that
/// is not UTF-8 once decoded (which `ServeDir` refuses too).
fn percent_decode(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        let hex = |at: usize| {
            bytes
                .get(at)
                .and_then(|digit| char::from(*digit).to_digit(16))
        };
        match (bytes[index], hex(index + 1), hex(index + 2)) {
            (b'%', Some(high), Some(low)) => {
                decoded.push((high * 16 + low) as u8);
                index += 3;
            }
            (byte, _, _) => {
                decoded.push(byte);
                index += 1;
            }
        }
    }
    String::from_utf8(decoded).ok()
}

/// `/viewer` to `/viewer/`, so that the page's relative links resolve
/// inside the viewer's directory.
fn redirect_to_slash() -> Response<Body> {
    let mut response = status_only(StatusCode::PERMANENT_REDIRECT);
    response
        .headers_mut()
        .insert(header::LOCATION, HeaderValue::from_static("/viewer/"));
    response
}

fn status_only(status: StatusCode) -> Response<Body> {
    let mut response = Response::new(Body::empty());
    *response.status_mut() = status;
    response
}
