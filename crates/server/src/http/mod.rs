//! The HTTP API except rooms (see `rooms::router`): identity (`/api/me`), the games
//! catalogue (`/api/games`), stored games (`/api/history...`, exports), and the operational
//! endpoints (`/healthz`, `/readyz`, `/metrics`). Documented in `docs/api.md`.

mod games;
mod health;
mod history;
mod me;

use axum::routing::get;
use axum::Router;

use crate::error::ApiError;
use crate::metrics::Metrics;
use crate::AppState;

pub use history::parse_time;

/// The HTTP API's routes except rooms (see `rooms::router`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/me", get(me::get_me).patch(me::patch_me))
        .route("/api/games", get(games::list))
        .route("/api/history", get(history::list))
        .route("/api/history/{id}", get(history::one))
        .route("/api/history/{id}/export", get(history::export))
        .route("/api/history/{id}/analysis", get(history::analysis))
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(health::metrics))
}

/// Counts a refused request in `/metrics` and passes the error on.
fn counted(state: &AppState, e: ApiError) -> ApiError {
    Metrics::inc(&state.metrics.errors);
    e
}

/// The JSON body, or the typed refusal of [`ApiError::from`] (`bad_json`, `unknown_field`,
/// `too_large`).
pub(crate) fn json_body<T>(
    body: Result<axum::Json<T>, axum::extract::rejection::JsonRejection>,
) -> Result<T, ApiError> {
    body.map(|axum::Json(v)| v).map_err(ApiError::from)
}
