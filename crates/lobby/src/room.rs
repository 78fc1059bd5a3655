//! The room: a pure state machine. Commands go in with the current time; a new state and
//! numbered events come out.

use std::collections::VecDeque;
use std::sync::Arc;

use uuid::Uuid;

use rules::record::playing as playing_seats;
use rules::{
    AnyOptions, AnyPosition, BySeat, Checkpoint, Departure, Game, GameError, GameRecord, Move,
    MoveError, Problems, Seat, SeatSet, Square, Status, Variant,
};

use crate::clock::Clocks;
use crate::command::{Command, FirstSeat};
use crate::error::LobbyError;
use crate::event::{
    Audience, BoardView, DrawAction, DrawOfferView, Event, EventKind, LastMove, LegalMoves,
    MoveView, Occupant, RematchView, RoomInfo, RoomState, SeatView, Since, Snapshot, Viewer,
};
use crate::outcome::{Outcome, Reason, SeatResult, Verdict};
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
    /// the whole game (memory per idle room, issue 10).
    play: Option<Box<Play>>,
    rematch_asked: SeatSet,
    rematch_room: Option<Uuid>,
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
    /// Why each seat went out, as it happened.
    out_reasons: BySeat<Option<Reason>>,
    draw_offer: Option<DrawOfferView>,
    /// The game is being ended by a claim: the rules' result stands, the reason is
    /// abandonment.
    claimed: bool,
    outcome: Option<Outcome>,
}

/// A change to the game, for the bookkeeping that follows it.
#[derive(Copy, Clone, Debug)]
enum Action {
    Moved(Seat, Move),
    Departed(Seat, Departure, Reason),
}

type Staged = Vec<(Audience, EventKind)>;

fn participant(actor: &Actor) -> Result<&Participant, LobbyError> {
    match actor {
        Actor::Player(p) => Ok(p),
        Actor::Bot(_) | Actor::Server => Err(LobbyError::NotAParticipant),
    }
}

/// True if the move took every piece `seat` had on the board and it has none in reserve.
fn captured_all(before: &AnyPosition, seat: Seat, mv: &Move) -> bool {
    let captured = mv.captured_set();
    let mut any = false;
    for sq in Square::ALL {
        if before.piece_at(sq).is_some_and(|p| p.seat == seat) {
            if !captured.contains(sq) {
                return false;
            }
            any = true;
        }
    }
    any && before.reserve(seat) == 0
}

fn out_set(pos: &AnyPosition) -> SeatSet {
    pos.out()
}

impl Room {
    /// Opens a room in the waiting state; the options are validated by the rules.
    ///
    /// # Errors
    /// [`LobbyError::InvalidOptions`] when the rules refuse the options,
    /// [`LobbyError::InvalidConfig`] for a clock without time or a private room without
    /// an invite code.
    pub fn new(config: RoomConfig, now: Timestamp) -> Result<(Room, Vec<Event>), LobbyError> {
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
            _ => {}
        }
        if let Visibility::Private { invite_code } = &config.visibility {
            if invite_code.trim().is_empty() {
                return Err(LobbyError::InvalidConfig(
                    "a private room needs an invite code",
                ));
            }
        }
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
            rematch_asked: SeatSet::EMPTY,
            rematch_room: None,
            version: 0,
            // Grows as events come: a waiting room holds its `created` and first `seats`
            // events, not room for 64 (nor the 4 a first push would make room for; memory
            // per idle room, issue 10).
            history: VecDeque::with_capacity(2),
        };
        let info = room.room_info();
        let events = room.publish(vec![(
            Audience::Everyone,
            EventKind::Created {
                room: Box::new(info),
            },
        )]);
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
        // Work on a copy, so that a refusal leaves `self` as it was. The copy is made
        // without the history (only `publish` touches it) and without the game's past: the
        // game itself moves into the copy and, when the command is refused, is rolled back
        // to a checkpoint and moved back, so a command costs the same at ply 300 as at
        // ply 1. (There is no taking back an accepted command: a server whose store refuses
        // one rebuilds the room from its stored log.)
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
        next.stage_claims(claims_before, now, &mut staged);
        next.history = std::mem::take(&mut self.history);
        let events = next.publish(staged);
        *self = next;
        Ok(Handled { events, rematch })
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

    /// The result, once finished.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.play.as_ref().and_then(|p| p.outcome.as_ref())
    }

    /// When the running clock's flag falls: tick the room then (or later).
    pub fn next_deadline(&self) -> Option<Timestamp> {
        if self.state != RoomState::Playing {
            return None;
        }
        self.play.as_ref()?.clocks.as_ref()?.deadline()
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

    /// Every seat of the layout with its occupant and presence.
    pub fn seats(&self) -> BySeat<Option<SeatView>> {
        self.seats_view()
    }

    /// The room's settings as clients see them.
    pub fn info(&self) -> RoomInfo {
        self.room_info()
    }

    /// The legal moves of the seat to move (empty when nobody is to move).
    pub fn legal_moves(&self) -> Vec<MoveView> {
        match (&self.play, self.turn()) {
            (Some(p), Some(_)) => legal_moves(&p.game),
            _ => Vec::new(),
        }
    }

    /// The whole room as `viewer` may see it: its legal moves and claim only if it is that
    /// seat.
    pub fn snapshot(&self, viewer: Viewer) -> Snapshot {
        let seat = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        };
        let play = self.play.as_deref();
        let legal_moves = match (seat, self.turn(), play) {
            (Some(s), Some(t), Some(p)) if s == t => Some(legal_moves(&p.game)),
            _ => None,
        };
        Snapshot {
            version: self.version,
            room: self.room_info(),
            state: self.state,
            seats: self.seats_view(),
            first: play.map(|p| p.first),
            board: play.map(board_view),
            actions: self.action_texts(0),
            last_move: play.and_then(|p| {
                let (seat, mv) = p.last_move.as_ref()?;
                Some(LastMove {
                    seat: *seat,
                    mv: MoveView::clone(mv),
                })
            }),
            draw_offer: play.and_then(|p| p.draw_offer),
            rematch: (self.state == RoomState::Finished).then(|| self.rematch_view()),
            outcome: play.and_then(|p| p.outcome.clone()),
            legal_moves,
            claim_opens_at: seat.and_then(|s| self.claim_opens_at(s)),
        }
    }

    /// What a client that has seen events up to version `since` missed, filtered for
    /// `viewer`; a [`Since::Resync`] snapshot when some of it is no longer kept (or
    /// `since` is ahead of the room).
    pub fn events_since(&self, since: u64, viewer: Viewer) -> Since {
        let oldest = self
            .history
            .front()
            .map_or(self.version.saturating_add(1), |e| e.version);
        if since > self.version || since.saturating_add(1) < oldest {
            return Since::Resync(Box::new(self.snapshot(viewer)));
        }
        Since::Events(
            self.history
                .iter()
                .filter(|e| e.version > since && e.audience.admits(viewer))
                .cloned()
                .collect(),
        )
    }

    // ---------------------------------------------------------------------------------
    // Commands

    fn apply(
        &mut self,
        actor: &Actor,
        now: Timestamp,
        command: Command,
        out: &mut Staged,
    ) -> Result<Option<Box<Room>>, LobbyError> {
        // A resumption catches up with the flags only to the moment the server stopped.
        let clock_now = match &command {
            Command::Resume { down_at } => now.min(*down_at),
            _ => now,
        };
        let flagged = self.run_clocks(clock_now, out);
        let name = command.name();
        match command {
            Command::TakeSeat { seat } => {
                self.expect(RoomState::Waiting, name)?;
                let p = participant(actor)?;
                if let Some(s) = self.seat_of(p.id) {
                    return Err(LobbyError::AlreadySeated(s));
                }
                let seat = match seat {
                    Some(s) => self.free_seat(s)?,
                    None => self
                        .layout
                        .iter()
                        .find(|&s| self.seats[s].is_none())
                        .ok_or(LobbyError::RoomFull)?,
                };
                self.seats_mut()[seat] = Some(Slot {
                    occupant: Occupant::Player(p.clone()),
                    connected: true,
                    since: now,
                });
                self.stage_seats(out);
            }
            Command::ChangeSeat { seat } => {
                self.expect(RoomState::Waiting, name)?;
                let p = participant(actor)?;
                let from = self.seat_of(p.id).ok_or(LobbyError::NotSeated)?;
                let to = self.free_seat(seat)?;
                let seats = self.seats_mut();
                seats[to] = seats[from].take();
                self.stage_seats(out);
            }
            Command::LeaveSeat => {
                self.expect(RoomState::Waiting, name)?;
                self.vacate(actor, out)?;
            }
            Command::SetBot { seat, bot } => {
                self.expect(RoomState::Waiting, name)?;
                self.require_host(actor)?;
                if !bot.exists() {
                    return Err(LobbyError::UnknownBot {
                        kind: bot.kind,
                        level: bot.level,
                    });
                }
                if !self.layout.contains(seat) {
                    return Err(LobbyError::NoSuchSeat(seat));
                }
                if let Some(Slot {
                    occupant: Occupant::Player(_),
                    ..
                }) = self.seats[seat]
                {
                    return Err(LobbyError::SeatTaken(seat));
                }
                self.seats_mut()[seat] = Some(Slot {
                    occupant: Occupant::Bot(bot),
                    connected: true,
                    since: now,
                });
                self.stage_seats(out);
            }
            Command::RemoveBot { seat } => {
                self.expect(RoomState::Waiting, name)?;
                self.require_host(actor)?;
                if !self.layout.contains(seat) {
                    return Err(LobbyError::NoSuchSeat(seat));
                }
                match self.seats[seat] {
                    Some(Slot {
                        occupant: Occupant::Bot(_),
                        ..
                    }) => self.seats_mut()[seat] = None,
                    _ => return Err(LobbyError::NoBot(seat)),
                }
                self.stage_seats(out);
            }
            Command::Start { first } => {
                self.expect(RoomState::Waiting, name)?;
                self.require_host(actor)?;
                self.start(first, now, out)?;
            }
            Command::Move { text } => {
                // A move that arrives after its seat's flag fell is not played: the flag,
                // applied above, is the answer.
                if let Ok(seat) = self.acting_seat(actor) {
                    if flagged.contains(seat) {
                        return Ok(None);
                    }
                }
                self.expect(RoomState::Playing, name)?;
                let seat = self.acting_seat(actor)?;
                self.play_move(seat, &text, now, out)?;
            }
            Command::Resign => {
                self.expect(RoomState::Playing, name)?;
                let seat = self.acting_seat(actor)?;
                self.require_playing(seat)?;
                self.depart(seat, Departure::Resign, Reason::Resigned, now, out)?;
            }
            Command::Leave => match self.state {
                RoomState::Waiting => self.vacate(actor, out)?,
                RoomState::Playing => {
                    let p = participant(actor)?;
                    let seat = self.seat_of(p.id).ok_or(LobbyError::NotSeated)?;
                    self.require_playing(seat)?;
                    self.depart(seat, Departure::Leave, Reason::Left, now, out)?;
                }
                state => {
                    return Err(LobbyError::WrongState {
                        state,
                        command: name,
                    })
                }
            },
            Command::OfferDraw => {
                self.expect(RoomState::Playing, name)?;
                let seat = self.acting_seat(actor)?;
                self.require_playing(seat)?;
                self.offer_draw(seat, now, out)?;
            }
            Command::AcceptDraw => {
                self.expect(RoomState::Playing, name)?;
                let seat = self.acting_seat(actor)?;
                self.require_playing(seat)?;
                match self.play.as_ref().and_then(|p| p.draw_offer) {
                    Some(offer) if offer.waiting_for.contains(seat) => {
                        self.accept_draw(seat, offer, now, out)
                    }
                    _ => return Err(LobbyError::NoDrawOffer),
                }
            }
            Command::DeclineDraw => {
                self.expect(RoomState::Playing, name)?;
                let seat = self.acting_seat(actor)?;
                self.require_playing(seat)?;
                self.decline_draw(seat, out)?;
            }
            Command::Abort => self.abort(actor, now, out, name)?,
            Command::Rematch { new_room, lot } => {
                self.expect(RoomState::Finished, name)?;
                return self.ask_rematch(actor, new_room, lot, now, out);
            }
            Command::Connect => self.presence(actor, true, now, out)?,
            Command::Disconnect => self.presence(actor, false, now, out)?,
            Command::ClaimVictory | Command::ClaimDraw => {
                self.expect(RoomState::Playing, name)?;
                let seat = self.acting_seat(actor)?;
                self.require_playing(seat)?;
                match self.claim_opens_at(seat) {
                    None => return Err(LobbyError::ClaimNotOpen { opens_in_ms: None }),
                    Some(at) if now < at => {
                        return Err(LobbyError::ClaimNotOpen {
                            opens_in_ms: Some(at.since(now)),
                        })
                    }
                    Some(_) => {}
                }
                if matches!(command, Command::ClaimDraw) {
                    self.finish(Some(Reason::Abandonment), now, out);
                } else {
                    self.claim_victory(seat, now, out)?;
                }
            }
            Command::Tick => {
                if !matches!(actor, Actor::Server) {
                    return Err(LobbyError::ServerOnly);
                }
            }
            Command::Resume { down_at } => {
                if !matches!(actor, Actor::Server) {
                    return Err(LobbyError::ServerOnly);
                }
                self.resume(down_at, now, out);
            }
        }
        Ok(None)
    }

    /// Gives back the time from `down_at` to `now`: the running clock starts again where it
    /// stood, and seats away since before `down_at` are away from `now` minus what they had
    /// been away, so nobody can be claimed against for the outage.
    fn resume(&mut self, down_at: Timestamp, now: Timestamp, out: &mut Staged) {
        if self.state != RoomState::Playing || now <= down_at {
            return;
        }
        let layout = self.layout;
        let seats = self.seats_mut();
        for s in layout.iter() {
            if let Some(slot) = seats[s].as_mut() {
                if !slot.connected {
                    slot.since = slot.since.plus(now.since(slot.since.max(down_at)));
                }
            }
        }
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let given_back_ms = play.clocks.as_mut().map_or(0, |c| c.resume(down_at, now));
        let clocks = play.clocks.as_ref().map(Clocks::view);
        out.push((
            Audience::Everyone,
            EventKind::Resumed {
                down_ms: now.since(down_at),
                given_back_ms,
                clocks: clocks.map(Box::new),
            },
        ));
    }

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

    fn require_host<'a>(&self, actor: &'a Actor) -> Result<&'a Participant, LobbyError> {
        let p = participant(actor)?;
        if p.id == self.config.host.id {
            Ok(p)
        } else {
            Err(LobbyError::NotHost)
        }
    }

    /// The seat a game command acts for: the participant's seat, or the bot's.
    fn acting_seat(&self, actor: &Actor) -> Result<Seat, LobbyError> {
        match actor {
            Actor::Player(p) => self.seat_of(p.id).ok_or(LobbyError::NotSeated),
            Actor::Bot(seat) => match self.seats[*seat] {
                Some(Slot {
                    occupant: Occupant::Bot(_),
                    ..
                }) if self.layout.contains(*seat) => Ok(*seat),
                _ => Err(LobbyError::NotABot(*seat)),
            },
            Actor::Server => Err(LobbyError::NotSeated),
        }
    }

    fn free_seat(&self, seat: Seat) -> Result<Seat, LobbyError> {
        if !self.layout.contains(seat) {
            Err(LobbyError::NoSuchSeat(seat))
        } else if self.seats[seat].is_some() {
            Err(LobbyError::SeatTaken(seat))
        } else {
            Ok(seat)
        }
    }

    /// The seats, to change them: copied first while the room as it was before the command
    /// (kept until the command is accepted) still shares them.
    fn seats_mut(&mut self) -> &mut BySeat<Option<Slot>> {
        Arc::make_mut(&mut self.seats)
    }

    fn vacate(&mut self, actor: &Actor, out: &mut Staged) -> Result<(), LobbyError> {
        let p = participant(actor)?;
        let seat = self.seat_of(p.id).ok_or(LobbyError::NotSeated)?;
        self.seats_mut()[seat] = None;
        self.stage_seats(out);
        Ok(())
    }

    /// The seats still in the game.
    fn playing(&self) -> SeatSet {
        self.play
            .as_ref()
            .map_or(SeatSet::EMPTY, |p| playing_seats(p.game.position()))
    }

    fn require_playing(&self, seat: Seat) -> Result<(), LobbyError> {
        if self.playing().contains(seat) {
            Ok(())
        } else {
            Err(LobbyError::SeatOut(seat))
        }
    }

    /// The seat with its partner in team play (spec §2.8), else the seat alone.
    fn side_of(&self, seat: Seat) -> SeatSet {
        if self.teams {
            SeatSet::only(seat).with(seat.opposite())
        } else {
            SeatSet::only(seat)
        }
    }

    fn start(
        &mut self,
        first: FirstSeat,
        now: Timestamp,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        if self.layout.iter().any(|s| self.seats[s].is_none()) {
            return Err(LobbyError::NotAllSeatsTaken);
        }
        let options = &self.config.options;
        let variant = options.variant();
        let start = AnyPosition::new(variant, options)?;
        let rules_first = start.turn().ok_or(LobbyError::InvalidConfig(
            "the start position has no seat to move",
        ))?;
        // Only Neva leaves the first seat open (spec §2.2, §8.5); the others start with White.
        let open = variant == Variant::Neva;
        let first = match first {
            FirstSeat::Fixed(s) if !self.layout.contains(s) => {
                return Err(LobbyError::NoSuchSeat(s))
            }
            FirstSeat::Fixed(s) => s,
            FirstSeat::Lot(r) if open => {
                let n = self.layout.len() as u64;
                let pick = usize::try_from(r % n.max(1)).unwrap_or(0);
                self.layout.iter().nth(pick).unwrap_or(rules_first)
            }
            FirstSeat::Lot(_) => rules_first,
        };
        let start = if first == rules_first {
            start
        } else if open {
            let mut setup = start.to_setup();
            setup.turn = Some(first);
            AnyPosition::from_setup(&setup, options, Problems::empty())
                .map_err(|_| LobbyError::FirstSeatNotAllowed(first))?
        } else {
            return Err(LobbyError::FirstSeatNotAllowed(first));
        };
        let game = Game::new(start);
        let clocks = Clocks::start(self.config.time_control, self.layout, game.turn(), now);
        let play = Play {
            game,
            first,
            clocks,
            moved: SeatSet::EMPTY,
            last_move: None,
            out_reasons: BySeat::default(),
            draw_offer: None,
            claimed: false,
            outcome: None,
        };
        out.push((
            Audience::Everyone,
            EventKind::Started {
                first,
                board: Box::new(board_view(&play)),
            },
        ));
        self.play = Some(Box::new(play));
        self.state = RoomState::Playing;
        self.stage_turn(out);
        Ok(())
    }

    fn play_move(
        &mut self,
        seat: Seat,
        text: &str,
        now: Timestamp,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let playing = self.playing();
        let Some(play) = self.play.as_mut() else {
            return Err(LobbyError::NotYourTurn);
        };
        if play.game.turn() != Some(seat) {
            return Err(if playing.contains(seat) {
                LobbyError::NotYourTurn
            } else {
                LobbyError::SeatOut(seat)
            });
        }
        let before = play.game.position().clone();
        let mv = play.game.play_text(text).map_err(|e| match e {
            GameError::Move(e) => LobbyError::IllegalMove(e),
            GameError::Illegal(_) | GameError::Depart(_) => {
                LobbyError::IllegalMove(MoveError::GameOver)
            }
        })?;
        play.moved.insert(seat);
        play.last_move = Some((seat, Arc::new(MoveView::new(before.variant(), &mv))));
        self.after_action(Action::Moved(seat, mv), &before, now, out);
        Ok(())
    }

    /// `seat` leaves the game at `at` (resignation, leaving, flag or claim).
    fn depart(
        &mut self,
        seat: Seat,
        how: Departure,
        reason: Reason,
        at: Timestamp,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let Some(play) = self.play.as_mut() else {
            return Err(LobbyError::SeatOut(seat));
        };
        let before = play.game.position().clone();
        play.game
            .depart(seat, how)
            .map_err(|_| LobbyError::SeatOut(seat))?;
        play.out_reasons[seat] = Some(reason);
        self.after_action(Action::Departed(seat, how, reason), &before, at, out);
        Ok(())
    }

    /// Bookkeeping after a move or departure at `at`: who went out and why, clocks, the
    /// draw offer, events, and the end of the game.
    fn after_action(
        &mut self,
        action: Action,
        before: &AnyPosition,
        at: Timestamp,
        out: &mut Staged,
    ) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let status = play.game.status();
        let newly_out = out_set(play.game.position()).minus(out_set(before));
        for s in newly_out.iter() {
            if play.out_reasons[s].is_some() {
                continue;
            }
            let reason = match (action, status) {
                (Action::Moved(_, mv), _) if captured_all(before, s, &mv) => Reason::CapturedAll,
                (_, Status::Won { reason, .. } | Status::Drawn { reason, .. }) => {
                    Reason::from_end(reason)
                }
                (_, Status::Ongoing) => Reason::Blocked,
            };
            play.out_reasons[s] = Some(reason);
        }
        let turn = play.game.turn();
        let moved = matches!(action, Action::Moved(..));
        if let Some(clocks) = play.clocks.as_mut() {
            if moved || clocks.running() != turn {
                clocks.switch(turn, at, moved);
            }
        }
        let mut offer_event = None;
        if let Some(offer) = play.draw_offer {
            let answered_by_moving =
                matches!(action, Action::Moved(s, _) if offer.waiting_for.contains(s));
            if answered_by_moving || !newly_out.is_empty() {
                play.draw_offer = None;
                offer_event = Some(EventKind::DrawOffer {
                    by: None,
                    action: DrawAction::Lapsed,
                    offer: None,
                });
            }
        }
        let board = board_view(play);
        let departed = match action {
            Action::Moved(seat, mv) => {
                out.push((
                    Audience::Everyone,
                    EventKind::Moved {
                        seat,
                        // The view `play_move` made for the last move: one per move.
                        mv: match &play.last_move {
                            Some((_, view)) => view.clone(),
                            None => Arc::new(MoveView::new(before.variant(), &mv)),
                        },
                        board: Arc::new(board),
                    },
                ));
                None
            }
            Action::Departed(seat, how, reason) => {
                out.push((
                    Audience::Everyone,
                    EventKind::Departed {
                        seat,
                        reason,
                        action: rules::record::write_departure(seat, how),
                        board: Box::new(board),
                    },
                ));
                Some(seat)
            }
        };
        for s in newly_out.iter().filter(|&s| Some(s) != departed) {
            if let Some(reason) = play.out_reasons[s] {
                out.push((
                    Audience::Everyone,
                    EventKind::Eliminated { seat: s, reason },
                ));
            }
        }
        if let Some(e) = offer_event {
            out.push((Audience::Everyone, e));
        }
        if status.is_ongoing() {
            self.stage_turn(out);
        } else {
            self.finish(None, at, out);
        }
    }

    /// Ends the game at `at`: drawn among the seats still playing for `draw`, else as the
    /// rules decided.
    fn finish(&mut self, draw: Option<Reason>, at: Timestamp, out: &mut Staged) {
        let layout = self.layout;
        let teams = self.teams;
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let playing = playing_seats(play.game.position());
        let (winners, top, reason) = match (draw, play.game.status()) {
            (Some(reason), _) => (SeatSet::EMPTY, playing, reason),
            (None, Status::Won { winners, reason }) => (winners, winners, Reason::from_end(reason)),
            (None, Status::Drawn { seats, reason }) => {
                (SeatSet::EMPTY, seats, Reason::from_end(reason))
            }
            (None, Status::Ongoing) => return,
        };
        let reason = if play.claimed {
            Reason::Abandonment
        } else {
            reason
        };
        let seats = BySeat::from_fn(|s| {
            if !layout.contains(s) {
                return None;
            }
            Some(if winners.contains(s) {
                SeatResult {
                    verdict: Verdict::Win,
                    reason,
                }
            } else if winners.is_empty() && top.contains(s) {
                SeatResult {
                    verdict: Verdict::Draw,
                    reason,
                }
            } else {
                SeatResult {
                    verdict: Verdict::Loss,
                    reason: play.out_reasons[s].unwrap_or(reason),
                }
            })
        });
        let mut finishing_order = Vec::new();
        if !top.is_empty() {
            finishing_order.push(top);
        }
        for g in play.game.position().eliminated().into_iter().rev() {
            let g = g.minus(top);
            if !g.is_empty() {
                finishing_order.push(g);
            }
        }
        let placed = finishing_order
            .iter()
            .fold(SeatSet::EMPTY, |a, &g| a.union(g));
        let rest = layout.minus(placed);
        if !rest.is_empty() {
            finishing_order.push(rest);
        }
        let outcome = Outcome {
            winners,
            reason,
            seats,
            finishing_order,
            winning_team: (teams && !winners.is_empty()).then_some(winners),
        };
        if let Some(clocks) = play.clocks.as_mut() {
            if clocks.running().is_some() {
                clocks.switch(None, at, false);
            }
        }
        play.draw_offer = None;
        play.outcome = Some(outcome.clone());
        let board = board_view(play);
        self.state = RoomState::Finished;
        out.push((
            Audience::Everyone,
            EventKind::Finished {
                outcome,
                board: Box::new(board),
            },
        ));
    }

    /// Applies every flag that fell by `now`, each at the moment it fell; returns the
    /// flagged seats.
    fn run_clocks(&mut self, now: Timestamp, out: &mut Staged) -> SeatSet {
        let mut flagged = SeatSet::EMPTY;
        while self.state == RoomState::Playing {
            let fallen = self
                .play
                .as_ref()
                .and_then(|p| p.clocks.as_ref())
                .and_then(|c| c.fallen(now));
            let Some((seat, at)) = fallen else {
                break;
            };
            // Each seat flags at most once, so this ends after at most four rounds.
            if flagged.contains(seat) {
                break;
            }
            flagged.insert(seat);
            if self
                .depart(seat, Departure::Timeout, Reason::Time, at, out)
                .is_err()
            {
                break;
            }
        }
        flagged
    }

    fn offer_draw(
        &mut self,
        seat: Seat,
        now: Timestamp,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let playing = self.playing();
        let side = self.side_of(seat).intersect(playing);
        let Some(play) = self.play.as_mut() else {
            return Err(LobbyError::NoDrawOffer);
        };
        let current = play.draw_offer;
        match current {
            Some(offer) if offer.waiting_for.contains(seat) => {
                self.accept_draw(seat, offer, now, out);
                Ok(())
            }
            Some(_) => Err(LobbyError::DrawAlreadyOffered),
            None => {
                let offer = DrawOfferView {
                    side,
                    accepted: SeatSet::EMPTY,
                    waiting_for: playing.minus(side),
                };
                play.draw_offer = Some(offer);
                out.push((
                    Audience::Everyone,
                    EventKind::DrawOffer {
                        by: Some(seat),
                        action: DrawAction::Offered,
                        offer: Some(offer),
                    },
                ));
                Ok(())
            }
        }
    }

    fn accept_draw(
        &mut self,
        seat: Seat,
        mut offer: DrawOfferView,
        now: Timestamp,
        out: &mut Staged,
    ) {
        offer.waiting_for.remove(seat);
        offer.accepted.insert(seat);
        let agreed = offer.waiting_for.is_empty();
        let pending = (!agreed).then_some(offer);
        if let Some(play) = self.play.as_mut() {
            play.draw_offer = pending;
        }
        out.push((
            Audience::Everyone,
            EventKind::DrawOffer {
                by: Some(seat),
                action: DrawAction::Accepted,
                offer: pending,
            },
        ));
        if agreed {
            self.finish(Some(Reason::Agreement), now, out);
        }
    }

    fn decline_draw(&mut self, seat: Seat, out: &mut Staged) -> Result<(), LobbyError> {
        let Some(play) = self.play.as_mut() else {
            return Err(LobbyError::NoDrawOffer);
        };
        let Some(offer) = play.draw_offer else {
            return Err(LobbyError::NoDrawOffer);
        };
        let action = if offer.waiting_for.union(offer.accepted).contains(seat) {
            DrawAction::Declined
        } else if offer.side.contains(seat) {
            DrawAction::Withdrawn
        } else {
            return Err(LobbyError::NoDrawOffer);
        };
        play.draw_offer = None;
        out.push((
            Audience::Everyone,
            EventKind::DrawOffer {
                by: Some(seat),
                action,
                offer: None,
            },
        ));
        Ok(())
    }

    fn abort(
        &mut self,
        actor: &Actor,
        now: Timestamp,
        out: &mut Staged,
        name: &'static str,
    ) -> Result<(), LobbyError> {
        let by = match self.state {
            RoomState::Waiting => {
                if !matches!(actor, Actor::Server) {
                    self.require_host(actor)?;
                }
                None
            }
            RoomState::Playing => {
                let by = match actor {
                    Actor::Server => None,
                    Actor::Bot(_) => return Err(LobbyError::NotAParticipant),
                    Actor::Player(p) => match self.seat_of(p.id) {
                        Some(s) => Some(s),
                        None if p.id == self.config.host.id => None,
                        None => return Err(LobbyError::NotSeated),
                    },
                };
                let playing = self.playing();
                let Some(play) = self.play.as_mut() else {
                    return Err(LobbyError::TooLateToAbort);
                };
                if playing.minus(play.moved).is_empty() {
                    return Err(LobbyError::TooLateToAbort);
                }
                if let Some(clocks) = play.clocks.as_mut() {
                    clocks.switch(None, now, false);
                }
                play.draw_offer = None;
                by
            }
            state => {
                return Err(LobbyError::WrongState {
                    state,
                    command: name,
                })
            }
        };
        self.state = RoomState::Aborted;
        out.push((Audience::Everyone, EventKind::Aborted { by }));
        Ok(())
    }

    fn claim_victory(
        &mut self,
        seat: Seat,
        now: Timestamp,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let opponents = self.playing().minus(self.side_of(seat));
        if let Some(play) = self.play.as_mut() {
            play.claimed = true;
        }
        for o in opponents.iter() {
            if self.state != RoomState::Playing {
                break;
            }
            if self.playing().contains(o) {
                self.depart(o, Departure::Leave, Reason::Abandonment, now, out)?;
            }
        }
        Ok(())
    }

    fn ask_rematch(
        &mut self,
        actor: &Actor,
        new_room: Uuid,
        lot: u64,
        now: Timestamp,
        out: &mut Staged,
    ) -> Result<Option<Box<Room>>, LobbyError> {
        if let Some(id) = self.rematch_room {
            return Err(LobbyError::RematchCreated(id));
        }
        let p = participant(actor)?;
        let seat = self.seat_of(p.id).ok_or(LobbyError::NotSeated)?;
        if self.rematch_asked.contains(seat) {
            return Err(LobbyError::RematchAlreadyAsked);
        }
        self.rematch_asked.insert(seat);
        let mut view = self.rematch_view();
        let room = if view.waiting_for.is_empty() {
            let room = self.rematch(new_room, lot, now)?;
            self.rematch_room = Some(new_room);
            view.room = Some(new_room);
            Some(Box::new(room))
        } else {
            None
        };
        out.push((
            Audience::Everyone,
            EventKind::Rematch {
                asked: view.asked,
                waiting_for: view.waiting_for,
                room: view.room,
            },
        ));
        Ok(room)
    }

    /// The rematch room: same settings, every occupant moved one seat along the layout,
    /// started by lot.
    fn rematch(&self, id: Uuid, lot: u64, now: Timestamp) -> Result<Room, LobbyError> {
        let mut config = RoomConfig::clone(&self.config);
        config.id = id;
        let (mut room, _) = Room::new(config, now)?;
        let host = Actor::Player(self.config.host.clone());
        let order: Vec<Seat> = self.layout.iter().collect();
        for (&from, &to) in order.iter().zip(order.iter().cycle().skip(1)) {
            match self.seats[from].as_ref().map(|s| &s.occupant) {
                Some(Occupant::Player(p)) => {
                    room.handle(
                        &Actor::Player(p.clone()),
                        now,
                        Command::TakeSeat { seat: Some(to) },
                    )?;
                }
                Some(Occupant::Bot(b)) => {
                    room.handle(
                        &host,
                        now,
                        Command::SetBot {
                            seat: to,
                            bot: b.clone(),
                        },
                    )?;
                }
                None => {}
            }
        }
        room.handle(
            &host,
            now,
            Command::Start {
                first: FirstSeat::Lot(lot),
            },
        )?;
        Ok(room)
    }

    fn presence(
        &mut self,
        actor: &Actor,
        connected: bool,
        now: Timestamp,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let p = participant(actor)?;
        // Spectators come and go without changing the room.
        let Some(seat) = self.seat_of(p.id) else {
            return Ok(());
        };
        // Looked at before the seats are copied: a second socket of the same player changes
        // nothing.
        let changes = self.seats[seat]
            .as_ref()
            .is_some_and(|slot| slot.connected != connected);
        if !changes {
            return Ok(());
        }
        if let Some(slot) = self.seats_mut()[seat].as_mut() {
            slot.connected = connected;
            slot.since = now;
            out.push((
                Audience::Everyone,
                EventKind::Presence {
                    seat,
                    connected,
                    since: now,
                },
            ));
        }
        Ok(())
    }

    // ---------------------------------------------------------------------------------
    // Claims

    /// When `seat` may claim: every opponent still playing is a person disconnected for
    /// the grace period. `None` if some opponent is connected or a bot.
    fn claim_opens_at(&self, seat: Seat) -> Option<Timestamp> {
        if self.state != RoomState::Playing {
            return None;
        }
        self.claim_opens_among(seat, self.playing())
    }

    /// [`Room::claim_opens_at`] in a playing room whose seats still `playing` are known.
    fn claim_opens_among(&self, seat: Seat, playing: SeatSet) -> Option<Timestamp> {
        if !playing.contains(seat) {
            return None;
        }
        let opponents = playing.minus(self.side_of(seat));
        if opponents.is_empty() {
            return None;
        }
        let mut opens = Timestamp(0);
        for o in opponents.iter() {
            match &self.seats[o] {
                Some(Slot {
                    occupant: Occupant::Player(_),
                    connected: false,
                    since,
                }) => opens = opens.max(since.plus(self.config.grace_ms)),
                _ => return None,
            }
        }
        Some(opens)
    }

    /// Every seat's [`Room::claim_opens_at`], taken before and after each command: the
    /// seats still playing are worked out once for all of them (in some games that is a
    /// search for a legal move).
    fn claims(&self) -> BySeat<Option<Timestamp>> {
        if self.state != RoomState::Playing {
            return BySeat::default();
        }
        let playing = self.playing();
        BySeat::from_fn(|s| self.claim_opens_among(s, playing))
    }

    /// Tells each seat whose claim time changed.
    fn stage_claims(&self, before: BySeat<Option<Timestamp>>, now: Timestamp, out: &mut Staged) {
        if self.state != RoomState::Playing {
            return;
        }
        let after = self.claims();
        for seat in self.layout.iter() {
            if before[seat] != after[seat] {
                out.push((
                    Audience::Seat(seat),
                    EventKind::Claim {
                        seat,
                        opens_at: after[seat],
                        opens_in_ms: after[seat].map(|t| t.since(now)),
                    },
                ));
            }
        }
    }

    // ---------------------------------------------------------------------------------
    // Views and events

    fn room_info(&self) -> RoomInfo {
        RoomInfo {
            id: self.config.id,
            game: self.config.options.variant(),
            options: self.config.options.clone(),
            layout: self.layout,
            teams: self.teams,
            host: self.config.host.clone(),
            private: matches!(self.config.visibility, Visibility::Private { .. }),
            time_control: self.config.time_control,
            grace_ms: self.config.grace_ms,
            created_at: self.created_at,
        }
    }

    fn seats_view(&self) -> BySeat<Option<SeatView>> {
        BySeat::from_fn(|s| {
            self.seats[s].as_ref().map(|slot| SeatView {
                occupant: slot.occupant.clone(),
                connected: slot.connected,
                since: slot.since,
            })
        })
    }

    fn rematch_view(&self) -> RematchView {
        let humans = self.layout.filter(|s| {
            matches!(
                self.seats[s],
                Some(Slot {
                    occupant: Occupant::Player(_),
                    ..
                })
            )
        });
        RematchView {
            asked: self.rematch_asked,
            waiting_for: humans.minus(self.rematch_asked),
            room: self.rematch_room,
        }
    }

    fn stage_seats(&self, out: &mut Staged) {
        out.push((
            Audience::Everyone,
            EventKind::Seats {
                seats: Box::new(self.seats_view()),
            },
        ));
    }

    /// Tells the seat to move (and only it) its legal moves.
    fn stage_turn(&self, out: &mut Staged) {
        let Some(play) = self.play.as_ref() else {
            return;
        };
        if let Some(seat) = play.game.turn() {
            out.push((
                Audience::Seat(seat),
                EventKind::YourTurn {
                    seat,
                    legal_moves: LegalMoves::new(
                        play.game.position().variant(),
                        &play.game.position().legal_moves(),
                    ),
                },
            ));
        }
    }

    /// Numbers the staged events and keeps the last [`HISTORY_LEN`].
    fn publish(&mut self, staged: Staged) -> Vec<Event> {
        let mut events = Vec::with_capacity(staged.len());
        for (audience, kind) in staged {
            self.version += 1;
            let event = Event {
                version: self.version,
                audience,
                kind,
            };
            if self.history.len() >= HISTORY_LEN {
                self.history.pop_front();
            }
            self.history.push_back(event.clone());
            events.push(event);
        }
        events
    }
}

fn board_view(play: &Play) -> BoardView {
    let pos = play.game.position();
    BoardView {
        position: pos.position_string(),
        turn: play.game.turn(),
        playing: playing_seats(pos),
        plies: play.game.actions().len(),
        clocks: play.clocks.as_ref().map(Clocks::view),
    }
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

fn legal_moves(game: &Game) -> Vec<MoveView> {
    if game.turn().is_none() {
        return Vec::new();
    }
    let pos = game.position();
    pos.legal_moves()
        .iter()
        .map(|mv| MoveView::new(pos.variant(), mv))
        .collect()
}
