//! The game log's texts: who acted and what they asked for, as JSON. Every move's log row
//! has both, so a player's actor and a move are written straight to bytes; the rest by
//! serde. The same text either way (tested).

use lobby::{Actor, Command};
use uuid::Uuid;

use super::json::{into_text, json_text, text};

/// An actor as the log stores it.
pub fn actor_text(actor: &Actor) -> String {
    let Actor::Player(p) = actor else {
        return json_text(actor, 32);
    };
    let mut out = Vec::with_capacity(80 + p.name.len());
    out.extend_from_slice(b"{\"kind\":\"player\",\"who\":{\"id\":\"");
    let mut id = Uuid::encode_buffer();
    out.extend_from_slice(p.id.0.hyphenated().encode_lower(&mut id).as_bytes());
    out.extend_from_slice(b"\",\"name\":");
    text(&mut out, &p.name);
    out.extend_from_slice(b"}}");
    into_text(out)
}

/// A command as the log stores it.
pub fn command_text(command: &Command) -> String {
    let Command::Move { text: mv } = command else {
        return json_text(command, 64);
    };
    let mut out = Vec::with_capacity(32 + mv.len());
    out.extend_from_slice(b"{\"type\":\"move\",\"text\":");
    text(&mut out, mv);
    out.push(b'}');
    into_text(out)
}

/// An actor read back from the log.
///
/// # Errors
/// A text that is not an actor.
pub fn read_actor(text: &str) -> Result<Actor, serde_json::Error> {
    serde_json::from_str(text)
}

/// A command read back from the log.
///
/// # Errors
/// A text that is not a command.
pub fn read_command(text: &str) -> Result<Command, serde_json::Error> {
    serde_json::from_str(text)
}
