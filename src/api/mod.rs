//! Protobuf <-> domain conversion: the one place that knows both the
//! contract in `proto/` and the rules types.
//!
//! [`WireRules`] is what a game adds to its [`crate::rules::core::Ruleset`]
//! to be hosted; [`HostedGame`] is the object-safe face of any hosted match
//! that the server works with; [`Catalog`] maps game kinds to rulesets;
//! [`GAME_HEADER`] is the header that routes a call to its game's server in
//! a fleet, for the server and its clients alike; [`game_kind`] and
//! [`endpoint_url`] read the names a person types for a game kind and a
//! server's address, in every spelling in use.
mod arrakis;
mod catalog;
mod durable;
mod encoded;
mod fields;
mod hosted;
mod imperium;
mod names;
mod render;
mod routing;
pub mod simulate;
mod stand_in;
mod status;
mod wire;

pub use catalog::{Catalog, CreateSpec, Created, is_endpoint};
pub use durable::Restored;
pub use encoded::{EncodedApplyResponse, EncodedUpdate, EncodedView};
pub use hosted::{
    CatchUp, CaughtUp, Detail, HostedGame, LiveUpdates, PastUpdates, RemoteTurn, Simulation,
    Thinking, UpdateShape, clock_options,
};
pub use names::{GAME_KIND_NAMES, endpoint_url, game_kind, game_kind_name};
pub use routing::{GAME_HEADER, NamesGame, game_request, seat_request};
pub use stand_in::{stand_in_from_pb, stand_in_to_pb};
pub use status::{MAX_STATUS_MESSAGE_BYTES, VERSION_METADATA, capped, into_status};
pub use wire::WireRules;
