//! A deliberately simple reference move generator for Neva checkers, written straight from
//! the spec's text (§2.3, §2.4, §2.5, §2.6, §1.1, §1.3) with plain arrays and loops, and
//! tests that the fast bitboard generator agrees with it on random positions and on perft.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::perft_data;
use rules::perft::{self, Counting};
use rules::{
    GameOptions, Neva, NevaOptions, Piece, Position, Problems, Role, Seat, SeatSet, Setup, Square,
    Variant,
};

// ---------------------------------------------------------------------------------------
// The reference.

/// A piece on the reference board: owner index (0 White, 1 Red, 2 Green, 3 Black), king?
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pc {
    seat: usize,
    king: bool,
}

/// `board[x][y]` is square `(x+1)(y+1)` in the spec's two-digit names.
type Board = [[Option<Pc>; 6]; 6];

/// The four line directions (spec §2.1): +x, −x, +y, −y.
const DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

/// Forward directions per seat (spec §2.1 table): White +x −y, Red −x −y, Green −x +y,
/// Black +x +y.
const FORWARD: [[(i32, i32); 2]; 4] = [
    [(1, 0), (0, -1)],
    [(-1, 0), (0, -1)],
    [(-1, 0), (0, 1)],
    [(1, 0), (0, 1)],
];

/// Target corners: White 61, Red 11, Green 16, Black 66.
const TARGET: [(i32, i32); 4] = [(5, 0), (0, 0), (0, 5), (5, 5)];

fn on(p: (i32, i32)) -> bool {
    (0..6).contains(&p.0) && (0..6).contains(&p.1)
}

fn get(b: &Board, p: (i32, i32)) -> Option<Pc> {
    b[p.0 as usize][p.1 as usize]
}

fn name(p: (i32, i32)) -> String {
    format!("{}{}", p.0 + 1, p.1 + 1)
}

#[derive(Clone, Debug)]
struct RMove {
    king: bool,
    origin: (i32, i32),
    path: Vec<(i32, i32)>,
    captured: Vec<(i32, i32)>,
    promotes: bool,
}

impl RMove {
    fn text(&self) -> String {
        let sep = if self.captured.is_empty() { "-" } else { ":" };
        let mut s = String::new();
        if self.king {
            s.push('K');
        }
        s.push_str(&name(self.origin));
        for &p in &self.path {
            s.push_str(sep);
            s.push_str(&name(p));
        }
        s
    }
}

/// A square the moving piece may land on or pass: empty, or its own start square (which
/// it has left). Captured pieces stay on the board until the move ends, so they are not
/// free (spec §1.1, end-of-move removal).
fn free(b: &Board, origin: (i32, i32), p: (i32, i32)) -> bool {
    on(p) && (get(b, p).is_none() || p == origin)
}

/// A piece the mover may jump: another seat's piece (any seat: opponents, partners, inert
/// pieces, spec §2.3, §2.8, §8.2) that has not been jumped already in this move.
fn victim(b: &Board, seat: usize, dead: &[(i32, i32)], p: (i32, i32)) -> bool {
    on(p) && matches!(get(b, p), Some(pc) if pc.seat != seat) && !dead.contains(&p)
}

/// One flying jump: direction, captured square, landing squares.
type Jump = ((i32, i32), (i32, i32), Vec<(i32, i32)>);

struct Seq<'a> {
    b: &'a Board,
    seat: usize,
    origin: (i32, i32),
    path: Vec<(i32, i32)>,
    dead: Vec<(i32, i32)>,
    out: Vec<RMove>,
}

impl Seq<'_> {
    /// Men: short jumps in all four directions, no 180° turn, must go on while possible,
    /// any complete sequence is allowed (spec §2.3).
    fn man(&mut self, cur: (i32, i32), last: Option<(i32, i32)>) {
        let mut went_on = false;
        for d in DIRS {
            if last == Some((-d.0, -d.1)) {
                continue;
            }
            let mid = (cur.0 + d.0, cur.1 + d.1);
            let land = (cur.0 + 2 * d.0, cur.1 + 2 * d.1);
            if victim(self.b, self.seat, &self.dead, mid) && free(self.b, self.origin, land) {
                went_on = true;
                self.path.push(land);
                self.dead.push(mid);
                self.man(land, Some(d));
                self.path.pop();
                self.dead.pop();
            }
        }
        if !went_on && !self.path.is_empty() {
            self.out.push(RMove {
                king: false,
                origin: self.origin,
                path: self.path.clone(),
                captured: self.dead.clone(),
                // Crowned only where the move ends (spec §2.6).
                promotes: cur == TARGET[self.seat],
            });
        }
    }

    /// The flying jumps a king on `cur` can make: (direction, captured square, landings).
    fn king_jumps(
        &self,
        cur: (i32, i32),
        last: Option<(i32, i32)>,
        dead: &[(i32, i32)],
    ) -> Vec<Jump> {
        let mut jumps = vec![];
        for d in DIRS {
            if last == Some((-d.0, -d.1)) {
                continue;
            }
            let mut p = (cur.0 + d.0, cur.1 + d.1);
            while free(self.b, self.origin, p) {
                p = (p.0 + d.0, p.1 + d.1);
            }
            if !victim(self.b, self.seat, dead, p) {
                continue;
            }
            let mut lands = vec![];
            let mut q = (p.0 + d.0, p.1 + d.1);
            while free(self.b, self.origin, q) {
                lands.push(q);
                q = (q.0 + d.0, q.1 + d.1);
            }
            if !lands.is_empty() {
                jumps.push((d, p, lands));
            }
        }
        jumps
    }

    /// Kings: flying jumps, landing per §1.3 (land where a further jump is possible if any
    /// such square exists), must go on while possible (spec §2.4).
    fn king(&mut self, cur: (i32, i32), last: Option<(i32, i32)>) {
        let dead = self.dead.clone();
        let jumps = self.king_jumps(cur, last, &dead);
        for (d, victim_sq, lands) in &jumps {
            let mut after = dead.clone();
            after.push(*victim_sq);
            let going_on: Vec<(i32, i32)> = lands
                .iter()
                .copied()
                .filter(|&l| !self.king_jumps(l, Some(*d), &after).is_empty())
                .collect();
            let chosen = if going_on.is_empty() {
                lands.clone()
            } else {
                going_on
            };
            for l in chosen {
                self.path.push(l);
                self.dead.push(*victim_sq);
                self.king(l, Some(*d));
                self.path.pop();
                self.dead.pop();
            }
        }
        if jumps.is_empty() && !self.path.is_empty() {
            self.out.push(RMove {
                king: true,
                origin: self.origin,
                path: self.path.clone(),
                captured: self.dead.clone(),
                promotes: false,
            });
        }
    }
}

/// Every legal move of `seat` (spec §2.10 step 2).
fn ref_legal(b: &Board, seat: usize) -> Vec<RMove> {
    let mut captures = vec![];
    for x in 0..6 {
        for y in 0..6 {
            let Some(pc) = b[x as usize][y as usize] else {
                continue;
            };
            if pc.seat != seat {
                continue;
            }
            let mut s = Seq {
                b,
                seat,
                origin: (x, y),
                path: vec![],
                dead: vec![],
                out: vec![],
            };
            if pc.king {
                s.king((x, y), None);
                // The maximum rule binds each king separately (spec §2.4, N3 (a)).
                let best = s.out.iter().map(|m| m.captured.len()).max().unwrap_or(0);
                captures.extend(s.out.into_iter().filter(|m| m.captured.len() == best));
            } else {
                s.man((x, y), None);
                captures.extend(s.out);
            }
        }
    }
    // Capture is compulsory (spec §2.5).
    if !captures.is_empty() {
        return captures;
    }
    let mut steps = vec![];
    for x in 0..6 {
        for y in 0..6 {
            let Some(pc) = b[x as usize][y as usize] else {
                continue;
            };
            if pc.seat != seat {
                continue;
            }
            let dirs: Vec<(i32, i32)> = if pc.king {
                DIRS.to_vec()
            } else {
                FORWARD[seat].to_vec()
            };
            for d in dirs {
                let mut p = (x + d.0, y + d.1);
                while on(p) && get(b, p).is_none() {
                    steps.push(RMove {
                        king: pc.king,
                        origin: (x, y),
                        path: vec![p],
                        captured: vec![],
                        promotes: !pc.king && p == TARGET[seat],
                    });
                    if !pc.king {
                        break;
                    }
                    p = (p.0 + d.0, p.1 + d.1);
                }
            }
        }
    }
    steps
}

/// A reference game state under the default rules (free-for-all, blocked seats eliminated,
/// departed pieces removed), for perft.
#[derive(Clone)]
struct RefGame {
    board: Board,
    seated: [bool; 4],
    out: [bool; 4],
    turn: Option<usize>,
}

impl RefGame {
    fn has_pieces(&self, seat: usize) -> bool {
        self.board
            .iter()
            .flatten()
            .any(|p| matches!(p, Some(pc) if pc.seat == seat))
    }

    fn playing(&self) -> Vec<usize> {
        (0..4).filter(|&s| self.seated[s] && !self.out[s]).collect()
    }

    /// Spec §2.10: apply, remove, crown, eliminate, next seat (blocked seats eliminated).
    fn play(&mut self, m: &RMove) {
        let seat = self.turn.unwrap();
        let mut pc = get(&self.board, m.origin).unwrap();
        self.board[m.origin.0 as usize][m.origin.1 as usize] = None;
        for &c in &m.captured {
            self.board[c.0 as usize][c.1 as usize] = None;
        }
        let dest = *m.path.last().unwrap();
        if !pc.king && dest == TARGET[seat] {
            pc.king = true;
        }
        self.board[dest.0 as usize][dest.1 as usize] = Some(pc);
        for s in self.playing() {
            if !self.has_pieces(s) {
                self.out[s] = true;
            }
        }
        let mut next = seat;
        loop {
            if self.playing().len() <= 1 {
                self.turn = None;
                return;
            }
            next = (next + 1) % 4;
            if !self.seated[next] || self.out[next] {
                continue;
            }
            if ref_legal(&self.board, next).is_empty() {
                self.out[next] = true;
                for cell in self.board.iter_mut().flatten() {
                    if matches!(cell, Some(pc) if pc.seat == next) {
                        *cell = None;
                    }
                }
                continue;
            }
            self.turn = Some(next);
            return;
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        let Some(seat) = self.turn else { return 0 };
        let moves = ref_legal(&self.board, seat);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut g = self.clone();
                g.play(m);
                g.perft(depth - 1)
            })
            .sum()
    }
}

fn board_of(pos: &Neva) -> Board {
    let mut b: Board = [[None; 6]; 6];
    for (x, col) in b.iter_mut().enumerate() {
        for (y, cell) in col.iter_mut().enumerate() {
            let sq = Square::from_coords(x as u8, y as u8).unwrap();
            *cell = pos.piece_at(sq).map(|p| Pc {
                seat: p.seat.index(),
                king: p.role == Role::King,
            });
        }
    }
    b
}

fn ref_game(pos: &Neva) -> RefGame {
    let out = pos
        .eliminated()
        .iter()
        .fold(SeatSet::EMPTY, |a, &g| a.union(g));
    RefGame {
        board: board_of(pos),
        seated: Seat::ALL.map(|s| pos.seats().contains(s)),
        out: Seat::ALL.map(|s| out.contains(s)),
        turn: pos.turn().map(Seat::index),
    }
}

// ---------------------------------------------------------------------------------------
// Comparison.

/// SplitMix64: a small deterministic generator, so every run checks the same positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn fast_set(pos: &Neva) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_to_string(m))
        .collect();
    v.sort();
    v
}

fn ref_set(pos: &Neva) -> Vec<String> {
    let Some(seat) = pos.turn() else {
        return vec![];
    };
    let mut v: Vec<String> = ref_legal(&board_of(pos), seat.index())
        .iter()
        .map(RMove::text)
        .collect();
    v.sort();
    v
}

/// Checks one position against the reference; returns the number of moves.
fn check(pos: &Neva) -> usize {
    let fast = fast_set(pos);
    let reference = ref_set(pos);
    assert_eq!(fast, reference, "{}", pos.position_string());
    assert_eq!(
        pos.count_legal(),
        fast.len() as u64,
        "{}",
        pos.position_string()
    );
    // Promotion flags agree too.
    if let Some(seat) = pos.turn() {
        let mut a: Vec<(String, bool)> = ref_legal(&board_of(pos), seat.index())
            .iter()
            .map(|m| (m.text(), m.promotes))
            .collect();
        let mut b: Vec<(String, bool)> = pos
            .legal_moves()
            .iter()
            .map(|m| (pos.move_to_string(m), m.promotes()))
            .collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{}", pos.position_string());
    }
    fast.len()
}

fn option_sets() -> Vec<NevaOptions> {
    [
        vec![],
        vec![("teams", "true")],
        vec![("seats", "2")],
        vec![("seats", "red,black")],
        vec![("seats", "3")],
        vec![("seats", "white,green,black"), ("blocked", "pass")],
        vec![("departed", "inert"), ("blocked", "pass_unless_two")],
        vec![("departed", "inert"), ("no_progress", "2")],
    ]
    .into_iter()
    .map(|pairs| NevaOptions::from_pairs(pairs).unwrap())
    .collect()
}

#[test]
fn reference_agrees_on_random_playouts() {
    let mut rng = Rng(0x5eed_0001);
    let mut positions = 0;
    let mut captures = 0;
    let mut kings = 0;
    for options in option_sets() {
        for _game in 0..160 {
            let mut pos = Neva::new(options).unwrap();
            for _ply in 0..300 {
                let n = check(&pos);
                positions += 1;
                if n == 0 {
                    break;
                }
                let moves = pos.legal_moves();
                let mv = moves[rng.below(moves.len())];
                captures += usize::from(mv.is_capture());
                kings += usize::from(mv.role() == Role::King);
                // Departures now and then, to reach inert pieces and odd seat sets.
                pos = pos.play(&mv).unwrap();
                if rng.below(80) == 0 {
                    if let Some(seat) = pos.turn() {
                        let _ = pos.depart(seat.next(), rules::Departure::Resign);
                    }
                }
            }
        }
    }
    eprintln!("{positions} positions, {captures} captures, {kings} king moves");
    assert!(positions > 60_000, "{positions}");
    assert!(captures > 12_000 && kings > 3_000, "{captures} {kings}");
}

/// Random placements: kings everywhere, pieces of every seat next to each other.
#[test]
fn reference_agrees_on_random_setups() {
    let mut rng = Rng(0x5eed_0002);
    let mut checked = 0;
    let options = option_sets();
    while checked < 4000 {
        let o = options[rng.below(options.len())];
        let mut setup = Setup::empty(Variant::Neva);
        setup.seats = o.seats;
        let seated: Vec<Seat> = o.seats.iter().collect();
        let density = 2 + rng.below(5);
        for seat in &seated {
            let count = 1 + rng.below(density);
            let mut placed = 0;
            while placed < count {
                let sq = Square::from_coords(rng.below(6) as u8, rng.below(6) as u8).unwrap();
                if setup.board[sq.index()].is_some() {
                    continue;
                }
                let role = if rng.below(3) == 0 {
                    Role::King
                } else {
                    Role::Man
                };
                setup.board[sq.index()] = Some(Piece { seat: *seat, role });
                placed += 1;
            }
        }
        setup.turn = Some(seated[rng.below(seated.len())]);
        // Men on their target corner are refused; waive it to test them too.
        let Ok(pos) = Neva::from_setup(&setup, o, Problems::MAN_ON_PROMOTION) else {
            continue;
        };
        check(&pos);
        checked += 1;
    }
}

/// Every free-for-all line of the perft data file small enough for the reference.
#[test]
fn reference_agrees_with_the_perft_data_file() {
    let mut checked = 0;
    for line in perft_data::read::<Neva>(include_str!("../data/neva_perft.txt")) {
        // The reference plays the defaults: free-for-all, blocked seats eliminated.
        let Some(paths) = line.paths.filter(|&n| n <= 60_000) else {
            continue;
        };
        if line.options_text.contains("teams") || line.options_text.contains("blocked") {
            continue;
        }
        assert_eq!(
            ref_game(&line.position).perft(line.depth),
            paths,
            "{}",
            line.text
        );
        checked += 1;
    }
    assert!(checked > 40, "{checked}");
}

#[test]
fn reference_agrees_on_perft() {
    for (options, depth) in [
        (vec![], 7),
        (vec![("seats", "2")], 7),
        (vec![("seats", "3")], 7),
    ] {
        let o = NevaOptions::from_pairs(options.clone()).unwrap();
        let pos = Neva::new(o).unwrap();
        let game = ref_game(&pos);
        for d in 1..=depth {
            assert_eq!(
                perft::count(&pos, d, Counting::Paths),
                game.perft(d),
                "{options:?} depth {d}"
            );
        }
    }
    // Capture-rich middlegames: the training game after White's 5th move, and a position
    // with kings of every seat.
    for (text, depth) in [
        (
            "R:W14,15,24,25,26,45:R44,46,55,64,65,56:G41,42,51,52,53,62:B12,22,23,31,33,11",
            4,
        ),
        ("W:WK14,25,33:RK52,44,65:GK36,42,53:BK21,22,34", 4),
    ] {
        let pos = Neva::from_position_string(text, NevaOptions::default()).unwrap();
        let game = ref_game(&pos);
        for d in 1..=depth {
            assert_eq!(
                perft::count(&pos, d, Counting::Paths),
                game.perft(d),
                "{text} {d}"
            );
        }
    }
}
