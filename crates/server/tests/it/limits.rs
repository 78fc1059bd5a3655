//! Per-client limits: open sockets, new identities and new rooms per
//! address, and the paged room list. Each refusal is a typed 429 counted in `/metrics`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::Server;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite;

/// `checkerhall_limited_total` for `code` in `/metrics`.
async fn refused(s: &Server, code: &str) -> u64 {
    s.metric(&format!("checkerhall_limited_total{{code=\"{code}\"}}"))
        .await
}

async fn new_identity(s: &Server) -> (u16, Value) {
    let r = reqwest::get(s.url("/api/me")).await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

#[tokio::test]
async fn sockets_per_address_are_capped() {
    let s = Server::with_limits(|l| l.sockets_per_address = 2).await;
    let (_, token) = s.player().await;
    let (_, room) = s.create_room(&token, json!({"game": "queah"})).await;
    let id = room["id"].as_str().unwrap();
    // The sockets come from 127.0.0.2; the test's own requests from 127.0.0.1.
    let ws = || async {
        let tcp = crate::slow_clients::connect_from("127.0.0.2", s.addr, None)
            .await
            .unwrap();
        tokio_tungstenite::client_async(format!("ws://{}/ws?room={id}", s.addr), tcp).await
    };
    let first = ws().await.unwrap();
    let _second = ws().await.unwrap();
    // Every connection counts, from accept: the third is answered at once.
    match ws().await {
        Err(tungstenite::Error::Http(r)) => {
            assert_eq!(r.status().as_u16(), 429);
            let body: Value = serde_json::from_slice(r.body().as_deref().unwrap()).unwrap();
            assert_eq!(body["error"]["code"], "too_many_sockets", "{body}");
        }
        other => panic!("a third socket was not refused: {:?}", other.map(|_| ())),
    }
    assert_eq!(refused(&s, "too_many_sockets").await, 1);
    assert_eq!(s.metric("checkerhall_connections_refused_total").await, 1);
    // Another address is not affected.
    let _mine = s.ws(id, None, None).await;
    // Closing one frees its place (once the server has seen it go).
    drop(first);
    common::eventually("a closed socket frees its place", || async {
        ws().await.is_ok()
    })
    .await;
}

#[tokio::test]
async fn new_identities_per_address_are_limited() {
    let s = Server::with_limits(|l| l.identities_per_address_per_minute = 2).await;
    for _ in 0..2 {
        assert_eq!(new_identity(&s).await.0, 200);
    }
    let (status, body) = new_identity(&s).await;
    assert_eq!(status, 429);
    assert_eq!(body["error"]["code"], "identity_rate_limited", "{body}");
    assert_eq!(refused(&s, "identity_rate_limited").await, 1);
    // An identity already made is not a new one.
    let (_, token) = s.player().await;
    assert_eq!(s.get("/api/me", Some(&token)).await.0, 200);
}

#[tokio::test]
async fn new_rooms_per_address_are_limited() {
    let s = Server::with_limits(|l| l.rooms_per_address_per_minute = 2).await;
    let (_, a) = s.player().await;
    let (_, b) = s.player().await;
    assert_eq!(s.create_room(&a, json!({"game": "queah"})).await.0, 200);
    assert_eq!(s.create_room(&b, json!({"game": "queah"})).await.0, 200);
    // Per address, whoever asks.
    let (status, body) = s.create_room(&a, json!({"game": "neva"})).await;
    assert_eq!(status, 429);
    assert_eq!(body["error"]["code"], "room_rate_limited", "{body}");
    assert_eq!(refused(&s, "room_rate_limited").await, 1);
}

#[tokio::test]
async fn the_room_list_is_paged() {
    let s = Server::memory().await;
    let mut made = Vec::new();
    for _ in 0..5 {
        let (_, token) = s.player().await;
        let (_, room) = s.create_room(&token, json!({"game": "queah"})).await;
        made.push(room["id"].as_str().unwrap().to_string());
    }
    let (status, first) = s.get("/api/rooms?limit=2", None).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["total"], 5);
    assert_eq!(first["rooms"].as_array().unwrap().len(), 2);
    assert_eq!(first["next_offset"], 2);
    let mut seen = Vec::new();
    let mut offset = Some(0);
    while let Some(o) = offset {
        let (_, page) = s.get(&format!("/api/rooms?limit=2&offset={o}"), None).await;
        for r in page["rooms"].as_array().unwrap() {
            seen.push(r["id"].as_str().unwrap().to_string());
        }
        offset = page["next_offset"].as_u64();
    }
    seen.sort();
    made.sort();
    assert_eq!(seen, made, "every room once across the pages");
    let (_, all) = s.get("/api/rooms", None).await;
    assert_eq!(all["limit"], 50);
    assert!(all["next_offset"].is_null());
    for (bad, code) in [
        ("limit=0", "bad_parameter"),
        ("limit=101", "bad_parameter"),
        ("limit=x", "bad_parameter"),
        ("page=2", "unknown_parameter"),
    ] {
        let (status, body) = s.get(&format!("/api/rooms?{bad}"), None).await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert_eq!(body["error"]["code"], code, "{bad}: {body}");
    }
}
