//! Seeded random playouts that check the [`Ruleset`] contract, for every
//! game's test suite: legal actions are accepted, refused actions change
//! nothing, the game always offers a move until it ends, and the same seed
//! and actions give the same game.
//!
//! These checks hold for every game, so their failures name the clause of
//! the contract they protect ("contract (legal means accepted)", ...);
//! a game's own invariant, passed in, names the game's rule.
use rand::Rng;

use super::{Position, RngStream, RuleError, Ruleset, Seat, SetupError, read_setup, setup_text};

/// What one checked playout did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Playout {
    /// Actions applied until the game ended.
    pub steps: usize,
    /// Events produced in all.
    pub events: usize,
}

/// How thoroughly to check each step.
#[derive(Clone, Copy, Debug)]
pub struct Checks {
    /// A game longer than this fails (it would never end).
    pub max_steps: usize,
    /// Every this many steps, apply *every* legal action on a clone.
    pub all_legal_every: usize,
}

impl Default for Checks {
    fn default() -> Self {
        Checks {
            max_steps: 100_000,
            all_legal_every: 1,
        }
    }
}

/// How many seeded games a playout or fuzz test plays: `quick` in the
/// README's test command, `soak` in the release soak, which sets
/// `MELANGE_SOAK=1` (`.ci/soak`).
///
/// The soak is told by a variable and not by the build profile, so that
/// the README's `cargo test --release` can share the server's release build
/// (issue 31, item 13) and still play the quick counts.
pub fn playout_games(quick: u64, soak: u64) -> u64 {
    if std::env::var_os("MELANGE_SOAK").is_some_and(|v| v == "1") {
        soak
    } else {
        quick
    }
}

/// Plays one game from `seed` choosing uniformly among the legal actions
/// (the choice stream is separate from the game's), checking the contract
/// after every step, and `invariant` on every state reached.
pub fn random_playout<R>(
    options: &R::Options,
    seed: u64,
    checks: Checks,
    mut invariant: impl FnMut(&R) -> Result<(), String>,
) -> Result<Playout, String>
where
    R: Ruleset + PartialEq,
{
    let mut state = R::setup(options, seed).map_err(|e| format!("setup failed: {e}"))?;
    invariant(&state)?;
    let mut chooser = RngStream::Bot(0xff).rng(seed);
    let mut journal: Vec<(Seat, R::Action)> = Vec::new();
    let mut all_events: Vec<R::Event> = Vec::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while let Some(seat) = state.to_act() {
        let step = journal.len();
        if step >= checks.max_steps {
            return Err(format!(
                "seed {seed}: contract (every game ends): no end after {step} steps"
            ));
        }
        legal.clear();
        state.legal_actions(seat, &mut legal);
        if legal.is_empty() {
            return Err(format!(
                "seed {seed} step {step}: contract (the seat to act has a move): {seat} is to act \
                 with no legal action"
            ));
        }
        check_others_refused(&state, seat, seed, step)?;
        if checks.all_legal_every > 0 && step % checks.all_legal_every == 0 {
            for action in &legal {
                let mut probe = state.clone();
                let mut scratch = Vec::new();
                probe.apply(seat, action, &mut scratch).map_err(|e| {
                    format!(
                        "seed {seed} step {step}: contract (legal means accepted): legal action \
                         {action:?} refused: {e}"
                    )
                })?;
            }
        }
        let mut listed = legal.clone();
        let action = legal.swap_remove(chooser.random_range(0..legal.len()));
        let mut listed_state = state.clone();
        let mut listed_events = Vec::new();
        let listed_result =
            listed_state.apply_listed(seat, &action, &mut listed, &mut listed_events);
        events.clear();
        state.apply(seat, &action, &mut events).map_err(|e| {
            format!(
                "seed {seed} step {step}: contract (legal means accepted): chosen legal action \
                 {action:?} refused: {e}"
            )
        })?;
        check_listed(
            &state,
            &events,
            listed_result,
            &listed_state,
            &listed,
            &listed_events,
        )
        .map_err(|e| format!("seed {seed} step {step}: contract (apply_listed is apply): {e}"))?;
        all_events.append(&mut events);
        journal.push((seat, action));
        invariant(&state).map_err(|e| format!("seed {seed} step {step}: {e}"))?;
    }
    if state.result().is_none() {
        return Err(format!(
            "seed {seed}: contract (a finished game has a result): the game ended without a result"
        ));
    }
    check_replay(options, seed, &journal, &state, &all_events)?;
    Ok(Playout {
        steps: journal.len(),
        events: all_events.len(),
    })
}

/// `apply_listed` with the list the seat picked from did what `apply` did
/// (the same state, the same events) and handed back the legal actions of
/// the seat to act next, as `legal_actions` lists them.
fn check_listed<R>(
    state: &R,
    events: &[R::Event],
    result: Result<(), RuleError>,
    listed_state: &R,
    listed: &[R::Action],
    listed_events: &[R::Event],
) -> Result<(), String>
where
    R: Ruleset + PartialEq,
{
    result.map_err(|e| format!("refused a listed action: {e}"))?;
    if listed_state != state {
        return Err("a different state".into());
    }
    if format!("{listed_events:?}") != format!("{events:?}") {
        return Err("different events".into());
    }
    let mut next = Vec::new();
    if let Some(seat) = state.to_act() {
        state.legal_actions(seat, &mut next);
    }
    if listed != next.as_slice() {
        return Err(format!(
            "handed back {listed:?} as the next legal actions, not {next:?}"
        ));
    }
    Ok(())
}

/// Every seat but the one to act is refused with `NotYourTurn`, and the
/// state is unchanged.
fn check_others_refused<R>(state: &R, to_act: Seat, seed: u64, step: usize) -> Result<(), String>
where
    R: Ruleset + PartialEq,
{
    let mut mine = Vec::new();
    state.legal_actions(to_act, &mut mine);
    for other in (0..state.seat_count()).map(|n| Seat(n as u8)) {
        if other == to_act {
            continue;
        }
        let mut theirs = Vec::new();
        state.legal_actions(other, &mut theirs);
        if !theirs.is_empty() {
            return Err(format!(
                "seed {seed} step {step}: contract (one seat acts at a time): {other} has legal \
                 actions on {to_act}'s turn"
            ));
        }
        let Some(action) = mine.first() else { continue };
        let mut probe = state.clone();
        let mut events = Vec::new();
        match probe.apply(other, action, &mut events) {
            Err(RuleError::NotYourTurn { .. }) => {}
            other_result => {
                return Err(format!(
                    "seed {seed} step {step}: contract (one seat acts at a time): {other} playing \
                     out of turn gave {other_result:?}"
                ));
            }
        }
        if probe != *state || !events.is_empty() {
            return Err(format!(
                "seed {seed} step {step}: contract (refusals change nothing): an out-of-turn \
                 action changed the state"
            ));
        }
    }
    Ok(())
}

/// The same seed and actions give the same final state and events.
fn check_replay<R>(
    options: &R::Options,
    seed: u64,
    journal: &[(Seat, R::Action)],
    end: &R,
    events: &[R::Event],
) -> Result<(), String>
where
    R: Ruleset + PartialEq,
{
    let mut state = R::setup(options, seed).map_err(|e| format!("setup failed: {e}"))?;
    let mut replayed = Vec::new();
    for (step, (seat, action)) in journal.iter().enumerate() {
        state
            .apply(*seat, action, &mut replayed)
            .map_err(|e| format!("seed {seed} replay step {step}: contract (determinism): {e}"))?;
    }
    if state != *end {
        return Err(format!(
            "seed {seed}: contract (determinism): replaying the same actions reached another state"
        ));
    }
    if format!("{replayed:?}") != format!("{events:?}") {
        return Err(format!(
            "seed {seed}: contract (determinism): replaying the same actions gave other events"
        ));
    }
    Ok(())
}

/// Checks that `illegal` is refused for `seat` and leaves the state exactly
/// as it was; returns the error for the caller to inspect.
pub fn assert_refused<R>(state: &R, seat: Seat, illegal: &R::Action) -> RuleError
where
    R: Ruleset + PartialEq,
{
    let mut probe = state.clone();
    let mut events = Vec::new();
    let error = match probe.apply(seat, illegal, &mut events) {
        Ok(()) => panic!("{illegal:?} was accepted for {seat}"),
        Err(error) => error,
    };
    assert!(
        probe == *state,
        "contract (refusals change nothing): refusing {illegal:?} changed the state"
    );
    assert!(
        events.is_empty(),
        "contract (refusals change nothing): refusing {illegal:?} produced events"
    );
    error
}

/// Checks that the edit `change` is refused and leaves the game exactly as
/// it was, with a refusal in words; returns the refusal for the caller to
/// read its rule.
pub fn assert_edit_refused<G>(game: &G, change: impl FnOnce(&mut G::Setup)) -> SetupError
where
    G: Position + PartialEq + std::fmt::Debug,
{
    let mut edited = game.clone();
    let e = edited.edit(change).expect_err("the setup must be refused");
    assert_eq!(edited, *game, "a refused edit leaves the game unchanged");
    assert!(!e.message.is_empty(), "a refusal says what is wrong");
    e
}

/// Plays one game from `seed`, throwing `probes` arbitrary well-formed
/// actions (from `arbitrary`, the kind a hostile client could send) at the
/// seat to act at every step: an action is accepted exactly when it is in
/// the legal list, and a refused one leaves the state and events unchanged
/// ("legal means accepted"). `pick` chooses the action that moves the game
/// on; both draw from one generator seeded by `seed`, apart from the
/// game's. Returns the number of steps played; a game that has not ended
/// after `max_steps` fails.
pub fn fuzz_playout<R>(
    options: &R::Options,
    seed: u64,
    probes: usize,
    max_steps: usize,
    mut arbitrary: impl FnMut(&mut super::GameRng) -> R::Action,
    mut pick: impl FnMut(&[R::Action], &mut super::GameRng) -> R::Action,
) -> Result<usize, String>
where
    R: Ruleset + PartialEq,
{
    let mut game = R::setup(options, seed).map_err(|e| format!("setup failed: {e}"))?;
    let mut rng = RngStream::Bot(7).rng(seed);
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut steps = 0;
    while let Some(seat) = game.to_act() {
        steps += 1;
        if steps >= max_steps {
            return Err(format!(
                "seed {seed}: contract (every game ends): no end after {max_steps} steps"
            ));
        }
        if seat.index() >= game.seat_count() {
            return Err(format!(
                "seed {seed}: contract (only seats act): {seat}, not a seat, was asked to act"
            ));
        }
        legal.clear();
        game.legal_actions(seat, &mut legal);
        for _ in 0..probes {
            let action = arbitrary(&mut rng);
            let mut probe = game.clone();
            let mut probe_events = Vec::new();
            let outcome = probe.apply(seat, &action, &mut probe_events);
            match (legal.contains(&action), outcome) {
                (true, Err(e)) => {
                    return Err(format!(
                        "seed {seed}: contract (legal means accepted): legal {action:?} refused: {e}"
                    ));
                }
                (false, Ok(())) => {
                    return Err(format!(
                        "seed {seed}: contract (legal means accepted): {action:?} not in the legal list \
                         but accepted"
                    ));
                }
                (false, Err(_)) if probe != game || !probe_events.is_empty() => {
                    return Err(format!(
                        "seed {seed}: contract (refusals change nothing): refusing {action:?} \
                         changed the game"
                    ));
                }
                _ => {}
            }
        }
        let action = pick(&legal, &mut rng);
        events.clear();
        game.apply(seat, &action, &mut events).map_err(|e| {
            format!(
                "seed {seed}: contract (legal means accepted): the picked {action:?} was \
                 refused: {e}"
            )
        })?;
    }
    Ok(steps)
}

/// The position as plain data comes back as the same game: no position a
/// game reaches is one a setup is refused (the playouts hold every
/// position to this).
pub fn setup_round_trip<G: Position + PartialEq>(g: &G) -> Result<(), String> {
    match G::from_setup(g.to_setup()) {
        Ok(back) if back == *g => Ok(()),
        Ok(_) => Err("the game built from its own setup differs".into()),
        Err(e) => Err(format!("the game's own setup is refused: {e}")),
    }
}

/// The position written as text reads back as the same setup (the text
/// costs more than the rest of a step together, so the playouts check it
/// at a game's start and end).
pub fn text_round_trip<G: Position>(g: &G) -> Result<(), String> {
    let setup = g.to_setup();
    let text = setup_text(&setup);
    match read_setup::<G::Setup>(&text, G::GAME) {
        Ok(read) if read == setup => Ok(()),
        Ok(_) => Err("a setup read back from its text differs".into()),
        Err(e) => Err(format!("{e} in {text}")),
    }
}

/// Pins `g`'s setup text to the fixture file `path`, byte for byte, so a
/// change to the text's form shows in review, and checks the kept text
/// reads back into `g`. With `SETUP_UPDATE` set in the environment it
/// rewrites the file first (`SETUP_UPDATE=1 cargo test --test <game>
/// position::`).
pub fn assert_setup_fixture<G: Position + PartialEq + std::fmt::Debug>(g: &G, path: &str) {
    let text = setup_text(&g.to_setup()) + "\n";
    if std::env::var_os("SETUP_UPDATE").is_some() {
        std::fs::write(path, &text).expect("the fixture is written");
    }
    let kept = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{path}: {e}; write it with SETUP_UPDATE=1"));
    assert_eq!(
        kept, text,
        "the setup's text changed; see the diff of {path}"
    );
    let read = read_setup::<G::Setup>(&kept, G::GAME).expect("the fixture is a setup");
    assert_eq!(G::from_setup(read).expect("the fixture's position"), *g);
}

/// A game built from its own setup plays on as the original for up to
/// `steps` actions (the middle legal action each time), state for state:
/// the hidden facts (decks, pools, the generator) come across too.
pub fn setup_plays_on<G>(g: &G, steps: usize) -> Result<(), String>
where
    G: Ruleset + Position + PartialEq,
    G::Event: PartialEq,
{
    let mut g = g.clone();
    let mut copy = G::from_setup(g.to_setup()).map_err(|e| e.to_string())?;
    let mut legal = Vec::new();
    for step in 0..steps {
        let Some(seat) = g.to_act() else { break };
        legal.clear();
        g.legal_actions(seat, &mut legal);
        let action = &legal[legal.len() / 2];
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        g.apply(seat, action, &mut ours)
            .map_err(|e| e.to_string())?;
        copy.apply(seat, action, &mut theirs)
            .map_err(|e| e.to_string())?;
        if ours != theirs || g != copy {
            return Err(format!(
                "step {step}: the game built from its setup went another way after {action:?}"
            ));
        }
    }
    Ok(())
}
