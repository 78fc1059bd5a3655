//! Bots never play an illegal move: random games under random option sets of every game,
//! with bots of every level moving, seats departing (Neva's eliminated and departed seats),
//! and the rules checking every move.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use bots::{choose_with, Level, Limits, Style};
use proptest::prelude::*;
use rules::{AnyOptions, AnyPosition, Departure, Game, OptionError, Seat, Variant};

/// The combinations that validation refuses although each value is fine alone: the game,
/// the option it names as at fault, and the reason it gives. The generator gives way on
/// that option (back to its default), so every generated case is a valid option set.
const REFUSED: &[(Variant, &str, &str)] = &[
    (
        Variant::Neva,
        "teams",
        "team play needs all four seats (spec §8.4)",
    ),
    (
        Variant::GiveAndTake,
        "hot_capture",
        "first_jump needs hot_trigger=first_jump: a duty triggered by a later jump could not be met by a first jump",
    ),
];

/// A value for every option of `variant`, picked by `pick` (validation may still refuse the
/// combination: see [`valid_options`]).
fn option_pairs(variant: Variant, pick: &[u32]) -> Vec<(&'static str, String)> {
    AnyOptions::specs(variant)
        .iter()
        .zip(pick.iter().cycle())
        .map(|(spec, &n)| {
            let value = match spec.key {
                "repetition" => ["0", "2", "3"][n as usize % 3].to_string(),
                "no_progress" => ["0", "6", "30"][n as usize % 3].to_string(),
                "seats" => ["2", "3", "4", "white,green", "red,black", "white,red,green"]
                    [n as usize % 6]
                    .to_string(),
                _ => {
                    let choices: Vec<&str> = spec.values.split('|').collect();
                    choices[n as usize % choices.len()].to_string()
                }
            };
            (spec.key, value)
        })
        .collect()
}

/// The options `pick` names, made valid: a combination validation refuses must be refused
/// for a reason in [`REFUSED`], and the option at fault then takes its default.
fn valid_options(variant: Variant, pick: &[u32]) -> AnyOptions {
    let mut pairs = option_pairs(variant, pick);
    loop {
        match AnyOptions::from_pairs(variant, pairs.iter().map(|(k, v)| (*k, v.as_str()))) {
            Ok(opts) => return opts,
            Err(OptionError::Invalid { key, reason }) => {
                assert!(
                    REFUSED.contains(&(variant, key, reason)),
                    "{variant:?} {pairs:?} refused for an undocumented reason: {key}: {reason}"
                );
                // Each value alone is valid, so the loop ends once every option at fault
                // has its default.
                pairs.retain(|(k, _)| *k != key);
            }
            Err(e) => panic!("{variant:?} {pairs:?}: a generated value is refused: {e}"),
        }
    }
}

/// Every level's style; levels 4 and 5 with a smaller budget so that the test stays quick
/// (the code path is the same, only the limits differ).
fn style(level: u8, variant: Variant) -> Style {
    let mut s = Level::new(level).unwrap().style_for(variant);
    s.limits.nodes = s.limits.nodes.min(4_000);
    s.limits.time = None;
    s
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn check_game(variant: Variant, pick: &[u32], seed: u64, plies: usize) {
    let opts = valid_options(variant, pick);
    let mut game = Game::new(AnyPosition::new(variant, &opts).unwrap());
    let mut keys = vec![bots::any_position_key(game.position())];
    let mut moves = 0;
    for ply in 0..plies {
        let Some(seat) = game.turn() else {
            // Over: the bots have nothing to say either.
            assert!(game.position().turn().is_none() || !game.status().is_ongoing());
            break;
        };
        let r = mix(seed ^ (ply as u64).wrapping_mul(0x9E37_79B9));
        // Now and then a seat leaves (Neva goes on without it).
        if r % 29 == 0 && game.position().seats().len() > 2 {
            let leaver = Seat::ALL[(r >> 8) as usize % 4];
            let _ = game.depart(leaver, Departure::Leave);
            continue;
        }
        let level = 1 + (r >> 16) as u8 % 5;
        let choice = choose_with(game.position(), &keys, style(level, variant), r)
            .unwrap_or_else(|| panic!("no move for {seat} in an ongoing game"));
        assert!(
            game.position().is_legal(&choice.mv),
            "level {level} played an illegal move in {}",
            game.position().position_string()
        );
        game.play(&choice.mv).unwrap();
        moves += 1;
        keys.push(bots::any_position_key(game.position()));
    }
    assert!(moves > 0, "{variant:?} {opts:?}: no bot moved");
}

proptest! {
    #![proptest_config(crate::proptest_config(24))]

    #[test]
    fn stockholm_bots_play_legal_moves(pick in prop::collection::vec(0u32..12, 8), seed: u64) {
        check_game(Variant::Stockholm, &pick, seed, 120);
    }

    #[test]
    fn giveandtake_bots_play_legal_moves(pick in prop::collection::vec(0u32..12, 8), seed: u64) {
        check_game(Variant::GiveAndTake, &pick, seed, 120);
    }

    #[test]
    fn queah_bots_play_legal_moves(pick in prop::collection::vec(0u32..12, 8), seed: u64) {
        check_game(Variant::Queah, &pick, seed, 120);
    }

    #[test]
    fn neva_bots_play_legal_moves(pick in prop::collection::vec(0u32..12, 8), seed: u64) {
        check_game(Variant::Neva, &pick, seed, 160);
    }
}

/// Each refusal [`valid_options`] gives way on still happens, for the reason documented.
#[test]
fn documented_refusals_are_refused() {
    let cases: [(Variant, &[(&str, &str)]); 2] = [
        (Variant::Neva, &[("seats", "3"), ("teams", "true")]),
        (
            Variant::GiveAndTake,
            &[("hot_trigger", "anywhere"), ("hot_capture", "first_jump")],
        ),
    ];
    for ((variant, pairs), &(documented, key, reason)) in cases.into_iter().zip(REFUSED) {
        assert_eq!(variant, documented);
        assert_eq!(
            AnyOptions::from_pairs(variant, pairs.iter().copied()),
            Err(OptionError::Invalid { key, reason })
        );
    }
}

#[test]
fn queahs_levels_err_less_the_higher_they_are() {
    let queah: Vec<Style> = Level::ALL
        .iter()
        .map(|l| l.style_for(Variant::Queah))
        .collect();
    for pair in queah.windows(2) {
        assert!(pair[0].random_per_mille > pair[1].random_per_mille);
        assert!(pair[0].limits.nodes < pair[1].limits.nodes);
    }
    assert_eq!(queah[4], Level::MAX.style());
    assert_eq!(queah[0], Level::MIN.style());
    // The other games play the levels' common styles.
    for variant in [Variant::Stockholm, Variant::GiveAndTake, Variant::Neva] {
        for level in Level::ALL {
            assert_eq!(level.style_for(variant), level.style());
        }
    }
}

#[test]
fn levels_outside_one_to_five_are_refused() {
    assert!(Level::new(0).is_err());
    assert!(Level::new(6).is_err());
    assert_eq!(Level::ALL.len(), 5);
}

#[test]
fn same_seed_same_move() {
    let pos = AnyPosition::new(Variant::Neva, &AnyOptions::default_for(Variant::Neva)).unwrap();
    for level in Level::ALL {
        let mut s = level.style();
        s.limits = Limits::nodes(s.limits.nodes.min(5_000));
        let a = choose_with(&pos, &[], s, 42).unwrap();
        let b = choose_with(&pos, &[], s, 42).unwrap();
        assert_eq!(a.mv, b.mv);
    }
}
