//! The room: a pure state machine. Commands go in with the current time; a new state and
//! numbered events come out.
//!
//! The room is split by concern, so that each part reads on its own and no function has
//! to hold a whole command's story:
//! * `mod.rs` (here): the room's state, [`Room::new`], [`Room::handle`] (a copy takes the
//!   command, so that a refusal leaves the room as it was), the dispatch of each command to
//!   its handler (one line each), the accessors, and the checks every handler shares;
//! * `seats.rs`: taking, changing and leaving seats before the start, bots, the host;
//! * `play.rs`: the start, moves, departures, who went out and why, the end of the game and
//!   its outcome, abort;
//! * `draws.rs`: draw offers, acceptance, declines and withdrawals;
//! * `takebacks.rs`: takebacks by consent in casual games, and what a room keeps of its
//!   last moves to take them back;
//! * `rematch.rs`: rematch requests, declines, expiry and the rematch room;
//! * `chat.rs`: chat lines and what each viewer may read, the spectator count, renames;
//! * `clocks.rs`: time and absence: catching up with the clocks, ticks, resuming after a
//!   restart, presence, and claims against absent seats;
//! * `expiry.rs`: rooms nobody is in: who is there, when the server closes the room, and
//!   how;
//! * `view.rs`: what clients see: snapshots, missed events, views of the room, its seats and
//!   board, and the numbering of events into the history.

mod chat;
mod clocks;
mod draws;
mod expiry;
mod play;
mod rematch;
mod seats;
mod takebacks;
mod view;

use std::collections::VecDeque;
use std::sync::Arc;

use uuid::Uuid;

use rules::{
    AnyOptions, AnyPosition, BySeat, Checkpoint, Departure, Game, GameRecord, Move, Seat, SeatSet,
};

use crate::clock::Clocks;
use crate::command::Command;
use crate::error::LobbyError;
use crate::event::{
    Audience, DrawOfferView, Event, EventKind, MoveView, Occupant, RoomState, TakebackView, Viewer,
};
use crate::outcome::{Outcome, Reason};
use crate::types::{Actor, Participant, PlayerId, RoomConfig, TimeControl, Timestamp, Visibility};

/// How many events a room keeps for clients that reconnect.
pub const HISTORY_LEN: usize = 64;

/// One room: settings, seats, the game, clocks, offers, result, and its last
/// [`HISTORY_LEN`] events.
///
/// A room changes only through [`Room::handle`], which either applies a command and returns
/// its events, or refuses it with a [`LobbyError`] and leaves the room exactly as it was.
#[derive(Clone, Debug)]
pub struct Room {
    /// Shared: the room is copied at every command (see [`Room::handle`]) and its settings
    /// never change.
    config: Arc<RoomConfig>,
    created_at: Timestamp,
    layout: SeatSet,
    teams: bool,
    state: RoomState,
    /// Shared like `config`: the copy made at every command shares them, and a command that
    /// changes a seat copies them first ([`Room::seats_mut`]); a move leaves them alone.
    seats: Arc<BySeat<Option<Slot>>>,
    /// Boxed: a waiting room (most rooms a server holds idle) keeps one word for it, not
    /// the whole game: most of a server's memory is its idle rooms.
    play: Option<Box<Play>>,
    rematch: rematch::Rematch,
    /// `None` until the first line (most rooms never chat).
    chat: Option<Arc<chat::Chat>>,
    /// Spectators watching, as the server counts them.
    watchers: u32,
    /// Since when nobody has been in the room (no seated person connected, no spectator):
    /// what a waiting room's expiry counts from.
    empty_since: Option<Timestamp>,
    version: u64,
    history: VecDeque<Event>,
}

/// What an accepted command produced.
#[derive(Clone, Debug)]
pub struct Handled {
    /// The new events, in version order (already kept in the room's history).
    pub events: Vec<Event>,
    /// The rematch room, when this command was the last rematch request: created, seated
    /// (rotated one step along the layout) and started. Its own events (version 1 on) are
    /// in its history: `events_since(0, viewer)`.
    pub rematch: Option<Box<Room>>,
}

/// The room as it was before one accepted command ([`Room::handle_undoable`]), for
/// [`Room::undo`]: valid only until the room takes another command.
#[derive(Debug)]
pub struct Undo {
    /// The room before the command, without its game (which moved on) and its history.
    before: Room,
    /// Where the game stood before the command.
    checkpoint: Option<Checkpoint>,
    /// The actions the command took back (a takeback), to play again.
    taken_back: Vec<rules::Action>,
}

/// A seat's occupant and presence.
#[derive(Clone, Debug)]
struct Slot {
    occupant: Occupant,
    connected: bool,
    since: Timestamp,
}

/// Everything that exists once the game has started.
#[derive(Clone, Debug)]
struct Play {
    game: Game,
    first: Seat,
    clocks: Option<Clocks>,
    /// Seats that have made at least one move (abort closes once every seat still playing
    /// has).
    moved: SeatSet,
    /// The last move and its seat, shared with its `moved` event.
    last_move: Option<(Seat, Arc<MoveView>)>,
    /// When the last move was made (the start, before any): what a player's list of
    /// games sorts by.
    last_move_at: Timestamp,
    /// Why each seat went out, as it happened.
    out_reasons: BySeat<Option<Reason>>,
    draw_offer: Option<DrawOfferView>,
    /// The pending takeback request.
    takeback: Option<TakebackView>,
    /// The room before each of its last few moves, oldest first, for takebacks (empty in
    /// games that allow none).
    undoable: Vec<takebacks::Undoable>,
    /// The actions the command being handled took back, for [`Room::undo`] to play again:
    /// empty between commands.
    taken_back: Vec<rules::Action>,
    /// The game is being ended by a claim: the rules' result stands, the reason is
    /// abandonment.
    claimed: bool,
    /// Why the last seat to depart went out: a game its departure ended ends for that
    /// reason.
    departing: Option<Reason>,
    outcome: Option<Outcome>,
}

/// A change to the game, for the bookkeeping that follows it.
#[derive(Copy, Clone, Debug)]
enum Action {
    Moved(Seat, Move),
    Departed(Seat, Departure, Reason),
}

/// Events staged by a command, numbered by [`Room::publish`] once it is accepted.
type Staged = Vec<(Audience, EventKind)>;

/// What every command's handler is given besides the command's own fields: who asks,
/// when, and the command's name (for [`LobbyError::WrongState`]).
#[derive(Copy, Clone)]
struct Asked<'a> {
    actor: &'a Actor,
    now: Timestamp,
    name: &'static str,
}

/// The participant behind `actor`: bots and the server are refused.
fn participant(actor: &Actor) -> Result<&Participant, LobbyError> {
    match actor {
        Actor::Player(p) => Ok(p),
        Actor::Bot(_) | Actor::Server => Err(LobbyError::NotAParticipant),
    }
}

/// Refuses every actor but the server.
fn require_server(actor: &Actor) -> Result<(), LobbyError> {
    match actor {
        Actor::Server => Ok(()),
        Actor::Player(_) | Actor::Bot(_) => Err(LobbyError::ServerOnly),
    }
}

impl Room {
    /// Opens a room in the waiting state; the options are validated by the rules.
    ///
    /// # Errors
    /// [`LobbyError::InvalidOptions`] when the rules refuse the options,
    /// [`LobbyError::InvalidConfig`] for a clock without time, a private room without
    /// an invite code, or a no-show rule without a clock; for a fixed seating
    /// ([`RoomConfig::seated`]) that does not fill the layout exactly, the refusal a seat
    /// taken that way would get.
    pub fn new(config: RoomConfig, now: Timestamp) -> Result<(Room, Vec<Event>), LobbyError> {
        check_config(&config)?;
        let (layout, teams) = match &config.options {
            AnyOptions::Neva(o) => (o.seats, o.teams),
            _ => (SeatSet::TWO, false),
        };
        let mut room = Room {
            config: Arc::new(config),
            created_at: now,
            layout,
            teams,
            state: RoomState::Waiting,
            seats: Arc::default(),
            play: None,
            rematch: rematch::Rematch::NONE,
            chat: None,
            watchers: 0,
            empty_since: Some(now),
            version: 0,
            // Grows as events come: a waiting room holds its `created` and first `seats`
            // events, not room for 64 (nor the 4 a first push would make room for): most of
            // a server's memory is its idle rooms.
            history: VecDeque::with_capacity(2),
        };
        let info = room.room_info();
        let mut staged = vec![(
            Audience::Everyone,
            EventKind::Created {
                room: Box::new(info),
            },
        )];
        if room.config.fixed_seating() {
            room.seat_fixed(now, &mut staged)?;
        }
        room.note_attendance(now);
        let events = room.publish(staged);
        Ok((room, events))
    }

    /// Applies `command` from `actor` at `now`.
    ///
    /// While the game is on, time is caught up first: every flag that fell by `now` is
    /// applied at the moment it fell. A move from a seat whose flag fell is not played;
    /// the flag's events are returned instead.
    ///
    /// # Errors
    /// A [`LobbyError`] naming why the command was refused; the room is then unchanged
    /// (flags included: a [`Command::Tick`] applies them).
    pub fn handle(
        &mut self,
        actor: &Actor,
        now: Timestamp,
        command: Command,
    ) -> Result<Handled, LobbyError> {
        self.handle_undoable(actor, now, command)
            .map(|(handled, _)| handled)
    }

    /// [`Room::handle`], with what [`Room::undo`] needs to take the command back (a server
    /// whose store refuses it).
    ///
    /// # Errors
    /// As [`Room::handle`].
    pub fn handle_undoable(
        &mut self,
        actor: &Actor,
        now: Timestamp,
        command: Command,
    ) -> Result<(Handled, Undo), LobbyError> {
        // Work on a copy, so that a refusal leaves `self` as it was. The copy is made
        // without the history (only `publish` touches it) and without the game's past: the
        // game itself moves into the copy and, when the command is refused, is rolled back
        // to a checkpoint and moved back, so a command costs the same at ply 300 as at
        // ply 1. (An accepted command is taken back only by `undo`, which keeps the room
        // as it was instead of a copy.)
        let history = std::mem::take(&mut self.history);
        let checkpoint = self.play.as_ref().map(|p| p.game.checkpoint());
        let game = self.play.as_mut().map(|p| {
            let stand_in = p.game.stand_in();
            std::mem::replace(&mut p.game, stand_in)
        });
        let mut next = self.clone();
        self.history = history;
        if let (Some(p), Some(game)) = (next.play.as_mut(), game) {
            p.game = game;
        }
        let claims_before = next.claims();
        let mut staged = Vec::new();
        let rematch = match next.apply(actor, now, command, &mut staged) {
            Ok(rematch) => rematch,
            Err(e) => {
                give_back_game(&mut next, self, checkpoint);
                return Err(e);
            }
        };
        next.note_attendance(now);
        next.stage_claims(claims_before, now, &mut staged);
        next.history = std::mem::take(&mut self.history);
        let events = next.publish(staged);
        let taken_back = next
            .play
            .as_mut()
            .map(|p| std::mem::take(&mut p.taken_back))
            .unwrap_or_default();
        let before = std::mem::replace(self, next);
        Ok((
            Handled { events, rematch },
            Undo {
                before,
                checkpoint,
                taken_back,
            },
        ))
    }

    /// Puts the room back as it was before the command `undo` came from, the last one
    /// accepted: what a server does when its store refuses that command, so that nobody
    /// is shown a change that was not stored. Costs the same at any ply: the game is
    /// rolled back to a checkpoint, and the room before the command was kept, not copied.
    pub fn undo(&mut self, undo: Undo) {
        let Undo {
            mut before,
            checkpoint,
            taken_back,
        } = undo;
        // A takeback is undone by playing again what it took back: then the game is one
        // the checkpoint's actions are a prefix of, as for any other command.
        if let Some(play) = self.play.as_mut() {
            play.game.redo(taken_back);
        }
        give_back_game(self, &mut before, checkpoint);
        let mut history = std::mem::take(&mut self.history);
        while history.back().is_some_and(|e| e.version > before.version) {
            history.pop_back();
        }
        before.history = history;
        *self = before;
    }

    /// Hands `command` to its handler, once the clocks have caught up with `now`.
    fn apply(
        &mut self,
        actor: &Actor,
        now: Timestamp,
        command: Command,
        out: &mut Staged,
    ) -> Result<Option<Box<Room>>, LobbyError> {
        let flagged = self.catch_up(&command, now, out);
        let cx = Asked {
            actor,
            now,
            name: command.name(),
        };
        match command {
            Command::TakeSeat { seat } => self.take_seat(cx, seat, out),
            Command::ChangeSeat { seat } => self.change_seat(cx, seat, out),
            Command::LeaveSeat => self.leave_seat(cx, out),
            Command::SetBot { seat, bot } => self.set_bot(cx, seat, bot, out),
            Command::RemoveBot { seat } => self.remove_bot(cx, seat, out),
            Command::Start { first } => self.start(cx, first, out),
            Command::Move { text } => self.move_piece(cx, &text, flagged, out),
            Command::Resign => self.resign(cx, out),
            Command::Leave => self.leave(cx, out),
            Command::OfferDraw => self.offer_draw(cx, out),
            Command::AcceptDraw => self.accept_draw(cx, out),
            Command::DeclineDraw => self.decline_draw(cx, out),
            Command::AskTakeback => self.ask_takeback(cx, out),
            Command::AcceptTakeback => self.accept_takeback(cx, out),
            Command::DeclineTakeback => self.decline_takeback(cx, out),
            Command::Abort => self.abort(cx, out),
            Command::Rematch { new_room, lot } => return self.ask_rematch(cx, new_room, lot, out),
            Command::DeclineRematch => self.decline_rematch(cx, out),
            Command::Chat { channel, text } => self.chat(cx, channel, &text, out),
            Command::DeleteChat { id } => self.delete_chat(cx, id, out),
            Command::Watchers { count } => self.set_watchers(cx, count, out),
            Command::Rename { name } => self.rename(cx, &name, out),
            Command::Connect => self.presence(cx, true, out),
            Command::Disconnect => self.presence(cx, false, out),
            Command::ClaimVictory => self.claim(cx, false, out),
            Command::ClaimDraw => self.claim(cx, true, out),
            Command::Tick => require_server(cx.actor),
            Command::Resume { down_at } => self.resume(cx, down_at, out),
            Command::Expire { waits } => self.expire(cx, waits, out),
        }?;
        Ok(None)
    }

    /// Refuses the command unless the room is in `state`.
    fn expect(&self, state: RoomState, command: &'static str) -> Result<(), LobbyError> {
        if self.state == state {
            Ok(())
        } else {
            Err(LobbyError::WrongState {
                state: self.state,
                command,
            })
        }
    }

    /// The room's id.
    pub fn id(&self) -> Uuid {
        self.config.id
    }

    /// The settings the room was created with.
    pub fn config(&self) -> &RoomConfig {
        &self.config
    }

    /// When the room was created.
    pub fn created_at(&self) -> Timestamp {
        self.created_at
    }

    /// Waiting, playing, finished or aborted.
    pub fn state(&self) -> RoomState {
        self.state
    }

    /// Drops the events kept for clients that reconnect. A finished room nobody watches
    /// needs none of them; a client that comes back later gets a snapshot from
    /// [`Room::events_since`] instead.
    pub fn forget_history(&mut self) {
        self.history = VecDeque::new();
    }

    /// The version of the last event (0 before any).
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The seats that play.
    pub fn layout(&self) -> SeatSet {
        self.layout
    }

    /// The seat `player` sits in.
    pub fn seat_of(&self, player: PlayerId) -> Option<Seat> {
        self.layout.iter().find(|&s| {
            self.seats[s]
                .as_ref()
                .and_then(|slot| slot.occupant.player())
                == Some(player)
        })
    }

    /// How `player` sees the room: from its seat, or as a spectator.
    pub fn viewer(&self, player: PlayerId) -> Viewer {
        self.seat_of(player).map_or(Viewer::Spectator, Viewer::Seat)
    }

    /// The seat to move, while playing.
    pub fn turn(&self) -> Option<Seat> {
        match (&self.play, self.state) {
            (Some(p), RoomState::Playing) => p.game.turn(),
            _ => None,
        }
    }

    /// The game being played (or last played), once started: for the server's bots.
    pub fn game(&self) -> Option<&Game> {
        self.play.as_ref().map(|p| &p.game)
    }

    /// The pending draw offer, if any: for the server's bots, which answer it without a
    /// snapshot.
    pub fn draw_offer(&self) -> Option<DrawOfferView> {
        self.play.as_ref().and_then(|p| p.draw_offer)
    }

    /// The time `seat` has left, when the room has clocks: for the server's bots.
    pub fn remaining_ms(&self, seat: Seat) -> Option<u64> {
        self.play
            .as_ref()
            .and_then(|p| p.clocks.as_ref())
            .and_then(|c| c.view().remaining_ms[seat])
    }

    /// When the last move was made, or the game started if no move has been; `None`
    /// before the start.
    pub fn last_move_at(&self) -> Option<Timestamp> {
        self.play.as_ref().map(|p| p.last_move_at)
    }

    /// The result, once finished.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.play.as_ref().and_then(|p| p.outcome.as_ref())
    }

    /// When something is due without a command: the running clock's flag, the first-move
    /// deadline of a seat that has not moved yet, or the expiry of unanswered rematch
    /// requests. Tick the room then (or later).
    pub fn next_deadline(&self) -> Option<Timestamp> {
        match self.state {
            RoomState::Playing => self.play.as_ref()?.clocks.as_ref()?.next_due(),
            RoomState::Finished => self.rematch_expires_at(),
            RoomState::Waiting | RoomState::Aborted => None,
        }
    }

    /// How many spectators watch, as the server last counted them.
    pub fn watchers(&self) -> u32 {
        self.watchers
    }

    /// The game record so far, once started (bots are named `kind (bot, level n)`).
    pub fn record(&self) -> Option<GameRecord> {
        let play = self.play.as_ref()?;
        let names = BySeat::from_fn(|s| {
            self.seats[s].as_ref().map(|slot| match &slot.occupant {
                Occupant::Player(p) => p.name.clone(),
                Occupant::Bot(b) => format!("{} (bot, level {})", b.kind, b.level),
            })
        });
        Some(play.game.record(names))
    }

    /// Moves and departures played so far (0 before the start).
    pub fn plies(&self) -> usize {
        self.play.as_ref().map_or(0, |p| p.game.actions().len())
    }

    /// The actions from ply `from` on, as the record writes them (canonical move notation,
    /// departures as `resign red`: [`rules::Action::text`]). Each is written from the action
    /// alone, so this costs the actions asked for, not a replay of the game. The events
    /// carry the same texts ([`EventKind::Moved`]'s `mv.text`, [`EventKind::Departed`]'s
    /// `action`), one per action, in order.
    pub fn action_texts(&self, from: usize) -> Vec<String> {
        self.written_actions(from).collect()
    }

    /// [`Room::action_texts`] one by one, without the list (the server stores the one or
    /// two actions of each command).
    pub fn written_actions(&self, from: usize) -> impl Iterator<Item = String> + '_ {
        let variant = self.config.options.variant();
        let actions = self.play.as_ref().map_or(&[][..], |p| p.game.actions());
        actions
            .get(from..)
            .unwrap_or(&[])
            .iter()
            .map(move |a| a.text(variant))
    }

    /// The start position string, once started.
    pub fn start_position(&self) -> Option<String> {
        self.play.as_ref().map(|p| p.game.start().position_string())
    }

    /// Who sits in `seat`, if anyone.
    pub fn occupant(&self, seat: Seat) -> Option<&Occupant> {
        self.seats[seat].as_ref().map(|slot| &slot.occupant)
    }
}

/// The checks [`Room::new`] makes of a configuration before opening the room.
fn check_config(config: &RoomConfig) -> Result<(), LobbyError> {
    config.options.validate()?;
    AnyPosition::new(config.options.variant(), &config.options)?;
    match config.time_control {
        TimeControl::Fischer { base_ms: 0, .. } => {
            return Err(LobbyError::InvalidConfig(
                "a Fischer clock needs a base time",
            ))
        }
        TimeControl::PerMove { limit_ms: 0 } => {
            return Err(LobbyError::InvalidConfig(
                "a per-move clock needs a time limit",
            ))
        }
        TimeControl::Correspondence { days: 0 } => {
            return Err(LobbyError::InvalidConfig(
                "a correspondence game needs at least a day per move",
            ))
        }
        _ => {}
    }
    if config.first_move_ms == 0 {
        return Err(LobbyError::InvalidConfig("a first-move wait needs a time"));
    }
    if config.rematch_ms == 0 {
        return Err(LobbyError::InvalidConfig("a rematch wait needs a time"));
    }
    match (config.no_show_ms, config.time_control) {
        (Some(0), _) => return Err(LobbyError::InvalidConfig("a no-show wait needs a time")),
        (Some(_), TimeControl::None) => {
            return Err(LobbyError::InvalidConfig("the no-show rule needs a clock"))
        }
        _ => {}
    }
    if let Visibility::Private { invite_code } = &config.visibility {
        if invite_code.trim().is_empty() {
            return Err(LobbyError::InvalidConfig(
                "a private room needs an invite code",
            ));
        }
    }
    Ok(())
}

/// Moves the game that `from` played on back into `to`, rolled back to `checkpoint` (the
/// game `to` had when the checkpoint was taken): what a refused command does with the game
/// its working copy may have changed. Nothing to do when `to` had no game yet.
fn give_back_game(from: &mut Room, to: &mut Room, checkpoint: Option<Checkpoint>) {
    if let (Some(from), Some(to), Some(checkpoint)) =
        (from.play.as_mut(), to.play.as_mut(), checkpoint)
    {
        let stand_in = from.game.stand_in();
        let mut game = std::mem::replace(&mut from.game, stand_in);
        game.rollback(checkpoint);
        to.game = game;
    }
}
