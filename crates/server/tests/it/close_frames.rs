//! The Close frames `docs/protocol.md` promises, over real sockets: a
//! message over twice the size limit gets 1009 (however far over), a flood past the rate limit 1008, a frame that
//! breaks the WebSocket protocol 1002, a client silent for 60 s 1001, and a client's own
//! Close is answered with a Close. Each socket then ends with the close handshake, not a
//! reset: the stream ends without an error.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use common::{within, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::AsyncWriteExt;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// A socket to a fresh room, seated as its host.
async fn socket(s: &Server) -> Socket {
    let (_, token) = s.player().await;
    let (status, room) = s.create_room(&token, json!({"game": "queah"})).await;
    assert!(status < 300, "{status} {room}");
    let id = room["id"].as_str().unwrap();
    s.ws(id, Some(&token), None).await.ws
}

/// What the server sent up to the end of the stream.
struct Ending {
    /// Error codes of the `error` messages read before the Close.
    errors: Vec<String>,
    /// The Close frame's code and reason.
    close: Option<(u16, String)>,
}

/// Reads to the end of the stream: every message must arrive and the stream must end
/// cleanly (tungstenite reports a connection dropped without the close handshake as an
/// error, which fails here).
async fn read_to_end(ws: &mut Socket) -> Ending {
    let mut end = Ending {
        errors: Vec::new(),
        close: None,
    };
    loop {
        let next = within("the server ends the socket", ws.next()).await;
        match next {
            None => return end,
            Some(Err(e)) => panic!("the socket ended with an error, not a close handshake: {e}"),
            Some(Ok(Message::Close(frame))) => {
                assert!(end.close.is_none(), "two Close frames");
                let frame = frame.expect("the Close frame has a code");
                end.close = Some((u16::from(frame.code), frame.reason.to_string()));
            }
            Some(Ok(Message::Text(t))) => {
                assert!(end.close.is_none(), "a message after the Close frame: {t}");
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["type"] == "error" {
                    end.errors
                        .push(v["data"]["code"].as_str().unwrap().to_string());
                }
            }
            Some(Ok(_)) => {}
        }
    }
}

#[tokio::test]
async fn a_message_over_twice_the_size_limit_gets_close_1009() {
    let s = Server::with_limits(|l| l.max_message_bytes = 1024).await;
    let mut ws = socket(&s).await;
    // Over the limit but under twice it: a typed error, and the socket stays open.
    let big = json!({"type": "ping", "id": 1, "data": {"pad": "x".repeat(1500)}}).to_string();
    ws.send(Message::Text(big.into())).await.unwrap();
    let id = 2;
    ws.send(Message::Text(
        json!({"type": "ping", "id": id}).to_string().into(),
    ))
    .await
    .unwrap();
    let mut codes = Vec::new();
    loop {
        let t = match within("the pong", ws.next()).await {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(_)) => continue,
            end => panic!("the socket ended before the pong: {end:?}"),
        };
        let v: Value = serde_json::from_str(&t).unwrap();
        if v["type"] == "error" {
            codes.push(v["data"]["code"].as_str().unwrap().to_string());
        }
        if v["type"] == "pong" && v["id"] == json!(id) {
            break;
        }
    }
    assert_eq!(codes, ["too_large"]);
    // Over twice the limit: the protocol layer refuses it and the server closes with 1009.
    let huge = "x".repeat(2 * 1024 + 1);
    ws.send(Message::Text(huge.into())).await.unwrap();
    let end = read_to_end(&mut ws).await;
    assert_eq!(end.close.map(|c| c.0), Some(1009));
}

#[tokio::test]
async fn a_frame_many_times_the_read_buffer_still_gets_close_1009() {
    // The default limit (4 KiB) and a frame of 64 KiB: the server reads its header, refuses
    // it, and closes with most of it still unread (the socket read buffer is far smaller).
    // The lingering close reads and drops the rest, so the client gets the Close, not a
    // reset.
    let s = Server::memory().await;
    let mut ws = socket(&s).await;
    let huge = "x".repeat(64 * 1024);
    ws.send(Message::Text(huge.into())).await.unwrap();
    let end = read_to_end(&mut ws).await;
    assert_eq!(end.close.map(|c| c.0), Some(1009));
}

#[tokio::test]
async fn a_flood_over_the_rate_limit_gets_close_1008() {
    let s = Server::with_limits(|l| {
        l.messages_per_second = 1;
        l.message_burst = 1;
    })
    .await;
    let mut ws = socket(&s).await;
    // The server closes after 200 refusals in a row; send more than that at once.
    for id in 0..300u64 {
        let m = json!({"type": "sync", "id": id, "data": {"since": 0}}).to_string();
        if ws.send(Message::Text(m.into())).await.is_err() {
            break;
        }
    }
    let end = read_to_end(&mut ws).await;
    let limited = end.errors.iter().filter(|c| *c == "rate_limited").count();
    assert!(limited >= 200, "{:?}", end.errors);
    assert_eq!(end.close, Some((1008, "rate limit".to_string())));
}

#[tokio::test]
async fn a_frame_that_breaks_the_protocol_gets_close_1002() {
    let s = Server::memory().await;
    let mut ws = socket(&s).await;
    // A client must mask its frames (RFC 6455 5.1): this unmasked text frame "hi" is a
    // protocol error. Written under the WebSocket layer, straight to the TCP stream.
    let MaybeTlsStream::Plain(tcp) = ws.get_mut() else {
        panic!("plain TCP expected");
    };
    tcp.write_all(&[0x81, 0x02, b'h', b'i']).await.unwrap();
    tcp.flush().await.unwrap();
    let end = read_to_end(&mut ws).await;
    assert_eq!(end.close.map(|c| c.0), Some(1002));
}

#[tokio::test]
async fn a_clients_close_is_answered_with_a_close() {
    let s = Server::memory().await;
    let mut ws = socket(&s).await;
    // The first snapshot shows the socket is served before it is closed.
    loop {
        match within("the snapshot", ws.next()).await {
            Some(Ok(Message::Text(t))) => {
                let v: Value = serde_json::from_str(&t).unwrap();
                if v["type"] == "snapshot" {
                    break;
                }
            }
            Some(Ok(_)) => {}
            end => panic!("the socket ended before the snapshot: {end:?}"),
        }
    }
    ws.send(Message::Close(Some(CloseFrame {
        code: CloseCode::Normal,
        reason: "bye".into(),
    })))
    .await
    .unwrap();
    let end = read_to_end(&mut ws).await;
    let (code, _) = end.close.expect("the server answered the Close");
    assert_eq!(code, 1000);
}

/// The Close frames in `bytes`, everything the server sent after the upgrade's headers:
/// each frame's code and reason.
fn close_frames(bytes: &[u8]) -> Vec<(u16, String)> {
    let mut closes = Vec::new();
    let mut at = 0;
    while at + 2 <= bytes.len() {
        // Server frames are unmasked: opcode, then a 7-bit length or its 16/64-bit forms.
        let opcode = bytes[at] & 0x0f;
        let (len, head) = match bytes[at + 1] & 0x7f {
            126 if at + 4 <= bytes.len() => (
                usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]])),
                4,
            ),
            127 if at + 10 <= bytes.len() => {
                let mut n = [0u8; 8];
                n.copy_from_slice(&bytes[at + 2..at + 10]);
                (usize::try_from(u64::from_be_bytes(n)).unwrap(), 10)
            }
            n @ 0..=125 => (usize::from(n), 2),
            _ => break,
        };
        let Some(payload) = bytes.get(at + head..at + head + len) else {
            break;
        };
        if opcode == 0x8 && payload.len() >= 2 {
            closes.push((
                u16::from_be_bytes([payload[0], payload[1]]),
                String::from_utf8_lossy(&payload[2..]).to_string(),
            ));
        }
        at += head + len;
    }
    closes
}

/// A client that reads everything and sends nothing (not even the pongs the server's pings
/// ask for) is closed with 1001 after 60 s of silence. The seated host is never closed as
/// idle, so only the silence can end it. The socket is written by hand: a WebSocket client
/// library would answer the pings.
#[tokio::test]
async fn a_silent_client_gets_close_1001() {
    use tokio::io::AsyncReadExt;
    let s = Server::memory().await;
    let (_, token) = s.player().await;
    let (status, room) = s
        .create_room(&token, json!({"game": "queah", "seat": "white"}))
        .await;
    assert!(status < 300, "{status} {room}");
    let id = room["id"].as_str().unwrap();
    let mut tcp = tokio::net::TcpStream::connect(s.addr).await.unwrap();
    let request = format!(
        "GET /ws?room={id}&token={token} HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n",
        s.addr
    );
    tcp.write_all(request.as_bytes()).await.unwrap();
    let started = std::time::Instant::now();
    // Everything to the end of the stream: the server ends the connection after its Close
    // (it waits a moment for the client's, which never comes). The limit is the silence the
    // protocol allows and the test's usual wait on top.
    let mut got = Vec::new();
    tokio::time::timeout(
        std::time::Duration::from_secs(60) + common::WAIT,
        tcp.read_to_end(&mut got),
    )
    .await
    .expect("the server ends a silent socket")
    .unwrap();
    let head_end = got
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("the upgrade's answer")
        + 4;
    assert!(got.starts_with(b"HTTP/1.1 101"), "{:?}", &got[..head_end]);
    let closes = close_frames(&got[head_end..]);
    assert_eq!(closes, [(1001, "silent too long".to_string())]);
    let after = started.elapsed();
    // Not before the 60 s (a lower bound: a loaded machine only makes it later).
    assert!(
        after >= std::time::Duration::from_secs(60),
        "after {after:?}"
    );
    println!("closed as silent after {after:?}");
}
