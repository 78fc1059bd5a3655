//! The HTTP API (identity, games catalogue, history, exports, health, metrics).
//!
//! INTERFACE SKELETON — the HTTP helper implements this module (and `export`).

use axum::Router;

use crate::AppState;

/// The HTTP API's routes except rooms (see `rooms::router`).
pub fn router() -> Router<AppState> {
    Router::new()
}
