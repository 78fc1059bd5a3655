//! Neva checkers: the seed's training game (spec §7.1) and one position test per rule and
//! option (spec §2, §6, §8).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rules::notation::{IllegalReason, MoveError};
use rules::{
    Blocked, DepartError, Departure, EndReason, GameOptions, Move, Neva, NevaOptions, Piece,
    Position, Problems, Role, Seat, SeatSet, Setup, Square, Status, Variant,
};

const W: Seat = Seat::Morning;
const R: Seat = Seat::Day;
const G: Seat = Seat::Evening;
const B: Seat = Seat::Night;

fn opts(pairs: &[(&str, &str)]) -> NevaOptions {
    NevaOptions::from_pairs(pairs.iter().copied()).unwrap()
}

fn at(text: &str, options: NevaOptions) -> Neva {
    Neva::from_position_string(text, options).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn at4(text: &str) -> Neva {
    at(text, NevaOptions::default())
}

fn legal(pos: &Neva) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_to_string(m))
        .collect();
    v.sort();
    v
}

fn set(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play(pos: Neva, text: &str) -> Neva {
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e} in {}", pos.position_string()));
    pos.play(&mv).unwrap()
}

fn sq(name: &str) -> Square {
    Variant::Neva.parse_square(name).unwrap()
}

fn piece(pos: &Neva, name: &str) -> Option<(Seat, Role)> {
    pos.piece_at(sq(name)).map(|p| (p.seat, p.role))
}

fn seats(list: &[Seat]) -> SeatSet {
    SeatSet::of(list)
}

// ---------------------------------------------------------------------------------------
// The training game (spec §7.1), from tests/data/neva-training-game.txt.

#[path = "../data/training_game.rs"]
mod training;

use training::Line;

fn training_game() -> Vec<Line> {
    training::lines()
}

/// THE FIRST TEST: the training game replays move for move under the defaults, with every
/// finding of spec §7.1.
#[test]
fn training_game_replays() {
    let lines = training_game();
    assert_eq!(lines.len(), 57, "56 slots and the resignation");
    let mut pos = Neva::new(NevaOptions::default()).unwrap();
    assert_eq!(pos.turn(), Some(W), "replays start with White (spec §8.5)");
    let (mut moves, mut nulls, mut captures) = (0, 0, 0);
    for line in &lines {
        let slot = match line {
            Line::Slot(s) => s,
            Line::Resign(seat) => {
                pos.depart(*seat, Departure::Resign).unwrap();
                continue;
            }
        };
        let (round, seat, text) = (slot.round, slot.seat, slot.text.as_str());
        let ctx = format!("round {round} {seat} `{text}`");
        if text == "-" {
            // A null slot: the seat is out and is skipped.
            nulls += 1;
            assert_ne!(pos.turn(), Some(seat), "{ctx}");
            assert!(pos.eliminated().iter().any(|g| g.contains(seat)), "{ctx}");
            continue;
        }
        moves += 1;
        assert_eq!(pos.turn(), Some(seat), "{ctx}");
        let all = legal(&pos);
        let mv = pos
            .parse_move(text)
            .unwrap_or_else(|e| panic!("{ctx}: {e}"));
        // The record shows a capture exactly where one was compulsory.
        let recorded_capture = text.contains(':');
        assert_eq!(mv.is_capture(), recorded_capture, "{ctx}");
        let capture_exists = pos.legal_moves().iter().any(Move::is_capture);
        assert_eq!(capture_exists, recorded_capture, "{ctx}: {all:?}");
        if recorded_capture {
            captures += 1;
        }
        match (round, seat) {
            // The three round-5 replies were forced (spec §7.1).
            (5, s) if s != W => assert_eq!(all.len(), 1, "{ctx}: {all:?}"),
            (6, W) => {
                // Four complete sequences, three of them take six pieces.
                assert_eq!(all.len(), 4, "{all:?}");
                let six = pos
                    .legal_moves()
                    .iter()
                    .filter(|m| m.captured().len() == 6)
                    .count();
                assert_eq!(six, 3);
                assert!(mv.path().contains(&sq("61")), "passes its corner");
                assert!(!mv.promotes());
            }
            (6, B) => {
                assert_eq!(all, set(&["22:42:62:64:66", "23:25", "33:31:11"]));
                assert!(mv.promotes());
            }
            (7, B) => assert_eq!(all, set(&["12:32", "K66:36:16"])),
            (11, W) => assert!(mv.promotes()),
            (12, W) => assert_eq!(all, set(&["K61:64", "K61:65"])),
            (12, B) => assert_eq!(all, set(&["K66:61", "K66:62", "K66:63"])),
            _ => {}
        }
        pos = pos.play(&mv).unwrap();
        match (round, seat) {
            (6, W) => {
                assert_eq!(piece(&pos, "21"), Some((W, Role::Man)), "not crowned");
                assert_eq!(pos.pieces_of(G).count(), 2, "one third of Green's men");
            }
            (6, B) => {
                assert_eq!(piece(&pos, "66"), Some((B, Role::King)));
                assert_eq!(pos.eliminated(), vec![seats(&[G])], "Green out");
            }
            (10, B) => assert_eq!(pos.eliminated(), vec![seats(&[G]), seats(&[R])]),
            (11, W) => assert_eq!(piece(&pos, "61"), Some((W, Role::King))),
            (12, B) => {
                assert_eq!(piece(&pos, "61"), Some((B, Role::King)));
                assert_eq!(
                    pos.pieces_of(W).filter(|&(_, r)| r == Role::King).count(),
                    0
                );
            }
            (14, B) => {
                // The expected final position (spec §7.1).
                assert_eq!(pos.position_string(), "W:W24,25:R:G:BK21,33:out=G,R");
                assert_eq!(pos.turn(), Some(W));
                assert_eq!(legal(&pos), set(&["24-34", "24-23", "25-35"]));
            }
            _ => {}
        }
        assert_eq!(pos.status(), Status::Ongoing, "{ctx}");
    }
    assert_eq!((moves, nulls, captures), (44, 12, 11));
    assert_eq!(
        pos.status(),
        Status::Won {
            winners: seats(&[B]),
            reason: EndReason::Departed(Departure::Resign)
        }
    );
    assert_eq!(pos.turn(), None);
    assert!(pos.legal_moves().is_empty());
    assert_eq!(
        pos.ranking(),
        vec![seats(&[B]), seats(&[W]), seats(&[R]), seats(&[G])]
    );
}

/// Helper trait for the tests: a seat's pieces as (square, role).
trait PiecesOf {
    fn pieces_of(&self, seat: Seat) -> std::vec::IntoIter<(Square, Role)>;
}

impl PiecesOf for Neva {
    fn pieces_of(&self, seat: Seat) -> std::vec::IntoIter<(Square, Role)> {
        Square::ALL
            .into_iter()
            .filter_map(|s| match self.piece_at(s) {
                Some(Piece { seat: o, role }) if o == seat => Some((s, role)),
                _ => None,
            })
            .collect::<Vec<_>>()
            .into_iter()
    }
}

/// Readings the record rules out (spec §7.1): a man must be crowned by a capture that ends
/// on its corner, or Black's 7th move `K66:36:16` is impossible.
#[test]
fn training_game_alternatives() {
    let lines = training_game();
    let mut pos = Neva::new(NevaOptions::default()).unwrap();
    for line in &lines {
        let Line::Slot(slot) = line else { continue };
        if slot.text == "-" {
            continue;
        }
        if (slot.round, slot.seat) == (7, B) {
            // Both the king capture (its maximum, 2) and the man capture are legal.
            let k = pos.parse_move("K66:36:16").unwrap();
            assert_eq!(k.captured(), &[sq("46"), sq("26")]);
            assert!(pos.parse_move("12:32").is_ok());
            // The short form of the king's capture is unambiguous.
            assert_eq!(pos.parse_move("K66:16").unwrap(), k);
            // Landing short of the second capture is not a complete sequence.
            assert!(pos.parse_move("K66:36").is_err());
        }
        pos = play(pos, &slot.text);
    }
}

// ---------------------------------------------------------------------------------------
// Start positions, seats and turn order (spec §2.1, §2.2, §6 N12, §8.5).

#[test]
fn start_position_four_seats() {
    let pos = Neva::new(NevaOptions::default()).unwrap();
    assert_eq!(
        pos.position_string(),
        "W:W14,15,16,25,26,36:R46,55,56,64,65,66:G41,51,52,61,62,63:B11,12,13,21,22,31"
    );
    assert_eq!(pos.seats(), SeatSet::ALL);
    assert_eq!(legal(&pos), set(&["14-24", "25-35", "25-24", "36-35"]));
    // Clockwise: White, Red, Green, Black.
    let pos = play(pos, "25-24");
    assert_eq!(pos.turn(), Some(R));
    assert_eq!(legal(&pos), set(&["64-54", "55-45", "55-54", "46-45"]));
    let pos = play(pos, "55-54");
    assert_eq!(pos.turn(), Some(G));
    assert_eq!(legal(&pos), set(&["52-42", "63-53", "41-42", "52-53"]));
    let pos = play(pos, "52-42");
    assert_eq!(pos.turn(), Some(B));
    assert_eq!(legal(&pos), set(&["22-32", "13-23", "31-32", "22-23"]));
    let pos = play(pos, "31-32");
    assert_eq!(pos.turn(), Some(W));
}

#[test]
fn two_seats_sit_opposite() {
    let o = opts(&[("seats", "2")]);
    let pos = Neva::new(o).unwrap();
    assert_eq!(pos.seats(), seats(&[W, G]));
    assert_eq!(
        pos.position_string(),
        "W:W14,15,16,25,26,36:G41,51,52,61,62,63"
    );
    let pos = play(pos, "25-24");
    assert_eq!(pos.turn(), Some(G));
    let pos = play(pos, "52-42");
    assert_eq!(pos.turn(), Some(W));
    // Red and Black: Red is the first seated player (spec §8.5).
    let pos = Neva::new(opts(&[("seats", "red,black")])).unwrap();
    assert_eq!(pos.turn(), Some(R));
    let pos = play(pos, "55-54");
    assert_eq!(pos.turn(), Some(B));
}

#[test]
fn three_seats_skip_the_empty_corner() {
    let pos = Neva::new(opts(&[("seats", "3")])).unwrap();
    assert_eq!(pos.seats(), seats(&[W, R, G]));
    assert_eq!(piece(&pos, "11"), None, "Night's corner starts empty");
    let pos = play(play(play(pos, "25-24"), "55-54"), "52-42");
    assert_eq!(pos.turn(), Some(W));
    let pos = Neva::new(opts(&[("seats", "green,black,red")])).unwrap();
    assert_eq!(pos.turn(), Some(R), "first seated in the order W, R, G, B");
    let pos = play(play(pos, "55-54"), "52-42");
    assert_eq!(pos.turn(), Some(B));
    assert_eq!(play(pos, "31-32").turn(), Some(R));
}

#[test]
fn turn_field_decides_the_first_seat() {
    let start = "B:W14,15,16,25,26,36:R46,55,56,64,65,66:G41,51,52,61,62,63:B11,12,13,21,22,31";
    let pos = at4(start);
    assert_eq!(pos.turn(), Some(B));
    assert_eq!(play(pos, "31-32").turn(), Some(W));
}

// ---------------------------------------------------------------------------------------
// Men (spec §2.3).

#[test]
fn men_step_forward_only() {
    let board = "W22:R55:G52:B25";
    assert_eq!(legal(&at4(&format!("W:{board}"))), set(&["22-32", "22-21"]));
    assert_eq!(legal(&at4(&format!("R:{board}"))), set(&["55-45", "55-54"]));
    assert_eq!(legal(&at4(&format!("G:{board}"))), set(&["52-42", "52-53"]));
    assert_eq!(legal(&at4(&format!("B:{board}"))), set(&["25-35", "25-26"]));
}

#[test]
fn men_capture_in_all_four_directions_over_every_seat() {
    // Forward (43 Red, 32 Red) and backward (23 Green, 34 Black) for White.
    let pos = at4("W:W33:R32,43:G23:B34");
    assert_eq!(legal(&pos), set(&["33:53", "33:13", "33:35", "33:31"]));
}

#[test]
fn capture_is_compulsory() {
    let pos = at4("W:W33,15:R43:G62:B11");
    assert_eq!(legal(&pos), set(&["33:53"]));
    match pos.parse_move("15-25") {
        Err(MoveError::Illegal { reason, .. }) => {
            assert_eq!(reason, Some(IllegalReason::CaptureCompulsory))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn men_must_continue_and_choose_any_complete_sequence() {
    // 31:33 then either 43 (Green) or 34 (Black) then 45: men need not take the most (N8).
    let pos = at4("W:W31:R32:G43,45:B34");
    assert_eq!(legal(&pos), set(&["31:33:53", "31:33:35:55"]));
    assert!(
        pos.parse_move("31:33").is_err(),
        "a man cannot stop halfway"
    );
    let after = play(pos, "31:33:53");
    assert_eq!(piece(&after, "53"), Some((W, Role::Man)));
    assert_eq!(piece(&after, "45"), Some((G, Role::Man)));
}

#[test]
fn jumped_pieces_stay_until_the_move_ends() {
    // A loop back to the start square: the start counts as empty once left, jumped pieces
    // cannot be jumped twice (spec §1.1). Both directions round the loop are moves.
    let pos = at4("W:W22:R32,43:G34:B23");
    assert_eq!(legal(&pos), set(&["22:42:44:24:22", "22:24:44:42:22"]));
    match pos.parse_move("22:22") {
        Err(MoveError::Ambiguous { candidates, .. }) => assert_eq!(candidates.len(), 2),
        other => panic!("{other:?}"),
    }
    let mv = pos.parse_move("22:42:44:24:22").unwrap();
    assert_eq!(mv.origin(), mv.destination());
    let after = pos.play(&mv).unwrap();
    assert_eq!(piece(&after, "22"), Some((W, Role::Man)));
    // Red, Green and Black all lost their last pieces with one move: one group (N11).
    assert_eq!(after.eliminated(), vec![seats(&[R, G, B])]);
    assert_eq!(
        after.status(),
        Status::Won {
            winners: seats(&[W]),
            reason: EndReason::CapturedAll
        }
    );
    assert_eq!(after.turn(), None);
    assert_eq!(after.ranking(), vec![seats(&[W]), seats(&[R, G, B])]);
}

// ---------------------------------------------------------------------------------------
// Kings (spec §2.4, §1.3).

#[test]
fn kings_fly_in_four_directions() {
    let pos = at("G:W65:GK33", opts(&[("seats", "2")]));
    let mut expected = vec![];
    for s in ["13", "23", "43", "53", "63", "31", "32", "34", "35", "36"] {
        expected.push(format!("K33-{s}"));
    }
    assert_eq!(
        legal(&pos),
        set(&expected.iter().map(|s| s.as_str()).collect::<Vec<_>>())
    );
}

#[test]
fn king_landing_choice() {
    // No further capture: any empty square beyond.
    let pos = at("G:W31,35:GK11", opts(&[("seats", "2")]));
    assert_eq!(legal(&pos), set(&["K11:41", "K11:51", "K11:61"]));
    // A further capture from 51: the king must land there (spec §1.3) and go on.
    let pos = at("G:W31,53:GK11", opts(&[("seats", "2")]));
    assert_eq!(legal(&pos), set(&["K11:51:54", "K11:51:55", "K11:51:56"]));
}

#[test]
fn king_maximum_is_per_king_and_men_are_free() {
    // King 11 can take 2 (13, 15), king 62 can take 3 (64, 45, 33) or fewer (64 alone), the
    // man 52 takes 1: each king must take its own maximum, the man is free (spec §2.4,
    // §2.5, N3 (a)).
    let pos = at("G:W13,15,33,45,53,64:GK11,K62,52", opts(&[("seats", "2")]));
    assert_eq!(
        legal(&pos),
        set(&["K11:14:16", "K62:65:35:32", "K62:65:35:31", "52:54"])
    );
}

#[test]
fn dead_pieces_block_a_king() {
    // After 33, 55 and 46 the king on 36 cannot fly down to 32: 33 is still on the board,
    // dead (spec §1.1). With immediate removal 36:31 would make a fourth capture.
    let pos = at("G:W32,33,46,55:GK13", opts(&[("seats", "2")]));
    assert_eq!(
        legal(&pos),
        set(&["K13:53:56:36", "K13:53:56:26", "K13:53:56:16"])
    );
}

#[test]
fn king_captures_partners_and_inert_pieces_count_for_its_maximum() {
    // Teams: White's king must take its partner Green's men too.
    let pos = at("W:WK11:R66:G13,15:B63", opts(&[("teams", "true")]));
    assert_eq!(legal(&pos), set(&["K11:14:16"]));
}

// ---------------------------------------------------------------------------------------
// Promotion (spec §2.6, N2).

#[test]
fn promotion_by_step() {
    let pos = at4("W:W51:R46:G63:B13");
    let mv = pos.parse_move("51-61").unwrap();
    assert!(mv.promotes());
    let after = pos.play(&mv).unwrap();
    assert_eq!(piece(&after, "61"), Some((W, Role::King)));
    assert_eq!(after.turn(), Some(R));
}

#[test]
fn promotion_by_a_capture_that_ends_on_the_corner_and_it_ends_the_turn() {
    // 46:66 crowns; as a king it could take 64 from 66, but crowning ends the move.
    let pos = at4("B:W56,64:R22:G41:B46");
    assert_eq!(legal(&pos), set(&["46:66"]));
    let after = play(pos, "46:66");
    assert_eq!(piece(&after, "66"), Some((B, Role::King)));
    assert_eq!(piece(&after, "64"), Some((W, Role::Man)));
    assert_eq!(after.turn(), Some(W));
}

#[test]
fn passing_through_the_corner_does_not_crown() {
    let pos = at4("B:W56,65:R22:G41:B46");
    assert_eq!(legal(&pos), set(&["46:66:64"]));
    let mv = pos.parse_move("46:66:64").unwrap();
    assert!(!mv.promotes());
    let after = pos.play(&mv).unwrap();
    assert_eq!(piece(&after, "64"), Some((B, Role::Man)));
}

// ---------------------------------------------------------------------------------------
// Eliminations and the end of the game (spec §2.7, §2.10, N11).

#[test]
fn eliminations_after_a_move_share_a_group_and_play_goes_on() {
    // White takes Red's and Green's last men in one move; Black plays on.
    let pos = at4("W:W31:R32:G34:B13");
    assert_eq!(legal(&pos), set(&["31:33:35"]));
    let after = play(pos, "31:33:35");
    assert_eq!(after.eliminated(), vec![seats(&[R, G])]);
    assert_eq!(after.status(), Status::Ongoing);
    assert_eq!(after.turn(), Some(B));
    assert_eq!(after.position_string(), "B:W35:R:G:B13:out=RG");
}

#[test]
fn eliminated_seats_are_skipped() {
    let pos = at4("W:W14:R:G63:B11:out=R");
    let pos = play(pos, "14-24");
    assert_eq!(pos.turn(), Some(G));
    let pos = play(pos, "63-53");
    assert_eq!(pos.turn(), Some(B));
    let pos = play(pos, "11-21");
    assert_eq!(pos.turn(), Some(W));
}

// ---------------------------------------------------------------------------------------
// Blocked seats (spec §2.7, N4, §8.1, §8.3).

/// White moves 36-35; then Red (21) is blocked: its step 11 is taken, it cannot jump off
/// the board, and nothing else is next to it.
const RED_BLOCKED: &str = "W:W36:R21:G63:B11";

#[test]
fn blocked_seat_is_eliminated_by_default() {
    let after = play(at4(RED_BLOCKED), "36-35");
    assert_eq!(after.eliminated(), vec![seats(&[R])]);
    assert_eq!(piece(&after, "21"), None, "pieces removed (N5 (a))");
    assert_eq!(after.turn(), Some(G), "the elimination is not a ply (§8.1)");
    assert_eq!(after.status(), Status::Ongoing);
}

#[test]
fn blocked_seat_with_inert_pieces() {
    let o = opts(&[("departed", "inert")]);
    let after = play(at(RED_BLOCKED, o), "36-35");
    assert_eq!(after.eliminated(), vec![seats(&[R])]);
    assert_eq!(
        piece(&after, "21"),
        Some((R, Role::Man)),
        "stays, inert (§8.2)"
    );
    let after = play(after, "63-53");
    // Black must capture the inert man (§8.2).
    assert_eq!(after.turn(), Some(B));
    assert_eq!(legal(&after), set(&["11:31"]));
    let after = play(after, "11:31");
    assert_eq!(after.turn(), Some(W), "Red is never to move");
}

#[test]
fn blocked_seat_passes() {
    let o = opts(&[("blocked", "pass")]);
    let after = play(at(RED_BLOCKED, o), "36-35");
    assert!(after.eliminated().is_empty());
    assert_eq!(after.turn(), Some(G));
    assert_eq!(piece(&after, "21"), Some((R, Role::Man)));
    assert_eq!(after.to_setup().to_string(), "G:W35:R21:G63:B11");
}

#[test]
fn pass_unless_two_passes_with_more_players() {
    let o = opts(&[("blocked", "pass_unless_two")]);
    let after = play(at(RED_BLOCKED, o), "36-35");
    assert!(after.eliminated().is_empty());
    assert_eq!(after.turn(), Some(G));
}

/// White and Red are left; after 36-35 Red (21) is blocked (11 and 31 White, 41 White).
const RED_BLOCKED_TWO_LEFT: &str = "W:W11,31,41,36:R21:G:B:out=G,B";

#[test]
fn pass_unless_two_eliminates_when_two_are_left() {
    for (value, eliminated) in [
        ("pass_unless_two", true),
        ("PassUnlessTwoLeft", true),
        ("eliminate", true),
        ("pass", false),
    ] {
        let o = opts(&[("blocked", value)]);
        let after = play(at(RED_BLOCKED_TWO_LEFT, o), "36-35");
        if eliminated {
            assert_eq!(
                after.status(),
                Status::Won {
                    winners: seats(&[W]),
                    reason: EndReason::Blocked
                },
                "{value}"
            );
            assert_eq!(after.turn(), None);
        } else {
            assert_eq!(after.status(), Status::Ongoing);
            assert_eq!(after.turn(), Some(W), "Red passed");
        }
    }
}

/// White (11, 31) and Red (21, 41, 51) are both blocked.
const BOTH_BLOCKED: &str = "W:W11,31:R21,41,51:G:B:out=G,B";

#[test]
fn everybody_blocked() {
    // Eliminate: White, to move and blocked, goes out at once.
    let pos = at4(BOTH_BLOCKED);
    assert_eq!(
        pos.status(),
        Status::Won {
            winners: seats(&[R]),
            reason: EndReason::Blocked
        }
    );
    assert_eq!(pos.eliminated().last(), Some(&seats(&[W])));
    // Pass: nobody can move, the game is drawn among them.
    let o = opts(&[("blocked", "pass")]);
    let pos = at(BOTH_BLOCKED, o);
    assert_eq!(
        pos.status(),
        Status::Drawn {
            seats: seats(&[W, R]),
            reason: EndReason::Blocked
        }
    );
    assert_eq!(pos.turn(), None);
    let again = Neva::from_setup(&pos.to_setup(), o, Problems::empty()).unwrap();
    assert_eq!(again.status(), pos.status());
    // Pass unless two: two are left, so White is eliminated.
    let pos = at(BOTH_BLOCKED, opts(&[("blocked", "pass_unless_two")]));
    assert_eq!(pos.turn(), None);
    assert_eq!(pos.eliminated().last(), Some(&seats(&[W])));
}

// ---------------------------------------------------------------------------------------
// Departures (spec §2.7, §8.2).

#[test]
fn resign_on_and_off_turn() {
    let mut pos = Neva::new(NevaOptions::default()).unwrap();
    pos.depart(R, Departure::Resign).unwrap();
    assert_eq!(pos.turn(), Some(W), "not Red's turn: White still moves");
    assert_eq!(piece(&pos, "66"), None, "pieces removed");
    pos.depart(W, Departure::Leave).unwrap();
    assert_eq!(pos.turn(), Some(G), "White's turn passes on");
    assert_eq!(pos.eliminated(), vec![seats(&[R]), seats(&[W])]);
    assert_eq!(
        pos.depart(W, Departure::Resign),
        Err(DepartError::AlreadyOut(W))
    );
    pos.depart(B, Departure::Timeout).unwrap();
    assert_eq!(
        pos.status(),
        Status::Won {
            winners: seats(&[G]),
            reason: EndReason::Departed(Departure::Timeout)
        }
    );
    assert_eq!(pos.depart(G, Departure::Resign), Err(DepartError::GameOver));
    assert_eq!(
        pos.ranking(),
        vec![seats(&[G]), seats(&[B]), seats(&[W]), seats(&[R])]
    );
}

#[test]
fn depart_errors() {
    let mut pos = Neva::new(opts(&[("seats", "2")])).unwrap();
    assert_eq!(
        pos.depart(R, Departure::Resign),
        Err(DepartError::NotPlaying(R))
    );
    pos.depart(G, Departure::Resign).unwrap();
    assert_eq!(
        pos.status(),
        Status::Won {
            winners: seats(&[W]),
            reason: EndReason::Departed(Departure::Resign)
        }
    );
}

#[test]
fn departed_pieces_stay_inert() {
    let o = opts(&[("departed", "StayInert")]);
    let mut pos = Neva::new(o).unwrap();
    pos.depart(W, Departure::Resign).unwrap();
    assert_eq!(pos.turn(), Some(R));
    assert_eq!(piece(&pos, "25"), Some((W, Role::Man)));
    assert_eq!(
        pos.position_string(),
        "R:W14,15,16,25,26,36:R46,55,56,64,65,66:G41,51,52,61,62,63:B11,12,13,21,22,31:out=W"
    );
    // White never moves again: after Black, Red.
    let pos = play(play(play(pos, "55-54"), "52-42"), "31-32");
    assert_eq!(pos.turn(), Some(R));
}

#[test]
fn inert_pieces_are_captured_and_never_move() {
    let o = opts(&[("departed", "inert")]);
    // White (out) has an inert man on 45 next to Red's man 55: Red must take it.
    let pos = at("R:W45:R55:G52:B11:out=W", o);
    assert_eq!(legal(&pos), set(&["55:35"]));
    let pos = play(pos, "55:35");
    assert_eq!(pos.turn(), Some(G));
    let pos = play(play(pos, "52-42"), "11-12");
    assert_eq!(pos.turn(), Some(R), "White is skipped");
    // Inert pieces count for a king's maximum: 2 (13, 15) beats 1 (41).
    let pos = at("B:W13,15,41:R33:G22:BK11:out=W", o);
    assert_eq!(legal(&pos), set(&["K11:14:16"]));
    // With `remove`, an eliminated seat holding pieces is not a legal position.
    let err =
        Neva::from_position_string("R:W45:R55:G52:B11:out=W", NevaOptions::default()).unwrap_err();
    assert!(err.to_string().contains("eliminated"), "{err}");
}

#[test]
fn departure_can_leave_the_seat_to_move_blocked() {
    // White's only move is the backward capture 51:31 over Red's 41. Red resigns: White
    // is now blocked and eliminated, and Green moves (spec §2.7, §8.1).
    let mut pos = at4("W:W51:R41:G61:B13");
    assert_eq!(legal(&pos), set(&["51:31"]));
    pos.depart(R, Departure::Resign).unwrap();
    assert_eq!(pos.eliminated(), vec![seats(&[R]), seats(&[W])]);
    assert_eq!(pos.turn(), Some(G));
}

// ---------------------------------------------------------------------------------------
// Teams (spec §2.8, N7, §8.4).

#[test]
fn teams_partners_are_capturable_and_capture_is_compulsory() {
    let o = opts(&[("teams", "true")]);
    let pos = at("W:W33,15:R66:G34:B11", o);
    assert_eq!(legal(&pos), set(&["33:35"]));
    // Taking the partner's last man eliminates the partner; the team plays on.
    let after = play(pos, "33:35");
    assert_eq!(after.eliminated(), vec![seats(&[G])]);
    assert_eq!(after.status(), Status::Ongoing);
    assert_eq!(after.turn(), Some(R));
}

#[test]
fn a_team_wins_when_both_opponents_are_out() {
    let o = opts(&[("teams", "true")]);
    // Black is out; White takes Red's last man: the team White + Green wins.
    let pos = at("W:W33:R43:G62:B:out=B", o);
    let after = play(pos, "33:53");
    assert_eq!(
        after.status(),
        Status::Won {
            winners: seats(&[W, G]),
            reason: EndReason::CapturedAll
        }
    );
    // Without teams the same move leaves White and Green playing.
    let pos = at4("W:W33:R43:G62:B:out=B");
    let after = play(pos, "33:53");
    assert_eq!(after.status(), Status::Ongoing);
    assert_eq!(after.turn(), Some(G));
    // A team whose partner is out still wins as a team.
    let pos = at("W:W33:R43:G:B:out=G,B", o);
    let after = play(pos, "33:53");
    assert_eq!(
        after.status(),
        Status::Won {
            winners: seats(&[W, G]),
            reason: EndReason::CapturedAll
        }
    );
    // One opponent left: no winner yet.
    let pos = at("W:W33:R43,66:G:B:out=G,B", o);
    assert_eq!(play(pos, "33:53").status(), Status::Ongoing);
}

#[test]
fn teams_resignation_is_per_player() {
    let mut pos = Neva::new(opts(&[("teams", "true")])).unwrap();
    pos.depart(R, Departure::Resign).unwrap();
    assert_eq!(pos.status(), Status::Ongoing);
    pos.depart(B, Departure::Resign).unwrap();
    assert_eq!(
        pos.status(),
        Status::Won {
            winners: seats(&[W, G]),
            reason: EndReason::Departed(Departure::Resign)
        }
    );
}

// ---------------------------------------------------------------------------------------
// Draw rules (spec §2.7 (b), (c), N10).

#[test]
fn no_progress_draw_counts_full_rounds_of_king_moves() {
    // One round (no_progress = 1) of two seats is two plies of king moves.
    let o = opts(&[("seats", "2"), ("no_progress", "1")]);
    let pos = at("W:WK11:GK66", o);
    let pos = play(pos, "K11-12");
    assert_eq!(pos.no_progress(), 1);
    assert_eq!(pos.position_string(), "G:WK12:GK66:np=1");
    assert_eq!(pos.status(), Status::Ongoing);
    let pos = play(pos, "K66-65");
    assert_eq!(
        pos.status(),
        Status::Drawn {
            seats: seats(&[W, G]),
            reason: EndReason::NoProgress
        }
    );
    assert_eq!(pos.turn(), None);
    assert!(pos.legal_moves().is_empty());
    // The default is 15 rounds: 30 plies with two seats, 60 with four.
    let o = opts(&[("seats", "2")]);
    let mut pos = at("W:WK11:GK66", o);
    for i in 0..30 {
        assert_eq!(pos.status(), Status::Ongoing, "ply {i}");
        let text = ["K11-12", "K66-65", "K12-11", "K65-66"][i % 4];
        pos = play(pos, text);
    }
    assert!(matches!(
        pos.status(),
        Status::Drawn {
            reason: EndReason::NoProgress,
            ..
        }
    ));
    // 0 turns the rule off.
    let o = opts(&[("seats", "2"), ("no_progress", "0")]);
    let mut pos = at("W:WK11:GK66", o);
    for text in ["K11-12", "K66-65", "K12-11", "K65-66"].repeat(20) {
        pos = play(pos, text);
    }
    assert_eq!(pos.status(), Status::Ongoing);
}

#[test]
fn man_moves_and_captures_reset_the_counter() {
    let o = opts(&[("seats", "2"), ("no_progress", "2")]);
    let pos = at("W:WK11,24:GK66,53:np=3", o);
    let pos = play(pos, "24-34");
    assert_eq!(pos.no_progress(), 0);
    let pos = play(pos, "K66-56");
    assert_eq!(pos.no_progress(), 1);
    let pos = at("G:WK11,52:GK66,53:np=3", o);
    let pos = play(pos, "53:51");
    assert_eq!(pos.no_progress(), 0);
}

#[test]
fn repetition_key_and_limit() {
    let o = opts(&[("seats", "2")]);
    let a = at("W:WK11:GK66", o);
    let b = play(play(play(play(a, "K11-12"), "K66-65"), "K12-11"), "K65-66");
    assert_eq!(
        a.repetition_key(),
        b.repetition_key(),
        "same position, counter ignored"
    );
    assert_ne!(a.no_progress(), b.no_progress());
    let c = at("G:WK11:GK66", o);
    assert_ne!(a.repetition_key(), c.repetition_key(), "seat to move");
    // The same pieces with Red playing or out (inert) are different positions.
    let o = opts(&[("departed", "inert")]);
    let playing = at("W:WK11:RK22:GK66:B:out=B", o);
    let inert = at("W:WK11:RK22:GK66:B:out=B,R", o);
    assert_ne!(playing.repetition_key(), inert.repetition_key());
    assert_eq!(NevaOptions::default().repetition_limit(), 3);
    assert_eq!(opts(&[("repetition", "0")]).repetition_limit(), 0);
}

// ---------------------------------------------------------------------------------------
// Options (spec §6).

#[test]
fn options_keys_values_and_spellings() {
    let d = NevaOptions::default();
    let keys: Vec<&str> = NevaOptions::SPECS.iter().map(|s| s.key).collect();
    assert_eq!(
        keys,
        [
            "seats",
            "teams",
            "blocked",
            "departed",
            "repetition",
            "no_progress"
        ]
    );
    for spec in NevaOptions::SPECS {
        assert_eq!(
            d.get(spec.key).as_deref(),
            Some(spec.default),
            "{}",
            spec.key
        );
    }
    assert_eq!(d.seats, SeatSet::ALL);
    assert!(!d.teams);
    assert_eq!(d.blocked, Blocked::Eliminate);
    assert_eq!(d.departed, rules::Departed::Remove);
    assert_eq!((d.draw.repetition, d.draw.no_progress), (3, 15));
    assert!(d.non_default_pairs().is_empty());

    for (value, expected) in [
        ("2", "white,green"),
        ("3", "white,red,green"),
        ("4", "white,red,green,black"),
        ("white, green", "white,green"),
        ("black,red", "red,black"),
        ("Morning,Day,Night", "white,red,black"),
        ("w,r,g,b", "white,red,green,black"),
    ] {
        assert_eq!(
            opts(&[("seats", value)]).get("seats").as_deref(),
            Some(expected)
        );
    }
    for (value, expected) in [
        ("pass", "pass"),
        ("Pass", "pass"),
        ("PassUnlessTwoLeft", "pass_unless_two"),
        ("pass_unless_two", "pass_unless_two"),
        ("Eliminate", "eliminate"),
    ] {
        assert_eq!(
            opts(&[("blocked", value)]).get("blocked").as_deref(),
            Some(expected)
        );
    }
    for (value, expected) in [
        ("inert", "inert"),
        ("StayInert", "inert"),
        ("remove", "remove"),
    ] {
        assert_eq!(
            opts(&[("departed", value)]).get("departed").as_deref(),
            Some(expected)
        );
    }
    let o = opts(&[("teams", "yes"), ("repetition", "0"), ("no_progress", "40")]);
    assert_eq!(
        o.non_default_pairs(),
        vec![
            ("teams", "true".to_string()),
            ("repetition", "0".to_string()),
            ("no_progress", "40".to_string())
        ]
    );
    assert_eq!(o.no_progress_plies(4), 160);

    for (k, v) in [
        ("seats", "1"),
        ("seats", "white"),
        ("seats", "white,red"), // two seats sit opposite (N12)
        ("seats", "white,white"),
        ("seats", "purple,green"),
        ("seats", ""),
        ("teams", "maybe"),
        ("blocked", "skip"),
        ("departed", "vanish"),
        ("repetition", "1"),
        ("repetition", "-3"),
        ("no_progress", "100000"),
        ("colour", "white"),
    ] {
        assert!(NevaOptions::from_pairs([(k, v)]).is_err(), "{k}={v}");
    }
    assert!(NevaOptions::from_pairs([("seats", "3"), ("teams", "true")]).is_err());
    assert!(NevaOptions::from_pairs([("seats", "2"), ("teams", "true")]).is_err());
    assert!(Neva::new(NevaOptions {
        teams: true,
        seats: seats(&[W, R, G]),
        ..d
    })
    .is_err());
}

// ---------------------------------------------------------------------------------------
// Position strings and validation (contract: from_setup).

#[test]
fn position_strings_round_trip() {
    for text in [
        "W:W14,15,16,25,26,36:R46,55,56,64,65,66:G41,51,52,61,62,63:B11,12,13,21,22,31",
        "W:W24,25:R:G:BK21,33:out=G,R",
        "B:W35:R:G:B13:out=RG",
        "G:WK12:RK21:G33,K66:BK11:np=7",
    ] {
        let pos = at4(text);
        assert_eq!(pos.position_string(), text);
        let again = Neva::from_setup(&pos.to_setup(), *pos.options(), Problems::empty()).unwrap();
        assert_eq!(again, pos);
    }
}

fn problems(text: &str, o: NevaOptions) -> Problems {
    let setup = Setup::parse(Variant::Neva, text).unwrap();
    Neva::from_setup(&setup, o, Problems::empty())
        .map(|_| Problems::empty())
        .unwrap_or_else(|e| e.problems)
}

#[test]
fn setup_problems() {
    let d = NevaOptions::default();
    assert_eq!(problems("W:W14:G63", d), Problems::SEATS);
    assert_eq!(
        problems("W:W14:G63", opts(&[("seats", "2")])),
        Problems::empty()
    );
    assert_eq!(
        problems("W:W11,12,13,14,15,16,21:R66:G61:B33", d),
        Problems::TOO_MANY_PIECES
    );
    assert_eq!(
        problems("R:W14:R66:G61:B33:out=R", d),
        Problems::TURN | Problems::ELIMINATED
    );
    assert_eq!(problems("R:W14:R:G61:B33:out=R", d), Problems::TURN);
    assert_eq!(problems("-:W14:R66:G63:B33", d), Problems::TURN);
    assert_eq!(problems("W:W14:R:G:B:out=R,G,B", d), Problems::TURN);
    assert_eq!(problems("-:W14:R:G:B:out=R,G,B", d), Problems::empty());
    assert_eq!(problems("W:W61:R66:G63:B33", d), Problems::MAN_ON_PROMOTION);
    assert_eq!(problems("W:W14:R:G63:B33", d), Problems::ELIMINATED);
    assert_eq!(
        problems("W:W14:R66:G63:B33:out=R", d),
        Problems::ELIMINATED,
        "eliminated with pieces while departed pieces are removed"
    );
    assert_eq!(
        problems("W:W14:R66:G63:B33:out=R", opts(&[("departed", "inert")])),
        Problems::empty()
    );
    let o = opts(&[("seats", "2"), ("no_progress", "1")]);
    assert_eq!(
        problems("W:WK14:GK63:np=3", o),
        Problems::COUNTER | Problems::TURN
    );
    assert_eq!(problems("-:WK14:GK63:np=3", o), Problems::COUNTER);
    assert_eq!(problems("-:WK14:GK63:np=2", o), Problems::empty());
    assert_eq!(problems("W:WK14:GK63:np=2", o), Problems::TURN);

    // Fields of other games, and squares off the lattice, in hand-built setups.
    let mut setup = Setup::parse(Variant::Neva, "W:W14:R66:G63:B33").unwrap();
    setup.reserves[W] = 2;
    setup.owed_drop = seats(&[W]);
    setup.hot = Some(sq("14"));
    setup.last_step[W] = Some((sq("14"), sq("24")));
    setup.board[7] = Some(Piece {
        seat: W,
        role: Role::Man,
    }); // file 8: off the lattice
    let err = Neva::from_setup(&setup, d, Problems::empty()).unwrap_err();
    assert_eq!(
        err.problems,
        Problems::RESERVE
            | Problems::OWED_DROP
            | Problems::HOT
            | Problems::REVERSE
            | Problems::OFF_BOARD
    );
    let mut setup = Setup::parse(Variant::Neva, "W:W14:G63").unwrap();
    setup.board[sq("55").index()] = Some(Piece {
        seat: R,
        role: Role::King,
    });
    let err = Neva::from_setup(&setup, opts(&[("seats", "2")]), Problems::empty()).unwrap_err();
    assert_eq!(err.problems, Problems::ABSENT_OWNER);

    // Waiving: only the waivable checks.
    let setup = Setup::parse(Variant::Neva, "W:W61,14:R66:G63:B33").unwrap();
    let pos = Neva::from_setup(&setup, d, Problems::MAN_ON_PROMOTION).unwrap();
    assert_eq!(legal(&pos), set(&["14-24", "14-13"]));
    let setup = Setup::parse(Variant::Neva, "W:W14:R:G63:B33").unwrap();
    assert!(Neva::from_setup(&setup, d, Problems::all()).is_err());
}

#[test]
fn blocked_seat_to_move_in_a_setup_is_handled() {
    // Red to move and blocked: eliminated at once, Green moves (§8.1).
    let pos = at4("R:W35:R21:G63:B11");
    assert_eq!(pos.turn(), Some(G));
    assert_eq!(pos.eliminated(), vec![seats(&[R])]);
}

#[cfg(feature = "serde")]
#[test]
fn options_serde() {
    let o = opts(&[
        ("seats", "2"),
        ("blocked", "PassUnlessTwoLeft"),
        ("departed", "inert"),
    ]);
    let json = serde_json::to_string(&o).unwrap();
    assert!(json.contains(r#""seats":"white,green""#), "{json}");
    assert!(json.contains(r#""blocked":"pass_unless_two""#), "{json}");
    assert!(json.contains(r#""departed":"inert""#), "{json}");
    let back: NevaOptions = serde_json::from_str(&json).unwrap();
    assert_eq!(back, o);
    let partial: NevaOptions = serde_json::from_str(r#"{"teams":true}"#).unwrap();
    assert_eq!(
        partial,
        NevaOptions {
            teams: true,
            ..NevaOptions::default()
        }
    );
    assert!(serde_json::from_str::<NevaOptions>(r#"{"seats":"purple"}"#).is_err());
}
