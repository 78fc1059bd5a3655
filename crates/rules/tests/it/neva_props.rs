//! Property tests for Neva checkers: random playouts, round trips, and random input refused
//! with the typed error it deserves, nothing changed (`refusals`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::refusals;
use proptest::prelude::*;
use rules::{
    AnyMove, Departure, GameOptions, Neva, NevaOptions, Piece, Position, Problems, Role, Seat,
    SeatSet, Setup, Square, Status, Variant,
};

fn option_sets() -> Vec<NevaOptions> {
    [
        vec![],
        vec![("teams", "true")],
        vec![("seats", "2")],
        vec![("seats", "3")],
        vec![("seats", "red,green,black"), ("blocked", "pass")],
        vec![("blocked", "pass_unless_two"), ("departed", "inert")],
        vec![
            ("departed", "inert"),
            ("teams", "true"),
            ("no_progress", "1"),
        ],
        vec![
            ("blocked", "pass"),
            ("departed", "inert"),
            ("seats", "red,black"),
        ],
    ]
    .into_iter()
    .map(|p| NevaOptions::from_pairs(p).unwrap())
    .collect()
}

fn playing(pos: &Neva) -> SeatSet {
    let out = pos
        .eliminated()
        .iter()
        .fold(SeatSet::EMPTY, |a, &g| a.union(g));
    pos.seats().minus(out)
}

/// The status and turn agree with each other and with the seats still playing.
fn assert_sane(pos: &Neva) {
    let live = playing(pos);
    // The three sinks of the one traversal agree: list, count, early exit.
    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal(), moves.len() as u64);
    let mut any = AnyMove::default();
    pos.generate(&mut any);
    assert_eq!(any.0, !moves.is_empty());
    match pos.status() {
        Status::Ongoing => {
            let seat = pos.turn().expect("ongoing games have a seat to move");
            assert!(live.contains(seat));
            assert!(
                !pos.legal_moves().is_empty(),
                "the seat to move can act (§8.1)"
            );
            assert!(live.len() >= 2);
        }
        Status::Won { winners, .. } => {
            assert_eq!(pos.turn(), None);
            assert!(pos.legal_moves().is_empty());
            assert!(!winners.is_empty());
            assert!(
                live.minus(winners).is_empty(),
                "nobody outside the winners plays"
            );
            if pos.options().teams {
                assert_eq!(winners.len(), 2);
            } else {
                assert_eq!(winners, live);
            }
        }
        Status::Drawn { seats, .. } => {
            assert_eq!(pos.turn(), None);
            assert_eq!(seats, live);
        }
    }
    // Groups are disjoint and within the seats.
    let mut seen = SeatSet::EMPTY;
    for g in pos.eliminated() {
        assert!(!g.is_empty() && g.intersect(seen).is_empty());
        assert!(pos.seats().minus(g).len() < pos.seats().len());
        seen = seen.union(g);
    }
    assert_eq!(
        pos.ranking().iter().map(|g| g.len()).sum::<usize>(),
        pos.seats().len()
    );
}

fn round_trip(pos: &Neva) {
    let text = pos.position_string();
    let setup = Setup::parse(Variant::Neva, &text).unwrap();
    assert_eq!(setup, pos.to_setup(), "{text}");
    let again = Neva::from_setup(&setup, *pos.options(), Problems::empty())
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(again.position_string(), text);
    assert_eq!(again.repetition_key(), pos.repetition_key());
    if pos.status().is_ongoing() {
        assert_eq!(&again, pos);
    } else {
        // The string does not record why the last seat went out; the kind of result does.
        assert_eq!(
            std::mem::discriminant(&again.status()),
            std::mem::discriminant(&pos.status())
        );
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(96))]

    /// Random playouts (with random departures) never panic, keep a sane status, and every
    /// position round-trips through its string; every move round-trips through notation.
    #[test]
    fn random_playouts(seed in any::<u64>(), which in 0usize..8, departures in 0u32..4) {
        let o = option_sets()[which];
        let mut pos = Neva::new(o).unwrap();
        let mut rng = seed | 1;
        let mut next = move || { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; rng };
        for _ in 0..400 {
            assert_sane(&pos);
            round_trip(&pos);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for mv in &moves {
                let text = pos.move_to_string(mv);
                prop_assert_eq!(pos.parse_move(&text).unwrap(), *mv);
                let with_notes = format!("{text}!! – King");
                prop_assert_eq!(pos.parse_move(&with_notes).unwrap(), *mv);
            }
            if departures > 0 && next() % 97 == 0 {
                let seat = Seat::ALL[(next() % 4) as usize];
                let how = [Departure::Resign, Departure::Leave, Departure::Timeout][(next() % 3) as usize];
                let _ = pos.depart(seat, how);
                continue;
            }
            let mv = moves[(next() % moves.len() as u64) as usize];
            pos = pos.play(&mv).unwrap();
        }
        assert_sane(&pos);
    }

    /// Moves of one position offered to another are refused or played, never a panic.
    #[test]
    fn foreign_moves_are_checked(seed in any::<u64>(), steps in 0usize..60) {
        let o = NevaOptions::default();
        let mut a = Neva::new(o).unwrap();
        let mut rng = seed | 1;
        let mut next = move || { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; rng };
        let mut pool = Vec::new();
        for _ in 0..steps {
            let moves = a.legal_moves();
            if moves.is_empty() { break; }
            pool.extend_from_slice(&moves);
            a = a.play(&moves[(next() % moves.len() as u64) as usize]).unwrap();
        }
        for mv in pool {
            match a.play(&mv) {
                Ok(p) => assert_sane(&p),
                Err(e) => prop_assert_eq!(e.position, a),
            }
        }
    }

    #[test]
    fn random_position_strings_are_refused_with_the_right_error(text in "[WRGBK0-9:,=\\-outnpK ]{0,48}") {
        let read = Neva::from_position_string(&text, NevaOptions::default());
        refusals::position_answer(Variant::Neva, &text, &read)?;
        if let Ok(setup) = Setup::parse(Variant::Neva, &text) {
            for o in option_sets() {
                let checked = Neva::from_setup(&setup, o, Problems::all());
                refusals::setup_answer(&setup, Problems::all(), &checked)?;
                if let Ok(pos) = checked {
                    assert_sane(&pos);
                    round_trip(&pos);
                }
            }
        }
    }

    #[test]
    fn random_text_is_refused_with_the_right_error(text in "\\PC{0,40}") {
        let pos = Neva::new(NevaOptions::default()).unwrap();
        let legal = refusals::legal_with_texts(&pos.legal_moves(), |m| pos.move_to_string(m));
        refusals::move_answer(Variant::Neva, &text, &pos.parse_move(&text), &legal)?;
        let read = Neva::from_position_string(&text, NevaOptions::default());
        refusals::position_answer(Variant::Neva, &text, &read)?;
        for key in ["seats", "teams", "blocked", "departed", "repetition", "no_progress", &text] {
            let mut o = NevaOptions::default();
            let answer = o.set(key, &text);
            refusals::option_answer(key, &answer, &NevaOptions::default(), &o)?;
            if answer.is_ok() {
                let _ = o.validate();
            }
        }
    }

    #[test]
    fn random_moves_are_legal_or_refused_with_the_right_error(text in "K?[0-9]{2}([-:x][0-9]{2}){0,6}( ?[!?]{0,2})") {
        let pos = Neva::new(NevaOptions::default()).unwrap();
        let answer = pos.parse_move(&text);
        let legal = refusals::legal_with_texts(&pos.legal_moves(), |m| pos.move_to_string(m));
        refusals::move_answer(Variant::Neva, &text, &answer, &legal)?;
        if let Ok(mv) = answer {
            prop_assert!(pos.is_legal(&mv));
        }
    }

    /// Arbitrary setups (pieces anywhere on the grid, any seats, any eliminations and
    /// counters) are checked: a refusal names its problems; accepted ones are playable.
    #[test]
    fn random_setups_are_checked_with_the_right_error(
        cells in proptest::collection::vec((0u8..64, 0u8..4, any::<bool>()), 0..30),
        seat_bits in 0u8..16,
        turn in 0u8..5,
        out in proptest::collection::vec(0u8..16, 0..4),
        np in any::<u16>(),
        which in 0usize..8,
        waive in any::<u32>(),
    ) {
        let mut setup = Setup::empty(Variant::Neva);
        setup.seats = SeatSet::from_bits(seat_bits);
        for (i, seat, king) in cells {
            let role = if king { Role::King } else { Role::Man };
            setup.board[usize::from(i)] = Some(Piece { seat: Seat::ALL[usize::from(seat)], role });
        }
        setup.turn = Seat::from_index(usize::from(turn));
        setup.eliminated = out.into_iter().map(SeatSet::from_bits).collect();
        setup.no_progress = np;
        let o = option_sets()[which];
        let waive = Problems::from_bits_truncate(waive);
        let checked = Neva::from_setup(&setup, o, waive);
        refusals::setup_answer(&setup, waive, &checked)?;
        if let Ok(mut pos) = checked {
            assert_sane(&pos);
            for _ in 0..20 {
                let moves = pos.legal_moves();
                let Some(mv) = moves.first() else { break };
                pos = pos.play(mv).unwrap();
                assert_sane(&pos);
            }
        }
        let _ = Square::ALL;
    }
}
