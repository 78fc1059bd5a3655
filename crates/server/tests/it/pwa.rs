//! The installable app over HTTP and sockets: the manifest, the service worker and the
//! offline page with their content types and cache headers, every file the worker keeps
//! answering, and the version check of the room socket (an outdated web client is closed
//! with 4004 `outdated` before it joins the room; the current one and a client that shows
//! no version are served).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use futures_util::StreamExt;
use reqwest::header;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use crate::common::{within, Server};

async fn get(s: &Server, path: &str) -> reqwest::Response {
    let r = reqwest::get(s.url(path)).await.unwrap();
    assert_eq!(r.status(), 200, "{path}");
    r
}

fn header_of(r: &reqwest::Response, name: header::HeaderName) -> &str {
    r.headers()
        .get(&name)
        .map(|v| v.to_str().unwrap())
        .unwrap_or_else(|| panic!("no {name} header"))
}

/// The URLs the worker's text lists (`JSON.parse('[...]')`).
fn precache_of(worker: &str) -> Vec<String> {
    let list = worker
        .split("JSON.parse('")
        .nth(1)
        .and_then(|t| t.split("')").next())
        .expect("the worker lists its files");
    serde_json::from_str(list).unwrap()
}

#[tokio::test]
async fn manifest_worker_and_offline_page_are_served_fresh_with_their_types() {
    let s = Server::memory().await;
    let prefix = server::web::asset_prefix();
    let hash = server::web::asset_hash();

    let r = get(&s, "/manifest.webmanifest").await;
    assert_eq!(
        header_of(&r, header::CONTENT_TYPE),
        "application/manifest+json"
    );
    assert_eq!(header_of(&r, header::CACHE_CONTROL), "no-cache");
    let manifest: Value = r.json().await.unwrap();
    assert_eq!(manifest["start_url"], "/");
    assert_eq!(manifest["scope"], "/");
    assert_eq!(manifest["display"], "standalone");
    assert_eq!(manifest["short_name"], "Checkerhall");
    let icons = manifest["icons"].as_array().unwrap();
    for (size, purpose) in [
        ("192x192", "any"),
        ("512x512", "any"),
        ("192x192", "maskable"),
        ("512x512", "maskable"),
    ] {
        assert!(
            icons
                .iter()
                .any(|i| i["sizes"] == size && i["purpose"] == purpose),
            "an icon {size} {purpose}"
        );
    }
    for icon in icons {
        let src = icon["src"].as_str().unwrap();
        assert!(src.starts_with(&format!("{prefix}/")), "{src}");
        let r = get(&s, src).await;
        assert_eq!(header_of(&r, header::CONTENT_TYPE), icon["type"], "{src}");
    }

    let r = get(&s, "/sw.js").await;
    assert_eq!(
        header_of(&r, header::CONTENT_TYPE),
        "text/javascript; charset=utf-8"
    );
    assert_eq!(header_of(&r, header::CACHE_CONTROL), "no-cache");
    let worker = r.text().await.unwrap();
    assert!(!worker.contains("{{"), "a placeholder left in the worker");
    assert!(worker.contains(&format!("const VERSION = '{hash}';")));
    let precache = precache_of(&worker);
    assert_eq!(precache, server::web::precache());
    for must in [
        "/".to_string(),
        "/offline.html".to_string(),
        format!("{prefix}/js/app.js"),
        format!("{prefix}/js/views/rules.js"),
        format!("{prefix}/js/learn/page.js"),
        format!("{prefix}/js/learn/data/neva.js"),
        format!("{prefix}/css/learn.css"),
    ] {
        assert!(precache.contains(&must), "the worker keeps {must}");
    }
    // Templates have URLs of their own, the install icons are not for pages; the API and
    // sockets are never kept.
    assert!(!precache.iter().any(|u| u.ends_with("/sw.js")
        || u.ends_with(".png")
        || u.starts_with("/api")
        || u.starts_with("/ws")));
    for url in &precache {
        get(&s, url).await;
    }

    let r = get(&s, "/offline.html").await;
    assert_eq!(
        header_of(&r, header::CONTENT_TYPE),
        "text/html; charset=utf-8"
    );
    assert_eq!(header_of(&r, header::CACHE_CONTROL), "no-cache");
    let page = r.text().await.unwrap();
    assert!(
        !page.contains("{{"),
        "a placeholder left in the offline page"
    );
    assert!(page.contains(&format!("{prefix}/css/app.css")));
    assert!(page.contains("/rules/neva") && page.contains("Playing"));
}

/// A room and its host's token.
async fn room(s: &Server) -> (String, String) {
    let (_, token) = s.player().await;
    let (status, room) = s.create_room(&token, json!({"game": "queah"})).await;
    assert!(status < 300, "{status} {room}");
    (room["id"].as_str().unwrap().to_string(), token)
}

/// The first frame the server sends on a socket opened with `client` (if any).
async fn first_frame(s: &Server, room: &str, token: &str, client: Option<&str>) -> Message {
    let mut url = format!("ws://{}/ws?room={room}&token={token}", s.addr);
    if let Some(c) = client {
        url.push_str(&format!("&client={c}"));
    }
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    within("the first frame", ws.next())
        .await
        .expect("a frame")
        .expect("no error")
}

#[tokio::test]
async fn an_outdated_web_client_is_closed_with_4004_and_the_current_one_is_served() {
    let s = Server::memory().await;
    let (id, token) = room(&s).await;

    match first_frame(&s, &id, &token, Some("000000000000")).await {
        Message::Close(Some(f)) => {
            assert_eq!(u16::from(f.code), 4004);
            assert_eq!(f.reason.as_str(), "outdated");
        }
        other => panic!("an outdated client is closed, got {other:?}"),
    }

    let current = server::web::asset_hash();
    for client in [Some(current.as_str()), None] {
        match first_frame(&s, &id, &token, client).await {
            Message::Text(t) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                assert_eq!(v["type"], "snapshot", "{client:?}: {v}");
            }
            other => panic!("{client:?}: a snapshot first, got {other:?}"),
        }
    }
}
