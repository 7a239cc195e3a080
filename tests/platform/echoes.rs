//! Echoes stay short in the games' own error messages (issue 13, finding 6):
//! an action naming a huge area, space, card, leader or option is
//! INVALID_ARGUMENT, and its message quotes only a prefix of the name.
use melange::pb::{self, arrakis_action, imperium_action};
use tonic::Code;

use super::support::{Client, TestServer, authed};

/// No error message quoting a client's string is longer than this.
const SHORT_MESSAGE: usize = 200;

/// 100 KiB: far past every id the data files use.
fn huge() -> String {
    "a".repeat(100 * 1024)
}

/// Seat 0 of a new game of `kind` sends each of `actions`; every one must be
/// INVALID_ARGUMENT with a short message that quotes the id's first
/// characters and says how long it was.
async fn each_is_refused_briefly(
    client: &mut Client,
    kind: pb::GameKind,
    actions: Vec<pb::Action>,
) {
    let game = client
        .create_game(pb::CreateGameRequest {
            kind: kind as i32,
            seed: Some(5),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    let token = &game.seats[0].token;
    for (index, action) in actions.into_iter().enumerate() {
        let request = pb::ApplyActionRequest {
            game_id: game.game_id.clone(),
            seat: 0,
            expected_version: 0,
            action: Some(action),
            ..Default::default()
        };
        let status = client
            .apply_action(authed(request, token))
            .await
            .unwrap_err();
        let what = format!("{kind:?} action {index}");
        assert_eq!(status.code(), Code::InvalidArgument, "{what}: {status:?}");
        let message = status.message();
        assert!(
            message.len() < SHORT_MESSAGE,
            "{what}: a {}-byte message",
            message.len()
        );
        assert!(message.contains("... (102400 bytes)"), "{what}: {message}");
    }
    // Nothing was applied.
    let view = client
        .get_view(pb::GetViewRequest {
            game_id: game.game_id.clone(),
            seat: None,
            detail: pb::Detail::Full as i32,
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(view.version, 0);
}

fn arrakis(step: arrakis_action::Step) -> pb::Action {
    pb::Action {
        game: Some(pb::action::Game::Arrakis(pb::ArrakisAction {
            step: Some(step),
        })),
    }
}

fn imperium(step: imperium_action::Step) -> pb::Action {
    pb::Action {
        game: Some(pb::action::Game::Imperium(pb::ImperiumAction {
            step: Some(step),
        })),
    }
}

#[tokio::test]
async fn a_huge_id_in_an_action_is_invalid_argument_with_a_short_message() {
    let server = TestServer::start().await;
    let mut client = server.client().await;
    use arrakis_action::Step as A;
    let arrakis_actions = vec![
        // An area, twice (a harvester's area, a move's destination).
        arrakis(A::PlaceHarvester(huge())),
        arrakis(A::To(huge())),
        // A die result, a leader, a planning card, an Imperium marker.
        arrakis(A::Reassign(huge())),
        arrakis(A::TakeLeader(huge())),
        arrakis(A::Discard(huge())),
        arrakis(A::Keep(huge())),
    ];
    each_is_refused_briefly(&mut client, pb::GameKind::WarForArrakis, arrakis_actions).await;

    use imperium_action::Step as I;
    let imperium_actions = vec![
        // A board space, Imperium's areas.
        imperium(I::Space(huge())),
        // A card, an Intrigue card, a faction.
        imperium(I::Card(huge())),
        imperium(I::Intrigue(huge())),
        imperium(I::Faction(huge())),
        // A known card in an unknown zone.
        imperium(I::Trash(imperium_action::Trash {
            card: "dagger".into(),
            zone: huge(),
        })),
    ];
    each_is_refused_briefly(&mut client, pb::GameKind::Imperium, imperium_actions).await;
    server.shutdown().await;
}
