//! Lobby-wide state across two nodes on one Postgres (`docs/cluster.md`, "What is
//! shared beyond rooms"): the live room list, a player's games, a ban and a logout closing
//! sockets on the other node, and a tournament directed by one node only whose standings
//! stream on the other node follows it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use serde_json::json;
use server::config::ServerConfig;
use tokio_tungstenite::tungstenite::Message;

use crate::common::{self, Client, Server};
use crate::tournaments::{account, admin_token, patch, post};

/// A node of a cluster on `url` (the cluster is on by default on Postgres), with the first
/// admin of the tournament tests and short renewals.
async fn node(url: &str, name: &str) -> Server {
    let mut config = ServerConfig::new(url);
    config.first_admin = Some(("root".into(), "correct horse battery".into()));
    config.bot_pause = Some(Duration::from_millis(1));
    config.cluster.name = name.to_string();
    config.cluster.renew = Duration::from_millis(200);
    config.cluster.lease = Duration::from_millis(2_000);
    Server::start(config).await
}

/// Two nodes on one fresh database; `None` without Postgres.
async fn two_nodes() -> Option<(Server, Server)> {
    let pg = crate::clubdb::fresh_postgres().await?;
    let a = node(&pg.url, "a").await;
    let b = node(&pg.url, "b").await;
    assert!(a.state.cluster.is_some() && b.state.cluster.is_some());
    Some((a, b))
}

/// The ids of `GET /api/rooms`.
async fn listed(s: &Server) -> Vec<String> {
    let (status, body) = s.get("/api/rooms?limit=100", None).await;
    assert_eq!(status, 200, "{body}");
    body["rooms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect()
}

/// A Server-Sent Events stream read as text.
struct Stream {
    response: reqwest::Response,
    text: String,
}

impl Stream {
    async fn open(url: String, token: Option<&str>) -> Stream {
        let mut req = reqwest::Client::new().get(url);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let response = req.send().await.unwrap();
        assert_eq!(response.status().as_u16(), 200);
        Stream {
            response,
            text: String::new(),
        }
    }

    /// Reads until the text read so far (from the last match on) holds `what`.
    async fn until(&mut self, what: &str) {
        let deadline = tokio::time::Instant::now() + common::WAIT;
        loop {
            if let Some(i) = self.text.find(what) {
                self.text.drain(..i + what.len());
                return;
            }
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match tokio::time::timeout(left, self.response.chunk()).await {
                Ok(Ok(Some(chunk))) => self.text.push_str(&String::from_utf8_lossy(&chunk)),
                Ok(other) => panic!("the stream ended before {what}: {other:?}"),
                Err(_) => panic!(
                    "not within {:?}: {what} (read: {})",
                    common::WAIT,
                    self.text
                ),
            }
        }
    }
}

/// The close code the server ends `client`'s socket with.
async fn closed_with(client: &mut Client) -> u16 {
    common::within("the socket closes", async {
        loop {
            match futures_util::StreamExt::next(&mut client.ws).await {
                Some(Ok(Message::Close(Some(frame)))) => return u16::from(frame.code),
                Some(Ok(Message::Close(None))) => return 1005,
                Some(Ok(_)) => {}
                Some(Err(e)) => panic!("the socket ended without a Close frame: {e}"),
                None => panic!("the socket ended without a Close frame"),
            }
        }
    })
    .await
}

#[tokio::test]
async fn a_room_on_one_node_is_listed_and_streamed_on_the_other() {
    let Some((a, b)) = two_nodes().await else {
        return;
    };
    let mut live_b = Stream::open(b.url("/api/rooms/live"), None).await;
    live_b.until("event: snapshot").await;
    let (id, mut host, _guest) = a
        .two_seat_room(json!({"game": "queah", "seat": "white"}))
        .await;
    live_b.until(&format!("\"id\":\"{id}\"")).await;
    common::eventually("B lists A's room", || async {
        listed(&b).await.contains(&id)
    })
    .await;
    // The host's games on B hold the room, as on A.
    let (_, host_token) = a.first_host().await;
    let (status, games) = b.get("/api/me/games", Some(&host_token)).await;
    assert_eq!(status, 200, "{games}");
    let rooms: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["room_id"].as_str().unwrap())
        .collect();
    assert_eq!(rooms, [id.as_str()], "{games}");
    // A private room of the host appears in their games on B, never in B's list.
    let (status, private) = a
        .create_room(
            &host_token,
            json!({"game": "queah", "seat": "white", "visibility": "private"}),
        )
        .await;
    assert_eq!(status, 200, "{private}");
    let private = private["id"].as_str().unwrap().to_string();
    common::eventually("B counts the private room in the host's games", || async {
        let (_, games) = b.get("/api/me/games", Some(&host_token)).await;
        games["games"].as_array().unwrap().len() == 2
    })
    .await;
    assert!(!listed(&b).await.contains(&private));
    // The game ends on A: the room leaves B's list and B's stream says so.
    host.act("resign", json!({})).await;
    live_b
        .until(&format!("event: gone\ndata: {{\"id\":\"{id}\"}}"))
        .await;
    assert!(!listed(&b).await.contains(&id));
    assert!(!listed(&a).await.contains(&id));
    // A node started later reads what is listed at its start.
    let url = a.state.config.database_url.clone();
    let c = node(&url, "c").await;
    common::eventually("C shows the host's private room", || async {
        let (_, games) = c.get("/api/me/games", Some(&host_token)).await;
        games["games"].as_array().unwrap().len() == 1
    })
    .await;
}

#[tokio::test]
async fn a_ban_on_one_node_closes_the_players_socket_on_the_other() {
    let Some((a, b)) = two_nodes().await else {
        return;
    };
    let admin = admin_token(&a).await;
    let (who, token) = b.player().await;
    let (status, room) = b
        .create_room(&token, json!({"game": "queah", "seat": "white"}))
        .await;
    assert_eq!(status, 200, "{room}");
    let mut socket = b.ws(room["id"].as_str().unwrap(), Some(&token), None).await;
    socket.until("snapshot", |v| v["type"] == "snapshot").await;
    let (status, body) = post(
        &a,
        &format!("/api/admin/players/{}/ban", who.id),
        &admin,
        json!({"reason": "spam"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(closed_with(&mut socket).await, 4003);
}

#[tokio::test]
async fn a_logout_on_one_node_closes_the_sessions_socket_on_the_other() {
    let Some((a, b)) = two_nodes().await else {
        return;
    };
    let (_, token) = account(&a, "walker").await;
    let (status, room) = b
        .create_room(&token, json!({"game": "queah", "seat": "white"}))
        .await;
    assert_eq!(status, 200, "{room}");
    let mut socket = b.ws(room["id"].as_str().unwrap(), Some(&token), None).await;
    socket.until("snapshot", |v| v["type"] == "snapshot").await;
    let (status, body) = post(&a, "/api/account/logout", &token, json!({})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(closed_with(&mut socket).await, 4001);
}

#[tokio::test]
async fn a_tournament_made_on_one_node_is_directed_once_and_streamed_on_the_other() {
    let Some((a, b)) = two_nodes().await else {
        return;
    };
    common::eventually("one node leads the directors", || async {
        a.state.tournaments.is_leader() != b.state.tournaments.is_leader()
    })
    .await;
    let admin = admin_token(&a).await;
    let (ann, ann_token) = account(&a, "ann").await;
    let (bob, bob_token) = account(&b, "bob").await;
    let body = json!({"name": "Two nodes", "game": "queah",
        "format": {"kind": "swiss", "rounds": 1},
        "time_control": {"kind": "fischer", "base_ms": 600000, "increment_ms": 0},
        "starts_at": crate::tournaments::now_ms() + 60_000, "no_show_secs": 60});
    let (status, created) = post(&a, "/api/tournaments", &admin, body).await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut standings_b = Stream::open(b.url(&format!("/api/tournaments/{id}/live")), None).await;
    standings_b.until("event: snapshot").await;
    for (s, token) in [(&a, &ann_token), (&b, &bob_token)] {
        let (status, body) =
            post(s, &format!("/api/tournaments/{id}/join"), token, json!({})).await;
        assert_eq!(status, 200, "{body}");
    }
    // B's stream heard the join made on B and the one made on A.
    standings_b.until(&bob).await;
    // The creator moves the start to now: whichever node holds the lock pairs the round.
    let (leader, other) = if a.state.tournaments.is_leader() {
        (&a, &b)
    } else {
        (&b, &a)
    };
    assert_eq!(other.state.tournaments.directing(), 0);
    sqlx_start_now(leader, &id).await;
    let t = crate::tournaments::until(leader, &id, "the round paired", |t| {
        !crate::tournaments::tables(t, 1).is_empty()
    })
    .await;
    assert_eq!(leader.state.tournaments.directing(), 1);
    assert_eq!(other.state.tournaments.directing(), 0);
    let table = &crate::tournaments::tables(&t, 1)[0];
    let room = table["room_id"].as_str().unwrap();
    // The game is played on the leader, which owns the rooms its director opens. The round
    // is shown before its rooms are open (opening them can take a while).
    let room_id: uuid::Uuid = room.parse().unwrap();
    common::eventually("the round's room opens", || async {
        leader.state.rooms.get(room_id).is_some()
    })
    .await;
    let mut ann_socket = leader.ws(room, Some(&ann_token), None).await;
    ann_socket
        .until("snapshot", |v| v["type"] == "snapshot")
        .await;
    ann_socket.act("resign", json!({})).await;
    standings_b.until("\"state\":\"finished\"").await;
    let t =
        crate::tournaments::until(other, &id, "the event ends", |t| t["state"] == "finished").await;
    let top = &t["standings"][0];
    assert_eq!(top["player"], json!(bob), "{t}");
    assert_eq!(other.state.tournaments.directing(), 0);
    let _ = ann;
}

/// Moves the start of tournament `id` to now and tells the nodes, as a creator's edit of the
/// start would (the director then starts the event at its next look).
async fn sqlx_start_now(s: &Server, id: &str) {
    let url = s.state.config.database_url.clone();
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    sqlx::query("UPDATE tournaments SET starts_at = $1 WHERE id = $2")
        .bind(crate::tournaments::now_ms())
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("SELECT pg_notify('checkerhall_tourney', $1)")
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

/// A name taken on one node reaches the rooms another node owns: the player hosts and
/// sits in a game on node B, renames themself through node A, and B's room gives the
/// seat and the host the new name and tells its sockets.
#[tokio::test]
async fn a_rename_on_one_node_reaches_the_players_room_on_the_other() {
    let Some((a, b)) = two_nodes().await else {
        return;
    };
    let (id, _host, mut guest) = b
        .two_seat_room(json!({"game": "queah", "seat": "white"}))
        .await;
    let room: uuid::Uuid = id.parse().unwrap();
    let (_, host_token) = b.first_host().await;
    let (status, renamed) =
        patch(&a, "/api/me", &host_token, json!({"name": "Renamed on A"})).await;
    assert_eq!(
        (status, &renamed["name"]),
        (200, &json!("Renamed on A")),
        "{renamed}"
    );
    guest
        .until("the rename, told by node B's room", |v| {
            v["type"] == "event"
                && v["data"]["type"] == "renamed"
                && v["data"]["name"] == "Renamed on A"
        })
        .await;
    let summary = b.state.rooms.get(room).unwrap().summary();
    assert_eq!(&*summary.host_name, "Renamed on A");
}
