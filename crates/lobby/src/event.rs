//! What a room tells its clients: numbered events with an audience, and full snapshots.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::{Serialize, Serializer};
use uuid::Uuid;

use rules::{AnyOptions, BySeat, Move, Seat, SeatSet, SquareName, Variant};

use crate::chat::ChatLine;
use crate::outcome::{Outcome, Reason};
use crate::types::{Bot, Participant, PlayerId, TimeControl, Timestamp};

/// Where a room is in its life.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomState {
    /// Seats are being taken.
    Waiting,
    /// The game is on.
    Playing,
    /// The game has ended with a result.
    Finished,
    /// The room or game was cancelled without a result.
    Aborted,
}

impl fmt::Display for RoomState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RoomState::Waiting => "waiting",
            RoomState::Playing => "playing",
            RoomState::Finished => "finished",
            RoomState::Aborted => "aborted",
        })
    }
}

/// Who receives an event.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Every seat and every spectator.
    Everyone,
    /// Only the participant (or bot) in this seat.
    Seat(Seat),
    /// Only the participants without a seat (their chat while the game is on).
    Spectators,
    /// Every seat (the players' chat while the game is on).
    Players,
}

/// Who is looking: a seat, or a spectator.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    /// The participant or bot in this seat.
    Seat(Seat),
    /// A participant without a seat.
    Spectator,
}

impl Audience {
    /// True if `viewer` receives events for this audience.
    pub fn admits(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Audience::Everyone, _) => true,
            (Audience::Seat(a), Viewer::Seat(b)) => a == b,
            (Audience::Spectators, Viewer::Spectator) => true,
            (Audience::Players, Viewer::Seat(_)) => true,
            _ => false,
        }
    }
}

/// One change of a room. Versions grow by one per event, across all audiences.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Event {
    /// The room's version after this event.
    pub version: u64,
    /// Who receives it.
    pub audience: Audience,
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
}

/// What happened.
///
/// The large payloads are boxed so that an event stays small (a few words): every room
/// keeps up to [`crate::HISTORY_LEN`] of them inline in its history, and queues hold them
/// (most of a server's memory is its idle rooms). Those of the events every move makes are shared
/// (`Arc`): the room keeps each event in its history and hands out a copy, which then
/// costs a reference count instead of a copy of every legal move (work per command).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventKind {
    /// The room was created.
    Created {
        /// Its settings.
        room: Box<RoomInfo>,
    },
    /// Someone took, changed or left a seat, or a bot was seated or removed.
    Seats {
        /// Every seat of the layout.
        seats: Box<BySeat<Option<SeatView>>>,
    },
    /// The game started.
    Started {
        /// The seat drawn (or fixed) to move first.
        first: Seat,
        /// The start.
        board: Box<BoardView>,
    },
    /// It is this seat's turn (only that seat receives it).
    YourTurn {
        /// The seat to move.
        seat: Seat,
        /// Its legal moves (shared: the room's history and every batch hold this event),
        /// written out as [`MoveView`]s.
        legal_moves: LegalMoves,
    },
    /// A seat moved.
    Moved {
        /// Who moved.
        seat: Seat,
        /// The move (shared with the room's last move). Its `text` is the move exactly as
        /// the game record writes it ([`rules::Action::text`]).
        #[serde(rename = "move", serialize_with = "serialize_shared")]
        mv: Arc<MoveView>,
        /// The board after it.
        #[serde(serialize_with = "serialize_shared")]
        board: Arc<BoardView>,
    },
    /// A seat resigned, left, ran out of time or was claimed against.
    Departed {
        /// Who went.
        seat: Seat,
        /// Why: [`Reason::Resigned`], [`Reason::Left`], [`Reason::Time`] or, for a seat
        /// claimed against, [`Reason::Abandonment`].
        reason: Reason,
        /// The action exactly as the game record writes it: `resign red`, `leave white`,
        /// `timeout black` (a claim records the absent seat as leaving). One departure is
        /// one action of the record, in the same order as the [`EventKind::Moved`] events'
        /// `mv.text`, so a store maps events to recorded actions one to one.
        action: String,
        /// The board after it (Neva may remove its pieces).
        board: Box<BoardView>,
    },
    /// A seat went out by the play (all pieces captured, or blocked).
    Eliminated {
        /// Who went out.
        seat: Seat,
        /// Why.
        reason: Reason,
    },
    /// A draw offer changed.
    DrawOffer {
        /// Who acted; `None` when the offer lapsed.
        by: Option<Seat>,
        /// What happened.
        action: DrawAction,
        /// The offer now, `None` once gone.
        offer: Option<DrawOfferView>,
    },
    /// A takeback request changed.
    Takeback {
        /// Who acted; `None` when the request lapsed.
        by: Option<Seat>,
        /// What happened.
        action: TakebackAction,
        /// The request now, `None` once gone.
        request: Option<TakebackView>,
    },
    /// Moves were taken back by agreement: the game stands where it stood before the
    /// asking seat's last move, and that seat is to move again.
    TookBack {
        /// The seat that asked.
        by: Seat,
        /// How many moves were taken back (the asker's and those made since).
        plies: usize,
        /// The board now (its `plies` counts the moves that remain).
        board: Box<BoardView>,
        /// The last move that remains, if any.
        last_move: Option<LastMove>,
    },
    /// A seated participant connected or disconnected.
    Presence {
        /// The seat.
        seat: Seat,
        /// Connected now?
        connected: bool,
        /// Since when.
        since: Timestamp,
    },
    /// When this seat may claim because every opponent is away (only that seat receives
    /// it); both `None` when no claim is pending any more.
    Claim {
        /// The seat.
        seat: Seat,
        /// When the claim opens.
        opens_at: Option<Timestamp>,
        /// Milliseconds from this event until it opens (0: open now).
        opens_in_ms: Option<u64>,
    },
    /// The game ended.
    Finished {
        /// The result.
        outcome: Outcome,
        /// The final board.
        board: Box<BoardView>,
    },
    /// The room or game was cancelled.
    Aborted {
        /// The seat that aborted, if it was a seated player.
        by: Option<Seat>,
        /// Why.
        reason: AbortReason,
        /// For [`AbortReason::NoFirstMove`], the seat that did not make its first move in
        /// time.
        seat: Option<Seat>,
    },
    /// The server restarted mid-game: the time it was down was given back.
    Resumed {
        /// How long the server was down, as far as its last heartbeat tells.
        down_ms: u64,
        /// The time given back to the running clock (at most `down_ms`; 0 without clocks).
        given_back_ms: u64,
        /// The clocks now, if the room has a time control.
        clocks: Option<Box<ClockView>>,
    },
    /// The rematch requests changed (asked, declined, expired), or the rematch room was
    /// created.
    Rematch {
        /// The seats that asked.
        asked: SeatSet,
        /// Human seats still to ask.
        waiting_for: SeatSet,
        /// The new room, once created.
        room: Option<Uuid>,
        /// When the pending requests expire.
        expires_at: Option<Timestamp>,
        /// The whole time a request waits (see [`RematchView::offer_ms`]).
        offer_ms: u64,
        /// The seat that declined (the requests are cleared).
        declined_by: Option<Seat>,
        /// The requests expired unanswered (they are cleared).
        expired: bool,
    },
    /// A chat line (to the channel's readers: see [`crate::ChatChannel`]).
    Chat {
        /// The line.
        line: Box<ChatLine>,
    },
    /// A chat line was deleted by a moderator: clients drop it.
    ChatDeleted {
        /// The line's id.
        id: u32,
    },
    /// The number of spectators watching changed.
    Watchers {
        /// How many watch now.
        count: u32,
    },
    /// A player of the room (seated, or the host) is now known by another name.
    Renamed {
        /// Who.
        player: PlayerId,
        /// The new name.
        name: String,
    },
}

/// Why a room or game was cancelled.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AbortReason {
    /// A player or the host asked for it.
    Requested,
    /// A seat let its first-move time pass (nobody loses).
    NoFirstMove,
    /// The server (an administrator) closed the room.
    Server,
    /// A seat resigned before every seat had moved: the game does not count.
    Resigned,
    /// A seat left before every seat had moved: the game does not count.
    Left,
    /// A seat's clock ran out before every seat had moved: the game does not count.
    Time,
    /// A claim against absent seats came before every seat had moved: the game does not
    /// count.
    Abandonment,
    /// Nobody was in the room for the server's set time ([`crate::Command::Expire`]): a
    /// waiting room closes, and so does a game not every seat has moved in.
    Unattended,
}

impl AbortReason {
    /// The stable snake_case name.
    pub const fn name(self) -> &'static str {
        match self {
            AbortReason::Requested => "requested",
            AbortReason::NoFirstMove => "no_first_move",
            AbortReason::Server => "server",
            AbortReason::Resigned => "resigned",
            AbortReason::Left => "left",
            AbortReason::Time => "time",
            AbortReason::Abandonment => "abandonment",
            AbortReason::Unattended => "unattended",
        }
    }
}

/// What happened to a draw offer.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawAction {
    /// A new offer.
    Offered,
    /// One more seat accepted; if none is left to answer, the game is drawn.
    Accepted,
    /// A seat that had to answer declined.
    Declined,
    /// The offering side withdrew it.
    Withdrawn,
    /// It lapsed: a seat that had to answer moved instead, or a seat went out.
    Lapsed,
}

/// What happened to a takeback request.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TakebackAction {
    /// A new request.
    Asked,
    /// One more seat agreed; if none is left to answer, the moves are taken back
    /// ([`EventKind::TookBack`] follows).
    Accepted,
    /// A seat that had to answer declined.
    Declined,
    /// The asking seat withdrew it.
    Withdrawn,
    /// It lapsed: someone moved, or a seat went out.
    Lapsed,
}

/// A pending takeback request.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct TakebackView {
    /// The seat that asked.
    pub by: Seat,
    /// How many moves it would take back.
    pub plies: usize,
    /// Seats that have agreed.
    pub accepted: SeatSet,
    /// Seats whose answer is awaited.
    pub waiting_for: SeatSet,
}

/// A pending draw offer.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct DrawOfferView {
    /// The offering seat, or team (its members still playing).
    pub side: SeatSet,
    /// Seats that have accepted.
    pub accepted: SeatSet,
    /// Seats whose answer is awaited.
    pub waiting_for: SeatSet,
}

/// A room's fixed settings, as clients see them (the invite code is left out).
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct RoomInfo {
    /// The room's id.
    pub id: Uuid,
    /// The game.
    pub game: Variant,
    /// The rule options, serialised as every option with its value (keys sorted). Kept as
    /// the options themselves, a few bytes, rather than as strings: every room keeps its
    /// `created` event, and most of a server's memory is its idle rooms.
    #[serde(serialize_with = "serialize_options")]
    pub options: AnyOptions,
    /// The seats that play.
    pub layout: SeatSet,
    /// Neva team play.
    pub teams: bool,
    /// The host.
    pub host: Participant,
    /// Joined by invitation only.
    pub private: bool,
    /// The clocks.
    pub time_control: TimeControl,
    /// The disconnect grace period.
    pub grace_ms: u64,
    /// When the room was created.
    pub created_at: Timestamp,
    /// The game starts by itself, by lot, once every seat is filled.
    pub auto_start: bool,
    /// The game changes its players' ratings.
    pub rated: bool,
}

/// Serialises rule options as clients read them: a JSON object of every option with its
/// value, keys sorted (for `#[serde(serialize_with)]` on a field holding [`AnyOptions`]).
///
/// # Errors
/// Those of the serializer.
pub fn serialize_options<S: Serializer>(options: &AnyOptions, s: S) -> Result<S::Ok, S::Error> {
    let map: BTreeMap<&'static str, String> = options.pairs().into_iter().collect();
    map.serialize(s)
}

/// Serialises a shared payload as the payload itself.
fn serialize_shared<T: Serialize + ?Sized, S: Serializer>(
    value: &Arc<T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    (**value).serialize(s)
}

/// Who sits in a seat.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Occupant {
    /// A person.
    Player(Participant),
    /// A bot.
    Bot(Bot),
}

impl Occupant {
    /// The player's id, if a person sits here.
    pub fn player(&self) -> Option<PlayerId> {
        match self {
            Occupant::Player(p) => Some(p.id),
            Occupant::Bot(_) => None,
        }
    }
}

/// A seat's occupant and presence.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct SeatView {
    /// Who sits here.
    pub occupant: Occupant,
    /// Connected (bots always are).
    pub connected: bool,
    /// Since when connected or disconnected.
    pub since: Timestamp,
}

/// A move as a client draws it.
///
/// Square names are kept inline ([`SquareName`], serialised as text): every `your_turn`
/// lists each legal move this way, so a move costs two small lists, not a string per
/// square (every command pays for it).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct MoveView {
    /// Canonical notation (send it back as [`crate::Command::Move`]); for a move played,
    /// exactly the text the game record stores for it ([`rules::Action::text`]).
    pub text: String,
    /// Where the piece starts; `None` for a Queah drop-only turn.
    pub origin: Option<SquareName>,
    /// Every landing square in order.
    pub path: Vec<SquareName>,
    /// The captured squares in jump order.
    pub captured: Vec<SquareName>,
    /// Queah: where a reserve piece is dropped.
    pub drop: Option<SquareName>,
    /// A man is crowned.
    pub promotes: bool,
}

impl MoveView {
    pub(crate) fn new(variant: Variant, mv: &Move) -> MoveView {
        let name = |sq| variant.square(sq);
        MoveView {
            // The record's text of the move: `Action::Move(..).text` writes this.
            text: rules::notation::write_move(variant, mv),
            origin: mv.origin().map(name),
            path: mv.path().iter().map(|&s| name(s)).collect(),
            captured: mv.captured().iter().map(|&s| name(s)).collect(),
            drop: mv.drop().map(name),
            promotes: mv.promotes(),
        }
    }
}

/// A turn's legal moves: the moves themselves, shared (the room's history and every batch
/// hold the event), written out as a list of [`MoveView`]s only when the event is
/// serialised. A turn thus costs one list of moves, not a text and a list of squares per
/// legal move built to be written once. (The server writes the `your_turn` of every move
/// straight to bytes, with the bytes this writes.)
#[derive(Clone, PartialEq, Eq)]
pub struct LegalMoves {
    variant: Variant,
    moves: Arc<[Move]>,
}

impl LegalMoves {
    /// The legal moves `moves` of a position of `variant`.
    pub(crate) fn new(variant: Variant, moves: &[Move]) -> LegalMoves {
        LegalMoves {
            variant,
            moves: moves.into(),
        }
    }

    /// How many there are.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The game the moves are of (how their squares and notation are written).
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The moves themselves, in the order the event lists them.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves as the event lists them.
    pub fn views(&self) -> impl Iterator<Item = MoveView> + '_ {
        self.moves.iter().map(|mv| MoveView::new(self.variant, mv))
    }
}

impl fmt::Debug for LegalMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.moves.iter()).finish()
    }
}

impl Serialize for LegalMoves {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.views())
    }
}

/// The last move made.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct LastMove {
    /// Who made it.
    pub seat: Seat,
    /// The move.
    #[serde(rename = "move")]
    pub mv: MoveView,
}

/// The clocks at the moment `since`; the running seat's time goes down from there.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct ClockView {
    /// Time left per seat at `since` (Fischer: the bank; per move and correspondence: the limit).
    pub remaining_ms: BySeat<Option<u64>>,
    /// The seat whose clock runs; `None` while the seat to move has not made its first
    /// move (its clock does not run yet: see `first_move_by`).
    pub running: Option<Seat>,
    /// When the running clock started (or the first-move wait began).
    pub since: Timestamp,
    /// While the seat to move has not made its first move: the moment the game is aborted
    /// if it has not moved by then.
    pub first_move_by: Option<Timestamp>,
}

/// The board and the turn.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct BoardView {
    /// The position string (see `rules::setup`).
    pub position: String,
    /// The seat to move; `None` once the game is over.
    pub turn: Option<Seat>,
    /// The seats still playing.
    pub playing: SeatSet,
    /// Moves and departures so far.
    pub plies: usize,
    /// The clocks, if the room has a time control.
    pub clocks: Option<ClockView>,
}

/// The rematch requests.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct RematchView {
    /// The seats that asked.
    pub asked: SeatSet,
    /// Human seats still to ask.
    pub waiting_for: SeatSet,
    /// The new room, once created.
    pub room: Option<Uuid>,
    /// When the pending requests expire.
    pub expires_at: Option<Timestamp>,
    /// The whole time a request waits ([`crate::RoomConfig::rematch_ms`]): a countdown
    /// never shows more, whatever the viewer's clock says.
    pub offer_ms: u64,
    /// The seat that declined the last requests (until someone asks again).
    pub declined_by: Option<Seat>,
    /// The last requests expired unanswered (until someone asks again).
    pub expired: bool,
}

/// The whole room as one viewer may see it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct Snapshot {
    /// The version of the last event.
    pub version: u64,
    /// The settings.
    pub room: RoomInfo,
    /// Waiting, playing, finished or aborted.
    pub state: RoomState,
    /// Every seat of the layout.
    pub seats: BySeat<Option<SeatView>>,
    /// The seat that moved first, once started.
    pub first: Option<Seat>,
    /// The board, once started.
    pub board: Option<BoardView>,
    /// Moves (canonical notation) and departures (`resign red`) so far.
    pub actions: Vec<String>,
    /// The last move, with its path and captured squares.
    pub last_move: Option<LastMove>,
    /// The pending draw offer.
    pub draw_offer: Option<DrawOfferView>,
    /// The pending takeback request.
    pub takeback: Option<TakebackView>,
    /// The rematch requests, once finished.
    pub rematch: Option<RematchView>,
    /// The result, once finished.
    pub outcome: Option<Outcome>,
    /// The viewer's legal moves, if it is the viewer's turn.
    pub legal_moves: Option<Vec<MoveView>>,
    /// When the viewer's claim opens, if every opponent is away.
    pub claim_opens_at: Option<Timestamp>,
    /// The chat lines the viewer may read (the room keeps the last
    /// [`crate::CHAT_KEEP`]; deleted ones are left out), oldest first.
    pub chat: Vec<ChatLine>,
    /// How many watch without a seat.
    pub watchers: u32,
}

/// What [`crate::Room::events_since`] gives a client.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
#[serde(tag = "type", content = "data", rename_all = "snake_case")]
pub enum Since {
    /// The events it missed (those it may see), oldest first.
    Events(Vec<Event>),
    /// Too much was missed: start again from this snapshot.
    Resync(Box<Snapshot>),
}
