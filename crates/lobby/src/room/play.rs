//! The game itself: the start, moves, departures (resigning, leaving, flags, claims), who
//! went out and why, the end and its outcome, and abort. Every change to the game goes
//! through [`Room::after_action`], so the bookkeeping after a move and after a departure is
//! the same.

use std::sync::Arc;

use rules::record::{playing as playing_seats, write_departure};
use rules::{
    AnyPosition, BySeat, Departure, EndReason, Game, GameError, Move, MoveError, Problems, Seat,
    SeatSet, Square, Status, Variant,
};

use super::view::board_view;
use super::{participant, Action, Asked, Play, Room, Staged};
use crate::clock::Clocks;
use crate::command::FirstSeat;
use crate::error::LobbyError;
use crate::event::{
    AbortReason, Audience, DrawAction, EventKind, MoveView, RoomState, TakebackAction,
};
use crate::outcome::{Outcome, Reason, SeatResult, Verdict};
use crate::types::{Actor, Timestamp};

impl Room {
    /// [`crate::Command::Start`]: the host starts the game once every seat is taken.
    pub(super) fn start(
        &mut self,
        cx: Asked<'_>,
        first: FirstSeat,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        self.expect(RoomState::Waiting, cx.name)?;
        self.require_host(cx.actor)?;
        if !self.full() {
            return Err(LobbyError::NotAllSeatsTaken);
        }
        self.begin(first, cx.now, out)
    }

    /// True when every seat of the layout is taken.
    fn full(&self) -> bool {
        self.layout.iter().all(|s| self.seats[s].is_some())
    }

    /// A room that starts by itself starts once the seat just filled was the last free
    /// one, by a lot drawn from the room's id and the time: the same commands replayed at
    /// the same times draw the same first seat.
    pub(super) fn start_if_full(
        &mut self,
        now: Timestamp,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        if self.config.auto_start && self.state == RoomState::Waiting && self.full() {
            let lot = lot_of(self.config.id.as_u128(), now);
            self.begin(FirstSeat::Lot(lot), now, out)?;
        }
        Ok(())
    }

    /// Starts the game at `now`.
    pub(super) fn begin(
        &mut self,
        first: FirstSeat,
        now: Timestamp,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let (start, first) = self.opening(first)?;
        let game = Game::new(start);
        let clocks = Clocks::start(
            self.config.time_control,
            self.layout,
            game.turn(),
            now,
            self.config.no_show_ms,
            self.config.first_move_ms,
        );
        let play = Play {
            game,
            first,
            clocks,
            moved: SeatSet::EMPTY,
            last_move: None,
            last_move_at: now,
            out_reasons: BySeat::default(),
            draw_offer: None,
            takeback: None,
            undoable: Vec::new(),
            taken_back: Vec::new(),
            claimed: false,
            departing: None,
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

    /// The start position and the seat that moves first.
    fn opening(&self, first: FirstSeat) -> Result<(AnyPosition, Seat), LobbyError> {
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
        if first == rules_first {
            return Ok((start, first));
        }
        if !open {
            return Err(LobbyError::FirstSeatNotAllowed(first));
        }
        let mut setup = start.to_setup();
        setup.turn = Some(first);
        let start = AnyPosition::from_setup(&setup, options, Problems::empty())
            .map_err(|_| LobbyError::FirstSeatNotAllowed(first))?;
        Ok((start, first))
    }

    /// [`crate::Command::Move`]: the seat to move plays. A move that arrives after its
    /// seat's flag fell (`flagged` by the catching up) is not played: the flag is the
    /// answer.
    pub(super) fn move_piece(
        &mut self,
        cx: Asked<'_>,
        text: &str,
        flagged: SeatSet,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        if self
            .acting_seat(cx.actor)
            .is_ok_and(|s| flagged.contains(s))
        {
            return Ok(());
        }
        self.expect(RoomState::Playing, cx.name)?;
        let seat = self.acting_seat(cx.actor)?;
        self.play_move(seat, text, cx.now, out)
    }

    /// [`crate::Command::Resign`]: the seat gives up (in Neva play goes on without it).
    pub(super) fn resign(&mut self, cx: Asked<'_>, out: &mut Staged) -> Result<(), LobbyError> {
        let seat = self.seat_in_play(cx)?;
        self.depart(seat, Departure::Resign, Reason::Resigned, cx.now, out)
    }

    /// [`crate::Command::Leave`]: before the start, give up one's seat; during the game,
    /// leave it ([`Reason::Left`]).
    pub(super) fn leave(&mut self, cx: Asked<'_>, out: &mut Staged) -> Result<(), LobbyError> {
        match self.state {
            RoomState::Waiting => self.vacate(cx.actor, out),
            RoomState::Playing => {
                let p = participant(cx.actor)?;
                let seat = self.seat_of(p.id).ok_or(LobbyError::NotSeated)?;
                self.require_playing(seat)?;
                self.depart(seat, Departure::Leave, Reason::Left, cx.now, out)
            }
            state => Err(LobbyError::WrongState {
                state,
                command: cx.name,
            }),
        }
    }

    /// [`crate::Command::Abort`]: the host or the server cancels a waiting room; a seated
    /// player, the host or the server cancels a game some seat still playing has not moved
    /// in yet.
    pub(super) fn abort(&mut self, cx: Asked<'_>, out: &mut Staged) -> Result<(), LobbyError> {
        let by = match self.state {
            RoomState::Waiting => {
                if !matches!(cx.actor, Actor::Server) {
                    self.require_host(cx.actor)?;
                }
                None
            }
            RoomState::Playing => self.abort_game(cx)?,
            state => {
                return Err(LobbyError::WrongState {
                    state,
                    command: cx.name,
                })
            }
        };
        let reason = match cx.actor {
            Actor::Server => AbortReason::Server,
            Actor::Player(_) | Actor::Bot(_) => AbortReason::Requested,
        };
        self.state = RoomState::Aborted;
        out.push((
            Audience::Everyone,
            EventKind::Aborted {
                by,
                reason,
                seat: None,
            },
        ));
        Ok(())
    }

    /// `seat` let its first-move deadline (`at`) pass: the game is aborted, nobody loses.
    pub(super) fn abort_no_first_move(&mut self, seat: Seat, at: Timestamp, out: &mut Staged) {
        self.call_off(None, AbortReason::NoFirstMove, Some(seat), at, out);
    }

    /// Aborts the game under way at `at`: the clocks stop, the draw offer goes, and
    /// everyone is told why (`by`: the seat that asked, `seat`: the seat concerned).
    pub(super) fn call_off(
        &mut self,
        by: Option<Seat>,
        reason: AbortReason,
        seat: Option<Seat>,
        at: Timestamp,
        out: &mut Staged,
    ) {
        if let Some(play) = self.play.as_mut() {
            if let Some(clocks) = play.clocks.as_mut() {
                clocks.stop(at);
            }
            play.draw_offer = None;
            play.takeback = None;
        }
        self.state = RoomState::Aborted;
        out.push((Audience::Everyone, EventKind::Aborted { by, reason, seat }));
    }

    /// True once the game counts: every seat still playing has moved (as lichess does
    /// after FIDE: until then a resignation, a flag, a walk-away or a claim aborts the
    /// game, and nobody wins, loses or changes rating). A paired game, and a room with
    /// the no-show rule, always counts: it is played or forfeited.
    pub(super) fn counts(&self) -> bool {
        if self.config.fixed_seating() || self.config.no_show_ms.is_some() {
            return true;
        }
        let playing = self.playing();
        self.play
            .as_ref()
            .is_some_and(|p| playing.minus(p.moved).is_empty())
    }

    /// Stops a game being aborted; returns the seat that aborted it, if a seated player did.
    fn abort_game(&mut self, cx: Asked<'_>) -> Result<Option<Seat>, LobbyError> {
        // A paired game is played or forfeited, never called off by a player.
        if self.config.fixed_seating() && !matches!(cx.actor, Actor::Server) {
            return Err(LobbyError::AbortNotAllowed);
        }
        let by = match cx.actor {
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
            clocks.stop(cx.now);
        }
        play.draw_offer = None;
        play.takeback = None;
        Ok(by)
    }

    /// The seat a game command acts for, which must still be playing.
    pub(super) fn seat_in_play(&self, cx: Asked<'_>) -> Result<Seat, LobbyError> {
        self.expect(RoomState::Playing, cx.name)?;
        let seat = self.acting_seat(cx.actor)?;
        self.require_playing(seat)?;
        Ok(seat)
    }

    /// The seats still in the game.
    pub(super) fn playing(&self) -> SeatSet {
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
    pub(super) fn side_of(&self, seat: Seat) -> SeatSet {
        if self.teams {
            SeatSet::only(seat).with(seat.opposite())
        } else {
            SeatSet::only(seat)
        }
    }

    fn play_move(
        &mut self,
        seat: Seat,
        text: &str,
        now: Timestamp,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let playing = self.playing();
        let keep = self.keeps_undoable();
        let seats = self.layout.len();
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
        play.note_undoable(seat, keep, seats);
        let mv = play.game.play_text(text).map_err(|e| match e {
            GameError::Move(e) => LobbyError::IllegalMove(e),
            GameError::Illegal(_) | GameError::Depart(_) => {
                LobbyError::IllegalMove(MoveError::GameOver)
            }
        })?;
        play.moved.insert(seat);
        play.last_move = Some((seat, Arc::new(MoveView::new(before.variant(), &mv))));
        play.last_move_at = now;
        self.after_action(Action::Moved(seat, mv), &before, now, out);
        Ok(())
    }

    /// `seat` leaves the game at `at` (resignation, leaving, flag or claim); before the game
    /// counts ([`Room::counts`]) that aborts it instead.
    pub(super) fn depart(
        &mut self,
        seat: Seat,
        how: Departure,
        reason: Reason,
        at: Timestamp,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        if !self.counts() {
            self.require_playing(seat)?;
            let (by, why) = match reason {
                Reason::Resigned => (Some(seat), AbortReason::Resigned),
                Reason::Left => (Some(seat), AbortReason::Left),
                Reason::Time => (None, AbortReason::Time),
                _ => (None, AbortReason::Abandonment),
            };
            self.call_off(by, why, Some(seat), at, out);
            return Ok(());
        }
        let Some(play) = self.play.as_mut() else {
            return Err(LobbyError::SeatOut(seat));
        };
        let before = play.game.position().clone();
        play.game
            .depart(seat, how)
            .map_err(|_| LobbyError::SeatOut(seat))?;
        play.out_reasons[seat] = Some(reason);
        play.departing = Some(reason);
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
        let newly_out = play.note_out(action, before, status);
        play.switch_clocks(action, at);
        let lapsed = play.lapse_offer(action, newly_out);
        let takeback_lapsed = play.lapse_takeback();
        if let Action::Departed(..) = action {
            // A seat that resigned or left does not come back with a takeback.
            play.undoable.clear();
        }
        play.stage_action(action, before, newly_out, out);
        if takeback_lapsed {
            out.push((
                Audience::Everyone,
                EventKind::Takeback {
                    by: None,
                    action: TakebackAction::Lapsed,
                    request: None,
                },
            ));
        }
        if lapsed {
            out.push((
                Audience::Everyone,
                EventKind::DrawOffer {
                    by: None,
                    action: DrawAction::Lapsed,
                    offer: None,
                },
            ));
        }
        if status.is_ongoing() {
            self.stage_turn(out);
        } else {
            self.finish(None, at, out);
        }
    }

    /// Ends the game at `at`: drawn among the seats still playing for `draw`, else as the
    /// rules decided.
    pub(super) fn finish(&mut self, draw: Option<Reason>, at: Timestamp, out: &mut Staged) {
        let (layout, teams) = (self.layout, self.teams);
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let Some(outcome) = play.outcome_now(draw, layout, teams) else {
            return;
        };
        if let Some(clocks) = play.clocks.as_mut() {
            clocks.stop(at);
        }
        play.draw_offer = None;
        play.takeback = None;
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
}

impl Play {
    /// Notes why each seat that the action put out went out (a departing seat's reason is
    /// noted already); returns those seats.
    fn note_out(&mut self, action: Action, before: &AnyPosition, status: Status) -> SeatSet {
        let newly_out = self.game.position().out().minus(before.out());
        for s in newly_out.iter() {
            if self.out_reasons[s].is_some() {
                continue;
            }
            let reason = match (action, status) {
                (Action::Moved(_, mv), _) if captured_all(before, s, &mv) => Reason::CapturedAll,
                (_, Status::Won { reason, .. } | Status::Drawn { reason, .. }) => {
                    Reason::from_end(reason)
                }
                (_, Status::Ongoing) => Reason::Blocked,
            };
            self.out_reasons[s] = Some(reason);
        }
        newly_out
    }

    /// Runs the clock of the seat to move after the action (a move adds its increment).
    fn switch_clocks(&mut self, action: Action, at: Timestamp) {
        let turn = self.game.turn();
        let moved = matches!(action, Action::Moved(..));
        if let Some(clocks) = self.clocks.as_mut() {
            if moved || clocks.to_move() != turn {
                clocks.switch(turn, at, moved);
            }
        }
    }

    /// Drops the draw offer if a seat that had to answer moved instead, or a seat went out;
    /// true if it did.
    fn lapse_offer(&mut self, action: Action, newly_out: SeatSet) -> bool {
        let Some(offer) = self.draw_offer else {
            return false;
        };
        let answered_by_moving =
            matches!(action, Action::Moved(s, _) if offer.waiting_for.contains(s));
        let lapsed = answered_by_moving || !newly_out.is_empty();
        if lapsed {
            self.draw_offer = None;
        }
        lapsed
    }

    /// The action's event (`moved` or `departed`, with the record's text of it), then one
    /// `eliminated` for each other seat it put out.
    fn stage_action(
        &self,
        action: Action,
        before: &AnyPosition,
        newly_out: SeatSet,
        out: &mut Staged,
    ) {
        let board = board_view(self);
        let departed = match action {
            Action::Moved(seat, mv) => {
                // The view `play_move` made for the last move: one per move.
                let mv = match &self.last_move {
                    Some((_, view)) => view.clone(),
                    None => Arc::new(MoveView::new(before.variant(), &mv)),
                };
                let board = Arc::new(board);
                out.push((Audience::Everyone, EventKind::Moved { seat, mv, board }));
                None
            }
            Action::Departed(seat, how, reason) => {
                out.push((
                    Audience::Everyone,
                    EventKind::Departed {
                        seat,
                        reason,
                        action: write_departure(seat, how),
                        board: Box::new(board),
                    },
                ));
                Some(seat)
            }
        };
        for s in newly_out.iter().filter(|&s| Some(s) != departed) {
            if let Some(reason) = self.out_reasons[s] {
                out.push((
                    Audience::Everyone,
                    EventKind::Eliminated { seat: s, reason },
                ));
            }
        }
    }

    /// The outcome if the game ends now: drawn among the seats still playing for `draw`,
    /// else as the rules decided; `None` while the rules say the game goes on.
    fn outcome_now(&self, draw: Option<Reason>, layout: SeatSet, teams: bool) -> Option<Outcome> {
        let playing = playing_seats(self.game.position());
        // A game ended by a departure ends for the departure's own reason (a no-show is
        // a timeout to the rules).
        let end = |reason: EndReason| match (reason, self.departing) {
            (EndReason::Departed(_), Some(departing)) => departing,
            _ => Reason::from_end(reason),
        };
        let (winners, top, reason) = match (draw, self.game.status()) {
            (Some(reason), _) => (SeatSet::EMPTY, playing, reason),
            (None, Status::Won { winners, reason }) => (winners, winners, end(reason)),
            (None, Status::Drawn { seats, reason }) => (SeatSet::EMPTY, seats, end(reason)),
            (None, Status::Ongoing) => return None,
        };
        // A game ended by a claim keeps the rules' result; the reason is abandonment.
        let reason = if self.claimed {
            Reason::Abandonment
        } else {
            reason
        };
        let seats = BySeat::from_fn(|s| {
            layout
                .contains(s)
                .then(|| self.seat_result(s, winners, top, reason))
        });
        Some(Outcome {
            winners,
            reason,
            seats,
            finishing_order: self.finishing_order(top, layout),
            winning_team: (teams && !winners.is_empty()).then_some(winners),
        })
    }

    /// One seat's result: a win, a share of the draw among `top`, or a loss (with why the
    /// seat went out, if it did before the end).
    fn seat_result(&self, s: Seat, winners: SeatSet, top: SeatSet, reason: Reason) -> SeatResult {
        if winners.contains(s) {
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
                reason: self.out_reasons[s].unwrap_or(reason),
            }
        }
    }

    /// Finishing order, best first: `top`, then the seats that went out, last out first,
    /// then any other seat of the layout.
    fn finishing_order(&self, top: SeatSet, layout: SeatSet) -> Vec<SeatSet> {
        let mut order = Vec::new();
        if !top.is_empty() {
            order.push(top);
        }
        for g in self.game.position().eliminated().into_iter().rev() {
            let g = g.minus(top);
            if !g.is_empty() {
                order.push(g);
            }
        }
        let placed = order.iter().fold(SeatSet::EMPTY, |a, &g| a.union(g));
        let rest = layout.minus(placed);
        if !rest.is_empty() {
            order.push(rest);
        }
        order
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

/// A lot drawn from a room's id and a time (splitmix64 over both): the same for the same
/// room at the same moment, so replaying a room's log draws the same first seat.
fn lot_of(id: u128, now: Timestamp) -> u64 {
    // Truncations are the point here: the id's two halves are folded into one word.
    #[allow(clippy::cast_possible_truncation)]
    let mut z = (id as u64) ^ ((id >> 64) as u64) ^ now.0.rotate_left(32);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
