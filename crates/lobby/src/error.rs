//! Why a room refused a command.

use rules::{IllegalReason, MoveError, OptionError, Seat};
use uuid::Uuid;

use crate::RoomState;

/// Declares a fieldless enum of stable error codes from one table (`Variant => "text",`
/// per row), so that each code's text is written once: `as_str` gives the text, `parse`
/// reads it back, and `ALL` lists every code in the table's order. The server declares its
/// own codes with it too.
#[macro_export]
macro_rules! code_table {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($variant:ident => $text:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $(
                #[doc = concat!("`", $text, "`")]
                $variant,
            )+
        }

        impl $name {
            /// Every code, in the table's order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The code's snake_case text.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            /// The code whose text is `text`, if there is one.
            pub fn parse(text: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|c| c.as_str() == text)
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

code_table! {
    /// The stable code of each [`LobbyError`]: what a client is told, and what a node stores
    /// for another to read back ([`ErrorCode::parse`]).
    pub enum ErrorCode {
        InvalidOptions => "invalid_options",
        InvalidConfig => "invalid_config",
        WrongState => "wrong_state",
        NotAParticipant => "not_a_participant",
        ServerOnly => "server_only",
        NotABot => "not_a_bot",
        NotSeated => "not_seated",
        AlreadySeated => "already_seated",
        SeatTaken => "seat_taken",
        NoSuchSeat => "no_such_seat",
        RoomFull => "room_full",
        NotHost => "not_host",
        NoBot => "no_bot",
        UnknownBot => "unknown_bot",
        NotAllSeatsTaken => "not_all_seats_taken",
        FirstSeatNotAllowed => "first_seat_not_allowed",
        NotYourTurn => "not_your_turn",
        SeatOut => "seat_out",
        IllegalMove => "illegal_move",
        TooLateToAbort => "too_late_to_abort",
        AbortNotAllowed => "abort_not_allowed",
        DrawAlreadyOffered => "draw_already_offered",
        NoDrawOffer => "no_draw_offer",
        TakebackNotAllowed => "takeback_not_allowed",
        NothingToTakeBack => "nothing_to_take_back",
        TakebackAlreadyAsked => "takeback_already_asked",
        NoTakebackRequest => "no_takeback_request",
        ClaimNotOpen => "claim_not_open",
        RematchAlreadyAsked => "rematch_already_asked",
        RematchCreated => "rematch_created",
        NoRematchRequest => "no_rematch_request",
        ChatEmpty => "chat_empty",
        ChatTooLong => "chat_too_long",
        ChatTooFast => "chat_too_fast",
        ChatNotAllowed => "chat_not_allowed",
        NoSuchChat => "no_such_chat",
        InvalidName => "invalid_name",
    }
}

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
    /// Takebacks are for casual games: this one is rated, or a tournament's.
    #[error("takebacks are allowed only in casual games")]
    TakebackNotAllowed,
    /// The actor has no move of its own that can be taken back (none yet, or a seat went
    /// out since).
    #[error("you have no move to take back")]
    NothingToTakeBack,
    /// A takeback request is pending already.
    #[error("a takeback request is already pending")]
    TakebackAlreadyAsked,
    /// No takeback request waits for the actor's answer (or is the actor's to withdraw).
    #[error("no takeback request waits for you")]
    NoTakebackRequest,
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
    /// The refusal's stable code, for the wire protocol and for the store.
    pub fn error_code(&self) -> ErrorCode {
        match self {
            LobbyError::InvalidOptions(_) => ErrorCode::InvalidOptions,
            LobbyError::InvalidConfig(_) => ErrorCode::InvalidConfig,
            LobbyError::WrongState { .. } => ErrorCode::WrongState,
            LobbyError::NotAParticipant => ErrorCode::NotAParticipant,
            LobbyError::ServerOnly => ErrorCode::ServerOnly,
            LobbyError::NotABot(_) => ErrorCode::NotABot,
            LobbyError::NotSeated => ErrorCode::NotSeated,
            LobbyError::AlreadySeated(_) => ErrorCode::AlreadySeated,
            LobbyError::SeatTaken(_) => ErrorCode::SeatTaken,
            LobbyError::NoSuchSeat(_) => ErrorCode::NoSuchSeat,
            LobbyError::RoomFull => ErrorCode::RoomFull,
            LobbyError::NotHost => ErrorCode::NotHost,
            LobbyError::NoBot(_) => ErrorCode::NoBot,
            LobbyError::UnknownBot { .. } => ErrorCode::UnknownBot,
            LobbyError::NotAllSeatsTaken => ErrorCode::NotAllSeatsTaken,
            LobbyError::FirstSeatNotAllowed(_) => ErrorCode::FirstSeatNotAllowed,
            LobbyError::NotYourTurn => ErrorCode::NotYourTurn,
            LobbyError::SeatOut(_) => ErrorCode::SeatOut,
            LobbyError::IllegalMove(_) => ErrorCode::IllegalMove,
            LobbyError::TooLateToAbort => ErrorCode::TooLateToAbort,
            LobbyError::AbortNotAllowed => ErrorCode::AbortNotAllowed,
            LobbyError::DrawAlreadyOffered => ErrorCode::DrawAlreadyOffered,
            LobbyError::NoDrawOffer => ErrorCode::NoDrawOffer,
            LobbyError::TakebackNotAllowed => ErrorCode::TakebackNotAllowed,
            LobbyError::NothingToTakeBack => ErrorCode::NothingToTakeBack,
            LobbyError::TakebackAlreadyAsked => ErrorCode::TakebackAlreadyAsked,
            LobbyError::NoTakebackRequest => ErrorCode::NoTakebackRequest,
            LobbyError::ClaimNotOpen { .. } => ErrorCode::ClaimNotOpen,
            LobbyError::RematchAlreadyAsked => ErrorCode::RematchAlreadyAsked,
            LobbyError::RematchCreated(_) => ErrorCode::RematchCreated,
            LobbyError::NoRematchRequest => ErrorCode::NoRematchRequest,
            LobbyError::ChatEmpty => ErrorCode::ChatEmpty,
            LobbyError::ChatTooLong { .. } => ErrorCode::ChatTooLong,
            LobbyError::ChatTooFast { .. } => ErrorCode::ChatTooFast,
            LobbyError::ChatNotAllowed => ErrorCode::ChatNotAllowed,
            LobbyError::NoSuchChat(_) => ErrorCode::NoSuchChat,
            LobbyError::InvalidName { .. } => ErrorCode::InvalidName,
        }
    }

    /// [`LobbyError::error_code`]'s snake_case text.
    pub fn code(&self) -> &'static str {
        self.error_code().as_str()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// An error of each code; a match, so that a code added to the table without a
    /// variant (or the reverse, through [`LobbyError::error_code`]) does not compile.
    fn one_of(code: ErrorCode) -> LobbyError {
        let seat = Seat::WHITE;
        match code {
            ErrorCode::InvalidOptions => LobbyError::InvalidOptions(OptionError::UnknownKey {
                key: "x".into(),
                game: "queah",
                known: String::new(),
            }),
            ErrorCode::InvalidConfig => LobbyError::InvalidConfig("x"),
            ErrorCode::WrongState => LobbyError::WrongState {
                state: RoomState::Waiting,
                command: "move",
            },
            ErrorCode::NotAParticipant => LobbyError::NotAParticipant,
            ErrorCode::ServerOnly => LobbyError::ServerOnly,
            ErrorCode::NotABot => LobbyError::NotABot(seat),
            ErrorCode::NotSeated => LobbyError::NotSeated,
            ErrorCode::AlreadySeated => LobbyError::AlreadySeated(seat),
            ErrorCode::SeatTaken => LobbyError::SeatTaken(seat),
            ErrorCode::NoSuchSeat => LobbyError::NoSuchSeat(seat),
            ErrorCode::RoomFull => LobbyError::RoomFull,
            ErrorCode::NotHost => LobbyError::NotHost,
            ErrorCode::NoBot => LobbyError::NoBot(seat),
            ErrorCode::UnknownBot => LobbyError::UnknownBot {
                kind: "x".into(),
                level: 9,
            },
            ErrorCode::NotAllSeatsTaken => LobbyError::NotAllSeatsTaken,
            ErrorCode::FirstSeatNotAllowed => LobbyError::FirstSeatNotAllowed(seat),
            ErrorCode::NotYourTurn => LobbyError::NotYourTurn,
            ErrorCode::SeatOut => LobbyError::SeatOut(seat),
            ErrorCode::IllegalMove => LobbyError::IllegalMove(MoveError::GameOver),
            ErrorCode::TooLateToAbort => LobbyError::TooLateToAbort,
            ErrorCode::AbortNotAllowed => LobbyError::AbortNotAllowed,
            ErrorCode::DrawAlreadyOffered => LobbyError::DrawAlreadyOffered,
            ErrorCode::NoDrawOffer => LobbyError::NoDrawOffer,
            ErrorCode::TakebackNotAllowed => LobbyError::TakebackNotAllowed,
            ErrorCode::NothingToTakeBack => LobbyError::NothingToTakeBack,
            ErrorCode::TakebackAlreadyAsked => LobbyError::TakebackAlreadyAsked,
            ErrorCode::NoTakebackRequest => LobbyError::NoTakebackRequest,
            ErrorCode::ClaimNotOpen => LobbyError::ClaimNotOpen { opens_in_ms: None },
            ErrorCode::RematchAlreadyAsked => LobbyError::RematchAlreadyAsked,
            ErrorCode::RematchCreated => LobbyError::RematchCreated(Uuid::nil()),
            ErrorCode::NoRematchRequest => LobbyError::NoRematchRequest,
            ErrorCode::ChatEmpty => LobbyError::ChatEmpty,
            ErrorCode::ChatTooLong => LobbyError::ChatTooLong { max: 1 },
            ErrorCode::ChatTooFast => LobbyError::ChatTooFast { retry_in_ms: 1 },
            ErrorCode::ChatNotAllowed => LobbyError::ChatNotAllowed,
            ErrorCode::NoSuchChat => LobbyError::NoSuchChat(1),
            ErrorCode::InvalidName => LobbyError::InvalidName { max: 1 },
        }
    }

    /// Each code is some error's, and its text reads back as itself: what one node stores,
    /// another reads as the same code.
    #[test]
    fn every_code_is_an_errors_and_round_trips() {
        let mut texts = std::collections::BTreeSet::new();
        for &code in ErrorCode::ALL {
            assert_eq!(one_of(code).error_code(), code);
            assert_eq!(one_of(code).code(), code.as_str());
            assert_eq!(ErrorCode::parse(code.as_str()), Some(code));
            assert_eq!(code.to_string(), code.as_str());
            assert!(texts.insert(code.as_str()), "{code} twice");
            let snake = code
                .as_str()
                .split('_')
                .all(|w| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase()));
            assert!(snake, "{code} is not snake_case");
        }
        assert_eq!(ErrorCode::parse("from_the_future"), None);
        assert_eq!(ErrorCode::parse(""), None);
    }
}
