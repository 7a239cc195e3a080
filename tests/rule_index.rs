//! The rule index in `docs/rules/`: every rule ID (`AR-`, `IM-`, `DW-`,
//! `SM-`, `MC-`) has a line there with its statement and source, plus two columns
//! this test generates: the files under `src/` (the server's and every
//! other workspace member's), `data/` and `proto/` that cite the ID, and the
//! test files (`tests/`, the members' `tests/`, and `#[cfg(test)]` modules
//! in the sources) that cite it.
//!
//! The test fails, with the stale IDs named, when a generated column is out
//! of date, when code or docs cite an ID `docs/rules/` does not list, or
//! when a file of the repository names a path outside it. Refresh the
//! columns with:
//!
//! ```sh
//! UPDATE_RULE_INDEX=1 cargo test --test rule_index
//! ```
//!
//! and `cargo test --test rule_index -- --nocapture` prints the IDs that
//! have code but no test and those with neither. No dependency: the ID
//! scanner below is written by hand.
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The rule sets and the prefix of their IDs.
const PREFIXES: [&str; 5] = ["AR", "IM", "DW", "SM", "MC"];
/// The index files under `docs/rules/`, one per rule set.
const INDEX_FILES: [&str; 5] = [
    "war-for-arrakis.md",
    "imperium.md",
    "desert-war.md",
    "smugglers.md",
    "competition.md",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` (relative to the repository root), sorted, as
/// (path with `/` separators, text); files that are not UTF-8 are skipped.
fn files_under(dir: &str) -> Vec<(String, String)> {
    fn walk(base: &Path, p: &Path, out: &mut Vec<(String, String)>) {
        let Ok(entries) = fs::read_dir(p) else {
            return;
        };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for e in entries {
            if e.is_dir() {
                walk(base, &e, out);
            } else if let Ok(text) = fs::read_to_string(&e) {
                let rel = e.strip_prefix(base).expect("under the root");
                let rel = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                out.push((rel, text));
            }
        }
    }
    let base = root();
    let mut out = Vec::new();
    walk(&base, &base.join(dir), &mut out);
    out
}

/// A rule ID: prefix, topic, number (`AR-MOVE-05`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct RuleId {
    prefix: String,
    topic: String,
    number: u32,
    /// The number as written (keeps its leading zeros).
    width: usize,
}

impl RuleId {
    fn text(&self) -> String {
        format!(
            "{}-{}-{:0w$}",
            self.prefix,
            self.topic,
            self.number,
            w = self.width
        )
    }
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Parses an ID at `i` (which must be a word start): `XX-TOPIC-NN` with a
/// known prefix, followed by a non-word character. Returns it and its end.
fn id_at(b: &[u8], i: usize) -> Option<(RuleId, usize)> {
    if i > 0 && is_word(b[i - 1]) {
        return None;
    }
    let prefix = PREFIXES
        .iter()
        .find(|p| b[i..].starts_with(p.as_bytes()) && b.get(i + 2) == Some(&b'-'))?;
    let mut j = i + 3;
    let t0 = j;
    while j < b.len() && b[j].is_ascii_uppercase() {
        j += 1;
    }
    if j == t0 || b.get(j) != Some(&b'-') {
        return None;
    }
    let topic = String::from_utf8_lossy(&b[t0..j]).into_owned();
    j += 1;
    let n0 = j;
    while j < b.len() && b[j].is_ascii_digit() {
        j += 1;
    }
    if j == n0 || (j < b.len() && is_word(b[j])) {
        return None;
    }
    let number = std::str::from_utf8(&b[n0..j]).ok()?.parse().ok()?;
    let id = RuleId {
        prefix: prefix.to_string(),
        topic,
        number,
        width: j - n0,
    };
    Some((id, j))
}

/// After an ID ending at `j`: a range end written as ` to XX-TOPIC-NN`,
/// `..XX-TOPIC-NN`, ` to -NN`, `..NN` or `..-NN`. Returns its number and
/// where it ends.
fn range_end(b: &[u8], j: usize, first: &RuleId) -> Option<(u32, usize)> {
    let rest = &b[j..];
    let k = if rest.starts_with(b" to ") {
        j + 4
    } else if rest.starts_with(b"..") {
        j + 2
    } else {
        return None;
    };
    if let Some((end, e)) = id_at(b, k) {
        return (end.prefix == first.prefix && end.topic == first.topic).then_some((end.number, e));
    }
    let k = if b.get(k) == Some(&b'-') { k + 1 } else { k };
    let mut e = k;
    while e < b.len() && b[e].is_ascii_digit() {
        e += 1;
    }
    if e == k || (e < b.len() && is_word(b[e])) {
        return None;
    }
    Some((std::str::from_utf8(&b[k..e]).ok()?.parse().ok()?, e))
}

/// Every rule ID a text cites, with its 1-based line, ranges expanded
/// ("AR-MOVE-16 to AR-MOVE-23" cites the 8 of them).
fn cited(text: &str) -> Vec<(RuleId, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\n' {
            line += 1;
            i += 1;
            continue;
        }
        let Some((id, j)) = id_at(b, i) else {
            i += 1;
            continue;
        };
        match range_end(b, j, &id) {
            Some((end, e)) if end > id.number && end - id.number <= 60 => {
                for n in id.number..=end {
                    out.push((
                        RuleId {
                            number: n,
                            ..id.clone()
                        },
                        line,
                    ));
                }
                i = e;
            }
            _ => {
                out.push((id, line));
                i = j;
            }
        }
    }
    out
}

/// The part of a `src/` file that is test code: from the first
/// `#[cfg(test)]` line on (test modules sit at the end of their file).
fn split_test_part(text: &str) -> (&str, &str, usize) {
    match text.find("#[cfg(test)]") {
        Some(at) => {
            let lines_before = text[..at].matches('\n').count();
            (&text[..at], &text[at..], lines_before)
        }
        None => (text, "", 0),
    }
}

#[derive(Default)]
struct Citations {
    /// ID text -> files of code that cite it.
    code: BTreeMap<String, BTreeSet<String>>,
    /// ID text -> test files that cite it.
    tests: BTreeMap<String, BTreeSet<String>>,
    /// Every citation, for the unknown-ID check: (ID, file, line).
    all: Vec<(String, String, usize)>,
}

fn scan() -> Citations {
    let mut c = Citations::default();
    let add = |text: &str, path: &str, line0: usize, test: bool, c: &mut Citations| {
        for (id, line) in cited(text) {
            let t = id.text();
            let map = if test { &mut c.tests } else { &mut c.code };
            map.entry(t.clone()).or_default().insert(path.to_string());
            c.all.push((t, path.to_string(), line0 + line));
        }
    };
    // The server crate, the rules engine's crate (`melange-rules/`) and
    // the tools' crates.
    let sources = [
        "src",
        "melange-rules/src",
        "melange-load/src",
        "melange-arena/src",
    ]
    .into_iter()
    .flat_map(files_under);
    for (path, text) in sources {
        let (code, test, lines_before) = split_test_part(&text);
        add(code, &path, 0, false, &mut c);
        add(test, &path, lines_before, true, &mut c);
    }
    for dir in ["data", "proto"] {
        for (path, text) in files_under(dir) {
            add(&text, &path, 0, false, &mut c);
        }
    }
    let tests = ["tests", "melange-load/tests", "melange-arena/tests"]
        .into_iter()
        .flat_map(files_under);
    for (path, text) in tests {
        // The fixtures hold hashes; this file's own examples are no citations.
        if path.ends_with(".playouts") || path == "tests/rule_index.rs" {
            continue;
        }
        add(&text, &path, 0, true, &mut c);
    }
    c
}

/// A line of an index table: `| `ID` | rule | source | code | tests |`.
fn row_id(line: &str) -> Option<String> {
    let rest = line.strip_prefix("| `")?;
    let end = rest.find('`')?;
    let id = &rest[..end];
    let (parsed, len) = id_at(id.as_bytes(), 0)?;
    (len == id.len()).then(|| parsed.text())
}

fn cell(files: Option<&BTreeSet<String>>) -> String {
    files
        .map(|s| {
            s.iter()
                .map(|f| format!("`{f}`"))
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

/// Rewrites the two generated columns of every row of `text`. Returns the
/// new text, the IDs whose columns changed and every ID listed (in order).
fn regenerate(text: &str, c: &Citations) -> (String, Vec<String>, Vec<String>) {
    let mut out = String::new();
    let mut changed = Vec::new();
    let mut listed = Vec::new();
    for line in text.lines() {
        let Some(id) = row_id(line) else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        listed.push(id.clone());
        let inner = line
            .strip_prefix("| ")
            .and_then(|l| l.strip_suffix('|'))
            .unwrap_or_else(|| panic!("docs/rules: malformed row for {id}: {line}"));
        let cells: Vec<&str> = inner.split(" | ").collect();
        assert!(
            cells.len() >= 3,
            "docs/rules: the row of {id} needs at least ID, rule and source cells: {line}"
        );
        let mut new = String::new();
        for part in [
            cells[0].trim().to_string(),
            cells[1].trim().to_string(),
            cells[2].trim().to_string(),
            cell(c.code.get(&id)),
            cell(c.tests.get(&id)),
        ] {
            if part.is_empty() {
                new.push_str("| ");
            } else {
                new.push_str(&format!("| {part} "));
            }
        }
        new.push('|');
        if new != line {
            changed.push(id);
        }
        out.push_str(&new);
        out.push('\n');
    }
    (out, changed, listed)
}

#[test]
fn rule_index_is_current() {
    let c = scan();
    let update = std::env::var_os("UPDATE_RULE_INDEX").is_some();
    let mut known = BTreeSet::new();
    let mut problems = Vec::new();
    let mut by_set: Vec<(String, Vec<String>)> = Vec::new();
    for name in INDEX_FILES {
        let path = root().join("docs/rules").join(name);
        let text = fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("docs/rules/{name} cannot be read: {e}"));
        let (new, changed, listed) = regenerate(&text, &c);
        for id in &listed {
            if !known.insert(id.clone()) {
                problems.push(format!("docs/rules/{name} lists {id} twice"));
            }
        }
        if !changed.is_empty() {
            if update {
                fs::write(&path, &new).expect("write the rule index");
            } else {
                let shown: Vec<_> = changed.iter().take(15).cloned().collect();
                problems.push(format!(
                    "docs/rules/{name}: the generated code/tests columns of {} rule(s) are stale \
                     ({}{})",
                    changed.len(),
                    shown.join(", "),
                    if changed.len() > shown.len() {
                        ", ..."
                    } else {
                        ""
                    }
                ));
            }
        }
        by_set.push((name.to_string(), listed));
    }

    // Every ID cited anywhere (code, tests, data, the decisions) is listed.
    let mut unknown: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let decisions = root().join("docs/rules-decisions.md");
    let decisions = fs::read_to_string(decisions).unwrap_or_default();
    let doc_cites = cited(&decisions)
        .into_iter()
        .map(|(id, line)| (id.text(), "docs/rules-decisions.md".to_string(), line));
    for (id, file, line) in c.all.iter().cloned().chain(doc_cites) {
        if !known.contains(&id) {
            unknown
                .entry(id)
                .or_default()
                .push(format!("{file}:{line}"));
        }
    }
    for (id, places) in &unknown {
        problems.push(format!(
            "{id} is cited in {} but docs/rules/ does not list it",
            places.join(", ")
        ));
    }

    // The report: IDs with code but no test, and with neither.
    for (name, listed) in &by_set {
        let untested: Vec<_> = listed
            .iter()
            .filter(|id| c.code.contains_key(*id) && !c.tests.contains_key(*id))
            .cloned()
            .collect();
        let neither: Vec<_> = listed
            .iter()
            .filter(|id| !c.code.contains_key(*id) && !c.tests.contains_key(*id))
            .cloned()
            .collect();
        println!(
            "{name}: {} rules; code but no test ({}): {}; neither code nor test ({}): {}",
            listed.len(),
            untested.len(),
            untested.join(" "),
            neither.len(),
            neither.join(" ")
        );
    }

    assert!(
        problems.is_empty(),
        "the rule index in docs/rules/ is out of date:\n  {}\n\
         Refresh the generated columns with `UPDATE_RULE_INDEX=1 cargo test --test rule_index`; \
         an ID that is not listed needs its line (statement and source) written by hand.",
        problems.join("\n  ")
    );
}

/// Names of files that live outside the repository and must not be cited
/// (the project's rules texts, research notes and working folders). Built
/// from pieces so that this file does not match itself.
fn outside_names(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for fixed in [
        ["..", "/shared"].concat(),
        ["/work", "/shared"].concat(),
        ["shared", "/data/"].concat(),
        ["shared", "/rules"].concat(),
        ["shared", "/DESIGN"].concat(),
        ["-core", ".txt"].concat(),
        ["wiki-ko", ".txt"].concat(),
        ["-desert-war", ".txt"].concat(),
        ["-smugglers", ".txt"].concat(),
    ] {
        if text.contains(&fixed) {
            found.push(fixed);
        }
    }
    // `answers-<name>.md` and `checklist-<name>.md`.
    for stem in [["ans", "wers-"].concat(), ["check", "list-"].concat()] {
        let mut from = 0;
        while let Some(at) = text[from..].find(&stem) {
            let start = from + at + stem.len();
            let name_len = text[start..]
                .bytes()
                .take_while(|b| b.is_ascii_lowercase() || *b == b'-' || *b == b'*')
                .count();
            if name_len > 0 && text[start + name_len..].starts_with(".md") {
                found.push(format!("{stem}{}.md", &text[start..start + name_len]));
            }
            from = start;
        }
    }
    found
}

#[test]
fn repository_names_no_path_outside_it() {
    let mut files = Vec::new();
    for dir in [
        "src",
        "melange-rules",
        "melange-load",
        "melange-arena",
        "tests",
        "data",
        "docs",
        "proto",
        "benches",
        "examples",
    ] {
        files.extend(files_under(dir));
    }
    for single in ["README.md", "Cargo.toml", "build.rs", "Dockerfile"] {
        if let Ok(text) = fs::read_to_string(root().join(single)) {
            files.push((single.to_string(), text));
        }
    }
    let mut problems = Vec::new();
    for (path, text) in &files {
        for (n, line) in text.lines().enumerate() {
            for name in outside_names(line) {
                problems.push(format!("{path}:{}: names `{name}`", n + 1));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "files of the repository name paths outside it; say it in the project's own words and \
         point to docs/rules/ or docs/rules-decisions.md instead:\n  {}",
        problems.join("\n  ")
    );
}

#[test]
fn scanner_reads_ids_and_ranges() {
    let ids = |t: &str| -> Vec<String> { cited(t).into_iter().map(|(i, _)| i.text()).collect() };
    assert_eq!(ids("see AR-MOVE-05."), ["AR-MOVE-05"]);
    assert_eq!(
        ids("XAR-MOVE-05 AR-MOVE-05a AR-OPT-NN"),
        Vec::<String>::new()
    );
    assert_eq!(
        ids("AR-HAZ-39 to AR-HAZ-41"),
        ["AR-HAZ-39", "AR-HAZ-40", "AR-HAZ-41"]
    );
    assert_eq!(
        ids("IM-MELANGE-02..05"),
        [
            "IM-MELANGE-02",
            "IM-MELANGE-03",
            "IM-MELANGE-04",
            "IM-MELANGE-05"
        ]
    );
    assert_eq!(
        ids("AR-PRESC-16 to -18, DW-ROUNDEND-01"),
        [
            "AR-PRESC-16",
            "AR-PRESC-17",
            "AR-PRESC-18",
            "DW-ROUNDEND-01"
        ]
    );
    assert_eq!(
        ids("IM-HAGAL-04..IM-SOLO-07"),
        ["IM-HAGAL-04", "IM-SOLO-07"]
    );
    assert_eq!(
        outside_names(&["see ", "answers", "-imperium.md"].concat()),
        [["answers", "-imperium.md"].concat()]
    );
    assert!(outside_names("the server answers-ok and checks").is_empty());
}
