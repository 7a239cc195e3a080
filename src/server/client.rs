//! Who a call comes from, for the per-client shares of the server (issue
//! P13): the holder of an API key (`x-api-key` metadata) when the operator
//! configured keys (`--api-keys FILE`), else the peer's IP address. An IPv6
//! peer counts by its /64 prefix (one host usually holds a whole /64), an
//! IPv4-mapped one as its IPv4 address. Behind a proxy every client has the
//! proxy's address: give such clients API keys.
use std::{
    fmt,
    net::{IpAddr, Ipv6Addr},
};

use tonic::{Request, Status};

use crate::matches::MatchError;

use crate::matches::TokenHash;

/// The metadata key an API key travels in.
pub const API_KEY_METADATA: &str = "x-api-key";

/// One API key of `--api-keys FILE` and its own quotas. The key itself is
/// never kept: only its SHA-256, compared in constant time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiKey {
    /// The key's name, for logs and messages (never the key).
    pub name: String,
    /// The SHA-256 of the key.
    pub hash: TokenHash,
    /// Live (unfinished) games its holder may have at once.
    pub max_live_games: usize,
    /// Games its holder may create per minute (a token bucket of this size,
    /// refilled evenly over the minute).
    pub creates_per_minute: u32,
}

impl ApiKey {
    /// Reads an `--api-keys` file: one key a line, `name sha256hex
    /// max_live_games creates_per_minute`, whitespace between fields;
    /// blank lines and lines starting with `#` are skipped. The error names
    /// the line and what is wrong with it.
    pub fn parse_file(text: &str) -> Result<Vec<ApiKey>, String> {
        let mut keys: Vec<ApiKey> = Vec::new();
        for (index, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let number = index + 1;
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [name, hash, live, rate] = fields[..] else {
                return Err(format!(
                    "--api-keys line {number}: expected 4 fields \
                     (name sha256hex max_live_games creates_per_minute), found {}",
                    fields.len()
                ));
            };
            let hash = sha256_hex(hash).ok_or_else(|| {
                format!("--api-keys line {number}: the key's SHA-256 is not 64 hex digits")
            })?;
            let max_live_games = live.parse::<usize>().map_err(|_| {
                format!("--api-keys line {number}: max_live_games is not a whole number")
            })?;
            let creates_per_minute = rate
                .parse::<u32>()
                .ok()
                .filter(|rate| *rate > 0)
                .ok_or_else(|| {
                    format!("--api-keys line {number}: creates_per_minute is not a whole number of at least 1")
                })?;
            if keys.iter().any(|key| key.name == name) {
                return Err(format!(
                    "--api-keys line {number}: the name {name} is given twice"
                ));
            }
            keys.push(ApiKey {
                name: name.to_owned(),
                hash,
                max_live_games,
                creates_per_minute,
            });
        }
        Ok(keys)
    }
}

fn sha256_hex(text: &str) -> Option<TokenHash> {
    if text.len() != 64 {
        return None;
    }
    let bytes: Option<Vec<u8>> = (0..32)
        .map(|at| u8::from_str_radix(text.get(at * 2..at * 2 + 2)?, 16).ok())
        .collect();
    TokenHash::from_bytes(&bytes?)
}

/// Whom a call is counted against.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ClientId {
    /// The holder of the API key at this index of the configured keys.
    Key(usize),
    /// A peer without a key: its IPv4 address, or its IPv6 /64 prefix.
    Address(IpAddr),
    /// A call whose transport gave no peer address (an in-process one).
    Unknown,
}

impl fmt::Display for ClientId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientId::Key(index) => write!(f, "API key #{index}"),
            ClientId::Address(IpAddr::V6(prefix)) => write!(f, "{prefix}/64"),
            ClientId::Address(address) => write!(f, "{address}"),
            ClientId::Unknown => f.write_str("an unknown peer"),
        }
    }
}

/// Who `request` comes from. An `x-api-key` that is none of `keys` is
/// `UNAUTHENTICATED`; without configured keys the metadata is ignored.
pub fn client_of<T>(request: &Request<T>, keys: &[ApiKey]) -> Result<ClientId, Status> {
    if !keys.is_empty()
        && let Some(value) = request.metadata().get(API_KEY_METADATA)
    {
        let presented = value.to_str().map_err(|_| {
            Status::from(MatchError::InvalidArgument(
                "the x-api-key metadata is not ASCII text".to_owned(),
            ))
        })?;
        // Every key is compared, in constant time, whichever matches.
        let found = keys.iter().enumerate().fold(None, |found, (index, key)| {
            match key.hash.matches(presented.trim()) {
                true => Some(index),
                false => found,
            }
        });
        return found.map(ClientId::Key).ok_or_else(|| {
            Status::from(MatchError::Unauthenticated(
                "the x-api-key metadata is not one of this server's API keys; \
                     send a key the operator gave you, or none"
                    .to_owned(),
            ))
        });
    }
    Ok(match request.remote_addr() {
        None => ClientId::Unknown,
        Some(peer) => ClientId::Address(counted_address(peer.ip())),
    })
}

/// The address a peer is counted by: IPv4 as is (also when mapped into
/// IPv6), IPv6 by its /64 prefix.
pub(super) fn counted_address(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut segments = v6.segments();
                segments[4..].fill(0);
                IpAddr::V6(Ipv6Addr::from(segments))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY_HASH: &str = "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae";

    #[test]
    fn key_files_are_read_and_bad_lines_named() {
        let keys =
            ApiKey::parse_file(&format!("# keys\n\nalice {KEY_HASH} 10 60\n")).expect("valid");
        assert_eq!(keys.len(), 1);
        assert_eq!(keys[0].name, "alice");
        assert!(keys[0].hash.matches("foo"), "sha256(foo)");
        assert_eq!(
            (keys[0].max_live_games, keys[0].creates_per_minute),
            (10, 60)
        );
        for (bad, says) in [
            (format!("alice {KEY_HASH} 10"), "line 1: expected 4 fields"),
            ("alice abc 10 60".to_owned(), "64 hex digits"),
            (format!("alice {KEY_HASH} ten 60"), "max_live_games"),
            (format!("alice {KEY_HASH} 10 0"), "creates_per_minute"),
            (
                format!("alice {KEY_HASH} 1 1\nalice {KEY_HASH} 1 1"),
                "line 2: the name alice is given twice",
            ),
        ] {
            let error = ApiKey::parse_file(&bad).unwrap_err();
            assert!(error.contains(says), "{error}");
        }
    }

    #[test]
    fn ipv6_peers_count_by_their_prefix_and_mapped_ipv4_as_ipv4() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::2".parse().unwrap();
        assert_eq!(counted_address(a), counted_address(b));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        assert_eq!(
            counted_address(mapped),
            "10.0.0.1".parse::<IpAddr>().unwrap()
        );
    }
}
