//! The log store on its own: games back after a reopen, a torn tail or a
//! damaged frame cut, a damaged record ending its game, sweeps and
//! deletes as tombstones, compaction, and an earlier build's redb store
//! moved in.
use std::{
    path::{Path, PathBuf},
    sync::atomic::{AtomicU64, Ordering},
    time::{Duration, Instant},
};

use super::{
    Embedded, FILE_NAME, compact,
    frame::{Frames, HEADER_LEN, Next},
    migrate,
    read::cut_path,
    writer::Tuning,
};
use crate::store::{
    ActionRecord, ClockRecord, FORMAT, FsyncPolicy, GameRecord, Journal, Op, Recovered, seal,
};

/// A fresh directory, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(label: &str) -> Dir {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let path = std::env::temp_dir().join(format!(
            "melange-log-{label}-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&path);
        Dir(path)
    }

    fn path(&self) -> &Path {
        &self.0
    }

    fn journal(&self) -> PathBuf {
        self.0.join(FILE_NAME)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn open(dir: &Dir) -> (Embedded, Recovered) {
    Embedded::open(dir.path(), FsyncPolicy::Always).unwrap()
}

fn record(seed: u64) -> Vec<u8> {
    seal(&GameRecord {
        format: FORMAT,
        kind: 1,
        seed,
        created_unix: 1_000,
        ..GameRecord::default()
    })
}

fn action(version: u64) -> ActionRecord {
    ActionRecord {
        note: String::new(),
        seat: (version % 4) as u32,
        action: None,
        state_hash: Some(version * 31),
        stand_in: None,
    }
}

fn actions(first: u64, count: u64) -> Vec<(u64, Vec<u8>)> {
    (first..first + count)
        .map(|version| (version, seal(&action(version))))
        .collect()
}

fn create(store: &Embedded, id: &str, count: u64, finished: Option<u64>) {
    store
        .write(vec![Op::Create {
            id: id.to_owned(),
            game: record(count),
            actions: actions(1, count),
            finished,
            self_driving: false,
        }])
        .unwrap();
}

fn append(store: &Embedded, id: &str, first: u64, count: u64, finished: Option<u64>) {
    store
        .write(vec![Op::Append {
            id: id.to_owned(),
            actions: actions(first, count),
            finished,
        }])
        .unwrap();
}

/// A game's clocks with `bank_ms` on seat 0.
fn clock(store: &Embedded, id: &str, bank_ms: i64) {
    store
        .write(vec![Op::Clock {
            id: id.to_owned(),
            record: seal(&clock_record(bank_ms)),
        }])
        .unwrap();
}

fn clock_record(bank_ms: i64) -> ClockRecord {
    ClockRecord {
        banks_ms: vec![bank_ms, -1],
        decided: vec![true, false],
        running_since_unix_ms: Some(1_000),
        thought_ms: vec![250, 0],
        began_unix_ms: Some(500),
    }
}

/// Each recovered game: id, actions kept, finishing time, damaged.
fn summary(recovered: &Recovered) -> Vec<(String, u64, Option<u64>, bool)> {
    recovered
        .games
        .iter()
        .map(|game| {
            for (index, kept) in game.actions.iter().enumerate() {
                assert_eq!(kept, &action(index as u64 + 1), "game {}", game.id);
            }
            (
                game.id.clone(),
                game.actions.len() as u64,
                game.finished_unix,
                game.damaged.is_some(),
            )
        })
        .collect()
}

fn game(
    id: &str,
    actions: u64,
    finished: Option<u64>,
    damaged: bool,
) -> (String, u64, Option<u64>, bool) {
    (id.to_owned(), actions, finished, damaged)
}

fn len(path: &Path) -> u64 {
    std::fs::metadata(path).unwrap().len()
}

/// Where each whole frame of the journal at `path` ends, the header first.
fn frame_ends(path: &Path) -> Vec<u64> {
    let bytes = std::fs::read(path).unwrap();
    let mut frames = Frames::new(
        &bytes[HEADER_LEN as usize..],
        HEADER_LEN,
        bytes.len() as u64,
    );
    let mut ends = vec![HEADER_LEN];
    while let Next::Frame(_) = frames.next().unwrap() {
        ends.push(frames.offset());
    }
    ends
}

fn trim_zeros(bytes: &[u8]) -> &[u8] {
    let end = bytes
        .iter()
        .rposition(|byte| *byte != 0)
        .map_or(0, |last| last + 1);
    &bytes[..end]
}

#[test]
fn games_come_back_after_a_reopen_and_go_on() {
    let dir = Dir::new("reopen");
    let (store, recovered) = open(&dir);
    assert!(recovered.games.is_empty());
    create(&store, "a", 3, None);
    create(&store, "b", 0, None);
    append(&store, "a", 4, 2, None);
    append(&store, "b", 1, 1, Some(77));
    // Several ops in one write are one group.
    store
        .write(vec![
            Op::Append {
                id: "a".into(),
                actions: actions(6, 1),
                finished: None,
            },
            Op::Create {
                id: "c".into(),
                game: record(1),
                actions: actions(1, 4),
                finished: Some(5),
                self_driving: true,
            },
        ])
        .unwrap();
    store.close();
    assert!(store.write(Vec::new()).is_err(), "closed");
    let (store, recovered) = open(&dir);
    assert_eq!(
        summary(&recovered),
        [
            game("a", 6, None, false),
            game("b", 1, Some(77), false),
            game("c", 4, Some(5), false)
        ]
    );
    assert_eq!(recovered.games[0].record.seed, 3);
    append(&store, "a", 7, 1, Some(9));
    store.close();
    let (_store, recovered) = open(&dir);
    assert_eq!(summary(&recovered)[0], game("a", 7, Some(9), false));
}

/// Issue 31, item 16: games come back in the order they were created
/// (the server lists them newest first from it), not in the order of their
/// ids.
#[test]
fn games_come_back_in_the_order_they_were_created() {
    let dir = Dir::new("order");
    let (store, _) = open(&dir);
    let ids = ["m", "z", "a", "q", "b"];
    for id in ids {
        create(&store, id, 1, None);
    }
    store.write(vec![Op::Delete { id: "q".into() }]).unwrap();
    store.close();
    let (store, recovered) = open(&dir);
    let order: Vec<&str> = recovered.games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(order, ["m", "z", "a", "b"]);
    create(&store, "c", 1, None);
    store.close();
    let (_store, recovered) = open(&dir);
    let order: Vec<&str> = recovered.games.iter().map(|g| g.id.as_str()).collect();
    assert_eq!(order, ["m", "z", "a", "b", "c"]);
}

#[test]
fn every_policy_keeps_what_was_written_across_a_reopen() {
    for policy in [FsyncPolicy::EveryMs(5), FsyncPolicy::Never] {
        let dir = Dir::new("policies");
        let (store, _) = Embedded::open(dir.path(), policy).unwrap();
        create(&store, "a", 2, None);
        std::thread::sleep(Duration::from_millis(10));
        append(&store, "a", 3, 2, None);
        store.write(Vec::new()).unwrap();
        append(&store, "a", 5, 1, None);
        if policy == FsyncPolicy::Never {
            store.close();
            let late = store.write(vec![Op::Delete { id: "a".into() }]);
            assert!(late.unwrap_err().to_string().contains("closed"));
        }
        // Dropped without a close: the drop closes.
        drop(store);
        let (_store, recovered) = open(&dir);
        assert_eq!(summary(&recovered), [game("a", 5, None, false)], "{policy}");
    }
}

#[test]
fn zeros_are_written_ahead_and_read_as_the_end_of_the_frames() {
    let dir = Dir::new("ahead");
    let (store, _) = open(&dir);
    create(&store, "a", 2, None);
    append(&store, "a", 3, 1, None);
    store.close();
    let ahead = Tuning::default().write_ahead_bytes;
    assert_eq!(len(&dir.journal()), ahead, "one block of zeros ahead");
    let ends = frame_ends(&dir.journal());
    assert_eq!(ends.len(), 3, "the header and two frames");
    let (store, recovered) = open(&dir);
    assert_eq!(summary(&recovered), [game("a", 3, None, false)]);
    assert!(!cut_path(dir.path()).exists(), "nothing was cut");
    // Appends overwrite the zeros, then write more ahead.
    let record = actions(4, 1)[0].1.len() as u64;
    append(&store, "a", 4, ahead / record, None);
    store.close();
    assert_eq!(len(&dir.journal()) % ahead, 0);
    assert!(len(&dir.journal()) > ahead);
    let (_store, recovered) = open(&dir);
    assert_eq!(summary(&recovered)[0].1, 3 + ahead / record);
}

#[test]
fn a_torn_tail_is_cut_and_kept_aside_and_the_games_go_on() {
    let dir = Dir::new("torn");
    let (store, _) = open(&dir);
    create(&store, "a", 2, None);
    append(&store, "a", 3, 5, None);
    store.close();
    let ends = frame_ends(&dir.journal());
    let (whole, full) = (ends[1], ends[2]);
    // A crash in the middle of the last write: anywhere in its frame, and
    // the rest of it missing (at the end of the file) or zeros (in space
    // written ahead).
    for keep in [whole + 1, whole + 11, (whole + full) / 2, full - 1] {
        for ahead in [false, true] {
            let torn = Dir::new("torn-copy");
            std::fs::create_dir_all(torn.path()).unwrap();
            let mut bytes = std::fs::read(dir.journal()).unwrap();
            if ahead {
                bytes[keep as usize..full as usize].fill(0);
            } else {
                bytes.truncate(keep as usize);
            }
            std::fs::write(torn.journal(), &bytes).unwrap();
            let (store, recovered) = open(&torn);
            assert_eq!(
                summary(&recovered),
                [game("a", 2, None, false)],
                "cut at {keep}"
            );
            assert_eq!(len(&torn.journal()), whole);
            assert_eq!(
                std::fs::read(cut_path(torn.path())).unwrap(),
                trim_zeros(&bytes[whole as usize..keep as usize])
            );
            // What follows is written after whole frames and read back.
            append(&store, "a", 3, 1, None);
            store.close();
            let (_store, recovered) = open(&torn);
            assert_eq!(summary(&recovered), [game("a", 3, None, false)]);
        }
    }
}

#[test]
fn bytes_after_a_zero_head_are_cut() {
    // A frame whose first bytes the disk lost (zeros) and whole frames
    // after it: nothing after may ever follow new frames, so all is cut.
    let dir = Dir::new("zero-head");
    let (store, _) = open(&dir);
    create(&store, "a", 2, None);
    append(&store, "a", 3, 1, None);
    append(&store, "a", 4, 1, None);
    store.close();
    let ends = frame_ends(&dir.journal());
    let mut bytes = std::fs::read(dir.journal()).unwrap();
    bytes[ends[1] as usize..ends[1] as usize + 12].fill(0);
    std::fs::write(dir.journal(), &bytes).unwrap();
    let (store, recovered) = open(&dir);
    assert_eq!(summary(&recovered), [game("a", 2, None, false)]);
    assert_eq!(len(&dir.journal()), ends[1]);
    append(&store, "a", 3, 1, None);
    store.close();
    let (_store, recovered) = open(&dir);
    assert_eq!(summary(&recovered), [game("a", 3, None, false)]);
}
#[test]
fn a_damaged_frame_ends_the_reading_there() {
    let dir = Dir::new("damaged-frame");
    let (store, _) = open(&dir);
    create(&store, "a", 2, None);
    create(&store, "b", 1, None);
    append(&store, "a", 3, 1, None);
    append(&store, "b", 2, 1, None);
    store.close();
    let before = frame_ends(&dir.journal())[2];
    let mut bytes = std::fs::read(dir.journal()).unwrap();
    bytes[before as usize + 20] ^= 0x01;
    std::fs::write(dir.journal(), &bytes).unwrap();
    let (_store, recovered) = open(&dir);
    // Nothing from the damaged frame on is believed, the other game's
    // later frame included.
    assert_eq!(
        summary(&recovered),
        [game("a", 2, None, false), game("b", 1, None, false)]
    );
    assert_eq!(len(&dir.journal()), before);
}

#[cfg(feature = "testkit")]
#[test]
fn a_damaged_record_ends_its_game_there_and_the_tail_is_cut() {
    let dir = Dir::new("damaged-record");
    let (store, _) = open(&dir);
    create(&store, "a", 5, None);
    let sealed = seal(&action(3));
    store
        .overwrite_action("a", 3, sealed[..sealed.len() / 2].to_vec())
        .unwrap();
    store.close();
    let (store, recovered) = open(&dir);
    assert_eq!(summary(&recovered), [game("a", 2, None, true)]);
    assert!(
        recovered.games[0]
            .damaged
            .as_ref()
            .unwrap()
            .contains("version 3")
    );
    // Cut at open: the next actions are not followed by stale ones.
    append(&store, "a", 3, 1, None);
    store.close();
    let (_store, recovered) = open(&dir);
    assert_eq!(summary(&recovered), [game("a", 3, None, false)]);
}

#[test]
fn deletes_and_sweeps_are_tombstones() {
    let dir = Dir::new("sweep");
    let (store, _) = open(&dir);
    create(&store, "old", 2, Some(100));
    create(&store, "recent", 2, Some(200));
    create(&store, "running", 2, None);
    create(&store, "idle", 1, None);
    append(&store, "running", 3, 1, None);
    store.write(vec![Op::Delete { id: "idle".into() }]).unwrap();
    assert_eq!(store.sweep_finished(150).unwrap(), ["old"]);
    assert!(store.sweep_finished(150).unwrap().is_empty(), "once");
    store.close();
    let (store, recovered) = open(&dir);
    assert_eq!(
        summary(&recovered),
        [
            game("recent", 2, Some(200), false),
            game("running", 3, None, false)
        ]
    );
    // Known again after the reopen.
    assert_eq!(store.sweep_finished(201).unwrap(), ["recent"]);
    store.close();
    let (_store, recovered) = open(&dir);
    assert_eq!(summary(&recovered), [game("running", 3, None, false)]);
}

#[test]
fn compaction_keeps_the_live_games_and_drops_the_dead_ones() {
    let dir = Dir::new("compact");
    let tuning = Tuning {
        compact_min_bytes: 16 << 10,
        compact_dead_percent: 50,
        write_ahead_bytes: 0,
    };
    let (store, _) = Embedded::open_tuned(dir.path(), FsyncPolicy::Never, tuning).unwrap();
    create(&store, "keep", 10, None);
    for round in 0..40 {
        let id = format!("gone-{round:02}");
        create(&store, &id, 100, Some(round));
        clock(&store, &id, 5);
        append(&store, "keep", 11 + round, 1, None);
        clock(&store, "keep", round as i64);
    }
    // Most of the file dead: the sweep's tombstones start a compaction,
    // and writes go on while it copies.
    let grown = len(&dir.journal());
    assert_eq!(store.sweep_finished(1_000).unwrap().len(), 40);
    let started = Instant::now();
    let mut version = 51;
    while len(&dir.journal()) >= grown {
        assert!(started.elapsed() < Duration::from_secs(20), "no compaction");
        append(&store, "keep", version, 1, None);
        version += 1;
        std::thread::sleep(Duration::from_millis(1));
    }
    // Named to sort before "keep": they come back in creation order.
    create(&store, "after", 3, None);
    assert!(!compact::temp_path(dir.path()).exists());
    store.close();
    let compacted = len(&dir.journal());
    assert!(compacted < grown / 2, "{compacted} of {grown}");
    let (_store, recovered) = open(&dir);
    assert_eq!(
        summary(&recovered),
        [
            game("keep", version - 1, None, false),
            game("after", 3, None, false)
        ]
    );
    assert_eq!(recovered.games[0].clock, Some(clock_record(39)));
    assert_eq!(recovered.games[1].clock, None);
}

/// MC-CLOCK-02: a game's clocks come back as the last batch left them,
/// and go with the game when it is deleted.
#[test]
fn the_last_clocks_written_come_back_after_a_reopen() {
    let dir = Dir::new("clocks");
    let (store, _) = open(&dir);
    create(&store, "a", 1, None);
    create(&store, "b", 1, None);
    clock(&store, "a", 30_000);
    append(&store, "a", 2, 1, None);
    clock(&store, "a", 29_500);
    clock(&store, "b", 7);
    store.write(vec![Op::Delete { id: "b".into() }]).unwrap();
    create(&store, "b", 2, None);
    store.close();
    let (_store, recovered) = open(&dir);
    assert_eq!(
        summary(&recovered),
        [game("a", 2, None, false), game("b", 2, None, false)]
    );
    assert_eq!(recovered.games[0].clock, Some(clock_record(29_500)));
    assert_eq!(recovered.games[1].clock, None, "a new game named b");
}

#[test]
fn a_file_that_is_not_a_journal_is_refused_and_left_alone() {
    let dir = Dir::new("foreign");
    std::fs::create_dir_all(dir.path()).unwrap();
    let foreign = b"SQLite format 3\0 and a lot more bytes after it";
    std::fs::write(dir.journal(), foreign).unwrap();
    let error = Embedded::open(dir.path(), FsyncPolicy::Always).unwrap_err();
    assert!(error.contains("not a melange journal"), "{error}");
    assert_eq!(std::fs::read(dir.journal()).unwrap(), foreign);
    // A header a crash cut short is a new journal.
    std::fs::write(dir.journal(), &super::frame::header()[..5]).unwrap();
    let (_store, recovered) = open(&dir);
    assert!(recovered.games.is_empty());
    assert_eq!(len(&dir.journal()), HEADER_LEN);
}

#[test]
fn an_earlier_builds_redb_store_is_moved_into_the_log() {
    let dir = Dir::new("redb");
    std::fs::create_dir_all(dir.path()).unwrap();
    let old = dir.path().join(migrate::REDB_FILE);
    {
        let db = redb::Database::create(&old).unwrap();
        let txn = db.begin_write().unwrap();
        {
            let mut games = txn.open_table(migrate::GAMES).unwrap();
            let mut kept = txn.open_table(migrate::ACTIONS).unwrap();
            let mut finished = txn.open_table(migrate::FINISHED).unwrap();
            for (id, count) in [("a", 3u64), ("b", 0)] {
                games.insert(id, record(count).as_slice()).unwrap();
                for (version, bytes) in actions(1, count) {
                    kept.insert((id, version), bytes.as_slice()).unwrap();
                }
            }
            // A missing version: recovery stops before it.
            kept.insert(("a", 5), seal(&action(5)).as_slice()).unwrap();
            finished.insert("b", 42).unwrap();
        }
        txn.commit().unwrap();
    }
    let (store, recovered) = open(&dir);
    assert_eq!(
        summary(&recovered),
        [game("a", 3, None, false), game("b", 0, Some(42), false)]
    );
    assert!(!old.exists());
    assert!(dir.path().join("melange.redb.migrated").exists());
    append(&store, "a", 4, 1, None);
    store.close();
    let (_store, recovered) = open(&dir);
    assert_eq!(summary(&recovered)[0], game("a", 4, None, false));
}

/// The process's CPU time (user and system), from /proc (Linux).
fn process_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    Duration::from_millis(ticks * 10)
}

/// The journal's cost per append, measured rather than checked: 32 tasks
/// on two workers each spin `WORK_US` (default 60) microseconds, as a call
/// would, then append one action, without and with the journal
/// (`FSYNC`, default always). `cargo test --release --lib journal_cost --
/// --ignored --nocapture`.
#[test]
#[ignore = "a measurement"]
fn journal_cost() {
    let policy: FsyncPolicy =
        std::env::var("FSYNC").map_or(FsyncPolicy::Always, |text| text.parse().unwrap());
    let work = Duration::from_micros(std::env::var("WORK_US").map_or(60, |us| us.parse().unwrap()));
    let per_task: u64 = 1500;
    for journaled in [false, true, false, true] {
        let dir = Dir::new("cost");
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(std::env::var("WORKERS").map_or(2, |n| n.parse().unwrap()))
            .enable_all()
            .build()
            .unwrap();
        let store = journaled
            .then(|| std::sync::Arc::new(crate::store::Store::open(dir.path(), policy).unwrap().0));
        let (cpu, started) = (process_cpu(), Instant::now());
        runtime.block_on(async {
            let mut tasks = Vec::new();
            for task in 0..32 {
                let store = store.clone();
                tasks.push(tokio::spawn(async move {
                    let id = format!("game-{task}");
                    let record = GameRecord {
                        format: FORMAT,
                        ..GameRecord::default()
                    };
                    if let Some(store) = &store {
                        store
                            .create_game(&id, &record, &[], false, false, None)
                            .unwrap();
                    }
                    for version in 1..=per_task {
                        let spin = Instant::now();
                        while spin.elapsed() < work {}
                        if let Some(store) = &store {
                            match std::env::var("MODE").as_deref() {
                                Ok("bip") => tokio::task::block_in_place(|| ()),
                                Ok("bipsleep") => tokio::task::block_in_place(|| {
                                    std::thread::sleep(Duration::from_micros(70))
                                }),
                                Ok("bipchan") => {
                                    let (done, wait) = std::sync::mpsc::sync_channel::<()>(1);
                                    std::thread::spawn(move || done.send(()));
                                    tokio::task::block_in_place(|| wait.recv().unwrap())
                                }
                                _ => store
                                    .append(&id, version, &[action(version)], false, None)
                                    .unwrap(),
                            }
                        }
                        tokio::task::yield_now().await;
                    }
                }));
            }
            for task in tasks {
                task.await.unwrap();
            }
        });
        let ops = 32 * per_task;
        let (cpu, wall) = (process_cpu() - cpu, started.elapsed());
        eprintln!(
            "{}: {:.0} appends/s, {:.1} µs CPU per append",
            if journaled {
                format!("journal ({policy})")
            } else {
                "no journal".to_owned()
            },
            ops as f64 / wall.as_secs_f64(),
            cpu.as_secs_f64() * 1e6 / ops as f64
        );
        drop(store);
    }
}
