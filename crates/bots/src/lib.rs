//! Checkerhall's computer players, over the pure rules only (no async, no I/O).
//!
//! * [`search`] finds the best move of any position of any game within [`Limits`]:
//!   alpha-beta (negamax with principal variation search) with iterative deepening, a
//!   transposition table, move ordering (table move, captures, killers, history) and a
//!   quiescence search of captures; a Neva free-for-all of three or four seats is searched
//!   *paranoid*, by best-reply, or (level 5) by a blend of each opponent's best and mean
//!   reply ([`MultiSearch`], see the `search` module's notes), and 2 vs 2 as two sides (a
//!   partner's gain is one's own).
//! * [`choose`] is a player of a [`Level`] from 1 (a beginner can beat it) to 5 (the
//!   strongest its time allows); the same seed gives the same moves.
//! * [`evaluate`] gives each seat's static score, for analysis graphs.
//! * [`analysis`] evaluates every position of a game per seat and marks the moves that
//!   lost a clear amount, with the search's move instead.
//! * [`tune`] tunes a two-seat game's evaluation weights by self-play matches, and
//!   [`neva_tune`] Neva's in four-seat matches.
//!
//! ```
//! use bots::{choose, Level};
//! use rules::{AnyOptions, AnyPosition, Variant};
//! let pos = AnyPosition::new(Variant::Stockholm, &AnyOptions::default_for(Variant::Stockholm))?;
//! let choice = choose(&pos, &[], Level::new(2)?, 7).expect("the game is on");
//! assert!(pos.is_legal(&choice.mv));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod analysis;
pub mod arena;
mod eval;
pub mod neva_tune;
mod search;
pub mod tune;

use std::fmt;
use std::time::Duration;

use rules::{AnyPosition, Move, Position, Seat, SeatSet, Variant};

pub use eval::{weights, Evaluate, Weights};
pub use search::{Limits, MultiSearch, MultiStyle, SearchResult, WIN, WIN_BOUND};

/// A bot's strength, 1 to 5.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// A level outside 1 to 5.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("there is no bot level {0} (levels are 1 to 5)")]
pub struct LevelError(pub u8);

/// How a level plays: its search budget and how much chance it lets in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// The search budget of one move.
    pub limits: Limits,
    /// Random jitter added to every leaf score, in hundredths of a man (varied play, and
    /// weaker judgement at the low levels).
    pub noise: i32,
    /// Per thousand moves, how many are a uniformly random legal move instead.
    pub random_per_mille: u32,
}

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(5);
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [Level(1), Level(2), Level(3), Level(4), Level(5)];

    /// The level `n`.
    ///
    /// # Errors
    /// [`LevelError`] unless `n` is 1 to 5.
    pub const fn new(n: u8) -> Result<Level, LevelError> {
        if n >= 1 && n <= 5 {
            Ok(Level(n))
        } else {
            Err(LevelError(n))
        }
    }

    /// The level's number.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// How the level plays every game but Queah (see [`Level::style_for`]). Levels 1 to 4
    /// are limited by nodes only, so their moves do not depend on the machine's load;
    /// level 5 also stops at its time limit.
    pub const fn style(self) -> Style {
        let (nodes, depth, noise, random_per_mille) = match self.0 {
            1 => (400, 2, 150, 300),
            2 => (3_000, 64, 40, 0),
            3 => (15_000, 64, 12, 0),
            4 => (60_000, 64, 6, 0),
            _ => (250_000, 64, 2, 0),
        };
        Style {
            limits: Limits {
                nodes,
                time: if self.0 == 5 {
                    Some(Duration::from_secs(1))
                } else {
                    None
                },
                depth,
            },
            noise,
            random_per_mille,
        }
    }
}

impl Level {
    /// How the level plays `variant`: [`Level::style`], except in Queah, where levels 2 to
    /// 4 also play a share of random moves ([`Level::QUEAH_RANDOM_PER_MILLE`]).
    ///
    /// Why Queah differs: between searching bots its second player wins nearly every game
    /// from the start, so a deeper search gains only where the weaker side errs as the
    /// second player, and with node budgets alone level 4 scored 54% against level 3. Each
    /// level's random moves are that error, fewer the higher the level.
    pub const fn style_for(self, variant: Variant) -> Style {
        let mut style = self.style();
        if let Variant::Queah = variant {
            style.random_per_mille = Level::QUEAH_RANDOM_PER_MILLE[(self.0 - 1) as usize];
        }
        style
    }

    /// Per thousand moves, how many a level plays at random in Queah (levels 1 to 5; level 1
    /// as in every game).
    pub const QUEAH_RANDOM_PER_MILLE: [u32; 5] = [300, 200, 100, 50, 0];
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl TryFrom<u8> for Level {
    type Error = LevelError;
    fn try_from(n: u8) -> Result<Level, LevelError> {
        Level::new(n)
    }
}

/// The move a bot chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move (always one of the position's legal moves).
    pub mv: Move,
    /// The search behind it; `None` when the move was picked at random.
    pub search: Option<SearchResult>,
}

/// The key the bots use to recognise a position (pass the keys of the game's earlier
/// positions as `history` so that the search sees repetitions).
#[inline]
pub fn position_key<P: Position>(p: &P) -> u64 {
    p.hash()
}

/// [`position_key`] of a position of any game.
pub fn any_position_key(p: &AnyPosition) -> u64 {
    match p {
        AnyPosition::Neva(p) => position_key(p),
        AnyPosition::Queah(p) => position_key(p),
        AnyPosition::GiveAndTake(p) => position_key(p),
        AnyPosition::Stockholm(p) => position_key(p),
    }
}

/// The seats that share the result of `seat`: itself, and its partner in Neva team play.
pub fn team_of(pos: &AnyPosition, seat: Seat) -> SeatSet {
    match pos {
        AnyPosition::Neva(n) if n.options().teams => SeatSet::only(seat).with(seat.opposite()),
        _ => SeatSet::only(seat),
    }
}

/// Searches `pos` for its side to move within `limits`; `None` once the game is over.
///
/// `history` holds the [`position_key`]s of the game's earlier positions; `noise` adds a
/// seeded jitter of up to that many hundredths of a man to every leaf. A free-for-all of
/// three or more seats is valued [`MultiStyle::NEUTRAL`] (the analysis' point of view);
/// [`search`], [`choose`] and [`choose_with`] play it by [`MultiStyle::for_budget`].
pub fn search_game<P: Evaluate>(
    pos: &P,
    team: SeatSet,
    history: &[u64],
    limits: Limits,
    noise: i32,
    seed: u64,
) -> Option<SearchResult> {
    search_game_with(pos, team, history, limits, noise, seed, weights(P::VARIANT))
}

/// [`search_game`] scoring leaves with `w` instead of the game's [`weights`] (the self-play
/// tuner's candidates).
pub fn search_game_with<P: Evaluate>(
    pos: &P,
    team: SeatSet,
    history: &[u64],
    limits: Limits,
    noise: i32,
    seed: u64,
    w: Weights,
) -> Option<SearchResult> {
    search::Searcher::new(pos, team, limits, history, noise, seed, w).run(pos)
}

/// [`search_game`] for a position of any game, without noise.
pub fn search(pos: &AnyPosition, history: &[u64], limits: Limits) -> Option<SearchResult> {
    search_noisy(pos, history, limits, 0, 0, weights(pos.variant()))
}

fn search_noisy(
    pos: &AnyPosition,
    history: &[u64],
    limits: Limits,
    noise: i32,
    seed: u64,
    w: Weights,
) -> Option<SearchResult> {
    let team = team_of(pos, pos.turn()?);
    match pos {
        AnyPosition::Neva(p) => search::Searcher::new(p, team, limits, history, noise, seed, w)
            .with_multi(MultiStyle::for_budget(limits.nodes))
            .play(p),
        AnyPosition::Queah(p) => search_game_with(p, team, history, limits, noise, seed, w),
        AnyPosition::GiveAndTake(p) => search_game_with(p, team, history, limits, noise, seed, w),
        AnyPosition::Stockholm(p) => search_game_with(p, team, history, limits, noise, seed, w),
    }
}

/// The move a bot of `level` plays in `pos`; `None` once the game is over.
///
/// The same position, history, level and seed always give the same move; give each game
/// (or each move) its own seed for varied play.
pub fn choose(pos: &AnyPosition, history: &[u64], level: Level, seed: u64) -> Option<Choice> {
    choose_with(pos, history, level.style_for(pos.variant()), seed)
}

/// [`choose`] with an explicit [`Style`] (for the match runner's node budgets).
pub fn choose_with(pos: &AnyPosition, history: &[u64], style: Style, seed: u64) -> Option<Choice> {
    choose_weighted(pos, history, style, weights(pos.variant()), seed)
}

/// [`choose_with`] scoring leaves with `w` instead of the game's [`weights`] (the self-play
/// tuner's candidates).
pub fn choose_weighted(
    pos: &AnyPosition,
    history: &[u64],
    style: Style,
    w: Weights,
    seed: u64,
) -> Option<Choice> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let r = search::mix(seed ^ any_position_key(pos));
    if (r % 1000) < u64::from(style.random_per_mille) {
        let i = (search::mix(r) % moves.len() as u64) as usize;
        return Some(Choice {
            mv: moves[i],
            search: None,
        });
    }
    let found = search_noisy(pos, history, style.limits, style.noise, seed, w)?;
    Some(Choice {
        mv: found.best,
        search: Some(found),
    })
}

/// [`choose_with`] playing Neva free-for-all with three or more seats by `multi` (other
/// games and seat counts are played as always).
pub fn choose_multi(
    pos: &AnyPosition,
    history: &[u64],
    style: Style,
    multi: MultiStyle,
    seed: u64,
) -> Option<Choice> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let found = match pos {
        AnyPosition::Neva(p) => {
            let team = team_of(pos, pos.turn()?);
            let w = weights(pos.variant());
            search::Searcher::new(p, team, style.limits, history, style.noise, seed, w)
                .with_multi(multi)
                .play(p)?
        }
        _ => search_noisy(
            pos,
            history,
            style.limits,
            style.noise,
            seed,
            weights(pos.variant()),
        )?,
    };
    Some(Choice {
        mv: found.best,
        search: Some(found),
    })
}

/// A uniformly random legal move (the "random mover" the levels are measured against).
pub fn random_move(pos: &AnyPosition, seed: u64) -> Option<Move> {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let r = search::mix(seed ^ any_position_key(pos));
    Some(moves[(r % moves.len() as u64) as usize])
}

/// Each seat's static score (material, advancement, centre, reserves), indexed by
/// [`Seat::index`]; seats not in the game score 0.
pub fn evaluate(pos: &AnyPosition) -> [i32; 4] {
    match pos {
        AnyPosition::Neva(p) => p.seat_scores(),
        AnyPosition::Queah(p) => p.seat_scores(),
        AnyPosition::GiveAndTake(p) => p.seat_scores(),
        AnyPosition::Stockholm(p) => p.seat_scores(),
    }
}
