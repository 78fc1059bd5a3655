//! Takebacks by consent, in casual games: a seat asks to take back its last move (and every
//! move made since), the other seats still playing that people hold answer (bots agree at
//! once), and once all have agreed the game goes back to where it stood before that move.
//!
//! A room keeps, for each of the last few moves, what it needs to stand again before it
//! ([`Undoable`]): one position and a few small fields, not the game's history, so a
//! takeback costs the moves taken back, never the length of the game. Only as many moves
//! are kept as a round has seats: a seat's last move is always among them. A departure
//! clears them (a seat that resigned or left does not come back), and a rated or
//! tournament game keeps none.

use std::sync::Arc;

use rules::{BySeat, Checkpoint, Seat, SeatSet};

use super::view::board_view;
use super::{Asked, Play, Room, Staged};
use crate::error::LobbyError;
use crate::event::{Audience, EventKind, LastMove, MoveView, TakebackAction, TakebackView};
use crate::outcome::Reason;
use crate::types::Timestamp;

/// The room as it stood just before one move, for taking that move back.
#[derive(Clone, Debug)]
pub(super) struct Undoable {
    /// The seat that moved.
    seat: Seat,
    checkpoint: Checkpoint,
    moved: SeatSet,
    last_move: Option<(Seat, Arc<MoveView>)>,
    last_move_at: Timestamp,
    out_reasons: BySeat<Option<Reason>>,
}

impl Play {
    /// Notes where the game stands before `seat` moves, when `keep` (a casual game) is
    /// set; keeps the last `seats` such moments.
    pub(super) fn note_undoable(&mut self, seat: Seat, keep: bool, seats: usize) {
        if !keep {
            return;
        }
        if self.undoable.len() >= seats.max(1) {
            self.undoable.remove(0);
        }
        self.undoable.push(Undoable {
            seat,
            checkpoint: self.game.checkpoint(),
            moved: self.moved,
            last_move: self.last_move.clone(),
            last_move_at: self.last_move_at,
            out_reasons: self.out_reasons,
        });
    }

    /// Where a takeback asked by `seat` would go back to: the index of its last move
    /// among those kept, and how many moves that takes back.
    fn takeback_from(&self, seat: Seat) -> Option<(usize, usize)> {
        let i = self.undoable.iter().rposition(|u| u.seat == seat)?;
        Some((i, self.undoable.len() - i))
    }

    /// Drops the pending request after an action; true if there was one.
    pub(super) fn lapse_takeback(&mut self) -> bool {
        self.takeback.take().is_some()
    }
}

impl Room {
    /// True when this room's games allow takebacks: casual, and not a tournament's.
    fn takebacks_allowed(&self) -> bool {
        !self.config.rated && !self.config.fixed_seating()
    }

    /// Whether moves in this room are kept for takebacks.
    pub(super) fn keeps_undoable(&self) -> bool {
        self.takebacks_allowed()
    }

    /// [`crate::Command::AskTakeback`]: ask to take back one's last move; asking while a
    /// request waits for one's answer agrees to it.
    pub(super) fn ask_takeback(
        &mut self,
        cx: Asked<'_>,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let seat = self.seat_in_play(cx)?;
        if !self.takebacks_allowed() {
            return Err(LobbyError::TakebackNotAllowed);
        }
        let answering = self.answering(seat);
        let Some(play) = self.play.as_mut() else {
            return Err(LobbyError::NothingToTakeBack);
        };
        match play.takeback {
            Some(request) if request.waiting_for.contains(seat) => {
                self.agree(seat, request, cx.now, out);
                return Ok(());
            }
            Some(_) => return Err(LobbyError::TakebackAlreadyAsked),
            None => {}
        }
        let Some((_, plies)) = play.takeback_from(seat) else {
            return Err(LobbyError::NothingToTakeBack);
        };
        let request = TakebackView {
            by: seat,
            plies,
            accepted: SeatSet::EMPTY,
            waiting_for: answering,
        };
        if answering.is_empty() {
            // Nobody to ask (only bots play against this seat): granted at once.
            self.take_back(seat, cx.now, out);
            return Ok(());
        }
        play.takeback = Some(request);
        out.push((
            Audience::Everyone,
            EventKind::Takeback {
                by: Some(seat),
                action: TakebackAction::Asked,
                request: Some(request),
            },
        ));
        Ok(())
    }

    /// [`crate::Command::AcceptTakeback`]: agree to the request waiting for this seat.
    pub(super) fn accept_takeback(
        &mut self,
        cx: Asked<'_>,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let seat = self.seat_in_play(cx)?;
        match self.play.as_ref().and_then(|p| p.takeback) {
            Some(request) if request.waiting_for.contains(seat) => {
                self.agree(seat, request, cx.now, out);
                Ok(())
            }
            _ => Err(LobbyError::NoTakebackRequest),
        }
    }

    /// [`crate::Command::DeclineTakeback`]: decline the request (a seat that had to answer,
    /// or had agreed), or withdraw one's own.
    pub(super) fn decline_takeback(
        &mut self,
        cx: Asked<'_>,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let seat = self.seat_in_play(cx)?;
        let Some(play) = self.play.as_mut() else {
            return Err(LobbyError::NoTakebackRequest);
        };
        let Some(request) = play.takeback else {
            return Err(LobbyError::NoTakebackRequest);
        };
        let action = if request.waiting_for.union(request.accepted).contains(seat) {
            TakebackAction::Declined
        } else if request.by == seat {
            TakebackAction::Withdrawn
        } else {
            return Err(LobbyError::NoTakebackRequest);
        };
        play.takeback = None;
        out.push((
            Audience::Everyone,
            EventKind::Takeback {
                by: Some(seat),
                action,
                request: None,
            },
        ));
        Ok(())
    }

    /// The seats whose consent a takeback asked by `seat` needs: the others still playing
    /// that people hold.
    fn answering(&self, seat: Seat) -> SeatSet {
        let mut out = SeatSet::EMPTY;
        for s in self.playing().iter() {
            let person = self.occupant(s).is_some_and(|o| o.player().is_some());
            if s != seat && person {
                out.insert(s);
            }
        }
        out
    }

    /// `seat` agrees to `request`; the moves are taken back once nobody is left to answer.
    fn agree(&mut self, seat: Seat, mut request: TakebackView, now: Timestamp, out: &mut Staged) {
        request.waiting_for.remove(seat);
        request.accepted.insert(seat);
        let agreed = request.waiting_for.is_empty();
        let pending = (!agreed).then_some(request);
        if let Some(play) = self.play.as_mut() {
            play.takeback = pending;
        }
        out.push((
            Audience::Everyone,
            EventKind::Takeback {
                by: Some(seat),
                action: TakebackAction::Accepted,
                request: pending,
            },
        ));
        if agreed {
            self.take_back(request.by, now, out);
        }
    }

    /// Takes back `by`'s last move and every move since, at `now`: the game, who has
    /// moved, the last move and who is out stand as they did before it; nobody's time is
    /// given back, and `by`'s clock runs from now. A draw offer lapses.
    fn take_back(&mut self, by: Seat, now: Timestamp, out: &mut Staged) {
        let Some(play) = self.play.as_mut() else {
            return;
        };
        let Some((i, plies)) = play.takeback_from(by) else {
            return;
        };
        let mut kept = play.undoable.split_off(i);
        let Some(to) = kept.drain(..).next() else {
            return;
        };
        play.takeback = None;
        play.taken_back = play.game.rollback(to.checkpoint);
        play.moved = to.moved;
        play.last_move = to.last_move;
        play.last_move_at = to.last_move_at;
        play.out_reasons = to.out_reasons;
        let turn = play.game.turn();
        if let Some(clocks) = play.clocks.as_mut() {
            clocks.switch(turn, now, false);
        }
        let offer = play.draw_offer.take();
        let last_move = play.last_move.as_ref().map(|(seat, mv)| LastMove {
            seat: *seat,
            mv: MoveView::clone(mv),
        });
        out.push((
            Audience::Everyone,
            EventKind::TookBack {
                by,
                plies,
                board: Box::new(board_view(play)),
                last_move,
            },
        ));
        if offer.is_some() {
            out.push((
                Audience::Everyone,
                EventKind::DrawOffer {
                    by: None,
                    action: crate::event::DrawAction::Lapsed,
                    offer: None,
                },
            ));
        }
        self.stage_turn(out);
    }
}
