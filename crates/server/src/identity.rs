//! Anonymous identities: a random secret made on first visit, kept by the browser in an
//! HttpOnly cookie (or sent by other clients as a bearer token), stored only as its SHA-256.
//!
//! The secret has 256 random bits, so a fast hash is enough: there is nothing to brute-force.

use axum::extract::FromRequestParts;
use axum::http::header::{AUTHORIZATION, COOKIE};
use axum::http::request::Parts;
use rand::RngCore;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::error::ApiError;
use crate::store::{PlayerRow, Store};
use crate::AppState;

/// Name of the cookie holding the secret.
pub const COOKIE_NAME: &str = "checkerhall_token";

/// Longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// A known player: who sent the request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The player's id.
    pub id: Uuid,
    /// The display name.
    pub name: String,
}

impl Identity {
    /// The lobby participant for this identity.
    pub fn participant(&self) -> lobby::Participant {
        lobby::Participant::new(lobby::PlayerId(self.id), self.name.clone())
    }
}

/// Hex SHA-256 of a token: what the store keeps.
pub fn hash_token(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Makes a new identity with a guest name; returns it and its secret token.
///
/// # Errors
/// The store refused the insert.
pub async fn issue(store: &Store, now_ms: i64) -> Result<(Identity, String), ApiError> {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let id = Uuid::new_v4();
    let name = format!("Guest-{}", &id.simple().to_string()[..6]);
    store
        .insert_player(&PlayerRow {
            id,
            name: name.clone(),
            token_hash: hash_token(&token),
            created_at: now_ms,
        })
        .await?;
    Ok((Identity { id, name }, token))
}

/// Checks a display name: trimmed, 1 to [`MAX_NAME_CHARS`] characters, no control characters.
///
/// # Errors
/// [`ApiError::BadRequest`] naming the problem.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(ApiError::bad("bad_name", "the name is empty"));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(ApiError::bad(
            "bad_name",
            format!("the name is longer than {MAX_NAME_CHARS} characters"),
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(ApiError::bad("bad_name", "the name has control characters"));
    }
    Ok(name.to_string())
}

/// The token of an `Authorization: Bearer <token>` header, if the request has one.
pub fn bearer_token(parts: &Parts) -> Option<String> {
    let v = parts.headers.get(AUTHORIZATION)?.to_str().ok()?;
    v.strip_prefix("Bearer ").map(|t| t.trim().to_string())
}

/// The token a request carries: `Authorization: Bearer <token>` first, else the cookie.
pub fn token_from_parts(parts: &Parts) -> Option<String> {
    if let Some(t) = bearer_token(parts) {
        return Some(t);
    }
    parts
        .headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE_NAME)
        .map(|(_, v)| v.to_string())
}

/// Looks up the identity of a token.
///
/// # Errors
/// [`ApiError::Unauthorized`] for an unknown token; store errors.
pub async fn lookup(store: &Store, token: &str) -> Result<Identity, ApiError> {
    match store.player_by_token_hash(&hash_token(token)).await? {
        Some(p) => Ok(Identity {
            id: p.id,
            name: p.name,
        }),
        None => Err(ApiError::Unauthorized),
    }
}

impl FromRequestParts<AppState> for Identity {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = token_from_parts(parts).ok_or(ApiError::Unauthorized)?;
        lookup(&state.store, &token).await
    }
}

/// An identity if the request carries a valid one, `None` otherwise (spectators).
#[derive(Clone, Debug)]
pub struct MaybeIdentity(pub Option<Identity>);

impl FromRequestParts<AppState> for MaybeIdentity {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        match token_from_parts(parts) {
            None => Ok(MaybeIdentity(None)),
            Some(t) => match lookup(&state.store, &t).await {
                Ok(i) => Ok(MaybeIdentity(Some(i))),
                Err(ApiError::Unauthorized) => Ok(MaybeIdentity(None)),
                Err(e) => Err(e),
            },
        }
    }
}

/// Milliseconds since the Unix epoch, for rows and the lobby's timestamps.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}
