//! Seeded random War for Arrakis games played to a winner through the
//! conformance harness, with invariants checked after every step.
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, ArrakisOptions, DieResult, Faction, Preset,
};
use melange::rules::core::conformance::{
    Checks, assert_refused, random_playout, setup_round_trip, text_round_trip,
};
use melange::rules::core::{Ruleset, Seat, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games per test: `ARRAKIS_GAMES` when set, else the quick or the soak
/// count of `playout_games` (e.g. `ARRAKIS_GAMES=2000 cargo test --test arrakis playout::`).
pub(crate) fn games() -> u64 {
    std::env::var("ARRAKIS_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| melange::rules::core::conformance::playout_games(1000, 5000))
}

/// The rules' invariants, a position that survives its plain data, hidden
/// facts absent from the other seat's view. Each failure names
/// the rule it protects, so a failing seed reads as a broken rule.
fn invariant(g: &Arrakis) -> Result<(), String> {
    board_invariant(g)?;
    setup_round_trip(g)?;
    hidden_invariant(g)
}

/// The invariants every legal position keeps (`Arrakis::check_position`:
/// each figure conserved, stacking held, leaders never alone, every leader
/// where it says, the expansions' own): the engine checks a setup against
/// the same list, so no position a game reaches is one a setup is refused.
fn board_invariant(g: &Arrakis) -> Result<(), String> {
    g.check_position().map_err(|e| e.to_string())
}

/// Hidden information (AR-DEPLOY-02, the objective, hands) absent from the
/// Harkonnen's and a spectator's views, and the Harkonnen hand from the
/// Atreides'.
fn hidden_invariant(g: &Arrakis) -> Result<(), String> {
    super::desert_war::playout::desert_war_hidden_invariant(g)?;
    let hv = g.view(Viewer::Seat(Seat(0)));
    let sv = g.view(Viewer::Spectator);
    for v in [&hv, &sv] {
        if v.objective.is_some() || v.objective2.is_some() {
            return Err(
                "AR-WIN-01: the Atreides secret objective in a Harkonnen or spectator view".into(),
            );
        }
        if v.houses[Faction::Atreides].hand.is_some() {
            return Err(
                "hidden hands (no checklist ID): the Atreides hand in a Harkonnen or \
                 spectator view"
                    .into(),
            );
        }
        for (i, (a, s)) in v.areas.iter().zip(g.areas()).enumerate() {
            if !a.token_kinds.is_empty() {
                return Err(format!(
                    "AR-DEPLOY-02: face-down deployment token contents in area {i} leaked"
                ));
            }
            if let (Some(r), Some(real)) = (a.sietch, s.sietch)
                && r.is_some()
                && !real.revealed
            {
                return Err(format!(
                    "AR-DEPLOY-08, AR-SCOUT-03: the rank of the face-down sietch in area {i} \
                     leaked (only a battle or scouting turns it up)"
                ));
            }
        }
    }
    for v in [&hv, &sv] {
        if let melange::rules::arrakis::Prompt::AtreidesDeploy { token, .. } = v.prompt
            && token != u8::MAX
        {
            return Err(
                "AR-DIE-11: the deployment token the Atreides drew in secret leaked".into(),
            );
        }
    }
    let av = g.view(Viewer::Seat(Seat(1)));
    if av.houses[Faction::Harkonnen].hand.is_some() || sv.houses[Faction::Harkonnen].hand.is_some()
    {
        return Err(
            "hidden hands (no checklist ID): the Harkonnen hand in an Atreides or spectator view"
                .into(),
        );
    }
    Ok(())
}

/// Weight of an action for the biased random player: "stop here" is
/// always offered, so a uniform player wastes most actions; this one
/// prefers to act, attack and press on, so games reach a winner quickly.
fn weight(g: &Arrakis, a: &Action) -> u32 {
    match a {
        Action::Done => 1,
        Action::To(b) => {
            let s = &g.areas()[b.index()];
            let contested = s.unit_count(Faction::Harkonnen) > 0
                || s.unit_count(Faction::Atreides) > 0
                || s.sietch.is_some()
                || s.settlement;
            if contested { 12 } else { 4 }
        }
        Action::Continue | Action::Advance | Action::BuySupremacy | Action::Claim(_) => 12,
        Action::Discard(_) => 2,
        _ => 4,
    }
}

/// Plays one biased random game to its end, checking after every step the
/// board invariants and that nobody else may act; every `check_every` steps
/// (and at the end) that no hidden fact is in another seat's view and that
/// illegal actions are refused with the game unchanged; every `probe_every`
/// steps that every legal action is accepted; then replays it for
/// determinism.
pub(crate) fn biased_game(
    opts: &ArrakisOptions,
    seed: u64,
    probe_every: usize,
    check_every: usize,
) -> (Faction, usize) {
    biased_game_with(opts, seed, |_| {}, probe_every, check_every)
}

/// [`biased_game`] from the state `prepare` makes of the new game (a test
/// hook putting figures on the board), in the game and in its replay.
pub(crate) fn biased_game_with(
    opts: &ArrakisOptions,
    seed: u64,
    prepare: fn(&mut Arrakis),
    probe_every: usize,
    check_every: usize,
) -> (Faction, usize) {
    let mut g = Arrakis::setup(opts, seed).unwrap();
    prepare(&mut g);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut journal = Vec::new();
    let mut events = Vec::new();
    invariant(&g).unwrap_or_else(|e| panic!("seed {seed} at setup: {e}"));
    text_round_trip(&g).unwrap_or_else(|e| panic!("seed {seed} at setup: {e}"));
    while let Some(seat) = g.to_act() {
        assert!(journal.len() < 200_000, "seed {seed}: no end");
        legal.clear();
        g.legal_actions(seat, &mut legal);
        assert!(
            !legal.is_empty(),
            "seed {seed}: no legal action at {:?}",
            g.prompt()
        );
        let other = Seat(1 - seat.0);
        let mut none = Vec::new();
        g.legal_actions(other, &mut none);
        assert!(
            none.is_empty(),
            "seed {seed}: contract (one seat acts at a time): {other} has legal actions on \
             {seat}'s turn at {:?}",
            g.prompt()
        );
        if probe_every > 0 && journal.len() % probe_every == 0 {
            for a in &legal {
                assert!(!g.label(a).is_empty());
                let mut c = g.clone();
                c.apply(seat, a, &mut Vec::new())
                    .unwrap_or_else(|e| panic!("seed {seed}: legal {a:?} refused: {e}"));
            }
        }
        if journal.len() % check_every == 0 {
            for bad in [
                Action::To(AreaId(200)),
                Action::Claim(9),
                Action::Reassign(DieResult::House),
            ] {
                if !legal.contains(&bad) {
                    assert_refused(&g, seat, &bad);
                }
            }
        }
        let total: u32 = legal.iter().map(|a| weight(&g, a)).sum();
        let mut pick = rng.random_range(0..total);
        let a = *legal
            .iter()
            .find(|a| {
                let w = weight(&g, a);
                if pick < w {
                    true
                } else {
                    pick -= w;
                    false
                }
            })
            .unwrap();
        let before = g.prompt();
        g.apply(seat, &a, &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}: {a:?} refused: {e}"));
        journal.push((seat, a));
        let check = if journal.len() % check_every == 0 {
            invariant
        } else {
            board_invariant
        };
        check(&g).unwrap_or_else(|e| {
            panic!(
                "seed {seed} step {}: {e} after {a:?} at {before:?}, now {:?}",
                journal.len(),
                g.prompt()
            )
        });
    }
    invariant(&g).unwrap_or_else(|e| panic!("seed {seed} at the end: {e}"));
    text_round_trip(&g).unwrap_or_else(|e| panic!("seed {seed} at the end: {e}"));
    // Same seed and actions, same game.
    let mut r = Arrakis::setup(opts, seed).unwrap();
    prepare(&mut r);
    let mut ev2 = Vec::new();
    for (s, a) in &journal {
        r.apply(*s, a, &mut ev2).unwrap();
    }
    assert!(r == g, "seed {seed}: replay diverged");
    assert_eq!(ev2, events, "seed {seed}: replay events diverged");
    let res = g.result().expect("a finished game has a result");
    let w = if res.winners[0] == Seat(0) {
        Faction::Harkonnen
    } else {
        Faction::Atreides
    };
    (w, journal.len())
}

fn many(
    preset: Preset,
    seeds: std::ops::Range<u64>,
    probe_every: usize,
    check_every: usize,
) -> [u64; 2] {
    let opts = ArrakisOptions {
        preset,
        ..Default::default()
    };
    let mut wins = [0u64; 2];
    let mut steps = 0;
    let n = seeds.end - seeds.start;
    for seed in seeds {
        let (w, s) = biased_game(&opts, seed, probe_every, check_every);
        wins[w.index()] += 1;
        steps += s;
    }
    eprintln!(
        "{preset:?}: {n} games, Harkonnen {} Atreides {}, {} steps/game",
        wins[0],
        wins[1],
        steps as u64 / n.max(1)
    );
    wins
}

#[test]
fn random_games_play_to_a_winner_with_the_contract_held() {
    // AR-START-02, AR-WIN-02, AR-WIN-04, AR-WIN-05: every game ends with a
    // winner.
    let n = games();
    let w = many(Preset::Default, 0..n, 0, 5);
    assert_eq!(w[0] + w[1], n);
}

#[test]
fn random_games_with_every_legal_action_probed() {
    let n = games() / 10;
    let w = many(Preset::Default, 1_000_000..1_000_000 + n, 1, 1);
    assert_eq!(w[0] + w[1], n);
}

#[test]
fn published_preset_games_play_to_a_winner() {
    let n = games() / 2;
    let w = many(Preset::Published, 2_000_000..2_000_000 + n, 0, 5);
    assert_eq!(w[0] + w[1], n);
}

/// The platform's uniform random playout: the contract holds at every step
/// (a uniform player often stops its own actions, so a game may not end
/// within the cap; only that outcome is tolerated).
#[test]
fn conformance_random_playout_holds_the_contract() {
    let opts = ArrakisOptions::default();
    let mut ended = 0;
    for seed in 0..6 {
        match random_playout::<Arrakis>(
            &opts,
            seed,
            Checks {
                max_steps: 15_000,
                all_legal_every: 7,
            },
            invariant,
        ) {
            Ok(_) => ended += 1,
            Err(e) if e.contains("no end after") => {}
            Err(e) => panic!("{e}"),
        }
    }
    eprintln!("uniform playouts ended: {ended}/6");
}

/// One seed of the `published` games, for replaying a failure:
/// `ARRAKIS_SEED=2001588 cargo test --test arrakis one_published_seed`.
#[test]
fn one_published_seed() {
    let Some(seed) = std::env::var("ARRAKIS_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
    else {
        return;
    };
    let opts = ArrakisOptions {
        preset: Preset::Published,
        ..Default::default()
    };
    biased_game(&opts, seed, 0, 5);
}
