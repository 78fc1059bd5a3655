//! Static evaluation, one set of weights per game.
//!
//! Every game is scored the same way: each seat's assets (material with kings, advancement
//! of men toward promotion, control of the centre, and for Queah the reserve) are summed
//! into one number per seat; the search turns those into a score for a side by subtracting
//! the opponents' sum from its own. Keeping the scores per seat is what lets Neva's
//! analysis show one curve per seat and lets team play add a partner's assets to one's own.
//! Mobility and tactical threats (Give and Take's hot piece, pending captures, Queah's owed
//! drops) depend on whose turn it is, so the search adds them at its leaves, where it has
//! the side to move's legal moves at hand.

use rules::{GiveAndTake, Move, Neva, Position, Queah, Role, Seat, Square, Stockholm, Variant};

/// Weights of one game's evaluation, in hundredths of a man.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man on the board.
    pub man: i32,
    /// A king on the board.
    pub king: i32,
    /// Per step a man has advanced toward its promotion line (or corner).
    pub advance: i32,
    /// A piece on one of the central squares.
    pub centre: i32,
    /// A man still guarding its own back rank (keeps the opponent from crowning).
    pub back_rank: i32,
    /// Per legal move of the side to move (added at the leaves of the search).
    pub mobility: i32,
    /// Queah: a piece waiting in reserve (it comes back by a drop).
    pub reserve: i32,
    /// Bonus of the side to move at a quiet leaf (the initiative).
    pub tempo: i32,
}

/// Weights of `variant`.
///
/// The two-seat games' weights started hand-set and were then put through the self-play
/// tuner ([`crate::tune`], the `tune` example): each parameter nudged up and down by a
/// quarter (at least 2), each candidate playing the current weights over 60 openings of 4
/// random plies, each opening from both seats (120 games), at 3,000 nodes per move with
/// level 3's noise, and kept only when `score - 2 standard errors > 50%`:
///
/// * Give and Take: `centre` 4 → 2 kept (48-48-24, 60.0%; 4 → 6 had scored 42.5%); every
///   other nudge of round 1 rejected (42.1% to 54.2%), and so were round 2's nudges of
///   `king`, `advance` and `centre` (40.4% to 55.8%; the run was stopped there for time).
///   `tune --game giveandtake --nodes 3000 --openings 60 --plies 4 --rounds 2 --seed 11`.
/// * Stockholm (also Brazilian, the same variant): one round, nothing kept (46.2% to
///   55.4%). `tune --game stockholm --nodes 3000 --openings 60 --plies 4 --rounds 1 --seed 11`.
/// * Queah: two rounds, nothing kept (25.8% to 55.0%; mobility 3 scored 58.8% to 74.2%
///   against 1 and 5). `tune --game queah --nodes 3000 --openings 60 --plies 4 --rounds 2
///   --seed 11`.
///
/// * Neva: four-seat matches, two seats with the candidate and two with the current weights
///   ([`crate::neva_tune`]), 150 openings each played twice (300 games) at level 3's 15,000
///   nodes: two rounds rejected every nudge of `king`, `advance`, `centre` and `mobility`
///   (48.3% to 54.8%), so the hand-set weights stay. `tune --game neva --nodes 15000
///   --openings 150 --plies 4 --rounds 2 --seed 11`.
///
/// Every trial is listed in `docs/bots.md`.
pub const fn weights(variant: Variant) -> Weights {
    match variant {
        Variant::Stockholm => Weights {
            man: 100,
            king: 320,
            advance: 4,
            centre: 6,
            back_rank: 8,
            mobility: 2,
            reserve: 0,
            tempo: 4,
        },
        Variant::GiveAndTake => Weights {
            man: 100,
            king: 280,
            advance: 4,
            centre: 2,
            back_rank: 4,
            mobility: 1,
            reserve: 0,
            tempo: 4,
        },
        Variant::Neva => Weights {
            man: 100,
            king: 300,
            advance: 5,
            centre: 6,
            back_rank: 0,
            mobility: 1,
            reserve: 0,
            tempo: 0,
        },
        Variant::Queah => Weights {
            man: 100,
            king: 100,
            advance: 0,
            centre: 8,
            back_rank: 0,
            mobility: 3,
            reserve: 90,
            tempo: 4,
        },
    }
}

/// A position the bots can evaluate: every game of the rules crate.
pub trait Evaluate: Position {
    /// Each seat's assets (seats not in the game score 0).
    fn seat_scores(&self) -> [i32; 4];

    /// [`Evaluate::seat_scores`] under other weights than the game's (the self-play tuner's
    /// candidates). Every game of the rules crate uses `w`; a game that does not override
    /// this ignores it and scores with its own weights.
    fn seat_scores_with(&self, w: &Weights) -> [i32; 4] {
        let _ = w;
        self.seat_scores()
    }

    /// The no-progress counter and its limit (0 = off) of a game whose search must keep
    /// the counter itself, because its [`Position::hash`] leaves counters out; `None` for a
    /// game whose search does not track it (the default).
    fn progress(&self) -> Option<(u16, u16)> {
        None
    }

    /// Whether `mv` sets the no-progress counter back to zero (only asked when
    /// [`Evaluate::progress`] is `Some`).
    fn resets_progress(mv: &Move) -> bool {
        mv.is_capture()
    }
}

/// Steps a man of `seat` on `sq` has made toward promotion, and whether it still stands
/// on its own back rank, for the games played on ranks (White moves up).
fn rank_progress(seat: Seat, sq: Square) -> (i32, bool) {
    let r = i32::from(sq.rank());
    let p = if seat == Seat::WHITE { r } else { 7 - r };
    (p, p == 0)
}

/// The 4×4 middle of an 8×8 board.
fn central8(sq: Square) -> bool {
    (2..=5).contains(&sq.file()) && (2..=5).contains(&sq.rank())
}

/// Scores the pieces of an 8×8 game where men move toward the far rank.
fn ranked_scores<P: Position>(pos: &P, w: &Weights) -> [i32; 4] {
    let mut s = [0; 4];
    for sq in P::VARIANT.board().iter() {
        let Some(pc) = pos.piece_at(sq) else { continue };
        let v = &mut s[pc.seat.index()];
        match pc.role {
            Role::Man => {
                let (p, back) = rank_progress(pc.seat, sq);
                *v += w.man + w.advance * p + if back { w.back_rank } else { 0 };
            }
            Role::King => *v += w.king,
        }
        if central8(sq) {
            *v += w.centre;
        }
    }
    s
}

impl Evaluate for Stockholm {
    fn seat_scores(&self) -> [i32; 4] {
        ranked_scores(self, &weights(Variant::Stockholm))
    }

    fn seat_scores_with(&self, w: &Weights) -> [i32; 4] {
        ranked_scores(self, w)
    }
}

impl Evaluate for GiveAndTake {
    fn seat_scores(&self) -> [i32; 4] {
        ranked_scores(self, &weights(Variant::GiveAndTake))
    }

    fn seat_scores_with(&self, w: &Weights) -> [i32; 4] {
        ranked_scores(self, w)
    }
}

/// Neva's target corner of each seat, as (file, rank) of the lattice (spec §2.1).
fn neva_target(seat: Seat) -> (i32, i32) {
    match seat {
        Seat::Night => (5, 5),
        Seat::Morning => (5, 0),
        Seat::Day => (0, 0),
        Seat::Evening => (0, 5),
    }
}

impl Evaluate for Neva {
    fn seat_scores(&self) -> [i32; 4] {
        self.seat_scores_with(&weights(Variant::Neva))
    }

    fn seat_scores_with(&self, w: &Weights) -> [i32; 4] {
        let mut s = [0; 4];
        for sq in Variant::Neva.board().iter() {
            let Some(pc) = self.piece_at(sq) else {
                continue;
            };
            let v = &mut s[pc.seat.index()];
            let (f, r) = (i32::from(sq.file()), i32::from(sq.rank()));
            match pc.role {
                Role::Man => {
                    let (tf, tr) = neva_target(pc.seat);
                    // A man starts 8 to 10 steps from its corner and never steps back.
                    let dist = (f - tf).abs() + (r - tr).abs();
                    *v += w.man + w.advance * (10 - dist);
                }
                Role::King => *v += w.king,
            }
            if (2..=3).contains(&f) && (2..=3).contains(&r) {
                *v += w.centre;
            }
        }
        s
    }
}

impl Evaluate for Queah {
    fn seat_scores(&self) -> [i32; 4] {
        self.seat_scores_with(&weights(Variant::Queah))
    }

    /// Queah's limit is 40 turns by default, within reach of a deep search near the end of
    /// a game; read once per search (the counter is kept along the search's lines).
    fn progress(&self) -> Option<(u16, u16)> {
        Some((self.to_setup().no_progress, self.options().draw.no_progress))
    }

    /// A capture or a drop is progress (spec §3.7).
    fn resets_progress(mv: &Move) -> bool {
        mv.is_capture() || mv.drop().is_some()
    }

    fn seat_scores_with(&self, w: &Weights) -> [i32; 4] {
        let mut s = [0; 4];
        for sq in Variant::Queah.board().iter() {
            let Some(pc) = self.piece_at(sq) else {
                continue;
            };
            // Cells with four links (c3 and the side middles b2 d2 b4 d4) are the centre;
            // the four outer cells with one link are traps.
            let (f, r) = (sq.file(), sq.rank());
            let bonus = match (f, r) {
                (1 | 3, 1 | 3) | (2, 2) => w.centre,
                (0 | 4, 0 | 4) => -w.centre,
                _ => 0,
            };
            s[pc.seat.index()] += w.man + bonus;
        }
        for seat in [Seat::WHITE, Seat::BLACK] {
            s[seat.index()] += w.reserve * i32::from(self.reserve(seat));
        }
        s
    }
}
