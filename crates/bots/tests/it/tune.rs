//! The self-play tuner: it plays real paired matches, and keeps a change only when the
//! candidate scored significantly above one half.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::convert::Infallible;

use bots::arena::Tally;
use bots::tune::{paired_match, significant, tune_round, Param, TuneConfig};
use bots::{weights, Limits, Style};
use rules::{AnyOptions, AnyPosition, Variant};

fn config(openings: usize) -> TuneConfig {
    TuneConfig {
        style: Style {
            limits: Limits::nodes(300),
            noise: 10,
            random_per_mille: 0,
        },
        openings,
        opening_plies: 2,
        z: 2.0,
        seed: 5,
        threads: 2,
    }
}

fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
    Tally {
        wins,
        draws,
        losses,
    }
}

#[test]
fn a_round_keeps_only_significantly_better_candidates() {
    let base = weights(Variant::Stockholm);
    // A referee that prefers more centre and nothing else: only the raised centre wins.
    let mut trials = Vec::new();
    let tuned = tune_round(
        base,
        Param::of(Variant::Stockholm),
        2.0,
        |cand: bots::Weights, cur: bots::Weights| {
            Ok::<_, Infallible>(if cand.centre > cur.centre {
                tally(70, 20, 10)
            } else if cand.king != cur.king {
                // Better, but not significantly: 52 of 100.
                tally(30, 44, 26)
            } else {
                tally(40, 20, 40)
            })
        },
        |t| trials.push(*t),
    )
    .unwrap();
    assert_eq!(
        tuned,
        Param::Centre.set(base, base.centre + Param::step(base.centre))
    );
    for t in &trials {
        assert_eq!(
            t.accepted,
            t.param == Param::Centre && t.to > t.from,
            "{t:?}"
        );
        assert_eq!(t.accepted, significant(&t.tally, 2.0));
    }
    // Up was kept, so down was never tried; every other parameter was tried both ways.
    assert_eq!(trials.len(), 2 * Param::of(Variant::Stockholm).len() - 1);

    // An even referee changes nothing.
    let same = tune_round(
        base,
        Param::of(Variant::Stockholm),
        2.0,
        |_, _| Ok::<_, Infallible>(tally(45, 10, 45)),
        |_| {},
    )
    .unwrap();
    assert_eq!(same, base);
}

#[test]
fn significance_needs_the_lower_bound_above_one_half() {
    assert!(!significant(&tally(0, 0, 0), 2.0));
    assert!(!significant(&tally(55, 0, 45), 2.0));
    assert!(significant(&tally(70, 0, 30), 2.0));
    assert!(significant(&tally(10, 0, 0), 2.0));
    assert!(!significant(&tally(0, 10, 0), 2.0));
}

#[test]
fn paired_matches_play_every_opening_from_both_seats() {
    for v in [Variant::Queah, Variant::GiveAndTake] {
        let start = AnyPosition::new(v, &AnyOptions::default_for(v)).unwrap();
        let w = weights(v);
        let t = paired_match(&start, w, w, &config(3)).unwrap();
        assert_eq!(t.games(), 6, "{v:?}");
        // The real tuner on real matches keeps a change exactly when its match was
        // significant.
        let tuned = tune_round(
            w,
            &[Param::Centre],
            2.0,
            |cand, cur| paired_match(&start, cand, cur, &config(2)),
            |t| assert_eq!(t.accepted, significant(&t.tally, 2.0)),
        )
        .unwrap();
        assert!(
            tuned == w || Param::Centre.get(&tuned) != Param::Centre.get(&w),
            "only the tried parameter can change"
        );
    }
    let neva = AnyPosition::new(Variant::Neva, &AnyOptions::default_for(Variant::Neva)).unwrap();
    let w = weights(Variant::Neva);
    assert!(paired_match(&neva, w, w, &config(1)).is_err());
    assert!(Param::of(Variant::Neva).is_empty());
}
