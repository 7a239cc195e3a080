//! The `melange` binary itself: flags, the listening log line, serving, and
//! a clean exit on SIGTERM, even with an unresponsive client connected.
use std::{
    io::{BufRead, BufReader},
    process::{Command, Stdio},
    time::{Duration, Instant},
};

use melange::pb::{self, game_service_client::GameServiceClient};

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
