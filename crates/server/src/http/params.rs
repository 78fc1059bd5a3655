//! Query strings and path segments, read one way by every endpoint: a query parameter the
//! endpoint does not take is 400 `unknown_parameter`, a bad value (or one given twice) is
//! 400 `bad_parameter` naming it, an `/api` endpoint that takes no parameters refuses any
//! (`no_query`), and a path segment that is not UTF-8 names nothing, so it is a 404
//! (`utf8_path`) as an unknown id is.

use axum::extract::{FromRequestParts, MatchedPath, Request};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use crate::error::{ApiError, HttpCode};

/// The `/api` routes that read a query string; every other `/api` route takes none.
pub(super) const TAKES_QUERY: &[&str] = &[
    "/api/rooms",
    "/api/history",
    "/api/history/{id}/export",
    "/api/leaderboard/{game}",
    "/api/admin/players",
    "/api/admin/rooms",
    "/api/admin/audit",
    "/api/account/mail/verify",
    "/api/mail/unsubscribe",
    "/api/pools/{id}/seek",
];

/// A query string read into `T` (whose fields are the parameters; `T` denies unknown
/// fields), or the typed refusal.
pub(crate) struct Params<T>(pub(crate) T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        read(parts.uri.query().unwrap_or_default()).map(Params)
    }
}

/// Reads `query` into `T`, naming the parameter at fault.
pub(crate) fn read<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    let pairs = form_urlencoded::parse(query.as_bytes());
    let de = serde_urlencoded::Deserializer::new(pairs);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let name = e.path().to_string();
        let inner = e.into_inner().to_string();
        if let Some(unknown) = unknown_field(&inner) {
            return ApiError::bad(
                HttpCode::UnknownParameter.as_str(),
                format!("parameter `{unknown}`: this endpoint does not take it"),
            );
        }
        let name = duplicate_field(&inner).unwrap_or(name);
        ApiError::bad(
            HttpCode::BadParameter.as_str(),
            format!("parameter `{name}`: {inner}"),
        )
    })
}

/// The name in serde's "unknown field `x`, expected ..." message.
fn unknown_field(message: &str) -> Option<String> {
    quoted_after(message, "unknown field `")
}

/// The name in serde's "duplicate field `x`" message.
fn duplicate_field(message: &str) -> Option<String> {
    quoted_after(message, "duplicate field `")
}

fn quoted_after(message: &str, prefix: &str) -> Option<String> {
    let rest = message.strip_prefix(prefix)?;
    rest.split_once('`').map(|(name, _)| name.to_string())
}

/// Middleware: an `/api` route that takes no parameters refuses a query string, as one
/// that takes some refuses those it does not know, so a mistyped parameter never passes
/// unnoticed.
pub(crate) async fn no_query(request: Request, next: Next) -> Response {
    let path = request
        .extensions()
        .get::<MatchedPath>()
        .map(|m| m.as_str().to_string());
    let query = request.uri().query().filter(|q| !q.is_empty());
    if let (Some(path), Some(query)) = (path, query) {
        if path.starts_with("/api/") && !TAKES_QUERY.contains(&path.as_str()) {
            let name = form_urlencoded::parse(query.as_bytes())
                .next()
                .map(|(k, _)| k.into_owned())
                .unwrap_or_default();
            return ApiError::bad(
                HttpCode::UnknownParameter.as_str(),
                format!("parameter `{name}`: this endpoint takes no parameters"),
            )
            .into_response();
        }
    }
    next.run(request).await
}

/// Middleware: a path whose percent-escapes do not decode to UTF-8 cannot name a room, game,
/// player or anything else, so it is answered as an unknown one (404 `not_found`) rather
/// than with the path extractor's 400.
pub(crate) async fn utf8_path(request: Request, next: Next) -> Response {
    let decodes = percent_decode(request.uri().path().as_bytes())
        .is_some_and(|bytes| std::str::from_utf8(&bytes).is_ok());
    if !decodes {
        return ApiError::NotFound("path").into_response();
    }
    next.run(request).await
}

/// `bytes` with its `%XX` escapes decoded, or `None` when an escape is malformed.
fn percent_decode(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let text = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(text, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Page {
        limit: Option<u32>,
    }

    fn code(e: ApiError) -> (&'static str, String) {
        match e {
            ApiError::BadRequest { code, message } => (code, message),
            other => panic!("not a 400: {other:?}"),
        }
    }

    /// Every endpoint whose heading in `docs/api.md` shows a query string reads one (else
    /// `no_query` would refuse what the docs offer), and every route listed reads one the
    /// docs show.
    #[test]
    fn the_routes_that_take_a_query_are_the_documented_ones() {
        let docs = include_str!("../../../../docs/api.md");
        let documented: Vec<&str> = docs
            .lines()
            .filter_map(|l| l.strip_prefix("### `GET "))
            .filter_map(|l| l.split_once('`').map(|(route, _)| route))
            .filter_map(|route| route.split_once('?').map(|(path, _)| path))
            .map(|path| path.trim_end_matches('['))
            .collect();
        for path in &documented {
            assert!(
                TAKES_QUERY.contains(path),
                "{path} is documented with a query"
            );
        }
        for path in TAKES_QUERY {
            assert!(
                documented.contains(path),
                "{path} takes a query the docs do not show"
            );
        }
    }

    #[test]
    fn paths_decode_or_not() {
        assert_eq!(
            percent_decode(b"/api/players/ann").as_deref(),
            Some(&b"/api/players/ann"[..])
        );
        assert_eq!(
            percent_decode(b"/a%C3%A9").as_deref(),
            Some(&b"/a\xC3\xA9"[..])
        );
        assert_eq!(percent_decode(b"/a%FF").as_deref(), Some(&b"/a\xFF"[..]));
        assert_eq!(percent_decode(b"/a%F"), None);
        assert_eq!(percent_decode(b"/a%ZZ"), None);
    }

    #[test]
    fn unknown_bad_and_twice_are_told_apart() {
        assert_eq!(read::<Page>("limit=5").ok().and_then(|p| p.limit), Some(5));
        assert_eq!(read::<Page>("").ok().and_then(|p| p.limit), None);
        let (c, m) = code(read::<Page>("limt=5").expect_err("refused"));
        assert_eq!(
            (c, m.contains("`limt`")),
            ("unknown_parameter", true),
            "{m}"
        );
        let (c, m) = code(read::<Page>("limit=x").expect_err("refused"));
        assert_eq!((c, m.contains("`limit`")), ("bad_parameter", true), "{m}");
        let (c, m) = code(read::<Page>("limit=1&limit=2").expect_err("refused"));
        assert_eq!((c, m.contains("`limit`")), ("bad_parameter", true), "{m}");
    }
}
