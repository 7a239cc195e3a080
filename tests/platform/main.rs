//! The platform's integration tests: the real server on a loopback port,
//! driven through the generated client, with the test-only harness game.
//!
//! The tools' own tests (melange-load's and melange-arena's `tests/`)
//! include this folder's support by path: `harness.rs`, `support.rs`,
//! `bot_server.rs`, and `routing_proxy.rs`, the stand-in for a fleet's
//! proxy that only their tests use.
mod abuse;
mod arrakis;
#[path = "../common/binaries.rs"]
mod binaries;
mod bot_server;
mod bots;
mod clock;
mod concede;
mod conformance;
mod connections;
mod deploy;
mod desert_war;
mod detail;
mod durability;
mod echoes;
mod fairness;
mod from_replay;
mod greedy_bot;
mod harness;
mod imperium;
mod imperium_rivals;
mod light_streams;
mod listing;
mod notes;
mod play;
mod reflection;
mod remote_bot;
mod replays;
mod search_bots;
mod simulate;
mod smugglers;
mod statuses;
mod streaming;
mod support;
mod tls;
mod web;
