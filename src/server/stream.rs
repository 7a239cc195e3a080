//! One task per watcher: catch up from the journal, then forward live
//! updates, catching up again whenever the watcher falls behind.
//!
//! A watcher costs one async task and a bounded buffer, never a thread:
//! catch-up renders the next past update only once the client has room for
//! it, and live updates that overrun a slow client are dropped from its
//! (bounded) broadcast buffer and re-created from the journal as it reads.
use std::time::Duration;

use tokio::sync::{mpsc, watch};
use tokio_stream::StreamExt;
use tonic::Status;

use crate::matches::MatchError;

use super::{game_service::GameEntry, peers::StreamPermit};
use crate::{
    api::{CatchUp, CaughtUp, Detail, EncodedUpdate, HostedGame, UpdateShape},
    matches::{Replaced, WatcherGuard},
    pb,
    rules::core::Viewer,
};

type Sender = mpsc::Sender<Result<EncodedUpdate, Status>>;

/// How many rendered updates wait for a slow client before the producer
/// waits too.
const CLIENT_BUFFER: usize = 32;

/// How long a replaced stream waits to deliver the status that says so.
const REPLACED_GRACE: Duration = Duration::from_secs(5);

/// Starts streaming every update after `from_version` to a new receiver.
/// The task holds `permit` (the stream's place in its client's count) and
/// the watcher's slot until it ends, which it does as soon as the client
/// cancels: its buffers go with it.
pub fn spawn(
    entry: &GameEntry,
    guard: WatcherGuard<Box<dyn HostedGame>>,
    viewer: Viewer,
    from_version: u64,
    shape: (UpdateShape, Detail),
    mut shutdown: watch::Receiver<bool>,
    permit: StreamPermit,
) -> mpsc::Receiver<Result<EncodedUpdate, Status>> {
    let (sender, receiver) = mpsc::channel(CLIENT_BUFFER);
    // Raised if the game moves to another server of the fleet.
    let moved = entry.moved_flag();
    // A seat's stream ends once a newer stream of the same seat replaces it;
    // a spectator's never is.
    let replaced = guard.replaced();
    let seat = match viewer {
        Viewer::Seat(seat) => seat.0,
        Viewer::Spectator => 0,
    };
    let (version, finished, mut live, backlog) = {
        // A spectator's stream never renews the game's expiry.
        let mut game = match viewer {
            Viewer::Spectator => entry.peek(),
            Viewer::Seat(_) => entry.lock(),
        };
        let (version, live) = game.subscribe(viewer, shape);
        let finished = game.status() == pb::GameStatus::Finished;
        let backlog = (from_version < version).then(|| game.catch_up(viewer, from_version, shape));
        (version, finished, live, backlog)
    };
    tokio::spawn(async move {
        let _permit = permit;
        let mut last = from_version;
        let is_replaced = || replaced.as_ref().is_some_and(|signal| signal.is_raised());
        let replaced_status = || {
            Status::from(MatchError::Aborted(format!(
                "a newer StreamGame of seat {seat} replaced this stream; each seat has one"
            )))
        };
        if let Some(backlog) = backlog {
            match replay(backlog, last, &sender, replaced.as_deref(), &mut shutdown).await {
                Some(reached) => last = reached,
                None => return,
            }
        }
        if finished && last >= version {
            return;
        }
        loop {
            if is_replaced() {
                // A client that does not read gets no more than a short wait.
                let _ =
                    tokio::time::timeout(REPLACED_GRACE, sender.send(Err(replaced_status()))).await;
                return;
            }
            let item = tokio::select! {
                _ = sender.closed() => return,
                () = until_replaced(replaced.as_deref()) => continue,
                _ = async { shutdown.wait_for(|stopping| *stopping).await.is_ok() } => {
                    let _ = tokio::time::timeout(REPLACED_GRACE, sender.send(Err(stopping(last)))).await;
                    return;
                }
                item = live.next() => item,
            };
            match item {
                // The game moved to another server of the fleet: the client
                // resumes there.
                None if moved.load(std::sync::atomic::Ordering::Acquire) => {
                    let status = Status::from(MatchError::Unavailable(format!(
                        "this game moved to another server of the fleet; \
                         resume from version {last}"
                    )));
                    let _ = tokio::time::timeout(REPLACED_GRACE, sender.send(Err(status))).await;
                    return;
                }
                // The game was removed (expired): the stream ends.
                None => return,
                Some(Ok(update)) => {
                    if update.version <= last {
                        continue;
                    }
                    last = update.version;
                    let done = update.status == pb::GameStatus::Finished as i32;
                    // A replaced stream stops waiting on a client that does
                    // not read, so replaced streams never pile up.
                    let sent = tokio::select! {
                        sent = sender.send(Ok(update)) => sent.is_ok(),
                        () = until_replaced(replaced.as_deref()) => true,
                    };
                    if !sent || done {
                        return;
                    }
                }
                Some(Err(_missed)) => {
                    // The game went on faster than the client read: catch
                    // up from the journal, again one update per free slot,
                    // so a client that stops reading costs nothing more.
                    let Some(entry) = guard.entry() else { return };
                    let backlog = match viewer {
                        Viewer::Spectator => entry.peek().catch_up(viewer, last, shape),
                        Viewer::Seat(_) => entry.lock().catch_up(viewer, last, shape),
                    };
                    drop(entry);
                    match replay(backlog, last, &sender, replaced.as_deref(), &mut shutdown).await {
                        Some(reached) => last = reached,
                        None => return,
                    }
                }
            }
        }
    });
    receiver
}

/// Resolves once a newer stream of the same seat replaces this one; never
/// for a spectator.
async fn until_replaced(replaced: Option<&Replaced>) {
    match replaced {
        Some(signal) => signal.wait().await,
        None => std::future::pending().await,
    }
}

/// How many past versions one catch-up step may replay before it yields
/// the async worker to other tasks.
const REPLAY_BUDGET: usize = 64;

/// Sends a catch-up's updates in order, rendering each only once the client
/// has room for it: a client that does not read costs this task and its
/// buffer, never a thread. Stops early once the stream is replaced or the
/// server shuts down. Returns the last version sent, or `None` when the
/// stream is over (the client is gone or was told why).
async fn replay(
    mut backlog: CatchUp,
    mut last: u64,
    sender: &Sender,
    replaced: Option<&Replaced>,
    shutdown: &mut watch::Receiver<bool>,
) -> Option<u64> {
    loop {
        let permit = tokio::select! {
            permit = sender.reserve() => permit.ok()?,
            // The caller tells the client it was replaced.
            () = until_replaced(replaced) => return Some(last),
            _ = async { shutdown.wait_for(|stopping| *stopping).await.is_ok() } => {
                let _ = tokio::time::timeout(REPLACED_GRACE, sender.send(Err(stopping(last)))).await;
                return None;
            }
        };
        loop {
            match backlog.next(REPLAY_BUDGET) {
                Ok(CaughtUp::Update(update)) => {
                    last = update.version;
                    permit.send(Ok(update));
                    break;
                }
                Ok(CaughtUp::Pending) => tokio::task::yield_now().await,
                Ok(CaughtUp::Done) => return Some(last),
                Err(error) => {
                    permit.send(Err(error.into()));
                    return None;
                }
            }
        }
    }
}

/// The status that ends a stream at shutdown.
fn stopping(last: u64) -> Status {
    Status::from(MatchError::Unavailable(format!(
        "the server is shutting down; resume from version {last} on another"
    )))
}
