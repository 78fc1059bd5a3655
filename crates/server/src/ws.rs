//! The WebSocket protocol.
//!
//! INTERFACE SKELETON — the rooms helper implements this module.

use axum::Router;

use crate::AppState;

/// The WebSocket endpoint.
pub fn router() -> Router<AppState> {
    Router::new()
}
