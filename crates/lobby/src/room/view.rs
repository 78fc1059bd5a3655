//! What clients see: the whole room as one viewer may see it ([`Room::snapshot`]), the
//! events a client missed ([`Room::events_since`]), the views of the room, its seats and
//! board that events carry, and the numbering of staged events into the history. Nothing
//! here changes the game.

use rules::record::playing as playing_seats;
use rules::{BySeat, Game};

use super::{Play, Room, Staged, HISTORY_LEN};
use crate::clock::Clocks;
use crate::event::{
    Audience, BoardView, Event, EventKind, LastMove, LegalMoves, MoveView, RoomInfo, RoomState,
    SeatView, Since, Snapshot, Viewer,
};
use crate::types::Visibility;

impl Room {
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
            takeback: play.and_then(|p| p.takeback),
            rematch: (self.state == RoomState::Finished).then(|| self.rematch_view()),
            outcome: play.and_then(|p| p.outcome.clone()),
            legal_moves,
            claim_opens_at: seat.and_then(|s| self.claim_opens_at(s)),
            chat: self.chat_for(viewer),
            watchers: self.watchers,
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

    /// The room's settings as clients see them.
    pub(super) fn room_info(&self) -> RoomInfo {
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
            auto_start: self.config.auto_start,
            rated: self.config.rated,
        }
    }

    /// Every seat's occupant and presence, as clients see them.
    fn seats_view(&self) -> BySeat<Option<SeatView>> {
        BySeat::from_fn(|s| {
            self.seats[s].as_ref().map(|slot| SeatView {
                occupant: slot.occupant.clone(),
                connected: slot.connected,
                since: slot.since,
            })
        })
    }

    /// Tells everyone the seats.
    pub(super) fn stage_seats(&self, out: &mut Staged) {
        out.push((
            Audience::Everyone,
            EventKind::Seats {
                seats: Box::new(self.seats_view()),
            },
        ));
    }

    /// Tells the seat to move (and only it) its legal moves.
    pub(super) fn stage_turn(&self, out: &mut Staged) {
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
    pub(super) fn publish(&mut self, staged: Staged) -> Vec<Event> {
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

/// The board of a game being played, as clients see it.
pub(super) fn board_view(play: &Play) -> BoardView {
    let pos = play.game.position();
    BoardView {
        position: pos.position_string(),
        turn: play.game.turn(),
        playing: playing_seats(pos),
        plies: play.game.actions().len(),
        clocks: play.clocks.as_ref().map(Clocks::view),
    }
}

/// The legal moves of the seat to move, as clients see them.
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
