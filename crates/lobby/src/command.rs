//! What an actor asks a room to do.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use rules::Seat;

use crate::chat::ChatChannel;
use crate::types::{Bot, Timestamp, Unattended};

/// How the first seat to move is chosen at the start.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FirstSeat {
    /// This seat (replays and tests; the training game starts with White). In the two-seat
    /// games only White is allowed: their rules fix it.
    Fixed(Seat),
    /// Drawn by lot from the caller's random value: `value % seats` picks one of the
    /// layout's seats in turn order (Neva, spec §2.2, §8.5). The two-seat games ignore it
    /// and start with White.
    Lot(u64),
}

/// A command to a room. Each is valid only in some room states (see
/// [`crate::LobbyError::WrongState`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Command {
    /// Waiting: sit in `seat`, or in the first free seat of the layout.
    TakeSeat {
        /// The seat wanted; `None` for any free one.
        seat: Option<Seat>,
    },
    /// Waiting: move to another free seat.
    ChangeSeat {
        /// The seat wanted.
        seat: Seat,
    },
    /// Waiting: give up one's seat and stay as a spectator.
    LeaveSeat,
    /// Waiting, host: put a bot in a free seat (or replace the bot there).
    SetBot {
        /// The seat.
        seat: Seat,
        /// The bot.
        bot: Bot,
    },
    /// Waiting, host: take the bot out of a seat.
    RemoveBot {
        /// The seat.
        seat: Seat,
    },
    /// Waiting, host, every seat taken: start the game.
    Start {
        /// Who moves first.
        first: FirstSeat,
    },
    /// Playing, the seat to move: play a move given in the game's notation.
    Move {
        /// The move (annotations are ignored; short forms allowed when unambiguous).
        text: String,
    },
    /// Playing: give up. In Neva the seat is eliminated and play goes on.
    Resign,
    /// Waiting: the same as [`Command::LeaveSeat`]. Playing: leave the game, which loses
    /// like resigning but is reported as [`crate::Reason::Left`] and recorded as
    /// `leave <seat>` (Neva pieces follow the `departed` option, spec §6 N5).
    Leave,
    /// Playing: offer a draw (in team play, on behalf of one's team). Offering while an
    /// offer waits for one's answer accepts it.
    OfferDraw,
    /// Playing: accept the pending offer.
    AcceptDraw,
    /// Playing: decline the pending offer, or withdraw one's own.
    DeclineDraw,
    /// Playing, a casual game: ask to take back one's last move (and every move made
    /// since). Every other seat still playing that a person holds must agree; bots agree at
    /// once. Asking while a request waits for one's answer accepts it.
    AskTakeback,
    /// Playing: agree to the pending takeback request.
    AcceptTakeback,
    /// Playing: decline the pending takeback request, or withdraw one's own.
    DeclineTakeback,
    /// Waiting (host or server): cancel the room. Playing (a seated player, the host or
    /// the server): cancel the game while some seat still playing has not moved yet.
    Abort,
    /// Finished: ask for a new game with the same settings, seats rotated one step along
    /// the layout. When every human seat has asked (bots agree), the new room is created
    /// with id `new_room`, started with [`FirstSeat::Lot`]`(lot)`.
    Rematch {
        /// The id for the new room.
        new_room: Uuid,
        /// A random value for the first seat of the new game.
        lot: u64,
    },
    /// Finished, a seated participant: decline the pending rematch requests (or withdraw
    /// one's own); every request is cleared.
    DeclineRematch,
    /// Any state, a participant: say something in a chat channel. `players` is for seated
    /// participants, `spectators` for those without a seat.
    Chat {
        /// The channel.
        channel: ChatChannel,
        /// The message (trimmed, control characters removed, 1 to
        /// [`crate::CHAT_MAX_CHARS`] characters).
        text: String,
    },
    /// Server (a moderator's decision): delete a chat line.
    DeleteChat {
        /// The line's id ([`crate::ChatLine::id`]).
        id: u32,
    },
    /// Server: the number of sockets watching without a seat changed.
    Watchers {
        /// How many there are now.
        count: u32,
    },
    /// Server, on behalf of the acting player: the player's name is now `name` (in its
    /// seat, as the host, and on its later chat lines).
    Rename {
        /// The new name.
        name: String,
    },
    /// A participant's connection opened.
    Connect,
    /// A participant's connection closed.
    Disconnect,
    /// Playing: win because every opponent has been disconnected longer than the grace
    /// period; the absent seats leave the game.
    ClaimVictory,
    /// Playing: end the game drawn because every opponent has been disconnected longer
    /// than the grace period.
    ClaimDraw,
    /// Server: time has passed; flags that fell by now are applied.
    Tick,
    /// Server, after a restart: the server stopped at `down_at`. Flags that fell before then
    /// are applied; the time from then to now is not charged to anyone (the running clock
    /// and the grace of seats that were away resume where they were).
    Resume {
        /// When the server was last seen running (its last heartbeat on disk).
        down_at: Timestamp,
    },
    /// Server: close the room if it has been unattended past these waits
    /// ([`crate::Room::expires_at`] says when and how); before then, nothing happens.
    Expire {
        /// The server's waits, carried so that a replayed log decides the same.
        waits: Unattended,
    },
}

impl Command {
    /// The command's stable snake_case name (the wire protocol's `type`).
    pub fn name(&self) -> &'static str {
        match self {
            Command::TakeSeat { .. } => "take_seat",
            Command::ChangeSeat { .. } => "change_seat",
            Command::LeaveSeat => "leave_seat",
            Command::SetBot { .. } => "set_bot",
            Command::RemoveBot { .. } => "remove_bot",
            Command::Start { .. } => "start",
            Command::Move { .. } => "move",
            Command::Resign => "resign",
            Command::Leave => "leave",
            Command::OfferDraw => "offer_draw",
            Command::AcceptDraw => "accept_draw",
            Command::DeclineDraw => "decline_draw",
            Command::AskTakeback => "ask_takeback",
            Command::AcceptTakeback => "accept_takeback",
            Command::DeclineTakeback => "decline_takeback",
            Command::Abort => "abort",
            Command::Rematch { .. } => "rematch",
            Command::DeclineRematch => "decline_rematch",
            Command::Chat { .. } => "chat",
            Command::DeleteChat { .. } => "delete_chat",
            Command::Watchers { .. } => "watchers",
            Command::Rename { .. } => "rename",
            Command::Connect => "connect",
            Command::Disconnect => "disconnect",
            Command::ClaimVictory => "claim_victory",
            Command::ClaimDraw => "claim_draw",
            Command::Tick => "tick",
            Command::Resume { .. } => "resume",
            Command::Expire { .. } => "expire",
        }
    }
}
