//! Compiles the public contract in `proto/` with protox (pure Rust, no system
//! protoc) and tonic-prost-build, and writes the encoded descriptor set that
//! server reflection serves.

use std::{env, path::PathBuf};

use tonic_prost_build::{FileDescriptorSet, manual};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // tonic-prost-build does not print this itself (grpc/grpc-rust#2511);
    // without it every build would rerun the generator.
    println!("cargo:rerun-if-changed=proto");

    // bot.proto imports game_service.proto: both in one package, one set.
    let files = [
        "proto/melange/v1/game_service.proto",
        "proto/melange/v1/bot.proto",
    ];
    let fds = protox::compile(files, ["proto"])?;

    let out_dir = PathBuf::from(env::var("OUT_DIR")?);
    std::fs::write(
        out_dir.join("melange_descriptor.bin"),
        prost::Message::encode_to_vec(&fds),
    )?;

    let served = served_game_service(&fds)?;
    // Each game's own view is boxed inside `View`: it is most of the
    // view's size (the War for Arrakis one over a kilobyte), and every
    // view, update and response is moved by value through several layers
    // of the server (renderer, stream task, channel, encoder), each move a
    // copy of the whole struct, even when the view holds no game state
    // (`DETAIL_ACTIONS`).
    tonic_prost_build::configure()
        .btree_map(".")
        .boxed(".melange.v1.View.game.arrakis")
        .boxed(".melange.v1.View.game.imperium")
        .compile_fds(fds)?;
    manual::Builder::new()
        .build_client(false)
        .compile(&[served]);
    Ok(())
}

/// The messages the server answers with as the bytes they were encoded to,
/// by route: a view is encoded once per version and viewer and the same
/// bytes go to every stream and answer that shows it (`src/api/encoded.rs`).
const ENCODED_ANSWERS: [(&str, &str); 3] = [
    ("GetView", "crate::api::EncodedView"),
    ("ApplyAction", "crate::api::EncodedApplyResponse"),
    ("StreamGame", "crate::api::EncodedUpdate"),
];

/// The server's side of `GameService` (`pb::served`), read from the
/// contract so that it has every route the contract has: the same routes
/// and request types, and the answers of [`ENCODED_ANSWERS`] as messages
/// wire-identical to the contract's whose views are bytes. Clients keep the
/// contract's own types.
fn served_game_service(fds: &FileDescriptorSet) -> Result<manual::Service, String> {
    let service = fds
        .file
        .iter()
        .filter(|file| file.package() == "melange.v1")
        .flat_map(|file| &file.service)
        .find(|service| service.name() == "GameService")
        .ok_or("the contract has no melange.v1.GameService")?;
    let rust_type = |proto: &str| -> Result<String, String> {
        let name = proto
            .strip_prefix(".melange.v1.")
            .filter(|name| !name.contains('.'))
            .ok_or_else(|| format!("{proto} is not a top-level message of melange.v1"))?;
        Ok(format!("crate::pb::{name}"))
    };
    let mut builder = manual::Service::builder()
        .name("GameService")
        .package("melange.v1");
    for method in &service.method {
        let route = method.name();
        let output = match ENCODED_ANSWERS.iter().find(|(name, _)| *name == route) {
            Some((_, encoded)) => (*encoded).to_owned(),
            None => rust_type(method.output_type())?,
        };
        let mut served = manual::Method::builder()
            .name(snake_case(route))
            .route_name(route)
            .input_type(rust_type(method.input_type())?)
            .output_type(output)
            .codec_path("tonic_prost::ProstCodec");
        if method.client_streaming() {
            served = served.client_streaming();
        }
        if method.server_streaming() {
            served = served.server_streaming();
        }
        builder = builder.method(served.build());
    }
    for (route, _) in ENCODED_ANSWERS {
        if !service.method.iter().any(|method| method.name() == route) {
            return Err(format!("GameService has no {route} to answer encoded"));
        }
    }
    Ok(builder.build())
}

/// `StreamGame` as `stream_game`.
fn snake_case(route: &str) -> String {
    let mut name = String::new();
    for (index, letter) in route.chars().enumerate() {
        if letter.is_ascii_uppercase() && index > 0 {
            name.push('_');
        }
        name.push(letter.to_ascii_lowercase());
    }
    name
}
