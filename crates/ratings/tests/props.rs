//! Properties of rating updates: finite numbers, a winner never loses points, deviations
//! within bounds, uncertainty growing with time away in both systems alike.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use ratings::{glicko2, rate, weng_lin, Rating, Seated, System};

fn glicko() -> impl Strategy<Value = Rating> {
    (
        600.0..3000.0f64,
        glicko2::MIN_DEVIATION..=glicko2::MAX_DEVIATION,
        0.03..0.2f64,
        0u32..500,
        proptest::option::of(0i64..1_000_000_000_000),
    )
        .prop_map(|(value, deviation, volatility, games, rated_at)| Rating {
            value,
            deviation,
            volatility,
            games,
            rated_at,
        })
}

fn weng() -> impl Strategy<Value = Rating> {
    (
        0.0..60.0f64,
        0.5..=weng_lin::START_SIGMA,
        0u32..500,
        proptest::option::of(0i64..5),
    )
        .prop_map(|(value, deviation, games, rated_at)| Rating {
            value,
            deviation,
            volatility: 0.0,
            games,
            rated_at,
        })
}

const DAY: i64 = 86_400_000;

proptest! {
    #[test]
    fn glicko_games_keep_ratings_sane(a in glicko(), b in glicko(), result in 0u8..3) {
        let at = 1_000_000_000_000 + 86_400_000;
        let (pa, pb) = match result { 0 => (0, 1), 1 => (1, 0), _ => (0, 0) };
        let out = rate(System::Glicko2, &[
            Seated { rating: a, team: 0, place: pa },
            Seated { rating: b, team: 1, place: pb },
        ], at).unwrap();
        for (new, old) in out.iter().zip([a, b]) {
            prop_assert!(new.value.is_finite() && new.deviation.is_finite() && new.volatility.is_finite());
            prop_assert!((glicko2::MIN_DEVIATION..=glicko2::MAX_DEVIATION).contains(&new.deviation));
            prop_assert_eq!(new.games, old.games + 1);
            prop_assert_eq!(new.rated_at, Some(at));
            let shown = new.shown(System::Glicko2, at + 400 * 86_400_000);
            prop_assert!(f64::from(shown.deviation) <= glicko2::MAX_DEVIATION);
        }
        match result {
            0 => { prop_assert!(out[0].value >= a.value); prop_assert!(out[1].value <= b.value); }
            1 => { prop_assert!(out[0].value <= a.value); prop_assert!(out[1].value >= b.value); }
            _ => {}
        }
    }

    #[test]
    fn neva_games_keep_ratings_sane(
        players in proptest::collection::vec((weng(), 0u8..4), 2..=4),
        teams in any::<bool>(),
    ) {
        let seats: Vec<Seated> = players.iter().enumerate().map(|(i, (r, place))| Seated {
            rating: *r,
            // 2 vs 2: seats 0 and 2 against 1 and 3, a team's places equal.
            team: if teams { (i % 2) as u8 } else { i as u8 },
            place: if teams { (i % 2) as u8 } else { *place },
        }).collect();
        let out = rate(System::WengLin, &seats, 5).unwrap();
        prop_assert_eq!(out.len(), seats.len());
        let best = seats.iter().map(|s| s.place).min().unwrap();
        let worst = seats.iter().map(|s| s.place).max().unwrap();
        for (new, old) in out.iter().zip(&seats) {
            prop_assert!(new.value.is_finite() && new.deviation.is_finite());
            let before = old.rating.deviation_at(System::WengLin, 5);
            prop_assert!(new.deviation > 0.0 && new.deviation <= before + 1e-9);
            // A sole winner does not lose points; a sole last does not gain.
            if best != worst && old.place == best && seats.iter().filter(|s| s.place == best && s.team != old.team).count() == 0 {
                prop_assert!(new.value >= old.rating.value - 1e-9);
            }
            if best != worst && old.place == worst && seats.iter().filter(|s| s.place == worst && s.team != old.team).count() == 0 {
                prop_assert!(new.value <= old.rating.value + 1e-9);
            }
        }
    }
}

#[test]
fn a_new_rating_is_provisional_and_shown_as_lichess_does() {
    let g = Rating::new(System::Glicko2).shown(System::Glicko2, 0);
    assert_eq!((g.rating, g.deviation, g.provisional), (1500, 500, true));
    let w = Rating::new(System::WengLin).shown(System::WengLin, 0);
    assert_eq!((w.rating, w.deviation, w.provisional), (930, 250, true));
    let settled = Rating {
        value: 25.0,
        deviation: 2.0,
        volatility: 0.0,
        games: 50,
        rated_at: None,
    };
    assert_eq!(settled.shown(System::WengLin, 0).rating, 1500);
    assert!(!settled.shown(System::WengLin, 0).provisional);
}

#[test]
fn a_settled_glicko_rating_becomes_provisional_after_long_away() {
    let r = Rating {
        value: 1800.0,
        deviation: 60.0,
        volatility: 0.06,
        games: 50,
        rated_at: Some(0),
    };
    assert!(!r.shown(System::Glicko2, 0).provisional);
    let day = 86_400_000;
    assert!(r.shown(System::Glicko2, 5 * 365 * day).provisional);
}

#[test]
fn games_that_cannot_be_rated_are_refused() {
    let s = |team| Seated {
        rating: Rating::new(System::Glicko2),
        team,
        place: 0,
    };
    assert!(rate(System::Glicko2, &[s(0)], 0).is_err());
    assert!(rate(System::Glicko2, &[s(0), s(0)], 0).is_err());
    assert!(rate(System::WengLin, &[s(1), s(1)], 0).is_err());
    let mut bad = s(1);
    bad.rating.value = f64::NAN;
    assert!(rate(System::Glicko2, &[s(0), bad], 0).is_err());
}

proptest! {
    /// Weng-Lin's `sigma` grows with the time since the last rated game, never shrinks,
    /// and stops at a new player's uncertainty.
    #[test]
    fn weng_lin_uncertainty_grows_with_time_away_up_to_a_new_players(
        r in weng(),
        later in 0i64..(3 * 365 * DAY),
        more in 0i64..(3 * 365 * DAY),
    ) {
        let at = r.rated_at.unwrap_or(0);
        let first = r.deviation_at(System::WengLin, at + later);
        let second = r.deviation_at(System::WengLin, at + later + more);
        prop_assert!(first >= r.deviation - 1e-12);
        prop_assert!(second >= first - 1e-12);
        prop_assert!(second <= weng_lin::START_SIGMA.max(r.deviation) + 1e-12);
        if r.rated_at.is_none() {
            prop_assert!((second - r.deviation).abs() < 1e-12);
        }
        // Shown: wider, never more certain, lower or equal (the estimate is cautious).
        let (a, b) = (r.shown(System::WengLin, at + later), r.shown(System::WengLin, at + later + more));
        prop_assert!(b.deviation >= a.deviation && b.rating <= a.rating);
    }

    /// In shown points a Weng-Lin uncertainty grows exactly as a Glicko-2 deviation with a
    /// new player's volatility does, `sqrt(phi^2 + sigma^2 t)`, until either reaches its cap.
    #[test]
    fn weng_lin_drift_matches_glicko2s_in_shown_points(
        sigma in 0.5..=weng_lin::START_SIGMA,
        days in 0i64..2000,
    ) {
        let periods = glicko2::periods_in(days * DAY);
        let points = weng_lin::POINTS_PER_UNIT * weng_lin::sigma_after(sigma, periods);
        let glicko = glicko2::Glicko2 {
            rating: 1500.0,
            deviation: weng_lin::POINTS_PER_UNIT * sigma,
            volatility: glicko2::START_VOLATILITY,
        }
        .deviation_after(periods);
        let cap = weng_lin::POINTS_PER_UNIT * weng_lin::START_SIGMA;
        prop_assert!((points - glicko.min(cap)).abs() < 1e-6, "{} {}", points, glicko);
    }

    /// A Neva game after time away starts from the grown uncertainty: the same game rated
    /// with that uncertainty stored gives the same result.
    #[test]
    fn a_neva_game_after_time_away_starts_from_the_grown_uncertainty(
        a in weng(),
        b in weng(),
        days in 1i64..1000,
    ) {
        let at = 5 + days * DAY;
        let seats = |x: Rating, y: Rating| [
            Seated { rating: x, team: 0, place: 0 },
            Seated { rating: y, team: 1, place: 1 },
        ];
        let grown = |r: Rating| Rating { deviation: r.deviation_at(System::WengLin, at), rated_at: Some(at), ..r };
        let out = rate(System::WengLin, &seats(a, b), at).unwrap();
        let same = rate(System::WengLin, &seats(grown(a), grown(b)), at).unwrap();
        prop_assert_eq!(out, same);
    }
}

#[test]
fn one_provisional_rule_in_shown_points_for_both_systems() {
    let limit = ratings::PROVISIONAL_DEVIATION;
    for (system, per_point) in [
        (System::Glicko2, 1.0),
        (System::WengLin, 1.0 / weng_lin::POINTS_PER_UNIT),
    ] {
        let at = |points: f64| {
            Rating {
                value: if system == System::Glicko2 {
                    1500.0
                } else {
                    25.0
                },
                deviation: points * per_point,
                volatility: glicko2::START_VOLATILITY,
                games: 30,
                rated_at: Some(0),
            }
            .shown(system, 0)
        };
        assert!(at(limit).provisional, "{system:?}");
        assert_eq!(at(limit).deviation, 110);
        assert!(!at(limit - 1.0).provisional, "{system:?}");
    }
}

#[test]
fn a_settled_neva_rating_becomes_provisional_after_long_away() {
    let r = Rating {
        value: 25.0,
        deviation: 2.0,
        volatility: 0.0,
        games: 50,
        rated_at: Some(0),
    };
    assert!(!r.shown(System::WengLin, 0).provisional);
    assert!(!r.shown(System::WengLin, 30 * DAY).provisional);
    let years = r.shown(System::WengLin, 5 * 365 * DAY);
    assert!(years.provisional, "{years:?}");
    assert!(years.rating < 1500, "{years:?}");
}

/// Games until a rating is no longer provisional, for two new players who only ever meet
/// each other, the first winning `wins` of every four games (the rest lost), a day apart.
fn games_to_settle(wins: usize) -> u32 {
    let (mut a, mut b) = (Rating::new(System::Glicko2), Rating::new(System::Glicko2));
    for i in 0..200 {
        let at = (i + 1) * DAY;
        let (pa, pb) = if (i as usize) % 4 < wins {
            (0, 1)
        } else {
            (1, 0)
        };
        let out = rate(
            System::Glicko2,
            &[
                Seated {
                    rating: a,
                    team: 0,
                    place: pa,
                },
                Seated {
                    rating: b,
                    team: 1,
                    place: pb,
                },
            ],
            at,
        )
        .unwrap();
        (a, b) = (out[0], out[1]);
        if !a.shown(System::Glicko2, at).provisional {
            return a.games;
        }
    }
    u32::MAX
}

/// Why two members who played each other 19 times could still be provisional: the
/// arithmetic is Glickman's, but each new player learns little from an opponent whose
/// rating is as unknown as theirs, and less still from one-sided results.
#[test]
fn two_new_players_who_only_meet_each_other_settle_slowly() {
    let (turns, three_in_four) = (games_to_settle(2), games_to_settle(3));
    assert!((14..=19).contains(&turns), "{turns}");
    assert!((21..=27).contains(&three_in_four), "{three_in_four}");
    // Against a settled opponent a new player settles sooner.
    let settled = Rating {
        value: 1500.0,
        deviation: 60.0,
        volatility: 0.06,
        games: 100,
        rated_at: Some(0),
    };
    let mut a = Rating::new(System::Glicko2);
    let mut games = 0;
    while a.shown(System::Glicko2, games * DAY).provisional {
        games += 1;
        let place = u8::from(games % 2 == 0);
        let out = rate(
            System::Glicko2,
            &[
                Seated {
                    rating: a,
                    team: 0,
                    place,
                },
                Seated {
                    rating: Rating {
                        rated_at: Some(games * DAY),
                        ..settled
                    },
                    team: 1,
                    place: 1 - place,
                },
            ],
            games * DAY,
        )
        .unwrap();
        a = out[0];
    }
    assert!((8..=13).contains(&games), "{games}");
}
