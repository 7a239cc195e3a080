//! Determinized Monte Carlo tree search (single-observer information set
//! MCTS): one tree over the actions of every seat, grown by iterations
//! that each play on a fresh sample of what the searching seat cannot see.
//!
//! Each iteration draws `state.determinize(seat, rng)` (MC-SIM-01,
//! MC-SIM-06), so the search never reads a fact hidden from its seat: it only ever plays on
//! samples consistent with the seat's view. In the sample it descends the
//! tree by UCB1 among the children whose actions are legal there (counting
//! how often each was available, as information set MCTS does, so moves
//! legal only in some samples are not overrated), adds one child, plays
//! uniformly at random until the game ends, the game's own estimate can
//! read the position (MC-SIM-07: War for Arrakis reads any quiet board, so
//! its playouts are a few moves at most) or [`PLAYOUT_DEPTH`] moves are
//! played, and scores where it stopped: a finished game by each seat's
//! place ([`super::rank_rewards`]), else the estimate, else the standing
//! (MC-STAND). Every node on the path is credited with the reward of the
//! seat that made its move.
use std::time::Instant;

use rand::Rng;

use super::{
    playout::{Scratch, playout_from},
    score::rank_rewards,
};
use crate::rules::core::{GameRng, Ruleset, Seat};

/// The iterations of the "mcts" bot: 1,000 since the engines' speed work
/// (issue 32) made them cost what 500 did, and 500 won only 28 of 40 War
/// for Arrakis games against the greedy bot (docs/performance.md).
pub const DEFAULT_ITERATIONS: u32 = 1_000;
/// The most iterations a search may be asked for ("mcts:N").
pub const MAX_ITERATIONS: u32 = 100_000;
/// The most nodes one search keeps: beyond it, iterations go on without
/// growing the tree. A node is its action plus about 40 bytes, so a search
/// holds a few MiB at most, whatever its iterations.
pub const MAX_NODES: usize = 20_000;
/// The most random moves of one playout; a playout cut short is scored by
/// the standing (MC-STAND).
pub const PLAYOUT_DEPTH: usize = 200;
/// UCB1's exploration constant for rewards in 0..=1.
const EXPLORATION: f64 = 0.7;

/// One search's settings: how many iterations it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mcts {
    /// Iterations per decision, 1 to [`MAX_ITERATIONS`].
    pub iterations: u32,
}

#[derive(Debug)]
struct Node<A> {
    /// The move that led here (`None` at the root).
    action: Option<A>,
    /// The seat that made it.
    mover: Seat,
    children: Vec<usize>,
    visits: u32,
    /// How many times this node's move was legal when its parent was
    /// reached.
    available: u32,
    /// The sum of the mover's rewards over the visits.
    reward: f64,
}

impl<A> Node<A> {
    fn new(action: Option<A>, mover: Seat) -> Self {
        Node {
            action,
            mover,
            children: Vec::new(),
            visits: 0,
            available: 0,
            reward: 0.0,
        }
    }

    fn ucb(&self) -> f64 {
        if self.visits == 0 {
            return f64::INFINITY;
        }
        let visits = f64::from(self.visits);
        self.reward / visits + EXPLORATION * (f64::from(self.available.max(1)).ln() / visits).sqrt()
    }
}

/// A search under way: its tree and buffers, kept between the slices a
/// server runs it in ([`Mcts::resume`]), so that a long search can yield
/// its core to other games and go on later exactly where it stopped.
#[derive(Debug)]
pub struct Progress<R: Ruleset> {
    legal: Vec<R::Action>,
    tree: Vec<Node<R::Action>>,
    scratch: Scratch<R>,
    path: Vec<usize>,
    choices: Vec<usize>,
    untried: Vec<usize>,
    done: u32,
}

/// Where a search stands after [`Mcts::start`] or [`Mcts::resume`].
#[derive(Debug)]
pub enum Searched<R: Ruleset> {
    /// The choice: the index, in the seat's legal actions, of the action
    /// chosen (`None` when the seat has none).
    Chose(Option<usize>),
    /// Iterations remain: resume it later.
    Paused(Box<Progress<R>>),
}

impl Mcts {
    /// The index, in `state.legal_actions(seat)`, of the action the search
    /// chooses for `seat`; `None` when the seat has no legal action. The
    /// same state, seat and generator give the same choice. A seat with a
    /// single legal action gets it without a search.
    pub fn decide<R: Ruleset>(&self, state: &R, seat: Seat, rng: &mut GameRng) -> Option<usize> {
        let mut searched = self.start(state, seat);
        loop {
            match searched {
                Searched::Chose(pick) => return pick,
                Searched::Paused(progress) => {
                    searched = self.resume(*progress, state, seat, rng, None);
                }
            }
        }
    }

    /// Starts the search for `seat`: at once a choice when the seat has
    /// fewer than two legal actions, else a search with no iteration run
    /// yet.
    pub fn start<R: Ruleset>(&self, state: &R, seat: Seat) -> Searched<R> {
        let mut legal = Vec::new();
        state.legal_actions(seat, &mut legal);
        match legal.len() {
            0 => return Searched::Chose(None),
            1 => return Searched::Chose(Some(0)),
            _ => {}
        }
        Searched::Paused(Box::new(Progress {
            legal,
            tree: vec![Node::new(None, seat)],
            scratch: Scratch::default(),
            path: Vec::new(),
            choices: Vec::new(),
            untried: Vec::new(),
            done: 0,
        }))
    }

    /// Runs the search's remaining iterations, or as many as fit before
    /// `deadline` (at least one): the choice once every iteration ran,
    /// else the search to resume. Slicing never changes the choice: the
    /// iterations are the same, drawn from the same generator, in the same
    /// order, whatever the deadlines.
    pub fn resume<R: Ruleset>(
        &self,
        mut progress: Progress<R>,
        state: &R,
        seat: Seat,
        rng: &mut GameRng,
        deadline: Option<Instant>,
    ) -> Searched<R> {
        let Progress {
            legal,
            tree,
            scratch,
            path,
            choices,
            untried,
            done,
        } = &mut progress;
        while *done < self.iterations {
            // MC-SIM-06: play ahead only on a sample of what the seat sees.
            let mut sample = state.determinize(seat, rng);
            path.clear();
            path.push(0);
            let listed = descend(tree, &mut sample, path, choices, untried, scratch, rng);
            let rewards =
                score_after_playout(&mut sample, seat, PLAYOUT_DEPTH, listed, rng, scratch);
            for &index in &path[1..] {
                let node = &mut tree[index];
                node.visits += 1;
                node.reward += rewards.get(node.mover.index()).copied().unwrap_or(0.0);
            }
            tree[0].visits += 1;
            *done += 1;
            if *done < self.iterations
                && deadline.is_some_and(|deadline| Instant::now() >= deadline)
            {
                return Searched::Paused(Box::new(progress));
            }
        }
        // The most visited move of the root that is legal in the real state.
        let best = tree[0]
            .children
            .iter()
            .map(|&child| &tree[child])
            .filter_map(|node| {
                let action = node.action.as_ref()?;
                let index = legal.iter().position(|legal| legal == action)?;
                Some((node.visits, index))
            })
            .fold(
                None,
                |best: Option<(u32, usize)>, (visits, index)| match best {
                    Some((most, _)) if most >= visits => best,
                    _ => Some((visits, index)),
                },
            );
        Searched::Chose(Some(
            best.map_or_else(|| rng.random_range(0..legal.len()), |(_, index)| index),
        ))
    }
}

/// Plays uniformly random moves from `sample` until the game ends, the
/// game's estimate (MC-SIM-07) can read the position, or `depth` moves are
/// played, and scores where it stopped: the result, the estimate, or the
/// standing (MC-STAND). `listed` says that `scratch.legal` already holds
/// the sample's legal actions.
fn score_after_playout<R: Ruleset>(
    sample: &mut R,
    searcher: Seat,
    depth: usize,
    listed: bool,
    rng: &mut GameRng,
    scratch: &mut Scratch<R>,
) -> Vec<f64> {
    let seats = sample.seat_count();
    let mut estimate = None;
    playout_from(sample, depth, listed, rng, scratch, |sample| {
        if sample.result().is_some() {
            return false;
        }
        estimate = sample.estimate(searcher);
        estimate.is_none()
    });
    if let Some(estimate) = estimate {
        return estimate;
    }
    match sample.result() {
        Some(result) => rank_rewards(&result, seats),
        None => sample
            .estimate(searcher)
            .unwrap_or_else(|| rank_rewards(&sample.standing(), seats)),
    }
}

/// Walks down the tree in `sample` from the root (already on `path`),
/// applying each chosen move, until it adds a child or cannot go on.
/// Returns whether `scratch.legal` holds the legal actions of the sample
/// it leaves: each move goes through [`Ruleset::apply_listed`], which
/// hands on the next list, so the playout need not build it again.
fn descend<R: Ruleset>(
    tree: &mut Vec<Node<R::Action>>,
    sample: &mut R,
    path: &mut Vec<usize>,
    choices: &mut Vec<usize>,
    untried: &mut Vec<usize>,
    scratch: &mut Scratch<R>,
    rng: &mut GameRng,
) -> bool {
    let mut at = 0;
    let mut listed = false;
    while let Some(actor) = sample.to_act() {
        if !listed {
            scratch.legal.clear();
            sample.legal_actions(actor, &mut scratch.legal);
            listed = true;
        }
        // The children legal here, counted as available, and the legal
        // moves no child has tried yet.
        choices.clear();
        untried.clear();
        untried.extend(0..scratch.legal.len());
        for &child in &tree[at].children {
            let node = &tree[child];
            if node.mover != actor {
                continue;
            }
            let Some(position) = node
                .action
                .as_ref()
                .and_then(|action| scratch.legal.iter().position(|legal| legal == action))
            else {
                continue;
            };
            untried.retain(|&index| index != position);
            choices.push(child);
        }
        for &child in choices.iter() {
            tree[child].available += 1;
        }
        let next = if !untried.is_empty() && tree.len() < MAX_NODES {
            let pick = untried[rng.random_range(0..untried.len())];
            let action = scratch.legal[pick].clone();
            let mut node = Node::new(Some(action), actor);
            node.available = 1;
            tree.push(node);
            let child = tree.len() - 1;
            tree[at].children.push(child);
            Some((child, true))
        } else {
            choices
                .iter()
                .copied()
                .fold(None, |best: Option<(usize, f64)>, child| {
                    let score = tree[child].ucb();
                    match best {
                        Some((_, top)) if top >= score => best,
                        _ => Some((child, score)),
                    }
                })
                .map(|(child, _)| (child, false))
        };
        let Some((child, added)) = next else {
            return listed;
        };
        let Some(action) = tree[child].action.clone() else {
            return listed;
        };
        scratch.events.clear();
        // The child's move is in the list: a new child's was picked from
        // it, a visited child is a choice only where its move is listed.
        if sample
            .apply_listed(actor, &action, &mut scratch.legal, &mut scratch.events)
            .is_err()
        {
            return false;
        }
        path.push(child);
        at = child;
        if added {
            return true;
        }
    }
    listed
}
