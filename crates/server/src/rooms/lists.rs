//! What the lists read from the live rooms: the lobby's list of rooms, and each player's
//! games (with the live stream of their counts).

use tokio::sync::watch;
use uuid::Uuid;

use super::feed::listed;
use super::player_games::Counts;
use super::registry::Rooms;
use super::summary::RoomSummary;

impl Rooms {
    /// The listed rooms, newest first: the body of `GET /api/rooms` and of the live
    /// lobby's `snapshot` event. With several nodes, the other nodes' rooms too.
    pub fn listing(&self) -> Vec<RoomSummary> {
        lobby_list(
            self.summaries()
                .into_iter()
                .chain(self.feed().remote_listed()),
        )
    }
}

/// The lobby's list from rooms' summaries: the listed ones (public, waiting or playing),
/// newest first.
pub fn lobby_list(rooms: impl IntoIterator<Item = RoomSummary>) -> Vec<RoomSummary> {
    let mut list: Vec<RoomSummary> = rooms.into_iter().filter(listed).collect();
    // Newest first; the id breaks ties so that pages do not overlap.
    list.sort_by_key(|s| (std::cmp::Reverse(s.created_at), s.id));
    list
}

/// One page of the lobby's list as `GET /api/rooms` answers it: `limit` rooms from
/// `offset`, with the total and the offset of the next page (`null` on the last).
pub fn lobby_page(list: Vec<RoomSummary>, offset: usize, limit: usize) -> serde_json::Value {
    let total = list.len();
    let rooms: Vec<RoomSummary> = list.into_iter().skip(offset).take(limit).collect();
    let next = (offset.saturating_add(limit) < total).then(|| offset + limit);
    serde_json::json!({
        "rooms": rooms,
        "total": total,
        "limit": limit,
        "offset": offset,
        "next_offset": next,
    })
}

/// One open live stream of a player's counts; closing it (dropping it) lets the index
/// forget the sender once the player's last stream is gone.
#[derive(Debug)]
pub struct MyGamesWatch {
    rooms: Rooms,
    player: Uuid,
    rx: watch::Receiver<Counts>,
}

impl MyGamesWatch {
    /// The counts now, marking them seen.
    pub fn current(&mut self) -> Counts {
        *self.rx.borrow_and_update()
    }

    /// Waits for the counts to change; `None` once the server stops.
    pub async fn changed(&mut self) -> Option<Counts> {
        self.rx.changed().await.ok()?;
        Some(*self.rx.borrow_and_update())
    }
}

impl Drop for MyGamesWatch {
    fn drop(&mut self) {
        self.rooms.mine().unwatch(self.player);
    }
}

impl Rooms {
    /// The live rooms where `player` holds a seat, waiting or playing, newest move first
    /// (a room without moves counts from its start, or its creation before that).
    ///
    /// With several nodes, the rooms other nodes own come from their rows in
    /// `room_listing`: whose move it is there is as of the room's last change of seats or
    /// state (the owner does not write a row per move), unless the room is also live on
    /// this node (a socket here follows it), whose summary is then exact.
    pub fn games_of(&self, player: Uuid) -> Vec<RoomSummary> {
        let ids = self.mine().rooms_of(player);
        let mut list: Vec<RoomSummary> = ids
            .into_iter()
            .filter_map(|id| {
                self.get(id)
                    .map(|h| h.summary())
                    .or_else(|| self.feed().remote_room(id))
            })
            .filter(|s| s.unfinished() && s.seats.iter().any(|t| t.player == Some(player)))
            .collect();
        list.sort_by_key(|s| {
            let at = s.progress.last_move_at.unwrap_or(s.created_at);
            (std::cmp::Reverse(at), s.id)
        });
        list
    }

    /// `player`'s counts now and as they change, for `GET /api/me/live`.
    pub fn watch_games(&self, player: Uuid) -> MyGamesWatch {
        MyGamesWatch {
            rx: self.mine().watch(player),
            rooms: self.clone(),
            player,
        }
    }
}
