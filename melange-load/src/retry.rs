//! `--retry-unavailable`: how a load client rides out a fleet change
//! (issue P14). When a server dies or a game moves to another server, the
//! calls in flight fail with `UNAVAILABLE` (or, while the proxy notices,
//! with a reset connection or a broken stream), yet the game lives on in
//! the shared journal. A client that meets such a failure waits a short
//! backoff, re-reads its view and goes on from there, as every client of a
//! fleet must; the load generator counts those failures as retried, apart
//! from the failures that end a game.
//!
//! Why a re-read and not the same call again: an `ApplyAction` whose answer
//! was lost may have been applied. Re-deciding from the re-read view plays
//! each turn once; the same request again would be refused as stale. A
//! stale-version refusal (`ABORTED` with the `x-melange-version` trailer)
//! between a retry and the client's next acknowledged action is expected
//! for the same reason (a view read from a server that had not caught up
//! with the journal yet, or a stream re-opened from such a view replaying
//! the seat's past turns), and is retried too; without a retry before it,
//! it is a failure, as it always was.
use std::{error::Error, sync::atomic::Ordering, time::Duration};

use tokio::time::Instant;
use tonic::{Code, Status};

use super::Shared;
use melange::api::VERSION_METADATA;

/// The first wait after a failure; each further failure doubles it.
const FIRST_BACKOFF: Duration = Duration::from_millis(50);

/// The longest wait between two attempts.
const LONGEST_BACKOFF: Duration = Duration::from_secs(1);

/// How long a client keeps retrying without getting on before its failure
/// is final: long enough for a proxy to notice a dead server and for
/// another to take its games over, short enough that a run against servers
/// that are gone ends.
const RETRY_FOR: Duration = Duration::from_secs(60);

/// Whether `status` says the server or the way to it failed, not the call:
/// `UNAVAILABLE` (from the server, a proxy, or tonic when it cannot
/// connect), or `UNKNOWN`, `INTERNAL` or `CANCELLED` made on this side
/// from a transport error (a reset connection, an HTTP/2 stream reset). A
/// status the server sent has no source error; one tonic made from a
/// transport error keeps it.
pub(crate) fn is_transient(status: &Status) -> bool {
    match status.code() {
        Code::Unavailable => true,
        Code::Unknown | Code::Internal | Code::Cancelled => status.source().is_some(),
        _ => false,
    }
}

/// Whether `status` is the server's refusal of a stale `expected_version`.
fn is_stale_version(status: &Status) -> bool {
    status.code() == Code::Aborted && status.metadata().get(VERSION_METADATA).is_some()
}

/// One client's retries: the backoff, how long it has failed without
/// getting on, and whether it retried since its last acknowledged action.
pub(crate) struct Recovery<'a> {
    shared: &'a Shared,
    /// When the failures since the client last got on began.
    failing_since: Option<Instant>,
    /// The next wait.
    backoff: Duration,
    /// A failure was retried since the client's last acknowledged action:
    /// a stale-version refusal is expected.
    retried: bool,
}

impl<'a> Recovery<'a> {
    /// A client that has not failed yet.
    pub fn new(shared: &'a Shared) -> Self {
        Recovery {
            shared,
            failing_since: None,
            backoff: FIRST_BACKOFF,
            retried: false,
        }
    }

    /// The server answered (a stream update): a later failure starts a new
    /// budget and backoff.
    pub fn got_on(&mut self) {
        self.failing_since = None;
        self.backoff = FIRST_BACKOFF;
    }

    /// An action of the client was acknowledged: it is past its retries.
    pub fn acknowledged(&mut self) {
        self.got_on();
        self.retried = false;
    }

    /// After a call failed with `status`: `Ok` once the backoff has passed
    /// and the client should re-read its view and go on, or the status
    /// back when the failure is final (not transient, retries off, or
    /// retried for [`RETRY_FOR`] without getting on). The first client to
    /// run out of time gives up for the whole run: the servers are taken
    /// to be gone, and every later transient failure is final at once.
    pub async fn after(&mut self, status: Status) -> Result<(), Status> {
        let retriable = is_transient(&status) || (self.retried && is_stale_version(&status));
        if !retriable || !self.shared.retry_unavailable || self.shared.gave_up() {
            return Err(status);
        }
        let since = *self.failing_since.get_or_insert_with(Instant::now);
        if since.elapsed() >= RETRY_FOR {
            self.shared.given_up.store(true, Ordering::Relaxed);
            return Err(status);
        }
        self.shared.record_retried(&status);
        self.retried = true;
        tokio::time::sleep(self.backoff).await;
        self.backoff = (self.backoff * 2).min(LONGEST_BACKOFF);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Progress;

    fn shared(retry_unavailable: bool) -> Shared {
        Shared::new(
            std::sync::Arc::new(Progress::default()),
            None,
            retry_unavailable,
        )
    }

    fn stale() -> Status {
        let mut status = Status::aborted("the game is at version 8");
        status
            .metadata_mut()
            .insert(VERSION_METADATA, tonic::metadata::MetadataValue::from(8u64));
        status
    }

    #[test]
    fn unavailable_and_transport_errors_are_transient_and_server_answers_are_not() {
        assert!(is_transient(&Status::unavailable("the server is gone")));
        let reset = std::io::Error::from(std::io::ErrorKind::ConnectionReset);
        let transport = Status::from_error(Box::new(reset));
        assert_eq!(transport.code(), Code::Unknown);
        assert!(is_transient(&transport));
        // The same codes sent by the server are its answer.
        assert!(!is_transient(&Status::unknown("a server's own error")));
        assert!(!is_transient(&Status::internal("a server's own error")));
        assert!(!is_transient(&Status::failed_precondition("not your turn")));
        assert!(!is_transient(&stale()));
    }

    #[tokio::test(start_paused = true)]
    async fn a_stale_version_is_retried_between_a_retry_and_the_next_acknowledged_action() {
        let shared = shared(true);
        let mut recovery = Recovery::new(&shared);
        assert_eq!(
            recovery.after(stale()).await.unwrap_err().code(),
            Code::Aborted
        );
        recovery.after(Status::unavailable("gone")).await.unwrap();
        recovery.after(stale()).await.unwrap();
        // A stream re-opened from a stale view replays past turns.
        recovery.got_on();
        recovery.after(stale()).await.unwrap();
        recovery.acknowledged();
        assert!(recovery.after(stale()).await.is_err());
        let errors = shared.errors.lock().unwrap().clone();
        assert_eq!(errors.retried_total(), 3);
        assert_eq!(errors.total(), 0, "the caller records the final failures");
    }

    #[tokio::test(start_paused = true)]
    async fn retries_back_off_and_end_after_the_budget_for_every_client() {
        let shared = shared(true);
        let mut recovery = Recovery::new(&shared);
        let started = tokio::time::Instant::now();
        let mut attempts = 0;
        while recovery.after(Status::unavailable("gone")).await.is_ok() {
            attempts += 1;
        }
        let waited = started.elapsed();
        assert!(waited >= RETRY_FOR - LONGEST_BACKOFF, "{waited:?}");
        assert!(waited <= RETRY_FOR + LONGEST_BACKOFF, "{waited:?}");
        // 50 ms doubling to 1 s: 5 short waits, then one a second.
        assert!((60..=70).contains(&attempts), "{attempts}");
        // Another client's first failure is then final at once.
        let mut other = Recovery::new(&shared);
        assert!(other.after(Status::unavailable("gone")).await.is_err());
    }

    #[tokio::test(start_paused = true)]
    async fn without_retries_every_failure_is_final() {
        let shared = shared(false);
        let mut recovery = Recovery::new(&shared);
        assert!(recovery.after(Status::unavailable("gone")).await.is_err());
        assert_eq!(shared.errors.lock().unwrap().retried_total(), 0);
    }
}
