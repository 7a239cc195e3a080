//! The platform's integration tests: the real server on a loopback port,
//! driven through the generated client, with the test-only harness game.
mod abuse;
mod arena;
mod arrakis;
mod bots;
mod conformance;
mod desert_war;
mod durability;
mod echoes;
mod from_replay;
mod harness;
mod imperium;
mod imperium_rivals;
mod light_streams;
mod listing;
mod load;
mod play;
mod reflection;
mod replays;
mod search_bots;
mod simulate;
mod smugglers;
mod statuses;
mod streaming;
mod support;
mod tls;
mod web;
