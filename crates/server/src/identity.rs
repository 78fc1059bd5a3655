//! Anonymous identities: a random secret made on first visit, kept by the browser in an
//! HttpOnly cookie (or sent by other clients as a bearer token), stored only as its SHA-256.
//!
//! The secret has 256 random bits, so a fast hash is enough: there is nothing to brute-force.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::header::{AUTHORIZATION, COOKIE};
use axum::http::request::Parts;
use rand::RngCore;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::error::ApiError;
use crate::store::{PlayerRow, Store};

/// Name of the cookie holding the secret.
pub const COOKIE_NAME: &str = "checkerhall_token";

/// Longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// How long the browser keeps the identity cookie: about a year.
pub const COOKIE_MAX_AGE_S: u64 = 365 * 24 * 3600;

/// A known player: who sent the request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// The player's id.
    pub id: Uuid,
    /// The display name.
    pub name: String,
    /// The account, once the guest identity has been claimed.
    pub account: Option<Account>,
    /// The session the request's token opened (`None`: a guest's own token).
    pub session: Option<Uuid>,
}

/// The account of a claimed identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The login name.
    pub username: String,
    /// `member` or `admin`.
    pub role: String,
}

impl Account {
    /// Whether the account may use the admin API.
    pub fn is_admin(&self) -> bool {
        self.role == "admin"
    }
}

impl Identity {
    /// The lobby participant for this identity.
    pub fn participant(&self) -> lobby::Participant {
        lobby::Participant::new(lobby::PlayerId(self.id), self.name.clone())
    }

    /// Whether this identity may take seats and host rooms on a server open to `access`.
    pub fn may_play(&self, access: crate::config::AccessMode) -> bool {
        access == crate::config::AccessMode::Open || self.account.is_some()
    }
}

/// Hex SHA-256 of a token: what the store keeps.
pub fn hash_token(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The name a new identity is given: `Guest-` and the first six hex digits of its id.
pub fn guest_name(id: Uuid) -> String {
    format!("Guest-{}", &id.simple().to_string()[..6])
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
    let name = guest_name(id);
    store
        .insert_player(&PlayerRow {
            id,
            name: name.clone(),
            token_hash: hash_token(&token),
            created_at: now_ms,
        })
        .await?;
    Ok((
        Identity {
            id,
            name,
            account: None,
            session: None,
        },
        token,
    ))
}

/// True for characters a display name may not hold because they cannot be seen or they
/// change how the text around them is shown: controls, bidirectional overrides and
/// isolates, zero-width characters and joiners, fillers that render as blanks, tags, and
/// every space other than the plain one.
pub fn is_hidden_char(c: char) -> bool {
    c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(
            c,
            '\u{00AD}'                    // soft hyphen
            | '\u{034F}'                  // combining grapheme joiner
            | '\u{061C}'                  // Arabic letter mark
            | '\u{115F}' | '\u{1160}'     // Hangul fillers
            | '\u{17B4}' | '\u{17B5}'     // Khmer invisible vowels
            | '\u{180B}'..='\u{180F}'     // Mongolian free variation selectors, vowel separator
            | '\u{200B}'..='\u{200F}'     // zero-width space, non-joiner, joiner; LRM, RLM
            | '\u{202A}'..='\u{202E}'     // bidirectional embeddings and overrides
            | '\u{2060}'..='\u{206F}'     // word joiner, invisible operators, isolates
            | '\u{2800}'                  // braille blank
            | '\u{3164}' | '\u{FFA0}'     // Hangul fillers
            | '\u{FEFF}'                  // zero-width no-break space
            | '\u{FFF9}'..='\u{FFFB}'     // interlinear annotation controls
            | '\u{1D173}'..='\u{1D17A}'   // musical formatting controls
            | '\u{E0000}'..='\u{E007F}'   // tags
        )
}

/// Checks a display name: trimmed, 1 to [`MAX_NAME_CHARS`] characters, nothing
/// [`is_hidden_char`] refuses (so two names that look alike are alike, and a name cannot
/// reorder the text shown around it).
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
    if let Some(c) = name.chars().find(|c| is_hidden_char(*c)) {
        return Err(ApiError::bad(
            "bad_name",
            format!(
                "the name has an invisible or direction-changing character (U+{:04X})",
                u32::from(c)
            ),
        ));
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
    cookie_token(parts)
}

/// The value of the identity cookie, if the request has one.
fn cookie_token(parts: &Parts) -> Option<String> {
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

/// Whether the request carries the identity cookie (a browser that already has one).
pub fn has_cookie(parts: &Parts) -> bool {
    cookie_token(parts).is_some()
}

/// The `Set-Cookie` value holding `token` for `max_age_s` seconds (0 clears it);
/// `Secure` when the public origin is https.
pub fn cookie_header(
    config: &crate::config::ServerConfig,
    token: &str,
    max_age_s: u64,
) -> Option<axum::http::HeaderValue> {
    let secure = config
        .public_origin
        .as_deref()
        .is_some_and(|o| o.starts_with("https://"));
    let value = format!(
        "{COOKIE_NAME}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={max_age_s}{}",
        if secure { "; Secure" } else { "" }
    );
    axum::http::HeaderValue::from_str(&value).ok()
}

/// Looks up the identity of a token: a guest's own token or an account's session.
///
/// # Errors
/// [`ApiError::Unauthorized`] for an unknown token, 403 `banned` for a banned player; store
/// errors.
pub async fn lookup(store: &Store, token: &str) -> Result<Identity, ApiError> {
    match store.token_owner(&hash_token(token)).await? {
        Some(o) if o.banned_at.is_some() => Err(ApiError::banned()),
        Some(o) => Ok(Identity {
            id: o.id,
            name: o.name,
            account: o.account.map(|(username, role)| Account { username, role }),
            session: o.session,
        }),
        None => Err(ApiError::Unauthorized),
    }
}

/// The identity of a request, from any state that holds the store.
impl<S: Send + Sync> FromRequestParts<S> for Identity
where
    Store: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let token = token_from_parts(parts).ok_or(ApiError::Unauthorized)?;
        lookup(&Store::from_ref(state), &token).await
    }
}

/// An identity if the request carries a valid one, `None` otherwise (spectators).
#[derive(Clone, Debug)]
pub struct MaybeIdentity(pub Option<Identity>);

impl<S: Send + Sync> FromRequestParts<S> for MaybeIdentity
where
    Store: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match token_from_parts(parts) {
            None => Ok(MaybeIdentity(None)),
            Some(t) => match lookup(&Store::from_ref(state), &t).await {
                Ok(i) => Ok(MaybeIdentity(Some(i))),
                Err(ApiError::Unauthorized) => Ok(MaybeIdentity(None)),
                Err(e) => Err(e),
            },
        }
    }
}

/// Milliseconds since the Unix epoch (kept here too: identities are stamped with it).
pub use crate::store::now_ms;
