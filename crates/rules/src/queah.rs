//! Queah (spec §3): two players on 13 cells, single short captures, and reserve pieces that
//! re-enter the board after a loss.
//!
//! The 13 cells are the dark squares of the 5×5 corner of the grid, `a1 c1 e1 b2 d2 a3 c3 e3
//! b4 d4 a5 c5 e5` (spec §3.1). Standard moves follow the diagonal "D-links"; the movement
//! schemes of the seed add "O-links" between same-colour cells two apart on a rank or file
//! (spec §3.5), switched on by three booleans. A turn is one step or one capture, combined
//! with a reserve drop when the drop timing asks for it (spec §3.4); such a compound turn is
//! one [`Move`], written `@c3,b2-a3` (drop first) or `b2-a3,@c3` (drop last), a drop alone
//! `@c3` (spec §3.8).
//!
//! ```
//! use rules::{GameOptions, Position, Queah, QueahOptions, Seat, Status};
//! let pos = Queah::new(QueahOptions::default())?;
//! assert_eq!(pos.legal_moves().len(), 5); // b2-a1 b2-a3 b2-c3 d2-c3 d2-e3
//! let mv = pos.parse_move("d2-c3")?;
//! let pos = pos.play(&mv)?;
//! assert_eq!(pos.turn(), Some(Seat::BLACK));
//! let mv = pos.parse_move("b4xd2")?; // Black takes c3
//! let pos = pos.play(&mv)?;
//! // White lost a piece: under the default `drop_then_move` it must drop first, then move.
//! assert!(pos.legal_moves().iter().all(|m| m.drop().is_some()));
//! let mv = pos.parse_move("@c3,b2-a3")?;
//! let pos = pos.play(&mv)?;
//! assert_eq!(pos.reserve(Seat::WHITE), 5);
//! assert_eq!(pos.status(), Status::Ongoing);
//!
//! let all = QueahOptions::from_pairs([("o_edge_ring", "true"), ("drop_timing", "DeferredDrop")])?;
//! assert_eq!(all.get("drop_timing").as_deref(), Some("deferred_drop"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::options::{
    parse_bool, parse_choice, parse_number, GameOptions, OptionError, OptionSpec,
};
use crate::position::{DepartError, Departure, EndReason, Position, Status};
use crate::setup::{PositionError, Problems, Setup};
use crate::zobrist::{self, Hashed, Pieces};
use crate::{Move, MoveList, Piece, Role, Seat, SeatSet, Square, Variant};

/// The 13 cells (spec §3.1).
const BOARD: u64 = Variant::Queah.board().0;

const fn bit(file: u32, rank: u32) -> u64 {
    1 << (rank * 8 + file)
}

/// Start cells: White b2 c1 d2 e1, Black a5 b4 c5 d4 (spec §3.2).
const START: [u64; 2] = [
    bit(1, 1) | bit(2, 0) | bit(3, 1) | bit(4, 0),
    bit(0, 4) | bit(1, 3) | bit(2, 4) | bit(3, 3),
];
/// Pieces each player holds in reserve at the start (spec §3.2).
const START_RESERVE: u8 = 6;
/// Pieces each player owns in all (spec §3.2).
const TOTAL_PIECES: u32 = 10;
/// Pieces on the board that drops restore (spec §3.4).
const ON_BOARD: u32 = 4;

/// The two sides in index order: 0 = White (Morning), 1 = Black (Night).
const SEATS: [Seat; 2] = [Seat::Morning, Seat::Night];

#[inline]
fn side_of(seat: Seat) -> Option<usize> {
    match seat {
        Seat::Morning => Some(0),
        Seat::Night => Some(1),
        _ => None,
    }
}

#[inline]
fn sq(index: u32) -> Square {
    Square::new_unchecked(index as u8)
}

/// When a player who lost a piece puts a reserve piece back (spec §3.4, seed 4.5.1.x, Q4).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DropTiming {
    /// Seed 4.5.1.2 (default): on the next turn the player must drop first, then move.
    #[default]
    DropThenMove,
    /// Seed 4.5.1.1: the player moves first, then must drop.
    MoveThenDrop,
    /// Seed 4.5.1.3: the owed drop is the whole turn.
    DropInsteadOfMove,
    /// Seed 4.5.1.4: dropping is optional, on any later turn while fewer than four own
    /// pieces are on the board; a drop is the whole turn.
    DeferredDrop,
}

impl DropTiming {
    /// Every timing, in the spec's order.
    pub const ALL: [DropTiming; 4] = [
        DropTiming::DropThenMove,
        DropTiming::MoveThenDrop,
        DropTiming::DropInsteadOfMove,
        DropTiming::DeferredDrop,
    ];

    /// Stable snake_case key: `drop_then_move`, `move_then_drop`, `drop_instead_of_move`,
    /// `deferred_drop`.
    pub const fn key(self) -> &'static str {
        match self {
            DropTiming::DropThenMove => "drop_then_move",
            DropTiming::MoveThenDrop => "move_then_drop",
            DropTiming::DropInsteadOfMove => "drop_instead_of_move",
            DropTiming::DeferredDrop => "deferred_drop",
        }
    }

    /// True for the timings where a capture makes the loser owe a drop.
    const fn owes(self) -> bool {
        !matches!(self, DropTiming::DeferredDrop)
    }
}

impl fmt::Display for DropTiming {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Queah's rule options (spec §3, §6 Q2-Q7). `Default` is the spec's defaults.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct QueahOptions {
    /// O-links between neighbouring edge cells, around the ring a1-c1-e1-e3-e5-c5-a5-a3
    /// (scheme R.7, spec §3.5).
    pub o_edge_ring: bool,
    /// O-links between the centre c3 and the edge cells c1, a3, e3, c5 (scheme R.4, §3.5).
    pub o_edge_centre: bool,
    /// O-links among the centre cells b2, d2, d4, b4 (schemes R.3 and R.4, spec §3.5).
    pub o_centre: bool,
    /// A capture must be made when one is available (spec §3.3, Q3).
    pub capture_mandatory: bool,
    /// When reserve pieces re-enter (spec §3.4, Q4).
    pub drop_timing: DropTiming,
    /// Under [`DropTiming::DropThenMove`], the piece just dropped may make the turn's move
    /// (spec §3.4; the seed's 4.5.1.2 forbids it). Ignored by the other timings.
    pub dropped_piece_may_move: bool,
    /// A piece may not step straight back where it came from on its owner's previous turn
    /// (spec §3.6, §8.6, Q5).
    pub no_reverse_move: bool,
    /// Occurrences of one position that end the game, adjudicated by piece count; 0 = off
    /// (spec §3.7, Q7).
    pub repetition: u16,
    /// Consecutive turns without a capture or a drop that end the game, adjudicated by
    /// piece count; 0 = off (spec §3.7, Q7).
    pub no_progress: u16,
}

impl Default for QueahOptions {
    fn default() -> Self {
        QueahOptions {
            o_edge_ring: false,
            o_edge_centre: false,
            o_centre: false,
            capture_mandatory: false,
            drop_timing: DropTiming::DropThenMove,
            dropped_piece_may_move: true,
            no_reverse_move: true,
            repetition: 3,
            no_progress: 40,
        }
    }
}

const TIMING_CHOICES: [(DropTiming, &[&str]); 4] = [
    (DropTiming::DropThenMove, &["drop_then_move"]),
    (DropTiming::MoveThenDrop, &["move_then_drop"]),
    (DropTiming::DropInsteadOfMove, &["drop_instead_of_move"]),
    (DropTiming::DeferredDrop, &["deferred_drop", "deferred"]),
];
const TIMING_VALUES: &str = "drop_then_move|move_then_drop|drop_instead_of_move|deferred_drop";

impl QueahOptions {
    /// Index of the link scheme in [`TABLES`].
    #[inline]
    fn scheme(&self) -> usize {
        usize::from(self.o_edge_ring)
            | usize::from(self.o_edge_centre) << 1
            | usize::from(self.o_centre) << 2
    }
}

impl GameOptions for QueahOptions {
    const GAME: &'static str = "queah";
    const SPECS: &'static [OptionSpec] = &[
        OptionSpec {
            key: "o_edge_ring",
            default: "false",
            values: "true|false",
            help: "Adds straight lines around the outer edge of the board, so pieces can also move along it.",
        },
        OptionSpec {
            key: "o_edge_centre",
            default: "false",
            values: "true|false",
            help: "Adds straight lines from the centre cell to the middle of each edge.",
        },
        OptionSpec {
            key: "o_centre",
            default: "false",
            values: "true|false",
            help: "Adds straight lines joining the four cells around the centre.",
        },
        OptionSpec {
            key: "capture_mandatory",
            default: "false",
            values: "true|false",
            help: "When you can capture, you must.",
        },
        OptionSpec {
            key: "drop_timing",
            default: "drop_then_move",
            values: TIMING_VALUES,
            help: "When a player who lost a piece brings one back from the reserve: before the move, after it, instead of it, or whenever they like.",
        },
        OptionSpec {
            key: "dropped_piece_may_move",
            default: "true",
            values: "true|false",
            help: "When you bring a piece back before your move, that same piece may make the move.",
        },
        OptionSpec {
            key: "no_reverse_move",
            default: "true",
            values: "true|false",
            help: "A piece may not step straight back to where it came from on your next turn.",
        },
        OptionSpec {
            key: "repetition",
            default: "3",
            values: "0|2-100",
            help: "The game ends when the same position comes up this many times; whoever has more pieces wins (0 = never).",
        },
        OptionSpec {
            key: "no_progress",
            default: "40",
            values: "0-1000",
            help: "The game ends after this many turns with no capture and no piece brought back; whoever has more pieces wins (0 = never).",
        },
    ];

    fn set(&mut self, key: &str, value: &str) -> Result<(), OptionError> {
        match key {
            "o_edge_ring" => self.o_edge_ring = parse_bool("o_edge_ring", value)?,
            "o_edge_centre" => self.o_edge_centre = parse_bool("o_edge_centre", value)?,
            "o_centre" => self.o_centre = parse_bool("o_centre", value)?,
            "capture_mandatory" => {
                self.capture_mandatory = parse_bool("capture_mandatory", value)?;
            }
            "drop_timing" => {
                self.drop_timing =
                    parse_choice("drop_timing", value, &TIMING_CHOICES, TIMING_VALUES)?;
            }
            "dropped_piece_may_move" => {
                self.dropped_piece_may_move = parse_bool("dropped_piece_may_move", value)?;
            }
            "no_reverse_move" => self.no_reverse_move = parse_bool("no_reverse_move", value)?,
            "repetition" => {
                self.repetition = parse_number("repetition", value, 0, 100, "0 or 2 to 100")?;
            }
            "no_progress" => {
                self.no_progress = parse_number("no_progress", value, 0, 1000, "0 to 1000")?;
            }
            _ => return Err(Self::unknown(key)),
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "o_edge_ring" => self.o_edge_ring.to_string(),
            "o_edge_centre" => self.o_edge_centre.to_string(),
            "o_centre" => self.o_centre.to_string(),
            "capture_mandatory" => self.capture_mandatory.to_string(),
            "drop_timing" => self.drop_timing.key().to_string(),
            "dropped_piece_may_move" => self.dropped_piece_may_move.to_string(),
            "no_reverse_move" => self.no_reverse_move.to_string(),
            "repetition" => self.repetition.to_string(),
            "no_progress" => self.no_progress.to_string(),
            _ => return None,
        })
    }

    fn validate(&self) -> Result<(), OptionError> {
        crate::options::check_draw_limits(self.repetition, self.no_progress)?;
        Ok(())
    }

    fn repetition_limit(&self) -> u16 {
        self.repetition
    }
}

/// Link and jump tables of one movement scheme (spec §3.1, §3.5).
#[derive(Debug)]
struct Tables {
    /// Cells linked to each cell.
    links: [u64; 64],
    /// Jumps from each cell: `(jumped cell, landing cell)` along a straight 3-cell line
    /// whose two links are both enabled.
    jumps: [[(u8, u8); MAX_JUMPS]; 64],
    /// Number of entries of `jumps` used per cell.
    njumps: [u8; 64],
}

/// At most 4 jump lines start from one cell (c3: four diagonals; a1: one diagonal and two
/// O-lines); `build` checks this bound at compile time.
const MAX_JUMPS: usize = 4;

/// True if `index` is an edge cell (file or rank a/e, 1/5), spec §3.5.
const fn is_edge(index: i32) -> bool {
    let (f, r) = (index % 8, index / 8);
    f == 0 || f == 4 || r == 0 || r == 4
}

/// The cell at `(file, rank)` if it is one of the 13.
const fn cell(file: i32, rank: i32) -> Option<i32> {
    if file < 0 || file > 4 || rank < 0 || rank > 4 {
        return None;
    }
    let i = rank * 8 + file;
    if BOARD >> i & 1 == 1 {
        Some(i)
    } else {
        None
    }
}

/// True if cells `p` and `q` are linked under `scheme` (bit 0 ring, bit 1 edge-centre,
/// bit 2 centre). D-links are always on; an O-link joins cells two apart on a rank or file
/// and belongs to the ring (both edge cells), the centre (neither) or edge-centre (spec §3.5).
const fn linked(p: i32, q: i32, scheme: usize) -> bool {
    let df = (q % 8 - p % 8).abs();
    let dr = (q / 8 - p / 8).abs();
    if df == 1 && dr == 1 {
        return true;
    }
    if !((df == 2 && dr == 0) || (df == 0 && dr == 2)) {
        return false;
    }
    let class = match (is_edge(p), is_edge(q)) {
        (true, true) => 1,
        (false, false) => 4,
        _ => 2,
    };
    scheme & class != 0
}

const fn build(scheme: usize) -> Tables {
    let mut t = Tables {
        links: [0; 64],
        jumps: [[(0, 0); MAX_JUMPS]; 64],
        njumps: [0; 64],
    };
    // D directions move one file and one rank; O directions two files or two ranks.
    const DIRS: [(i32, i32); 8] = [
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
        (2, 0),
        (-2, 0),
        (0, 2),
        (0, -2),
    ];
    let mut p = 0;
    while p < 64 {
        if BOARD >> p & 1 == 1 {
            let (f, r) = (p % 8, p / 8);
            let mut d = 0;
            while d < DIRS.len() {
                let (df, dr) = DIRS[d];
                if let Some(m) = cell(f + df, r + dr) {
                    if linked(p, m, scheme) {
                        t.links[p as usize] |= 1 << m;
                        if let Some(q) = cell(f + 2 * df, r + 2 * dr) {
                            if linked(m, q, scheme) {
                                let n = t.njumps[p as usize] as usize;
                                assert!(n < MAX_JUMPS);
                                t.jumps[p as usize][n] = (m as u8, q as u8);
                                t.njumps[p as usize] += 1;
                            }
                        }
                    }
                }
                d += 1;
            }
        }
        p += 1;
    }
    t
}

/// The tables of the eight link schemes, indexed by [`QueahOptions::scheme`].
static TABLES: [Tables; 8] = [
    build(0),
    build(1),
    build(2),
    build(3),
    build(4),
    build(5),
    build(6),
    build(7),
];

/// A Queah position (spec §3): pieces, reserves, owed drops, the no-reverse memory, the
/// no-progress counter and the side to move.
///
/// The 13 cells are the dark squares of the 5×5 corner, `a1 c1 e1 b2 d2 a3 c3 e3 b4 d4 a5 c5
/// e5`; White (Morning) starts on b2 c1 d2 e1, Black (Night) on a5 b4 c5 d4, six pieces each in
/// reserve, White to move (spec §3.1-3.2). A turn is one step along an enabled link or one
/// short capture, plus a reserve drop as [`DropTiming`] says; a compound turn is one [`Move`]
/// written `@c3,b2-a3` or `b2-a3,@c3`, a drop alone `@c3` (spec §3.8).
///
/// The position string carries reserves (`reserve=W5,B6`), an owed drop (`owe=W`), the
/// no-reverse memory as the step each side made on its previous turn (`rev=Wb2-c3`: White may
/// not play `c3-b2` with that piece now) and the no-progress counter (`np=`). A decided game
/// is written with `-` to move and the loser in `out=`.
///
/// ```
/// use rules::{Position, Queah, QueahOptions, Seat};
/// let pos = Queah::from_position_string("W:Wb2:Be5:rev=Wa1-b2", QueahOptions::default())?;
/// let moves: Vec<String> = pos.legal_moves().iter().map(|m| pos.move_to_string(m)).collect();
/// assert_eq!(moves, ["b2-c1", "b2-a3", "b2-c3"]); // b2-a1 would undo White's last step
/// assert_eq!(pos.reserve(Seat::WHITE), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Queah {
    options: QueahOptions,
    tables: &'static Tables,
    /// Cells of each side's pieces (0 White, 1 Black).
    pieces: [u64; 2],
    reserve: [u8; 2],
    /// The side lost a piece and owes a drop on its next turn (timings other than deferred).
    owed: [bool; 2],
    /// The step `(from, to)` of the side's previous turn, which may not be undone (§3.6).
    rev: [Option<(Square, Square)>; 2],
    /// The side to move (once the game is over: the side that would move, or the loser).
    side: usize,
    /// Turns since the last capture or drop (spec §3.7).
    np: u16,
    /// A side that resigned, left or timed out.
    departed: Option<(usize, Departure)>,
    /// Zobrist hash of the pieces, reserves, owed drops, bans, side to move and departure
    /// (see [`Hashed`]).
    hash: u64,
}

impl PartialEq for Queah {
    fn eq(&self, other: &Self) -> bool {
        // The tables follow from the options.
        self.options == other.options
            && self.pieces == other.pieces
            && self.reserve == other.reserve
            && self.owed == other.owed
            && self.rev == other.rev
            && self.side == other.side
            && self.np == other.np
            && self.departed == other.departed
    }
}

impl Eq for Queah {}

impl fmt::Debug for Queah {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Queah")
            .field("position", &self.position_string())
            .field("options", &self.options)
            .finish()
    }
}

/// Moves of the side to move, as `(steps, captures)` counts.
type Counts = (u32, u32);

impl Queah {
    fn empty(options: QueahOptions) -> Queah {
        Queah {
            options,
            tables: &TABLES[options.scheme()],
            pieces: [0; 2],
            reserve: [0; 2],
            owed: [false; 2],
            rev: [None; 2],
            side: 0,
            np: 0,
            departed: None,
            hash: 0,
        }
    }

    /// Pieces of side `s` on the board and in reserve.
    #[inline]
    fn total(&self, s: usize) -> u32 {
        self.pieces[s].count_ones() + u32::from(self.reserve[s])
    }

    /// True when the no-progress limit is reached (spec §3.7).
    #[inline]
    fn no_progress_reached(&self) -> bool {
        self.options.no_progress > 0 && self.np >= self.options.no_progress
    }

    /// True when the game was ended by something other than the side to move's moves:
    /// a departure or the no-progress limit. A side without pieces has no moves anyway.
    #[inline]
    fn stopped(&self) -> bool {
        self.departed.is_some() || self.no_progress_reached()
    }

    /// The banned step of the side to move as `(cell of the piece, bit of the cell it may
    /// not go back to)`; `(64, 0)` when nothing is banned (spec §3.6, §8.6).
    #[inline]
    fn ban(&self) -> (u32, u64) {
        match self.rev[self.side] {
            Some((from, to)) => (to.index() as u32, 1 << from.index()),
            None => (64, 0),
        }
    }

    /// True if a piece of `movable` can capture a piece of `opp` (landing on `empty`).
    #[inline]
    fn any_capture(&self, movable: u64, opp: u64, empty: u64) -> bool {
        let t = self.tables;
        let mut bb = movable;
        while bb != 0 {
            let p = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            for &(over, to) in &t.jumps[p][..usize::from(t.njumps[p])] {
                if (opp >> over) & (empty >> to) & 1 != 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Counts the steps and captures of the pieces `movable` (a subset of `own`), with
    /// compulsory capture and the no-reverse ban applied (spec §3.3, §3.6).
    #[inline]
    fn count_basic(&self, movable: u64, own: u64, opp: u64) -> Counts {
        let t = self.tables;
        let empty = BOARD & !(own | opp);
        let (mut steps, mut caps) = (0, 0);
        let mut bb = movable;
        while bb != 0 {
            let p = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            for &(over, to) in &t.jumps[p][..usize::from(t.njumps[p])] {
                caps += ((opp >> over) & (empty >> to) & 1) as u32;
            }
            steps += (t.links[p] & empty).count_ones();
        }
        let (b, a) = self.ban();
        if b < 64 && movable >> b & 1 == 1 && t.links[b as usize] & empty & a != 0 {
            steps -= 1;
        }
        if self.options.capture_mandatory && caps > 0 {
            steps = 0;
        }
        (steps, caps)
    }

    /// Calls `emit` with every step and capture of the pieces `movable` (see
    /// [`Queah::count_basic`]).
    #[inline]
    fn gen_basic(&self, movable: u64, own: u64, opp: u64, mut emit: impl FnMut(Move)) {
        let t = self.tables;
        let empty = BOARD & !(own | opp);
        let caps_only = self.options.capture_mandatory && self.any_capture(movable, opp, empty);
        let (b, a) = self.ban();
        let mut bb = movable;
        while bb != 0 {
            let p = bb.trailing_zeros();
            bb &= bb - 1;
            let from = sq(p);
            for &(over, to) in &t.jumps[p as usize][..usize::from(t.njumps[p as usize])] {
                if (opp >> over) & (empty >> to) & 1 != 0 {
                    emit(Move::capture(
                        from,
                        &[sq(u32::from(to))],
                        &[sq(u32::from(over))],
                        Role::Man,
                        false,
                    ));
                }
            }
            if !caps_only {
                let mut targets = t.links[p as usize] & empty;
                if p == b {
                    targets &= !a;
                }
                while targets != 0 {
                    let q = targets.trailing_zeros();
                    targets &= targets - 1;
                    emit(Move::step(from, sq(q), Role::Man, false));
                }
            }
        }
    }

    /// True if the side to move owes a drop it can make (spec §3.4).
    #[inline]
    fn owes(&self) -> bool {
        self.owed[self.side] && self.reserve[self.side] > 0 && self.options.drop_timing.owes()
    }

    /// True if the side to move may make a deferred drop (spec §3.4, `DeferredDrop`).
    #[inline]
    fn may_defer_drop(&self) -> bool {
        self.options.drop_timing == DropTiming::DeferredDrop
            && self.reserve[self.side] > 0
            && self.pieces[self.side].count_ones() < ON_BOARD
    }

    /// Number of legal turns, ignoring departures and the no-progress limit.
    fn raw_count(&self) -> u64 {
        let s = self.side;
        let (own, opp) = (self.pieces[s], self.pieces[1 - s]);
        let mut empty = BOARD & !(own | opp);
        let e = u64::from(empty.count_ones());
        if self.owes() {
            match self.options.drop_timing {
                DropTiming::DropThenMove => {
                    let mut n = 0;
                    while empty != 0 {
                        let d = empty & empty.wrapping_neg();
                        empty ^= d;
                        let movable = if self.options.dropped_piece_may_move {
                            own | d
                        } else {
                            own
                        };
                        let (st, ca) = self.count_basic(movable, own | d, opp);
                        // No move after the drop: the drop alone is the turn (spec §3.4).
                        n += u64::from(st + ca).max(1);
                    }
                    return n;
                }
                DropTiming::MoveThenDrop => {
                    let (st, ca) = self.count_basic(own, own, opp);
                    if st + ca == 0 {
                        return e; // spec §8.8
                    }
                    // A step leaves as many empty cells as before; a capture one more.
                    return u64::from(st) * e + u64::from(ca) * (e + 1);
                }
                DropTiming::DropInsteadOfMove | DropTiming::DeferredDrop => return e,
            }
        }
        let (st, ca) = self.count_basic(own, own, opp);
        let drops = if self.may_defer_drop() { e } else { 0 };
        u64::from(st + ca) + drops
    }

    /// Fills `moves` with the legal turns, ignoring departures and the no-progress limit.
    fn raw_generate(&self, moves: &mut MoveList) {
        let s = self.side;
        let (own, opp) = (self.pieces[s], self.pieces[1 - s]);
        let empty = BOARD & !(own | opp);
        let drops = |moves: &mut MoveList| {
            let mut bb = empty;
            while bb != 0 {
                let d = bb.trailing_zeros();
                bb &= bb - 1;
                moves.push(Move::drop_only(sq(d)));
            }
        };
        if self.owes() {
            match self.options.drop_timing {
                DropTiming::DropThenMove => {
                    // Compulsory capture and the ban are judged after the drop (spec §8.7).
                    let mut bb = empty;
                    while bb != 0 {
                        let d = bb.trailing_zeros();
                        bb &= bb - 1;
                        let dsq = sq(d);
                        let own2 = own | 1 << d;
                        let movable = if self.options.dropped_piece_may_move {
                            own2
                        } else {
                            own
                        };
                        let before = moves.len();
                        self.gen_basic(movable, own2, opp, |m| moves.push(m.with_drop(dsq, true)));
                        if moves.len() == before {
                            moves.push(Move::drop_only(dsq));
                        }
                    }
                }
                DropTiming::MoveThenDrop => {
                    self.gen_basic(own, own, opp, |m| {
                        let mut after = empty;
                        if let (Some(o), Some(t)) = (m.origin(), m.destination()) {
                            after |= 1 << o.index();
                            after &= !(1 << t.index());
                        }
                        for c in m.captured() {
                            after |= 1 << c.index();
                        }
                        while after != 0 {
                            let d = after.trailing_zeros();
                            after &= after - 1;
                            moves.push(m.with_drop(sq(d), false));
                        }
                    });
                    if moves.is_empty() {
                        drops(moves); // spec §8.8
                    }
                }
                DropTiming::DropInsteadOfMove | DropTiming::DeferredDrop => drops(moves),
            }
            return;
        }
        self.gen_basic(own, own, opp, |m| moves.push(m));
        if self.may_defer_drop() {
            // Drops stay allowed beside compulsory captures (spec §8.9).
            drops(moves);
        }
    }

    /// The status of the board, the no-progress limit and the departure (spec §3.7).
    fn compute_status(&self) -> Status {
        let other = |s: usize| SeatSet::only(SEATS[1 - s]);
        if let Some((s, how)) = self.departed {
            return Status::Won {
                winners: other(s),
                reason: EndReason::Departed(how),
            };
        }
        for s in [self.side, 1 - self.side] {
            if self.total(s) == 0 {
                return Status::Won {
                    winners: other(s),
                    reason: EndReason::CapturedAll,
                };
            }
        }
        // The limit is reached as the last turn ends, before the next player's turn begins,
        // so it is judged before that player's lack of moves.
        if self.no_progress_reached() {
            return self.adjudicate(EndReason::NoProgress);
        }
        if self.raw_count() == 0 {
            return Status::Won {
                winners: other(self.side),
                reason: EndReason::Blocked,
            };
        }
        Status::Ongoing
    }
}

impl Position for Queah {
    type Options = QueahOptions;
    const VARIANT: Variant = Variant::Queah;

    fn new(options: QueahOptions) -> Result<Queah, OptionError> {
        options.validate()?;
        let mut pos = Queah::empty(options);
        pos.pieces = START;
        pos.reserve = [START_RESERVE; 2];
        pos.hash = zobrist::full(&pos);
        Ok(pos)
    }

    fn from_setup(
        setup: &Setup,
        options: QueahOptions,
        waive: Problems,
    ) -> Result<Queah, PositionError> {
        let mut problems = Problems::empty();
        let mut pos = Queah::empty(options);
        let two = SeatSet::TWO;
        if setup.variant != Variant::Queah || setup.seats != two {
            problems |= Problems::SEATS;
        }
        for s in Square::ALL {
            let Some(p) = setup.piece_at(s) else { continue };
            if BOARD >> s.index() & 1 == 0 {
                problems |= Problems::OFF_BOARD;
            }
            if !setup.seats.contains(p.seat) {
                problems |= Problems::ABSENT_OWNER;
            }
            if p.role == Role::King {
                problems |= Problems::KINGS;
            }
            if let Some(side) = side_of(p.seat) {
                pos.pieces[side] |= (1 << s.index()) & BOARD;
            }
        }
        for seat in Seat::ALL {
            let r = setup.reserves[seat];
            match side_of(seat) {
                Some(side) => pos.reserve[side] = r,
                None if r > 0 => problems |= Problems::RESERVE,
                None => {}
            }
        }
        let timing = options.drop_timing;
        for side in 0..2 {
            let on_board = pos.pieces[side].count_ones();
            if on_board + u32::from(pos.reserve[side]) > TOTAL_PIECES {
                problems |= Problems::TOO_MANY_PIECES;
            }
            if on_board > ON_BOARD {
                problems |= Problems::RESERVE;
            }
        }
        if pos.total(0) == 0 && pos.total(1) == 0 {
            problems |= Problems::RESERVE;
        }

        // Who is (or would be) to move: the turn, else the seat that lost.
        let out = &setup.eliminated;
        let loser = match out.as_slice() {
            [] => None,
            [g] if g.len() == 1 => g.first().and_then(side_of),
            _ => None,
        };
        if !out.is_empty() && loser.is_none() {
            problems |= Problems::ELIMINATED;
        }
        pos.side = match setup.turn {
            Some(seat) => match side_of(seat) {
                Some(s) => s,
                None => {
                    problems |= Problems::TURN;
                    0
                }
            },
            None => loser.unwrap_or(0),
        };

        // Owed drops: only the side to move can owe one, under the timings that owe, with a
        // reserve to drop from (spec §3.4).
        for seat in setup.owed_drop.iter() {
            match side_of(seat) {
                Some(s) => {
                    pos.owed[s] = true;
                    if !timing.owes() || pos.reserve[s] == 0 || s != pos.side {
                        problems |= Problems::OWED_DROP;
                    }
                }
                None => problems |= Problems::OWED_DROP,
            }
        }
        // Between turns a side's reserve is kept at four on the board (spec §3.4).
        if timing.owes() {
            for side in 0..2 {
                let expected = ON_BOARD - u32::from(pos.owed[side]);
                if pos.reserve[side] > 0 && pos.pieces[side].count_ones() != expected {
                    problems |= Problems::RESERVE;
                }
            }
        }

        // The no-reverse memory: a step along an enabled link whose piece is still there.
        for seat in Seat::ALL {
            let Some((from, to)) = setup.last_step[seat] else {
                continue;
            };
            match side_of(seat) {
                Some(s) => {
                    let ok = options.no_reverse_move
                        && BOARD >> from.index() & 1 == 1
                        && pos.tables.links[to.index()] >> from.index() & 1 == 1
                        && pos.pieces[s] >> to.index() & 1 == 1;
                    if ok {
                        pos.rev[s] = Some((from, to));
                    } else {
                        problems |= Problems::REVERSE;
                    }
                }
                None => problems |= Problems::REVERSE,
            }
        }
        if setup.hot.is_some() {
            problems |= Problems::HOT;
        }
        pos.np = setup.no_progress;
        let limit = options.no_progress;
        if limit > 0 && (pos.np > limit || (pos.np == limit && setup.turn.is_some())) {
            problems |= Problems::COUNTER;
        }

        // The seat to move must be able to act, and a finished game must look finished.
        let board_status = pos.compute_status();
        match (setup.turn, loser) {
            (Some(_), None) => {
                if !board_status.is_ongoing() && !(problems & Problems::COUNTER).is_empty() {
                    // Already reported as the counter.
                } else if !board_status.is_ongoing() {
                    problems |= Problems::TURN;
                }
            }
            (Some(_), Some(_)) => problems |= Problems::ELIMINATED,
            // A malformed `out` is already reported.
            (None, None) if !out.is_empty() => {}
            (None, None) => {
                if board_status.is_ongoing() {
                    problems |= Problems::TURN;
                } else if let Status::Won { .. } = board_status {
                    // A decided game names its loser (see `eliminated`).
                    problems |= Problems::ELIMINATED;
                }
            }
            (None, Some(l)) => match board_status {
                Status::Ongoing => pos.departed = Some((l, Departure::Resign)),
                Status::Won { winners, .. } if winners == SeatSet::only(SEATS[1 - l]) => {}
                _ => problems |= Problems::ELIMINATED,
            },
        }

        problems.check(waive, setup)?;
        pos.hash = zobrist::full(&pos);
        Ok(pos)
    }

    fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty(Variant::Queah);
        setup.turn = self.turn();
        setup.seats = SeatSet::TWO;
        for (side, &seat) in SEATS.iter().enumerate() {
            let mut bb = self.pieces[side];
            while bb != 0 {
                let i = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                setup.board[i] = Some(Piece {
                    seat,
                    role: Role::Man,
                });
            }
            setup.reserves[seat] = self.reserve[side];
            if self.owed[side] {
                setup.owed_drop.insert(seat);
            }
            setup.last_step[seat] = self.rev[side];
        }
        setup.eliminated = self.eliminated();
        setup.no_progress = self.np;
        setup
    }

    fn options(&self) -> &QueahOptions {
        &self.options
    }

    fn seats(&self) -> SeatSet {
        SeatSet::TWO
    }

    fn turn(&self) -> Option<Seat> {
        self.compute_status()
            .is_ongoing()
            .then_some(SEATS[self.side])
    }

    fn piece_at(&self, sq: Square) -> Option<Piece> {
        let b = 1u64 << sq.index();
        let seat = if self.pieces[0] & b != 0 {
            Seat::Morning
        } else if self.pieces[1] & b != 0 {
            Seat::Night
        } else {
            return None;
        };
        Some(Piece {
            seat,
            role: Role::Man,
        })
    }

    fn reserve(&self, seat: Seat) -> u8 {
        side_of(seat).map_or(0, |s| self.reserve[s])
    }

    fn legal_moves_into(&self, moves: &mut MoveList) {
        moves.clear();
        if !self.stopped() {
            self.raw_generate(moves);
        }
    }

    fn count_legal(&self) -> u64 {
        if self.stopped() {
            0
        } else {
            self.raw_count()
        }
    }

    /// The hash update is written out from the move's cells (perft's and search's hot
    /// path); the small state is diffed byte by byte.
    fn play_unchecked(&mut self, mv: &Move) {
        let (s, before) = (self.side, self.state());
        let mut d = 0;
        if let (Some(from), Some(to)) = (mv.origin(), mv.destination()) {
            d ^= zobrist::piece(2 * s, from.index()) ^ zobrist::piece(2 * s, to.index());
            if let Some(&over) = mv.captured().first() {
                d ^= zobrist::piece(2 * (1 - s), over.index());
            }
        }
        if let Some(drop) = mv.drop() {
            d ^= zobrist::piece(2 * s, drop.index());
        }
        self.apply(mv);
        self.hash ^= d ^ zobrist::state_delta(before, self.state());
    }

    fn depart(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError> {
        zobrist::depart(self, seat, how)
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn status(&self) -> Status {
        self.compute_status()
    }

    fn eliminated(&self) -> Vec<SeatSet> {
        // Two seats: the loser of a decided game is out; nobody is out of a drawn one.
        match self.compute_status() {
            Status::Won { winners, .. } => vec![SeatSet::TWO.minus(winners)],
            _ => Vec::new(),
        }
    }

    /// Queah adjudicates by piece count, board and reserve (spec §3.7): more pieces wins,
    /// equal counts draw.
    fn adjudicate(&self, reason: EndReason) -> Status {
        let (w, b) = (self.total(0), self.total(1));
        if w == b {
            Status::Drawn {
                seats: SeatSet::TWO,
                reason,
            }
        } else {
            Status::Won {
                winners: SeatSet::only(if w > b { SEATS[0] } else { SEATS[1] }),
                reason,
            }
        }
    }
}

impl Hashed for Queah {
    fn hash_mut(&mut self) -> &mut u64 {
        &mut self.hash
    }

    #[inline(always)]
    fn apply(&mut self, mv: &Move) {
        let s = self.side;
        let o = 1 - s;
        let mut progress = false;
        let drop = mv.drop();
        // A drop-first turn drops before the move; a move-then-drop turn may drop on the
        // cell the piece left or on the captured cell, so it drops after.
        if let (Some(d), true) = (drop, mv.drop_first()) {
            self.pieces[s] |= 1 << d.index();
        }
        // A turn with a step remembers it; any other turn lifts the ban (spec §3.6, §8.6).
        self.rev[s] = None;
        if let (Some(from), Some(to)) = (mv.origin(), mv.destination()) {
            self.pieces[s] &= !(1u64 << from.index());
            self.pieces[s] |= 1 << to.index();
            if let Some(&over) = mv.captured().first() {
                self.pieces[o] &= !(1u64 << over.index());
                // The piece that may not step back is gone (spec §8.6).
                if self.rev[o].is_some_and(|(_, b)| b == over) {
                    self.rev[o] = None;
                }
                if self.reserve[o] > 0 && self.options.drop_timing.owes() {
                    self.owed[o] = true;
                }
                progress = true;
            } else if self.options.no_reverse_move {
                self.rev[s] = Some((from, to));
            }
        }
        if let Some(d) = drop {
            if !mv.drop_first() {
                self.pieces[s] |= 1 << d.index();
            }
            self.reserve[s] = self.reserve[s].saturating_sub(1);
            progress = true;
        }
        self.owed[s] = false;
        self.np = if progress {
            0
        } else {
            self.np.saturating_add(1)
        };
        self.side = o;
    }

    fn leave(&mut self, seat: Seat, how: Departure) -> Result<(), DepartError> {
        let Some(s) = side_of(seat) else {
            return Err(DepartError::NotPlaying(seat));
        };
        if !self.compute_status().is_ongoing() {
            return Err(DepartError::GameOver);
        }
        self.departed = Some((s, how));
        Ok(())
    }
    /// White's and Black's pieces (Queah has no kings).
    #[inline(always)]
    fn pieces(&self) -> Pieces {
        ([self.pieces[0], self.pieces[1], 0, 0], 0)
    }

    /// Reserves, owed drops, each side's banned step back, the side to move and the side
    /// that departed, in disjoint bit fields.
    #[inline(always)]
    fn state(&self) -> u64 {
        let ban = |r: Option<(Square, Square)>| {
            r.map_or(0, |(f, t)| 1 + (f.index() as u64) * 64 + t.index() as u64)
        };
        u64::from(self.reserve[0])
            | u64::from(self.reserve[1]) << 8
            | u64::from(self.owed[0]) << 16
            | u64::from(self.owed[1]) << 17
            | ban(self.rev[0]) << 18
            | ban(self.rev[1]) << 31
            | (self.side as u64) << 44
            | self.departed.map_or(0, |(s, _)| s as u64 + 1) << 45
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_the_spec_counts() {
        // 16 D-links (spec §3.1), 10 D-jump lines = 20 directed jumps.
        let t = &TABLES[0];
        let links: u32 = t.links.iter().map(|l| l.count_ones()).sum();
        assert_eq!(links, 32);
        let jumps: u32 = t.njumps.iter().map(|&n| u32::from(n)).sum();
        assert_eq!(jumps, 20);
        // All schemes: 16 more links, 6 more lines (ranks 1, 3, 5, files a, c, e).
        let t = &TABLES[7];
        let links: u32 = t.links.iter().map(|l| l.count_ones()).sum();
        assert_eq!(links, 64);
        let jumps: u32 = t.njumps.iter().map(|&n| u32::from(n)).sum();
        assert_eq!(jumps, 32);
    }
}
