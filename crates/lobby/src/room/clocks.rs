//! Time and absence: catching up with the clocks before every command, the server's ticks,
//! resuming after a restart, presence, and claims against seats away longer than the grace
//! period. The clocks themselves are `crate::clock`; this is what the room does with them.

use rules::{BySeat, Departure, Seat, SeatSet};

use super::{participant, require_server, Asked, Room, Slot, Staged};
use crate::clock::Clocks;
use crate::command::Command;
use crate::error::LobbyError;
use crate::event::{AbortReason, Audience, EventKind, Occupant, RoomState};
use crate::outcome::Reason;
use crate::types::Timestamp;

impl Room {
    /// Applies everything due by the command's time (`now`, or for a resumption the
    /// moment the server stopped): every flag that fell, a first move not made in time
    /// (the game is aborted), rematch requests that expired. Returns the seats whose time
    /// ran out (flagged, or aborting the game by not moving).
    pub(super) fn catch_up(
        &mut self,
        command: &Command,
        now: Timestamp,
        out: &mut Staged,
    ) -> SeatSet {
        // A resumption catches up with the flags only to the moment the server stopped.
        let clock_now = match command {
            Command::Resume { down_at } => now.min(*down_at),
            _ => now,
        };
        self.expire_rematch(clock_now, out);
        self.run_clocks(clock_now, out)
    }

    /// Applies every flag that fell by `now`, each at the moment it fell, and aborts the
    /// game if the seat to move let its first-move deadline pass (or, with the no-show
    /// rule, puts that seat out by forfeit); returns those seats.
    fn run_clocks(&mut self, now: Timestamp, out: &mut Staged) -> SeatSet {
        let mut flagged = SeatSet::EMPTY;
        while self.state == RoomState::Playing {
            let clocks = self.play.as_ref().and_then(|p| p.clocks.as_ref());
            if let Some((seat, at)) = clocks.and_then(|c| c.first_move_missed(now)) {
                flagged.insert(seat);
                if self.config.no_show_ms.is_none() {
                    self.abort_no_first_move(seat, at, out);
                    break;
                }
                // The no-show rule: the seat loses by forfeit and the game goes on (the
                // next seat's first-move wait starts at `at`). Each seat departs at most
                // once, so this ends after at most four rounds.
                if self
                    .depart(seat, Departure::Timeout, Reason::NoShow, at, out)
                    .is_err()
                {
                    break;
                }
                continue;
            }
            let Some((seat, at)) = clocks.and_then(|c| c.fallen(now)) else {
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

    /// [`crate::Command::Resume`]: the server restarted; the time it was down is given
    /// back.
    pub(super) fn resume(
        &mut self,
        cx: Asked<'_>,
        down_at: Timestamp,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        require_server(cx.actor)?;
        self.give_back(down_at, cx.now, out);
        Ok(())
    }

    /// Gives back the time from `down_at` to `now`: the running clock starts again where it
    /// stood, and seats away since before `down_at` are away from `now` minus what they had
    /// been away, so nobody can be claimed against for the outage.
    fn give_back(&mut self, down_at: Timestamp, now: Timestamp, out: &mut Staged) {
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

    /// [`crate::Command::Connect`] and [`crate::Command::Disconnect`]: a seated
    /// participant's presence, which claims are judged on.
    pub(super) fn presence(
        &mut self,
        cx: Asked<'_>,
        connected: bool,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let (p, now) = (participant(cx.actor)?, cx.now);
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

    /// [`crate::Command::ClaimVictory`] (or, with `draw`, [`crate::Command::ClaimDraw`]):
    /// once every opponent has been away for the grace period, win, or end the game drawn.
    pub(super) fn claim(
        &mut self,
        cx: Asked<'_>,
        draw: bool,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let seat = self.seat_in_play(cx)?;
        match self.claim_opens_at(seat) {
            None => return Err(LobbyError::ClaimNotOpen { opens_in_ms: None }),
            Some(at) if cx.now < at => {
                return Err(LobbyError::ClaimNotOpen {
                    opens_in_ms: Some(at.since(cx.now)),
                })
            }
            Some(_) => {}
        }
        if draw && !self.counts() {
            self.call_off(Some(seat), AbortReason::Abandonment, None, cx.now, out);
            Ok(())
        } else if draw {
            self.finish(Some(Reason::Abandonment), cx.now, out);
            Ok(())
        } else {
            self.claim_victory(seat, cx.now, out)
        }
    }

    /// The claiming seat wins: every opponent still playing leaves the game, abandoned.
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

    /// When `seat` may claim: every opponent still playing is a person disconnected for
    /// the grace period. `None` if some opponent is connected or a bot, and always in a
    /// correspondence game (players are away between moves as a matter of course; the
    /// clock decides a game nobody plays on).
    pub(super) fn claim_opens_at(&self, seat: Seat) -> Option<Timestamp> {
        if self.state != RoomState::Playing {
            return None;
        }
        self.claim_opens_among(seat, self.playing())
    }

    /// [`Room::claim_opens_at`] in a playing room whose seats still `playing` are known.
    fn claim_opens_among(&self, seat: Seat, playing: SeatSet) -> Option<Timestamp> {
        if !playing.contains(seat) || self.config.time_control.is_correspondence() {
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
    pub(super) fn claims(&self) -> BySeat<Option<Timestamp>> {
        if self.state != RoomState::Playing {
            return BySeat::default();
        }
        let playing = self.playing();
        BySeat::from_fn(|s| self.claim_opens_among(s, playing))
    }

    /// Tells each seat whose claim time changed.
    pub(super) fn stage_claims(
        &self,
        before: BySeat<Option<Timestamp>>,
        now: Timestamp,
        out: &mut Staged,
    ) {
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
}
