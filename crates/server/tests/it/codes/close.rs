//! Every documented close code and reason, provoked over real sockets.

use super::*;

// ---------------------------------------------------------------------------------------
// Close codes

/// The close frame ending `c`'s socket: code and reason.
pub(super) async fn close_of(c: &mut Client) -> (u16, String) {
    loop {
        match within("the close frame", c.ws.next()).await {
            Some(Ok(Message::Close(Some(f)))) => return (u16::from(f.code), f.reason.to_string()),
            Some(Ok(_)) => {}
            other => panic!("the socket ended without a close frame: {other:?}"),
        }
    }
}

/// How each documented close is provoked; (code, reason) as the docs name them.
pub(super) async fn provoke_close(code: u16, reason: &str) -> (u16, String) {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
    use tokio_tungstenite::tungstenite::protocol::CloseFrame;
    match (code, reason) {
        (1000, _) => {
            let mut sc = scenery(Scene::Waiting, |_| {}).await;
            sc.guest
                .ws
                .send(Message::Close(Some(CloseFrame {
                    code: CloseCode::Normal,
                    reason: "bye".into(),
                })))
                .await
                .unwrap();
            close_of(&mut sc.guest).await
        }
        (1002, _) => {
            use tokio::io::AsyncWriteExt;
            let mut sc = scenery(Scene::Waiting, |_| {}).await;
            let tokio_tungstenite::MaybeTlsStream::Plain(tcp) = sc.guest.ws.get_mut() else {
                panic!("plain TCP expected");
            };
            // An unmasked frame from a client breaks RFC 6455 5.1.
            tcp.write_all(&[0x81, 0x02, b'h', b'i']).await.unwrap();
            close_of(&mut sc.guest).await
        }
        (1008, "rate limit") => {
            let mut sc = scenery(Scene::Waiting, |l| {
                l.messages_per_second = 1;
                l.message_burst = 1;
            })
            .await;
            for id in 0..300u64 {
                let m = json!({"type": "sync", "id": id, "data": {"since": 0}}).to_string();
                if sc.guest.ws.send(Message::Text(m.into())).await.is_err() {
                    break;
                }
            }
            close_of(&mut sc.guest).await
        }
        (1009, _) => {
            let mut sc = scenery(Scene::Waiting, |l| l.max_message_bytes = 1024).await;
            sc.guest.send_raw("x".repeat(4096)).await;
            close_of(&mut sc.guest).await
        }
        (1012, _) => {
            let mut sc = scenery(Scene::Waiting, |_| {}).await;
            sc.s.state.rooms.shutdown().await;
            sc.guest
                .until("restarting", |v| v["type"] == "restarting")
                .await;
            close_of(&mut sc.guest).await
        }
        (4001, _) => {
            let s = Server::memory().await;
            let (_, token) = s.player().await;
            post(
                &s,
                &token,
                "/api/account/claim",
                json!({"username": "leaver", "password": MEMBER_PASSWORD}),
            )
            .await;
            let (_, room) = s.create_room(&token, json!({"game": "queah"})).await;
            let mut c = s.ws(room["id"].as_str().unwrap(), Some(&token), None).await;
            snapshot(&mut c).await;
            post(&s, &token, "/api/account/logout", json!({})).await;
            close_of(&mut c).await
        }
        (4002, _) => {
            let mut sc = scenery(Scene::Waiting, |l| {
                l.socket_idle = Some(std::time::Duration::from_secs(1));
            })
            .await;
            close_of(&mut sc.guest).await
        }
        (4003, _) => {
            let s = Server::setup()
                .config(|c| c.first_admin = Some((ADMIN.into(), ADMIN_PASSWORD.into())))
                .start()
                .await;
            let (_, admin) = login(&s, ADMIN, ADMIN_PASSWORD).await;
            let (who, token) = s.player().await;
            let (_, room) = s.create_room(&token, json!({"game": "queah"})).await;
            let mut c = s.ws(room["id"].as_str().unwrap(), Some(&token), None).await;
            snapshot(&mut c).await;
            post(
                &s,
                &admin,
                &format!("/api/admin/players/{}/ban", who.id),
                json!({}),
            )
            .await;
            close_of(&mut c).await
        }
        (4004, _) => {
            let s = Server::memory().await;
            let (_, token) = s.player().await;
            let (_, room) = s.create_room(&token, json!({"game": "queah"})).await;
            let url = format!(
                "ws://{}/ws?room={}&token={token}&client=000000000000",
                s.addr,
                room["id"].as_str().unwrap()
            );
            let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
            loop {
                match within("the close frame", ws.next()).await {
                    Some(Ok(Message::Close(Some(f)))) => {
                        break (u16::from(f.code), f.reason.to_string())
                    }
                    Some(Ok(_)) => {}
                    other => panic!("the socket ended without a close frame: {other:?}"),
                }
            }
        }
        other => panic!("no way to provoke close {other:?}"),
    }
}

/// Close codes provoked by a test of their own instead of here (each takes a setup of its
/// own or a minute), with the test.
pub(super) const CLOSE_UNPROVOKED: &[(u16, &str, &str)] = &[
    (
        1001,
        "",
        "close_frames::a_silent_client_gets_close_1001: a socket silent for 60 s (a constant \
         of the server, not a setting)",
    ),
    (
        1008,
        "too slow",
        "slow_clients::a_client_that_keeps_falling_behind_is_closed_1008_too_slow: a reader \
         that falls behind the room four times, with a small ring and send buffer",
    ),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
pub(super) async fn every_documented_close_code_is_provoked() {
    let documented = documented_close();
    let mut failures = Vec::new();
    for (code, reason) in &documented {
        if CLOSE_UNPROVOKED
            .iter()
            .any(|(c, r, _)| c == code && r == reason)
        {
            continue;
        }
        let (got, got_reason) = within("the close", provoke_close(*code, reason)).await;
        if got != *code || (!reason.is_empty() && got_reason != *reason) {
            failures.push(format!("{code} {reason:?}: got {got} {got_reason:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for (code, reason, _) in CLOSE_UNPROVOKED {
        assert!(
            documented.contains(&(*code, (*reason).to_string())),
            "{code} {reason} is no longer documented"
        );
    }
}

#[test]
pub(super) fn the_docs_lists_parse() {
    let http = documented_http();
    assert!(http.contains(&(503, "overloaded".to_string())), "{http:?}");
    assert!(http.contains(&(409, "self_ban".to_string())), "{http:?}");
    let socket = documented_socket();
    assert!(
        socket.contains("not_a_bot") && socket.contains("bad_json"),
        "{socket:?}"
    );
    assert!(!socket.iter().any(|c| c.starts_with('-')));
    let close = documented_close();
    assert!(close.contains(&(1008, "too slow".to_string())), "{close:?}");
    assert!(close.contains(&(4003, "banned".to_string())), "{close:?}");
    assert!(close.contains(&(1012, String::new())), "{close:?}");
}
