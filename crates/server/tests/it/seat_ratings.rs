//! `GET /api/rooms/{id}/ratings` on SQLite and Postgres: each seated account's rating in
//! the pool of the room's game and options, `1500` provisional before its first rated game,
//! without the mark once settled; guests and bots have none; a rematch room shows what the
//! rated game made of the players; an unknown room is `not_found`.

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

/// A room of `body` hosted by `host`, with the host's socket (after its snapshot).
async fn room(s: &Server, host: &str, body: Value) -> (String, Client) {
    let (status, created) = s.create_room(host, body).await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut h = s.ws(&id, Some(host), None).await;
    h.until("snapshot", |v| v["type"] == "snapshot").await;
    (id, h)
}

/// The room's ratings answer, which must be a 200.
async fn ratings_of(s: &Server, id: &str) -> Value {
    let (status, body) = s.get(&format!("/api/rooms/{id}/ratings"), None).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// The names of the answer's seats, in seat order.
fn names(answer: &Value) -> Vec<&str> {
    answer["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect()
}

/// The seat entry of `name`.
fn entry<'a>(answer: &'a Value, name: &str) -> &'a Value {
    answer["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no {name} in {answer}"))
}

/// Every Queah deviation set to 60 as of now: settled, not provisional.
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

async fn seat_ratings(backend: Backend) {
    let Some(url) = clubdb::fresh(backend).await else {
        return;
    };
    let s = Server::setup().database(url.clone()).start().await;
    let ann = account(&s, "ann").await;
    let bob = account(&s, "bob").await;
    let (guest_id, guest) = s.player().await;

    // A new account shows the starting rating, provisional; a guest shows none.
    let (id, _ann_sock) = room(&s, &ann, json!({"game": "queah", "seat": "white"})).await;
    let answer = ratings_of(&s, &id).await;
    assert_eq!(
        (answer["game"].as_str(), answer["mode"].as_str()),
        (Some("queah"), Some("standard")),
        "{answer}"
    );
    assert_eq!(names(&answer), ["ann"], "{answer}");
    let a = entry(&answer, "ann");
    assert_eq!(
        (
            a["seat"].as_str(),
            a["rating"].as_i64(),
            a["provisional"].as_bool()
        ),
        (Some("white"), Some(1500), Some(true)),
        "{answer}"
    );
    let mut g = s.ws(&id, Some(&guest), None).await;
    g.until("snapshot", |v| v["type"] == "snapshot").await;
    g.act("take_seat", json!({"seat": "black"})).await;
    let (_, snap) = s.get(&format!("/api/rooms/{id}"), None).await;
    assert_eq!(
        snap["seats"]["black"]["occupant"]["id"],
        json!(guest_id.id),
        "{snap}"
    );
    assert_eq!(names(&ratings_of(&s, &id).await), ["ann"]);

    // A bot shows none; Stockholm without deferred capture is the Brazilian pool.
    let (id, mut b) = room(
        &s,
        &bob,
        json!({"game": "stockholm", "seat": "white",
               "options": {"deferred_backward_capture": false}}),
    )
    .await;
    b.act(
        "set_bot",
        json!({"seat": "black", "bot": {"kind": "engine", "level": 1}}),
    )
    .await;
    let answer = ratings_of(&s, &id).await;
    assert_eq!(answer["mode"], "brazilian", "{answer}");
    assert_eq!(names(&answer), ["bob"], "{answer}");
    drop(b);

    // A rated game: Ann (White) resigns to Bob; the rematch room shows their new ratings.
    let clock = json!({"kind": "fischer", "base_ms": 60000, "increment_ms": 0});
    let (id, mut h) = room(
        &s,
        &ann,
        json!({"game": "queah", "seat": "white", "rated": true, "time_control": clock}),
    )
    .await;
    let mut o = s.ws(&id, Some(&bob), None).await;
    o.until("snapshot", |v| v["type"] == "snapshot").await;
    o.act("take_seat", json!({"seat": "black"})).await;
    h.act("start", json!({})).await;
    let before = ratings_of(&s, &id).await;
    assert_eq!(names(&before), ["ann", "bob"], "{before}");
    crate::common::both_move("queah", &mut h, &mut o).await;
    h.act("resign", json!({})).await;
    h.event("finished").await;
    // The change is stored before the end is told: the room shows it at once.
    let at_end = ratings_of(&s, &id).await;
    let record = crate::common::within("the game's record", async {
        loop {
            let (status, body) = s.get(&format!("/api/history/{id}"), None).await;
            if status == 200
                && body["rating_changes"]
                    .as_array()
                    .is_some_and(|c| c.len() == 2)
            {
                return body;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    })
    .await;
    let after = |seat: &str| {
        record["rating_changes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["seat"] == seat)
            .unwrap()["after"]
            .as_i64()
            .unwrap()
    };
    for (name, seat) in [("ann", "white"), ("bob", "black")] {
        assert_eq!(
            entry(&at_end, name)["rating"].as_i64(),
            Some(after(seat)),
            "{at_end}"
        );
    }
    h.act("rematch", json!({})).await;
    o.act("rematch", json!({})).await;
    let made = h
        .until("the rematch room", |v| {
            v["type"] == "event" && v["data"]["type"] == "rematch" && v["data"]["room"].is_string()
        })
        .await;
    let rematch = made["data"]["room"].as_str().unwrap().to_string();
    let answer = ratings_of(&s, &rematch).await;
    assert_eq!(
        entry(&answer, "ann")["rating"].as_i64(),
        Some(after("white")),
        "{answer}"
    );
    assert_eq!(
        entry(&answer, "bob")["rating"].as_i64(),
        Some(after("black")),
        "{answer}"
    );
    assert!(after("black") > 1500, "{record}");
    assert_eq!(entry(&answer, "bob")["provisional"], true, "{answer}");

    // A settled rating shows without the mark.
    settle(&url).await;
    let answer = ratings_of(&s, &rematch).await;
    let settled = entry(&answer, "bob");
    assert_eq!(
        (
            settled["rating"].as_i64(),
            settled["provisional"].as_bool(),
            settled["deviation"].as_i64()
        ),
        (Some(after("black")), Some(false), Some(60)),
        "{answer}"
    );

    // No such room, or no room id at all.
    for path in [
        format!("/api/rooms/{}/ratings", uuid::Uuid::new_v4()),
        "/api/rooms/not-a-room/ratings".to_string(),
    ] {
        let (status, body) = s.get(&path, None).await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (404, Some("not_found")),
            "{body}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seated_accounts_show_their_rating_in_the_rooms_pool_on_both_backends() {
    for backend in BACKENDS {
        seat_ratings(backend).await;
    }
}
