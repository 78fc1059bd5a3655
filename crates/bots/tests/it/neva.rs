//! Neva free-for-all: how the bots judge three or four seats, what the blend of an
//! opponent's best and mean reply changes, and every multi-player search playing only legal
//! moves.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use bots::{choose_multi, Limits, MultiSearch, MultiStyle, Style};
use proptest::prelude::*;
use rules::{AnyOptions, AnyPosition, Departure, Game, Seat, Variant};

fn neva(options: &[(&str, &str)], text: &str) -> AnyPosition {
    let opts = AnyOptions::from_pairs(Variant::Neva, options.iter().copied()).unwrap();
    AnyPosition::from_position_string(Variant::Neva, text, &opts).unwrap()
}

/// The start of 4-seat Neva, with the men `gone` taken off (position string of spec §2.1).
fn start_without(options: &[(&str, &str)], gone: &[&str]) -> AnyPosition {
    let men = [
        ('W', ["14", "15", "16", "25", "26", "36"]),
        ('R', ["46", "55", "56", "64", "65", "66"]),
        ('G', ["41", "51", "52", "61", "62", "63"]),
        ('B', ["11", "12", "13", "21", "22", "31"]),
    ];
    let fields: Vec<String> = men
        .iter()
        .map(|(c, sqs)| {
            let kept: Vec<&str> = sqs.iter().copied().filter(|s| !gone.contains(s)).collect();
            format!("{c}{}", kept.join(","))
        })
        .collect();
    neva(options, &format!("W:{}", fields.join(":")))
}

fn score(pos: &AnyPosition) -> i32 {
    bots::search(
        pos,
        &[],
        Limits {
            nodes: 100_000,
            time: None,
            depth: 1,
        },
    )
    .unwrap()
    .score
}

#[test]
fn free_for_all_an_even_trade_costs_the_trader() {
    // One of White's men for one of Red's: even in material, but it leaves White weaker
    // against the two seats that kept everything, and a seat with no pieces is out.
    let start = score(&start_without(&[], &[]));
    let traded = score(&start_without(&[], &["36", "46"]));
    assert!(
        traded < start - 50,
        "an even trade scores {traded}, the start {start}"
    );
    // Two seats are a plain duel: a man for a man changes nothing there.
    let two = [("seats", "white,green")];
    let duel = score(&neva(&two, "W:W14,15,16,25,26,36:G41,51,52,61,62,63"));
    let duel_traded = score(&neva(&two, "W:W14,15,16,25,26:G41,51,52,61,62"));
    assert!(
        (duel - duel_traded).abs() < 50,
        "a duel's trade scores {duel_traded}, its start {duel}"
    );
}

#[test]
fn free_for_all_taking_a_piece_still_pays() {
    // Whoever loses it, a piece off an opponent is a gain: the weight is on keeping one's
    // own, not on ignoring the others'.
    let start = score(&start_without(&[], &[]));
    let taken = score(&start_without(&[], &["46"]));
    assert!(
        taken > start + 50,
        "a piece up scores {taken}, the start {start}"
    );
}

#[test]
fn blend_plays_the_move_fewer_replies_punish() {
    // White's last man steps to 43 or 32, and either way Red may take it next (captures are
    // compulsory, and Red can also take Green's 64 instead): at 43 by one of Red's two
    // captures (53:33), at 32 by two of its three (31:33, 22:42). Paranoid counts both as
    // lost; the blend of Red's best and mean reply takes the smaller risk.
    let pos = neva(&[], "W:W33:R53,31,22,65:G64:B11");
    let style = Style {
        limits: Limits {
            nodes: 2_000_000,
            time: None,
            depth: 4,
        },
        noise: 0,
        random_per_mille: 0,
    };
    let play = |algorithm| {
        let multi = MultiStyle {
            algorithm,
            own_weight: 10,
            mean_weight: 5,
        };
        let choice = choose_multi(&pos, &[], style, multi, 1).unwrap();
        (pos.move_to_string(&choice.mv), choice.search.unwrap().score)
    };
    let (blend_move, blend) = play(MultiSearch::Blend);
    let (_, paranoid) = play(MultiSearch::Paranoid);
    assert_eq!(blend_move, "33-43");
    assert!(
        paranoid < -bots::WIN_BOUND,
        "paranoid sees no way out: {paranoid}"
    );
    assert!(
        blend > paranoid,
        "the blend ({blend}) rates White above the worst case ({paranoid})"
    );
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A Neva game of `seats` seats (with `teams`) where every seat moves by a multi-player
/// search of a small budget, now and then a seat leaves, and the rules check every move.
fn check_game(seats: &str, teams: bool, seed: u64) {
    let opts = [
        ("seats", seats),
        ("teams", if teams { "true" } else { "false" }),
    ];
    let Ok(opts) = AnyOptions::from_pairs(Variant::Neva, opts) else {
        return; // teams need four seats
    };
    let mut game = Game::new(AnyPosition::new(Variant::Neva, &opts).unwrap());
    let mut keys = vec![bots::any_position_key(game.position())];
    for ply in 0..200u64 {
        if game.turn().is_none() {
            return;
        }
        let r = mix(seed ^ ply.wrapping_mul(0x9E37_79B9));
        if r % 31 == 0 {
            let _ = game.depart(Seat::ALL[(r >> 8) as usize % 4], Departure::Leave);
            continue;
        }
        let multi = MultiStyle {
            algorithm: MultiSearch::ALL[(r >> 16) as usize % MultiSearch::ALL.len()],
            own_weight: 10 + (r >> 24) as i32 % 20,
            mean_weight: (r >> 32) as i32 % 11,
        };
        let style = Style {
            limits: Limits::nodes(1_500),
            noise: 10,
            random_per_mille: 0,
        };
        let choice = choose_multi(game.position(), &keys, style, multi, r).unwrap();
        assert!(
            game.position().is_legal(&choice.mv),
            "{multi:?} played an illegal move in {}",
            game.position().position_string()
        );
        game.play(&choice.mv).unwrap();
        keys.push(bots::any_position_key(game.position()));
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(12))]

    #[test]
    fn multi_player_searches_play_legal_moves(
        seats in prop::sample::select(vec!["3", "4", "white,red,black", "white,green"]),
        teams: bool,
        seed: u64,
    ) {
        check_game(seats, teams, seed);
    }
}
