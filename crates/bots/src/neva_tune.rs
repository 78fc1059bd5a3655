//! Self-play tuning of Neva's evaluation [`Weights`] in four-seat free-for-all.
//!
//! The coordinate descent is [`crate::tune::tune_round`]'s; only the match differs. Two-seat
//! games play the candidate against the current weights head to head; Neva needs four
//! seats, so [`seats_match`] seats two candidates and two current bots at alternate seats
//! (White and Green against Red and Black, so that turns alternate between them), and plays
//! every opening twice, the candidates on White and Green, then on Red and Black. A game
//! counts as a win for the candidate when only candidate seats share first place, a loss
//! when only current ones do, and a draw otherwise. The acceptance rule is the two-seat
//! tuner's ([`crate::tune::significant`]).

use rules::{AnyPosition, SeatSet, Variant};

use crate::arena::{Player, Tally};
use crate::tune::{play_openings, Param, TuneConfig, TuneError};
use crate::Weights;

/// The parameters tuned for Neva: `back_rank` and `reserve` do not apply to it, a man is
/// the fixed unit, and `tempo` stays 0 (not tried: with three opponents the seat to move
/// at a leaf is mostly not the bot's).
pub const PARAMS: [Param; 4] = [Param::King, Param::Advance, Param::Centre, Param::Mobility];

/// Plays `candidate` against `current` in four-seat Neva free-for-all over
/// `cfg.openings` openings, each twice (see the module's notes), and returns the
/// candidate's results.
///
/// # Errors
/// [`TuneError::Untuned`] unless `start` is a four-seat Neva free-for-all,
/// [`TuneError::Refused`] when a bot's move is refused (a bug).
pub fn seats_match(
    start: &AnyPosition,
    candidate: Weights,
    current: Weights,
    cfg: &TuneConfig,
) -> Result<Tally, TuneError> {
    let seats: Vec<_> = start.seats().iter().collect();
    let [a, b, c, d] = seats[..] else {
        return Err(TuneError::Untuned(start.variant()));
    };
    if start.variant() != Variant::Neva || crate::team_of(start, a).len() > 1 {
        return Err(TuneError::Untuned(start.variant()));
    }
    let results = play_openings(start, cfg, |g| {
        let (ours, theirs) = if g % 2 == 0 {
            (SeatSet::only(a).with(c), SeatSet::only(b).with(d))
        } else {
            (SeatSet::only(b).with(d), SeatSet::only(a).with(c))
        };
        let mut by = [None; 4];
        for s in ours.iter() {
            by[s.index()] = Some(Player::Weighted(cfg.style, candidate));
        }
        for s in theirs.iter() {
            by[s.index()] = Some(Player::Weighted(cfg.style, current));
        }
        (by, ours)
    })?;
    let mut tally = Tally::default();
    for (outcome, ours) in results {
        match outcome.ranking.first() {
            Some(top) if top.minus(ours).is_empty() => tally.wins += 1,
            Some(top) if top.intersect(ours).is_empty() => tally.losses += 1,
            _ => tally.draws += 1,
        }
    }
    Ok(tally)
}
