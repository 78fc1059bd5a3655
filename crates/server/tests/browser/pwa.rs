//! The installable app in Chromium: the page names a manifest that parses without errors
//! and whose icons load; the service worker installs and controls the page after a reload;
//! then, with the server stopped, the rules pages open from the worker's cache and a page
//! that needs the server shows the offline page. Screenshots at 1280x800 and 375x812.

use serde_json::{json, Value};

use crate::support::{Harness, Page};

/// The page's errors, less the loads the stopped server refused (the header asking who the
/// reader is): those are what being offline means.
fn errors_but_refused(page: &Page) -> Vec<String> {
    page.errors()
        .into_iter()
        .filter(|e| !e.contains("ERR_CONNECTION_REFUSED") && !e.contains("Failed to fetch"))
        .collect()
}

#[tokio::test]
async fn the_app_installs_and_its_rules_pages_open_with_the_server_stopped() {
    let Some(mut h) = Harness::start("pwa").await else {
        return;
    };
    let ann = h.page("ann").await;
    ann.goto("/rules/neva").await;
    ann.wait_for(".learn figure .board .piece").await;

    // The manifest the page names parses without errors, and every icon it lists loads.
    let manifest = ann.devtools("Page.getAppManifest", json!({})).await;
    assert!(
        manifest["url"]
            .as_str()
            .is_some_and(|u| u.ends_with("/manifest.webmanifest")),
        "{manifest}"
    );
    assert_eq!(manifest["errors"], json!([]), "{manifest}");
    let icons: Vec<Value> = ann
        .eval(
            "(async () => { const m = await (await fetch('/manifest.webmanifest')).json(); \
             return Promise.all(m.icons.map((i) => new Promise((ok) => { \
               const img = new Image(); \
               img.onload = () => ok({ src: i.src, sizes: i.sizes, width: img.naturalWidth }); \
               img.onerror = () => ok({ src: i.src, sizes: i.sizes, width: 0 }); \
               img.src = i.src; }))); })()",
        )
        .await;
    assert!(icons.len() >= 5, "{icons:?}");
    for icon in &icons {
        let width = icon["width"].as_u64().unwrap_or(0);
        assert!(width > 0, "the icon loads: {icon}");
        if let Some(size) = icon["sizes"].as_str().and_then(|s| s.split('x').next()) {
            if let Ok(size) = size.parse::<u64>() {
                assert_eq!(width, size, "{icon}");
            }
        }
    }

    // The worker installs (its files kept), then controls the page from the next load on.
    let cache: String = ann
        .eval(
            "navigator.serviceWorker.ready.then(async () => \
               (await caches.keys()).find((k) => k.startsWith('checkerhall-')) || '')",
        )
        .await;
    assert_eq!(
        cache,
        format!("checkerhall-{}", server::web::asset_hash()),
        "the worker's cache is named after the files' version"
    );
    let (files, bytes): (u64, u64) = ann
        .eval(
            "caches.keys().then(async (keys) => { \
               const c = await caches.open(keys.find((k) => k.startsWith('checkerhall-'))); \
               const kept = await c.keys(); let bytes = 0; \
               for (const r of kept) bytes += (await (await c.match(r)).arrayBuffer()).byteLength; \
               return [kept.length, bytes]; })",
        )
        .await;
    println!("the worker keeps {files} files, {bytes} bytes decoded");
    ann.reload().await;
    ann.wait_until("navigator.serviceWorker.controller !== null")
        .await;

    // The page's version is the server's: its room socket is served, while one that shows
    // an older version is closed with 4004 `outdated`, as the browser sees it.
    let answers: Vec<String> = ann
        .eval(
            "(async () => { \
               const r = await fetch('/api/rooms', { method: 'POST', \
                 headers: { 'content-type': 'application/json' }, \
                 body: JSON.stringify({ game: 'queah' }) }); \
               const room = (await r.json()).id; \
               const app = document.querySelector('script[type=module]').src; \
               const { VERSION } = await import(app.replace(/app\\.js$/, 'pwa.js')); \
               const first = (client) => new Promise((ok) => { \
                 const ws = new WebSocket(`ws://${location.host}/ws?room=${room}&client=${client}`); \
                 ws.onmessage = (e) => { ok(`message ${JSON.parse(e.data).type}`); ws.close(); }; \
                 ws.onclose = (e) => ok(`close ${e.code} ${e.reason}`); }); \
               return [await first('000000000000'), await first(VERSION)]; })()",
        )
        .await;
    assert_eq!(answers, ["close 4004 outdated", "message snapshot"]);
    let scope: String = ann
        .eval("navigator.serviceWorker.ready.then((r) => new URL(r.scope).pathname)")
        .await;
    assert_eq!(scope, "/");
    let errors = ann.errors();
    assert!(errors.is_empty(), "errors before the stop: {errors:?}");

    // Nothing left open on the server (the stop waits for open streams), then no server.
    ann.devtools("Page.navigate", json!({ "url": "about:blank" }))
        .await;
    h.stop_server().await;
    assert!(
        reqwest::get(h.url("/")).await.is_err(),
        "the server no longer answers"
    );

    // The rules pages open from the cache, their boards drawn by the cached modules.
    ann.set_viewport(1280, 800, false).await;
    for game in ["neva", "queah"] {
        ann.goto(&format!("/rules/{game}")).await;
        ann.wait_for(".learn figure .board .piece").await;
    }
    ann.screenshot("rules-offline-1280x800").await;
    ann.set_viewport(375, 812, true).await;
    ann.goto("/rules/neva").await;
    ann.wait_for(".learn figure .board .piece").await;
    ann.screenshot("rules-offline-375x812").await;

    // A page that needs the server: the offline page, which says what still works.
    for path in ["/games", "/"] {
        ann.goto(path).await;
        ann.wait_for("#offline-rules").await;
    }
    let text = ann.text("main").await;
    assert!(text.contains("You are offline"), "{text}");
    assert!(text.contains("Playing and watching games"), "{text}");
    assert_eq!(ann.count("#offline-rules a[href^=\"/rules/\"]").await, 4);
    ann.screenshot("offline-375x812").await;
    ann.set_viewport(1280, 800, false).await;
    ann.screenshot("offline-1280x800").await;
    // A rules link of the offline page opens its page.
    ann.click("#offline-rules a[href=\"/rules/queah\"]").await;
    ann.wait_until("location.pathname === '/rules/queah'").await;
    ann.wait_for(".learn figure .board .piece").await;

    let errors = errors_but_refused(&ann);
    assert!(errors.is_empty(), "errors offline: {errors:?}");
    h.finish().await;
}
