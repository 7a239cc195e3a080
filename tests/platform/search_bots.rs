//! The search bot ("mcts", "mcts:N"): its names, its games through the
//! server, its thinking off the game's lock (never inside a CreateGame,
//! views served meanwhile), its determinism and restarts, and its
//! strength against the random bot.
use std::time::{Duration, Instant};

use melange::{
    matches::{
        BotKind, KeptHistory, Match, RestoredSeat, SeatPlan,
        search::{Decision, Mcts},
    },
    pb,
    rules::{
        arrakis::{Arrakis, ArrakisOptions},
        core::{GameRng, RngStream, Ruleset, Seat},
        imperium::{Imperium, ImperiumOptions},
    },
};
use tonic::Code;

use super::{
    harness::{Harness, HarnessOptions},
    simulate::midgame,
    support::{Client, TestServer, harness_request, public_view, wait_for_end},
};

/// A harness game whose seats are played by `bots` ("" for a person).
fn with_bots(seed: u64, counters: u32, bots: &[&str]) -> pb::CreateGameRequest {
    let mut request = harness_request(Some(seed), bots.len() as u32, counters, &[]);
    for (seat, bot) in request.seats.iter_mut().zip(bots) {
        seat.bot = (*bot).to_owned();
    }
    request
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mcts_names_are_read_and_iterations_out_of_range_refused() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    for name in ["mcts:0", "mcts:100001", "mcts:many", "mcts:"] {
        let refused = client
            .create_game(with_bots(1, 21, &[name, ""]))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::InvalidArgument, "{name}");
        assert!(
            refused.message().contains("from 1 to 100000"),
            "{}",
            refused.message()
        );
    }
    let created = client
        .create_game(with_bots(1, 21, &["", "mcts:7"]))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(created.seats[1].bot, "mcts:7");
    assert_eq!(created.seats[1].token, "", "a bot seat has no token");
    let created = client
        .create_game(with_bots(1, 21, &["", "mcts"]))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(created.seats[1].bot, "mcts");
}

/// Who won a finished game.
async fn winner(client: &mut Client, game_id: &str) -> u32 {
    let view = wait_for_end(client, game_id).await;
    view.result.unwrap().winners[0]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mcts_seat_plays_harness_games_to_the_end_and_beats_the_random_bot() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut wins = 0;
    for seed in 0..10 {
        // Seats alternate, so the search plays first and second.
        let searching = (seed % 2) as u32;
        let mut bots = ["random", "random"];
        bots[searching as usize] = "mcts:300";
        let game = client
            .create_game(with_bots(seed, 21, &bots))
            .await
            .unwrap()
            .into_inner();
        if winner(&mut client, &game.game_id).await == searching {
            wins += 1;
        }
    }
    assert!(wins >= 9, "the search won {wins} of 10");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_never_thinks_inside_create_game_and_views_are_served_while_it_thinks() {
    let server = TestServer::start_with(melange::server::ServerConfig {
        max_search_iterations: 20_000,
        ..melange::server::ServerConfig::default()
    })
    .await;
    let mut client = server.client().await;
    let started = Instant::now();
    let game = client
        .create_game(with_bots(4, 300, &["mcts:20000", "mcts:20000"]))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        game.view.as_ref().unwrap().version,
        0,
        "CreateGame played no search move"
    );
    assert!(started.elapsed() < Duration::from_secs(1));
    // While the searches think (each a large part of a second), views
    // come back at once, and the game moves.
    let mut slowest = Duration::ZERO;
    let mut versions = Vec::new();
    let until = Instant::now() + Duration::from_secs(3);
    while Instant::now() < until {
        let asked = Instant::now();
        let view = public_view(&mut client, &game.game_id).await;
        slowest = slowest.max(asked.elapsed());
        versions.push(view.version);
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(
        slowest < Duration::from_millis(250),
        "a view took {slowest:?}"
    );
    assert!(versions.last() > versions.first(), "the bots played");
    assert!(
        versions
            .windows(2)
            .filter(|pair| pair[0] == pair[1])
            .count()
            > 3,
        "views were served between two moves: {versions:?}"
    );
}

fn plans(bots: [Option<BotKind>; 2]) -> Vec<SeatPlan> {
    bots.iter().map(|&bot| SeatPlan { bot }).collect()
}

fn options() -> HarnessOptions {
    HarnessOptions {
        seats: 2,
        counters: 40,
        panic_at: None,
    }
}

#[test]
fn a_decision_about_a_version_the_game_has_left_is_dropped() {
    let mcts = BotKind::parse("mcts:50").unwrap();
    let (mut game, tokens) =
        Match::<Harness>::create(options(), 9, &plans([Some(mcts), None])).unwrap();
    assert!(tokens[0].is_none());
    assert_eq!(game.version(), 0, "creation played no search move");
    let job = game.search_job().expect("the search is to act");
    let decision = job.think();
    assert_eq!(decision.version, 0);
    assert_eq!(decision.seat, Seat(0));
    // The same job again thinks the same (taking a job changes nothing).
    assert_eq!(game.search_job().unwrap().think(), decision);
    let stale = Decision {
        version: 1,
        ..decision
    };
    assert!(game.apply_decision(stale), "the search still has its move");
    assert_eq!(game.version(), 0);
    assert!(!game.apply_decision(decision), "a person is to act next");
    assert_eq!(game.version(), 1);
    assert!(game.search_job().is_none(), "no search is to act");
}

#[test]
fn search_games_are_the_same_for_the_same_seed_and_survive_a_restart() {
    let mcts = BotKind::parse("mcts:40").unwrap();
    let seats = [Some(mcts), Some(BotKind::Random)];
    let play = || {
        let mut game = Match::<Harness>::create(options(), 12, &plans(seats))
            .unwrap()
            .0;
        game.play_bots_inline();
        game
    };
    let whole = play();
    assert!(whole.state().to_act().is_none(), "the game is over");
    let journal: Vec<_> = whole.journal().iter().cloned().collect();
    assert_eq!(
        journal,
        play().journal().iter().cloned().collect::<Vec<_>>()
    );

    // Restored from half its journal (as after a restart), the game goes
    // on with the same moves: the search's generator moved on as if it had
    // thought each kept move again.
    let half = journal.len() / 2;
    let restored_seats: Vec<_> = seats
        .iter()
        .map(|&bot| RestoredSeat { bot, token: None })
        .collect();
    let (mut restored, problem) = Match::<Harness>::restore(
        options(),
        12,
        &restored_seats,
        KeptHistory {
            actions: journal[..half].to_vec(),
            hashes: Vec::new(),
            given: 0,
            stand_ins: Vec::new(),
            notes: Vec::new(),
        },
    )
    .unwrap();
    assert_eq!(problem, None);
    restored.play_bots_inline();
    assert_eq!(
        restored.journal().iter().cloned().collect::<Vec<_>>(),
        journal
    );
}

/// MC-SIM-06: `state` and a state `seat` cannot tell from it (what it does
/// not see redrawn) get the same move from a search with the same
/// generator.
pub fn indistinguishable_states_get_the_same_search_move<R: Ruleset>(state: &R, seat: Seat) {
    let search = Mcts { iterations: 60 };
    indistinguishable_states_get_the_same_move(state, seat, |state, rng| {
        search.decide(state, seat, rng)
    });
}

/// MC-SIM-06: `state` and a state `seat` cannot tell from it (what it does
/// not see redrawn) get the same move from a bot, `choose`, drawing from
/// the same generator.
pub fn indistinguishable_states_get_the_same_move<R: Ruleset, M>(
    state: &R,
    seat: Seat,
    choose: impl Fn(&R, &mut GameRng) -> M,
) where
    M: PartialEq + std::fmt::Debug,
{
    let twin = state.determinize(seat, &mut RngStream::Rival.rng(99));
    assert_ne!(format!("{state:?}"), format!("{twin:?}"));
    for seed in [3, 4, 5] {
        assert_eq!(
            choose(state, &mut RngStream::Bot(seat.0).rng(seed)),
            choose(&twin, &mut RngStream::Bot(seat.0).rng(seed)),
            "seed {seed}"
        );
    }
}

#[test]
fn a_search_plays_only_on_what_its_seat_sees() {
    // MC-SIM-06
    let mut state = Harness::setup(&options(), 2).unwrap();
    state.apply(Seat(0), &3, &mut Vec::new()).unwrap();
    indistinguishable_states_get_the_same_search_move(&state, Seat(1));
}

#[test]
fn an_arrakis_search_plays_only_on_what_its_seat_sees() {
    // MC-SIM-06
    for (seed, moves) in [(5, 40), (6, 300)] {
        let state: Arrakis = midgame(&ArrakisOptions::default(), seed, moves);
        indistinguishable_states_get_the_same_search_move(&state, state.to_act().unwrap());
    }
}

#[test]
fn an_imperium_search_plays_only_on_what_its_seat_sees() {
    // MC-SIM-06
    for (players, seed, moves) in [(2, 5, 30), (4, 6, 120)] {
        let state: Imperium = midgame(&ImperiumOptions::players(players), seed, moves);
        indistinguishable_states_get_the_same_search_move(&state, state.to_act().unwrap());
    }
}

/// A game of `kind` ended after `max_rounds` rounds, the search in seat 0
/// and the random bot in the others.
pub fn short_game(
    kind: pb::GameKind,
    game: pb::game_options::Game,
    seats: usize,
    search: &str,
) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        kind: kind as i32,
        seed: Some(8),
        options: Some(pb::GameOptions {
            max_rounds: Some(1),
            game: Some(game),
            ..Default::default()
        }),
        seats: (0..seats)
            .map(|seat| pb::SeatConfig {
                bot: if seat == 0 { search } else { "random" }.to_owned(),
                plays: String::new(),
            })
            .collect(),
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mcts_seat_plays_a_short_imperium_game_to_the_end() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let imperium = pb::game_options::Game::Imperium(pb::ImperiumOptions {
        player_count: 2,
        ..Default::default()
    });
    let request = short_game(pb::GameKind::Imperium, imperium, 2, "mcts:20");
    let game = client.create_game(request).await.unwrap().into_inner();
    let end = wait_for_end(&mut client, &game.game_id).await;
    assert!(end.result.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_mcts_seat_plays_a_short_arrakis_game_to_the_end() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let arrakis = pb::game_options::Game::Arrakis(pb::ArrakisOptions::default());
    let request = short_game(pb::GameKind::WarForArrakis, arrakis, 2, "mcts:20");
    let game = client.create_game(request).await.unwrap().into_inner();
    let end = wait_for_end(&mut client, &game.game_id).await;
    assert!(end.result.is_some());
}
