//! The codes of the socket's `error` message that are the server's own, not a room's
//! refusal (`lobby::ErrorCode`): together the two tables are every code a socket can be
//! told (`docs/protocol.md`, `### error`). Nothing here but lobby and serde: the fuzz
//! target `wire` compiles this file on its own (their sentences are in `sentences.rs`).

lobby::code_table! {
    /// A socket `error` code given by the server rather than by the room's rules: a message
    /// that could not be read or was refused by the socket's limits, or a command the room
    /// could not carry out.
    pub enum SocketCode {
        BadJson => "bad_json",
        BadMessage => "bad_message",
        UnknownType => "unknown_type",
        TooLarge => "too_large",
        RateLimited => "rate_limited",
        Muted => "muted",
        RatedNeedsAccount => "rated_needs_account",
        Overloaded => "overloaded",
        StoreFailed => "store_failed",
        RoomClosed => "room_closed",
        RoomMoved => "room_moved",
    }
}

/// The text of a socket error code if it is one of either table (the room's or the
/// server's): how a code another node stored is read back, and `None` for a code this
/// node does not know (one from a newer node).
pub fn read_error_code(text: &str) -> Option<&'static str> {
    lobby::ErrorCode::parse(text)
        .map(lobby::ErrorCode::as_str)
        .or_else(|| SocketCode::parse(text).map(SocketCode::as_str))
}

/// Every socket error code, the room's then the server's.
pub fn error_codes() -> impl Iterator<Item = &'static str> {
    let room = lobby::ErrorCode::ALL.iter().map(|c| c.as_str());
    room.chain(SocketCode::ALL.iter().map(|c| c.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No code is in both tables, and each reads back as itself.
    #[test]
    fn the_two_tables_are_disjoint_and_round_trip() {
        let mut seen = std::collections::BTreeSet::new();
        for code in error_codes() {
            assert!(seen.insert(code), "{code} twice");
            assert_eq!(read_error_code(code), Some(code));
        }
        assert_eq!(
            seen.len(),
            lobby::ErrorCode::ALL.len() + SocketCode::ALL.len()
        );
        assert_eq!(read_error_code("from_the_future"), None);
    }
}
