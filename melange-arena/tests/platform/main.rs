//! The tournament runner and the ladder against a real server on a
//! loopback port, hosting the test-only harness game, with remote bots
//! written in Rust. The server's test support is the server crate's own
//! (`tests/platform/` there), included by path: one harness game, one test
//! server, one test bot, one routing proxy for both crates.
mod arena;
#[path = "../../../tests/common/binaries.rs"]
mod binaries;
#[path = "../../../tests/platform/bot_server.rs"]
#[allow(dead_code)]
mod bot_server;
#[path = "../../../tests/platform/harness.rs"]
#[allow(dead_code)]
mod harness;
mod ladder;
#[path = "../../../tests/platform/routing_proxy.rs"]
#[allow(dead_code)]
mod routing_proxy;
#[path = "../../../tests/platform/support.rs"]
#[allow(dead_code)]
mod support;
