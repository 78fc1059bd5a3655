//! A deliberately simple second move generator for Give and Take, written from the spec
//! text (§4, §1.3, §6 G1-G5) with plain arrays and loops, compared with the fast
//! bitboard generator on random playouts, random setups and perft.

#![allow(clippy::unwrap_used, clippy::expect_used)]
// The reference is plain on purpose: index loops over the board, tuples for squares.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

use crate::perft_data;
use std::collections::BTreeSet;

use rules::perft::{self, Counting};
use rules::{
    GameOptions, GiveAndTake, GiveAndTakeOptions, HotJump, KingLanding, LoneMan, Position, Removal,
    Role, Seat,
};

/// A piece: colour (0 White, 1 Black) and whether it is a king.
type Cell = Option<(usize, bool)>;

#[derive(Clone)]
struct Ref {
    /// `board[file][rank]`.
    board: [[Cell; 8]; 8],
    side: usize,
    hot: Option<(i32, i32)>,
    opts: GiveAndTakeOptions,
    /// The engine says the game is over (decided by the board or a draw counter).
    done: bool,
}

#[derive(Clone, Debug)]
struct RefMove {
    from: (i32, i32),
    path: Vec<(i32, i32)>,
    caps: Vec<(i32, i32)>,
}

fn name((f, r): (i32, i32)) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl RefMove {
    fn text(&self) -> String {
        let sep = if self.caps.is_empty() { "-" } else { "x" };
        let mut s = name(self.from);
        for &p in &self.path {
            s.push_str(sep);
            s.push_str(&name(p));
        }
        s
    }
}

const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

fn inside((f, r): (i32, i32)) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

impl Ref {
    fn from_engine(p: &GiveAndTake) -> Ref {
        let mut board = [[None; 8]; 8];
        for f in 0..8 {
            for r in 0..8 {
                let sq = rules::Square::from_coords(f as u8, r as u8).unwrap();
                board[f][r] = p.piece_at(sq).map(|pc| {
                    (
                        if pc.seat == Seat::Morning { 0 } else { 1 },
                        pc.role == Role::King,
                    )
                });
            }
        }
        let setup = p.to_setup();
        Ref {
            board,
            side: if p.turn() == Some(Seat::Night) { 1 } else { 0 },
            hot: setup.hot.map(|h| (h.file() as i32, h.rank() as i32)),
            opts: *p.options(),
            done: p.turn().is_none(),
        }
    }

    fn at(&self, (f, r): (i32, i32)) -> Cell {
        self.board[f as usize][r as usize]
    }

    fn set(&mut self, (f, r): (i32, i32), c: Cell) {
        self.board[f as usize][r as usize] = c;
    }

    /// Spec §4.2: a man steps and jumps forward (White up, Black down) or sideways.
    fn man_dirs(&self, colour: usize) -> Vec<(i32, i32)> {
        let fwd = if colour == 0 { (0, 1) } else { (0, -1) };
        vec![fwd, (1, 0), (-1, 0)]
    }

    fn last_rank(colour: usize) -> i32 {
        if colour == 0 {
            7
        } else {
            0
        }
    }

    /// All jumps available now to the piece standing (conceptually) on `at`, given the
    /// pieces already taken in this sequence (`dead` holds those still on the board under
    /// end-of-move removal). Returns (captured square, landing squares).
    fn jumps(
        &self,
        at: (i32, i32),
        colour: usize,
        king: bool,
        dead: &[(i32, i32)],
        last: Option<(i32, i32)>,
    ) -> Vec<((i32, i32), (i32, i32), Vec<(i32, i32)>)> {
        let mut out = Vec::new();
        let dirs: Vec<(i32, i32)> = if king {
            DIRS.to_vec()
        } else {
            self.man_dirs(colour)
        };
        for d in dirs {
            if king && !self.opts.king_reversal {
                if let Some(l) = last {
                    if l == (-d.0, -d.1) {
                        continue;
                    }
                }
            }
            let mut x = (at.0 + d.0, at.1 + d.1);
            if king {
                while inside(x) && self.at(x).is_none() {
                    x = (x.0 + d.0, x.1 + d.1);
                }
            }
            if !inside(x) {
                continue;
            }
            match self.at(x) {
                Some((c, _)) if c != colour && !dead.contains(&x) => {}
                _ => continue,
            }
            let mut lands = Vec::new();
            let mut y = (x.0 + d.0, x.1 + d.1);
            while inside(y) && self.at(y).is_none() {
                lands.push(y);
                if !king {
                    break;
                }
                y = (y.0 + d.0, y.1 + d.1);
            }
            if !lands.is_empty() {
                out.push((d, x, lands));
            }
        }
        out
    }

    /// Extends a sequence; pushes complete ones.
    #[allow(clippy::too_many_arguments)]
    fn extend(
        &mut self,
        from: (i32, i32),
        at: (i32, i32),
        colour: usize,
        king: bool,
        path: &mut Vec<(i32, i32)>,
        caps: &mut Vec<(i32, i32)>,
        last: Option<(i32, i32)>,
        out: &mut Vec<RefMove>,
    ) {
        let immediate = self.opts.removal == Removal::Immediate;
        let dead: Vec<(i32, i32)> = if immediate { vec![] } else { caps.clone() };
        let js = self.jumps(at, colour, king, &dead, last);
        if js.is_empty() {
            if !caps.is_empty() {
                out.push(RefMove {
                    from,
                    path: path.clone(),
                    caps: caps.clone(),
                });
            }
            return;
        }
        for (d, x, lands) in js {
            let victim = self.at(x);
            if immediate {
                self.set(x, None);
            }
            caps.push(x);
            let dead2: Vec<(i32, i32)> = if immediate { vec![] } else { caps.clone() };
            // §1.3: if some landing allows a further jump, only those landings.
            let lands: Vec<(i32, i32)> =
                if king && self.opts.king_landing == KingLanding::MustContinue {
                    let good: Vec<_> = lands
                        .iter()
                        .copied()
                        .filter(|&l| !self.jumps(l, colour, true, &dead2, Some(d)).is_empty())
                        .collect();
                    if good.is_empty() {
                        lands
                    } else {
                        good
                    }
                } else {
                    lands
                };
            for l in lands {
                path.push(l);
                self.extend(from, l, colour, king, path, caps, Some(d), out);
                path.pop();
            }
            caps.pop();
            if immediate {
                self.set(x, victim);
            }
        }
    }

    fn all_captures(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        let mut me = self.clone();
        for f in 0..8 {
            for r in 0..8 {
                if let Some((c, k)) = self.board[f as usize][r as usize] {
                    if c == self.side {
                        // The mover's own square is empty once it has left.
                        me.set((f, r), None);
                        me.extend(
                            (f, r),
                            (f, r),
                            c,
                            k,
                            &mut vec![],
                            &mut vec![],
                            None,
                            &mut out,
                        );
                        me.set((f, r), Some((c, k)));
                    }
                }
            }
        }
        out
    }

    fn steps(&self) -> Vec<RefMove> {
        let mut out = Vec::new();
        for f in 0..8 {
            for r in 0..8 {
                let Some((c, k)) = self.board[f as usize][r as usize] else {
                    continue;
                };
                if c != self.side {
                    continue;
                }
                let dirs = if k { DIRS.to_vec() } else { self.man_dirs(c) };
                for d in dirs {
                    let mut y = (f + d.0, r + d.1);
                    while inside(y) && self.at(y).is_none() {
                        out.push(RefMove {
                            from: (f, r),
                            path: vec![y],
                            caps: vec![],
                        });
                        if !k {
                            break;
                        }
                        y = (y.0 + d.0, y.1 + d.1);
                    }
                }
            }
        }
        out
    }

    fn over(&self) -> bool {
        let mut n = [0; 2];
        for f in 0..8 {
            for r in 0..8 {
                if let Some((c, _)) = self.board[f][r] {
                    n[c] += 1;
                }
            }
        }
        n[self.side] == 0
    }

    /// Spec §4.5 with G1's options.
    fn legal(&self) -> Vec<RefMove> {
        if self.done || self.over() {
            return vec![];
        }
        let caps = self.all_captures();
        if let Some(h) = self.hot {
            let hot_is_enemy = matches!(self.at(h), Some((c, _)) if c != self.side);
            if hot_is_enemy {
                let trigger = match self.opts.hot_trigger {
                    HotJump::FirstJump => caps.iter().any(|m| m.caps[0] == h),
                    HotJump::Anywhere => caps.iter().any(|m| m.caps.contains(&h)),
                };
                if trigger {
                    return caps
                        .into_iter()
                        .filter(|m| match self.opts.hot_capture {
                            HotJump::FirstJump => m.caps[0] == h,
                            HotJump::Anywhere => m.caps.contains(&h),
                        })
                        .collect();
                }
            }
        }
        let mut all = self.steps();
        all.extend(caps);
        all
    }

    fn play(&mut self, m: &RefMove) {
        let piece = self.at(m.from);
        self.set(m.from, None);
        for &c in &m.caps {
            self.set(c, None);
        }
        let to = *m.path.last().unwrap();
        let (c, k) = piece.unwrap();
        let crowned = !k && to.1 == Ref::last_rank(c);
        self.set(to, Some((c, k || crowned)));
        // §4.7: a lone man is crowned at once (G2 readings), whoever it belongs to.
        {
            for col in 0..2 {
                let mut men = vec![];
                let mut total = 0;
                for f in 0..8 {
                    for r in 0..8 {
                        if let Some((cc, kk)) = self.board[f][r] {
                            if cc == col {
                                total += 1;
                                if !kk {
                                    men.push((f as i32, r as i32));
                                }
                            }
                        }
                    }
                }
                let lone = match self.opts.lone_man {
                    LoneMan::OnlyPiece => total == 1 && men.len() == 1,
                    LoneMan::OnlyMan => men.len() == 1,
                };
                if lone {
                    self.set(men[0], Some((col, true)));
                }
            }
        }
        self.hot = Some(to);
        self.side ^= 1;
    }

    /// Perft with the paths convention; a side with no legal move has no children.
    fn perft(&self, depth: u32) -> u64 {
        self.perft_with(depth, false)
    }

    /// Perft; `dedup`: captures with the same origin, destination and captured set once.
    fn perft_with(&self, depth: u32, dedup: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = self.legal();
        if dedup {
            let mut seen = BTreeSet::new();
            moves.retain(|m| {
                let mut caps = m.caps.clone();
                caps.sort();
                seen.insert((m.from, *m.path.last().unwrap(), caps))
            });
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut c = self.clone();
                c.play(m);
                c.perft_with(depth - 1, dedup)
            })
            .sum()
    }
}

/// Small deterministic PRNG (xorshift64*).
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

fn engine_set(p: &GiveAndTake) -> BTreeSet<String> {
    p.legal_moves()
        .iter()
        .map(|m| p.move_to_string(m))
        .collect()
}

fn compare(p: &GiveAndTake) -> usize {
    let fast = engine_set(p);
    let list = p.legal_moves();
    assert_eq!(
        fast.len(),
        list.len(),
        "duplicate moves in {}",
        p.position_string()
    );
    assert_eq!(
        p.count_legal(),
        list.len() as u64,
        "count_legal in {}",
        p.position_string()
    );
    let slow: BTreeSet<String> = Ref::from_engine(p)
        .legal()
        .iter()
        .map(RefMove::text)
        .collect();
    assert_eq!(fast, slow, "move sets differ in {}", p.position_string());
    fast.len()
}

fn option_sets() -> Vec<(&'static str, GiveAndTakeOptions)> {
    let o = |pairs: &[(&str, &str)]| GiveAndTakeOptions::from_pairs(pairs.iter().copied()).unwrap();
    vec![
        ("default", GiveAndTakeOptions::default()),
        ("hot_trigger=anywhere", o(&[("hot_trigger", "anywhere")])),
        (
            "hot_capture=first_jump",
            o(&[("hot_capture", "first_jump")]),
        ),
        ("lone_man=only_man", o(&[("lone_man", "only_man")])),
        ("removal=end_of_move", o(&[("removal", "end_of_move")])),
        ("king_reversal=false", o(&[("king_reversal", "false")])),
        ("king_landing=free", o(&[("king_landing", "free")])),
    ]
}

/// Random playouts from the start, comparing the two generators at every ply.
#[test]
fn reference_agrees_on_random_playouts() {
    let mut positions = 0;
    for (name, opts) in option_sets() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ name.len() as u64);
        let games = if name == "default" { 600 } else { 150 };
        for _ in 0..games {
            let mut p = GiveAndTake::new(opts).unwrap();
            for _ply in 0..300 {
                compare(&p);
                positions += 1;
                let moves = p.legal_moves();
                if moves.is_empty() {
                    break;
                }
                // Prefer captures now and then so games reach kings and endings.
                let caps: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
                let mv = if !caps.is_empty() && rng.below(3) > 0 {
                    *caps[rng.below(caps.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                // The reference plays the same move and must reach the same position.
                let mut r = Ref::from_engine(&p);
                let rm = r
                    .legal()
                    .into_iter()
                    .find(|m| m.text() == p.move_to_string(&mv))
                    .unwrap();
                r.play(&rm);
                p = p.play(&mv).unwrap();
                let back = Ref::from_engine(&p);
                assert_eq!(r.board, back.board, "after {} in {name}", rm.text());
                assert_eq!(r.hot, back.hot);
                if p.turn().is_some() {
                    assert_eq!(r.side, back.side);
                }
            }
        }
    }
    println!("{positions} positions compared");
    assert!(positions > 100_000, "only {positions} positions");
}

/// Random legal setups rich in kings, with a random hot piece.
#[test]
fn reference_agrees_on_random_setups() {
    let mut checked = 0;
    for (name, opts) in option_sets() {
        let mut rng = Rng(0x1234_5678 ^ (name.len() as u64) << 7);
        let tries = if name == "default" { 3000 } else { 600 };
        for _ in 0..tries {
            let mut white = vec![];
            let mut black = vec![];
            let nw = 1 + rng.below(10);
            let nb = 1 + rng.below(10);
            let mut used = [false; 64];
            for (list, n, promo) in [(&mut white, nw, 7), (&mut black, nb, 0)] {
                while list.len() < n {
                    let s = rng.below(64);
                    if used[s] {
                        continue;
                    }
                    let king = rng.below(3) == 0 || s / 8 == promo;
                    used[s] = true;
                    list.push((s, king));
                }
            }
            for list in [&mut white, &mut black] {
                // No lone man (spec §4.7) under either reading.
                let men: Vec<usize> = (0..list.len()).filter(|&i| !list[i].1).collect();
                if men.len() == 1 {
                    list[men[0]].1 = true;
                }
            }
            let side = rng.below(2);
            let turn = if side == 0 { "W" } else { "B" };
            let piece = |(s, k): &(usize, bool)| {
                format!(
                    "{}{}{}",
                    if *k { "K" } else { "" },
                    (b'a' + (s % 8) as u8) as char,
                    s / 8 + 1
                )
            };
            let w: Vec<String> = white.iter().map(piece).collect();
            let b: Vec<String> = black.iter().map(piece).collect();
            let mut text = format!("{turn}:W{}:B{}", w.join(","), b.join(","));
            let opp = if side == 0 { &black } else { &white };
            if rng.below(4) > 0 {
                let (s, _) = opp[rng.below(opp.len())];
                text.push_str(&format!(
                    ":hot={}{}",
                    (b'a' + (s % 8) as u8) as char,
                    s / 8 + 1
                ));
            }
            let p = GiveAndTake::from_position_string(&text, opts)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            compare(&p);
            checked += 1;
        }
    }
    assert!(checked > 6000);
}

/// Perft at small depth, from the start and from a king-rich middlegame, both generators.
#[test]
fn reference_agrees_on_perft() {
    for (name, opts) in option_sets() {
        let start = GiveAndTake::new(opts).unwrap();
        let r = Ref::from_engine(&start);
        for d in 1..=4 {
            assert_eq!(
                perft::count(&start, d, Counting::Paths),
                r.perft(d),
                "{name} depth {d}"
            );
        }
        let mid = GiveAndTake::from_position_string(
            "W:Wa2,c3,d3,Ke4,f2,g3,h3,Kb6:Ba6,c6,d5,Kf5,g6,h6,b7,Kh1:hot=d5",
            opts,
        )
        .unwrap();
        let r = Ref::from_engine(&mid);
        for d in 1..=3 {
            assert_eq!(
                perft::count(&mid, d, Counting::Paths),
                r.perft(d),
                "{name} mid depth {d}"
            );
        }
    }
}

fn check_data(limit: u64) {
    let mut n = 0;
    for l in perft_data::read::<GiveAndTake>(include_str!("../data/giveandtake_perft.txt")) {
        let (Some(paths), Some(dedup)) = (l.paths, l.dedup) else {
            continue;
        };
        if paths > limit {
            continue;
        }
        let r = Ref::from_engine(&l.position);
        assert_eq!(r.perft_with(l.depth, false), paths, "{}", l.text);
        assert_eq!(r.perft_with(l.depth, true), dedup, "{}", l.text);
        n += 1;
    }
    assert!(n > 50);
}

/// The reference reproduces the perft data file (lines up to 100k nodes).
#[test]
fn reference_agrees_with_perft_data() {
    check_data(100_000);
}
