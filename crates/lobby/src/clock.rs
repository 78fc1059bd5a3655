//! The seats' clocks. Only the running seat's clock goes down; it runs from the moment the
//! previous move was made (or the game started, or the previous mover went out).

use rules::{BySeat, Seat, SeatSet};

use crate::event::ClockView;
use crate::types::{TimeControl, Timestamp};

#[derive(Clone, Debug)]
pub(crate) struct Clocks {
    control: TimeControl,
    layout: SeatSet,
    /// Fischer banks at `since` (unused for per-move limits).
    bank: BySeat<u64>,
    running: Option<Seat>,
    since: Timestamp,
}

impl Clocks {
    /// Clocks for `layout`, `first`'s running from `at`; `None` without a time control.
    pub(crate) fn start(
        control: TimeControl,
        layout: SeatSet,
        first: Option<Seat>,
        at: Timestamp,
    ) -> Option<Clocks> {
        let base = match control {
            TimeControl::None => return None,
            TimeControl::Fischer { base_ms, .. } => base_ms,
            TimeControl::PerMove { .. } => 0,
        };
        Some(Clocks {
            control,
            layout,
            bank: BySeat::from_fn(|s| if layout.contains(s) { base } else { 0 }),
            running: first,
            since: at,
        })
    }

    /// When the running seat's flag falls.
    pub(crate) fn deadline(&self) -> Option<Timestamp> {
        let seat = self.running?;
        match self.control {
            TimeControl::None => None,
            TimeControl::Fischer { .. } => Some(self.since.plus(self.bank[seat])),
            TimeControl::PerMove { limit_ms } => Some(self.since.plus(limit_ms)),
        }
    }

    /// The running seat whose flag has fallen by `now`, with the moment it fell.
    pub(crate) fn fallen(&self, now: Timestamp) -> Option<(Seat, Timestamp)> {
        let seat = self.running?;
        let deadline = self.deadline()?;
        (now >= deadline).then_some((seat, deadline))
    }

    /// Stops the running clock at `at` and starts `next`'s. The running seat is charged for
    /// its time; if it has just moved (`moved`), Fischer adds the increment.
    pub(crate) fn switch(&mut self, next: Option<Seat>, at: Timestamp, moved: bool) {
        if let (Some(seat), TimeControl::Fischer { increment_ms, .. }) =
            (self.running, self.control)
        {
            let left = self.bank[seat].saturating_sub(at.since(self.since));
            self.bank[seat] = if moved {
                left.saturating_add(increment_ms)
            } else {
                left
            };
        }
        self.running = next;
        self.since = at;
    }

    /// The server was down from `down_at` to `now`: the running clock starts again where it
    /// stood at `down_at` (or at its last switch, if later). Returns the time given back.
    pub(crate) fn resume(&mut self, down_at: Timestamp, now: Timestamp) -> u64 {
        if self.running.is_none() {
            return 0;
        }
        let given = now.since(self.since.max(down_at));
        // Moving the start forward keeps one representation for both controls: a Fischer
        // bank and a per-move limit both count from `since`.
        self.since = self.since.plus(given);
        given
    }

    /// The seat whose clock runs.
    pub(crate) fn running(&self) -> Option<Seat> {
        self.running
    }

    /// What clients see.
    pub(crate) fn view(&self) -> ClockView {
        let per_seat = |s: Seat| match self.control {
            TimeControl::None => None,
            TimeControl::Fischer { .. } => Some(self.bank[s]),
            TimeControl::PerMove { limit_ms } => Some(limit_ms),
        };
        ClockView {
            remaining_ms: BySeat::from_fn(|s| {
                if self.layout.contains(s) {
                    per_seat(s)
                } else {
                    None
                }
            }),
            running: self.running,
            since: self.since,
        }
    }
}
