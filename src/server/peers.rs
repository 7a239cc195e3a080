//! Who is connected: open connections and open `StreamGame` streams, per
//! peer IP address and in total, so that one client cannot take every
//! socket or every stream of the server (P13). Each count is held by a
//! permit that gives it back when dropped, whatever ends the connection or
//! the stream (the client, a timeout, the server).
use std::{
    collections::HashMap,
    net::{IpAddr, SocketAddr},
    sync::{
        Arc, Mutex, MutexGuard,
        atomic::{AtomicBool, AtomicUsize, Ordering},
    },
};

use tonic::Status;

use crate::matches::MatchError;

use super::ConnectionLimits;

/// The address a peer is counted under, the same for every per-client
/// limit (connections, streams, spectator slots, quotas): an IPv4 address
/// that arrives IPv4-mapped on an IPv6 socket is the same client as over
/// IPv4, and an IPv6 peer counts by its /64 prefix, since one host
/// usually holds a whole /64 and could otherwise open each connection from
/// another address ([`super::client::counted_address`]).
pub fn peer_ip(addr: SocketAddr) -> IpAddr {
    super::client::counted_address(addr.ip())
}

/// What one open connection shares with the requests it carries.
#[derive(Debug, Default)]
pub struct ConnectionState {
    /// Set once a first complete request arrived on the connection (an
    /// HTTP/1.1 request head, or the HEADERS of an HTTP/2 request).
    requested: AtomicBool,
    /// Open `StreamGame` streams; while one is open the connection is never
    /// idle, however quiet the game it streams.
    streams: AtomicUsize,
}

impl ConnectionState {
    /// Whether a complete request has arrived yet.
    pub fn requested(&self) -> bool {
        self.requested.load(Ordering::Relaxed)
    }

    /// Whether the connection carries an open `StreamGame` stream.
    pub fn streaming(&self) -> bool {
        self.streams.load(Ordering::Relaxed) > 0
    }
}

/// One peer address's counts; the entry goes once both are zero.
#[derive(Debug, Default)]
struct PeerCount {
    connections: usize,
    streams: usize,
}

#[derive(Debug, Default)]
struct Counts {
    total: usize,
    by_ip: HashMap<IpAddr, PeerCount>,
    /// Each open connection's state, by its peer's address and port (unique
    /// among open connections), so that a request can find its connection
    /// from the address tonic gives it.
    connections: HashMap<SocketAddr, Arc<ConnectionState>>,
}

/// Why a connection was refused at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The server holds `--max-connections` connections already.
    Total,
    /// This peer address holds `--max-connections-per-ip` already.
    PerIp,
}

/// The server-wide counts and their caps.
#[derive(Debug)]
pub struct Peers {
    max_connections: usize,
    max_connections_per_ip: usize,
    max_streams_per_ip: usize,
    counts: Mutex<Counts>,
}

impl Peers {
    pub fn new(limits: &ConnectionLimits) -> Arc<Self> {
        Arc::new(Peers {
            max_connections: limits.max_connections,
            max_connections_per_ip: limits.max_connections_per_ip,
            max_streams_per_ip: limits.max_streams_per_ip,
            counts: Mutex::new(Counts::default()),
        })
    }

    fn counts(&self) -> MutexGuard<'_, Counts> {
        // Counting never panics midway, so a poisoned lock holds good counts.
        self.counts
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts a new connection from `peer`, unless the server or that
    /// address already holds its maximum of connections.
    pub fn admit(self: &Arc<Self>, peer: SocketAddr) -> Result<ConnectionPermit, Refusal> {
        let ip = peer_ip(peer);
        let mut counts = self.counts();
        if counts.total >= self.max_connections {
            return Err(Refusal::Total);
        }
        let count = counts.by_ip.entry(ip).or_default();
        if count.connections >= self.max_connections_per_ip {
            return Err(Refusal::PerIp);
        }
        count.connections += 1;
        counts.total += 1;
        let state = Arc::new(ConnectionState::default());
        counts.connections.insert(peer, state.clone());
        Ok(ConnectionPermit {
            peers: self.clone(),
            peer,
            state,
        })
    }

    /// The open connection from `peer`, if any.
    fn connection(&self, peer: SocketAddr) -> Option<Arc<ConnectionState>> {
        self.counts().connections.get(&peer).cloned()
    }

    /// Notes that a complete request arrived on the connection from `peer`.
    pub fn request_arrived(&self, peer: SocketAddr) {
        if let Some(state) = self.connection(peer) {
            state.requested.store(true, Ordering::Relaxed);
        }
    }

    /// Counts a new `StreamGame` stream of `peer`, unless that address
    /// already has its maximum open; `None` (a connection tonic knows no
    /// address of) is not counted.
    pub fn open_stream(self: &Arc<Self>, peer: Option<SocketAddr>) -> Result<StreamPermit, Status> {
        let Some(peer) = peer else {
            return Ok(StreamPermit {
                peers: self.clone(),
                counted: None,
            });
        };
        let ip = peer_ip(peer);
        let connection = {
            let mut counts = self.counts();
            let count = counts.by_ip.entry(ip).or_default();
            if count.streams >= self.max_streams_per_ip {
                let max = self.max_streams_per_ip;
                if count.connections == 0 {
                    counts.by_ip.remove(&ip);
                }
                return Err(Status::from(MatchError::ResourceExhausted(format!(
                    "this client address ({ip}) already has its maximum of {max} open \
                     StreamGame streams on this server; end one before opening another"
                ))));
            }
            count.streams += 1;
            counts.connections.get(&peer).cloned()
        };
        if let Some(connection) = &connection {
            connection.streams.fetch_add(1, Ordering::Relaxed);
        }
        Ok(StreamPermit {
            peers: self.clone(),
            counted: Some((ip, connection)),
        })
    }

    /// Open `StreamGame` streams of `ip` now.
    #[cfg(test)]
    fn streams_of(&self, ip: IpAddr) -> usize {
        self.counts()
            .by_ip
            .get(&ip)
            .map_or(0, |count| count.streams)
    }

    /// Lowers `ip`'s count with `lower` and forgets the address once it
    /// holds nothing.
    fn release(&self, ip: IpAddr, lower: impl FnOnce(&mut PeerCount)) {
        let mut counts = self.counts();
        if let Some(count) = counts.by_ip.get_mut(&ip) {
            lower(count);
            if count.connections == 0 && count.streams == 0 {
                counts.by_ip.remove(&ip);
            }
        }
    }
}

/// Holds one connection's place in the counts for as long as it lives.
#[derive(Debug)]
pub struct ConnectionPermit {
    peers: Arc<Peers>,
    peer: SocketAddr,
    state: Arc<ConnectionState>,
}

impl ConnectionPermit {
    /// The connection's shared state.
    pub fn state(&self) -> &ConnectionState {
        &self.state
    }
}

impl Drop for ConnectionPermit {
    fn drop(&mut self) {
        let ip = peer_ip(self.peer);
        let mut counts = self.peers.counts();
        counts.total = counts.total.saturating_sub(1);
        // Only this connection's own state: a new connection from the same
        // port may already have taken its place.
        if counts
            .connections
            .get(&self.peer)
            .is_some_and(|state| Arc::ptr_eq(state, &self.state))
        {
            counts.connections.remove(&self.peer);
        }
        drop(counts);
        self.peers.release(ip, |count| {
            count.connections = count.connections.saturating_sub(1);
        });
    }
}

/// Holds one `StreamGame` stream's place in its peer's count (and marks
/// its connection busy) for as long as the stream's task runs.
#[derive(Debug)]
pub struct StreamPermit {
    peers: Arc<Peers>,
    counted: Option<(IpAddr, Option<Arc<ConnectionState>>)>,
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let Some((ip, connection)) = self.counted.take() else {
            return;
        };
        if let Some(connection) = connection {
            connection.streams.fetch_sub(1, Ordering::Relaxed);
        }
        self.peers.release(ip, |count| {
            count.streams = count.streams.saturating_sub(1);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peers(total: usize, per_ip: usize, streams: usize) -> Arc<Peers> {
        Peers::new(&ConnectionLimits {
            max_connections: total,
            max_connections_per_ip: per_ip,
            max_streams_per_ip: streams,
            ..ConnectionLimits::default()
        })
    }

    fn addr(text: &str) -> SocketAddr {
        text.parse().unwrap()
    }

    #[test]
    fn connections_are_capped_per_address_and_in_total_and_given_back() {
        let peers = peers(3, 2, 1);
        let a1 = peers.admit(addr("10.0.0.1:1000")).unwrap();
        let _a2 = peers.admit(addr("10.0.0.1:1001")).unwrap();
        assert_eq!(
            peers.admit(addr("10.0.0.1:1002")).unwrap_err(),
            Refusal::PerIp
        );
        // The same client over IPv4-mapped IPv6 is the same address.
        assert_eq!(
            peers.admit(addr("[::ffff:10.0.0.1]:1003")).unwrap_err(),
            Refusal::PerIp
        );
        let _b1 = peers.admit(addr("10.0.0.2:1000")).unwrap();
        assert_eq!(
            peers.admit(addr("10.0.0.3:1000")).unwrap_err(),
            Refusal::Total
        );
        drop(a1);
        let _a3 = peers.admit(addr("10.0.0.1:1004")).unwrap();
    }

    #[test]
    fn streams_are_capped_per_address_and_mark_their_connection() {
        let peers = peers(10, 10, 2);
        let connection = peers.admit(addr("10.0.0.1:1000")).unwrap();
        assert!(!connection.state().streaming());
        let first = peers.open_stream(Some(addr("10.0.0.1:1000"))).unwrap();
        assert!(connection.state().streaming());
        let second = peers.open_stream(Some(addr("10.0.0.1:2000"))).unwrap();
        let refused = peers.open_stream(Some(addr("10.0.0.1:1000"))).unwrap_err();
        assert_eq!(refused.code(), tonic::Code::ResourceExhausted);
        assert!(
            refused.message().contains("10.0.0.1"),
            "{}",
            refused.message()
        );
        // Without an address nothing is counted.
        let _unknown = peers.open_stream(None).unwrap();
        drop(first);
        assert!(!connection.state().streaming());
        drop(second);
        assert_eq!(peers.streams_of("10.0.0.1".parse().unwrap()), 0);
        drop(connection);
        assert!(peers.counts().by_ip.is_empty());
        assert!(peers.counts().connections.is_empty());
    }

    #[test]
    fn a_request_marks_its_own_connection_only() {
        let peers = peers(10, 10, 10);
        let first = peers.admit(addr("10.0.0.1:1000")).unwrap();
        let second = peers.admit(addr("10.0.0.1:1001")).unwrap();
        peers.request_arrived(addr("10.0.0.1:1001"));
        assert!(!first.state().requested());
        assert!(second.state().requested());
    }
}
