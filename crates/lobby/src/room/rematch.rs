//! Rematches: once the game is finished, every human seat asks (bots agree), and the last
//! request creates the new room: same settings, every occupant moved one seat along the
//! layout, started by lot. A seated player may decline (the requests are cleared), and
//! requests left unanswered expire [`RoomConfig::rematch_ms`] after the first ask.

use std::sync::Arc;

use uuid::Uuid;

use rules::{BySeat, Seat, SeatSet};

use super::{participant, Asked, Room, Slot, Staged};
use crate::command::{Command, FirstSeat};
use crate::error::LobbyError;
use crate::event::{Audience, EventKind, Occupant, RematchView, RoomState};
use crate::types::{Actor, RoomConfig, Timestamp};

/// The rematch requests of a finished room.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Rematch {
    asked: SeatSet,
    room: Option<Uuid>,
    /// When the pending requests expire (set by the first ask).
    expires_at: Option<Timestamp>,
    /// The seat that declined the last requests, until someone asks again.
    declined_by: Option<Seat>,
    /// The last requests expired, until someone asks again.
    expired: bool,
}

impl Rematch {
    pub(super) const NONE: Rematch = Rematch {
        asked: SeatSet::EMPTY,
        room: None,
        expires_at: None,
        declined_by: None,
        expired: false,
    };
}

impl Room {
    /// [`crate::Command::Rematch`]: the seat asks for a rematch; returns the new room when
    /// this was the last request awaited.
    pub(super) fn ask_rematch(
        &mut self,
        cx: Asked<'_>,
        new_room: Uuid,
        lot: u64,
        out: &mut Staged,
    ) -> Result<Option<Box<Room>>, LobbyError> {
        self.expect(RoomState::Finished, cx.name)?;
        if let Some(id) = self.rematch.room {
            return Err(LobbyError::RematchCreated(id));
        }
        let p = participant(cx.actor)?;
        let seat = self.seat_of(p.id).ok_or(LobbyError::NotSeated)?;
        if self.rematch.asked.contains(seat) {
            return Err(LobbyError::RematchAlreadyAsked);
        }
        if self.rematch.asked.is_empty() {
            self.rematch.expires_at = Some(cx.now.plus(self.config.rematch_ms));
        }
        self.rematch.asked.insert(seat);
        self.rematch.declined_by = None;
        self.rematch.expired = false;
        let room = if self.rematch_view().waiting_for.is_empty() {
            let room = self.rematch_room(new_room, lot, cx.now)?;
            self.rematch.room = Some(new_room);
            self.rematch.expires_at = None;
            Some(Box::new(room))
        } else {
            None
        };
        self.stage_rematch(out);
        Ok(room)
    }

    /// [`crate::Command::DeclineRematch`]: a seated player turns the requests down (or
    /// withdraws its own); they are cleared.
    pub(super) fn decline_rematch(
        &mut self,
        cx: Asked<'_>,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        self.expect(RoomState::Finished, cx.name)?;
        if let Some(id) = self.rematch.room {
            return Err(LobbyError::RematchCreated(id));
        }
        let p = participant(cx.actor)?;
        let seat = self.seat_of(p.id).ok_or(LobbyError::NotSeated)?;
        if self.rematch.asked.is_empty() {
            return Err(LobbyError::NoRematchRequest);
        }
        self.rematch = Rematch {
            declined_by: Some(seat),
            ..Rematch::NONE
        };
        self.stage_rematch(out);
        Ok(())
    }

    /// Clears requests left unanswered past their expiry (at `now`, before any command).
    pub(super) fn expire_rematch(&mut self, now: Timestamp, out: &mut Staged) {
        let due = self.state == RoomState::Finished
            && self.rematch.room.is_none()
            && self.rematch.expires_at.is_some_and(|at| now >= at);
        if due {
            self.rematch = Rematch {
                expired: true,
                ..Rematch::NONE
            };
            self.stage_rematch(out);
        }
    }

    /// When the pending rematch requests expire, if any do.
    pub(super) fn rematch_expires_at(&self) -> Option<Timestamp> {
        match self.rematch.room {
            Some(_) => None,
            None => self.rematch.expires_at,
        }
    }

    /// Tells everyone the rematch requests.
    fn stage_rematch(&self, out: &mut Staged) {
        let view = self.rematch_view();
        out.push((
            Audience::Everyone,
            EventKind::Rematch {
                asked: view.asked,
                waiting_for: view.waiting_for,
                room: view.room,
                expires_at: view.expires_at,
                offer_ms: view.offer_ms,
                declined_by: view.declined_by,
                expired: view.expired,
            },
        ));
    }

    /// The rematch room: same settings, every occupant moved one seat along the layout,
    /// started by lot. The seats are filled at once (one `seats` event), so that a room
    /// that starts by itself does not start before the host's start with `lot`.
    fn rematch_room(&self, id: Uuid, lot: u64, now: Timestamp) -> Result<Room, LobbyError> {
        let mut config = RoomConfig::clone(&self.config);
        config.id = id;
        // A rematch of a paired game is a friendly game: its seats follow below, and
        // nobody forfeits it.
        config.seated.clear();
        config.seated_bots.clear();
        config.no_show_ms = None;
        let (mut room, _) = Room::new(config, now)?;
        let order: Vec<Seat> = self.layout.iter().collect();
        let mut seats: BySeat<Option<Slot>> = BySeat::default();
        for (&from, &to) in order.iter().zip(order.iter().cycle().skip(1)) {
            seats[to] = self.seats[from].as_ref().map(|slot| Slot {
                occupant: slot.occupant.clone(),
                connected: true,
                since: now,
            });
        }
        room.seats = Arc::new(seats);
        let mut staged = Vec::new();
        room.stage_seats(&mut staged);
        room.publish(staged);
        let host = Actor::Player(self.config.host.clone());
        room.handle(
            &host,
            now,
            Command::Start {
                first: FirstSeat::Lot(lot),
            },
        )?;
        Ok(room)
    }

    /// Who has asked for a rematch, who is still to ask, and the new room once created.
    pub(super) fn rematch_view(&self) -> RematchView {
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
            asked: self.rematch.asked,
            waiting_for: humans.minus(self.rematch.asked),
            room: self.rematch.room,
            expires_at: self.rematch_expires_at(),
            offer_ms: self.config.rematch_ms,
            declined_by: self.rematch.declined_by,
            expired: self.rematch.expired,
        }
    }
}
