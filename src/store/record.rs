//! The record format: what the store keeps of a game, as protobuf messages
//! (so that a field can be added without a migration) each followed by a
//! checksum (so that a damaged record is told apart from a good one).
//!
//! A game is one [`GameRecord`], written when it is created, and one
//! [`ActionRecord`] per version, keyed by the game id and the version. No
//! seat token is ever stored: only the SHA-256 of each human seat's token,
//! which lets the restored game check the token its seat presents.
use sha2::{Digest, Sha256};

use crate::pb;

/// The format of the records this build writes; a record of a later
/// format is refused rather than misread.
pub const FORMAT: u32 = 1;

/// How a seat is played: by a built-in bot, or by whoever holds the token
/// whose hash this is.
#[derive(Clone, PartialEq, prost::Message)]
pub struct SeatRecord {
    /// The built-in bot's name; empty for a human seat.
    #[prost(string, tag = "1")]
    pub bot: String,
    /// The SHA-256 of the human seat's token (32 bytes); empty for a bot.
    #[prost(bytes = "vec", tag = "2")]
    pub token_hash: Vec<u8>,
}

/// A game's creation: everything needed, with its actions, to rebuild it.
#[derive(Clone, PartialEq, prost::Message)]
pub struct GameRecord {
    /// [`FORMAT`] when written.
    #[prost(uint32, tag = "1")]
    pub format: u32,
    /// The `GameKind` number.
    #[prost(int32, tag = "2")]
    pub kind: i32,
    /// The options as the creator sent them.
    #[prost(message, optional, tag = "3")]
    pub options: Option<pb::GameOptions>,
    /// The match seed.
    #[prost(uint64, tag = "4")]
    pub seed: u64,
    /// Whether the creator chose the seed.
    #[prost(bool, tag = "5")]
    pub seed_chosen_by_creator: bool,
    /// Every seat, in order.
    #[prost(message, repeated, tag = "6")]
    pub seats: Vec<SeatRecord>,
    /// How many first actions came from a replay (`CreateGame.from_replay`)
    /// rather than being played in this game.
    #[prost(uint64, tag = "7")]
    pub given: u64,
    /// When the game was created, in seconds since the Unix epoch.
    #[prost(uint64, tag = "8")]
    pub created_unix: u64,
    /// Each listed seat's `SeatConfig.plays` as sent (empty: the game
    /// chose), an input of the setup like the options.
    #[prost(string, repeated, tag = "9")]
    pub plays: Vec<String>,
}

/// One applied action; its version is the record's key.
#[derive(Clone, PartialEq, prost::Message)]
pub struct ActionRecord {
    /// The acting seat.
    #[prost(uint32, tag = "1")]
    pub seat: u32,
    /// The action as the contract encodes it.
    #[prost(message, optional, tag = "2")]
    pub action: Option<pb::Action>,
    /// The state hash after the action, on every version that is a
    /// multiple of the journal's hash spacing.
    #[prost(fixed64, optional, tag = "3")]
    pub state_hash: Option<u64>,
    /// Why the server played this action for its seat (MC-STANDIN-01);
    /// unset when the seat chose it.
    #[prost(message, optional, tag = "4")]
    pub stand_in: Option<pb::StandIn>,
    /// The note the seat's bot attached to this decision (MC-NOTE-01);
    /// empty without one.
    #[prost(string, tag = "5")]
    pub note: String,
}

/// A game's clocks as the journal keeps them beside its actions (the
/// latest only, replaced with each batch), so that a restart or a move
/// neither gives nor takes time (MC-CLOCK-02).
#[derive(Clone, PartialEq, prost::Message)]
pub struct ClockRecord {
    /// Per seat: its bank in milliseconds; -1 for a seat not clocked.
    #[prost(sint64, repeated, tag = "1")]
    pub banks_ms: Vec<i64>,
    /// Per seat: whether it has made a decision (MC-CLOCK-03).
    #[prost(bool, repeated, tag = "2")]
    pub decided: Vec<bool>,
    /// When the running decision began, in milliseconds since the Unix
    /// epoch.
    #[prost(uint64, optional, tag = "3")]
    pub running_since_unix_ms: Option<u64>,
    /// Per seat: the thinking time it has used, in milliseconds
    /// (MC-CLOCK-07).
    #[prost(uint64, repeated, tag = "4")]
    pub thought_ms: Vec<u64>,
    /// When the game's time began, in milliseconds since the Unix epoch
    /// (MC-CLOCK-06).
    #[prost(uint64, optional, tag = "5")]
    pub began_unix_ms: Option<u64>,
}

/// Bytes of the checksum after each record.
const CHECKSUM_BYTES: usize = 8;

fn checksum(payload: &[u8]) -> [u8; CHECKSUM_BYTES] {
    let digest = Sha256::digest(payload);
    let mut sum = [0u8; CHECKSUM_BYTES];
    sum.copy_from_slice(&digest[..CHECKSUM_BYTES]);
    sum
}

/// A record's stored bytes: its protobuf encoding, then the first eight
/// bytes of the encoding's SHA-256.
pub fn seal(record: &impl prost::Message) -> Vec<u8> {
    let mut bytes = record.encode_to_vec();
    let sum = checksum(&bytes);
    bytes.extend_from_slice(&sum);
    bytes
}

/// The record in `bytes`, or a sentence saying why they hold none (too
/// short, a checksum that does not match, an encoding that does not
/// decode).
pub fn open<M: prost::Message + Default>(bytes: &[u8]) -> Result<M, String> {
    let Some(split) = bytes.len().checked_sub(CHECKSUM_BYTES) else {
        return Err(format!(
            "the record is {} bytes long, too short",
            bytes.len()
        ));
    };
    let (payload, sum) = bytes.split_at(split);
    if checksum(payload) != sum {
        return Err("the record's checksum does not match its contents".to_owned());
    }
    M::decode(payload).map_err(|error| format!("the record does not decode: {error}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_record_opens_and_any_damage_is_seen() {
        let record = ActionRecord {
            note: String::new(),
            seat: 1,
            action: None,
            state_hash: Some(7),
            stand_in: None,
        };
        let bytes = seal(&record);
        assert_eq!(open::<ActionRecord>(&bytes), Ok(record));
        for index in 0..bytes.len() {
            let mut damaged = bytes.clone();
            damaged[index] ^= 0x40;
            assert!(open::<ActionRecord>(&damaged).is_err(), "byte {index}");
        }
        assert!(open::<ActionRecord>(&bytes[..bytes.len() - 1]).is_err());
        assert!(open::<ActionRecord>(&[]).is_err());
    }
}
