//! Where another package's binary is, for a test: Cargo names a test's own
//! package's binaries (`CARGO_BIN_EXE_<name>`), but not those of the
//! workspace's other members. The server's tests run melange-load and
//! melange-arena, and melange-arena's tests run the server, so they look
//! the binary up here. Included by path (`#[path]`) by every test crate
//! that needs it, in this workspace and in its tool crates.
//!
//! `cargo test` at the workspace root builds every member's binaries (each
//! member has integration tests, for which Cargo builds its package's
//! binaries) into the profile folder the test executables run from, so the
//! binary is found next to the test's `deps/` folder. An environment
//! variable, `MELANGE_BIN`, `MELANGE_LOAD_BIN` or `MELANGE_ARENA_BIN` (the
//! binary's name in capitals with `_BIN`), names another build instead:
//! `.ci/fleet` points the fleet's tests at release binaries that way.
use std::path::PathBuf;

/// The workspace's binary `name` (`melange`, `melange-load`,
/// `melange-arena`): the path its environment variable names, else the
/// binary built in the running test's own profile folder. Panics, saying
/// how to build it, when there is none.
pub fn workspace_binary(name: &str) -> PathBuf {
    let variable = format!("{}_BIN", name.to_uppercase().replace('-', "_"));
    if let Some(path) = std::env::var_os(&variable) {
        return PathBuf::from(path);
    }
    // A test runs as target/<profile>/deps/<test>-<hash>.
    let test = std::env::current_exe().expect("the test executable's path");
    let profile = test
        .parent()
        .and_then(|deps| deps.parent())
        .expect("a test executable in target/<profile>/deps/");
    let binary = profile.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.is_file(),
        "this test runs the binary {name}, which is not built in {}: run the tests from the \
         workspace root (`cargo test` builds every member's binaries), or build it first with \
         `cargo build --bin {name}` in the same profile as the tests (`--release` if they run \
         with it), or set {variable} to its path",
        profile.display()
    );
    binary
}
