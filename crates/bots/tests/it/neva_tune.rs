//! Neva's self-play tuner: it plays real four-seat matches, and keeps a change only when the
//! candidate scored significantly above one half.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use bots::neva_tune::{seats_match, PARAMS};
use bots::tune::{significant, tune_round, Param, TuneConfig, TuneError};
use bots::{weights, Level, Limits, Weights};
use rules::{AnyOptions, AnyPosition, Variant};

/// Level 2's noise on a small node budget: real games, quick enough for a test.
fn config(openings: usize) -> TuneConfig {
    let mut style = Level::new(2).unwrap().style();
    style.limits = Limits::nodes(300);
    TuneConfig {
        style,
        openings,
        opening_plies: 4,
        z: 2.0,
        seed: 3,
        threads: 2,
    }
}

fn neva(pairs: &[(&str, &str)]) -> AnyPosition {
    let opts = AnyOptions::from_pairs(Variant::Neva, pairs.iter().copied()).unwrap();
    AnyPosition::new(Variant::Neva, &opts).unwrap()
}

/// Weights that want to lose their own pieces: any sane candidate beats them.
fn suicidal() -> Weights {
    Weights {
        man: -100,
        king: -300,
        ..weights(Variant::Neva)
    }
}

#[test]
fn a_real_match_keeps_a_clear_improvement_and_rejects_its_reverse() {
    let start = neva(&[]);
    let cfg = config(12);
    let better = seats_match(&start, weights(Variant::Neva), suicidal(), &cfg).unwrap();
    assert_eq!(better.games(), 24);
    assert!(
        significant(&better, cfg.z),
        "sane weights against suicidal ones: {better:?}"
    );
    let worse = seats_match(&start, suicidal(), weights(Variant::Neva), &cfg).unwrap();
    assert_eq!(worse.games(), 24);
    assert!(
        !significant(&worse, cfg.z),
        "suicidal weights against sane ones: {worse:?}"
    );
    // Every game is counted once, from the candidates' side: the two matches mirror.
    assert!(worse.score() < 0.5 && better.score() > 0.5);
}

#[test]
fn a_round_over_real_matches_changes_nothing_unless_a_candidate_won_clearly() {
    let start = neva(&[]);
    let cfg = config(3);
    let base = weights(Variant::Neva);
    let mut trials = Vec::new();
    let tuned = tune_round(
        base,
        &PARAMS,
        cfg.z,
        |cand, cur| seats_match(&start, cand, cur, &cfg),
        |t| trials.push(*t),
    )
    .unwrap();
    // Each parameter is tried up, and down only when up was not kept.
    assert!(trials.len() >= PARAMS.len());
    for t in &trials {
        assert_eq!(t.tally.games(), 6);
        assert_eq!(t.accepted, significant(&t.tally, cfg.z));
    }
    // The weights moved exactly by the kept trials, and by nothing else.
    let mut expect = base;
    for t in trials.iter().filter(|t| t.accepted) {
        expect = t.param.set(expect, t.to);
    }
    assert_eq!(tuned, expect);
    for p in [Param::BackRank, Param::Reserve, Param::Tempo] {
        assert_eq!(
            p.get(&tuned),
            p.get(&base),
            "{} is not tuned for Neva",
            p.key()
        );
    }
}

#[test]
fn only_four_seat_free_for_all_is_tuned_here() {
    let cfg = config(1);
    let w = weights(Variant::Neva);
    for pairs in [
        &[("teams", "true")][..],
        &[("seats", "3")][..],
        &[("seats", "2")][..],
    ] {
        let start = neva(pairs);
        assert!(
            matches!(
                seats_match(&start, w, w, &cfg),
                Err(TuneError::Untuned(Variant::Neva))
            ),
            "{pairs:?}"
        );
    }
    let stockholm = AnyPosition::new(
        Variant::Stockholm,
        &AnyOptions::default_for(Variant::Stockholm),
    )
    .unwrap();
    assert!(seats_match(&stockholm, w, w, &cfg).is_err());
}
