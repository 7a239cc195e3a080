//! `Simulate`, the forward model (rules MC-SIM-01, MC-SIM-04, MC-SIM-05): it never
//! changes the game, the same sampling seed gives the same samples, its
//! bounds and tokens are checked, a refused action is reported with its
//! rule, and two games that differ only in what the seat cannot see give
//! the same simulations.
use melange::rules::arrakis::expansions::ExpansionPrompt;
use melange::{
    api::{WireRules, simulate::Plan},
    matches::search::{Scratch, random_playout},
    pb,
    rules::{
        arrakis::{
            Action as ArrakisAction, Arrakis, ArrakisOptions, Faction, Prompt,
            expansions::smugglers::SmPrompt,
        },
        core::{RngStream, Ruleset, Seat, Viewer},
        imperium::{Imperium, ImperiumOptions},
    },
};
use tonic::Code;

use super::{
    harness::{Harness, HarnessOptions},
    support::{Client, TestServer, admin_replay, authed, harness_request, snapshot, take},
};

fn request(
    game: &pb::CreateGameResponse,
    seat: u32,
    actions: Vec<pb::Action>,
) -> pb::SimulateRequest {
    pb::SimulateRequest {
        game_id: game.game_id.clone(),
        seat,
        actions,
        sampling_seed: 7,
        samples: 8,
        playout_steps: 3,
    }
}

async fn simulate(
    client: &mut Client,
    game: &pb::CreateGameResponse,
    body: pb::SimulateRequest,
) -> Result<pb::SimulateResponse, tonic::Status> {
    let token = &game.seats[body.seat as usize].token;
    client
        .simulate(authed(body, token))
        .await
        .map(tonic::Response::into_inner)
}

/// A two-seat harness game of 30 counters with two moves played.
async fn started(client: &mut Client) -> pb::CreateGameResponse {
    let game = client
        .create_game(harness_request(Some(3), 2, 30, &[]))
        .await
        .unwrap()
        .into_inner();
    for (version, seat) in [(0, 0), (1, 1)] {
        let apply = pb::ApplyActionRequest {
            game_id: game.game_id.clone(),
            seat,
            expected_version: version,
            action: Some(take(2)),
            ..Default::default()
        };
        let token = &game.seats[seat as usize].token;
        client.apply_action(authed(apply, token)).await.unwrap();
    }
    game
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simulate_never_changes_the_game_and_answers_for_the_seat_only() {
    // MC-SIM-04, MC-SIM-05 (runs off the game, never changes it).
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = started(&mut client).await;
    let views = snapshot(&mut client, &game).await;
    let replay = admin_replay(&mut client, &game.game_id).await;

    let body = request(&game, 0, vec![take(1), take(3)]);
    let simulated = simulate(&mut client, &game, body).await.unwrap();
    assert_eq!(simulated.version, 2);
    assert_eq!(simulated.samples.len(), 8);
    for sample in &simulated.samples {
        assert_eq!(sample.applied, 2);
        assert_eq!(sample.refusal, "");
        assert_eq!(sample.played, 3);
        let view = sample.view.as_ref().unwrap();
        assert_eq!(view.seat, Some(0), "the seat's view, never another's");
        assert_eq!(view.version, 2 + 2 + 3);
        let Some(pb::view::Game::Harness(harness)) = &view.game else {
            panic!("a harness view expected");
        };
        // 26 left, then 1 and 3 taken, then three random takes of 1 to 3.
        assert!(
            (13..=19).contains(&harness.remaining),
            "{}",
            harness.remaining
        );
    }

    assert_eq!(snapshot(&mut client, &game).await, views);
    assert_eq!(admin_replay(&mut client, &game.game_id).await, replay);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_sampling_seed_gives_the_same_samples() {
    // MC-SIM-01: sample i depends on the seed, i and the seat's view only.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = started(&mut client).await;
    let once = simulate(&mut client, &game, request(&game, 1, vec![take(1)]))
        .await
        .unwrap();
    let again = simulate(&mut client, &game, request(&game, 1, vec![take(1)]))
        .await
        .unwrap();
    assert_eq!(once, again);
    let other = pb::SimulateRequest {
        sampling_seed: 8,
        ..request(&game, 1, vec![take(1)])
    };
    let other = simulate(&mut client, &game, other).await.unwrap();
    assert_ne!(once, other, "another seed draws other dice");
    // Fewer samples are the first ones of more.
    let fewer = pb::SimulateRequest {
        samples: 3,
        ..request(&game, 1, vec![take(1)])
    };
    let fewer = simulate(&mut client, &game, fewer).await.unwrap();
    assert_eq!(fewer.samples[..], once.samples[..3]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bounds_are_refused_before_anything_runs() {
    // MC-SIM-05
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = started(&mut client).await;
    let too_many = pb::SimulateRequest {
        samples: 65,
        ..request(&game, 0, Vec::new())
    };
    let refused = simulate(&mut client, &game, too_many).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(
        refused.message().contains("MC-SIM-05"),
        "{}",
        refused.message()
    );
    assert!(
        refused.message().contains("1 to 64"),
        "{}",
        refused.message()
    );

    let too_long = pb::SimulateRequest {
        samples: 64,
        playout_steps: 3_126,
        ..request(&game, 0, Vec::new())
    };
    let refused = simulate(&mut client, &game, too_long).await.unwrap_err();
    assert_eq!(refused.code(), Code::ResourceExhausted);
    assert!(
        refused.message().contains("MC-SIM-05"),
        "{}",
        refused.message()
    );
    assert!(
        refused.message().contains("200000"),
        "{}",
        refused.message()
    );

    // Exactly at the bound is accepted; 0 samples means 1.
    let at_bound = pb::SimulateRequest {
        samples: 64,
        playout_steps: 3_125,
        ..request(&game, 0, Vec::new())
    };
    assert_eq!(
        simulate(&mut client, &game, at_bound)
            .await
            .unwrap()
            .samples
            .len(),
        64
    );
    let default = pb::SimulateRequest {
        samples: 0,
        ..request(&game, 0, Vec::new())
    };
    assert_eq!(
        simulate(&mut client, &game, default)
            .await
            .unwrap()
            .samples
            .len(),
        1
    );

    let malformed = request(&game, 0, vec![pb::Action::default()]);
    let refused = simulate(&mut client, &game, malformed).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(
        refused.message().contains("actions[0]"),
        "{}",
        refused.message()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_simulates_only_with_its_own_token() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = started(&mut client).await;
    let body = request(&game, 0, Vec::new());

    let mine = &game.seats[0].token;
    let cases = [
        (body.clone(), None, Code::Unauthenticated),
        (
            body.clone(),
            Some(&game.seats[1].token),
            Code::PermissionDenied,
        ),
        (
            pb::SimulateRequest {
                seat: 5,
                ..body.clone()
            },
            Some(mine),
            Code::InvalidArgument,
        ),
        (
            pb::SimulateRequest {
                game_id: "no-such-game".into(),
                ..body
            },
            Some(mine),
            Code::NotFound,
        ),
    ];
    for (body, token, code) in cases {
        let request = match token {
            Some(token) => authed(body, token),
            None => tonic::Request::new(body),
        };
        let refused = client.simulate(request).await.unwrap_err();
        assert_eq!(refused.code(), code, "{}", refused.message());
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_action_is_reported_with_its_rule_and_stops_the_sample() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = started(&mut client).await;
    let body = request(&game, 0, vec![take(1), take(7), take(1)]);
    let simulated = simulate(&mut client, &game, body).await.unwrap();
    for sample in &simulated.samples {
        assert_eq!(sample.applied, 1);
        assert_eq!(sample.played, 0, "no playout after a refusal");
        assert!(
            sample
                .refusal
                .starts_with("actions[1] for seat 1: HARNESS-TAKE"),
            "{}",
            sample.refusal
        );
        assert_eq!(sample.view.as_ref().unwrap().version, 3);
    }

    // Actions past the end of the game.
    let short = client
        .create_game(harness_request(Some(3), 2, 3, &[]))
        .await
        .unwrap()
        .into_inner();
    let body = request(&short, 0, vec![take(3), take(1)]);
    let simulated = simulate(&mut client, &short, body).await.unwrap();
    let sample = &simulated.samples[0];
    assert_eq!(sample.applied, 1);
    assert_eq!(sample.refusal, "actions[1]: the game is over before it");
    let view = sample.view.as_ref().unwrap();
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
}

/// A state's view for `seat` in the contract's terms (what `Plan::run`
/// renders each sample with), here without a game id.
fn render<R: WireRules>(seat: Seat) -> impl Fn(&R, u64) -> pb::View {
    move |state, version| {
        let mut legal = Vec::new();
        state.legal_actions(seat, &mut legal);
        pb::View {
            version,
            to_act: state.to_act().iter().map(|s| u32::from(s.0)).collect(),
            legal_actions: legal
                .iter()
                .map(|action| pb::LegalAction {
                    action: Some(R::action_to_pb(action)),
                    label: state.label(action),
                })
                .collect(),
            game: state.view_to_pb(state.view(Viewer::Seat(seat))),
            ..Default::default()
        }
    }
}

/// A plan of `samples` samples, `actions` and a playout.
fn plan<R: WireRules>(actions: &[R::Action], seed: u64) -> Plan<R> {
    Plan::<R>::check(&pb::SimulateRequest {
        actions: actions.iter().map(R::action_to_pb).collect(),
        sampling_seed: seed,
        samples: 16,
        playout_steps: 40,
        ..Default::default()
    })
    .unwrap()
}

/// MC-SIM-01, MC-SIM-04: `state` and another state `seat` cannot tell from
/// it (what it does not see redrawn) give the same simulations for the
/// same sampling seed, with `actions` and a random playout after them.
pub fn indistinguishable_states_simulate_alike<R: WireRules>(
    state: &R,
    seat: Seat,
    actions: &[R::Action],
) {
    let twin = state.determinize(seat, &mut RngStream::Rival.rng(99));
    assert_ne!(
        format!("{state:?}"),
        format!("{twin:?}"),
        "the twin differs in what the seat cannot see"
    );
    assert_eq!(
        format!("{:?}", state.view(Viewer::Seat(seat))),
        format!("{:?}", twin.view(Viewer::Seat(seat))),
        "and the seat cannot tell"
    );
    for seed in [1, 2] {
        let plan = plan::<R>(actions, seed);
        let simulated = plan.run(state, seat, render::<R>(seat)).unwrap();
        let twins = plan.run(&twin, seat, render::<R>(seat)).unwrap();
        assert_eq!(simulated, twins, "sampling seed {seed}");
    }
}

#[test]
fn harness_games_the_seat_cannot_tell_apart_simulate_alike() {
    let options = HarnessOptions {
        seats: 3,
        counters: 40,
        panic_at: None,
    };
    let mut state = Harness::setup(&options, 5).unwrap();
    let mut events = Vec::new();
    for seat in 0..3 {
        state.apply(Seat(seat), &2, &mut events).unwrap();
    }
    indistinguishable_states_simulate_alike(&state, Seat(1), &[1, 3, 2]);
}

/// A state `moves` random moves into the game of `seed` (fewer if it ends).
pub fn midgame<R: Ruleset>(options: &R::Options, seed: u64, moves: usize) -> R {
    let mut state = R::setup(options, seed).unwrap();
    let mut rng = RngStream::Bot(0).rng(seed);
    random_playout(&mut state, moves, &mut rng, &mut Scratch::default());
    assert!(state.to_act().is_some(), "the game is still running");
    state
}

/// The first legal action of the seat to act, as a script of one action.
fn first_legal<R: Ruleset>(state: &R) -> Vec<R::Action> {
    let mut legal = Vec::new();
    state.legal_actions(state.to_act().unwrap(), &mut legal);
    legal.truncate(1);
    legal
}

#[test]
fn imperium_games_the_seat_cannot_tell_apart_simulate_alike() {
    // MC-SIM-01, MC-SIM-04
    for (players, seed, moves) in [(2, 1, 40), (3, 2, 90), (4, 3, 150)] {
        let state: Imperium = midgame(&ImperiumOptions::players(players), seed, moves);
        let script = first_legal(&state);
        for seat in 0..players {
            indistinguishable_states_simulate_alike(&state, Seat(seat), &script);
        }
    }
}

#[test]
fn arrakis_games_the_seat_cannot_tell_apart_simulate_alike() {
    // MC-SIM-01, MC-SIM-04
    for (seed, moves) in [(1, 30), (2, 200), (4, 600)] {
        let state: Arrakis = midgame(&ArrakisOptions::default(), seed, moves);
        let script = first_legal(&state);
        for seat in 0..2 {
            indistinguishable_states_simulate_alike(&state, Seat(seat), &script);
        }
    }
}

/// The Atreides seat's rendered view of a sample: what `Simulate` answers
/// it.
fn atreides_view(state: &Arrakis, version: u64) -> pb::View {
    render::<Arrakis>(Seat(1))(state, version)
}

/// A legal action of the Atreides to act that draws a deployment token.
fn next_deployment_draw(state: &Arrakis) -> Option<ArrakisAction> {
    if state.to_act() != Some(Seat(1)) {
        return None;
    }
    let mut legal = Vec::new();
    state.legal_actions(Seat(1), &mut legal);
    legal.into_iter().find(|a| {
        let mut next = state.clone();
        next.apply(Seat(1), a, &mut Vec::new()).is_ok()
            && matches!(next.prompt(), Prompt::AtreidesDeploy { placed: None, .. })
    })
}

/// P13 finding 1 (MC-SIM-01, MC-SIM-03): `Simulate` by the Atreides of the
/// action that draws their next deployment token shows them a token drawn
/// by chance, not the real one: over positions of twelve games, the
/// samples' views after the draw differ from each other and match the
/// real game's next view no more often than chance. Before the fix the
/// Atreides samples kept the pool's real order and every sample showed the
/// real token.
#[test]
fn the_atreides_cannot_simulate_their_next_deployment_token() {
    let (mut positions, mut varied, mut hits, mut trials) = (0, 0, 0, 0);
    for seed in 0..60 {
        let mut state: Arrakis = Ruleset::setup(&ArrakisOptions::default(), seed).unwrap();
        let mut rng = RngStream::Bot(0).rng(seed);
        let mut scratch = Scratch::default();
        for _ in 0..2000 {
            let Some(draw) = next_deployment_draw(&state) else {
                if random_playout(&mut state, 1, &mut rng, &mut scratch) == 0 {
                    break;
                }
                continue;
            };
            let mut real = state.clone();
            real.apply(Seat(1), &draw, &mut Vec::new()).unwrap();
            let truth = atreides_view(&real, 1);
            let plan = Plan::<Arrakis>::check(&pb::SimulateRequest {
                actions: vec![Arrakis::action_to_pb(&draw)],
                sampling_seed: 3,
                samples: 32,
                playout_steps: 0,
                ..Default::default()
            })
            .unwrap();
            let views: Vec<pb::View> = plan
                .run(&state, Seat(1), atreides_view)
                .unwrap()
                .into_iter()
                .map(|s| s.view.unwrap())
                .collect();
            positions += 1;
            varied += usize::from(views.iter().any(|v| *v != views[0]));
            hits += views.iter().filter(|v| **v == truth).count();
            trials += views.len();
            break;
        }
        if positions == 12 {
            break;
        }
    }
    assert_eq!(positions, 12, "twelve positions before a deployment draw");
    assert!(varied >= 10, "the samples vary in {varied} of 12 positions");
    assert!(
        hits * 10 < trials * 6,
        "{hits} of {trials} samples showed the real next token"
    );
}

/// P13 finding 2 (SM-DIE-15 with MC-SIM-01, MC-SIM-03): after the
/// Smugglers die's Mentat draw, the Harkonnen cannot learn the two cards
/// the Atreides drew by simulating "the Atreides discard card c": the
/// samples redraw the draw with the hand, so discarding a real card is
/// accepted only in the samples that drew it. Before the fix it was
/// accepted in every sample, and any other card refused in every sample.
#[test]
fn the_harkonnen_cannot_simulate_which_cards_the_mentat_drew() {
    let options = ArrakisOptions {
        smugglers: true,
        ..ArrakisOptions::default()
    };
    let mut state: Arrakis = Ruleset::setup(&options, 3).unwrap();
    let deck = &state.house(Faction::Atreides).decks[0];
    let drawn = deck[deck.len() - 2..]
        .iter()
        .rev()
        .copied()
        .collect::<Vec<_>>();
    state
        .edit(|s| {
            let house = &mut s.houses[Faction::Atreides];
            let keep = house.decks[0].len() - 2;
            house.decks[0].truncate(keep);
            house.hand.extend(drawn.iter().copied());
            s.expansions.smugglers.as_deref_mut().unwrap().mentat_drawn = drawn.clone();
            s.prompt = Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::MentatKeep));
        })
        .unwrap();
    let plan = Plan::<Arrakis>::check(&pb::SimulateRequest {
        actions: vec![Arrakis::action_to_pb(&ArrakisAction::Discard(drawn[0]))],
        sampling_seed: 5,
        samples: 32,
        playout_steps: 0,
        ..Default::default()
    })
    .unwrap();
    let samples = plan
        .run(&state, Seat(0), render::<Arrakis>(Seat(0)))
        .unwrap();
    let accepted = samples.iter().filter(|s| s.applied == 1).count();
    assert!(
        accepted < 16,
        "discarding the real card was accepted in {accepted} of 32 samples"
    );
}
