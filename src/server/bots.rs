//! Built-in bots play off the async workers: once a `CreateGame` or an
//! `ApplyAction` has played its first [`BOT_SLICE`] bot moves inline and
//! bots still have moves to make, a task plays on in slices of
//! [`BOT_SLICE`] moves on the blocking pool, releasing the game's lock
//! between slices so that views, streams and listings see the game move.
//! A semaphore lets at most one slice per core but one run at once, so bots
//! never take every core from the calls of people.
//!
//! Search bots ("mcts") never think under the game's lock nor on an async
//! worker, and never inside a `CreateGame` or an `ApplyAction`: a slice
//! whose bot to act searches takes the search job (a copy of the state)
//! under the lock, thinks without it, and plays the decision under the lock
//! again only if the game has not moved meanwhile. Views, streams and
//! listings are served while it thinks. A search thinks in slices of
//! [`SEARCH_SLICE`], queueing again between them, and the slices go round
//! robin between the clients whose games wait ([`FairQueue`]), so one
//! client's many searching games cannot starve another's bot (issue P13).
//!
//! `Simulate` calls run on the blocking pool too ([`BotPool::simulate`]),
//! under a semaphore of their own with as many permits: a remote bot's
//! simulations never wait behind the server's own searches (which may
//! think for seconds), and neither kind takes every core from people's
//! calls. At most [`SIMULATIONS_WAITING_PER_PERMIT`] calls per permit may
//! wait for one (each holds a copy of its game); more are refused with
//! `RESOURCE_EXHAUSTED` before anything is copied, so a flood of
//! `Simulate` calls costs the server bounded memory (MC-SIM-05). Before
//! that admission, each seat of a game and each client may hold only a few
//! admitted calls ([`SimulationShares`]), so that one client flooding
//! `Simulate` cannot take every admission and lock the other seats out
//! (issue P13).
use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tonic::Status;

use crate::matches::MatchError;

use super::{
    client::ClientId,
    fair_queue::FairQueue,
    game_service::GameEntry,
    shares::{Share, Shares},
    step_budget::StepBudget,
};
use crate::{api::Thinking, matches::BOT_SLICE};

/// The longest a search thinks in one slice before it lets the bots of
/// other games have the core (it goes on in a later slice).
pub const SEARCH_SLICE: Duration = Duration::from_millis(20);

/// What one bot slice did.
enum Slice {
    /// Moves were played (or a decision was taken); whether bots still
    /// have moves to make.
    Played(bool),
    /// A search is not done yet: it goes on in the next slice.
    Thinking(Thinking),
}

/// How many `Simulate` calls may be admitted (running or waiting) per
/// permit of the simulations' semaphore.
pub const SIMULATIONS_WAITING_PER_PERMIT: usize = 8;

/// Rules steps a second one client may simulate by default: one call of
/// the largest size (MC-SIM-05), about a tenth of a second of one core for
/// War for Arrakis, so one client's simulations take a tenth of a bot core
/// over time whatever it sends.
pub const DEFAULT_STEPS_PER_SECOND_PER_CLIENT: u64 = crate::api::simulate::MAX_STEPS;

/// How many `Simulate` calls one seat of a game, and one client, may have
/// admitted (running or waiting) at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SimulationShares {
    /// Per seat of a game.
    pub per_seat: usize,
    /// Per client (API key or peer address).
    pub per_client: usize,
    /// Rules steps a second each client may simulate, over all its calls
    /// (a call of `samples` samples of `actions` plus `playout_steps`
    /// costs their product); the largest call is always possible once the
    /// client's budget is full.
    pub steps_per_second_per_client: u64,
}

impl Default for SimulationShares {
    fn default() -> Self {
        SimulationShares {
            per_seat: 2,
            per_client: 2,
            steps_per_second_per_client: DEFAULT_STEPS_PER_SECOND_PER_CLIENT,
        }
    }
}

/// A `Simulate` call's admission: its seat's share, its client's share and
/// one of the server's admitted calls, all given back when it is dropped.
#[derive(Debug)]
pub struct SimulationAdmission {
    _seat: Share<(String, u32)>,
    _client: Share<ClientId>,
    _admitted: OwnedSemaphorePermit,
}

/// Shared by every game of a server: how many bot slices may run at once.
#[derive(Clone, Debug)]
pub struct BotPool {
    permits: usize,
    /// The bot slices, served round robin between the clients whose games
    /// wait (see [`BotPool::play_on`]).
    slices: Arc<FairQueue<String>>,
    simulations: Arc<Semaphore>,
    /// Admission to `Simulate`: taken before the game is copied, so the
    /// calls waiting for `simulations` are bounded.
    admitted_simulations: Arc<Semaphore>,
    /// Admitted `Simulate` calls per seat of a game.
    seat_simulations: Arc<Shares<(String, u32)>>,
    /// Admitted `Simulate` calls per client.
    client_simulations: Arc<Shares<ClientId>>,
    /// Simulated steps per client over time.
    client_steps: Arc<StepBudget<ClientId>>,
}

impl Default for BotPool {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        BotPool::with_permits(cores.saturating_sub(1).max(1))
    }
}

impl BotPool {
    /// A pool where `permits` bot slices and `permits` simulations run at
    /// once.
    pub fn with_permits(permits: usize) -> Self {
        BotPool {
            permits,
            slices: FairQueue::new(permits),
            simulations: Arc::new(Semaphore::new(permits)),
            admitted_simulations: Arc::new(Semaphore::new(
                permits * SIMULATIONS_WAITING_PER_PERMIT,
            )),
            seat_simulations: Shares::new(SimulationShares::default().per_seat),
            client_simulations: Shares::new(SimulationShares::default().per_client),
            client_steps: Arc::new(StepBudget::new(
                DEFAULT_STEPS_PER_SECOND_PER_CLIENT,
                crate::api::simulate::MAX_STEPS,
            )),
        }
    }

    /// This pool with `shares` of the admitted `Simulate` calls per seat
    /// and per client.
    pub fn with_shares(mut self, shares: SimulationShares) -> Self {
        self.seat_simulations = Shares::new(shares.per_seat);
        self.client_simulations = Shares::new(shares.per_client);
        self.client_steps = Arc::new(StepBudget::new(
            shares.steps_per_second_per_client,
            crate::api::simulate::MAX_STEPS,
        ));
        self
    }

    /// How many bot slices (and simulations) run at once: one per core but
    /// one.
    pub fn permits(&self) -> usize {
        self.permits
    }

    /// Admits one `Simulate` call of `seat` of `game_id` from `client`, or
    /// refuses it at once when that seat or that client has its share of
    /// calls running or waiting already, or the server too many
    /// (MC-SIM-05). The shares are taken before the server's admission, so
    /// the calls one client makes beyond its share never hold the server's.
    /// Then the call's `steps` are charged to the client's budget of steps
    /// a second. The call keeps its admission until its answer is made.
    pub fn admit_simulation(
        &self,
        game_id: &str,
        seat: u32,
        client: ClientId,
        steps: u64,
    ) -> Result<SimulationAdmission, Status> {
        let seat_share = self
            .seat_simulations
            .take((game_id.to_owned(), seat))
            .ok_or_else(|| {
                Status::from(MatchError::ResourceExhausted(format!(
                    "MC-SIM-05: seat {seat} of this game has its share of {} simulations \
                     running or waiting; wait for one to end",
                    self.seat_simulations.limit()
                )))
            })?;
        let client_share = self
            .client_simulations
            .take(client.clone())
            .ok_or_else(|| {
                Status::from(MatchError::ResourceExhausted(format!(
                    "MC-SIM-05: this client has its share of {} simulations running or waiting \
                 on this server; wait for one to end",
                    self.client_simulations.limit()
                )))
            })?;
        if let Err(wait) = self
            .client_steps
            .charge(&client, steps, std::time::Instant::now())
        {
            return Err(Status::from(MatchError::ResourceExhausted(format!(
                "MC-SIM-05: this client simulates at most {} steps a second on this server \
                 and has used them; try again in {} ms",
                self.client_steps.rate(),
                wait.as_millis().max(1)
            ))));
        }
        let admitted = self
            .admitted_simulations
            .clone()
            .try_acquire_owned()
            .map_err(|_| {
                Status::from(MatchError::ResourceExhausted(
                    "MC-SIM-05: too many simulations are running or waiting on this server; \
                     try again shortly"
                        .to_owned(),
                ))
            })?;
        Ok(SimulationAdmission {
            _seat: seat_share,
            _client: client_share,
            _admitted: admitted,
        })
    }

    /// Plays the game's bots to the end of their stretch in the background.
    /// The moves are the ones a single call would have played (each bot
    /// has its own generator), so slicing never changes a game.
    ///
    /// A search thinks for [`SEARCH_SLICE`] at most per slice, then gives
    /// its permit back and queues again. The slices are served round robin
    /// between the keys that wait (`turn`: the client whose call set the
    /// bots going, or the game when the server did), and in order within
    /// a key: a client with a thousand games of search bots takes one slice
    /// in each round, like a client with one game, so a cheap bot's move
    /// waits a few slices, not other games' whole searches.
    pub fn play_on(&self, entry: &GameEntry, turn: String) {
        let entry = entry.clone();
        let slices = self.slices.clone();
        tokio::spawn(async move {
            let mut thinking: Option<Thinking> = None;
            loop {
                let Some(permit) = slices.acquire(turn.clone()).await else {
                    return;
                };
                let game = entry.clone();
                let carried = thinking.take();
                let slice = tokio::task::spawn_blocking(move || {
                    let deadline = Instant::now() + SEARCH_SLICE;
                    // A search of a version the game has left (a clock, a
                    // concession) is dropped; the guards of these
                    // statements are dropped at their ends: the search
                    // below runs without the lock.
                    let carried = carried.filter(|job| job.version() == game.peek().version());
                    let job = match carried {
                        Some(job) => Some(job),
                        None => game.lock().search_job(),
                    };
                    let step = match job {
                        Some(mut think) => match think.think_until(Some(deadline)) {
                            Some(decision) => Slice::Played(game.lock().apply_decision(decision)),
                            None => Slice::Thinking(think),
                        },
                        None => Slice::Played(game.lock().play_bots(BOT_SLICE)),
                    };
                    drop(permit);
                    step
                });
                match slice.await {
                    Ok(Slice::Played(true)) => tokio::task::yield_now().await,
                    Ok(Slice::Played(false)) => return,
                    Ok(Slice::Thinking(think)) => {
                        thinking = Some(think);
                        tokio::task::yield_now().await;
                    }
                    Err(error) => {
                        // The game is unchanged: a search plays on a copy.
                        tracing::error!(%error, "a bot slice failed; the game's bots stop");
                        return;
                    }
                }
            }
        });
    }

    /// Runs a `Simulate` call's `work` on the blocking pool once its
    /// semaphore lets it: never on an async worker, and never more at once
    /// than one per core but one.
    pub async fn simulate<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Status> {
        Ok(super::blocking::run_blocking(&self.simulations, "a simulation", work).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// MC-SIM-05: past the admitted count, a `Simulate` call is refused at
    /// once with RESOURCE_EXHAUSTED; a finished call makes room again.
    #[test]
    fn simulations_past_the_admitted_count_are_refused_until_one_ends() {
        let pool = BotPool::with_permits(1).with_shares(SimulationShares {
            per_seat: usize::MAX,
            per_client: usize::MAX,
            ..SimulationShares::default()
        });
        let admit = || pool.admit_simulation("g", 0, ClientId::Unknown, 1);
        let admitted: Vec<_> = (0..SIMULATIONS_WAITING_PER_PERMIT)
            .map(|_| admit().expect("within the bound"))
            .collect();
        let refused = admit().unwrap_err();
        assert_eq!(refused.code(), tonic::Code::ResourceExhausted);
        assert!(refused.message().starts_with("MC-SIM-05: "));
        drop(admitted);
        assert!(admit().is_ok());
    }

    /// MC-SIM-05, pinned: the server admits exactly 8 `Simulate` calls per
    /// simulation permit, running or waiting (8 with one permit, 16 with
    /// two), with the default shares and each call from its own client and
    /// seat, so that only the server's bound is reached; the next call is
    /// refused with RESOURCE_EXHAUSTED and a message naming the rule, and
    /// one ended call lets exactly one more in.
    #[test]
    fn the_server_admits_eight_simulations_per_permit_exactly() {
        for (permits, bound) in [(1, 8), (2, 16)] {
            let pool = BotPool::with_permits(permits);
            let admit = |caller: usize| {
                pool.admit_simulation(&format!("g{caller}"), 0, ClientId::Key(caller), 1)
            };
            let mut admitted: Vec<_> = (0..bound)
                .map(|caller| {
                    admit(caller).unwrap_or_else(|refused| {
                        panic!("call {} of {bound} refused: {refused:?}", caller + 1)
                    })
                })
                .collect();
            let refused = admit(bound).unwrap_err();
            assert_eq!(refused.code(), tonic::Code::ResourceExhausted);
            assert_eq!(
                refused.message(),
                "MC-SIM-05: too many simulations are running or waiting on this server; \
                 try again shortly"
            );
            admitted.pop();
            let again = admit(bound).expect("an ended call makes room for one");
            assert_eq!(
                admit(bound + 1).unwrap_err().code(),
                tonic::Code::ResourceExhausted
            );
            drop(again);
        }
    }

    /// MC-SIM-05 and issue P13: a seat and a client hold their share of
    /// admitted calls at most, before the server's admission, so the
    /// others' calls are still admitted.
    #[test]
    fn a_seat_and_a_client_hold_their_share_of_simulations_at_most() {
        let pool = BotPool::with_permits(1).with_shares(SimulationShares {
            per_seat: 2,
            per_client: 3,
            ..SimulationShares::default()
        });
        let flooder = ClientId::Unknown;
        let _held = [
            pool.admit_simulation("g", 0, flooder.clone(), 1).unwrap(),
            pool.admit_simulation("g", 0, flooder.clone(), 1).unwrap(),
        ];
        let seat = pool
            .admit_simulation("g", 0, flooder.clone(), 1)
            .unwrap_err();
        assert!(seat.message().contains("seat 0"), "{}", seat.message());
        let _third = pool.admit_simulation("g", 1, flooder.clone(), 1).unwrap();
        let client = pool.admit_simulation("h", 0, flooder, 1).unwrap_err();
        assert!(client.message().contains("client"), "{}", client.message());
        let other = ClientId::Key(0);
        assert!(pool.admit_simulation("h", 0, other, 1).is_ok());
    }

    /// MC-SIM-05 and issue P13: a client that has simulated its steps of
    /// the second is refused, with the wait in the message; another client
    /// is not.
    #[test]
    fn a_client_past_its_steps_a_second_is_refused_and_others_are_not() {
        let pool = BotPool::with_permits(1).with_shares(SimulationShares {
            steps_per_second_per_client: 1_000,
            ..SimulationShares::default()
        });
        let flooder = ClientId::Key(1);
        let largest = crate::api::simulate::MAX_STEPS;
        drop(
            pool.admit_simulation("g", 0, flooder.clone(), largest)
                .unwrap(),
        );
        let refused = pool.admit_simulation("g", 0, flooder, 1_000).unwrap_err();
        assert_eq!(refused.code(), tonic::Code::ResourceExhausted);
        assert!(
            refused.message().contains("1000 steps a second"),
            "{}",
            refused.message()
        );
        assert!(
            pool.admit_simulation("g", 1, ClientId::Key(2), largest)
                .is_ok()
        );
    }
}
