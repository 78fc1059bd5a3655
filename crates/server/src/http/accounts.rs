//! Accounts on top of guest identities (`/api/account...`, documented in `docs/api.md`).
//!
//! A guest claims its identity with a username and a password; the identity keeps its id,
//! name and history. From then on every device holds a server-side session: the device
//! that claimed keeps its token (it becomes the first session), other devices log in.
//! Sessions are listed and revoked by their owner; changing the password ends every other
//! session. Logins are rate-limited per account and per address, and an unknown username
//! costs as much time as a wrong password.

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::header::{SET_COOKIE, USER_AGENT};
use axum::http::request::Parts;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use uuid::Uuid;

use super::json_body;
use crate::accounts::{check_username, new_token, password};
use crate::config::AccessMode;
use crate::error::ApiError;
use crate::identity::{self, Identity};
use crate::net::ClientAddr;
use crate::store::{NewAccount, SessionRow, StoreError};
use crate::AppState;

/// Longest `User-Agent` kept with a session.
const MAX_USER_AGENT: usize = 200;

/// The account endpoints.
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/account", get(get_account))
        .route("/api/account/claim", post(claim))
        .route("/api/account/login", post(login))
        .route("/api/account/logout", post(logout))
        .route("/api/account/password", post(change_password))
        .route("/api/account/sessions", get(list_sessions))
        .route("/api/account/sessions/{id}", delete(revoke_session))
}

fn session_row(parts: &Parts, addr: ClientAddr, player: Uuid, token: &str) -> SessionRow {
    let user_agent: String = parts
        .headers
        .get(USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .chars()
        .take(MAX_USER_AGENT)
        .collect();
    SessionRow {
        id: Uuid::new_v4(),
        player_id: player,
        token_hash: identity::hash_token(token),
        created_at: identity::now_ms(),
        user_agent,
        address: addr.ip().to_string(),
    }
}

/// The account part of an identity, or 404 for a guest.
fn account_of(who: &Identity) -> Result<&identity::Account, ApiError> {
    who.account.as_ref().ok_or(ApiError::NotFound("account"))
}

fn account_json(who: &Identity, account: &identity::Account) -> Value {
    json!({
        "id": who.id,
        "name": who.name,
        "username": account.username,
        "role": account.role,
    })
}

/// `GET /api/account`: the caller's account; 404 for a guest.
async fn get_account(who: Identity) -> Result<Json<Value>, ApiError> {
    let account = account_of(&who)?;
    Ok(Json(account_json(&who, account)))
}

/// Body of `POST /api/account/claim`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {
    username: String,
    password: String,
    #[serde(default)]
    invite: Option<String>,
}

/// The invite a claim spends: a server admitting accounts by invitation wants an open
/// one; other servers take none.
async fn claim_invite(state: &AppState, invite: Option<&str>) -> Result<Option<String>, ApiError> {
    match state.config.access {
        AccessMode::Invite => {
            let code = invite
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .ok_or_else(|| {
                    ApiError::denied(
                        "invite_required",
                        "this server admits new accounts by invitation only",
                    )
                })?;
            if !state.store.invite_open(code).await? {
                return Err(bad_invite());
            }
            Ok(Some(code.to_string()))
        }
        AccessMode::Open | AccessMode::Members => Ok(None),
    }
}

/// The refusal of an invite that does not exist or was used.
fn bad_invite() -> ApiError {
    ApiError::denied("bad_invite", "this invite is unknown or already used")
}

/// `POST /api/account/claim`: turns the caller's guest identity into an account.
async fn claim(
    State(state): State<AppState>,
    addr: ClientAddr,
    parts: Parts,
    who: Identity,
    body: Result<Json<Claim>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let body = json_body(body)?;
    if who.account.is_some() {
        return Err(ApiError::Conflict {
            code: "already_claimed",
            message: "this identity already has an account".into(),
        });
    }
    let (username, key) = check_username(&body.username)?;
    password::check(&body.password)?;
    let invite = claim_invite(&state, body.invite.as_deref()).await?;
    let token = identity::token_from_parts(&parts).ok_or(ApiError::Unauthorized)?;
    let password_hash = password::hash(body.password).await?;
    let account = NewAccount {
        player_id: who.id,
        username: username.clone(),
        username_key: key,
        password_hash,
        role: "member".into(),
        created_at: identity::now_ms(),
    };
    // The guest's own token becomes the first session: the claiming device stays in.
    let session = session_row(&parts, addr, who.id, &token);
    match state
        .store
        .claim_account(&account, &session, invite.as_deref())
        .await
    {
        Ok(()) => {}
        Err(StoreError::Conflict(_)) => {
            return Err(ApiError::Conflict {
                code: "username_taken",
                message: format!("the username `{username}` is taken"),
            })
        }
        // The invite was spent by another claim since it was checked.
        Err(StoreError::Missing(_)) => return Err(bad_invite()),
        Err(e) => return Err(e.into()),
    }
    // A guest still under the name it was given is known by its username from now on,
    // in every room it is in too; a name the player chose stays.
    let mut who = who;
    if who.name == identity::guest_name(who.id) {
        state.store.rename_player(who.id, &username).await?;
        state.rooms.rename(who.id, &username).await;
        who.name = username.clone();
    }
    let account = identity::Account {
        username,
        role: "member".into(),
    };
    Ok(Json(account_json(&who, &account)))
}

/// Body of `POST /api/account/login`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Login {
    username: String,
    password: String,
}

/// `POST /api/account/login`: a new session for the account; sets the cookie.
async fn login(
    State(state): State<AppState>,
    addr: ClientAddr,
    parts: Parts,
    body: Result<Json<Login>, JsonRejection>,
) -> Result<Response, ApiError> {
    let body = json_body(body)?;
    let key = body.username.trim().to_ascii_lowercase();
    state
        .limiters
        .login_address
        .check(&addr.key().to_string())?;
    state.limiters.login_account.check(&key)?;
    let account = state.store.account_by_key(&key).await?;
    let stored = account.as_ref().map(|a| a.password_hash.clone());
    let ok = password::verify(body.password, stored).await;
    let account = match account {
        Some(a) if ok => a,
        _ => {
            return Err(ApiError::denied(
                "bad_credentials",
                "unknown username or wrong password",
            ))
        }
    };
    if account.banned_at.is_some() {
        return Err(ApiError::banned());
    }
    let token = new_token();
    let session = session_row(&parts, addr, account.player_id, &token);
    state.store.insert_session(&session).await?;
    let name = state
        .store
        .player(account.player_id)
        .await?
        .map(|p| p.name)
        .unwrap_or_default();
    let mut body = json!({
        "id": account.player_id,
        "name": name,
        "username": account.username,
        "role": account.role,
    });
    // Browsers get the token only as an HttpOnly cookie; other clients need it here.
    if !identity::has_cookie(&parts) {
        body["token"] = Value::String(token.clone());
    }
    let mut response = Json(body).into_response();
    let cookie = identity::cookie_header(&state.config, &token, identity::COOKIE_MAX_AGE_S)
        .ok_or(ApiError::Unavailable("cookie"))?;
    response.headers_mut().insert(SET_COOKIE, cookie);
    Ok(response)
}

/// `POST /api/account/logout`: ends the caller's session and clears the cookie.
async fn logout(State(state): State<AppState>, who: Identity) -> Result<Response, ApiError> {
    let session = who.session.ok_or_else(|| ApiError::Conflict {
        code: "not_logged_in",
        message: "a guest has no session to end".into(),
    })?;
    state.store.delete_session(who.id, session).await?;
    crate::lobby_sync::close_session(&state.sockets, state.cluster.as_ref(), session).await;
    let mut response = Json(json!({})).into_response();
    let cookie = identity::cookie_header(&state.config, "", 0)
        .unwrap_or_else(|| HeaderValue::from_static(""));
    response.headers_mut().insert(SET_COOKIE, cookie);
    Ok(response)
}

/// Body of `POST /api/account/password`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChangePassword {
    current: String,
    new: String,
}

/// `POST /api/account/password`: checks the current password, stores the new one and ends
/// every other session.
async fn change_password(
    State(state): State<AppState>,
    addr: ClientAddr,
    who: Identity,
    body: Result<Json<ChangePassword>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let body = json_body(body)?;
    account_of(&who)?;
    password::check(&body.new)?;
    state
        .limiters
        .login_address
        .check(&addr.key().to_string())?;
    let stored = state.store.account(who.id).await?.map(|a| a.password_hash);
    if !password::verify(body.current, stored).await {
        return Err(ApiError::denied(
            "bad_credentials",
            "the current password is wrong",
        ));
    }
    let hash = password::hash(body.new).await?;
    state.store.set_password(who.id, &hash).await?;
    let others: Vec<Uuid> = state
        .store
        .sessions(who.id)
        .await?
        .into_iter()
        .map(|s| s.id)
        .filter(|id| Some(*id) != who.session)
        .collect();
    let ended = state
        .store
        .delete_sessions_except(who.id, who.session)
        .await?;
    for id in others {
        crate::lobby_sync::close_session(&state.sockets, state.cluster.as_ref(), id).await;
    }
    Ok(Json(json!({ "sessions_ended": ended })))
}

/// `GET /api/account/sessions`: the caller's sessions, oldest first.
async fn list_sessions(
    State(state): State<AppState>,
    who: Identity,
) -> Result<Json<Value>, ApiError> {
    account_of(&who)?;
    let sessions: Vec<Value> = state
        .store
        .sessions(who.id)
        .await?
        .into_iter()
        .map(|s| {
            json!({
                "id": s.id,
                "created_at": s.created_at,
                "user_agent": s.user_agent,
                "address": s.address,
                "current": Some(s.id) == who.session,
            })
        })
        .collect();
    Ok(Json(json!({ "sessions": sessions })))
}

/// `DELETE /api/account/sessions/{id}`: ends one of the caller's sessions.
async fn revoke_session(
    State(state): State<AppState>,
    who: Identity,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    account_of(&who)?;
    let id = Uuid::parse_str(&id).map_err(|_| ApiError::NotFound("session"))?;
    if !state.store.delete_session(who.id, id).await? {
        return Err(ApiError::NotFound("session"));
    }
    crate::lobby_sync::close_session(&state.sockets, state.cluster.as_ref(), id).await;
    Ok(Json(json!({})))
}
