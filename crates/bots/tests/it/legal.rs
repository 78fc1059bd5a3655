//! Bots never play an illegal move: random games under random option sets of every game,
//! with bots of every level moving, seats departing (Neva's eliminated and departed seats),
//! and the rules checking every move.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use bots::{choose_with, Level, Limits, Style};
use proptest::prelude::*;
use rules::{AnyOptions, AnyPosition, Departure, Game, Seat, Variant};

/// A value for every option of `variant`, picked by `pick` (validation may still refuse the
/// combination).
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
    let pairs = option_pairs(variant, pick);
    let Ok(opts) = AnyOptions::from_pairs(variant, pairs.iter().map(|(k, v)| (*k, v.as_str())))
    else {
        return; // a combination validation refuses
    };
    let mut game = Game::new(AnyPosition::new(variant, &opts).unwrap());
    let mut keys = vec![bots::any_position_key(game.position())];
    for ply in 0..plies {
        let Some(seat) = game.turn() else {
            // Over: the bots have nothing to say either.
            assert!(game.position().turn().is_none() || !game.status().is_ongoing());
            return;
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
        keys.push(bots::any_position_key(game.position()));
    }
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
