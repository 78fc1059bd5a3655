//! Any node serves any player (`docs/cluster.md`): two nodes in one process on one
//! fresh Postgres database, a room owned by one and played from sockets on both.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use rules::{AnyOptions, AnyPosition, Seat, Variant};
use serde_json::{json, Value};

use crate::clubdb::fresh_postgres;
use crate::common::{eventually, Client, Server};

async fn node(url: &str, name: &str) -> Server {
    let name = name.to_string();
    Server::setup()
        .database(url)
        .config(move |c| {
            c.cluster.name = name;
            c.cluster.renew = Duration::from_millis(200);
            // Long: no node dies here.
            c.cluster.lease = Duration::from_secs(60);
        })
        .start()
        .await
}

/// The versions of the events a socket was sent, in the order it got them.
fn versions(c: &Client) -> Vec<u64> {
    c.seen
        .iter()
        .filter(|v| v["type"] == "event")
        .map(|v| v["v"].as_u64().unwrap())
        .collect()
}

fn in_order(c: &Client, who: &str) {
    let v = versions(c);
    assert!(
        v.windows(2).all(|w| w[0] < w[1]),
        "{who} got events out of order: {v:?}"
    );
}

/// Whether the owner `s` has `seat` of room `id` connected.
async fn connected(s: &Server, id: &str, seat: &str) -> bool {
    let (status, snap) = s.get(&format!("/api/rooms/{id}"), None).await;
    assert_eq!(status, 200, "{snap}");
    snap["seats"][seat]["connected"].as_bool().unwrap()
}

async fn moved(c: &mut Client, text: &str) -> Value {
    let text = text.to_string();
    c.until(&format!("the move {text}"), move |v| {
        v["type"] == "event"
            && v["data"]["type"] == "moved"
            && v["data"]["move"]["text"] == json!(text)
    })
    .await
}

#[tokio::test]
async fn a_game_played_from_two_nodes() {
    let Some(db) = fresh_postgres().await else {
        return;
    };
    let a = node(&db.url, "a").await;
    let b = node(&db.url, "b").await;
    let (_, host) = a.player().await;
    let (_, guest) = b.player().await;
    let (status, created) = a
        .create_room(&host, json!({"game": "stockholm", "seat": "white"}))
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let admin = sqlx::PgPool::connect(&db.url).await.unwrap();
    let epoch_a = a.state.cluster.as_ref().unwrap().epoch();
    let owner: Option<i64> = sqlx::query_scalar("SELECT owner FROM rooms WHERE id = $1")
        .bind(&id)
        .fetch_one(&admin)
        .await
        .unwrap();
    if owner.is_none() {
        // Before rooms were made owned by their node (branch i26-own).
        sqlx::query("UPDATE rooms SET owner = $1 WHERE id = $2")
            .bind(epoch_a)
            .bind(&id)
            .execute(&admin)
            .await
            .unwrap();
    }

    // The guest's socket lands on B, which follows the room A owns.
    let mut white = a.ws(&id, Some(&host), None).await;
    let mut black = b.ws(&id, Some(&guest), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    assert_eq!(b.metric("checkerhall_rooms_followed").await, 1);
    black.act("take_seat", json!({"seat": "black"})).await;
    white.act("start", json!({})).await;
    black.event("started").await;
    // The guest's socket on B counts as a connection on A.
    assert!(connected(&a, &id, "black").await);

    // A spectator on B counts on A.
    let mut watcher = b.ws(&id, None, None).await;
    watcher.until("snapshot", |v| v["type"] == "snapshot").await;
    white
        .until("one spectator", |v| {
            v["data"]["type"] == "watchers" && v["data"]["count"] == 1
        })
        .await;

    // Refusals from B are typed as they are on A.
    assert_eq!(
        black.refused("move", json!({"move": "f6-e5"})).await,
        "not_your_turn"
    );
    let variant: Variant = "stockholm".parse().unwrap();
    let mut pos = AnyPosition::new(variant, &AnyOptions::default_for(variant)).unwrap();
    let mut plies = 0;
    while plies < 8 {
        let mv = pos.legal_moves()[0];
        let text = pos.move_to_string(&mv);
        let turn = pos.turn().unwrap();
        pos = pos.play(&mv).map_err(|e| e.kind).unwrap();
        let (mover, other) = if turn == Seat::WHITE {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        mover.event("your_turn").await;
        if plies == 1 {
            // An illegal move from B: the same code, reason and words as on A.
            let id = mover.send("move", json!({"move": "f6-f5"})).await;
            let e = mover
                .until("refusal", |v| v["id"] == json!(id) && v["type"] == "error")
                .await;
            assert_eq!(e["data"]["code"], "illegal_move", "{e}");
            assert!(
                e["data"]["message"]
                    .as_str()
                    .unwrap()
                    .starts_with("illegal move"),
                "{e}"
            );
        }
        mover.act("move", json!({"move": text})).await;
        moved(other, &text).await;
        moved(&mut watcher, &text).await;
        plies += 1;
    }

    // B's socket goes; a move is made meanwhile; it comes back with `since` and gets the
    // missed events, not a snapshot.
    let since = black.version;
    drop(black);
    let mv = pos.legal_moves()[0];
    let text = pos.move_to_string(&mv);
    pos = pos.play(&mv).map_err(|e| e.kind).unwrap();
    white.act("move", json!({"move": text})).await;
    let mut black = b.ws(&id, Some(&guest), Some(since)).await;
    let first = black.recv().await.unwrap();
    assert_eq!(
        first["type"], "event",
        "resumed with the missed events: {first}"
    );
    // The first missed event may be the move itself.
    if first["data"]["type"] != "moved" || first["data"]["move"]["text"] != json!(text) {
        moved(&mut black, &text).await;
    }

    // The listener's connection dies: a move made meanwhile still reaches B's sockets.
    let pid = b
        .state
        .cluster
        .as_ref()
        .unwrap()
        .bus()
        .listener_pid()
        .expect("B listens");
    sqlx::query("SELECT pg_terminate_backend($1)")
        .bind(pid)
        .execute(&admin)
        .await
        .unwrap();
    let mv = pos.legal_moves()[0];
    let text = pos.move_to_string(&mv);
    black.event("your_turn").await;
    black.act("move", json!({"move": text})).await;
    pos = pos.play(&mv).map_err(|e| e.kind).unwrap();
    moved(&mut white, &text).await;
    moved(&mut watcher, &text).await;
    let mv = pos.legal_moves()[0];
    let text = pos.move_to_string(&mv);
    white.act("move", json!({"move": text})).await;
    moved(&mut black, &text).await;
    moved(&mut watcher, &text).await;

    // The guest opens a second socket, on A; closing the one on B leaves the seat
    // connected, closing both does not.
    let mut black_on_a = a.ws(&id, Some(&guest), None).await;
    black_on_a
        .until("snapshot", |v| v["type"] == "snapshot")
        .await;
    let open = b.metric("checkerhall_sockets").await;
    drop(black);
    // Once B has seen the socket go, the seat would show as disconnected if it counted.
    eventually("B sees black's socket there close", || async {
        b.metric("checkerhall_sockets").await < open
    })
    .await;
    assert!(connected(&a, &id, "black").await);
    drop(black_on_a);
    eventually("black disconnected", || async {
        !connected(&a, &id, "black").await
    })
    .await;

    // Back on B, and the game ends from there.
    let mut black = b.ws(&id, Some(&guest), None).await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("resign", json!({})).await;
    for c in [&mut white, &mut black, &mut watcher] {
        let fin = c.event("finished").await;
        assert_eq!(fin["data"]["outcome"]["winners"], json!(["white"]), "{fin}");
    }
    for (c, who) in [(&white, "white"), (&black, "black"), (&watcher, "watcher")] {
        in_order(c, who);
    }
    assert!(b.metric("checkerhall_forwarded_total").await > 0);
    assert!(a.metric("checkerhall_forwards_served_total").await > 0);
}
