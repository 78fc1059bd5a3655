//! A club's database written by the oldest schema opens with today's server: the
//! migrations since apply, the finished game reads back move for move, and the
//! unfinished one is restored and played on with the players' old tokens.
//!
//! The databases in `tests/data/upgrade/` were written by the server of commit `7b2a265`
//! (migration 0001 alone) through its own API; see the README there.

use serde_json::json;
use sqlx::{Connection, Executor};

use crate::clubdb::{self, Backend};
use crate::common::Server;
use rules::{AnyOptions, AnyPosition, Variant};

/// What the old server wrote, as its run printed it.
struct Written {
    finished: &'static str,
    playing: &'static str,
    white_token: &'static str,
    black_token: &'static str,
}

const SQLITE: Written = Written {
    finished: "c2ab1d5a-62bd-4536-bbca-7db64f9938be",
    playing: "d8687732-96e2-442c-a2bd-ee58641b4d14",
    white_token: "80072d462ba9cff14b759fa215034ce9711f8093c7097a0812b8a8ede2289891",
    black_token: "c0f0c3059bda8bb9fab825324072cb691c2ce4000fa9757750f2528ca213f6de",
};

const POSTGRES: Written = Written {
    finished: "05441225-ef87-4674-9841-e9b90dff028a",
    playing: "2d1299a0-c1b0-4559-8ca9-196189c15e1c",
    white_token: "5baf390346cca19e6345c73bff447524400d82b2200088a81119d41d778f7b15",
    black_token: "c557429639267fee7079da4c6ae651d1b7f94784c110bd719b1cbd84d9e552c3",
};

const FINISHED_MOVES: [&str; 6] = ["a3-b4", "b6-c5", "c3-d4", "c5xa3", "b2-c3", "a3-b2"];
const PLAYING_MOVES: [&str; 4] = ["a3-a4", "a6-a5", "a4xa6xa8", "b6-b5"];

/// A copy of the old SQLite file in a fresh folder (the test must not change the fixture).
async fn sqlite_copy() -> String {
    let url = clubdb::fresh(Backend::Sqlite).await.unwrap();
    let path = url.strip_prefix("sqlite://").unwrap();
    std::fs::write(path, include_bytes!("../data/upgrade/0001.db")).unwrap();
    url
}

/// A fresh Postgres database holding the old server's dump; `None` when Postgres is not
/// configured outside CI.
async fn postgres_copy() -> Option<String> {
    let url = clubdb::fresh(Backend::Postgres).await?;
    // One connection of its own: the dump empties `search_path` for the session.
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    conn.execute(sqlx::raw_sql(include_str!("../data/upgrade/0001.pg.sql")))
        .await
        .unwrap();
    conn.close().await.unwrap();
    Some(url)
}

#[tokio::test]
async fn a_sqlite_database_of_the_first_schema_opens_and_keeps_its_games() {
    check(sqlite_copy().await, &SQLITE).await;
}

#[tokio::test]
async fn a_postgres_database_of_the_first_schema_opens_and_keeps_its_games() {
    let Some(url) = postgres_copy().await else {
        return;
    };
    check(url, &POSTGRES).await;
}

async fn check(url: String, written: &Written) {
    let mut s = Server::setup().database(url.clone()).start().await;

    // The finished game, move for move, with its result.
    let (status, game) = s
        .get(&format!("/api/history/{}", written.finished), None)
        .await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["game"], "stockholm");
    assert_eq!(game["winners"], json!(["black"]));
    let notations: Vec<&str> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["notation"].as_str().unwrap())
        .collect();
    let mut expected = FINISHED_MOVES.to_vec();
    expected.push("resign white");
    assert_eq!(notations, expected);
    assert!(
        game["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| !m["position"].is_null()),
        "every old move replays: {game}"
    );
    let (status, list) = s.get("/api/history", None).await;
    assert_eq!(status, 200, "{list}");
    assert!(
        list["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == written.finished),
        "{list}"
    );

    // The unfinished game was restored; its players come back with their old tokens.
    let mut white = s.ws(written.playing, Some(written.white_token), None).await;
    let snap = white.until("snapshot", |v| v["type"] == "snapshot").await;
    assert_eq!(snap["data"]["state"], "playing", "{snap}");
    assert_eq!(snap["data"]["actions"], json!(PLAYING_MOVES));
    let mut black = s.ws(written.playing, Some(written.black_token), None).await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;

    let variant = Variant::GiveAndTake;
    let mut pos = AnyPosition::new(variant, &AnyOptions::default_for(variant)).unwrap();
    for text in PLAYING_MOVES {
        let mv = pos
            .legal_moves()
            .iter()
            .find(|m| pos.move_to_string(m) == text)
            .copied()
            .unwrap();
        pos = pos.play(&mv).map_err(|e| e.kind).unwrap();
    }
    let mv = pos.legal_moves()[0];
    let next = pos.move_to_string(&mv);
    white.act("move", json!({ "move": next })).await;
    black.act("resign", json!({})).await;
    white.event("finished").await;

    let (status, game) = s
        .get(&format!("/api/history/{}", written.playing), None)
        .await;
    assert_eq!(status, 200, "{game}");
    assert_eq!(game["winners"], json!(["white"]));
    assert_eq!(
        game["moves"].as_array().unwrap().len(),
        PLAYING_MOVES.len() + 2
    );
    s.stop().await;

    // Every migration is now applied: a second start has nothing to do and changes nothing.
    let s = Server::setup().database(url).start().await;
    let (status, game) = s
        .get(&format!("/api/history/{}", written.finished), None)
        .await;
    assert_eq!(status, 200, "{game}");
}
