//! The Checkerhall server: rooms over WebSockets, an HTTP API, and durable storage.
//!
//! Data flows one way: socket ([`http`]) -> room task ([`rooms`]) -> `lobby` -> `rules` ->
//! store ([`store`]) -> broadcast, every byte of it written by [`wire`]. The handlers live
//! in [`http`]; [`app`] wraps them in the layers every answer passes through; [`run`] serves
//! them until the shutdown future resolves, then tells every client the server is
//! restarting, flushes the store and returns.

#![forbid(unsafe_code)]

pub mod accounts;
pub(crate) mod analysis;
pub mod cluster;
pub mod config;
pub(crate) mod connections;
pub mod error;
pub mod export;
pub mod http;
pub mod i18n;
pub mod identity;
pub(crate) mod limits;
pub(crate) mod lobby_sync;
pub mod mail;
pub mod metrics;
pub(crate) mod net;
pub mod pools;
pub mod rooms;
pub(crate) mod search_permits;
mod state;
pub mod store;
pub(crate) mod tournaments;
pub mod web;
pub mod wire;

use std::future::Future;

use axum::Router;
use tokio::net::TcpListener;
use tower::ServiceExt as _;

pub use state::AppState;

/// The whole HTTP and WebSocket surface over `state`. At most `limits.max_connections`
/// requests are served at once (the rest wait); open WebSockets are capped by the socket
/// layer itself, since an upgraded socket outlives its request.
///
/// Every answer takes one way out: a handler's panic becomes a JSON 500, any error body
/// that is not JSON yet (axum's own refusals) becomes the documented JSON, and only then is
/// the body compressed (gzip or brotli, when the client accepts it), once. Event streams,
/// images and bodyless answers (the WebSocket upgrade) are left uncompressed.
pub fn app(state: AppState) -> Router {
    let limit = state.config.limits.max_connections.max(1);
    Router::new()
        .merge(http::router())
        .merge(web::router())
        .fallback(web::fallback)
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(
            error::panic_response,
        ))
        .layer(axum::middleware::from_fn_with_state(
            state.config.limits.body_timeout,
            net::body_timeout,
        ))
        .layer(axum::middleware::map_response_with_state(
            state.metrics.clone(),
            error::json_errors,
        ))
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(tower::limit::ConcurrencyLimitLayer::new(limit))
        .with_state(state)
}

/// Serves [`app`] on `listener` until `shutdown` resolves; then stops accepting, tells the
/// rooms to announce the restart and stop, waits for them, for the connections still
/// answering a request, and for the store writer, and returns.
///
/// Each connection has `--header-timeout-secs` to send a request's headers (hyper's header
/// read timeout; axum's own `serve` sets none, so a client sending a byte now and then held
/// its connection for ever) and `--body-timeout-secs` for its body (`net::body_timeout`).
/// Every TCP connection counts against its address's `--sockets-per-address` from accept to
/// close (a trusted proxy's excepted: its clients' WebSockets are counted by their own
/// address); one over it is answered 429 `too_many_sockets` at once and closed. The process
/// first raises its descriptor limit to the hard limit.
///
/// # Errors
/// None so far: accept errors are logged and retried (after a pause, so that running out
/// of descriptors does not spin).
pub async fn run(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    net::raise_descriptor_limit();
    let router = app(state.clone());
    let limits = &state.config.limits;
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    // Told to every connection task when the server stops; each holds a receiver, so the
    // sender's `closed` says when every connection has finished.
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(());
    let mut shutdown = std::pin::pin!(shutdown);
    let refusals = std::sync::Arc::default();
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(&e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Some(slot) = admit_connection(&state, peer.ip()) else {
            refuse_connection(tcp, &refusals);
            continue;
        };
        // Nagle's algorithm holds a small frame back until the previous one is acknowledged,
        // which with delayed ACKs costs a move tens of milliseconds: every message here is
        // small and wanted at once.
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
        // A lingering close on every connection (see `connections::Lingering`).
        let io = connections::Lingering::new(tcp, &state.sockets, slot);
        let send_buffer = io.send_buffer();
        let service = router
            .clone()
            .map_request(move |mut r: axum::extract::Request<_>| {
                r.extensions_mut().insert(axum::extract::ConnectInfo(peer));
                r.extensions_mut().insert(send_buffer.clone());
                r.map(axum::body::Body::new)
            });
        let service = hyper_util::service::TowerToHyperService::new(service);
        let conn = http
            .serve_connection(hyper_util::rt::TokioIo::new(io), service)
            .with_upgrades();
        let mut stop = stop_rx.clone();
        tokio::spawn(async move {
            let mut conn = std::pin::pin!(conn);
            tokio::select! {
                result = conn.as_mut() => {
                    if let Err(e) = result {
                        tracing::debug!(error = %e, "connection ended with an error");
                    }
                    return;
                }
                _ = stop.changed() => conn.as_mut().graceful_shutdown(),
            }
            if let Err(e) = conn.await {
                tracing::debug!(error = %e, "connection ended with an error");
            }
            drop(stop);
        });
    }
    drop(listener);
    drop(stop_rx);
    // Sockets are long-lived: the rooms close them (announcing the restart) before the
    // connections still answering a request are told to finish and waited for.
    state.tournaments.shutdown().await;
    state.rooms.shutdown().await;
    let _ = stop_tx.send(());
    stop_tx.closed().await;
    state.writer.close().await;
    Ok(())
}

/// The place of a new connection from `peer` under its address's cap (`None` inside: a
/// trusted proxy's, not counted), or `None` when the address has its cap open.
fn admit_connection(
    state: &AppState,
    peer: std::net::IpAddr,
) -> Option<Option<connections::AddressSlot>> {
    if state.config.trusted_proxies.contains(peer) {
        return Some(None);
    }
    let max = state.config.limits.sockets_per_address;
    match state.sockets.admit(net::AddrKey::of(peer), max) {
        Ok(slot) => Some(Some(slot)),
        Err(_) => {
            state.sockets.counts().refuse();
            state.limiters.count("too_many_sockets");
            None
        }
    }
}

/// Refused connections whose answer may still be lingering at once (see
/// [`refuse_connection`]); more are closed at once.
const MAX_REFUSALS_LINGERING: usize = 64;

/// Answers a connection over its address's cap with a 429 `too_many_sockets`, written
/// without waiting (it fits any empty send buffer), and closes it. So that the close does
/// not reset the connection under the answer, what the client sends is read and dropped
/// for up to a second, by at most [`MAX_REFUSALS_LINGERING`] connections at once; past
/// that a refused connection is closed at once and holds no descriptor.
fn refuse_connection(
    tcp: tokio::net::TcpStream,
    lingering: &std::sync::Arc<std::sync::atomic::AtomicUsize>,
) {
    use std::sync::atomic::Ordering;
    let _ = tcp.try_write(wire::too_many_connections());
    let _ = socket2::SockRef::from(&tcp).shutdown(std::net::Shutdown::Write);
    if lingering.fetch_add(1, Ordering::Relaxed) >= MAX_REFUSALS_LINGERING {
        lingering.fetch_sub(1, Ordering::Relaxed);
        return;
    }
    let lingering = lingering.clone();
    tokio::spawn(async move {
        let mut buf = [0u8; 1024];
        let _ = tokio::time::timeout(std::time::Duration::from_secs(1), async {
            let mut total = 0;
            while total < 64 * 1024 {
                tcp.readable().await?;
                match tcp.try_read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => total += n,
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                    Err(e) => return Err(e),
                }
            }
            Ok::<_, std::io::Error>(())
        })
        .await;
        drop(tcp);
        lingering.fetch_sub(1, Ordering::Relaxed);
    });
}

/// An accept error: a connection that failed before it was accepted is skipped; anything
/// else (out of descriptors: EMFILE, ENFILE; out of memory) is logged and waited out for
/// a moment, as a retry at once would fail again and spin.
async fn accept_failed(e: &std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if matches!(
        e.kind(),
        ConnectionAborted | ConnectionRefused | ConnectionReset
    ) {
        return;
    }
    tracing::warn!(error = %e, "accept error; pausing accepts for 100 ms");
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
}
