//! The `melange` binary itself: flags, the listening log line, serving, and
//! a clean exit on SIGTERM, even with an unresponsive client connected; and
//! the client binaries' help and the spellings they accept (issue 31).
use std::{
    io::{BufRead, BufReader},
    process::{Command, Stdio},
    time::{Duration, Instant},
};

use melange::pb::{self, game_service_client::GameServiceClient};

#[path = "common/binaries.rs"]
mod binaries;

/// Starts the binary on a free port, creates a game through it, sends
/// SIGTERM, and returns how long it took to exit and its later log lines.
/// With `responsive` false the client's runtime is blocked while the server
/// shuts down, as an unresponsive client's would be.
async fn serve_then_terminate(extra: &[&str], responsive: bool) -> (Duration, Vec<String>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_melange"))
        .args(["--data-dir", "none"])
        .args(["--listen", "127.0.0.1:0", "--log-format", "json"])
        .args(extra)
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let address = loop {
        let line = lines.next().expect("a log line before exit").unwrap();
        let log: serde_json::Value = serde_json::from_str(&line).expect("json log lines");
        if log["fields"]["message"] == "melange listening" {
            break log["fields"]["address"].as_str().unwrap().to_owned();
        }
    };

    let mut client = GameServiceClient::connect(format!("http://{address}"))
        .await
        .unwrap();
    let game = client
        .create_game(pb::CreateGameRequest {
            kind: pb::GameKind::Imperium as i32,
            seed: Some(3),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!((game.seed, game.seats.len()), (3, 4));

    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let started = Instant::now();
    let exit = loop {
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "no exit 20 s after SIGTERM"
        );
        if responsive {
            tokio::time::sleep(Duration::from_millis(20)).await;
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let took = started.elapsed();
    assert!(exit.success(), "{exit:?}");
    drop(client);
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    assert!(
        rest.iter().any(|l| l.contains("SIGTERM received")),
        "{rest:?}"
    );
    (took, rest)
}

#[cfg(unix)]
#[tokio::test]
async fn the_server_binary_serves_and_stops_cleanly_on_sigterm() {
    let (took, rest) = serve_then_terminate(&[], true).await;
    assert!(took < Duration::from_secs(5), "{took:?}");
    assert!(
        rest.iter().any(|l| l.contains("melange stopped")),
        "{rest:?}"
    );
}

#[cfg(unix)]
#[tokio::test]
async fn an_unresponsive_client_cannot_hold_the_shutdown_open() {
    let (took, rest) = serve_then_terminate(&["--shutdown-grace-secs", "1"], false).await;
    assert!(took < Duration::from_secs(8), "{took:?}");
    assert!(
        rest.iter().any(|l| l.contains("shutdown grace")),
        "{rest:?}"
    );
}

/// Text logs written to a pipe (or a file) carry no ANSI colour codes, name
/// the game kind rather than its number, and never show a game's seed.
#[cfg(unix)]
#[tokio::test]
async fn text_logs_to_a_pipe_are_plain_name_kinds_and_hide_seeds() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_melange"))
        .args(["--data-dir", "none"])
        .args(["--listen", "127.0.0.1:0", "--log-format", "text"])
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let listening = loop {
        let line = lines.next().expect("a log line before exit").unwrap();
        if line.contains("melange listening") {
            break line;
        }
    };
    let address = listening
        .split_whitespace()
        .find_map(|field| field.strip_prefix("address="))
        .expect("an address field")
        .to_owned();
    let mut client = GameServiceClient::connect(format!("http://{address}"))
        .await
        .unwrap();
    let seed = 987_654_321_u64;
    client
        .create_game(pb::CreateGameRequest {
            kind: pb::GameKind::Imperium as i32,
            seed: Some(seed),
            ..Default::default()
        })
        .await
        .unwrap();
    let created = loop {
        let line = lines.next().expect("a log line before exit").unwrap();
        if line.contains("game created") {
            break line;
        }
    };
    drop(client);
    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    assert!(child.wait().unwrap().success());
    let mut all = vec![listening, created.clone()];
    all.extend(lines.map_while(Result::ok));

    assert!(created.contains("kind=GAME_KIND_IMPERIUM"), "{created}");
    for line in &all {
        assert!(!line.contains('\x1b'), "colour codes in {line:?}");
        assert!(!line.contains("seed"), "a seed in {line:?}");
        assert!(!line.contains(&seed.to_string()), "a seed in {line:?}");
    }
}

#[test]
fn an_empty_or_blank_admin_token_stops_the_binary_at_start_up() {
    let runs: [(&[&str], Option<&str>); 3] = [
        (&["--admin-token", ""], None),
        (&["--admin-token", "  \t"], None),
        (&[], Some("")),
    ];
    for (args, env) in runs {
        let mut command = Command::new(env!("CARGO_BIN_EXE_melange"));
        command
            .args(["--listen", "127.0.0.1:0", "--data-dir", "none"])
            .args(args);
        match env {
            Some(value) => command.env("MELANGE_ADMIN_TOKEN", value),
            None => command.env_remove("MELANGE_ADMIN_TOKEN"),
        };
        let output = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} {env:?} started");
        assert!(
            stderr.contains("the admin token is empty or only whitespace"),
            "{stderr}"
        );
    }
}

/// TLS needs both the certificate and its key (issue 13, finding 8): half a
/// pair, by flag or by environment variable, or a file that cannot be read,
/// stops the binary before it listens, with a message that says so.
#[test]
fn half_a_tls_pair_or_an_unreadable_file_stops_the_binary_at_start_up() {
    let missing = std::env::temp_dir().join("melange-no-such-file.pem");
    let missing = missing.to_str().unwrap();
    /// Flags, environment variables, and what stderr must say.
    type Run<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a str);
    let runs: [Run; 4] = [
        (&["--tls-cert", missing], &[], "go together"),
        (&["--tls-key", missing], &[], "go together"),
        (&[], &[("MELANGE_TLS_CERT", missing)], "go together"),
        (
            &["--tls-cert", missing, "--tls-key", missing],
            &[],
            "cannot read the TLS certificate",
        ),
    ];
    for (args, env, expected) in runs {
        let mut command = Command::new(env!("CARGO_BIN_EXE_melange"));
        command
            .args(["--listen", "127.0.0.1:0", "--data-dir", "none"])
            .args(args);
        for variable in [
            "MELANGE_TLS_CERT",
            "MELANGE_TLS_KEY",
            "MELANGE_TLS_CLIENT_CA",
        ] {
            command.env_remove(variable);
        }
        command.envs(env.iter().copied());
        let output = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{args:?} {env:?} started");
        assert!(stderr.contains(expected), "{args:?} {env:?}: {stderr}");
        assert!(
            !String::from_utf8_lossy(&output.stdout).contains("melange listening"),
            "{args:?} {env:?} listened"
        );
    }
}

/// The binary serves TLS from the PEM files its flags name: a client that
/// trusts the certificate creates a game over TLS.
#[cfg(unix)]
#[tokio::test]
async fn the_binary_serves_tls_from_pem_files() {
    use tonic::transport::{Certificate, ClientTlsConfig, Endpoint};
    let dir = std::env::temp_dir().join(format!("melange-binary-tls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let issued = rcgen::generate_simple_self_signed(vec!["localhost".to_owned()]).unwrap();
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert, issued.cert.pem()).unwrap();
    std::fs::write(&key, issued.signing_key.serialize_pem()).unwrap();

    let mut child = Command::new(env!("CARGO_BIN_EXE_melange"))
        .args(["--data-dir", "none"])
        .args(["--listen", "127.0.0.1:0", "--log-format", "json"])
        .env_remove("MELANGE_TLS_CLIENT_CA")
        .env("MELANGE_TLS_CERT", &cert)
        .arg("--tls-key")
        .arg(&key)
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    // A failed assertion below must not leave the server running.
    struct KillOnPanic(u32);
    impl Drop for KillOnPanic {
        fn drop(&mut self) {
            if std::thread::panicking() {
                let _ = Command::new("kill").arg(self.0.to_string()).status();
            }
        }
    }
    let _guard = KillOnPanic(child.id());
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let address = loop {
        let line = lines.next().expect("a log line before exit").unwrap();
        let log: serde_json::Value = serde_json::from_str(&line).expect("json log lines");
        if log["fields"]["message"] == "melange listening" {
            assert_eq!(log["fields"]["tls"], true, "{line}");
            break log["fields"]["address"].as_str().unwrap().to_owned();
        }
    };
    let tls = ClientTlsConfig::new()
        .ca_certificate(Certificate::from_pem(issued.cert.pem()))
        .domain_name("localhost");
    let channel = Endpoint::from_shared(format!("https://{address}"))
        .unwrap()
        .tls_config(tls)
        .unwrap()
        .connect()
        .await
        .unwrap();
    let game = GameServiceClient::new(channel)
        .create_game(pb::CreateGameRequest {
            kind: pb::GameKind::Imperium as i32,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(game.seats.len(), 4);
    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    // The runtime keeps running while the server drains, so the client's
    // connection answers its goodbye and the exit is prompt.
    let started = Instant::now();
    let exit = loop {
        if let Some(exit) = child.try_wait().unwrap() {
            break exit;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "no exit");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert!(exit.success(), "{exit:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The server binary with games in memory on a free port, and its address
/// (`HOST:PORT`) once it says it listens; killed when dropped.
struct Running(std::process::Child, String);

impl Running {
    fn start() -> Running {
        let mut child = Command::new(env!("CARGO_BIN_EXE_melange"))
            .args(["--data-dir", "none"])
            .args(["--listen", "127.0.0.1:0", "--log-format", "json"])
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let address = loop {
            let line = lines.next().expect("a log line before exit").unwrap();
            let log: serde_json::Value = serde_json::from_str(&line).expect("json log lines");
            if log["fields"]["message"] == "melange listening" {
                break log["fields"]["address"].as_str().unwrap().to_owned();
            }
        };
        // The rest of the log is drained so that the pipe never fills.
        std::thread::spawn(move || lines.map_while(Result::ok).for_each(drop));
        Running(child, address)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Issue 31, item 16: each client binary opens its help with what it does,
/// not with the server's description (Cargo.toml's), and
/// `melange-quickstart --help` prints its usage and connects to nothing.
#[test]
fn each_client_binary_has_its_own_help() {
    let description = include_str!("../Cargo.toml")
        .lines()
        .find_map(|line| line.strip_prefix("description = "))
        .unwrap()
        .trim_matches('"');
    for (binary, name) in [
        (binaries::workspace_binary("melange-load"), "melange-load"),
        (binaries::workspace_binary("melange-arena"), "melange-arena"),
        (
            env!("CARGO_BIN_EXE_melange-quickstart").into(),
            "melange-quickstart",
        ),
    ] {
        for flag in ["-h", "--help"] {
            let started = Instant::now();
            let output = Command::new(&binary).arg(flag).output().unwrap();
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(output.status.success(), "{name} {flag}: {output:?}");
            assert!(
                stdout.starts_with(&format!("{name}: ")),
                "{name} {flag} opens with what it does: {stdout}"
            );
            assert!(!stdout.contains(description), "{name} {flag}: {stdout}");
            assert!(stdout.contains(&format!("Usage: {name}")), "{stdout}");
            assert!(started.elapsed() < Duration::from_secs(10));
        }
    }
    // With a server to reach it would have played a move: nothing listens
    // there, and help still answers at once.
    let output = Command::new(env!("CARGO_BIN_EXE_melange-quickstart"))
        .args(["127.0.0.1:1", "--help"])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    assert!(
        String::from_utf8_lossy(&output.stderr).is_empty(),
        "{output:?}"
    );
}

/// Issue 31, item 15: a server's address with or without `http://`, and a
/// game kind as the binaries spell it (`war-for-arrakis`) or as the kits
/// used to (`war_for_arrakis`), all mean the same to the quickstart client.
#[test]
fn the_quickstart_takes_either_address_form_and_either_kind_spelling() {
    let server = Running::start();
    for (address, kind) in [
        (server.1.clone(), "war-for-arrakis"),
        (format!("http://{}", server.1), "war_for_arrakis"),
        (server.1.clone(), "imperium"),
    ] {
        let output = Command::new(env!("CARGO_BIN_EXE_melange-quickstart"))
            .args([&address, kind])
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{address} {kind}: {output:?}");
        assert!(stdout.contains("created game"), "{stdout}");
        assert!(stdout.contains("playing: "), "{stdout}");
    }
    // War for Arrakis has two seats, Imperium four: the kind was honoured.
    let arrakis = Command::new(env!("CARGO_BIN_EXE_melange-quickstart"))
        .args([&server.1, "war_for_arrakis"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&arrakis.stdout)
            .lines()
            .filter(|line| line.trim_start().starts_with("seat ") && line.contains(" plays "))
            .count(),
        2,
        "{arrakis:?}"
    );
    let refused = Command::new(env!("CARGO_BIN_EXE_melange-quickstart"))
        .args([&server.1, "chess"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2), "a usage error: {refused:?}");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("war-for-arrakis, imperium"), "{stderr}");
}

/// Issue 31, item 15: melange-load and melange-arena read `--endpoint` and
/// the game kind the same way: both spellings, both address forms, and a
/// usage error (status 2) that names the canonical forms otherwise.
#[test]
fn load_and_arena_read_addresses_and_kinds_alike() {
    let (load, arena) = (
        binaries::workspace_binary("melange-load"),
        binaries::workspace_binary("melange-arena"),
    );
    let (load, arena) = (load.to_str().unwrap(), arena.to_str().unwrap());
    let usage_error = |binary: &str, args: &[&str]| {
        let output = Command::new(binary)
            .args(args)
            .env_remove("MELANGE_ENDPOINT")
            .output()
            .unwrap();
        (
            output.status.code() == Some(2),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    };
    let out = std::env::temp_dir().join(format!("melange-binary-arena-{}", std::process::id()));
    let out = out.to_str().unwrap();
    for (binary, kind_flag, extra) in [
        (load, "--kind", &["--games", "0", "--health-calls", "0"][..]),
        (
            arena,
            "--game",
            &[
                "--bots",
                "a=random,b=random",
                "--players",
                "2",
                "--out",
                out,
            ][..],
        ),
    ] {
        for kind in ["war-for-arrakis", "war_for_arrakis", "imperium", "1"] {
            // Nothing listens on port 1: the run fails, but not on its
            // flags; it got as far as trying to connect to that server.
            for endpoint in ["127.0.0.1:1", "http://127.0.0.1:1"] {
                let (usage, stderr) = usage_error(
                    binary,
                    &[&["--endpoint", endpoint, kind_flag, kind], extra].concat(),
                );
                assert!(!usage, "{binary} {endpoint} {kind}: {stderr}");
                assert!(
                    stderr.contains("Connection refused")
                        || stderr.contains("cannot reach http://127.0.0.1:1"),
                    "{binary} {endpoint} {kind}: {stderr}"
                );
            }
        }
        let (usage, stderr) = usage_error(binary, &[kind_flag, "chess"]);
        assert!(
            usage && stderr.contains("war-for-arrakis, imperium"),
            "{stderr}"
        );
        let (usage, stderr) = usage_error(binary, &["--endpoint", "https://127.0.0.1:1"]);
        assert!(usage && stderr.contains("no TLS"), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(out);
}

/// Issue 31, item 15: the server takes an allowed remote bot endpoint as
/// `HOST:PORT` or as `http://HOST:PORT`, the form a seat names it in; an
/// https endpoint is still refused before it listens.
#[test]
fn the_server_allows_a_bot_endpoint_with_or_without_http() {
    for allowed in [
        "127.0.0.1:50070",
        "http://127.0.0.1:50070",
        "http://127.0.0.1:50070/",
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_melange"))
            .args(["--data-dir", "none", "--listen", "127.0.0.1:0"])
            .args(["--allow-bot-endpoint", allowed])
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let listened = BufReader::new(child.stdout.take().unwrap())
            .lines()
            .map_while(Result::ok)
            .any(|line| line.contains("melange listening"));
        let _ = child.kill();
        let output = child.wait_with_output().unwrap();
        assert!(
            listened,
            "{allowed}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    let output = Command::new(env!("CARGO_BIN_EXE_melange"))
        .args(["--data-dir", "none", "--listen", "127.0.0.1:0"])
        .args(["--allow-bot-endpoint", "https://127.0.0.1:50070"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
}

/// Issue 31, item 16: the server says it listens only once it has taken
/// the games of its data directory back, so a script that waits for the
/// line finds them (the line used to come first, before the recovery).
#[cfg(unix)]
#[test]
fn the_server_says_it_listens_once_its_games_are_back() {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("melange-binary-listening-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).unwrap();
    for data_dir in [dir.to_str().unwrap(), "none"] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_melange"))
            .args(["--data-dir", data_dir])
            .args(["--listen", "127.0.0.1:0", "--log-format", "json"])
            .env("RUST_LOG", "info")
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut before = Vec::new();
        for line in BufReader::new(child.stdout.take().unwrap()).lines() {
            let line = line.unwrap();
            let log: serde_json::Value = serde_json::from_str(&line).expect("json log lines");
            let message = log["fields"]["message"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            if message == "melange listening" {
                break;
            }
            before.push(message);
        }
        let _ = child.kill();
        let _ = child.wait();
        let recovery = if data_dir == "none" {
            "no data directory: games are kept in memory only"
        } else {
            "recovered the games of the journal store"
        };
        assert!(
            before.iter().any(|message| message == recovery),
            "{data_dir}: {recovery:?} comes before the listening line: {before:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
