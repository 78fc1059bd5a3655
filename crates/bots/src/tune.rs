//! Self-play tuning of a two-seat game's evaluation [`Weights`] by coordinate descent.
//!
//! One parameter at a time is nudged up (then, if that does not help, down) by a step of a
//! quarter of its value (at least 2), and the candidate weights play a match against the
//! current ones at a fixed node budget ([`TuneConfig::style`]). Every game of the match starts
//! from an *opening*: a few seeded random plies from the start position, played once with the
//! candidate on each seat, so that neither the seat nor the opening favours one side. The
//! change is kept only when the candidate's score is significantly above 50%: its lower
//! confidence bound, `score - z * standard error` (one-sided, `z` = [`TuneConfig::z`], the
//! standard error from the match's own wins, draws and losses), must be above one half.
//! With many parameters tried per round a strict `z` (2.0, about 2.3% false acceptances per
//! try) keeps chance from accumulating into the weights.
//!
//! The `tune` example of this crate runs it from the command line; the weights the bots use,
//! with the matches that justified them, are in [`crate::weights`].

use rules::{AnyPosition, Variant};

use crate::arena::{play_game, Outcome, Player, Tally};
use crate::{Style, Weights};

/// A tunable evaluation parameter (a field of [`Weights`]; a man is the fixed unit, 100).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Param {
    /// [`Weights::king`].
    King,
    /// [`Weights::advance`].
    Advance,
    /// [`Weights::centre`].
    Centre,
    /// [`Weights::back_rank`].
    BackRank,
    /// [`Weights::mobility`].
    Mobility,
    /// [`Weights::reserve`].
    Reserve,
    /// [`Weights::tempo`].
    Tempo,
}

impl Param {
    /// The field's name in [`Weights`].
    pub const fn key(self) -> &'static str {
        match self {
            Param::King => "king",
            Param::Advance => "advance",
            Param::Centre => "centre",
            Param::BackRank => "back_rank",
            Param::Mobility => "mobility",
            Param::Reserve => "reserve",
            Param::Tempo => "tempo",
        }
    }

    /// The parameters that change `variant`'s play; empty for Neva, whose evaluation is not
    /// tuned here (its search is multi-player). Give and Take has no back-rank term: its men
    /// start on their second and third ranks and never step back, so the weight never
    /// applies.
    pub fn of(variant: Variant) -> &'static [Param] {
        match variant {
            Variant::Stockholm => &[
                Param::King,
                Param::Advance,
                Param::Centre,
                Param::BackRank,
                Param::Mobility,
                Param::Tempo,
            ],
            Variant::GiveAndTake => &[
                Param::King,
                Param::Advance,
                Param::Centre,
                Param::Mobility,
                Param::Tempo,
            ],
            Variant::Queah => &[Param::Reserve, Param::Centre, Param::Mobility, Param::Tempo],
            Variant::Neva => &[],
        }
    }

    /// The parameter's value in `w`.
    pub fn get(self, w: &Weights) -> i32 {
        match self {
            Param::King => w.king,
            Param::Advance => w.advance,
            Param::Centre => w.centre,
            Param::BackRank => w.back_rank,
            Param::Mobility => w.mobility,
            Param::Reserve => w.reserve,
            Param::Tempo => w.tempo,
        }
    }

    /// `w` with the parameter set to `v`.
    pub fn set(self, mut w: Weights, v: i32) -> Weights {
        let f = match self {
            Param::King => &mut w.king,
            Param::Advance => &mut w.advance,
            Param::Centre => &mut w.centre,
            Param::BackRank => &mut w.back_rank,
            Param::Mobility => &mut w.mobility,
            Param::Reserve => &mut w.reserve,
            Param::Tempo => &mut w.tempo,
        };
        *f = v;
        w
    }

    /// The nudge tried from value `v`: a quarter of it, at least 2.
    pub fn step(v: i32) -> i32 {
        (v.abs() / 4).max(2)
    }
}

/// How candidates are played.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct TuneConfig {
    /// Budget and noise of both sides (a node budget only, so the result does not depend
    /// on the machine's load).
    pub style: Style,
    /// Openings per match; each is played twice, seats swapped.
    pub openings: usize,
    /// Random plies of every opening.
    pub opening_plies: usize,
    /// One-sided significance: a change is kept when `score - z * se > 0.5`.
    pub z: f64,
    /// Seed of the openings and of the bots' noise.
    pub seed: u64,
    /// Games played at once.
    pub threads: usize,
}

/// Why a tuning match could not be played.
#[derive(Debug, thiserror::Error)]
pub enum TuneError {
    /// Neva is not a two-seat game tuned here.
    #[error("{0} has no parameters tuned by self-play here (two-seat games only)")]
    Untuned(Variant),
    /// A bot's move was refused by the rules (a bug).
    #[error("a bot's move was refused: {0}")]
    Refused(#[from] rules::GameError),
}

/// The start of opening `i`: `plies` seeded random moves from `start` (fewer if the game
/// would end).
pub fn opening(start: &AnyPosition, plies: usize, seed: u64, i: usize) -> AnyPosition {
    let mut pos = start.clone();
    for ply in 0..plies {
        let s = crate::search::mix(seed ^ (i as u64) << 20 ^ ply as u64);
        let Some(mv) = crate::random_move(&pos, s) else {
            break;
        };
        let mut next = pos.clone();
        next.play_unchecked(&mv);
        if !next.status().is_ongoing() {
            break;
        }
        pos = next;
    }
    pos
}

/// Plays `candidate` against `current` over `cfg.openings` openings, each from both seats,
/// and returns the candidate's results.
///
/// # Errors
/// [`TuneError::Untuned`] for a game with more than two seats, [`TuneError::Refused`] when
/// a bot's move is refused (a bug).
pub fn paired_match(
    start: &AnyPosition,
    candidate: Weights,
    current: Weights,
    cfg: &TuneConfig,
) -> Result<Tally, TuneError> {
    let seats: Vec<_> = start.seats().iter().collect();
    let [a, b] = seats[..] else {
        return Err(TuneError::Untuned(start.variant()));
    };
    let results = play_openings(start, cfg, |g| {
        // The candidate takes the first seat in even games, the second in odd ones.
        let (cand, other) = if g % 2 == 0 { (a, b) } else { (b, a) };
        let mut by = [None; 4];
        by[cand.index()] = Some(Player::Weighted(cfg.style, candidate));
        by[other.index()] = Some(Player::Weighted(cfg.style, current));
        (by, cand)
    })?;
    let mut tally = Tally::default();
    for (outcome, seat) in results {
        tally.add(&outcome, seat, rules::SeatSet::only(seat));
    }
    Ok(tally)
}

/// Plays the `2 * cfg.openings` games of a tuning match, on up to `cfg.threads` threads:
/// game `g` starts from opening `g / 2` with the players `seat(g).0` (by seat index) and
/// seeds of its own. Returns each game's outcome with `seat(g).1`, in game order.
///
/// # Errors
/// [`TuneError::Refused`] when a bot's move is refused (a bug).
pub fn play_openings<T: Send>(
    start: &AnyPosition,
    cfg: &TuneConfig,
    seat: impl Fn(usize) -> ([Option<Player>; 4], T) + Sync,
) -> Result<Vec<(Outcome, T)>, TuneError> {
    let games = cfg.openings * 2;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::with_capacity(games));
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.clamp(1, 64) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let pos = opening(start, cfg.opening_plies, cfg.seed, g / 2);
                let (by, tag) = seat(g);
                let seed = crate::search::mix(cfg.seed.wrapping_add(g as u64));
                let outcome = play_game(&pos, &by, seed).map(|o| (o, tag));
                if let Ok(mut all) = results.lock() {
                    all.push((g, outcome));
                }
            });
        }
    });
    let mut all = results.into_inner().unwrap_or_default();
    all.sort_by_key(|(g, _)| *g);
    all.into_iter()
        .map(|(_, r)| r.map_err(TuneError::from))
        .collect()
}

/// True when the score is significantly above one half: `score - z * se > 0.5`.
pub fn significant(t: &Tally, z: f64) -> bool {
    t.games() > 0 && t.score() - z * t.standard_error() > 0.5
}

/// One candidate tried by [`tune_round`].
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Trial {
    /// The parameter nudged.
    pub param: Param,
    /// Its value in the current weights.
    pub from: i32,
    /// Its value in the candidate.
    pub to: i32,
    /// The candidate's results against the current weights.
    pub tally: Tally,
    /// Whether the candidate became the current weights.
    pub accepted: bool,
}

/// One round of coordinate descent from `current` over `params`: each parameter is nudged up,
/// and down if up was not significantly better; a significantly better candidate replaces
/// the current weights at once. `play(candidate, current)` plays a match (normally
/// [`paired_match`]); `report` sees every trial.
///
/// # Errors
/// The first error of `play`.
pub fn tune_round<E>(
    current: Weights,
    params: &[Param],
    z: f64,
    mut play: impl FnMut(Weights, Weights) -> Result<Tally, E>,
    mut report: impl FnMut(&Trial),
) -> Result<Weights, E> {
    let mut current = current;
    for &param in params {
        let from = param.get(&current);
        let step = Param::step(from);
        for to in [from + step, (from - step).max(0)] {
            if to == from {
                continue;
            }
            let candidate = param.set(current, to);
            let tally = play(candidate, current)?;
            let accepted = significant(&tally, z);
            report(&Trial {
                param,
                from,
                to,
                tally,
                accepted,
            });
            if accepted {
                current = candidate;
                break;
            }
        }
    }
    Ok(current)
}
