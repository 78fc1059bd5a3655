//! A deliberately simple reference move generator for Stockholm checkers / Brazilian
//! draughts, written straight from the spec text (§5, §1.3, §8.11) with plain arrays and
//! loops, and checked against the fast bitboard generator on random positions and perft.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use rules::perft::{self, Counting};
use rules::{GameOptions, Position, Stockholm, StockholmOptions};

/// A piece in the reference board: colour (0 White, 1 Black) and king flag.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Pc {
    colour: usize,
    king: bool,
}

#[derive(Clone, Debug)]
struct RefPos {
    /// `board[rank][file]`.
    board: [[Option<Pc>; 8]; 8],
    side: usize,
}

#[derive(Clone, Debug)]
struct RefMove {
    from: (i32, i32),
    path: Vec<(i32, i32)>,
    caps: Vec<(i32, i32)>,
    promotes: bool,
}

fn name((f, r): (i32, i32)) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl RefMove {
    fn notation(&self) -> String {
        let sep = if self.caps.is_empty() { "-" } else { "x" };
        let mut s = name(self.from);
        for &p in &self.path {
            s.push_str(sep);
            s.push_str(&name(p));
        }
        s
    }
}

const DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

fn on_board((f, r): (i32, i32)) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

impl RefPos {
    fn from_fast(pos: &Stockholm) -> RefPos {
        let mut board = [[None; 8]; 8];
        for (r, row) in board.iter_mut().enumerate() {
            for (f, cell) in row.iter_mut().enumerate() {
                let sq = rules::Square::from_coords(f as u8, r as u8).unwrap();
                *cell = pos.piece_at(sq).map(|p| Pc {
                    colour: usize::from(p.seat == rules::Seat::BLACK),
                    king: p.role == rules::Role::King,
                });
            }
        }
        // The fast position's turn is None once the game is over; no moves then either.
        let side = match pos.turn() {
            Some(s) => usize::from(s == rules::Seat::BLACK),
            None => 0,
        };
        RefPos { board, side }
    }

    fn at(&self, (f, r): (i32, i32)) -> Option<Pc> {
        self.board[r as usize][f as usize]
    }

    /// spec §5.2: White's men move up the board, Black's down.
    fn forward(&self) -> i32 {
        if self.side == 0 {
            1
        } else {
            -1
        }
    }

    fn far_rank(&self) -> i32 {
        if self.side == 0 {
            7
        } else {
            0
        }
    }

    /// Every legal move (spec §5.2-§5.5).
    fn moves(&self, o: &StockholmOptions) -> Vec<RefMove> {
        let mut caps = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                let Some(pc) = self.at((f, r)) else { continue };
                if pc.colour != self.side {
                    continue;
                }
                let mut path = Vec::new();
                let mut taken = Vec::new();
                if pc.king {
                    self.king_jumps((f, r), (f, r), o, &mut path, &mut taken, &mut caps);
                } else {
                    self.man_jumps((f, r), (f, r), o, true, &mut path, &mut taken, &mut caps);
                }
            }
        }
        if !caps.is_empty() {
            // spec §5.4: capture is compulsory; the maximum rule counts pieces.
            if o.max_capture {
                let best = caps.iter().map(|m| m.caps.len()).max().unwrap();
                caps.retain(|m| m.caps.len() == best);
            }
            return caps;
        }
        let mut steps = Vec::new();
        for r in 0..8 {
            for f in 0..8 {
                let Some(pc) = self.at((f, r)) else { continue };
                if pc.colour != self.side {
                    continue;
                }
                for (df, dr) in DIRS {
                    if !pc.king && dr != self.forward() {
                        continue;
                    }
                    let mut to = (f + df, r + dr);
                    while on_board(to) && self.at(to).is_none() {
                        steps.push(RefMove {
                            from: (f, r),
                            path: vec![to],
                            caps: vec![],
                            promotes: !pc.king && to.1 == self.far_rank(),
                        });
                        if !pc.king {
                            break;
                        }
                        to = (to.0 + df, to.1 + dr);
                    }
                }
            }
        }
        steps
    }

    /// A square is free for the capturing piece if nothing stands there, or it is the
    /// piece's own start square (it has left it). Jumped pieces stay until the end.
    fn free(&self, sq: (i32, i32), origin: (i32, i32)) -> bool {
        sq == origin || self.at(sq).is_none()
    }

    fn enemy(&self, sq: (i32, i32), taken: &[(i32, i32)], origin: (i32, i32)) -> bool {
        sq != origin
            && matches!(self.at(sq), Some(p) if p.colour != self.side)
            && !taken.contains(&sq)
    }

    #[allow(clippy::too_many_arguments)]
    fn man_jumps(
        &self,
        at: (i32, i32),
        origin: (i32, i32),
        o: &StockholmOptions,
        first: bool,
        path: &mut Vec<(i32, i32)>,
        taken: &mut Vec<(i32, i32)>,
        out: &mut Vec<RefMove>,
    ) {
        let mut any = false;
        for (df, dr) in DIRS {
            // Stockholm: the first jump of a man must go forward (spec §5.2).
            if first && o.deferred_backward_capture && dr != self.forward() {
                continue;
            }
            let mid = (at.0 + df, at.1 + dr);
            let land = (at.0 + 2 * df, at.1 + 2 * dr);
            if !on_board(land) || !self.enemy(mid, taken, origin) || !self.free(land, origin) {
                continue;
            }
            any = true;
            path.push(land);
            taken.push(mid);
            self.man_jumps(land, origin, o, false, path, taken, out);
            path.pop();
            taken.pop();
        }
        if !any && !path.is_empty() {
            out.push(RefMove {
                from: origin,
                path: path.clone(),
                caps: taken.clone(),
                // spec §5.5: crowned only if the move ends on the far rank.
                promotes: at.1 == self.far_rank(),
            });
        }
    }

    /// Can a king standing on `at` jump something?
    fn king_can_jump(&self, at: (i32, i32), origin: (i32, i32), taken: &[(i32, i32)]) -> bool {
        DIRS.iter()
            .any(|&d| !self.king_landings(at, origin, d, taken).1.is_empty())
    }

    /// For a king on `at` jumping in direction `d`: the piece it would take and the
    /// landing squares beyond it, nearest first.
    fn king_landings(
        &self,
        at: (i32, i32),
        origin: (i32, i32),
        (df, dr): (i32, i32),
        taken: &[(i32, i32)],
    ) -> ((i32, i32), Vec<(i32, i32)>) {
        let mut sq = (at.0 + df, at.1 + dr);
        while on_board(sq) && self.free(sq, origin) {
            sq = (sq.0 + df, sq.1 + dr);
        }
        if !on_board(sq) || !self.enemy(sq, taken, origin) {
            return (sq, vec![]);
        }
        let victim = sq;
        let mut lands = vec![];
        let mut l = (sq.0 + df, sq.1 + dr);
        while on_board(l) && self.free(l, origin) {
            lands.push(l);
            l = (l.0 + df, l.1 + dr);
        }
        (victim, lands)
    }

    fn king_jumps(
        &self,
        at: (i32, i32),
        origin: (i32, i32),
        o: &StockholmOptions,
        path: &mut Vec<(i32, i32)>,
        taken: &mut Vec<(i32, i32)>,
        out: &mut Vec<RefMove>,
    ) {
        for d in DIRS {
            let (victim, lands) = self.king_landings(at, origin, d, taken);
            if lands.is_empty() {
                continue;
            }
            taken.push(victim);
            // spec §1.3: if some landing allows a further jump, land on one of those.
            let going_on: Vec<_> = lands
                .iter()
                .copied()
                .filter(|&l| self.king_can_jump(l, origin, taken))
                .collect();
            if going_on.is_empty() {
                // spec §5.6, §8.11: the halt rule keeps only the square just beyond.
                let stops = if o.king_halt { &lands[..1] } else { &lands[..] };
                for &l in stops {
                    path.push(l);
                    out.push(RefMove {
                        from: origin,
                        path: path.clone(),
                        caps: taken.clone(),
                        promotes: false,
                    });
                    path.pop();
                }
            } else {
                for l in going_on {
                    path.push(l);
                    self.king_jumps(l, origin, o, path, taken, out);
                    path.pop();
                }
            }
            taken.pop();
        }
    }

    fn play(&self, m: &RefMove) -> RefPos {
        let mut next = self.clone();
        let mut pc = next.at(m.from).unwrap();
        next.board[m.from.1 as usize][m.from.0 as usize] = None;
        for &c in &m.caps {
            next.board[c.1 as usize][c.0 as usize] = None;
        }
        if m.promotes {
            pc.king = true;
        }
        let to = *m.path.last().unwrap();
        next.board[to.1 as usize][to.0 as usize] = Some(pc);
        next.side ^= 1;
        next
    }

    fn perft(&self, o: &StockholmOptions, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves(o);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(o, depth - 1)).sum()
    }
}

fn sorted_fast(pos: &Stockholm) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| pos.move_to_string(m))
        .collect();
    v.sort();
    v
}

fn sorted_ref(pos: &Stockholm) -> Vec<String> {
    if pos.turn().is_none() {
        return vec![];
    }
    let mut v: Vec<String> = RefPos::from_fast(pos)
        .moves(pos.options())
        .iter()
        .map(RefMove::notation)
        .collect();
    v.sort();
    v
}

/// Every option set the tests cover.
fn option_sets() -> Vec<StockholmOptions> {
    let mut sets = Vec::new();
    for deferred in [true, false] {
        for max in [true, false] {
            for halt in [false, true] {
                let mut o = StockholmOptions::default();
                o.set("deferred_backward_capture", &deferred.to_string())
                    .unwrap();
                o.set("max_capture", &max.to_string()).unwrap();
                o.set("king_halt", &halt.to_string()).unwrap();
                sets.push(o);
            }
        }
    }
    sets
}

/// A small deterministic generator (xorshift64*), so the test needs no seed file.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn compare(pos: &Stockholm) -> usize {
    let fast = sorted_fast(pos);
    let reference = sorted_ref(pos);
    assert_eq!(
        fast,
        reference,
        "move sets differ in {} under {:?}",
        pos.position_string(),
        pos.options()
    );
    // The promotion flag agrees too.
    if pos.turn().is_some() {
        let r = RefPos::from_fast(pos);
        for m in r.moves(pos.options()) {
            let mv = pos.parse_move(&m.notation()).unwrap();
            assert_eq!(mv.promotes(), m.promotes, "{}", m.notation());
        }
    }
    fast.len()
}

#[test]
fn reference_agrees_on_random_playouts() {
    let mut rng = Rng(0x5eed_0004_57c0_c4b1);
    let mut positions = 0;
    for o in option_sets() {
        for _game in 0..160 {
            let mut pos = Stockholm::new(o).unwrap();
            for _ply in 0..300 {
                compare(&pos);
                positions += 1;
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                pos = pos.play(&mv).unwrap();
            }
        }
    }
    eprintln!("{positions} positions compared");
    assert!(positions > 60_000, "only {positions} positions");
}

/// Random sparse positions with many kings exercise flying captures, landing choice and
/// the halt rule far more than playouts from the start.
#[test]
fn reference_agrees_on_random_king_positions() {
    let mut rng = Rng(0x00c0_ffee_1234_5678);
    let dark: Vec<(i32, i32)> = (0..8)
        .flat_map(|r| (0..8).map(move |f| (f, r)))
        .filter(|(f, r)| (f + r) % 2 == 0)
        .collect();
    let mut tested = 0;
    let mut with_captures = 0;
    while tested < 12_000 {
        let mut white = Vec::new();
        let mut black = Vec::new();
        for &sq in &dark {
            let roll = rng.below(100);
            let king = rng.below(3) == 0;
            let list = if roll < 14 {
                &mut white
            } else if roll < 34 {
                &mut black
            } else {
                continue;
            };
            let colour_is_white = roll < 14;
            // No man on its promotion rank (spec §5.5).
            let far = if colour_is_white { 7 } else { 0 };
            let king = king || sq.1 == far;
            if list.len() < 12 {
                list.push(format!("{}{}", if king { "K" } else { "" }, name(sq)));
            }
        }
        let turn = if rng.below(2) == 0 { "W" } else { "B" };
        let text = format!("{turn}:W{}:B{}", white.join(","), black.join(","));
        let o = option_sets()[rng.below(8)];
        let pos = Stockholm::from_position_string(&text, o).unwrap();
        let moves = pos.legal_moves();
        if moves.first().is_some_and(|m| m.is_capture()) {
            with_captures += 1;
        }
        compare(&pos);
        // One ply further, so the other side's captures are checked as well.
        if let Some(mv) = moves.first() {
            compare(&pos.clone().play(mv).unwrap());
        }
        tested += 1;
    }
    assert!(
        with_captures > 2_000,
        "only {with_captures} capture positions"
    );
}

#[test]
fn reference_perft_agrees_at_small_depth() {
    for o in option_sets() {
        let pos = Stockholm::new(o).unwrap();
        let r = RefPos::from_fast(&pos);
        for depth in 1..=6 {
            assert_eq!(
                perft::count(&pos, depth, Counting::Paths),
                r.perft(&o, depth),
                "depth {depth} under {o:?}"
            );
        }
    }
}

/// A middlegame position with kings (after a random playout) also agrees in perft.
#[test]
fn reference_perft_agrees_from_middlegames() {
    let mut rng = Rng(42);
    for o in option_sets() {
        let mut pos = Stockholm::new(o).unwrap();
        let mut plies = 0;
        while plies < 60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(&moves[rng.below(moves.len())]).unwrap();
            plies += 1;
        }
        if pos.turn().is_none() {
            continue;
        }
        let r = RefPos::from_fast(&pos);
        for depth in 1..=4 {
            assert_eq!(
                perft::count(&pos, depth, Counting::Paths),
                r.perft(&o, depth),
                "depth {depth} from {} under {o:?}",
                pos.position_string()
            );
        }
    }
}
