//! Properties of rating updates: finite numbers, a winner never loses points, deviations
//! within bounds.

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
    (0.0..60.0f64, 0.5..=weng_lin::START_SIGMA, 0u32..500).prop_map(|(value, deviation, games)| {
        Rating {
            value,
            deviation,
            volatility: 0.0,
            games,
            rated_at: None,
        }
    })
}

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
            prop_assert!(new.deviation > 0.0 && new.deviation <= old.rating.deviation + 1e-9);
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
