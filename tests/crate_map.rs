//! The crate maps tell the truth: every source folder of the server crate
//! (`src/lib.rs`), of the rules crate (`melange-rules/src/lib.rs`) and of
//! the tools' crates (`melange-load/src/lib.rs`, `melange-arena/src/lib.rs`)
//! is named in its crate's map or its parent module's documentation, the
//! files of the layers the server's map describes file by file are all
//! named, and every file it names exists. A new folder or file fails here
//! until the map says where it fits.
use std::{
    collections::BTreeSet,
    path::{Path, PathBuf},
};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The rules crate's sources.
fn rules_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("melange-rules/src")
}

/// The server crate's map: `src/lib.rs`'s inner doc comment.
fn crate_map() -> String {
    crate_doc(&src())
}

/// A crate's map: its `lib.rs`'s inner doc comment.
fn crate_doc(root: &Path) -> String {
    std::fs::read_to_string(root.join("lib.rs"))
        .unwrap()
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every folder under `dir`, relative to `root`.
fn folders_of(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            let relative = path.strip_prefix(root).unwrap();
            out.push(relative.to_string_lossy().replace('\\', "/"));
            folders_of(root, &path, out);
        }
    }
}

/// Every folder under `dir`, relative to `src/`.
fn folders(dir: &Path, out: &mut Vec<String>) {
    folders_of(&src(), dir, out);
}

/// The inner doc comment of the module a folder of the crate at `root`
/// belongs to: `lib.rs` for the crate's own folders, else the parent
/// folder's `mod.rs`.
fn module_doc(root: &Path, parent: &str) -> String {
    let file = if parent.is_empty() {
        root.join("lib.rs")
    } else {
        root.join(parent).join("mod.rs")
    };
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The folders of the crate at `root` that neither its map nor their
/// parent module's documentation names.
fn unnamed_folders(root: &Path) -> Vec<String> {
    let mut all = Vec::new();
    folders_of(root, root, &mut all);
    let map = crate_doc(root);
    let mut missing = Vec::new();
    for folder in &all {
        let (parent, name) = folder.rsplit_once('/').unwrap_or(("", folder.as_str()));
        let docs = [module_doc(root, parent), map.clone()];
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
    missing
}

#[test]
fn every_source_folder_is_on_the_crate_map() {
    // The crate map names the crate's folders and the layers' own folders;
    // deeper down, each module's documentation names its folders.
    let missing = unnamed_folders(&src());
    assert!(
        missing.is_empty(),
        "no module documentation names these source folders (src/lib.rs's crate \
         map, or the parent folder's mod.rs): {missing:?}"
    );
}

#[test]
fn every_folder_of_the_rules_crate_is_on_its_map() {
    // The rules crate's map (`melange-rules/src/lib.rs`) names the games'
    // folders; each game's module documentation lists its own folders.
    let missing = unnamed_folders(&rules_src());
    assert!(
        missing.is_empty(),
        "no module documentation names these folders of the rules crate \
         (melange-rules/src/lib.rs, or the parent folder's mod.rs): {missing:?}"
    );
    // The server crate's map says where the rules went.
    assert!(crate_map().contains("`melange-rules/`"));
}

#[test]
fn every_folder_of_the_tool_crates_is_on_its_map() {
    // The tools that are clients of a server are crates of their own; each
    // crate's documentation maps its folders, and the server crate's map
    // says where they went.
    for tool in ["melange-load", "melange-arena"] {
        let missing =
            unnamed_folders(&Path::new(env!("CARGO_MANIFEST_DIR")).join(tool).join("src"));
        assert!(
            missing.is_empty(),
            "no module documentation names these folders of {tool} ({tool}/src/lib.rs, or the \
             parent folder's mod.rs): {missing:?}"
        );
        assert!(crate_map().contains(&format!("`{tool}/`")), "{tool}");
    }
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
