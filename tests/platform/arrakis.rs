//! Dune: War for Arrakis through the real server: a long game by remote
//! clients, hidden information and Arrakis's refusals.
use std::time::Instant;

use melange::pb;
use pb::arrakis_event::Kind;
use rand::Rng;
use tonic::Code;

use super::support::{Client, TestServer, authed, public_view, seat_view};

pub(super) fn arrakis(
    seed: u64,
    options: pb::ArrakisOptions,
    plays: [&str; 2],
) -> pb::CreateGameRequest {
    pb::CreateGameRequest {
        kind: pb::GameKind::WarForArrakis as i32,
        seed: Some(seed),
        options: Some(pb::GameOptions {
            game: Some(pb::game_options::Game::Arrakis(options)),
            ..Default::default()
        }),
        seats: plays
            .iter()
            .map(|plays| pb::SeatConfig {
                bot: String::new(),
                plays: (*plays).to_owned(),
            })
            .collect(),
        ..Default::default()
    }
}

pub(super) fn arrakis_view(view: &pb::View) -> &pb::ArrakisView {
    match &view.game {
        Some(pb::view::Game::Arrakis(game)) => game,
        other => panic!("an Arrakis view expected, got {other:?}"),
    }
}

pub(super) fn step(action: &pb::Action) -> &pb::arrakis_action::Step {
    match &action.game {
        Some(pb::action::Game::Arrakis(a)) => a.step.as_ref().unwrap(),
        other => panic!("an Arrakis action expected, got {other:?}"),
    }
}
/// Plays one move of `seat` as the playout tests' player does: a random
/// legal action, preferring acting over "done" (so games end), sent back
/// unchanged with the seat's token. Returns the action and the reply.
pub(super) async fn play_biased_move(
    client: &mut Client,
    game: &pb::CreateGameResponse,
    seat: u32,
    rng: &mut impl Rng,
) -> (pb::Action, pb::ApplyActionResponse) {
    let mut mine = seat_view(client, game, seat).await;
    assert!(mine.legal_actions.iter().all(|l| !l.label.is_empty()));
    let busy: Vec<usize> = (0..mine.legal_actions.len())
        .filter(|i| {
            let action = mine.legal_actions[*i].action.as_ref().unwrap();
            !matches!(step(action), pb::arrakis_action::Step::Done(_))
        })
        .collect();
    let pick = if busy.is_empty() || rng.random_range(0..10) == 0 {
        rng.random_range(0..mine.legal_actions.len())
    } else {
        busy[rng.random_range(0..busy.len())]
    };
    let action = mine.legal_actions.swap_remove(pick).action.unwrap();
    let request = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat,
        expected_version: mine.version,
        action: Some(action.clone()),
        ..Default::default()
    };
    let token = &game.seats[seat as usize].token;
    let applied = client
        .apply_action(authed(request, token))
        .await
        .unwrap()
        .into_inner();
    (action, applied)
}

/// Nothing the spectator may not know: the objective, hands, token
/// contents, a drawn deployment token, the cards being reordered.
pub(super) fn assert_public(view: &pb::ArrakisView) {
    assert!(view.objective.is_none(), "objective leaked");
    for house in &view.houses {
        assert!(
            house.hand.is_none() && house.foresee.is_none(),
            "hand leaked"
        );
    }
    for area in &view.areas {
        assert!(area.token_kinds.is_none(), "token contents leaked");
    }
    assert!(
        view.prompt.as_ref().unwrap().token.is_none(),
        "drawn token leaked"
    );
}

/// One whole game to a winner by remote clients. Games end only when players
/// act: this player prefers anything to "stop here", as the playout tests'
/// random player does.
#[tokio::test]
async fn a_game_plays_through_the_api_with_secrets_kept() {
    // A whole game takes about a thousand moves; the cap only stops a runaway.
    const MOVES: u64 = 20_000;
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(arrakis(
            11,
            pb::ArrakisOptions::default(),
            ["harkonnen", "atreides"],
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(game.seats.len(), 2);
    assert_eq!(game.seats[0].plays, "harkonnen");
    assert_eq!(game.seats[1].plays, "atreides");
    // Face-down sietches: the Atreides know their ranks, nobody else does.
    let spectator = public_view(&mut client, &game.game_id).await;
    let atreides = seat_view(&mut client, &game, 1).await;
    let harkonnen = seat_view(&mut client, &game, 0).await;
    let ranks = |view: &pb::View| -> Vec<Option<u32>> {
        arrakis_view(view)
            .areas
            .iter()
            .filter_map(|a| a.sietch.as_ref().map(|s| s.rank))
            .collect()
    };
    assert!(!ranks(&atreides).is_empty());
    assert!(ranks(&atreides).iter().all(Option::is_some));
    assert!(ranks(&spectator).iter().any(Option::is_none));
    assert_eq!(ranks(&spectator), ranks(&harkonnen));
    assert!(arrakis_view(&harkonnen).objective.is_none());
    let started = Instant::now();
    let mut rng = melange::rules::core::RngStream::Bot(0).rng(11);
    let mut moves = 0;
    // Planning cards and leaders' special actions played over the wire.
    let (mut cards_played, mut specials_used) = (0, 0);
    let finished = loop {
        let public = public_view(&mut client, &game.game_id).await;
        if moves % 25 == 0 {
            assert_public(arrakis_view(&public));
            let atreides = seat_view(&mut client, &game, 1).await;
            assert!(arrakis_view(&atreides).objective.is_some());
            assert!(arrakis_view(&atreides).houses[1].hand.is_some());
            assert!(arrakis_view(&atreides).houses[0].hand.is_none());
        }
        let Some(&seat) = public.to_act.first() else {
            break public;
        };
        if moves == MOVES {
            break public;
        }
        let (_, applied) = play_biased_move(&mut client, &game, seat, &mut rng).await;
        assert!(applied.events.iter().all(|e| !e.text.is_empty()));
        for e in &applied.events {
            if let Some(pb::event::Game::Arrakis(a)) = &e.game {
                cards_played += usize::from(matches!(a.kind, Some(Kind::CardPlayed(_))));
                specials_used += usize::from(matches!(a.kind, Some(Kind::SpecialAction(_))));
            }
        }
        moves += 1;
    };
    eprintln!(
        "War for Arrakis: {moves} moves through the API in {:?}, status {}",
        started.elapsed(),
        finished.status
    );
    assert_eq!(finished.status, pb::GameStatus::Finished as i32);
    let result = finished.result.clone().unwrap();
    assert_eq!(result.winners.len(), 1);
    assert!(!arrakis_view(&finished).winner.is_empty());
    assert!(
        moves >= 300,
        "a whole game takes many decisions, not {moves}"
    );
    // AR-ACT-12, AR-LEADER-04: cards and special actions through the API.
    assert!(cards_played > 0, "no planning card was played");
    assert!(specials_used > 0, "no special action was used");
    // The replay names every action in the wire form the server accepts.
    let replay = super::support::full_replay(&mut client, &game.game_id).await;
    assert_eq!(replay.actions.len() as u64, moves);
}

#[tokio::test]
async fn arrakis_refusals_name_their_reason() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // An expansion's rules option without the expansion is refused, and
    // says which switch it needs.
    let mut request = arrakis(1, pb::ArrakisOptions::default(), ["", ""]);
    if let Some(options) = request.options.as_mut() {
        options
            .rules
            .insert("thopter_battles".into(), "unlimited".into());
    }
    let error = client.create_game(request).await.unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument, "{}", error.message());
    assert!(
        error.message().contains("turn on smugglers"),
        "{}",
        error.message()
    );
    let error = client
        .create_game(arrakis(
            1,
            pb::ArrakisOptions::default(),
            ["atreides", "harkonnen"],
        ))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument, "{}", error.message());

    let game = client
        .create_game(arrakis(1, pb::ArrakisOptions::default(), ["", ""]))
        .await
        .unwrap()
        .into_inner();
    let seat = game.view.as_ref().unwrap().to_act[0];
    let token = &game.seats[seat as usize].token;
    let request = |step| pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat,
        expected_version: 0,
        action: Some(pb::Action {
            game: Some(pb::action::Game::Arrakis(pb::ArrakisAction { step })),
        }),
        ..Default::default()
    };
    let malformed = request(Some(pb::arrakis_action::Step::To("no_such_area".into())));
    let error = client
        .apply_action(authed(malformed, token))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument);
    assert!(
        error.message().contains("no_such_area"),
        "{}",
        error.message()
    );
    let error = client
        .apply_action(authed(request(None), token))
        .await
        .unwrap_err();
    assert_eq!(error.code(), Code::InvalidArgument);

    let before = super::support::snapshot(&mut client, &game).await;
    // Well formed, but no prescience card is claimable at the start.
    let illegal = request(Some(pb::arrakis_action::Step::Claim(9)));
    let error = client
        .apply_action(authed(illegal, token))
        .await
        .unwrap_err();
    assert_eq!(
        error.code(),
        Code::FailedPrecondition,
        "{}",
        error.message()
    );
    assert!(
        error.message().contains("AR-"),
        "names the rule: {}",
        error.message()
    );
    assert_eq!(before, super::support::snapshot(&mut client, &game).await);
}

#[tokio::test]
async fn presets_and_rules_options_reach_the_engine() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let with = |preset: &str, rules: &[(&str, &str)]| {
        let mut request = arrakis(2, pb::ArrakisOptions::default(), ["", ""]);
        let options = request.options.as_mut().unwrap();
        options.preset = preset.to_owned();
        options.rules = rules
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        request
    };
    client
        .create_game(with("published", &[("advance_after_win", "must")]))
        .await
        .unwrap();
    for (preset, rules) in [
        ("house_rules", vec![]),
        ("", vec![("no_such_option", "on")]),
        ("", vec![("advance_after_win", "sometimes")]),
    ] {
        let error = client.create_game(with(preset, &rules)).await.unwrap_err();
        assert_eq!(error.code(), Code::InvalidArgument, "{preset} {rules:?}");
    }
}

/// MC-ROUNDS-01, MC-RESIGN-01 through the server: `GameOptions.max_rounds`
/// reaches the game, which ends after that round with a reason saying so;
/// the seat not to act resigns with `ArrakisAction.resign` and the other
/// house wins at once.
#[tokio::test]
async fn the_round_limit_and_a_resignation_through_the_api() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut request = arrakis(3, pb::ArrakisOptions::default(), ["", ""]);
    request.options.as_mut().unwrap().max_rounds = Some(1);
    let game = client.create_game(request).await.unwrap().into_inner();
    let (end, _) = super::support::play_random(&mut client, &game, 3).await;
    assert_eq!(end.status, pb::GameStatus::Finished as i32);
    assert_eq!(arrakis_view(&end).round, 1, "no second round");
    let result = end.result.as_ref().expect("a result");
    assert_eq!(result.ranking.len(), 2);
    assert!(
        result.reason.contains("round limit") || result.reason.contains("objective"),
        "{}",
        result.reason
    );

    let game = client
        .create_game(arrakis(4, pb::ArrakisOptions::default(), ["", ""]))
        .await
        .unwrap()
        .into_inner();
    let view = public_view(&mut client, &game.game_id).await;
    assert_eq!(view.to_act, vec![0], "the Harkonnen act first");
    let resign = pb::Action {
        game: Some(pb::action::Game::Arrakis(pb::ArrakisAction {
            step: Some(pb::arrakis_action::Step::Resign("conceded".into())),
        })),
    };
    let request = pb::ApplyActionRequest {
        game_id: game.game_id.clone(),
        seat: 1,
        expected_version: view.version,
        action: Some(resign),
        ..Default::default()
    };
    client
        .apply_action(authed(request, &game.seats[1].token))
        .await
        .expect("MC-RESIGN-01: the seat not to act may resign");
    let end = public_view(&mut client, &game.game_id).await;
    assert_eq!(end.status, pb::GameStatus::Finished as i32);
    let result = end.result.as_ref().expect("a result");
    assert_eq!(result.winners, vec![0]);
    assert_eq!(result.ranking, vec![0, 1]);
    assert!(result.reason.contains("conceded"), "{}", result.reason);
}

/// Issue 31, item 15: an area id is `s1_4` in every view and offered
/// action, `s1-4` in the labels (kept: the golden fixtures hash them) and
/// `1-4` for short; an action naming its area in any of these spellings is
/// the offered one, and the game keeps it in the canonical spelling.
#[tokio::test]
async fn an_action_may_name_its_area_in_any_spelling_in_use() {
    use pb::arrakis_action::Step;
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = client
        .create_game(arrakis(5, pb::ArrakisOptions::default(), ["", ""]))
        .await
        .unwrap()
        .into_inner();
    let mut spellings: Vec<fn(&str) -> String> = vec![
        |id: &str| id.replace('_', "-"),
        |id: &str| id.trim_start_matches('s').replace('_', "-"),
        |id: &str| id.to_uppercase(),
    ];
    let mut checked = Vec::new();
    for _ in 0..400 {
        let Some(spell) = spellings.last().copied() else {
            break;
        };
        let seat = public_view(&mut client, &game.game_id).await.to_act[0];
        let view = seat_view(&mut client, &game, seat).await;
        // An offered action that names an unnamed desert area.
        let offered = view.legal_actions.iter().find_map(|legal| {
            let id = match step(legal.action.as_ref().unwrap()) {
                Step::PlaceHarvester(id) | Step::Legion(id) | Step::To(id) | Step::DeployAt(id) => {
                    id
                }
                _ => return None,
            };
            let unnamed = id.starts_with('s') && id[1..].starts_with(|c: char| c.is_ascii_digit());
            unnamed.then(|| (legal.clone(), id.clone()))
        });
        let (action, sent_id) = match offered {
            Some((legal, id)) => {
                let spelled = spell(&id);
                assert_ne!(spelled, id);
                let mut action = legal.action.clone().unwrap();
                let Some(pb::action::Game::Arrakis(pb::ArrakisAction { step: Some(step) })) =
                    &mut action.game
                else {
                    unreachable!()
                };
                match step {
                    Step::PlaceHarvester(area)
                    | Step::Legion(area)
                    | Step::To(area)
                    | Step::DeployAt(area) => *area = spelled.clone(),
                    _ => unreachable!(),
                }
                spellings.pop();
                checked.push((spelled, id.clone()));
                (action, Some(id))
            }
            None => (view.legal_actions[0].action.clone().unwrap(), None),
        };
        let applied = client
            .apply_action(authed(
                pb::ApplyActionRequest {
                    game_id: game.game_id.clone(),
                    seat,
                    expected_version: view.version,
                    action: Some(action),
                    ..Default::default()
                },
                &game.seats[seat as usize].token,
            ))
            .await
            .unwrap_or_else(|status| panic!("{checked:?}: {status:?}"))
            .into_inner();
        if let Some(id) = sent_id {
            // The replay keeps the action as the game read it: the data id.
            let replay = super::support::admin_replay(&mut client, &game.game_id).await;
            let kept = replay
                .actions
                .iter()
                .find(|recorded| recorded.version == view.version + 1)
                .unwrap();
            assert!(
                format!("{:?}", kept.action).contains(&format!("{id:?}")),
                "{kept:?} keeps {id}"
            );
            assert!(applied.version > view.version);
        }
    }
    assert_eq!(checked.len(), 3, "{checked:?}");
    server.shutdown().await;
}
