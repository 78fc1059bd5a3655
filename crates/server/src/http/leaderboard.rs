//! `GET /api/leaderboard/{game}` (`docs/api.md`): the best rated accounts of a pool, the
//! settled ones ranked, the provisional ones listed apart.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::Json;
use ratings::{Pool, Shown};
use serde::Deserialize;
use serde_json::{json, Value};
use uuid::Uuid;

use super::Params;
use crate::error::ApiError;
use crate::store::now_ms;
use crate::AppState;

/// Most players a leaderboard lists.
const LIMIT: usize = 100;

/// The window of a player's `progress`: the last 30 days.
const PROGRESS_MS: i64 = 30 * 86_400_000;

/// Query of `GET /api/leaderboard/{game}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Mode {
    #[serde(default)]
    mode: Option<String>,
}

/// One account ranked in a pool.
pub(super) struct Ranked {
    /// 1-based place.
    pub(super) rank: usize,
    pub(super) player: Uuid,
    pub(super) name: String,
    pub(super) shown: Shown,
    pub(super) games: u32,
}

/// The pool of `game` and `mode` (the game's first mode without one): 404 for a game
/// that is not rated, 400 `unknown_mode` for a mode the game does not have.
pub(super) fn pool_of(game: &str, mode: Option<&str>) -> Result<Pool, ApiError> {
    let first = ratings::first_mode(game).ok_or(ApiError::NotFound("game"))?;
    let mode = mode.unwrap_or(first);
    ratings::pool(game, mode).ok_or_else(|| {
        let modes: Vec<&str> = ratings::POOLS
            .iter()
            .filter(|p| p.game == game)
            .map(|p| p.mode)
            .collect();
        ApiError::bad(
            "unknown_mode",
            format!("mode `{mode}`: {game} has {}", modes.join(", ")),
        )
    })
}

/// Every account of `pool` whose rating is provisional at `now` (`provisional`) or not,
/// best first (ties: more games first, then by name), numbered from 1.
async fn listed(
    state: &AppState,
    pool: Pool,
    now: i64,
    provisional: bool,
) -> Result<Vec<Ranked>, ApiError> {
    let rows = state.store.pool_accounts(pool.game, pool.mode).await?;
    let mut list: Vec<(Uuid, String, Shown, u32)> = rows
        .into_iter()
        .map(|r| {
            (
                r.player,
                r.username,
                r.rating.shown(pool.system, now),
                r.rating.games,
            )
        })
        .filter(|(_, _, shown, _)| shown.provisional == provisional)
        .collect();
    list.sort_by(|a, b| {
        b.2.rating
            .cmp(&a.2.rating)
            .then(b.3.cmp(&a.3))
            .then_with(|| a.1.cmp(&b.1))
    });
    Ok(list
        .into_iter()
        .enumerate()
        .map(|(i, (player, name, shown, games))| Ranked {
            rank: i + 1,
            player,
            name,
            shown,
            games,
        })
        .collect())
}

/// Every account of `pool` whose rating is not provisional at `now`, best first, ranked.
pub(super) async fn ranked(
    state: &AppState,
    pool: Pool,
    now: i64,
) -> Result<Vec<Ranked>, ApiError> {
    listed(state, pool, now, false).await
}

/// `GET /api/leaderboard/{game}?mode=`.
pub(super) async fn leaderboard(
    State(state): State<AppState>,
    Path(game): Path<String>,
    Params(q): Params<Mode>,
) -> Result<Json<Value>, ApiError> {
    let pool = pool_of(&game, q.mode.as_deref())?;
    let now = now_ms();
    let mut list = ranked(&state, pool, now).await?;
    list.truncate(LIMIT);
    let mut provisional = listed(&state, pool, now, true).await?;
    provisional.truncate(LIMIT);
    // Progress: the shown rating now against before the first rated game of the window.
    let mut progress: HashMap<String, (i64, i64)> = HashMap::new();
    for c in state
        .store
        .pool_changes_since(pool.game, pool.mode, now - PROGRESS_MS)
        .await?
    {
        progress
            .entry(c.player)
            .and_modify(|e| e.1 = c.after)
            .or_insert((c.before, c.after));
    }
    let entry = |r: &Ranked, ranked: bool| {
        let p = progress
            .get(&r.player.to_string())
            .map_or(0, |(first, _)| i64::from(r.shown.rating) - first);
        let mut v = json!({
            "name": r.name,
            "rating": r.shown.rating,
            "deviation": r.shown.deviation,
            "provisional": r.shown.provisional,
            "games": r.games,
            "progress": p,
        });
        if let (true, Value::Object(o)) = (ranked, &mut v) {
            o.insert("rank".into(), json!(r.rank));
        }
        v
    };
    let players: Vec<Value> = list.iter().map(|r| entry(r, true)).collect();
    let provisional: Vec<Value> = provisional.iter().map(|r| entry(r, false)).collect();
    Ok(Json(json!({
        "game": pool.game,
        "mode": pool.mode,
        "provisional_deviation": ratings::PROVISIONAL_DEVIATION,
        "rated_games_per_opponent_per_day": ratings::RATED_GAMES_PER_OPPONENT_PER_DAY,
        "players": players,
        "provisional": provisional,
    })))
}
