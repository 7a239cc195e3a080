//! The greedy one-ply bot ("greedy", MC-SIM-09): it takes a move that wins
//! when there is one, breaks ties with its own generator, reads nothing
//! its seat cannot see, and plays whole games through the server.
use melange::{
    matches::{BOT_SLICE, BotKind, Match, SeatPlan, search::greedy_pick},
    pb,
    rules::{
        arrakis::{Arrakis, ArrakisOptions},
        core::{RngStream, Ruleset, Seat},
        imperium::{Imperium, ImperiumOptions},
    },
};

use super::{
    harness::{Harness, HarnessOptions},
    search_bots::{indistinguishable_states_get_the_same_move, short_game},
    simulate::midgame,
    support::{TestServer, wait_for_end},
};

/// A harness game of two seats with `counters` on the table and the
/// second seat to act: the harness's standing puts the first seat first
/// until someone wins, so only the second seat gains by winning.
fn harness(counters: u32) -> Harness {
    let options = HarnessOptions {
        seats: 2,
        counters: counters + 1,
        panic_at: None,
    };
    let mut state = Harness::setup(&options, 1).unwrap();
    state.apply(Seat(0), &1, &mut Vec::new()).unwrap();
    state
}

/// The greedy bot's move in `state` for the seat to act.
fn greedy_move<R: Ruleset>(state: &R, seed: u64) -> R::Action {
    let seat = state.to_act().unwrap();
    let mut legal = Vec::new();
    state.legal_actions(seat, &mut legal);
    let pick = greedy_pick(state, seat, &legal, &mut RngStream::Bot(seat.0).rng(seed));
    legal[pick].clone()
}

#[test]
fn greedy_takes_the_move_that_wins_when_there_is_one() {
    // MC-SIM-09: taking the last counter wins the harness game; the
    // result's place beats every other move's standing.
    for counters in 1..=3 {
        for seed in 0..20 {
            assert_eq!(
                greedy_move(&harness(counters), seed),
                counters,
                "seed {seed}"
            );
        }
    }
}

#[test]
fn greedy_breaks_ties_with_its_generator() {
    // MC-SIM-09: with 20 counters no move wins or changes the standing,
    // so every move ties, and the generator picks each of them.
    let state = harness(20);
    let mut seen: Vec<u32> = (0..60).map(|seed| greedy_move(&state, seed)).collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen, vec![1, 2, 3]);
    // The same generator gives the same move.
    assert_eq!(greedy_move(&state, 7), greedy_move(&state, 7));
}

/// MC-SIM-06, MC-SIM-09: the greedy move in `state` is the one in a state
/// the seat to act cannot tell from it.
fn indistinguishable_states_get_the_same_greedy_move<R: Ruleset>(state: &R) {
    let seat = state.to_act().unwrap();
    indistinguishable_states_get_the_same_move(state, seat, |state, rng| {
        let mut legal = Vec::new();
        state.legal_actions(seat, &mut legal);
        legal[greedy_pick(state, seat, &legal, rng)].clone()
    });
}

#[test]
fn greedy_plays_only_on_what_its_seat_sees() {
    // MC-SIM-06, MC-SIM-09
    for (seed, moves) in [(5, 40), (6, 300)] {
        let state: Arrakis = midgame(&ArrakisOptions::default(), seed, moves);
        indistinguishable_states_get_the_same_greedy_move(&state);
    }
    for (players, seed, moves) in [(2, 5, 30), (4, 6, 120)] {
        let state: Imperium = midgame(&ImperiumOptions::players(players), seed, moves);
        indistinguishable_states_get_the_same_greedy_move(&state);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_greedy_seat_plays_short_games_of_both_kinds_to_the_end() {
    // MC-SIM-09: "greedy" is a built-in bot name the server plays.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let imperium = pb::game_options::Game::Imperium(pb::ImperiumOptions {
        player_count: 2,
        ..Default::default()
    });
    let arrakis = pb::game_options::Game::Arrakis(pb::ArrakisOptions::default());
    for (kind, game) in [
        (pb::GameKind::Imperium, imperium),
        (pb::GameKind::WarForArrakis, arrakis),
    ] {
        let request = short_game(kind, game, 2, "greedy");
        let created = client.create_game(request).await.unwrap().into_inner();
        assert_eq!(created.seats[0].bot, "greedy");
        let end = wait_for_end(&mut client, &created.game_id).await;
        assert!(end.result.is_some(), "{kind:?}");
    }
}

#[test]
fn a_slice_of_greedy_moves_costs_its_steps_not_its_moves() {
    // MC-SIM-09: a greedy move plays each legal action once, so a bot slice
    // (what CreateGame, ApplyAction and each background slice may play
    // under the game's lock) counts it as that many rules steps. With 3
    // legal takes a move, creation's slice of BOT_SLICE steps plays a third
    // as many greedy moves as random ones.
    let options = HarnessOptions {
        seats: 2,
        counters: 100_000,
        panic_at: None,
    };
    let moves_at_creation = |bot: &str| {
        let kind = BotKind::parse(bot).unwrap();
        let plans = vec![SeatPlan { bot: Some(kind) }; 2];
        let (game, _) = Match::<Harness>::create(options.clone(), 4, &plans).unwrap();
        game.version() as usize
    };
    assert_eq!(moves_at_creation("random"), BOT_SLICE);
    assert_eq!(moves_at_creation("greedy"), BOT_SLICE.div_ceil(3));
}
