//! The README is the newcomer's only guide, so it is checked like code: its
//! fenced blocks are balanced, the binaries, examples, benches, tests, flags
//! and RPCs its commands name exist, its configuration table is the server's
//! flags, it names no path outside the repository, and its development
//! commands are the ones `.ci/run` runs.
use std::{collections::BTreeMap, path::Path, process::Command};

const README: &str = include_str!("../README.md");
const CI: &str = include_str!("../.ci/run");
const CARGO_TOML: &str = include_str!("../Cargo.toml");
const PROTO: &str = include_str!("../proto/melange/v1/game_service.proto");
const QUICKSTART: &str = include_str!("../src/bin/melange-quickstart.rs");

/// One fenced block: its info string (language), first line number, lines.
struct Block {
    lang: String,
    line: usize,
    lines: Vec<String>,
}

/// Splits the README into fenced blocks, failing on an unclosed block or a
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

/// The shell commands of every `sh` block: continuation lines joined,
/// comments and a trailing `&` dropped.
fn commands() -> Vec<String> {
    let mut commands = Vec::new();
    for block in blocks(README).unwrap() {
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
            let command = pending.trim().trim_end_matches('&').trim().to_owned();
            if !command.is_empty() {
                commands.push(command);
            }
            pending.clear();
        }
    }
    commands
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

/// `[[bin]]` or `[[bench]]` names in Cargo.toml.
fn targets(kind: &str) -> Vec<String> {
    CARGO_TOML
        .split(&format!("[[{kind}]]"))
        .skip(1)
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

fn binary_path(name: &str) -> &'static str {
    match name {
        "melange" => env!("CARGO_BIN_EXE_melange"),
        "melange-load" => env!("CARGO_BIN_EXE_melange-load"),
        "melange-arena" => env!("CARGO_BIN_EXE_melange-arena"),
        other => panic!("the README runs binary {other:?}, which Cargo.toml does not declare"),
    }
}

#[test]
fn fenced_blocks_are_balanced() {
    let found = blocks(README).unwrap();
    assert!(found.len() >= 5, "{} blocks", found.len());
    assert!(found.iter().all(|block| !block.lang.is_empty()));
    // The checker itself catches the mistake it is here for.
    assert!(blocks("```text\nout\n``` Any gRPC tool works too\n").is_err());
    assert!(blocks("```sh\ncargo test\n").is_err());
}

#[test]
fn cargo_commands_name_targets_and_flags_that_exist() {
    let bins = targets("bin");
    let benches = targets("bench");
    let default_run = CARGO_TOML
        .lines()
        .find_map(|line| line.strip_prefix("default-run = "))
        .map(|name| name.trim_matches('"').to_owned())
        .expect("a default-run binary");
    let mut checked = 0;
    for command in commands() {
        let words: Vec<&str> = command.split_whitespace().collect();
        if words.first() != Some(&"cargo") {
            continue;
        }
        checked += 1;
        let (cargo_args, program_args) = match words.iter().position(|w| *w == "--") {
            Some(at) => (&words[..at], &words[at + 1..]),
            None => (&words[..], &[][..]),
        };
        let value = |flag: &str| {
            cargo_args
                .iter()
                .position(|w| *w == flag)
                .map(|at| cargo_args[at + 1])
        };
        if let Some(bench) = value("--bench") {
            assert!(
                benches.iter().any(|b| b == bench),
                "{command}: no bench {bench}"
            );
        }
        if let Some(test) = value("--test") {
            assert!(
                Path::new(&format!("tests/{test}.rs")).exists()
                    || Path::new(&format!("tests/{test}/main.rs")).exists(),
                "{command}: no test {test}"
            );
        }
        if cargo_args.get(1) != Some(&"run") {
            continue;
        }
        let bin = value("--bin").map_or(default_run.clone(), str::to_owned);
        assert!(bins.contains(&bin), "{command}: no binary {bin}");
        if bin == "melange-quickstart" {
            // The client's positional arguments: an endpoint, then a kind
            // it knows.
            for arg in program_args {
                assert!(
                    arg.starts_with("http://") || QUICKSTART.contains(&format!("\"{arg}\"")),
                    "{command}: the quickstart client does not take {arg:?}"
                );
            }
            continue;
        }
        // `melange-arena ladder --games ...`: the subcommand's flags.
        let subcommand: Vec<&str> = program_args
            .iter()
            .take_while(|arg| !arg.starts_with('-'))
            .copied()
            .collect();
        let known = flags(binary_path(&bin), &subcommand);
        for arg in program_args.iter().filter(|arg| arg.starts_with("--")) {
            let name = arg.split('=').next().unwrap();
            assert!(
                known.contains_key(name),
                "{command}: {bin} has no flag {name}"
            );
        }
    }
    assert!(checked >= 8, "only {checked} cargo commands found");
}

#[test]
fn grpcurl_commands_call_rpcs_that_exist() {
    let mut checked = 0;
    for command in commands().iter().filter(|c| c.starts_with("grpcurl ")) {
        for word in command.split_whitespace() {
            if let Some(method) = word.strip_prefix("melange.v1.GameService/") {
                assert!(
                    PROTO.contains(&format!("rpc {method}(")),
                    "{command}: GameService has no {method}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 2, "only {checked} grpcurl calls found");
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
fn the_readme_names_no_path_outside_the_repository() {
    for (index, line) in README.lines().enumerate() {
        assert!(
            !line.contains("../") && !line.contains("/work/"),
            "line {}: {line}",
            index + 1
        );
    }
    // Every relative link points at a file of the repository.
    for link in README.split("](").skip(1) {
        let target = link.split(')').next().unwrap();
        if target.starts_with("http") {
            continue;
        }
        let path = target.split('#').next().unwrap();
        assert!(
            Path::new(path).exists(),
            "a link to {target}, not in the repository"
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
    let start = README
        .find("\n## Development\n")
        .expect("a Development section");
    let block = blocks(&README[start..]).unwrap().remove(0);
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
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(script);
        assert!(path.is_file(), "{} is missing", path.display());
    }
}
