//! The README is the newcomer's guide and `docs/` holds the rest, so both
//! are checked like code: their fenced blocks are balanced, the binaries,
//! examples, benches, tests, flags and RPCs their commands name exist, their
//! relative links lead to files (and headings) of the repository, and they
//! name no path outside it. The README's configuration table is the
//! server's flags, its test command is the one `.ci/run` runs (locked), it
//! links every page of `docs/`, and `docs/development.md`'s CI commands are
//! the ones `.ci/run` runs.
use std::{
    collections::BTreeMap,
    fs,
    path::{Component, Path, PathBuf},
    process::Command,
};

#[path = "common/binaries.rs"]
mod binaries;

const README: &str = include_str!("../README.md");
const DEVELOPMENT: &str = include_str!("../docs/development.md");
const CI: &str = include_str!("../.ci/run");
const CARGO_TOML: &str = include_str!("../Cargo.toml");
/// The workspace's members with binaries, benches or tests of their own,
/// besides the server crate: the folder and its manifest.
const TOOLS: [(&str, &str); 2] = [
    ("melange-load", include_str!("../melange-load/Cargo.toml")),
    ("melange-arena", include_str!("../melange-arena/Cargo.toml")),
];
const PROTO: &str = include_str!("../proto/melange/v1/game_service.proto");
const QUICKSTART: &str = include_str!("../src/bin/melange-quickstart.rs");

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The checked documents as (path in the repository, text): the README,
/// then every Markdown file under `docs/`, in path order.
fn documents() -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut pending = vec![root().join("docs")];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == "md") {
                found.push(path);
            }
        }
    }
    found.sort();
    let mut documents = vec![("README.md".to_owned(), README.to_owned())];
    for path in found {
        let name = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        documents.push((name, fs::read_to_string(&path).unwrap()));
    }
    documents
}

/// One fenced block: its info string (language), first line number, lines.
struct Block {
    lang: String,
    line: usize,
    lines: Vec<String>,
}

/// Splits a document into fenced blocks, failing on an unclosed block or a
/// closing fence with text after it (which Markdown does not take as a
/// close, so everything after it would render inside the block).
fn blocks(text: &str) -> Result<Vec<Block>, String> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim_start();
        let fence = trimmed.starts_with("```");
        match open.take() {
            None if fence => {
                let lang = trimmed.trim_start_matches('`').trim();
                if lang.contains('`') {
                    return Err(format!("line {number}: a fence inside a line: {line:?}"));
                }
                open = Some(Block {
                    lang: lang.to_owned(),
                    line: number,
                    lines: Vec::new(),
                });
            }
            None => {}
            Some(block) if fence => {
                let rest = trimmed.trim_start_matches('`');
                if !rest.trim().is_empty() {
                    return Err(format!(
                        "line {number}: text after a closing fence does not close the block \
                         opened on line {}: {line:?}",
                        block.line
                    ));
                }
                blocks.push(block);
            }
            Some(mut block) => {
                block.lines.push(line.to_owned());
                open = Some(block);
            }
        }
    }
    match open {
        Some(block) => Err(format!(
            "the block opened on line {} never closes",
            block.line
        )),
        None => Ok(blocks),
    }
}

/// The shell commands of every `sh` block of `text`: continuation lines
/// joined, comments and a trailing `&` dropped, and commands chained with
/// `&&`, `||`, `|` or `;` taken one by one.
fn commands(text: &str) -> Vec<String> {
    let mut commands = Vec::new();
    for block in blocks(text).unwrap() {
        if block.lang != "sh" {
            continue;
        }
        let mut pending = String::new();
        for line in &block.lines {
            let line = match line.find(" #") {
                Some(at) => &line[..at],
                None if line.trim_start().starts_with('#') => "",
                None => line,
            };
            let line = line.trim_end();
            if let Some(start) = line.strip_suffix('\\') {
                pending.push_str(start);
                pending.push(' ');
                continue;
            }
            pending.push_str(line);
            let mut parts = vec![pending.clone()];
            for separator in [" && ", " || ", " | ", "; "] {
                parts = parts
                    .iter()
                    .flat_map(|part| part.split(separator).map(str::to_owned))
                    .collect();
            }
            for part in parts {
                let command = part.trim().trim_end_matches(['&', '|']).trim().to_owned();
                if !command.is_empty() {
                    commands.push(command);
                }
            }
            pending.clear();
        }
    }
    commands
}

/// The words of a command without its leading `NAME=value` assignments.
fn words(command: &str) -> Vec<&str> {
    command
        .split_whitespace()
        .skip_while(|word| {
            word.split_once('=').is_some_and(|(name, _)| {
                !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            })
        })
        .collect()
}

/// Every command of every document, with the document's path.
fn all_commands() -> Vec<(String, String)> {
    documents()
        .into_iter()
        .flat_map(|(name, text)| {
            commands(&text)
                .into_iter()
                .map(move |command| (name.clone(), command))
        })
        .collect()
}

/// A table's rows under the README section `heading`, as cells.
fn table(heading: &str) -> Vec<Vec<String>> {
    let start = README
        .find(&format!("\n## {heading}\n"))
        .unwrap_or_else(|| panic!("a README section {heading:?}"));
    let section = &README[start + 1..];
    let section = &section[..section[3..]
        .find("\n## ")
        .map_or(section.len(), |end| end + 3)];
    section
        .lines()
        .filter(|line| line.starts_with('|') && !line.starts_with("| ---"))
        .skip(1)
        .map(|line| {
            line.trim_matches('|')
                .split('|')
                .map(|cell| cell.trim().trim_matches('`').to_owned())
                .collect()
        })
        .collect()
}

/// `[[bin]]` or `[[bench]]` names in the workspace's Cargo.toml files.
fn targets(kind: &str) -> Vec<String> {
    let header = format!("[[{kind}]]");
    std::iter::once(CARGO_TOML)
        .chain(TOOLS.iter().map(|(_, manifest)| *manifest))
        .flat_map(|manifest| manifest.split(header.as_str()).skip(1))
        .filter_map(|section| {
            let name = section
                .lines()
                .find(|l| l.trim_start().starts_with("name"))?;
            Some(name.split('"').nth(1)?.to_owned())
        })
        .collect()
}

/// One flag of a binary as its `--help` shows it.
#[derive(Debug, Default, PartialEq)]
struct Flag {
    env: Option<String>,
    default: Option<String>,
}

/// Runs a binary (or one of its subcommands) with `--help` and reads its
/// long flags, their environment variables and their defaults.
fn flags(binary: &str, subcommand: &[&str]) -> BTreeMap<String, Flag> {
    let output = Command::new(binary)
        .args(subcommand)
        .arg("--help")
        .output()
        .unwrap();
    assert!(output.status.success(), "{binary} {subcommand:?} --help");
    let help = String::from_utf8(output.stdout).unwrap();
    let mut flags = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in help.lines().map(str::trim) {
        let long = line
            .split_whitespace()
            .find(|word| word.starts_with("--"))
            .filter(|_| line.starts_with('-'));
        if let Some(long) = long {
            let name = long.trim_end_matches(',').to_owned();
            flags.insert(name.clone(), Flag::default());
            current = Some(name);
        }
        let Some(flag) = current.as_ref().and_then(|name| flags.get_mut(name)) else {
            continue;
        };
        for (key, value) in bracketed(line) {
            match key {
                // clap prints `[env: NAME=]`, or `NAME=value` when set.
                "env" => flag.env = value.split('=').next().map(str::to_owned),
                "default" => flag.default = Some(value.to_owned()),
                _ => {}
            }
        }
    }
    flags
}

/// The `[key: value]` annotations of a help line.
fn bracketed(line: &str) -> Vec<(&str, &str)> {
    line.split('[')
        .skip(1)
        .filter_map(|part| {
            let inside = part.split(']').next()?;
            let (key, value) = inside.split_once(": ")?;
            Some((key, value))
        })
        .map(|(key, value)| (key, value.trim()))
        .collect()
}

fn binary_path(name: &str) -> String {
    let path = match name {
        "melange" => env!("CARGO_BIN_EXE_melange").into(),
        "melange-load" | "melange-arena" => binaries::workspace_binary(name),
        other => panic!("a document runs binary {other:?}, which no Cargo.toml declares"),
    };
    path.to_string_lossy().into_owned()
}

/// Checks the arguments a command passes to one of the package's binaries:
/// the quickstart client's positional arguments, or every other binary's
/// long flags (those of its subcommand, if it names one).
fn check_program_args(command: &str, bin: &str, program_args: &[&str]) {
    if bin == "melange-quickstart" {
        // The client's positional arguments: an endpoint, then a kind it
        // knows.
        for arg in program_args {
            assert!(
                arg.starts_with("http://") || QUICKSTART.contains(&format!("\"{arg}\"")),
                "{command}: the quickstart client does not take {arg:?}"
            );
        }
        return;
    }
    // `melange-arena ladder --games ...`: the subcommand's flags.
    let subcommand: Vec<&str> = program_args
        .iter()
        .take_while(|arg| !arg.starts_with('-'))
        .copied()
        .collect();
    let known = flags(&binary_path(bin), &subcommand);
    // `[--attack KIND]` shows an optional flag.
    for arg in program_args
        .iter()
        .map(|arg| arg.trim_matches(['[', ']']))
        .filter(|arg| arg.starts_with("--"))
    {
        let name = arg.split('=').next().unwrap();
        assert!(
            known.contains_key(name),
            "{command}: {bin} has no flag {name}"
        );
    }
}

/// Links in a document outside its fenced blocks: (line number, target).
fn links(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut fenced = false;
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        for link in line.split("](").skip(1) {
            let target = link.split(')').next().unwrap();
            found.push((index + 1, target.to_owned()));
        }
    }
    found
}

/// The anchors GitHub makes of a document's headings: lower case, spaces
/// to hyphens, other punctuation dropped, `-1`, `-2`, ... for repeats.
fn anchors(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut seen = BTreeMap::<String, usize>::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        if fenced {
            continue;
        }
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let slug: String = heading
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let repeats = seen.entry(slug.clone()).or_default();
        found.push(if *repeats == 0 {
            slug
        } else {
            format!("{slug}-{repeats}")
        });
        *repeats += 1;
    }
    found
}

/// `document`'s relative link `path` as a path in the repository, or
/// `None` when it leads outside it.
fn resolve(document: &str, path: &str) -> Option<PathBuf> {
    let mut resolved = PathBuf::new();
    let base = Path::new(document).parent().unwrap_or(Path::new(""));
    for component in base.join(path).components() {
        match component {
            Component::Normal(part) => resolved.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                if !resolved.pop() {
                    return None;
                }
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(resolved)
}

#[test]
fn fenced_blocks_are_balanced() {
    let readme = blocks(README).unwrap();
    assert!(readme.len() >= 5, "{} blocks", readme.len());
    for (name, text) in documents() {
        let found = blocks(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        for block in found {
            assert!(
                !block.lang.is_empty(),
                "{name}: the block opened on line {} names no language",
                block.line
            );
        }
    }
    // The checker itself catches the mistake it is here for.
    assert!(blocks("```text\nout\n``` Any gRPC tool works too\n").is_err());
    assert!(blocks("```sh\ncargo test\n").is_err());
}

#[test]
fn commands_name_targets_binaries_and_flags_that_exist() {
    let bins = targets("bin");
    let benches = targets("bench");
    let default_run = CARGO_TOML
        .lines()
        .find_map(|line| line.strip_prefix("default-run = "))
        .map(|name| name.trim_matches('"').to_owned())
        .expect("a default-run binary");
    let mut checked = BTreeMap::<String, usize>::new();
    for (document, raw) in all_commands() {
        let command = format!("{document}: {raw}");
        let words = words(&raw);
        let Some(&first) = words.first() else {
            continue;
        };
        // A binary of the package run from its build: `target/release/melange
        // --flag ...`, or by name once installed.
        let built = first
            .strip_prefix("target/release/")
            .or_else(|| first.strip_prefix("target/debug/"));
        if let Some(bin) = built.or_else(|| bins.iter().any(|b| b == first).then_some(first)) {
            assert!(bins.iter().any(|b| b == bin), "{command}: no binary {bin}");
            check_program_args(&command, bin, &words[1..]);
            *checked.entry(document).or_default() += 1;
            continue;
        }
        if first != "cargo" {
            continue;
        }
        *checked.entry(document).or_default() += 1;
        let (cargo_args, program_args) = match words.iter().position(|w| *w == "--") {
            Some(at) => (&words[..at], &words[at + 1..]),
            None => (&words[..], &[][..]),
        };
        let values = |flag: &str| -> Vec<&str> {
            cargo_args
                .iter()
                .enumerate()
                .filter(|(_, word)| **word == flag)
                .filter_map(|(at, _)| cargo_args.get(at + 1).copied())
                .collect()
        };
        for bench in values("--bench") {
            assert!(
                benches.iter().any(|b| b == bench),
                "{command}: no bench {bench}"
            );
        }
        for test in values("--test") {
            let mut packages = std::iter::once(".").chain(TOOLS.iter().map(|(folder, _)| *folder));
            assert!(
                packages.any(|folder| {
                    root()
                        .join(folder)
                        .join(format!("tests/{test}.rs"))
                        .exists()
                        || root()
                            .join(folder)
                            .join(format!("tests/{test}/main.rs"))
                            .exists()
                }),
                "{command}: no test {test}"
            );
        }
        for example in values("--example") {
            assert!(
                Path::new(&format!("examples/{example}.rs")).exists(),
                "{command}: no example {example}"
            );
        }
        for bin in values("--bin") {
            assert!(bins.iter().any(|b| b == bin), "{command}: no binary {bin}");
        }
        if cargo_args.get(1) != Some(&"run") || !values("--example").is_empty() {
            continue;
        }
        let bin = values("--bin")
            .first()
            .map_or(default_run.clone(), |bin| (*bin).to_owned());
        check_program_args(&command, &bin, program_args);
    }
    // The README's own commands, and those of the pages they moved to.
    let count = |document: &str| checked.get(document).copied().unwrap_or(0);
    assert!(count("README.md") >= 4, "{checked:?}");
    for document in [
        "docs/performance.md",
        "docs/competitions.md",
        "docs/development.md",
        "docs/deployment.md",
        "docs/viewer.md",
        "docs/quickstart.md",
    ] {
        assert!(count(document) >= 1, "no command checked in {document}");
    }
    let total: usize = checked.values().sum();
    assert!(total >= 40, "only {total} commands checked: {checked:?}");
}

#[test]
fn grpcurl_commands_call_rpcs_that_exist() {
    let mut checked = 0;
    for (document, command) in all_commands() {
        if !command.starts_with("grpcurl ") {
            continue;
        }
        for word in command.split_whitespace() {
            if let Some(method) = word.strip_prefix("melange.v1.GameService/") {
                assert!(
                    PROTO.contains(&format!("rpc {method}(")),
                    "{document}: {command}: GameService has no {method}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 5, "only {checked} grpcurl calls found");
}

#[test]
fn configuration_table_is_the_servers_flags() {
    let mut server = flags(env!("CARGO_BIN_EXE_melange"), &[]);
    server.remove("--help");
    server.remove("--version");
    let table: BTreeMap<String, Flag> = table("Configuration")
        .into_iter()
        .map(|row| {
            let default = Some(row[2].clone()).filter(|d| d != "unset");
            (
                row[0].clone(),
                Flag {
                    env: Some(row[1].clone()),
                    default,
                },
            )
        })
        .collect();
    assert_eq!(table, server);
}

#[test]
fn the_two_commands_are_the_server_and_the_test_suite_ci_runs() {
    let start = README
        .find("\n## The two commands\n")
        .expect("a section The two commands");
    let block = blocks(&README[start..]).unwrap().remove(0);
    assert_eq!(block.lang, "sh");
    let two = commands(&format!("```sh\n{}\n```\n", block.lines.join("\n")));
    assert_eq!(two, ["cargo run --release", "cargo test --release"]);
    // CI runs the same test command, with the locked versions.
    let locked = format!("run {} --locked", two[1]);
    assert!(
        CI.lines().any(|line| line.trim() == locked),
        ".ci/run does not run `{locked}`"
    );
}

#[test]
fn no_document_names_a_path_outside_the_repository() {
    for (name, text) in documents() {
        for (index, line) in text.lines().enumerate() {
            // Relative link targets are checked on their own below (they
            // may climb out of docs/, never out of the repository).
            let mut rest = line.to_owned();
            while let Some(at) = rest.find("](") {
                let end = rest[at..].find(')').map_or(rest.len(), |end| at + end);
                rest.replace_range(at..end, "]");
            }
            assert!(
                !rest.contains("../") && !rest.contains("/work/"),
                "{name} line {}: {line}",
                index + 1
            );
        }
    }
}

#[test]
fn relative_links_lead_to_files_and_headings_of_the_repository() {
    let documents = documents();
    let mut checked = 0;
    for (name, text) in &documents {
        for (line, target) in links(text) {
            if target.starts_with("http://")
                || target.starts_with("https://")
                || target.starts_with("mailto:")
            {
                continue;
            }
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = if path.is_empty() {
                PathBuf::from(name)
            } else {
                resolve(name, path).unwrap_or_else(|| {
                    panic!("{name} line {line}: a link to {target}, outside the repository")
                })
            };
            assert!(
                root().join(&file).exists(),
                "{name} line {line}: a link to {target}, not in the repository"
            );
            checked += 1;
            if anchor.is_empty() || file.extension().is_none_or(|ext| ext != "md") {
                continue;
            }
            let linked = fs::read_to_string(root().join(&file)).unwrap();
            assert!(
                anchors(&linked).iter().any(|a| a == anchor),
                "{name} line {line}: {} has no heading #{anchor}",
                file.display()
            );
        }
    }
    assert!(checked >= 100, "only {checked} relative links found");
    // The checkers themselves.
    assert_eq!(
        anchors(
            "# A page\n## The journal's cost\n```sh\n# no heading\n```\n## Search: `search`\n## Search: `search`\n"
        ),
        [
            "a-page",
            "the-journals-cost",
            "search-search",
            "search-search-1"
        ]
    );
    assert_eq!(
        resolve("docs/x.md", "../README.md"),
        Some(PathBuf::from("README.md"))
    );
    assert_eq!(resolve("docs/x.md", "../../etc"), None);
}

#[test]
fn the_readme_links_every_page_of_docs() {
    for entry in fs::read_dir(root().join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|ext| ext != "md") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy();
        assert!(
            README.contains(&format!("](docs/{name})")),
            "the README does not link docs/{name}"
        );
    }
}

#[test]
fn the_development_commands_are_what_ci_runs() {
    let ci: Vec<String> = CI
        .lines()
        .filter_map(|line| line.trim().strip_prefix("run "))
        .map(str::to_owned)
        .collect();
    let start = DEVELOPMENT
        .find("\n## What CI runs\n")
        .expect("a section What CI runs in docs/development.md");
    let block = blocks(&DEVELOPMENT[start..]).unwrap().remove(0);
    assert_eq!(block.lang, "sh");
    assert_eq!(block.lines, ci);
    // fmt, clippy and the README's test command, then scripts of .ci/ (the
    // viewer's browser test), the release soak last.
    assert!(ci.len() >= 4, "{ci:?}");
    assert!(ci[..3].iter().all(|c| c.starts_with("cargo ")), "{ci:?}");
    assert_eq!(ci.last().map(String::as_str), Some(".ci/soak"), "{ci:?}");
    for script in &ci[3..] {
        assert!(
            script.starts_with(".ci/"),
            "{script:?} is not a .ci/ script"
        );
        let path = root().join(script);
        assert!(path.is_file(), "{} is missing", path.display());
    }
}
