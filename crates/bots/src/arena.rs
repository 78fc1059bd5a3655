//! Games between bots, and the statistics of a match (for the `match` command and tests).
//!
//! Pure: the caller decides threads, progress display and output.

use rules::{AnyPosition, Game, Move, Seat, SeatSet, Status};

use crate::{choose_weighted, choose_with, position_key, random_move, Level, Style, Weights};

/// Plies after which a game with every draw rule switched off is called a draw.
pub const MAX_PLIES: usize = 2_000;

/// A player of a bot match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A uniformly random legal move every turn.
    Random,
    /// A bot of this level.
    Level(Level),
    /// A bot with an explicit style (node budgets for tuning).
    Custom(Style),
    /// A bot with an explicit style and evaluation weights (the self-play tuner's
    /// candidates).
    Weighted(Style, Weights),
}

impl Player {
    /// `random` (or `0`), or a level `1` to `5`.
    pub fn parse(text: &str) -> Option<Player> {
        match text.trim() {
            "random" | "0" => Some(Player::Random),
            t => t
                .parse::<u8>()
                .ok()
                .and_then(|n| Level::new(n).ok())
                .map(Player::Level),
        }
    }

    /// The move this player makes; `None` once the game is over.
    pub fn pick(&self, pos: &AnyPosition, history: &[u64], seed: u64) -> Option<Move> {
        match self {
            Player::Random => random_move(pos, seed),
            Player::Level(l) => {
                choose_with(pos, history, l.style_for(pos.variant()), seed).map(|c| c.mv)
            }
            Player::Custom(s) => choose_with(pos, history, *s, seed).map(|c| c.mv),
            Player::Weighted(s, w) => choose_weighted(pos, history, *s, *w, seed).map(|c| c.mv),
        }
    }
}

/// How one game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The final status (a draw when [`MAX_PLIES`] ran out).
    pub status: Status,
    /// Finishing order, best first (see [`rules::Position::ranking`]).
    pub ranking: Vec<SeatSet>,
    /// Plies played.
    pub plies: usize,
}

/// Plays one game from `start`, `players[seat]` moving for each seat in the game.
///
/// # Errors
/// A move refused by the rules: a bot bug, reported rather than hidden.
pub fn play_game(
    start: &AnyPosition,
    players: &[Option<Player>; 4],
    seed: u64,
) -> Result<Outcome, rules::GameError> {
    let mut game = Game::new(start.clone());
    let mut keys = vec![crate::any_position_key(start)];
    let mut plies = 0;
    while let Some(seat) = game.turn() {
        if plies >= MAX_PLIES {
            break;
        }
        let player = players[seat.index()].unwrap_or(Player::Random);
        let ply_seed = crate::search::mix(seed ^ (plies as u64) << 32 ^ seat.index() as u64);
        let Some(mv) = player.pick(game.position(), &keys, ply_seed) else {
            break;
        };
        game.play(&mv)?;
        keys.push(match game.position() {
            AnyPosition::Neva(p) => position_key(p),
            AnyPosition::Queah(p) => position_key(p),
            AnyPosition::GiveAndTake(p) => position_key(p),
            AnyPosition::Stockholm(p) => position_key(p),
        });
        plies += 1;
    }
    let status = game.status();
    let (status, ranking) = if status.is_ongoing() {
        let seats = rules::record::playing(game.position());
        let drawn = Status::Drawn {
            seats,
            reason: rules::EndReason::NoProgress,
        };
        (drawn, vec![seats])
    } else {
        let mut ranking = game.position().ranking();
        // Repetition is judged by the game, not the position: its result leads the ranking.
        match status {
            Status::Won { winners: top, .. } | Status::Drawn { seats: top, .. } => {
                ranking.retain(|g| g.intersect(top).is_empty());
                ranking.insert(0, top);
            }
            Status::Ongoing => {}
        }
        (status, ranking)
    };
    Ok(Outcome {
        status,
        ranking,
        plies,
    })
}

/// The seat of participant `p` in game `g` of a match with `n` participants over `seats`:
/// participants rotate through the seats so that each plays every seat equally often.
pub fn seat_of(seats: SeatSet, n: usize, g: usize, p: usize) -> Option<Seat> {
    let list: Vec<Seat> = seats.iter().collect();
    if list.is_empty() || n == 0 {
        return None;
    }
    list.get((p + g) % list.len()).copied()
}

/// One participant's results over a match.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games finished first alone (or with its team).
    pub wins: u32,
    /// Games where it shared first place with an opponent (draws).
    pub draws: u32,
    /// Other games.
    pub losses: u32,
}

impl Tally {
    /// Records a game ended with `outcome` for the participant in `seat`.
    pub fn add(&mut self, outcome: &Outcome, seat: Seat, team: SeatSet) {
        match outcome.ranking.first() {
            Some(top) if top.contains(seat) && top.minus(team).is_empty() => self.wins += 1,
            Some(top) if top.contains(seat) => self.draws += 1,
            _ => self.losses += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Score per game: a win 1, a draw 1/2.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(n)
    }

    /// The standard error of [`Tally::score`], from the match's own wins, draws and
    /// losses; infinite for an empty tally.
    pub fn standard_error(&self) -> f64 {
        let n = f64::from(self.games());
        if n == 0.0 {
            return f64::INFINITY;
        }
        let s = self.score();
        let (w, d, l) = (
            f64::from(self.wins) / n,
            f64::from(self.draws) / n,
            f64::from(self.losses) / n,
        );
        let var = w * (1.0 - s).powi(2) + d * (0.5 - s).powi(2) + l * s.powi(2);
        (var / n).sqrt()
    }

    /// Elo difference implied by the score against the opponent(s), with the half-width of
    /// its 95% confidence interval; infinite at a score of 0 or 1.
    pub fn elo(&self) -> (f64, f64) {
        if self.games() == 0 {
            return (0.0, 0.0);
        }
        let s = self.score();
        let se = self.standard_error();
        let lo = elo_of(s - 1.96 * se);
        let hi = elo_of(s + 1.96 * se);
        let half = if lo.is_finite() && hi.is_finite() {
            (hi - lo) / 2.0
        } else {
            f64::INFINITY
        };
        (elo_of(s), half)
    }
}

/// Elo difference of an expected score.
pub fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}
