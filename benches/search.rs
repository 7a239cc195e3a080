//! The search bot against a yardstick bot, and the forward model's speed,
//! for both games (issues 16 and 32). For each game: `MCTS_GAMES` seeded
//! games (default 40; 0 measures the forward model alone) of the "mcts" bot
//! (`MCTS_ITERATIONS` iterations a decision, default the bot's 1,000) against
//! `OPPONENT` (a built-in bot's name, default "greedy", MC-SIM-09; "random"
//! was the first yardstick), seats alternated, played
//! to the game's own end, cut after `MAX_ROUNDS` rounds (default 20, rule
//! MC-ROUNDS-01) so that every game finishes: the search's win rate (first among the seats, by the
//! result or the standing, MC-STAND), its decisions per second, then
//! `Simulate`-style simulations per second (a sample drawn for a seat,
//! `PLAYOUT` random moves, default 50, and the seat's view of the result)
//! from a state of the middle of a game. War for Arrakis wins are also
//! given by house; `SEARCH_VERBOSE` prints every game's result.
//! `SEARCH_GAMES` (default
//! "arrakis,imperium") picks the games. One thread, plain `std::time`.
//! Run: `cargo bench --bench search`.
use std::{
    collections::BTreeMap,
    time::{Duration, Instant},
};

use melange::{
    api::{WireRules, simulate::Plan},
    matches::{
        BotKind, Match, SeatPlan,
        search::{DEFAULT_ITERATIONS, rank_rewards},
    },
    pb,
    rules::{
        arrakis::Arrakis,
        core::{Seat, Viewer},
        imperium::Imperium,
    },
};

/// The server's allocator (`src/main.rs`): a `Simulate` renders a view per
/// sample, many small strings and vectors, and the bench measures what the
/// server would spend on them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn knob(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

/// What the games of the search against its opponent gave.
#[derive(Default)]
struct Tally {
    games: u64,
    wins: u64,
    decisions: u64,
    thinking: Duration,
    moves: u64,
    /// Games and wins by what the search's seat played (a house, a leader).
    by_side: BTreeMap<String, (u64, u64)>,
}

/// One seeded game: the search in seat `searching`, the opponent in the
/// others, played as the server plays them (the search thinking on a job,
/// the bots that do not search in slices).
fn one_game<R: WireRules>(
    options: &R::Options,
    seed: u64,
    search: BotKind,
    opponent: BotKind,
    tally: &mut Tally,
) {
    let seats = R::setup(options, seed).expect("setup").seat_count();
    let searching = (seed % seats as u64) as usize;
    let plans: Vec<_> = (0..seats)
        .map(|seat| SeatPlan {
            bot: Some(if seat == searching { search } else { opponent }),
        })
        .collect();
    let mut game = Match::<R>::create(options.clone(), seed, &plans)
        .expect("create")
        .0;
    loop {
        match game.search_job() {
            Some(job) => {
                let started = Instant::now();
                let decision = job.think();
                tally.thinking += started.elapsed();
                tally.decisions += 1;
                game.apply_decision(decision);
            }
            None => {
                if !game.play_bots(usize::MAX) {
                    break;
                }
            }
        }
    }
    let outcome = game
        .state()
        .result()
        .unwrap_or_else(|| game.state().standing());
    let rewards = rank_rewards(&outcome, seats);
    let mine = rewards[searching];
    let beaten = rewards
        .iter()
        .enumerate()
        .all(|(seat, reward)| seat == searching || mine > *reward);
    if std::env::var("SEARCH_VERBOSE").is_ok() {
        println!(
            "  seed {seed}: the search in seat {searching}, {}",
            outcome.reason
        );
    }
    tally.games += 1;
    tally.wins += u64::from(beaten);
    let side = tally
        .by_side
        .entry(game.state().plays(Seat(searching as u8)))
        .or_default();
    side.0 += 1;
    side.1 += u64::from(beaten);
    tally.moves += game.version();
}

/// A state from the middle of the first seed's game between random bots.
fn middle<R: WireRules>(options: &R::Options) -> R {
    let plans = vec![
        SeatPlan {
            bot: Some(BotKind::Random),
        };
        R::setup(options, 0).expect("setup").seat_count()
    ];
    let mut game = Match::<R>::create(options.clone(), 0, &plans)
        .expect("create")
        .0;
    game.play_bots_inline();
    game.state_at(game.version() / 2).expect("a past version")
}

/// Simulations per second for a `Simulate` call of 64 samples.
fn simulations<R: WireRules>(state: &R, playout: u32) -> (f64, u64) {
    let seat = state.to_act().unwrap_or(Seat(0));
    let plan = Plan::<R>::check(&pb::SimulateRequest {
        samples: 64,
        playout_steps: playout,
        sampling_seed: 1,
        ..Default::default()
    })
    .expect("within the bounds");
    let view = |sample: &R, version| pb::View {
        version,
        game: sample.view_to_pb(sample.view(Viewer::Seat(seat))),
        ..Default::default()
    };
    let started = Instant::now();
    let (mut samples, mut played) = (0u64, 0u64);
    while started.elapsed() < Duration::from_secs(2) {
        for sample in plan.run(state, seat, view).expect("no rules failure") {
            played += u64::from(sample.played);
            samples += 1;
        }
    }
    (
        samples as f64 / started.elapsed().as_secs_f64(),
        played / samples.max(1),
    )
}

fn bench<R: WireRules>(name: &str, options: pb::GameOptions) {
    let options = R::options_from_pb(&options, &[]).expect("options");
    let games = knob("MCTS_GAMES", 40);
    let iterations = knob("MCTS_ITERATIONS", u64::from(DEFAULT_ITERATIONS));
    let search = BotKind::parse(&format!("mcts:{iterations}")).expect("1 to 100000 iterations");
    let opponent = std::env::var("OPPONENT").unwrap_or_else(|_| "greedy".into());
    let opponent = BotKind::parse(&opponent).expect("a built-in bot's name");
    let mut tally = Tally::default();
    let started = Instant::now();
    for seed in 0..games {
        one_game::<R>(&options, seed, search, opponent, &mut tally);
    }
    if games > 0 {
        report(name, search, opponent, &tally, started.elapsed());
    }
    let playout = knob("PLAYOUT", 50) as u32;
    let (rate, played) = simulations(&middle::<R>(&options), playout);
    println!(
        "{name}: Simulate: {rate:.0} simulations/s (a sample, {played} of {playout} playout moves, the seat's view)"
    );
}

/// Prints the games' tally: the search's wins, by side for War for Arrakis.
fn report(name: &str, search: BotKind, opponent: BotKind, tally: &Tally, took: Duration) {
    println!(
        "{name}: {} vs {}, {} games (seats alternated) in {:.1}s: won {} ({:.0}%), \
         {:.1} decisions/s ({} decisions, {:.0} moves a game)",
        search.name(),
        opponent.name(),
        tally.games,
        took.as_secs_f64(),
        tally.wins,
        100.0 * tally.wins as f64 / tally.games.max(1) as f64,
        tally.decisions as f64 / tally.thinking.as_secs_f64().max(1e-9),
        tally.decisions,
        tally.moves as f64 / tally.games.max(1) as f64,
    );
    if name == "arrakis" {
        let sides: Vec<_> = tally
            .by_side
            .iter()
            .map(|(side, (games, wins))| format!("as {side} won {wins} of {games}"))
            .collect();
        println!("{name}: {}", sides.join(", "));
    }
}

fn main() {
    let max_rounds = Some(knob("MAX_ROUNDS", 20) as u32);
    let games = std::env::var("SEARCH_GAMES").unwrap_or_else(|_| "arrakis,imperium".into());
    if games.contains("arrakis") {
        bench::<Arrakis>(
            "arrakis",
            pb::GameOptions {
                max_rounds,
                game: Some(pb::game_options::Game::Arrakis(
                    pb::ArrakisOptions::default(),
                )),
                ..Default::default()
            },
        );
    }
    if games.contains("imperium") {
        bench::<Imperium>(
            "imperium",
            pb::GameOptions {
                max_rounds,
                game: Some(pb::game_options::Game::Imperium(pb::ImperiumOptions {
                    player_count: 2,
                    ..Default::default()
                })),
                ..Default::default()
            },
        );
    }
}
