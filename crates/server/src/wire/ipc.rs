//! The one language the nodes speak to each other (`docs/cluster.md`, "What the nodes say"),
//! after lila-ws's `ipc/`: every notification is a [`Note`], every forwarded request in
//! `room_inbox` a [`Forward`] and its answer an [`Answer`], each written and read here and
//! nowhere else. What one node writes another reads back as it was (tested below); a text
//! this node cannot read (another version's, or a damaged row) is an [`IpcError`], which the
//! reader logs and drops: notes are hints that the tables back, and a request that cannot be
//! read is answered as a store failure, which the asking client retries.

use std::str::Split;

use lobby::{Actor, Command, Participant};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::log::{actor_text, command_text, read_actor, read_command};

/// The channel of [`Note::RoomRow`]: the busiest by far, one note per stored log row.
pub const ROOM: &str = "checkerhall_room";
/// The channel of [`Note::Listed`].
pub const LIST: &str = "checkerhall_list";
/// The channel of [`Note::ClosePlayer`], [`Note::CloseSession`] and [`Note::Renamed`].
pub const SOCKETS: &str = "checkerhall_sockets";
/// The channel of [`Note::Tournament`].
pub const TOURNEY: &str = "checkerhall_tourney";
/// The channel of [`Note::Released`].
pub const NODES: &str = "checkerhall_nodes";
/// The start of a node's own channel, which its epoch ends.
const NODE: &str = "checkerhall_node_";

/// A notification: what changed and where to read it (the data are in tables).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// The owner of `room` stored its log row `seq`; sent by the write statement itself, so
    /// only once the row is committed.
    RoomRow {
        /// The room.
        room: Uuid,
        /// The row stored.
        seq: i64,
    },
    /// The listed summary of `room` changed, or its listing row was deleted.
    Listed {
        /// The room.
        room: Uuid,
    },
    /// Every node closes `player`'s sockets with close code `code` (a ban).
    ClosePlayer {
        /// The player.
        player: Uuid,
        /// The WebSocket close code.
        code: u16,
    },
    /// Every node closes the sockets opened with `session`'s token (it ended).
    CloseSession {
        /// The session.
        session: Uuid,
    },
    /// `player` took a new name (stored in `players`): every node gives it to the rooms it
    /// owns where they sit or which they host.
    Renamed {
        /// The player.
        player: Uuid,
    },
    /// A tournament changed: its standings streams and its director read it again.
    Tournament {
        /// The tournament.
        id: Uuid,
    },
    /// The node whose life was `epoch` released its rooms (it drained, or came back under
    /// a new epoch and took them over): the others look at once for the rooms they can
    /// serve, instead of waiting for the old lease to lapse.
    Released {
        /// The life that let its rooms go.
        epoch: i64,
    },
    /// To the node `to`: `room` is its own now, handed over at `at` (ms) by its owner, whose
    /// sockets on the room were all elsewhere: the room is started there from the stored
    /// log, the clocks given back from `at`.
    HandedOver {
        /// The room.
        room: Uuid,
        /// The new owner's epoch.
        to: i64,
        /// When the old owner let it go (ms, the server's clock).
        at: i64,
    },
    /// To the owner `to`: the inbox row `id` waits for it.
    Request {
        /// The owner's epoch.
        to: i64,
        /// The row.
        id: i64,
    },
    /// To the asking node `to`: its inbox row `id` has its answer.
    Answered {
        /// The asking node's epoch.
        to: i64,
        /// The row.
        id: i64,
    },
}

/// A text from another node that does not read as what it should be.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{what} not understood: {text:?}")]
pub struct IpcError {
    what: &'static str,
    text: String,
}

impl IpcError {
    fn new(what: &'static str, text: impl Into<String>) -> IpcError {
        IpcError {
            what,
            text: text.into(),
        }
    }
}

/// The channel of the node whose life is `epoch`: its inbox's requests and answers.
pub fn node_channel(epoch: i64) -> String {
    format!("{NODE}{epoch}")
}

/// Every channel a node whose life is `epoch` listens on.
pub fn channels(epoch: i64) -> [String; 6] {
    [
        ROOM.to_string(),
        LIST.to_string(),
        SOCKETS.to_string(),
        TOURNEY.to_string(),
        NODES.to_string(),
        node_channel(epoch),
    ]
}

impl Note {
    /// The channel the note is sent on.
    pub fn channel(&self) -> String {
        match self {
            Note::RoomRow { .. } => ROOM.to_string(),
            Note::Listed { .. } => LIST.to_string(),
            Note::ClosePlayer { .. } | Note::CloseSession { .. } | Note::Renamed { .. } => {
                SOCKETS.to_string()
            }
            Note::Tournament { .. } => TOURNEY.to_string(),
            Note::Released { .. } => NODES.to_string(),
            Note::Request { to, .. } | Note::Answered { to, .. } | Note::HandedOver { to, .. } => {
                node_channel(*to)
            }
        }
    }

    /// The payload: short words, a few per note (Postgres caps a payload at 8000 bytes).
    pub fn payload(&self) -> String {
        match self {
            Note::RoomRow { room, seq } => format!("{room} {seq}"),
            Note::Listed { room } => room.to_string(),
            Note::ClosePlayer { player, code } => format!("player {player} {code}"),
            Note::CloseSession { session } => format!("session {session}"),
            Note::Renamed { player } => format!("renamed {player}"),
            Note::Tournament { id } => id.to_string(),
            Note::Released { epoch } => format!("released {epoch}"),
            Note::HandedOver { room, at, .. } => format!("room {room} {at}"),
            Note::Request { id, .. } => format!("cmd {id}"),
            Note::Answered { id, .. } => format!("ans {id}"),
        }
    }

    /// The note heard on `channel` with `payload`.
    ///
    /// # Errors
    /// A channel or payload this version does not write.
    pub fn parse(channel: &str, payload: &str) -> Result<Note, IpcError> {
        let bad = || IpcError::new("note", format!("{channel}: {payload}"));
        let mut words = Words(payload.split(' '));
        let note = match channel {
            ROOM => Note::RoomRow {
                room: words.uuid().ok_or_else(bad)?,
                seq: words.number().ok_or_else(bad)?,
            },
            LIST => Note::Listed {
                room: words.uuid().ok_or_else(bad)?,
            },
            SOCKETS => match words.next() {
                Some("player") => Note::ClosePlayer {
                    player: words.uuid().ok_or_else(bad)?,
                    code: words.number().ok_or_else(bad)?,
                },
                Some("session") => Note::CloseSession {
                    session: words.uuid().ok_or_else(bad)?,
                },
                Some("renamed") => Note::Renamed {
                    player: words.uuid().ok_or_else(bad)?,
                },
                _ => return Err(bad()),
            },
            TOURNEY => Note::Tournament {
                id: words.uuid().ok_or_else(bad)?,
            },
            NODES => match words.next() {
                Some("released") => Note::Released {
                    epoch: words.number().ok_or_else(bad)?,
                },
                _ => return Err(bad()),
            },
            _ => {
                let to = channel
                    .strip_prefix(NODE)
                    .and_then(|e| e.parse::<i64>().ok())
                    .ok_or_else(bad)?;
                match words.next() {
                    Some("cmd") => Note::Request {
                        to,
                        id: words.number().ok_or_else(bad)?,
                    },
                    Some("ans") => Note::Answered {
                        to,
                        id: words.number().ok_or_else(bad)?,
                    },
                    Some("room") => Note::HandedOver {
                        to,
                        room: words.uuid().ok_or_else(bad)?,
                        at: words.number().ok_or_else(bad)?,
                    },
                    _ => return Err(bad()),
                }
            }
        };
        if words.next().is_some() {
            return Err(bad());
        }
        Ok(note)
    }
}

/// A payload's words, read in turn.
struct Words<'a>(Split<'a, char>);

impl Words<'_> {
    fn next(&mut self) -> Option<&str> {
        self.0.next()
    }

    fn uuid(&mut self) -> Option<Uuid> {
        self.0.next().and_then(|w| Uuid::parse_str(w).ok())
    }

    fn number<N: std::str::FromStr>(&mut self) -> Option<N> {
        self.0.next().and_then(|w| w.parse().ok())
    }
}

/// Which lane a forwarded command takes on its owner's room.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lane {
    /// The server's (it waits for the store).
    Server,
    /// A client's (refused when the room or the store is overloaded).
    Client,
}

/// What one node asks of a room's owner, through a `room_inbox` row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forward {
    /// A command from a socket on the asking node.
    Command {
        /// Who acts.
        actor: Actor,
        /// What they do.
        command: Command,
        /// On which lane.
        lane: Lane,
    },
    /// The asking node's first socket of this player attached.
    Attach(Participant),
    /// The asking node's last socket of this player left.
    Detach(Participant),
    /// How many of the asking node's sockets watch the room.
    Watchers(u32),
}

// What the row's `kind` column holds for each request; stored, so never renumbered.
const SERVER: i64 = 0;
const CLIENT: i64 = 1;
const ATTACH: i64 = 2;
const DETACH: i64 = 3;
const WATCHERS: i64 = 4;

/// A request as its `room_inbox` row holds it: what is asked (`kind`), who asks (`actor`,
/// as the log writes one) and the command or count (`command`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForwardText {
    /// What is asked; stored, so its numbers never change.
    pub kind: i64,
    /// Who asks.
    pub actor: String,
    /// The command as the log writes it, the spectators' count, or nothing.
    pub command: String,
}

impl Forward {
    /// The request as its row holds it.
    pub fn text(&self) -> ForwardText {
        let player = |p: &Participant| actor_text(&Actor::Player(p.clone()));
        let (kind, actor, command) = match self {
            Forward::Command {
                actor,
                command,
                lane,
            } => (
                match lane {
                    Lane::Server => SERVER,
                    Lane::Client => CLIENT,
                },
                actor_text(actor),
                command_text(command),
            ),
            Forward::Attach(p) => (ATTACH, player(p), String::new()),
            Forward::Detach(p) => (DETACH, player(p), String::new()),
            Forward::Watchers(n) => (WATCHERS, actor_text(&Actor::Server), n.to_string()),
        };
        ForwardText {
            kind,
            actor,
            command,
        }
    }

    /// The request a row holds.
    ///
    /// # Errors
    /// A kind, actor or command this version does not write.
    pub fn read(row: &ForwardText) -> Result<Forward, IpcError> {
        let actor = || read_actor(&row.actor).map_err(|_| IpcError::new("actor", &row.actor));
        let player = || match actor()? {
            Actor::Player(p) => Ok(p),
            _ => Err(IpcError::new("player", &row.actor)),
        };
        let command =
            || read_command(&row.command).map_err(|_| IpcError::new("command", &row.command));
        Ok(match row.kind {
            SERVER => Forward::Command {
                actor: actor()?,
                command: command()?,
                lane: Lane::Server,
            },
            CLIENT => Forward::Command {
                actor: actor()?,
                command: command()?,
                lane: Lane::Client,
            },
            ATTACH => Forward::Attach(player()?),
            DETACH => Forward::Detach(player()?),
            WATCHERS => Forward::Watchers(
                row.command
                    .parse()
                    .map_err(|_| IpcError::new("watchers", &row.command))?,
            ),
            other => return Err(IpcError::new("request kind", other.to_string())),
        })
    }
}

/// The owner's answer in a `room_inbox` row (JSON).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Answer {
    /// Done: the room's version after it.
    Done {
        /// The version.
        version: u64,
    },
    /// Refused, as the owner's room said.
    Refused {
        /// The error's code (`docs/protocol.md`).
        code: String,
        /// Its sentence.
        message: String,
        /// The reason's code, for the errors that have one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    },
}

impl Answer {
    /// The answer as the row stores it.
    pub fn text(&self) -> String {
        // Two plain variants of strings and a number: serde cannot fail on them.
        serde_json::to_string(self).unwrap_or_else(|_| r#"{"version":0}"#.to_string())
    }

    /// The answer a row holds.
    ///
    /// # Errors
    /// A text that is not an answer.
    pub fn parse(text: &str) -> Result<Answer, IpcError> {
        serde_json::from_str(text).map_err(|_| IpcError::new("answer", text))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;
    use lobby::PlayerId;
    use proptest::prelude::*;
    use rules::Seat;

    fn uuid() -> impl Strategy<Value = Uuid> {
        any::<u128>().prop_map(Uuid::from_u128)
    }

    fn note() -> impl Strategy<Value = Note> {
        prop_oneof![
            (uuid(), any::<i64>()).prop_map(|(room, seq)| Note::RoomRow { room, seq }),
            uuid().prop_map(|room| Note::Listed { room }),
            (uuid(), any::<u16>()).prop_map(|(player, code)| Note::ClosePlayer { player, code }),
            uuid().prop_map(|session| Note::CloseSession { session }),
            uuid().prop_map(|player| Note::Renamed { player }),
            uuid().prop_map(|id| Note::Tournament { id }),
            any::<i64>().prop_map(|epoch| Note::Released { epoch }),
            (any::<i64>(), any::<i64>()).prop_map(|(to, id)| Note::Request { to, id }),
            (any::<i64>(), any::<i64>()).prop_map(|(to, id)| Note::Answered { to, id }),
            (uuid(), any::<i64>(), any::<i64>()).prop_map(|(room, to, at)| Note::HandedOver {
                room,
                to,
                at
            }),
        ]
    }

    fn participant() -> impl Strategy<Value = Participant> {
        (uuid(), "\\PC{0,24}").prop_map(|(id, name)| Participant::new(PlayerId(id), name))
    }

    fn forward() -> impl Strategy<Value = Forward> {
        let actor = prop_oneof![
            participant().prop_map(Actor::Player),
            Just(Actor::Bot(Seat::Day)),
            Just(Actor::Server),
        ];
        let command = prop_oneof![
            "\\PC{0,30}".prop_map(|text| Command::Move { text }),
            Just(Command::Resign),
            Just(Command::OfferDraw),
        ];
        let lane = prop_oneof![Just(Lane::Server), Just(Lane::Client)];
        prop_oneof![
            (actor, command, lane).prop_map(|(actor, command, lane)| Forward::Command {
                actor,
                command,
                lane
            }),
            participant().prop_map(Forward::Attach),
            participant().prop_map(Forward::Detach),
            any::<u32>().prop_map(Forward::Watchers),
        ]
    }

    fn answer() -> impl Strategy<Value = Answer> {
        prop_oneof![
            any::<u64>().prop_map(|version| Answer::Done { version }),
            (
                "[a-z_]{1,20}",
                "\\PC{0,40}",
                proptest::option::of("[a-z_]{1,20}")
            )
                .prop_map(|(code, message, reason)| Answer::Refused {
                    code,
                    message,
                    reason
                }),
        ]
    }

    proptest! {
        #[test]
        fn a_note_reads_back_as_it_was_sent(n in note()) {
            prop_assert_eq!(Note::parse(&n.channel(), &n.payload()), Ok(n));
        }

        #[test]
        fn a_request_reads_back_from_its_row(r in forward()) {
            prop_assert_eq!(Forward::read(&r.text()), Ok(r));
        }

        #[test]
        fn an_answer_reads_back(a in answer()) {
            prop_assert_eq!(Answer::parse(&a.text()), Ok(a));
        }

        #[test]
        fn no_text_crashes_the_reader(channel in "checkerhall_[a-z_0-9]{0,12}", payload in "\\PC{0,60}") {
            let _ = Note::parse(&channel, &payload);
            let _ = Answer::parse(&payload);
        }
    }

    #[test]
    fn what_other_versions_wrote_is_refused_not_guessed() {
        for (channel, payload) in [
            (ROOM, "not-a-uuid 3"),
            (ROOM, "00000000-0000-0000-0000-000000000001"),
            (ROOM, "00000000-0000-0000-0000-000000000001 3 extra"),
            (SOCKETS, "ban 00000000-0000-0000-0000-000000000001"),
            (NODES, "joined 7"),
            ("checkerhall_node_x", "cmd 1"),
            ("checkerhall_node_7", "what 1"),
            ("elsewhere", "cmd 1"),
        ] {
            assert!(
                Note::parse(channel, payload).is_err(),
                "{channel}: {payload}"
            );
        }
        let row = Forward::Watchers(2).text();
        let unknown = ForwardText {
            kind: 9,
            ..row.clone()
        };
        assert!(Forward::read(&unknown).is_err());
        let presence_of_the_server = ForwardText {
            kind: ATTACH,
            ..row
        };
        assert!(Forward::read(&presence_of_the_server).is_err());
    }

    #[test]
    fn the_payloads_are_those_older_nodes_read() {
        // A rolling upgrade runs old and new nodes side by side: the words stay.
        let room = Uuid::from_u128(1);
        assert_eq!(
            Note::RoomRow { room, seq: 5 }.payload(),
            "00000000-0000-0000-0000-000000000001 5"
        );
        assert_eq!(
            Note::Request { to: 7, id: 9 }.channel(),
            "checkerhall_node_7"
        );
        assert_eq!(Note::Answered { to: 7, id: 9 }.payload(), "ans 9");
        assert_eq!(Note::Released { epoch: 4 }.payload(), "released 4");
        assert_eq!(Answer::Done { version: 3 }.text(), r#"{"version":3}"#);
    }
}
