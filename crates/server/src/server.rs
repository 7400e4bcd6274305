//! The accept loop: HTTP/1 and HTTP/2 through hyper, with what `axum::serve` leaves out —
//! a deadline for a request's headers, from the moment the connection opens (a client that
//! opens connections and sends nothing, or one byte a minute, holds none for long) — and the peer's
//! address on every request (`ConnectInfo`), for rate limits.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{ConnectInfo, Request};
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Notify;
use tower::ServiceExt;

use crate::idle::Activity;

/// A request's headers must arrive within this time, and an idle kept-alive connection is
/// closed after it.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// On shutdown, requests in flight get this long to finish.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

/// Serve `router` on `listener` until `shutdown`; every request is recorded in `activity`.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    activity: Arc<Activity>,
    shutdown: impl Future<Output = ()> + Send,
) {
    let mut builder = Builder::new(TokioExecutor::new());
    builder.http1().timer(TokioTimer::new()).header_read_timeout(HEADER_READ_TIMEOUT);
    builder.http2().timer(TokioTimer::new()).keep_alive_interval(Some(Duration::from_secs(30)));
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors, or a connection reset before it was accepted:
                    // wait a little rather than spin.
                    tracing::warn!(%error, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let first_request = Arc::new(Notify::new());
        let arrived = first_request.clone();
        let activity = activity.clone();
        let service = router.clone().map_request(move |request: Request<Incoming>| {
            arrived.notify_one();
            activity.request();
            let mut request = request.map(axum::body::Body::new);
            request.extensions_mut().insert(ConnectInfo(peer));
            request
        });
        let connection = builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service)).into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            // hyper's header deadline starts once it knows the protocol: a client that sends
            // nothing, or part of the HTTP/2 preface, would otherwise be kept for good.
            let ended = tokio::select! {
                ended = &mut connection => Some(ended),
                () = first_request.notified() => None,
                () = tokio::time::sleep(HEADER_READ_TIMEOUT) => {
                    tracing::debug!(%peer, "no request within {HEADER_READ_TIMEOUT:?}: closing");
                    return;
                }
            };
            let ended = match ended {
                Some(ended) => ended,
                None => connection.await,
            };
            if let Err(error) = ended {
                tracing::debug!(%error, %peer, "connection ended with an error");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN_TIMEOUT, graceful.shutdown()).await.is_err() {
        tracing::warn!("requests still running after {DRAIN_TIMEOUT:?}: stopping anyway");
    }
}
