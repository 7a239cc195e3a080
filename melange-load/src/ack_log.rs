//! `--ack-log FILE`: every game a load run created and every ApplyAction
//! the server acknowledged, one JSON line each, written (and flushed) as
//! the answers arrive, so that a test can kill the server mid-run and
//! check that a server restarted on the same data directory kept every
//! acknowledged action.
//!
//! Lines:
//! - `{"game":"<id>","seats":[{"seat":0,"token":"<secret>"},...]}` when a
//!   game is created: the human seats' tokens, so that whoever checks can
//!   play the game on. The file holds secrets: on Unix it is created
//!   readable by its owner only; keep it like a password file.
//! - `{"game":"<id>","version":N,"seat":S,"action":"<hex>","answered":M}`
//!   for each acknowledged ApplyAction: the version the action made
//!   (`expected_version + 1`), the seat, the action's protobuf encoding in
//!   hex (as the client sent it), and the version the answer reported.
use std::{
    fs::File,
    io::{self, BufWriter, Write},
    path::Path,
    sync::Mutex,
};

use serde_json::json;

use melange::pb;

/// An open ack log, shared by every client of a run.
#[derive(Debug)]
pub struct AckLog {
    file: Mutex<BufWriter<File>>,
}

impl AckLog {
    /// Creates (or truncates) the file.
    pub fn create(path: &Path) -> io::Result<AckLog> {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let file = options.open(path)?;
        Ok(AckLog {
            file: Mutex::new(BufWriter::new(file)),
        })
    }

    fn line(&self, line: &serde_json::Value) {
        let mut file = self
            .file
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        // A log that cannot be written says so once per line on stderr; the
        // run goes on.
        let written = writeln!(file, "{line}").and_then(|()| file.flush());
        if let Err(error) = written {
            eprintln!("melange-load: cannot write the ack log: {error}");
        }
    }

    /// A game was created; its human seats' tokens.
    pub fn created(&self, game_id: &str, seats: &[pb::SeatGrant]) {
        let seats: Vec<_> = seats
            .iter()
            .filter(|grant| !grant.token.is_empty())
            .map(|grant| json!({"seat": grant.seat, "token": grant.token}))
            .collect();
        self.line(&json!({"game": game_id, "seats": seats}));
    }

    /// An ApplyAction was acknowledged.
    pub fn applied(&self, game_id: &str, version: u64, seat: u32, action: &[u8], answered: u64) {
        let action: String = action.iter().map(|byte| format!("{byte:02x}")).collect();
        self.line(&json!({
            "game": game_id,
            "version": version,
            "seat": seat,
            "action": action,
            "answered": answered,
        }));
    }
}
