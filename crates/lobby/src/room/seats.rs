//! Seats before the start: taking, changing and leaving them, the host's bots, and who may
//! act for a seat. Kept apart from the game: none of this touches it.

use std::sync::Arc;

use rules::{BySeat, Seat};

use super::{participant, Asked, Room, Slot, Staged};
use crate::command::FirstSeat;
use crate::error::LobbyError;
use crate::event::{Occupant, RoomState};
use crate::types::{Actor, Bot, Participant, Timestamp};

impl Room {
    /// [`crate::Command::TakeSeat`]: sit in `seat`, or in the first free seat.
    pub(super) fn take_seat(
        &mut self,
        cx: Asked<'_>,
        seat: Option<Seat>,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        self.expect(RoomState::Waiting, cx.name)?;
        let p = participant(cx.actor)?;
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
            since: cx.now,
        });
        self.stage_seats(out);
        self.start_if_full(cx.now, out)
    }

    /// A fixed seating ([`crate::RoomConfig::seated`]): every seat of the layout is given
    /// its occupant and the game starts at `now`, the layout's first seat (White) first.
    /// People are away until their socket comes (bots are always there).
    pub(super) fn seat_fixed(
        &mut self,
        now: Timestamp,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let config = Arc::clone(&self.config);
        let people = config
            .seated
            .iter()
            .map(|(s, p)| (*s, Occupant::Player(p.clone())));
        let bots = config
            .seated_bots
            .iter()
            .map(|(s, b)| (*s, Occupant::Bot(b.clone())));
        let mut seats: BySeat<Option<Slot>> = BySeat::default();
        for (seat, occupant) in people.chain(bots) {
            if !self.layout.contains(seat) {
                return Err(LobbyError::NoSuchSeat(seat));
            }
            if seats[seat].is_some() {
                return Err(LobbyError::SeatTaken(seat));
            }
            match &occupant {
                Occupant::Bot(b) if !b.exists() => {
                    return Err(LobbyError::UnknownBot {
                        kind: b.kind.clone(),
                        level: b.level,
                    })
                }
                Occupant::Player(p) => {
                    let twice = seats
                        .iter()
                        .find(|(_, slot)| {
                            slot.as_ref().and_then(|v| v.occupant.player()) == Some(p.id)
                        })
                        .map(|(s, _)| s);
                    if let Some(s) = twice {
                        return Err(LobbyError::AlreadySeated(s));
                    }
                }
                Occupant::Bot(_) => {}
            }
            let connected = matches!(occupant, Occupant::Bot(_));
            seats[seat] = Some(Slot {
                occupant,
                connected,
                since: now,
            });
        }
        if self.layout.iter().any(|s| seats[s].is_none()) {
            return Err(LobbyError::NotAllSeatsTaken);
        }
        self.seats = Arc::new(seats);
        self.stage_seats(out);
        // Lot 0 is the layout's first seat, White: the pairing rotates the seats instead.
        self.begin(FirstSeat::Lot(0), now, out)
    }

    /// [`crate::Command::ChangeSeat`]: move to another free seat.
    pub(super) fn change_seat(
        &mut self,
        cx: Asked<'_>,
        seat: Seat,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        self.expect(RoomState::Waiting, cx.name)?;
        let p = participant(cx.actor)?;
        let from = self.seat_of(p.id).ok_or(LobbyError::NotSeated)?;
        let to = self.free_seat(seat)?;
        let seats = self.seats_mut();
        seats[to] = seats[from].take();
        self.stage_seats(out);
        Ok(())
    }

    /// [`crate::Command::LeaveSeat`]: give up one's seat before the start.
    pub(super) fn leave_seat(&mut self, cx: Asked<'_>, out: &mut Staged) -> Result<(), LobbyError> {
        self.expect(RoomState::Waiting, cx.name)?;
        self.vacate(cx.actor, out)
    }

    /// [`crate::Command::SetBot`]: the host puts a bot in a free seat (or replaces the bot
    /// there).
    pub(super) fn set_bot(
        &mut self,
        cx: Asked<'_>,
        seat: Seat,
        bot: Bot,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        self.expect(RoomState::Waiting, cx.name)?;
        self.require_host(cx.actor)?;
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
            since: cx.now,
        });
        self.stage_seats(out);
        self.start_if_full(cx.now, out)
    }

    /// [`crate::Command::RemoveBot`]: the host takes the bot out of a seat.
    pub(super) fn remove_bot(
        &mut self,
        cx: Asked<'_>,
        seat: Seat,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        self.expect(RoomState::Waiting, cx.name)?;
        self.require_host(cx.actor)?;
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
        Ok(())
    }

    /// The participant behind `actor`, if it is the host.
    pub(super) fn require_host<'a>(&self, actor: &'a Actor) -> Result<&'a Participant, LobbyError> {
        let p = participant(actor)?;
        if p.id == self.config.host.id {
            Ok(p)
        } else {
            Err(LobbyError::NotHost)
        }
    }

    /// The seat a game command acts for: the participant's seat, or the bot's.
    pub(super) fn acting_seat(&self, actor: &Actor) -> Result<Seat, LobbyError> {
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

    /// `seat`, if it is part of the layout and free.
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
    pub(super) fn seats_mut(&mut self) -> &mut BySeat<Option<Slot>> {
        Arc::make_mut(&mut self.seats)
    }

    /// Empties the seat of the participant behind `actor`.
    pub(super) fn vacate(&mut self, actor: &Actor, out: &mut Staged) -> Result<(), LobbyError> {
        let p = participant(actor)?;
        let seat = self.seat_of(p.id).ok_or(LobbyError::NotSeated)?;
        self.seats_mut()[seat] = None;
        self.stage_seats(out);
        Ok(())
    }
}
