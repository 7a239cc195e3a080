//! Golden playouts: the perft files of this project.
//!
//! For 200 seeds of every configuration (Imperium with 1 to 4 players and
//! War for Arrakis, each with the default rules and the `published`
//! preset, and War for Arrakis with the Desert War expansion),
//! `tests/fixtures/<config>.playouts` holds one line per game: the
//! seed, the number of decisions, the winners, a digest of the game every
//! 100 decisions and at the end, and the result's reason. The games are
//! played by a fixed seeded policy that prefers acting over stopping, so
//! they end.
//!
//! The digest hashes what the contract shows, not the engine's internal
//! types: every seat's and the spectator's encoded view, and the set of
//! legal actions (encoded, with their labels) of the seat to act. The
//! policy also picks from the legal actions sorted by their encoding. So a
//! change that only reshapes code (renames a field, splits a file, reorders
//! how legal actions are listed) leaves every fixture byte-identical, and a
//! change that alters any game names the seeds, and the 100-decision
//! window, where it first differs.
//!
//! Regenerate after a deliberate rules change, and say in the commit which
//! rule changed which games:
//!
//! ```sh
//! GOLDEN_UPDATE=1 cargo test --test golden
//! ```
use std::fmt::Write as _;
use std::path::PathBuf;

use melange::api::WireRules;
use melange::pb;
use melange::rules::arrakis::{self, Arrakis, ArrakisOptions};
use melange::rules::core::{Seat, Viewer};
use melange::rules::imperium::{self, Imperium, ImperiumOptions};
use prost::Message;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};

/// Games per configuration.
const SEEDS: u64 = 200;
/// A digest every this many decisions.
const CHECKPOINT_EVERY: usize = 100;
/// A game still running after this many decisions is recorded as
/// unfinished (none is today; the cap keeps a broken rule from hanging).
const DECISION_CAP: usize = 200_000;
/// Keeps the policy's choices apart from the game's own generator.
const POLICY_SALT: u64 = 0x0060_1de2_9a7e;

/// One configuration: its fixture name and how to play one of its games.
struct Config {
    name: &'static str,
    play: fn(u64) -> String,
}

fn configs() -> Vec<Config> {
    fn imperium(players: u8, preset: imperium::Preset) -> ImperiumOptions {
        ImperiumOptions {
            preset,
            ..ImperiumOptions::players(players)
        }
    }
    fn arrakis(preset: arrakis::Preset) -> ArrakisOptions {
        ArrakisOptions {
            preset,
            ..ArrakisOptions::default()
        }
    }
    use arrakis::Preset as AP;
    use imperium::Preset as IP;
    vec![
        Config {
            name: "imperium-1p-default",
            play: |s| play_line::<Imperium>(&imperium(1, IP::Default), s, imperium_pass),
        },
        Config {
            name: "imperium-1p-published",
            play: |s| play_line::<Imperium>(&imperium(1, IP::Published), s, imperium_pass),
        },
        Config {
            name: "imperium-2p-default",
            play: |s| play_line::<Imperium>(&imperium(2, IP::Default), s, imperium_pass),
        },
        Config {
            name: "imperium-2p-published",
            play: |s| play_line::<Imperium>(&imperium(2, IP::Published), s, imperium_pass),
        },
        Config {
            name: "imperium-3p-default",
            play: |s| play_line::<Imperium>(&imperium(3, IP::Default), s, imperium_pass),
        },
        Config {
            name: "imperium-3p-published",
            play: |s| play_line::<Imperium>(&imperium(3, IP::Published), s, imperium_pass),
        },
        Config {
            name: "imperium-4p-default",
            play: |s| play_line::<Imperium>(&imperium(4, IP::Default), s, imperium_pass),
        },
        Config {
            name: "imperium-4p-published",
            play: |s| play_line::<Imperium>(&imperium(4, IP::Published), s, imperium_pass),
        },
        Config {
            name: "arrakis-default",
            play: |s| play_line::<Arrakis>(&arrakis(AP::Default), s, arrakis_done),
        },
        Config {
            name: "arrakis-published",
            play: |s| play_line::<Arrakis>(&arrakis(AP::Published), s, arrakis_done),
        },
        Config {
            name: "arrakis-desert-war",
            play: |s| {
                let options = ArrakisOptions {
                    desert_war: true,
                    ..arrakis(AP::Default)
                };
                play_line::<Arrakis>(&options, s, arrakis_done)
            },
        },
        Config {
            name: "arrakis-smugglers",
            play: |s| {
                let options = ArrakisOptions {
                    smugglers: true,
                    ..arrakis(AP::Default)
                };
                play_line::<Arrakis>(&options, s, arrakis_done)
            },
        },
        Config {
            name: "arrakis-smugglers-desert-war",
            play: |s| {
                let options = ArrakisOptions {
                    smugglers: true,
                    desert_war: true,
                    ..arrakis(AP::Default)
                };
                play_line::<Arrakis>(&options, s, arrakis_done)
            },
        },
    ]
}

/// Imperium's "stop here": pass, decline, done.
fn imperium_pass(action: &imperium::Action) -> bool {
    *action == imperium::Action::Pass
}

/// War for Arrakis's "stop here" (effects are never mandatory).
fn arrakis_done(action: &arrakis::Action) -> bool {
    *action == arrakis::Action::Done
}

/// Plays one game with the fixed policy and returns its fixture line.
fn play_line<R: WireRules>(
    options: &R::Options,
    seed: u64,
    is_stop: fn(&R::Action) -> bool,
) -> String {
    let mut game = R::setup(options, seed).expect("the fixture's options are valid");
    let mut policy = ChaCha8Rng::seed_from_u64(seed ^ POLICY_SALT);
    let mut checkpoints = Vec::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut decisions = 0;
    while let Some(seat) = game.to_act() {
        if decisions == DECISION_CAP {
            break;
        }
        legal.clear();
        game.legal_actions(seat, &mut legal);
        let mut choices: Vec<(Vec<u8>, &R::Action)> = legal
            .iter()
            .filter(|action| !is_stop(action))
            .map(|action| (R::action_to_pb(action).encode_to_vec(), action))
            .collect();
        if choices.is_empty() {
            choices = legal
                .iter()
                .map(|action| (R::action_to_pb(action).encode_to_vec(), action))
                .collect();
        }
        assert!(
            !choices.is_empty(),
            "seed {seed}: seat {seat} to act with no legal action"
        );
        choices.sort_by(|a, b| a.0.cmp(&b.0));
        let (_, action) = &choices[policy.random_range(0..choices.len())];
        let action = (*action).clone();
        events.clear();
        game.apply(seat, &action, &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}: a legal action was refused: {e}"));
        decisions += 1;
        if decisions % CHECKPOINT_EVERY == 0 {
            checkpoints.push(digest(&game));
        }
    }
    let (winners, reason) = match game.result() {
        Some(result) => (
            result
                .winners
                .iter()
                .map(|s| s.0.to_string())
                .collect::<Vec<_>>()
                .join("+"),
            result.reason,
        ),
        None => ("unfinished".to_owned(), String::new()),
    };
    let winners = if winners.is_empty() {
        "rivals".to_owned()
    } else {
        winners
    };
    format!(
        "{seed} decisions={decisions} winners={winners} end={} every100={} reason={reason}",
        digest(&game),
        checkpoints.join(",")
    )
}

/// A digest of everything the contract shows of `game` at this point.
fn digest<R: WireRules>(game: &R) -> String {
    let mut hasher = Sha256::new();
    let viewers = std::iter::once(Viewer::Spectator)
        .chain((0..game.seat_count()).map(|n| Viewer::Seat(Seat(n as u8))));
    for viewer in viewers {
        let view = pb::View {
            game: game.view_to_pb(game.view(viewer)),
            ..Default::default()
        };
        let bytes = view.encode_to_vec();
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
    }
    if let Some(seat) = game.to_act() {
        hasher.update([seat.0]);
        let mut legal = Vec::new();
        game.legal_actions(seat, &mut legal);
        let mut shown: Vec<Vec<u8>> = legal
            .iter()
            .map(|action| {
                pb::LegalAction {
                    action: Some(R::action_to_pb(action)),
                    label: game.label(action),
                }
                .encode_to_vec()
            })
            .collect();
        shown.sort();
        for bytes in shown {
            hasher.update((bytes.len() as u64).to_le_bytes());
            hasher.update(&bytes);
        }
    }
    if let Some(result) = game.result() {
        hasher.update(result.reason.as_bytes());
    }
    hasher.finalize()[..6]
        .iter()
        .fold(String::new(), |mut hex, byte| {
            let _ = write!(hex, "{byte:02x}");
            hex
        })
}

fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{name}.playouts"))
}

/// Where two fixture lines first differ, in words.
fn difference(expected: &str, actual: &str) -> String {
    let field = |line: &str, key: &str| {
        line.split(' ')
            .find_map(|f| f.strip_prefix(key))
            .unwrap_or("")
            .to_owned()
    };
    let (old, new) = (field(expected, "every100="), field(actual, "every100="));
    let window = old
        .split(',')
        .zip(new.split(','))
        .position(|(a, b)| a != b)
        .map(|n| {
            format!(
                "first differs at or before decision {}",
                (n + 1) * CHECKPOINT_EVERY
            )
        })
        .unwrap_or_else(|| "differs after the last checkpoint".to_owned());
    format!("{window}\n  expected: {expected}\n  actual:   {actual}")
}

fn check_config(config: &Config) -> Result<(), String> {
    let lines: Vec<String> = (0..SEEDS).map(config.play).collect();
    let mut text = String::new();
    for line in &lines {
        text.push_str(line);
        text.push('\n');
    }
    let path = fixture_path(config.name);
    if std::env::var_os("GOLDEN_UPDATE").is_some() {
        std::fs::create_dir_all(path.parent().expect("a fixtures folder"))
            .expect("create tests/fixtures");
        std::fs::write(&path, text).expect("write the fixture");
        return Ok(());
    }
    let expected = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "{}: {e}; run `GOLDEN_UPDATE=1 cargo test --test golden`",
            path.display()
        )
    })?;
    let expected: Vec<&str> = expected.lines().collect();
    let mut changed = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let old = expected.get(n).copied().unwrap_or("(missing)");
        if old != line {
            changed.push(format!("seed {}: {}", n, difference(old, line)));
        }
    }
    if expected.len() != lines.len() {
        changed.push(format!(
            "{} lines expected, {} played",
            expected.len(),
            lines.len()
        ));
    }
    if changed.is_empty() {
        return Ok(());
    }
    let shown = changed.len().min(3);
    Err(format!(
        "{}: {} of {} games changed; the first {shown}:\n{}\nIf a rule changed on purpose, regenerate with \
         `GOLDEN_UPDATE=1 cargo test --test golden` and say in the commit which rule changed which games.",
        config.name,
        changed.len(),
        SEEDS,
        changed[..shown].join("\n")
    ))
}

/// Runs each configuration on its own thread (they are independent) and
/// reports every configuration that changed.
fn check(names: &[&str]) {
    let configs = configs();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = configs
            .iter()
            .filter(|config| names.iter().any(|n| config.name.starts_with(n)))
            .map(|config| scope.spawn(move || check_config(config)))
            .collect();
        handles
            .into_iter()
            .filter_map(|handle| handle.join().expect("a golden thread panicked").err())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn imperium_games_match_their_golden_playouts() {
    check(&["imperium-"]);
}

#[test]
fn arrakis_games_match_their_golden_playouts() {
    check(&["arrakis-"]);
}
