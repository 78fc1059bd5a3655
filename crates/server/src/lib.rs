//! The Checkerhall server: rooms over WebSockets, an HTTP API, and durable storage.
//!
//! Data flows one way: socket ([`http`]) -> room task ([`rooms`]) -> `lobby` -> `rules` ->
//! store ([`store`]) -> broadcast, every byte of it written by [`wire`]. The handlers live
//! in [`http`]; [`app`] wraps them in the layers every answer passes through; [`run`] serves
//! them until the shutdown future resolves, then tells every client the server is
//! restarting, flushes the store and returns.

#![forbid(unsafe_code)]

pub mod accounts;
pub mod analysis;
pub mod config;
pub mod error;
pub mod export;
pub mod http;
pub mod identity;
pub mod limits;
pub mod metrics;
pub mod rooms;
pub mod searches;
pub mod sockets;
mod state;
pub mod store;
pub mod web;
pub mod wire;

use std::future::Future;

use axum::serve::ListenerExt;
use axum::Router;
use tokio::net::TcpListener;

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
        .layer(axum::middleware::map_response(error::json_errors))
        .layer(tower_http::compression::CompressionLayer::new())
        .layer(tower::limit::ConcurrencyLimitLayer::new(limit))
        .with_state(state)
}

/// Serves [`app`] on `listener` until `shutdown` resolves; then stops accepting, tells the
/// rooms to announce the restart and stop, waits for them and for the store writer, and
/// returns.
///
/// # Errors
/// An I/O error of the listener.
pub async fn run(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let router = app(state.clone());
    // Nagle's algorithm holds a small frame back until the previous one is acknowledged,
    // which with delayed ACKs costs a move tens of milliseconds: every message here is
    // small and wanted at once.
    // A lingering close on every connection (see `sockets::Listener`).
    let listener = sockets::Listener::new(listener, &state.sockets).tap_io(|tcp| {
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
    });
    let serve = axum::serve(
        listener,
        router.into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown({
        let state = state.clone();
        async move {
            shutdown.await;
            // Sockets are long-lived: the rooms close them, so the graceful shutdown that
            // waits for open connections can finish.
            state.rooms.shutdown().await;
        }
    });
    let result = serve.await;
    state.rooms.shutdown().await;
    state.writer.close().await;
    result
}
