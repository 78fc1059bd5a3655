//! One error type for the HTTP API (lesson 14 of the style guide): every refusal has a
//! status, a stable `code` and a message naming what was wrong; a database that does not
//! answer is 503 `unavailable`; other store failures are logged and answered with a bare
//! 500.
//!
//! Refusals made by axum itself (no route, wrong method, body too large, a request that is
//! not a WebSocket upgrade) carry plain text; `json_errors` rewrites them into the same
//! JSON shape, so a client never has to parse two kinds of error body. Every error response
//! passes through it, so it is also where they are counted in `/metrics`.
//!
//! The codes this module gives itself are one table, [`HttpCode`]; an endpoint's own codes
//! are written where it refuses.

use std::sync::Arc;

use axum::extract::rejection::JsonRejection;
use axum::extract::State;
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::i18n::{self, Lang};
use crate::metrics::Metrics;
use crate::store::{Outage, StoreError};

lobby::code_table! {
    /// The HTTP error codes that do not belong to one endpoint: those of [`ApiError`]'s
    /// fixed variants, of a body, query or parameter that cannot be read, of the sockets'
    /// cap per address, and of the refusals axum makes itself (named by their status).
    pub enum HttpCode {
        BadRequest => "bad_request",
        BadJson => "bad_json",
        UnknownField => "unknown_field",
        BadParameter => "bad_parameter",
        UnknownParameter => "unknown_parameter",
        TooManySockets => "too_many_sockets",
        Unauthorized => "unauthorized",
        Forbidden => "forbidden",
        NotFound => "not_found",
        MethodNotAllowed => "method_not_allowed",
        TooLarge => "too_large",
        UnsupportedMediaType => "unsupported_media_type",
        UpgradeRequired => "upgrade_required",
        TooMany => "too_many",
        Internal => "internal",
        Unavailable => "unavailable",
        Overloaded => "overloaded",
        MailOff => "mail_off",
        UnknownPool => "unknown_pool",
        AlreadySeeking => "already_seeking",
    }
}

/// Why an HTTP request was refused.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The request is malformed or names something invalid (400).
    #[error("{message}")]
    BadRequest {
        /// Stable snake_case code.
        code: &'static str,
        /// What was wrong.
        message: String,
    },
    /// No identity, or an unknown token (401).
    #[error("no identity: visit /api/me first or send a valid token")]
    Unauthorized,
    /// The caller may not do this, for a reason with a stable code (403): `banned`,
    /// `members_only`, `invite_required`, `bad_invite`, `bad_credentials`, `not_admin`, ...
    #[error("{message}")]
    Denied {
        /// Stable snake_case code.
        code: &'static str,
        /// Why.
        message: String,
    },
    /// Nothing with this id (404).
    #[error("{0} not found")]
    NotFound(&'static str),
    /// The request conflicts with the current state (409).
    #[error("{message}")]
    Conflict {
        /// Stable snake_case code.
        code: &'static str,
        /// What conflicts.
        message: String,
    },
    /// A limit on the caller refused the request (429), with a stable code naming the
    /// limit: a per-client rate (`login_rate_limited`, ...), an address's sockets
    /// (`too_many_sockets`), or the unfinished rooms one identity may host (`too_many`).
    #[error("{message}")]
    Limited {
        /// Stable snake_case code.
        code: &'static str,
        /// Which limit, and when to retry.
        message: String,
    },
    /// The body is larger than the server accepts (413).
    #[error("{0}")]
    TooLarge(String),
    /// The body is not declared as JSON (415).
    #[error("{0}")]
    NotJson(String),
    /// The server is shutting down, or the database does not answer or cannot write now
    /// (503 `unavailable`).
    #[error("{0}")]
    Unavailable(&'static str),
    /// The server is at capacity (503 `overloaded`, with `Retry-After`): too many rooms,
    /// sockets, or writes queued. Counted in `/metrics` by `kind`.
    #[error("the server is at capacity ({0}); try again in a few seconds")]
    Overloaded(&'static str),
    /// A store failure (500, details only in the log).
    #[error(transparent)]
    Store(StoreError),
}

/// Seconds a client refused with [`ApiError::Overloaded`] is told to wait (`Retry-After`).
pub(crate) const RETRY_AFTER_SECONDS: u64 = 2;

/// The message of [`ApiError::Unavailable`] when the database does not answer.
pub(crate) const DATABASE_UNAVAILABLE: &str =
    "the database is not answering; try again in a few seconds";

/// The message of [`ApiError::Unavailable`] when the database answers but cannot write.
pub(crate) const DATABASE_CANNOT_WRITE: &str =
    "the server cannot store anything now (is its disk full?); try again later";

impl From<StoreError> for ApiError {
    /// A full write queue is the server's capacity, not a failure: 503 `overloaded`. A
    /// database that does not answer or cannot write now (unreachable, no connection within
    /// the pool's short wait, disk full) is an outage the client can wait out: 503
    /// `unavailable`, within seconds rather than a 500 after the pool's long wait.
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::Busy => ApiError::Overloaded("store"),
            e if e.is_unavailable() => {
                tracing::debug!(error = %e, "database unavailable");
                match e.outage() {
                    Some(Outage::CannotWrite) => ApiError::Unavailable(DATABASE_CANNOT_WRITE),
                    _ => ApiError::Unavailable(DATABASE_UNAVAILABLE),
                }
            }
            e => ApiError::Store(e),
        }
    }
}

impl ApiError {
    /// A 400 with `code` and `message`.
    pub(crate) fn bad(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            code,
            message: message.into(),
        }
    }

    /// A 403 with `code` and `message`.
    pub(crate) fn denied(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::Denied {
            code,
            message: message.into(),
        }
    }

    /// The 403 of a banned player.
    pub(crate) fn banned() -> ApiError {
        ApiError::denied("banned", "this player is banned from the server")
    }

    /// HTTP status.
    pub(crate) fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::Denied { .. } => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict { .. } => StatusCode::CONFLICT,
            ApiError::Limited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::NotJson(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::Unavailable(_) | ApiError::Overloaded(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// Stable snake_case code.
    pub(crate) fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest { code, .. }
            | ApiError::Conflict { code, .. }
            | ApiError::Limited { code, .. }
            | ApiError::Denied { code, .. } => code,
            ApiError::Unauthorized => HttpCode::Unauthorized.as_str(),
            ApiError::NotFound(_) => HttpCode::NotFound.as_str(),
            ApiError::TooLarge(_) => HttpCode::TooLarge.as_str(),
            ApiError::NotJson(_) => HttpCode::UnsupportedMediaType.as_str(),
            ApiError::Unavailable(_) => HttpCode::Unavailable.as_str(),
            ApiError::Overloaded(_) => HttpCode::Overloaded.as_str(),
            ApiError::Store(_) => HttpCode::Internal.as_str(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let message = match &self {
            ApiError::Store(e) => {
                tracing::error!(error = %e, "store error");
                "internal error".to_string()
            }
            other => other.to_string(),
        };
        let body = json!({ "error": { "code": self.code(), "message": message } });
        let mut response = (self.status(), Json(body)).into_response();
        if let ApiError::Overloaded(_) = self {
            response.headers_mut().insert(
                axum::http::header::RETRY_AFTER,
                axum::http::HeaderValue::from(RETRY_AFTER_SECONDS),
            );
        }
        response
    }
}

impl From<JsonRejection> for ApiError {
    /// A body the endpoint cannot take: 413 `too_large` past the size limit, 415
    /// `unsupported_media_type` without `Content-Type: application/json`, 400
    /// `unknown_field` for a field the endpoint does not know, else 400 `bad_json`.
    fn from(e: JsonRejection) -> ApiError {
        let text = e.body_text();
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::TooLarge(text)
        } else if e.status() == StatusCode::UNSUPPORTED_MEDIA_TYPE {
            ApiError::NotJson(text)
        } else if text.contains("unknown field") {
            ApiError::bad(HttpCode::UnknownField.as_str(), text)
        } else {
            ApiError::bad(HttpCode::BadJson.as_str(), text)
        }
    }
}

/// Largest plain-text error body [`json_errors`] reads to make its message.
const MAX_TEXT_ERROR: usize = 1024;

/// The `code` of a refusal axum made itself, by its status.
fn code_of_status(status: StatusCode) -> HttpCode {
    match status {
        StatusCode::NOT_FOUND => HttpCode::NotFound,
        StatusCode::METHOD_NOT_ALLOWED => HttpCode::MethodNotAllowed,
        StatusCode::PAYLOAD_TOO_LARGE => HttpCode::TooLarge,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => HttpCode::UnsupportedMediaType,
        StatusCode::UNAUTHORIZED => HttpCode::Unauthorized,
        StatusCode::FORBIDDEN => HttpCode::Forbidden,
        StatusCode::TOO_MANY_REQUESTS => HttpCode::TooMany,
        StatusCode::UPGRADE_REQUIRED => HttpCode::UpgradeRequired,
        StatusCode::SERVICE_UNAVAILABLE => HttpCode::Unavailable,
        s if s.is_server_error() => HttpCode::Internal,
        _ => HttpCode::BadRequest,
    }
}

/// Largest JSON error body [`json_errors`] reads to translate its message: every error
/// body the server writes is a code and a sentence.
const MAX_JSON_ERROR: usize = 16 * 1024;

/// Middleware (`axum::middleware::map_response_with_state`, over the server's metrics):
/// every error response counts once in `checkerhall_errors_total`, whoever made it (a
/// handler, an extractor, axum's router, a panic). One that is not JSON already becomes
/// `{"error": {"code", "message"}}` with the same status and headers (`Allow` of a 405 and
/// `Sec-WebSocket-Version` of a refused upgrade are kept). Success responses pass
/// untouched.
///
/// The message is in the caller's language ([`Lang`]): for another language than English
/// it is the code's sentence from `errors.ftl` (the code unchanged); English keeps the
/// sentence the refusal wrote, which may name more (the parameter, the field). A code
/// without a sentence keeps its English message.
pub(crate) async fn json_errors(
    State(metrics): State<Arc<Metrics>>,
    lang: Lang,
    response: Response,
) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    Metrics::inc(&metrics.errors);
    let is_json = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return if lang == Lang::En {
            response
        } else {
            translate_json(lang, response).await
        };
    }
    let (mut parts, body) = response.into_parts();
    let bytes = axum::body::to_bytes(body, MAX_TEXT_ERROR)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes).trim().to_string();
    let code = code_of_status(status).as_str();
    let english = if text.is_empty() {
        status
            .canonical_reason()
            .unwrap_or("error")
            .to_ascii_lowercase()
    } else {
        text
    };
    let message = match lang {
        Lang::En => english,
        _ => i18n::error_message(lang, code, None).unwrap_or(english),
    };
    let body = json!({ "error": { "code": code, "message": message } });
    parts.headers.remove(CONTENT_LENGTH);
    parts.headers.remove(CONTENT_TYPE);
    let mut response = (status, Json(body)).into_response();
    for (name, value) in &parts.headers {
        response.headers_mut().append(name.clone(), value.clone());
    }
    response
}

/// A JSON error answer with its message put in `lang`: the same status, headers and code.
/// A body that is not the error shape passes as it was.
async fn translate_json(lang: Lang, response: Response) -> Response {
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, MAX_JSON_ERROR).await else {
        // Only a body over the cap fails here, and the server writes none: the status's
        // own code then, in the documented shape, rather than half a body.
        let code = code_of_status(parts.status).as_str();
        let message = i18n::error_message(lang, code, None).unwrap_or_default();
        let body = json!({ "error": { "code": code, "message": message } }).to_string();
        parts.headers.remove(CONTENT_LENGTH);
        return Response::from_parts(parts, axum::body::Body::from(body));
    };
    let mut value: serde_json::Value = match serde_json::from_slice(&bytes) {
        Ok(v) => v,
        Err(_) => return Response::from_parts(parts, axum::body::Body::from(bytes)),
    };
    let sentence = value["error"]["code"]
        .as_str()
        .and_then(|code| i18n::error_message(lang, code, None));
    let Some(sentence) = sentence else {
        return Response::from_parts(parts, axum::body::Body::from(bytes));
    };
    value["error"]["message"] = serde_json::Value::String(sentence);
    let text = value.to_string();
    parts.headers.remove(CONTENT_LENGTH);
    Response::from_parts(parts, axum::body::Body::from(text))
}

/// The answer to a handler that panicked (`tower_http`'s catch-panic layer): the
/// documented 500 `internal`, with the panic in the log only.
pub(crate) fn panic_response(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    tracing::error!(panic = %what, "a handler panicked");
    let code = HttpCode::Internal.as_str();
    let body = json!({ "error": { "code": code, "message": "internal error" } });
    (StatusCode::INTERNAL_SERVER_ERROR, Json(body)).into_response()
}
