//! One task per watcher: catch up from the journal, then forward live
//! updates, catching up again whenever the watcher falls behind.
use std::{sync::Arc, time::Duration};

use tokio::sync::{mpsc, watch};
use tokio_stream::StreamExt;
use tonic::Status;

use super::game_service::GameEntry;
use crate::{
    api::{CatchUp, HostedGame},
    matches::{Replaced, WatcherGuard},
    pb,
    rules::core::Viewer,
};

type Sender = mpsc::Sender<Result<pb::GameUpdate, Status>>;

/// How many rendered updates wait for a slow client before the producer
/// waits too.
const CLIENT_BUFFER: usize = 32;

/// How long a replaced stream waits to deliver the status that says so.
const REPLACED_GRACE: Duration = Duration::from_secs(5);

/// Starts streaming every update after `from_version` to a new receiver.
pub fn spawn(
    entry: &GameEntry,
    guard: WatcherGuard<Box<dyn HostedGame>>,
    viewer: Viewer,
    from_version: u64,
    mut shutdown: watch::Receiver<bool>,
) -> mpsc::Receiver<Result<pb::GameUpdate, Status>> {
    let (sender, receiver) = mpsc::channel(CLIENT_BUFFER);
    // A seat's stream ends once a newer stream of the same seat replaces it;
    // a spectator's never is.
    let replaced = guard.replaced();
    let seat = match viewer {
        Viewer::Seat(seat) => seat.0,
        Viewer::Spectator => 0,
    };
    let (version, finished, mut live, backlog) = {
        let game = entry.lock();
        let (version, live) = game.subscribe(viewer);
        let finished = game.status() == pb::GameStatus::Finished;
        let backlog = (from_version < version).then(|| game.catch_up(viewer, from_version));
        (version, finished, live, backlog)
    };
    tokio::spawn(async move {
        let mut last = from_version;
        let is_replaced = || replaced.as_ref().is_some_and(|signal| signal.is_raised());
        let replaced_status = || {
            Status::aborted(format!(
                "a newer StreamGame of seat {seat} replaced this stream; each seat has one"
            ))
        };
        if let Some(backlog) = backlog {
            match replay(backlog, sender.clone(), replaced.clone()).await {
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
                    let status = Status::unavailable(format!(
                        "the server is shutting down; resume from version {last} on another"
                    ));
                    let _ = sender.send(Err(status)).await;
                    return;
                }
                item = live.next() => item,
            };
            match item {
                // The game was removed (expired): the stream ends.
                None => return,
                Some(Ok(update)) => {
                    if update.version <= last {
                        continue;
                    }
                    last = update.version;
                    let done = update
                        .view
                        .as_ref()
                        .is_some_and(|view| view.status == pb::GameStatus::Finished as i32);
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
                    let Some(entry) = guard.entry() else { return };
                    let backlog = entry.lock().catch_up(viewer, last);
                    drop(entry);
                    match replay(backlog, sender.clone(), replaced.clone()).await {
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

/// Runs a catch-up on the blocking pool, sending each update in order, and
/// stops early once the stream is replaced. Returns the last version sent,
/// or `None` when the client is gone or the replay failed (the client is
/// told).
async fn replay(backlog: CatchUp, sender: Sender, replaced: Option<Arc<Replaced>>) -> Option<u64> {
    let outcome = tokio::task::spawn_blocking(move || {
        let runtime = tokio::runtime::Handle::current();
        let result = backlog(&mut |update| match replaced.as_deref() {
            None => sender.blocking_send(Ok(update)).is_ok(),
            // A seat's stream stops sending, even to a client that does not
            // read, once a newer stream replaces it.
            Some(signal) => runtime.block_on(async {
                tokio::select! {
                    sent = sender.send(Ok(update)) => sent.is_ok(),
                    () = signal.wait() => false,
                }
            }),
        });
        (result, sender)
    })
    .await;
    match outcome {
        Ok((Ok(last), sender)) if !sender.is_closed() => Some(last),
        Ok((Ok(_), _)) => None,
        Ok((Err(error), sender)) => {
            let _ = sender.send(Err(error.into())).await;
            None
        }
        Err(_) => None,
    }
}
