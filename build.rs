//! Compiles the public contract in `proto/` with protox (pure Rust, no system
//! protoc) and tonic-prost-build, and writes the encoded descriptor set that
//! server reflection serves.

use std::{env, path::PathBuf};

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
    Ok(())
}
