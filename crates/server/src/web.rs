//! The browser client: the files under `web/`, and the page at `/` and at every client route.
//!
//! Release builds embed `web/` in the binary; debug builds read it from disk on each request
//! (rust-embed's own behaviour), so an edit shows on reload. Assets live under
//! `/static/<hash>/`, where `<hash>` is a short content hash of every file: their URLs change
//! whenever any file does, so they can be cached for a year. The page itself (`index.html`,
//! with `{{asset}}` replaced by `/static/<hash>`) is revalidated on every load.
//!
//! The installable app: the manifest (`/manifest.webmanifest`), the service worker
//! (`/sw.js`, told the hash and the files to keep for offline use) and the offline page
//! (`/offline.html`) are templates of `web/` filled in the same way, at fixed URLs, and also
//! revalidated on every load, so a new version of the files reaches every installed client.
//! Documented in `docs/api.md` ("The web client").

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sha2::{Digest, Sha256};

use crate::error::ApiError;

/// The files of the browser client (its unit tests and their Node settings stay out).
#[derive(rust_embed::Embed)]
#[folder = "../../web/"]
#[exclude = "test/*"]
#[exclude = "package.json"]
#[allow_missing = true]
struct Web;

/// What the page may load: only the server's own scripts, styles, sockets and images.
pub const CONTENT_SECURITY_POLICY_VALUE: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; media-src 'self'; \
     object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/// `Cache-Control` of hashed assets: their URL changes with their content.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The text in `index.html` (and the other templates) replaced by the assets' URL prefix.
const ASSET_PLACEHOLDER: &str = "{{asset}}";

/// The page's file.
const INDEX_FILE: &str = "index.html";

/// The text in the service worker replaced by the asset hash (its cache's name).
const VERSION_PLACEHOLDER: &str = "{{version}}";

/// The text in the service worker replaced by the JSON list of the URLs it keeps.
const PRECACHE_PLACEHOLDER: &str = "{{precache}}";

/// The templates served at fixed URLs: the file, its URL and its content type.
const MANIFEST: Template = Template {
    file: "manifest.webmanifest",
    content_type: "application/manifest+json",
};
const WORKER: Template = Template {
    file: "sw.js",
    content_type: "text/javascript; charset=utf-8",
};
const OFFLINE: Template = Template {
    file: "offline.html",
    content_type: "text/html; charset=utf-8",
};

/// A file of `web/` served at a fixed URL with its placeholders filled in.
struct Template {
    file: &'static str,
    content_type: &'static str,
}

/// The page, the installable app's files, the hashed assets, and nothing else: other paths
/// reach [`fallback`].
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/", get(page))
        .route("/manifest.webmanifest", get(|| template(MANIFEST)))
        .route("/sw.js", get(|| template(WORKER)))
        .route("/offline.html", get(|| template(OFFLINE)))
        .route("/static/{hash}/{*path}", get(asset))
}

/// A short hash of every file's path and content (12 hex digits), computed once in release
/// builds and on every call in debug builds, where the files can change under a running
/// server.
pub fn asset_hash() -> String {
    if cfg!(debug_assertions) {
        return compute_hash();
    }
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(compute_hash).clone()
}

fn compute_hash() -> String {
    let mut names: Vec<_> = Web::iter().collect();
    names.sort();
    let mut hasher = Sha256::new();
    for name in names {
        if let Some(file) = Web::get(&name) {
            hasher.update(name.as_bytes());
            hasher.update([0]);
            hasher.update(file.metadata.sha256_hash());
        }
    }
    hasher.finalize()[..6]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The URL prefix of the assets: `/static/<hash>`.
pub fn asset_prefix() -> String {
    format!("/static/{}", asset_hash())
}

/// `index.html` with its asset URLs filled in, or `None` when the build has no web client.
fn index_html() -> Option<String> {
    let render = || {
        let file = Web::get(INDEX_FILE)?;
        let text = String::from_utf8_lossy(&file.data).into_owned();
        Some(text.replace(ASSET_PLACEHOLDER, &asset_prefix()))
    };
    if cfg!(debug_assertions) {
        return render();
    }
    static INDEX: OnceLock<Option<String>> = OnceLock::new();
    INDEX.get_or_init(render).clone()
}

/// The folder of the app's PNG icons: read when the app is installed, never by a page, so
/// the worker does not keep them (a quarter of what it would download).
const ICONS: &str = "icons/";

/// What the service worker keeps for offline use: the page (every client route's), the
/// offline page, and every file under the current asset prefix except the templates, which
/// have URLs of their own, and the install icons. Only names a JavaScript string can hold
/// as they are (no quote, backslash or control character) are listed: the worker reads
/// the list from one.
pub fn precache() -> Vec<String> {
    let prefix = asset_prefix();
    let mut names: Vec<String> = Web::iter()
        .filter(|name| {
            ![INDEX_FILE, MANIFEST.file, WORKER.file, OFFLINE.file].contains(&name.as_ref())
                && !name.starts_with(ICONS)
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./".contains(c))
        })
        .map(|name| format!("{prefix}/{name}"))
        .collect();
    names.sort();
    let mut urls = vec!["/".to_string(), "/offline.html".to_string()];
    urls.append(&mut names);
    urls
}

/// `template`'s file with its placeholders filled in, or `None` when the build lacks it.
fn render(template: &Template) -> Option<String> {
    let file = Web::get(template.file)?;
    let text = String::from_utf8_lossy(&file.data).replace(ASSET_PLACEHOLDER, &asset_prefix());
    if template.file != WORKER.file {
        return Some(text);
    }
    let list = serde_json::to_string(&precache()).ok()?;
    Some(
        text.replace(VERSION_PLACEHOLDER, &asset_hash())
            .replace(PRECACHE_PLACEHOLDER, &list),
    )
}

/// `GET /manifest.webmanifest`, `/sw.js`, `/offline.html`: a template, revalidated on
/// every load (a browser checks for a new worker with it).
async fn template(template: Template) -> Response {
    let Some(text) = render(&template) else {
        return not_found();
    };
    let mut response = text.into_response();
    let headers = response.headers_mut();
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_static(template.content_type),
    );
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    security_headers(headers);
    response
}

/// Headers every response of the web client carries.
fn security_headers(headers: &mut HeaderMap) {
    headers.insert(
        CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY_VALUE),
    );
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("same-origin"));
}

/// The page: served at `/` and at every client route, never cached without revalidation.
async fn page() -> Response {
    let Some(html) = index_html() else {
        return not_found();
    };
    let mut response = html.into_response();
    let headers = response.headers_mut();
    headers.insert(
        CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    security_headers(headers);
    response
}

/// `GET /static/{hash}/{*path}`: a file of `web/`, if `hash` is the current one.
async fn asset(Path((hash, path)): Path<(String, String)>) -> Response {
    if hash != asset_hash() {
        return not_found();
    }
    let Some(file) = Web::get(&path) else {
        return not_found();
    };
    // Fluent files (`web/locales/`) are UTF-8 text with no registered type of their own.
    let mime = if path.ends_with(".ftl") {
        "text/plain"
    } else {
        file.metadata.mimetype()
    };
    let content_type = if mime.starts_with("text/") || mime.ends_with("javascript") {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    };
    let mut response = file.data.into_owned().into_response();
    let headers = response.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&content_type) {
        headers.insert(CONTENT_TYPE, v);
    }
    headers.insert(CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    security_headers(headers);
    response
}

/// A plain 404 for paths that are neither API, asset nor page.
fn not_found() -> Response {
    let mut response = (StatusCode::NOT_FOUND, "not found").into_response();
    security_headers(response.headers_mut());
    response
}

/// Whether a request for `path` is a client route, answered with the page: a GET or HEAD
/// outside `/api/`, `/static/` and `/ws` whose last segment has no dot (so `/favicon.ico` or
/// `/robots.txt` stay 404s instead of HTML).
pub fn is_page_route(method: &Method, path: &str) -> bool {
    if method != Method::GET && method != Method::HEAD {
        return false;
    }
    let reserved = ["/api", "/static", "/ws"];
    if reserved
        .iter()
        .any(|r| path == *r || path.strip_prefix(r).is_some_and(|t| t.starts_with('/')))
    {
        return false;
    }
    !path.rsplit('/').next().unwrap_or("").contains('.')
}

/// Every request no route matched: the page for client routes, a JSON 404 in the API's
/// error shape under `/api/`, a plain 404 otherwise.
pub async fn fallback(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::NotFound("endpoint").into_response();
    }
    if is_page_route(&method, path) {
        return page().await;
    }
    not_found()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_routes() {
        let get = Method::GET;
        for p in [
            "/",
            "/room/abc",
            "/history",
            "/history/1",
            "/games",
            "/join/ABCD2345",
            "/rules/neva",
            "/rules/giveandtake",
            "/leaderboard",
            "/@/ann",
            "/@/Ann_B-2",
            "/tournaments",
            "/tournament/0f8e4f2a-8d8c-4c0e-b1d1-5c3b5e0b7a11",
            "/x/y/z",
        ] {
            assert!(is_page_route(&get, p), "{p}");
        }
        for p in [
            "/api",
            "/api/nope",
            "/static/x/app.js",
            "/ws",
            "/ws/x",
            "/favicon.ico",
            "/robots.txt",
        ] {
            assert!(!is_page_route(&get, p), "{p}");
        }
        assert!(is_page_route(&Method::HEAD, "/room/1"));
        assert!(!is_page_route(&Method::POST, "/room/1"));
        // Only whole segments are reserved.
        assert!(is_page_route(&get, "/wsx"));
        assert!(is_page_route(&get, "/apis"));
    }
}
