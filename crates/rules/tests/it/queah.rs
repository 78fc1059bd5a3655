//! Queah rules (spec §3, §6 Q1-Q7, §8.6-8.10) and the seed's rules (seed 001, sections 4.x),
//! each checked on positions built from position strings.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rules::notation::{IllegalReason, MoveError};
use rules::{
    DepartError, Departure, DropTiming, EndReason, GameOptions, Piece, Position, PositionError,
    Problems, Queah, QueahOptions, Role, Seat, SeatSet, Setup, Square, Status, Variant,
};

const START: &str = "W:Wc1,e1,b2,d2:Bb4,d4,a5,c5:reserve=W6,B6";

fn opts(pairs: &[(&str, &str)]) -> QueahOptions {
    QueahOptions::from_pairs(pairs.iter().copied()).unwrap()
}

fn pos(text: &str, pairs: &[(&str, &str)]) -> Queah {
    Queah::from_position_string(text, opts(pairs)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Queah) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|m| p.move_to_string(m))
        .collect();
    v.sort();
    assert_eq!(
        p.count_legal(),
        v.len() as u64,
        "bulk count of {}",
        p.position_string()
    );
    v
}

fn list(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

fn play(p: Queah, text: &str) -> Queah {
    let mv = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(&mv).unwrap()
}

fn problems(text: &str, pairs: &[(&str, &str)]) -> Problems {
    let setup = Setup::parse(Variant::Queah, text).unwrap();
    match Queah::from_setup(&setup, opts(pairs), Problems::empty()) {
        Ok(_) => Problems::empty(),
        Err(e) => e.problems,
    }
}

fn won(seat: Seat, reason: EndReason) -> Status {
    Status::Won {
        winners: SeatSet::only(seat),
        reason,
    }
}

// ---- Board, start, standard moves (spec §3.1-3.3; seed 4.1-4.4) ----

#[test]
fn start_position_seed_4_1() {
    let p = Queah::new(QueahOptions::default()).unwrap();
    assert_eq!(p.position_string(), START);
    assert_eq!(p.turn(), Some(Seat::WHITE));
    assert_eq!(p.reserve(Seat::WHITE), 6);
    assert_eq!(p.reserve(Seat::BLACK), 6);
    assert_eq!(p.reserve(Seat::Day), 0);
    assert_eq!(p.seats(), SeatSet::TWO);
    let c1 = Variant::Queah.parse_square("c1").unwrap();
    assert_eq!(
        p.piece_at(c1),
        Some(Piece {
            seat: Seat::WHITE,
            role: Role::Man
        })
    );
    assert_eq!(moves(&p), list("b2-a1 b2-a3 b2-c3 d2-c3 d2-e3"));
    assert_eq!(p.status(), Status::Ongoing);
    assert!(p.eliminated().is_empty());
}

#[test]
fn standard_links_are_diagonal_seed_4_3_3_1() {
    // Centre: four links; corner of the 3x3: two; extra cell: one (spec §3.1).
    let p = pos("W:Wc3:Ba5", &[]);
    assert_eq!(moves(&p), list("c3-b2 c3-d2 c3-b4 c3-d4"));
    let p = pos("W:Wc1:Be5", &[]);
    assert_eq!(moves(&p), list("c1-b2 c1-d2"));
    let p = pos("W:Wa1:Be5", &[]);
    assert_eq!(moves(&p), list("a1-b2"));
    // Steps go forwards and backwards alike (seed 4.3.2).
    let p = pos("B:Wa1:Bb4", &[]);
    assert_eq!(moves(&p), list("b4-a3 b4-c3 b4-a5 b4-c5"));
}

#[test]
fn captures_are_short_diagonal_jumps_seed_4_4_1() {
    let p = pos("W:Wb2:Bc3", &[]);
    assert_eq!(moves(&p), list("b2-a1 b2-c1 b2-a3 b2xd4"));
    let p = play(p, "b2xd4");
    assert_eq!(p.position_string(), "-:Wd4:B:out=B");
    // No capture over an own piece, nor onto an occupied cell.
    let p = pos("W:Wa1,b2:Be5", &[]);
    assert_eq!(moves(&p), list("b2-c1 b2-a3 b2-c3"));
    let p = pos("W:Wb2:Bc3,d4", &[]);
    assert_eq!(moves(&p), list("b2-a1 b2-c1 b2-a3"));
}

#[test]
fn captures_go_backwards_too_seed_4_4_3() {
    let p = pos("W:Wd4:Bc3", &[]);
    assert_eq!(moves(&p), list("d4xb2 d4-e3 d4-c5 d4-e5"));
    let p = pos("B:Wc3:Bd4", &[]);
    assert_eq!(moves(&p), list("d4xb2 d4-e3 d4-c5 d4-e5"));
}

#[test]
fn one_capture_per_turn_seed_4_4_2() {
    // After a1xc3 the piece could take d4 too, but a turn holds one capture only.
    let p = pos("W:Wa1:Bb2,d4", &[]);
    assert_eq!(moves(&p), list("a1xc3"));
    assert!(p.parse_move("a1xc3xe5").is_err());
    let p = play(p, "a1xc3");
    assert_eq!(p.turn(), Some(Seat::BLACK));
    assert_eq!(p.position_string(), "B:Wc3:Bd4");
}

#[test]
fn capture_not_compulsory_by_default_q3() {
    let p = pos("W:Wb2,e1:Bc3", &[]);
    assert_eq!(moves(&p), list("b2-a1 b2-c1 b2-a3 b2xd4 e1-d2"));
}

#[test]
fn capture_mandatory_option_seed_4_4_6() {
    let o = [("capture_mandatory", "true")];
    let p = pos("W:Wb2,e1:Bc3", &o);
    assert_eq!(moves(&p), list("b2xd4"));
    let err = p.parse_move("e1-d2").unwrap_err();
    assert!(matches!(
        err,
        MoveError::Illegal {
            reason: Some(IllegalReason::CaptureCompulsory),
            ..
        }
    ));
    // Without a capture, steps as usual.
    let p = pos("W:Wb2,e1:Bc5", &o);
    assert_eq!(moves(&p), list("b2-a1 b2-c1 b2-a3 b2-c3 e1-d2"));
}

// ---- Movement schemes (spec §3.5, seed 4.3.3.2-4.3.3.5, 4.4.5) ----

#[test]
fn o_edge_ring_scheme_r7() {
    let o = [("o_edge_ring", "true")];
    let p = pos("W:Wa1,c3:Be5", &o);
    // Along the edge orthogonally; the centre stays diagonal (seed 4.3.3.5).
    assert_eq!(moves(&p), list("a1-b2 a1-c1 a1-a3 c3-b2 c3-d2 c3-b4 c3-d4"));
    let p = pos("W:Wc1:Be5", &o);
    assert_eq!(moves(&p), list("c1-a1 c1-e1 c1-b2 c1-d2"));
    // Captures along the ring lines (seed 4.4.5).
    let p = pos("W:Wa1:Bc1,a3", &o);
    assert_eq!(moves(&p), list("a1-b2 a1xe1 a1xa5"));
    // Not without the option.
    let p = pos("W:Wa1:Bc1,a3", &[]);
    assert_eq!(moves(&p), list("a1-b2"));
}

#[test]
fn o_edge_centre_scheme_r4() {
    let o = [("o_edge_centre", "true")];
    let p = pos("W:Wc3:Ba1", &o);
    assert_eq!(
        moves(&p),
        list("c3-b2 c3-d2 c3-b4 c3-d4 c3-c1 c3-a3 c3-e3 c3-c5")
    );
    let p = pos("W:Wa3:Be5", &o);
    assert_eq!(moves(&p), list("a3-b2 a3-b4 a3-c3"));
    // Lines c1-c3-c5 and a3-c3-e3 become jump lines.
    let p = pos("W:Wc1,a3:Bc3", &o);
    assert_eq!(moves(&p), list("c1-b2 c1-d2 c1xc5 a3-b2 a3-b4 a3xe3"));
    // With the ring only, a3-c3 is no link, so no capture along rank 3.
    let p = pos("W:Wa3:Bc3", &[("o_edge_ring", "true")]);
    assert_eq!(moves(&p), list("a3-a1 a3-a5 a3-b2 a3-b4"));
}

#[test]
fn o_centre_scheme_r3() {
    let o = [("o_centre", "true")];
    let p = pos("W:Wb2:Be5", &o);
    assert_eq!(moves(&p), list("b2-a1 b2-c1 b2-a3 b2-c3 b2-d2 b2-b4"));
    // No straight three-cell line uses a centre O-link: no new capture.
    let p = pos("W:Wb2:Bd2", &o);
    assert_eq!(moves(&p), list("b2-a1 b2-c1 b2-a3 b2-c3 b2-b4"));
    // Edge cells keep their diagonal links only (seed 4.3.3.2).
    let p = pos("W:Wa3:Be5", &o);
    assert_eq!(moves(&p), list("a3-b2 a3-b4"));
}

#[test]
fn all_directions_scheme_r5() {
    let o = [
        ("o_edge_ring", "true"),
        ("o_edge_centre", "true"),
        ("o_centre", "true"),
    ];
    let p = pos("W:Wc3:Ba1", &o);
    assert_eq!(
        moves(&p),
        list("c3-b2 c3-d2 c3-b4 c3-d4 c3-c1 c3-a3 c3-e3 c3-c5")
    );
    let p = pos("W:Wa3:Be5", &o);
    assert_eq!(moves(&p), list("a3-a1 a3-a5 a3-b2 a3-b4 a3-c3"));
    let p = pos("W:Wd4:Be5", &o);
    assert_eq!(moves(&p), list("d4-c3 d4-e3 d4-c5 d4-d2 d4-b4"));
}

// ---- Drops (spec §3.4, seed 4.5.1.x, 4.5.2, §8.7-8.10) ----

/// White a1 e1 e5 are blocked by Black b2 d2 c3 d4; White owes a drop.
const BLOCKED_OWES: &str = "W:Wa1,e1,e5:Bb2,d2,c3,d4:reserve=W1:owe=W";
/// White a1 e1 e5 can each take a piece landing on c3; White owes a drop.
const CAPTURES_OWES: &str = "W:Wa1,e1,e5:Bb2,d2,d4,a5:reserve=W1:owe=W";

#[test]
fn capture_makes_the_loser_owe_a_drop() {
    let p = Queah::new(QueahOptions::default()).unwrap();
    let p = play(p, "d2-c3");
    let p = play(p, "b4xd2");
    assert_eq!(
        p.position_string(),
        "W:Wc1,e1,b2:Bd2,d4,a5,c5:reserve=W6,B6:owe=W"
    );
    let all = moves(&p);
    assert!(all.iter().all(|m| m.starts_with('@') && m.contains(',')));
    assert!(all.contains(&"@c3,b2-a3".to_string()));
    // The dropped piece may itself move (dropped_piece_may_move = true).
    assert!(all.contains(&"@c3,c3-b4".to_string()));
    let err = p.parse_move("b2-a3").unwrap_err();
    assert!(matches!(
        err,
        MoveError::Illegal {
            reason: Some(IllegalReason::DropOwed),
            ..
        }
    ));
    let p = play(p, "@c3,b2-a3");
    assert_eq!(p.reserve(Seat::WHITE), 5);
    assert_eq!(
        p.position_string(),
        "B:Wc1,e1,a3,c3:Bd2,d4,a5,c5:reserve=W5,B6:rev=Wb2-a3"
    );
}

#[test]
fn drop_then_move_seed_4_5_1_2() {
    // Drop on any empty cell (seed 4.5.2), then move any piece, the dropped one included.
    let p = pos(BLOCKED_OWES, &[]);
    assert_eq!(
        moves(&p),
        list(
            "@c1,c1xa3 @c1,c1xe3 @a3,a3-b4 @a3,a3xc1 @e3,e3xc1 @e3,e3xc5 \
             @b4,b4-a3 @b4,b4-a5 @b4,b4-c5 @a5,a5-b4 @c5,c5-b4 @c5,c5xe3"
        )
    );
}

#[test]
fn dropped_piece_may_not_move_and_drop_alone_ends_the_turn() {
    // Seed 4.5.1.2 read strictly; the other pieces are blocked, so each drop is the whole
    // turn (spec §3.4: no move after a mandatory drop ends the turn, not the game).
    let p = pos(BLOCKED_OWES, &[("dropped_piece_may_move", "false")]);
    assert_eq!(moves(&p), list("@c1 @a3 @e3 @b4 @a5 @c5"));
    let p = play(p, "@b4");
    assert_eq!(p.turn(), Some(Seat::BLACK));
    assert_eq!(p.reserve(Seat::WHITE), 0);
}

#[test]
fn drop_then_move_judges_compulsory_capture_after_the_drop_8_7() {
    let o = [("capture_mandatory", "true")];
    // The drop creates captures for the dropped piece: per drop cell, captures if any.
    let p = pos(BLOCKED_OWES, &o);
    assert_eq!(
        moves(&p),
        list(
            "@c1,c1xa3 @c1,c1xe3 @a3,a3xc1 @e3,e3xc1 @e3,e3xc5 \
             @b4,b4-a3 @b4,b4-a5 @b4,b4-c5 @a5,a5-b4 @c5,c5xe3"
        )
    );
    // The drop may block one's own captures: on c3 it fills the landing cell of all three.
    let p = pos(CAPTURES_OWES, &o);
    let all = moves(&p);
    let on_c3: Vec<&String> = all.iter().filter(|m| m.starts_with("@c3")).collect();
    assert_eq!(on_c3, ["@c3,c3-b4"]);
    assert!(all.contains(&"@c1,a1xc3".to_string()));
    assert!(!all.contains(&"@c1,c1-b2".to_string()));
    // Dropped piece frozen and every capture blocked: the drop alone.
    let p = pos(
        CAPTURES_OWES,
        &[
            ("capture_mandatory", "true"),
            ("dropped_piece_may_move", "false"),
        ],
    );
    assert!(moves(&p).contains(&"@c3".to_string()));
}

#[test]
fn move_then_drop_seed_4_5_1_1() {
    let o = [("drop_timing", "move_then_drop")];
    let p = pos(CAPTURES_OWES, &o);
    let all = moves(&p);
    // Three captures, each followed by a drop on any cell empty after it, including the
    // cell the piece left and the captured cell.
    assert_eq!(all.len(), 21);
    let a1: Vec<String> = all
        .iter()
        .filter(|m| m.starts_with("a1"))
        .cloned()
        .collect();
    assert_eq!(
        a1,
        list("a1xc3,@a1 a1xc3,@c1 a1xc3,@b2 a1xc3,@a3 a1xc3,@e3 a1xc3,@b4 a1xc3,@c5")
    );
    let p = play(p, "a1xc3,@a1");
    // Black has no reserve to drop from, so it owes nothing.
    assert_eq!(p.position_string(), "B:Wa1,e1,c3,e5:Bd2,d4,a5");
    let p = pos("W:Wc1,e1,b2,d2:Bc3,a5,c5,e5:reserve=W6,B6", &o);
    let p = play(p, "b2xd4");
    assert_eq!(
        p.position_string(),
        "B:Wc1,e1,d2,d4:Ba5,c5,e5:reserve=W6,B6:owe=B"
    );
    let all = moves(&p);
    assert!(all.iter().all(|m| m.contains(",@")));
}

#[test]
fn move_then_drop_without_a_move_drops_alone_8_8() {
    let p = pos(BLOCKED_OWES, &[("drop_timing", "move_then_drop")]);
    assert_eq!(moves(&p), list("@c1 @a3 @e3 @b4 @a5 @c5"));
}

#[test]
fn drop_instead_of_move_seed_4_5_1_3() {
    let p = pos(CAPTURES_OWES, &[("drop_timing", "drop_instead_of_move")]);
    assert_eq!(moves(&p), list("@c1 @c3 @a3 @e3 @b4 @c5"));
    let p = play(p, "@c3");
    assert_eq!(p.position_string(), "B:Wa1,e1,c3,e5:Bb2,d2,d4,a5");
    // Without an owed drop the turn is a move.
    let p = pos(
        "W:Wa1,e1,e5,c1:Bb2,d2,d4,a5:reserve=W1",
        &[("drop_timing", "DropInsteadOfMove")],
    );
    assert!(moves(&p).iter().all(|m| !m.contains('@')));
}

#[test]
fn drop_instead_of_move_even_when_capture_is_compulsory_8_10() {
    let p = pos(
        CAPTURES_OWES,
        &[
            ("drop_timing", "drop_instead_of_move"),
            ("capture_mandatory", "true"),
        ],
    );
    assert_eq!(moves(&p), list("@c1 @c3 @a3 @e3 @b4 @c5"));
}

#[test]
fn deferred_drop_seed_4_5_1_4() {
    let o = [("drop_timing", "deferred_drop")];
    // Fewer than four own pieces on the board and a reserve: a drop is allowed, as a whole
    // turn, beside the moves.
    let p = pos("W:Wa1,e1,e5:Bb2,d2,d4,a5:reserve=W1", &o);
    assert_eq!(moves(&p), list("a1xc3 e1xc3 e5xc3 @c1 @c3 @a3 @e3 @b4 @c5"));
    let p2 = play(p.clone(), "@c1");
    assert_eq!(p2.turn(), Some(Seat::BLACK));
    assert_eq!(p2.reserve(Seat::WHITE), 0);
    // A capture owes nothing under deferred drops.
    let p3 = play(p, "a1xc3");
    assert!(!p3.position_string().contains("owe"));
    // Four on the board: no drop.
    let p = pos("W:Wa1,e1,e5,c5:Bb2,d2,d4,a5:reserve=W1", &o);
    assert!(moves(&p).iter().all(|m| !m.contains('@')));
    // No reserve: no drop.
    let p = pos("W:Wa1,e1,e5:Bb2,d2,d4,a5", &o);
    assert_eq!(moves(&p), list("a1xc3 e1xc3 e5xc3"));
}

#[test]
fn deferred_drop_stays_allowed_beside_compulsory_captures_8_9() {
    let o = [
        ("drop_timing", "deferred_drop"),
        ("capture_mandatory", "true"),
    ];
    let p = pos("W:Wa1,e1,e5:Bb2,d2,d4,a5:reserve=W1", &o);
    assert_eq!(moves(&p), list("a1xc3 e1xc3 e5xc3 @c1 @c3 @a3 @e3 @b4 @c5"));
    // No capture available: drops and steps.
    let p = pos("W:Wa1:Be5:reserve=W1", &o);
    assert_eq!(
        moves(&p),
        list("a1-b2 @c1 @e1 @b2 @d2 @a3 @c3 @e3 @b4 @d4 @a5 @c5")
    );
}

#[test]
fn deferred_drop_player_without_pieces_on_board_stays_in_the_game() {
    let o = [("drop_timing", "deferred_drop")];
    let p = pos("W:Wb2:Bc3:reserve=B1", &o);
    let p = play(p, "b2xd4");
    assert_eq!(p.status(), Status::Ongoing);
    assert_eq!(p.turn(), Some(Seat::BLACK));
    assert_eq!(p.position_string(), "B:Wd4:B:reserve=B1");
    assert_eq!(moves(&p).len(), 12);
    let p = play(p, "@c3");
    assert_eq!(p.turn(), Some(Seat::WHITE));
}

// ---- No immediate reversal (spec §3.6, §8.6, seed 4.6, 4.7.3) ----

#[test]
fn no_reverse_bans_stepping_back_seed_4_6() {
    let p = pos("W:Wb2:Be5:rev=Wa1-b2", &[]);
    assert_eq!(moves(&p), list("b2-c1 b2-a3 b2-c3"));
    let p = pos("W:Wb2:Be5", &[("no_reverse_move", "false")]);
    assert_eq!(moves(&p), list("b2-a1 b2-c1 b2-a3 b2-c3"));
    // The memory is refused when the option is off.
    assert_eq!(
        problems("W:Wb2:Be5:rev=Wa1-b2", &[("no_reverse_move", "false")]),
        Problems::REVERSE
    );
}

#[test]
fn no_reverse_memory_is_kept_in_the_position_string() {
    let p = pos("W:Wb2,e1:Be5,a5", &[]);
    let p = play(p, "b2-c3");
    assert_eq!(p.position_string(), "B:We1,c3:Ba5,e5:rev=Wb2-c3:np=1");
    let p = play(p, "e5-d4");
    assert_eq!(
        p.position_string(),
        "W:We1,c3:Bd4,a5:rev=Wb2-c3,Be5-d4:np=2"
    );
    assert!(!moves(&p).contains(&"c3-b2".to_string()));
    // Moving a different piece lifts the ban (seed 4.6: "after he first moves another chip").
    let p = play(p, "e1-d2");
    let p = play(p, "a5-b4");
    assert!(moves(&p).contains(&"c3-b2".to_string()));
    // ... and bans d2-e1 instead.
    assert!(!moves(&p).contains(&"d2-e1".to_string()));
}

#[test]
fn no_reverse_lifted_by_capture_and_by_drop() {
    // The previous turn was a capture: nothing is banned.
    let p = pos("W:Wb2:Bc3,a5", &[]);
    let p = play(p, "b2xd4");
    let p = play(p, "a5-b4");
    assert!(moves(&p).contains(&"d4-c3".to_string()));
    // Deferred drop alone as the turn between: the ban on the stepped piece is lifted.
    let o = [("drop_timing", "deferred_drop")];
    let p = pos("W:Wb2:Be5,a5:reserve=W1,B1", &o);
    let p = play(p, "b2-c3");
    let p = play(p, "e5-d4");
    assert!(!moves(&p).contains(&"c3-b2".to_string()));
    let p = play(p, "@a1");
    let p = play(p, "d4-e3");
    assert!(moves(&p).contains(&"c3-b2".to_string()));
}

#[test]
fn no_reverse_holds_through_an_own_drop_8_6() {
    // White stepped a1-b2, then lost another piece: it drops, and b2-a1 stays banned.
    let p = pos(
        "W:Wb2,e1,e3:Bc1,a5,c5,e5:reserve=W6,B6:owe=W:rev=Wa1-b2",
        &[],
    );
    let all = moves(&p);
    assert!(all.contains(&"@d4,b2-a3".to_string()));
    assert!(all.iter().all(|m| !m.ends_with("b2-a1")));
    // Move-then-drop: the step is remembered although a drop follows it.
    let o = [("drop_timing", "move_then_drop")];
    let q = pos("W:Wa1,e1,e5:Bc3,a5:reserve=W1:owe=W", &o);
    let q = play(q, "a1-b2,@a1");
    assert_eq!(q.position_string(), "B:Wa1,e1,b2,e5:Bc3,a5:rev=Wa1-b2");
}

#[test]
fn no_reverse_cleared_when_the_piece_is_captured_8_6() {
    // White stepped a1-b2; Black takes b2 (a3xc1); White drops on b2 and that new piece may
    // step to a1.
    let p = pos("B:Wb2,d2,e1,e3:Ba3,a5,c5,e5:reserve=W6,B6:rev=Wa1-b2", &[]);
    let p = play(p, "a3xc1");
    assert!(!p.position_string().contains("rev="));
    assert!(moves(&p).contains(&"@b2,b2-a1".to_string()));
}

#[test]
fn only_banned_reversals_lose_seed_4_7_3_r8() {
    // Black's lone piece can move once; its only way back is the banned reversal.
    let p = pos("B:Wa3,c3,c5,d2:Bb4", &[]);
    assert_eq!(moves(&p), list("b4-a5"));
    let p = play(p, "b4-a5");
    let p = play(p, "d2-e3");
    assert_eq!(p.status(), won(Seat::WHITE, EndReason::Blocked));
    assert_eq!(p.turn(), None);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.eliminated(), vec![SeatSet::only(Seat::BLACK)]);
    let text = p.position_string();
    assert_eq!(text, "-:Wa3,c3,e3,c5:Ba5:out=B:rev=Wd2-e3,Bb4-a5:np=2");
    assert_eq!(pos(&text, &[]), p);
    // Without the rule, Black steps back.
    let p = pos("B:Wa3,c3,c5,d2:Bb4", &[("no_reverse_move", "false")]);
    let p = play(play(p, "b4-a5"), "d2-e3");
    assert_eq!(moves(&p), list("a5-b4"));
}

// ---- End of game (spec §3.7, seed 4.7) ----

#[test]
fn capturing_everything_wins_seed_4_7_1() {
    let p = play(pos("W:Wb2:Bc3", &[]), "b2xd4");
    assert_eq!(p.status(), won(Seat::WHITE, EndReason::CapturedAll));
    assert_eq!(p.turn(), None);
    assert_eq!(p.count_legal(), 0);
    assert_eq!(
        p.ranking(),
        vec![SeatSet::only(Seat::WHITE), SeatSet::only(Seat::BLACK)]
    );
    // A reserve keeps the player in the game (board + reserve, spec §3.7).
    let p = play(pos("W:Wb2,c1,d2,e1:Bc3,a5,c5,e5:reserve=B1", &[]), "b2xd4");
    assert_eq!(p.status(), Status::Ongoing);
}

#[test]
fn blocked_player_loses_seed_4_7_2() {
    // Black a5 is blocked by b4, which it cannot take (c3 occupied), but e5 still moves.
    let p = play(pos("W:Wb4,c3,e1:Ba5,e5", &[]), "e1-d2");
    assert_eq!(moves(&p), list("e5-d4"));
    // Black a5 alone: blocked, White wins.
    let p = play(pos("W:Wb4,c3,d2,e1:Ba5", &[]), "d2-e3");
    assert_eq!(p.status(), won(Seat::WHITE, EndReason::Blocked));
    assert_eq!(p.turn(), None);
    let text = p.position_string();
    assert_eq!(text, "-:We1,c3,e3,b4:Ba5:out=B:rev=Wd2-e3:np=1");
    assert_eq!(pos(&text, &[]), p);
}

#[test]
fn no_progress_adjudication_seed_4_7_4_and_4_7_5() {
    // 40 turns without capture or drop: more pieces (board + reserve) wins.
    let p = pos("W:Wa1,c1:Be5:np=39", &[]);
    let p = play(p, "a1-b2");
    assert_eq!(p.status(), won(Seat::WHITE, EndReason::NoProgress));
    assert_eq!(p.turn(), None);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.position_string(), "-:Wc1,b2:Be5:out=B:rev=Wa1-b2:np=40");
    assert_eq!(pos(&p.position_string(), &[]), p);
    // Equal counts: a draw.
    let p = play(pos("W:Wa1:Be5:np=39", &[]), "a1-b2");
    assert_eq!(
        p.status(),
        Status::Drawn {
            seats: SeatSet::TWO,
            reason: EndReason::NoProgress
        }
    );
    assert!(p.eliminated().is_empty());
    assert_eq!(pos(&p.position_string(), &[]).status(), p.status());
    // Reserves count.
    let p = play(
        pos(
            "W:Wa1:Bb4,d4,c5,e5:reserve=B1:np=39",
            &[("no_progress", "40")],
        ),
        "a1-b2",
    );
    assert_eq!(p.status(), won(Seat::BLACK, EndReason::NoProgress));
    // Other limits, and 0 = off.
    let p = play(pos("W:Wa1,c1:Be5:np=9", &[("no_progress", "10")]), "a1-b2");
    assert!(!p.status().is_ongoing());
    let p = play(pos("W:Wa1,c1:Be5:np=900", &[("no_progress", "0")]), "a1-b2");
    assert_eq!(p.status(), Status::Ongoing);
}

#[test]
fn captures_and_drops_reset_the_no_progress_counter() {
    let p = play(pos("W:Wb2,e1:Bc3,e5:np=30", &[]), "e1-d2");
    assert!(p.position_string().ends_with("np=31"));
    let p = play(pos("W:Wb2,e1:Bc3,e5:np=30", &[]), "b2xd4");
    assert!(!p.position_string().contains("np="));
    let o = [("drop_timing", "deferred_drop")];
    let p = play(pos("W:Wb2:Be5:reserve=W1:np=30", &o), "@c3");
    assert!(!p.position_string().contains("np="));
}

#[test]
fn repetition_adjudicates_by_piece_count() {
    let p = pos(
        "W:Wa1,c1:Be5:reserve=B2",
        &[("drop_timing", "deferred_drop")],
    );
    assert_eq!(
        p.adjudicate(EndReason::Repetition),
        won(Seat::BLACK, EndReason::Repetition)
    );
    let p = pos("W:Wa1:Be5", &[]);
    assert_eq!(
        p.adjudicate(EndReason::Repetition),
        Status::Drawn {
            seats: SeatSet::TWO,
            reason: EndReason::Repetition
        }
    );
    assert_eq!(QueahOptions::default().repetition_limit(), 3);
    assert_eq!(opts(&[("repetition", "0")]).repetition_limit(), 0);
}

#[test]
fn repetition_key_sees_pieces_turn_and_memory() {
    let o = [("no_reverse_move", "false")];
    let start = pos("W:Wb2:Be5", &o);
    let mut p = start.clone();
    for m in ["b2-a3", "e5-d4", "a3-b2", "d4-e5"] {
        p = play(p, m);
    }
    assert_eq!(p.repetition_key(), start.repetition_key());
    // The no-reverse memory changes the legal moves, so it is part of the key; the counter
    // is not.
    let a = pos("W:Wb2:Be5", &[]);
    let b = pos("W:Wb2:Be5:rev=Wa1-b2", &[]);
    let c = pos("W:Wb2:Be5:np=7", &[]);
    assert_ne!(a.repetition_key(), b.repetition_key());
    assert_eq!(a.repetition_key(), c.repetition_key());
    assert_ne!(a.repetition_key(), pos("B:Wb2:Be5", &[]).repetition_key());
}

#[test]
fn resignation_loses() {
    let mut p = Queah::new(QueahOptions::default()).unwrap();
    assert_eq!(
        p.depart(Seat::Day, Departure::Resign),
        Err(DepartError::NotPlaying(Seat::Day))
    );
    p.depart(Seat::BLACK, Departure::Timeout).unwrap();
    assert_eq!(
        p.status(),
        won(Seat::WHITE, EndReason::Departed(Departure::Timeout))
    );
    assert_eq!(p.turn(), None);
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.count_legal(), 0);
    assert_eq!(
        p.depart(Seat::WHITE, Departure::Resign),
        Err(DepartError::GameOver)
    );
    let text = p.position_string();
    assert_eq!(text, "-:Wc1,e1,b2,d2:Bb4,d4,a5,c5:out=B:reserve=W6,B6");
    let back = pos(&text, &[]);
    assert_eq!(
        back.status(),
        won(Seat::WHITE, EndReason::Departed(Departure::Resign))
    );
    let mv = Queah::new(QueahOptions::default()).unwrap().legal_moves()[0];
    assert!(p.play(&mv).is_err());
}

// ---- Notation (spec §3.8) ----

#[test]
fn notation_round_trips() {
    let p = pos(CAPTURES_OWES, &[]);
    for m in p.legal_moves() {
        let text = p.move_to_string(&m);
        assert_eq!(p.parse_move(&text).unwrap(), m);
    }
    let mv = p.parse_move("@c1,a1xc3").unwrap();
    assert_eq!(mv.drop(), Some(Variant::Queah.parse_square("c1").unwrap()));
    assert!(mv.drop_first());
    assert!(mv.is_capture());
    let p = pos(CAPTURES_OWES, &[("drop_timing", "move_then_drop")]);
    let mv = p.parse_move("a1xc3,@b2").unwrap();
    assert!(!mv.drop_first());
    assert_eq!(p.move_to_string(&mv), "a1xc3,@b2");
    let p = pos(BLOCKED_OWES, &[("drop_timing", "drop_instead_of_move")]);
    let mv = p.parse_move("@b4").unwrap();
    assert_eq!(mv.origin(), None);
    assert_eq!(p.move_to_string(&mv), "@b4");
    assert!(p.parse_move("@b2").is_err());
    assert!(p.parse_move("@b1").is_err());
}

// ---- Position strings and their checks ----

#[test]
fn position_strings_round_trip() {
    for (text, o) in [
        (START, vec![]),
        (BLOCKED_OWES, vec![]),
        (
            "W:We1,b2,e3:Bc1,a5,c5,e5:reserve=W6,B6:owe=W:rev=Wa1-b2,Bb4-c5:np=3",
            vec![],
        ),
        ("B:Wd4:B:reserve=B1", vec![("drop_timing", "deferred_drop")]),
        ("-:Wd4:B:out=B", vec![]),
    ] {
        let p = pos(text, &o);
        assert_eq!(p.position_string(), text);
        assert_eq!(Setup::parse(Variant::Queah, text).unwrap(), p.to_setup());
    }
}

fn setup_with(f: impl FnOnce(&mut Setup)) -> Setup {
    let mut s = Setup::parse(Variant::Queah, "W:Wb2:Bc3").unwrap();
    f(&mut s);
    s
}

fn check(setup: &Setup, o: &[(&str, &str)]) -> Problems {
    match Queah::from_setup(setup, opts(o), Problems::empty()) {
        Ok(_) => Problems::empty(),
        Err(PositionError { problems, .. }) => problems,
    }
}

#[test]
fn setup_problems_each_flag() {
    assert_eq!(problems("W:Wb2:Rc3:Bd4", &[]), Problems::SEATS);
    assert!(problems("W:Wb2", &[]).contains(Problems::SEATS));
    let stockholm = Setup::parse(Variant::Stockholm, "W:Wb2:Bc3").unwrap();
    assert!(check(&stockholm, &[]).contains(Problems::SEATS));
    let b1 = Square::from_coords(1, 0).unwrap();
    let off = setup_with(|s| {
        s.board[b1.index()] = Some(Piece {
            seat: Seat::WHITE,
            role: Role::Man,
        })
    });
    assert_eq!(check(&off, &[]), Problems::OFF_BOARD);
    let a1 = Square::from_coords(0, 0).unwrap();
    let absent = setup_with(|s| {
        s.board[a1.index()] = Some(Piece {
            seat: Seat::Day,
            role: Role::Man,
        })
    });
    assert_eq!(check(&absent, &[]), Problems::ABSENT_OWNER);
    assert_eq!(
        problems("W:Wb2,c1,d2,e1:Ba5:reserve=W7", &[]),
        Problems::TOO_MANY_PIECES
    );
    assert_eq!(problems("R:Wb2:Bc3", &[]), Problems::TURN);
    assert_eq!(problems("-:Wb2:Bc3", &[]), Problems::TURN);
    assert_eq!(problems("B:Wb2:B", &[]), Problems::TURN);
    assert_eq!(problems("W:WKb2:Bc3", &[]), Problems::KINGS);
    assert_eq!(problems("W:Wa1,b2,c1,d2,e1:Bc3", &[]), Problems::RESERVE);
    assert_eq!(problems("W:Wb2:Bc3:reserve=W1", &[]), Problems::RESERVE);
    assert_eq!(
        problems("W:Wb2:Bc3:reserve=W1", &[("drop_timing", "deferred_drop")]),
        Problems::empty()
    );
    let red_reserve = setup_with(|s| s.reserves[Seat::Day] = 1);
    assert_eq!(check(&red_reserve, &[]), Problems::RESERVE);
    assert_eq!(
        problems("W:Wb2,c1,d2:Bc3,a5,c5,e5:reserve=W1,B1:owe=B", &[]),
        Problems::OWED_DROP | Problems::RESERVE
    );
    assert_eq!(
        problems(
            "W:Wb2,c1,d2:Bc3:reserve=W1:owe=W",
            &[("drop_timing", "deferred_drop")]
        ),
        Problems::OWED_DROP
    );
    assert_eq!(problems("W:Wb2,c1,d2:Bc3:owe=W", &[]), Problems::OWED_DROP);
    let hot = setup_with(|s| s.hot = Some(a1));
    assert_eq!(check(&hot, &[]), Problems::HOT);
    assert_eq!(problems("W:Wb2:Bc3:rev=Wa1-c3", &[]), Problems::REVERSE);
    assert_eq!(problems("W:Wc3:Ba5:rev=Wa1-b2", &[]), Problems::REVERSE);
    assert_eq!(problems("W:Wb2:Bc3:rev=Ba1-b2", &[]), Problems::REVERSE);
    let red_rev = setup_with(|s| s.last_step[Seat::Day] = Some((a1, b1)));
    assert_eq!(check(&red_rev, &[]), Problems::REVERSE);
    assert_eq!(problems("W:Wb2:Bc3:out=B", &[]), Problems::ELIMINATED);
    assert_eq!(problems("-:Wb2:Bc3:out=WB", &[]), Problems::ELIMINATED);
    assert_eq!(problems("-:Wb2:B:out=W", &[]), Problems::ELIMINATED);
    assert_eq!(problems("-:Wb2:B", &[]), Problems::ELIMINATED);
    assert_eq!(problems("W:Wb2:Bc3:np=41", &[]), Problems::COUNTER);
    assert_eq!(problems("W:Wb2:Bc3:np=40", &[]), Problems::COUNTER);
    assert_eq!(problems("-:Wb2:Bc3:np=40", &[]), Problems::empty());
    assert_eq!(
        problems("W:Wb2:Bc3:np=41", &[("no_progress", "0")]),
        Problems::empty()
    );
}

#[test]
fn setup_problems_are_all_reported_and_only_waivable_ones_waived() {
    let text = "W:WKb2,c1,d2,e1,a1:Bc3:reserve=W9:rev=Wa1-c3:np=50";
    let setup = Setup::parse(Variant::Queah, text).unwrap();
    let err = Queah::from_setup(&setup, QueahOptions::default(), Problems::all()).unwrap_err();
    assert_eq!(
        err.problems,
        Problems::KINGS | Problems::TOO_MANY_PIECES | Problems::REVERSE
    );
    assert_eq!(*err.setup, setup);
    let err = Queah::from_setup(&setup, QueahOptions::default(), Problems::empty()).unwrap_err();
    assert!(err.problems.contains(
        Problems::KINGS
            | Problems::TOO_MANY_PIECES
            | Problems::REVERSE
            | Problems::RESERVE
            | Problems::COUNTER
    ));
    // Waiving the reserve check lets a tool set up any reserve.
    let setup = Setup::parse(Variant::Queah, "W:Wb2:Bc3:reserve=W3,B1").unwrap();
    let p = Queah::from_setup(&setup, QueahOptions::default(), Problems::RESERVE).unwrap();
    assert_eq!(p.reserve(Seat::WHITE), 3);
    assert_eq!(moves(&p), list("b2-a1 b2-c1 b2-a3 b2xd4"));
}

// ---- Options (spec §3, §6) ----

#[test]
fn options_defaults_keys_and_values() {
    let d = QueahOptions::default();
    assert!(!d.o_edge_ring && !d.o_edge_centre && !d.o_centre);
    assert!(!d.capture_mandatory);
    assert_eq!(d.drop_timing, DropTiming::DropThenMove);
    assert!(d.dropped_piece_may_move);
    assert!(d.no_reverse_move);
    assert_eq!((d.draw.repetition, d.draw.no_progress), (3, 40));
    for spec in QueahOptions::SPECS {
        assert_eq!(
            d.get(spec.key).as_deref(),
            Some(spec.default),
            "{}",
            spec.key
        );
    }
    assert_eq!(d.get("nope"), None);
    assert!(d.non_default_pairs().is_empty());
    for (text, t) in [
        ("DropThenMove", DropTiming::DropThenMove),
        ("move_then_drop", DropTiming::MoveThenDrop),
        ("DropInsteadOfMove", DropTiming::DropInsteadOfMove),
        ("deferred-drop", DropTiming::DeferredDrop),
        ("DeferredDrop", DropTiming::DeferredDrop),
    ] {
        let o = opts(&[("drop_timing", text)]);
        assert_eq!(o.drop_timing, t);
        assert_eq!(o.get("drop_timing").as_deref(), Some(t.key()));
    }
    let o = opts(&[
        ("o_centre", "on"),
        ("no_progress", "0"),
        ("repetition", "5"),
    ]);
    assert_eq!(
        o.non_default_pairs(),
        vec![
            ("o_centre", "true".to_string()),
            ("repetition", "5".to_string()),
            ("no_progress", "0".to_string())
        ]
    );
    assert!(QueahOptions::from_pairs([("o_centre", "maybe")]).is_err());
    assert!(QueahOptions::from_pairs([("drop_timing", "sometimes")]).is_err());
    assert!(QueahOptions::from_pairs([("repetition", "1")]).is_err());
    assert!(QueahOptions::from_pairs([("repetition", "101")]).is_err());
    assert!(QueahOptions::from_pairs([("no_progress", "-1")]).is_err());
    assert!(QueahOptions::from_pairs([("scheme", "r5")]).is_err());
    let bad = QueahOptions {
        draw: rules::DrawLimits {
            repetition: 1,
            no_progress: 0,
        },
        ..QueahOptions::default()
    };
    assert!(Queah::new(bad).is_err());
}

#[test]
fn illegal_moves_are_refused_and_the_position_comes_back() {
    let start = Queah::new(QueahOptions::default()).unwrap();
    let other = pos("B:Wa1:Bb4", &[]);
    let foreign = other.legal_moves()[0];
    let err = start.clone().play(&foreign).unwrap_err();
    assert_eq!(err.kind, rules::IllegalMove::NotLegal);
    assert_eq!(err.position, start);
    assert!(!start.is_legal(&foreign));
    let over = play(pos("W:Wb2:Bc3", &[]), "b2xd4");
    let err = over.clone().play(&foreign).unwrap_err();
    assert_eq!(err.kind, rules::IllegalMove::GameOver);
    assert!(matches!(over.parse_move("d4-c3"), Err(MoveError::GameOver)));
}

#[cfg(feature = "serde")]
#[test]
fn options_serde_uses_snake_case_and_defaults() {
    let o: QueahOptions =
        serde_json::from_str(r#"{"drop_timing":"deferred_drop","o_centre":true}"#).unwrap();
    assert_eq!(o.drop_timing, DropTiming::DeferredDrop);
    assert!(o.o_centre);
    assert_eq!(o.draw.no_progress, 40);
    let text = serde_json::to_string(&o).unwrap();
    assert!(text.contains(r#""drop_timing":"deferred_drop""#));
    assert_eq!(serde_json::from_str::<QueahOptions>(&text).unwrap(), o);
}
