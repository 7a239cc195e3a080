//! The load generator against a real server on a loopback port, hosting
//! the test-only harness game. The server's test support is the server
//! crate's own (`tests/platform/` there), included by path: one harness
//! game, one test server, one routing proxy for both crates.
#[path = "../../../tests/platform/harness.rs"]
#[allow(dead_code)]
mod harness;
mod load;
#[path = "../../../tests/platform/routing_proxy.rs"]
#[allow(dead_code)]
mod routing_proxy;
#[path = "../../../tests/platform/support.rs"]
#[allow(dead_code)]
mod support;
