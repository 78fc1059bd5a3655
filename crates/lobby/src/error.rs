//! Why a room refused a command.

use rules::{IllegalReason, MoveError, OptionError, Seat};
use uuid::Uuid;

use crate::RoomState;

/// A refused command or configuration. A refused command leaves the room exactly as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LobbyError {
    /// The game options were refused by the rules.
    #[error("invalid options: {0}")]
    InvalidOptions(#[from] OptionError),
    /// The room configuration is unusable.
    #[error("invalid room configuration: {0}")]
    InvalidConfig(&'static str),
    /// The command does not apply in the room's state.
    #[error("`{command}` is not possible while the room is {state}")]
    WrongState {
        /// The room's state.
        state: RoomState,
        /// The command's name.
        command: &'static str,
    },
    /// Only a participant (not a bot or the server) may do this.
    #[error("only a participant may do this")]
    NotAParticipant,
    /// Only the server may do this.
    #[error("only the server may do this")]
    ServerOnly,
    /// The actor claims to act for a bot in a seat that holds none.
    #[error("there is no bot in seat {0}")]
    NotABot(Seat),
    /// The actor has no seat in this room.
    #[error("you have no seat in this room")]
    NotSeated,
    /// The actor already has a seat.
    #[error("you already sit in seat {0}")]
    AlreadySeated(Seat),
    /// The seat is occupied.
    #[error("seat {0} is taken")]
    SeatTaken(Seat),
    /// The seat is not part of this room's layout.
    #[error("seat {0} is not part of this game")]
    NoSuchSeat(Seat),
    /// Every seat is taken.
    #[error("the room is full")]
    RoomFull,
    /// Only the host may do this.
    #[error("only the host may do this")]
    NotHost,
    /// The seat holds no bot.
    #[error("seat {0} holds no bot")]
    NoBot(Seat),
    /// `set_bot` named a kind or level that does not exist.
    #[error("there is no bot `{kind}` of level {level} (kinds: engine 1-5, random 1)")]
    UnknownBot {
        /// The kind asked for.
        kind: String,
        /// The level asked for.
        level: u8,
    },
    /// The game cannot start with empty seats.
    #[error("every seat must be taken before the start")]
    NotAllSeatsTaken,
    /// The game's rules fix who moves first.
    #[error("{0} cannot move first in this game")]
    FirstSeatNotAllowed(Seat),
    /// Another seat is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The seat is out of the game (eliminated, resigned, left or flagged).
    #[error("seat {0} is out of the game")]
    SeatOut(Seat),
    /// The rules refused the move.
    #[error("illegal move: {0}")]
    IllegalMove(MoveError),
    /// The seats were fixed by a pairing (a tournament game): a player cannot abort the
    /// game, and a no-show loses by forfeit instead.
    #[error("a tournament game cannot be aborted")]
    AbortNotAllowed,
    /// Every seat has moved: the game can no longer be aborted.
    #[error("too late to abort: every seat has moved")]
    TooLateToAbort,
    /// The actor's side already has a draw offer pending.
    #[error("a draw offer is already pending")]
    DrawAlreadyOffered,
    /// No draw offer waits for the actor's answer.
    #[error("no draw offer waits for you")]
    NoDrawOffer,
    /// A claim is not open: `opens_in_ms` is the time left, `None` while an opponent is
    /// connected (or is a bot).
    #[error("the claim is not open{}", opens_in_ms.map(|ms| format!(" (opens in {ms} ms)")).unwrap_or_default())]
    ClaimNotOpen {
        /// Milliseconds until it opens, if every opponent is away.
        opens_in_ms: Option<u64>,
    },
    /// The actor has already asked for a rematch.
    #[error("you have already asked for a rematch")]
    RematchAlreadyAsked,
    /// The rematch room exists already.
    #[error("the rematch has been created: room {0}")]
    RematchCreated(Uuid),
    /// No rematch request is pending, so there is nothing to decline.
    #[error("nobody has asked for a rematch")]
    NoRematchRequest,
    /// A chat message with nothing in it (once trimmed).
    #[error("the message is empty")]
    ChatEmpty,
    /// A chat message longer than the limit.
    #[error("the message is too long: at most {max} characters")]
    ChatTooLong {
        /// The limit, in characters.
        max: usize,
    },
    /// Too many chat messages in a short time.
    #[error("you are sending messages too fast: wait {} s", retry_in_ms.div_ceil(1000).max(1))]
    ChatTooFast {
        /// Milliseconds until one more message is allowed.
        retry_in_ms: u64,
    },
    /// The channel is not the actor's: `players` is for seated participants, `spectators`
    /// for those without a seat.
    #[error("you cannot write in that chat")]
    ChatNotAllowed,
    /// No chat line with this id exists in the room.
    #[error("there is no chat line {0}")]
    NoSuchChat(u32),
    /// A name that is empty once trimmed, or too long.
    #[error("a name must have 1 to {max} characters")]
    InvalidName {
        /// The limit, in characters.
        max: usize,
    },
}

impl LobbyError {
    /// A stable snake_case code for the wire protocol.
    pub fn code(&self) -> &'static str {
        match self {
            LobbyError::InvalidOptions(_) => "invalid_options",
            LobbyError::InvalidConfig(_) => "invalid_config",
            LobbyError::WrongState { .. } => "wrong_state",
            LobbyError::NotAParticipant => "not_a_participant",
            LobbyError::ServerOnly => "server_only",
            LobbyError::NotABot(_) => "not_a_bot",
            LobbyError::NotSeated => "not_seated",
            LobbyError::AlreadySeated(_) => "already_seated",
            LobbyError::SeatTaken(_) => "seat_taken",
            LobbyError::NoSuchSeat(_) => "no_such_seat",
            LobbyError::RoomFull => "room_full",
            LobbyError::NotHost => "not_host",
            LobbyError::NoBot(_) => "no_bot",
            LobbyError::UnknownBot { .. } => "unknown_bot",
            LobbyError::NotAllSeatsTaken => "not_all_seats_taken",
            LobbyError::FirstSeatNotAllowed(_) => "first_seat_not_allowed",
            LobbyError::NotYourTurn => "not_your_turn",
            LobbyError::SeatOut(_) => "seat_out",
            LobbyError::IllegalMove(_) => "illegal_move",
            LobbyError::TooLateToAbort => "too_late_to_abort",
            LobbyError::AbortNotAllowed => "abort_not_allowed",
            LobbyError::DrawAlreadyOffered => "draw_already_offered",
            LobbyError::NoDrawOffer => "no_draw_offer",
            LobbyError::ClaimNotOpen { .. } => "claim_not_open",
            LobbyError::RematchAlreadyAsked => "rematch_already_asked",
            LobbyError::RematchCreated(_) => "rematch_created",
            LobbyError::NoRematchRequest => "no_rematch_request",
            LobbyError::ChatEmpty => "chat_empty",
            LobbyError::ChatTooLong { .. } => "chat_too_long",
            LobbyError::ChatTooFast { .. } => "chat_too_fast",
            LobbyError::ChatNotAllowed => "chat_not_allowed",
            LobbyError::NoSuchChat(_) => "no_such_chat",
            LobbyError::InvalidName { .. } => "invalid_name",
        }
    }

    /// The rule that refused an illegal move, when one can be named (the wire's
    /// `reason`); `None` for every other refusal.
    pub fn reason(&self) -> Option<IllegalReason> {
        match self {
            LobbyError::IllegalMove(MoveError::Illegal { reason, .. }) => *reason,
            _ => None,
        }
    }
}
