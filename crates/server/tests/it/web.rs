//! The browser client's files over HTTP (through the whole router, with `tower`'s `oneshot`):
//! the page at `/` and at client routes, hashed assets with their content types and cache
//! headers, 404s (JSON under `/api/`), the security headers, and compression.

//! The browser client's files over HTTP, from a real server on a real socket: the page at `/`
//! and at client routes, hashed assets with their content types and cache headers, 404s
//! (JSON under `/api/`), the security headers, and compression.
//!
//! The tests are built with rust-embed's `debug-embed` (`Cargo.toml`, dev-dependencies), so
//! the server here serves the files embedded in its binary, as a release build does, not
//! the debug build's reads of `web/` from disk: every embedded file must equal its source.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use reqwest::header::{self, HeaderName};
use reqwest::{Method, Response, StatusCode};

use crate::common::Server;

/// A client that neither follows redirects nor decompresses (reqwest is built without it).
fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn send(s: &Server, method: Method, path: &str, headers: &[(&str, &str)]) -> Response {
    let mut req = client().request(method, s.url(path));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    req.send().await.unwrap()
}

async fn get(s: &Server, path: &str) -> Response {
    send(s, Method::GET, path, &[]).await
}

async fn body(r: Response) -> Vec<u8> {
    r.bytes().await.unwrap().to_vec()
}

fn header(r: &Response, name: HeaderName) -> &str {
    r.headers()
        .get(&name)
        .map(|v| v.to_str().unwrap())
        .unwrap_or_else(|| panic!("no {name} header"))
}

fn web_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web")
}

/// Every file under `web/`, as paths relative to it with `/` separators.
/// The client's own unit tests and their Node settings: under `web/`, never served.
fn not_shipped(name: &str) -> bool {
    name.starts_with("test/") || name == "package.json"
}

fn web_files(dir: &Path, prefix: &str, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).expect("web/ exists") {
        let entry = entry.unwrap();
        let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
        if entry.file_type().unwrap().is_dir() {
            web_files(&entry.path(), &format!("{name}/"), out);
        } else {
            out.push(name);
        }
    }
}

fn assert_security_headers(r: &Response) {
    assert_eq!(
        header(r, header::CONTENT_SECURITY_POLICY),
        server::web::CONTENT_SECURITY_POLICY_VALUE
    );
    assert!(header(r, header::CONTENT_SECURITY_POLICY).contains("script-src 'self'"));
    assert_eq!(header(r, header::X_CONTENT_TYPE_OPTIONS), "nosniff");
    assert_eq!(header(r, header::REFERRER_POLICY), "same-origin");
}

/// The asset prefix the page names, checked against the server's own.
async fn page_prefix(app: &Server) -> String {
    let r = get(app, "/").await;
    assert_eq!(r.status(), StatusCode::OK);
    let html = String::from_utf8(body(r).await).unwrap();
    assert!(!html.contains("{{asset}}"), "placeholder left in the page");
    let prefix = server::web::asset_prefix();
    assert!(html.contains(&format!("{prefix}/")), "page names {prefix}/");
    prefix
}

#[tokio::test]
async fn page_at_root_and_client_routes() {
    let app = Server::memory().await;
    let index = String::from_utf8(std::fs::read(web_dir().join("index.html")).unwrap()).unwrap();
    let prefix = page_prefix(&app).await;
    let expected = index.replace("{{asset}}", &prefix);
    for path in [
        "/",
        "/room/0b7e8d1c-1111-4222-8333-944445555666",
        "/history",
        "/history/0b7e8d1c-1111-4222-8333-944445555666",
        "/join/ABCD2345",
    ] {
        let r = get(&app, path).await;
        assert_eq!(r.status(), StatusCode::OK, "{path}");
        assert_eq!(header(&r, header::CONTENT_TYPE), "text/html; charset=utf-8");
        assert_eq!(header(&r, header::CACHE_CONTROL), "no-cache");
        assert_security_headers(&r);
        assert_eq!(
            String::from_utf8(body(r).await).unwrap(),
            expected,
            "{path}"
        );
    }
    let r = send(&app, Method::HEAD, "/room/x", &[]).await;
    assert_eq!(r.status(), StatusCode::OK);
}

#[tokio::test]
async fn every_web_file_is_served_under_its_hash() {
    let app = Server::memory().await;
    let prefix = page_prefix(&app).await;
    let mut files = Vec::new();
    web_files(&web_dir(), "", &mut files);
    assert!(!files.is_empty());
    let (kept, served): (Vec<String>, Vec<String>) =
        files.into_iter().partition(|f| not_shipped(f));
    assert!(!kept.is_empty(), "web/test holds the client's unit tests");
    for file in kept {
        let r = get(&app, &format!("{prefix}/{file}")).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{file} is not shipped");
    }
    for file in served {
        let r = get(&app, &format!("{prefix}/{file}")).await;
        assert_eq!(r.status(), StatusCode::OK, "{file}");
        let ext = file.rsplit('.').next().unwrap_or("");
        let want = match ext {
            "js" | "mjs" => Some("text/javascript; charset=utf-8"),
            "css" => Some("text/css; charset=utf-8"),
            "html" => Some("text/html; charset=utf-8"),
            "svg" => Some("image/svg+xml"),
            "png" => Some("image/png"),
            "json" => Some("application/json"),
            "ftl" => Some("text/plain; charset=utf-8"),
            _ => None,
        };
        if let Some(want) = want {
            assert_eq!(header(&r, header::CONTENT_TYPE), want, "{file}");
        }
        assert_eq!(
            header(&r, header::CACHE_CONTROL),
            "public, max-age=31536000, immutable"
        );
        assert_security_headers(&r);
        let on_disk = std::fs::read(web_dir().join(&file)).unwrap();
        assert_eq!(body(r).await, on_disk, "{file}");
    }
}

#[tokio::test]
async fn wrong_hash_or_missing_file_is_404() {
    let app = Server::memory().await;
    let prefix = page_prefix(&app).await;
    let r = get(&app, "/static/000000000000/index.html").await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    let r = get(&app, &format!("{prefix}/no/such/file.js")).await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    // Raw: an HTTP client would resolve the `..` itself.
    let (status, _) = app
        .raw(&format!(
            "GET {prefix}/../Cargo.toml HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        ))
        .await;
    assert_eq!(status, 404);
    // Paths with a dot in their last segment are files, not pages.
    let r = get(&app, "/favicon.ico").await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
    // A non-GET to a page route is no page.
    let r = send(&app, Method::POST, "/room/x", &[]).await;
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn unknown_api_path_is_a_json_404() {
    let app = Server::memory().await;
    for (method, path) in [
        (Method::GET, "/api/nope"),
        (Method::GET, "/api"),
        (Method::POST, "/api/rooms/x/y"),
        (Method::DELETE, "/api/history/a/b/c"),
    ] {
        let r = send(&app, method, path, &[]).await;
        assert_eq!(r.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(header(&r, header::CONTENT_TYPE).starts_with("application/json"));
        let v: serde_json::Value = serde_json::from_slice(&body(r).await).unwrap();
        assert_eq!(v["error"]["code"], "not_found", "{path}");
        assert!(v["error"]["message"].is_string());
    }
}

#[tokio::test]
async fn page_and_assets_are_compressed() {
    let app = Server::memory().await;
    let prefix = page_prefix(&app).await;
    for encoding in ["gzip", "br"] {
        let r = send(&app, Method::GET, "/", &[("accept-encoding", encoding)]).await;
        assert_eq!(r.status(), StatusCode::OK);
        assert_eq!(header(&r, header::CONTENT_ENCODING), encoding);
        assert_security_headers(&r);
    }
    let r = send(
        &app,
        Method::GET,
        &format!("{prefix}/index.html"),
        &[("accept-encoding", "gzip")],
    )
    .await;
    assert_eq!(header(&r, header::CONTENT_ENCODING), "gzip");
    // The API too.
    let r = send(
        &app,
        Method::GET,
        "/api/games",
        &[("accept-encoding", "gzip")],
    )
    .await;
    assert_eq!(header(&r, header::CONTENT_ENCODING), "gzip");
    // Without Accept-Encoding, plain.
    let r = get(&app, "/").await;
    assert!(r.headers().get(header::CONTENT_ENCODING).is_none());
}
