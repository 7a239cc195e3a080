use rand::{TryRngCore, rngs::OsRng};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// The SHA-256 of a seat token: what the server keeps, so that a memory dump
/// or a log line never holds a usable token.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct TokenHash([u8; 32]);

impl std::fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TokenHash(..)")
    }
}

impl TokenHash {
    /// The hash of a presented token.
    pub fn of(token: &str) -> Self {
        TokenHash(Sha256::digest(token.as_bytes()).into())
    }

    /// The hash's bytes, as a journal keeps them.
    pub fn to_bytes(self) -> [u8; 32] {
        self.0
    }

    /// A hash a journal kept; `None` unless it is 32 bytes long.
    pub fn from_bytes(bytes: &[u8]) -> Option<Self> {
        bytes.try_into().ok().map(TokenHash)
    }

    /// Whether `token` hashes to this value, compared in constant time so
    /// that response timing reveals nothing about the stored hash.
    pub fn matches(&self, token: &str) -> bool {
        Self::of(token).0.ct_eq(&self.0).into()
    }
}

/// A freshly issued secret seat token: 256 bits from the OS, hex-encoded.
pub struct SeatToken {
    /// The secret itself, handed to the client once.
    pub secret: String,
    /// What the server stores.
    pub hash: TokenHash,
}

impl SeatToken {
    /// Draws a new token from the operating system's generator.
    pub fn generate() -> Self {
        let mut bytes = [0u8; 32];
        // The OS generator failing means the machine cannot produce secrets at
        // all; no client input reaches this.
        OsRng
            .try_fill_bytes(&mut bytes)
            .expect("the operating system's random generator is unavailable");
        let secret: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let hash = TokenHash::of(&secret);
        SeatToken { secret, hash }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_matches_its_hash_and_nothing_else() {
        let a = SeatToken::generate();
        let b = SeatToken::generate();
        assert_eq!(a.secret.len(), 64);
        assert!(a.hash.matches(&a.secret));
        assert!(!a.hash.matches(&b.secret));
        assert!(!a.hash.matches(""));
        assert!(!a.hash.matches(&a.secret[..63]));
    }
}
