//! How a round limit's result splits between the houses (issue 30,
//! MC-ROUNDS-01, MC-ROUNDS-02): for each limit, `GAMES` seeded games
//! (default 1,000, seeds 0 to 999) of the server's random bot against
//! itself in War for Arrakis, played in-process exactly as the server plays
//! two "random" seats (each seat's generator `RngStream::Bot(seat)` of the
//! seed, a uniform pick among the legal actions), then a markdown table of
//! the wins by house.
//!
//! A seat always plays the same house (seat 0 the Harkonnen, seat 1 the
//! Atreides), so a bias by house is a bias by seat: the table counts by
//! house. The share is the Harkonnen's, a shared result counting half, with
//! a 95% Wilson interval; a limit is within the bound when the share of the
//! games the limit decided is within 45-55% (docs/rules/competition.md,
//! MC-ROUNDS).
//!
//! Knobs (environment): `GAMES` (default 1000), `LIMITS` (default
//! "1,2,3,4,5,6,7,8,0", 0 for no limit), `CONFIGS` (default "base"; also
//! "desert_war", "smugglers", "both"), `STANDING` (a value of the rules
//! option `round_limit_standing`, default the rules' default), and
//! `CALIBRATE=first..last` to print instead the reference distributions the
//! par standing reads (`data/arrakis/round_limit.json`), from those seeds.
//! Run: `cargo run --release --example round_limit_bias`.
use std::time::Instant;

use melange::rules::arrakis::{Arrakis, ArrakisOptions, Event, Faction, seat_of};
use melange::rules::core::{RngStream, Ruleset};
use rand::Rng;

/// How one game ended.
#[derive(Clone, Copy)]
struct Outcome {
    /// The winners: the Harkonnen, the Atreides, or both (shared).
    harkonnen: bool,
    atreides: bool,
    /// The limit ended it (MC-ROUNDS-01), not the rules' own victory.
    by_limit: bool,
}

/// One game of random against random, with `options`, to its end.
fn play(options: &ArrakisOptions, seed: u64) -> (Outcome, Arrakis) {
    let mut game = Arrakis::setup(options, seed).expect("setup");
    let mut bots = [RngStream::Bot(0).rng(seed), RngStream::Bot(1).rng(seed)];
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut by_limit = false;
    while let Some(seat) = game.to_act() {
        legal.clear();
        game.legal_actions(seat, &mut legal);
        let pick = bots[seat.index()].random_range(0..legal.len());
        events.clear();
        game.apply(seat, &legal[pick], &mut events)
            .expect("a legal action");
        by_limit |= events.iter().any(|e| matches!(e, Event::RoundLimit { .. }));
    }
    let result = game.result().expect("over");
    let won = |f: Faction| result.winners.contains(&seat_of(f));
    (
        Outcome {
            harkonnen: won(Faction::Harkonnen),
            atreides: won(Faction::Atreides),
            by_limit,
        },
        game,
    )
}

/// Wins by house over some games.
#[derive(Default)]
struct Tally {
    harkonnen: u32,
    atreides: u32,
    shared: u32,
}

impl Tally {
    fn add(&mut self, o: Outcome) {
        match (o.harkonnen, o.atreides) {
            (true, true) => self.shared += 1,
            (true, false) => self.harkonnen += 1,
            _ => self.atreides += 1,
        }
    }

    fn games(&self) -> u32 {
        self.harkonnen + self.atreides + self.shared
    }

    /// The Harkonnen's share (a shared result half) and its 95% Wilson
    /// interval, in percent.
    fn share(&self) -> Option<(f64, f64, f64)> {
        let n = f64::from(self.games());
        if n == 0.0 {
            return None;
        }
        let p = (f64::from(self.harkonnen) + f64::from(self.shared) / 2.0) / n;
        let z = 1.96f64;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        Some((100.0 * p, 100.0 * (centre - half), 100.0 * (centre + half)))
    }

    /// The bound: the Harkonnen's share from 45% to 55%, counted exactly
    /// (twice the wins plus the shared results, against twice the games).
    fn within(&self) -> bool {
        let points = 2 * u64::from(self.harkonnen) + u64::from(self.shared);
        let n = u64::from(self.games());
        (90 * n..=110 * n).contains(&(100 * points))
    }

    fn cells(&self) -> String {
        match self.share() {
            None => "0 | | | |".into(),
            Some((p, lo, hi)) => format!(
                "{} | {} / {} / {} | {p:.1}% | {lo:.1}-{hi:.1}% | {}",
                self.games(),
                self.harkonnen,
                self.atreides,
                self.shared,
                if self.within() { "yes" } else { "no" }
            ),
        }
    }
}

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
}

fn options(config: &str, limit: u32, standing: Option<&str>) -> ArrakisOptions {
    let (desert_war, smugglers) = match config {
        "base" => (false, false),
        "desert_war" => (true, false),
        "smugglers" => (false, true),
        "both" => (true, true),
        other => panic!("unknown configuration {other:?}"),
    };
    ArrakisOptions {
        desert_war,
        smugglers,
        max_rounds: (limit > 0).then_some(limit),
        overrides: standing
            .map(|s| vec![("round_limit_standing".to_owned(), s.to_owned())])
            .unwrap_or_default(),
        ..ArrakisOptions::default()
    }
}

fn main() {
    let games: u64 = env("GAMES", "1000").parse().expect("GAMES");
    let limits: Vec<u32> = env("LIMITS", "1,2,3,4,5,6,7,8,0")
        .split(',')
        .map(|l| l.trim().parse().expect("LIMITS"))
        .collect();
    let standing = std::env::var("STANDING").ok();
    let configs = env("CONFIGS", "base");
    if let Ok(range) = std::env::var("CALIBRATE") {
        let (first, last) = range.split_once("..").expect("CALIBRATE=first..last");
        let seeds = first.parse().expect("first")..last.parse().expect("last");
        return calibrate(&configs, &limits, seeds);
    }
    println!(
        "War for Arrakis, random against random, seeds 0..{games}, standing {}",
        standing.as_deref().unwrap_or("(default)")
    );
    for config in configs.split(',') {
        println!();
        println!("Configuration: {config}");
        println!();
        println!(
            "| limit | games | H / A / shared | Harkonnen share | 95% interval | within 45-55% \
             | decided by the limit | H / A / shared | Harkonnen share | 95% interval | within 45-55% |"
        );
        println!("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
        for &limit in &limits {
            let started = Instant::now();
            let (mut all, mut limited) = (Tally::default(), Tally::default());
            for seed in 0..games {
                let (o, _) = play(&options(config, limit, standing.as_deref()), seed);
                all.add(o);
                if o.by_limit {
                    limited.add(o);
                }
            }
            let name = if limit == 0 {
                "none".to_owned()
            } else {
                limit.to_string()
            };
            println!("| {name} | {} | {} |", all.cells(), limited.cells());
            eprintln!("limit {name}: {:.1} s", started.elapsed().as_secs_f64());
        }
    }
}

/// Prints, for each configuration and limit, the progress each house had
/// made (MC-STAND-02, in whole percent) in the games the limit ended, from
/// `seeds`: the reference distributions of the par (MC-ROUNDS-02), as the
/// JSON of `data/arrakis/round_limit.json`. The games are decided by the
/// fraction rule, so the measure does not read the pars it makes (the
/// progress at the limit is the same under either rule).
fn calibrate(configs: &str, limits: &[u32], seeds: std::ops::Range<u64>) {
    let mut blocks = Vec::new();
    for config in configs.split(',') {
        let mut rounds = Vec::new();
        for &limit in limits.iter().filter(|l| **l > 0) {
            let started = Instant::now();
            let mut harkonnen = [0u32; 101];
            let mut atreides = [0u32; 101];
            let mut games = 0;
            for seed in seeds.clone() {
                let (o, game) = play(&options(config, limit, Some("progress")), seed);
                if o.by_limit {
                    games += 1;
                    harkonnen[game.progress(Faction::Harkonnen).percent() as usize] += 1;
                    atreides[game.progress(Faction::Atreides).percent() as usize] += 1;
                }
            }
            let pairs = |h: &[u32; 101]| {
                let cells: Vec<String> = (0..=100)
                    .filter(|p| h[*p] > 0)
                    .map(|p| format!("[{p}, {}]", h[p]))
                    .collect();
                cells.join(", ")
            };
            rounds.push(format!(
                "        {{\n          \"round\": {limit},\n          \"games\": {games},\n          \
                 \"harkonnen\": [{}],\n          \"atreides\": [{}]\n        }}",
                pairs(&harkonnen),
                pairs(&atreides)
            ));
            eprintln!(
                "{config} limit {limit}: {games} games, {:.1} s",
                started.elapsed().as_secs_f64()
            );
        }
        let o = options(config, 0, None);
        blocks.push(format!(
            "    {{\n      \"desert_war\": {},\n      \"smugglers\": {},\n      \"rounds\": [\n{}\n      ]\n    }}",
            o.desert_war,
            o.smugglers,
            rounds.join(",\n")
        ));
    }
    println!(
        "{{\n  \"format\": \"melange-arrakis-round-limit-1\",\n  \"about\": \"MC-ROUNDS-02: the par of each \
         house at a round limit. For each set of expansions and each limit of N rounds, the reference \
         games the limit ended, and how many of them left each house at each whole percent of the way \
         to its victory condition (MC-STAND-02). A limit past the last round uses the last round.\",\n  \
         \"reference\": \"random against random (the server's random bot in both seats), seeds {}..{}, \
         the core rules' default preset; made by CALIBRATE={}..{} LIMITS={} CONFIGS={} cargo run \
         --release --example round_limit_bias\",\n  \"configurations\": [\n{}\n  ]\n}}",
        seeds.start,
        seeds.end,
        seeds.start,
        seeds.end,
        limits
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(","),
        configs,
        blocks.join(",\n")
    );
}
