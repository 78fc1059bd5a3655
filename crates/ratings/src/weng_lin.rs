//! Weng-Lin (the Bradley-Terry full-pair model of OpenSkill) for Neva, through the
//! `skillratings` crate's multi-team update: in a free-for-all each player is a team of
//! one ranked by finishing order, in 2 vs 2 the two teams are ranked; equal ranks share.
//!
//! A rating is a skill estimate `mu` (25 for a new player) with an uncertainty `sigma`
//! (25/3). It is shown as one number, the conservative estimate `mu - 3 sigma` (what the
//! player's skill is at least, with 99.7 % confidence) on a scale like lichess's:
//!
//! ```text
//! shown = 930 + 30 * (mu - 3 * sigma)
//! ```
//!
//! 30 shown points per unit of `mu` make a difference between two settled players mean
//! about what the same difference in a Glicko-2 pool means (Weng-Lin's winning chance is
//! `1 / (1 + exp(-(mu1 - mu2) / c))` with `c` about `sqrt(2) * 25/6` for settled players,
//! Elo's is `1 / (1 + 10^(-d / 400))`: equal when `d = 29.5 * (mu1 - mu2)`); 930 puts an
//! average player whose uncertainty has come down to 2 at 1500. A new player shows 930
//! and climbs as their uncertainty shrinks. The uncertainty is shown in the same points
//! (`30 * sigma`), and a rating is provisional while that is at least
//! [`crate::PROVISIONAL_DEVIATION`], the same rule as a Glicko-2 pool's.
//!
//! As Glicko-2's deviation does, the uncertainty grows with time away: `sigma` becomes
//! `sqrt(sigma^2 + DRIFT^2 t)` after `t` rating periods without a game (the periods of
//! [`crate::glicko2::periods_in`]), never above a new player's [`START_SIGMA`]. [`DRIFT`] is a
//! new Glicko-2 player's volatility on this scale, so in shown points a Neva rating drifts
//! as fast as a two-seat one.

use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;

/// A new player's skill estimate.
pub const START_MU: f64 = 25.0;
/// A new player's uncertainty.
pub const START_SIGMA: f64 = 25.0 / 3.0;
/// Shown points per unit of skill.
pub const POINTS_PER_UNIT: f64 = 30.0;
/// The shown value of a conservative estimate of 0 (a new player).
pub const SHOWN_OFFSET: f64 = 930.0;
/// How much `sigma` grows per rating period without a game (as a standard deviation):
/// Glicko-2's starting volatility (0.09 on its own scale, `0.09 * 173.7178` rating points)
/// in units of skill, about 0.52.
pub const DRIFT: f64 = crate::glicko2::START_VOLATILITY * crate::glicko2::SCALE / POINTS_PER_UNIT;

/// `sigma` after `periods` rating periods without a game: `sqrt(sigma^2 + DRIFT^2 periods)`,
/// no more than [`START_SIGMA`] (an uncertainty already above it is left as it is, never
/// lowered by time).
pub fn sigma_after(sigma: f64, periods: f64) -> f64 {
    let grown = (sigma * sigma + DRIFT * DRIFT * periods.max(0.0)).sqrt();
    grown.min(START_SIGMA.max(sigma))
}

/// `skillratings`' defaults: beta 25/6.
fn config() -> WengLinConfig {
    WengLinConfig::new()
}

/// The shown value of `mu` and `sigma`: `930 + 30 (mu - 3 sigma)`.
pub fn shown(mu: f64, sigma: f64) -> f64 {
    SHOWN_OFFSET + POINTS_PER_UNIT * (mu - 3.0 * sigma)
}

/// The ratings after a game of `teams`, each a list of players' `(mu, sigma)` with its
/// rank (1 first; equal ranks tie). The answer has the same shape.
pub fn rate_teams(teams: &[(Vec<(f64, f64)>, usize)]) -> Vec<Vec<(f64, f64)>> {
    let ratings: Vec<Vec<WengLinRating>> = teams
        .iter()
        .map(|(players, _)| {
            players
                .iter()
                .map(|&(rating, uncertainty)| WengLinRating {
                    rating,
                    uncertainty,
                })
                .collect()
        })
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = ratings
        .iter()
        .zip(teams)
        .map(|(r, (_, rank))| (&r[..], MultiTeamOutcome::new(*rank)))
        .collect();
    weng_lin_multi_team(&input, &config())
        .into_iter()
        .map(|team| {
            team.into_iter()
                .map(|r| (r.rating, r.uncertainty))
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `skillratings`' own case for a two-team game (its `test_weng_multi_team_two`):
    /// three players a side, team one first.
    #[test]
    fn skillratings_two_team_case() {
        let t1 = vec![(25.0, 25.0 / 3.0), (30.0, 1.2), (21.0, 6.5)];
        let t2 = vec![(25.0, 25.0 / 3.0), (41.0, 1.4), (19.2, 4.3)];
        let out = rate_teams(&[(t1.clone(), 1), (t2.clone(), 2)]);
        let close = |a: f64, b: f64| (a - b).abs() < 1e-12;
        assert!(close(out[0][0].0, 27.904_443_970_057_24));
        assert!(close(out[0][1].0, 30.060_226_550_163_108));
        assert!(close(out[0][2].0, 22.767_063_711_382_825));
        assert!(close(out[1][0].0, 22.095_556_029_942_76));
        assert!(close(out[1][1].0, 40.918_024_973_389_1));
        assert!(close(out[1][2].0, 18.426_674_366_308_44));
        assert!(close(out[0][0].1, 8.138_803_466_450_47));
        assert!(close(out[1][2].1, 4.276_389_807_576_043));
        // A tie.
        let out = rate_teams(&[(t1.clone(), 1), (t2.clone(), 1)]);
        assert!(close(out[0][0].0, 25.652_558_832_338_293));
        assert!(close(out[1][1].0, 40.981_582_179_516_08));
        // Team two first.
        let out = rate_teams(&[(t1, 2), (t2, 1)]);
        assert!(close(out[0][0].0, 23.400_673_694_619_35));
        assert!(close(out[1][2].0, 19.625_830_224_765_43));
    }

    /// `skillratings`' documented three-team case (`weng_lin_multi_team`'s example).
    #[test]
    fn skillratings_three_team_case() {
        let t1 = vec![(25.0, 25.0 / 3.0), (30.0, 1.2), (21.0, 6.5)];
        let t2 = vec![(25.0, 25.0 / 3.0), (41.0, 1.4), (19.2, 4.3)];
        let t3 = vec![(25.0, 25.0 / 3.0), (29.4, 1.6), (17.2, 2.1)];
        let out = rate_teams(&[(t1, 2), (t2, 1), (t3, 3)]);
        let hundredths: Vec<Vec<f64>> = out
            .iter()
            .map(|t| t.iter().map(|p| (p.0 * 100.0).round()).collect())
            .collect();
        assert_eq!(
            hundredths,
            vec![
                vec![2538.0, 3001.0, 2123.0],
                vec![2796.0, 4108.0, 1999.0],
                vec![2166.0, 2928.0, 1699.0],
            ]
        );
    }

    /// One-player teams give `skillratings`' one-on-one case (its `test_weng`).
    #[test]
    fn skillratings_one_on_one_case() {
        let out = rate_teams(&[
            (vec![(START_MU, START_SIGMA)], 1),
            (vec![(START_MU, START_SIGMA)], 2),
        ]);
        assert!((out[0][0].0 - 27.635_231_383_473_65).abs() < 1e-12);
        assert!((out[0][0].1 - 8.065_506_316_323_548).abs() < 1e-12);
        assert!((out[1][0].0 - 22.364_768_616_526_35).abs() < 1e-12);
    }

    /// The provisional threshold is crossed after a reasonable number of games of new
    /// players taking turns to win: one-on-one, and four at a table.
    #[test]
    fn a_new_player_settles_in_a_reasonable_number_of_games() {
        for (players, expected) in [(2, 35..=45), (4, 9..=15)] {
            let mut table = vec![(START_MU, START_SIGMA); players];
            let mut games = 0;
            while POINTS_PER_UNIT * table[0].1 >= crate::PROVISIONAL_DEVIATION {
                let input: Vec<(Vec<(f64, f64)>, usize)> = table
                    .iter()
                    .enumerate()
                    .map(|(i, r)| (vec![*r], 1 + (i + games) % players))
                    .collect();
                table = rate_teams(&input).into_iter().map(|t| t[0]).collect();
                games += 1;
            }
            assert!(
                expected.contains(&games),
                "{players} players: {games} games"
            );
        }
    }

    #[test]
    fn sigma_grows_with_time_away_up_to_a_new_players() {
        assert!((sigma_after(2.0, 0.0) - 2.0).abs() < 1e-12);
        // A year away (about 78 rating periods) adds DRIFT * sqrt(78) in quadrature.
        let year = crate::glicko2::periods_in(365 * 86_400_000);
        let grown = sigma_after(2.0, year);
        assert!((grown - (4.0 + DRIFT * DRIFT * year).sqrt()).abs() < 1e-12);
        assert!(grown > 4.0, "{grown}");
        assert!((sigma_after(2.0, 1e9) - START_SIGMA).abs() < 1e-12);
        assert!((sigma_after(9.0, 1e9) - 9.0).abs() < 1e-12);
        assert!((sigma_after(2.0, -5.0) - 2.0).abs() < 1e-12);
    }
}
