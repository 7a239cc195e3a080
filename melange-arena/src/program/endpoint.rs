//! The `BotService` endpoint melange-arena serves for a hosted entrant:
//! the server calls it as any remote bot (MC-BOT-01..03), so the server's
//! timeouts, clocks and handling of absent answers apply unchanged, and
//! it passes each decision to the entrant's program.
use std::{net::SocketAddr, sync::Arc};

use tokio::{net::TcpListener, sync::oneshot};
use tonic::{Request, Response, Status};

use super::host::Host;
use melange::pb::{
    self,
    bot_service_server::{BotService, BotServiceServer},
};

#[derive(Clone)]
struct Forward {
    host: Arc<Host>,
}

#[tonic::async_trait]
impl BotService for Forward {
    async fn decide(
        &self,
        request: Request<pb::DecideRequest>,
    ) -> Result<Response<pb::DecideResponse>, Status> {
        let host = Arc::clone(&self.host);
        // A task of its own: when the server gives up on the call, the
        // exchange with the program still runs to its end (an answer or
        // its own deadline), so the program is never left in the middle
        // of one.
        let decided = tokio::spawn(async move { host.decide(request.into_inner()).await }).await;
        match decided {
            Ok(answer) => answer.map(Response::new),
            Err(_) => Err(Status::internal(
                "the hosted program gave no answer; the arena's log says why",
            )),
        }
    }

    /// MC-BOT-04: nothing to do. A hosted program's processes start with
    /// its seat's first decision and end when the arena sees the game
    /// over, so the line protocol carries no notices.
    async fn notice(
        &self,
        _request: Request<pb::NoticeRequest>,
    ) -> Result<Response<pb::NoticeResponse>, Status> {
        Ok(Response::new(pb::NoticeResponse {}))
    }
}

/// A running endpoint; it stops when dropped.
pub struct Endpoint {
    /// Where it listens.
    pub addr: SocketAddr,
    _stop: oneshot::Sender<()>,
}

impl Endpoint {
    /// Serves `host` on `listener` until dropped.
    pub fn serve(listener: TcpListener, host: Arc<Host>) -> Result<Endpoint, String> {
        let addr = listener
            .local_addr()
            .map_err(|error| format!("a program's endpoint has no address: {error}"))?;
        let (stop, stopped) = oneshot::channel::<()>();
        tokio::spawn(
            tonic::transport::Server::builder()
                .add_service(BotServiceServer::new(Forward { host }))
                // No Nagle delay: each answer is a few small writes the
                // server waits for.
                .serve_with_incoming_shutdown(
                    tonic::transport::server::TcpIncoming::from(listener).with_nodelay(Some(true)),
                    async {
                        let _ = stopped.await;
                    },
                ),
        );
        Ok(Endpoint { addr, _stop: stop })
    }
}
