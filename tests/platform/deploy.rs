//! The deployment files against the server they deploy. deploy/compose.yaml,
//! deploy/kubernetes/*.yaml and the Dockerfile cannot run here (no container
//! engine, no cluster), so this is what keeps them honest: every `--flag` and
//! every `MELANGE_*` variable they use is one the server's `--help` lists,
//! their ports agree with the address the servers listen on and with
//! HAProxy's, HAProxy (deploy/haproxy.cfg, and its copy in the Kubernetes
//! ConfigMap) hashes on the header the client kits send, and the probes and
//! HAProxy's check ask the gRPC health service (HAProxy's request, sent to
//! the real server, gets the answer its rule expects). The YAML is scanned
//! line by line: no YAML parser.
use std::{collections::BTreeSet, fs, path::PathBuf, process::Command};

use prost::Message;
use tonic_health::pb::{
    HealthCheckRequest, HealthCheckResponse, health_check_response::ServingStatus,
};

use super::{support::TestServer, web::http1};

const HAPROXY: &str = include_str!("../../deploy/haproxy.cfg");
const COMPOSE: &str = include_str!("../../deploy/compose.yaml");
const DOCKERFILE: &str = include_str!("../../Dockerfile");

/// The gRPC metadata a fleet routes by (deploy/README.md).
const GAME_HEADER: &str = "x-melange-game";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every deploy/kubernetes/*.yaml, by name, in name order.
fn kubernetes() -> Vec<(String, String)> {
    let dir = root().join("deploy").join("kubernetes");
    let mut files: Vec<(String, String)> = fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "yaml"))
        .map(|path| {
            let name = format!(
                "deploy/kubernetes/{}",
                path.file_name().unwrap().to_string_lossy()
            );
            (name, fs::read_to_string(&path).unwrap())
        })
        .collect();
    files.sort();
    assert!(
        files.len() >= 2,
        "deploy/kubernetes/ has its manifests: {files:?}"
    );
    files
}

fn kubernetes_file(name: &str) -> String {
    let wanted = format!("deploy/kubernetes/{name}");
    kubernetes()
        .into_iter()
        .find(|(path, _)| *path == wanted)
        .unwrap_or_else(|| panic!("no {wanted}"))
        .1
}

/// The files that start or configure the server: compose, the Kubernetes
/// manifests and the Dockerfile.
fn deployment_files() -> Vec<(String, String)> {
    let mut files = vec![
        ("deploy/compose.yaml".to_owned(), COMPOSE.to_owned()),
        ("Dockerfile".to_owned(), DOCKERFILE.to_owned()),
    ];
    files.extend(kubernetes());
    files
}

/// The server's long flags and environment variables, from its `--help`.
struct Help {
    flags: BTreeSet<String>,
    env: BTreeSet<String>,
    text: String,
}

fn help() -> Help {
    let output = Command::new(env!("CARGO_BIN_EXE_melange"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(output.status.success(), "melange --help");
    let text = String::from_utf8(output.stdout).unwrap();
    let mut flags = BTreeSet::new();
    let mut env = BTreeSet::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('-') {
            flags.extend(
                line.split_whitespace()
                    .filter(|word| word.starts_with("--"))
                    .map(|word| word.trim_end_matches(',').to_owned()),
            );
        }
        // `[env: MELANGE_X=]`, or `[env: MELANGE_X]` for a hidden value.
        for part in line.split("[env: ").skip(1) {
            let name: String = part
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            env.insert(name);
        }
    }
    Help { flags, env, text }
}

/// The lines of a file that are not comments.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|line| !line.trim_start().starts_with('#'))
}

/// The words of the lines that are not comments, in order: YAML list
/// markers, quotes and brackets stripped, so `- --listen` then
/// `- "0.0.0.0:50051"` and `--listen 0.0.0.0:50051` both read as the two
/// words `--listen`, `0.0.0.0:50051`.
fn words(text: &str) -> Vec<String> {
    code_lines(text)
        .flat_map(|line| {
            line.split(|c: char| c.is_whitespace() || "\"'[],".contains(c))
                .filter(|word| !word.is_empty() && *word != "-")
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The long flags a deployment file passes to the server. In the Dockerfile
/// only its ENTRYPOINT and CMD (its RUN lines call cargo).
fn flags_used(path: &str, text: &str) -> BTreeSet<String> {
    let text = if path == "Dockerfile" {
        code_lines(text)
            .filter(|line| line.starts_with("ENTRYPOINT") || line.starts_with("CMD"))
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        text.to_owned()
    };
    words(&text)
        .into_iter()
        .filter_map(|word| {
            let name = word.split('=').next().unwrap();
            // `--name`, not YAML's document separator `---`.
            let rest = name.strip_prefix("--")?;
            rest.starts_with(|c: char| c.is_ascii_lowercase())
                .then(|| name.to_owned())
        })
        .collect()
}

/// Every `MELANGE_*` name in a text, comments included.
fn variables_used(text: &str) -> BTreeSet<String> {
    text.match_indices("MELANGE_")
        .map(|(at, _)| {
            text[at..]
                .chars()
                .take_while(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || *c == '_')
                .collect::<String>()
        })
        .filter(|name| name.len() > "MELANGE_".len())
        .collect()
}

/// The words that follow `flag` in a file (a flag may be given more than
/// once, e.g. in each of compose's services).
fn values_of(text: &str, flag: &str) -> Vec<String> {
    let words = words(text);
    let mut values: Vec<String> = words
        .windows(2)
        .filter(|pair| pair[0] == flag)
        .map(|pair| pair[1].clone())
        .collect();
    let inline = format!("{flag}=");
    values.extend(
        words
            .iter()
            .filter_map(|word| word.strip_prefix(&inline).map(str::to_owned)),
    );
    values
}

fn port_of(address: &str) -> u16 {
    address
        .rsplit(':')
        .next()
        .unwrap()
        .parse()
        .unwrap_or_else(|_| panic!("no port in {address:?}"))
}

/// The numbers after `key:` in a YAML text, e.g. every `containerPort: N`.
fn yaml_numbers(text: &str, key: &str) -> Vec<u64> {
    let key = format!("{key}:");
    code_lines(text)
        .filter_map(|line| {
            let line = line.trim_start().trim_start_matches("- ");
            let value = line.strip_prefix(&key)?.trim().trim_matches('"');
            value.parse().ok()
        })
        .collect()
}

/// The indented block under the first line that reads `header` (YAML, e.g.
/// `expose:`), without that line.
fn yaml_block<'a>(text: &'a str, header: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|line| line.trim() == header)
        .unwrap_or_else(|| panic!("no `{header}`"));
    let indent = |line: &str| line.len() - line.trim_start().len();
    let own = indent(lines[start]);
    lines[start + 1..]
        .iter()
        .take_while(|line| line.trim().is_empty() || indent(line) > own)
        .copied()
        .collect()
}

/// The lines of one `section name` of haproxy.cfg (up to the next section).
fn haproxy_section<'a>(config: &'a str, section: &str) -> Vec<&'a str> {
    let mut lines = config.lines().skip_while(|line| line.trim() != section);
    assert!(lines.next().is_some(), "haproxy.cfg has no `{section}`");
    lines
        .take_while(|line| line.is_empty() || line.starts_with(' ') || line.starts_with('#'))
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect()
}

/// The default of each `"${NAME-default}"` on the haproxy.cfg lines that
/// start with `keyword`.
fn haproxy_defaults(config: &str, keyword: &str) -> Vec<String> {
    config
        .lines()
        .map(str::trim)
        .filter(|line| line.starts_with(keyword))
        .filter_map(|line| {
            let inside = line.split("\"${").nth(1)?.split("}\"").next()?;
            Some(inside.split_once('-')?.1.to_owned())
        })
        .collect()
}

/// The port the servers listen on in the deployment files: every
/// `--listen` and `MELANGE_LISTEN` agree on it.
fn listen_port() -> u16 {
    let mut ports = BTreeSet::new();
    for (path, text) in deployment_files() {
        for address in values_of(&text, "--listen") {
            ports.insert((port_of(&address), path.clone()));
        }
        for word in words(&text) {
            if let Some(address) = word.strip_prefix("MELANGE_LISTEN=") {
                ports.insert((port_of(address), path.clone()));
            }
        }
    }
    let distinct: BTreeSet<u16> = ports.iter().map(|(port, _)| *port).collect();
    assert_eq!(distinct.len(), 1, "one listen port: {ports:?}");
    assert!(
        ports.iter().any(|(_, path)| path == "deploy/compose.yaml")
            && ports
                .iter()
                .any(|(_, path)| path.starts_with("deploy/kubernetes/")),
        "compose and Kubernetes both set the listen address: {ports:?}"
    );
    distinct.into_iter().next().unwrap()
}

/// The seconds of a Go-style duration such as `30s` or `1m`.
fn seconds(duration: &str) -> u64 {
    let duration = duration.trim().trim_matches('"');
    if let Some(minutes) = duration.strip_suffix('m') {
        minutes.parse::<u64>().unwrap() * 60
    } else {
        duration.trim_end_matches('s').parse().unwrap()
    }
}

/// Standard base64 with padding: what gRPC-Web text carries.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, byte)| n | u32::from(*byte) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// One gRPC message frame (not compressed), in base64.
fn frame(message: &impl Message) -> String {
    let payload = message.encode_to_vec();
    let mut bytes = vec![0u8];
    bytes.extend_from_slice(&(payload.len() as u32).to_be_bytes());
    bytes.extend_from_slice(&payload);
    base64(&bytes)
}

#[test]
fn every_flag_the_deployment_files_pass_is_in_the_servers_help() {
    let help = help();
    let mut missing = Vec::new();
    let mut used = 0;
    for (path, text) in deployment_files() {
        for flag in flags_used(&path, &text) {
            used += 1;
            if !help.flags.contains(&flag) {
                missing.push(format!("{path}: {flag}"));
            }
        }
    }
    assert!(used >= 4, "the files pass the server flags");
    assert!(
        missing.is_empty(),
        "flags the server does not have:\n{}\nits flags: {:?}",
        missing.join("\n"),
        help.flags
    );
}

#[test]
fn every_melange_variable_of_the_deployment_files_is_in_the_servers_help() {
    let help = help();
    let mut missing = Vec::new();
    for (path, text) in deployment_files() {
        for name in variables_used(&text) {
            if !help.env.contains(&name) {
                missing.push(format!("{path}: {name}"));
            }
        }
    }
    assert!(
        help.env.contains("MELANGE_LISTEN") && help.text.contains("[env: MELANGE_ADMIN_TOKEN"),
        "the help lists the variables: {:?}",
        help.env
    );
    assert!(
        missing.is_empty(),
        "variables the server does not read:\n{}\nits variables: {:?}",
        missing.join("\n"),
        help.env
    );
}

#[test]
fn the_fleet_is_configured_with_the_journal_node_ids_and_leases() {
    // Each server of compose and of Kubernetes gets the shared journal, its
    // own node id and the lease settings (by flag or variable).
    let uses = |text: &str, flag: &str, variable: &str| {
        flags_used("", text).contains(flag) || variables_used(text).contains(variable)
    };
    let melange = kubernetes_file("melange.yaml");
    for (path, text) in [("deploy/compose.yaml", COMPOSE), ("melange.yaml", &melange)] {
        for (flag, variable) in [
            ("--journal", "MELANGE_JOURNAL"),
            ("--node-id", "MELANGE_NODE_ID"),
            ("--lease-ttl-ms", "MELANGE_LEASE_TTL_MS"),
            ("--journal-pool-size", "MELANGE_JOURNAL_POOL_SIZE"),
            ("--admin-token", "MELANGE_ADMIN_TOKEN"),
        ] {
            assert!(
                uses(text, flag, variable),
                "{path} sets {flag} or {variable}"
            );
        }
    }
    // The journal's URL and the admin token come from the environment (a
    // Secret in Kubernetes), never on a command line.
    assert!(
        values_of(COMPOSE, "--journal").is_empty() && values_of(&melange, "--journal").is_empty()
    );
    assert!(
        values_of(COMPOSE, "--admin-token").is_empty()
            && values_of(&melange, "--admin-token").is_empty()
    );
    for variable in ["MELANGE_JOURNAL", "MELANGE_ADMIN_TOKEN"] {
        let at = melange
            .find(&format!("name: {variable}"))
            .unwrap_or_else(|| panic!("melange.yaml sets {variable}"));
        let next = &melange[at..melange[at..]
            .find("- name:")
            .map_or(melange.len(), |n| at + n + 1)];
        assert!(
            next.contains("secretKeyRef:"),
            "{variable} from a Secret: {next}"
        );
    }
    // A node id per server: three distinct in compose.
    let ids: BTreeSet<String> = code_lines(COMPOSE)
        .filter_map(|line| line.trim().strip_prefix("MELANGE_NODE_ID:"))
        .map(|id| id.trim().to_owned())
        .collect();
    assert_eq!(ids.len(), 3, "{ids:?}");
    assert_eq!(values_of(&melange, "--node-id"), ["$(POD_NAME)"]);
}

#[test]
fn the_ports_agree() {
    let port = listen_port();
    // The Dockerfile's default address and the port it exposes.
    assert!(
        DOCKERFILE.contains(&format!("EXPOSE {port}")),
        "the Dockerfile exposes {port}"
    );
    // Compose: the servers' exposed port and health check.
    let exposed: Vec<u64> = yaml_block(COMPOSE, "expose:")
        .iter()
        .map(|line| {
            line.trim()
                .trim_start_matches("- ")
                .trim_matches('"')
                .parse()
                .unwrap()
        })
        .collect();
    assert_eq!(exposed, [u64::from(port)]);
    assert!(
        COMPOSE.contains(&format!("/dev/tcp/127.0.0.1/{port}")),
        "compose's health check asks port {port}"
    );
    // Kubernetes: every port of the servers' manifest (container port,
    // probes, headless Service) is the listen port.
    let melange = kubernetes_file("melange.yaml");
    let numbers: Vec<u64> = ["containerPort", "port"]
        .iter()
        .flat_map(|key| yaml_numbers(&melange, key))
        .collect();
    assert!(numbers.len() >= 4, "{numbers:?}");
    assert!(
        numbers.iter().all(|n| *n == u64::from(port)),
        "melange.yaml's ports {numbers:?}, listening on {port}"
    );
    // HAProxy: the servers it calls, in compose (the defaults) and in
    // Kubernetes (its variables), are on the listen port.
    let defaults = haproxy_defaults(HAPROXY, "server ");
    assert_eq!(defaults.len(), 3, "three servers: {defaults:?}");
    for address in &defaults {
        assert_eq!(port_of(address), port, "haproxy.cfg server {address}");
        let host = address.rsplit_once(':').unwrap().0;
        assert!(
            COMPOSE.contains(&format!("\n  {host}:\n")),
            "compose has the service {host} that haproxy.cfg names"
        );
    }
    let proxy = kubernetes_file("haproxy.yaml");
    let servers: Vec<&str> = proxy
        .lines()
        .map(str::trim)
        .filter(|line| line.contains(".svc.cluster.local:"))
        .collect();
    assert_eq!(servers.len(), defaults.len(), "{servers:?}");
    for (n, line) in servers.iter().enumerate() {
        let address = line.trim_start_matches("value:").trim();
        assert_eq!(port_of(address), port, "{line}");
        assert!(
            address.starts_with(&format!("melange-{n}.melange.melange.svc")),
            "the StatefulSet's pod {n} by its stable name: {line}"
        );
    }
    let replicas = yaml_numbers(&melange, "replicas");
    assert_eq!(
        replicas,
        [defaults.len() as u64],
        "a server line per replica"
    );
    // The proxy's own ports: its binds, compose's published ports and the
    // Kubernetes containerPorts.
    let binds: BTreeSet<u16> = haproxy_defaults(HAPROXY, "bind ")
        .iter()
        .map(|address| port_of(address))
        .collect();
    let published: BTreeSet<u16> = yaml_block(COMPOSE, "ports:")
        .iter()
        .map(|line| port_of(line.trim().trim_start_matches("- ").trim_matches('"')))
        .collect();
    assert_eq!(binds, published, "compose publishes HAProxy's binds");
    let container: BTreeSet<u16> = yaml_numbers(&proxy, "containerPort")
        .into_iter()
        .map(|n| u16::try_from(n).unwrap())
        .collect();
    assert_eq!(
        binds, container,
        "haproxy.yaml's containerPorts are its binds"
    );
}

#[test]
fn haproxy_hashes_each_game_to_one_server_over_h2c() {
    let frontend = haproxy_section(HAPROXY, "frontend melange");
    assert!(
        frontend
            .iter()
            .any(|line| line.starts_with("bind ") && line.ends_with(" proto h2")),
        "a gRPC bind in h2c: {frontend:?}"
    );
    let backend = haproxy_section(HAPROXY, "backend melange");
    let balance = format!("balance hdr({GAME_HEADER})");
    assert!(backend.contains(&balance.as_str()), "{backend:?}");
    assert!(backend.contains(&"hash-type consistent"), "{backend:?}");
    let servers = backend
        .iter()
        .find(|line| line.starts_with("default-server "))
        .expect("default-server");
    for option in [" proto h2 ", " check "] {
        assert!(servers.contains(option), "{servers}");
    }
    // Long-lived streams: the proxy's timeouts on a quiet call are long.
    let defaults = haproxy_section(HAPROXY, "defaults");
    for timeout in ["timeout server ", "timeout client ", "timeout tunnel "] {
        let line = defaults
            .iter()
            .find(|line| line.starts_with(timeout))
            .unwrap_or_else(|| panic!("{timeout}"));
        assert!(
            line.ends_with('h'),
            "{line}: hours for quiet StreamGame streams"
        );
    }
    // The Kubernetes ConfigMap carries this file as it is.
    let proxy = kubernetes_file("haproxy.yaml");
    let copy: String = yaml_block(&proxy, "haproxy.cfg: |")
        .iter()
        .map(|line| format!("{}\n", line.strip_prefix("    ").unwrap_or(line.trim())))
        .collect();
    assert_eq!(
        copy, HAPROXY,
        "haproxy.yaml's ConfigMap is deploy/haproxy.cfg"
    );
    // The client kits and the viewer send the header HAProxy hashes.
    for path in [
        "clients/python/src/melange_client/client.py",
        "clients/typescript/src/client.ts",
        "viewer/src/api.js",
        "viewer/dist/viewer.js",
    ] {
        let text = fs::read_to_string(root().join(path)).unwrap();
        assert!(
            text.contains(&format!("\"{GAME_HEADER}\"")),
            "{path} sends {GAME_HEADER}"
        );
    }
}

#[test]
fn the_probes_ask_the_health_service() {
    let help = help();
    let melange = kubernetes_file("melange.yaml");
    let port = listen_port();
    for probe in ["readinessProbe", "livenessProbe"] {
        let block = yaml_block(&melange, &format!("{probe}:"));
        let text = block.join("\n");
        assert!(
            block.iter().any(|line| line.trim() == "grpc:"),
            "{probe} is a gRPC probe: {text}"
        );
        assert_eq!(yaml_numbers(&text, "port"), [u64::from(port)], "{probe}");
        // No service named: the kubelet asks for "", the whole server.
        for line in block
            .iter()
            .filter(|line| line.trim().starts_with("service:"))
        {
            let service = line
                .trim()
                .trim_start_matches("service:")
                .trim()
                .trim_matches('"');
            assert!(
                service.is_empty() || service == "melange.v1.GameService",
                "{probe} asks {service}"
            );
        }
    }
    // Kubernetes and compose wait longer than the server drains.
    let grace = |text: &str| -> u64 {
        values_of(text, "--shutdown-grace-secs")
            .first()
            .map(|value| value.parse().unwrap())
            .unwrap_or(10)
    };
    assert!(help.flags.contains("--shutdown-grace-secs"));
    let termination = yaml_numbers(&melange, "terminationGracePeriodSeconds");
    assert_eq!(termination.len(), 1);
    assert!(
        termination[0] > grace(&melange),
        "terminationGracePeriodSeconds {} > --shutdown-grace-secs {}",
        termination[0],
        grace(&melange)
    );
    let stop = code_lines(COMPOSE)
        .find_map(|line| line.trim().strip_prefix("stop_grace_period:"))
        .expect("compose's stop_grace_period");
    assert!(seconds(stop) > grace(COMPOSE), "stop_grace_period {stop}");
    // Compose's check and HAProxy's ask the health service's Check.
    let check = "/grpc.health.v1.Health/Check";
    assert!(COMPOSE.contains(check), "compose's health check");
    assert!(
        HAPROXY
            .lines()
            .any(|line| line.trim().starts_with("http-check send ") && line.contains(check)),
        "HAProxy's health check"
    );
}

/// The request of haproxy.cfg's `http-check send`: method, path, header
/// lines and body.
fn haproxy_check_request() -> (String, String, Vec<(String, String)>, String) {
    let send = HAPROXY
        .lines()
        .map(str::trim)
        .find(|line| line.starts_with("http-check send "))
        .expect("http-check send");
    let words: Vec<&str> = send.split_whitespace().skip(2).collect();
    let (mut method, mut path, mut headers, mut body) =
        (String::new(), String::new(), Vec::new(), String::new());
    let mut at = 0;
    while at < words.len() {
        match words[at] {
            "meth" => method = words[at + 1].to_owned(),
            "uri" => path = words[at + 1].to_owned(),
            "body" => body = words[at + 1].to_owned(),
            "ver" => {}
            "hdr" => {
                headers.push((words[at + 1].to_owned(), words[at + 2].to_owned()));
                at += 1;
            }
            other => panic!("http-check send: unexpected {other:?}"),
        }
        at += 2;
    }
    (method, path, headers, body)
}

#[tokio::test]
async fn haproxys_health_check_gets_the_answer_it_expects_from_a_serving_server() {
    let (method, path, headers, body) = haproxy_check_request();
    assert_eq!(
        (method.as_str(), path.as_str()),
        ("POST", "/grpc.health.v1.Health/Check")
    );
    // Its body is an empty HealthCheckRequest (service "": the server), and
    // its rule expects the SERVING answer, both as gRPC-Web text.
    assert_eq!(body, frame(&HealthCheckRequest::default()));
    let expect = HAPROXY
        .lines()
        .map(str::trim)
        .find_map(|line| line.strip_prefix("http-check expect rstring ^"))
        .expect("http-check expect rstring ^...");
    let serving = frame(&HealthCheckResponse {
        status: ServingStatus::Serving as i32,
    });
    assert_eq!(expect, serving);
    assert!(
        !expect.contains(['.', '*', '+', '?', '(', '[', '\\', '|', '{', '$']),
        "the pattern is a literal prefix: {expect}"
    );
    // The request as HAProxy sends it (HTTP/1.1 here; over h2c in the
    // fleet, which the server treats alike), answered by the server.
    let server = TestServer::start().await;
    let head = |body: &str| {
        let mut head = format!("{method} {path} HTTP/1.1");
        for (name, value) in headers.iter().filter(|(name, _)| name != "host") {
            head.push_str(&format!("\r\n{name}: {value}"));
        }
        (head, body.as_bytes().to_vec())
    };
    let (request, payload) = head(&body);
    let answer = http1(server.addr, &request, &payload).await;
    assert_eq!(answer.status, 200);
    let text = String::from_utf8(answer.body).unwrap();
    assert!(text.starts_with(expect), "{text:?} starts with {expect:?}");
    // A service the server does not serve is not SERVING: the rule fails.
    let unknown = frame(&HealthCheckRequest {
        service: "no.such.Service".into(),
    });
    let (request, payload) = head(&unknown);
    let answer = http1(server.addr, &request, &payload).await;
    let text = String::from_utf8(answer.body).unwrap();
    assert!(!text.starts_with(expect), "{text:?}");
    server.shutdown().await;
}

/// Whether `.dockerignore`'s `patterns` leave `path` (relative to the
/// repository, `/`-separated) out of the build context: a pattern excludes
/// the path or any folder above it. A pattern's components match one
/// component each (`*` any run of characters within it), `**` any number
/// of components, as Docker reads them.
fn docker_ignores(patterns: &[&str], path: &str) -> bool {
    fn glob(pattern: &str, name: &str) -> bool {
        match pattern.split_once('*') {
            None => pattern == name,
            Some((head, tail)) => {
                name.starts_with(head)
                    && (0..=name.len() - head.len())
                        .any(|skip| glob(tail, &name[head.len() + skip..]))
            }
        }
    }
    fn components(pattern: &[&str], path: &[&str]) -> bool {
        match (pattern.first(), path.first()) {
            (None, _) => path.is_empty(),
            (Some(&"**"), _) => {
                (0..=path.len()).any(|skip| components(&pattern[1..], &path[skip..]))
            }
            (Some(_), None) => false,
            (Some(part), Some(name)) => glob(part, name) && components(&pattern[1..], &path[1..]),
        }
    }
    let path: Vec<&str> = path.split('/').collect();
    patterns.iter().any(|pattern| {
        let pattern: Vec<&str> = pattern.trim_end_matches('/').split('/').collect();
        (1..=path.len()).any(|end| components(&pattern, &path[..end]))
    })
}

/// Every file under `path` (itself when a file), relative to the
/// repository.
fn files_under(path: &str, out: &mut Vec<String>) {
    let full = root().join(path);
    if full.is_dir() {
        for entry in fs::read_dir(&full).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().into_owned();
            files_under(&format!("{path}/{name}"), out);
        }
    } else {
        out.push(path.to_owned());
    }
}

/// Issue 31, item 16: without a .dockerignore a `docker build .` sends the
/// target folder (gigabytes), node_modules and the game store (every
/// game's seed) to the engine. What the Dockerfile copies must still be in
/// the context; what the build does not need, and the stores above all,
/// must not.
#[test]
fn the_docker_build_context_holds_what_the_dockerfile_copies_and_no_store() {
    let text = fs::read_to_string(root().join(".dockerignore")).expect("a .dockerignore");
    let patterns: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    assert!(
        patterns.iter().all(|pattern| !pattern.starts_with('!')),
        "no exceptions: the test reads none"
    );
    // The matcher itself.
    assert!(docker_ignores(&["**/node_modules/"], "node_modules/x"));
    assert!(docker_ignores(
        &["**/node_modules/"],
        "viewer/tests/node_modules/a/b"
    ));
    assert!(docker_ignores(&["*.swp"], "a.swp"));
    assert!(!docker_ignores(&["*.swp"], "src/a.swp"));
    assert!(!docker_ignores(&["target/"], "src/target.rs"));

    let mut copied = Vec::new();
    for line in code_lines(DOCKERFILE).filter(|line| line.starts_with("COPY ")) {
        let words: Vec<&str> = line.split_whitespace().skip(1).collect();
        if words.iter().any(|word| word.starts_with("--from")) {
            continue;
        }
        for source in &words[..words.len() - 1] {
            let source = source.trim_end_matches('/').trim_start_matches("./");
            files_under(source, &mut copied);
        }
    }
    assert!(copied.len() > 100, "{} files copied", copied.len());
    for file in &copied {
        assert!(
            !docker_ignores(&patterns, file),
            "the Dockerfile copies {file}, which .dockerignore leaves out"
        );
    }
    for left_out in [
        "target/release/melange",
        "melange-data/journal.log",
        "viewer/node_modules/esbuild/package.json",
        "viewer/tests/node_modules/playwright-core/package.json",
        "clients/typescript/node_modules/x/package.json",
        "clients/python/build/lib/x.py",
        "arena-out/run.json",
        "ladder-out/games.jsonl",
        ".git/HEAD",
    ] {
        assert!(
            docker_ignores(&patterns, left_out),
            "{left_out} would enter the build context"
        );
    }
}
