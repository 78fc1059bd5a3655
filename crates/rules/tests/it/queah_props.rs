//! Property tests for Queah: random playouts, round trips, and garbage input refused with
//! the typed error it deserves, nothing changed (`refusals`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::refusals;
use proptest::prelude::*;
use rules::{
    Departure, GameOptions, Piece, Position, Problems, Queah, QueahOptions, Role, Seat, SeatSet,
    Setup, Square, Status, Variant,
};

/// Option sets covering every option (see also tests/queah_reference.rs).
fn option_set(i: usize) -> QueahOptions {
    let timing = [
        "drop_then_move",
        "move_then_drop",
        "drop_instead_of_move",
        "deferred_drop",
    ];
    let b = |bit: usize| if i >> bit & 1 == 1 { "true" } else { "false" };
    QueahOptions::from_pairs([
        ("drop_timing", timing[i % 4]),
        ("o_edge_ring", b(2)),
        ("o_edge_centre", b(3)),
        ("o_centre", b(4)),
        ("capture_mandatory", b(5)),
        (
            "dropped_piece_may_move",
            if i >> 6 & 1 == 1 { "false" } else { "true" },
        ),
        (
            "no_reverse_move",
            if i >> 7 & 1 == 1 { "false" } else { "true" },
        ),
        ("no_progress", ["40", "0", "7", "100"][i >> 8 & 3]),
    ])
    .unwrap()
}

/// Checks everything a position promises about itself.
fn check_position(p: &Queah) -> Result<(), TestCaseError> {
    let moves = p.legal_moves();
    prop_assert_eq!(p.count_legal(), moves.len() as u64);
    let mut any = rules::AnyMove::default();
    p.generate(&mut any);
    prop_assert_eq!(any.0, !moves.is_empty());
    let status = p.status();
    match p.turn() {
        Some(seat) => {
            prop_assert!(status.is_ongoing());
            prop_assert!(!moves.is_empty(), "a seat to move can act");
            prop_assert!(seat == Seat::WHITE || seat == Seat::BLACK);
            prop_assert!(p.eliminated().is_empty());
        }
        None => {
            prop_assert!(!status.is_ongoing());
            prop_assert!(moves.is_empty());
            match status {
                Status::Won { winners, .. } => {
                    prop_assert_eq!(winners.len(), 1);
                    prop_assert_eq!(p.eliminated(), vec![SeatSet::TWO.minus(winners)]);
                }
                Status::Drawn { seats, .. } => prop_assert_eq!(seats, SeatSet::TWO),
                Status::Ongoing => unreachable!(),
            }
        }
    }
    // Position strings round-trip, and so does the position itself.
    let setup = p.to_setup();
    let text = setup.to_string();
    prop_assert_eq!(&Setup::parse(Variant::Queah, &text).unwrap(), &setup);
    let back = Queah::from_setup(&setup, *p.options(), Problems::empty());
    prop_assert!(back.is_ok(), "{}: {:?}", text, back.err());
    let back = back.unwrap();
    prop_assert_eq!(back.status(), status);
    prop_assert_eq!(back.legal_moves(), moves.clone());
    // Equal in behaviour; equal as values while the game goes on (a finished game's string
    // does not say whose turn it would have been, nor how a seat departed).
    prop_assert_eq!(back.to_setup(), setup);
    if status.is_ongoing() {
        prop_assert_eq!(&back, p);
    }
    // Every generated move is accepted, and its notation names it.
    for m in &moves {
        prop_assert!(p.clone().play(m).is_ok());
        let t = p.move_to_string(m);
        prop_assert_eq!(p.parse_move(&t).unwrap(), *m, "{}", t);
    }
    Ok(())
}

proptest! {
    #![proptest_config(crate::proptest_config(96))]

    #[test]
    fn random_playouts_are_sane(set in 0usize..1024, choices in prop::collection::vec(any::<u32>(), 0..250), resign in any::<Option<(u8, bool)>>()) {
        let mut p = Queah::new(option_set(set)).unwrap();
        check_position(&p)?;
        for (ply, c) in choices.iter().enumerate() {
            if let Some((at, white)) = resign {
                if usize::from(at) == ply {
                    let seat = if white { Seat::WHITE } else { Seat::BLACK };
                    let ongoing = p.status().is_ongoing();
                    prop_assert_eq!(p.depart(seat, Departure::Leave).is_ok(), ongoing);
                }
            }
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[*c as usize % moves.len()];
            p = p.play(&mv).unwrap();
            check_position(&p)?;
        }
        // Pieces never exceed the start counts.
        for seat in [Seat::WHITE, Seat::BLACK] {
            let on_board = Square::ALL.iter().filter(|&&s| p.piece_at(s).is_some_and(|x| x.seat == seat)).count();
            prop_assert!(on_board <= 4);
            prop_assert!(on_board + usize::from(p.reserve(seat)) <= 10);
        }
    }

    #[test]
    fn random_position_strings_are_refused_with_the_right_error(text in "[WBR-]?(:[WBRG]?[a-f1-6K,]{0,14}){0,4}(:(reserve|owe|rev|np|out|hot)=[WBRG0-9a-f,-]{0,8}){0,4}") {
        let read = Queah::from_position_string(&text, QueahOptions::default());
        refusals::position_answer(Variant::Queah, &text, &read)?;
        if let Ok(setup) = Setup::parse(Variant::Queah, &text) {
            for waive in [Problems::empty(), Problems::WAIVABLE] {
                let checked = Queah::from_setup(&setup, QueahOptions::default(), waive);
                refusals::setup_answer(&setup, waive, &checked)?;
                if let Ok(p) = checked {
                    let _ = p.legal_moves();
                    let _ = p.status();
                }
            }
        }
    }

    #[test]
    fn arbitrary_text_is_refused_with_the_right_error(text in "\\PC{0,40}") {
        let p = Queah::new(QueahOptions::default()).unwrap();
        let legal = refusals::legal_with_texts(&p.legal_moves(), |m| p.move_to_string(m));
        refusals::move_answer(Variant::Queah, &text, &p.parse_move(&text), &legal)?;
        let read = Queah::from_position_string(&text, QueahOptions::default());
        refusals::position_answer(Variant::Queah, &text, &read)?;
        for key in [text.as_str(), "drop_timing", "no_progress"] {
            let mut o = QueahOptions::default();
            let answer = o.set(key, &text);
            refusals::option_answer(key, &answer, &QueahOptions::default(), &o)?;
        }
    }

    #[test]
    fn random_move_texts_are_played_or_refused_with_the_right_error(set in 0usize..1024, text in "(@[a-f][0-6],)?[a-f][0-6]([-x:][a-f][0-6]){0,3}(,@[a-f][0-6])?") {
        let p = Queah::from_position_string("W:Wa1,e1,e5:Bb2,d2,d4,a5:reserve=W1,B6:owe=W", option_set(set & !3)).unwrap();
        let answer = p.parse_move(&text);
        let legal = refusals::legal_with_texts(&p.legal_moves(), |m| p.move_to_string(m));
        refusals::move_answer(Variant::Queah, &text, &answer, &legal)?;
        if let Ok(m) = answer {
            prop_assert!(p.clone().play(&m).is_ok());
        }
    }

    #[test]
    fn random_options_are_set_or_refused_unchanged(key in prop::sample::select(QueahOptions::SPECS.iter().map(|s| s.key).chain(["x", ""]).collect::<Vec<_>>()), value in "[a-zA-Z_0-9-]{0,16}") {
        let mut o = QueahOptions::default();
        match o.set(key, &value) {
            Ok(()) => {
                let canon = o.get(key).unwrap();
                let mut again = QueahOptions::default();
                again.set(key, &canon).unwrap();
                prop_assert_eq!(again, o);
                if o.validate().is_ok() {
                    prop_assert!(Queah::new(o).is_ok());
                }
            }
            Err(_) => prop_assert_eq!(o, QueahOptions::default()),
        }
    }

    #[test]
    fn random_setups_are_checked_with_the_right_error(
        cells in prop::collection::vec((0u8..40, 0u8..4, any::<bool>()), 0..16),
        seats in 0u8..16,
        turn in 0u8..6,
        reserves in any::<[u8; 4]>(),
        owe in 0u8..16,
        rev in prop::collection::vec((0u8..4, 0u8..40, 0u8..40), 0..3),
        np in 0u16..60,
        out in prop::collection::vec(0u8..16, 0..3),
        waive in any::<u32>(),
        set in 0usize..1024,
        walk in prop::collection::vec(any::<u16>(), 0..20),
    ) {
        let mut s = Setup::empty(Variant::Queah);
        for (sq, seat, king) in cells {
            s.board[usize::from(sq)] = Some(Piece {
                seat: Seat::from_index(usize::from(seat)).unwrap(),
                role: if king && sq % 7 == 0 { Role::King } else { Role::Man },
            });
        }
        s.seats = SeatSet::from_bits(seats);
        s.turn = Seat::from_index(usize::from(turn));
        for (i, r) in reserves.iter().enumerate() {
            s.reserves[Seat::from_index(i).unwrap()] = r % 12;
        }
        s.owed_drop = SeatSet::from_bits(owe);
        for (seat, a, b) in rev {
            s.last_step[Seat::from_index(usize::from(seat)).unwrap()] =
                Some((Square::new(a).unwrap(), Square::new(b).unwrap()));
        }
        s.no_progress = np;
        s.eliminated = out.into_iter().map(SeatSet::from_bits).filter(|g| !g.is_empty()).collect();
        let o = option_set(set);
        let waive = Problems::from_bits_truncate(waive);
        let checked = Queah::from_setup(&s, o, waive);
        refusals::setup_answer(&s, waive, &checked)?;
        match checked {
            Err(_) => {}
            Ok(mut p) => {
                let _ = p.to_setup().to_string();
                for w in walk {
                    let moves = p.legal_moves();
                    prop_assert_eq!(p.count_legal(), moves.len() as u64);
                    if moves.is_empty() {
                        break;
                    }
                    p = p.play(&moves[usize::from(w) % moves.len()]).unwrap();
                }
                let _ = p.status();
            }
        }
    }
}

proptest! {
    #![proptest_config(crate::proptest_config(256))]

    /// Setups one edit away from reachable positions: mostly legal or nearly so.
    #[test]
    fn mutated_setups_are_checked_not_trusted(
        set in 0usize..1024,
        walk in prop::collection::vec(any::<u16>(), 0..40),
        edit in 0u8..8,
        a in 0u8..64,
        b in 0u8..64,
        n in 0u8..12,
    ) {
        let o = option_set(set);
        let mut p = Queah::new(o).unwrap();
        for w in walk {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            p.play_unchecked(&moves[usize::from(w) % moves.len()]);
        }
        let mut s = p.to_setup();
        let (sa, sb) = (Square::new(a).unwrap(), Square::new(b).unwrap());
        let seat = if a % 2 == 0 { Seat::WHITE } else { Seat::BLACK };
        match edit {
            0 => s.board[usize::from(a)] = None,
            1 => s.board[usize::from(a)] = Some(Piece { seat, role: Role::Man }),
            2 => s.reserves[seat] = n,
            3 => s.owed_drop = SeatSet::only(seat),
            4 => s.last_step[seat] = Some((sa, sb)),
            5 => s.no_progress = u16::from(n) * 4,
            6 => s.turn = s.turn.map_or(Some(seat), |t| Some(if t == Seat::WHITE { Seat::BLACK } else { Seat::WHITE })),
            _ => s.eliminated = vec![SeatSet::only(seat)],
        }
        match Queah::from_setup(&s, o, Problems::empty()) {
            Ok(q) => {
                // A position accepted from a setup behaves like any other.
                prop_assert_eq!(q.to_setup().to_string(), s.to_string());
                check_position(&q)?;
            }
            Err(e) => prop_assert!(!e.problems.is_empty()),
        }
    }
}
