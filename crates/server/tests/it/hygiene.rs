//! Input hygiene over real sockets, on SQLite and Postgres: clock bounds, display names,
//! unknown JSON fields, and the JSON shape of every error body (404, 405, 413, refused
//! WebSocket upgrades).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::clubdb;
use crate::common;

use common::Server;
use serde_json::{json, Value};

async fn servers() -> Vec<Server> {
    let mut out = Vec::new();
    for b in clubdb::BACKENDS {
        if let Some(url) = clubdb::fresh(b).await {
            out.push(Server::setup().database(url).start().await);
        }
    }
    out
}

/// The status and the JSON body (a non-JSON body fails the test).
async fn send(req: reqwest::RequestBuilder) -> (u16, Value) {
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    let text = r.text().await.unwrap();
    let body: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("status {status}: body is not JSON ({e}): {text:?}"));
    (status, body)
}

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("")
}

#[tokio::test]
async fn clocks_are_bounded() {
    for mut s in servers().await {
        let (_, token) = s.player().await;
        let refused = [
            json!({"kind": "fischer", "base_ms": 9_999, "increment_ms": 0}),
            json!({"kind": "fischer", "base_ms": 86_400_001u64, "increment_ms": 0}),
            json!({"kind": "fischer", "base_ms": 60_000, "increment_ms": 3_600_001u64}),
            json!({"kind": "per_move", "limit_ms": 4_999}),
            json!({"kind": "per_move", "limit_ms": 604_800_001u64}),
            json!({"kind": "per_move", "limit_ms": 9_007_199_254_740_993u64}),
        ];
        for tc in refused {
            let (status, body) = s
                .create_room(&token, json!({"game": "queah", "time_control": tc}))
                .await;
            assert_eq!(status, 400, "{tc}: {body}");
            assert_eq!(code(&body), "bad_time_control", "{tc}: {body}");
        }
        let accepted = [
            json!({"kind": "fischer", "base_ms": 10_000, "increment_ms": 3_600_000}),
            json!({"kind": "fischer", "base_ms": 86_400_000, "increment_ms": 0}),
            json!({"kind": "per_move", "limit_ms": 5_000}),
            json!({"kind": "per_move", "limit_ms": 604_800_000}),
        ];
        for tc in accepted {
            let (status, body) = s
                .create_room(&token, json!({"game": "queah", "time_control": tc}))
                .await;
            assert_eq!(status, 200, "{tc}: {body}");
        }
        s.stop().await;
    }
}

#[tokio::test]
async fn hidden_characters_are_refused_in_names() {
    for mut s in servers().await {
        let (_, token) = s.player().await;
        let c = reqwest::Client::new();
        for bad in [
            "Ann\u{202E}olleh",
            "A\u{200B}nn",
            "An\u{200D}n",
            "\u{2066}Ann\u{2069}",
            "Ann\u{FEFF}",
            "\u{3164}",
            "Ann\u{00A0}Lee",
            "Ann\u{E0041}",
            "Ann\u{061C}",
        ] {
            let (status, body) = send(
                c.patch(s.url("/api/me"))
                    .bearer_auth(&token)
                    .json(&json!({ "name": bad })),
            )
            .await;
            assert_eq!(status, 400, "{bad:?}: {body}");
            assert_eq!(code(&body), "bad_name", "{bad:?}: {body}");
        }
        for good in ["Ann Lee", "Zoë", "Дмитрий", "李雷", "O'Brien-2"] {
            let (status, body) = send(
                c.patch(s.url("/api/me"))
                    .bearer_auth(&token)
                    .json(&json!({ "name": good })),
            )
            .await;
            assert_eq!(status, 200, "{good:?}: {body}");
            assert_eq!(body["name"], good);
        }
        s.stop().await;
    }
}

#[tokio::test]
async fn unknown_fields_are_refused() {
    for mut s in servers().await {
        let (_, token) = s.player().await;
        let (status, body) = s
            .create_room(&token, json!({"game": "queah", "colour": "white"}))
            .await;
        assert_eq!((status, code(&body)), (400, "unknown_field"), "{body}");
        let (status, body) = s
            .create_room(
                &token,
                json!({"game": "queah", "time_control": {"kind": "per_move", "limit_ms": 60000, "extra": 1}}),
            )
            .await;
        assert_eq!((status, code(&body)), (400, "unknown_field"), "{body}");
        let c = reqwest::Client::new();
        let (status, body) = send(
            c.patch(s.url("/api/me"))
                .bearer_auth(&token)
                .json(&json!({"name": "Ann", "admin": true})),
        )
        .await;
        assert_eq!((status, code(&body)), (400, "unknown_field"), "{body}");
        let (status, body) = send(
            c.post(s.url("/api/rooms/join"))
                .bearer_auth(&token)
                .json(&json!({"code": "ABCDEFGH", "seat": "white"})),
        )
        .await;
        assert_eq!((status, code(&body)), (400, "unknown_field"), "{body}");
        s.stop().await;
    }
}

#[tokio::test]
async fn every_error_body_is_json() {
    for mut s in servers().await {
        let (_, token) = s.player().await;
        let c = reqwest::Client::new();
        // Pages are the web client's routes; unknown paths under /api are JSON 404s.
        let (status, body) = send(c.get(s.url("/api/no/such/thing"))).await;
        assert_eq!((status, code(&body)), (404, "not_found"), "{body}");
        let (status, body) = send(c.delete(s.url("/api/games"))).await;
        assert_eq!((status, code(&body)), (405, "method_not_allowed"), "{body}");
        let big = format!("{{\"name\": \"{}\"}}", "a".repeat(4 * 1024 * 1024));
        let (status, body) = send(
            c.patch(s.url("/api/me"))
                .bearer_auth(&token)
                .header("content-type", "application/json")
                .body(big),
        )
        .await;
        assert_eq!((status, code(&body)), (413, "too_large"), "{body}");
        let (status, body) = send(
            c.patch(s.url("/api/me"))
                .bearer_auth(&token)
                .header("content-type", "text/plain")
                .body("{}"),
        )
        .await;
        assert_eq!(
            (status, code(&body)),
            (415, "unsupported_media_type"),
            "{body}"
        );
        // A plain GET of the socket endpoint is a refused upgrade.
        let (_, room) = s.create_room(&token, json!({"game": "queah"})).await;
        let room = room["id"].as_str().unwrap().to_string();
        let (status, body) = send(c.get(s.url(&format!("/ws?room={room}")))).await;
        assert!(status >= 400, "{status} {body}");
        assert!(!code(&body).is_empty(), "{body}");
        // An upgrade from a foreign origin.
        let (status, body) = send(
            c.get(s.url(&format!("/ws?room={room}")))
                .header("origin", "https://evil.example")
                .header("connection", "upgrade")
                .header("upgrade", "websocket")
                .header("sec-websocket-version", "13")
                .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
        )
        .await;
        assert_eq!((status, code(&body)), (403, "forbidden"), "{body}");
        s.stop().await;
    }
}
