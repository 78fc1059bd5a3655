//! `/healthz` (the process answers), `/readyz` (the database answers), `/metrics`.

use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::http::StatusCode;
use axum::response::IntoResponse;

use crate::AppState;

/// `GET /healthz`: 200 `ok` without touching the database.
pub(super) async fn healthz() -> &'static str {
    "ok"
}

/// `GET /readyz`: 200 `ready` if the store answers a ping, 503 otherwise.
pub(super) async fn readyz(State(state): State<AppState>) -> impl IntoResponse {
    match state.store.ping().await {
        Ok(()) => (StatusCode::OK, "ready"),
        Err(e) => {
            tracing::warn!(error = %e, "readiness check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable")
        }
    }
}

/// `GET /metrics`: the Prometheus text exposition.
pub(super) async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.render() + &state.limiters.render() + &state.sockets.render(),
    )
}
