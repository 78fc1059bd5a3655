//! The server's edges as a strict client sees them: every error body is the documented
//! JSON, compressed once if at all (whatever refused the request: a malformed path, query or
//! body, the router, a limit), and a client's Close ends the connection from the server's
//! side at once (RFC 6455 7.1.1), not after a grace period.

use std::io::Read;
use std::time::Duration;

use crate::common::Server;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// One raw HTTP/1.1 exchange over a fresh connection: the request line's path is sent as
/// bytes (a client may send any), the answer read whole.
async fn raw(s: &Server, method: &str, path: &[u8], headers: &str, body: &[u8]) -> Vec<u8> {
    let addr = s
        .url("")
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let mut tcp = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let mut request = Vec::new();
    request.extend_from_slice(method.as_bytes());
    request.push(b' ');
    request.extend_from_slice(path);
    request.extend_from_slice(b" HTTP/1.1\r\nHost: ");
    request.extend_from_slice(addr.as_bytes());
    request.extend_from_slice(b"\r\nConnection: close\r\n");
    request.extend_from_slice(headers.as_bytes());
    request.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
    request.extend_from_slice(body);
    // A server that refuses a body early may stop reading it: what it answered still
    // counts.
    let _ = tcp.write_all(&request).await;
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), tcp.read_to_end(&mut answer))
        .await
        .expect("the server answers")
        .unwrap();
    answer
}

/// An answer's status, headers (lowercased names) and body, de-chunked and decoded from
/// its `Content-Encoding`.
fn parse(answer: &[u8]) -> (u16, Vec<(String, String)>, Vec<u8>) {
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head");
    let head = String::from_utf8_lossy(&answer[..split]).to_string();
    let mut lines = head.lines();
    let status: u16 = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let header = |name: &str| {
        headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
    };
    let mut body = answer[split + 4..].to_vec();
    if header("transfer-encoding").is_some_and(|v| v.contains("chunked")) {
        body = dechunk(&body);
    }
    let body = match header("content-encoding").as_deref() {
        None => body,
        Some("gzip") => {
            let mut out = Vec::new();
            flate2::read::GzDecoder::new(&body[..])
                .read_to_end(&mut out)
                .expect("a gzip body");
            out
        }
        Some("br") => {
            let mut out = Vec::new();
            brotli::Decompressor::new(&body[..], 4096)
                .read_to_end(&mut out)
                .expect("a brotli body");
            out
        }
        Some(other) => panic!("unexpected encoding {other}"),
    };
    (status, headers, body)
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = body.windows(2).position(|w| w == b"\r\n").unwrap();
        let size =
            usize::from_str_radix(std::str::from_utf8(&body[..line_end]).unwrap().trim(), 16)
                .unwrap();
        body = &body[line_end + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&body[..size]);
        body = &body[size + 2..];
    }
}

/// One bad request: method, raw path, extra headers, body, and the status and code due.
type Case<'a> = (&'a str, &'a [u8], String, &'a [u8], u16, &'a str);

/// Malformed paths, queries and bodies, a missing route and a wrong method, each asked with
/// every encoding a browser offers: each answer is the documented JSON error, with the
/// expected status and code, compressed at most once.
#[tokio::test]
async fn every_error_body_is_json_compressed_once() {
    let s = Server::memory().await;
    let (_, token) = s.player().await;
    let auth = format!("Authorization: Bearer {token}\r\n");
    let json_body = format!("{auth}Content-Type: application/json\r\n");
    let big = vec![b'x'; 3 * 1024 * 1024];
    let cases: Vec<Case<'_>> = vec![
        (
            "GET",
            b"/api/rooms/%E9",
            String::new(),
            b"",
            404,
            "not_found",
        ),
        (
            "GET",
            b"/ws?room=00000000-0000-0000-0000-000000000000",
            String::new(),
            b"",
            400,
            "bad_request",
        ),
        (
            "GET",
            b"/api/history/%FF%FE/export",
            String::new(),
            b"",
            404,
            "not_found",
        ),
        (
            "GET",
            b"/api/rooms?limit=abc",
            String::new(),
            b"",
            400,
            "bad_parameter",
        ),
        (
            "GET",
            b"/api/history?from=yesterday",
            String::new(),
            b"",
            400,
            "bad_parameter",
        ),
        (
            "POST",
            b"/api/rooms",
            json_body.clone(),
            b"{not json",
            400,
            "bad_json",
        ),
        (
            "POST",
            b"/api/rooms",
            json_body.clone(),
            b"{\"game\":\"go\"}",
            400,
            "unknown_game",
        ),
        (
            "POST",
            b"/api/rooms",
            auth.clone(),
            b"{\"game\":\"neva\"}",
            415,
            "unsupported_media_type",
        ),
        (
            "POST",
            b"/api/rooms",
            json_body.clone(),
            &big,
            413,
            "too_large",
        ),
        ("GET", b"/api/nowhere", String::new(), b"", 404, "not_found"),
        (
            "DELETE",
            b"/api/games",
            String::new(),
            b"",
            405,
            "method_not_allowed",
        ),
        ("GET", b"/ws?room=x", String::new(), b"", 400, "bad_request"),
        ("GET", b"/ws", String::new(), b"", 400, "bad_request"),
    ];
    for encoding in ["gzip, deflate, br", "gzip", "br", "identity"] {
        for (method, path, headers, body, status, code) in &cases {
            let headers = format!("{headers}Accept-Encoding: {encoding}\r\n");
            let answer = raw(&s, method, path, &headers, body).await;
            let (got, response_headers, body) = parse(&answer);
            let what = format!("{method} {} ({encoding})", String::from_utf8_lossy(path));
            let v: Value = serde_json::from_slice(&body).unwrap_or_else(|e| {
                panic!(
                    "{what}: not JSON ({e}): {:?}",
                    String::from_utf8_lossy(&body)
                )
            });
            assert_eq!(got, *status, "{what}: {v}");
            assert_eq!(v["error"]["code"], json!(code), "{what}: {v}");
            assert!(v["error"]["message"].is_string(), "{what}: {v}");
            let encodings = response_headers
                .iter()
                .filter(|(k, _)| k == "content-encoding")
                .count();
            assert!(encodings <= 1, "{what}: {response_headers:?}");
            let typed = response_headers
                .iter()
                .any(|(k, v)| k == "content-type" && v.starts_with("application/json"));
            assert!(typed, "{what}: {response_headers:?}");
        }
    }
}

/// A conforming client sends Close, reads the server's Close and waits for the server to
/// drop the TCP connection: the server does so at once, well within its 2 s grace.
#[tokio::test]
async fn the_server_closes_the_connection_first() {
    let s = Server::memory().await;
    let (_, token) = s.player().await;
    let (status, room) = s.create_room(&token, json!({"game": "queah"})).await;
    assert!(status < 300, "{status} {room}");
    let id = room["id"].as_str().unwrap();
    for _ in 0..3 {
        let mut ws = s.ws(id, Some(&token), None).await.ws;
        // The first message (the snapshot) shows the socket is attached.
        tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("a snapshot")
            .unwrap()
            .unwrap();
        ws.send(Message::Close(None)).await.unwrap();
        let started = tokio::time::Instant::now();
        let ended = tokio::time::timeout(Duration::from_millis(1_000), async {
            // tungstenite answers our Close's reply and then reads until the server ends
            // the stream; the stream's end is the server's FIN.
            while let Some(frame) = ws.next().await {
                if frame.is_err() {
                    break;
                }
            }
        })
        .await;
        assert!(
            ended.is_ok(),
            "the server kept the connection open after the close handshake ({:?})",
            started.elapsed()
        );
    }
}
