//! Rooms nobody is in: when a room has been unattended long enough for the server to close
//! it, and how it closes. A waiting room with nobody in it is closed; an untimed game, or a
//! game with a bot, that no seated person is connected to ends (aborted before it counts,
//! adjudicated after). Timed games between people have their clocks and claims instead, and
//! correspondence games are played days apart on purpose.
//!
//! The room counts who is there at every command ([`Room::note_attendance`]); the server
//! passes its waits in with [`crate::Command::Expire`], so a replayed log closes the room
//! at the same moment the live one did.

use rules::{Departure, SeatSet};

use super::{require_server, Asked, Room, Slot, Staged};
use crate::error::LobbyError;
use crate::event::{AbortReason, Audience, EventKind, Occupant, RoomState};
use crate::outcome::Reason;
use crate::types::{TimeControl, Timestamp, Unattended};

impl Room {
    /// When the server closes the room under `waits` if nobody comes back, or `None` while
    /// someone is there or the rule does not apply:
    /// * a waiting room: `waits.waiting_ms` after nobody was left in it (no seated player
    ///   connected, nobody watching);
    /// * a game without clocks, or with a bot in a seat (not by correspondence, not a
    ///   paired game): `waits.game_ms` after the last seated person disconnected (a game of
    ///   bots alone: after the last spectator left).
    ///
    /// [`crate::Command::Expire`] at or after that moment closes it.
    pub fn expires_at(&self, waits: Unattended) -> Option<Timestamp> {
        if self.config.fixed_seating() {
            return None;
        }
        match self.state {
            RoomState::Waiting => self.empty_since.map(|t| t.plus(waits.waiting_ms)),
            RoomState::Playing => {
                // Looked at from the seats alone, not from the seats still playing (which
                // may take a search for a legal move): the server asks at every command.
                let humans = self.humans(self.layout);
                let applies = match self.config.time_control {
                    TimeControl::None => true,
                    TimeControl::Correspondence { .. } => false,
                    TimeControl::Fischer { .. } | TimeControl::PerMove { .. } => {
                        humans != self.layout
                    }
                };
                if !applies {
                    return None;
                }
                self.humans_away_since(humans)
                    .map(|t| t.plus(waits.game_ms))
            }
            RoomState::Finished | RoomState::Aborted => None,
        }
    }

    /// The seats of `among` that people sit in.
    fn humans(&self, among: SeatSet) -> SeatSet {
        among.filter(|s| {
            matches!(
                self.seats[s],
                Some(Slot {
                    occupant: Occupant::Player(_),
                    ..
                })
            )
        })
    }

    /// Since when no person in the seats `humans` has been connected (`None`: one is);
    /// with none, since when nobody at all has been in the room.
    fn humans_away_since(&self, humans: SeatSet) -> Option<Timestamp> {
        if humans.is_empty() {
            return self.empty_since;
        }
        let mut since = Timestamp(0);
        for s in humans.iter() {
            match &self.seats[s] {
                Some(slot) if !slot.connected => since = since.max(slot.since),
                _ => return None,
            }
        }
        Some(since)
    }

    /// Notes at `now` whether anyone is in the room: a seated person connected, or a
    /// spectator. Keeps the moment it became empty.
    pub(super) fn note_attendance(&mut self, now: Timestamp) {
        let seated = self.layout.iter().any(|s| {
            matches!(
                self.seats[s],
                Some(Slot {
                    occupant: Occupant::Player(_),
                    connected: true,
                    ..
                })
            )
        });
        if seated || self.watchers > 0 {
            self.empty_since = None;
        } else if self.empty_since.is_none() {
            self.empty_since = Some(now);
        }
    }

    /// [`crate::Command::Expire`]: the server closes a room left unattended past its wait
    /// ([`Room::expires_at`]); before then, nothing happens. A waiting room, and a game
    /// that does not count yet ([`Room::counts`]), is aborted
    /// ([`AbortReason::Unattended`]). A game that counts is adjudicated: with a bot still
    /// playing, every person still playing leaves it, abandoned (the bots win; if bots
    /// are all that is left and the rules play on, they share a draw); between people
    /// alone, it is drawn by abandonment.
    pub(super) fn expire(
        &mut self,
        cx: Asked<'_>,
        waits: Unattended,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        require_server(cx.actor)?;
        match self.expires_at(waits) {
            Some(at) if at <= cx.now => {}
            _ => return Ok(()),
        }
        if self.state == RoomState::Waiting {
            self.state = RoomState::Aborted;
            out.push((
                Audience::Everyone,
                EventKind::Aborted {
                    by: None,
                    reason: AbortReason::Unattended,
                    seat: None,
                },
            ));
            return Ok(());
        }
        if !self.counts() {
            self.call_off(None, AbortReason::Unattended, None, cx.now, out);
            return Ok(());
        }
        let playing = self.playing();
        let humans = self.humans(playing);
        if humans != playing {
            if let Some(play) = self.play.as_mut() {
                play.claimed = true;
            }
            for s in humans.iter() {
                if self.state != RoomState::Playing {
                    break;
                }
                if self.playing().contains(s) {
                    self.depart(s, Departure::Leave, Reason::Abandonment, cx.now, out)?;
                }
            }
        }
        if self.state == RoomState::Playing {
            self.finish(Some(Reason::Abandonment), cx.now, out);
        }
        Ok(())
    }
}
