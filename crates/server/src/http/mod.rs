//! Every handler: the HTTP API (`docs/api.md`), the live lobby's event stream and the
//! WebSocket endpoint (`docs/protocol.md`). Handlers read requests, call the rooms, the
//! store and the accounts, and answer; what they send on a socket is written by
//! `crate::wire`.
//!
//! * identity (`/api/me`), the caller's games (`/api/me/games`, `/api/me/live`), accounts (`/api/account...`) and the admin API
//!   (`/api/admin/...`);
//! * rooms (`/api/rooms...`), quick games (`/api/quick/...`, `/api/pools...`), the live lobby (`/api/rooms/live`) and the socket (`/ws`);
//! * tournaments (`/api/tournaments...`);
//! * the games catalogue (`/api/games`), stored games (`/api/history...`, exports,
//!   analysis), ratings (`/api/leaderboard/...`, `/api/players/...`), and the operational endpoints (`/healthz`, `/readyz`, `/metrics`).

mod accounts;
mod admin;
mod games;
mod health;
mod history;
mod leaderboard;
mod live;
mod mail;
mod me;
mod my_games;
mod params;
mod players;
mod quick;
mod rooms;
mod socket;
mod tournaments;

use axum::routing::{delete, get, post};
use axum::Router;

use crate::error::ApiError;
use crate::AppState;
pub(crate) use params::Params;

/// Every route of the server but the web client's (`crate::web`).
pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/rooms", post(rooms::create).get(rooms::list))
        .route("/api/rooms/join", post(rooms::join))
        .route("/api/rooms/live", get(live::live))
        .route("/api/rooms/{id}", get(rooms::get_room))
        .route("/api/rooms/{id}/ratings", get(rooms::seat_ratings))
        .route("/api/quick/computer", post(quick::computer))
        .route("/api/quick/seek", post(quick::seek))
        .route("/api/pools", get(quick::pools))
        .route("/api/pools/seek", delete(quick::cancel_seek))
        .route("/api/pools/{id}/seek", get(quick::pool_seek))
        .route("/ws", get(socket::upgrade))
        .merge(accounts::router())
        .merge(admin::router())
        .merge(mail::router())
        .merge(tournaments::router())
        .route("/api/me", get(me::get_me).patch(me::patch_me))
        .route("/api/me/games", get(my_games::list))
        .route("/api/me/live", get(my_games::live))
        .route("/api/games", get(games::list))
        .route("/api/history", get(history::list))
        .route("/api/history/{id}", get(history::one))
        .route("/api/history/{id}/export", get(history::export))
        .route("/api/history/{id}/analysis", get(history::analysis))
        .route("/api/leaderboard/{game}", get(leaderboard::leaderboard))
        .route("/api/players/{name}", get(players::player))
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(health::metrics))
        .route_layer(axum::middleware::from_fn(params::no_query))
        .route_layer(axum::middleware::from_fn(params::utf8_path))
}

/// The JSON body, or the typed refusal of [`ApiError::from`] (`bad_json`, `unknown_field`,
/// `too_large`).
pub(crate) fn json_body<T>(
    body: Result<axum::Json<T>, axum::extract::rejection::JsonRejection>,
) -> Result<T, ApiError> {
    body.map(|axum::Json(v)| v).map_err(ApiError::from)
}
