//! The names a person types for what the contract numbers or spells one
//! way: game kinds and server addresses (issue 31, item 15). Each has one
//! canonical spelling, which every binary prints and documents, and the
//! other spellings in use are accepted on input with the same meaning, so
//! that no script breaks.
//!
//! - Game kinds: `imperium` and `war-for-arrakis` (kebab-case, as the
//!   binaries' flags and files spell them); `war_for_arrakis` (the client
//!   kits' older spelling), `arrakis`, any case, and the `GameKind` number
//!   are accepted.
//! - Server addresses: `http://host:port`; `host:port` is accepted (the
//!   Python kit's older form) and means the same.
use crate::pb::GameKind;

/// The canonical name of every kind a person may name, in contract order.
pub const GAME_KIND_NAMES: [(&str, GameKind); 2] = [
    ("war-for-arrakis", GameKind::WarForArrakis),
    ("imperium", GameKind::Imperium),
];

/// The `GameKind` number a name stands for: a canonical name, another
/// spelling of one (`war_for_arrakis`, `arrakis`, any case), or a number.
/// The error lists the canonical names.
pub fn game_kind(name: &str) -> Result<i32, String> {
    let spelled = name.trim().to_ascii_lowercase().replace('_', "-");
    let kind = match spelled.as_str() {
        "war-for-arrakis" | "arrakis" => Some(GameKind::WarForArrakis),
        "imperium" => Some(GameKind::Imperium),
        _ => None,
    };
    match kind {
        Some(kind) => Ok(kind as i32),
        None => spelled.parse().map_err(|_| {
            format!(
                "unknown game kind {name:?}; use {}, or a GameKind number",
                GAME_KIND_NAMES.map(|(name, _)| name).join(", ")
            )
        }),
    }
}

/// The canonical name of a `GameKind` number, or the number itself for a
/// kind without one.
pub fn game_kind_name(kind: i32) -> String {
    GAME_KIND_NAMES
        .iter()
        .find(|(_, named)| *named as i32 == kind)
        .map_or_else(|| kind.to_string(), |(name, _)| (*name).to_owned())
}

/// A server's address as a URL the gRPC client connects to: `host:port`
/// becomes `http://host:port`, `http://host:port` stays as it is. These
/// clients speak plain HTTP/2 only (they carry no root certificates), so
/// `https://` is refused with a message that says so, as is any other
/// scheme.
pub fn endpoint_url(address: &str) -> Result<String, String> {
    let address = address.trim();
    if address.is_empty() {
        return Err("the server's address is empty; give host:port".to_owned());
    }
    match address.split_once("://") {
        None => Ok(format!("http://{address}")),
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("http") => Ok(format!("http://{rest}")),
        Some((scheme, _)) if scheme.eq_ignore_ascii_case("https") => Err(format!(
            "{address}: this client has no TLS (it carries no root certificates); \
             give host:port or http://host:port, behind a proxy that terminates TLS if needed"
        )),
        Some((scheme, _)) => Err(format!(
            "{address}: unknown scheme {scheme:?}; give host:port or http://host:port"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_a_kind_means_the_same_kind() {
        let arrakis = GameKind::WarForArrakis as i32;
        for name in [
            "war-for-arrakis",
            "war_for_arrakis",
            "War-For-Arrakis",
            "WAR_FOR_ARRAKIS",
            "arrakis",
            "1",
        ] {
            assert_eq!(game_kind(name), Ok(arrakis), "{name}");
        }
        assert_eq!(game_kind("Imperium"), Ok(GameKind::Imperium as i32));
        let unknown = game_kind("chess").unwrap_err();
        assert!(unknown.contains("war-for-arrakis, imperium"), "{unknown}");
        assert_eq!(game_kind_name(arrakis), "war-for-arrakis");
        assert_eq!(game_kind_name(GameKind::Imperium as i32), "imperium");
        assert_eq!(game_kind_name(77), "77");
        for (name, kind) in GAME_KIND_NAMES {
            assert_eq!(game_kind(name), Ok(kind as i32));
        }
    }

    #[test]
    fn an_address_with_or_without_http_is_the_same_server() {
        for address in [
            "127.0.0.1:50051",
            "http://127.0.0.1:50051",
            " HTTP://127.0.0.1:50051 ",
        ] {
            assert_eq!(
                endpoint_url(address).unwrap(),
                "http://127.0.0.1:50051",
                "{address}"
            );
        }
        assert_eq!(endpoint_url("[::1]:9").unwrap(), "http://[::1]:9");
        assert_eq!(
            endpoint_url("melange.lan:50051").unwrap(),
            "http://melange.lan:50051"
        );
        for refused in ["", "https://h:1", "grpc://h:1"] {
            assert!(endpoint_url(refused).is_err(), "{refused}");
        }
        assert!(endpoint_url("https://h:1").unwrap_err().contains("TLS"));
    }
}
