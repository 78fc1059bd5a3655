//! Live rooms: one task per room holding its `lobby::Room`.
//!
//! A room this node owns is served by its owner's task (`owner`): it reads requests from
//! a bounded mpsc channel, applies each command to its room, writes the durable rows
//! through the store [`Writer`](crate::store::Writer) and only after the write succeeded
//! broadcasts the events and answers; if the store refuses, the room is rebuilt from its
//! stored log ([`rebuild`]) and the command answers with a typed error. With several
//! nodes, a room another node owns is served to this node's sockets by a follower
//! (`follower`), which replays what the owner stores and forwards its commands there
//! (`forwarding`; the owner's side is `inbox`). Both tasks are the same `Replica` of the
//! room (`replica`: the room, its sockets, their broadcast and the answers to them) plus
//! the part that differs, and both sit behind the same [`RoomHandle`] (`messages`).
//!
//! The registry ([`Rooms`], `registry`) maps ids to the tasks' handles and publishes the
//! listed rooms' changes ([`Feed`]); its jobs sit beside it: making and restoring rooms
//! (`open`), claiming them from other nodes and finding who serves one (`claims`), the
//! node's lease (`lease`), and what the lists read (`lists`, `shared_list`,
//! `player_games`). Rooms know nothing of HTTP or sockets: the handlers in `crate::http`
//! create, list and join them, and attach sockets to their handles; every byte they send
//! comes from `crate::wire`.
//!
//! The files import one another downward only: `messages`, `summary` and `persist` at the
//! bottom, then the replica and the registry, then the tasks and the registry's jobs.

pub(crate) mod bot;
mod claims;
mod feed;
mod follower;
mod forwarding;
pub(crate) mod inbox;
mod lease;
mod lists;
mod lock;
mod messages;
mod open;
mod owner;
pub(crate) mod persist;
mod player_games;
mod registry;
mod replica;
pub(crate) mod shared_list;
mod summary;

pub use bot::display_name as bot_name;
pub use feed::{listed, Change, Feed};
pub use lists::{lobby_list, lobby_page, MyGamesWatch};
pub use messages::{
    Attached, Batch, CommandError, Outbound, Owner, RemoteChange, RoomHandle, ROOM_MOVED,
};
pub use open::HEARTBEAT;
pub use persist::{config_of, rebuild};
pub use player_games::Counts;
pub use registry::Rooms;
pub use summary::{Progress, RoomSummary, SeatSummary};
