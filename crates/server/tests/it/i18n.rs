//! The server's error sentences follow the reader's language, over HTTP and over a socket:
//! the `lang` cookie first, then `Accept-Language`, else English; the code never changes.

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;

use crate::common::{within, Server};

/// `method path` with `headers`: the status, the error's code and message.
async fn refusal(
    s: &Server,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> (u16, String, String) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut req = reqwest::Client::new().request(method, s.url(path));
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    let body: Value = r.json().await.unwrap();
    let text = |k: &str| body["error"][k].as_str().unwrap_or_default().to_string();
    (status, text("code"), text("message"))
}

#[tokio::test]
async fn an_http_error_answers_in_the_readers_language_with_the_same_code() {
    let s = Server::memory().await;
    // A refusal the server writes as JSON (no such endpoint), and one axum writes as text
    // (a method the path does not take), which the server makes JSON.
    for (method, path, code) in [
        ("GET", "/api/nope", "not_found"),
        ("DELETE", "/api/games", "method_not_allowed"),
    ] {
        let (status, c, english) = refusal(&s, method, path, &[]).await;
        assert_eq!(c, code);
        assert!(english.is_ascii() && !english.is_empty(), "{english}");
        let (status_ru, c, russian) = refusal(
            &s,
            method,
            path,
            &[("accept-language", "ru-RU,ru;q=0.9,en;q=0.5")],
        )
        .await;
        assert_eq!((status_ru, c.as_str()), (status, code));
        let expected = server::i18n::error_message(server::i18n::Lang::Ru, code, None).unwrap();
        assert_eq!(russian, expected);
        assert!(
            russian.chars().any(|ch| ('а'..='я').contains(&ch)),
            "{russian}"
        );
        // The cookie the page's switch sets wins over Accept-Language.
        let (_, c, portuguese) = refusal(
            &s,
            method,
            path,
            &[("accept-language", "ru"), ("cookie", "lang=pt-BR")],
        )
        .await;
        assert_eq!(c, code);
        assert_eq!(
            portuguese,
            server::i18n::error_message(server::i18n::Lang::PtBr, code, None).unwrap()
        );
        // A language the server does not have reads English.
        let (_, _, other) = refusal(&s, method, path, &[("accept-language", "de-DE")]).await;
        assert_eq!(other, english);
    }
}

/// A socket to `room` with `token` whose upgrade request carries `headers`.
async fn socket(
    s: &Server,
    room: &str,
    token: &str,
    headers: &[(&'static str, &'static str)],
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let mut req = format!("ws://{}/ws?room={room}&token={token}", s.addr)
        .into_client_request()
        .unwrap();
    for (k, v) in headers {
        req.headers_mut().insert(*k, HeaderValue::from_static(v));
    }
    let (ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    ws
}

/// Sends `message` (with id 7) and returns the `error` answering it.
async fn error_of(
    ws: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    message: Value,
) -> Value {
    ws.send(Message::Text(message.to_string().into()))
        .await
        .unwrap();
    loop {
        let frame = within("the answer", ws.next()).await.unwrap().unwrap();
        let Message::Text(text) = frame else { continue };
        let v: Value = serde_json::from_str(&text).unwrap();
        if v["id"] == json!(7) {
            assert_eq!(v["type"], "error", "{v}");
            return v["data"].clone();
        }
    }
}

#[tokio::test]
async fn a_socket_error_answers_in_the_language_of_its_upgrade() {
    let s = Server::memory().await;
    let (_, token) = s.player().await;
    let (status, room) = s
        .create_room(&token, json!({"game": "neva", "seat": "white"}))
        .await;
    assert_eq!(status, 200, "{room}");
    let room = room["id"].as_str().unwrap().to_string();
    let cases: [(&[(&str, &str)], server::i18n::Lang); 4] = [
        (&[], server::i18n::Lang::En),
        (&[("accept-language", "ru")], server::i18n::Lang::Ru),
        (
            &[("accept-language", "pt-BR,pt;q=0.9")],
            server::i18n::Lang::PtBr,
        ),
        (
            &[("accept-language", "ru"), ("cookie", "lang=pt-BR")],
            server::i18n::Lang::PtBr,
        ),
    ];
    for (headers, lang) in cases {
        let mut ws = socket(&s, &room, &token, headers).await;
        // The room's refusal (a lobby code) and the socket's own (a server code).
        let start = error_of(&mut ws, json!({"type": "start", "id": 7, "data": {}})).await;
        assert_eq!(start["code"], "not_all_seats_taken", "{start}");
        let unknown = error_of(&mut ws, json!({"type": "frobnicate", "id": 7, "data": {}})).await;
        assert_eq!(unknown["code"], "unknown_type", "{unknown}");
        for e in [start, unknown] {
            let message = e["message"].as_str().unwrap();
            let code = e["code"].as_str().unwrap();
            match lang {
                // English keeps the refusal's own words.
                server::i18n::Lang::En => {
                    assert!(message.is_ascii() && !message.is_empty(), "{message}")
                }
                lang => assert_eq!(
                    Some(message.to_string()),
                    server::i18n::error_message(lang, code, None),
                    "{headers:?}"
                ),
            }
        }
    }
}
