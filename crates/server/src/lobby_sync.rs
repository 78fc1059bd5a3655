//! Lobby-wide state across the nodes (`docs/cluster.md`, "What is shared beyond rooms"):
//! the live room list (`rooms::shared_list`), bans and session ends, and tournaments.
//!
//! - **Sockets.** A ban or a session's end is stored as on one node, this node's sockets are
//!   closed, and a note ([`Note::ClosePlayer`], [`Note::CloseSession`]) tells every other node to close its own ([`close_player`],
//!   [`close_session`]). A node whose listener reconnected checks its open sockets against
//!   the tables (banned players, sessions that no longer exist) and closes those. A new name
//!   ([`Note::Renamed`]) reaches the rooms each node owns the same way.
//! - **Tournaments.** The directors run on one node: the holder of a Postgres advisory lock
//!   taken on a connection of its own ([`LEADER_KEY`]), kept open while the node lives. The
//!   other nodes try again every renewal; when the holder dies, its connection closes, the
//!   lock goes with it, and the next node to try takes it and restores the directors. Every
//!   change of an event is notified ([`Note::Tournament`]): every node's standings streams read it
//!   again, and the leader wakes (or starts) that event's director, so a registration on any
//!   node reaches it. The leader also sweeps the dead nodes' rows from `room_listing`.

use std::time::Duration;

use sqlx::{Connection, PgConnection};
use tokio::sync::broadcast;
use uuid::Uuid;

use crate::accounts::SESSION_ENDED;
use crate::cluster::bus::Heard;
use crate::cluster::Cluster;
use crate::connections::Sockets;
use crate::rooms::shared_list as listing;
use crate::rooms::Rooms;
use crate::tournaments::Tournaments;
use crate::wire::Note;

/// The advisory lock whose holder runs the tournaments' directors ("CHKHALL1").
pub(crate) const LEADER_KEY: i64 = 0x4348_4b48_414c_4c31;

/// The close code of a ban.
pub(crate) const BANNED: u16 = 4003;

/// The reason sent with a close `code` told by another node.
fn reason_of(code: u16) -> &'static str {
    match code {
        BANNED => "banned",
        SESSION_ENDED => "session ended",
        _ => "closed",
    }
}

/// Starts this node's part of the lobby: the listing's writer and reader, the sockets'
/// listener, the tournaments' listener and the contest for the directors. Call once, after
/// the state is made; a single node does not.
pub(crate) fn start(
    cluster: &Cluster,
    rooms: &Rooms,
    sockets: &Sockets,
    tournaments: &Tournaments,
) {
    let bus = cluster.bus();
    tokio::spawn(run_listing(cluster.clone(), rooms.clone(), bus.subscribe()));
    tokio::spawn(run_sockets(rooms.clone(), sockets.clone(), bus.subscribe()));
    tokio::spawn(run_tourney(
        rooms.clone(),
        tournaments.clone(),
        bus.subscribe(),
    ));
    tokio::spawn(lead(cluster.clone(), rooms.clone(), tournaments.clone()));
}

/// What a subscriber heard next: a note, or "read the tables again" (a reconnection, or a
/// queue overrun), or nothing more (the bus is gone).
enum Next {
    Note(Note),
    Reread,
    End,
}

async fn next(rx: &mut broadcast::Receiver<Heard>) -> Next {
    match rx.recv().await {
        Ok(Heard::Note(note)) => Next::Note(note),
        Ok(Heard::Reconnected) | Err(broadcast::error::RecvError::Lagged(_)) => Next::Reread,
        Err(broadcast::error::RecvError::Closed) => Next::End,
    }
}

/// Resolves once shutdown begins.
async fn stopped(rooms: &Rooms) {
    let mut stop = rooms.stopping();
    if stop.wait_for(|s| *s).await.is_err() {
        std::future::pending::<()>().await;
    }
}

/// The listing: writes this node's rows as its feed queues them, and takes in the other
/// nodes' rows as they are notified (all of them at start and after a missed note).
async fn run_listing(cluster: Cluster, rooms: Rooms, mut rx: broadcast::Receiver<Heard>) {
    if let Err(e) = listing::reload(&cluster, &rooms).await {
        tracing::warn!(error = %e, "the other nodes' rooms not read at start");
    }
    loop {
        tokio::select! {
            () = stopped(&rooms) => return,
            changed = rooms.feed().pending() => listing::write(&cluster, &rooms, changed).await,
            heard = next(&mut rx) => match heard {
                Next::Note(Note::Listed { room: id }) => {
                    if let Err(e) = listing::heard(&cluster, &rooms, id).await {
                        tracing::warn!(room = %id, error = %e, "listing row not read");
                    }
                }
                Next::Note(..) => {}
                Next::Reread => {
                    if let Err(e) = listing::reload(&cluster, &rooms).await {
                        tracing::warn!(error = %e, "the other nodes' rooms not read again");
                    }
                }
                Next::End => return,
            },
        }
    }
}

/// Closes `player`'s sockets on this node with `code` (`reason`) and tells every other node
/// to close theirs. The ban is stored before: a node that misses the note finds it when it
/// checks its sockets.
pub(crate) async fn close_player(
    sockets: &Sockets,
    cluster: Option<&Cluster>,
    player: Uuid,
    code: u16,
    reason: &'static str,
) {
    sockets.close_player(player, code, reason);
    if let Some(c) = cluster {
        if let Err(e) = c.bus().notify(&Note::ClosePlayer { player, code }).await {
            tracing::warn!(%player, error = %e, "the other nodes not told to close the player's sockets");
        }
    }
}

/// Closes the sockets opened with `session`'s token on this node and tells every other
/// node to close theirs. The session is deleted before.
pub(crate) async fn close_session(sockets: &Sockets, cluster: Option<&Cluster>, session: Uuid) {
    sockets.close_session(session, SESSION_ENDED, reason_of(SESSION_ENDED));
    if let Some(c) = cluster {
        if let Err(e) = c.bus().notify(&Note::CloseSession { session }).await {
            tracing::warn!(%session, error = %e, "the other nodes not told to close the session's sockets");
        }
    }
}

/// Closes the open sockets of banned players and of sessions that ended, as the tables say.
async fn recheck_sockets(rooms: &Rooms, sockets: &Sockets) {
    let (players, sessions) = sockets.open_identities();
    if players.is_empty() && sessions.is_empty() {
        return;
    }
    match rooms.store().ended_among(&players, &sessions).await {
        Ok((banned, ended)) => {
            for p in banned {
                sockets.close_player(p, BANNED, reason_of(BANNED));
            }
            for s in ended {
                sockets.close_session(s, SESSION_ENDED, reason_of(SESSION_ENDED));
            }
        }
        Err(e) => tracing::warn!(error = %e, "open sockets not checked against bans and sessions"),
    }
}

/// Closes this node's sockets as the other nodes tell it.
async fn run_sockets(rooms: Rooms, sockets: Sockets, mut rx: broadcast::Receiver<Heard>) {
    loop {
        tokio::select! {
            () = stopped(&rooms) => return,
            heard = next(&mut rx) => match heard {
                Next::Note(Note::ClosePlayer { player, code }) => {
                    sockets.close_player(player, code, reason_of(code));
                }
                Next::Note(Note::CloseSession { session }) => {
                    sockets.close_session(session, SESSION_ENDED, reason_of(SESSION_ENDED));
                }
                Next::Note(Note::Renamed { player }) => {
                    let rooms = rooms.clone();
                    tokio::spawn(async move { rooms.renamed_elsewhere(player).await });
                }
                Next::Note(..) => {}
                Next::Reread => recheck_sockets(&rooms, &sockets).await,
                Next::End => return,
            },
        }
    }
}

/// Passes the tournaments' notes to this node's streams and (on the leader) directors.
async fn run_tourney(rooms: Rooms, tournaments: Tournaments, mut rx: broadcast::Receiver<Heard>) {
    loop {
        tokio::select! {
            () = stopped(&rooms) => return,
            heard = next(&mut rx) => match heard {
                Next::Note(Note::Tournament { id }) => tournaments.heard(id),
                Next::Note(..) => {}
                Next::Reread => {
                    if let Err(e) = tournaments.heard_all().await {
                        tracing::warn!(error = %e, "tournaments not read again");
                    }
                }
                Next::End => return,
            },
        }
    }
}

/// The contest for the directors: every renewal, the leader checks that its lock's
/// connection still answers (a lost connection lost the lock: the directors stop), and
/// every other node tries to take the lock. The leader also sweeps the rows of rooms no
/// node serves from `room_listing`.
async fn lead(cluster: Cluster, rooms: Rooms, tournaments: Tournaments) {
    let settings = cluster.settings().clone();
    let mut every = tokio::time::interval(settings.renew);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let sweep_every = (settings.lease.as_millis() / settings.renew.as_millis().max(1)).max(1);
    let lease_ms = i64::try_from(settings.lease.as_millis()).unwrap_or(i64::MAX);
    let mut held: Option<PgConnection> = None;
    let mut ticks: u128 = 0;
    loop {
        tokio::select! {
            () = stopped(&rooms) => break,
            _ = every.tick() => {}
        }
        ticks += 1;
        match held.as_mut() {
            Some(conn) => {
                let alive = tokio::time::timeout(settings.lease, conn.ping()).await;
                if !matches!(alive, Ok(Ok(()))) {
                    tracing::warn!(node = %cluster.name(), "the directors' lock is lost");
                    held = None;
                    tournaments.step_down().await;
                }
            }
            None => {
                if let Some(conn) = rooms.store().try_advisory_lock(LEADER_KEY).await {
                    tracing::info!(node = %cluster.name(), "this node runs the tournaments' directors");
                    held = Some(conn);
                    if let Err(e) = tournaments.lead().await {
                        tracing::warn!(error = %e, "tournaments not restored; trying again");
                        tournaments.step_down().await;
                        held = None;
                    }
                }
            }
        }
        if held.is_some() && ticks % sweep_every == 0 {
            sweep(&cluster, &rooms, lease_ms).await;
        }
    }
    if let Some(conn) = held {
        // Closing the connection releases the lock at once for the next node.
        let _ = tokio::time::timeout(Duration::from_secs(1), conn.close()).await;
    }
}

/// Deletes the rows no live node wrote for [`listing::SWEEP_GRACE_LEASES`] leases, and
/// notifies each.
async fn sweep(cluster: &Cluster, rooms: &Rooms, lease_ms: i64) {
    let grace = lease_ms.saturating_mul(i64::from(listing::SWEEP_GRACE_LEASES));
    match rooms
        .store()
        .sweep_listing(cluster.epoch(), lease_ms, grace)
        .await
    {
        Ok(gone) => {
            for id in gone {
                tracing::info!(room = %id, "listing row of a room no node serves deleted");
                if let Err(e) = cluster.bus().notify(&Note::Listed { room: id }).await {
                    tracing::warn!(room = %id, error = %e, "listing change not notified");
                }
            }
        }
        Err(e) => tracing::warn!(error = %e, "listing rows not swept"),
    }
}
