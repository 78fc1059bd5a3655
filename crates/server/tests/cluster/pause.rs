//! SIGSTOP one node past its lease, play on through the others, SIGCONT:
//! no room takes moves from two nodes. A probe room owned by the paused node gets a move
//! on a socket straight to that node while it is paused (the kernel keeps it for the frozen
//! process); meanwhile another node takes the room over and accepts a different move for
//! the same turn through nginx. When the paused node wakes, its late move must be refused
//! (by the fence on its write), the stored game must be the one the live node acknowledged,
//! and the woken node must come back as a new life.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use uuid::Uuid;

use crate::checks;
use crate::harness::Cluster;
use crate::table::Tables;

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A socket to `room` at `addr` (a node or nginx), retried for 30 s: through nginx an
/// attempt may land on the paused node, whose upgrade never answers.
async fn socket(addr: &str, room: Uuid, token: &str) -> Socket {
    let url = format!("ws://{addr}/ws?room={room}&token={token}");
    let give_up = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(Ok((ws, _))) = tokio::time::timeout(
            Duration::from_secs(3),
            tokio_tungstenite::connect_async(&url),
        )
        .await
        {
            return ws;
        }
        assert!(Instant::now() < give_up, "no socket to {room} via {addr}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The next JSON message within `wait`; `None` if the socket closed or nothing came.
async fn recv(ws: &mut Socket, wait: Duration) -> Option<Value> {
    let until = Instant::now() + wait;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).ok(),
            Ok(Some(Ok(Message::Close(_)))) | Ok(None) | Ok(Some(Err(_))) | Err(_) => return None,
            Ok(Some(Ok(_))) => continue,
        }
    }
}

/// Reads until a message answering `id` (ack or error); `None` if the socket ended first.
async fn answer(ws: &mut Socket, id: u64, wait: Duration) -> Option<Value> {
    let until = Instant::now() + wait;
    while Instant::now() < until {
        let v = recv(ws, until.saturating_duration_since(Instant::now())).await?;
        if v["id"] == json!(id) && (v["type"] == "ack" || v["type"] == "error") {
            return Some(v);
        }
    }
    None
}

/// What a socket said about this seat's turn.
enum Turn {
    /// The seat's legal moves (a snapshot or a `your_turn` named them).
    Moves(Vec<String>),
    /// The socket closed first (a node handing the room over tells `restarting` and
    /// closes): the client connects again. The types of what it said before.
    Closed(Vec<String>),
}

/// Reads until the legal moves of this socket's seat are known (a snapshot or a
/// `your_turn`), or the socket closes; panics with what it said if it stays open and
/// silent about the turn for 20 s.
async fn legal_moves(ws: &mut Socket) -> Turn {
    let until = Instant::now() + Duration::from_secs(20);
    let mut seen = Vec::new();
    while Instant::now() < until {
        let Some(v) = recv(ws, until.saturating_duration_since(Instant::now())).await else {
            if Instant::now() < until {
                return Turn::Closed(seen);
            }
            break;
        };
        seen.push(format!("{} {}", v["type"], v["data"]["type"]));
        if v["type"] != "snapshot" && v["data"]["type"] != "your_turn" {
            continue;
        }
        let list = &v["data"]["legal_moves"];
        let moves: Vec<String> = list
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|m| {
                m.as_str()
                    .or_else(|| m["text"].as_str())
                    .map(str::to_string)
            })
            .collect();
        if !moves.is_empty() {
            return Turn::Moves(moves);
        }
    }
    panic!("no turn was told on this socket in 20 s; it said {seen:?}");
}

/// Plays `mv` on a fresh socket through nginx until it is acknowledged (the room is being
/// taken over: `store_failed` and the like come first); returns the ack.
async fn play_through(nginx: &str, room: Uuid, token: &str, mv: Option<&str>) -> String {
    let give_up = Instant::now() + Duration::from_secs(30);
    let mut id = 100;
    loop {
        assert!(
            Instant::now() < give_up,
            "no move accepted on {room} within 30 s"
        );
        let mut ws = socket(nginx, room, token).await;
        let moves = match legal_moves(&mut ws).await {
            Turn::Moves(moves) => moves,
            Turn::Closed(seen) => {
                println!("a socket to {room} through nginx closed after {seen:?}; again");
                tokio::time::sleep(Duration::from_millis(300)).await;
                continue;
            }
        };
        let choice = match mv {
            Some(m) if moves.iter().any(|x| x == m) => m.to_string(),
            Some(m) => panic!("{m} is not legal on {room} now: {moves:?}"),
            None => moves[0].clone(),
        };
        id += 1;
        let msg = json!({"type": "move", "id": id, "data": {"move": choice}}).to_string();
        if ws.send(Message::Text(msg.into())).await.is_err() {
            continue;
        }
        match answer(&mut ws, id, Duration::from_secs(10)).await {
            Some(v) if v["type"] == "ack" => return choice,
            other => {
                println!("probe move {choice} through nginx: {other:?}; trying again");
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_paused_node_that_wakes_has_its_late_moves_refused() {
    let Some(cluster) = Cluster::start(3).await else {
        return;
    };
    let http = cluster.http();
    let nginx = cluster.nginx.addr.to_string();
    let tables = Tables::start(&http, cluster.nginx.addr, 6, "stockholm").await;
    let db = cluster.db().await;
    let victim = &cluster.nodes[1];
    let direct = victim.addr.to_string();
    let epoch = cluster.epoch_of(&db, &victim.name).await;

    // The probe room, made on the victim itself, so that it owns it.
    let direct_http = http.to(victim.addr);
    let (_, white) = direct_http.get("/api/me", None).await;
    let (_, black) = direct_http.get("/api/me", None).await;
    let (white, black) = (
        white["token"].as_str().unwrap().to_string(),
        black["token"].as_str().unwrap().to_string(),
    );
    let (status, room) = direct_http
        .post(
            "/api/rooms",
            &white,
            &json!({"game": "stockholm", "seat": "white", "auto_start": false}),
        )
        .await;
    assert!(status == 201 || status == 200, "{status} {room}");
    let probe = Uuid::parse_str(room["id"].as_str().unwrap()).unwrap();
    let mut w = socket(&direct, probe, &white).await;
    let mut b = socket(&direct, probe, &black).await;
    b.send(Message::Text(
        json!({"type": "take_seat", "id": 1, "data": {}})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    assert_eq!(
        answer(&mut b, 1, Duration::from_secs(10)).await.unwrap()["type"],
        "ack"
    );
    w.send(Message::Text(
        json!({"type": "start", "id": 2, "data": {}})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    let Turn::Moves(moves) = legal_moves(&mut w).await else {
        panic!("the probe room's socket closed before White's turn");
    };
    assert!(moves.len() >= 2, "two different first moves: {moves:?}");
    let owners: Vec<(Option<i64>,)> = sqlx::query_as("SELECT owner FROM rooms WHERE id = $1")
        .bind(probe.to_string())
        .fetch_all(&db)
        .await
        .unwrap();
    assert_eq!(owners[0].0, Some(epoch), "the probe room is the victim's");
    tables
        .progress(30, Duration::from_secs(30), "play before the pause")
        .await;

    // Paused: the move sent now waits in the kernel for the frozen process.
    victim.pause();
    let paused = Instant::now();
    let late = moves[0].clone();
    w.send(Message::Text(
        json!({"type": "move", "id": 3, "data": {"move": late}})
            .to_string()
            .into(),
    ))
    .await
    .unwrap();
    // Past the lease (and a sweep or two) the others take the victim's rooms over: waited
    // for as the probe room's new owner in the store.
    let until = Instant::now() + Duration::from_secs(30);
    loop {
        let (owner,): (Option<i64>,) = sqlx::query_as("SELECT owner FROM rooms WHERE id = $1")
            .bind(probe.to_string())
            .fetch_one(&db)
            .await
            .unwrap();
        if owner.is_some_and(|o| o != epoch) {
            break;
        }
        assert!(
            Instant::now() < until,
            "the probe room was not taken over within 30 s of the pause (owner {owner:?})\n{}",
            cluster.logs()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tables
        .progress(20, Duration::from_secs(30), "play while the node is paused")
        .await;
    // The same turn, another move, accepted through nginx by a live node.
    let won = play_through(&nginx, probe, &white, Some(&moves[1])).await;
    let reply = play_through(&nginx, probe, &black, None).await;
    println!(
        "paused {} for {:?}; the probe room took {won} and {reply} through the live nodes",
        victim.name,
        paused.elapsed()
    );

    victim.resume();
    // The woken node's late move is refused: an error, or the socket told `restarting`
    // and closed; never an ack.
    let mut verdict = None;
    let until = Instant::now() + Duration::from_secs(20);
    while Instant::now() < until {
        match recv(&mut w, until.saturating_duration_since(Instant::now())).await {
            Some(v) if v["id"] == json!(3) && v["type"] == "ack" => {
                panic!(
                    "the paused node acknowledged its late move {late} on {probe}: {v}\n{}",
                    cluster.logs()
                )
            }
            Some(v) if v["id"] == json!(3) => {
                verdict = Some(format!("refused: {}", v["data"]["code"]));
                break;
            }
            Some(v) if v["type"] == "restarting" => {
                verdict = Some("restarting".to_string());
                break;
            }
            Some(_) => continue,
            None => {
                verdict = Some("socket closed".to_string());
                break;
            }
        }
    }
    let verdict = verdict.unwrap_or_else(|| {
        panic!(
            "the woken node neither answered the late move nor closed its socket in 20 s\n{}",
            cluster.logs()
        )
    });
    println!("the late move {late} on the woken node: {verdict}");

    // The woken node lost its lease: it comes back as a new life and serves again.
    let give_up = Instant::now() + Duration::from_secs(20);
    loop {
        let now = cluster.epoch_of(&db, &victim.name).await;
        if now > epoch {
            break;
        }
        assert!(
            Instant::now() < give_up,
            "the woken node did not register a new epoch\n{}",
            cluster.logs()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let metrics = victim.metrics().await;
    let lost = checks::metric(&metrics, "checkerhall_leases_lost_total");
    let fenced = checks::metric(&metrics, "checkerhall_fenced_total");
    println!("woken node: leases lost {lost}, fenced writes {fenced}");
    assert!(lost >= 1.0, "the woken node counts its lost lease");

    tables
        .progress(30, Duration::from_secs(30), "play after the node woke")
        .await;
    let record = tables.stop().await;
    checks::print("SIGSTOP", &record);

    // The probe's stored game is what the live node acknowledged, nothing of the late move.
    let (stored, _) = checks::stored(&http, probe).await;
    let plies: Vec<(u64, String)> = stored.into_iter().collect();
    assert_eq!(
        plies,
        vec![(0, won.clone()), (1, reply.clone())],
        "the probe room's stored moves"
    );
    let checked = checks::everything_stored(&cluster, &record, &[probe]).await;
    println!("SIGSTOP: all {checked} acknowledged moves are stored; every room's log is whole");
    db.close().await;
}
