//! Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013) with lichess's choices:
//! a new rating is 1500 with deviation 500 and volatility 0.09, the system constant tau is
//! 0.75, and the deviation is kept within 45 to 500.
//!
//! lichess rates each game at once, as a rating period of one game, and lets a deviation grow
//! with the time since the player's last rated game: 0.21436 rating periods a day (about one
//! every 4.7 days). The same growth is applied when a rating is read, so a player away for
//! months shows a wide deviation (and so a provisional rating) without any timer.

/// Glicko-2's scale factor between the Glicko scale and its own (`173.7178`).
pub const SCALE: f64 = 173.7178;
/// A new player's rating.
pub const START_RATING: f64 = 1500.0;
/// A new player's deviation, which is also the largest.
pub const START_DEVIATION: f64 = 500.0;
/// A new player's volatility.
pub const START_VOLATILITY: f64 = 0.09;
/// The system constant: how much the volatility may change (lichess: 0.75).
pub const TAU: f64 = 0.75;
/// The smallest deviation: a rating never becomes more certain than this.
pub const MIN_DEVIATION: f64 = 45.0;
/// The largest deviation.
pub const MAX_DEVIATION: f64 = 500.0;
/// Rating periods per day of absence (lichess's figure).
pub const RATING_PERIODS_PER_DAY: f64 = 0.21436;
/// The convergence tolerance of the volatility iteration (Glickman's epsilon).
const EPSILON: f64 = 0.000_001;
/// The most steps the volatility iteration takes (it converges in a handful).
const MAX_STEPS: usize = 1000;

/// A Glicko-2 rating on the Glicko scale.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Glicko2 {
    /// The rating (1500 for a new player).
    pub rating: f64,
    /// The rating deviation (one standard deviation of the rating).
    pub deviation: f64,
    /// The volatility: how erratic the player's results are.
    pub volatility: f64,
}

impl Default for Glicko2 {
    fn default() -> Glicko2 {
        Glicko2 {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }
}

/// Rating periods in `ms` milliseconds of absence.
pub fn periods_in(ms: i64) -> f64 {
    // Milliseconds are far below 2^53 for any date this server sees.
    #[allow(clippy::cast_precision_loss)]
    let days = ms.max(0) as f64 / 86_400_000.0;
    days * RATING_PERIODS_PER_DAY
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Glicko2 {
    /// The deviation after `periods` rating periods without a game: it grows by the
    /// volatility each period (Glickman's step 6), up to [`MAX_DEVIATION`].
    pub fn deviation_after(&self, periods: f64) -> f64 {
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        let grown = (phi * phi + periods.max(0.0) * sigma * sigma).sqrt() * SCALE;
        grown.min(MAX_DEVIATION)
    }

    /// Glickman's update for one rating period with `results` (opponent, score: 1 win,
    /// 0.5 draw, 0 loss), system constant `tau`, the deviation growing for `periods`
    /// rating periods first (1 in Glickman's text; lichess: the time since the last game).
    /// Without results only the deviation grows. No bounds are applied (see [`Glicko2::rate`]).
    pub fn rate_period(&self, results: &[(Glicko2, f64)], tau: f64, periods: f64) -> Glicko2 {
        let mu = (self.rating - START_RATING) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        let periods = periods.max(0.0);
        if results.is_empty() {
            return Glicko2 {
                deviation: (phi * phi + periods * sigma * sigma).sqrt() * SCALE,
                ..*self
            };
        }
        // Steps 3 and 4: the estimated variance and improvement.
        let mut v_inv = 0.0;
        let mut sum = 0.0;
        for (opp, score) in results {
            let mu_j = (opp.rating - START_RATING) / SCALE;
            let phi_j = opp.deviation / SCALE;
            let e = expected(mu, mu_j, phi_j);
            let gj = g(phi_j);
            v_inv += gj * gj * e * (1.0 - e);
            sum += gj * (score - e);
        }
        let v = 1.0 / v_inv;
        let delta = v * sum;
        // Step 5: the new volatility (Illinois algorithm).
        let sigma = new_volatility(phi, sigma, v, delta, tau);
        // Steps 6 and 7.
        let phi_star = (phi * phi + periods * sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Glicko2 {
            rating: mu_new * SCALE + START_RATING,
            deviation: phi_new * SCALE,
            volatility: sigma,
        }
    }

    /// lichess's update for one game against `opponent` with `score` (1, 0.5, 0), `periods`
    /// rating periods after this player's previous rated game: tau 0.75, the deviation
    /// kept within [`MIN_DEVIATION`] and [`MAX_DEVIATION`].
    pub fn rate(&self, opponent: &Glicko2, score: f64, periods: f64) -> Glicko2 {
        let next = self.rate_period(&[(*opponent, score)], TAU, periods);
        Glicko2 {
            deviation: next.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
            ..next
        }
    }
}

/// Glickman's step 5: the volatility after a period with variance `v` and improvement
/// `delta`.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        let mut steps = 0;
        while f(a - k * tau) < 0.0 && steps < MAX_STEPS {
            k += 1.0;
            steps += 1;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut steps = 0;
    while (big_b - big_a).abs() > EPSILON && steps < MAX_STEPS {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        steps += 1;
    }
    let next = (big_a / 2.0).exp();
    // A degenerate iteration (it does not happen with finite inputs) keeps the old value.
    if next.is_finite() && next > 0.0 {
        next
    } else {
        sigma
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example: 1500/200/0.06 against 1400/30 (win), 1550/100 (loss),
    /// 1700/300 (loss), tau 0.5, one rating period.
    #[test]
    fn glickmans_example() {
        let player = Glicko2 {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opp = |rating, deviation| Glicko2 {
            rating,
            deviation,
            volatility: 0.06,
        };
        let results = [
            (opp(1400.0, 30.0), 1.0),
            (opp(1550.0, 100.0), 0.0),
            (opp(1700.0, 300.0), 0.0),
        ];
        let next = player.rate_period(&results, 0.5, 1.0);
        assert!((next.rating - 1464.06).abs() < 0.01, "{next:?}");
        assert!((next.deviation - 151.52).abs() < 0.01, "{next:?}");
        assert!((next.volatility - 0.05999).abs() < 0.00001, "{next:?}");
    }

    #[test]
    fn the_deviation_grows_with_time_away_up_to_the_cap() {
        let r = Glicko2 {
            rating: 1800.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        assert!((r.deviation_after(0.0) - 60.0).abs() < 1e-9);
        let month = r.deviation_after(periods_in(30 * 86_400_000));
        let year = r.deviation_after(periods_in(365 * 86_400_000));
        assert!(month > 60.0 && year > month, "{month} {year}");
        assert!(r.deviation_after(1e9) <= MAX_DEVIATION);
    }
}
