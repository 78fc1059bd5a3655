//! The live rooms of every node in one list (`docs/cluster.md`, "What is shared beyond
//! rooms").
//!
//! The node that owns a room keeps its row in `room_listing` while the room is waiting or
//! playing, public or private: the summary the lobby shows, plus what the other nodes need
//! for the lists of a player's games (who sits where, whose move it was, the invite code).
//! It writes the row when the room's feed publishes a change (created, seats, state, gone:
//! never per move), then notifies [`Note::Listed`] with the room's id. Every other node reads that
//! one row and takes it into its feed (`Feed`), so its lobby list, its live
//! lobby stream and its players' games show the room.
//!
//! **Whose move it is** in another node's room is as of the room's last change of seats or
//! state (the game's start, say): the owner does not write a row per move. A player's list
//! of games is exact for the rooms live on the node that serves it.
//!
//! **A dead node's rows** stay shown: their rooms come back on a live node within the
//! takeover time, and the node that claims a room writes its row again. Rows whose writer
//! has been gone for longer than [`SWEEP_GRACE_LEASES`] leases (no live node took the room:
//! it had ended, or cannot be restored) are deleted by the lobby leader
//! (`crate::lobby_sync`), which notifies [`Note::Listed`] for each.
//!
//! **A missed notification** (the listener reconnected) is recovered by reading every other
//! node's row again (`reload`).

use std::collections::{HashMap, HashSet};

use lobby::{RoomState, TimeControl};
use rules::{AnyOptions, Seat, Variant};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::registry::Rooms;
use super::summary::{Progress, RoomSummary, SeatSummary};
use crate::cluster::Cluster;
use crate::store::{now_ms, StoreError};
use crate::wire::Note;

/// How many leases a row's writer must have been gone before the leader deletes the row.
pub const SWEEP_GRACE_LEASES: u32 = 3;

/// A room's summary as stored in `room_listing.summary`.
#[derive(Serialize, Deserialize)]
struct Stored {
    id: Uuid,
    game: String,
    options: HashMap<String, String>,
    host: Uuid,
    host_name: String,
    public: bool,
    #[serde(default)]
    invite_code: Option<String>,
    state: String,
    time_control: TimeControl,
    seats: Vec<StoredSeat>,
    created_at: i64,
    auto_start: bool,
    rated: bool,
    #[serde(default)]
    to_move: Option<Uuid>,
    #[serde(default)]
    deadline: Option<i64>,
    #[serde(default)]
    last_move_at: Option<i64>,
}

#[derive(Serialize, Deserialize)]
struct StoredSeat {
    seat: Seat,
    name: Option<String>,
    bot: bool,
    player: Option<Uuid>,
}

fn state_of(key: &str) -> Option<RoomState> {
    Some(match key {
        "waiting" => RoomState::Waiting,
        "playing" => RoomState::Playing,
        "finished" => RoomState::Finished,
        "aborted" => RoomState::Aborted,
        _ => return None,
    })
}

/// The row of `s`: its summary's JSON, and its players' ids (the host's and the seated
/// players', space separated).
pub fn encode(s: &RoomSummary) -> (String, String) {
    let stored = Stored {
        id: s.id,
        game: s.game.key().to_string(),
        options: s
            .options
            .non_default_pairs()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        host: s.host,
        host_name: s.host_name.to_string(),
        public: s.public,
        invite_code: s.invite_code.as_deref().map(str::to_string),
        state: s.state.to_string(),
        time_control: s.time_control,
        seats: s
            .seats
            .iter()
            .map(|t| StoredSeat {
                seat: t.seat,
                name: t.name.as_deref().map(str::to_string),
                bot: t.bot,
                player: t.player,
            })
            .collect(),
        created_at: s.created_at,
        auto_start: s.auto_start,
        rated: s.rated,
        to_move: s.progress.to_move,
        deadline: s.progress.deadline,
        last_move_at: s.progress.last_move_at,
    };
    let mut players: Vec<Uuid> = std::iter::once(s.host)
        .chain(s.seats.iter().filter_map(|t| t.player))
        .collect();
    players.sort_unstable();
    players.dedup();
    let players = players
        .iter()
        .map(Uuid::to_string)
        .collect::<Vec<_>>()
        .join(" ");
    // Plain values only: serialising cannot fail.
    (serde_json::to_string(&stored).unwrap_or_default(), players)
}

/// The summary stored in a row.
///
/// # Errors
/// A row that does not parse (written by a node of another version, say).
pub fn decode(text: &str) -> Result<RoomSummary, String> {
    let s: Stored = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let game: Variant = s
        .game
        .parse()
        .map_err(|_| format!("unknown game `{}`", s.game))?;
    let options = AnyOptions::from_pairs(game, s.options).map_err(|e| e.to_string())?;
    let state = state_of(&s.state).ok_or_else(|| format!("unknown state `{}`", s.state))?;
    Ok(RoomSummary {
        id: s.id,
        game,
        options,
        host: s.host,
        host_name: s.host_name.into(),
        public: s.public,
        invite_code: s.invite_code.map(Into::into),
        state,
        time_control: s.time_control,
        seats: s
            .seats
            .into_iter()
            .map(|t| SeatSummary {
                seat: t.seat,
                name: t.name.map(Into::into),
                bot: t.bot,
                player: t.player,
            })
            .collect(),
        created_at: s.created_at,
        auto_start: s.auto_start,
        rated: s.rated,
        progress: Progress {
            to_move: s.to_move,
            deadline: s.deadline,
            last_move_at: s.last_move_at,
        },
    })
}

/// Writes the rows of this node's rooms that changed (`None`: the room left memory), then
/// notifies [`Note::Listed`] for each. A room that left memory may have gone to another node: its
/// row, if another node wrote it, is taken in.
pub(crate) async fn write(
    cluster: &Cluster,
    rooms: &Rooms,
    changed: HashMap<Uuid, Option<RoomSummary>>,
) {
    let store = rooms.store();
    let epoch = cluster.epoch();
    for (id, summary) in changed {
        let done = match &summary {
            Some(s) if s.unfinished() => {
                let (text, players) = encode(s);
                store
                    .put_listing(id, epoch, &text, &players, now_ms())
                    .await
            }
            _ => store.drop_listing(id, epoch).await,
        };
        match done {
            Ok(true) => {
                if let Err(e) = cluster.bus().notify(&Note::Listed { room: id }).await {
                    tracing::warn!(room = %id, error = %e, "listing change not notified");
                }
            }
            Ok(false) => {}
            Err(e) => tracing::warn!(room = %id, error = %e, "listing row not written"),
        }
        if summary.is_none() {
            if let Err(e) = heard(cluster, rooms, id).await {
                tracing::warn!(room = %id, error = %e, "listing row not read");
            }
        }
    }
}

/// A [`Note::Listed`] note for `id`: the row as it stands is taken in (none, or this node's: the
/// other nodes' copy goes).
///
/// # Errors
/// The store failed.
pub(crate) async fn heard(cluster: &Cluster, rooms: &Rooms, id: Uuid) -> Result<(), StoreError> {
    let row = rooms.store().listing_row(id).await?;
    let now = row
        .filter(|r| r.owner != cluster.epoch())
        .and_then(|r| parse(id, &r.summary));
    rooms.feed().remote(id, now);
    Ok(())
}

fn parse(id: Uuid, text: &str) -> Option<RoomSummary> {
    match decode(text) {
        Ok(s) if s.id == id => Some(s),
        Ok(_) => {
            tracing::warn!(room = %id, "listing row of another room");
            None
        }
        Err(e) => {
            tracing::warn!(room = %id, error = %e, "listing row not understood");
            None
        }
    }
}

/// Reads every other node's row again (at start, and after a missed notification): what
/// changed meanwhile is taken in, and the rooms whose rows are gone go.
///
/// # Errors
/// The store failed.
pub(crate) async fn reload(cluster: &Cluster, rooms: &Rooms) -> Result<(), StoreError> {
    let rows = rooms.store().listing_rows_except(cluster.epoch()).await?;
    let mut seen = HashSet::with_capacity(rows.len());
    for row in rows {
        seen.insert(row.room_id);
        rooms
            .feed()
            .remote(row.room_id, parse(row.room_id, &row.summary));
    }
    for id in rooms.feed().remote_ids() {
        if !seen.contains(&id) {
            rooms.feed().remote(id, None);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use lobby::{Participant, PlayerId, Room, RoomConfig, Timestamp};

    #[test]
    fn a_summary_comes_back_from_its_row() {
        let host = Participant::new(PlayerId(Uuid::new_v4()), "Ann");
        let mut config = RoomConfig::new(
            Uuid::new_v4(),
            AnyOptions::default_for(Variant::Queah),
            host.clone(),
        );
        config.visibility = lobby::Visibility::Private {
            invite_code: "ABCDEF".to_string(),
        };
        let (room, _) = Room::new(config, Timestamp(5)).unwrap();
        let mut s = RoomSummary::of(&room);
        s.progress.to_move = Some(host.id.0);
        s.progress.deadline = Some(77);
        let (text, players) = encode(&s);
        assert_eq!(players, host.id.0.to_string());
        let back = decode(&text).unwrap();
        assert_eq!(
            serde_json::to_value(&back).unwrap(),
            serde_json::to_value(&s).unwrap()
        );
        assert_eq!(back.invite_code.as_deref(), Some("ABCDEF"));
        assert_eq!(back.progress, s.progress);
        assert_eq!(back.seats, s.seats);
        assert!(decode("{}").is_err());
    }
}
