//! Errors become gRPC statuses in one place (`src/api/status.rs`,
//! `into_status`): the network face (`src/server/`) and the wire layer
//! (`src/api/`) build every status they answer with from a `MatchError`,
//! so that one code means one thing across every call and every message
//! goes through the same length cap. A `Status::invalid_argument(..)` (or
//! any other direct constructor) anywhere else in those folders fails here.
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

/// The direct constructors of `tonic::Status`, one per code, and the
/// generic ones.
const CONSTRUCTORS: &[&str] = &[
    "new",
    "with_details",
    "with_error_details",
    "cancelled",
    "unknown",
    "invalid_argument",
    "deadline_exceeded",
    "not_found",
    "already_exists",
    "permission_denied",
    "resource_exhausted",
    "failed_precondition",
    "aborted",
    "out_of_range",
    "unimplemented",
    "internal",
    "unavailable",
    "data_loss",
    "unauthenticated",
];

#[test]
fn the_server_and_the_wire_layer_build_statuses_only_through_the_one_mapping() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/server"), &mut files);
    rust_files(&root.join("src/api"), &mut files);
    let mapping = root.join("src/api/status.rs");
    let mut found = Vec::new();
    for file in files.iter().filter(|file| **file != mapping) {
        let text = std::fs::read_to_string(file).unwrap();
        for (number, line) in text.lines().enumerate() {
            for constructor in CONSTRUCTORS {
                if line.contains(&format!("Status::{constructor}(")) {
                    let relative = file.strip_prefix(root).unwrap().display();
                    found.push(format!("{relative}:{}: {}", number + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "build these statuses from a MatchError (Status::from(MatchError::..)), \
         mapped once in src/api/status.rs:\n{}",
        found.join("\n")
    );
}

/// The check above would pass on an empty folder: it must see the files
/// that answer calls.
#[test]
fn the_check_reads_the_server_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/server"), &mut files);
    assert!(files.iter().any(|file| file.ends_with("game_service.rs")));
    let text = std::fs::read_to_string(root.join("src/server/game_service.rs")).unwrap();
    assert!(text.contains("Status::from(MatchError::"));
}
