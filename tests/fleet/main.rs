//! A fleet of melange servers over one PostgreSQL journal, behind HAProxy:
//! games move to the server a call reaches, a server that lost a game can
//! never write it again (fencing), a killed server's games go on elsewhere
//! with nothing acknowledged lost, a frozen one cannot fork a history, and
//! a rolling restart loses nothing.
//!
//! They need a PostgreSQL server and HAProxy, which `.ci/fleet` installs
//! from Debian and starts on loopback ports; each test makes a database of
//! its own. Run them with
//! `.ci/fleet` (or, with a server already running, `cargo build -p
//! melange-load` for the load generator the tests run, then
//! `MELANGE_TEST_POSTGRES=postgres://postgres@127.0.0.1:55432/postgres
//! cargo test --test fleet -- --ignored --test-threads 1`).
#[path = "../common/binaries.rs"]
mod binaries;
mod cluster;
mod history;
mod moves;
mod one_view;
mod under_load;
