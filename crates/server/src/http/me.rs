//! `GET /api/me` (issues an identity on first visit) and `PATCH /api/me` (rename, and an
//! account's language).

use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::header::{ORIGIN, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Deserializer};
use serde_json::json;

use super::json_body;
use crate::error::ApiError;
use crate::i18n::Lang;
use crate::identity::{self, MaybeIdentity, COOKIE_NAME};
use crate::AppState;

/// How long the browser keeps the identity cookie: about a year.
const COOKIE_MAX_AGE_S: u64 = 365 * 24 * 3600;

/// The `Set-Cookie` value for a token; `Secure` when the public origin is https.
fn cookie(state: &AppState, token: &str) -> String {
    let secure = state
        .config
        .public_origin
        .as_deref()
        .is_some_and(|o| o.starts_with("https://"));
    format!(
        "{COOKIE_NAME}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={COOKIE_MAX_AGE_S}{}",
        if secure { "; Secure" } else { "" }
    )
}

/// Whether a request comes from a browser page: browsers send `Sec-Fetch-Mode` with every
/// request (and `Origin` with cross-origin and non-GET ones); other clients send neither.
fn from_browser(parts: &Parts) -> bool {
    parts.headers.contains_key("sec-fetch-mode") || parts.headers.contains_key(ORIGIN)
}

/// `GET /api/me`: the caller's identity; a new one (with its cookie) when the request
/// carries none or an unknown one.
///
/// The token stays in its HttpOnly cookie, out of reach of page scripts: the body carries it
/// only to a request that sent it as a bearer token, and with a new identity made for a
/// client that is not a browser (which has no cookie jar to keep it in).
pub(super) async fn get_me(
    State(state): State<AppState>,
    addr: crate::net::ClientAddr,
    parts: Parts,
    MaybeIdentity(who): MaybeIdentity,
) -> Result<Response, ApiError> {
    if let Some(who) = who {
        // The page header tells a guest from an account (and shows admins their link)
        // from this one answer.
        let (username, role) = match &who.account {
            Some(a) => (Some(a.username.as_str()), a.role.as_str()),
            None => (None, "guest"),
        };
        // The page reads itself in the account's language on any device (docs/i18n.md).
        let language = match &who.account {
            Some(_) => state.store.account_language(who.id).await?,
            None => None,
        };
        let mut body = json!({ "id": who.id, "name": who.name, "username": username,
            "role": role, "language": language });
        if let Some(token) = identity::bearer_token(&parts) {
            body["token"] = json!(token);
        }
        return Ok(Json(body).into_response());
    }
    state.limiters.new_identity.check(&addr.key().to_string())?;
    let (who, token) = identity::issue(&state.store, identity::now_ms()).await?;
    let mut body = json!({ "id": who.id, "name": who.name, "username": null, "role": "guest",
        "language": null });
    if !from_browser(&parts) {
        body["token"] = json!(token);
    }
    let mut response = Json(body).into_response();
    let value = HeaderValue::from_str(&cookie(&state, &token))
        .map_err(|_| ApiError::Unavailable("cookie"))?;
    response.headers_mut().insert(SET_COOKIE, value);
    Ok(response)
}

/// Body of `PATCH /api/me`: what to change, at least one of them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MePatch {
    #[serde(default)]
    name: Option<String>,
    /// Absent: unchanged; `null`: forgotten; a tag: set.
    #[serde(default, deserialize_with = "present")]
    language: Option<Option<String>>,
}

/// A field that is present, even as `null` (`Some(None)`), told from an absent one (`None`).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// The tag of one of the server's languages, or the typed refusal `unknown_language`. Exact
/// tags only (`pt-br` reads `pt-BR`): what is stored is what the page and the mails read.
fn check_language(tag: &str) -> Result<Lang, ApiError> {
    Lang::ALL
        .into_iter()
        .find(|l| l.tag().eq_ignore_ascii_case(tag.trim()))
        .ok_or_else(|| {
            let known: Vec<&str> = Lang::ALL.iter().map(|l| l.tag()).collect();
            ApiError::bad(
                "unknown_language",
                format!(
                    "`{tag}` is not a language of this server ({})",
                    known.join(", ")
                ),
            )
        })
}

/// `PATCH /api/me` `{name?, language?}`: renames the caller, and sets or forgets (`null`)
/// an account's language. Everything is checked before anything is written.
pub(super) async fn patch_me(
    State(state): State<AppState>,
    MaybeIdentity(who): MaybeIdentity,
    body: Result<Json<MePatch>, JsonRejection>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let who = who.ok_or(ApiError::Unauthorized)?;
    let patch = json_body(body)?;
    if patch.name.is_none() && patch.language.is_none() {
        return Err(ApiError::bad("bad_json", "give `name`, `language` or both"));
    }
    let name = patch
        .name
        .as_deref()
        .map(identity::check_name)
        .transpose()?;
    let language = match &patch.language {
        Some(Some(tag)) => Some(Some(check_language(tag)?)),
        Some(None) => Some(None),
        None => None,
    };
    if language.is_some() && who.account.is_none() {
        return Err(ApiError::Conflict {
            code: "not_logged_in",
            message: "a guest has no account to keep a language in".into(),
        });
    }
    if let Some(name) = &name {
        if !state.store.rename_player(who.id, name).await? {
            return Err(ApiError::Unauthorized);
        }
        state.rooms.rename(who.id, name).await;
    }
    if let Some(lang) = language {
        state
            .store
            .set_account_language(who.id, lang.map(Lang::tag))
            .await?;
    }
    let mut body = json!({ "id": who.id, "name": name.unwrap_or(who.name) });
    // A guest has no language to tell (and its answer stays what it always was).
    if who.account.is_some() {
        body["language"] = json!(state.store.account_language(who.id).await?);
    }
    Ok(Json(body))
}
