//! The Checkerhall server: rooms over WebSockets, an HTTP API, and durable storage.
//!
//! Data flows one way: socket ([`ws`]) -> room task ([`rooms`]) -> `lobby` -> `rules` ->
//! store ([`store`]) -> broadcast. [`app`] builds the router from each module's `router()`;
//! [`run`] serves it until the shutdown future resolves, then tells every client the server
//! is restarting, flushes the store and returns.

#![forbid(unsafe_code)]

pub mod accounts;
pub mod admin;
pub mod analysis;
pub mod config;
pub mod error;
pub mod export;
pub mod http;
pub mod identity;
pub mod limits;
pub mod metrics;
pub mod rooms;
pub mod sockets;
mod state;
pub mod store;
pub mod web;
pub mod ws;

use std::future::Future;

use axum::serve::ListenerExt;
use axum::Router;
use tokio::net::TcpListener;

pub use state::AppState;

/// The whole HTTP and WebSocket surface over `state`. At most `limits.max_connections`
/// requests are served at once (the rest wait); open WebSockets are capped by the socket
/// layer itself, since an upgraded socket outlives its request. Responses other than the
/// WebSocket upgrade are compressed (gzip or brotli) when the client accepts it; event
/// streams and images are left alone by the layer's default rule.
pub fn app(state: AppState) -> Router {
    let limit = state.config.limits.max_connections.max(1);
    Router::new()
        .merge(http::router())
        .merge(accounts::router())
        .merge(admin::router())
        .merge(rooms::router())
        .merge(web::router())
        .fallback(web::fallback)
        .layer(tower_http::compression::CompressionLayer::new())
        .merge(ws::router())
        .layer(axum::middleware::map_response(error::json_errors))
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
