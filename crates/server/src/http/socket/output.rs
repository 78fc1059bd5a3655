//! A socket's output: the frames it owes its client, handed to the WebSocket as long as it
//! takes them and flushed once for all, and what the socket's I/O did.

use std::collections::VecDeque;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::time::Instant;

use crate::connections::{Counts, Stall};

use super::CLOSE_GRACE;

/// An answer or a snapshot under way, boxed: it exists only while a message is handled.
pub(super) type Later<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// The output of `f`, once there is one (never, without).
pub(super) async fn later<T>(f: &mut Option<Later<'_, T>>) -> T {
    match f {
        Some(f) => f.await,
        None => std::future::pending().await,
    }
}

/// A socket closing after the server's Close frame (or answering the client's).
pub(super) struct Closing {
    /// When the server stops waiting for the client's Close.
    pub(super) until: Instant,
    /// The client's Close came (or the stream ended): nothing more is read.
    pub(super) read_done: bool,
}

/// What the socket's I/O did.
pub(super) enum Io {
    /// A frame from the client (`None`: the connection ended).
    Read(Option<Result<Message, axum::Error>>),
    /// The output started or stopped waiting for the client: what depends on it is looked
    /// at again.
    Moved,
    /// Writing failed: the connection is gone.
    Failed,
}

/// The frames a socket owes its client, in order. Frames are handed to the WebSocket as
/// long as it takes them and flushed once for all (one write for a command's events and
/// its answer).
pub(super) struct Output {
    /// Not yet handed to the WebSocket.
    pub(super) queue: VecDeque<Message>,
    /// Handed to the WebSocket but not yet flushed.
    pub(super) unflushed: bool,
    /// Since when the client has not taken what is written (`None`: it keeps up).
    pub(super) stuck: Option<Instant>,
    /// Counts the socket as stalled while it is stuck.
    stall: Option<Stall>,
    counts: Arc<Counts>,
    /// Frames queued beyond which the socket takes no more work.
    pub(super) limit: usize,
}

impl Output {
    pub(super) fn new(limit: usize, counts: Arc<Counts>) -> Output {
        Output {
            queue: VecDeque::new(),
            unflushed: false,
            stuck: None,
            stall: None,
            counts,
            limit,
        }
    }

    pub(super) fn push(&mut self, m: Message) {
        self.queue.push_back(m);
    }

    /// Queues a Close frame (the last frame) and starts the close's grace.
    pub(super) fn close(&mut self, code: u16, reason: &'static str) -> Closing {
        self.push(Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        })));
        Closing {
            until: Instant::now() + CLOSE_GRACE,
            read_done: false,
        }
    }

    /// Everything is written and flushed.
    pub(super) fn is_empty(&self) -> bool {
        self.queue.is_empty() && !self.unflushed
    }

    /// Whether the socket should take no more work that produces output: the client is
    /// not taking what it is sent, or the queue is at its bound.
    pub(super) fn full(&self) -> bool {
        self.stuck.is_some() || self.queue.len() >= self.limit
    }

    /// Hands queued frames to the WebSocket and flushes them; then, when `read`, reads a
    /// frame. Cancel-safe: a frame is taken from the queue only when the WebSocket takes
    /// it, and a partly read frame stays in the WebSocket's buffer.
    ///
    /// When `closing`, the last flush is news too ([`Io::Moved`]): the socket ends as soon
    /// as its Close frame is out and the client's has come, rather than when the close's
    /// grace runs out (RFC 6455 7.1.1: the server closes the TCP connection first).
    pub(super) fn poll(
        &mut self,
        ws: &mut WebSocket,
        read: bool,
        closing: bool,
        cx: &mut Context<'_>,
    ) -> Poll<Io> {
        let was_full = self.full();
        let was_empty = self.is_empty();
        while !self.queue.is_empty() {
            match ws.poll_ready_unpin(cx) {
                Poll::Ready(Ok(())) => {}
                Poll::Ready(Err(_)) => return Poll::Ready(Io::Failed),
                Poll::Pending => break,
            }
            let Some(m) = self.queue.pop_front() else {
                break;
            };
            if ws.start_send_unpin(m).is_err() {
                return Poll::Ready(Io::Failed);
            }
            self.unflushed = true;
        }
        if self.queue.is_empty() && self.queue.capacity() > 0 {
            // An idle socket keeps no queue (memory per socket).
            self.queue = VecDeque::new();
        }
        if self.unflushed {
            match ws.poll_flush_unpin(cx) {
                Poll::Ready(Ok(())) => self.unflushed = false,
                Poll::Ready(Err(_)) => return Poll::Ready(Io::Failed),
                Poll::Pending => {}
            }
        }
        match (self.is_empty(), self.stuck) {
            (false, None) => {
                self.stuck = Some(Instant::now());
                self.stall = Some(self.counts.stall());
                return Poll::Ready(Io::Moved);
            }
            (true, Some(_)) => {
                self.stuck = None;
                self.stall = None;
            }
            _ => {}
        }
        if was_full && !self.full() || closing && !was_empty && self.is_empty() {
            return Poll::Ready(Io::Moved);
        }
        if read {
            if let Poll::Ready(frame) = ws.poll_next_unpin(cx) {
                return Poll::Ready(Io::Read(frame));
            }
        }
        Poll::Pending
    }
}
