//! Restarts of the real server binary in the middle of things:
//! the time the server is down is charged to nobody, and a finished room still offers its
//! rematch afterwards. SQLite and Postgres.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::clubdb;
use crate::common;

use std::net::SocketAddr;
use std::process::Stdio;

use common::Client;
use serde_json::{json, Value};
use tokio::process::{Child, Command};

/// Starts `checkerhall serve` on `url` and a port of 127.0.0.1 the kernel chooses, and
/// waits until it is ready: the process and its address, for [`start`] to restart it on.
pub(crate) async fn start_anywhere(url: &str) -> (Child, SocketAddr) {
    let mut child = spawn(SocketAddr::from(([127, 0, 0, 1], 0)), url);
    let pid = child.id().unwrap();
    let mut addr = None;
    common::eventually("the server listens", || {
        assert!(child.try_wait().unwrap().is_none(), "the server exited");
        addr = crate::ports::listening_addr(pid);
        let found = addr.is_some();
        async move { found }
    })
    .await;
    let addr = addr.unwrap();
    (ready(child, addr).await, addr)
}

/// Starts `checkerhall serve` again on `addr` (the port its last life had) and `url`, and
/// waits until it is ready.
pub(crate) async fn start(addr: SocketAddr, url: &str) -> Child {
    ready(spawn(addr, url), addr).await
}

fn spawn(addr: SocketAddr, url: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_checkerhall"))
        .arg("serve")
        .arg("--listen")
        .arg(addr.to_string())
        .arg("--database-url")
        .arg(url)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .unwrap()
}

/// `child`, once it answers `/readyz` on `addr` with 200.
async fn ready(mut child: Child, addr: SocketAddr) -> Child {
    let http = reqwest::Client::new();
    common::eventually("the server is ready", || {
        assert!(child.try_wait().unwrap().is_none(), "the server exited");
        let ready = http.get(format!("http://{addr}/readyz")).send();
        async move { ready.await.is_ok_and(|r| r.status().is_success()) }
    })
    .await;
    child
}

/// Every time the database stores (ms since the epoch), moved `ms` into the past: to the
/// server that starts on it next, it is as if it had been down `ms` longer, without the
/// test waiting that long.
pub(crate) async fn shift_back(url: &str, ms: i64) {
    const COLUMNS: [(&str, &str); 11] = [
        ("players", "created_at"),
        ("rooms", "created_at"),
        ("room_log", "at"),
        ("games", "started_at"),
        ("games", "finished_at"),
        ("moves", "at"),
        ("server_heartbeat", "seen_at"),
        ("sessions", "created_at"),
        // On Postgres the nodes' leases say when the server was last seen.
        ("nodes", "started_at"),
        ("nodes", "seen_at"),
        ("nodes", "stopped_at"),
    ];
    async fn run<'c, E: sqlx::Executor<'c>>(db: E, sql: &str) {
        db.execute(sql)
            .await
            .unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
    for (table, column) in COLUMNS {
        let sql = format!("UPDATE {table} SET {column} = {column} - {ms}");
        if url.starts_with("sqlite") {
            let db = sqlx::SqlitePool::connect(url).await.unwrap();
            run(&db, &sql).await;
            db.close().await;
        } else {
            let db = sqlx::PgPool::connect(url).await.unwrap();
            run(&db, &sql).await;
            db.close().await;
        }
    }
}

/// SIGKILL: no shutdown, no last heartbeat.
pub(crate) async fn kill(child: &mut Child) {
    child.start_kill().unwrap();
    child.wait().await.unwrap();
}

/// The JSON answer to `req`.
async fn answer(req: reqwest::RequestBuilder) -> Value {
    req.send().await.unwrap().json().await.unwrap()
}

/// A new guest identity's token.
pub(crate) async fn token(addr: SocketAddr) -> String {
    let me = answer(reqwest::Client::new().get(format!("http://{addr}/api/me"))).await;
    me["token"].as_str().unwrap().to_string()
}

async fn room_state(addr: SocketAddr, id: &str) -> Value {
    answer(reqwest::Client::new().get(format!("http://{addr}/api/rooms/{id}"))).await
}

async fn restarts(url: String) {
    let (mut server, addr) = start_anywhere(&url).await;
    let (white_token, black_token) = (token(addr).await, token(addr).await);
    let created = answer(
        reqwest::Client::new()
            .post(format!("http://{addr}/api/rooms"))
            .bearer_auth(&white_token)
            .json(
                &json!({"game": "stockholm", "seat": "white", "auto_start": false,
                "time_control": {"kind": "fischer", "base_ms": 10_000, "increment_ms": 0}}),
            ),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut white = Client::connect(addr, &id, Some(&white_token), None).await;
    let mut black = Client::connect(addr, &id, Some(&black_token), None).await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("take_seat", json!({"seat": "black"})).await;
    white.act("start", json!({})).await;
    let turn = white.event("your_turn").await;
    let first = turn["data"]["legal_moves"][0]["text"].clone();
    white.act("move", json!({"move": first})).await;
    // A seat's clock runs from its first move on (before it, its first-move deadline
    // does): both seats move once, so that Black's clock is the one running.
    let turn = black.event("your_turn").await;
    let opening = turn["data"]["legal_moves"][0]["text"].clone();
    black.act("move", json!({"move": opening})).await;
    let turn = white.event("your_turn").await;
    let second = turn["data"]["legal_moves"][0]["text"].clone();
    white.act("move", json!({"move": second})).await;
    let turn = black.event("your_turn").await;
    let reply = turn["data"]["legal_moves"][0]["text"].clone();
    let seen = black.version;

    // Black's 10 s run; the server dies and stays down longer than that: 12 s, made by
    // moving every stored time 12 s back instead of waiting them out.
    kill(&mut server).await;
    shift_back(&url, 12_000).await;
    let mut server = start(addr, &url).await;

    assert_eq!(room_state(addr, &id).await["state"], "playing");
    let mut black = Client::connect(addr, &id, Some(&black_token), Some(seen)).await;
    let resumed = black.event("resumed").await["data"].clone();
    assert!(resumed["down_ms"].as_u64().unwrap() >= 12_000, "{resumed}");
    assert!(
        resumed["given_back_ms"].as_u64().unwrap() >= 12_000,
        "at least the 12 s it was down: {resumed}"
    );
    assert_eq!(resumed["clocks"]["running"], "black", "{resumed}");
    assert!(!black
        .seen
        .iter()
        .any(|m| m["data"]["type"] == "departed" || m["data"]["type"] == "finished"));
    black.act("move", json!({"move": reply})).await;
    let moved = black.event("moved").await;
    assert_eq!(moved["data"]["seat"], "black");
    assert!(
        moved["data"]["board"]["clocks"]["remaining_ms"]["black"]
            .as_u64()
            .unwrap()
            > 0
    );

    // Item 8: the game ends, the server dies again, and the finished room still rematches.
    black.act("resign", json!({})).await;
    black.event("finished").await;
    kill(&mut server).await;
    let mut server = start(addr, &url).await;
    assert_eq!(room_state(addr, &id).await["state"], "finished");
    let mut white = Client::connect(addr, &id, Some(&white_token), None).await;
    let mut black = Client::connect(addr, &id, Some(&black_token), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    let new_room = white.rematch(&mut black).await;
    assert_eq!(room_state(addr, &new_room).await["state"], "playing");
    kill(&mut server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outage_is_given_back_and_finished_rooms_rematch_sqlite() {
    restarts(clubdb::fresh(clubdb::Backend::Sqlite).await.unwrap()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outage_is_given_back_and_finished_rooms_rematch_postgres() {
    if let Some(url) = clubdb::fresh(clubdb::Backend::Postgres).await {
        restarts(url).await;
    }
}
