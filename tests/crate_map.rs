//! The crate map in `src/lib.rs` tells the truth: every source folder is
//! named in it (the rules' own folders in the rules module's layout), the
//! files of the layers it describes file by file are all named, and every
//! file it names exists. A new folder or file fails here until the map
//! says where it fits.
use std::{
    collections::BTreeSet,
    path::{Path, PathBuf},
};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The crate map: `src/lib.rs`'s inner doc comment.
fn crate_map() -> String {
    std::fs::read_to_string(src().join("lib.rs"))
        .unwrap()
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every folder under `dir`, relative to `src/`.
fn folders(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            let relative = path.strip_prefix(src()).unwrap();
            out.push(relative.to_string_lossy().replace('\\', "/"));
            folders(&path, out);
        }
    }
}

/// The inner doc comment of the module a folder belongs to: `lib.rs` for
/// the crate's own folders, else the parent folder's `mod.rs`.
fn module_doc(parent: &str) -> String {
    let file = if parent.is_empty() {
        src().join("lib.rs")
    } else {
        src().join(parent).join("mod.rs")
    };
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_source_folder_is_on_the_crate_map() {
    // The crate map names the crate's folders and the layers' own folders;
    // deeper down, each module's documentation names its folders (the
    // rules games list their files there).
    let mut all = Vec::new();
    folders(&src(), &mut all);
    let mut missing = Vec::new();
    for folder in &all {
        let (parent, name) = folder.rsplit_once('/').unwrap_or(("", folder.as_str()));
        let docs = [module_doc(parent), crate_map()];
        let named = docs.iter().any(|doc| {
            doc.contains(&format!("`{name}/`"))
                || doc.contains(&format!("`{folder}/`"))
                || doc.contains(&format!("[`{name}`]"))
                || doc.contains(&format!("`{name}/<"))
        });
        if !named {
            missing.push(folder.clone());
        }
    }
    assert!(
        missing.is_empty(),
        "no module documentation names these source folders (src/lib.rs's crate \
         map, or the parent folder's mod.rs): {missing:?}"
    );
}

#[test]
fn every_file_of_the_mapped_layers_is_named_and_every_named_file_exists() {
    let map = crate_map();
    let mut missing = Vec::new();
    for layer in ["server", "api", "matches", "store"] {
        for entry in std::fs::read_dir(src().join(layer)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if path.is_file() && name != "mod.rs" && !map.contains(&format!("`{name}`")) {
                missing.push(format!("{layer}/{name}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "src/lib.rs's crate map does not name these files: {missing:?}"
    );
    // Every `name.rs` the map names is a file of the crate.
    let mut files = BTreeSet::new();
    let mut all = vec![String::new()];
    folders(&src(), &mut all);
    for folder in &all {
        for entry in std::fs::read_dir(src().join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                files.insert(path.file_name().unwrap().to_string_lossy().into_owned());
            }
        }
    }
    let named: Vec<&str> = map
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|quoted| quoted.ends_with(".rs"))
        .map(|quoted| quoted.rsplit('/').next().unwrap())
        .collect();
    let gone: Vec<&&str> = named
        .iter()
        .filter(|name| !files.contains(**name))
        .collect();
    assert!(
        gone.is_empty(),
        "the crate map names files that do not exist: {gone:?}"
    );
}
