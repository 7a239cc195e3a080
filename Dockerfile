# Multi-stage build of the melange server. The build stage needs only the
# Rust toolchain: protobuf code is generated in pure Rust (protox), so no
# system protoc is required.
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock build.rs ./
COPY proto ./proto
COPY src ./src
COPY melange-rules ./melange-rules
# The workspace's other members: Cargo reads every member's manifest (and
# the targets it declares) even to build the server alone.
COPY melange-load ./melange-load
COPY melange-arena ./melange-arena
COPY data ./data
COPY benches ./benches
RUN cargo build --release --locked --bin melange

FROM debian:bookworm-slim
# /data holds every game's seed: its owner's alone (the server refuses a
# data directory other users may read, unless --allow-shared-data-dir).
RUN useradd --system --uid 10001 melange \
    && install -d -m 0700 -o melange /data
COPY --from=build /src/target/release/melange /usr/local/bin/melange
# The game viewer's static files (its committed bundle; no Node needed),
# served under /viewer/ on the gRPC port.
COPY viewer/index.html viewer/style.css /usr/share/melange/viewer/
COPY viewer/dist /usr/share/melange/viewer/dist
USER melange
# The journal store (games survive a restart): mount a volume on /data to
# keep it past the container (a host directory mounted there must be mode
# 0700, owned by uid 10001); MELANGE_DATA_DIR=none keeps games in memory.
# It listens on every address: without MELANGE_TLS_CERT and MELANGE_TLS_KEY
# the server warns at start-up that tokens travel in clear (keep a proxy
# that terminates TLS in front, or mount a certificate and key).
VOLUME /data
ENV MELANGE_LISTEN=0.0.0.0:50051 \
    MELANGE_LOG_FORMAT=json \
    MELANGE_VIEWER_DIR=/usr/share/melange/viewer \
    MELANGE_DATA_DIR=/data \
    RUST_LOG=info
EXPOSE 50051
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/melange"]
