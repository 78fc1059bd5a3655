//! Quick games (`docs/api.md`): a game against the computer in one request, and a seek that
//! joins the oldest matching open room or opens one. Both make public rooms that start by
//! themselves once their last seat is filled (`RoomConfig::auto_start`); seats are taken
//! and bots seated through the room's task, as commands, like any client's. And the pools
//! (`crate::pools`): waiting in one as an event stream, cancelling, and their list.

use std::collections::BTreeMap;
use std::convert::Infallible;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream;

use crate::net::ClientAddr;
use axum::Json;
use lobby::{Actor, Bot, Command, RoomState, TimeControl};
use rules::Seat;
use serde::Deserialize;
use serde_json::{json, Value};

use super::rooms::{command_error, may_open, room_config, Settings};
use super::{json_body, Params};
use crate::error::{ApiError, HttpCode};
use crate::identity::Identity;
use crate::pools::{self, Outcome, SeekError, Seeker};
use crate::store::now_ms;
use crate::AppState;

/// Body of `POST /api/quick/computer`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Computer {
    game: String,
    level: u8,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    #[serde(default)]
    time_control: Option<TimeControl>,
    #[serde(default)]
    seat: Option<Seat>,
    #[serde(default)]
    rated: bool,
}

/// `POST /api/quick/computer`: a public room where the caller sits (in `seat`, White by
/// default) and engine bots of `level` fill every other seat; the game starts at once.
pub(super) async fn computer(
    State(state): State<AppState>,
    addr: ClientAddr,
    who: Identity,
    body: Result<Json<Computer>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let body = json_body(body)?;
    let levels = Bot::levels("engine").unwrap_or(1..=5);
    if !levels.contains(&body.level) {
        return Err(ApiError::bad(
            "unknown_bot",
            format!(
                "level {}: the computer plays at levels {} to {}",
                body.level,
                levels.start(),
                levels.end()
            ),
        ));
    }
    let config = room_config(
        &state,
        &who,
        Settings {
            game: &body.game,
            options: &body.options,
            time_control: body.time_control,
            auto_start: true,
            rated: body.rated,
        },
        "public",
    )?;
    may_open(&state, addr, &who)?;
    let seat = body.seat.unwrap_or(Seat::Morning);
    let id = state
        .rooms
        .open(config, &who.name, Some(seat))
        .await
        .map_err(command_error)?;
    let handle = state
        .rooms
        .get(id)
        .ok_or(ApiError::Unavailable("the server is restarting"))?;
    let host = Actor::Player(who.participant());
    // The last bot seated fills the room, which starts it.
    let free: Vec<Seat> = handle
        .summary()
        .seats
        .iter()
        .filter(|s| s.name.is_none())
        .map(|s| s.seat)
        .collect();
    for seat in free {
        let bot = Bot {
            kind: "engine".into(),
            level: body.level,
        };
        handle
            .command(host.clone(), Command::SetBot { seat, bot })
            .await
            .map_err(command_error)?;
    }
    Ok(Json(json!({ "id": id })))
}

/// Body of `POST /api/quick/seek`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Seek {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    #[serde(default)]
    time_control: Option<TimeControl>,
    #[serde(default)]
    rated: bool,
}

/// `POST /api/quick/seek`: seats the caller in the oldest public waiting room that starts by
/// itself, plays the same game with the same options and clock, and has a free seat; or, when
/// there is none, opens one with the caller seated. A room the caller already waits in is
/// answered as it is. A rated seek (accounts only) meets only rated rooms, a casual one
/// only casual rooms. Seeks are served one at a time, so two players seeking at once meet in
/// one room instead of opening two.
pub(super) async fn seek(
    State(state): State<AppState>,
    addr: ClientAddr,
    who: Identity,
    body: Result<Json<Seek>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let body = json_body(body)?;
    // The room a seek would open: its options and clock are what an open room must match.
    let config = room_config(
        &state,
        &who,
        Settings {
            game: &body.game,
            options: &body.options,
            time_control: body.time_control,
            auto_start: true,
            rated: body.rated,
        },
        "public",
    )?;
    if !who.may_play(state.config.access) {
        return Err(crate::accounts::members_only());
    }
    let _one_at_a_time = state.seeks.lock().await;
    let mut open: Vec<_> = state
        .rooms
        .listing()
        .into_iter()
        .filter(|s| {
            s.auto_start
                && s.state == RoomState::Waiting
                && s.options == config.options
                && s.time_control == config.time_control
                && s.rated == config.rated
        })
        .collect();
    open.sort_by_key(|s| (s.created_at, s.id));
    if let Some(mine) = open
        .iter()
        .find(|s| s.host == who.id || s.seats.iter().any(|seat| seat.player == Some(who.id)))
    {
        return Ok(Json(json!({ "id": mine.id, "created": false })));
    }
    let me = Actor::Player(who.participant());
    for room in open
        .iter()
        .filter(|s| s.seats.iter().any(|seat| seat.name.is_none()))
    {
        let Some(handle) = state.rooms.find(room.id).await else {
            continue;
        };
        // Refused when the room changed meanwhile (filled, started, closed): the next.
        if handle
            .command(me.clone(), Command::TakeSeat { seat: None })
            .await
            .is_ok()
        {
            return Ok(Json(json!({ "id": room.id, "created": false })));
        }
    }
    may_open(&state, addr, &who)?;
    let id = state
        .rooms
        .open_host_seated(config, &who.name)
        .await
        .map_err(command_error)?;
    Ok(Json(json!({ "id": id, "created": true })))
}

/// `GET /api/pools`: every pool with how many wait in it and how many play its games, and
/// the open seeks.
pub(super) async fn pools(State(state): State<AppState>) -> Json<Value> {
    Json(json!({
        "pools": state.pools.counts(),
        "seeks": state.pools.seeks(),
    }))
}

/// Query of `GET /api/pools/{id}/seek`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SeekQuery {
    #[serde(default)]
    rated: bool,
}

/// `GET /api/pools/{id}/seek?rated=`: waits in the pool, as Server-Sent Events: `waiting`
/// at once, then `paired` (the room, already playing) or `failed`, or `cancelled` when the
/// seek was cancelled. Closing the stream ends the seek.
pub(super) async fn pool_seek(
    State(state): State<AppState>,
    Path(id): Path<String>,
    who: Identity,
    Params(q): Params<SeekQuery>,
) -> Result<Response, ApiError> {
    let spec = pools::spec(&id).ok_or_else(|| unknown_pool(&id))?;
    if !who.may_play(state.config.access) {
        return Err(crate::accounts::members_only());
    }
    if q.rated && who.account.is_none() {
        return Err(super::rooms::rated_needs_account());
    }
    let rating = match who.account {
        Some(_) => Some(pools::rating_of(&state.store, spec, who.id).await?),
        None => None,
    };
    let seeker = Seeker {
        player: who.id,
        name: who.name.clone(),
        rating,
        account: who.account.is_some(),
        wants_rated: q.rated,
    };
    let ticket = state
        .pools
        .join(&spec.id, seeker, now_ms())
        .map_err(|e| match e {
            SeekError::UnknownPool(id) => unknown_pool(&id),
            e @ SeekError::AlreadySeeking(_) => ApiError::Conflict {
                code: HttpCode::AlreadySeeking.as_str(),
                message: e.to_string(),
            },
            SeekError::Stopping => ApiError::Unavailable("the server is restarting"),
        })?;
    let waiting = sse(
        "waiting",
        &json!({ "pool": spec.id, "rating": rating, "rated": q.rated }),
    );
    let events = stream::unfold(Some((Some(waiting), ticket)), |step| async move {
        let (first, mut ticket) = step?;
        if let Some(first) = first {
            return Some((Ok::<_, Infallible>(first), Some((None, ticket))));
        }
        let last = match (&mut ticket.outcome).await {
            Ok(Outcome::Paired { room, rated }) => {
                sse("paired", &json!({ "room": room, "rated": rated }))
            }
            Ok(Outcome::Failed(message)) => sse("failed", &json!({ "message": message })),
            Err(_) => sse("cancelled", &json!({})),
        };
        drop(ticket);
        Some((Ok(last), None))
    });
    Ok(Sse::new(events)
        .keep_alive(KeepAlive::default())
        .into_response())
}

/// `DELETE /api/pools/seek`: ends the caller's seek, if any (204 either way).
pub(super) async fn cancel_seek(State(state): State<AppState>, who: Identity) -> StatusCode {
    state.pools.end(who.id, None);
    StatusCode::NO_CONTENT
}

fn unknown_pool(id: &str) -> ApiError {
    ApiError::bad(
        HttpCode::UnknownPool.as_str(),
        format!("no pool `{id}` (GET /api/pools lists them)"),
    )
}

fn sse(name: &str, data: &Value) -> Event {
    Event::default().event(name).data(data.to_string())
}
