//! Games move to the server a call reaches; the server that lost one can
//! never write it again, whether it learns at its next append or stood
//! frozen while the game moved (fencing); a game that moves by itself is
//! adopted when its server dies.
use std::time::{Duration, Instant};

use melange::pb;
use tokio_stream::StreamExt;

use super::{
    cluster::{LEASE_TTL_MS, Server, call, fleet_of, fresh_database, play_one, to_act, two_humans},
    history::assert_one_history,
};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: .ci/fleet runs it"]
async fn a_game_moves_to_the_server_a_call_reaches_and_the_old_one_can_no_longer_write() {
    let journal = fresh_database("fleet_moves").await;
    let [a, b]: [Server; 2] = fleet_of(&journal, &["a", "b"]).try_into().ok().unwrap();
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    let game = on_a.create_game(two_humans(11)).await.unwrap().into_inner();
    let id = game.game_id.clone();
    for _ in 0..3 {
        play_one(&mut on_a, &game).await.unwrap();
    }
    let spectator = |id: &str| {
        call(
            pb::StreamGameRequest {
                game_id: id.to_owned(),
                seat: None,
                from_version: 3,
                events_only: false,
                detail: pb::Detail::Full as i32,
            },
            id,
            None,
        )
    };
    let mut stream_on_a = on_a.stream_game(spectator(&id)).await.unwrap().into_inner();

    // A call reaches b: b takes the game (its lease, then its journal) and
    // answers from the same history.
    let taken = Instant::now();
    let view = on_b
        .get_view(call(
            pb::GetViewRequest {
                game_id: id.clone(),
                seat: None,
                detail: pb::Detail::Full as i32,
            },
            &id,
            None,
        ))
        .await
        .unwrap()
        .into_inner();
    eprintln!("moved a game of 3 actions in {:?}", taken.elapsed());
    assert_eq!(view.version, 3);

    // a learns at its next append: refused, UNAVAILABLE, nothing shown.
    let refused = play_one(&mut on_a, &game).await.unwrap_err();
    assert_eq!(refused.code(), tonic::Code::Unavailable, "{refused:?}");
    assert!(refused.message().contains("another server"), "{refused:?}");
    // Its stream of the game ends with UNAVAILABLE (the client resumes on
    // b from its last version).
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match stream_on_a.next().await {
                Some(Ok(_)) => continue,
                Some(Err(status)) => return Some(status),
                None => return None,
            }
        }
    })
    .await
    .expect("the stream on a ends");
    assert_eq!(
        ended.map(|status| status.code()),
        Some(tonic::Code::Unavailable)
    );

    // The game goes on at b.
    let applied = play_one(&mut on_b, &game).await.unwrap();
    assert_eq!(applied.version, 4);
    assert_one_history(&journal, &id, &[("a", 1), ("b", 2)]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: .ci/fleet runs it"]
async fn a_server_frozen_past_its_lease_cannot_write_the_game_that_moved_meanwhile() {
    let journal = fresh_database("fleet_frozen").await;
    let [a, b]: [Server; 2] = fleet_of(&journal, &["a", "b"]).try_into().ok().unwrap();
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    let game = on_a.create_game(two_humans(12)).await.unwrap().into_inner();
    let id = game.game_id.clone();
    play_one(&mut on_a, &game).await.unwrap();
    // The move a will try once it wakes, prepared while it holds the game.
    let spectator = on_a
        .get_view(call(
            pb::GetViewRequest {
                game_id: id.clone(),
                seat: None,
                detail: pb::Detail::Full as i32,
            },
            &id,
            None,
        ))
        .await
        .unwrap()
        .into_inner();
    let (seat, token) = to_act(&game, &spectator);
    let mine = on_a
        .get_view(call(
            pb::GetViewRequest {
                game_id: id.clone(),
                seat: Some(seat),
                detail: pb::Detail::Full as i32,
            },
            &id,
            Some(token),
        ))
        .await
        .unwrap()
        .into_inner();
    let stale_move = pb::ApplyActionRequest {
        game_id: id.clone(),
        seat,
        expected_version: mine.version,
        action: mine.legal_actions[0].action.clone(),
        ..Default::default()
    };

    // A network partition, as far as the database can tell: a stops (its
    // heartbeat with it) for longer than its lease, and the game moves.
    a.signal("STOP");
    tokio::time::sleep(Duration::from_millis(LEASE_TTL_MS * 2)).await;
    for _ in 0..2 {
        play_one(&mut on_b, &game).await.unwrap();
    }
    a.signal("CONT");

    // a wakes believing it holds the game. Its move is refused: by the
    // database (UNAVAILABLE, its epoch is stale) or, if a's look at the
    // leases came first and it dropped the game, by the game it takes
    // anew from the journal (ABORTED, the game is at version 3). Either
    // way a never writes version 2 again.
    let refused = on_a
        .apply_action(call(stale_move, &id, Some(token)))
        .await
        .unwrap_err();
    assert!(
        matches!(
            refused.code(),
            tonic::Code::Unavailable | tonic::Code::Aborted
        ),
        "{refused:?}"
    );
    // One history, and it goes on (at b, taking the game back if a took it
    // anew).
    assert_eq!(play_one(&mut on_b, &game).await.unwrap().version, 4);
    assert_one_history(&journal, &id, &[]).await;
    let first_two = first_leases(&journal, &id).await;
    assert_eq!(first_two, [("a".to_owned(), 1), ("b".to_owned(), 2)]);
}

/// The first two leases taken of a game.
async fn first_leases(journal: &str, id: &str) -> Vec<(String, i64)> {
    super::cluster::database(journal)
        .await
        .query(
            "SELECT owner, epoch FROM melange_epochs WHERE game_id = $1 ORDER BY epoch LIMIT 2",
            &[&id],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: .ci/fleet runs it"]
async fn a_game_that_moves_by_itself_is_adopted_when_its_server_dies() {
    let journal = fresh_database("fleet_adopt").await;
    let [a, b]: [Server; 2] = fleet_of(&journal, &["a", "b"]).try_into().ok().unwrap();
    let mut on_a = a.client().await;
    // Two search bots: the game moves with no call, a decision every
    // tenth of a second or so, the kind of game the fleet must adopt.
    let bot = pb::SeatConfig {
        bot: "mcts:1000".to_owned(),
        plays: String::new(),
    };
    let mut request = two_humans(13);
    request.seats = vec![bot.clone(), bot];
    let game = on_a.create_game(request).await.unwrap().into_inner();
    let id = game.game_id.clone();
    let db = super::cluster::database(&journal).await;
    let started = Instant::now();
    while last_version(&db, &id).await < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the clock plays on a"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    drop(a);
    let died = Instant::now();
    // b adopts the game: the journal names it the owner. A version that
    // appears before that is a's last batch, whose COMMIT was already on
    // its way when a died (seen once: a version 58 ms after the death,
    // with a 1.5 s lease), not the adoption.
    while owner_of(&db, &id).await != b.node {
        assert!(
            died.elapsed() < Duration::from_secs(20),
            "b adopts the game"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let adopted = last_version(&db, &id).await;
    while last_version(&db, &id).await <= adopted {
        assert!(
            died.elapsed() < Duration::from_secs(20),
            "b adopts the game and its clock plays on"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!(
        "a game that moves by itself went on {:?} after its server died (lease {LEASE_TTL_MS} ms)",
        died.elapsed()
    );
    assert_eq!(owner_of(&db, &id).await, b.node);
    drop(b);
}

/// The server the journal names as a game's owner.
async fn owner_of(db: &tokio_postgres::Client, id: &str) -> String {
    db.query_one("SELECT owner FROM melange_games WHERE game_id = $1", &[&id])
        .await
        .unwrap()
        .get(0)
}

/// The last version the journal holds of a game.
async fn last_version(db: &tokio_postgres::Client, id: &str) -> i64 {
    db.query_one(
        "SELECT coalesce(max(version), 0) FROM melange_actions WHERE game_id = $1",
        &[&id],
    )
    .await
    .unwrap()
    .get(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: .ci/fleet runs it"]
async fn a_game_that_moves_keeps_its_clocks() {
    // MC-CLOCK-02: the banks travel with the game; a move neither gives
    // nor takes time.
    let journal = fresh_database("fleet_clocks").await;
    let [a, b]: [Server; 2] = fleet_of(&journal, &["a", "b"]).try_into().ok().unwrap();
    let (mut on_a, mut on_b) = (a.client().await, b.client().await);
    let mut request = two_humans(14);
    request.options = Some(pb::GameOptions {
        clock: Some(pb::ClockOptions {
            per_decision_ms: 0,
            bank_ms: 60_000,
            ..Default::default()
        }),
        ..Default::default()
    });
    let game = on_a.create_game(request).await.unwrap().into_inner();
    let id = game.game_id.clone();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let played = play_one(&mut on_a, &game).await.unwrap();
    let mover = game.view.as_ref().unwrap().to_act[0];
    let bank_of = |view: &pb::View, seat: u32| {
        view.clocks
            .iter()
            .find(|clock| clock.seat == seat)
            .map(|clock| clock.bank_ms)
            .unwrap()
    };
    let view = |id: &str| {
        call(
            pb::GetViewRequest {
                game_id: id.to_owned(),
                seat: None,
                detail: pb::Detail::Full as i32,
            },
            id,
            None,
        )
    };
    let on_a_view = on_a.get_view(view(&id)).await.unwrap().into_inner();
    assert_eq!(on_a_view.version, played.version);
    let spent = bank_of(&on_a_view, mover);
    assert!(spent <= 59_700, "the mover paid for its 300 ms: {spent}");
    let on_b_view = on_b.get_view(view(&id)).await.unwrap().into_inner();
    assert_eq!(
        bank_of(&on_b_view, mover),
        spent,
        "the bank moved with the game"
    );
    let waiting = on_b_view.to_act[0];
    let left = on_b_view
        .clocks
        .iter()
        .find(|clock| clock.seat == waiting)
        .and_then(|clock| clock.deadline_ms)
        .unwrap();
    assert!(
        (55_000..60_000).contains(&left),
        "the running decision kept running across the move: {left}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: .ci/fleet runs it and docs/scaling.md keeps its numbers"]
async fn time_to_move_a_game_by_its_length() {
    let journal = fresh_database("fleet_move_time").await;
    let servers = fleet_of(&journal, &["a", "b"]);
    let mut clients = [servers[0].client().await, servers[1].client().await];
    let game = clients[0]
        .create_game(two_humans(15))
        .await
        .unwrap()
        .into_inner();
    let id = game.game_id.clone();
    let mut played = 0u64;
    let mut here = 0;
    for length in [10u64, 100, 300] {
        while played < length {
            match play_one(&mut clients[here], &game).await {
                Ok(applied) => played = applied.version,
                Err(status) if status.code() == tonic::Code::FailedPrecondition => break,
                Err(status) => panic!("{status:?}"),
            }
        }
        // The call that reaches the other server moves the game there. The
        // server it left drops it within a third of the lease (its look at
        // the leases); until then it could still answer reads from the
        // game as it had it, so the game goes back only after that.
        tokio::time::sleep(Duration::from_millis(LEASE_TTL_MS)).await;
        here = 1 - here;
        let started = Instant::now();
        let view = clients[here]
            .get_view(call(
                pb::GetViewRequest {
                    game_id: id.clone(),
                    seat: None,
                    detail: pb::Detail::Full as i32,
                },
                &id,
                None,
            ))
            .await
            .unwrap()
            .into_inner();
        assert_eq!(view.version, played);
        eprintln!(
            "moved a game of {played} actions (lease, read, replay with its hash checks, first answer) in {:?}",
            started.elapsed()
        );
    }
}
