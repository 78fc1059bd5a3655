//! Talk in a room over real sockets: the players' and the spectators' chats kept
//! apart while the game is on and open to all after it, their limits, an admin's server-wide
//! mute and deletions, the chat kept with the stored game (SQLite and Postgres), the
//! spectator count, a rename reaching the rooms, and a declined rematch.

use serde_json::{json, Value};
use server::config::ServerConfig;

use crate::clubdb;
use crate::common::{Client, Server};

const ADMIN: &str = "root";
const ADMIN_PASSWORD: &str = "correct horse battery";

/// A server per configured backend, with an admin account.
async fn servers() -> Vec<Server> {
    let mut out = Vec::new();
    for b in clubdb::BACKENDS {
        if let Some(url) = clubdb::fresh(b).await {
            let mut config = ServerConfig::new(url);
            config.first_admin = Some((ADMIN.into(), ADMIN_PASSWORD.into()));
            out.push(Server::start(config).await);
        }
    }
    out
}

async fn admin_token(s: &Server) -> String {
    let r: Value = reqwest::Client::new()
        .post(s.url("/api/account/login"))
        .json(&json!({"username": ADMIN, "password": ADMIN_PASSWORD}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    r["token"].as_str().unwrap().to_string()
}

/// Status and JSON body of a request to `path` with `method` as `token`.
async fn call(s: &Server, method: &str, path: &str, token: &str, body: Value) -> (u16, Value) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let r = reqwest::Client::new()
        .request(method, s.url(path))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// The chat events `c` has received, as (channel, text).
fn lines(c: &Client) -> Vec<(String, String)> {
    c.seen
        .iter()
        .filter(|v| v["type"] == "event" && v["data"]["type"] == "chat")
        .map(|v| {
            let l = &v["data"]["line"];
            (
                l["channel"].as_str().unwrap().to_string(),
                l["text"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Reads until the chat line `text` arrives; returns the line.
async fn line(c: &mut Client, text: &str) -> Value {
    let v = c
        .until(text, |v| {
            v["type"] == "event" && v["data"]["type"] == "chat" && v["data"]["line"]["text"] == text
        })
        .await;
    v["data"]["line"].clone()
}

/// The chat of a snapshot, as (channel, text).
fn snapshot_lines(snap: &Value) -> Vec<(String, String)> {
    snap["chat"]
        .as_array()
        .unwrap_or_else(|| panic!("no chat in {snap}"))
        .iter()
        .map(|l| {
            (
                l["channel"].as_str().unwrap().to_string(),
                l["text"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn pair(channel: &str, text: &str) -> (String, String) {
    (channel.to_string(), text.to_string())
}

/// While the game is on, the players' lines reach the seats only and the spectators' lines
/// the spectators only (live, in snapshots); once it is over both are open to everyone, and
/// the stored game keeps both for its replay, without the line an admin deleted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_and_spectators_talk_apart_and_the_game_keeps_it() {
    for mut s in servers().await {
        let admin = admin_token(&s).await;
        let (id, mut host, mut guest) = s.two_seat_game("stockholm").await;
        let (_, host_token) = s.first_host().await;
        let (_, watcher_token) = s.player().await;
        let mut watcher = s.ws(&id, Some(&watcher_token), None).await;
        watcher.until("snapshot", |v| v["type"] == "snapshot").await;
        let mut anon = s.ws(&id, None, None).await;
        anon.until("snapshot", |v| v["type"] == "snapshot").await;

        host.act(
            "chat",
            json!({"channel": "players", "text": "  good luck  "}),
        )
        .await;
        let l = line(&mut guest, "good luck").await;
        assert_eq!(l["channel"], "players");
        assert_eq!(l["seat"], "white");
        assert_eq!(l["id"], 1);
        watcher
            .act(
                "chat",
                json!({"channel": "spectators", "text": "nice opening"}),
            )
            .await;
        let l = line(&mut anon, "nice opening").await;
        assert!(l["seat"].is_null(), "{l}");
        // The wrong channel for each, and an anonymous socket, are refused.
        assert_eq!(
            watcher
                .refused("chat", json!({"channel": "players", "text": "psst"}))
                .await,
            "chat_not_allowed"
        );
        assert_eq!(
            guest
                .refused("chat", json!({"channel": "spectators", "text": "psst"}))
                .await,
            "chat_not_allowed"
        );
        assert_eq!(
            anon.refused("chat", json!({"channel": "spectators", "text": "hi"}))
                .await,
            "not_a_participant"
        );
        // A later line on each side: by then each socket has seen all it will of the first.
        guest
            .act("chat", json!({"channel": "players", "text": "thanks"}))
            .await;
        line(&mut host, "thanks").await;
        watcher
            .act("chat", json!({"channel": "spectators", "text": "later"}))
            .await;
        line(&mut anon, "later").await;
        line(&mut watcher, "later").await;
        assert_eq!(
            lines(&host),
            [pair("players", "good luck"), pair("players", "thanks")]
        );
        assert_eq!(lines(&guest), lines(&host));
        assert_eq!(
            lines(&anon),
            [
                pair("spectators", "nice opening"),
                pair("spectators", "later")
            ]
        );
        assert_eq!(lines(&watcher), lines(&anon));
        let (_, snap) = s.get(&format!("/api/rooms/{id}"), Some(&host_token)).await;
        assert_eq!(
            snapshot_lines(&snap),
            [pair("players", "good luck"), pair("players", "thanks")]
        );
        let (_, snap) = s.get(&format!("/api/rooms/{id}"), None).await;
        assert_eq!(
            snapshot_lines(&snap),
            [
                pair("spectators", "nice opening"),
                pair("spectators", "later")
            ]
        );

        // An admin deletes a line ("thanks"): everyone is told, it leaves the snapshots.
        let (status, body) = call(
            &s,
            "DELETE",
            &format!("/api/admin/rooms/{id}/chat/3"),
            &admin,
            json!(null),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let gone = watcher
            .until("chat_deleted", |v| {
                v["type"] == "event" && v["data"]["type"] == "chat_deleted"
            })
            .await;
        assert_eq!(gone["data"]["id"], 3, "{gone}");
        host.event("chat_deleted").await;
        let (status, body) = call(
            &s,
            "DELETE",
            &format!("/api/admin/rooms/{id}/chat/99"),
            &admin,
            json!(null),
        )
        .await;
        assert_eq!((status, &body["error"]["code"]), (404, &json!("not_found")));
        // Only the delete that found its line is in the audit log.
        let (status, log) = s.get("/api/admin/audit", Some(&admin)).await;
        assert_eq!(status, 200, "{log}");
        let deletes: Vec<&Value> = log["entries"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|e| e["action"] == "delete_chat")
            .collect();
        assert_eq!(deletes.len(), 1, "{log}");
        assert_eq!(deletes[0]["detail"], "3", "{log}");

        // The game ends: both channels are open to all who may speak in them.
        crate::common::both_move("stockholm", &mut host, &mut guest).await;
        guest.act("resign", json!({})).await;
        host.event("finished").await;
        watcher.event("finished").await;
        let (_, snap) = s.get(&format!("/api/rooms/{id}"), None).await;
        assert_eq!(
            snapshot_lines(&snap),
            [
                pair("players", "good luck"),
                pair("spectators", "nice opening"),
                pair("spectators", "later"),
            ]
        );
        host.act("chat", json!({"channel": "players", "text": "gg"}))
            .await;
        line(&mut watcher, "gg").await;
        watcher
            .act(
                "chat",
                json!({"channel": "spectators", "text": "well played"}),
            )
            .await;
        line(&mut host, "well played").await;

        // The stored game keeps both channels, without the deleted line.
        let (status, game) = s.get(&format!("/api/history/{id}"), None).await;
        assert_eq!(status, 200, "{game}");
        let chat: Vec<(String, String)> = snapshot_lines(&game);
        assert_eq!(
            chat,
            [
                pair("players", "good luck"),
                pair("spectators", "nice opening"),
                pair("spectators", "later"),
                pair("players", "gg"),
                pair("spectators", "well played"),
            ],
            "{game}"
        );
        assert_eq!(
            game["chat"][0]["from"]["name"],
            snap["seats"]["white"]["occupant"]["name"]
        );
        s.stop().await;
    }
}

/// A line is trimmed and 1 to 140 characters; a participant says at most 5 lines in 10 s.
#[tokio::test]
async fn chat_has_a_length_and_a_rate_limit() {
    let s = Server::memory().await;
    let (_, mut host, _guest) = s.two_seat_game("queah").await;
    assert_eq!(
        host.refused("chat", json!({"channel": "players", "text": "   "}))
            .await,
        "chat_empty"
    );
    assert_eq!(
        host.refused(
            "chat",
            json!({"channel": "players", "text": "x".repeat(141)})
        )
        .await,
        "chat_too_long"
    );
    assert_eq!(
        host.refused("chat", json!({"channel": "shouting", "text": "hi"}))
            .await,
        "bad_message"
    );
    host.act(
        "chat",
        json!({"channel": "players", "text": "y".repeat(140)}),
    )
    .await;
    for i in 0..4 {
        host.act(
            "chat",
            json!({"channel": "players", "text": format!("line {i}")}),
        )
        .await;
    }
    assert_eq!(
        host.refused(
            "chat",
            json!({"channel": "players", "text": "one too many"})
        )
        .await,
        "chat_too_fast"
    );
}

/// An admin's mute silences a player in every room until it is lifted; it is audited.
#[tokio::test]
async fn an_admin_mutes_a_player_server_wide() {
    let s = Server::setup()
        .config(|c| c.first_admin = Some((ADMIN.into(), ADMIN_PASSWORD.into())))
        .start()
        .await;
    let admin = admin_token(&s).await;
    let (_, mut host, mut guest) = s.two_seat_game("queah").await;
    let (_, guest_token) = s.last_guest().await;
    let (_, me) = s.get("/api/me", Some(&guest_token)).await;
    let guest_id = me["id"].as_str().unwrap().to_string();
    let (status, body) = call(
        &s,
        "POST",
        &format!("/api/admin/players/{guest_id}/mute"),
        &admin,
        json!(null),
    )
    .await;
    assert_eq!((status, &body["muted"]), (200, &json!(true)), "{body}");
    let id = guest
        .send("chat", json!({"channel": "players", "text": "spam"}))
        .await;
    let reply = guest
        .until("reply", |v| v["id"] == json!(id) && v["type"] != "event")
        .await;
    assert_eq!(reply["type"], "error", "{reply}");
    assert_eq!(reply["data"]["code"], "muted", "{reply}");
    // In a room of their own as well.
    let (_, other) = s
        .create_room(&guest_token, json!({"game": "stockholm", "seat": "white"}))
        .await;
    let mut elsewhere = s
        .ws(other["id"].as_str().unwrap(), Some(&guest_token), None)
        .await;
    elsewhere
        .until("snapshot", |v| v["type"] == "snapshot")
        .await;
    assert_eq!(
        elsewhere
            .refused("chat", json!({"channel": "players", "text": "spam"}))
            .await,
        "muted"
    );
    let (_, list) = s.get("/api/admin/players", Some(&admin)).await;
    let entry = list["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == guest_id.as_str())
        .unwrap()
        .clone();
    assert!(entry["muted_at"].is_i64(), "{entry}");
    let (status, _) = call(
        &s,
        "DELETE",
        &format!("/api/admin/players/{guest_id}/mute"),
        &admin,
        json!(null),
    )
    .await;
    assert_eq!(status, 200);
    guest
        .act("chat", json!({"channel": "players", "text": "sorry"}))
        .await;
    line(&mut host, "sorry").await;
    let (_, audit) = s.get("/api/admin/audit", Some(&admin)).await;
    let actions: Vec<&str> = audit["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["unmute", "mute"], "{audit}");
}

/// The room counts who watches: people without a seat (once however many sockets) and
/// anonymous sockets; it tells everyone when the count changes.
#[tokio::test]
async fn the_room_counts_its_watchers() {
    let s = Server::memory().await;
    let (_, host_token) = s.player().await;
    let (_, fan_token) = s.player().await;
    let (_, created) = s
        .create_room(&host_token, json!({"game": "queah", "seat": "white"}))
        .await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut host = s.ws(&id, Some(&host_token), None).await;
    let snap = host.until("snapshot", |v| v["type"] == "snapshot").await;
    assert_eq!(snap["data"]["watchers"], 0, "{snap}");
    let count = |v: &Value| v["type"] == "event" && v["data"]["type"] == "watchers";
    let mut fan = s.ws(&id, Some(&fan_token), None).await;
    let w = host.until("one watcher", count).await;
    assert_eq!(w["data"]["count"], 1, "{w}");
    let mut fan2 = s.ws(&id, Some(&fan_token), None).await;
    let mut anon = s.ws(&id, None, None).await;
    let w = host.until("two watchers", count).await;
    assert_eq!(w["data"]["count"], 2, "{w}");
    let snap = anon.until("snapshot", |v| v["type"] == "snapshot").await;
    assert_eq!(snap["data"]["watchers"], 2, "{snap}");
    fan.until("snapshot", |v| v["type"] == "snapshot").await;
    fan2.until("snapshot", |v| v["type"] == "snapshot").await;
    // The fan sits down: a watcher no more.
    fan.act("take_seat", json!({"seat": "black"})).await;
    let w = host.until("one watcher again", count).await;
    assert_eq!(w["data"]["count"], 1, "{w}");
    drop(anon);
    let w = host.until("nobody watches", count).await;
    assert_eq!(w["data"]["count"], 0, "{w}");
}

/// A new name reaches the rooms where the player sits at once: after `PATCH /api/me`, and
/// after claiming an account while still under the guest name.
#[tokio::test]
async fn a_new_name_reaches_the_room_at_once() {
    let s = Server::memory().await;
    let (id, _host, mut guest) = s.two_seat_game("stockholm").await;
    let (_, host_token) = s.first_host().await;
    let (status, body) = call(&s, "PATCH", "/api/me", &host_token, json!({"name": "Ann"})).await;
    assert_eq!(status, 200, "{body}");
    let seats = guest
        .until("the new name in the seats", |v| {
            v["type"] == "event"
                && v["data"]["type"] == "seats"
                && v["data"]["seats"]["white"]["occupant"]["name"] == "Ann"
        })
        .await;
    assert_eq!(seats["data"]["audience"], "everyone");
    let renamed = guest.event("renamed").await;
    assert_eq!(renamed["data"]["name"], "Ann", "{renamed}");
    let (_, list) = s.get("/api/rooms", None).await;
    assert_eq!(list["rooms"][0]["host_name"], "Ann", "{list}");
    assert_eq!(list["rooms"][0]["seats"][0]["name"], "Ann", "{list}");

    // The guest claims an account: its guest name gives way to the username.
    let (_, guest_token) = s.last_guest().await;
    let (status, body) = call(
        &s,
        "POST",
        "/api/account/claim",
        &guest_token,
        json!({"username": "bob", "password": "a long password"}),
    )
    .await;
    assert_eq!((status, &body["name"]), (200, &json!("bob")), "{body}");
    guest
        .until("the username in the seats", |v| {
            v["type"] == "event"
                && v["data"]["type"] == "seats"
                && v["data"]["seats"]["black"]["occupant"]["name"] == "bob"
        })
        .await;
    let (_, snap) = s.get(&format!("/api/rooms/{id}"), None).await;
    assert_eq!(snap["seats"]["black"]["occupant"]["name"], "bob", "{snap}");
}

/// A player turns a rematch down: the request is cleared and everyone is told who declined.
#[tokio::test]
async fn a_rematch_is_declined() {
    let s = Server::memory().await;
    let (_, mut host, mut guest) = s.two_seat_game("queah").await;
    crate::common::both_move("queah", &mut host, &mut guest).await;
    guest.act("resign", json!({})).await;
    host.event("finished").await;
    host.act("rematch", json!({})).await;
    guest
        .until("the request", |v| {
            v["type"] == "event" && v["data"]["type"] == "rematch"
        })
        .await;
    guest.act("decline_rematch", json!({})).await;
    let declined = host
        .until("the refusal", |v| {
            v["type"] == "event"
                && v["data"]["type"] == "rematch"
                && v["data"]["declined_by"] == "black"
        })
        .await;
    assert!(declined["data"]["room"].is_null(), "{declined}");
    // The request is gone: asking again starts over.
    host.act("rematch", json!({})).await;
}

/// An illegal move's error says why in plain words, with the rules' reason code.
#[tokio::test]
async fn an_illegal_move_is_explained() {
    let s = Server::memory().await;
    let (_, mut host, mut guest) = s.two_seat_game("stockholm").await;
    host.act("move", json!({"move": "c3-d4"})).await;
    guest.act("move", json!({"move": "f6-e5"})).await;
    let id = host.send("move", json!({"move": "a3-b4"})).await;
    let reply = host
        .until("the refusal", |v| {
            v["id"] == json!(id) && v["type"] != "event"
        })
        .await;
    assert_eq!(reply["type"], "error", "{reply}");
    assert_eq!(reply["data"]["code"], "illegal_move", "{reply}");
    assert_eq!(reply["data"]["reason"], "capture_compulsory", "{reply}");
    let message = reply["data"]["message"].as_str().unwrap();
    assert!(message.contains("capture is compulsory"), "{message}");
    assert!(!message.contains('§'), "{message}");
}
