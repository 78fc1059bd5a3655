//! The admin API (`/api/admin/...`, documented in `docs/api.md`): players and rooms listed,
//! players renamed, banned and unbanned, muted and unmuted in chat, rooms closed, chat lines
//! deleted, invites made. Only admin accounts
//! may call it, and every action is stored in the audit table before it is answered.

use std::sync::atomic::{AtomicI64, Ordering};

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::routing::{get, patch, post};
use axum::{Json, Router};
use lobby::{Actor, Command};
use rand::Rng;
use serde::Deserialize;
use serde_json::{json, Value};
use uuid::Uuid;

use super::json_body;
use super::Params;
use crate::error::{ApiError, HttpCode};
use crate::identity::{self, Identity};
use crate::net::ClientAddr;
use crate::store::AuditRow;
use crate::AppState;

/// Largest page of the admin lists.
const MAX_PAGE: u32 = 100;

/// The admin endpoints.
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/admin/players", get(list_players))
        .route("/api/admin/players/{id}", patch(rename_player))
        .route(
            "/api/admin/players/{id}/ban",
            post(ban_player).delete(unban_player),
        )
        .route(
            "/api/admin/players/{id}/mute",
            post(mute_player).delete(unmute_player),
        )
        .route("/api/admin/rooms", get(list_rooms))
        .route("/api/admin/rooms/{id}/close", post(close_room))
        .route(
            "/api/admin/rooms/{id}/chat/{line}",
            axum::routing::delete(delete_chat),
        )
        .route("/api/admin/invites", post(make_invite))
        .route("/api/admin/audit", get(list_audit))
}

/// The caller, if an admin.
fn admin(who: Identity) -> Result<Identity, ApiError> {
    if who
        .account
        .as_ref()
        .is_some_and(identity::Account::is_admin)
    {
        Ok(who)
    } else {
        Err(ApiError::denied("not_admin", "only admins may do this"))
    }
}

/// Stores one admin action.
async fn audit(
    state: &AppState,
    who: &Identity,
    addr: ClientAddr,
    action: &str,
    target: String,
    detail: String,
) -> Result<(), ApiError> {
    // Strictly increasing times keep the audit's order even for actions in one millisecond.
    static LAST: AtomicI64 = AtomicI64::new(0);
    let now = identity::now_ms();
    let at = LAST
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |last| {
            Some(now.max(last + 1))
        })
        .map_or(now, |last| now.max(last + 1));
    let row = AuditRow {
        id: Uuid::new_v4(),
        at,
        admin_id: who.id,
        action: action.into(),
        target,
        detail,
    };
    state.store.insert_audit(&row).await?;
    // The stored entry has no address; the log line has the client's (behind a trusted
    // proxy, the real one).
    tracing::info!(admin = %who.id, action, target = %row.target, client = %addr, "admin action");
    Ok(())
}

/// The stored player a path names.
async fn stored_player(state: &AppState, id: &str) -> Result<crate::store::PlayerRow, ApiError> {
    let id = Uuid::parse_str(id).map_err(|_| ApiError::NotFound("player"))?;
    state
        .store
        .player(id)
        .await?
        .ok_or(ApiError::NotFound("player"))
}

/// Query of the admin lists.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Page {
    #[serde(default)]
    q: Option<String>,
    #[serde(default)]
    limit: Option<u32>,
    #[serde(default)]
    offset: Option<u64>,
}

impl Page {
    fn bounds(&self) -> Result<(u32, u64), ApiError> {
        let limit = self.limit.unwrap_or(50);
        if !(1..=MAX_PAGE).contains(&limit) {
            return Err(ApiError::bad(
                HttpCode::BadParameter.as_str(),
                format!("parameter `limit`: a whole number from 1 to {MAX_PAGE}"),
            ));
        }
        Ok((limit, self.offset.unwrap_or(0)))
    }
}

type PageQuery = Params<Page>;

fn page(q: PageQuery) -> Result<Page, ApiError> {
    Ok(q.0)
}

/// `GET /api/admin/players?q=&limit=&offset=`.
async fn list_players(
    State(state): State<AppState>,
    who: Identity,
    q: PageQuery,
) -> Result<Json<Value>, ApiError> {
    admin(who)?;
    let p = page(q)?;
    let (limit, offset) = p.bounds()?;
    let q = p.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let players = state.store.list_players(q, limit, offset).await?;
    Ok(Json(json!({ "players": players })))
}

/// Body of `PATCH /api/admin/players/{id}`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Rename {
    name: String,
}

/// `PATCH /api/admin/players/{id}` `{name}`.
async fn rename_player(
    State(state): State<AppState>,
    addr: ClientAddr,
    who: Identity,
    Path(id): Path<String>,
    body: Result<Json<Rename>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let who = admin(who)?;
    let old = stored_player(&state, &id).await?;
    let id = old.id;
    let name = identity::check_name(&json_body(body)?.name)?;
    audit(
        &state,
        &who,
        addr,
        "rename",
        id.to_string(),
        format!("{} -> {name}", old.name),
    )
    .await?;
    state.store.rename_player(id, &name).await?;
    state.rooms.rename(id, &name).await;
    Ok(Json(json!({ "id": id, "name": name })))
}

/// Body of `POST /api/admin/players/{id}/ban`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Ban {
    #[serde(default)]
    reason: String,
}

/// `POST /api/admin/players/{id}/ban` `{reason}`: bans the player, ends their sessions and
/// closes their sockets.
async fn ban_player(
    State(state): State<AppState>,
    addr: ClientAddr,
    who: Identity,
    Path(id): Path<String>,
    body: Result<Json<Ban>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let who = admin(who)?;
    let id = stored_player(&state, &id).await?.id;
    let reason = json_body(body)?
        .reason
        .trim()
        .chars()
        .take(500)
        .collect::<String>();
    if id == who.id {
        return Err(ApiError::Conflict {
            code: "self_ban",
            message: "an admin cannot ban themselves".into(),
        });
    }
    audit(&state, &who, addr, "ban", id.to_string(), reason).await?;
    state.store.set_banned(id, Some(identity::now_ms())).await?;
    let ended = state.store.delete_sessions_except(id, None).await?;
    crate::lobby_sync::close_player(
        &state.sockets,
        state.cluster.as_ref(),
        id,
        crate::lobby_sync::BANNED,
        "banned",
    )
    .await;
    Ok(Json(
        json!({ "id": id, "banned": true, "sessions_ended": ended }),
    ))
}

/// `DELETE /api/admin/players/{id}/ban`: lifts a ban (the player logs in again).
async fn unban_player(
    State(state): State<AppState>,
    addr: ClientAddr,
    who: Identity,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let who = admin(who)?;
    let id = stored_player(&state, &id).await?.id;
    audit(&state, &who, addr, "unban", id.to_string(), String::new()).await?;
    state.store.set_banned(id, None).await?;
    Ok(Json(json!({ "id": id, "banned": false })))
}

/// `GET /api/admin/rooms?limit=&offset=`: every live room, private ones included, newest
/// first, with its invite code.
async fn list_rooms(
    State(state): State<AppState>,
    who: Identity,
    q: PageQuery,
) -> Result<Json<Value>, ApiError> {
    admin(who)?;
    let (limit, offset) = page(q)?.bounds()?;
    let mut rooms = state.rooms.summaries();
    rooms.sort_by_key(|s| (std::cmp::Reverse(s.created_at), s.id));
    let total = rooms.len();
    let rooms: Vec<Value> = rooms
        .into_iter()
        .skip(usize::try_from(offset).unwrap_or(usize::MAX))
        .take(limit as usize)
        .map(|s| {
            let mut v = serde_json::to_value(&s).unwrap_or(Value::Null);
            v["invite_code"] = json!(s.invite_code);
            v
        })
        .collect();
    Ok(Json(json!({ "rooms": rooms, "total": total })))
}

/// `POST /api/admin/rooms/{id}/close`: aborts the room for everyone (as the server does),
/// which the lobby allows until every seat has moved.
async fn close_room(
    State(state): State<AppState>,
    addr: ClientAddr,
    who: Identity,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let who = admin(who)?;
    let id = Uuid::parse_str(&id).map_err(|_| ApiError::NotFound("room"))?;
    let handle = state
        .rooms
        .find(id)
        .await
        .ok_or(ApiError::NotFound("room"))?;
    if !handle.summary().unfinished() {
        return Err(already_over());
    }
    audit(
        &state,
        &who,
        addr,
        "close_room",
        id.to_string(),
        String::new(),
    )
    .await?;
    let v = handle
        .command(Actor::Server, Command::Abort)
        .await
        .map_err(|e| ApiError::Conflict {
            code: e.code(),
            message: e.to_string(),
        })?;
    Ok(Json(json!({ "id": id, "closed": true, "version": v })))
}

/// The refusal of an action on a room whose game has ended.
fn already_over() -> ApiError {
    ApiError::Conflict {
        code: "already_over",
        message: "This game is already over; there is nothing to close.".into(),
    }
}

/// `DELETE /api/admin/rooms/{id}/chat/{line}`: deletes a chat line. A live room deletes it
/// as a command (its sockets are told, its rows updated with the command's); a line of a
/// room no longer in memory, or one the room no longer keeps, is deleted in the store.
async fn delete_chat(
    State(state): State<AppState>,
    addr: ClientAddr,
    who: Identity,
    Path((id, line)): Path<(String, String)>,
) -> Result<Json<Value>, ApiError> {
    let who = admin(who)?;
    let room = Uuid::parse_str(&id).map_err(|_| ApiError::NotFound("room"))?;
    let line: u32 = line.parse().map_err(|_| ApiError::NotFound("chat line"))?;
    let live = match state.rooms.find(room).await {
        Some(handle) => handle
            .command(Actor::Server, Command::DeleteChat { id: line })
            .await
            .is_ok(),
        None => false,
    };
    if !live && !state.store.delete_chat(room, i64::from(line)).await? {
        return Err(ApiError::NotFound("chat line"));
    }
    // Audited once the line is gone: a delete that found nothing did nothing, and the log
    // records what admins did, not what they tried.
    audit(
        &state,
        &who,
        addr,
        "delete_chat",
        room.to_string(),
        line.to_string(),
    )
    .await?;
    Ok(Json(json!({ "room": room, "id": line, "deleted": true })))
}

/// `POST /api/admin/players/{id}/mute`: the player's chat lines are refused everywhere
/// (error `muted`) until unmuted.
async fn mute_player(
    State(state): State<AppState>,
    addr: ClientAddr,
    who: Identity,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let who = admin(who)?;
    let id = stored_player(&state, &id).await?.id;
    audit(&state, &who, addr, "mute", id.to_string(), String::new()).await?;
    state.store.set_muted(id, Some(identity::now_ms())).await?;
    Ok(Json(json!({ "id": id, "muted": true })))
}

/// `DELETE /api/admin/players/{id}/mute`: lifts a chat mute.
async fn unmute_player(
    State(state): State<AppState>,
    addr: ClientAddr,
    who: Identity,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let who = admin(who)?;
    let id = stored_player(&state, &id).await?.id;
    audit(&state, &who, addr, "unmute", id.to_string(), String::new()).await?;
    state.store.set_muted(id, None).await?;
    Ok(Json(json!({ "id": id, "muted": false })))
}

/// A random invite code: 12 characters without look-alikes (60 bits).
fn invite_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::thread_rng();
    (0..12)
        .map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())]))
        .collect()
}

/// `POST /api/admin/invites`: a new single-use invite code.
async fn make_invite(
    State(state): State<AppState>,
    addr: ClientAddr,
    who: Identity,
) -> Result<Json<Value>, ApiError> {
    let who = admin(who)?;
    let code = invite_code();
    audit(&state, &who, addr, "invite", code.clone(), String::new()).await?;
    state
        .store
        .insert_invite(&code, who.id, identity::now_ms())
        .await?;
    Ok(Json(
        json!({ "code": code, "path": format!("/?invite={code}") }),
    ))
}

/// `GET /api/admin/audit?limit=&offset=`: admin actions, newest first.
async fn list_audit(
    State(state): State<AppState>,
    who: Identity,
    q: PageQuery,
) -> Result<Json<Value>, ApiError> {
    admin(who)?;
    let (limit, offset) = page(q)?.bounds()?;
    let entries = state.store.list_audit(limit, offset).await?;
    Ok(Json(json!({ "entries": entries })))
}
