//! The server's own accept loop (P13): every TCP connection is counted per
//! peer address and in total and refused at once over either cap, must
//! deliver a first complete request within the header timeout, and is
//! closed once it has been silent for the idle timeout. Running out of
//! file descriptors is logged once per burst and backed off from, never
//! spun on.
//!
//! What counts as idle: no byte read or written for `--idle-timeout-secs`
//! while the connection carries no open `StreamGame` stream. HTTP/2
//! keep-alive pings (every `--keepalive-secs`) and their answers are bytes,
//! so a client that answers them keeps its HTTP/2 connection (bounded by
//! the per-address cap); one that does not answer is dropped by hyper after
//! `--keepalive-timeout-secs`. A spectator waiting on a quiet game is never
//! idle: its open stream exempts the connection, over HTTP/2 and over
//! gRPC-Web on HTTP/1.1 (which has no pings).
use std::{
    future::Future,
    io,
    net::SocketAddr,
    pin::Pin,
    sync::Arc,
    task::{Context, Poll, ready},
    time::Duration,
};

use tokio::{
    io::{AsyncRead, AsyncWrite, ReadBuf},
    net::{TcpListener, TcpStream},
    time::{Instant, Sleep},
};
use tokio_stream::Stream;
use tonic::{
    codegen::http::Request,
    transport::server::{Connected, TcpConnectInfo, TlsConnectInfo},
};
use tower::{Layer, Service};

use super::{
    ConnectionLimits,
    peers::{ConnectionPermit, Peers, Refusal},
};

/// How long the accept loop pauses when the process is out of file
/// descriptors: long enough not to spin, short enough that a freed
/// descriptor is used soon.
const FILE_LIMIT_BACKOFF: Duration = Duration::from_millis(100);

/// The shortest pause between two warnings about refused connections.
const REFUSAL_LOG_EVERY: Duration = Duration::from_secs(10);

/// Accepted connections, admitted under the caps, as tonic's incoming
/// stream. It never yields an error: accept errors are handled here.
pub struct Incoming {
    listener: TcpListener,
    peers: Arc<Peers>,
    limits: ConnectionLimits,
    backoff: Option<Pin<Box<Sleep>>>,
    /// Accept errors since the last connection accepted, while out of file
    /// descriptors (or another accept error repeats).
    failing: u64,
    /// Connections refused since the last warning, and when it was.
    refused: u64,
    refusal_logged: Option<Instant>,
}

impl Incoming {
    pub fn new(listener: TcpListener, peers: Arc<Peers>, limits: &ConnectionLimits) -> Self {
        warn_about_file_limit(limits.max_connections);
        Incoming {
            listener,
            peers,
            limits: limits.clone(),
            backoff: None,
            failing: 0,
            refused: 0,
            refusal_logged: None,
        }
    }

    fn refuse(&mut self, refusal: Refusal, peer: SocketAddr) {
        self.refused += 1;
        let now = Instant::now();
        if self
            .refusal_logged
            .is_some_and(|logged| now.duration_since(logged) < REFUSAL_LOG_EVERY)
        {
            return;
        }
        let (cap, flag) = match refusal {
            Refusal::Total => (self.limits.max_connections, "--max-connections"),
            Refusal::PerIp => (
                self.limits.max_connections_per_ip,
                "--max-connections-per-ip",
            ),
        };
        tracing::warn!(
            peer = %peer.ip(),
            refused = self.refused,
            cap,
            "connections refused at their cap ({flag}); the latest peer is logged"
        );
        self.refused = 0;
        self.refusal_logged = Some(now);
    }

    fn accept_failed(&mut self, error: &io::Error) {
        if matches!(
            error.kind(),
            io::ErrorKind::ConnectionAborted
                | io::ErrorKind::ConnectionReset
                | io::ErrorKind::Interrupted
        ) {
            // The peer gave up before the accept: nothing to log or wait for.
            tracing::debug!(%error, "a connection closed before it was accepted");
            return;
        }
        if self.failing == 0 {
            if out_of_files(error) {
                tracing::error!(
                    %error,
                    "out of file descriptors: new connections wait until some close \
                     (raise the open-file limit, ulimit -n, or lower --max-connections)"
                );
            } else {
                tracing::error!(%error, "accepting connections fails; retrying");
            }
        }
        self.failing += 1;
        self.backoff = Some(Box::pin(tokio::time::sleep(FILE_LIMIT_BACKOFF)));
    }
}

/// Whether an accept error says the process (EMFILE) or the system
/// (ENFILE) has no file descriptor left.
fn out_of_files(error: &io::Error) -> bool {
    // EMFILE is 24 and ENFILE 23 on Linux, the BSDs and macOS alike.
    cfg!(unix) && matches!(error.raw_os_error(), Some(23 | 24))
}

/// Descriptors the server holds besides its connections: the listener, the
/// journal store, the runtime's own, remote bots' connections.
const OTHER_FILES: u64 = 64;

/// Warns at start-up when `--max-connections` cannot be reached: the
/// process would run out of file descriptors first, and then every new
/// client waits, whoever holds the open ones.
fn warn_about_file_limit(max_connections: usize) {
    let Some(files) = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|limits| open_file_limit(&limits))
    else {
        return;
    };
    if max_connections as u64 + OTHER_FILES > files {
        tracing::warn!(
            open_file_limit = files,
            max_connections,
            "the open-file limit is below --max-connections (plus {OTHER_FILES} for the \
             server's own files): raise it (ulimit -n) or lower --max-connections, or \
             clients will wait on descriptors before the cap refuses anyone"
        );
    }
}

/// The soft limit of open files in a Linux `/proc/<pid>/limits` text;
/// `None` when unlimited or not found.
fn open_file_limit(limits: &str) -> Option<u64> {
    let line = limits
        .lines()
        .find_map(|line| line.strip_prefix("Max open files"))?;
    line.split_whitespace().next()?.parse().ok()
}

impl Stream for Incoming {
    type Item = Result<Connection, io::Error>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        loop {
            if let Some(backoff) = &mut this.backoff {
                ready!(backoff.as_mut().poll(cx));
                this.backoff = None;
            }
            let (stream, peer) = match ready!(this.listener.poll_accept(cx)) {
                Ok(accepted) => accepted,
                Err(error) => {
                    this.accept_failed(&error);
                    continue;
                }
            };
            if this.failing > 0 {
                tracing::info!(
                    failed = this.failing,
                    "accepting connections again after failed accepts"
                );
                this.failing = 0;
            }
            match this.peers.admit(peer) {
                Ok(permit) => {
                    // Without TCP_NODELAY small responses wait on delayed
                    // ACKs (~40 ms).
                    let _ = stream.set_nodelay(true);
                    return Poll::Ready(Some(Ok(Connection::new(stream, permit, &this.limits))));
                }
                // Closed at once: the socket is dropped here.
                Err(refusal) => this.refuse(refusal, peer),
            }
        }
    }
}

/// One admitted connection: the socket, its place in the counts, and the
/// one timer that closes it (first-request deadline, then idle deadline).
pub struct Connection {
    stream: TcpStream,
    permit: ConnectionPermit,
    timer: Pin<Box<Sleep>>,
    accepted: Instant,
    last_active: Instant,
    header_timeout: Duration,
    idle_timeout: Duration,
    /// The bytes being written have already waited their turn of the
    /// scheduler (see [`Connection::wait_a_turn`]); cleared by each flush.
    waited: bool,
}

impl Connection {
    fn new(stream: TcpStream, permit: ConnectionPermit, limits: &ConnectionLimits) -> Self {
        let now = Instant::now();
        let first = limits.header_timeout.min(limits.idle_timeout);
        Connection {
            stream,
            permit,
            timer: Box::pin(tokio::time::sleep_until(now + first)),
            accepted: now,
            last_active: now,
            header_timeout: limits.header_timeout,
            idle_timeout: limits.idle_timeout,
            waited: false,
        }
    }

    /// Fails once the connection is over its time: no complete request
    /// within the header timeout, or silent for the idle timeout without an
    /// open stream. Otherwise arms the timer for the next deadline (so the
    /// task is woken then) and lets the I/O go on.
    fn check_deadlines(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        while self.timer.as_mut().poll(cx).is_ready() {
            let now = Instant::now();
            let state = self.permit.state();
            let mut next = if state.streaming() {
                // Looked at again later: the stream may end by then.
                now + self.idle_timeout
            } else {
                let idle_until = self.last_active + self.idle_timeout;
                if now >= idle_until {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the connection was idle for the idle timeout",
                    ));
                }
                idle_until
            };
            if !state.requested() {
                let head_until = self.accepted + self.header_timeout;
                if now >= head_until {
                    return Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "no complete request arrived within the header timeout",
                    ));
                }
                next = next.min(head_until);
            }
            self.timer.as_mut().reset(next);
        }
        Ok(())
    }

    fn moved(&mut self, bytes: usize) {
        if bytes > 0 {
            self.last_active = Instant::now();
        }
    }

    /// Pending once before a streaming connection writes, with its task
    /// woken at once: the task goes to the back of its worker's queue, the
    /// tasks already woken (the other streams and answers of the same
    /// action) hand their frames over first, and one write carries them
    /// all.
    ///
    /// Why: tokio runs a task woken by the running one next, so an action
    /// whose seats all stream over one connection cost one system call
    /// per message, the largest part of the server's CPU per message. Only
    /// a connection with an open `StreamGame` stream waits: there more
    /// frames follow, and its client reads a flow of updates. A connection
    /// of unary calls alone is answered without the wait, which under load
    /// could be a whole queue of other clients' work: counting a call
    /// being handled as a reason to wait (its request's body still
    /// arriving) held an occasional caller's answers behind a flood of
    /// huge requests (the platform test
    /// `fairness::games_from_long_replays_are_played_off_the_async_worker`).
    fn wait_a_turn(&mut self, cx: &mut Context<'_>) -> Poll<()> {
        if self.waited || !self.permit.state().streaming() {
            return Poll::Ready(());
        }
        self.waited = true;
        cx.waker().wake_by_ref();
        Poll::Pending
    }
}

impl Connected for Connection {
    type ConnectInfo = TcpConnectInfo;

    /// The socket's own addresses, so that `Request::remote_addr` works as
    /// with tonic's listener (also under TLS).
    fn connect_info(&self) -> Self::ConnectInfo {
        self.stream.connect_info()
    }
}

impl AsyncRead for Connection {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        this.check_deadlines(cx)?;
        let before = buf.filled().len();
        ready!(Pin::new(&mut this.stream).poll_read(cx, buf))?;
        this.moved(buf.filled().len() - before);
        Poll::Ready(Ok(()))
    }
}

impl AsyncWrite for Connection {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        this.check_deadlines(cx)?;
        ready!(this.wait_a_turn(cx));
        let written = ready!(Pin::new(&mut this.stream).poll_write(cx, buf))?;
        this.moved(written);
        Poll::Ready(Ok(written))
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        this.check_deadlines(cx)?;
        ready!(this.wait_a_turn(cx));
        let written = ready!(Pin::new(&mut this.stream).poll_write_vectored(cx, bufs))?;
        this.moved(written);
        Poll::Ready(Ok(written))
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(Pin::new(&mut this.stream).poll_flush(cx))?;
        // What waited has gone out: the next bytes wait their own turn.
        this.waited = false;
        Poll::Ready(Ok(()))
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

/// Tells the counts that a complete request arrived on its connection
/// (hyper calls the service only once it has a request's whole head), which
/// lifts that connection's header deadline.
#[derive(Clone, Debug)]
pub struct RequestSeenLayer {
    peers: Arc<Peers>,
}

impl RequestSeenLayer {
    pub fn new(peers: Arc<Peers>) -> Self {
        RequestSeenLayer { peers }
    }
}

impl<S> Layer<S> for RequestSeenLayer {
    type Service = RequestSeen<S>;

    fn layer(&self, inner: S) -> Self::Service {
        RequestSeen {
            peers: self.peers.clone(),
            inner,
        }
    }
}

/// See [`RequestSeenLayer`].
#[derive(Clone, Debug)]
pub struct RequestSeen<S> {
    peers: Arc<Peers>,
    inner: S,
}

impl<S, B> Service<Request<B>> for RequestSeen<S>
where
    S: Service<Request<B>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<B>) -> Self::Future {
        let extensions = request.extensions();
        let peer = extensions
            .get::<TcpConnectInfo>()
            .and_then(TcpConnectInfo::remote_addr)
            .or_else(|| {
                extensions
                    .get::<TlsConnectInfo<TcpConnectInfo>>()
                    .and_then(|info| info.get_ref().remote_addr())
            });
        if let Some(peer) = peer {
            self.peers.request_arrived(peer);
        }
        self.inner.call(request)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::{
        sync::atomic::{AtomicUsize, Ordering},
        task::{Wake, Waker},
    };

    /// A waker that counts its wakes.
    struct Counted(AtomicUsize);

    impl Wake for Counted {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::Relaxed);
        }

        fn wake_by_ref(self: &Arc<Self>) {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }

    #[tokio::test]
    async fn a_streaming_connection_waits_one_turn_per_flush_and_others_none() {
        // Issue 32: the frames of one action's answers and stream updates
        // go out in one write on a connection that streams; a connection
        // of unary calls alone is never held.
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let mut client = TcpStream::connect(listener.local_addr().unwrap())
            .await
            .unwrap();
        let (server, peer) = listener.accept().await.unwrap();
        let limits = ConnectionLimits::default();
        let peers = Peers::new(&limits);
        let permit = peers.admit(peer).unwrap();
        let mut connection = Connection::new(server, permit, &limits);
        let counted = Arc::new(Counted(AtomicUsize::new(0)));
        let waker = Waker::from(counted.clone());
        let mut cx = Context::from_waker(&waker);
        let wakes = || counted.0.load(Ordering::Relaxed);
        let mut write = |connection: &mut Connection, bytes: &'static [u8]| {
            let slices = [io::IoSlice::new(bytes)];
            Pin::new(connection).poll_write_vectored(&mut cx, &slices)
        };

        // A call arrived, no stream is open: written at once.
        peers.request_arrived(peer);
        assert!(matches!(
            write(&mut connection, b"one "),
            Poll::Ready(Ok(4))
        ));
        assert_eq!(wakes(), 0);

        // A stream is open: the write waits one turn, woken at once.
        let stream = peers.open_stream(Some(peer)).unwrap();
        assert!(write(&mut connection, b"two ").is_pending());
        assert_eq!(wakes(), 1, "woken at once, to run again after the others");
        assert!(matches!(
            write(&mut connection, b"two "),
            Poll::Ready(Ok(4))
        ));
        // More of the same flush goes on without another wait.
        assert!(matches!(
            write(&mut connection, b"three "),
            Poll::Ready(Ok(6))
        ));
        let mut flush_cx = Context::from_waker(&waker);
        assert!(
            Pin::new(&mut connection)
                .poll_flush(&mut flush_cx)
                .is_ready()
        );
        // After a flush, the next write waits its own turn.
        assert!(write(&mut connection, b"four ").is_pending());
        assert_eq!(wakes(), 2);
        assert!(matches!(
            write(&mut connection, b"four "),
            Poll::Ready(Ok(5))
        ));
        assert!(
            Pin::new(&mut connection)
                .poll_flush(&mut flush_cx)
                .is_ready()
        );

        // The stream ended: nothing waits any more.
        drop(stream);
        assert!(matches!(
            write(&mut connection, b"five"),
            Poll::Ready(Ok(4))
        ));
        assert_eq!(wakes(), 2);

        let mut read = [0u8; 23];
        tokio::io::AsyncReadExt::read_exact(&mut client, &mut read)
            .await
            .unwrap();
        assert_eq!(&read, b"one two three four five");
    }

    #[test]
    fn the_soft_open_file_limit_is_read_from_proc_limits() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max cpu time              unlimited            unlimited            seconds\n\
                      Max open files            1024                 1048576              files\n";
        assert_eq!(open_file_limit(limits), Some(1024));
        let unlimited =
            "Max open files            unlimited            unlimited            files\n";
        assert_eq!(open_file_limit(unlimited), None);
        assert_eq!(open_file_limit(""), None);
    }

    #[test]
    fn emfile_and_enfile_are_out_of_files_and_others_are_not() {
        assert!(out_of_files(&io::Error::from_raw_os_error(24)));
        assert!(out_of_files(&io::Error::from_raw_os_error(23)));
        assert!(!out_of_files(&io::Error::from_raw_os_error(104)));
        assert!(!out_of_files(&io::Error::other("not an OS error")));
    }
}
