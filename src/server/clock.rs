//! One task per game with a clock or a remote bot seat: it follows what
//! the game waits on ([`Turn`]), sleeps until the deadline of the seat to
//! act and then has the match play for it (MC-CLOCK-04), and on a remote
//! bot's turn asks the bot (MC-BOT-01) and has the match play its answer
//! (MC-BOT-02). Whatever it plays is an action of the journal, applied
//! through the match like any other, so replays are exact and time never
//! enters the rules.
//!
//! Bounded: the task holds the game only weakly and ends when the game is
//! over, read-only, or dropped (the turn signal's sender lives in the
//! match), so a server has at most one such task per live game.
use std::{
    sync::{Arc, Weak},
    time::Duration,
};

use tokio::sync::watch;

use super::{bots::BotPool, game_service::GameEntry, remote_bot::RemoteBots};
use crate::{
    api::HostedGame,
    matches::{Entry, MatchError, Turn},
    pb,
};

/// How long the task waits before looking again when what it did changed
/// nothing (a journal that failed, a deadline a hair early), so it never
/// spins.
const RETRY: Duration = Duration::from_millis(10);

/// Drives the clocks and remote bots of a server's games.
#[derive(Clone, Debug)]
pub struct Referee {
    bots: BotPool,
    remote: Arc<RemoteBots>,
}

impl Referee {
    /// A referee that lets built-in bots answer on `bots` and calls remote
    /// bots through `remote`.
    pub fn new(bots: BotPool, remote: Arc<RemoteBots>) -> Self {
        Referee { bots, remote }
    }

    /// The remote bots it calls.
    pub fn remote(&self) -> &RemoteBots {
        &self.remote
    }

    /// Starts the game's task, if the game has a clock or a remote seat.
    /// A `new` game's remote bots are told it started (MC-BOT-04); a game
    /// recovered or taken over was announced by the server that created
    /// it.
    pub fn drive(&self, entry: &GameEntry, new: bool) {
        let Some(turns) = entry.lock().turns() else {
            return;
        };
        let referee = self.clone();
        let game = Arc::downgrade(entry);
        if new {
            referee.notify(entry, pb::NoticeKind::Started);
        }
        tokio::spawn(async move { referee.run(game, turns).await });
    }

    /// Tells every remote bot of the game that it started or ended
    /// (MC-BOT-04). An end is told only by the server that ran the game to
    /// it (not by one where it is read-only or moved away).
    fn notify(&self, entry: &GameEntry, notice: pb::NoticeKind) {
        let (seats, kind, result) = {
            let game = entry.peek();
            (game.remote_seats(), game.kind(), game.result())
        };
        if notice == pb::NoticeKind::Ended && result.is_none() {
            return;
        }
        for (seat, endpoint) in seats {
            let request = pb::NoticeRequest {
                game_id: entry.id().to_owned(),
                seat: u32::from(seat.0),
                notice: notice as i32,
                kind,
                result: result.clone(),
            };
            self.remote.notify(&endpoint, request);
        }
    }

    async fn run(self, game: Weak<Entry<Box<dyn HostedGame>>>, mut turns: watch::Receiver<Turn>) {
        loop {
            let turn = *turns.borrow_and_update();
            if turn.over {
                if let Some(entry) = game.upgrade() {
                    self.notify(&entry, pb::NoticeKind::Ended);
                }
                return;
            }
            let remote = match turn.remote {
                true => match game.upgrade() {
                    Some(entry) => entry
                        .peek()
                        .remote_turn()
                        .map(|remote| (entry.id().to_owned(), remote)),
                    None => return,
                },
                false => None,
            };
            let decide = async {
                match &remote {
                    Some((game_id, remote)) => (remote, self.remote.decide(game_id, remote).await),
                    None => std::future::pending().await,
                }
            };
            let expiry = async {
                match turn.deadline {
                    Some(deadline) => tokio::time::sleep_until(deadline).await,
                    None => std::future::pending().await,
                }
            };
            let played: Result<bool, MatchError> = tokio::select! {
                changed = turns.changed() => match changed {
                    Ok(()) => continue,
                    // The game was dropped.
                    Err(_) => return,
                },
                () = expiry => {
                    let Some(entry) = game.upgrade() else { return };
                    // Logs inside name the game (a stand-in's, MC-STANDIN-01).
                    let span = tracing::info_span!("game", game_id = %entry.id());
                    let played = span.in_scope(|| entry.lock().expire(turn.version));
                    self.bots_play_on(&entry);
                    played
                }
                (remote, answer) = decide => {
                    let Some(entry) = game.upgrade() else { return };
                    let span = tracing::info_span!("game", game_id = %entry.id());
                    let played = span.in_scope(|| {
                        entry.lock().answer(remote.seat, remote.version, answer.as_ref().map_err(Clone::clone))
                    });
                    self.bots_play_on(&entry);
                    played
                }
            };
            match played {
                Ok(true) => {}
                Ok(false) => tokio::time::sleep(RETRY).await,
                Err(error) => {
                    tracing::error!(%error, "the clock could not act for a seat");
                    tokio::time::sleep(RETRY).await;
                }
            }
        }
    }

    /// Lets built-in bots play on after a move made here.
    fn bots_play_on(&self, entry: &GameEntry) {
        if entry.lock().play_bots(0) {
            self.bots.play_on(entry, format!("game {}", entry.id()));
        }
    }
}
