//! Three servers on one journal behind HAProxy, under melange-load with
//! every workload: one server killed mid-run, or all three restarted one
//! after the other. Every acknowledged action is in the replay byte for
//! byte, every game plays to its end, no game was ever written by two
//! servers at once, and the run's only errors are UNAVAILABLEs it retried.
use std::{
    path::Path,
    process::{Command, Stdio},
    time::{Duration, Instant},
};

use melange::pb;

use super::{
    cluster::{Client, Proxy, Server, call, connect, fleet_of, fresh_database},
    history::assert_one_history,
};

/// A load run through `proxy` writing its acknowledgments to `log`.
fn start_load(proxy: &Proxy, log: &Path, games: u32) -> std::process::Child {
    Command::new(super::binaries::workspace_binary("melange-load"))
        .args(["--endpoint", &format!("http://{}", proxy.address)])
        .args(["--workloads", "events,unwatched,views"])
        .args(["--games", &games.to_string(), "--concurrency", "8"])
        .args(["--health-calls", "0", "--max-seconds", "240"])
        // --retry-unavailable is on by default: a client whose server died
        // backs off, re-reads its view and goes on where the game is now.
        .arg("--ack-log")
        .arg(log)
        .stdout(Stdio::inherit())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap()
}

fn ack_lines(log: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect()
}

fn acknowledged(log: &Path) -> usize {
    ack_lines(log)
        .iter()
        .filter(|line| line.get("version").is_some())
        .count()
}

async fn wait_for_acks(log: &Path, count: usize) {
    let started = Instant::now();
    while acknowledged(log) < count {
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "the load made no progress"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Every action of a game, through the proxy.
async fn replay(client: &mut Client, id: &str) -> pb::Replay {
    let mut whole: Option<pb::Replay> = None;
    let mut page_token = String::new();
    loop {
        let page = client
            .get_replay(call(
                pb::GetReplayRequest {
                    game_id: id.to_owned(),
                    page_token: page_token.clone(),
                    ..Default::default()
                },
                id,
                None,
            ))
            .await
            .unwrap_or_else(|status| panic!("game {id}: {status:?}"))
            .into_inner();
        page_token.clone_from(&page.next_page_token);
        match &mut whole {
            Some(whole) => whole.actions.extend(page.actions),
            None => whole = Some(page),
        }
        if page_token.is_empty() {
            return whole.unwrap();
        }
    }
}

/// Checks every game of the ack log against the fleet and its journal.
async fn check_everything(proxy: &Proxy, journal: &str, log: &Path) {
    let lines = ack_lines(log);
    let mut client = connect(&proxy.address).await;
    let games: Vec<String> = lines
        .iter()
        .filter(|line| line.get("seats").is_some())
        .map(|line| line["game"].as_str().unwrap().to_owned())
        .collect();
    assert!(!games.is_empty());
    let mut checked = 0;
    for id in &games {
        let replay = replay(&mut client, id).await;
        assert_eq!(
            replay.status,
            pb::GameStatus::Finished as i32,
            "game {id} played to its end"
        );
        for ack in lines
            .iter()
            .filter(|line| line["game"] == id.as_str() && line.get("version").is_some())
        {
            let version = ack["version"].as_u64().unwrap();
            let kept = &replay.actions[(version - 1) as usize];
            let bytes: String = prost::Message::encode_to_vec(kept.action.as_ref().unwrap())
                .iter()
                .map(|byte| format!("{byte:02x}"))
                .collect();
            assert_eq!(
                (kept.version, u64::from(kept.seat), bytes.as_str()),
                (
                    version,
                    ack["seat"].as_u64().unwrap(),
                    ack["action"].as_str().unwrap()
                ),
                "game {id}: an acknowledged action is in the replay as sent"
            );
            checked += 1;
        }
        assert_one_history(journal, id, &[]).await;
    }
    eprintln!(
        "{} games, {checked} acknowledged actions checked",
        games.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL and HAProxy: .ci/fleet runs it"]
async fn a_server_killed_mid_load_loses_no_acknowledged_action() {
    let journal = fresh_database("fleet_kill").await;
    let servers = fleet_of(&journal, &["s1", "s2", "s3"]);
    let addresses: Vec<&str> = servers
        .iter()
        .map(|server| server.address.as_str())
        .collect();
    let proxy = Proxy::start(&addresses);
    let dir = std::env::temp_dir().join(format!("melange-fleet-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("acks.jsonl");
    let mut load = start_load(&proxy, &log, 24);
    wait_for_acks(&log, 1_500).await;
    let killed = Instant::now();
    servers[1].signal("KILL");
    eprintln!("killed s2 at {} acknowledged actions", acknowledged(&log));
    let status = load.wait().unwrap();
    assert!(
        status.success(),
        "the load's only errors were retried UNAVAILABLEs"
    );
    eprintln!("the load finished {:?} after the kill", killed.elapsed());
    check_everything(&proxy, &journal, &log).await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL and HAProxy: .ci/fleet runs it"]
async fn a_rolling_restart_under_load_loses_no_acknowledged_action() {
    let journal = fresh_database("fleet_rolling").await;
    let nodes = ["s1", "s2", "s3"];
    let mut servers = fleet_of(&journal, &nodes);
    let addresses: Vec<String> = servers
        .iter()
        .map(|server| server.address.clone())
        .collect();
    let addresses: Vec<&str> = addresses.iter().map(String::as_str).collect();
    let proxy = Proxy::start(&addresses);
    let dir = std::env::temp_dir().join(format!("melange-fleet-roll-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("acks.jsonl");
    let mut load = start_load(&proxy, &log, 30);
    for index in 0..servers.len() {
        wait_for_acks(&log, 800 * (index + 1)).await;
        // SIGTERM: NOT_SERVING, the leases handed back, a drain, an exit.
        servers[index].signal("TERM");
        let stopped = Instant::now();
        loop {
            if let Some(status) = servers[index].process.try_wait().unwrap() {
                assert!(status.success(), "{} stopped cleanly", nodes[index]);
                break;
            }
            assert!(
                stopped.elapsed() < Duration::from_secs(20),
                "{} stops",
                nodes[index]
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        eprintln!("{} stopped in {:?}", nodes[index], stopped.elapsed());
        // The same name and address: the proxy's server line finds it.
        let port = servers[index]
            .address
            .rsplit_once(':')
            .unwrap()
            .1
            .parse()
            .unwrap();
        servers[index] = Server::start(&journal, nodes[index], port);
        servers[index].wait_joined();
    }
    let status = load.wait().unwrap();
    assert!(
        status.success(),
        "the load's only errors were retried UNAVAILABLEs"
    );
    check_everything(&proxy, &journal, &log).await;
    let _ = std::fs::remove_dir_all(&dir);
}
