//! melange: a gRPC game-engine service for the Dune board games.
//!
//! # Crate map (read this first)
//!
//! A call travels down these layers and back; each layer knows only the one
//! below it, so the rules can be tested without a network and the network
//! without a game.
//!
//! - [`server`]: the network face. `run.rs` serves the tonic services,
//!   health and reflection; `game_service.rs` is the `GameService`
//!   implementation; `auth.rs` reads bearer tokens; `stream.rs` runs one
//!   task per watcher; `clock.rs` runs one task per game with a clock or a
//!   remote bot seat; `remote_bot.rs` calls remote bots (`BotService`);
//!   `bots.rs` runs built-in bots off the async workers, `blocking.rs` the
//!   simulations and replays on the blocking pool; `config.rs` holds
//!   what an operator can tune. Against abuse: `connections.rs` is the
//!   accept loop with its per-peer limits, `client.rs` names who a call
//!   comes from, `peers.rs` counts its connections and streams,
//!   `shares.rs` and `fair_queue.rs` share bounded slots per client,
//!   `quotas.rs` caps its game creations and `step_budget.rs` its forward
//!   model steps. `durability.rs` opens the journal and rebuilds games at
//!   start, `fleet.rs` makes the server one of a fleet over a shared
//!   journal, `from_replay.rs` starts a game from a replay, and `web.rs`
//!   serves gRPC-Web and the viewer.
//! - [`api`]: protobuf <-> domain. `wire.rs` is the [`api::WireRules`] trait
//!   a game implements to be hosted; `arrakis/` and `imperium.rs` are the
//!   two games' mappings; `catalog.rs` turns `CreateGame` into a hosted
//!   game; `hosted.rs` is the object-safe face of a running game;
//!   `render.rs` renders states and events for one viewer; `encoded.rs`
//!   holds the answers whose views travel as bytes encoded once for every
//!   reader (the server's side of the contract, [`pb::served`]); `status.rs` maps
//!   every domain error to one gRPC status; `fields.rs` parses shared
//!   fields (seats, presets, named options); `simulate.rs` is the forward
//!   model's call; `stand_in.rs` puts why the server acted for a seat on
//!   the wire; `durable.rs` turns matches into journal records and back;
//!   `routing.rs` names the `x-melange-game` header that routes a call to
//!   its game's server in a fleet ([`api::GAME_HEADER`]); `names.rs` reads
//!   the names a person types for a game kind (`war-for-arrakis`) and a
//!   server's address (`host:port`), in every spelling in use.
//! - [`matches`](mod@crate::matches): the game-agnostic match. `game/` is a ruleset state with
//!   its seed, version, journal, seat tokens and built-in bots: `mod.rs`
//!   creates it and applies actions, `journaling.rs` keeps them in the
//!   journal, `clock_seats.rs` runs its clock and remote seats, `bots.rs`
//!   its built-in bots and `watching.rs` what watchers and replays read;
//!   `registry.rs` is the sharded, capped table of live games; `history.rs`
//!   holds its actions, `replay.rs` and `cursor.rs` rebuild past versions
//!   and `update.rs` is what watchers receive; `journal.rs` is the hook to
//!   durable storage; `token.rs` hashes seat tokens; `bot.rs` holds the
//!   built-in bots and `search/` the search bots; `clock.rs` is the
//!   clocks' accounting (time passed in) and `turn.rs` what a game waits
//!   on; `stand_in.rs` says why the server acted for a seat and `note.rs`
//!   keeps bots' own notes; `echo.rs` bounds names and what errors quote;
//!   `error.rs` is [`matches::MatchError`].
//! - [`rules`]: pure, deterministic game logic, one module per game on the
//!   shared [`rules::core`] (the [`rules::core::Ruleset`] trait, seats, the
//!   seeded generator, the rules error and the conformance playouts). It is
//!   the crate `melange-rules` (folder `melange-rules/`), re-exported here:
//!   a crate of its own, so that the compiler keeps it free of tonic, tokio
//!   and protobuf. Its crate documentation gives the one layout both games
//!   follow and maps its folders.
//! - [`store`]: the journal on disk (an append-only log for one server,
//!   PostgreSQL for a fleet): `journal.rs` is what every store does,
//!   `embedded/` is the log and the journal thread (group commit,
//!   compaction), `postgres/` a fleet's shared journal, `fsync.rs` the
//!   fsync policies; `record.rs` the record format; `recovery.rs` reads
//!   every game back at start; `retention.rs` drops finished games after
//!   their retention. The api layer's `durable.rs` turns matches into
//!   records and back, through the matches layer's `JournalSink`.
//! - [`pb`]: the generated contract (`proto/melange/v1/*.proto`).
//!
//! The binaries (`bin/`) are `src/main.rs` (the server) and
//! `src/bin/melange-quickstart.rs` (the smallest complete client).
//!
//! The tools that are clients of a server are crates of their own in the
//! workspace, so that the compiler keeps them outside the server: they
//! depend on this library for [`pb`] and the api layer's shared spellings
//! (kinds, endpoints, headers), and it knows nothing of them. They are
//! `melange-load/` (the load generator, the `melange-load` binary) and
//! `melange-arena/` (the tournament runner and ladder, the `melange-arena`
//! binary, which hosts contestants' programs in a sandbox); each crate's
//! documentation maps its folders.
pub mod api;
pub mod matches;
pub use melange_rules as rules;
pub mod server;
pub mod store;
pub mod pb {
    //! The generated contract, package `melange.v1`.
    #![allow(missing_docs, clippy::all)]
    tonic::include_proto!("melange.v1");
    /// The server's side of `GameService`: the contract's routes, with
    /// `GetView`, `ApplyAction` and `StreamGame` answering with messages
    /// wire-identical to the contract's whose views travel as bytes
    /// encoded once for every reader ([`crate::api::EncodedUpdate`]).
    /// Generated by `build.rs` from the contract; clients use
    /// [`game_service_client`] and its own types.
    pub mod served {
        include!(concat!(env!("OUT_DIR"), "/melange.v1.GameService.rs"));
    }
    /// The encoded descriptor set served by gRPC reflection.
    pub const FILE_DESCRIPTOR_SET: &[u8] =
        tonic::include_file_descriptor_set!("melange_descriptor");
}
