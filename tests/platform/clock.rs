//! Clocks (issue 16, MC-CLOCK-01..04) on paused time: the server's clock
//! task sleeps on tokio's clock, so a test moves time forward with
//! `tokio::time::sleep` and the deadlines are exact. Every expiry is an
//! action of the journal.
#![allow(clippy::needless_update)]
use std::time::Duration;

use melange::pb;
use tokio::time::sleep;
use tokio_stream::StreamExt;
use tonic::Code;

use super::{
    harness::{FORFEITED, HARNESS_KIND, OUT_OF_TIME, TIME_LIMIT},
    support::{
        Client, TempDir, TestServer, admin_replay, harness_request, play_first_legal, public_view,
        take,
    },
};

fn clock(
    per_decision_ms: u64,
    bank_ms: u64,
    increment_ms: u64,
    first_decision_ms: u64,
) -> pb::ClockOptions {
    pb::ClockOptions {
        per_decision_ms,
        bank_ms,
        increment_ms,
        first_decision_ms,
        on_expiry: pb::ClockExpiry::DefaultThenForfeit as i32,
        max_bank_ms: 0,
        game_ms: 0,
    }
}

/// Only a limit on the whole game (MC-CLOCK-06).
fn game_limit(game_ms: u64) -> pb::ClockOptions {
    pb::ClockOptions {
        game_ms,
        ..Default::default()
    }
}

/// A harness game of `counters` counters with `clock`; `bots` are the
/// seats played by the random bot.
fn clocked(counters: u32, bots: &[usize], clock: pb::ClockOptions) -> pb::CreateGameRequest {
    let mut request = harness_request(Some(3), 2, counters, bots);
    if let Some(options) = request.options.as_mut() {
        options.clock = Some(clock);
    }
    request
}

async fn create(client: &mut Client, request: pb::CreateGameRequest) -> pb::CreateGameResponse {
    client.create_game(request).await.unwrap().into_inner()
}

/// A game of each kind, every seat human.
fn either_game() -> [pb::CreateGameRequest; 2] {
    [
        super::imperium::imperium(12, 2, 0),
        super::arrakis::arrakis(12, pb::ArrakisOptions::default(), ["", ""]),
    ]
}

fn ms(ms: u64) -> Duration {
    Duration::from_millis(ms)
}

fn seat_clock(view: &pb::View, seat: u32) -> pb::SeatClock {
    view.clocks
        .iter()
        .find(|clock| clock.seat == seat)
        .cloned()
        .unwrap_or_else(|| panic!("no clock for seat {seat} in {:?}", view.clocks))
}

#[tokio::test(start_paused = true)]
async fn expiry_plays_the_default_action_and_the_journal_keeps_it() {
    // MC-CLOCK-01, MC-CLOCK-04
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // 21 counters: odd, so the harness's default (take 1) exists.
    let game = create(&mut client, clocked(21, &[], clock(1_000, 0, 0, 0))).await;
    let view = game.view.clone().unwrap();
    assert_eq!(seat_clock(&view, 0).deadline_ms, Some(1_000));
    assert!(seat_clock(&view, 0).running);
    assert!(!seat_clock(&view, 1).running);
    sleep(ms(999)).await;
    let view = public_view(&mut client, &game.game_id).await;
    assert_eq!(view.version, 0);
    assert_eq!(seat_clock(&view, 0).deadline_ms, Some(1));
    sleep(ms(2)).await;
    let view = public_view(&mut client, &game.game_id).await;
    assert_eq!(view.version, 1, "seat 0's time ran out");
    assert_eq!(view.to_act, vec![1]);
    assert_eq!(seat_clock(&view, 1).deadline_ms, Some(999));
    let replay = admin_replay(&mut client, &game.game_id).await;
    assert_eq!(replay.actions.len(), 1);
    assert_eq!(replay.actions[0].seat, 0);
    assert_eq!(replay.actions[0].action, Some(take(1)));
    assert_eq!(
        replay.actions[0].stand_in.as_ref().map(|why| why.reason),
        Some(pb::StandInReason::ClockExpired as i32),
        "MC-STANDIN-01: a default move is marked as the server's"
    );
}

#[tokio::test(start_paused = true)]
async fn expiry_forfeits_without_a_default_action_or_when_the_options_say_so() {
    // MC-CLOCK-04, MC-RESIGN-02
    let server = TestServer::start().await;
    let mut client = server.client().await;
    // 20 counters: even, so the decision has no default action.
    let no_default = create(&mut client, clocked(20, &[], clock(500, 0, 0, 0))).await;
    let mut forfeit = clock(500, 0, 0, 0);
    forfeit.on_expiry = pb::ClockExpiry::Forfeit as i32;
    let by_option = create(&mut client, clocked(21, &[], forfeit)).await;
    sleep(ms(501)).await;
    for game in [&no_default, &by_option] {
        let view = public_view(&mut client, &game.game_id).await;
        assert_eq!(view.status, pb::GameStatus::Finished as i32);
        assert_eq!(view.version, 1);
        assert_eq!(view.result.unwrap().ranking, vec![1, 0]);
        assert!(view.clocks.iter().all(|clock| !clock.running));
        let replay = admin_replay(&mut client, &game.game_id).await;
        assert_eq!(replay.actions[0].seat, 0);
        assert_eq!(replay.actions[0].action, Some(take(FORFEITED)));
    }
}

#[tokio::test(start_paused = true)]
async fn time_beyond_the_limit_is_paid_from_the_bank_and_the_increment_added() {
    // MC-CLOCK-01, MC-CLOCK-02
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create(&mut client, clocked(21, &[], clock(1_000, 5_000, 2_000, 0))).await;
    assert_eq!(
        seat_clock(game.view.as_ref().unwrap(), 0).deadline_ms,
        Some(6_000)
    );
    sleep(ms(3_000)).await;
    let response = play_first_legal(&mut client, &game, 0).await;
    let view = response.view.unwrap();
    // 2 s beyond the limit paid, 2 s of increment gained.
    assert_eq!(seat_clock(&view, 0).bank_ms, 5_000);
    assert!(!seat_clock(&view, 0).running);
    assert_eq!(seat_clock(&view, 1).deadline_ms, Some(6_000));
    let response = play_first_legal(&mut client, &game, 1).await;
    assert_eq!(seat_clock(&response.view.unwrap(), 1).bank_ms, 7_000);
    // Seat 0 has its limit and its 5 s bank: played for only after 6 s.
    sleep(ms(5_999)).await;
    assert_eq!(public_view(&mut client, &game.game_id).await.version, 2);
    sleep(ms(2)).await;
    assert_eq!(public_view(&mut client, &game.game_id).await.version, 3);
}

#[tokio::test(start_paused = true)]
async fn the_increment_fills_the_bank_up_to_its_cap() {
    // MC-CLOCK-05
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let capped = pb::ClockOptions {
        max_bank_ms: 5_500,
        ..clock(1_000, 5_000, 2_000, 0)
    };
    let game = create(&mut client, clocked(21, &[], capped)).await;
    sleep(ms(500)).await;
    let response = play_first_legal(&mut client, &game, 0).await;
    // Within its limit: 2 s of increment, but the bank holds 5.5 s at most.
    assert_eq!(seat_clock(&response.view.unwrap(), 0).bank_ms, 5_500);
    let response = play_first_legal(&mut client, &game, 1).await;
    assert_eq!(seat_clock(&response.view.unwrap(), 1).bank_ms, 5_500);
}

#[tokio::test(start_paused = true)]
async fn the_first_decision_has_its_own_allowance() {
    // MC-CLOCK-03
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create(&mut client, clocked(21, &[], clock(1_000, 0, 0, 10_000))).await;
    assert_eq!(
        seat_clock(game.view.as_ref().unwrap(), 0).deadline_ms,
        Some(10_000)
    );
    sleep(ms(5_000)).await;
    let view = play_first_legal(&mut client, &game, 0).await.view.unwrap();
    assert_eq!(seat_clock(&view, 1).deadline_ms, Some(10_000));
    let view = play_first_legal(&mut client, &game, 1).await.view.unwrap();
    assert_eq!(seat_clock(&view, 0).deadline_ms, Some(1_000));
    sleep(ms(1_001)).await;
    assert_eq!(public_view(&mut client, &game.game_id).await.version, 3);
}

#[tokio::test(start_paused = true)]
async fn bot_seats_are_not_clocked_and_streams_show_the_clocks() {
    // MC-CLOCK-01
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create(&mut client, clocked(21, &[1], clock(2_000, 0, 0, 0))).await;
    let mut stream = client
        .stream_game(pb::StreamGameRequest {
            game_id: game.game_id.clone(),
            from_version: 0,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let view = public_view(&mut client, &game.game_id).await;
    assert_eq!(
        view.clocks.len(),
        1,
        "only the human seat: {:?}",
        view.clocks
    );
    sleep(ms(500)).await;
    play_first_legal(&mut client, &game, 0).await;
    // Seat 0's move, then the bot's answer: seat 0's new decision runs.
    let mut last = None;
    while last
        .as_ref()
        .is_none_or(|update: &pb::GameUpdate| update.to_act != vec![0])
    {
        last = Some(stream.next().await.unwrap().unwrap());
    }
    let view = last.unwrap().view.unwrap();
    assert_eq!(view.clocks.len(), 1);
    assert_eq!(seat_clock(&view, 0).deadline_ms, Some(2_000));
}

#[tokio::test(start_paused = true)]
async fn clock_options_out_of_range_are_refused() {
    // MC-CLOCK-01
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let mut bad_expiry = clock(1_000, 0, 0, 0);
    bad_expiry.on_expiry = 7;
    // MC-CLOCK-05: a cap below the starting bank, or beyond a day.
    let cap_below_bank = pb::ClockOptions {
        max_bank_ms: 4_999,
        ..clock(1_000, 5_000, 100, 0)
    };
    let cap_beyond_a_day = pb::ClockOptions {
        max_bank_ms: 86_400_001,
        ..clock(1_000, 5_000, 100, 0)
    };
    for bad in [
        clock(0, 0, 0, 0),
        clock(0, 0, 1_000, 1_000),
        clock(86_400_001, 0, 0, 0),
        clock(1_000, u64::MAX, 0, 0),
        clock(1_000, 0, 86_400_001, 0),
        clock(1_000, 0, 0, 86_400_001),
        bad_expiry,
        cap_below_bank,
        cap_beyond_a_day,
    ] {
        let status = client.create_game(clocked(21, &[], bad)).await.unwrap_err();
        assert_eq!(status.code(), Code::InvalidArgument, "{bad:?}");
        assert!(
            ["MC-CLOCK-01", "MC-CLOCK-02", "MC-CLOCK-04", "MC-CLOCK-05"]
                .iter()
                .any(|rule| status.message().contains(rule)),
            "{}",
            status.message()
        );
    }
    let listed = client
        .list_games(pb::ListGamesRequest {
            kind: HARNESS_KIND,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert!(listed.games.is_empty(), "no game was created");
}

#[tokio::test(start_paused = true)]
async fn after_a_restart_the_journaled_banks_and_the_running_decision_go_on() {
    // MC-CLOCK-02: banks are journaled and the running decision keeps
    // running across a restart (neither given nor taken); MC-CLOCK-04
    // after it.
    let dir = TempDir::new("clock");
    let config = || melange::server::ServerConfig {
        admin_token: Some("admin-secret".into()),
        data_dir: Some(dir.path().to_owned()),
        ..melange::server::ServerConfig::default()
    };
    let server = TestServer::start_with(config()).await;
    let mut client = server.client().await;
    let game = create(&mut client, clocked(21, &[], clock(1_000, 5_000, 0, 0))).await;
    sleep(ms(4_000)).await;
    let view = play_first_legal(&mut client, &game, 0).await.view.unwrap();
    assert_eq!(seat_clock(&view, 0).bank_ms, 2_000);
    server.shutdown().await;
    let server = TestServer::start_with(config()).await;
    let mut client = server.client().await;
    let view = public_view(&mut client, &game.game_id).await;
    assert_eq!(view.version, 1);
    assert_eq!(seat_clock(&view, 0).bank_ms, 2_000, "seat 0's bank as kept");
    // Seat 1's decision began before the restart: what it had left then,
    // less the wall-clock time the restart took (real time: the test's
    // clock is paused, the wall clock is not).
    let left = seat_clock(&view, 1).deadline_ms.unwrap();
    assert!((5_000..=6_000).contains(&left), "{left}");
    sleep(ms(6_001)).await;
    let replay = admin_replay(&mut client, &game.game_id).await;
    assert_eq!(
        replay.actions.len(),
        2,
        "seat 1's time ran out after the restart"
    );
    assert_eq!(replay.actions[1].seat, 1);
    // MC-STANDIN-01: the default move is the server's, and why; the
    // journal keeps that across a restart.
    let expired = Some(pb::StandIn {
        reason: pb::StandInReason::ClockExpired as i32,
        rule: String::new(),
    });
    assert_eq!(replay.actions[0].stand_in, None, "seat 0 chose its move");
    assert_eq!(replay.actions[1].stand_in, expired);
    server.shutdown().await;
    let server = TestServer::start_with(config()).await;
    let mut client = server.client().await;
    let replay = admin_replay(&mut client, &game.game_id).await;
    assert_eq!(replay.actions[1].stand_in, expired);
}

#[tokio::test(start_paused = true)]
async fn a_seat_of_either_game_out_of_time_is_played_for_as_a_journaled_action() {
    // MC-CLOCK-04 in both games: the decision's default action
    // (MC-DEFAULT-01, MC-DEFAULT-02) where it has one, else a forfeit.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    for mut request in either_game() {
        if let Some(options) = request.options.as_mut() {
            options.clock = Some(clock(1_000, 0, 0, 0));
        }
        let game = create(&mut client, request).await;
        let view = game.view.clone().unwrap();
        let to_act = view.to_act[0];
        assert_eq!(view.clocks.len(), 2);
        sleep(ms(1_001)).await;
        let view = public_view(&mut client, &game.game_id).await;
        assert!(view.version >= 1, "the seat's time ran out");
        let replay = admin_replay(&mut client, &game.game_id).await;
        assert_eq!(replay.actions[0].seat, to_act);
        if view.status == pb::GameStatus::Finished as i32 {
            assert_eq!(view.result.unwrap().ranking.last(), Some(&to_act));
        }
    }
}

#[tokio::test(start_paused = true)]
async fn at_the_game_limit_the_seat_beyond_its_share_loses_on_time() {
    // MC-CLOCK-06, MC-CLOCK-07, MC-STANDIN-01: a 1 s game; seat 0 plays at
    // once, seat 1 never: at the limit it has used all of it.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create(&mut client, clocked(21, &[], game_limit(1_000))).await;
    assert!(
        game.view.as_ref().unwrap().clocks.is_empty(),
        "no decision is timed"
    );
    play_first_legal(&mut client, &game, 0).await;
    sleep(ms(999)).await;
    let view = public_view(&mut client, &game.game_id).await;
    assert_eq!(view.status, pb::GameStatus::InProgress as i32);
    sleep(ms(2)).await;
    let view = public_view(&mut client, &game.game_id).await;
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
    let result = view.result.unwrap();
    assert_eq!(result.ranking, vec![0, 1], "seat 1 lost on time");
    assert!(result.reason.contains("MC-CLOCK-07"), "{}", result.reason);
    let replay = admin_replay(&mut client, &game.game_id).await;
    let last = replay.actions.last().unwrap();
    assert_eq!(
        (last.seat, last.action.clone()),
        (1, Some(take(OUT_OF_TIME)))
    );
    assert_eq!(
        last.stand_in,
        Some(pb::StandIn {
            reason: pb::StandInReason::OutOfTime as i32,
            rule: String::new(),
        })
    );
}

#[tokio::test(start_paused = true)]
async fn at_the_game_limit_with_every_seat_within_its_share_the_standing_decides() {
    // MC-CLOCK-07: 450 ms and 550 ms of a 1 s game, both within a share
    // and a fifth (600 ms): the harness's standing (seat order) decides.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create(&mut client, clocked(21, &[], game_limit(1_000))).await;
    sleep(ms(450)).await;
    play_first_legal(&mut client, &game, 0).await;
    sleep(ms(551)).await;
    let view = public_view(&mut client, &game.game_id).await;
    assert_eq!(view.status, pb::GameStatus::Finished as i32);
    assert_eq!(view.result.unwrap().ranking, vec![0, 1]);
    let replay = admin_replay(&mut client, &game.game_id).await;
    let last = replay.actions.last().unwrap();
    // Played for the seat the game waited on, which does not lose by it.
    assert_eq!(
        (last.seat, last.action.clone()),
        (1, Some(take(TIME_LIMIT)))
    );
    assert_eq!(
        last.stand_in.as_ref().map(|why| why.reason),
        Some(pb::StandInReason::TimeLimit as i32)
    );
    // Only the server ends a game at its limit (MC-RESIGN-01).
    let other = create(&mut client, clocked(21, &[], game_limit(1_000))).await;
    for server_only in [OUT_OF_TIME, TIME_LIMIT] {
        let request = pb::ApplyActionRequest {
            note: String::new(),
            game_id: other.game_id.clone(),
            seat: 0,
            expected_version: 0,
            action: Some(take(server_only)),
            omit_view: true,
            detail: pb::Detail::Full as i32,
        };
        let refused = client
            .apply_action(super::support::authed(request, &other.seats[0].token))
            .await
            .unwrap_err();
        assert_eq!(refused.code(), Code::FailedPrecondition);
        assert!(refused.message().contains("MC-RESIGN-01"));
    }
}

#[tokio::test(start_paused = true)]
async fn either_real_game_ends_at_its_limit_and_a_limit_over_a_day_is_refused() {
    // MC-CLOCK-06, MC-CLOCK-07 in both games, the seat to act waiting past
    // its share; and a limit over a day is refused.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    for mut request in either_game() {
        if let Some(options) = request.options.as_mut() {
            options.clock = Some(game_limit(1_000));
        }
        let game = create(&mut client, request).await;
        let to_act = game.view.as_ref().unwrap().to_act[0];
        sleep(ms(1_001)).await;
        let view = public_view(&mut client, &game.game_id).await;
        assert_eq!(view.status, pb::GameStatus::Finished as i32);
        let result = view.result.unwrap();
        assert_eq!(result.ranking.last(), Some(&to_act));
        assert!(result.reason.contains("MC-CLOCK-07"), "{}", result.reason);
    }
    let mut too_long = clocked(21, &[], game_limit(86_400_001));
    let refused = client.create_game(too_long.clone()).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
    assert!(refused.message().contains("MC-CLOCK-06"));
    // With a limit, no per-decision time is needed; without one it is.
    too_long.options.as_mut().unwrap().clock = Some(game_limit(0));
    let refused = client.create_game(too_long).await.unwrap_err();
    assert_eq!(refused.code(), Code::InvalidArgument);
}

#[tokio::test(start_paused = true)]
async fn live_and_caught_up_stream_updates_mark_the_servers_moves() {
    // MC-STANDIN-01 on streams: the update of a move the server played for
    // a seat says so and why; the seat's own move does not.
    let server = TestServer::start().await;
    let mut client = server.client().await;
    let game = create(&mut client, clocked(21, &[], clock(1_000, 0, 0, 0))).await;
    let stream = |from_version: u64| pb::StreamGameRequest {
        game_id: game.game_id.clone(),
        from_version,
        ..Default::default()
    };
    let mut live = client.stream_game(stream(0)).await.unwrap().into_inner();
    sleep(ms(1_001)).await;
    let expired = Some(pb::StandInReason::ClockExpired as i32);
    let update = live.next().await.unwrap().unwrap();
    assert_eq!(update.version, 1);
    assert_eq!(update.stand_in.map(|why| why.reason), expired);
    play_first_legal(&mut client, &game, 1).await;
    let own = live.next().await.unwrap().unwrap();
    assert_eq!((own.version, own.stand_in), (2, None));
    let mut caught_up = client.stream_game(stream(0)).await.unwrap().into_inner();
    let first = caught_up.next().await.unwrap().unwrap();
    assert_eq!(first.stand_in.map(|why| why.reason), expired);
    let second = caught_up.next().await.unwrap().unwrap();
    assert_eq!(second.stand_in, None);
}
