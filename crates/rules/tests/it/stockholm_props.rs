//! Property tests for Stockholm checkers / Brazilian draughts: random playouts, position
//! strings, notation round trips, and garbage input refused with the typed error it
//! deserves, nothing changed (`refusals`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::refusals;
use proptest::prelude::*;
use rules::{
    EndReason, GameOptions, Position, Problems, Setup, Status, Stockholm, StockholmOptions, Variant,
};

fn options(i: usize) -> StockholmOptions {
    StockholmOptions {
        deferred_backward_capture: i & 1 == 0,
        max_capture: i & 2 == 0,
        king_halt: i & 4 != 0,
        draw: rules::DrawLimits {
            repetition: 3,
            no_progress: if i & 8 == 0 { 25 } else { 3 },
        },
    }
}

/// Checks one position and every legal move from it; returns the moves.
fn check_position(pos: &Stockholm) -> Vec<rules::Move> {
    let moves = pos.legal_moves();
    // The bulk count agrees with the generator.
    assert_eq!(
        pos.count_legal(),
        moves.len() as u64,
        "{}",
        pos.position_string()
    );
    let mut any = rules::AnyMove::default();
    pos.generate(&mut any);
    assert_eq!(
        any.0,
        !moves.is_empty(),
        "early exit: {}",
        pos.position_string()
    );
    // Turn, status and moves agree.
    assert_eq!(pos.turn().is_some(), pos.status().is_ongoing());
    assert_eq!(pos.turn().is_some(), !moves.is_empty());
    // The position string round-trips.
    let text = pos.position_string();
    // A position accepted with waived checks needs the same waiver to be read back.
    let setup = Setup::parse(Variant::Stockholm, &text).unwrap();
    let back = Stockholm::from_setup(&setup, *pos.options(), Problems::WAIVABLE).unwrap();
    assert_eq!(back.position_string(), text);
    assert_eq!(back.status(), pos.status());
    if pos.turn().is_some() {
        // A finished game's string does not keep the side to move (nor a departure's
        // kind), so only ongoing positions come back identical.
        assert_eq!(back, *pos);
        assert_eq!(back.repetition_key(), pos.repetition_key());
    }
    let setup = pos.to_setup();
    assert_eq!(
        Setup::parse(Variant::Stockholm, &setup.to_string()).unwrap(),
        setup
    );
    // Every move's notation reads back as the same move, unless two paths share it.
    for mv in &moves {
        let s = pos.move_to_string(mv);
        assert_eq!(pos.parse_move(&s).unwrap(), *mv, "{s}");
        // Captures are all of one length under the maximum rule.
        if pos.options().max_capture {
            assert_eq!(mv.captured().len(), moves[0].captured().len());
        }
    }
    moves
}

proptest! {
    #![proptest_config(crate::proptest_config(128))]

    #[test]
    fn random_playouts_are_sane(seed in any::<u64>(), set in 0usize..16) {
        let mut pos = Stockholm::new(options(set)).unwrap();
        let mut rng = seed | 1;
        for _ in 0..250 {
            let moves = check_position(&pos);
            if moves.is_empty() {
                break;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let mv = moves[(rng % moves.len() as u64) as usize];
            let before = pos.clone();
            pos = pos.play(&mv).unwrap();
            // The piece count drops by exactly the captured pieces.
            let count = |p: &Stockholm| p.to_setup().board.iter().flatten().count();
            prop_assert_eq!(count(&before), count(&pos) + mv.captured().len());
        }
        match pos.status() {
            Status::Ongoing => prop_assert!(pos.turn().is_some()),
            Status::Won { winners, reason } => {
                prop_assert_eq!(winners.len(), 1);
                prop_assert!(matches!(reason, EndReason::CapturedAll | EndReason::Blocked));
                prop_assert_eq!(pos.eliminated().len(), 1);
            }
            Status::Drawn { seats, reason } => {
                prop_assert_eq!(seats.len(), 2);
                prop_assert_eq!(reason, EndReason::NoProgress);
            }
        }
    }

    #[test]
    fn garbage_position_strings_give_the_right_errors(text in "\\PC{0,60}") {
        if let Ok(setup) = Setup::parse(Variant::Stockholm, &text) {
            let checked = Stockholm::from_setup(&setup, StockholmOptions::default(), Problems::all());
            refusals::setup_answer(&setup, Problems::all(), &checked)?;
        }
        let read = Stockholm::from_position_string(&text, StockholmOptions::default());
        refusals::position_answer(Variant::Stockholm, &text, &read)?;
    }

    #[test]
    fn structured_position_strings_are_checked_with_the_right_error(
        text in "[WBRG-]:W(K?[a-h][1-8],){0,14}:B(K?[a-h][1-8],){0,14}(:np=[0-9]{1,3})?(:out=[WBR]{1,2})?",
        set in 0usize..16,
        waive in any::<bool>(),
    ) {
        let waive = if waive { Problems::all() } else { Problems::empty() };
        if let Ok(setup) = Setup::parse(Variant::Stockholm, &text) {
            let checked = Stockholm::from_setup(&setup, options(set), waive);
            refusals::setup_answer(&setup, waive, &checked)?;
            if let Ok(pos) = checked {
                check_position(&pos);
                let _ = pos.status();
                let _ = pos.eliminated();
            }
        }
    }

    #[test]
    fn garbage_moves_give_the_right_errors(text in "\\PC{0,30}", moved in "[a-h][1-8]([-x:][a-h][1-8]){1,4}") {
        let start = Stockholm::new(StockholmOptions::default()).unwrap();
        let mid = Stockholm::from_position_string("W:WKa1,e5,f2:Bb4,b6,d4,g3,g5", options(1)).unwrap();
        for pos in [&start, &mid] {
            let legal = refusals::legal_with_texts(&pos.legal_moves(), |m| pos.move_to_string(m));
            for t in [&text, &moved] {
                let answer = pos.parse_move(t);
                refusals::move_answer(Variant::Stockholm, t, &answer, &legal)?;
                if let Ok(mv) = answer {
                    prop_assert!(pos.is_legal(&mv));
                }
            }
        }
    }

    #[test]
    fn garbage_options_give_the_right_errors(key in "\\PC{0,30}", value in "\\PC{0,10}") {
        let mut o = StockholmOptions::default();
        let answer = o.set(&key, &value);
        refusals::option_answer(&key, &answer, &StockholmOptions::default(), &o)?;
        for spec in StockholmOptions::SPECS {
            let mut o = StockholmOptions::default();
            let answer = o.set(spec.key, &value);
            refusals::option_answer(spec.key, &answer, &StockholmOptions::default(), &o)?;
            if answer.is_ok() {
                let _ = o.validate();
                let _ = Stockholm::new(o);
            }
        }
    }
}

/// A move generated by another position is refused by `play`, which returns the position
/// untouched.
#[test]
fn foreign_moves_are_refused() {
    let a = Stockholm::new(StockholmOptions::default()).unwrap();
    let b = Stockholm::from_position_string("W:WKa1:Bc3,f4", StockholmOptions::default()).unwrap();
    for mv in b.legal_moves() {
        let err = a.clone().play(&mv).unwrap_err();
        assert_eq!(err.position, a);
    }
}
