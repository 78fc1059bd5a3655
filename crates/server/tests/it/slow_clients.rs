//! Slow and non-reading clients: thousands of connections from one
//! address that send a header byte now and then, and hundreds of WebSockets that never read,
//! while a client at another address plays a game to its end. The slow ones are held only
//! up to the address's cap and cut by the header timeout, the rest refused at accept; the
//! non-reading ones are dropped within the documented time once their buffers are full; the
//! game goes on as if nothing happened. Each group has an address of its own (the client
//! sockets are bound to 127.0.0.2 and 127.0.0.3; the players use 127.0.0.1).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rules::{AnyOptions, AnyPosition, Seat, Variant};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use crate::common::{self, Server};

/// A connection to `server` from `source` (a loopback address of its own), its receive
/// buffer set to `rcvbuf` when given.
pub async fn connect_from(
    source: &str,
    server: SocketAddr,
    rcvbuf: Option<u32>,
) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(source.parse::<IpAddr>().unwrap(), 0))?;
    if let Some(n) = rcvbuf {
        socket.set_recv_buffer_size(n)?;
    }
    socket.connect(server).await
}

/// A client-to-server WebSocket text frame (masked, as RFC 6455 asks of clients).
fn text_frame(text: &str) -> Vec<u8> {
    let payload = text.as_bytes();
    let mut frame = vec![0x81];
    if payload.len() < 126 {
        frame.push(0x80 | payload.len() as u8);
    } else {
        frame.push(0x80 | 126);
        frame.extend_from_slice(&(payload.len() as u16).to_be_bytes());
    }
    let mask = [0x12, 0x34, 0x56, 0x78];
    frame.extend_from_slice(&mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    frame
}

/// Opens a WebSocket to `room` with `token` over `tcp` by hand, reading nothing but the
/// answer's status line and headers; `None` when the upgrade is refused.
async fn raw_upgrade(
    mut tcp: TcpStream,
    host: SocketAddr,
    room: &str,
    token: &str,
) -> Option<TcpStream> {
    let request = format!(
        "GET /ws?room={room}&token={token} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n"
    );
    tcp.write_all(request.as_bytes()).await.ok()?;
    // Byte by byte up to the blank line: what follows (the snapshot) stays unread.
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if tcp.read(&mut byte).await.ok()? == 0 {
            return None;
        }
        head.push(byte[0]);
    }
    head.starts_with(b"HTTP/1.1 101").then_some(tcp)
}

/// How a slow connection ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slow {
    /// Answered 429 at accept.
    Refused,
    /// Held, then closed by the server (after this long).
    Cut(Duration),
    /// Still open when the test gave up on it.
    Held,
}

/// A connection from 127.0.0.2 that sends the start of a request, then one header byte
/// every 300 ms, until the server ends it.
async fn slow_client(server: SocketAddr, give_up: Duration) -> Slow {
    let Ok(mut tcp) = connect_from("127.0.0.2", server, None).await else {
        // The server's backlog was full: refused as well as can be.
        return Slow::Refused;
    };
    let start = Instant::now();
    if tcp
        .write_all(b"GET /api/games HTTP/1.1\r\nX-Slow: ")
        .await
        .is_err()
    {
        return Slow::Cut(start.elapsed());
    }
    let mut buf = [0u8; 512];
    loop {
        match tokio::time::timeout(Duration::from_millis(300), tcp.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => {
                if buf.starts_with(b"HTTP/1.1 429") {
                    return Slow::Refused;
                }
                // Hyper may answer the timeout before it closes: read on to the end.
            }
            Ok(_) => return Slow::Cut(start.elapsed()),
            Err(_) => {
                if start.elapsed() > give_up {
                    return Slow::Held;
                }
                if tcp.write_all(b"a").await.is_err() {
                    return Slow::Cut(start.elapsed());
                }
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_and_non_reading_clients_do_not_hold_the_server() {
    // Thousands of sockets in this process (client and server ends).
    let limit = rlimit::increase_nofile_limit(u64::MAX).unwrap();
    const SLOW: usize = 1500;
    const CAP: usize = 150;
    const DEAF: usize = 120;
    assert!(
        limit > (2 * SLOW + 4 * DEAF + 200) as u64,
        "open files limit {limit}"
    );
    let header_timeout = Duration::from_secs(2);
    let s = Server::with_limits(|l| {
        l.sockets_per_address = CAP;
        l.header_timeout = header_timeout;
        l.max_connections = 10_000;
    })
    .await;
    let (id, mut white, mut black) = s.two_seat_game("queah").await;

    // The slow ones, all at once.
    let slow: Vec<_> = (0..SLOW)
        .map(|_| tokio::spawn(slow_client(s.addr, Duration::from_secs(20))))
        .collect();

    // The deaf ones: spectators with identities, each saying five long lines in the
    // spectators' chat (what every other spectator is sent), reading nothing.
    let mut deaf = Vec::new();
    for _ in 0..DEAF {
        let (_, token) = s.player().await;
        let tcp = connect_from("127.0.0.3", s.addr, Some(4096)).await.unwrap();
        let tcp = raw_upgrade(tcp, s.addr, &id, &token)
            .await
            .expect("a spectator's upgrade");
        deaf.push(tcp);
    }
    common::eventually("every spectator attached", || async {
        s.metric("checkerhall_sockets").await == (DEAF + 2) as u64
    })
    .await;
    // Paced so that the room's command queue (`--room-queue`) never fills: the players'
    // moves go through the same room.
    let burst = Instant::now();
    let talk = tokio::spawn(async move {
        let line = "x".repeat(140);
        for tcp in &mut deaf {
            for i in 0..5 {
                let chat = json!({"type": "chat", "id": i, "data": {"channel": "spectators", "text": line}});
                tcp.write_all(&text_frame(&chat.to_string())).await.unwrap();
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        deaf
    });

    // Meanwhile the players at 127.0.0.1 play on, each move answered promptly.
    let variant: Variant = "queah".parse().unwrap();
    let mut pos = AnyPosition::new(variant, &AnyOptions::default_for(variant)).unwrap();
    let mut slowest = Duration::ZERO;
    for _ in 0..16 {
        let mv = pos.legal_moves()[0];
        let text = pos.move_to_string(&mv);
        let mover = if pos.turn().unwrap() == Seat::WHITE {
            &mut white
        } else {
            &mut black
        };
        pos = pos.play(&mv).map_err(|e| e.kind).unwrap();
        mover.event("your_turn").await;
        let asked = Instant::now();
        mover.act("move", json!({"move": text})).await;
        slowest = slowest.max(asked.elapsed());
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    black.act("resign", json!({})).await;
    for c in [&mut white, &mut black] {
        let fin = c.event("finished").await;
        assert_eq!(fin["data"]["outcome"]["winners"], json!(["white"]), "{fin}");
    }
    // Every move was answered (`act` waits for the answer); how fast is a figure.
    println!("slowest move answered in {slowest:?}");
    // Held until the end: the server, not the client, must let them go.
    let _deaf = talk.await.unwrap();

    // The deaf spectators are dropped once their buffers are full: 10 s after a stuck
    // client stops taking anything (protocol.md), after the few seconds the burst takes to
    // fill them. The deadline only keeps a server that never drops them from hanging the
    // test; how long it took is printed.
    let deadline = Instant::now() + Duration::from_secs(40);
    loop {
        let open = s.metric("checkerhall_sockets").await;
        if open == 2 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{open} sockets still open ({} stalled, {} resyncs)",
            s.metric("checkerhall_ws_stalled").await,
            s.metric("checkerhall_ws_resyncs_total").await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let dropped = burst.elapsed();
    println!("deaf spectators dropped {dropped:?} after the chat burst");
    assert_eq!(s.metric("checkerhall_ws_stalled").await, 0);

    // The slow ones: at most the cap held at once, each cut by the header timeout (held
    // for 20 s, ten times the timeout, it was not cut at all).
    let mut refused = 0;
    let mut cut = 0;
    let mut longest = Duration::ZERO;
    for task in slow {
        match task.await.unwrap() {
            Slow::Refused => refused += 1,
            Slow::Cut(after) => {
                cut += 1;
                longest = longest.max(after);
            }
            Slow::Held => panic!("a slow client was held for 20 s"),
        }
    }
    println!(
        "slow clients: {refused} refused at accept, {cut} cut by the header timeout \
         ({header_timeout:?}), the longest held {longest:?}"
    );
    assert!(refused >= SLOW - 2 * CAP, "only {refused} refused");
    assert!(cut >= 1, "none was held at all");
    assert!(s.metric("checkerhall_connections_refused_total").await >= refused as u64 / 2);
    // Everything they held is given back.
    let held = Arc::new(AtomicUsize::new(0));
    common::eventually("the slow clients' connections are gone", || {
        let held = held.clone();
        let s = &s;
        async move {
            let open = s.metric("checkerhall_connections_open").await;
            held.store(open as usize, Ordering::Relaxed);
            // The players' two sockets and the metrics request itself.
            open <= 4
        }
    })
    .await;
    // The address can connect again.
    let tcp = connect_from("127.0.0.2", s.addr, None).await.unwrap();
    let mut tcp = tcp;
    tcp.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut out = Vec::new();
    tcp.read_to_end(&mut out).await.unwrap();
    assert!(
        out.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&out)
    );
}

/// A request body that does not arrive in time is answered 408 `timeout`.
#[tokio::test]
async fn a_slow_body_is_answered_408() {
    let s = Server::with_limits(|l| l.body_timeout = Duration::from_secs(1)).await;
    let (_, token) = s.player().await;
    let mut tcp = TcpStream::connect(s.addr).await.unwrap();
    let head = format!(
        "POST /api/rooms HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: 40\r\n\r\n{{\"game\":"
    );
    tcp.write_all(head.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    let started = Instant::now();
    common::within("the 408", tcp.read_to_end(&mut out))
        .await
        .ok();
    let text = String::from_utf8_lossy(&out);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("\"code\":\"timeout\""), "{text}");
    println!("408 after {:?} (body timeout 1 s)", started.elapsed());
}

/// A socket that sends nothing but pings and is sent nothing is closed as idle (4002),
/// unless its player holds a seat in the room: a player waiting on a slow opponent is sent
/// nothing either, and closing it would open a claim against them.
#[tokio::test]
async fn an_idle_socket_is_closed_with_4002() {
    let s = Server::with_limits(|l| l.socket_idle = Some(Duration::from_secs(2))).await;
    let (host_id, host_token) = s.player().await;
    let (_, token) = s.player().await;
    let (_, room) = s
        .create_room(&host_token, json!({"game": "queah", "seat": "white"}))
        .await;
    let id = room["id"].as_str().unwrap();
    let mut host = s.ws(id, Some(&host_token), None).await;
    let snap = host.until("snapshot", |v| v["type"] == "snapshot").await;
    assert!(
        snap["data"]["seats"]
            .to_string()
            .contains(&host_id.id.to_string()),
        "the host sits: {snap}"
    );
    let mut c = s.ws(id, Some(&token), None).await;
    c.until("snapshot", |v| v["type"] == "snapshot").await;
    let started = Instant::now();
    // Pings keep the connection alive but do not count as activity.
    let close = loop {
        use futures_util::{SinkExt, StreamExt};
        c.ws.send(tokio_tungstenite::tungstenite::Message::Text(
            json!({"type": "ping", "id": 1}).to_string().into(),
        ))
        .await
        .ok();
        match tokio::time::timeout(Duration::from_millis(500), c.ws.next()).await {
            Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Close(f)))) => break f,
            Ok(Some(Ok(_))) | Err(_) => {}
            Ok(other) => panic!("the socket ended without a Close: {other:?}"),
        }
        assert!(
            started.elapsed() < common::WAIT,
            "not closed as idle within {:?}",
            common::WAIT
        );
    };
    let close = close.expect("a close frame");
    assert_eq!(u16::from(close.code), 4002);
    assert_eq!(close.reason.as_str(), "idle");
    // Not before its idle time (a lower bound: a loaded machine only makes it later).
    let after = started.elapsed();
    assert!(
        after >= Duration::from_millis(1500),
        "closed after {after:?}"
    );
    println!("closed as idle after {after:?} (idle time 2 s)");
    // The seated host's socket, as quiet all along, is still open and answers.
    host.send("ping", json!({})).await;
    host.until("pong", |v| v["type"] == "pong").await;
}

/// What a raw client read from its socket: whole server frames, in order.
#[derive(Debug, Default)]
struct Frames {
    /// Bytes read but not yet a whole frame.
    pending: Vec<u8>,
    /// `snapshot` messages read so far.
    snapshots: usize,
    /// The Close frame's code and reason, once read.
    close: Option<(u16, String)>,
}

impl Frames {
    /// Takes the whole frames at the front of what was read (server frames are unmasked).
    fn take(&mut self, bytes: &[u8]) {
        const SNAPSHOT: &[u8] = b"\"type\":\"snapshot\"";
        self.pending.extend_from_slice(bytes);
        loop {
            let p = &self.pending;
            if p.len() < 2 {
                return;
            }
            let (len, head) = match p[1] & 0x7f {
                126 if p.len() >= 4 => (u16::from_be_bytes([p[2], p[3]]) as usize, 4),
                127 if p.len() >= 10 => {
                    let n = u64::from_be_bytes(p[2..10].try_into().unwrap());
                    (usize::try_from(n).unwrap(), 10)
                }
                126 | 127 => return,
                n => (n as usize, 2),
            };
            if p.len() < head + len {
                return;
            }
            let payload = &p[head..head + len];
            match p[0] & 0x0f {
                0x1 if payload.windows(SNAPSHOT.len()).any(|w| w == SNAPSHOT) => {
                    self.snapshots += 1;
                }
                0x8 if payload.len() >= 2 => {
                    let code = u16::from_be_bytes([payload[0], payload[1]]);
                    let reason = String::from_utf8_lossy(&payload[2..]).into_owned();
                    self.close = Some((code, reason));
                }
                _ => {}
            }
            self.pending.drain(..head + len);
        }
    }
}

/// Reads what `tcp` has until it stays quiet for half a second or the server closes.
async fn read_while_sent(tcp: &mut TcpStream, frames: &mut Frames) {
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        match tokio::time::timeout(Duration::from_millis(500), tcp.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => frames.take(&buf[..n]),
            Ok(_) | Err(_) => return,
        }
        if frames.close.is_some() {
            return;
        }
    }
}

/// A spectator whose client stops reading while the room goes on falls behind the room's
/// ring of changes; each time it reads again it is sent a snapshot in place of what it
/// missed, and the fourth time it falls behind it is closed with 1008 "too slow". The ring
/// (`socket_queue`) and the send buffer are made small so that a few dozen chat lines are
/// enough to fall behind; the lines come from spectators who read all they are sent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_keeps_falling_behind_is_closed_1008_too_slow() {
    const TALKERS: usize = 160;
    let s = Server::with_limits(|l| {
        l.socket_queue = 2;
        l.socket_send_buffer = 4096;
        l.sockets_per_address = TALKERS + 20;
    })
    .await;
    let (id, _white, _black) = s.two_seat_game("queah").await;

    let (_, token) = s.player().await;
    let tcp = connect_from("127.0.0.3", s.addr, Some(4096)).await.unwrap();
    let mut slow = raw_upgrade(tcp, s.addr, &id, &token)
        .await
        .expect("the slow spectator's upgrade");
    let mut frames = Frames::default();

    // Talkers from another address, each saying at most the chat's burst of lines, so that
    // no line is refused as too fast; each reads (and drops) all it is sent.
    let mut talkers = Vec::new();
    for _ in 0..TALKERS {
        let (_, token) = s.player().await;
        let tcp = connect_from("127.0.0.2", s.addr, None).await.unwrap();
        let tcp = raw_upgrade(tcp, s.addr, &id, &token)
            .await
            .expect("a talker's upgrade");
        let (mut read, write) = tcp.into_split();
        tokio::spawn(async move {
            let mut buf = vec![0u8; 64 * 1024];
            while read.read(&mut buf).await.is_ok_and(|n| n > 0) {}
        });
        talkers.push(write);
    }
    common::eventually("every socket attached", || async {
        s.metric("checkerhall_sockets").await == (TALKERS + 3) as u64
    })
    .await;

    let line = "x".repeat(140);
    let mut talkers = talkers.into_iter();
    let mut rounds = 0;
    while frames.close.is_none() {
        rounds += 1;
        // The slow client reads nothing while 20 talkers say 5 lines each (each line, as
        // every spectator is sent it, is one of the room's changes), paced so that the
        // room's command queue never fills; then it reads all that comes.
        let speaking: Vec<_> = talkers.by_ref().take(20).collect();
        assert_eq!(
            speaking.len(),
            20,
            "out of talkers after {rounds} rounds: {} snapshots, no close",
            frames.snapshots
        );
        for mut w in speaking {
            for i in 0..5 {
                let chat = json!({"type": "chat", "id": i, "data": {"channel": "spectators", "text": line}});
                w.write_all(&text_frame(&chat.to_string())).await.unwrap();
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        read_while_sent(&mut slow, &mut frames).await;
    }
    println!(
        "closed after {rounds} rounds of 100 lines, {} snapshots",
        frames.snapshots
    );
    assert_eq!(
        frames.close,
        Some((1008, "too slow".to_string())),
        "closed otherwise"
    );
    // The first snapshot on connect, then one for each of the three times it fell behind
    // and was let go on.
    assert_eq!(frames.snapshots, 4);
}
