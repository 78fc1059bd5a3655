//! Rated games through the server, on SQLite and Postgres: creating a rated room
//! (accounts only, with a clock), a guest refused a seat, a rated game changing both
//! players' ratings once (seen in the game's record, the player page and the
//! leaderboard), a casual game changing nothing, a restart not applying a change again, and
//! one opponent's games changing ratings only a few times a day.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::clubdb::{self, Backend, BACKENDS};
use crate::common::{Client, Server};

use serde_json::{json, Value};

/// A fresh identity claimed as an account named `name`; its token.
async fn account(s: &Server, name: &str) -> String {
    let (_, token) = s.player().await;
    let r = reqwest::Client::new()
        .post(s.url("/api/account/claim"))
        .bearer_auth(&token)
        .json(&json!({"username": name, "password": "a long enough password"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200, "{}", r.text().await.unwrap());
    token
}

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("")
}

const CLOCK: &str = r#"{"kind":"fischer","base_ms":60000,"increment_ms":0}"#;

/// A Queah room with a clock, rated or casual, made by `host` (White), Black taken by
/// `guest`, started; both sockets.
async fn game(s: &Server, host: &str, guest: &str, rated: bool) -> (String, Client, Client) {
    let clock: Value = serde_json::from_str(CLOCK).unwrap();
    let (status, created) = s
        .create_room(
            host,
            json!({"game": "queah", "seat": "white", "rated": rated, "time_control": clock}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut h = s.ws(&id, Some(host), None).await;
    let mut g = s.ws(&id, Some(guest), None).await;
    let snap = h.until("snapshot", |v| v["type"] == "snapshot").await;
    assert_eq!(snap["data"]["room"]["rated"], json!(rated), "{snap}");
    g.until("snapshot", |v| v["type"] == "snapshot").await;
    g.act("take_seat", json!({"seat": "black"})).await;
    h.act("start", json!({})).await;
    (id, h, g)
}

/// Both seats move (the game counts from then on), then the host resigns; waits until
/// the game's record is stored.
async fn host_resigns(s: &Server, id: &str, host: &mut Client, guest: &mut Client) -> Value {
    crate::common::both_move("queah", host, guest).await;
    host.act("resign", json!({})).await;
    crate::common::within("the game is stored as finished", async {
        loop {
            let (status, body) = s.get(&format!("/api/history/{id}"), None).await;
            if status == 200 && !body["finished_at"].is_null() {
                return body;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    })
    .await
}

async fn rated_games(backend: Backend) {
    let Some(url) = clubdb::fresh(backend).await else {
        return;
    };
    let mut s = Server::setup().database(url.clone()).start().await;
    let ann = account(&s, "ann").await;
    let bob = account(&s, "bob").await;
    let (_, guest) = s.player().await;
    let clock: Value = serde_json::from_str(CLOCK).unwrap();
    // Who may open a rated room.
    let (status, body) = s
        .create_room(
            &guest,
            json!({"game": "queah", "rated": true, "time_control": clock}),
        )
        .await;
    assert_eq!(
        (status, code(&body)),
        (400, "rated_needs_account"),
        "{body}"
    );
    let (status, body) = s
        .create_room(&ann, json!({"game": "queah", "rated": true}))
        .await;
    assert_eq!((status, code(&body)), (400, "rated_needs_clock"), "{body}");
    // A guest cannot sit in a rated room.
    let (status, body) = s
        .create_room(
            &ann,
            json!({"game": "queah", "rated": true, "time_control": clock}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let room = body["id"].as_str().unwrap();
    let (_, listed) = s.get(&format!("/api/rooms/{room}"), None).await;
    assert_eq!(listed["room"]["rated"], true, "{listed}");
    let mut g = s.ws(room, Some(&guest), None).await;
    assert_eq!(
        g.refused("take_seat", json!({})).await,
        "rated_needs_account"
    );

    // A rated game: Ann (White) resigns to Bob.
    let (id, mut h, mut g) = game(&s, &ann, &bob, true).await;
    let record = host_resigns(&s, &id, &mut h, &mut g).await;
    assert_eq!(record["rated"], true, "{record}");
    let changes = record["rating_changes"].as_array().unwrap();
    assert_eq!(changes.len(), 2, "{record}");
    let by_seat = |seat: &str| changes.iter().find(|c| c["seat"] == seat).unwrap().clone();
    assert_eq!(by_seat("white")["before"], 1500);
    assert!(by_seat("white")["after"].as_i64().unwrap() < 1500);
    assert!(by_seat("black")["after"].as_i64().unwrap() > 1500);
    let (status, page) = s.get("/api/players/BOB", None).await;
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["name"], "bob");
    let queah = &page["ratings"][0];
    assert_eq!(
        (queah["game"].as_str(), queah["mode"].as_str()),
        (Some("queah"), Some("standard"))
    );
    assert_eq!(queah["games"], 1);
    assert_eq!(queah["provisional"], true);
    assert!(queah["rank"].is_null());
    assert_eq!(queah["rating"], by_seat("black")["after"]);
    assert_eq!(page["history"][0]["points"].as_array().unwrap().len(), 1);
    assert_eq!(
        page["results"],
        json!([{"game": "queah", "wins": 1, "draws": 0, "losses": 0}])
    );

    // A casual game changes nothing.
    let (id, mut h, mut g) = game(&s, &ann, &bob, false).await;
    let record = host_resigns(&s, &id, &mut h, &mut g).await;
    assert_eq!(record["rated"], false);
    assert!(record.get("rating_changes").is_none(), "{record}");
    let (_, again) = s.get("/api/players/bob", None).await;
    assert_eq!(again["ratings"], page["ratings"]);

    // Provisional ratings are listed apart from the first game, unranked; a settled
    // rating is ranked.
    let (status, board) = s.get("/api/leaderboard/queah", None).await;
    assert_eq!(status, 200, "{board}");
    assert_eq!(board["players"], json!([]), "{board}");
    assert_eq!(board["provisional_deviation"], 110.0, "{board}");
    assert_eq!(board["rated_games_per_opponent_per_day"], 3, "{board}");
    let provisional = board["provisional"].as_array().unwrap();
    let names: Vec<&str> = provisional
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["bob", "ann"], "{board}");
    assert_eq!(provisional[0]["provisional"], true);
    assert_eq!(provisional[0]["rating"], by_seat("black")["after"]);
    assert_eq!(provisional[0]["games"], 1);
    assert!(provisional[0].get("rank").is_none(), "{board}");
    settle(&url).await;
    let (_, board) = s.get("/api/leaderboard/queah?mode=standard", None).await;
    let names: Vec<&str> = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["bob", "ann"], "{board}");
    assert_eq!(board["players"][0]["rank"], 1);
    assert_eq!(board["players"][0]["deviation"], 60);
    assert_eq!(board["players"][0]["provisional"], false);
    assert_eq!(board["provisional"], json!([]), "{board}");
    let (_, bob_page) = s.get("/api/players/bob", None).await;
    assert_eq!(bob_page["ratings"][0]["rank"], 1, "{bob_page}");
    assert_eq!(s.get("/api/leaderboard/chess", None).await.0, 404);
    let (status, body) = s.get("/api/leaderboard/queah?mode=teams", None).await;
    assert_eq!((status, code(&body)), (400, "unknown_mode"), "{body}");
    assert_eq!(s.get("/api/players/nobody", None).await.0, 404);

    // A restart restores the finished rooms and applies nothing again.
    let (_, before) = s.get("/api/players/bob", None).await;
    drop((h, g));
    s.stop().await;
    let s = Server::setup().database(url).start().await;
    let (_, after) = s.get("/api/players/bob", None).await;
    assert_eq!(after["ratings"], before["ratings"]);
    assert_eq!(after["history"], before["history"]);
}

/// Both players' Queah deviations set to 60 as of now: settled, not provisional.
async fn settle(url: &str) {
    let now = server::store::now_ms();
    let sql = format!("UPDATE ratings SET deviation = 60, rated_at = {now}");
    if url.starts_with("sqlite") {
        let db = sqlx::SqlitePool::connect(url).await.unwrap();
        sqlx::query(&sql).execute(&db).await.unwrap();
        db.close().await;
    } else {
        let db = sqlx::PgPool::connect(url).await.unwrap();
        sqlx::query(&sql).execute(&db).await.unwrap();
        db.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_games_change_ratings_once_on_both_backends() {
    for backend in BACKENDS {
        rated_games(backend).await;
    }
}

async fn one_opponent_a_day(backend: Backend) {
    let Some(url) = clubdb::fresh(backend).await else {
        return;
    };
    let s = Server::setup().database(url).start().await;
    let ann = account(&s, "ann").await;
    let bob = account(&s, "bob").await;
    let cy = account(&s, "cy").await;
    let limit = ratings::RATED_GAMES_PER_OPPONENT_PER_DAY;
    let mut seen = Vec::new();
    for i in 0..=limit {
        let (id, mut h, mut g) = game(&s, &ann, &bob, true).await;
        let record = host_resigns(&s, &id, &mut h, &mut g).await;
        assert_eq!(record["rated"], true, "{record}");
        let changes = record["rating_changes"].as_array().unwrap().len();
        seen.push(changes);
        if i == limit {
            // Not counted: the result stands, nobody's rating moved.
            assert_eq!(record["result"], "black won", "{record}");
        }
    }
    let expected: Vec<usize> = (0..=limit).map(|i| if i < limit { 2 } else { 0 }).collect();
    assert_eq!(seen, expected);
    let (_, page) = s.get("/api/players/bob", None).await;
    assert_eq!(page["ratings"][0]["games"], limit, "{page}");
    assert_eq!(
        page["history"][0]["points"].as_array().unwrap().len(),
        limit as usize,
        "{page}"
    );
    assert_eq!(page["results"][0]["wins"], limit + 1, "{page}");
    // Another opponent still counts the same day.
    let (id, mut h, mut g) = game(&s, &ann, &cy, true).await;
    let record = host_resigns(&s, &id, &mut h, &mut g).await;
    assert_eq!(
        record["rating_changes"].as_array().unwrap().len(),
        2,
        "{record}"
    );
    let (_, page) = s.get("/api/players/ann", None).await;
    assert_eq!(page["ratings"][0]["games"], limit + 1, "{page}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_opponent_changes_ratings_only_a_few_times_a_day_on_both_backends() {
    for backend in BACKENDS {
        one_opponent_a_day(backend).await;
    }
}

/// The web pages state the same provisional threshold and daily limit as the code, and so
/// does `docs/api.md`.
#[test]
fn the_pages_and_the_docs_state_the_rules_the_code_applies() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let js = std::fs::read_to_string(root.join("web/js/ratings.js")).unwrap();
    let deviation = format!(
        "export const PROVISIONAL_DEVIATION = {};",
        ratings::PROVISIONAL_DEVIATION
    );
    let games = format!(
        "export const RATED_GAMES_PER_OPPONENT_PER_DAY = {};",
        ratings::RATED_GAMES_PER_OPPONENT_PER_DAY
    );
    assert!(
        js.contains(&deviation),
        "web/js/ratings.js lacks `{deviation}`"
    );
    assert!(js.contains(&games), "web/js/ratings.js lacks `{games}`");
    let api = std::fs::read_to_string(root.join("docs/api.md")).unwrap();
    let said = format!(
        "while its `deviation`, in shown points, is {} or more",
        ratings::PROVISIONAL_DEVIATION
    );
    assert!(api.contains(&said), "docs/api.md lacks `{said}`");
    let said = format!(
        "the first {} rated games",
        ratings::RATED_GAMES_PER_OPPONENT_PER_DAY
    );
    assert!(api.contains(&said), "docs/api.md lacks `{said}`");
}
