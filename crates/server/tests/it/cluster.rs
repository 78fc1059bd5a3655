//! Several nodes on one Postgres (`docs/cluster.md`): two in-process nodes with
//! short leases on one fresh database. A node that dies loses its rooms to the other within
//! its lease and a renewal, with the clocks given back and no acknowledged move lost; a
//! node whose lease lapsed while it still runs (paused, not dead) has its late writes
//! refused by the fence; a node that drains hands its rooms over at once.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use serde_json::{json, Value};
use server::cluster::ClusterSettings;
use uuid::Uuid;

use crate::clubdb;
use crate::common::{self, Client, Server};

/// The lease of the tests' nodes, and how often they renew it.
const LEASE: Duration = Duration::from_millis(600);
const RENEW: Duration = Duration::from_millis(150);

/// A node named `name` on `url` with `lease`.
async fn node(url: &str, name: &str, lease: Duration) -> Server {
    let name = name.to_string();
    Server::setup()
        .database(url)
        .config(move |c| {
            c.cluster = ClusterSettings {
                name,
                lease,
                renew: RENEW,
                single_node: false,
                hand_over: true,
            };
        })
        .start()
        .await
}

/// A fresh Postgres database, or `None` (the test is skipped) where the `postgres` group
/// may be skipped.
async fn database() -> Option<String> {
    clubdb::fresh(clubdb::Backend::Postgres).await
}

/// A timed two-seat Stockholm game on `server`, both seats connected there: the room's id,
/// White's and Black's sockets and tokens.
async fn game(server: &Server) -> (String, Client, Client, String, String) {
    game_across(server, server).await
}

/// As [`game`], the room made on `server` and White connected there, Black on `black_on`.
async fn game_across(
    server: &Server,
    black_on: &Server,
) -> (String, Client, Client, String, String) {
    let (_, white_token) = server.player().await;
    let (_, black_token) = server.player().await;
    let (status, created) = server
        .create_room(
            &white_token,
            json!({"game": "stockholm", "seat": "white",
                "time_control": {"kind": "fischer", "base_ms": 600_000, "increment_ms": 0}}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut white = server.ws(&id, Some(&white_token), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    let mut black = black_on.ws(&id, Some(&black_token), None).await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("take_seat", json!({"seat": "black"})).await;
    white.act("start", json!({})).await;
    (id, white, black, white_token, black_token)
}

/// The first legal move `client` is offered at its next turn.
async fn first_move(client: &mut Client) -> Value {
    let turn = client.event("your_turn").await;
    turn["data"]["legal_moves"][0]["text"].clone()
}

/// Plays `plies` moves, White first; returns how many were acknowledged.
async fn play(white: &mut Client, black: &mut Client, plies: usize) -> usize {
    for ply in 0..plies {
        let mover = if ply % 2 == 0 {
            &mut *white
        } else {
            &mut *black
        };
        let m = first_move(mover).await;
        mover.act("move", json!({"move": m})).await;
    }
    plies
}

/// The moves stored for `room`, and whether its stored log replays into a room.
async fn stored(server: &Server, room: &str) -> (usize, i64) {
    let id: Uuid = room.parse().unwrap();
    let live = server.state.store.live_room(id).await.unwrap().unwrap();
    for (i, l) in live.log.iter().enumerate() {
        assert_eq!(
            l.seq,
            i64::try_from(i).unwrap(),
            "the log has no gap and no twin"
        );
    }
    server::rooms::rebuild(&live.room, &live.log).expect("the stored log replays");
    let (_, moves) = server.state.store.game(id).await.unwrap().unwrap();
    (moves.len(), live.room.owner.unwrap_or(0))
}

/// Makes the lease of the node `name` lapse at once, by moving its last renewal back.
async fn lapse(url: &str, name: &str) {
    let db = sqlx::PgPool::connect(url).await.unwrap();
    sqlx::query("UPDATE nodes SET seen_at = seen_at - 60000 WHERE name = $1")
        .bind(name)
        .execute(&db)
        .await
        .unwrap();
    db.close().await;
}

/// Waits until `server` serves `room` as its owner; how long that took.
async fn taken_over(server: &Server, room: &str) -> Duration {
    let id: Uuid = room.parse().unwrap();
    let started = Instant::now();
    common::eventually("the other node takes the room over", || async {
        server.state.rooms.get(id).is_some()
    })
    .await;
    started.elapsed()
}

/// A node is killed (no drain: its lease just stops): the other takes its room over from
/// the stored log within the lease and a renewal or two, gives the clocks back, and every
/// acknowledged move is there; the players reconnect to it and play on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_nodes_rooms_are_taken_over_with_every_acknowledged_move() {
    let Some(url) = database().await else { return };
    let mut a = node(&url, "node-a", LEASE).await;
    let b = node(&url, "node-b", LEASE).await;
    let (id, mut white, mut black, white_token, black_token) = game(&a).await;
    let acked = play(&mut white, &mut black, 4).await;
    let seen = white.version;
    let epoch_a = a.state.cluster.as_ref().unwrap().epoch();
    assert_eq!(stored(&a, &id).await, (acked, epoch_a));
    assert!(b.state.rooms.get(id.parse().unwrap()).is_none());

    a.state.cluster.as_ref().unwrap().crash();
    a.stop().await;
    // Nobody asks node B for the room (no socket there): the sweep takes it.
    let took = taken_over(&b, &id).await;
    eprintln!("takeover after a kill: {took:?}");
    let epoch_b = b.state.cluster.as_ref().unwrap().epoch();
    assert_eq!(
        stored(&b, &id).await,
        (acked, epoch_b),
        "no acknowledged move lost"
    );
    assert_eq!(b.metric("checkerhall_claims_total").await, 1);
    assert_eq!(b.metric("checkerhall_rooms_owned").await, 1);

    // White reconnects to the surviving node and is given the outage back.
    let mut white = b.ws(&id, Some(&white_token), Some(seen)).await;
    let resumed = white.event("resumed").await;
    assert!(
        resumed["data"]["given_back_ms"].as_u64().unwrap() > 0,
        "{resumed}"
    );
    let mut black = b.ws(&id, Some(&black_token), None).await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    play(&mut white, &mut black, 2).await;
    assert_eq!(stored(&b, &id).await.0, acked + 2);
}

/// A node whose lease lapses while it runs (its renewals paused, as SIGSTOP would): the
/// other node claims its room, and the first node's next write of the room is refused by
/// the fence: the command fails, the room's task stops, and nothing of it is stored. When
/// it renews again it finds its lease lost and starts a new life.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_nodes_late_writes_are_fenced() {
    let Some(url) = database().await else { return };
    let a = node(&url, "node-a", LEASE).await;
    let b = node(&url, "node-b", LEASE).await;
    let (id, mut white, mut black, white_token, _) = game(&a).await;
    let acked = play(&mut white, &mut black, 2).await;
    let next = first_move(&mut white).await;
    let cluster_a = a.state.cluster.clone().unwrap();
    let old_epoch = cluster_a.epoch();

    cluster_a.pause_renewals();
    taken_over(&b, &id).await;
    let epoch_b = b.state.cluster.as_ref().unwrap().epoch();
    assert_eq!(stored(&b, &id).await, (acked, epoch_b));
    // Node A's task still believes it owns the room: its move is refused by the store.
    let code = white.refused("move", json!({"move": next})).await;
    assert_eq!(code, "store_failed");
    white
        .until("restarting", |v| v["type"] == "restarting")
        .await;
    assert_eq!(
        stored(&b, &id).await,
        (acked, epoch_b),
        "nothing of node A stored"
    );
    assert_eq!(a.metric("checkerhall_fenced_total").await, 1);
    common::eventually("node A drops the room", || async {
        a.state.rooms.get(id.parse().unwrap()).is_none()
    })
    .await;

    // Node A wakes: its lease is gone, so it registers again.
    cluster_a.resume_renewals();
    common::eventually("node A starts a new life", || async {
        let e = cluster_a.epoch();
        e != old_epoch && e != 0
    })
    .await;
    assert_eq!(a.metric("checkerhall_leases_lost_total").await, 1);

    // The room plays on at node B.
    let mut white = b.ws(&id, Some(&white_token), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    white.act("move", json!({"move": next})).await;
    assert_eq!(stored(&b, &id).await, (acked + 1, epoch_b));
}

/// A node that drains (SIGTERM: the server's shutdown) says `/readyz` 503 `draining`,
/// releases its rooms and marks itself stopped; the other node claims them at once, long
/// before the lease would have lapsed, with the clocks given back from the drain.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draining_node_hands_its_rooms_over_at_once() {
    let Some(url) = database().await else { return };
    // A lease longer than any wait of the tests (`common::WAIT`): a takeover at all is the
    // release's doing, not the lease's.
    let lease = 4 * common::WAIT;
    let mut a = node(&url, "node-a", lease).await;
    let b = node(&url, "node-b", lease).await;
    let (id, mut white, mut black, _, black_token) = game(&a).await;
    let acked = play(&mut white, &mut black, 3).await;
    let seen = black.version;

    let started = Instant::now();
    // The drain of the server's shutdown, with the server still answering: its readiness
    // says it drains.
    a.state.rooms.shutdown().await;
    black
        .until("restarting", |v| v["type"] == "restarting")
        .await;
    let (status, body) = a.get("/readyz", None).await;
    assert_eq!(
        (status, body["reason"].as_str()),
        (503, Some("draining")),
        "{body}"
    );
    let took = taken_over(&b, &id).await;
    let total = started.elapsed();
    eprintln!("takeover after a drain: {took:?} after the stop, {total:?} in all");
    let epoch_b = b.state.cluster.as_ref().unwrap().epoch();
    assert_eq!(stored(&b, &id).await, (acked, epoch_b));
    let db = sqlx::PgPool::connect(&url).await.unwrap();
    let stopped: (Option<i64>,) =
        sqlx::query_as("SELECT stopped_at FROM nodes WHERE name = 'node-a'")
            .fetch_one(&db)
            .await
            .unwrap();
    assert!(stopped.0.is_some(), "node A is marked stopped");
    db.close().await;

    let mut black = b.ws(&id, Some(&black_token), Some(seen)).await;
    let resumed = black.event("resumed").await;
    assert!(resumed["data"]["down_ms"].as_u64().is_some(), "{resumed}");
    a.stop().await;
}

/// Who owns a room, and a room claimed on demand: `Rooms::owner_of` and `Rooms::claim` (what a node serving a socket for a room it does
/// not have asks).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn owners_are_told_and_rooms_claimed_on_demand() {
    let Some(url) = database().await else { return };
    let lease = Duration::from_secs(10);
    let mut a = node(&url, "node-a", lease).await;
    let b = node(&url, "node-b", lease).await;
    let (id, mut white, mut black, _, _) = game(&a).await;
    play(&mut white, &mut black, 1).await;
    let room: Uuid = id.parse().unwrap();
    let epoch_a = a.state.cluster.as_ref().unwrap().epoch();
    use server::rooms::Owner;
    assert_eq!(a.state.rooms.owner_of(room).await.unwrap(), Owner::Me);
    assert_eq!(
        b.state.rooms.owner_of(room).await.unwrap(),
        Owner::Node(epoch_a)
    );
    assert_eq!(
        b.state.rooms.owner_of(Uuid::new_v4()).await.unwrap(),
        Owner::Missing
    );
    // A live owner keeps its room.
    assert!(b.state.rooms.claim(room).await.unwrap().is_none());
    assert!(a.state.rooms.claim(room).await.unwrap().is_some());

    // A crashed owner's room is nobody's once its lease lapses; B's sweep could take it
    // first, so B's sweeps are paused and the room claimed on demand.
    b.state.cluster.as_ref().unwrap().pause_renewals();
    a.state.cluster.as_ref().unwrap().crash();
    a.stop().await;
    lapse(&url, "node-a").await;
    assert_eq!(b.state.rooms.owner_of(room).await.unwrap(), Owner::Nobody);
    let handle = b.state.rooms.claim(room).await.unwrap().expect("claimed");
    assert_eq!(handle.id(), room);
    assert_eq!(b.state.rooms.owner_of(room).await.unwrap(), Owner::Me);
    b.state.cluster.as_ref().unwrap().resume_renewals();
}

/// A command forwarded to an owner that died is answered `room_moved` by a live node once
/// the owner's lease lapses, instead of waiting out the forward (it would end in
/// `store_failed`): the socket learns at once that the room moved. The forwarded requests
/// travel in an unlogged table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_to_a_dead_owner_is_answered_room_moved() {
    let Some(url) = database().await else { return };
    let lease = Duration::from_secs(10);
    let mut a = node(&url, "node-a", lease).await;
    let b = node(&url, "node-b", lease).await;
    let (id, _white, _black, white_token, _) = game(&a).await;
    // White's second socket is on node B, which follows the room for it.
    let mut white = b.ws(&id, Some(&white_token), None).await;
    let snapshot = white.until("snapshot", |v| v["type"] == "snapshot").await;
    let m = snapshot["data"]["legal_moves"][0]["text"].clone();
    assert!(m.is_string(), "{snapshot}");
    // B takes no room by its sweep: the room stays nobody's once A is gone.
    b.state.cluster.as_ref().unwrap().pause_renewals();
    a.state.cluster.as_ref().unwrap().crash();
    a.stop().await;
    let asked = white.send("move", json!({ "move": m })).await;
    let db = sqlx::PgPool::connect(&url).await.unwrap();
    let (persistence,): (String,) =
        sqlx::query_as("SELECT relpersistence::text FROM pg_class WHERE relname = 'room_inbox'")
            .fetch_one(&db)
            .await
            .unwrap();
    assert_eq!(persistence, "u", "room_inbox is unlogged");
    db.close().await;
    lapse(&url, "node-a").await;
    // The answer, or (when node B's follower learnt first that nobody owns the room and
    // ended) `restarting`: either way the socket knows at once.
    let reply = white
        .until("the move's answer", |v| {
            (v["id"] == json!(asked) && (v["type"] == "ack" || v["type"] == "error"))
                || v["type"] == "restarting"
        })
        .await;
    if reply["type"] != "restarting" {
        assert_eq!(reply["type"], "error", "{reply}");
        assert_eq!(reply["data"]["code"], "room_moved", "{reply}");
    }
    b.state.cluster.as_ref().unwrap().resume_renewals();
}

/// A room is claimed once. A node's claim that waits for another node's claim of the same
/// room (the row locked) finds the winner alive when it commits and leaves the room to it;
/// and a node that drains claims nothing, on demand or by its sweep.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_is_claimed_once_and_never_by_a_draining_node() {
    let Some(url) = database().await else { return };
    let lease = 4 * common::WAIT;
    let lease_ms = i64::try_from(lease.as_millis()).unwrap();
    let mut a = node(&url, "node-a", lease).await;
    let (id, ..) = game(&a).await;
    // A's drain leaves the room owned by nobody: an orphan for any live node.
    a.state.rooms.shutdown().await;
    a.stop().await;
    let room: Uuid = id.parse().unwrap();
    let store = server::store::Store::open(&url).await.unwrap();
    let b = store.register_node("node-b").await.unwrap();
    let c = store.register_node("node-c").await.unwrap();
    let db = sqlx::PgPool::connect(&url).await.unwrap();
    let owner = || async {
        let (owner,): (Option<i64>,) = sqlx::query_as("SELECT owner FROM rooms WHERE id = $1")
            .bind(&id)
            .fetch_one(&db)
            .await
            .unwrap();
        owner
    };
    assert_eq!(owner().await, None, "the drain released the room");

    // B's claim holds the row while C asks for the room.
    let mut claim_b = db.begin().await.unwrap();
    sqlx::query("UPDATE rooms SET owner = $1 WHERE id = $2")
        .bind(b)
        .bind(&id)
        .execute(&mut *claim_b)
        .await
        .unwrap();
    let c_store = store.clone();
    let claim_c = tokio::spawn(async move { c_store.claim_room(room, c, lease_ms).await });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!claim_c.is_finished(), "C's claim waits for B's");
    claim_b.commit().await.unwrap();
    let took = claim_c.await.unwrap().unwrap();
    assert!(took.is_none(), "C claimed a room B had just claimed");
    assert_eq!(owner().await, Some(b), "the room stays B's");

    // C drains: neither a claim on demand nor its sweep takes the room, orphan again.
    sqlx::query("UPDATE rooms SET owner = NULL WHERE id = $1")
        .bind(&id)
        .execute(&db)
        .await
        .unwrap();
    store.release_node(c).await.unwrap();
    assert!(store.claim_room(room, c, lease_ms).await.unwrap().is_none());
    let swept = store
        .claim_orphans(c, lease_ms, Some("node-c"), 0, &[])
        .await
        .unwrap();
    assert!(
        swept.is_empty(),
        "a draining node swept {} rooms",
        swept.len()
    );
    assert_eq!(owner().await, None);
    // A live node does take it, its clocks given back from A's drain.
    let claimed = store.claim_room(room, b, lease_ms).await.unwrap().unwrap();
    assert!(claimed.down_at.is_some(), "the outage is known");
    assert_eq!(owner().await, Some(b));
    db.close().await;
}

/// A node killed and restarted at once takes its rooms back (the same `--node-name`), and
/// the players whose sockets are on another node play on at once: the restarted node marks
/// its old life stopped and says so, and the other node's follower finds the new owner
/// without waiting for the old lease to lapse (ten seconds here; the move is answered while
/// the old life's lease still runs).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_nodes_rooms_play_on_without_waiting_out_its_old_lease() {
    let Some(url) = database().await else { return };
    let lease = Duration::from_secs(10);
    let mut a = node(&url, "node-a", lease).await;
    let b = node(&url, "node-b", lease).await;
    let (id, mut white_a, mut black, white_token, _) = game(&a).await;
    // White's socket on node B, which follows the room for it.
    let mut white = b.ws(&id, Some(&white_token), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    play(&mut white_a, &mut black, 2).await;
    drop(white_a);
    let old = a.state.cluster.as_ref().unwrap().epoch();
    a.state.cluster.as_ref().unwrap().crash();
    a.stop().await;

    let a2 = node(&url, "node-a", lease).await;
    let new = a2.state.cluster.as_ref().unwrap().epoch();
    assert_ne!(new, old);
    common::eventually("the restarted node holds its room again", || async {
        a2.state.rooms.get(id.parse().unwrap()).is_some()
    })
    .await;

    // White moves from node B. A move forwarded before B heard of the restart is answered
    // `room_moved` at once (a client makes it again); none waits for the old owner. White
    // is the one player connected, on node B: the room may be handed there meanwhile, and
    // White's socket, told `restarting`, connects again, as a client does.
    let turn = white.event("your_turn").await;
    let legal = turn["data"]["legal_moves"][0]["text"].clone();
    assert!(legal.is_string(), "{turn}");
    let mut acked = false;
    for _ in 0..20 {
        let asked = white.send("move", json!({ "move": legal })).await;
        let reply = loop {
            match white.recv().await {
                Some(v)
                    if v["id"] == json!(asked) && (v["type"] == "ack" || v["type"] == "error") =>
                {
                    break Some(v)
                }
                Some(_) => {}
                None => break None,
            }
        };
        match reply {
            Some(r) if r["type"] == "ack" => {
                acked = true;
                break;
            }
            // Or the room's task here ended under it, the room going to White's node.
            Some(r) => {
                assert!(
                    r["data"]["code"] == "room_moved" || r["data"]["code"] == "room_closed",
                    "{r}"
                );
                // As a player tries again: not in the same millisecond.
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            None => {
                white = b.ws(&id, Some(&white_token), None).await;
                white.until("snapshot", |v| v["type"] == "snapshot").await;
            }
        }
    }
    assert!(acked, "White's move was taken through node B");
    let db = sqlx::PgPool::connect(&url).await.unwrap();
    let (running, stopped): (bool, bool) = sqlx::query_as(
        "SELECT seen_at > (EXTRACT(EPOCH FROM clock_timestamp()) * 1000)::bigint - $2, \
         stopped_at IS NOT NULL FROM nodes WHERE epoch = $1",
    )
    .bind(old)
    .bind(i64::try_from(lease.as_millis()).unwrap())
    .fetch_one(&db)
    .await
    .unwrap();
    assert!(
        running,
        "the old life's lease had not lapsed when the move was taken"
    );
    assert!(stopped, "the restarted node marked its old life stopped");
    db.close().await;
    let epoch_b = b.state.cluster.as_ref().unwrap().epoch();
    let (moves, owner) = stored(&a2, &id).await;
    assert_eq!(moves, 3, "the move is stored");
    assert!(
        owner == new || owner == epoch_b,
        "owned by a live node: {owner}"
    );
}

/// A room goes where its players are: while its seated players are split over two nodes
/// it stays with its owner, and once every one of them connected is on the other node the
/// owner hands it over there. From then on their moves are played where they are,
/// forwarding nothing, and nothing the room took is lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_room_is_handed_to_the_node_its_players_are_on() {
    let Some(url) = database().await else { return };
    let a = node(&url, "node-a", LEASE).await;
    let b = node(&url, "node-b", LEASE).await;
    // White on the owner, Black on the other node: split, the room stays.
    let (id, mut white, mut black, white_token, black_token) = game_across(&a, &b).await;
    let room: Uuid = id.parse().unwrap();
    play(&mut white, &mut black, 2).await;
    let epoch_a = a.state.cluster.as_ref().unwrap().epoch();
    assert_eq!(
        stored(&a, &id).await,
        (2, epoch_a),
        "split players: the room stays"
    );
    assert_eq!(a.metric("checkerhall_handovers_total").await, 0);

    // White leaves node A: every seated player connected is on node B now.
    drop(white);
    let took = taken_over(&b, &id).await;
    eprintln!("hand-over after the last player left the owner: {took:?}");
    common::eventually("node A lets the room go", || async {
        a.state.rooms.get(room).is_none()
    })
    .await;
    assert_eq!(a.metric("checkerhall_handovers_total").await, 1);
    let epoch_b = b.state.cluster.as_ref().unwrap().epoch();
    assert_eq!(
        stored(&b, &id).await,
        (2, epoch_b),
        "nothing the room took is lost"
    );

    // Both play on node B, which owns the room now: nothing is forwarded.
    let forwarded = b.metric("checkerhall_forwarded_total").await;
    let mut white = b.ws(&id, Some(&white_token), None).await;
    let snapshot = white.until("snapshot", |v| v["type"] == "snapshot").await;
    let m = snapshot["data"]["legal_moves"][0]["text"].clone();
    assert!(m.is_string(), "{snapshot}");
    let mut black = b.ws(&id, Some(&black_token), None).await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    white.act("move", json!({ "move": m })).await;
    let m = first_move(&mut black).await;
    black.act("move", json!({ "move": m })).await;
    assert_eq!(stored(&b, &id).await, (4, epoch_b));
    assert_eq!(
        b.metric("checkerhall_forwarded_total").await,
        forwarded,
        "moves on the room's own node are not forwarded"
    );
    assert_eq!(b.metric("checkerhall_handovers_total").await, 0);
}

/// A room's stored rows are notified to the other nodes only while one of them follows
/// it (has a socket on it): with both players on the owner nothing is sent, and once a
/// spectator watches from node B, B is told of every row from its first one on and shows
/// the moves at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rooms_rows_are_notified_only_while_another_node_follows_it() {
    use server::wire::Note;
    let Some(url) = database().await else { return };
    let a = node(&url, "node-a", LEASE).await;
    let b = node(&url, "node-b", LEASE).await;
    let mut listener = sqlx::postgres::PgListener::connect(&url).await.unwrap();
    listener.listen(server::wire::ipc::ROOM).await.unwrap();
    let (id, mut white, mut black, _, _) = game(&a).await;
    let room: Uuid = id.parse().unwrap();
    play(&mut white, &mut black, 4).await;
    let (_, epoch_a) = stored(&a, &id).await;
    assert_eq!(epoch_a, a.state.cluster.as_ref().unwrap().epoch());
    let unfollowed = a
        .state
        .store
        .live_room(room)
        .await
        .unwrap()
        .unwrap()
        .log
        .len();

    // A spectator on node B: the owner is told, then notifies B of the rows.
    let mut watcher = b.ws(&id, None, None).await;
    watcher.until("snapshot", |v| v["type"] == "snapshot").await;
    let counted = || async {
        let log = a.state.store.live_room(room).await.unwrap().unwrap().log;
        log[unfollowed..]
            .iter()
            .any(|l| l.command.contains("\"watchers\""))
            .then_some(log.len())
    };
    common::eventually("the owner counts node B's spectator", || async {
        counted().await.is_some()
    })
    .await;
    let followed_from = counted().await.unwrap();
    play(&mut white, &mut black, 2).await;
    watcher
        .until("the second move seen from node B", |v| {
            v["type"] == "event" && v["data"]["type"] == "moved" && v["data"]["board"]["plies"] == 6
        })
        .await;

    // Notes arrive in commit order: the first heard for the room is its first row stored
    // after B was known to follow it; none came for the rows before.
    let first = loop {
        let n = tokio::time::timeout(Duration::from_secs(10), listener.recv())
            .await
            .expect("a note for the followed room")
            .unwrap();
        match Note::parse(n.channel(), n.payload()).unwrap() {
            Note::RoomRow { room: r, seq } if r == room => break seq,
            _ => {}
        }
    };
    assert!(
        usize::try_from(first).unwrap() >= unfollowed,
        "row {first} was notified while nobody followed (the first {unfollowed} rows)"
    );
    assert!(
        usize::try_from(first).unwrap() <= followed_from,
        "the rows after B followed are notified (first {first}, followed from {followed_from})"
    );
}

/// With hand-overs on, a room made by `POST /api/rooms` is stored owned by nobody and
/// starts on the node its first socket reaches: made on node A and played on node B, it
/// is B's from the first command, and nothing is forwarded or handed over. A room nobody
/// connects to is not left behind: once its first socket's time is over, a sweep claims it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_room_starts_on_the_node_its_first_socket_reaches() {
    let Some(url) = database().await else { return };
    let a = node(&url, "node-a", LEASE).await;
    let b = node(&url, "node-b", LEASE).await;
    let (_, white_token) = a.player().await;
    let (_, black_token) = a.player().await;
    let make = || async {
        let (status, created) = a
            .create_room(&white_token, json!({"game": "stockholm", "seat": "white"}))
            .await;
        assert_eq!(status, 200, "{created}");
        created["id"].as_str().unwrap().to_string()
    };
    let id = make().await;
    let room: Uuid = id.parse().unwrap();
    let row = a.state.store.room(room).await.unwrap().unwrap();
    assert_eq!(row.owner, None, "stored for the node of its first socket");
    assert!(
        a.state.rooms.get(room).is_none(),
        "not started where it was made"
    );

    let mut white = b.ws(&id, Some(&white_token), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    let mut black = b.ws(&id, Some(&black_token), None).await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("take_seat", json!({"seat": "black"})).await;
    white.act("start", json!({})).await;
    play(&mut white, &mut black, 4).await;
    let epoch_b = b.state.cluster.as_ref().unwrap().epoch();
    assert_eq!(
        stored(&b, &id).await,
        (4, epoch_b),
        "node B's from the start"
    );
    for node in [&a, &b] {
        assert_eq!(node.metric("checkerhall_forwarded_total").await, 0);
        assert_eq!(node.metric("checkerhall_handovers_total").await, 0);
    }

    let lonely = make().await;
    let lonely: Uuid = lonely.parse().unwrap();
    common::eventually("a sweep claims the room nobody connected to", || async {
        let row = a.state.store.room(lonely).await.unwrap().unwrap();
        row.owner.is_some()
    })
    .await;
}
