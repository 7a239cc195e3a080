//! The game-agnostic match: a ruleset state with its seed, options, version,
//! journal of actions, hashed seat tokens, built-in bots, clocks and
//! remote seats, plus the sharded
//! registry of live matches.
//!
//! Nothing here knows a game's rules beyond [`crate::rules::core::Ruleset`],
//! and nothing here knows protobuf.
mod bot;
mod clock;
mod cursor;
mod echo;
mod error;
mod game;
mod history;
mod journal;
mod note;
mod registry;
mod replay;
pub mod search;
mod stand_in;
mod token;
mod turn;
mod update;

pub use bot::BotKind;
pub use clock::{
    Clock, ClockOptions, KeptClock, MAX_CLOCK_MS, OnExpiry, SHARE_TOLERANCE, SeatTime, Verdict,
};
pub use cursor::{ReplayCursor, Replayed};
pub use echo::{ECHO_CHARS, MAX_NAME_BYTES, MAX_RULE_OPTIONS, bounded_name, echo};
pub use error::MatchError;
pub use game::{
    Applied, BOT_SLICE, KeptHistory, Match, RestoredSeat, SNAPSHOT_EVERY, SeatPlan, SeatSlot,
    Stamped,
};
pub use history::History;
pub use journal::{Batch, HASH_EVERY, JournalSink, Unkept, state_hash};
pub use note::{MAX_GAME_NOTE_BYTES, MAX_NOTE_BYTES, Notes, VersionNote, checked_note};
pub use registry::{
    Entry, Limits, MAX_LISTING_WALK, Page, Registry, Replaced, Watcher, WatcherGuard, new_game_id,
};
pub use replay::Replayer;
pub use stand_in::StandIn;
pub use token::{SeatToken, TokenHash};
pub use turn::Turn;
pub use update::{Rendered, Update};
