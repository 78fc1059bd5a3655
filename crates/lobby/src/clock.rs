//! The seats' clocks. Only the running seat's clock goes down; it runs from the moment the
//! previous move was made (or the game started, or the previous mover went out).
//!
//! As on lidraughts, a seat's clock does not run before its first move: until then the
//! seat to move has a first-move deadline, and missing it aborts the game rather than
//! losing it.

use rules::{BySeat, Seat, SeatSet};

use crate::event::ClockView;
use crate::types::{TimeControl, Timestamp};

#[derive(Clone, Debug)]
pub(crate) struct Clocks {
    control: TimeControl,
    layout: SeatSet,
    /// Fischer banks at `since` (unused for per-move limits).
    bank: BySeat<u64>,
    /// The seat whose turn it is. Its clock runs only once it has made its first move
    /// (`started`); until then it has a first-move deadline instead.
    to_move: Option<Seat>,
    /// The seats that have made their first move: their clocks run on their turns.
    started: SeatSet,
    since: Timestamp,
    /// The room's no-show wait, which replaces the first-move time when set.
    no_show_ms: Option<u64>,
    /// The room's first-move time with Fischer (the other controls give their limit per
    /// move).
    first_move_ms: u64,
}

impl Clocks {
    /// Clocks for `layout`, `first` to move from `at` (its first move not timed by its
    /// clock, but by `no_show_ms` when given, else by `first_move_ms` with Fischer); `None`
    /// without a time control.
    pub(crate) fn start(
        control: TimeControl,
        layout: SeatSet,
        first: Option<Seat>,
        at: Timestamp,
        no_show_ms: Option<u64>,
        first_move_ms: u64,
    ) -> Option<Clocks> {
        let base = match control {
            TimeControl::None => return None,
            TimeControl::Fischer { base_ms, .. } => base_ms,
            TimeControl::PerMove { .. } | TimeControl::Correspondence { .. } => 0,
        };
        Some(Clocks {
            control,
            layout,
            bank: BySeat::from_fn(|s| if layout.contains(s) { base } else { 0 }),
            to_move: first,
            started: SeatSet::EMPTY,
            since: at,
            no_show_ms,
            first_move_ms,
        })
    }

    /// The time a seat has for its first move: the room's no-show wait if it has one, else
    /// the room's first-move time with Fischer, the per-move limit otherwise (days, in a
    /// correspondence game).
    fn first_move_ms(&self) -> u64 {
        if let Some(ms) = self.no_show_ms {
            return ms;
        }
        self.control.move_limit_ms().unwrap_or(self.first_move_ms)
    }

    /// The seat whose turn the clocks are timing (running, or waiting for its first move).
    pub(crate) fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    /// The seat whose clock runs: the seat to move, once it has made its first move.
    pub(crate) fn running(&self) -> Option<Seat> {
        self.to_move.filter(|&s| self.started.contains(s))
    }

    /// While the seat to move has not made its first move: it and the moment the game is
    /// aborted if it has not moved by then.
    pub(crate) fn first_move_by(&self) -> Option<(Seat, Timestamp)> {
        let seat = self.to_move.filter(|&s| !self.started.contains(s))?;
        Some((seat, self.since.plus(self.first_move_ms())))
    }

    /// When the running seat's flag falls.
    pub(crate) fn deadline(&self) -> Option<Timestamp> {
        let seat = self.running()?;
        match self.control {
            TimeControl::None => None,
            TimeControl::Fischer { .. } => Some(self.since.plus(self.bank[seat])),
            TimeControl::PerMove { .. } | TimeControl::Correspondence { .. } => {
                self.control.move_limit_ms().map(|ms| self.since.plus(ms))
            }
        }
    }

    /// The first moment something is due: a flag, or a first-move deadline.
    pub(crate) fn next_due(&self) -> Option<Timestamp> {
        self.deadline()
            .or_else(|| self.first_move_by().map(|(_, at)| at))
    }

    /// The running seat whose flag has fallen by `now`, with the moment it fell.
    pub(crate) fn fallen(&self, now: Timestamp) -> Option<(Seat, Timestamp)> {
        let seat = self.running()?;
        let deadline = self.deadline()?;
        (now >= deadline).then_some((seat, deadline))
    }

    /// The seat to move whose first-move deadline has passed by `now`, with the deadline.
    pub(crate) fn first_move_missed(&self, now: Timestamp) -> Option<(Seat, Timestamp)> {
        self.first_move_by().filter(|&(_, at)| now >= at)
    }

    /// Stops the seat to move's turn at `at` and starts `next`'s. A running clock is
    /// charged for its time, and if its seat has just moved (`moved`), Fischer adds the
    /// increment; a seat's first move costs nothing and starts its clock for later turns.
    pub(crate) fn switch(&mut self, next: Option<Seat>, at: Timestamp, moved: bool) {
        if let Some(seat) = self.to_move {
            if self.started.contains(seat) {
                if let TimeControl::Fischer { increment_ms, .. } = self.control {
                    let left = self.bank[seat].saturating_sub(at.since(self.since));
                    self.bank[seat] = if moved {
                        left.saturating_add(increment_ms)
                    } else {
                        left
                    };
                }
            } else if moved {
                self.started.insert(seat);
            }
        }
        self.to_move = next;
        self.since = at;
    }

    /// Stops the turn under way at `at` (the game ended or was aborted).
    pub(crate) fn stop(&mut self, at: Timestamp) {
        if self.to_move.is_some() {
            self.switch(None, at, false);
        }
    }

    /// The server was down from `down_at` to `now`: the turn under way (a running clock or
    /// a first-move wait) starts again where it stood at `down_at` (or at its last switch,
    /// if later). Returns the time given back.
    pub(crate) fn resume(&mut self, down_at: Timestamp, now: Timestamp) -> u64 {
        if self.to_move.is_none() {
            return 0;
        }
        let given = now.since(self.since.max(down_at));
        // Moving the start forward keeps one representation for both controls: a Fischer
        // bank and a per-move limit both count from `since`.
        self.since = self.since.plus(given);
        given
    }

    /// What clients see.
    pub(crate) fn view(&self) -> ClockView {
        let per_seat = |s: Seat| match self.control {
            TimeControl::None => None,
            TimeControl::Fischer { .. } => Some(self.bank[s]),
            TimeControl::PerMove { .. } | TimeControl::Correspondence { .. } => {
                self.control.move_limit_ms()
            }
        };
        ClockView {
            remaining_ms: BySeat::from_fn(|s| {
                if self.layout.contains(s) {
                    per_seat(s)
                } else {
                    None
                }
            }),
            running: self.running(),
            since: self.since,
            first_move_by: self.first_move_by().map(|(_, at)| at),
        }
    }
}
