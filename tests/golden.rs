//! Golden playouts: the perft files of this project.
//!
//! For 200 seeds of every configuration (Imperium with 1 to 4 players and
//! War for Arrakis, each with the default rules and the `published`
//! preset, and War for Arrakis with each set of expansions),
//! `tests/fixtures/<config>.playouts` holds one block per game: a header
//! (the seed, the number of decisions, the winners and the result's
//! reason), then a line every 100 decisions and one at the end. Each line
//! holds two digests and a short readable record of the public state
//! (round, phase, scores, cards in hand, units on the board), so a diff of
//! a fixture says what a change did to the games. The games are played by a
//! fixed seeded policy that prefers acting over stopping, so they end.
//!
//! The digests hash what the contract shows, not the engine's internal
//! types: `state=` every seat's and the spectator's encoded view (and the
//! seat to act), `legal=` the legal actions (encoded, with their labels)
//! of the seat to act, kept apart so that a new convenience action reads
//! as one, not as a rule change. The policy also picks from the legal
//! actions sorted by their encoding. So a change that only reshapes code
//! (renames a field, splits a file, reorders how legal actions are listed)
//! leaves every fixture byte-identical, and a change that alters any game
//! names the seeds and the first checkpoint where each differs, with its
//! readable record before and after.
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

/// Plays one game with the fixed policy and returns its fixture block:
/// a header line, then one line per checkpoint and one for the end.
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
            checkpoints.push(checkpoint(&decisions.to_string(), &game));
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
    let mut block =
        format!("seed {seed}: decisions={decisions} winners={winners} reason={reason}\n");
    for line in checkpoints {
        block.push_str(&line);
    }
    block.push_str(&checkpoint("end", &game));
    block
}

/// One checkpoint line: where (`at`: a decision count or `end`), the two
/// digests, and a short readable record of the public state.
fn checkpoint<R: WireRules>(at: &str, game: &R) -> String {
    let spectator = pb::View {
        game: game.view_to_pb(game.view(Viewer::Spectator)),
        ..Default::default()
    };
    format!(
        "  {at} state={} legal={} | {}\n",
        state_digest(game),
        legal_digest(game),
        record(&spectator)
    )
}

/// A digest of every view the contract shows of `game` at this point (every
/// seat's and the spectator's), the seat to act and the result's reason.
fn state_digest<R: WireRules>(game: &R) -> String {
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
    }
    if let Some(result) = game.result() {
        hasher.update(result.reason.as_bytes());
    }
    hex(&hasher.finalize()[..6])
}

/// A digest of the legal actions (encoded, with their labels, sorted) of
/// the seat to act, apart from the state's: a new convenience action shows
/// here first, while the state is still the same. `-` when no seat acts.
fn legal_digest<R: WireRules>(game: &R) -> String {
    let Some(seat) = game.to_act() else {
        return "-".to_owned();
    };
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
    let mut hasher = Sha256::new();
    hasher.update([seat.0]);
    for bytes in shown {
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
    }
    hex(&hasher.finalize()[..4])
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut hex, byte| {
        let _ = write!(hex, "{byte:02x}");
        hex
    })
}

/// A short readable record of the spectator's view, so a fixture diff says
/// what a change did to the games: the round and phase, the scores, the
/// cards in hand and the units on the board.
fn record(view: &pb::View) -> String {
    match &view.game {
        Some(pb::view::Game::Arrakis(v)) => {
            let units = |faction: &str| -> u32 {
                v.areas
                    .iter()
                    .flat_map(|a| &a.forces)
                    .filter(|f| f.faction == faction)
                    .map(|f| f.regular + f.elite + f.special + f.smuggler)
                    .sum()
            };
            let tokens: u32 = v.areas.iter().map(|a| a.tokens).sum();
            let leaders = |faction: &str| -> u32 {
                v.areas
                    .iter()
                    .flat_map(|a| &a.forces)
                    .filter(|f| f.faction == faction)
                    .map(|f| f.generic_leaders + f.leaders.len() as u32)
                    .sum()
            };
            let hands: Vec<String> = v.houses.iter().map(|h| h.hand_size.to_string()).collect();
            let prescience: Vec<String> = v.prescience.iter().map(|p| p.step.to_string()).collect();
            format!(
                "round {} {} supremacy {} prescience {} hands {} units H {}+{}L A {}+{}t+{}L",
                v.round,
                v.phase,
                v.supremacy,
                prescience.join("/"),
                hands.join("/"),
                units("harkonnen"),
                leaders("harkonnen"),
                units("atreides"),
                tokens,
                leaders("atreides"),
            )
        }
        Some(pb::view::Game::Imperium(v)) => {
            let vp: Vec<String> = v
                .players
                .iter()
                .map(|p| p.vp.to_string())
                .chain(v.rivals.iter().map(|r| format!("r{}", r.vp)))
                .collect();
            let hands: Vec<String> = v.players.iter().map(|p| p.hand_count.to_string()).collect();
            let troops: Vec<String> = v
                .players
                .iter()
                .map(|p| format!("{}/{}", p.garrison, p.conflict))
                .collect();
            format!(
                "round {} {} vp {} hands {} troops {}",
                v.round,
                v.phase,
                vp.join(" "),
                hands.join(" "),
                troops.join(" ")
            )
        }
        _ => String::new(),
    }
}

fn fixture_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(format!("{name}.playouts"))
}

/// Where two games' blocks first differ, in words: the first checkpoint
/// line that differs, old and new, and whether only the legal actions
/// changed there (the state still the same).
fn difference(expected: &str, actual: &str) -> String {
    let (old, new): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    if old.first() != new.first() {
        return format!(
            "the result differs\n  expected: {}\n  actual:   {}",
            old.first().unwrap_or(&"(missing)"),
            new.first().unwrap_or(&"(missing)")
        );
    }
    let at = old
        .iter()
        .zip(&new)
        .skip(1)
        .position(|(a, b)| a != b)
        .map(|n| n + 1)
        .unwrap_or(old.len().min(new.len()));
    let (a, b) = (
        old.get(at).copied().unwrap_or("(missing)"),
        new.get(at).copied().unwrap_or("(missing)"),
    );
    let field = |line: &str, key: &str| {
        line.split(' ')
            .find_map(|f| f.strip_prefix(key))
            .unwrap_or("")
            .to_owned()
    };
    let what = if field(a, "state=") == field(b, "state=") {
        "only the legal actions differ (the state is the same)"
    } else {
        "the state differs"
    };
    format!(
        "first at checkpoint `{}`: {what}\n  expected: {a}\n  actual:   {b}",
        a.trim().split(' ').next().unwrap_or("")
    )
}

/// A fixture's text cut into one block per game (its header and its
/// checkpoint lines).
fn blocks(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("seed ") || out.is_empty() {
            out.push(String::new());
        }
        let block = out.last_mut().expect("a block");
        block.push_str(line);
        block.push('\n');
    }
    out
}

fn check_config(config: &Config) -> Result<(), String> {
    let games: Vec<String> = (0..SEEDS).map(config.play).collect();
    let text: String = games.concat();
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
    let expected = blocks(&expected);
    let mut changed = Vec::new();
    for (n, game) in games.iter().enumerate() {
        let old = expected.get(n).map(String::as_str).unwrap_or("(missing)\n");
        if old != game {
            changed.push(format!("seed {}: {}", n, difference(old, game)));
        }
    }
    if expected.len() != games.len() {
        changed.push(format!(
            "{} games expected, {} played",
            expected.len(),
            games.len()
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
