//! Chat in a room: two channels (seated players, spectators), lines with room-wide ids, and
//! the limits every line keeps. What the room does with them is `room/chat.rs`.

use serde::{Deserialize, Serialize};

use rules::Seat;

use crate::event::{RoomState, Viewer};
use crate::types::{Participant, Timestamp};

/// The most characters a chat line may hold (after trimming).
pub const CHAT_MAX_CHARS: usize = 140;

/// How many lines one participant may send within [`CHAT_WINDOW_MS`].
pub const CHAT_BURST: usize = 5;

/// The window of the chat rate limit: 10 seconds.
pub const CHAT_WINDOW_MS: u64 = 10_000;

/// How many chat lines a room keeps for its snapshots (the store keeps them all).
pub const CHAT_KEEP: usize = 100;

/// The longest name [`crate::Command::Rename`] accepts, in characters.
pub const NAME_MAX_CHARS: usize = 64;

/// A chat channel.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatChannel {
    /// The seated participants. While the game is on (and before it), only they read it.
    Players,
    /// The participants without a seat. While the game is on (and before it), only they
    /// read it: players do not see what spectators say about their game.
    Spectators,
}

impl ChatChannel {
    /// The channel's stable snake_case name.
    pub const fn name(self) -> &'static str {
        match self {
            ChatChannel::Players => "players",
            ChatChannel::Spectators => "spectators",
        }
    }

    /// The channel of a stable name (see [`ChatChannel::name`]).
    pub fn from_name(name: &str) -> Option<ChatChannel> {
        [ChatChannel::Players, ChatChannel::Spectators]
            .into_iter()
            .find(|c| c.name() == name)
    }

    /// Whether `viewer` may read this channel in a room in `state`: while the game is on
    /// (and before it) a channel is read only by those who may write in it, seated players
    /// in `players`, the others in `spectators`; once it is over, everyone reads both. The
    /// one rule for a room's sockets and for a stored game read over HTTP.
    pub fn read_by(self, viewer: Viewer, state: RoomState) -> bool {
        matches!(state, RoomState::Finished | RoomState::Aborted)
            || matches!(
                (self, viewer),
                (ChatChannel::Players, Viewer::Seat(_))
                    | (ChatChannel::Spectators, Viewer::Spectator)
            )
    }
}

/// One chat message.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ChatLine {
    /// Room-wide sequence number, from 1.
    pub id: u32,
    /// Where it was said.
    pub channel: ChatChannel,
    /// Who said it (the name as it was then).
    pub from: Participant,
    /// The sender's seat, if seated.
    pub seat: Option<Seat>,
    /// The message: trimmed, without control characters.
    pub text: String,
    /// When it was said.
    pub at: Timestamp,
}

/// `text` as a chat line keeps it: line breaks and tabs become spaces, other control
/// characters are removed, and the ends are trimmed.
pub fn clean_chat_text(text: &str) -> String {
    let kept: String = text
        .chars()
        .filter_map(|c| match c {
            c if c.is_control() && c.is_whitespace() => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    kept.trim().to_string()
}
