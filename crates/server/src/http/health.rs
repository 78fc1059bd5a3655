//! `/healthz` (the process answers), `/readyz` (the database answers and the store
//! writes), `/metrics`.

use std::time::Duration;

use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::error::HttpCode;
use crate::store::Outage;
use crate::AppState;

/// `GET /healthz`: 200 `ok` without touching the database.
pub(super) async fn healthz() -> &'static str {
    "ok"
}

/// Longest `/readyz` waits for the database's answer: a probe (compose's healthcheck, a
/// load balancer) must learn of an outage at once, not after the pool's wait.
const READY_PING: Duration = Duration::from_secs(1);

/// `GET /readyz`: 200 `ready` if the database answers a ping within [`READY_PING`] and the
/// store's last write did not fail; else 503 `{"status":"unavailable","reason":...}` (with
/// the usual `error` object, code `unavailable`) where `reason` is
/// `database` (no answer, or the last write found none and none has been written since),
/// `store_writes` (the database answers but cannot write: a full disk) or
/// `draining` (the server is shutting down: a load balancer sends it nothing new).
pub(super) async fn readyz(State(state): State<AppState>) -> Response {
    let ping = async {
        if state.rooms.is_shutting_down() {
            return None;
        }
        Some(tokio::time::timeout(READY_PING, state.store.ping()).await)
    };
    let reason = match ping.await {
        None => "draining",
        Some(Ok(Ok(()))) => match state.writer.failing() {
            None => return (StatusCode::OK, "ready").into_response(),
            // The ping answers again, but the writer has not written since the outage:
            // still the database's doing, not the disk's.
            Some(Outage::NotAnswering) => "database",
            Some(Outage::CannotWrite) => "store_writes",
        },
        Some(Ok(Err(e))) => {
            tracing::warn!(error = %e, "readiness check failed");
            "database"
        }
        Some(Err(_)) => {
            tracing::warn!("readiness check failed: no answer from the database within 1 s");
            "database"
        }
    };
    let message = match reason {
        "database" => "the database is not answering",
        "draining" => "the server is shutting down",
        _ => "the store cannot write (is the disk full?)",
    };
    // The error envelope every error body has, and the status fields of the contract.
    let body = serde_json::json!({
        "status": "unavailable",
        "reason": reason,
        "error": { "code": HttpCode::Unavailable.as_str(), "message": message },
    });
    (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response()
}

/// `GET /metrics`: the Prometheus text exposition.
pub(super) async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.render() + &state.limiters.render() + &state.sockets.render(),
    )
}
