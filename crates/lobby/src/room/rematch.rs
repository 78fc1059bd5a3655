//! Rematches: once the game is finished, every human seat asks (bots agree), and the last
//! request creates the new room: same settings, every occupant moved one seat along the
//! layout, started by lot.

use uuid::Uuid;

use rules::Seat;

use super::{participant, Asked, Room, Slot, Staged};
use crate::command::{Command, FirstSeat};
use crate::error::LobbyError;
use crate::event::{Audience, EventKind, Occupant, RematchView, RoomState};
use crate::types::{Actor, RoomConfig, Timestamp};

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
        if let Some(id) = self.rematch_room {
            return Err(LobbyError::RematchCreated(id));
        }
        let p = participant(cx.actor)?;
        let seat = self.seat_of(p.id).ok_or(LobbyError::NotSeated)?;
        if self.rematch_asked.contains(seat) {
            return Err(LobbyError::RematchAlreadyAsked);
        }
        self.rematch_asked.insert(seat);
        let mut view = self.rematch_view();
        let room = if view.waiting_for.is_empty() {
            let room = self.rematch(new_room, lot, cx.now)?;
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
            asked: self.rematch_asked,
            waiting_for: humans.minus(self.rematch_asked),
            room: self.rematch_room,
        }
    }
}
