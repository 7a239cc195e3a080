use std::{future::Future, sync::Arc, time::Duration};

use tokio::{net::TcpListener, sync::watch};

use super::{
    GameServiceImpl, ServerConfig,
    connections::{Incoming, RequestSeenLayer},
    durability, fleet,
    fleet::Journaling,
    game_service::Games,
};
use crate::{api::Catalog, matches::Registry, pb};

/// Serves the game service, health and reflection on `listener` until
/// `shutdown` resolves, then drains in-flight calls and returns. A
/// configuration that [`ServerConfig::validate`] refuses is an error at once,
/// before anything is served.
pub async fn serve(
    listener: TcpListener,
    config: ServerConfig,
    catalog: Catalog,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    config.validate()?;
    let address = listener.local_addr()?;
    if let Some(warning) = super::plaintext_warning(address, config.tls.is_some()) {
        tracing::warn!("{warning}");
    }
    let games: Arc<Games> = Arc::new(Registry::new(config.limits.clone()));
    // A fleet server reads no game at start: it loads each one a call
    // names, and adopts those whose server died.
    let opened = match config.fleet {
        Some(_) => None,
        None => durability::open(&config, &catalog, &games)?,
    };
    let (stopping, stopping_watch) = watch::channel(false);
    let shutdown = async move {
        shutdown.await;
        // Ends the watchers' streams; unary calls in flight still finish.
        let _ = stopping.send(true);
    };
    let mut service = GameServiceImpl::new(games.clone(), catalog, &config, stopping_watch.clone());
    let mut store = None;
    if let Some(opened) = opened {
        service = service.with_store(
            opened.store.clone(),
            &opened.bots_to_resume,
            &opened.to_drive,
        );
        store = Some(opened.store);
    }
    if config.fleet.is_some() {
        service = service.with_fleet();
    }
    let hosting = service.hosting();
    let journaling = hosting.journaling.clone();
    let peers = service.peers();
    let service = pb::served::game_service_server::GameServiceServer::new(service)
        .max_decoding_message_size(config.max_message_bytes)
        .max_encoding_message_size(config.max_message_bytes);

    let (health, health_service) = tonic_health::server::health_reporter();
    // A fleet server is SERVING only while it reaches the shared journal.
    let fleet_task = match config.fleet.clone() {
        Some(fleet_config) => Some(tokio::spawn(fleet::join(
            fleet_config,
            hosting,
            health.clone(),
            stopping_watch.clone(),
        ))),
        None => {
            health
                .set_serving::<pb::served::game_service_server::GameServiceServer<GameServiceImpl>>(
                )
                .await;
            None
        }
    };
    // Reflection in both protocol versions: v1, and v1alpha for the clients
    // and grpcurl builds that still only speak it.
    let reflection_builder = || {
        tonic_reflection::server::Builder::configure()
            .register_encoded_file_descriptor_set(pb::FILE_DESCRIPTOR_SET)
            .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
    };
    let reflection = reflection_builder().build_v1()?;
    let reflection_v1alpha = reflection_builder().build_v1alpha()?;

    // The server's own accept loop: caps per client address and in total,
    // the header and idle timeouts, and no spinning when out of files.
    let limits = &config.connections;
    let incoming = Incoming::new(listener, peers.clone(), limits);
    let expiry = tokio::spawn(expire_idle_games(games.clone(), journaling.clone()));
    let retention = (store.is_some() || config.fleet.is_some()).then(|| {
        tokio::spawn(durability::sweep_finished(
            journaling.clone(),
            games.clone(),
            config.retention,
        ))
    });
    // HTTP/2 pings find peers that went away without a word; the stream
    // cap keeps one connection from opening requests without end.
    let mut builder = tonic::transport::Server::builder()
        .http2_keepalive_interval(Some(limits.keepalive_interval))
        .http2_keepalive_timeout(Some(limits.keepalive_timeout))
        .max_concurrent_streams(limits.max_streams_per_connection);
    if let Some(tls) = &config.tls {
        // Every connection is then TLS (HTTP/2 by ALPN): a plaintext client
        // fails its handshake and never reaches a service.
        builder = builder.tls_config(tls.server_tls_config()?)?;
    }
    // Browsers speak gRPC-Web over HTTP/1.1 (or HTTP/2 with TLS): the
    // server accepts both HTTP versions, tonic-web turns gRPC-Web calls into
    // gRPC calls of the same services (also the server-streaming
    // StreamGame), CORS answers cross-origin pages only when the operator
    // named their origins, and the viewer's files are served under /viewer/
    // before any of that (tonic-web refuses other HTTP/1.1 requests).
    let cors = super::web::cors_layer(&config.cors_origins)?;
    let web = tower::ServiceBuilder::new()
        .option_layer(cors)
        .layer(super::web::ViewerLayer::new(config.viewer_dir.clone()))
        .layer(tonic_web::GrpcWebLayer::new())
        .into_inner();
    let server = builder
        .accept_http1(true)
        .layer(RequestSeenLayer::new(peers))
        .layer(web)
        .trace_fn(|request| tracing::info_span!("rpc", method = %request.uri().path()))
        .add_service(service)
        .add_service(health_service)
        .add_service(reflection)
        .add_service(reflection_v1alpha)
        .serve_with_incoming_shutdown(incoming, shutdown);
    // Only now, with every stored game back in the registry (a fleet
    // server loads its games on demand): a client that waits for this line
    // finds the games it left.
    let tls = config.tls.is_some();
    tracing::info!(%address, tls, "melange listening");
    if config.viewer_dir.is_some() {
        let scheme = if tls { "https" } else { "http" };
        tracing::info!("viewer at {scheme}://{address}{}/", super::VIEWER_PATH);
    }
    let mut stopping = stopping_watch;
    let grace = config.shutdown_grace;
    let overdue = async move {
        let _ = stopping.wait_for(|stopping| *stopping).await;
        tokio::time::sleep(grace).await;
    };
    let result = tokio::select! {
        result = server => result,
        () = overdue => {
            tracing::warn!(?grace, "connections still open after the shutdown grace; stopping anyway");
            Ok(())
        }
    };
    expiry.abort();
    if let Some(retention) = retention {
        retention.abort();
    }
    if let Some(fleet_task) = fleet_task {
        // The leases are handed back as soon as the stop begins; this waits
        // for that to be done (or to give up), never for long.
        if tokio::time::timeout(Duration::from_secs(5), fleet_task)
            .await
            .is_err()
        {
            tracing::warn!("handing the leases back took too long; they expire instead");
        }
    }
    if let Some(store) = store {
        // Flushes and closes the database, so the directory can be opened
        // again at once (a restart in the same process, tests).
        tokio::task::spawn_blocking(move || store.close()).await?;
        tracing::info!("journal store closed");
    }
    result?;
    Ok(())
}

/// Removes idle games every so often, for as long as the server runs.
async fn expire_idle_games(games: Arc<Games>, journaling: Journaling) {
    let period =
        (games.limits().idle_expiry / 4).clamp(Duration::from_millis(100), Duration::from_secs(60));
    let mut tick = tokio::time::interval(period);
    loop {
        tick.tick().await;
        let removed = match journaling.store() {
            Ok(Some(store)) => durability::expire_idle(&games, &store),
            _ => games.expire_idle(),
        };
        if removed > 0 {
            tracing::info!(removed, live = games.len(), "expired idle games");
        }
    }
}

/// Registers for SIGINT (Ctrl-C) and SIGTERM at once and returns a future
/// that resolves on the first of them.
///
/// Registration is eager: a signal that arrives after this call but before
/// the server first polls the future is still a graceful shutdown, not the
/// default "terminate now". Call it before binding the listener.
pub fn shutdown_signal() -> std::io::Result<impl Future<Output = ()> + Send + 'static> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut terminate = signal(SignalKind::terminate())?;
        let mut interrupt = signal(SignalKind::interrupt())?;
        Ok(async move {
            tokio::select! {
                _ = interrupt.recv() => tracing::info!("SIGINT received; shutting down"),
                _ = terminate.recv() => tracing::info!("SIGTERM received; shutting down"),
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            if tokio::signal::ctrl_c().await.is_ok() {
                tracing::info!("Ctrl-C received; shutting down");
            } else {
                std::future::pending::<()>().await;
            }
        })
    }
}
