//! An account's mail address and its digest (`/api/account/mail...`, `/api/mail/...`,
//! documented in `docs/api.md`, "Mail"): set, verify by the link mailed, turn the digest on
//! or off, remove; and the digest's one-click unsubscribe link.

use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use super::{json_body, Params};
use crate::accounts::new_token;
use crate::error::ApiError;
use crate::identity::{self, Identity};
use crate::mail::{self, Mail};
use crate::AppState;

/// The mail endpoints.
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/api/account/mail",
            get(get_mail)
                .put(set_address)
                .patch(set_subscribed)
                .delete(remove),
        )
        .route("/api/account/mail/verify", get(verify))
        .route(
            "/api/mail/unsubscribe",
            get(unsubscribe_link).post(unsubscribe_one_click),
        )
}

/// Guests have no address: 404 `not_found`, as for the rest of `/api/account`.
fn account_only(who: &Identity) -> Result<(), ApiError> {
    who.account
        .as_ref()
        .map(|_| ())
        .ok_or(ApiError::NotFound("account"))
}

/// `GET /api/account/mail`: whether mail is on (and why not), and the caller's address.
async fn get_mail(State(state): State<AppState>, who: Identity) -> Result<Json<Value>, ApiError> {
    account_only(&who)?;
    let row = state.store.mail_address(who.id).await?;
    let (enabled, reason) = match &state.mail {
        Mail::On(_) => (true, None),
        Mail::Off(why) => (false, Some(why.clone())),
    };
    Ok(Json(json!({
        "enabled": enabled,
        "reason": reason,
        "address": row.as_ref().map(|r| r.address.clone()),
        "verified": row.as_ref().is_some_and(|r| r.verified_at.is_some()),
        "subscribed": row.as_ref().is_some_and(|r| r.subscribed),
        "last_digest_at": row.as_ref().map(|r| r.last_digest_at).filter(|at| *at > 0),
    })))
}

/// Body of `PUT /api/account/mail`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetAddress {
    address: String,
}

/// `PUT /api/account/mail`: sets (or replaces) the caller's address, unverified, and mails
/// it the verification link.
async fn set_address(
    State(state): State<AppState>,
    who: Identity,
    body: Result<Json<SetAddress>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    account_only(&who)?;
    let body = json_body(body)?;
    let address = mail::parse_address(&body.address)?;
    let mailer = state.mail.mailer()?;
    let now = identity::now_ms();
    if let Some(row) = state.store.mail_address(who.id).await? {
        let wait = row.verify_sent_at + mail::RESEND_AFTER_MS - now;
        if wait > 0 {
            return Err(ApiError::Limited {
                code: "mail_too_soon",
                message: format!(
                    "a verification mail was sent less than a minute ago; try again in {} s",
                    (wait + 999) / 1000
                ),
            });
        }
    }
    let token = new_token();
    state
        .store
        .set_mail_address(
            who.id,
            address.as_ref(),
            &identity::hash_token(&token),
            &new_token(),
            now,
        )
        .await?;
    // In the account's language; English when it picked none.
    let lang = state
        .store
        .account_language(who.id)
        .await?
        .as_deref()
        .and_then(crate::i18n::Lang::of_tag)
        .unwrap_or_default();
    if let Err(e) = mailer
        .send_verification(address.clone(), &who.name, &token, lang)
        .await
    {
        tracing::warn!(error = %e, "a verification mail was not sent");
        return Err(ApiError::Unavailable(
            "the mail server did not take the verification mail; try again later",
        ));
    }
    Ok(Json(
        json!({ "address": address.to_string(), "verified": false }),
    ))
}

/// Body of `PATCH /api/account/mail`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetSubscribed {
    subscribed: bool,
}

/// `PATCH /api/account/mail`: turns the daily digest on or off.
async fn set_subscribed(
    State(state): State<AppState>,
    who: Identity,
    body: Result<Json<SetSubscribed>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    account_only(&who)?;
    let body = json_body(body)?;
    if !state
        .store
        .set_mail_subscribed(who.id, body.subscribed)
        .await?
    {
        return Err(ApiError::NotFound("mail address"));
    }
    Ok(Json(json!({ "subscribed": body.subscribed })))
}

/// `DELETE /api/account/mail`: forgets the caller's address.
async fn remove(State(state): State<AppState>, who: Identity) -> Result<Json<Value>, ApiError> {
    account_only(&who)?;
    if !state.store.delete_mail_address(who.id).await? {
        return Err(ApiError::NotFound("mail address"));
    }
    Ok(Json(json!({})))
}

/// The `token` of a mailed link. Unlike other queries it lets unknown parameters by: a mail
/// service may add its own to a link, and the link must still work.
#[derive(Deserialize)]
struct TokenQuery {
    #[serde(default)]
    token: String,
}

/// `GET /api/account/mail/verify?token=`: the link of the verification mail. Opened in a
/// browser, so it answers with the account page, which says how it went: `?mail=verified`,
/// or `?mail=bad_link` for a link unknown, used or older than two days.
async fn verify(
    State(state): State<AppState>,
    Params(q): Params<TokenQuery>,
) -> Result<Response, ApiError> {
    let now = identity::now_ms();
    let done = state
        .store
        .verify_mail(
            &identity::hash_token(&q.token),
            now - mail::VERIFY_FOR_MS,
            now,
        )
        .await?;
    let to = if done.is_some() {
        "/account?mail=verified"
    } else {
        "/account?mail=bad_link"
    };
    Ok(Redirect::to(to).into_response())
}

/// `GET /api/mail/unsubscribe?token=`: the unsubscribe link of a digest's body: stops the
/// digest and answers with the account page saying so (`?mail=unsubscribed`, or
/// `?mail=bad_link`). No login is needed: the token is the proof.
async fn unsubscribe_link(
    State(state): State<AppState>,
    Params(q): Params<TokenQuery>,
) -> Result<Response, ApiError> {
    let done = !q.token.is_empty() && state.store.unsubscribe_mail(&q.token).await?;
    let to = if done {
        "/account?mail=unsubscribed"
    } else {
        "/account?mail=bad_link"
    };
    Ok(Redirect::to(to).into_response())
}

/// `POST /api/mail/unsubscribe?token=`: the one-click unsubscribe of the digest's
/// `List-Unsubscribe-Post` header (RFC 8058), made by the mail client itself.
async fn unsubscribe_one_click(
    State(state): State<AppState>,
    Params(q): Params<TokenQuery>,
) -> Result<Json<Value>, ApiError> {
    if q.token.is_empty() || !state.store.unsubscribe_mail(&q.token).await? {
        return Err(ApiError::BadRequest {
            code: "bad_mail_token",
            message: "this unsubscribe link is unknown".into(),
        });
    }
    Ok(Json(json!({ "subscribed": false })))
}
