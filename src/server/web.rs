//! The browser's way in: gRPC-Web (tonic-web translates it to gRPC for the
//! same services), CORS for pages served from elsewhere (off unless the
//! operator names the origins), and the static viewer under `/viewer/`.
use std::{
    future::Future,
    path::PathBuf,
    pin::Pin,
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
/// headers, the deadline, and the seat's bearer token.
const ALLOWED_HEADERS: [&str; 6] = [
    "content-type",
    "x-grpc-web",
    "x-user-agent",
    "grpc-timeout",
    "authorization",
    "connect-protocol-version",
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
            files: self.dir.as_ref().map(ServeDir::new),
            inner,
        }
    }
}

/// See [`ViewerLayer`].
#[derive(Clone, Debug)]
pub struct ViewerService<S> {
    /// Only files under the directory: tower-http's `ServeDir` refuses any
    /// path with a `..`, a root or a prefix component (also percent-encoded)
    /// with 404, and answers a directory with its index.html.
    files: Option<ServeDir>,
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
        let Some(files) = &self.files else {
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
        Box::pin(async move {
            // The file service's error is `Infallible`: a file that cannot
            // be read is a 500 response, never an error of the connection.
            let Ok(response) = files.call(file_request).await;
            Ok(response.map(Body::new))
        })
    }
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
