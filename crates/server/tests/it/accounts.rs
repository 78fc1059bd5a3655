//! Accounts, access modes and the admin API over real sockets, on SQLite and Postgres.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::clubdb;
use crate::common;

use common::Server;
use futures_util::StreamExt;
use serde_json::{json, Value};
use server::config::{AccessMode, ServerConfig};
use tokio_tungstenite::tungstenite::Message;

const ADMIN: &str = "root";
const ADMIN_PASSWORD: &str = "correct horse battery";

async fn servers(access: AccessMode) -> Vec<Server> {
    let mut out = Vec::new();
    for b in clubdb::BACKENDS {
        if let Some(url) = clubdb::fresh(b).await {
            let mut config = ServerConfig::new(url);
            config.access = access;
            config.first_admin = Some((ADMIN.into(), ADMIN_PASSWORD.into()));
            out.push(Server::start(config).await);
        }
    }
    out
}

/// Status and JSON body.
async fn send(req: reqwest::RequestBuilder) -> (u16, Value) {
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

fn code(v: &Value) -> &str {
    v["error"]["code"].as_str().unwrap_or("")
}

fn http() -> reqwest::Client {
    reqwest::Client::new()
}

/// The id of the session `token` belongs to.
async fn current_session(s: &Server, token: &str) -> String {
    let (_, list) = s.get("/api/account/sessions", Some(token)).await;
    list["sessions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["current"] == true)
        .unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// `DELETE /api/account/sessions/{id}` as `token`.
async fn revoke(s: &Server, token: &str, id: &str) -> (u16, Value) {
    send(
        http()
            .delete(s.url(&format!("/api/account/sessions/{id}")))
            .bearer_auth(token),
    )
    .await
}

/// Reads until the server closes the socket; the code of its Close frame.
async fn close_code(c: &mut common::Client) -> u16 {
    loop {
        match tokio::time::timeout(std::time::Duration::from_secs(10), c.ws.next())
            .await
            .expect("closed in time")
        {
            Some(Ok(Message::Close(f))) => return u16::from(f.expect("a close frame").code),
            Some(Ok(_)) => continue,
            other => panic!("socket ended without a close frame: {other:?}"),
        }
    }
}

/// The socket is still served: a ping gets its pong.
async fn still_open(c: &mut common::Client) {
    let id = c.send("ping", json!({})).await;
    c.until("pong", |v| v["type"] == "pong" && v["id"] == json!(id))
        .await;
}

async fn claim(s: &Server, token: &str, username: &str, password: &str) -> (u16, Value) {
    send(
        http()
            .post(s.url("/api/account/claim"))
            .bearer_auth(token)
            .json(&json!({"username": username, "password": password})),
    )
    .await
}

async fn login(s: &Server, username: &str, password: &str) -> (u16, Value) {
    send(
        http()
            .post(s.url("/api/account/login"))
            .json(&json!({"username": username, "password": password})),
    )
    .await
}

#[tokio::test]
async fn a_guest_claims_and_logs_in_elsewhere() {
    for mut s in servers(AccessMode::Open).await {
        let (guest, token) = s.player().await;
        // Guests keep working: a room, and /api/account says there is no account.
        let (status, _) = s.create_room(&token, json!({"game": "queah"})).await;
        assert_eq!(status, 200);
        let (status, body) = s.get("/api/account", Some(&token)).await;
        assert_eq!((status, code(&body)), (404, "not_found"));

        let (status, body) = claim(&s, &token, "a", "long enough").await;
        assert_eq!((status, code(&body)), (400, "bad_username"), "{body}");
        let (status, body) = claim(&s, &token, "ann", "short").await;
        assert_eq!((status, code(&body)), (400, "bad_password"), "{body}");
        let (status, body) = claim(&s, &token, "Ann", "first password").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["id"], json!(guest.id));
        assert_eq!(body["username"], "Ann");
        // Still under its guest name, the identity is known by its username from now on.
        assert_eq!(body["name"], "Ann");
        let (status, body) = claim(&s, &token, "Ann2", "first password").await;
        assert_eq!((status, code(&body)), (409, "already_claimed"), "{body}");
        let (other, other_token) = s.player().await;
        let (status, body) = claim(&s, &other_token, "ANN", "first password").await;
        assert_eq!((status, code(&body)), (409, "username_taken"), "{body}");
        let _ = other;

        // The claiming device stays in, now as a session.
        let (status, body) = s.get("/api/account", Some(&token)).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["role"], "member");

        // Another device logs in (case-insensitive username); a non-browser gets the token.
        let (status, body) = login(&s, "ann", "wrong password").await;
        assert_eq!((status, code(&body)), (403, "bad_credentials"), "{body}");
        let (status, body) = login(&s, "ann", "first password").await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["id"], json!(guest.id));
        let second = body["token"].as_str().unwrap().to_string();
        let (status, me) = s.get("/api/me", Some(&second)).await;
        assert_eq!(status, 200);
        assert_eq!(me["id"], json!(guest.id));

        // Both sessions listed; the second sees itself as current.
        let (_, list) = s.get("/api/account/sessions", Some(&second)).await;
        let sessions = list["sessions"].as_array().unwrap().clone();
        assert_eq!(sessions.len(), 2, "{list}");
        let first_id = sessions.iter().find(|x| x["current"] == false).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string();

        // The password change ends every other session.
        let (status, body) = send(
            http()
                .post(s.url("/api/account/password"))
                .bearer_auth(&second)
                .json(&json!({"current": "first password", "new": "second password"})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["sessions_ended"], 1);
        let (status, _) = s.get("/api/account", Some(&token)).await;
        assert_eq!(status, 401);
        let (status, body) = send(
            http()
                .delete(s.url(&format!("/api/account/sessions/{first_id}")))
                .bearer_auth(&second),
        )
        .await;
        assert_eq!((status, code(&body)), (404, "not_found"), "{body}");

        // A third device, revoked by the second; then the second logs out.
        let (_, body) = login(&s, "Ann", "second password").await;
        let third = body["token"].as_str().unwrap().to_string();
        let third_id = current_session(&s, &third).await;
        assert_eq!(revoke(&s, &second, &third_id).await.0, 200);
        let (status, _) = s.get("/api/account", Some(&third)).await;
        assert_eq!(status, 401);
        let r = http()
            .post(s.url("/api/account/logout"))
            .bearer_auth(&second)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status().as_u16(), 200);
        let cookie = r.headers()["set-cookie"].to_str().unwrap().to_string();
        assert!(cookie.contains("Max-Age=0"), "{cookie}");
        let (status, _) = s.get("/api/account", Some(&second)).await;
        assert_eq!(status, 401);
        s.stop().await;
    }
}

#[tokio::test]
async fn logins_are_rate_limited_per_account() {
    for mut s in servers(AccessMode::Open).await {
        let (_, token) = s.player().await;
        assert_eq!(claim(&s, &token, "bob", "bobs password").await.0, 200);
        for _ in 0..5 {
            let (status, body) = login(&s, "bob", "guess guess").await;
            assert_eq!((status, code(&body)), (403, "bad_credentials"), "{body}");
        }
        // Even the right password is refused once the account's attempts are spent.
        let (status, body) = login(&s, "bob", "bobs password").await;
        assert_eq!((status, code(&body)), (429, "login_rate_limited"), "{body}");
        let (_, metrics) = {
            let r = http().get(s.url("/metrics")).send().await.unwrap();
            (r.status(), r.text().await.unwrap())
        };
        assert!(
            metrics.contains("checkerhall_limited_total{code=\"login_rate_limited\"} 1"),
            "{metrics}"
        );
        s.stop().await;
    }
}

#[tokio::test]
async fn members_servers_let_guests_watch_only() {
    for mut s in servers(AccessMode::Members).await {
        let (_, guest) = s.player().await;
        let (status, body) = s.create_room(&guest, json!({"game": "queah"})).await;
        assert_eq!((status, code(&body)), (403, "members_only"), "{body}");
        let (_, member) = s.player().await;
        assert_eq!(claim(&s, &member, "carol", "carols password").await.0, 200);
        let (status, room) = s.create_room(&member, json!({"game": "queah"})).await;
        assert_eq!(status, 200, "{room}");
        let room = room["id"].as_str().unwrap().to_string();
        // The guest's socket watches: its commands are refused.
        let mut c = s.ws(&room, Some(&guest), None).await;
        let id = c.send("take_seat", json!({})).await;
        let reply = c
            .until("reply", |v| v["id"] == json!(id) && v["type"] == "error")
            .await;
        assert_eq!(reply["data"]["code"], "not_a_participant", "{reply}");
        let mut m = s.ws(&room, Some(&member), None).await;
        m.act("take_seat", json!({})).await;
        s.stop().await;
    }
}

async fn admin_token(s: &Server) -> String {
    let (status, body) = login(s, ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["role"], "admin");
    body["token"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn invite_servers_need_an_admins_invite() {
    for mut s in servers(AccessMode::Invite).await {
        let admin = admin_token(&s).await;
        let (_, guest) = s.player().await;
        let (status, body) = claim(&s, &guest, "dave", "daves password").await;
        assert_eq!((status, code(&body)), (403, "invite_required"), "{body}");
        let (status, body) =
            send(http().post(s.url("/api/admin/invites")).bearer_auth(&guest)).await;
        assert_eq!((status, code(&body)), (403, "not_admin"), "{body}");
        let (status, invite) =
            send(http().post(s.url("/api/admin/invites")).bearer_auth(&admin)).await;
        assert_eq!(status, 200, "{invite}");
        let code_ = invite["code"].as_str().unwrap().to_string();
        let with_invite = |token: String, name: &'static str| {
            let code_ = code_.clone();
            let url = s.url("/api/account/claim");
            async move {
                send(http().post(url).bearer_auth(token).json(
                    &json!({"username": name, "password": "a fine password", "invite": code_}),
                ))
                .await
            }
        };
        let (status, body) = with_invite(guest.clone(), "dave").await;
        assert_eq!(status, 200, "{body}");
        let (_, other) = s.player().await;
        let (status, body) = with_invite(other, "erin").await;
        assert_eq!((status, code(&body)), (403, "bad_invite"), "{body}");
        let (_, audit) = s.get("/api/admin/audit", Some(&admin)).await;
        assert_eq!(audit["entries"][0]["action"], "invite", "{audit}");
        s.stop().await;
    }
}

#[tokio::test]
async fn admins_rename_ban_and_close() {
    for mut s in servers(AccessMode::Open).await {
        let admin = admin_token(&s).await;
        let (victim, token) = s.player().await;
        assert_eq!(
            claim(&s, &token, "mallory", "mallorys password").await.0,
            200
        );
        let (status, room) = s.create_room(&token, json!({"game": "queah"})).await;
        assert_eq!(status, 200);
        let room_id = room["id"].as_str().unwrap().to_string();

        let (status, list) = s.get("/api/admin/players?q=MALL", Some(&admin)).await;
        assert_eq!(status, 200, "{list}");
        assert_eq!(list["players"].as_array().unwrap().len(), 1, "{list}");
        assert_eq!(list["players"][0]["role"], "member");
        let (status, body) = s.get("/api/admin/players?limit=0", Some(&admin)).await;
        assert_eq!((status, code(&body)), (400, "bad_parameter"), "{body}");
        let (status, body) = s.get("/api/admin/players", Some(&token)).await;
        assert_eq!((status, code(&body)), (403, "not_admin"), "{body}");

        // A banned guest (no account, no session) is refused with its own token.
        let (guest, guest_token) = s.player().await;
        let (status, _) = send(
            http()
                .post(s.url(&format!("/api/admin/players/{}/ban", guest.id)))
                .bearer_auth(&admin)
                .json(&json!({})),
        )
        .await;
        assert_eq!(status, 200);
        let (status, body) = s.get("/api/me", Some(&guest_token)).await;
        assert_eq!((status, code(&body)), (403, "banned"), "{body}");

        let (status, body) = send(
            http()
                .patch(s.url(&format!("/api/admin/players/{}", victim.id)))
                .bearer_auth(&admin)
                .json(&json!({"name": "Renamed"})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let (_, me) = s.get("/api/me", Some(&token)).await;
        assert_eq!(me["name"], "Renamed");

        let (status, rooms) = s.get("/api/admin/rooms", Some(&admin)).await;
        assert_eq!(status, 200);
        assert_eq!(rooms["total"], 1, "{rooms}");

        // The victim's socket is open when the ban lands: it is closed with 4003.
        let mut c = s.ws(&room_id, Some(&token), None).await;
        c.until("snapshot", |v| v["type"] == "snapshot").await;
        let (status, body) = send(
            http()
                .post(s.url(&format!("/api/admin/players/{}/ban", victim.id)))
                .bearer_auth(&admin)
                .json(&json!({"reason": "cheating"})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(close_code(&mut c).await, 4003);
        // The account's sessions are gone: its old token now identifies nobody.
        let (status, _) = s.get("/api/account", Some(&token)).await;
        assert_eq!(status, 401);
        let (status, body) = login(&s, "mallory", "mallorys password").await;
        assert_eq!((status, code(&body)), (403, "banned"), "{body}");

        let (status, body) = send(
            http()
                .post(s.url(&format!("/api/admin/rooms/{room_id}/close")))
                .bearer_auth(&admin),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let (_, snap) = s.get(&format!("/api/rooms/{room_id}"), None).await;
        assert_eq!(snap["state"], "aborted", "{snap}");

        let (status, body) = send(
            http()
                .delete(s.url(&format!("/api/admin/players/{}/ban", victim.id)))
                .bearer_auth(&admin),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(login(&s, "mallory", "mallorys password").await.0, 200);

        let (_, audit) = s.get("/api/admin/audit", Some(&admin)).await;
        let actions: Vec<&str> = audit["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            ["unban", "close_room", "ban", "rename", "ban"],
            "{audit}"
        );
        s.stop().await;
    }
}

#[tokio::test]
async fn private_rooms_need_their_code_to_sit() {
    for mut s in servers(AccessMode::Open).await {
        let (_, host) = s.player().await;
        let (status, room) = s
            .create_room(&host, json!({"game": "queah", "visibility": "private"}))
            .await;
        assert_eq!(status, 200, "{room}");
        let id = room["id"].as_str().unwrap().to_string();
        let invite = room["invite_code"].as_str().unwrap().to_string();
        let (_, guest) = s.player().await;
        // Knowing the id is not enough: the socket only watches.
        let mut c = s.ws(&id, Some(&guest), None).await;
        let n = c.send("take_seat", json!({})).await;
        let reply = c
            .until("reply", |v| v["id"] == json!(n) && v["type"] == "error")
            .await;
        assert_eq!(reply["data"]["code"], "not_a_participant", "{reply}");
        // A wrong code is refused; after ten tries a minute even the right one waits.
        let url = |code: &str| s.url(&format!("/ws?room={id}&token={guest}&code={code}"));
        let upgrade = |u: String| async move {
            send(
                http()
                    .get(u)
                    .header("connection", "upgrade")
                    .header("upgrade", "websocket")
                    .header("sec-websocket-version", "13")
                    .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ=="),
            )
            .await
        };
        let (status, body) = upgrade(url("WRONG123")).await;
        assert_eq!((status, code(&body)), (403, "bad_invite_code"), "{body}");
        // The right code (any case) seats the guest.
        let right = format!(
            "ws://{}/ws?room={id}&token={guest}&code={}",
            s.addr,
            invite.to_lowercase()
        );
        let (ws, _) = tokio_tungstenite::connect_async(right).await.unwrap();
        drop(ws);
        for _ in 0..8 {
            let (status, _) = upgrade(url("WRONG123")).await;
            assert_eq!(status, 403);
        }
        let (status, body) = upgrade(url(&invite)).await;
        assert_eq!(
            (status, code(&body)),
            (429, "invite_rate_limited"),
            "{body}"
        );
        let (status, body) = send(
            http()
                .post(s.url("/api/rooms/join"))
                .bearer_auth(&guest)
                .json(&json!({"code": invite})),
        )
        .await;
        assert_eq!(
            (status, code(&body)),
            (429, "invite_rate_limited"),
            "{body}"
        );
        s.stop().await;
    }
}

#[tokio::test]
async fn a_private_room_seats_who_has_the_code() {
    for mut s in servers(AccessMode::Open).await {
        let (_, host) = s.player().await;
        let (_, room) = s
            .create_room(&host, json!({"game": "queah", "visibility": "private"}))
            .await;
        let id = room["id"].as_str().unwrap().to_string();
        let invite = room["invite_code"].as_str().unwrap().to_string();
        let (_, guest) = s.player().await;
        // The code finds the room (typed in any case); another code finds none.
        let (status, body) = send(
            http()
                .post(s.url("/api/rooms/join"))
                .bearer_auth(&guest)
                .json(&json!({"code": invite.to_lowercase()})),
        )
        .await;
        assert_eq!(
            (status, body["id"].as_str()),
            (200, Some(id.as_str())),
            "{body}"
        );
        let (status, body) = send(
            http()
                .post(s.url("/api/rooms/join"))
                .bearer_auth(&guest)
                .json(&json!({"code": "NOSUCH99"})),
        )
        .await;
        assert_eq!(status, 404, "{body}");
        let mut c = s
            .ws(&format!("{id}&code={invite}"), Some(&guest), None)
            .await;
        c.act("take_seat", json!({})).await;
        // Seated, the guest reconnects without the code and still acts.
        drop(c);
        let mut again = s.ws(&id, Some(&guest), None).await;
        again.act("leave_seat", json!({})).await;
        s.stop().await;
    }
}

#[tokio::test]
async fn ending_a_session_closes_its_sockets() {
    for mut s in servers(AccessMode::Open).await {
        let (_, first) = s.player().await;
        assert_eq!(claim(&s, &first, "cleo", "cleos password").await.0, 200);
        let mut tokens = Vec::new();
        for _ in 0..3 {
            let (status, body) = login(&s, "cleo", "cleos password").await;
            assert_eq!(status, 200, "{body}");
            tokens.push(body["token"].as_str().unwrap().to_string());
        }
        let (_, room) = s.create_room(&first, json!({"game": "queah"})).await;
        let room = room["id"].as_str().unwrap().to_string();
        let mut sockets = Vec::new();
        for t in std::iter::once(&first).chain(&tokens) {
            let mut c = s.ws(&room, Some(t), None).await;
            c.until("snapshot", |v| v["type"] == "snapshot").await;
            sockets.push(c);
        }
        let current = current_session(&s, &tokens[0]).await;

        // Revoked from the first device: only that session's socket closes.
        let (status, body) = revoke(&s, &first, &current).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(close_code(&mut sockets[1]).await, 4001);
        still_open(&mut sockets[0]).await;
        still_open(&mut sockets[2]).await;

        // Logging out closes that device's socket.
        let (status, body) = send(
            http()
                .post(s.url("/api/account/logout"))
                .bearer_auth(&tokens[1]),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(close_code(&mut sockets[2]).await, 4001);

        // A password change ends every other session, and their sockets.
        let (status, body) = send(
            http()
                .post(s.url("/api/account/password"))
                .bearer_auth(&first)
                .json(&json!({"current": "cleos password", "new": "a new password"})),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(close_code(&mut sockets[3]).await, 4001);
        still_open(&mut sockets[0]).await;
        s.stop().await;
    }
}
