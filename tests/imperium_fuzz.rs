//! Arbitrary well-formed actions (any card, space, Intrigue card, faction,
//! number or seat a client could name) thrown at states along random games:
//! an action is accepted exactly when it is in the legal list, and a refused
//! one leaves the game unchanged. No input may panic the engine.
use melange::rules::core::{Seat, conformance::fuzz_playout};
use melange::rules::imperium::{
    Action, CardId, Faction, Imperium, ImperiumOptions, IntrigueId, Preset, SpaceId, Zone,
    data::data,
};
use rand::Rng;

const GAMES: u64 = if cfg!(debug_assertions) { 100 } else { 1_000 };
const PROBES_PER_STEP: usize = 16;

fn arbitrary(rng: &mut melange::rules::core::GameRng) -> Action {
    let d = data();
    let card = CardId(rng.random_range(0..d.cards.len()) as u8);
    let space = SpaceId(rng.random_range(0..d.spaces.len()) as u8);
    let intrigue = IntrigueId(rng.random_range(0..d.intrigues.len()) as u8);
    let zone = [Zone::Hand, Zone::Discard, Zone::InPlay][rng.random_range(0..3)];
    let small = rng.random_range(0..=u8::MAX);
    match rng.random_range(0..14) {
        0 => Action::SendAgent { card, space },
        1 => Action::Reveal,
        2 => Action::Intrigue(intrigue),
        3 => Action::Pass,
        4 => Action::Accept,
        5 => Action::Choose(small % 8),
        6 => Action::Faction(Faction::ALL[rng.random_range(0..4)]),
        7 => Action::Troops(small % 16),
        8 => Action::Trash(card, zone),
        9 => Action::Discard(card),
        10 => Action::Acquire {
            card,
            top: rng.random(),
        },
        11 => Action::Space(space),
        12 => Action::Opponent(Seat(small)),
        _ => Action::Card(card),
    }
}

/// Legal means accepted, everything else refused with nothing changed
/// (DESIGN.md "Legal means accepted"; IM-AGENT-04, IM-AGENT-05, IM-AGENT-07
/// and every other refusal are exercised here by chance as well as by their
/// own tests).
#[test]
fn arbitrary_actions_are_accepted_exactly_when_legal() {
    for seed in 0..GAMES {
        let players = 1 + (seed % 4) as u8;
        // Every other block of four seeds plays the `published` preset, so
        // its decision steps (IM-AGENT-09 order, IM-START-05 optional
        // defensive troop, IM-REVEAL-02 interleaved Reveal boxes) are
        // probed too, with rivals for 1-2 players.
        let preset = if (seed / 4) % 2 == 1 {
            Preset::Published
        } else {
            Preset::Default
        };
        let opts = ImperiumOptions {
            preset,
            ..ImperiumOptions::players(players)
        };
        fuzz_playout::<Imperium>(
            &opts,
            seed,
            PROBES_PER_STEP,
            100_000,
            arbitrary,
            |legal, rng| legal[rng.random_range(0..legal.len())],
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
}
