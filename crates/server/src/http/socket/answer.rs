//! How a socket answers its client's frames: the size cap and the rate limit, then the
//! typed message (`crate::wire`), then exactly one `ack`, `pong` or `error` carrying the
//! message's `id` (a `sync` first sends what was missed).

use axum::extract::ws::Message;
use lobby::{Actor, Bot, Command, FirstSeat, LobbyError, Participant};
use serde_json::Value;
use tokio::time::Instant;
use uuid::Uuid;

use super::output::Later;
use crate::config::Limits;
use crate::i18n::Lang;
use crate::metrics::{Metrics, Overload};
use crate::rooms::{CommandError, RoomHandle, Rooms};
use crate::store::now_ms;
use crate::store::StoreError;
use crate::wire::{self, ClientMessage, Reply, SocketCode, WireError};

/// Rate-limited messages in a row before a socket is closed for abuse.
const MAX_REFUSED: u32 = 200;

/// Why the socket layer refused a message; each has a stable code (`docs/protocol.md`).
#[derive(Debug, thiserror::Error)]
pub(super) enum SocketError {
    /// The message could not be read.
    #[error(transparent)]
    Wire(#[from] WireError),
    #[error("send JSON text messages")]
    Binary,
    #[error("messages are limited to {0} bytes")]
    TooLarge(usize),
    #[error("at most {rate} messages per second (bursts of {burst})")]
    RateLimited { rate: u32, burst: u32 },
    #[error("spectators without an identity cannot act: visit /api/me first")]
    NotAParticipant,
    /// An admin muted the sender's chat on the whole server.
    #[error("An admin has muted your chat on this server.")]
    Muted,
    /// A guest asked for a seat in a rated room.
    #[error("Rated games are for accounts: log in or create an account to take a seat.")]
    RatedNeedsAccount,
    #[error(transparent)]
    Command(#[from] CommandError),
}

impl SocketError {
    fn code(&self) -> &'static str {
        match self {
            SocketError::Wire(e) => e.code(),
            SocketError::Binary => SocketCode::BadMessage.as_str(),
            SocketError::TooLarge(_) => SocketCode::TooLarge.as_str(),
            SocketError::RateLimited { .. } => SocketCode::RateLimited.as_str(),
            // The room's own refusal, given by the socket before the room is asked.
            SocketError::NotAParticipant => lobby::ErrorCode::NotAParticipant.as_str(),
            SocketError::Muted => SocketCode::Muted.as_str(),
            SocketError::RatedNeedsAccount => SocketCode::RatedNeedsAccount.as_str(),
            SocketError::Command(e) => e.code(),
        }
    }

    /// Why the rules refused a move, when they say (the `error` reply's `reason`).
    fn reason(&self) -> Option<rules::IllegalReason> {
        match self {
            SocketError::Command(e) => e.reason(),
            _ => None,
        }
    }

    /// When a refused claim opens: `Some(None)` once every opponent is away, `None` for
    /// another error or another node's refusal (which says it in its words only).
    fn claim_opens_in(&self) -> Option<Option<u64>> {
        match self {
            SocketError::Command(CommandError::Lobby(LobbyError::ClaimNotOpen { opens_in_ms })) => {
                Some(*opens_in_ms)
            }
            _ => None,
        }
    }

    /// The reply's message: a refused move's explanation in plain words when the rules
    /// give its reason, else the error's own words.
    fn message(&self) -> String {
        match self.reason() {
            Some(r) => r.explain().to_string(),
            None => self.to_string(),
        }
    }
}

/// A credit-based rate limit: `burst` credits, refilled at `rate` per second.
struct Credits {
    credits: f64,
    burst: f64,
    rate: f64,
    at: Instant,
}

impl Credits {
    fn new(rate: u32, burst: u32) -> Credits {
        Credits {
            credits: f64::from(burst),
            burst: f64::from(burst),
            rate: f64::from(rate),
            at: Instant::now(),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.at).as_secs_f64();
        self.at = now;
        self.credits = (self.credits + dt * self.rate).min(self.burst);
        if self.credits >= 1.0 {
            self.credits -= 1.0;
            true
        } else {
            false
        }
    }
}

/// A socket's message limits: the size cap and the rate limit, with the refusals in a row.
pub(super) struct Gate<'a> {
    limits: &'a Limits,
    credits: Credits,
    refused: u32,
    /// The last frame read was a ping (the client's `ping` message or a WebSocket ping or
    /// pong): it keeps the connection alive but is no activity (`--socket-idle-secs`).
    pub(super) keepalive: bool,
}

impl Gate<'_> {
    pub(super) fn new(limits: &Limits) -> Gate<'_> {
        Gate {
            limits,
            credits: Credits::new(limits.messages_per_second, limits.message_burst),
            refused: 0,
            keepalive: false,
        }
    }
}

/// What a socket's answers go to: its room (and the registry), who it is, and the
/// metrics every refusal is counted in.
#[derive(Clone, Copy)]
pub(super) struct To<'a> {
    pub(super) metrics: &'a Metrics,
    pub(super) rooms: &'a Rooms,
    pub(super) room: &'a RoomHandle,
    pub(super) me: Option<&'a Participant>,
    /// The participant has no account.
    pub(super) guest: bool,
    /// The language of the error sentences (told at connect).
    pub(super) lang: Lang,
}

impl To<'_> {
    /// The `error` answer to the message with `id`, counted in `/metrics`.
    fn error(&self, id: Option<&Value>, e: &SocketError) -> String {
        Metrics::inc(&self.metrics.errors);
        match e {
            SocketError::Command(CommandError::Overloaded) => {
                self.metrics.overloaded(Overload::Command)
            }
            SocketError::Command(CommandError::Store(StoreError::Busy)) => {
                self.metrics.overloaded(Overload::Store);
            }
            _ => {}
        }
        let reason = e.reason().map(|r| r.code());
        let message = match self.lang {
            // English keeps the error's own words, which may name more (a limit's numbers).
            Lang::En => None,
            lang => wire::error_sentence(lang, e.code(), reason, e.claim_opens_in()),
        }
        .unwrap_or_else(|| e.message());
        Reply::Error {
            id,
            code: e.code(),
            message: &message,
            reason,
        }
        .text()
    }
}

/// How the socket answers one frame from its client.
pub(super) enum Answer<'a> {
    /// Nothing to send.
    None,
    /// This message, at once.
    Now(String),
    /// What this future gives (a room command's answer, a `sync`): the next message is read
    /// once it is queued.
    Later(Later<'a, Vec<String>>),
    /// Close the socket with this code and reason.
    Close(u16, &'static str),
}

/// The answer to one frame from the client: the size and rate limits first, then the
/// message.
pub(super) fn read_message<'a>(m: Message, gate: &mut Gate<'_>, to: To<'a>) -> Answer<'a> {
    let limits = gate.limits;
    gate.keepalive = matches!(m, Message::Ping(_) | Message::Pong(_));
    let text = match m {
        Message::Text(t) => t,
        Message::Binary(_) => return Answer::Now(to.error(None, &SocketError::Binary)),
        Message::Pong(p) => {
            return match <[u8; 8]>::try_from(&p[..]) {
                Ok(b) => {
                    let ms = now_ms().saturating_sub(i64::from_be_bytes(b)).max(0);
                    Answer::Now(Reply::Lag { ms }.text())
                }
                Err(_) => Answer::None,
            };
        }
        // Answered by the protocol layer; a Close is handled by the caller.
        Message::Ping(_) | Message::Close(_) => return Answer::None,
    };
    if text.len() > limits.max_message_bytes {
        let e = SocketError::TooLarge(limits.max_message_bytes);
        return Answer::Now(to.error(None, &e));
    }
    let read = wire::read_client(text.as_str());
    let is_ping = matches!(&read, Ok(r) if r.message == ClientMessage::Ping {});
    gate.keepalive = is_ping;
    // A ping is exempt from the rate limit.
    if !is_ping {
        if gate.credits.take() {
            gate.refused = 0;
        } else {
            gate.refused += 1;
            if gate.refused > MAX_REFUSED {
                return Answer::Close(1008, "rate limit");
            }
            let id = match &read {
                Ok(r) => r.id.as_ref(),
                Err(r) => r.id.as_ref(),
            };
            let e = SocketError::RateLimited {
                rate: limits.messages_per_second,
                burst: limits.message_burst,
            };
            return Answer::Now(to.error(id, &e));
        }
    }
    match read {
        Ok(request) => answer(request, to),
        Err(refusal) => Answer::Now(to.error(refusal.id.as_ref(), &refusal.error.into())),
    }
}

/// The answer to one client message: exactly one `ack`, `pong` or `error` carrying its
/// `id` (a `sync` first sends what was missed, then its `ack`).
fn answer(request: wire::Request, to: To<'_>) -> Answer<'_> {
    let wire::Request { id, message } = request;
    match message {
        ClientMessage::Ping {} => {
            return Answer::Now(
                Reply::Pong {
                    id: id.as_ref(),
                    t: now_ms(),
                }
                .text(),
            )
        }
        ClientMessage::Sync { since } => return sync(id, since, to),
        _ => {}
    }
    let Some(command) = command(message, to.rooms) else {
        // `read_client` never gives an unknown type; this keeps the answer exhaustive.
        let e = WireError::UnknownType("unknown".into());
        return Answer::Now(to.error(id.as_ref(), &e.into()));
    };
    let Some(me) = to.me else {
        return Answer::Now(to.error(id.as_ref(), &SocketError::NotAParticipant));
    };
    // Ratings are for accounts: the server, not the room, knows who has one.
    if to.guest && matches!(command, Command::TakeSeat { .. }) && to.room.summary().rated {
        return Answer::Now(to.error(id.as_ref(), &SocketError::RatedNeedsAccount));
    }
    let read = Instant::now();
    let chat = matches!(command, Command::Chat { .. });
    Answer::Later(Box::pin(async move {
        // A server-wide mute is the server's, not the room's: checked before the line
        // reaches the room.
        if chat {
            match to.rooms.store().is_muted(me.id.0).await {
                Ok(false) => {}
                Ok(true) => return vec![to.error(id.as_ref(), &SocketError::Muted)],
                Err(e) => {
                    let e = CommandError::Store(e);
                    return vec![to.error(id.as_ref(), &e.into())];
                }
            }
        }
        let answer = to
            .room
            .try_command(Actor::Player(me.clone()), command)
            .await;
        to.metrics.commands.observe(read.elapsed());
        vec![match answer {
            Ok(v) => Reply::Ack { id: id.as_ref(), v }.text(),
            Err(e) => to.error(id.as_ref(), &e.into()),
        }]
    }))
}

/// What was missed since `since`, then the `ack` at the room's version.
fn sync(id: Option<Value>, since: u64, to: To<'_>) -> Answer<'_> {
    let player = to.me.map(|p| p.id);
    Answer::Later(Box::pin(async move {
        match to.room.since(player, since).await {
            Some((missed, version)) => {
                let mut out = wire::since_messages(&missed);
                out.push(
                    Reply::Ack {
                        id: id.as_ref(),
                        v: version,
                    }
                    .text(),
                );
                out
            }
            None => vec![to.error(id.as_ref(), &CommandError::Closed.into())],
        }
    }))
}

/// The lobby command a client message asks for (`None`: answered by the socket itself).
fn command(message: ClientMessage, rooms: &Rooms) -> Option<Command> {
    Some(match message {
        ClientMessage::TakeSeat { seat } => Command::TakeSeat { seat },
        ClientMessage::ChangeSeat { seat } => Command::ChangeSeat { seat },
        ClientMessage::LeaveSeat {} => Command::LeaveSeat,
        ClientMessage::SetBot { seat, bot } => Command::SetBot {
            seat,
            bot: bot.unwrap_or_else(|| Bot {
                kind: "random".into(),
                level: 1,
            }),
        },
        ClientMessage::RemoveBot { seat } => Command::RemoveBot { seat },
        ClientMessage::Start {} => Command::Start {
            first: FirstSeat::Lot(rooms.lot()),
        },
        ClientMessage::Move { text } => Command::Move { text },
        ClientMessage::Resign {} => Command::Resign,
        ClientMessage::Leave {} => Command::Leave,
        ClientMessage::OfferDraw {} => Command::OfferDraw,
        ClientMessage::AcceptDraw {} => Command::AcceptDraw,
        ClientMessage::DeclineDraw {} => Command::DeclineDraw,
        ClientMessage::AskTakeback {} => Command::AskTakeback,
        ClientMessage::AcceptTakeback {} => Command::AcceptTakeback,
        ClientMessage::DeclineTakeback {} => Command::DeclineTakeback,
        ClientMessage::Abort {} => Command::Abort,
        ClientMessage::Rematch {} => Command::Rematch {
            new_room: Uuid::new_v4(),
            lot: rooms.lot(),
        },
        ClientMessage::DeclineRematch {} => Command::DeclineRematch,
        ClientMessage::Chat { channel, text } => Command::Chat { channel, text },
        ClientMessage::ClaimVictory {} => Command::ClaimVictory,
        ClientMessage::ClaimDraw {} => Command::ClaimDraw,
        ClientMessage::Sync { .. } | ClientMessage::Ping {} | ClientMessage::Unknown => {
            return None
        }
    })
}
