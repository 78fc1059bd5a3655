//! Ratings of Checkerhall's players, per game and mode (a *pool*): Glicko-2 with lichess's
//! choices for the two-seat games ([`glicko2`]), Weng-Lin for Neva's free-for-all and
//! 2 vs 2 ([`weng_lin`]). Pure: no I/O; time is passed in as milliseconds since the epoch.
//!
//! A [`Rating`] is what is stored per player and pool (the raw numbers of its system, the
//! games played and when the last one was rated); [`rate`] gives everyone's ratings after a
//! game; [`Rating::shown`] gives what players see: one rounded number, its deviation in
//! the same points, and whether it is still provisional.

pub mod glicko2;
pub mod weng_lin;

use glicko2::Glicko2;

/// The rating system of a pool.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum System {
    /// Glicko-2 (two seats).
    Glicko2,
    /// Weng-Lin (Neva: several players, or two teams).
    WengLin,
}

/// A rating pool: one game and mode, and its system.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pool {
    /// Game key (`stockholm`, `giveandtake`, `queah`, `neva`).
    pub game: &'static str,
    /// Mode key within the game (`standard`, `brazilian`, `free_for_all`, `teams`).
    pub mode: &'static str,
    /// How it is rated.
    pub system: System,
}

/// Every pool, each game's first mode first (the default of the leaderboard).
pub const POOLS: [Pool; 6] = [
    Pool {
        game: "stockholm",
        mode: "standard",
        system: System::Glicko2,
    },
    Pool {
        game: "stockholm",
        mode: "brazilian",
        system: System::Glicko2,
    },
    Pool {
        game: "giveandtake",
        mode: "standard",
        system: System::Glicko2,
    },
    Pool {
        game: "queah",
        mode: "standard",
        system: System::Glicko2,
    },
    Pool {
        game: "neva",
        mode: "free_for_all",
        system: System::WengLin,
    },
    Pool {
        game: "neva",
        mode: "teams",
        system: System::WengLin,
    },
];

/// The pool of `game` and `mode`, if there is one.
pub fn pool(game: &str, mode: &str) -> Option<Pool> {
    POOLS
        .iter()
        .copied()
        .find(|p| p.game == game && p.mode == mode)
}

/// The first mode of `game` (the leaderboard's default), if the game is rated.
pub fn first_mode(game: &str) -> Option<&'static str> {
    POOLS.iter().find(|p| p.game == game).map(|p| p.mode)
}

/// A stored rating in a pool.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rating {
    /// Glicko-2: the rating; Weng-Lin: `mu`.
    pub value: f64,
    /// Glicko-2: the deviation after the last game; Weng-Lin: `sigma`.
    pub deviation: f64,
    /// Glicko-2: the volatility; Weng-Lin: 0.
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
    /// When the last rated game ended (ms), `None` before the first.
    pub rated_at: Option<i64>,
}

/// A rating as players see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The rounded rating (Weng-Lin: `930 + 30 (mu - 3 sigma)`).
    pub rating: i32,
    /// The rounded deviation in the same points (Glicko-2: grown with the time away).
    pub deviation: i32,
    /// Not yet reliable: the deviation in shown points (grown for the time away) is at
    /// least [`PROVISIONAL_DEVIATION`].
    pub provisional: bool,
}

/// A rating is provisional while its deviation, in shown points, is at least this: the
/// Glicko-2 deviation (lichess's figure, 110), or a Weng-Lin `30 sigma` (its shown points
/// mean what Glicko-2's do, see [`weng_lin`]). One rule for every pool, the one the pages
/// state. How many games it takes depends on the opponents: against settled players a
/// new Glicko-2 player crosses it in about ten; two new players who only meet each other
/// need about fifteen when they win in turn, and over twenty when one wins three games
/// in four (each learns little from an opponent the system knows as little about).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// How many rated games of one pool against the same account change a player's rating in
/// one UTC day; later ones that day are stored with their result and change no rating, so a
/// second account resigning game after game gives three games' worth a day at most.
pub const RATED_GAMES_PER_OPPONENT_PER_DAY: u32 = 3;

/// `x` rounded to a whole number within `i32` (ratings are far inside it).
fn round(x: f64) -> i32 {
    #[allow(clippy::cast_possible_truncation)]
    let r = x.round().clamp(-1e9, 1e9) as i32;
    r
}

impl Rating {
    /// A new player's rating in a pool of `system`.
    pub fn new(system: System) -> Rating {
        match system {
            System::Glicko2 => Rating {
                value: glicko2::START_RATING,
                deviation: glicko2::START_DEVIATION,
                volatility: glicko2::START_VOLATILITY,
                games: 0,
                rated_at: None,
            },
            System::WengLin => Rating {
                value: weng_lin::START_MU,
                deviation: weng_lin::START_SIGMA,
                volatility: 0.0,
                games: 0,
                rated_at: None,
            },
        }
    }

    fn glicko(&self) -> Glicko2 {
        Glicko2 {
            rating: self.value,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// Rating periods between the last rated game and `now` (0 before the first game).
    fn periods_at(&self, now: i64) -> f64 {
        self.rated_at
            .map_or(0.0, |at| glicko2::periods_in(now.saturating_sub(at)))
    }

    /// The deviation at `now` (Glicko-2's deviation, Weng-Lin's `sigma`), grown for the
    /// rating periods since the last rated game.
    pub fn deviation_at(&self, system: System, now: i64) -> f64 {
        match system {
            System::Glicko2 => self.glicko().deviation_after(self.periods_at(now)),
            System::WengLin => weng_lin::sigma_after(self.deviation, self.periods_at(now)),
        }
    }

    /// The number shown for this rating at `now`, its deviation and whether provisional.
    pub fn shown(&self, system: System, now: i64) -> Shown {
        match system {
            System::Glicko2 => {
                let deviation = self.deviation_at(system, now);
                Shown {
                    rating: round(self.value),
                    deviation: round(deviation),
                    provisional: deviation >= PROVISIONAL_DEVIATION,
                }
            }
            System::WengLin => {
                let sigma = self.deviation_at(system, now);
                let deviation = weng_lin::POINTS_PER_UNIT * sigma;
                Shown {
                    rating: round(weng_lin::shown(self.value, sigma)),
                    deviation: round(deviation),
                    provisional: deviation >= PROVISIONAL_DEVIATION,
                }
            }
        }
    }
}

/// One player of a rated game.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Seated {
    /// The player's rating before the game.
    pub rating: Rating,
    /// The player's side: players with the same team play together (Neva 2 vs 2); in the
    /// other games every player has a team of their own.
    pub team: u8,
    /// Finishing place, 0 first; equal places tie.
    pub place: u8,
}

/// Why a game cannot be rated.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum RateError {
    /// Fewer than two sides.
    #[error("a rated game needs at least two sides")]
    TooFewSides,
    /// A Glicko-2 game that is not one player against one.
    #[error("a Glicko-2 game is one player against one")]
    NotOneOnOne,
    /// A number that is not finite (a corrupt stored rating).
    #[error("a rating is not a finite number")]
    NotFinite,
}

/// Everyone's rating after a game that ended at `at` (ms), in the order of `seats`.
///
/// Glicko-2: exactly two players; each is rated against the other's rating before the
/// game, both deviations grown for the time since their previous rated game. Weng-Lin:
/// each team (a player alone in a free-for-all) ranked by its best place, every `sigma`
/// grown for the time since the player's previous rated game first.
///
/// # Errors
/// [`RateError`] for a game this system cannot rate.
pub fn rate(system: System, seats: &[Seated], at: i64) -> Result<Vec<Rating>, RateError> {
    let finite =
        |r: &Rating| r.value.is_finite() && r.deviation.is_finite() && r.volatility.is_finite();
    if !seats.iter().all(|s| finite(&s.rating)) {
        return Err(RateError::NotFinite);
    }
    let done = |old: &Rating, value: f64, deviation: f64, volatility: f64| Rating {
        value,
        deviation,
        volatility,
        games: old.games.saturating_add(1),
        rated_at: Some(at),
    };
    match system {
        System::Glicko2 => {
            let [a, b] = seats else {
                return Err(RateError::NotOneOnOne);
            };
            if a.team == b.team {
                return Err(RateError::TooFewSides);
            }
            let score = match a.place.cmp(&b.place) {
                std::cmp::Ordering::Less => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Greater => 0.0,
            };
            // Each rated against the other as they stood at the start of this game.
            let now = |s: &Seated| Glicko2 {
                deviation: s.rating.deviation_at(system, at),
                ..s.rating.glicko()
            };
            let (ga, gb) = (now(a), now(b));
            let na = a.rating.glicko().rate(&gb, score, a.rating.periods_at(at));
            let nb = b
                .rating
                .glicko()
                .rate(&ga, 1.0 - score, b.rating.periods_at(at));
            Ok(vec![
                done(&a.rating, na.rating, na.deviation, na.volatility),
                done(&b.rating, nb.rating, nb.deviation, nb.volatility),
            ])
        }
        System::WengLin => {
            let mut teams: Vec<u8> = seats.iter().map(|s| s.team).collect();
            teams.sort_unstable();
            teams.dedup();
            if teams.len() < 2 {
                return Err(RateError::TooFewSides);
            }
            // Rank = 1 + the number of distinct better places (equal places share).
            let best: Vec<u8> = teams
                .iter()
                .map(|t| {
                    seats
                        .iter()
                        .filter(|s| s.team == *t)
                        .map(|s| s.place)
                        .min()
                        .unwrap_or(u8::MAX)
                })
                .collect();
            let input: Vec<(Vec<(f64, f64)>, usize)> = teams
                .iter()
                .zip(&best)
                .map(|(t, place)| {
                    let players = seats
                        .iter()
                        .filter(|s| s.team == *t)
                        .map(|s| (s.rating.value, s.rating.deviation_at(system, at)))
                        .collect();
                    let rank = 1 + best.iter().filter(|b| *b < place).count();
                    (players, rank)
                })
                .collect();
            let out = weng_lin::rate_teams(&input);
            let mut next: Vec<std::vec::IntoIter<(f64, f64)>> =
                out.into_iter().map(Vec::into_iter).collect();
            seats
                .iter()
                .map(|s| {
                    let i = teams.iter().position(|t| *t == s.team).unwrap_or(0);
                    let (mu, sigma) = next
                        .get_mut(i)
                        .and_then(Iterator::next)
                        .unwrap_or((s.rating.value, s.rating.deviation));
                    if mu.is_finite() && sigma.is_finite() {
                        Ok(done(&s.rating, mu, sigma, 0.0))
                    } else {
                        Err(RateError::NotFinite)
                    }
                })
                .collect()
        }
    }
}
