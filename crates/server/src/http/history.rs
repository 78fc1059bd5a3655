//! Stored games: `GET /api/history` (filtered, paged), `GET /api/history/{id}` (every move),
//! `GET /api/history/{id}/export` (PDN, PGN4-like, or `rules`' record text),
//! `GET /api/history/{id}/analysis` (computer analysis, see [`crate::analysis`]).

use axum::extract::{Path, Query, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use rules::Variant;
use serde_json::{json, Map, Value};
use uuid::Uuid;

use crate::error::{ApiError, HttpCode};
use crate::export::{self, days_from_civil, Stored};
use crate::identity::{Identity, MaybeIdentity};
use crate::store::{GameFilter, GameRow, MoveRow};
use crate::AppState;

/// Default page size of `GET /api/history`.
const DEFAULT_LIMIT: u32 = 20;
/// Largest page size of `GET /api/history`.
const MAX_LIMIT: u32 = crate::store::MAX_PAGE;

/// A 400 `bad_parameter` naming the parameter.
fn bad_param(name: &str, why: impl std::fmt::Display) -> ApiError {
    ApiError::bad(
        HttpCode::BadParameter.as_str(),
        format!("parameter `{name}`: {why}"),
    )
}

/// Reads a time parameter: milliseconds since the epoch, or a UTC date `YYYY-MM-DD`
/// (its midnight; with `end_of_day`, the next midnight, so `to=2024-05-01` includes that
/// day).
///
/// # Errors
/// A message saying what is accepted.
fn parse_time(text: &str, end_of_day: bool) -> Result<i64, String> {
    let t = text.trim();
    if !t.is_empty() && t.chars().all(|c| c.is_ascii_digit()) {
        return t
            .parse::<i64>()
            .map_err(|_| "milliseconds out of range".to_string());
    }
    let bad = || format!("`{t}` is neither milliseconds since the epoch nor a date YYYY-MM-DD");
    let parts: Vec<&str> = t.split('-').collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(bad());
    };
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return Err(bad());
    }
    let y: i64 = y.parse().map_err(|_| bad())?;
    let m: u32 = m.parse().map_err(|_| bad())?;
    let d: u32 = d.parse().map_err(|_| bad())?;
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days_in_month = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(bad()),
    };
    if d == 0 || d > days_in_month {
        return Err(bad());
    }
    let days = days_from_civil(y, m, d) + i64::from(end_of_day);
    Ok(days * 86_400_000)
}

/// Builds the store filter from the query of `GET /api/history`, refusing unknown,
/// repeated or malformed parameters.
fn filter(params: &[(String, String)]) -> Result<GameFilter, ApiError> {
    let mut f = GameFilter {
        finished_only: true,
        limit: DEFAULT_LIMIT,
        ..GameFilter::default()
    };
    let mut seen: Vec<&str> = Vec::new();
    for (k, v) in params {
        if seen.contains(&k.as_str()) {
            return Err(bad_param(k, "given more than once"));
        }
        seen.push(k);
        match k.as_str() {
            "player" => {
                f.player = Some(Uuid::parse_str(v.trim()).map_err(|_| bad_param(k, "not a player id (UUID)"))?)
            }
            "game" => {
                let variant: Variant = v.parse().map_err(|e| bad_param(k, e))?;
                f.variant = Some(variant.key().to_string());
            }
            "result" => f.result = Some(v.trim().to_ascii_lowercase()),
            "from" => f.from = Some(parse_time(v, false).map_err(|e| bad_param(k, e))?),
            "to" => f.to = Some(parse_time(v, true).map_err(|e| bad_param(k, e))?),
            "limit" => {
                f.limit = v
                    .trim()
                    .parse::<u32>()
                    .ok()
                    .filter(|n| (1..=MAX_LIMIT).contains(n))
                    .ok_or_else(|| bad_param(k, format!("a whole number from 1 to {MAX_LIMIT}")))?
            }
            "offset" => {
                f.offset = v
                    .trim()
                    .parse::<u32>()
                    .map_err(|_| bad_param(k, "a whole number from 0"))?
            }
            other => {
                return Err(ApiError::bad(
                    HttpCode::UnknownParameter.as_str(),
                    format!(
                        "unknown parameter `{other}` (known: player, game, result, from, to, limit, offset)"
                    ),
                ))
            }
        }
    }
    if let Some(r) = &f.result {
        let allowed: &[&str] = if f.player.is_some() {
            &["win", "loss", "draw"]
        } else {
            &["decisive", "draw"]
        };
        if !allowed.contains(&r.as_str()) {
            return Err(bad_param(
                "result",
                if f.player.is_some() {
                    "with `player`: win, loss or draw"
                } else {
                    "decisive or draw (win and loss need `player`)"
                },
            ));
        }
    }
    if let (Some(from), Some(to)) = (f.from, f.to) {
        if from >= to {
            return Err(bad_param("to", "must be after `from`"));
        }
    }
    Ok(f)
}

/// Parses a JSON text stored by us, `null` if it does not read back.
fn stored_json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

/// The stored seats, each bot named as everywhere else (`Computer level 3`), games stored
/// before bots had that name included.
fn seat_details(seats: &str) -> Value {
    let mut v = stored_json(seats);
    if let Value::Object(o) = &mut v {
        for seat in o.values_mut() {
            let bot = seat
                .get("bot")
                .and_then(|b| serde_json::from_value::<lobby::Bot>(b.clone()).ok());
            if let (Some(bot), Value::Object(seat)) = (bot, seat) {
                seat.insert("name".into(), json!(crate::rooms::bot_name(&bot)));
            }
        }
    }
    v
}

/// Seat key -> display name.
fn names(game: &GameRow) -> Value {
    let mut out = Map::new();
    if let Ok(names) = export::seat_names(&game.seats) {
        for (seat, name) in names.iter() {
            if let Some(n) = name {
                out.insert(seat.key().to_string(), Value::String(n.clone()));
            }
        }
    }
    Value::Object(out)
}

/// Human summary of the result: `white won`, `white and green won`, `draw`, `unfinished`.
fn summary(game: &GameRow) -> String {
    match (&game.result, &game.winners) {
        (None, _) => "unfinished".into(),
        (Some(_), Some(w)) if !w.trim().is_empty() => {
            let seats: Vec<&str> = w.split(',').map(str::trim).collect();
            format!("{} won", seats.join(" and "))
        }
        (Some(_), _) => "draw".into(),
    }
}

/// The list entry of a game.
fn entry(game: &GameRow) -> Value {
    let winners: Vec<&str> = game
        .winners
        .as_deref()
        .map(|w| {
            w.split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .collect()
        })
        .unwrap_or_default();
    json!({
        "id": game.id,
        "game": game.variant,
        "options": stored_json(&game.options),
        "seats": names(game),
        "players": game.players.iter().map(|(s, p)| json!({"seat": s, "player": p})).collect::<Vec<_>>(),
        "result": summary(game),
        "winners": if game.result.is_some() { json!(winners) } else { Value::Null },
        "reason": game.reason,
        "started_at": game.started_at,
        "finished_at": game.finished_at,
    })
}

/// Replaces a `player` given as an account's username (any case; a player page knows its
/// player by name) with that account's player id; an id is left as it is.
async fn player_by_username(
    state: &AppState,
    params: &mut [(String, String)],
) -> Result<(), ApiError> {
    for (k, v) in params.iter_mut() {
        if k != "player" || Uuid::parse_str(v.trim()).is_ok() {
            continue;
        }
        let name = v.trim();
        let account = state
            .store
            .account_by_key(&name.to_ascii_lowercase())
            .await?
            .ok_or_else(|| {
                bad_param(
                    "player",
                    format!("`{name}` is neither a player id (UUID) nor an account's username"),
                )
            })?;
        *v = account.player_id.to_string();
    }
    Ok(())
}

/// `GET /api/history`.
pub(super) async fn list(
    State(state): State<AppState>,
    // Pairs of text decode from any query (bad escapes are read lossily): there is no
    // rejection to answer, and every check is on the names and values.
    Query(mut params): Query<Vec<(String, String)>>,
) -> Result<Json<Value>, ApiError> {
    player_by_username(&state, &mut params).await?;
    let f = filter(&params)?;
    // One row more than asked tells whether there is a next page; the store pages at
    // most MAX_LIMIT rows, so a full-size page probes the next row on its own.
    let mut page = f.clone();
    page.limit = (f.limit + 1).min(MAX_LIMIT);
    let rows = state.store.list_games(&page).await?;
    let more = if rows.len() > f.limit as usize {
        true
    } else if rows.len() == f.limit as usize && page.limit == f.limit {
        let probe = GameFilter {
            limit: 1,
            offset: f.offset.saturating_add(f.limit),
            ..f.clone()
        };
        !state.store.list_games(&probe).await?.is_empty()
    } else {
        false
    };
    let games: Vec<Value> = rows.iter().take(f.limit as usize).map(entry).collect();
    Ok(Json(json!({
        "games": games,
        "next_offset": more.then(|| f.offset.saturating_add(f.limit)),
    })))
}

/// Reads the `{id}` path parameter.
fn game_id(id: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(id).map_err(|_| bad_param("id", "not a game id (UUID)"))
}

/// The stored game and its moves, or 404.
async fn load(state: &AppState, id: &str) -> Result<(GameRow, Vec<MoveRow>), ApiError> {
    let id = game_id(id)?;
    state
        .store
        .game(id)
        .await?
        .ok_or(ApiError::NotFound("game"))
}

/// The room's state as its sockets know it, from the stored game and room: a game with a
/// result (or its room stored as finished) is finished, a room stored as aborted is
/// aborted, anything else is still on.
fn room_state(game: &GameRow, room: Option<&crate::store::RoomRow>) -> lobby::RoomState {
    if game.result.is_some() || room.is_some_and(|r| r.state == "finished") {
        lobby::RoomState::Finished
    } else if room.is_some_and(|r| r.state == "aborted") {
        lobby::RoomState::Aborted
    } else {
        lobby::RoomState::Playing
    }
}

/// Who `caller` is to the game: its seat's viewer if it sits in the game, else a
/// spectator (as is a caller without an identity).
fn viewer_of(game: &GameRow, caller: Option<&Identity>) -> lobby::Viewer {
    caller
        .and_then(|c| game.players.iter().find(|(_, p)| *p == c.id))
        .and_then(|(seat, _)| seat.parse::<rules::Seat>().ok())
        .map_or(lobby::Viewer::Spectator, lobby::Viewer::Seat)
}

/// `GET /api/history/{id}`.
pub(super) async fn one(
    State(state): State<AppState>,
    Path(id): Path<String>,
    MaybeIdentity(caller): MaybeIdentity,
) -> Result<Json<Value>, ApiError> {
    let (game, moves) = load(&state, &id).await?;
    let mut body = entry(&game);
    let positions = positions(&game, &moves);
    let moves: Vec<Value> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            json!({
                "ply": m.ply,
                "seat": m.seat,
                "notation": m.notation,
                "clock_ms": m.clock_ms,
                "at": m.at,
                "position": positions.get(i),
            })
        })
        .collect();
    if let Value::Object(o) = &mut body {
        o.insert("start_position".into(), json!(game.start_position));
        o.insert("seat_details".into(), seat_details(&game.seats));
        o.insert(
            "outcome".into(),
            game.result
                .as_deref()
                .map(stored_json)
                .unwrap_or(Value::Null),
        );
        o.insert("moves".into(), Value::Array(moves));
        // A rated game's changes, once the writer applied them with its result.
        let room = state.store.room(game.id).await?;
        let rated = room.as_ref().is_some_and(|r| r.rated);
        o.insert("rated".into(), json!(rated));
        if rated {
            let changes: Vec<Value> = state
                .store
                .game_rating_changes(game.id)
                .await?
                .iter()
                .map(|c| json!({"seat": c.seat, "before": c.before, "after": c.after}))
                .collect();
            o.insert("rating_changes".into(), Value::Array(changes));
        }
        // While the game is on, the caller reads what its socket would show it now.
        let (room_state, viewer) = (
            room_state(&game, room.as_ref()),
            viewer_of(&game, caller.as_ref()),
        );
        let chat: Vec<Value> = state
            .store
            .chat(game.id)
            .await?
            .iter()
            .filter(|c| {
                lobby::ChatChannel::from_name(&c.channel)
                    .is_some_and(|ch| ch.read_by(viewer, room_state))
            })
            .map(|c| {
                json!({
                    "id": c.id,
                    "channel": c.channel,
                    "from": {"id": c.player_id, "name": c.name},
                    "seat": c.seat,
                    "text": c.text,
                    "at": c.at,
                })
            })
            .collect();
        o.insert("chat".into(), Value::Array(chat));
        o.insert(
            "analysis".into(),
            json!(crate::analysis::state_of(&state.store, &state.analyses, game.id).await?),
        );
    }
    Ok(Json(body))
}

/// The position string after each stored move, replayed through `rules`, so clients draw
/// stored games without knowing the rules. Empty (and logged) for a game that does not
/// replay; its moves are still listed.
fn positions(game: &GameRow, moves: &[MoveRow]) -> Vec<String> {
    let mut positions = Vec::with_capacity(moves.len());
    let replayed = Stored::from_rows(game, moves)
        .map_err(|e| e.to_string())
        .and_then(|stored| {
            stored
                .record()
                .replay_with(|g| positions.push(g.position().position_string()))
                .map_err(|e| e.to_string())
        });
    if let Err(e) = replayed {
        tracing::error!(game = %game.id, error = %e, "stored game does not replay");
        positions.clear();
    }
    positions
}

/// `GET /api/history/{id}/export[?format=pdn|pgn4|record]`.
pub(super) async fn export(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Query(params): Query<Vec<(String, String)>>,
) -> Result<Response, ApiError> {
    let mut format = None;
    for (k, v) in params {
        match k.as_str() {
            "format" if format.is_none() => format = Some(v),
            "format" => return Err(bad_param("format", "given more than once")),
            other => {
                return Err(ApiError::bad(
                    HttpCode::UnknownParameter.as_str(),
                    format!("unknown parameter `{other}` (known: format)"),
                ))
            }
        }
    }
    let (game, moves) = load(&state, &id).await?;
    let stored = Stored::from_rows(&game, &moves).map_err(|e| {
        tracing::error!(game = %game.id, error = %e, "stored game does not export");
        ApiError::Conflict {
            code: "corrupt_game",
            message: e.to_string(),
        }
    })?;
    // The clock is the room's: a game whose room row is gone exports without the tag.
    let clock = state
        .store
        .room(game.id)
        .await?
        .and_then(|r| serde_json::from_str::<lobby::TimeControl>(&r.time_control).ok());
    let stored = stored.with_time_control(clock);
    let native = if stored.variant == Variant::Neva {
        "pgn4"
    } else {
        "pdn"
    };
    let format = format.unwrap_or_else(|| native.to_string());
    let (text, ext) = match format.as_str() {
        "record" => (stored.record().to_string(), "txt"),
        f if f == native => (stored.export(), native),
        _ => {
            return Err(bad_param(
                "format",
                format!("`{format}`: {native} or record for this game"),
            ))
        }
    };
    let disposition = format!("inline; filename=\"{}.{ext}\"", game.id);
    Ok((
        [
            (CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// `GET /api/history/{id}/analysis`: 200 with the stored analysis, or 202 `pending` with
/// its progress while it is computed (the client polls).
pub(super) async fn analysis(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = game_id(&id)?;
    Ok(
        match crate::analysis::request(&state.store, &state.analyses, id).await? {
            crate::analysis::Reply::Ready(body) => {
                ([(CONTENT_TYPE, "application/json")], body).into_response()
            }
            crate::analysis::Reply::Pending { done, total } => (
                StatusCode::ACCEPTED,
                [(CACHE_CONTROL, "no-store")],
                Json(json!({"status": "pending", "done": done, "total": total})),
            )
                .into_response(),
        },
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn q(s: &[(&str, &str)]) -> Vec<(String, String)> {
        s.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn times() {
        assert_eq!(parse_time("0", false), Ok(0));
        assert_eq!(parse_time("1970-01-02", false), Ok(86_400_000));
        assert_eq!(parse_time("1970-01-01", true), Ok(86_400_000));
        assert!(parse_time("2023-02-29", false).is_err());
        assert!(parse_time("2024-02-29", false).is_ok());
        assert!(parse_time("yesterday", false).is_err());
    }

    #[test]
    fn filters() {
        let f = filter(&q(&[("game", "neva"), ("limit", "5")])).unwrap();
        assert_eq!(f.variant.as_deref(), Some("neva"));
        assert_eq!(f.limit, 5);
        assert!(filter(&q(&[("limit", "0")])).is_err());
        assert!(filter(&q(&[("limit", "101")])).is_err());
        assert!(filter(&q(&[("result", "win")])).is_err());
        assert!(filter(&q(&[("bogus", "1")])).is_err());
        assert!(filter(&q(&[("from", "2024-01-02"), ("to", "2024-01-01")])).is_err());
    }
}
