//! `idle`: what idle waiting rooms and idle seated sockets cost the server in memory.
//!
//! First `rooms` waiting rooms are made (each with its host seated over HTTP, no socket),
//! then `sockets` sockets are opened on them, two per room, both seated (the second takes
//! the free seat), and left idle. The server's resident memory (`VmRSS` of the process
//! given) is read before, after the rooms and after the sockets; the differences divided by
//! the counts are the costs per waiting room and per idle socket.

use std::time::Duration;

use anyhow::{bail, Context};
use futures_util::stream::{self, StreamExt, TryStreamExt};
use serde_json::json;
use uuid::Uuid;

use crate::client::{self, rss_kib, Api, Identity, Socket};

/// Most unfinished rooms one identity may host (the server's default limit).
const ROOMS_PER_HOST: usize = 10;
/// Requests and upgrades in flight at once.
const PARALLEL: usize = 32;

/// Settings of an `idle` run.
#[derive(Clone, Debug)]
pub struct IdleSettings {
    /// Waiting rooms to make.
    pub rooms: usize,
    /// Idle seated sockets to open (at most two per room).
    pub sockets: usize,
    /// The server's process id (for `/proc/<pid>/status`).
    pub pid: u32,
    /// Game key.
    pub game: String,
}

/// Memory figures of an `idle` run.
#[derive(Clone, Debug)]
pub struct IdleReport {
    /// The settings.
    pub settings: IdleSettings,
    /// RSS before, KiB.
    pub rss_start_kib: u64,
    /// RSS with the rooms, KiB.
    pub rss_rooms_kib: u64,
    /// RSS with the rooms and the sockets, KiB.
    pub rss_sockets_kib: u64,
}

impl IdleReport {
    /// KiB per waiting room.
    pub fn per_room_kib(&self) -> f64 {
        self.rss_rooms_kib.saturating_sub(self.rss_start_kib) as f64
            / self.settings.rooms.max(1) as f64
    }

    /// KiB per idle seated socket.
    pub fn per_socket_kib(&self) -> f64 {
        self.rss_sockets_kib.saturating_sub(self.rss_rooms_kib) as f64
            / self.settings.sockets.max(1) as f64
    }
}

/// Runs `settings` against `api`.
///
/// # Errors
/// More sockets than two per room, an unreadable `/proc` entry, or a request the server
/// refused (the run stops: memory per item means nothing with items missing).
pub async fn run(api: &Api, settings: &IdleSettings) -> anyhow::Result<IdleReport> {
    if settings.sockets > settings.rooms * 2 {
        bail!("at most two sockets per room: give --rooms at least sockets / 2");
    }
    let hosts = settings.rooms.div_ceil(ROOMS_PER_HOST) + 1;
    let ids: Vec<Identity> = stream::iter(0..hosts)
        .map(|_| api.identity())
        .buffer_unordered(PARALLEL)
        .try_collect()
        .await
        .context("identities")?;
    settle().await;
    let rss_start_kib = rss_kib(settings.pid)?;
    let rooms: Vec<Uuid> = stream::iter(0..settings.rooms)
        .map(|i| {
            let host = ids[i / ROOMS_PER_HOST].clone();
            let game = settings.game.clone();
            async move { api.create_room(&host, &game).await }
        })
        .buffered(PARALLEL)
        .try_collect()
        .await
        .context("rooms")?;
    settle().await;
    let rss_rooms_kib = rss_kib(settings.pid)?;
    let sockets: Vec<Socket> = stream::iter(0..settings.sockets)
        .map(|k| {
            let i = k / 2;
            let host = k % 2 == 0;
            let who = if host {
                ids[i / ROOMS_PER_HOST].clone()
            } else {
                ids[i / ROOMS_PER_HOST + 1].clone()
            };
            let room = rooms[i];
            async move {
                let mut ws = api.connect(room, &who).await?;
                if !host {
                    client::command(&mut ws, "take_seat", 1, json!({})).await?;
                }
                Ok::<Socket, anyhow::Error>(ws)
            }
        })
        .buffer_unordered(PARALLEL)
        .try_collect()
        .await
        .context("sockets")?;
    settle().await;
    let rss_sockets_kib = rss_kib(settings.pid)?;
    let report = IdleReport {
        settings: settings.clone(),
        rss_start_kib,
        rss_rooms_kib,
        rss_sockets_kib,
    };
    stream::iter(sockets)
        .for_each_concurrent(PARALLEL, |mut ws| async move {
            let _ = tokio::time::timeout(Duration::from_secs(1), ws.close(None)).await;
        })
        .await;
    Ok(report)
}

/// Lets the server finish what the last requests started (tasks, buffers) before reading
/// its memory.
async fn settle() {
    tokio::time::sleep(Duration::from_secs(2)).await;
}

/// Prints the report as text.
pub fn print(r: &IdleReport) {
    let s = &r.settings;
    println!(
        "settings: {} waiting rooms of {}, {} idle seated sockets, server pid {}",
        s.rooms, s.game, s.sockets, s.pid
    );
    println!(
        "server RSS: {} KiB at start, {} KiB with the rooms, {} KiB with the sockets",
        r.rss_start_kib, r.rss_rooms_kib, r.rss_sockets_kib
    );
    println!(
        "per idle waiting room: {:.2} KiB; per idle seated socket: {:.2} KiB",
        r.per_room_kib(),
        r.per_socket_kib()
    );
}
