//! Creates a game on a running melange server, plays one move for the seat
//! to act, and prints what happened: the smallest complete client.
//!
//! `cargo run --release --bin melange-quickstart -- [endpoint] [kind]`,
//! with the server started by `cargo run --release` in another terminal
//! (the same profile, so it reuses the server's build of the crate and
//! every dependency).
use clap::Parser;
use melange::pb::{self, game_service_client::GameServiceClient};
use tonic::Request;

/// melange-quickstart: creates a game on a running melange server, plays
/// one move for the seat to act and prints what happened.
#[derive(Parser)]
#[command(version)]
struct Args {
    /// The server: host:port or http://host:port.
    #[arg(default_value = "http://127.0.0.1:50051", value_parser = melange::api::endpoint_url)]
    endpoint: String,
    /// The game: "imperium" or "war-for-arrakis" ("war_for_arrakis" is
    /// accepted too).
    #[arg(default_value = "imperium", value_parser = melange::api::game_kind)]
    kind: i32,
}

fn bearer<T>(message: T, token: &str) -> Result<Request<T>, Box<dyn std::error::Error>> {
    let mut request = Request::new(message);
    request
        .metadata_mut()
        .insert("authorization", format!("Bearer {token}").parse()?);
    Ok(request)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // `--help` prints the usage and leaves before any connection.
    let Args { endpoint, kind } = Args::parse();
    let mut client = GameServiceClient::connect(endpoint).await?;

    let game = client
        .create_game(pb::CreateGameRequest {
            kind,
            seed: Some(42),
            ..Default::default()
        })
        .await?
        .into_inner();
    println!("created game {} with seed {}", game.game_id, game.seed);
    for seat in &game.seats {
        println!("  seat {} plays {}", seat.seat, seat.plays);
    }

    let to_act = game
        .view
        .as_ref()
        .and_then(|view| view.to_act.first().copied());
    let Some(seat) = to_act else {
        println!("nobody is to act");
        return Ok(());
    };
    let token = &game.seats[seat as usize].token;
    let view = client
        .get_view(bearer(
            pb::GetViewRequest {
                game_id: game.game_id.clone(),
                seat: Some(seat),
                // The labels it prints and the whole state: everything.
                detail: pb::Detail::Full as i32,
            },
            token,
        )?)
        .await?
        .into_inner();
    println!(
        "seat {seat} may choose among {} actions:",
        view.legal_actions.len()
    );
    for legal in view.legal_actions.iter().take(10) {
        println!("  - {}", legal.label);
    }
    let Some(choice) = view.legal_actions.into_iter().next() else {
        return Ok(());
    };
    println!("playing: {}", choice.label);
    let applied = client
        .apply_action(bearer(
            pb::ApplyActionRequest {
                game_id: game.game_id.clone(),
                seat,
                expected_version: view.version,
                action: choice.action,
                ..Default::default()
            },
            token,
        )?)
        .await?
        .into_inner();
    println!("now at version {}:", applied.version);
    for event in applied.events {
        println!("  {}", event.text);
    }
    Ok(())
}
