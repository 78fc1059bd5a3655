//! `GET /api/players/{name}` (`docs/api.md`): an account's page: ratings, their history,
//! results by game, tournaments.

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::Json;
use serde_json::{json, Value};
use uuid::Uuid;

use super::leaderboard::ranked;
use crate::error::ApiError;
use crate::store::now_ms;
use crate::AppState;

/// The player's rating in each pool it has played, with its rank once it is no longer
/// provisional.
async fn ratings_of(state: &AppState, player: Uuid) -> Result<Vec<Value>, ApiError> {
    let now = now_ms();
    let mut list = Vec::new();
    for row in state.store.ratings_of(&player.to_string()).await? {
        let Some(pool) = ratings::pool(&row.game, &row.mode) else {
            continue;
        };
        let shown = row.rating.shown(pool.system, now);
        let rank = if shown.provisional {
            None
        } else {
            ranked(state, pool, now)
                .await?
                .iter()
                .find(|r| r.player == player)
                .map(|r| r.rank)
        };
        list.push(json!({
            "game": pool.game,
            "mode": pool.mode,
            "rating": shown.rating,
            "deviation": shown.deviation,
            "provisional": shown.provisional,
            "games": row.rating.games,
            "rank": rank,
        }));
    }
    Ok(list)
}

/// The player's rating after each rated game, by pool.
async fn history_of(state: &AppState, player: Uuid) -> Result<Vec<Value>, ApiError> {
    let mut history: BTreeMap<(String, String), Vec<Value>> = BTreeMap::new();
    for c in state.store.rating_history(&player.to_string()).await? {
        history
            .entry((c.game, c.mode))
            .or_default()
            .push(json!({"at": c.at, "rating": c.after}));
    }
    Ok(history
        .into_iter()
        .map(|((game, mode), points)| json!({"game": game, "mode": mode, "points": points}))
        .collect())
}

/// `GET /api/players/{name}`: the account with this username (any case).
pub(super) async fn player(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let account = state
        .store
        .account_by_key(&name.to_ascii_lowercase())
        .await?
        .ok_or(ApiError::NotFound("player"))?;
    let player = state
        .store
        .player(account.player_id)
        .await?
        .ok_or(ApiError::NotFound("player"))?;
    let list = ratings_of(&state, account.player_id).await?;
    let history = history_of(&state, account.player_id).await?;
    let results: Vec<Value> = state
        .store
        .results_by_game(account.player_id)
        .await?
        .into_iter()
        .map(|(game, wins, draws, losses)| {
            json!({"game": game, "wins": wins, "draws": draws, "losses": losses})
        })
        .collect();
    let tournaments: Vec<Value> =
        crate::tournaments::player_tournaments(&state.store, account.player_id)
            .await?
            .into_iter()
            .map(|(id, name, game, state, rank)| {
                json!({"id": id, "name": name, "game": game, "state": state, "rank": rank})
            })
            .collect();
    Ok(Json(json!({
        "name": account.username,
        "created_at": player.created_at,
        "role": account.role,
        "ratings": list,
        "history": history,
        "results": results,
        "tournaments": tournaments,
    })))
}
