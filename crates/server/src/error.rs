//! One error type for the HTTP API (lesson 14 of the style guide): every refusal has a
//! status, a stable `code` and a message naming what was wrong; store failures are logged
//! and answered with a bare 500.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::store::StoreError;

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
    /// The identity may not do this (403).
    #[error("{0}")]
    Forbidden(String),
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
    /// Too many requests or resources (429).
    #[error("{0}")]
    TooMany(String),
    /// The server is shutting down or the store is unreachable (503).
    #[error("{0}")]
    Unavailable(&'static str),
    /// A store failure (500, details only in the log).
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl ApiError {
    /// A 400 with `code` and `message`.
    pub fn bad(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::BadRequest {
            code,
            message: message.into(),
        }
    }

    /// HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict { .. } => StatusCode::CONFLICT,
            ApiError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// Stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest { code, .. } | ApiError::Conflict { code, .. } => code,
            ApiError::Unauthorized => "unauthorized",
            ApiError::Forbidden(_) => "forbidden",
            ApiError::NotFound(_) => "not_found",
            ApiError::TooMany(_) => "too_many",
            ApiError::Unavailable(_) => "unavailable",
            ApiError::Store(_) => "internal",
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
        (self.status(), Json(body)).into_response()
    }
}
