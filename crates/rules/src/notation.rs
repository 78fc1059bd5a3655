//! Move notation: syntax ([`MoveText`]) kept apart from meaning (resolving it against a
//! position).
//!
//! Forms accepted (spec §2.9, §3.8, §4.9, §5.8):
//! * steps `25-24`, `c3-d4`, and the seed style without separator `c3c4`;
//! * captures listing every landing: `25:45:43`, `c3xe5xc7`;
//! * the short form origin-destination of a capture, when it names exactly one legal move;
//! * Neva's king prefix `K16-66`; Queah drops `@c3` and compound turns `@c3,b2-a3`;
//! * annotations `!`, `!!`, `?`, `King`, `– King`, `=k`, `+` are ignored.
//!
//! Canonical output is the full path: `-` for steps; `:` (Neva) or `x` between landings
//! of captures; `K` before Neva king moves; no annotations.
//!
//! ```
//! use rules::notation::MoveText;
//! use rules::Variant;
//! let t: MoveText = MoveText::parse(Variant::Neva, "22:42:62:64:66 – King").unwrap();
//! assert_eq!(t.to_string(), "22:42:62:64:66");
//! assert_eq!(MoveText::parse(Variant::GiveAndTake, "c3c4").unwrap().to_string(), "c3-c4");
//! assert!(MoveText::parse(Variant::Stockholm, "c3-z9").is_err());
//! ```

use std::fmt;

use crate::{Move, Position, Role, Square, Variant};

/// A move as written: squares, separators and drop, not yet checked against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    variant: Variant,
    king: bool,
    drop: Option<Square>,
    drop_first: bool,
    squares: Vec<Square>,
    capture: bool,
}

/// Why a move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Nothing but annotations.
    #[error("empty move")]
    Empty,
    /// A square name that is not on the board.
    #[error("`{text}` is not a square of {variant}")]
    Square {
        /// The text.
        text: String,
        /// The game.
        variant: Variant,
    },
    /// The move has the wrong shape.
    #[error("cannot read move `{text}`: {reason}")]
    Malformed {
        /// The text.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },
}

/// Why a move could not be played from text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move.
    #[error(transparent)]
    Syntax(#[from] NotationError),
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// No legal move matches.
    #[error("illegal move `{text}`{}", reason.map(|r| format!(": {}", r.explain())).unwrap_or_default())]
    Illegal {
        /// The move as given.
        text: String,
        /// Which rule refuses it, when one rule can be named (worked out only on refusal).
        reason: Option<IllegalReason>,
    },
    /// Several legal moves match the short form.
    #[error("ambiguous move `{text}`: give the full path, one of {}", candidates.join(", "))]
    Ambiguous {
        /// The move as given.
        text: String,
        /// Every matching legal move in canonical notation.
        candidates: Vec<String>,
    },
}

/// Which rule refuses a move, in terms a player can act on. Worked out only when a move is
/// refused ([`MoveText::to_move`]), never on the way to accepting one.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum IllegalReason {
    /// A capture is possible, so a plain step is not allowed.
    CaptureCompulsory,
    /// Another capture takes more pieces, and the most must be taken; also a capture
    /// stopped before its end.
    LongestCapture,
    /// The capture stops while the same piece can still jump.
    CaptureMustContinue,
    /// Stockholm with deferred backward capture: a man's first jump may not go backwards.
    NoBackwardFirstJump,
    /// Give and Take: only the piece that just moved may be captured.
    OnlyJustMoved,
    /// Queah: a piece must be dropped from the reserve this turn.
    DropOwed,
    /// Queah: a piece may not step straight back to where it came from on its owner's
    /// previous turn.
    NoReverse,
    /// No legal move starts on the square named.
    NoMoveFromSquare,
    /// The square named holds no piece of the side to move.
    NotYourPiece,
    /// The destination is occupied or cannot be reached from there.
    Blocked,
}

impl IllegalReason {
    /// Every reason, in declaration order.
    pub const ALL: [IllegalReason; 10] = [
        IllegalReason::CaptureCompulsory,
        IllegalReason::LongestCapture,
        IllegalReason::CaptureMustContinue,
        IllegalReason::NoBackwardFirstJump,
        IllegalReason::OnlyJustMoved,
        IllegalReason::DropOwed,
        IllegalReason::NoReverse,
        IllegalReason::NoMoveFromSquare,
        IllegalReason::NotYourPiece,
        IllegalReason::Blocked,
    ];

    /// A stable snake_case code (the wire protocol's `reason`).
    pub const fn code(self) -> &'static str {
        match self {
            IllegalReason::CaptureCompulsory => "capture_compulsory",
            IllegalReason::LongestCapture => "longest_capture",
            IllegalReason::CaptureMustContinue => "capture_must_continue",
            IllegalReason::NoBackwardFirstJump => "no_backward_first_jump",
            IllegalReason::OnlyJustMoved => "only_just_moved",
            IllegalReason::DropOwed => "drop_owed",
            IllegalReason::NoReverse => "no_reverse",
            IllegalReason::NoMoveFromSquare => "no_move_from_square",
            IllegalReason::NotYourPiece => "not_your_piece",
            IllegalReason::Blocked => "blocked",
        }
    }

    /// The rule in plain words, for the player whose move was refused.
    pub const fn explain(self) -> &'static str {
        match self {
            IllegalReason::CaptureCompulsory => {
                "A capture is compulsory: you must take a piece this turn."
            }
            IllegalReason::LongestCapture => {
                "The longest capture must be taken: the capture must go on as far as it can."
            }
            IllegalReason::CaptureMustContinue => {
                "The capture is not finished: keep jumping with the same piece."
            }
            IllegalReason::NoBackwardFirstJump => {
                "A man may not capture backwards as its first jump."
            }
            IllegalReason::OnlyJustMoved => "Only the piece that just moved may be captured.",
            IllegalReason::DropOwed => {
                "You must first drop a piece from your reserve onto the board."
            }
            IllegalReason::NoReverse => {
                "A piece may not step straight back to the square it came from on your last turn."
            }
            IllegalReason::NoMoveFromSquare => "No legal move starts on that square.",
            IllegalReason::NotYourPiece => "That square holds none of your pieces.",
            IllegalReason::Blocked => {
                "That piece cannot go there: the square is taken or out of its reach."
            }
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.explain())
    }
}

fn strip_annotations(mut s: &str) -> &str {
    loop {
        let before = s;
        s = s.trim();
        for suffix in [
            "King", "king", "KING", "=k", "=K", "!", "?", "+", "*", "–", "—",
        ] {
            if let Some(rest) = s.strip_suffix(suffix) {
                s = rest;
            }
        }
        // A dash left alone at the end belongs to "– King", not to a move.
        if s.ends_with(char::is_whitespace) {
            s = s.trim_end();
            if let Some(rest) = s.strip_suffix('-') {
                s = rest;
            }
        }
        if s == before {
            return s;
        }
    }
}

fn is_separator(c: char) -> bool {
    matches!(c, '-' | ':' | 'x' | 'X' | '×')
}

impl MoveText {
    /// Reads a move of `variant` (syntax only).
    ///
    /// # Errors
    /// A [`NotationError`] naming what could not be read.
    pub fn parse(variant: Variant, text: &str) -> Result<MoveText, NotationError> {
        let malformed = |reason| NotationError::Malformed {
            text: text.to_string(),
            reason,
        };
        let body = strip_annotations(text);
        if body.is_empty() {
            return Err(NotationError::Empty);
        }
        let mut mt = MoveText {
            variant,
            king: false,
            drop: None,
            drop_first: false,
            squares: Vec::new(),
            capture: false,
        };
        let parts: Vec<&str> = body.split(',').map(str::trim).collect();
        if parts.len() > 2 {
            return Err(malformed("more than one comma"));
        }
        let square = |s: &str| {
            variant
                .parse_square(s)
                .ok_or_else(|| NotationError::Square {
                    text: s.to_string(),
                    variant,
                })
        };
        for (i, part) in parts.iter().enumerate() {
            if let Some(d) = part.strip_prefix('@') {
                if mt.drop.is_some() {
                    return Err(malformed("two drops"));
                }
                mt.drop = Some(square(d.trim())?);
                mt.drop_first = i == 0;
                continue;
            }
            if !mt.squares.is_empty() {
                return Err(malformed("two piece moves"));
            }
            let mut p = *part;
            if let Some(rest) = p.strip_prefix('K') {
                mt.king = true;
                p = rest.trim_start();
            }
            if p.chars().any(|c| matches!(c, ':' | 'x' | 'X' | '×')) {
                mt.capture = true;
            }
            let tokens: Vec<&str> = if p.chars().any(is_separator) {
                p.split(is_separator).map(str::trim).collect()
            } else {
                // Seed style without separators (`c3c4`): every square name has two
                // characters in all four games.
                if p.len() % 2 != 0 || !p.is_ascii() {
                    return Err(malformed("squares must be separated by -, : or x"));
                }
                (0..p.len() / 2).map(|k| &p[2 * k..2 * k + 2]).collect()
            };
            if tokens.iter().any(|t| t.is_empty()) {
                return Err(malformed("empty square between separators"));
            }
            if tokens.len() < 2 {
                return Err(malformed("a move needs an origin and a destination"));
            }
            if tokens.len() > crate::MAX_PATH + 1 {
                return Err(malformed("too many squares"));
            }
            for t in tokens {
                mt.squares.push(square(t)?);
            }
        }
        if mt.squares.is_empty() && mt.drop.is_none() {
            return Err(NotationError::Empty);
        }
        Ok(mt)
    }

    /// The text of a generated move.
    pub fn from_move(variant: Variant, mv: &Move) -> MoveText {
        let mut squares = Vec::new();
        if let Some(o) = mv.origin() {
            squares.push(o);
            squares.extend_from_slice(mv.path());
        }
        MoveText {
            variant,
            king: mv.role() == Role::King && !squares.is_empty(),
            drop: mv.drop(),
            drop_first: mv.drop_first(),
            squares,
            capture: mv.is_capture(),
        }
    }

    /// Resolves the text against `pos`: the full path always, the short origin-destination
    /// form when it names exactly one legal move.
    ///
    /// # Errors
    /// [`MoveError::Illegal`], [`MoveError::Ambiguous`] or [`MoveError::GameOver`].
    pub fn to_move<P: Position>(&self, pos: &P) -> Result<Move, MoveError> {
        if pos.turn().is_none() {
            return Err(MoveError::GameOver);
        }
        let legal = pos.legal_moves();
        let mut found = self.matching(&legal);
        match (found.next(), found.next()) {
            (Some(m), None) => Ok(*m),
            (None, _) => Err(MoveError::Illegal {
                text: self.to_string(),
                reason: self.reason(pos, &legal),
            }),
            (Some(_), Some(_)) => Err(MoveError::Ambiguous {
                text: self.to_string(),
                candidates: self
                    .matching(&legal)
                    .map(|m| write_move(self.variant, m))
                    .collect(),
            }),
        }
    }

    /// The moves of `moves` this text names: the one with its full path, or else, for an
    /// origin-destination text, every one ending there.
    // Filters over the moves rather than lists of them: the server resolves every move a
    // client sends, and the one it finds is all it keeps.
    fn matching<'a>(&'a self, moves: &'a [Move]) -> impl Iterator<Item = &'a Move> + 'a {
        let origin = self.squares.first().copied();
        let rest = self.squares.get(1..).unwrap_or(&[]);
        let with_origin = move || {
            moves
                .iter()
                .filter(move |m| m.drop() == self.drop && m.origin() == origin)
        };
        // The full path when some move has it; else the short form names the destination.
        let short = rest.len() == 1 && !with_origin().any(|m| m.path() == rest);
        with_origin().filter(move |m| {
            if short {
                m.destination() == rest.first().copied()
            } else {
                m.path() == rest
            }
        })
    }

    /// True if this text is a capture of `moves` stopped before its end: the same piece,
    /// the first landings of a longer capture.
    fn stops_short(&self, moves: &[Move]) -> bool {
        let origin = self.squares.first().copied();
        let rest = self.squares.get(1..).unwrap_or(&[]);
        !rest.is_empty()
            && moves.iter().any(|m| {
                m.is_capture()
                    && m.drop() == self.drop
                    && m.origin() == origin
                    && m.path().len() > rest.len()
                    && m.path().starts_with(rest)
            })
    }

    /// Why no legal move matches this text in `pos`, when one rule can be named. Only a
    /// refused move comes here, so the work (the positions with a rule relaxed) costs
    /// nothing on the way to accepting one.
    fn reason<P: Position>(&self, pos: &P, legal: &[Move]) -> Option<IllegalReason> {
        if legal.is_empty() {
            return None;
        }
        if self.drop.is_none() && legal.iter().all(|m| m.drop().is_some()) {
            return Some(IllegalReason::DropOwed);
        }
        let seat = pos.turn()?;
        let origin = self.squares.first().copied();
        if let Some(o) = origin {
            // A compound Queah turn moves the piece it has just dropped.
            let dropped_here = self.drop_first && self.drop == Some(o);
            if !dropped_here && pos.piece_at(o).map(|p| p.seat) != Some(seat) {
                return Some(IllegalReason::NotYourPiece);
            }
        }
        let all_capture = legal.iter().all(Move::is_capture);
        if self.stops_short(legal) {
            return Some(IllegalReason::CaptureMustContinue);
        }
        for (reason, relaxed) in pos.relaxations() {
            let moves = relaxed.legal_moves();
            if let Some(m) = self.matching(&moves).next() {
                // A step where a capture is due is refused for that first.
                if all_capture && !m.is_capture() {
                    return Some(IllegalReason::CaptureCompulsory);
                }
                return Some(reason);
            }
            if self.stops_short(&moves) {
                return Some(reason);
            }
        }
        if all_capture && !self.capture {
            return Some(IllegalReason::CaptureCompulsory);
        }
        match origin {
            Some(o) if !legal.iter().any(|m| m.origin() == Some(o)) => {
                Some(IllegalReason::NoMoveFromSquare)
            }
            Some(_) => Some(IllegalReason::Blocked),
            None => self
                .drop
                .filter(|&d| pos.piece_at(d).is_some())
                .map(|_| IllegalReason::Blocked),
        }
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Text {
            variant: self.variant,
            king: self.king,
            drop: self.drop,
            drop_first: self.drop_first,
            capture: self.capture,
            squares: &self.squares,
            path: &[],
        }
        .fmt(f)
    }
}

/// The canonical text of a move, written from borrowed parts: [`MoveText`] writes its own
/// squares, [`write_move`] a generated move's origin and path without collecting them.
struct Text<'a> {
    variant: Variant,
    king: bool,
    drop: Option<Square>,
    drop_first: bool,
    capture: bool,
    /// The squares in order: these, then `path`.
    squares: &'a [Square],
    path: &'a [Square],
}

/// Where a move's text goes: every piece of it is ASCII (square names, separators, `K`,
/// `@`), so a byte buffer or a string takes it without the formatting machinery.
trait Sink {
    fn put(&mut self, ascii: &[u8]) -> fmt::Result;
}

impl Sink for fmt::Formatter<'_> {
    fn put(&mut self, ascii: &[u8]) -> fmt::Result {
        self.write_str(std::str::from_utf8(ascii).map_err(|_| fmt::Error)?)
    }
}

impl Sink for String {
    fn put(&mut self, ascii: &[u8]) -> fmt::Result {
        self.extend(ascii.iter().map(|&b| char::from(b)));
        Ok(())
    }
}

impl Sink for Vec<u8> {
    fn put(&mut self, ascii: &[u8]) -> fmt::Result {
        self.extend_from_slice(ascii);
        Ok(())
    }
}

impl Text<'_> {
    fn write(&self, f: &mut impl Sink) -> fmt::Result {
        let v = self.variant;
        let no_squares = self.squares.is_empty() && self.path.is_empty();
        let drop = |d: Square| {
            let [a, b] = v.square(d).bytes();
            [b'@', a, b]
        };
        if let (Some(d), true) = (self.drop, self.drop_first) {
            f.put(&drop(d))?;
            if !no_squares {
                f.put(b",")?;
            }
        }
        if self.king && v == Variant::Neva {
            f.put(b"K")?;
        }
        let sep: &[u8] = match (self.capture, v) {
            (false, _) => b"-",
            (true, Variant::Neva) => b":",
            (true, _) => b"x",
        };
        for (i, &sq) in self.squares.iter().chain(self.path).enumerate() {
            if i > 0 {
                f.put(sep)?;
            }
            f.put(&v.square(sq).bytes())?;
        }
        if let (Some(d), false) = (self.drop, self.drop_first) {
            if !no_squares {
                f.put(b",")?;
            }
            f.put(&drop(d))?;
        }
        Ok(())
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f)
    }
}

/// Canonical notation of a generated move of `variant`.
pub fn write_move(variant: Variant, mv: &Move) -> String {
    let mut out = String::with_capacity(3 * (1 + mv.path().len()) + 4);
    // Writing to a String cannot fail.
    let _ = text_of(variant, mv).write(&mut out);
    out
}

/// Appends the canonical text of a generated move (what [`write_move`] returns) to
/// `out`, without quotes: for writers of JSON, which need not escape it (it is ASCII
/// letters, digits and `-`, `x`, `:`, `,`, `@`, `K`).
pub fn push_move_text(variant: Variant, mv: &Move, out: &mut Vec<u8>) {
    // Writing to a Vec cannot fail.
    let _ = text_of(variant, mv).write(out);
}

fn text_of(variant: Variant, mv: &Move) -> Text<'_> {
    let origin = mv.origin_slice();
    Text {
        variant,
        king: mv.role() == Role::King && !origin.is_empty(),
        drop: mv.drop(),
        drop_first: mv.drop_first(),
        capture: mv.is_capture(),
        squares: origin,
        path: if origin.is_empty() { &[] } else { mv.path() },
    }
}

/// Parses `text` and resolves it against `pos`.
///
/// # Errors
/// See [`MoveText::parse`] and [`MoveText::to_move`].
pub fn parse_move<P: Position>(pos: &P, text: &str) -> Result<Move, MoveError> {
    MoveText::parse(P::VARIANT, text)?.to_move(pos)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::{AnyOptions, AnyPosition};

    /// `write_move` writes a generated move without collecting its squares: the same text
    /// as the general writer, over whole games of the four variants (captures, kings,
    /// drops, Neva's numbered squares).
    #[test]
    fn write_move_matches_the_general_writer() {
        for v in [
            Variant::Neva,
            Variant::Queah,
            Variant::GiveAndTake,
            Variant::Stockholm,
        ] {
            for seed in 0..8usize {
                let mut pos = AnyPosition::new(v, &AnyOptions::default_for(v)).unwrap();
                for ply in 0..300 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    for m in moves.iter() {
                        assert_eq!(write_move(v, m), MoveText::from_move(v, m).to_string());
                    }
                    let m = moves[(ply * 7 + seed) % moves.len()];
                    pos.play_unchecked(&m);
                }
            }
        }
    }
}
