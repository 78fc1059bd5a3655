//! Quick pairing over real HTTP: players wait in a pool as an event stream and are told the
//! room of their table, already playing with every seat given. Rated only between accounts
//! that asked for it; Neva pools fill a table of four; seeks end when cancelled or when the
//! stream closes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashSet;

use serde_json::{json, Value};

use crate::common::{self, Server};
use crate::tournaments::account;

/// A seek's event stream.
struct Seek {
    response: reqwest::Response,
    buffer: String,
}

impl Seek {
    /// Waits in `pool` as `token`; the first event is `waiting`.
    async fn open(s: &Server, pool: &str, token: &str, rated: bool) -> Seek {
        let response = reqwest::Client::new()
            .get(s.url(&format!("/api/pools/{pool}/seek?rated={rated}")))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200);
        let mut seek = Seek {
            response,
            buffer: String::new(),
        };
        let (name, data) = seek.next().await;
        assert_eq!(name, "waiting", "{data}");
        assert_eq!(data["pool"], pool, "{data}");
        seek
    }

    /// The next event: its name and data (keep-alive comments skipped).
    async fn next(&mut self) -> (String, Value) {
        common::within("the next pool event", async {
            loop {
                if let Some(end) = self.buffer.find("\n\n") {
                    let block: String = self.buffer.drain(..end + 2).collect();
                    let mut name = String::new();
                    let mut data = String::new();
                    for line in block.lines() {
                        if let Some(v) = line.strip_prefix("event:") {
                            name = v.trim().to_string();
                        } else if let Some(v) = line.strip_prefix("data:") {
                            data.push_str(v.trim());
                        }
                    }
                    if !name.is_empty() {
                        return (name, serde_json::from_str(&data).unwrap());
                    }
                    continue;
                }
                let chunk = self.response.chunk().await.unwrap().expect("stream open");
                self.buffer.push_str(&String::from_utf8_lossy(&chunk));
            }
        })
        .await
    }

    /// The room of the `paired` event, and whether it is rated.
    async fn paired(&mut self) -> (String, bool) {
        let (name, data) = self.next().await;
        assert_eq!(name, "paired", "{data}");
        (
            data["room"].as_str().unwrap().to_string(),
            data["rated"].as_bool().unwrap(),
        )
    }
}

/// The refusal of a seek: status and code.
async fn refused(s: &Server, path: &str, token: &str) -> (u16, String) {
    let r = reqwest::Client::new()
        .get(s.url(path))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    let body: Value = r.json().await.unwrap_or(Value::Null);
    (
        status,
        body["error"]["code"].as_str().unwrap_or("").to_string(),
    )
}

fn pool<'a>(list: &'a Value, id: &str) -> &'a Value {
    list["pools"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap()
}

/// The room's snapshot as `token` sees it.
async fn room(s: &Server, id: &str, token: &str) -> Value {
    let (status, snap) = s.get(&format!("/api/rooms/{id}"), Some(token)).await;
    assert_eq!(status, 200, "{snap}");
    snap
}

/// The names in the seats of a snapshot.
fn seated(snap: &Value) -> HashSet<String> {
    ["white", "red", "green", "black"]
        .iter()
        .filter_map(|seat| snap["seats"][seat]["occupant"]["name"].as_str())
        .map(str::to_string)
        .collect()
}

async fn two_rated_accounts_meet(url: &str) {
    let s = crate::tournaments::server(url).await;
    let (_, ann) = account(&s, "ann").await;
    let (_, bob) = account(&s, "bob").await;
    let mut a = Seek::open(&s, "queah-3+2", &ann, true).await;
    let (_, list) = s.get("/api/pools", None).await;
    assert_eq!(pool(&list, "queah-3+2")["waiting"], 1, "{list}");
    assert_eq!(pool(&list, "queah-3+2")["seats"], 2, "{list}");
    let seeks = list["seeks"].as_array().unwrap();
    assert_eq!(seeks.len(), 1, "{list}");
    assert_eq!(seeks[0]["name"], "ann", "{list}");
    assert_eq!(seeks[0]["pool"], "queah-3+2", "{list}");
    assert_eq!(seeks[0]["rated"], true, "{list}");
    assert_eq!(seeks[0]["rating"], 1500, "{list}");

    let mut b = Seek::open(&s, "queah-3+2", &bob, true).await;
    let (room_a, rated_a) = a.paired().await;
    let (room_b, rated_b) = b.paired().await;
    assert_eq!(room_a, room_b);
    assert!(rated_a && rated_b);

    let snap = room(&s, &room_a, &ann).await;
    assert_eq!(snap["state"], "playing", "{snap}");
    assert_eq!(snap["room"]["rated"], true, "{snap}");
    assert_eq!(
        snap["room"]["time_control"],
        json!({"kind": "fischer", "base_ms": 180000, "increment_ms": 2000}),
        "{snap}"
    );
    assert_eq!(
        seated(&snap),
        HashSet::from(["ann".to_string(), "bob".to_string()]),
        "{snap}"
    );
    let (_, list) = s.get("/api/pools", None).await;
    assert_eq!(pool(&list, "queah-3+2")["waiting"], 0, "{list}");
    assert_eq!(pool(&list, "queah-3+2")["playing"], 2, "{list}");
    assert!(list["seeks"].as_array().unwrap().is_empty(), "{list}");
}

/// Two accounts asking for a rated blitz game get one rated room with the pool's clock,
/// already playing, both seated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_rated_accounts_in_a_blitz_pool_get_one_rated_started_room() {
    let url = crate::clubdb::fresh(crate::clubdb::Backend::Sqlite)
        .await
        .unwrap();
    two_rated_accounts_meet(&url).await;
}

/// The same on Postgres: the ratings read and the room written there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_rated_accounts_in_a_blitz_pool_on_postgres() {
    let Some(db) = crate::clubdb::fresh_postgres().await else {
        return;
    };
    two_rated_accounts_meet(&db.url).await;
}

/// A guest and an account who asked for rated play a casual game; a guest may not ask for
/// a rated one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_guest_and_an_account_play_casual() {
    let s = crate::tournaments::server("sqlite::memory:").await;
    let (_, ann) = account(&s, "ann").await;
    let (_, guest) = s.player().await;
    assert_eq!(
        refused(&s, "/api/pools/stockholm-5+3/seek?rated=true", &guest).await,
        (400, "rated_needs_account".to_string())
    );
    let mut a = Seek::open(&s, "stockholm-5+3", &ann, true).await;
    let mut g = Seek::open(&s, "stockholm-5+3", &guest, false).await;
    let (room_a, rated) = a.paired().await;
    assert!(!rated);
    assert_eq!(g.paired().await, (room_a.clone(), false));
    let snap = room(&s, &room_a, &ann).await;
    assert_eq!(snap["state"], "playing", "{snap}");
    assert_eq!(snap["room"]["rated"], false, "{snap}");
    assert_eq!(seated(&snap).len(), 2, "{snap}");
}

/// Four players in a Neva pool sit at one table of four: each on their own, or in two
/// teams.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_players_in_a_neva_pool_fill_a_table_of_four() {
    let s = crate::tournaments::server("sqlite::memory:").await;
    for (pool, teams) in [("neva-ffa-10+5", false), ("neva-teams-3d", true)] {
        let mut tokens = Vec::new();
        let mut seeks = Vec::new();
        for _ in 0..4 {
            let (_, token) = s.player().await;
            seeks.push(Seek::open(&s, pool, &token, false).await);
            tokens.push(token);
        }
        let mut rooms = HashSet::new();
        for seek in &mut seeks {
            rooms.insert(seek.paired().await.0);
        }
        assert_eq!(rooms.len(), 1, "{pool}: {rooms:?}");
        let id = rooms.into_iter().next().unwrap();
        let snap = room(&s, &id, &tokens[0]).await;
        assert_eq!(snap["state"], "playing", "{pool}: {snap}");
        assert_eq!(seated(&snap).len(), 4, "{pool}: {snap}");
        assert_eq!(snap["room"]["teams"], teams, "{pool}: {snap}");
    }
}

/// An unknown pool and a second seek are refused; a cancelled seek ends its stream, and a
/// closed stream ends its seek.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeks_end_when_cancelled_or_closed() {
    let s = Server::memory().await;
    let (_, token) = s.player().await;
    assert_eq!(
        refused(&s, "/api/pools/chess-1+0/seek", &token).await,
        (400, "unknown_pool".to_string())
    );
    assert_eq!(
        refused(&s, "/api/pools/queah-3+2/seek?colour=red", &token).await,
        (400, "unknown_parameter".to_string())
    );
    let mut seek = Seek::open(&s, "queah-3+2", &token, false).await;
    assert_eq!(
        refused(&s, "/api/pools/queah-5+3/seek", &token).await,
        (409, "already_seeking".to_string())
    );
    let cancel = reqwest::Client::new()
        .delete(s.url("/api/pools/seek"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(cancel.status().as_u16(), 204);
    assert_eq!(seek.next().await.0, "cancelled");

    let seek = Seek::open(&s, "queah-3+2", &token, false).await;
    drop(seek);
    common::eventually("the closed stream's seek ends", || async {
        let (_, list) = s.get("/api/pools", None).await;
        pool(&list, "queah-3+2")["waiting"] == 0
    })
    .await;
    // The player may seek again at once.
    let _again = Seek::open(&s, "queah-5+3", &token, false).await;
}
